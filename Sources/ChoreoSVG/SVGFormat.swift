import ChoreoJSON
import ChoreoTimeline
import Foundation

/// `dur` in seconds with microsecond digits: key times are fractions of it, so a rounded `dur`
/// would move every key (at 3 decimals a 1.166667 s timeline put its jumps a frame-sized sliver
/// late, and a browser seeking to the frame of a jump showed the value before it).
func durationText(_ seconds: Double) -> String { formatNumber(seconds, decimals: 6) }

/// `keyTimes`: key times of events at `fractions × duration` on a timeline of `duration` seconds,
/// joined by `;` (keyframes keep fractions of their played span).
///
/// 5 decimals keep a 100 s timeline within 1 ms. Every inner key time is rounded *down*, from at
/// least 2 µs before its instant: a value changes no later than its instant, so seeking to the
/// exact frame of a jump shows the value after it, as `value(at:)` does, although browsers keep
/// SMIL times in whole microseconds (Chromium truncates `setCurrentTime(1/60)` to 16666 µs) and
/// key times in single precision. The first is 0; with `lastIsEnd` (every calcMode but discrete)
/// the last is 1. `writtenDuration` is `writtenDuration(duration)`.
func appendKeyTimes(_ fractions: [Double], duration: Double, writtenDuration: Double, lastIsEnd: Bool, to out: inout [UInt8]) {
    for index in fractions.indices {
        if index > 0 { out.append(UInt8(ascii: ";")) }
        appendKeyTime(at: index, of: fractions.count, time: fractions[index] * duration, writtenDuration: writtenDuration, lastIsEnd: lastIsEnd, to: &out)
    }
}

/// The duration as `dur` says it (`durationText` read back): key times are fractions of that.
func writtenDuration(_ duration: Double) -> Double { Double(durationText(duration)) ?? duration }

@inline(__always)
private func appendKeyTime(at index: Int, of count: Int, time: Double, writtenDuration written: Double, lastIsEnd: Bool, to out: inout [UInt8]) {
    if index == 0 {
        out.append(UInt8(ascii: "0"))
    } else if lastIsEnd && index == count - 1 {
        out.append(UInt8(ascii: "1"))
    } else {
        let margin = written > 0 ? max(1e-7, 2e-6 / written) : 0
        let fraction = min(max(time / written - margin, 0), 1)
        appendFormattedNumber((fraction * 100_000).rounded(.down) / 100_000, decimals: 5, to: &out)
    }
}

