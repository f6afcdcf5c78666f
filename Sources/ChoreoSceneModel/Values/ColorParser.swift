import ChoreoDiagnostics
import ChoreoTimeline

/// Parses `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, `rgb(214 189 251)`, `rgb(214, 189, 251, 0.5)`
/// (also `rgba(…)`, `/ alpha` and percentages), CSS named colours (case-insensitive), or `$var`
/// holding a colour. Rules: `invalid-color` (an unknown name gets a did-you-mean help),
/// `undefined-var`, `wrong-var-type`.
public func parseColor(_ text: String, environment: ValueEnvironment) -> Result<RGBA, ValueError> {
    var parser = ColorParser(scalars: Array(text.unicodeScalars), environment: environment)
    do {
        return .success(try parser.parse())
    } catch {
        return .failure(error)
    }
}

/// The colour a CSS name stands for (case-insensitive), or nil.
public func namedColor(_ name: String) -> RGBA? {
    namedColorIndex[name.lowercased()]
}

private let namedColorIndex: [String: RGBA] = Dictionary(
    uniqueKeysWithValues: cssNamedColors.map { ($0.name, $0.color) })

/// 0-9, a-f and A-F as `Int(_:radix: 16)` reads one character, without making a string of it.
private func hexDigitValue(_ scalar: Unicode.Scalar) -> Int? {
    switch scalar {
    case "0"..."9": return Int(scalar.value - 48)
    case "a"..."f": return Int(scalar.value - 97 + 10)
    case "A"..."F": return Int(scalar.value - 65 + 10)
    default: return nil
    }
}

private struct ColorParser {
    let scalars: [Unicode.Scalar]
    let environment: ValueEnvironment
    var position = 0

    private func invalid(_ message: String, at offset: Int, length: Int = 1, help: String? = nil) -> ValueError {
        ValueError(rule: .invalidColor, message, offset: offset, length: max(1, length), help: help)
    }

    private func slice(_ start: Int, _ end: Int) -> String {
        let part = scalars[start..<end]
        // ASCII (nearly every colour) is copied as bytes: appending scalar by scalar cost more
        // than the rest of the parse.
        guard part.allSatisfy(\.isASCII) else { return String(String.UnicodeScalarView(part)) }
        return String(unsafeUninitializedCapacity: part.count) { buffer in
            for (index, scalar) in part.enumerated() { buffer[index] = UInt8(truncatingIfNeeded: scalar.value) }
            return part.count
        }
    }

    private mutating func skipSpaces() {
        while position < scalars.count, isSpace(scalars[position]) { position += 1 }
    }

    mutating func parse() throws(ValueError) -> RGBA {
        skipSpaces()
        var end = scalars.count
        while end > position, isSpace(scalars[end - 1]) { end -= 1 }
        guard position < end else {
            throw invalid(
                "expected a colour", at: 0, help: "write a hex colour like '#d6bdfb', rgb(214 189 251) or a CSS name")
        }
        let start = position
        switch scalars[start] {
        case "$":
            return try parseVar(start: start, end: end)
        case "#":
            return try parseHex(start: start, end: end)
        default:
            guard isIdentifierStart(scalars[start]) else {
                throw invalid(
                    "expected a colour, found '\(Character(scalars[start]))'", at: start,
                    help: "write a hex colour like '#d6bdfb', rgb(214 189 251) or a CSS name")
            }
            var nameEnd = start
            while nameEnd < end, isIdentifierStart(scalars[nameEnd]) || isDigit(scalars[nameEnd]) || scalars[nameEnd] == "-" {
                nameEnd += 1
            }
            let name = slice(start, nameEnd)
            position = nameEnd
            skipSpaces()
            if position < end, scalars[position] == "(" {
                return try parseFunction(name, start: start, end: end)
            }
            guard nameEnd == end else {
                throw invalid("unexpected text after the colour name '\(name)'", at: position, length: end - position)
            }
            if let color = namedColor(name) { return color }
            // No CSS name is longer than 20 letters, so a much longer word is no plausible typo of
            // one; skipping it keeps files with thousands of junk colours cheap to report.
            let match = name.unicodeScalars.count <= 32 ? closestMatch(to: name, in: cssColorNames) : nil
            let help = match.map { "did you mean '\($0)'?" } ?? "use a hex colour like '#d6bdfb', rgb(…) or a CSS colour name"
            var problem = invalid("unknown colour name '\(name)'", at: start, length: nameEnd - start, help: help)
            problem.replacement = match
            throw problem
        }
    }

