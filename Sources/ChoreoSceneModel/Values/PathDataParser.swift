import ChoreoTimeline
import Foundation

/// Parses SVG path data (M L H V C S Q T A Z, absolute and relative) into Bézier contours.
/// Quadratic segments become exact cubics; arcs become cubics (at most 90° each); `Z` closes a
/// contour (a final point equal to the first is merged into it). A contour without `Z` is open.
/// A subpath with a single vertex draws nothing and is dropped.
/// Rule: `invalid-path-data`, pointing at the offending character.
public func parsePathData(_ text: String) -> Result<PathShape, ValueError> {
    var parser = PathDataParser(scalars: Array(text.unicodeScalars))
    do {
        return .success(try parser.parse())
    } catch {
        return .failure(error)
    }
}

private let pathCommands = Set("MLHVCSQTAZmlhvcsqtaz".unicodeScalars)

private struct PathDataParser {
    let scalars: [Unicode.Scalar]
    var position = 0

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

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    private func invalid(_ message: String, at offset: Int, help: String? = nil) -> ValueError {
        ValueError(rule: .invalidPathData, message, offset: offset, length: 1, help: help)
    }

    private mutating func skipSeparators() {
        while position < scalars.count, isSpace(scalars[position]) || scalars[position] == "," { position += 1 }
    }

    private func startsNumber(at index: Int) -> Bool {
        guard index < scalars.count else { return false }
        let scalar = scalars[index]
        return isDigit(scalar) || scalar == "." || scalar == "-" || scalar == "+"
    }

    mutating func parse() throws(ValueError) -> PathShape {
        skipSeparators()
        guard position < scalars.count else {
            throw invalid("path data is empty", at: 0, help: "for example 'M 0 0 L 10 10 Z'")
        }
        guard scalars[position] == "M" || scalars[position] == "m" else {
            throw invalid("path data must start with M", at: position, help: "begin with 'M x y', the starting point")
        }
        var command: Unicode.Scalar = "M"
        while true {
            skipSeparators()
            guard position < scalars.count else { break }
            let scalar = scalars[position]
            let commandOffset = position
            if pathCommands.contains(scalar) {
                command = scalar
                position += 1
            } else if startsNumber(at: position), command != "Z", command != "z" {
                // An implicit repeat of the previous command; after a moveto, a lineto.
                if command == "M" { command = "L" }
                if command == "m" { command = "l" }
            } else if isIdentifierStart(scalar) {
                throw invalid(
                    "unknown path command '\(Character(scalar))'", at: position,
                    help: "commands are M L H V C S Q T A Z (lowercase for relative coordinates)")
            } else {
                throw invalid("unexpected '\(Character(scalar))' in path data", at: position)
            }
            try perform(command, at: commandOffset)
        }
        finishSubpath()
        return PathShape(contours)
    }

    private mutating func number(after command: Unicode.Scalar) throws(ValueError) -> Double {
        skipSeparators()
        let start = position
        func fail() -> ValueError {
            let found = start < scalars.count ? "found '\(Character(scalars[start]))'" : "found the end"
            return invalid("expected a number after '\(Character(command))', \(found)", at: start)
        }
        if position < scalars.count, scalars[position] == "-" || scalars[position] == "+" { position += 1 }
        let digitsStart = position
        position = endOfDecimal(in: scalars, from: position)
        let mantissa = String(String.UnicodeScalarView(scalars[digitsStart..<position]))
        guard mantissa != "", mantissa != "." else {
            position = start
            throw fail()
        }
        position = endOfExponent(in: scalars, from: position)
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        guard let value = Double(text), value.isFinite else {
            throw ValueError(
                rule: .invalidPathData, "'\(text)' is not a finite number", offset: start, length: position - start)
        }
        guard abs(value) <= SceneLimits.maxMagnitude else {
            throw ValueError(
                rule: .valueTooLarge,
                "'\(text)' is beyond the limit of \(formatValue(SceneLimits.maxMagnitude)) in either direction",
                offset: start, length: position - start, help: "see docs/limits.md")
        }
        return value
    }

    private mutating func flag(after command: Unicode.Scalar) throws(ValueError) -> Bool {
        skipSeparators()
        guard position < scalars.count, scalars[position] == "0" || scalars[position] == "1" else {
            throw invalid(
                "expected an arc flag (0 or 1) after '\(Character(command))'", at: position,
                help: "an arc is 'A rx ry rotation large-arc-flag sweep-flag x y'")
        }
        position += 1
        return scalars[position - 1] == "1"
    }

    private mutating func point(after command: Unicode.Scalar, relative: Bool) throws(ValueError) -> Point {
        let x = try number(after: command)
        let y = try number(after: command)
        return relative ? Point(current.x + x, current.y + y) : Point(x, y)
    }

    private mutating func perform(_ command: Unicode.Scalar, at offset: Int) throws(ValueError) {
        let relative = command.properties.isLowercase
        let upper = Unicode.Scalar(UInt8(command.value & ~0x20))
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

    private func nearlyEqual(_ a: Point, _ b: Point) -> Bool {
        let scale = max(1, abs(a.x), abs(a.y), abs(b.x), abs(b.y))
        return abs(a.x - b.x) <= 1e-9 * scale && abs(a.y - b.y) <= 1e-9 * scale
    }

    /// SVG 1.1 implementation notes F.6.5–F.6.6: endpoint to centre parameterisation with radius
    /// correction, then one cubic per ≤ 90° piece (handle length 4/3·tan(δ/4)).
    private mutating func arcTo(radii: Point, rotation: Double, largeArc: Bool, sweep: Bool, end: Point) {
        let start = current
        // SVG omits an arc whose endpoints coincide.
        if start == end { return }
        guard radii.x > 0, radii.y > 0 else {
            lineTo(end)
            return
        }
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
        let center = Point(
            cosPhi * cxPrime - sinPhi * cyPrime + (start.x + end.x) / 2,
            sinPhi * cxPrime + cosPhi * cyPrime + (start.y + end.y) / 2)
        let startAngle = atan2((y1 - cyPrime) / ry, (x1 - cxPrime) / rx)
        let endAngle = atan2((-y1 - cyPrime) / ry, (-x1 - cxPrime) / rx)
        var sweepAngle = endAngle - startAngle
        if sweep, sweepAngle < 0 { sweepAngle += 2 * .pi }
        if !sweep, sweepAngle > 0 { sweepAngle -= 2 * .pi }
        let pieces = max(1, Int((abs(sweepAngle) / (.pi / 2) - 1e-9).rounded(.up)))
        let delta = sweepAngle / Double(pieces)
        let handle = 4.0 / 3 * tan(delta / 4)
        func onEllipse(_ x: Double, _ y: Double) -> Point {
            Point(center.x + cosPhi * rx * x - sinPhi * ry * y, center.y + sinPhi * rx * x + cosPhi * ry * y)
        }
        var angle = startAngle
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
