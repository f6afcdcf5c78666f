import ChoreoTimeline
import Foundation

/// Parses SVG path data (M L H V C S Q T A Z, absolute and relative) into Bézier contours.
/// Quadratic segments become exact cubics; arcs become cubics (at most 90° each); `Z` closes a
/// contour (a final point equal to the first is merged into it). A contour without `Z` is open.
/// A subpath with a single vertex draws nothing and is dropped.
/// Rule: `invalid-path-data`, pointing at the offending character.
public func parsePathData(_ text: String) -> Result<PathShape, ValueError> {
    var parser = PathDataParser(reader: PathDataReader(text))
    do {
        return .success(try parser.parse())
    } catch {
        return .failure(error)
    }
}

/// How many vertices `parsePathData`'s shape of `text` has (its contours' vertices summed), or
/// nil when `parsePathData` rejects the text; read the same way, the shape left unbuilt. The
/// importer keeps most path data as written and needs only to know that it draws and how much.
public func pathDataVertexCount(_ text: String) -> Int? {
    var text = text
    return text.withUTF8 { bytes in
        var counter = PathDataVertexCounter(bytes: bytes)
        return counter.count()
    }
}

/// `PathDataParser` reading the same tokens with the same checks, keeping only what decides the
/// count: the current point, the subpath's start and how many vertices the subpath has.
private struct PathDataVertexCounter {
    /// The text's bytes, read in place for the duration of `pathDataVertexCount`.
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    /// The vertices of the contours finished so far.
    var vertices = 0
    /// The vertices of the subpath a drawing command may extend; 0 when there is none.
    var subpathVertices = 0
    var current = Point.zero
    var subpathStart = Point.zero

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func count() -> Int? {
        PathDataReader.skipSeparators(in: bytes, at: &position)
        guard position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "m") else { return nil }
        var command = UInt8(ascii: "M")
        while true {
            PathDataReader.skipSeparators(in: bytes, at: &position)
            guard position < bytes.count else { break }
            let byte = bytes[position]
            if PathDataReader.isCommand(byte) {
                command = byte
                position += 1
            } else if startsNumber(byte), command | 0x20 != UInt8(ascii: "z") {
                if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
                if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            } else {
                return nil
            }
            guard perform(command) else { return nil }
        }
        finishSubpath()
        return vertices
    }

    private func startsNumber(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+")
    }

    /// The parser's `number(after:)`: nil where it throws.
    private mutating func number() -> Double? {
        PathDataReader.skipSeparators(in: bytes, at: &position)
        guard let value = PathDataReader.readNumber(in: bytes, at: &position), value.isFinite,
            abs(value) <= SceneLimits.maxMagnitude
        else { return nil }
        return value
    }

    private mutating func flag() -> Bool? {
        PathDataReader.skipSeparators(in: bytes, at: &position)
        guard position < bytes.count, bytes[position] == UInt8(ascii: "0") || bytes[position] == UInt8(ascii: "1") else {
            return nil
        }
        position += 1
        return bytes[position - 1] == UInt8(ascii: "1")
    }

    /// A control point's two numbers read and checked as `point` reads them, without their
    /// values, which no count depends on: false where `point` would be nil.
    private mutating func controlPoint() -> Bool { checkedNumber() && checkedNumber() }

    /// Whether `number()` reads a number here, moving past it as it does. A number with neither
    /// an exponent nor seven digits before its point is finite and below the limit as written,
    /// so only the others are converted to be checked.
    private mutating func checkedNumber() -> Bool {
        PathDataReader.skipSeparators(in: bytes, at: &position)
        let start = position
        func isDigit(_ index: Int) -> Bool { index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") }
        var index = position
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var digits = 0
        /// Digits before the point from the first that is not 0.
        var integerDigits = 0
        while isDigit(index) {
            if integerDigits > 0 || bytes[index] != UInt8(ascii: "0") { integerDigits += 1 }
            digits += 1
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while isDigit(index) {
                digits += 1
                index += 1
            }
        }
        guard digits > 0 else { return false }
        // An exponent as the reader reads one: `e`, an optional sign and at least one digit.
        var exponent = index
        let hasExponent: Bool
        if exponent < bytes.count, bytes[exponent] | 0x20 == UInt8(ascii: "e") {
            exponent += 1
            if exponent < bytes.count, bytes[exponent] == UInt8(ascii: "-") || bytes[exponent] == UInt8(ascii: "+") { exponent += 1 }
            hasExponent = isDigit(exponent)
        } else {
            hasExponent = false
        }
        if hasExponent || integerDigits >= 7 {
            position = start
            return number() != nil
        }
        position = index
        return true
    }

    private mutating func point(relative: Bool) -> Point? {
        guard let x = number(), let y = number() else { return nil }
        return relative ? Point(current.x + x, current.y + y) : Point(x, y)
    }

    /// False where the parser's `perform` throws.
    private mutating func perform(_ command: UInt8) -> Bool {
        let relative = command & 0x20 != 0
        switch Unicode.Scalar(command & ~0x20) {
        case "M":
            guard let target = point(relative: relative) else { return false }
            finishSubpath()
            subpathVertices = 1
            current = target
            subpathStart = target
        case "L":
            guard let end = point(relative: relative) else { return false }
            lineTo(end)
        case "H":
            guard let x = number() else { return false }
            lineTo(Point(relative ? current.x + x : x, current.y))
        case "V":
            guard let y = number() else { return false }
            lineTo(Point(current.x, relative ? current.y + y : y))
        case "C":
            // Control points move no vertex; their numbers are still read and checked.
            guard controlPoint(), controlPoint(), let end = point(relative: relative) else { return false }
            lineTo(end)
        case "S", "Q":
            guard controlPoint(), let end = point(relative: relative) else { return false }
            lineTo(end)
        case "T":
            guard let end = point(relative: relative) else { return false }
            lineTo(end)
        case "A":
            guard let rx = number(), let ry = number(), let rotation = number(), let largeArc = flag(), let sweep = flag(),
                let end = point(relative: relative)
            else { return false }
            arcTo(radii: Point(abs(rx), abs(ry)), rotation: rotation, largeArc: largeArc, sweep: sweep, end: end)
        default:  // Z
            closeSubpath()
        }
        return true
    }

    /// A line or a curve: one vertex at `end`, in a subpath started at the current point after `Z`.
    private mutating func lineTo(_ end: Point) {
        if subpathVertices == 0 {
            subpathVertices = 1
            subpathStart = current
        }
        subpathVertices += 1
        current = end
    }

    private mutating func arcTo(radii: Point, rotation: Double, largeArc: Bool, sweep: Bool, end: Point) {
        if current == end { return }
        guard radii.x > 0, radii.y > 0 else {
            lineTo(end)
            return
        }
        let pieces = EllipticalArc(from: current, to: end, radii: radii, rotation: rotation, largeArc: largeArc, sweep: sweep).pieces
        lineTo(end)
        subpathVertices += pieces - 1
    }

    /// The parser's `closeSubpath`: its first vertex is `subpathStart`, its last the current point.
    private mutating func closeSubpath() {
        guard subpathVertices > 0 else { return }
        if subpathVertices > 1, nearlyEqual(subpathStart, current) { subpathVertices -= 1 }
        if subpathVertices > 1 { vertices += subpathVertices }
        subpathVertices = 0
        current = subpathStart
    }

    private mutating func finishSubpath() {
        if subpathVertices > 1 { vertices += subpathVertices }
        subpathVertices = 0
    }
}

