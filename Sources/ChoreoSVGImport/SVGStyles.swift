/// The properties the importer reads, and which of them an element inherits from its parent.
let inheritedProperties: [String] = [
    "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
    "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "color", "visibility",
    "clip-rule", "marker-start", "marker-mid", "marker-end", "font-family", "font-size",
]
let nonInheritedProperties: [String] = [
    "opacity", "display", "clip-path", "mask", "filter", "stop-color", "stop-opacity", "animation",
    "animation-name", "transform", "overflow", "background-color",
]

/// Every property the importer reads, each with its slot in a computed style: the inherited ones
/// first, so a child clears the slots from `inheritedProperties.count` on.
private let knownProperties = inheritedProperties + nonInheritedProperties

/// The known properties by name length, for a slot lookup that compares a name with at most a
/// few of the same length instead of hashing it (the mapper asks for a property per attribute).
private let knownPropertiesByLength: [[(name: String, slot: Int)]] = {
    var table = [[(name: String, slot: Int)]](repeating: [], count: 1 + knownProperties.map(\.utf8.count).max()!)
    for (slot, name) in knownProperties.enumerated() { table[name.utf8.count].append((name, slot)) }
    return table
}()

/// The slot of the property `name` in a computed style, nil for one the importer does not read.
func propertySlot(_ name: String) -> Int? {
    let length = name.utf8.count
    guard length < knownPropertiesByLength.count else { return nil }
    for candidate in knownPropertiesByLength[length] where candidate.name == name { return candidate.slot }
    return nil
}

private let transformSlot = propertySlot("transform")!

/// The slot of the property an attribute named `name` presents, -1 for none: `transform` is
/// read as the element's own, not as a presentation attribute.
func presentationSlot(_ name: String) -> Int8 {
    guard let slot = propertySlot(name), slot != transformSlot else { return -1 }
    return Int8(slot)
}

/// A property the importer reads, by its slot in a computed style: the mapper names the
/// properties it asks for in code, so each slot is found once instead of by comparing names on
/// every lookup (a shape asks for twenty).
struct StyleProperty {
    let slot: Int

    init(_ name: String) { slot = propertySlot(name)! }

    static let fill = StyleProperty("fill")
    static let fillOpacity = StyleProperty("fill-opacity")
    static let fillRule = StyleProperty("fill-rule")
    static let stroke = StyleProperty("stroke")
    static let strokeWidth = StyleProperty("stroke-width")
    static let strokeOpacity = StyleProperty("stroke-opacity")
    static let strokeLinecap = StyleProperty("stroke-linecap")
    static let strokeLinejoin = StyleProperty("stroke-linejoin")
    static let strokeMiterlimit = StyleProperty("stroke-miterlimit")
    static let strokeDasharray = StyleProperty("stroke-dasharray")
    static let strokeDashoffset = StyleProperty("stroke-dashoffset")
    static let color = StyleProperty("color")
    static let visibility = StyleProperty("visibility")
    static let clipRule = StyleProperty("clip-rule")
    static let markerStart = StyleProperty("marker-start")
    static let markerMid = StyleProperty("marker-mid")
    static let markerEnd = StyleProperty("marker-end")
    static let fontFamily = StyleProperty("font-family")
    static let fontSize = StyleProperty("font-size")
    static let opacity = StyleProperty("opacity")
    static let display = StyleProperty("display")
    static let clipPath = StyleProperty("clip-path")
    static let mask = StyleProperty("mask")
    static let filter = StyleProperty("filter")
    static let stopColor = StyleProperty("stop-color")
    static let stopOpacity = StyleProperty("stop-opacity")
    static let animation = StyleProperty("animation")
    static let animationName = StyleProperty("animation-name")
    static let overflow = StyleProperty("overflow")
    static let backgroundColor = StyleProperty("background-color")
    /// CSS's `transform` (from a style sheet or `style=""`), which replaces the attribute's.
    static let transform = StyleProperty("transform")
}

/// `text` without the ASCII whitespace around it (what CSS and SVG attribute syntax skip), without
/// Foundation's character-set trimming, which dominated the cascade's cost.
func trimmedWhitespace(_ text: String) -> Substring { trimmedWhitespace(Substring(text)) }

