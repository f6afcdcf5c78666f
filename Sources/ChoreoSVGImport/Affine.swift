import ChoreoTimeline
import Foundation

/// An SVG transform matrix `[a b c d e f]`: x' = a x + c y + e, y' = b x + d y + f.
struct Affine: Equatable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

    static let identity = Affine()

    static func translate(_ x: Double, _ y: Double) -> Affine { Affine(e: x, f: y) }
    static func scale(_ x: Double, _ y: Double) -> Affine { Affine(a: x, d: y) }
    static func rotate(degrees: Double) -> Affine {
        let radians = degrees * .pi / 180
        return Affine(a: cos(radians), b: sin(radians), c: -sin(radians), d: cos(radians))
    }

    /// `self` after `other`: a point goes through `other` first.
    func concatenating(_ other: Affine) -> Affine {
        Affine(
            a: a * other.a + c * other.b, b: b * other.a + d * other.b,
            c: a * other.c + c * other.d, d: b * other.c + d * other.d,
            e: a * other.e + c * other.f + e, f: b * other.e + d * other.f + f)
    }

    func apply(_ point: Point) -> Point { Point(a * point.x + c * point.y + e, b * point.x + d * point.y + f) }
    func applyLinear(_ vector: Point) -> Point { Point(a * vector.x + c * vector.y, b * vector.x + d * vector.y) }

    var determinant: Double { a * d - b * c }
    var isIdentity: Bool { self == .identity || (isTranslation && abs(e) < 1e-12 && abs(f) < 1e-12) }
    var isTranslation: Bool { abs(a - 1) < 1e-12 && abs(d - 1) < 1e-12 && abs(b) < 1e-12 && abs(c) < 1e-12 }

    /// Rotation (degrees, clockwise on screen) and one scale, when the matrix is a move, a turn
    /// and an even scale (no skew, no mirror, no uneven scale): what position/rotation/scale say.
    var similarity: (rotation: Double, scale: Double)? {
        let scale = (a * a + b * b).squareRoot()
        guard scale > 1e-12, abs(a - d) <= 1e-9 * max(1, scale), abs(b + c) <= 1e-9 * max(1, scale) else { return nil }
        return (atan2(b, a) * 180 / .pi, scale)
    }

    /// The inverse; nil when the matrix flattens the plane.
    var inverted: Affine? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-300 else { return nil }
        let a2 = d / det, b2 = -b / det, c2 = -c / det, d2 = a / det
        return Affine(a: a2, b: b2, c: c2, d: d2, e: -(a2 * e + c2 * f), f: -(b2 * e + d2 * f))
    }

    /// The matrix as a move, a turn (degrees) and a scale along each axis after it, followed by
    /// what is left, which only turns or mirrors (keeps lengths): `translate · rotate · scale · rest`.
    /// A circle under `rest` is a circle, so a node placed by the first three draws an ellipse
    /// the matrix makes as the circle it is in the node's own coordinates.
    var axisDecomposition: (rotation: Double, scale: Point, rest: Affine)? {
        // The axes of L·Lᵀ are where the matrix stretches most and least.
        let p = a * a + c * c, q = a * b + c * d, r = b * b + d * d
        let angle = 0.5 * atan2(2 * q, p - r)
        let cosine = cos(angle), sine = sin(angle)
        let first = (p * cosine * cosine + 2 * q * cosine * sine + r * sine * sine).squareRoot()
        let second = (p * sine * sine - 2 * q * cosine * sine + r * cosine * cosine).squareRoot()
        guard first.isFinite, second.isFinite, first > 1e-12, second > 1e-12 else { return nil }
        let rest = Affine.scale(1 / first, 1 / second).concatenating(Affine.rotate(degrees: -angle * 180 / .pi)).concatenating(Affine(a: a, b: b, c: c, d: d))
        return (angle * 180 / .pi, Point(first, second), rest)
    }

    /// An even scale and its mirror-free axis scales, when the matrix only scales (no rotation).
    var axisScale: (x: Double, y: Double)? {
        guard abs(b) < 1e-12, abs(c) < 1e-12, a > 0, d > 0 else { return nil }
        return (a, d)
    }
}

/// Reads an SVG `transform` list; nil when it is malformed (SVG then ignores the whole attribute).
func parseTransform(_ text: String) -> Affine? {
    var bytes = text
    if bytes.withUTF8({ $0.allSatisfy { $0 < 0x80 } }) { return parseASCIITransform(text) }
    var result = Affine.identity
    var rest = Substring(text)
    while true {
        rest = rest.drop(while: { $0.isWhitespace || $0 == "," })
        if rest.isEmpty { return result }
        guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { return nil }
        let name = trimmedSpacesAndTabs(rest[..<open])
        guard let numbers = parseNumberList(String(rest[rest.index(after: open)..<close])) else { return nil }
        guard let function = TransformFunction(rawValue: name),
            let step = numbers.withUnsafeBufferPointer({ transformStep(function, $0) })
        else { return nil }
        result = result.concatenating(step)
        rest = rest[rest.index(after: close)...]
    }
}

