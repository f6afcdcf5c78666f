import ChoreoTimeline

/// Formats a number exactly as `ChoreoJSON.formatNumber` does (at most `decimals` digits after the
/// point, half away from zero, trailing zeros dropped, never `-0`, never an exponent).
///
/// A private copy only because ChoreoSVG does not depend on ChoreoJSON yet; once the package
/// declares that dependency this should call `formatNumber` so there is one formatter.
func svgNumber(_ value: Double, decimals: Int = 3) -> String {
    guard value.isFinite else { return "0" }
    let places = max(0, min(decimals, 9))
    var scale: Double = 1
    for _ in 0..<places { scale *= 10 }
    let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
    if scaled == 0 { return "0" }
    if abs(scaled) >= 9_007_199_254_740_992 {
        return wholeNumberDigits(value.rounded(.toNearestOrAwayFromZero))
    }
    let negative = scaled < 0
    var magnitude = UInt64(abs(scaled))
    let divisor = UInt64(scale)
    let integerPart = magnitude / divisor
    magnitude %= divisor
    var text = negative ? "-" : ""
    text += String(integerPart)
    if magnitude > 0 {
        var fraction = String(magnitude)
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        text += "." + fraction
    }
    return text
}

private func wholeNumberDigits(_ value: Double) -> String {
    if abs(value) < 9.2e18 { return String(Int64(value)) }
    var digits: [Character] = []
    var rest = abs(value)
    while rest >= 1 {
        let digit = Int(rest.truncatingRemainder(dividingBy: 10))
        digits.append(Character(String(digit)))
        rest = (rest / 10).rounded(.down)
    }
    return (value < 0 ? "-" : "") + String(digits.reversed())
}

/// Key times are fractions of the whole global timeline, so they need more digits than
/// coordinates: 5 decimals keep a 100 s timeline within 1 ms.
func keyTimeNumber(_ fraction: Double) -> String { svgNumber(fraction, decimals: 5) }

/// `rgb(r,g,b)` with 0…255 integers: the SVG 1.1 colour syntax every renderer (and SMIL colour
/// interpolation) accepts. Alpha goes to the matching `*-opacity` property.
func svgColor(_ color: RGBA) -> String {
    func byte(_ component: Double) -> String {
        svgNumber(min(max(component, 0), 1) * 255, decimals: 0)
    }
    return "rgb(\(byte(color.r)),\(byte(color.g)),\(byte(color.b)))"
}

func svgOpacity(_ alpha: Double) -> String { svgNumber(min(max(alpha, 0), 1)) }

/// Absolute path data for an outline: `M` then one segment per edge, `Z` for closed contours.
/// With `curvesOnly` every edge is a `C` (even straight ones), so that any two outlines with the
/// same vertex counts have identical command lists, as SMIL `d` interpolation requires.
func svgPathData(_ shape: PathShape, curvesOnly: Bool) -> String {
    var parts: [String] = []
    func point(_ p: Point) -> String { "\(svgNumber(p.x)) \(svgNumber(p.y))" }
    for contour in shape.contours {
        let vertices = contour.vertices
        guard let first = vertices.first else { continue }
        parts.append("M\(point(first.point))")
        let edgeCount = contour.closed ? vertices.count : vertices.count - 1
        for index in 0..<max(0, edgeCount) {
            let from = vertices[index], to = vertices[(index + 1) % vertices.count]
            if !curvesOnly && from.outTangent == .zero && to.inTangent == .zero {
                // `Z` draws the closing straight edge itself.
                if contour.closed && index == edgeCount - 1 { continue }
                parts.append("L\(point(to.point))")
            } else {
                parts.append("C\(point(from.point + from.outTangent)) \(point(to.point + to.inTangent)) \(point(to.point))")
            }
        }
        if contour.closed { parts.append("Z") }
    }
    return parts.joined(separator: " ")
}

/// Escapes text for use in XML character data and attribute values.
func xmlEscaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.count)
    for character in text {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&apos;"
        default: result.append(character)
        }
    }
    return result
}

/// A minimal XML element tree, written with two-space indentation and attributes in the order
/// given, so output is deterministic.
struct Markup {
    var name: String
    var attributes: [(String, String)]
    var children: [Markup]
    var text: String?
    /// Pre-escaped content written verbatim (CSS in `<style>`).
    var raw: String?

    init(_ name: String, _ attributes: [(String, String)] = [], children: [Markup] = [], text: String? = nil, raw: String? = nil) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
        self.raw = raw
    }

    func write(into output: inout String, indent: Int) {
        let padding = String(repeating: "  ", count: indent)
        output += padding + "<" + name
        for (key, value) in attributes { output += " \(key)=\"\(xmlEscaped(value))\"" }
        if let text {
            output += ">" + xmlEscaped(text) + "</\(name)>\n"
        } else if let raw {
            output += ">" + raw + "</\(name)>\n"
        } else if children.isEmpty {
            output += "/>\n"
        } else {
            output += ">\n"
            for child in children { child.write(into: &output, indent: indent + 1) }
            output += padding + "</\(name)>\n"
        }
    }

    var rendered: String {
        var output = ""
        write(into: &output, indent: 0)
        return output
    }
}

/// Hands out XML ids from node ids: only `[A-Za-z0-9_-]`, never starting with a digit or `-`,
/// and unique within one document (a repeated id gets `-2`, `-3`, … in document order).
struct IdAllocator {
    var prefix: String
    private var used: Set<String> = []

    init(prefix: String) { self.prefix = prefix }

    static func sanitized(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            let ok = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || scalar == "_" || scalar == "-"
            result.unicodeScalars.append(ok ? scalar : "_")
        }
        if result.isEmpty { result = "node" }
        if let first = result.unicodeScalars.first, !((first >= "a" && first <= "z") || (first >= "A" && first <= "Z") || first == "_") {
            result = "_" + result
        }
        return result
    }

    mutating func make(_ name: String) -> String {
        let base = prefix + IdAllocator.sanitized(name)
        var candidate = base
        var counter = 2
        while used.contains(candidate) {
            candidate = "\(base)-\(counter)"
            counter += 1
        }
        used.insert(candidate)
        return candidate
    }
}