    private func parseVar(start: Int, end: Int) throws(ValueError) -> RGBA {
        let nameEnd = scanVarName(scalars, from: start + 1)
        guard nameEnd > start + 1 else {
            throw invalid("expected a var name after '$'", at: start + 1)
        }
        guard nameEnd == end else {
            throw invalid("unexpected text after '\(slice(start, nameEnd))'", at: nameEnd, length: end - nameEnd)
        }
        let name = slice(start + 1, nameEnd)
        let length = nameEnd - start
        switch environment.vars[name] {
        case let .color(color)?:
            return color
        case .quantity?:
            throw ValueError(rule: .wrongVarType, "'$\(name)' is a number, not a colour", offset: start, length: length)
        case .point?:
            throw ValueError(rule: .wrongVarType, "'$\(name)' is a point, not a colour", offset: start, length: length)
        case nil:
            let colorVars = environment.vars.filter { if case .color = $0.value { true } else { false } }.keys.sorted()
            let match = closestMatch(to: name, in: colorVars) ?? closestMatch(to: name, in: environment.vars.keys.sorted())
            throw ValueError(
                rule: .undefinedVar, "undefined var '$\(name)'", offset: start, length: length,
                help: match.map { "did you mean '$\($0)'?" }, replacement: match.map { "$\($0)" })
        }
    }

    private func parseHex(start: Int, end: Int) throws(ValueError) -> RGBA {
        var digits: [Int] = []
        for index in (start + 1)..<end {
            guard let digit = hexDigitValue(scalars[index]) else {
                throw invalid(
                    "'\(Character(scalars[index]))' is not a hex digit", at: index,
                    help: "hex colours use 0-9 and a-f, as in '#d6bdfb'")
            }
            digits.append(digit)
        }
        let components: [Double]
        switch digits.count {
        case 3, 4:
            components = digits.map { Double($0 * 17) / 255 }
        case 6, 8:
            components = stride(from: 0, to: digits.count, by: 2).map { Double(digits[$0] * 16 + digits[$0 + 1]) / 255 }
        default:
            throw invalid(
                "a hex colour has 3, 4, 6 or 8 digits; '\(slice(start, end))' has \(digits.count)", at: start,
                length: end - start)
        }
        return RGBA(components[0], components[1], components[2], components.count == 4 ? components[3] : 1)
    }

    private struct Component {
        var value: Double
        var percent: Bool
        var offset: Int
        var length: Int
    }

    private mutating func parseFunction(_ name: String, start: Int, end: Int) throws(ValueError) -> RGBA {
        guard name.lowercased() == "rgb" || name.lowercased() == "rgba" else {
            throw invalid(
                "unsupported colour function '\(name)'", at: start, length: name.unicodeScalars.count,
                help: "use rgb(…), a hex colour or a CSS colour name")
        }
        let open = position
        position += 1
        var components: [Component] = []
        var separators: [Unicode.Scalar] = []  // "," or "/" or " " before each component after the first
        var pendingSeparator: Unicode.Scalar?
        while true {
            let beforeSpaces = position
            skipSpaces()
            guard position < end else {
                throw invalid("expected ')' to close 'rgb('", at: position, help: "for example rgb(214 189 251)")
            }
            let scalar = scalars[position]
            if scalar == ")" {
                if pendingSeparator != nil || components.isEmpty {
                    throw invalid("expected a number before ')'", at: position)
                }
                position += 1
                break
            }
            if scalar == "," || scalar == "/" {
                guard !components.isEmpty, pendingSeparator == nil else {
                    throw invalid("expected a number before '\(Character(scalar))'", at: position)
                }
                pendingSeparator = scalar
                position += 1
                continue
            }
            guard isDigit(scalar) || scalar == "." || scalar == "-" || scalar == "+" else {
                throw invalid("expected a number in 'rgb(…)', found '\(Character(scalar))'", at: position)
            }
            if !components.isEmpty {
                if let separator = pendingSeparator {
                    separators.append(separator)
                } else if position > beforeSpaces {
                    separators.append(" ")
                } else {
                    throw invalid("expected a space or ',' between numbers", at: position)
                }
            }
            pendingSeparator = nil
            components.append(try parseComponent())
        }
        skipSpaces()
        guard position == end else {
            throw invalid("unexpected text after ')'", at: position, length: end - position)
        }
        let usesCommas = separators.contains(",")
        if usesCommas, let bad = separators.firstIndex(where: { $0 != "," }) {
            let component = components[bad + 1]
            throw invalid(
                "separate all components with commas, or none", at: component.offset,
                help: "write rgb(214, 189, 251, 0.5) or rgb(214 189 251 / 0.5)")
        }
        if !usesCommas {
            if let slash = separators.firstIndex(of: "/"), slash != separators.count - 1 || components.count != 4 {
                throw invalid(
                    "'/' goes before the alpha, after three colour components", at: components[slash + 1].offset,
                    help: "for example rgb(214 189 251 / 50%)")
            }
            if components.count == 4, separators.last != "/" {
                throw invalid(
                    "write the alpha after a '/'", at: components[3].offset,
                    help: "for example rgb(214 189 251 / 0.5)")
            }
        }
        guard components.count == 3 || components.count == 4 else {
            throw invalid(
                "'rgb(…)' takes three components (red, green, blue) and an optional alpha, not \(components.count)",
                at: start, length: position - start, help: "for example rgb(214 189 251) or rgb(214 189 251 / 0.5)")
        }
        _ = open
        let names = ["red", "green", "blue"]
        var channels: [Double] = []
        for (index, component) in components.prefix(3).enumerated() {
            let limit = component.percent ? 100.0 : 255.0
            guard component.value >= 0, component.value <= limit else {
                throw invalid(
                    "the \(names[index]) component \(slice(component.offset, component.offset + component.length)) "
                        + "is out of range \(component.percent ? "0%…100%" : "0…255")",
                    at: component.offset, length: component.length)
            }
            channels.append(component.value / limit)
        }
        var alpha = 1.0
        if components.count == 4 {
            let component = components[3]
            let limit = component.percent ? 100.0 : 1.0
            guard component.value >= 0, component.value <= limit else {
                throw invalid(
                    "the alpha \(slice(component.offset, component.offset + component.length)) is out of range "
                        + "\(component.percent ? "0%…100%" : "0…1")",
                    at: component.offset, length: component.length)
            }
            alpha = component.value / limit
        }
        return RGBA(channels[0], channels[1], channels[2], alpha)
    }

