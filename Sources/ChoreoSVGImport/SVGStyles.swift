/// The properties the importer reads, and which of them an element inherits from its parent.
let inheritedProperties: Set<String> = [
    "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
    "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "color", "visibility",
    "clip-rule", "marker-start", "marker-mid", "marker-end", "font-family", "font-size",
]
let nonInheritedProperties: Set<String> = [
    "opacity", "display", "clip-path", "mask", "filter", "stop-color", "stop-opacity", "animation",
    "animation-name", "transform", "overflow", "background-color",
]

/// Every property the importer reads: what a computed style keeps.
private let knownProperties = inheritedProperties.union(nonInheritedProperties)

/// `text` without the ASCII whitespace around it (what CSS and SVG attribute syntax skip), without
/// Foundation's character-set trimming, which dominated the cascade's cost.
func trimmedWhitespace(_ text: String) -> Substring { trimmedWhitespace(Substring(text)) }

func trimmedWhitespace(_ text: Substring) -> Substring {
    func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 12 }
    let utf8 = text.utf8
    guard let first = utf8.firstIndex(where: { !isSpace($0) }) else { return text[text.endIndex...] }
    let last = utf8.lastIndex(where: { !isSpace($0) })!
    return text[first...last]
}

/// One rule of a `<style>` sheet: a simple selector (`rect`, `.cls`, `#id`, `path.cls`, `*`) and
/// its declarations, with the specificity and order that decide which rule wins.
struct StyleRule {
    var element: String?
    var classes: [String]
    var id: String?
    var declarations: [(String, String)]
    var specificity: (Int, Int, Int)
    var order: Int

    /// `ownClasses`: the element's `class` list, split once for all the rules.
    func matches(_ element: SVGElement, ownClasses: [Substring]) -> Bool {
        if let name = self.element, name != element.name { return false }
        if let id, element["id"] != id { return false }
        return classes.allSatisfy { ownClasses.contains(Substring($0)) }
    }
}

/// A CSS style sheet read as SVG exports use it: rules of simple selectors. What it cannot honour
/// (combinators, pseudo-classes, at-rules such as `@keyframes`) is reported, not guessed at.
struct StyleSheet {
    var rules: [StyleRule] = []

    /// Adds the rules of one `<style>` element; returns the reasons for what was left out.
    mutating func add(css: String) -> [String] {
        var left: [String] = []
        let text = stripComments(css)
        var index = text.startIndex
        while index < text.endIndex {
            guard let open = text[index...].firstIndex(of: "{") else { break }
            let prelude = text[index..<open].trimmingCharacters(in: .whitespacesAndNewlines)
            // The block's end, counting nested braces (an at-rule holds rules of its own).
            var depth = 0
            var close = open
            var cursor = open
            while cursor < text.endIndex {
                if text[cursor] == "{" { depth += 1 } else if text[cursor] == "}" {
                    depth -= 1
                    if depth == 0 {
                        close = cursor
                        break
                    }
                }
                cursor = text.index(after: cursor)
            }
            if cursor == text.endIndex { close = text.index(before: text.endIndex) }
            let body = String(text[text.index(after: open)..<close])
            index = close < text.endIndex ? text.index(after: close) : text.endIndex
            if prelude.hasPrefix("@") {
                if prelude.hasPrefix("@keyframes") || prelude.hasPrefix("@-webkit-keyframes") {
                    left.append("CSS animation (\(prelude.split(separator: " ").first ?? "")) is not imported; animate the nodes with states, tweens or keyframes")
                } else {
                    left.append("the CSS at-rule '\(prelude.split(separator: " ").first ?? "")' is not imported")
                }
                continue
            }
            let declarations = parseDeclarations(body)
            for selector in prelude.split(separator: ",") {
                let trimmed = selector.trimmingCharacters(in: .whitespacesAndNewlines)
                if let rule = simpleRule(trimmed, declarations: declarations) {
                    rules.append(rule)
                } else if !trimmed.isEmpty {
                    left.append("the CSS selector '\(trimmed)' is not imported (only type, class and id selectors are)")
                }
            }
        }
        return left
    }