func trimmedWhitespace(_ text: Substring) -> Substring {
    func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 12 }
    let utf8 = text.utf8
    var start = utf8.startIndex, end = utf8.endIndex
    while start < end, isSpace(utf8[start]) { utf8.formIndex(after: &start) }
    if start == end { return text[text.endIndex...] }
    while isSpace(utf8[utf8.index(before: end)]) { utf8.formIndex(before: &end) }
    if start == utf8.startIndex, end == utf8.endIndex { return text }
    let last = utf8.index(before: end)
    // After an ASCII byte the next character starts at the next byte; after any other, where the
    // last character ends is the string's to say.
    return utf8[last] < 0x80 ? Substring(utf8[start..<end]) : text[start...last]
}

/// One declaration of a style-sheet rule, its value trimmed as the cascade would trim it, with a
/// number unique in its sheet: a family of styles adds the value to its table once, however many
/// elements the rule matches.
struct SheetDeclaration {
    var slot: Int
    var value: String
    var inherits: Bool
    /// Written with `!important`: it outranks every declaration without it, `style=""` included.
    var important: Bool
    var number: Int
}

/// One rule of a `<style>` sheet: a simple selector (`rect`, `.cls`, `#id`, `path.cls`, `*`) and
/// its declarations, with the specificity and order that decide which rule wins.
struct StyleRule {
    var element: String?
    var classes: [String]
    var id: String?
    /// The declarations of properties the importer reads, by their computed style's slot.
    var declarations: [SheetDeclaration]
    var specificity: (Int, Int, Int)
    var order: Int
}

/// Whether the space-separated class list holds `name`, on the bytes when the list is ASCII
/// without carriage returns (where bytes are its characters) and `name` is ASCII; other text is
/// split and compared as characters.
func classListContains(_ list: String, _ name: String) -> Bool {
    // A list of one class (what most elements have) is that class: without a separator's byte
    // both ways of splitting below give the list whole.
    if !list.utf8.contains(where: { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }) { return !list.isEmpty && list == name }
    var list = list, name = name
    let bytewise = list.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 && $0 != 13 } } && name.utf8.allSatisfy { $0 < 0x80 }
    guard bytewise else {
        return list.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).contains(Substring(name))
    }
    return list.withUTF8 { list in
        name.withUTF8 { name in
            func isSeparator(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 }
            var start = 0
            while start < list.count {
                if isSeparator(list[start]) {
                    start += 1
                    continue
                }
                var end = start
                while end < list.count, !isSeparator(list[end]) { end += 1 }
                if end - start == name.count, (0..<name.count).allSatisfy({ list[start + $0] == name[$0] }) { return true }
                start = end
            }
            return false
        }
    }
}

/// The classes of a space-separated class list, split as `classListContains` splits it, so a
/// class that function finds is one of these.
func classTokens(_ list: String) -> [Substring] {
    if !list.utf8.contains(where: { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }) { return list.isEmpty ? [] : [Substring(list)] }
    let bytewise = list.utf8.allSatisfy { $0 < 0x80 && $0 != 13 }
    guard bytewise else { return list.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) }
    return list.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
}

/// A CSS style sheet read as SVG exports use it: rules of simple selectors. What it cannot honour
/// (combinators, pseudo-classes, at-rules such as `@keyframes`) is reported, not guessed at.
struct StyleSheet {
    var rules: [StyleRule] = []
    /// Each rule by the one key an element must have for it to match: its id, else its class
    /// that fewest rules name, else its element name; rules of none of these (`*`) apart. An
    /// element tries only the rules under its id, its classes and its name (`indexRules`), not
    /// every rule of the sheet.
    private var rulesByID: [String: [Int32]] = [:]
    private var rulesByClass: [String: [Int32]] = [:]
    private var rulesByElement: [String: [Int32]] = [:]
    private var universalRules: [Int32] = []
    /// Whether a rule names a class: only then is an element's class list read.
    private var hasClassRules = false
    let matches = StyleMatches()
    /// Declarations numbered so far, across all rules.
    private(set) var declarationCount = 0
    /// Which sheet a family of styles cached its declarations' value indices for.
    let identity = StyleSheetIdentity()

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

