import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoText
import ChoreoTimeline
import ChoreoYAML

/// A live text as read, before its node becomes cells (`expandLiveTexts`).
struct LiveTextPlan {
    var live: LiveText
    var glyphs: GlyphSet
    var range: SourceRange
    /// The text box: as wide as the widest text it can show.
    var size: Point
    var fontSize: Double
}

/// The formats a live text's number takes (`{count | int}`).
package let liveTextFormats = ["int", "fixed", "percent", "grouped"]

/// Live text (contract §20): `text: "{count | int} likes"` shows inputs' values, laid out at run
/// time from glyphs set at compile time for every character it can show.
extension FrontendContext {
    /// Reads a text with `{…}`: the text it shows at the compiled input values and its plan, or nil
    /// after reporting what is wrong.
    func readLiveText(_ text: String, node textNode: YAMLNode, id: String, font: Font, style: TextStyle) -> (shown: String, plan: LiveTextPlan)? {
        guard let parts = parseLiveText(text, node: textNode) else { return nil }
        // The characters it can show, and the longest text.
        var characters: [Character] = []
        func add<S: Sequence>(_ more: S) where S.Element == Character {
            for character in more where !characters.contains(character) { characters.append(character) }
        }
        var longest = 0
        var labels: [String: [String: String]] = [:]
        for part in parts {
            switch part {
            case let .literal(literal):
                add(literal)
                longest += literal.count
            case let .input(name, format):
                guard let input = inputs.first(where: { $0.name == name }) else { continue }
                switch input.kind {
                case .number:
                    let (shown, length) = numberCharacters(input, format: format ?? .int)
                    add(shown)
                    longest += length
                case .string:
                    add(input.characters ?? [])
                    longest += input.longestText
                case .choice:
                    labels[name] = Dictionary(input.choices.map { ($0.name, $0.label) }, uniquingKeysWith: { first, _ in first })
                    for choice in input.choices { add(choice.label) }
                    longest += input.choices.map(\.label.count).max() ?? 0
                case .boolean:
                    add("truefals")
                    longest += 5
                case .color:
                    continue
                }
            }
        }
        guard longest <= SceneLimits.maxLiveTextLength, characters.count <= SceneLimits.maxLiveTextCharacters else {
            error(
                .valueTooLarge,
                longest > SceneLimits.maxLiveTextLength
                    ? "this live text can show \(longest) characters; a live text shows at most \(SceneLimits.maxLiveTextLength)"
                    : "this live text can show \(characters.count) different characters; a live text shows at most \(SceneLimits.maxLiveTextCharacters)",
                at: textNode.reportRange, help: "narrow the inputs it shows: a smaller range, fewer 'chars', a shorter 'max-length'")
            return nil
        }
        let glyphs = font.glyphSet(characters, style: style)
        if !glyphs.missing.isEmpty {
            func codes(_ character: Character) -> String {
                character.unicodeScalars.map { scalar in
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                }.joined(separator: " ")
            }
            let listed = glyphs.missing.map { "'\($0)' (\(codes($0)))" }
            error(
                .missingGlyph, "the font '\(font.familyName)' has no glyph for \(listing(listed, conjunction: "and")), which this live text can show",
                at: textNode.reportRange, help: "take the characters out of the inputs' 'chars' or the text, or use a font that has them")
            return nil
        }
        // Every character position draws every character's outline.
        let stripVertices = glyphs.glyphs.reduce(0) { $0 + $1.outline.contours.reduce(0) { $0 + $1.vertices.count } }
        guard addPathVertices(stripVertices * longest, at: textNode.reportRange) else { return nil }
        let values = inputs.reduce(into: [String: InputValue]()) { $0[$1.name] = inputValues[$1.name] ?? $1.initial }
        // As wide as the widest text: a choice's widest label, a number or string as many of its
        // widest character as its longest text has.
        func advance(_ character: Character) -> Double { glyphs.glyphs.first { $0.character == character }?.advance ?? 0 }
        func width(_ text: String) -> Double { text.reduce(0) { $0 + advance($1) } }
        var boxWidth = 0.0
        for part in parts {
            switch part {
            case let .literal(literal): boxWidth += width(literal)
            case let .input(name, format):
                guard let input = inputs.first(where: { $0.name == name }) else { continue }
                switch input.kind {
                case .number:
                    let (shown, length) = numberCharacters(input, format: format ?? .int)
                    boxWidth += Double(length) * (shown.map(advance).max() ?? 0)
                case .string: boxWidth += Double(input.longestText) * ((input.characters ?? []).map(advance).max() ?? 0)
                case .choice: boxWidth += input.choices.map { width($0.label) }.max() ?? 0
                case .boolean: boxWidth += max(width("true"), width("false"))
                case .color: continue
                }
            }
        }
        boxWidth = max(boxWidth - style.letterSpacing, 0)
        let height = glyphs.ascent + glyphs.descent
        var kerning: [LiveText.KerningPair] = []
        for (i, row) in glyphs.kerning.enumerated() {
            for (j, amount) in row.enumerated() where amount != 0 { kerning.append(LiveText.KerningPair(first: i, second: j, amount: amount)) }
        }
        var cells: [LiveText.Cell] = []
        for index in 0..<longest {
            cells.append(LiveText.Cell(slot: "\(id).char.\(index)", node: "\(id)-char-\(index)"))
        }
        let live = LiveText(
            node: id, parts: parts, characters: characters, advances: glyphs.glyphs.map(\.advance), kerning: kerning,
            letterSpacing: style.letterSpacing, boxWidth: boxWidth, alignment: style.alignment.rawValue,
            baseline: -height / 2 + glyphs.ascent, pitch: 0, cells: cells, labels: labels)
        return (live.text(at: values), LiveTextPlan(live: live, glyphs: glyphs, range: textNode.reportRange, size: Point(boxWidth, height), fontSize: style.size))
    }