/// `rgb(r,g,b)` with 0…255 integers: the SVG 1.1 colour syntax every renderer (and SMIL colour
/// interpolation) accepts. Alpha goes to the matching `*-opacity` property.
func svgColor(_ color: RGBA) -> String {
    var bytes: [UInt8] = []
    appendSVGColor(color, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// `svgColor` appended as UTF-8.
func appendSVGColor(_ color: RGBA, to out: inout [UInt8]) {
    func byte(_ component: Double) {
        appendFormattedNumber(min(max(component, 0), 1) * 255, decimals: 0, to: &out)
    }
    out.append(contentsOf: "rgb(".utf8)
    byte(color.r)
    out.append(UInt8(ascii: ","))
    byte(color.g)
    out.append(UInt8(ascii: ","))
    byte(color.b)
    out.append(UInt8(ascii: ")"))
}

/// An opacity (alpha) clamped into 0…1, with 3 decimals, appended as UTF-8.
func appendSVGOpacity(_ alpha: Double, to out: inout [UInt8]) {
    appendFormattedNumber(min(max(alpha, 0), 1), decimals: 3, to: &out)
}

/// A number with `formatNumber`'s 3 decimals, appended as UTF-8 (a track's value format).
func appendSVGNumber(_ value: Double, to out: inout [UInt8]) {
    appendFormattedNumber(value, decimals: 3, to: &out)
}

/// 10 to the power of the decimals `appendSVGNumber` writes: a length that must not round down is
/// rounded up to a multiple of its inverse first.
let svgNumberScale = 1000.0

/// `x y`, each with 3 decimals: a point's value in `translate` and `scale` animations.
func appendSVGPoint(_ point: Point, to out: inout [UInt8]) {
    appendFormattedNumber(point.x, decimals: 3, to: &out)
    out.append(UInt8(ascii: " "))
    appendFormattedNumber(point.y, decimals: 3, to: &out)
}

/// `x y` of a scale: seven significant digits (three decimals at least), so that a drawing
/// scaled by it stays within a tenth of a pixel of its place across a canvas of a million pixels
/// (`scale(0.14959)` of an imported icon is not `0.15`, which draws it 0.3 % too large).
func appendSVGScale(_ point: Point, to out: inout [UInt8]) {
    appendFormattedNumber(point.x, decimals: significantDecimals(point.x), to: &out)
    out.append(UInt8(ascii: " "))
    appendFormattedNumber(point.y, decimals: significantDecimals(point.y), to: &out)
}

/// An angle in degrees with five decimals: a turn off by half their last digit moves a point a
/// million pixels from the centre by less than a tenth of a pixel.
func appendSVGAngle(_ degrees: Double, to out: inout [UInt8]) {
    appendFormattedNumber(degrees, decimals: 5, to: &out)
}

/// The decimals that give `value` seven significant digits, from three to nine (the most the
/// number formatter writes).
private func significantDecimals(_ value: Double) -> Int {
    let magnitude = abs(value)
    guard magnitude.isFinite, magnitude > 0 else { return 3 }
    let integerDigits = Int(log10(magnitude).rounded(.down)) + 1
    return min(max(7 - integerDigits, 3), 9)
}

/// Absolute path data for an outline: `M` then one segment per edge, `Z` for closed contours.
/// With `curvesOnly` every edge is a `C` (even straight ones), so that any two outlines with the
/// same vertex counts have identical command lists, as SMIL `d` interpolation requires. Appended
/// as UTF-8, each number straight into the buffer.
func appendSVGPathData(_ shape: PathShape, curvesOnly: Bool, to out: inout [UInt8]) {
    var empty = true
    func command(_ letter: UInt8) {
        if !empty { out.append(UInt8(ascii: " ")) }
        empty = false
        out.append(letter)
    }
    func point(_ p: Point) {
        appendFormattedNumber(p.x, decimals: 3, to: &out)
        out.append(UInt8(ascii: " "))
        appendFormattedNumber(p.y, decimals: 3, to: &out)
    }
    for contour in shape.contours {
        let vertices = contour.vertices
        guard let first = vertices.first else { continue }
        command(UInt8(ascii: "M"))
        point(first.point)
        let edgeCount = contour.closed ? vertices.count : vertices.count - 1
        for index in 0..<max(0, edgeCount) {
            let from = vertices[index], to = vertices[(index + 1) % vertices.count]
            if !curvesOnly && from.outTangent == .zero && to.inTangent == .zero {
                // `Z` draws the closing straight edge itself.
                if contour.closed && index == edgeCount - 1 { continue }
                command(UInt8(ascii: "L"))
                point(to.point)
            } else {
                command(UInt8(ascii: "C"))
                point(from.point + from.outTangent)
                out.append(UInt8(ascii: " "))
                point(to.point + to.inTangent)
                out.append(UInt8(ascii: " "))
                point(to.point)
            }
        }
        if contour.closed { command(UInt8(ascii: "Z")) }
    }
}

/// Path data of a trimmed outline; an empty trim draws nothing (a lone moveto has no caps).
func appendTrimmedPathData(_ shape: PathShape, to out: inout [UInt8]) {
    if shape.contours.isEmpty {
        out.append(contentsOf: "M0 0".utf8)
    } else {
        appendSVGPathData(shape, curvesOnly: false, to: &out)
    }
}

/// Escapes text for XML character data and attribute values: `TextEscaping.xml`, the one XML
/// escaper (per Unicode scalar; drops what XML 1.0 forbids). Every SVG and HTML writer uses it.
func xmlEscaped(_ text: String) -> String { TextEscaping.xml(text) }

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
        var bytes: [UInt8] = []
        write(into: &bytes, indent: indent)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// The same text as UTF-8 bytes: appending bytes avoids building a `String` per attribute.
    func write(into output: inout [UInt8], indent: Int) {
        for _ in 0..<indent { output.append(contentsOf: [0x20, 0x20]) }
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.utf8)
        for (key, value) in attributes {
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: key.utf8)
            output.append(contentsOf: [UInt8(ascii: "="), UInt8(ascii: "\"")])
            appendEscaped(value, to: &output)
            output.append(UInt8(ascii: "\""))
        }
        if let text {
            output.append(UInt8(ascii: ">"))
            appendEscaped(text, to: &output)
            appendClosingTag(to: &output)
        } else if let raw {
            output.append(UInt8(ascii: ">"))
            output.append(contentsOf: raw.utf8)
            appendClosingTag(to: &output)
        } else if children.isEmpty {
            output.append(contentsOf: [UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "\n")])
        } else {
            output.append(contentsOf: [UInt8(ascii: ">"), UInt8(ascii: "\n")])
            for child in children { child.write(into: &output, indent: indent + 1) }
            for _ in 0..<indent { output.append(contentsOf: [0x20, 0x20]) }
            appendClosingTag(to: &output)
        }
    }

    /// `</name>` and a line break.
    private func appendClosingTag(to output: inout [UInt8]) {
        output.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "/")])
        output.append(contentsOf: name.utf8)
        output.append(contentsOf: [UInt8(ascii: ">"), UInt8(ascii: "\n")])
    }

    var rendered: String {
        var output: [UInt8] = []
        write(into: &output, indent: 0)
        return String(decoding: output, as: UTF8.self)
    }
}