    private func simpleRule(_ selector: String, declarations: [(String, String)]) -> StyleRule? {
        if selector.isEmpty || selector.contains(where: { " >+~:[".contains($0) }) { return nil }
        var element: String?
        var classes: [String] = []
        var id: String?
        var current = ""
        var kind: Character = "t"
        func flush() -> Bool {
            switch kind {
            case "t": if !current.isEmpty, current != "*" { element = current }
            case ".": if current.isEmpty { return false } else { classes.append(current) }
            default: if current.isEmpty { return false } else { id = current }
            }
            current = ""
            return true
        }
        for character in selector {
            if character == "." || character == "#" {
                guard flush() else { return nil }
                kind = character
            } else {
                current.append(character)
            }
        }
        guard flush() else { return nil }
        let specificity = (id == nil ? 0 : 1, classes.count, element == nil ? 0 : 1)
        return StyleRule(element: element, classes: classes, id: id, declarations: declarations, specificity: specificity, order: rules.count)
    }

    /// The declarations of the rules matching `element`, weakest first.
    func declarations(for element: SVGElement) -> [(String, String)] {
        guard !rules.isEmpty else { return [] }
        let ownClasses = (element["class"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        return rules.filter { $0.matches(element, ownClasses: ownClasses) }
            .sorted { a, b in
                a.specificity != b.specificity ? a.specificity < b.specificity : a.order < b.order
            }
            .flatMap(\.declarations)
    }
}

func stripComments(_ css: String) -> String {
    var result = ""
    var rest = Substring(css)
    while let start = rest.range(of: "/*") {
        result += rest[..<start.lowerBound]
        guard let end = rest[start.upperBound...].range(of: "*/") else { return result }
        rest = rest[end.upperBound...]
    }
    return result + rest
}

/// `fill: red; stroke-width: 2 !important` as ordered pairs, names lowercased.
func parseDeclarations(_ text: String) -> [(String, String)] {
    stripComments(text).split(separator: ";").compactMap { declaration in
        guard let colon = declaration.firstIndex(of: ":") else { return nil }
        let name = trimmedWhitespace(declaration[..<colon]).lowercased()
        var value = trimmedWhitespace(declaration[declaration.index(after: colon)...])
        if value.hasSuffix("!important") { value = trimmedWhitespace(value.dropLast(10)) }
        return name.isEmpty ? nil : (name, String(value))
    }
}

/// The computed style of one element: its parent's inherited properties, then presentation
/// attributes, then the style sheet, then `style=""` (the CSS cascade without `!important`).
struct ComputedStyle {
    private static let initialValues: [String: String] = [
        "fill": "black", "fill-opacity": "1", "fill-rule": "nonzero", "stroke": "none", "stroke-width": "1",
        "stroke-opacity": "1", "stroke-linecap": "butt", "stroke-linejoin": "miter", "stroke-miterlimit": "4",
        "stroke-dasharray": "none", "stroke-dashoffset": "0", "color": "black", "visibility": "visible",
        "clip-rule": "nonzero",
    ]

    /// Only properties the importer reads (`knownProperties`): a child starts from its parent's
    /// values, less the few it does not inherit, without rebuilding the dictionary.
    var values: [String: String] = initialValues
    private var holdsNonInherited = false

    subscript(_ name: String) -> String? { values[name] }

    func child(_ element: SVGElement, sheet: StyleSheet) -> ComputedStyle {
        var next = self
        if holdsNonInherited {
            for name in nonInheritedProperties { next.values.removeValue(forKey: name) }
            next.holdsNonInherited = false
        }
        var specified: [(String, String)] = []
        for (name, value) in element.attributes where inheritedProperties.contains(name) || nonInheritedProperties.contains(name) {
            if name == "transform" { continue }
            specified.append((name, value))
        }
        specified.sort { $0.0 < $1.0 }
        specified += sheet.declarations(for: element)
        if let style = element["style"] { specified += parseDeclarations(style) }
        for (name, raw) in specified where knownProperties.contains(name) {
            let value = trimmedWhitespace(raw)
            if value == "inherit" {
                if let inherited = values[name] { next.values[name] = inherited }
            } else if !value.isEmpty {
                next.values[name] = String(value)
            } else {
                continue
            }
            if nonInheritedProperties.contains(name), next.values[name] != nil { next.holdsNonInherited = true }
        }
        return next
    }
}