/// `parseTransform` for ASCII text, on the bytes: there each character is one byte, and the
/// whitespace `Character.isWhitespace` skips is tab to carriage return and space.
private func parseASCIITransform(_ text: String) -> Affine? {
    var text = text
    return text.withUTF8 { bytes -> Affine? in
        var result = Affine.identity
        var position = 0
        while true {
            while position < bytes.count, (bytes[position] >= 9 && bytes[position] <= 13) || bytes[position] == 32 || bytes[position] == UInt8(ascii: ",") {
                position += 1
            }
            if position >= bytes.count { return result }
            guard let open = (position..<bytes.count).first(where: { bytes[$0] == UInt8(ascii: "(") }),
                let close = (open..<bytes.count).first(where: { bytes[$0] == UInt8(ascii: ")") })
            else { return nil }
            var nameStart = position, nameEnd = open
            while nameStart < nameEnd, bytes[nameStart] == 32 || bytes[nameStart] == 9 { nameStart += 1 }
            while nameEnd > nameStart, bytes[nameEnd - 1] == 32 || bytes[nameEnd - 1] == 9 { nameEnd -= 1 }
            let arguments = UnsafeBufferPointer(rebasing: bytes[open + 1..<close])
            guard let function = TransformFunction(ascii: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd])) else { return nil }
            // No function takes more than six numbers: a seventh makes the list invalid, so the
            // numbers fit a buffer on the stack.
            let step = withUnsafeTemporaryAllocation(of: Double.self, capacity: maxTransformNumbers) { numbers -> Affine? in
                var count = 0
                var cursor = 0
                while true {
                    PathDataReader.skipSeparators(in: arguments, at: &cursor)
                    if cursor >= arguments.count { break }
                    guard count < maxTransformNumbers, let value = PathDataReader.readNumber(in: arguments, at: &cursor), value.isFinite else { return nil }
                    numbers.initializeElement(at: count, to: value)
                    count += 1
                }
                return transformStep(function, UnsafeBufferPointer(rebasing: numbers[..<count]))
            }
            guard let step else { return nil }
            result = result.concatenating(step)
            position = close + 1
        }
    }
}

/// The most numbers a transform function takes (`matrix`).
private let maxTransformNumbers = 6

/// A transform function's name.
private enum TransformFunction: String, CaseIterable {
    case matrix, translate, scale, rotate, skewX, skewY

    /// The raw values' bytes, made once: a name is compared with them length first, without a
    /// `String` of each raw value per comparison.
    private static let asciiNames: [(function: TransformFunction, bytes: [UInt8])] = allCases.map { ($0, Array($0.rawValue.utf8)) }

    /// The name in ASCII bytes, compared as bytes (for ASCII, the same as comparing strings).
    init?(ascii name: UnsafeBufferPointer<UInt8>) {
        let found = Self.asciiNames.withUnsafeBufferPointer { names in
            names.firstIndex { $0.bytes.count == name.count && $0.bytes.elementsEqual(name) }.map { names[$0].function }
        }
        guard let found else { return nil }
        self = found
    }
}

/// One transform function of a list, nil for the wrong count of numbers.
private func transformStep(_ function: TransformFunction, _ numbers: UnsafeBufferPointer<Double>) -> Affine? {
    switch (function, numbers.count) {
    case (.matrix, 6): return Affine(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], e: numbers[4], f: numbers[5])
    case (.translate, 1): return .translate(numbers[0], 0)
    case (.translate, 2): return .translate(numbers[0], numbers[1])
    case (.scale, 1): return .scale(numbers[0], numbers[0])
    case (.scale, 2): return .scale(numbers[0], numbers[1])
    case (.rotate, 1): return .rotate(degrees: numbers[0])
    case (.rotate, 3):
        return Affine.translate(numbers[1], numbers[2]).concatenating(.rotate(degrees: numbers[0]))
            .concatenating(.translate(-numbers[1], -numbers[2]))
    case (.skewX, 1): return Affine(c: tan(numbers[0] * .pi / 180))
    case (.skewY, 1): return Affine(b: tan(numbers[0] * .pi / 180))
    default: return nil
    }
}