/// `TextEscaping.xml(text)` appended as UTF-8.
private func appendEscaped(_ text: String, to output: inout [UInt8]) {
    TextEscaping.appendXML(text, to: &output)
}

/// Hands out XML ids from node ids: only `[A-Za-z0-9_-]`, never starting with a digit or `-`,
/// and unique within one document (a repeated id gets `-2`, `-3`, … in document order).
struct IdAllocator {
    var prefix: String
    private var used: Set<String> = []
    private var nextSuffix: [String: Int] = [:]

    init(prefix: String) { self.prefix = prefix }

    static func sanitized(_ name: String) -> String {
        // Most ids are already XML names: returned as they are, without a scalar-by-scalar copy.
        if let first = name.utf8.first, isNameStart(first), name.utf8.allSatisfy(isNameByte) { return name }
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

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
    }

    mutating func make(_ name: String) -> String {
        let base = prefix.isEmpty ? IdAllocator.sanitized(name) : prefix + IdAllocator.sanitized(name)
        // One hash for the common case, an id not seen before.
        if used.insert(base).inserted { return base }
        // Every suffix below `nextSuffix[base]` is taken (`used` only grows), so the search starts
        // there: n copies of one id cost O(n), not O(n²) (10 rects under a 100 × 100 repeat took
        // 45 s). The ids are the same as a search from 2.
        var counter = nextSuffix[base] ?? 2
        var candidate = "\(base)-\(counter)"
        while used.contains(candidate) {
            counter += 1
            candidate = "\(base)-\(counter)"
        }
        used.insert(candidate)
        nextSuffix[base] = counter + 1
        return candidate
    }
}

/// A JavaScript string literal that is also safe inside an HTML `<script>` element and an XML
/// CDATA section: no `<`, `>` or `&` is left in it.
func jsString(_ text: String) -> String { TextEscaping.javaScriptString(text) }

/// A name from the scene as a key of a JavaScript object literal: `jsString`, but `__proto__` as a
/// computed key (`["__proto__"]`), since written plainly it sets the literal's prototype instead
/// of making an entry. The runtime copies such tables into objects without a prototype.
func jsKey(_ name: String) -> String { name == "__proto__" ? "[\(jsString(name))]" : jsString(name) }