    /// The characters a number input shows in `format`, and its longest text.
    private func numberCharacters(_ input: MachineInput, format: LiveText.Format) -> (characters: [Character], length: Int) {
        var characters = Array("0123456789")
        let range = input.range ?? 0...0
        if range.lowerBound < 0 { characters.append("-") }
        switch format {
        case .fixed: characters.append(".")
        case .percent: characters.append("%")
        case .grouped: characters.append(",")
        case .int: break
        }
        // The longest text is at an end of the range (its magnitude, or its sign, is the largest).
        let length = [range.lowerBound, range.upperBound, 0].map { LiveText.format($0, format).count }.max() ?? 1
        return (characters, length)
    }

    /// `"{count | int} likes"` as its parts, or nil after reporting what cannot be read.
    private func parseLiveText(_ text: String, node: YAMLNode) -> [LiveText.Part]? {
        let scalars = Array(text.unicodeScalars)
        var parts: [LiveText.Part] = []
        var literal = ""
        var index = 0
        var ok = true
        func flush() {
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "}" {
                error(.expressionSyntax, "a '}' that closes no '{' in a live text", at: rangeInScalar(node, offset: index, length: 1),
                      help: "a live text shows an input as {NAME} or {NAME | FORMAT}")
                return nil
            }
            guard scalar == "{" else {
                literal.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            guard let close = scalars[index...].firstIndex(of: "}") else {
                error(.expressionSyntax, "a '{' without its '}' in a live text", at: rangeInScalar(node, offset: index, length: 1),
                      help: "close it: {NAME} or {NAME | FORMAT}")
                return nil
            }
            flush()
            let inner = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            if let part = readExpression(inner, node: node, offset: index + 1) { parts.append(part) } else { ok = false }
            index = close + 1
        }
        flush()
        return ok ? parts : nil
    }

    /// `NAME` or `NAME | FORMAT` (`int`, `fixed N`, `percent`, `grouped`), `offset` scalars into the text.
    private func readExpression(_ text: String, node: YAMLNode, offset: Int) -> LiveText.Part? {
        let pieces = text.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let whole = rangeInScalar(node, offset: offset - 1, length: text.unicodeScalars.count + 2)
        let name = pieces[0]
        guard !name.isEmpty else {
            error(.expressionSyntax, "an empty '{}' in a live text", at: whole, help: "name an input: {NAME} or {NAME | FORMAT}")
            return nil
        }
        guard let input = inputs.first(where: { $0.name == name }) else {
            let nameOffset = offset + (text.unicodeScalars.count - text.drop { $0 == " " }.unicodeScalars.count)
            reportUnknownInput(name, inputs: inputs, at: rangeInScalar(node, offset: nameOffset, length: name.unicodeScalars.count))
            return nil
        }
        guard pieces.count <= 2 else {
            error(.expressionSyntax, "a live text's value takes one format, not \(pieces.count - 1)", at: whole,
                  help: "one of \(listing(liveTextFormats)): {\(name) | int}")
            return nil
        }
        var format: LiveText.Format?
        if pieces.count == 2 {
            let words = pieces[1].split(separator: " ").map(String.init)
            switch (words.first, words.count) {
            case ("int", 1): format = .int
            case ("percent", 1): format = .percent
            case ("grouped", 1): format = .grouped
            case ("fixed", 2):
                guard let decimals = Int(words[1]), (0...6).contains(decimals) else {
                    error(.expressionSyntax, "'fixed' takes a number of decimals from 0 to 6, not '\(words[1])'", at: whole, help: "{\(name) | fixed 2}")
                    return nil
                }
                format = .fixed(decimals)
            default:
                let word = words.first ?? ""
                let guess = guessName(word, in: liveTextFormats)
                error(.unknownValue, "'\(pieces[1])' is not a format of a live text; expected \(listing(["int", "fixed N", "percent", "grouped"]))", at: whole,
                      help: guess.map { "did you mean '\($0)'?" })
                return nil
            }
            if input.kind != .number {
                error(.inputType, "'\(name)' is a \(input.kind.rawValue) input; '\(words[0])' formats a number", at: whole,
                      help: "show it as it is: {\(name)}")
                return nil
            }
        }
        switch input.kind {
        case .number:
            guard input.range != nil else {
                error(.inputType, "a live text shows a number input with a range, so that its longest text is known; '\(name)' has none", at: whole,
                      help: "give it one: \(name): {number: …, range: [0, 100]}")
                return nil
            }
            if format == nil {
                // A step says how many decimals the values have.
                let decimals = input.step.map { step -> Int in
                    var count = 0
                    var scaled = step
                    while count < 6, abs(scaled - scaled.rounded()) > 1e-9 { scaled *= 10; count += 1 }
                    return count
                } ?? 0
                format = decimals == 0 ? .int : .fixed(decimals)
            }
        case .string:
            guard input.characters != nil else {
                error(.inputType, "a live text shows a string input whose characters are known; '\(name)' has no 'chars'", at: whole,
                      help: "list them: \(name): {string: \"\", chars: \"A-Za-z0-9 \"}")
                return nil
            }
        case .color:
            error(.inputType, "a live text cannot show the colour input '\(name)'", at: whole, help: "bind it to a fill: fill: {bind: \(name)}")
            return nil
        case .choice, .boolean:
            break
        }
        return .input(name, format)
    }

    /// Makes each live text node a group of its cells (`LiveText`), each drawing the strip of
    /// every character the text can show, moved to show its character at the compiled values.
    func expandLiveTexts(in scene: inout Scene, registry: NodeRegistry) {
        var taken: Set<String> = []
        for (id, plan) in texts.live.sorted(by: { $0.key < $1.key }) {
            // Its text is its inputs': a state's text or per-glyph motion would split it again.
            if let perGlyph = texts.perGlyph[id] {
                error(.perGlyphUnsupported, "'\(id)' is a live text, whose characters are laid out at run time: per-glyph motion cannot move them one by one",
                      at: perGlyph.range, notes: [Note("the live text is here", at: plan.range)], help: "remove per-glyph, or write the text literally")
                continue
            }
            if let state = texts.stateTexts.first(where: { $0.value[id] != nil }) {
                error(.unknownProperty, "'\(id)' is a live text, whose text comes from its inputs; the state '\(state.key)' cannot give it another",
                      at: state.value[id]!.range, notes: [Note("the live text is here", at: plan.range)],
                      help: "set the input the text shows instead: an action such as set: {INPUT: VALUE}")
                continue
            }
            var live = plan.live
            // Far enough that the other rows of a strip are outside the picture wherever the node is.
            live.pitch = (4 * max(scene.size.x, scene.size.y, 2 * plan.fontSize) / 64).rounded(.up) * 64
            for index in live.cells.indices {
                var candidate = live.cells[index].node
                while registry.isKnown(candidate) || taken.contains(candidate) { candidate += "-" }
                taken.insert(candidate)
                live.cells[index].node = candidate
            }
            let values = scene.inputs.reduce(into: [String: InputValue]()) { $0[$1.name] = inputValues[$1.name] ?? $1.initial }
            let positions = live.cellPositions(of: live.text(at: values))
            // The strip: character k's outline k × pitch down.
            var contours: [Contour] = []
            for (row, glyph) in plan.glyphs.glyphs.enumerated() {
                let shift = Double(row) * live.pitch
                contours += glyph.outline.contours.map { contour in
                    Contour(contour.vertices.map { BezierVertex(Point($0.point.x, $0.point.y + shift), in: $0.inTangent, out: $0.outTangent) }, closed: contour.closed)
                }
            }
            let strip = PathShape(contours)
            replaceNode(id, in: &scene.layers) { node in
                var groupBase = PropertyValues()
                var cellBase = PropertyValues()
                for (property, value) in node.base {
                    if textGroupRoots.contains(property.root) { groupBase[property] = value } else { cellBase[property] = value }
                }
                for property in [Property.anchor, .offset] { cellBase[property] = .point(.zero) }
                cellBase[.scale] = .point(Point(1, 1))
                cellBase[.rotation] = .number(0)
                cellBase[.opacity] = .number(1)
                cellBase[.d] = .path(strip)
                let cells = live.cells.indices.map { index in
                    var base = cellBase
                    base[.position] = .point(positions[index])
                    return textPart(of: node, id: live.cells[index].node, base: base)
                }
                return textGroup(replacing: node, base: groupBase, parts: cells)
            }
            scene.keywordAnchors[id] = nil
            scene.liveTexts.append(live)
        }
    }
}
