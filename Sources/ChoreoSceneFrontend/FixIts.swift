import ChoreoDiagnostics
import ChoreoJSON
import ChoreoSceneModel
import ChoreoYAML

/// How a bare number written where a time is expected is repaired. Below 10 it reads as seconds
/// (`0.35`, `2`), and adding the unit is the fix-it. From 10 on it reads as milliseconds to a CSS or
/// JavaScript hand (`300` is 0.3 s there, five minutes as seconds): both readings are offered as
/// suggestions, which `lint --fix` never applies, since either would set a magnitude silently.
struct BareTimeRepair {
    static let millisecondsFrom: Double = 10

    let help: String
    /// The replacement texts, with whether `lint --fix` may apply them.
    let replacements: [String]
    let isSuggestion: Bool

    init?(_ literal: String) {
        guard let value = Double(literal) else { return nil }
        if abs(value) < Self.millisecondsFrom {
            help = "write '\(literal)s' for seconds"
            replacements = [literal + "s"]
            isSuggestion = false
        } else {
            let seconds = formatNumber(value / 1000, decimals: 6) + "s"
            help = "CSS and JavaScript read a bare \(literal) as milliseconds: write '\(literal)ms' (or '\(seconds)'); '\(literal)s' would be \(literal) seconds"
            replacements = [literal + "ms", seconds]
            isSuggestion = true
        }
    }
}

/// Building fix-its (docs/diagnostics.md, "Fix-its"): every one replaces text the user wrote
/// exactly where it stands, so it is only offered when the node's source text is known to the
/// column, meaning a single-line plain or quoted scalar without escapes that did not come in
/// through an alias.
extension FrontendContext {
    /// The range of a scalar's value text (inside its quotes, if quoted), or nil when the source
    /// text is not exactly the value (escapes, folded or multi-line scalars, aliases).
    func valueTextRange(_ node: YAMLNode) -> SourceRange? {
        guard node.alias == nil, let scalar = node.scalar, node.range.start.line == node.range.end.line else { return nil }
        var range = node.range
        switch scalar.style {
        case .plain: break
        case .singleQuoted, .doubleQuoted:
            range.start.column += 1
            range.end.column -= 1
            guard range.start <= range.end else { return nil }
        case .literal, .folded: return nil
        }
        guard file.text(in: range) == scalar.value else { return nil }
        return range
    }

    /// A fix-it replacing a scalar's whole value, or none when its text cannot be edited exactly.
    func replacing(_ node: YAMLNode, with text: String, message: String? = nil) -> [FixIt] {
        guard let range = valueTextRange(node), file.text(in: range) != text else { return [] }
        if node.scalar?.style == .plain, !isSafePlainScalar(text) { return [] }
        let old = node.scalar?.value ?? ""
        return [FixIt.replace(range, with: text, message: message ?? "replace '\(old)' with '\(text)'")]
    }

    /// `fill: #FF3B30` unquoted: YAML reads everything from ` #` as a comment, so the value is
    /// empty. Reports exactly that (with the quoted form as a fix-it) and returns true, or returns
    /// false when the node is not an empty value followed by a commented-out hex colour.
    func reportCommentedOutColor(_ node: YAMLNode, key: String?) -> Bool {
        guard node.alias == nil, isNullScalar(node), node.scalar?.value == "" else { return false }
        let scalars = Array(file.line(node.range.start.line).unicodeScalars)
        var index = node.range.start.column - 1
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        guard index > 0, index < scalars.count, scalars[index - 1] == " " || scalars[index - 1] == "\t",
            let hex = hexColorWord(in: scalars, at: index)
        else { return false }
        let range = SourceRange(
            start: SourceLocation(line: node.range.start.line, column: index + 1),
            end: SourceLocation(line: node.range.start.line, column: index + 1 + hex.unicodeScalars.count))
        let subject = key.map { "'\($0)' is empty" } ?? "the colour is empty"
        error(
            .wrongType, "\(subject): YAML reads '\(hex)' as a comment, because '#' after a space starts one", at: range,
            help: "quote the colour: \(key.map { "\($0): " } ?? "")\"\(hex)\"",
            fixIts: [FixIt.replace(range, with: "\"\(hex)\"", message: "quote the colour: \"\(hex)\"")])
        return true
    }

    /// A fix-it writing `text` (a plain word such as `true`) over the whole node, quotes included.
    func quotedAway(_ node: YAMLNode, with text: String) -> [FixIt] {
        guard node.scalar?.style.isQuoted == true, valueTextRange(node) != nil else { return replacing(node, with: text) }
        let old = file.text(in: node.range) ?? ""
        return [FixIt.replace(node.range, with: text, message: "replace \(old) with \(text)")]
    }

