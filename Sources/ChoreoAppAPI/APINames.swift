import ChoreoTimeline

/// The scene's names (states, transitions, inputs, events, markers) as identifiers of a typed app
/// API, mapped deterministically: split at every character that is not an ASCII letter or digit
/// (`->` reads as `To`, `@` as `At`), joined in lowerCamelCase (`idle->loading` → `idleToLoading`,
/// `hover-end` → `hoverEnd`), a leading digit behind `_`, a word of the language or a name the
/// API itself uses followed by `_`. Two names that map to one identifier keep the first in file
/// order; the later ones get `2`, `3`, … and are reported as collisions.
public struct APINames: Sendable {
    /// What a collision was, for a warning: `'a-b' and 'a_b' are both aB; the second is aB2`.
    public struct Collision: Sendable, Equatable {
        public var group: String
        public var first: String
        public var later: String
        public var identifier: String
        public var assigned: String

        public var message: String {
            "the \(group) '\(first)' and '\(later)' are both '\(identifier)' in the app API; '\(later)' is '\(assigned)'"
        }
    }

    public private(set) var collisions: [Collision] = []
    let reserved: Set<String>

    public init(reserved: Set<String>) {
        self.reserved = reserved
    }

    /// One identifier per name, in order, unique within the group.
    public mutating func identifiers(for names: [String], group: String, upper: Bool = false) -> [String] {
        var used: [String: String] = [:]
        var result: [String] = []
        for name in names {
            let base = APINames.identifier(name, upper: upper, reserved: reserved)
            var assigned = base
            var suffix = 2
            while used[assigned] != nil {
                assigned = base + String(suffix)
                suffix += 1
            }
            if assigned != base, let first = used[base] {
                collisions.append(Collision(group: group, first: first, later: name, identifier: base, assigned: assigned))
            }
            used[assigned] = name
            result.append(assigned)
        }
        return result
    }

    public static func identifier(_ name: String, upper: Bool, reserved: Set<String>) -> String {
        var words: [String] = []
        var current = ""
        var scalars = Array(name.unicodeScalars)[...]
        func flush() {
            if !current.isEmpty { words.append(current) }
            current = ""
        }
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else {
                flush()
                if scalar == "-", scalars.first == ">" {
                    scalars = scalars.dropFirst()
                    words.append("to")
                } else if scalar == "@" {
                    words.append("at")
                }
            }
        }
        flush()
        if words.isEmpty { words = ["unnamed"] }
        var text = ""
        for (index, word) in words.enumerated() {
            let first = word.prefix(1), rest = word.dropFirst()
            if index == 0 && !upper {
                text += first.lowercased() + rest
            } else {
                text += first.uppercased() + rest
            }
        }
        if let first = text.unicodeScalars.first, ("0"..."9").contains(first) { text = "_" + text }
        if reserved.contains(text) { text += "_" }
        return text
    }

    /// The type name of a scene: `download-button` → `DownloadButton`; a name the generated files
    /// use from the language itself gets `_` (`range` → `Range_`): as the Swift file's enum, a
    /// `Range` made its `Range<Int>` refer to itself and a `Bool` retyped every flag; as the
    /// TypeScript file's constant, a `Math` hid the `Math.min` its setters call.
    public static func typeName(_ scene: String) -> String {
        identifier(scene, upper: true, reserved: typeNamesInUse)
    }

    /// Type names the generated Swift and TypeScript refer to, or that the languages keep.
    static let typeNamesInUse: Set<String> = [
        "Type", "Self", "Any", "Protocol",
        // Swift: what SwiftAPI writes, and the module that would qualify it.
        "Swift", "String", "Double", "Bool", "Int", "Range", "ClosedRange", "Void", "Sendable", "CaseIterable", "Optional",
        "Never", "Array", "Dictionary", "Set", "Float", "Character", "Error", "Equatable", "Hashable", "Codable", "AnyObject",
        // TypeScript and the DOM: what TypeScriptAPI writes, and the globals a value of that name would hide.
        "Math", "Object", "JSON", "Number", "Boolean", "Symbol", "Promise", "Element", "Event", "CustomEvent", "Infinity", "NaN",
        "Date", "RegExp", "Function", "Record", "Partial", "Readonly", "Map", "WeakMap",
    ]
}
