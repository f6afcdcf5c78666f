import ChoreoJSON
import ChoreoTimeline

/// The interactive SVG of a scene with bound values (contract §20): `choreo.set(name, value)`
/// moves every attribute an input moves, gliding where the binding says `animate:`.
///
/// The SVG is written at a few values of each input (`Timeline.applyingInputs`) and the documents
/// compared number by number: every number of an attribute is a linear mix of the track values it
/// is written from, so a number input moves it by a coefficient times its change, a colour input
/// by one per channel, and a choice or boolean input gives each of its values its own change. The
/// document written is the one at generic values (numbers inside each range, colours off the
/// edges, where no bound value happens to equal a pose and no motion is still) with every moving
/// number put back at the inputs' defaults, so it shows the defaults and has the structure every
/// value shares. Each element with a moving attribute carries `data-choreo-t`; the runtime script
/// at the end of the document keeps, per attribute, its text around the moving numbers and how
/// each moves, and writes it again when an input changes.
enum InteractiveTokens {
    /// Whether the timeline has anything `choreo.set` moves.
    static func applies(to timeline: Timeline) -> Bool {
        guard let tokens = timeline.tokens else { return false }
        return !tokens.tracks.isEmpty || !tokens.texts.isEmpty
    }

    /// The document, from `render` (the interactive SVG of a timeline without its token script).
    static func document(_ timeline: Timeline, render: (Timeline) -> [UInt8]) -> [UInt8] {
        guard let tokens = timeline.tokens else { return render(timeline) }
        let probed = probeInputs(
            timeline, render: { NumberTokens(render($0)) }, numbers: \.numbers,
            sameStructure: { $0.numbers.count == $1.numbers.count && $0.texts == $1.texts })
        let skeleton = probed.skeleton
        let skeletonBytes = skeleton.bytes
        // Numbers in attributes only: a number elsewhere (text, the script) is not something an
        // input moves (it cannot be, but a document that says otherwise keeps its numbers).
        var attributes: [AttributeKey: [Int]] = [:]
        for index in probed.holes.keys.sorted() {
            guard let key = skeleton.places[index] else { continue }
            attributes[key, default: []].append(index)
        }
        let holes = attributes.values.flatMap { $0 }.sorted()
        let defaults = tokens.defaultValues
        let tagIndex = Dictionary(uniqueKeysWithValues: Set(attributes.keys.map(\.tagStart)).sorted().enumerated().map { ($1, $0) })
        // The skeleton with every moving number at the defaults and every moving element marked.
        var out: [UInt8] = []
        out.reserveCapacity(skeletonBytes.count + holes.count * 8 + 4096)
        var cursor = 0
        var inserts = tagIndex.keys.sorted().map { (position: skeleton.tagNameEnd[$0] ?? $0, tag: tagIndex[$0]!) }
        inserts.reverse()
        var holeIterator = holes.makeIterator()
        var nextHole = holeIterator.next()
        while cursor < skeletonBytes.count {
            if let insert = inserts.last, insert.position == cursor {
                out += Array(" data-choreo-t=\"\(insert.tag)\"".utf8)
                inserts.removeLast()
                continue
            }
            if let hole = nextHole, skeleton.ranges[hole].lowerBound == cursor {
                out += Array(format(probed.value(of: hole, at: defaults, inputs: tokens.inputs), skeleton.formats[hole]).utf8)
                cursor = skeleton.ranges[hole].upperBound
                nextHole = holeIterator.next()
                continue
            }
            out.append(skeletonBytes[cursor])
            cursor += 1
        }
        // The attribute templates, in document order.
        var entries: [String] = []
        for key in attributes.keys.sorted(by: { ($0.tagStart, $0.valueStart) < ($1.tagStart, $1.valueStart) }) {
            var parts: [String] = []
            var from = key.valueStart
            var holeFields: [String] = []
            for index in attributes[key]! {
                let range = skeleton.ranges[index]
                parts.append(String(decoding: skeletonBytes[from..<range.lowerBound], as: UTF8.self))
                from = range.upperBound
                let hole = probed.holes[index]!
                var fields = ["b: \(number(hole.base)), f: \(skeleton.formats[index].rawValue)"]
                if !hole.affine.isEmpty {
                    fields.append("a: {" + hole.affine.keys.sorted().map { "\(jsKey($0)): [\(hole.affine[$0]!.map(number).joined(separator: ", "))]" }.joined(separator: ", ") + "}")
                }
                if !hole.table.isEmpty {
                    fields.append("t: {" + hole.table.keys.sorted().map { "\(jsKey($0)): [\(hole.table[$0]!.map(number).joined(separator: ", "))]" }.joined(separator: ", ") + "}")
                }
                holeFields.append("{" + fields.joined(separator: ", ") + "}")
            }
            parts.append(String(decoding: skeletonBytes[from..<key.valueEnd], as: UTF8.self))
            entries.append(
                "{e: \(tagIndex[key.tagStart]!), n: \(jsString(key.name)), p: [\(parts.map { jsString(unescapedAttribute($0)) }.joined(separator: ", "))], "
                    + "h: [\(holeFields.joined(separator: ", "))]}")
        }
        let glides = probed.movers.keys.sorted().compactMap { name -> String? in
            guard let glide = tokens.tracks.first(where: { $0.glide != nil && $0.dependences.contains { $0.input == name } })?.glide
            else { return nil }
            return "\(jsKey(name)): \(glideLiteral(glide))"
        }
        let moverFields = probed.movers.keys.sorted().map { name -> String in
            switch probed.movers[name]! {
            case let .affine(reference): "\(jsKey(name)): {ref: [\(reference.map(number).joined(separator: ", "))]}"
            case let .table(rows, reference): "\(jsKey(name)): {rows: \(rows), ref: \(reference)}"
            }
        }
        let data = """
            {
              inputs: \(inputsLiteral(tokens.inputs)),
              movers: {\(moverFields.joined(separator: ", "))},
              glides: {\(glides.joined(separator: ", "))},
              texts: [\(tokens.texts.map { $0.runtimeLiteral(string: jsString, number: number) }.joined(separator: ", "))],
              attrs: [
                \(entries.joined(separator: ",\n    "))
              ]
            }
            """
        guard let runtimeSource else { preconditionFailure("the interactive SVG's runtime \(runtimeFile) is missing") }
        let script = "<script type=\"text/ecmascript\"><![CDATA[\n" + runtimeSource.replacingOccurrences(of: "/*TOKENS*/null", with: data) + "]]></script>"
        // The script goes last in the root element, after the machine's, whose `set` it serves.
        if let close = lastRange(of: Array("</svg>".utf8), in: out) {
            out.replaceSubrange(close.lowerBound..<close.lowerBound, with: Array(script.utf8))
        }
        return out
    }