    /// A fix-it replacing `length` scalars at `offset` inside a scalar's value.
    func replacing(in node: YAMLNode, offset: Int, length: Int, with text: String) -> [FixIt] {
        guard let whole = valueTextRange(node), let value = node.scalar?.value else { return [] }
        let scalars = Array(value.unicodeScalars)
        guard offset >= 0, length >= 0, offset + length <= scalars.count else { return [] }
        var range = whole
        range.start.column += offset
        range.end.column = range.start.column + length
        let old = String(String.UnicodeScalarView(scalars[offset..<offset + length]))
        return [FixIt.replace(range, with: text, message: "replace '\(old)' with '\(text)'")]
    }

    /// A suggestion writing `text` as the node's whole value, quoted when a plain scalar would not
    /// read back as it (`cubic-bezier(0.68, -0.6, …)` has commas, which end a flow collection's item).
    func suggesting(_ node: YAMLNode, _ text: String) -> [FixIt] {
        if node.scalar?.style == .plain, !isSafePlainScalar(text) || text.contains(",") {
            guard valueTextRange(node) != nil else { return [] }
            return [FixIt.replace(node.range, with: "\"\(text)\"", message: "write \"\(text)\"").asSuggestion]
        }
        return replacing(node, with: text, message: "write '\(text)'").map(\.asSuggestion)
    }

    /// The fix-its of a `BareTimeRepair` over the node (or the var definition) that holds the number.
    func fixIts(_ repair: BareTimeRepair, over node: YAMLNode) -> [FixIt] {
        repair.replacements.flatMap { text in
            repair.isSuggestion
                ? replacing(node, with: text, message: "write '\(text)'").map(\.asSuggestion)
                : replacing(node, with: text, message: "add the unit: '\(text)'")
        }
    }

    /// "did you mean 'x'?" and the fix-it that writes `x` (with `prefix`, such as `$`) over the node.
    func didYouMean(
        _ word: String, in candidates: [String], at node: YAMLNode, prefix: String = ""
    ) -> (help: String?, fixIts: [FixIt]) {
        guard let match = guessName(word, in: candidates) else { return (nil, []) }
        return ("did you mean '\(prefix)\(match)'?", replacing(node, with: prefix + match))
    }
}

/// Whether text reads back as the same string when written as a plain YAML scalar in block
/// context: no indicator at the start, no `: ` or ` #` inside, no surrounding spaces. Conservative:
/// a fix-it that would need quotes is simply not offered as a bare word.
func isSafePlainScalar(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
    if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) && !(first == "-" && text.count > 1 && text.dropFirst().first?.isNumber == true) {
        return false
    }
    if first == " " || last == " " || last == ":" { return false }
    if text.contains(": ") || text.contains(" #") || text.contains("\n") || text.contains("\t") { return false }
    return true
}

/// Words people write for a key or value that Choreo spells differently: too far apart for an
/// edit-distance guess (`rotate` is three edits from `rotation`), but a sure guess all the same.
let commonMisnomers: [String: String] = [
    "rotate": Property.rotation.key, "angle": Property.rotation.key, "alpha": Property.opacity.key,
    "translate": Property.position.key, Property.offset.key: Property.position.key,
    "time": "at", "t": "at", "colour": Property.strokeColor.key, "background": Property.fill.key, "stroke-width": Property.strokeWidth.key,
    "easeIn": "ease-in", "easeOut": "ease-out", "easeInOut": "ease-in-out", "ease_in": "ease-in",
    "ease_out": "ease-out", "ease_in_out": "ease-in-out", "click": "tap",
    "dampingFraction": "damping-fraction", "damping_fraction": "damping-fraction", "blendDuration": "duration",
    "extraBounce": "bounce",
    // CSS, After Effects and Figma names for the pivot.
    "transform-origin": Property.anchor.key, "transformOrigin": Property.anchor.key, "anchor-point": Property.anchor.key,
    "anchorPoint": Property.anchor.key, "origin": Property.anchor.key, "pivot": Property.anchor.key,
]

/// The name a misspelt word most likely meant among `candidates`: a known misnomer first, then
/// the closest candidate by edit distance.
func guessName(_ word: String, in candidates: [String]) -> String? {
    if let meant = commonMisnomers[word], candidates.contains(meant) { return meant }
    return closestMatch(to: word, in: candidates)
}

/// `#` and 3, 4, 6 or 8 hex digits at `index`, ending the word.
private func hexColorWord(in scalars: [Unicode.Scalar], at index: Int) -> String? {
    guard index < scalars.count, scalars[index] == "#" else { return nil }
    var end = index + 1
    while end < scalars.count, scalars[end].properties.isASCIIHexDigit { end += 1 }
    guard [3, 4, 6, 8].contains(end - index - 1) else { return nil }
    if end < scalars.count, scalars[end] != " ", scalars[end] != "\t" { return nil }
    return String(String.UnicodeScalarView(scalars[index..<end]))
}