    private mutating func simpleRule(_ selector: String, declarations: [(name: String, value: String, important: Bool)]) -> StyleRule? {
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
        var known: [SheetDeclaration] = []
        for (name, raw, important) in declarations {
            guard let slot = propertySlot(name) else { continue }
            // An empty value specifies nothing, as the cascade leaves it.
            let value = trimmedWhitespace(raw)
            if value.isEmpty { continue }
            known.append(SheetDeclaration(slot: slot, value: value.utf8.count == raw.utf8.count ? raw : String(value), inherits: value == "inherit", important: important, number: declarationCount))
            declarationCount += 1
        }
        return StyleRule(element: element, classes: classes, id: id, declarations: known, specificity: specificity, order: rules.count)
    }

    /// Files every rule under its key (see `rulesByID`); called once the sheet holds every rule.
    mutating func indexRules() {
        rulesByID = [:]
        rulesByClass = [:]
        rulesByElement = [:]
        universalRules = []
        hasClassRules = rules.contains { !$0.classes.isEmpty }
        var classUses: [String: Int] = [:]
        for rule in rules where rule.id == nil {
            for name in Set(rule.classes) { classUses[name, default: 0] += 1 }
        }
        for (index, rule) in rules.enumerated() {
            let position = Int32(index)
            if let id = rule.id {
                rulesByID[id, default: []].append(position)
            } else if let rarest = rule.classes.min(by: { classUses[$0, default: 0] < classUses[$1, default: 0] }) {
                rulesByClass[rarest, default: []].append(position)
            } else if let element = rule.element {
                rulesByElement[element, default: []].append(position)
            } else {
                universalRules.append(position)
            }
        }
    }

    /// Calls `body` with the declarations of the rules matching `element`, weakest first, less
    /// those a later one of the same property and importance overrides. Only the rules filed
    /// under the element's id, classes and name are tried, once per kind of element (its name,
    /// id and classes, `MatchKey`): the copies a `use` makes of an element, and elements alike,
    /// take the answer found for the first. Every rule tried counts in `matches.ruleTests`.
    func forEachDeclaration(for element: SVGElement, _ body: (SheetDeclaration) -> Void) {
        guard !rules.isEmpty else { return }
        let classList = hasClassRules ? element[.class] : nil
        let id = element[.id]
        let key = MatchKey(element: element.name, id: id.flatMap { rulesByID[$0] == nil ? nil : $0 }, classes: classList)
        if let known = matches.byKey[key] {
            for declaration in known { body(declaration) }
            return
        }
        let found = matchingDeclarations(element: element.name, id: key.id, classList: classList)
        matches.byKey[key] = found
        for declaration in found { body(declaration) }
    }

    private func matchingDeclarations(element: String, id: String?, classList: String?) -> [SheetDeclaration] {
        rules.withUnsafeBufferPointer { rules in
            var matched: [Int] = []
            // A long class list is looked up in a set, not scanned once per class of each rule.
            let classes = rulesByClass.isEmpty ? [] : classList.map(classTokens) ?? []
            let classSet = classes.count > 8 ? Set(classes) : nil
            func hasClass(_ name: String) -> Bool {
                if let classSet { return classSet.contains(Substring(name)) }
                return classList.map { classListContains($0, name) } ?? false
            }
            var tests = 0
            func tryRules(_ candidates: [Int32]) {
                tests += candidates.count
                for candidate in candidates {
                    let index = Int(candidate)
                    if let name = rules[index].element, name != element { continue }
                    if let ruleID = rules[index].id {
                        guard let own = id, own == ruleID else { continue }
                    }
                    if !rules[index].classes.isEmpty, !rules[index].classes.allSatisfy(hasClass) { continue }
                    matched.append(index)
                }
            }
            if let id, let candidates = rulesByID[id] { tryRules(candidates) }
            if !classes.isEmpty {
                // Each class once: a rule is filed under one class, so it is tried at most once.
                if let classSet {
                    for name in classSet { if let candidates = rulesByClass[String(name)] { tryRules(candidates) } }
                } else {
                    for (position, name) in classes.enumerated() where !classes[..<position].contains(name) {
                        if let candidates = rulesByClass[String(name)] { tryRules(candidates) }
                    }
                }
            }
            if let candidates = rulesByElement[element] { tryRules(candidates) }
            tryRules(universalRules)
            matches.ruleTests += tests
            if matched.isEmpty || matches.exhausted { return [] }
            if matched.count == 1 { return rules[matched[0]].declarations }
            matched.sort { a, b in
                rules[a].specificity != rules[b].specificity ? rules[a].specificity < rules[b].specificity : rules[a].order < rules[b].order
            }
            var ordered: [SheetDeclaration] = []
            for index in matched { ordered += rules[index].declarations }
            matches.ruleTests += ordered.count
            return withoutOverridden(ordered)
        }
    }
}