private struct PathDataParser {
    var reader: PathDataReader

    var contours: [Contour] = []
    var vertices: [BezierVertex] = []
    /// True while `vertices` belongs to a subpath that a drawing command may extend.
    var subpathActive = false
    var current = Point.zero
    var subpathStart = Point.zero
    /// The second control point of the previous C/S, or the control point of the previous Q/T,
    /// for the reflections of S and T.
    var lastCubicControl: Point?
    var lastQuadraticControl: Point?

    init(reader: PathDataReader) { self.reader = reader }

    /// Diagnostics count in Unicode scalars; the reader's offsets are bytes.
    private func invalid(_ message: String, atByte offset: Int, help: String? = nil) -> ValueError {
        ValueError(rule: .invalidPathData, message, offset: reader.scalarOffset(ofByte: offset), length: 1, help: help)
    }

    private func quoted(atByte offset: Int) -> Character { Character(reader.scalar(atByte: offset)) }

    mutating func parse() throws(ValueError) -> PathShape {
        reader.skipSeparators()
        guard !reader.isAtEnd else {
            throw invalid("path data is empty", atByte: 0, help: "for example 'M 0 0 L 10 10 Z'")
        }
        guard reader.current | 0x20 == UInt8(ascii: "m") else {
            throw invalid("path data must start with M", atByte: reader.position, help: "begin with 'M x y', the starting point")
        }
        var command = UInt8(ascii: "M")
        while true {
            reader.skipSeparators()
            guard !reader.isAtEnd else { break }
            let byte = reader.current
            let commandOffset = reader.position
            if PathDataReader.isCommand(byte) {
                command = byte
                reader.position += 1
            } else if reader.startsNumber(at: reader.position), command | 0x20 != UInt8(ascii: "z") {
                // An implicit repeat of the previous command; after a moveto, a lineto.
                if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
                if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            } else if byte < 0x80, isIdentifierStart(Unicode.Scalar(byte)) {
                throw invalid(
                    "unknown path command '\(quoted(atByte: reader.position))'", atByte: reader.position,
                    help: "commands are M L H V C S Q T A Z (lowercase for relative coordinates)")
            } else {
                throw invalid("unexpected '\(quoted(atByte: reader.position))' in path data", atByte: reader.position)
            }
            try perform(command, at: commandOffset)
        }
        finishSubpath()
        return PathShape(contours)
    }

