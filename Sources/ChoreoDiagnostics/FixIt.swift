/// A mechanical change that resolves a diagnostic, as swift-syntax's `FixIt` is: a short message
/// for people ("replace 'rotaton' with 'rotation'") and the text edits that make it.
///
/// Fix-its are data. Renderers show them (`= fix: …` in text, `fixes` in SARIF, `fixIts` in JSON),
/// `choreo lint --fix` applies them and the language server offers them as code actions. A
/// fix-it is only attached when applying it cannot change what the rest of the file means: never
/// to text that came in through an alias (editing the anchor would change every other use).
public struct FixIt: Hashable, Sendable {
    /// Replace the text of `range` (half-open, in the diagnostic's file) with `replacement`.
    /// An empty range inserts; an empty replacement deletes.
    public struct Edit: Hashable, Sendable {
        public var range: SourceRange
        public var replacement: String

        public init(range: SourceRange, replacement: String) {
            self.range = range
            self.replacement = replacement
        }
    }

    public var message: String
    public var edits: [Edit]
    /// A suggestion is offered (a code action in editors, listed in JSON and SARIF) but never
    /// applied by `choreo lint --fix`: the repair is one of several readings of what was meant,
    /// and picking one silently could change a value's magnitude (`duration: 300` is 300 ms to a
    /// CSS hand, five minutes as `300s`).
    public var isSuggestion: Bool

    public init(_ message: String, edits: [Edit], isSuggestion: Bool = false) {
        self.message = message
        self.edits = edits
        self.isSuggestion = isSuggestion
    }

    /// One replacement of one range.
    public static func replace(_ range: SourceRange, with replacement: String, message: String? = nil) -> FixIt {
        FixIt(message ?? "replace with '\(replacement)'", edits: [Edit(range: range, replacement: replacement)])
    }

    /// The same fix-it as a suggestion, never applied by `lint --fix`.
    public var asSuggestion: FixIt {
        var copy = self
        copy.isSuggestion = true
        return copy
    }

    /// Whether two fix-its touch the same text: overlapping ranges, or two insertions at one point
    /// (their order would be a guess). Touching ends do not overlap.
    public func overlaps(_ other: FixIt) -> Bool {
        for a in edits {
            for b in other.edits {
                if a.range.start == b.range.start { return true }
                if a.range.start < b.range.end, b.range.start < a.range.end { return true }
            }
        }
        return false
    }
}

extension SourceFile {
    /// The text of the file with the given edits applied, or nil when an edit points outside the
    /// file or two edits overlap (the caller chose them badly; nothing is applied then).
    ///
    /// Positions are the diagnostics' own, read through the file's line table (`utf8Offset(of:)`):
    /// 1-based lines, columns in Unicode scalars, line 1 counted after a byte order mark. Line
    /// breaks outside the edited ranges are kept as they are.
    public func applying(_ edits: [FixIt.Edit]) -> String? {
        let sorted = edits.sorted { $0.range.start < $1.range.start }
        for (a, b) in zip(sorted, sorted.dropFirst()) where b.range.start < a.range.end || a.range.start == b.range.start {
            return nil
        }
        var offsets: [(start: Int, end: Int, replacement: String)] = []
        for edit in sorted {
            guard let start = utf8Offset(of: edit.range.start), let end = utf8Offset(of: edit.range.end), start <= end
            else { return nil }
            offsets.append((start, end, edit.replacement))
        }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var position = 0
        for edit in offsets {
            out += bytes[position..<edit.start]
            out += edit.replacement.utf8
            position = edit.end
        }
        out += bytes[position...]
        return String(decoding: out, as: UTF8.self)
    }

    /// The text of a single-line range, or nil when it spans lines or leaves the file.
    public func text(in range: SourceRange) -> String? {
        guard range.start.line == range.end.line, range.start.line <= lineCount else { return nil }
        let scalars = Array(line(range.start.line).unicodeScalars)
        let start = range.start.column - 1, end = range.end.column - 1
        guard start >= 0, start <= end, end <= scalars.count else { return nil }
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }
}