/// What decides which rules of a sheet match an element: its name, its id when a rule names it,
/// and its class list when a rule names a class.
struct MatchKey: Hashable {
    var element: String
    var id: String?
    var classes: String?
}

/// The declarations of each kind of element (`MatchKey`) a sheet was asked for, and how many
/// rules were tried finding them: shared by every copy of the sheet's value.
final class StyleMatches {
    var byKey: [MatchKey: [SheetDeclaration]] = [:]
    var ruleTests = 0
    /// More rules tried than `SVGLimits.maxStyleRuleTests`: the import stops.
    var exhausted: Bool { ruleTests > SVGLimits.maxStyleRuleTests }
}

/// `declarations` (in cascade order) less each one that a later declaration of the same property
/// and importance overrides whatever the parent holds: a value replaces everything before it;
/// `inherit`, which keeps what was there when the parent has no value, replaces the earlier
/// `inherit`s only.
func withoutOverridden(_ declarations: [SheetDeclaration]) -> [SheetDeclaration] {
    var lastValue: [Int: Int] = [:], lastInherit: [Int: Int] = [:]
    for (index, declaration) in declarations.enumerated() {
        let key = declaration.slot * 2 + (declaration.important ? 1 : 0)
        if declaration.inherits { lastInherit[key] = index } else { lastValue[key] = index }
    }
    return declarations.enumerated().compactMap { index, declaration in
        let key = declaration.slot * 2 + (declaration.important ? 1 : 0)
        if declaration.inherits { return lastInherit[key] == index && index > (lastValue[key] ?? -1) ? declaration : nil }
        return lastValue[key] == index ? declaration : nil
    }
}

/// A style sheet's identity, which outlives copies of the sheet's value.
final class StyleSheetIdentity: Sendable {}

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

/// `fill: red; stroke-width: 2 !important` in order, names lowercased, each value without its
/// `!important` and whether it had one.
func parseDeclarations(_ text: String) -> [(name: String, value: String, important: Bool)] {
    if let declarations = asciiDeclarations(text) { return declarations }
    return stripComments(text).split(separator: ";").compactMap { declaration in
        guard let colon = declaration.firstIndex(of: ":") else { return nil }
        let name = trimmedWhitespace(declaration[..<colon]).lowercased()
        var value = trimmedWhitespace(declaration[declaration.index(after: colon)...])
        let important = value.hasSuffix("!important")
        if important { value = trimmedWhitespace(value.dropLast(10)) }
        return name.isEmpty ? nil : (name, String(value), important)
    }
}

/// `parseDeclarations` on the bytes, for ASCII text without comments (what exports write), where
/// bytes and characters split alike; nil for any other text, which the general path reads.
private func asciiDeclarations(_ text: String) -> [(name: String, value: String, important: Bool)]? {
    var declarations: [(name: String, value: String, important: Bool)] = []
    let read = forEachASCIIDeclaration(in: text) { bytes, name, value, important in
        func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        let lowered = name.contains(where: { bytes[$0] >= 65 && bytes[$0] <= 90 })
            ? String(decoding: name.map { bytes[$0] >= 65 && bytes[$0] <= 90 ? bytes[$0] | 0x20 : bytes[$0] }, as: UTF8.self)
            : string(name)
        declarations.append((lowered, string(value), important))
    }
    return read ? declarations : nil
}