/// CSS's `transform` property (a style sheet's or `style=""`'s), which SVG 2 lets replace the
/// attribute: `none`, or SVG's functions with their arguments separated by commas, lengths
/// unitless or in `px`, angles unitless or in `deg`, `rad`, `grad` or `turn`, and `translateX`,
/// `translateY`, `scaleX` and `scaleY`. Nil for anything else, which the cascade drops.
func parseCSSTransform(_ text: String) -> Affine? {
    var rest = trimmedWhitespace(text)
    if rest == "none" { return .identity }
    var result = Affine.identity
    while true {
        rest = trimmedWhitespace(rest)
        if rest.isEmpty { return result }
        guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { return nil }
        let name = trimmedWhitespace(rest[..<open])
        var numbers: [Double] = []
        for argument in rest[rest.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false) {
            guard let number = cssTransformArgument(trimmedWhitespace(argument)) else { return nil }
            numbers.append(number)
        }
        let function: TransformFunction
        switch name {
        case "translateX": (function, numbers) = (.translate, numbers.count == 1 ? [numbers[0], 0] : [])
        case "translateY": (function, numbers) = (.translate, numbers.count == 1 ? [0, numbers[0]] : [])
        case "scaleX": (function, numbers) = (.scale, numbers.count == 1 ? [numbers[0], 1] : [])
        case "scaleY": (function, numbers) = (.scale, numbers.count == 1 ? [1, numbers[0]] : [])
        default:
            guard let named = TransformFunction(rawValue: String(name)), named != .rotate || numbers.count == 1 else { return nil }
            function = named
        }
        guard let step = numbers.withUnsafeBufferPointer({ transformStep(function, $0) }) else { return nil }
        result = result.concatenating(step)
        rest = rest[rest.index(after: close)...]
    }
}

/// One argument of a CSS transform function in user units or degrees.
private func cssTransformArgument(_ text: Substring) -> Double? {
    let units: [(suffix: String, factor: Double)] = [("px", 1), ("deg", 1), ("grad", 0.9), ("rad", 180 / .pi), ("turn", 360)]
    for (suffix, factor) in units where text.hasSuffix(suffix) {
        return parseSingleNumber(text.dropLast(suffix.count)).map { $0 * factor }
    }
    return parseSingleNumber(text)
}

/// Numbers separated by whitespace and/or commas, in SVG's number syntax (`1e-3`, `.5.5`).
func parseNumberList(_ text: String) -> [Double]? {
    var text = text
    return text.withUTF8 { bytes in
        var numbers: [Double] = []
        var position = 0
        while true {
            PathDataReader.skipSeparators(in: bytes, at: &position)
            if position >= bytes.count { return numbers }
            guard let value = PathDataReader.readNumber(in: bytes, at: &position), value.isFinite else { return nil }
            numbers.append(value)
        }
    }
}

/// The one number `text` holds between separators, as `parseNumberList` reads it; nil for none,
/// several or an invalid one. Read in place: no array, as a length is read for every attribute.
func parseSingleNumber(_ text: Substring) -> Double? {
    var text = text
    return text.withUTF8 { singleNumber(in: $0) }
}

private func singleNumber(in bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var position = 0
    PathDataReader.skipSeparators(in: bytes, at: &position)
    guard let value = PathDataReader.readNumber(in: bytes, at: &position), value.isFinite else { return nil }
    PathDataReader.skipSeparators(in: bytes, at: &position)
    return position >= bytes.count ? value : nil
}

/// The numbers of a list up to the first that is not one (SVG draws what comes before an error).
func numberListPrefix(_ text: String) -> [Double] {
    var numbers: [Double] = []
    for piece in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "\r" }) {
        guard let parsed = parseNumberList(String(piece)) else { break }
        numbers += parsed
    }
    return numbers
}

private let lengthUnits: [(String, Double)] = [("px", 1), ("pt", 4.0 / 3), ("pc", 16), ("mm", 96 / 25.4), ("cm", 96 / 2.54), ("in", 96)]

/// A length in user units: plain numbers and `px`; `pt`, `pc`, `mm`, `cm`, `in` converted at
/// 96 dpi; a percentage of `reference`. Nil for what has no fixed size here (`em`, `auto`).
func parseLength(_ text: String?, percentOf reference: Double = 0) -> Double? {
    guard var written = text else { return nil }
    if let length = written.withUTF8({ asciiLength($0, percentOf: reference) }) { return length }
    let trimmed = trimmedWhitespace(written)
    guard !trimmed.isEmpty else { return nil }
    var factor = 1.0
    var number = trimmed
    if trimmed.utf8.allSatisfy({ $0 < 0x80 }) {
        // ASCII: a suffix of characters is a suffix of bytes, with no `String` per test.
        let utf8 = trimmed.utf8
        let last = utf8[utf8.index(before: utf8.endIndex)]
        if last == UInt8(ascii: "%") {
            number = trimmed.dropLast()
            factor = reference / 100
        } else if utf8.count >= 2, last >= 97, last <= 122 {
            let unit = (utf8[utf8.index(utf8.endIndex, offsetBy: -2)], last)
            for (name, scale) in lengthUnitBytes where name == unit {
                number = trimmed.dropLast(2)
                factor = scale
                break
            }
        }
    } else {
        var text = String(trimmed)
        if text.hasSuffix("%") {
            text.removeLast()
            factor = reference / 100
        } else {
            for (unit, scale) in lengthUnits where text.hasSuffix(unit) {
                text.removeLast(unit.count)
                factor = scale
                break
            }
        }
        number = Substring(text)
    }
    return parseSingleNumber(number).map { $0 * factor }
}