    private mutating func parseComponent() throws(ValueError) -> Component {
        let start = position
        if scalars[position] == "-" || scalars[position] == "+" { position += 1 }
        while position < scalars.count, isDigit(scalars[position]) || scalars[position] == "." { position += 1 }
        position = endOfExponent(in: scalars, from: position)
        guard let value = Double(slice(start, position)), value.isFinite else {
            throw invalid("'\(slice(start, position))' is not a number", at: start, length: position - start)
        }
        var percent = false
        if position < scalars.count, scalars[position] == "%" {
            percent = true
            position += 1
        }
        return Component(value: value, percent: percent, offset: start, length: position - start)
    }
}

/// The names alone, for "did you mean" suggestions.
private let cssColorNames = cssNamedColors.map(\.name)

/// The CSS named colours (CSS Color 4, plus `transparent`), sorted by name.
public let cssNamedColors: [(name: String, color: RGBA)] = [
    ("aliceblue", RGBA(bytes: 240, 248, 255)),
    ("antiquewhite", RGBA(bytes: 250, 235, 215)),
    ("aqua", RGBA(bytes: 0, 255, 255)),
    ("aquamarine", RGBA(bytes: 127, 255, 212)),
    ("azure", RGBA(bytes: 240, 255, 255)),
    ("beige", RGBA(bytes: 245, 245, 220)),
    ("bisque", RGBA(bytes: 255, 228, 196)),
    ("black", RGBA(bytes: 0, 0, 0)),
    ("blanchedalmond", RGBA(bytes: 255, 235, 205)),
    ("blue", RGBA(bytes: 0, 0, 255)),
    ("blueviolet", RGBA(bytes: 138, 43, 226)),
    ("brown", RGBA(bytes: 165, 42, 42)),
    ("burlywood", RGBA(bytes: 222, 184, 135)),
    ("cadetblue", RGBA(bytes: 95, 158, 160)),
    ("chartreuse", RGBA(bytes: 127, 255, 0)),
    ("chocolate", RGBA(bytes: 210, 105, 30)),
    ("coral", RGBA(bytes: 255, 127, 80)),
    ("cornflowerblue", RGBA(bytes: 100, 149, 237)),
    ("cornsilk", RGBA(bytes: 255, 248, 220)),
    ("crimson", RGBA(bytes: 220, 20, 60)),
    ("cyan", RGBA(bytes: 0, 255, 255)),
    ("darkblue", RGBA(bytes: 0, 0, 139)),
    ("darkcyan", RGBA(bytes: 0, 139, 139)),
    ("darkgoldenrod", RGBA(bytes: 184, 134, 11)),
    ("darkgray", RGBA(bytes: 169, 169, 169)),
    ("darkgreen", RGBA(bytes: 0, 100, 0)),
    ("darkgrey", RGBA(bytes: 169, 169, 169)),
    ("darkkhaki", RGBA(bytes: 189, 183, 107)),
    ("darkmagenta", RGBA(bytes: 139, 0, 139)),
    ("darkolivegreen", RGBA(bytes: 85, 107, 47)),
    ("darkorange", RGBA(bytes: 255, 140, 0)),
    ("darkorchid", RGBA(bytes: 153, 50, 204)),
    ("darkred", RGBA(bytes: 139, 0, 0)),
    ("darksalmon", RGBA(bytes: 233, 150, 122)),
    ("darkseagreen", RGBA(bytes: 143, 188, 143)),
    ("darkslateblue", RGBA(bytes: 72, 61, 139)),
    ("darkslategray", RGBA(bytes: 47, 79, 79)),
    ("darkslategrey", RGBA(bytes: 47, 79, 79)),
    ("darkturquoise", RGBA(bytes: 0, 206, 209)),
    ("darkviolet", RGBA(bytes: 148, 0, 211)),
    ("deeppink", RGBA(bytes: 255, 20, 147)),
    ("deepskyblue", RGBA(bytes: 0, 191, 255)),
    ("dimgray", RGBA(bytes: 105, 105, 105)),
    ("dimgrey", RGBA(bytes: 105, 105, 105)),
    ("dodgerblue", RGBA(bytes: 30, 144, 255)),
    ("firebrick", RGBA(bytes: 178, 34, 34)),
    ("floralwhite", RGBA(bytes: 255, 250, 240)),
    ("forestgreen", RGBA(bytes: 34, 139, 34)),
    ("fuchsia", RGBA(bytes: 255, 0, 255)),
    ("gainsboro", RGBA(bytes: 220, 220, 220)),
    ("ghostwhite", RGBA(bytes: 248, 248, 255)),
    ("gold", RGBA(bytes: 255, 215, 0)),
    ("goldenrod", RGBA(bytes: 218, 165, 32)),
    ("gray", RGBA(bytes: 128, 128, 128)),
    ("green", RGBA(bytes: 0, 128, 0)),
    ("greenyellow", RGBA(bytes: 173, 255, 47)),
    ("grey", RGBA(bytes: 128, 128, 128)),
    ("honeydew", RGBA(bytes: 240, 255, 240)),
    ("hotpink", RGBA(bytes: 255, 105, 180)),
    ("indianred", RGBA(bytes: 205, 92, 92)),
    ("indigo", RGBA(bytes: 75, 0, 130)),
    ("ivory", RGBA(bytes: 255, 255, 240)),
    ("khaki", RGBA(bytes: 240, 230, 140)),
    ("lavender", RGBA(bytes: 230, 230, 250)),
    ("lavenderblush", RGBA(bytes: 255, 240, 245)),
    ("lawngreen", RGBA(bytes: 124, 252, 0)),
    ("lemonchiffon", RGBA(bytes: 255, 250, 205)),
    ("lightblue", RGBA(bytes: 173, 216, 230)),
    ("lightcoral", RGBA(bytes: 240, 128, 128)),
    ("lightcyan", RGBA(bytes: 224, 255, 255)),
    ("lightgoldenrodyellow", RGBA(bytes: 250, 250, 210)),
    ("lightgray", RGBA(bytes: 211, 211, 211)),
    ("lightgreen", RGBA(bytes: 144, 238, 144)),
    ("lightgrey", RGBA(bytes: 211, 211, 211)),
    ("lightpink", RGBA(bytes: 255, 182, 193)),
    ("lightsalmon", RGBA(bytes: 255, 160, 122)),
    ("lightseagreen", RGBA(bytes: 32, 178, 170)),
    ("lightskyblue", RGBA(bytes: 135, 206, 250)),
    ("lightslategray", RGBA(bytes: 119, 136, 153)),
    ("lightslategrey", RGBA(bytes: 119, 136, 153)),
    ("lightsteelblue", RGBA(bytes: 176, 196, 222)),
    ("lightyellow", RGBA(bytes: 255, 255, 224)),
    ("lime", RGBA(bytes: 0, 255, 0)),
    ("limegreen", RGBA(bytes: 50, 205, 50)),
    ("linen", RGBA(bytes: 250, 240, 230)),
    ("magenta", RGBA(bytes: 255, 0, 255)),
    ("maroon", RGBA(bytes: 128, 0, 0)),
    ("mediumaquamarine", RGBA(bytes: 102, 205, 170)),
    ("mediumblue", RGBA(bytes: 0, 0, 205)),
    ("mediumorchid", RGBA(bytes: 186, 85, 211)),
    ("mediumpurple", RGBA(bytes: 147, 112, 219)),
    ("mediumseagreen", RGBA(bytes: 60, 179, 113)),
    ("mediumslateblue", RGBA(bytes: 123, 104, 238)),
    ("mediumspringgreen", RGBA(bytes: 0, 250, 154)),
    ("mediumturquoise", RGBA(bytes: 72, 209, 204)),
    ("mediumvioletred", RGBA(bytes: 199, 21, 133)),
    ("midnightblue", RGBA(bytes: 25, 25, 112)),
    ("mintcream", RGBA(bytes: 245, 255, 250)),
    ("mistyrose", RGBA(bytes: 255, 228, 225)),
    ("moccasin", RGBA(bytes: 255, 228, 181)),
    ("navajowhite", RGBA(bytes: 255, 222, 173)),
    ("navy", RGBA(bytes: 0, 0, 128)),
    ("oldlace", RGBA(bytes: 253, 245, 230)),
    ("olive", RGBA(bytes: 128, 128, 0)),
    ("olivedrab", RGBA(bytes: 107, 142, 35)),
    ("orange", RGBA(bytes: 255, 165, 0)),
    ("orangered", RGBA(bytes: 255, 69, 0)),
    ("orchid", RGBA(bytes: 218, 112, 214)),
    ("palegoldenrod", RGBA(bytes: 238, 232, 170)),
    ("palegreen", RGBA(bytes: 152, 251, 152)),
    ("paleturquoise", RGBA(bytes: 175, 238, 238)),
    ("palevioletred", RGBA(bytes: 219, 112, 147)),
    ("papayawhip", RGBA(bytes: 255, 239, 213)),
    ("peachpuff", RGBA(bytes: 255, 218, 185)),
    ("peru", RGBA(bytes: 205, 133, 63)),
    ("pink", RGBA(bytes: 255, 192, 203)),
    ("plum", RGBA(bytes: 221, 160, 221)),
    ("powderblue", RGBA(bytes: 176, 224, 230)),
    ("purple", RGBA(bytes: 128, 0, 128)),
    ("rebeccapurple", RGBA(bytes: 102, 51, 153)),
    ("red", RGBA(bytes: 255, 0, 0)),
    ("rosybrown", RGBA(bytes: 188, 143, 143)),
    ("royalblue", RGBA(bytes: 65, 105, 225)),
    ("saddlebrown", RGBA(bytes: 139, 69, 19)),
    ("salmon", RGBA(bytes: 250, 128, 114)),
    ("sandybrown", RGBA(bytes: 244, 164, 96)),
    ("seagreen", RGBA(bytes: 46, 139, 87)),
    ("seashell", RGBA(bytes: 255, 245, 238)),
    ("sienna", RGBA(bytes: 160, 82, 45)),
    ("silver", RGBA(bytes: 192, 192, 192)),
    ("skyblue", RGBA(bytes: 135, 206, 235)),
    ("slateblue", RGBA(bytes: 106, 90, 205)),
    ("slategray", RGBA(bytes: 112, 128, 144)),
    ("slategrey", RGBA(bytes: 112, 128, 144)),
    ("snow", RGBA(bytes: 255, 250, 250)),
    ("springgreen", RGBA(bytes: 0, 255, 127)),
    ("steelblue", RGBA(bytes: 70, 130, 180)),
    ("tan", RGBA(bytes: 210, 180, 140)),
    ("teal", RGBA(bytes: 0, 128, 128)),
    ("thistle", RGBA(bytes: 216, 191, 216)),
    ("tomato", RGBA(bytes: 255, 99, 71)),
    ("transparent", RGBA(0, 0, 0, 0)),
    ("turquoise", RGBA(bytes: 64, 224, 208)),
    ("violet", RGBA(bytes: 238, 130, 238)),
    ("wheat", RGBA(bytes: 245, 222, 179)),
    ("white", RGBA(bytes: 255, 255, 255)),
    ("whitesmoke", RGBA(bytes: 245, 245, 245)),
    ("yellow", RGBA(bytes: 255, 255, 0)),
    ("yellowgreen", RGBA(bytes: 154, 205, 50)),
]