    private mutating func number(after command: UInt8) throws(ValueError) -> Double {
        reader.skipSeparators()
        let start = reader.position
        guard let value = reader.readNumber() else {
            let found = reader.isAtEnd ? "found the end" : "found '\(quoted(atByte: start))'"
            throw invalid("expected a number after '\(Character(Unicode.Scalar(command)))', \(found)", atByte: start)
        }
        // Counted only for a diagnostic: counting scalars is linear in what came before. A number
        // is ASCII, so its length in bytes is its length in scalars.
        guard value.isFinite else {
            throw ValueError(
                rule: .invalidPathData, "'\(reader.text(start..<reader.position))' is not a finite number",
                offset: reader.scalarOffset(ofByte: start), length: reader.position - start)
        }
        guard abs(value) <= SceneLimits.maxMagnitude else {
            throw ValueError(
                rule: .valueTooLarge,
                "'\(reader.text(start..<reader.position))' is beyond the limit of \(formatValue(SceneLimits.maxMagnitude)) in either direction",
                offset: reader.scalarOffset(ofByte: start), length: reader.position - start, help: "see docs/limits.md")
        }
        return value
    }

    private mutating func flag(after command: UInt8) throws(ValueError) -> Bool {
        reader.skipSeparators()
        guard let flag = reader.readFlag() else {
            throw invalid(
                "expected an arc flag (0 or 1) after '\(Character(Unicode.Scalar(command)))'", atByte: reader.position,
                help: "an arc is 'A rx ry rotation large-arc-flag sweep-flag x y'")
        }
        return flag
    }

    private mutating func point(after command: UInt8, relative: Bool) throws(ValueError) -> Point {
        let x = try number(after: command)
        let y = try number(after: command)
        return relative ? Point(current.x + x, current.y + y) : Point(x, y)
    }

    private mutating func perform(_ command: UInt8, at offset: Int) throws(ValueError) {
        let relative = command & 0x20 != 0
        let upper = Unicode.Scalar(command & ~0x20)
        var cubicControl: Point?
        var quadraticControl: Point?
        switch upper {
        case "M":
            let target = try point(after: command, relative: relative)
            finishSubpath()
            vertices = [BezierVertex(target)]
            subpathActive = true
            current = target
            subpathStart = target
        case "L":
            lineTo(try point(after: command, relative: relative))
        case "H":
            let x = try number(after: command)
            lineTo(Point(relative ? current.x + x : x, current.y))
        case "V":
            let y = try number(after: command)
            lineTo(Point(current.x, relative ? current.y + y : y))
        case "C":
            let c1 = try point(after: command, relative: relative)
            let c2 = try point(after: command, relative: relative)
            let end = try point(after: command, relative: relative)
            curveTo(c1, c2, end)
            cubicControl = c2
        case "S":
            let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
            let c2 = try point(after: command, relative: relative)
            let end = try point(after: command, relative: relative)
            curveTo(c1, c2, end)
            cubicControl = c2
        case "Q", "T":
            let control: Point
            if upper == "Q" {
                control = try point(after: command, relative: relative)
            } else {
                control = lastQuadraticControl.map { current * 2 - $0 } ?? current
            }
            let start = current
            let end = try point(after: command, relative: relative)
            curveTo(start + (control - start) * (2.0 / 3), end + (control - end) * (2.0 / 3), end)
            quadraticControl = control
        case "A":
            let rx = try number(after: command)
            let ry = try number(after: command)
            let rotation = try number(after: command)
            let largeArc = try flag(after: command)
            let sweep = try flag(after: command)
            let end = try point(after: command, relative: relative)
            arcTo(radii: Point(abs(rx), abs(ry)), rotation: rotation, largeArc: largeArc, sweep: sweep, end: end)
        default:  // Z
            closeSubpath()
        }
        lastCubicControl = cubicControl
        lastQuadraticControl = quadraticControl
    }

    /// After `Z`, a drawing command without `M` starts a new subpath at the closed one's start.
    private mutating func ensureSubpath() {
        if !subpathActive {
            vertices = [BezierVertex(current)]
            subpathActive = true
            subpathStart = current
        }
    }

    private mutating func lineTo(_ end: Point) {
        ensureSubpath()
        vertices.append(BezierVertex(end))
        current = end
    }