/// What lengths in units of the font and of the viewport are of, beyond what `parseLength` reads.
struct RelativeLengths {
    /// The root element's font size, what `rem` is of.
    var rootFontSize: Double = 16
    /// The root viewport in user units, what `vw`, `vh`, `vi`, `vb`, `vmin` and `vmax` are of.
    var viewport = Point(100, 100)
}

/// Units of a font's metrics, which the importer, without the font, cannot size.
let fontMetricUnits = ["ch", "ic", "rlh", "lh", "cap"]

/// A length in a unit `parseLength` does not read: `em` of `fontSize`, `ex` as half an `em` (as
/// resvg takes it: the importer has no font to measure an x-height in), `rem`, `Q` (a quarter of
/// a millimetre) and the viewport's units; nil for any other text. Asked only once `parseLength`
/// has found no length, so the font size is worked out only for such text.
func relativeLength(_ text: String?, fontSize: () -> Double, relativeTo lengths: RelativeLengths) -> Double? {
    guard let text else { return nil }
    let trimmed = trimmedWhitespace(text)
    // Longer suffixes first: `rem` before `em`, `vmin` before `vi`'s and `vh`'s neighbours.
    let suffixes = ["rem", "em", "ex", "Q", "vmin", "vmax", "vw", "vh", "vi", "vb"]
    guard let suffix = suffixes.first(where: { trimmed.hasSuffix($0) }), let number = parseSingleNumber(trimmed.dropLast(suffix.count)) else { return nil }
    let viewport = lengths.viewport
    switch suffix {
    case "rem": return number * lengths.rootFontSize
    case "em": return number * fontSize()
    case "ex": return number * fontSize() / 2
    case "Q": return number * 96 / 25.4 / 4
    case "vmin": return number * min(viewport.x, viewport.y) / 100
    case "vmax": return number * max(viewport.x, viewport.y) / 100
    case "vw", "vi": return number * viewport.x / 100
    default: return number * viewport.y / 100
    }
}

/// The unit of a font's metrics `text` is in (`9ch`), nil for any other text.
func fontMetricUnit(_ text: String) -> String? {
    let trimmed = trimmedWhitespace(text)
    guard let unit = fontMetricUnits.first(where: { trimmed.hasSuffix($0) }), parseSingleNumber(trimmed.dropLast(unit.count)) != nil else { return nil }
    return unit
}

/// `parseLength` of ASCII text, read on its bytes in one pass (a length is read for most
/// attributes of every shape); nil (rather than a nil length) for other text.
private func asciiLength(_ bytes: UnsafeBufferPointer<UInt8>, percentOf reference: Double) -> Double?? {
    // Most lengths of an export are whole numbers of a few digits (`12`, `1`): their value is the
    // integer, exact in a double up to 15 digits, which is what the number reader would make of it.
    if bytes.count > 0, bytes.count <= 15 {
        var integer = 0
        var index = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            integer = integer * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
            index += 1
        }
        if index == bytes.count { return .some(Double(integer)) }
    }
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 12 }
    var start = 0, end = bytes.count
    while start < end, isSpace(bytes[start]) { start += 1 }
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    guard start < end else { return .some(nil) }
    var factor = 1.0
    let last = bytes[end - 1]
    if last == UInt8(ascii: "%") {
        end -= 1
        factor = reference / 100
    } else if end - start >= 2, last >= 97, last <= 122 {
        for (name, scale) in lengthUnitBytes where name == (bytes[end - 2], last) {
            end -= 2
            factor = scale
            break
        }
    }
    return .some(singleNumber(in: UnsafeBufferPointer(rebasing: bytes[start..<end])).map { $0 * factor })
}

private let lengthUnitBytes: [((UInt8, UInt8), Double)] = lengthUnits.map { unit, scale in
    let bytes = Array(unit.utf8)
    return ((bytes[0], bytes[1]), scale)
}
