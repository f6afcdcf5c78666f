import ChoreoDiagnostics
import ChoreoTimeline
import ChoreoYAML
import Foundation

/// The state shared by every part of the front end while one file is decoded: the diagnostics found
/// so far, the evaluated vars, and the names of things that failed to decode (so that references to
/// them stay quiet instead of cascading into a second, misleading error).
final class FrontendContext {
    let file: SourceFile
    /// Written only through `error` and `warning`, which keep `errorCount` in step.
    private(set) var bag: DiagnosticBag
    /// The errors in `bag` so far, counted as they are added: callers read it after every node, so
    /// recounting the bag each time would make a file with many errors quadratic.
    private(set) var errorCount: Int
    var environment = ValueEnvironment()
    /// Vars whose definition was broken: expressions that use them are skipped silently.
    var poisonedVars: Set<String> = []
    /// A theme's values, read in place of the vars' own (compiling the scene in that theme).
    var varOverrides: [String: YAMLNode] = [:]
    /// Where each var is defined, for notes.
    var varRanges: [String: SourceRange] = [:]

    /// Text the YAML reader already reported as broken (a plain scalar cut short by a comma in a
    /// flow collection): problems found inside it are consequences, not news, and stay unreported.
    private let brokenText: [SourceRange]
    /// True once a transition failed to decode, so that states it would have reached are not
    /// reported as unreachable on top of the real error.
    var transitionFailed = false
    /// Path vertices decoded so far, against `SceneLimits.maxPathVertices`.
    var pathVertexCount = 0
    var reportedTooManyVertices = false

    init(file: SourceFile, bag: DiagnosticBag) {
        self.file = file
        self.bag = bag
        errorCount = bag.diagnostics.count { $0.severity == .error }
        brokenText = bag.diagnostics.filter { $0.rule == "yaml-syntax" && $0.range.start != $0.range.end }.map(\.range)
    }

    private func isInsideBrokenText(_ range: SourceRange) -> Bool {
        brokenText.contains { $0.start <= range.start && range.start < $0.end }
    }

    func error(_ rule: String, _ message: String, at range: SourceRange, notes: [Note] = [], help: String? = nil) {
        if isInsideBrokenText(range) { return }
        bag.error(rule, message, at: range, notes: notes, help: help)
        errorCount += 1
    }

    func warning(_ rule: String, _ message: String, at range: SourceRange, notes: [Note] = [], help: String? = nil) {
        if isInsideBrokenText(range) { return }
        bag.warning(rule, message, at: range, notes: notes, help: help)
    }

    /// "did you mean 'x'?" for a misspelled name, or nil when nothing is close.
    func suggestion(for word: String, in candidates: [String]) -> String? {
        closestMatch(to: word, in: candidates).map { "did you mean '\($0)'?" }
    }
}

/// One key of a YAML map, with the text of the key and both nodes.
struct MapEntry {
    var name: String
    var key: YAMLNode
    var value: YAMLNode
}

/// The entries of a YAML map that passed the schema check, in file order.
struct MapEntries {
    var node: YAMLNode
    var entries: [MapEntry]

    func value(_ name: String) -> YAMLNode? { entries.first { $0.name == name }?.value }
    func key(_ name: String) -> YAMLNode? { entries.first { $0.name == name }?.key }
    func entry(_ name: String) -> MapEntry? { entries.first { $0.name == name } }
    func has(_ name: String) -> Bool { entries.contains { $0.name == name } }
}

/// How a YAML node is described in messages: "a list", "a map", "'red'", "nothing".
func describeFound(_ node: YAMLNode) -> String {
    switch node.kind {
    case .sequence: return "a list"
    case .mapping: return "a map"
    case let .scalar(scalar):
        if isNullScalar(node) { return "nothing" }
        let text = scalar.value
        let shown = text.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(40))) + "…" : text
        return "'\(shown)'"
    }
}

/// A plain scalar that YAML would read as null: empty, `~`, `null`.
func isNullScalar(_ node: YAMLNode) -> Bool {
    guard let scalar = node.scalar, scalar.style == .plain, node.tag == nil else { return false }
    return ["", "~", "null", "Null", "NULL"].contains(scalar.value)
}

/// Numbers in messages: integers without a point, others with up to four decimals.
func describeNumber(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "infinity" : "-infinity") }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    var text = String(format: "%.4f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
}

/// A number as path data text: plain decimal notation, enough digits to round-trip a double.
func plainDecimal(_ value: Double) -> String {
    var text = String(format: "%.12f", value)
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
}

extension FrontendContext {
    /// The pairs of a map, or nil (with `wrong-type`) when the node is something else. A null
    /// (`key:` with nothing after it) reads as an empty map.
    func mapPairs(_ node: YAMLNode, expected: String) -> [YAMLPair]? {
        if let pairs = node.mapping { return pairs }
        if isNullScalar(node) { return [] }
        error("wrong-type", "expected \(expected), found \(describeFound(node))", at: node.reportRange)
        return nil
    }

    /// The items of a list, or nil (with `wrong-type`). A null reads as an empty list.
    func listItems(_ node: YAMLNode, expected: String) -> [YAMLNode]? {
        if let items = node.sequence { return items }
        if isNullScalar(node) { return [] }
        error("wrong-type", "expected \(expected), found \(describeFound(node))", at: node.reportRange)
        return nil
    }

    /// The text of a map key; keys must be plain scalars.
    func keyName(_ key: YAMLNode) -> String? {
        if let scalar = key.scalar { return scalar.value }
        error("wrong-type", "expected a key name, found \(describeFound(key))", at: key.reportRange)
        return nil
    }

    /// Reads a map checked against a schema: keys outside `allowed` are reported (as
    /// `unknown-property` when `misplaced` explains why a real key does not belong here, else as
    /// `unknown-key` with a did-you-mean), and keys in `required` that are missing as `missing-key`.
    /// The returned entries hold only the allowed keys, so callers never see a rejected one.
    func readMap(
        _ node: YAMLNode, what: String, allowed: [String], required: [String] = [],
        misplaced: [String: String] = [:], expected: String? = nil
    ) -> MapEntries? {
        guard let pairs = mapPairs(node, expected: expected ?? "a map for \(what)") else { return nil }
        var entries: [MapEntry] = []
        for pair in pairs {
            guard let name = keyName(pair.key) else { continue }
            if allowed.contains(name) {
                entries.append(MapEntry(name: name, key: pair.key, value: pair.value))
            } else if let reason = misplaced[name] {
                error("unknown-property", reason, at: pair.key.reportRange)
            } else {
                error(
                    "unknown-key", "unknown property '\(name)' for \(what)", at: pair.key.reportRange,
                    help: suggestion(for: name, in: allowed))
            }
        }
        let map = MapEntries(node: node, entries: entries)
        for name in required where !map.has(name) {
            error("missing-key", "missing '\(name)' for \(what)", at: startRange(of: node))
        }
        return map
    }

    /// The first character of a node (its opening brace or first key), for problems about the
    /// node as a whole, such as a missing key.
    func startRange(of node: YAMLNode) -> SourceRange {
        if let alias = node.alias { return alias }
        return SourceRange(node.range.start)
    }
}