/// Calls `body` with the byte ranges of each declaration's name and value (both trimmed, the
/// value without `!important`, an empty name skipped) and whether it was important when `text` is
/// ASCII without comments, and returns true; returns false, calling nothing, for any other text.
private func forEachASCIIDeclaration(in text: String, _ body: (_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>, _ value: Range<Int>, _ important: Bool) -> Void) -> Bool {
    var text = text
    return text.withUTF8 { bytes -> Bool in
        var previous: UInt8 = 0
        for byte in bytes {
            if byte >= 0x80 || (previous == UInt8(ascii: "/") && byte == UInt8(ascii: "*")) { return false }
            previous = byte
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 12 }
        func trimmed(_ range: Range<Int>) -> Range<Int> {
            var start = range.lowerBound, end = range.upperBound
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            return start..<end
        }
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end += 1 }
            defer { start = end + 1 }
            guard let colon = (start..<end).first(where: { bytes[$0] == UInt8(ascii: ":") }) else { continue }
            let name = trimmed(start..<colon)
            guard !name.isEmpty else { continue }
            var value = trimmed(colon + 1..<end)
            let important = value.count >= 10 && bytes[value.upperBound - 10..<value.upperBound].elementsEqual("!important".utf8)
            if important { value = trimmed(value.lowerBound..<value.upperBound - 10) }
            body(bytes, name, value, important)
        }
        return true
    }
}

/// `propertySlot` of the ASCII name in `bytes[range]` lowercased, without making it a string.
private func propertySlot(lowercased range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard range.count < knownPropertiesByLength.count else { return nil }
    let name = bytes[range].lazy.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }
    for candidate in knownPropertiesByLength[range.count] where candidate.name.utf8.elementsEqual(name) { return candidate.slot }
    return nil
}

/// The values a family of computed styles (an element's, its descendants') was given, each
/// kept once where it was specified: a style refers to them by index, so the copy of a style
/// each element starts from copies no strings. Values are only appended, so an index a style
/// holds never changes meaning.
final class StyleValues {
    /// Only appended to and read, never by overlapping accesses: the run-time exclusivity check
    /// on every read of a property was a large part of a lookup's cost.
    @exclusivity(unchecked) var strings: [String]

    /// The index each declaration of `sheet` (by its number) was added at, -1 when not yet.
    @exclusivity(unchecked) private var sheetIndices: [Int32] = []
    private var sheet: StyleSheetIdentity?

    init(_ initial: [String]) { strings = initial }

    func add(_ value: String) -> Int32 {
        strings.append(value)
        return Int32(strings.count - 1)
    }

    /// The index of a style-sheet declaration's value, added the first time it is asked for.
    func index(of declaration: SheetDeclaration, in sheet: StyleSheetIdentity) -> Int32 {
        if self.sheet !== sheet {
            self.sheet = sheet
            sheetIndices.removeAll()
        }
        if declaration.number < sheetIndices.count {
            let known = sheetIndices[declaration.number]
            if known >= 0 { return known }
        } else {
            sheetIndices.append(contentsOf: repeatElement(-1, count: declaration.number + 1 - sheetIndices.count))
        }
        let index = add(declaration.value)
        sheetIndices[declaration.number] = index
        return index
    }
}

/// The computed style of one element: its parent's inherited properties, then presentation
/// attributes, then the style sheet, then `style=""`, then the sheet's `!important` declarations
/// and last `style=""`'s (the CSS cascade of one origin).
struct ComputedStyle {
    private static let initialValues: [(property: String, value: String)] = [
        ("fill", "black"), ("fill-opacity", "1"), ("fill-rule", "nonzero"), ("stroke", "none"), ("stroke-width", "1"),
        ("stroke-opacity", "1"), ("stroke-linecap", "butt"), ("stroke-linejoin", "miter"), ("stroke-miterlimit", "4"),
        ("stroke-dasharray", "none"), ("stroke-dashoffset", "0"), ("color", "black"), ("visibility", "visible"),
        ("clip-rule", "nonzero"),
    ]