    private static func number(_ value: Double) -> String { formatNumber(value, decimals: 6) }

    static func format(_ value: Double, _ format: NumberFormat) -> String {
        switch format {
        case .plain: formatNumber(value)
        case .byte: formatNumber(min(max(value, 0), 255), decimals: 0)
        case .unit: formatNumber(min(max(value, 0), 1))
        }
    }

    private static func glideLiteral(_ glide: Glide) -> String {
        let segments = glide.progress.segments.map { segment -> String in
            let easing: String
            switch segment.easing {
            case .linear: easing = "0, 0, 1, 1, 0"
            case let .cubic(x1, y1, x2, y2): easing = "\(number(x1)), \(number(y1)), \(number(x2)), \(number(y2)), 0"
            case .hold: easing = "0, 0, 1, 1, 1"
            }
            return "[\(number(segment.start)), \(number(segment.end)), \(number(segment.from)), \(number(segment.to)), \(easing)]"
        }
        return "{dur: \(number(glide.duration)), segs: [\(segments.joined(separator: ", "))]}"
    }

    /// `{NAME: {kind, value, range, step, choices, chars, max}}`: what `set` checks a value against.
    static func inputsLiteral(_ inputs: [MachineInput]) -> String {
        let fields = inputs.map { input -> String in
            let range = input.range.map { "[\(number($0.lowerBound)), \(number($0.upperBound))]" } ?? "null"
            let step = input.step.map(number) ?? "null"
            let choices = input.kind == .choice
                ? "[" + input.choices.map { "{name: \(jsString($0.name)), label: \(jsString($0.label))}" }.joined(separator: ", ") + "]" : "null"
            let chars = input.characters.map { jsString(String($0)) } ?? "null"
            let max = input.maxLength.map(String.init) ?? "null"
            let value: String
            switch input.initial {
            case let .color(color): value = "[\(number(color.r)), \(number(color.g)), \(number(color.b)), \(number(color.a))]"
            default: value = InteractiveInputs.value(input.initial)
            }
            return "\(jsKey(input.name)): {kind: \(jsString(input.kind.rawValue)), value: \(value), range: \(range), step: \(step), "
                + "choices: \(choices), chars: \(chars), max: \(max)}"
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// Attribute text as the markup escapes it, read back (`&amp;` and friends), for `setAttribute`.
    private static func unescapedAttribute(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func lastRange(of needle: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard bytes.count >= needle.count else { return nil }
        var index = bytes.count - needle.count
        while index >= 0 {
            if bytes[index] == needle[0], Array(bytes[index..<(index + needle.count)]) == needle { return index..<(index + needle.count) }
            index -= 1
        }
        return nil
    }

    /// The runtime, `Resources/tokens.js`: `root.choreoTokens.apply(name, value)` writes every
    /// attribute an input moves (gliding over `animate:`'s duration where the binding has one); in
    /// a scene without states it is also `root.choreo` (`set`, `get`). The machine's runtime calls
    /// `apply` from its own `set` and from `set:` actions. Nil when the bundle is missing.
    static let runtimeSource: String? = try? PreviewPage.resource(runtimeFile)

    static let runtimeFile = "tokens.js"
}


/// How a moving number is written back: a plain number (3 decimals), a colour channel (0…255,
/// whole), or an opacity (0…1).
enum NumberFormat: Int {
    case plain = 0, byte = 1, unit = 2
}

/// Where an attribute's value is in a document: its element's `<` and the value's bytes.
struct AttributeKey: Hashable {
    var tagStart: Int
    var name: String
    var valueStart: Int
    var valueEnd: Int
}

/// A document cut into its numbers and the text between them, with each number's attribute.
struct NumberTokens {
    var bytes: [UInt8]
    var numbers: [Double] = []
    var ranges: [Range<Int>] = []
    /// The text before each number and after the last, as one hashable list.
    var texts: [ArraySlice<UInt8>] = []
    /// The attribute each number is in (nil outside a start tag's attribute values).
    var places: [AttributeKey?] = []
    var formats: [NumberFormat] = []
    /// Where each start tag's name ends (the `<` position to the position after the name).
    var tagNameEnd: [Int: Int] = [:]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let count = bytes.count
        var index = 0
        var textStart = 0
        var tagStart: Int?
        var attributeName: String?
        var attributeValueStart = 0
        var animatedAttribute: String?
        var quote: UInt8 = 0
        var pendingHoles: [Int] = []
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        func isNameByte(_ byte: UInt8) -> Bool {
            isDigit(byte) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 45 || byte == 58 || byte == 95
        }
        while index < count {
            let byte = bytes[index]
            if tagStart == nil {
                if byte == UInt8(ascii: "<"), index + 1 < count, (bytes[index + 1] >= 65 && bytes[index + 1] <= 90) || (bytes[index + 1] >= 97 && bytes[index + 1] <= 122) {
                    tagStart = index
                    var end = index + 1
                    while end < count, isNameByte(bytes[end]) { end += 1 }
                    tagNameEnd[index] = end
                    animatedAttribute = nil
                    index = end
                    continue
                }
            } else if quote == 0 {
                if byte == UInt8(ascii: ">") {
                    tagStart = nil
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                    attributeValueStart = index + 1
                    // The attribute's name: the word before `=`.
                    var end = index - 1
                    while end > 0, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "=") { end -= 1 }
                    var start = end
                    while start > 0, isNameByte(bytes[start - 1]) { start -= 1 }
                    attributeName = String(decoding: bytes[start...end], as: UTF8.self)
                    pendingHoles = []
                }
                index += 1
                continue
            } else if byte == quote {
                quote = 0
                let key = tagStart.flatMap { start in
                    attributeName.map { AttributeKey(tagStart: start, name: $0, valueStart: attributeValueStart, valueEnd: index) }
                }
                if attributeName == "attributeName" {
                    animatedAttribute = String(decoding: bytes[attributeValueStart..<index], as: UTF8.self)
                }
                for hole in pendingHoles {
                    places[hole] = key
                    let effective = (attributeName == "values" || attributeName == "from" || attributeName == "to") ? animatedAttribute : attributeName
                    if formats[hole] == .plain, let effective, effective.hasSuffix("opacity") { formats[hole] = .unit }
                }
                pendingHoles = []
                attributeName = nil
                index += 1
                continue
            }
            // A number: an optional minus, digits, an optional fraction, wherever it stands (digits in
            // a name are numbers that never move, which is harmless).
            if isDigit(byte) || (byte == UInt8(ascii: "-") && index + 1 < count && isDigit(bytes[index + 1])) {
                var end = index + 1
                while end < count, isDigit(bytes[end]) { end += 1 }
                if end + 1 < count, bytes[end] == UInt8(ascii: "."), isDigit(bytes[end + 1]) {
                    end += 1
                    while end < count, isDigit(bytes[end]) { end += 1 }
                }
                if let value = Double(String(decoding: bytes[index..<end], as: UTF8.self)) {
                    texts.append(bytes[textStart..<index])
                    numbers.append(value)
                    ranges.append(index..<end)
                    places.append(nil)
                    // A channel of `rgb(…)`: the value text since its start ends in `rgb(` and numbers.
                    var format = NumberFormat.plain
                    if quote != 0 {
                        var back = index - 1
                        while back >= attributeValueStart, bytes[back] != UInt8(ascii: "(") && bytes[back] != UInt8(ascii: ")") && bytes[back] != UInt8(ascii: ";") {
                            back -= 1
                        }
                        if back >= attributeValueStart + 3, bytes[back] == UInt8(ascii: "("),
                            bytes[(back - 3)..<back].elementsEqual("rgb".utf8)
                        {
                            format = .byte
                        }
                        pendingHoles.append(numbers.count - 1)
                    }
                    formats.append(format)
                    textStart = end
                    index = end
                    continue
                }
            }
            index += 1
        }
        texts.append(bytes[textStart..<count])
    }
}