    private mutating func curveTo(_ c1: Point, _ c2: Point, _ end: Point) {
        ensureSubpath()
        vertices[vertices.count - 1].outTangent = c1 - current
        vertices.append(BezierVertex(end, in: c2 - end))
        current = end
    }

    private mutating func closeSubpath() {
        guard subpathActive else { return }
        if vertices.count > 1, let first = vertices.first, let last = vertices.last,
            nearlyEqual(first.point, last.point)
        {
            vertices[0].inTangent = last.inTangent
            vertices.removeLast()
        }
        if vertices.count > 1 { contours.append(Contour(vertices, closed: true)) }
        vertices = []
        subpathActive = false
        current = subpathStart
    }

    private mutating func finishSubpath() {
        if subpathActive, vertices.count > 1 { contours.append(Contour(vertices, closed: false)) }
        vertices = []
        subpathActive = false
    }

    /// One cubic per ≤ 90° piece of the arc (handle length 4/3·tan(δ/4)).
    private mutating func arcTo(radii: Point, rotation: Double, largeArc: Bool, sweep: Bool, end: Point) {
        let start = current
        // SVG omits an arc whose endpoints coincide.
        if start == end { return }
        guard radii.x > 0, radii.y > 0 else {
            lineTo(end)
            return
        }
        let arc = EllipticalArc(from: start, to: end, radii: radii, rotation: rotation, largeArc: largeArc, sweep: sweep)
        let (center, rx, ry, cosPhi, sinPhi) = (arc.center, arc.rx, arc.ry, arc.cosPhi, arc.sinPhi)
        let pieces = arc.pieces
        let delta = arc.sweepAngle / Double(pieces)
        let handle = 4.0 / 3 * tan(delta / 4)
        func onEllipse(_ x: Double, _ y: Double) -> Point {
            Point(center.x + cosPhi * rx * x - sinPhi * ry * y, center.y + sinPhi * rx * x + cosPhi * ry * y)
        }
        var angle = arc.startAngle
        for piece in 0..<pieces {
            let next = angle + delta
            let (cos0, sin0) = (cos(angle), sin(angle))
            let (cos1, sin1) = (cos(next), sin(next))
            let c1 = onEllipse(cos0 - handle * sin0, sin0 + handle * cos0)
            let c2 = onEllipse(cos1 + handle * sin1, sin1 - handle * cos1)
            let target = piece == pieces - 1 ? end : onEllipse(cos1, sin1)
            curveTo(c1, c2, target)
            angle = next
        }
    }
}

/// Whether a subpath's last point closes onto its first, so that `Z` merges the two.
private func nearlyEqual(_ a: Point, _ b: Point) -> Bool {
    let scale = max(1, abs(a.x), abs(a.y), abs(b.x), abs(b.y))
    return abs(a.x - b.x) <= 1e-9 * scale && abs(a.y - b.y) <= 1e-9 * scale
}

/// An arc's centre parameterisation (SVG 1.1 implementation notes F.6.5–F.6.6, with radius
/// correction) and how many pieces of at most 90° it is drawn in: one computation for the parser,
/// which draws the pieces, and the vertex count, which only counts them, so the two cannot differ.
private struct EllipticalArc {
    var rx: Double
    var ry: Double
    var cosPhi: Double
    var sinPhi: Double
    var center: Point
    var startAngle: Double
    var sweepAngle: Double
    var pieces: Int

    /// Radii both above zero and endpoints that differ: the other arcs are a line or nothing.
    init(from start: Point, to end: Point, radii: Point, rotation: Double, largeArc: Bool, sweep: Bool) {
        var rx = radii.x, ry = radii.y
        let phi = rotation * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coefficient = denominator == 0 ? 0 : max(0, numerator / denominator).squareRoot()
        if largeArc == sweep { coefficient = -coefficient }
        let cxPrime = coefficient * rx * y1 / ry
        let cyPrime = -coefficient * ry * x1 / rx
        center = Point(
            cosPhi * cxPrime - sinPhi * cyPrime + (start.x + end.x) / 2,
            sinPhi * cxPrime + cosPhi * cyPrime + (start.y + end.y) / 2)
        startAngle = atan2((y1 - cyPrime) / ry, (x1 - cxPrime) / rx)
        let endAngle = atan2((-y1 - cyPrime) / ry, (-x1 - cxPrime) / rx)
        var sweepAngle = endAngle - startAngle
        if sweep, sweepAngle < 0 { sweepAngle += 2 * .pi }
        if !sweep, sweepAngle > 0 { sweepAngle -= 2 * .pi }
        pieces = max(1, Int((abs(sweepAngle) / (.pi / 2) - 1e-9).rounded(.up)))
        self.sweepAngle = sweepAngle
        self.rx = rx
        self.ry = ry
        self.cosPhi = cosPhi
        self.sinPhi = sinPhi
    }
}