    /// The index of each property's initial value (`initialValues`' order), -1 for none.
    private static let initialSlots: InlineArray<32, Int32> = {
        precondition(knownProperties.count <= 32, "a computed style holds at most 32 properties")
        var slots = InlineArray<32, Int32>(repeating: -1)
        for (index, initial) in initialValues.enumerated() { slots[propertySlot(initial.property)!] = Int32(index) }
        return slots
    }()

    private var values = StyleValues(initialValues.map(\.value))
    /// One index into `values` per property the importer reads (`knownProperties`), -1 when the
    /// property has no value: a child starts from its parent's, less the few it does not inherit.
    private var slots = initialSlots
    private var holdsNonInherited = false

    subscript(_ name: String) -> String? {
        guard let slot = propertySlot(name) else { return nil }
        return value(at: slot)
    }

    @inline(__always)
    subscript(_ property: StyleProperty) -> String? { value(at: property.slot) }

    @inline(__always)
    private func value(at slot: Int) -> String? {
        let index = slots[slot]
        return index < 0 ? nil : values.strings[Int(index)]
    }

    func child(_ element: SVGElement, sheet: StyleSheet) -> ComputedStyle {
        // What `inherit` takes: the parent's slots alone (plain integers), which the closures
        // below capture without copying the whole style.
        let parentSlots = slots
        var next = self
        if holdsNonInherited {
            for slot in inheritedProperties.count..<knownProperties.count { next.slots[slot] = -1 }
            next.holdsNonInherited = false
        }
        // Presentation attributes first; each name is there once, so their order does not matter.
        for attribute in element.attributeList where attribute.presentedSlot >= 0 {
            next.specify(Int(attribute.presentedSlot), attribute.value, parent: parentSlots)
        }
        let identity = sheet.identity
        // Important declarations are rare: these stay empty, without an allocation, for most elements.
        var importantInSheet: [SheetDeclaration] = []
        var importantInline: [(slot: Int, value: String)] = []
        sheet.forEachDeclaration(for: element) { declaration in
            if declaration.important { importantInSheet.append(declaration) } else { next.specify(declaration, from: identity, parent: parentSlots) }
        }
        if let style = element[.style] {
            // ASCII text is read in place, a string made only of a value the importer reads.
            let read = forEachASCIIDeclaration(in: style) { bytes, name, value, important in
                guard let slot = propertySlot(lowercased: name, in: bytes) else { return }
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[value]), as: UTF8.self)
                if important { importantInline.append((slot, text)) } else { next.specify(slot, text, parent: parentSlots) }
            }
            if !read {
                for (name, value, important) in parseDeclarations(style) {
                    guard let slot = propertySlot(name) else { continue }
                    if important { importantInline.append((slot, value)) } else { next.specify(slot, value, parent: parentSlots) }
                }
            }
        }
        for declaration in importantInSheet { next.specify(declaration, from: identity, parent: parentSlots) }
        for (slot, value) in importantInline { next.specify(slot, value, parent: parentSlots) }
        return next
    }

    private mutating func specify(_ declaration: SheetDeclaration, from sheet: StyleSheetIdentity, parent: InlineArray<32, Int32>) {
        let slot = declaration.slot
        if declaration.inherits {
            let inherited = parent[slot]
            if inherited >= 0 { slots[slot] = inherited }
        } else {
            slots[slot] = values.index(of: declaration, in: sheet)
        }
        if slot >= inheritedProperties.count, slots[slot] >= 0 { holdsNonInherited = true }
    }

    private mutating func specify(_ slot: Int, _ raw: String, parent: InlineArray<32, Int32>) {
        let value = trimmedWhitespace(raw)
        if value == "inherit" {
            let inherited = parent[slot]
            if inherited >= 0 { slots[slot] = inherited }
        } else if !value.isEmpty {
            // An untrimmed value is kept as the string it is, not copied.
            slots[slot] = values.add(value.utf8.count == raw.utf8.count ? raw : String(value))
        } else {
            return
        }
        if slot >= inheritedProperties.count, slots[slot] >= 0 { holdsNonInherited = true }
    }
}
