import Foundation

/// Trim as geometry: the part of an outline between two fractions of its arc length.
///
/// SwiftUI's `trim(from:to:)` and Lottie's trim path cut the shape itself, so the fill is cut too
/// (an open piece fills as if closed by a straight line), not only the stroke. The contours of a
/// shape are trimmed as one path laid end to end in order (Lottie's "individually" mode, `m: 2`,
/// which the Lottie emitter writes for several contours; with one contour both modes agree).
extension PathShape {
    /// The length of every edge (the closing edge of a closed contour included), contour by contour.
    public var arcLength: Double {
        contours.reduce(0) { $0 + $1.edges.reduce(0) { $0 + $1.length } }
    }

    /// The part between `start` and `end` (fractions of the total length, swapped if reversed,
    /// clamped to 0…1) moved along by `offset` (a fraction of the length; wraps round).
    ///
    /// A window that runs past the end continues from the start of the first contour: through the
    /// start point in one piece when the shape is a single closed contour (as ThorVG draws it;
    /// rlottie draws two pieces, which fill differently), otherwise as a separate piece after the
    /// first. Every piece is an open contour
    /// cut at exact arc-length positions by de Casteljau splitting, so it lies on the original
    /// curves; a piece that covers a whole closed contour stays closed. An empty window gives no
    /// contours; a window of the whole length gives the shape unchanged.
    public func trimmed(start: Double, end: Double, offset: Double) -> PathShape {
        let low = min(max(min(start, end), 0), 1), high = min(max(max(start, end), 0), 1)
        let visible = high - low
        if visible <= 1e-9 { return PathShape([]) }
        if visible >= 1 - 1e-9 { return self }
        let total = arcLength
        guard total > 0 else { return PathShape([]) }
        var from = low + offset
        from -= from.rounded(.down)
        let to = from + visible
        let windows = to <= 1 ? [(from, to)] : [(from, 1.0), (0.0, to - 1)]
        var result: [Contour] = []
        for (a, b) in windows where b - a > 1e-12 {
            let next = pieces(from: a * total, to: b * total)
            // Past the end of a single closed contour the window goes on through its start point:
            // one piece, as ThorVG and After Effects draw it (it matters for the fill).
            if contours.count == 1, contours[0].closed, a == 0, var joined = result.last, let head = next.first,
                let last = joined.vertices.last, let first = head.vertices.first,
                abs(last.point.x - first.point.x) + abs(last.point.y - first.point.y) < 1e-6
            {
                joined.vertices[joined.vertices.count - 1].outTangent = first.outTangent
                joined.vertices += head.vertices.dropFirst()
                result[result.count - 1] = joined
                result += next.dropFirst()
            } else {
                result += next
            }
        }
        return PathShape(result)
    }

    /// The contours' pieces between two distances along the whole path.
    private func pieces(from startDistance: Double, to endDistance: Double) -> [Contour] {
        var result: [Contour] = []
        var walked = 0.0
        for contour in contours {
            let edges = contour.edges
            let contourLength = edges.reduce(0) { $0 + $1.length }
            defer { walked += contourLength }
            let a = startDistance - walked, b = endDistance - walked
            guard b > 1e-12, a < contourLength - 1e-12, contourLength > 0 else { continue }
            if contour.closed && a <= 1e-9 && b >= contourLength - 1e-9 {
                result.append(contour)
                continue
            }
            var vertices: [BezierVertex] = []
            var edgeStart = 0.0
            for edge in edges {
                let edgeEnd = edgeStart + edge.length
                defer { edgeStart = edgeEnd }
                let lo = max(a, edgeStart), hi = min(b, edgeEnd)
                guard hi > lo else { continue }
                let part = edge.part(fromLength: lo - edgeStart, toLength: hi - edgeStart)
                // A piece of a straight edge stays a corner-to-corner line (zero tangents).
                let outTangent = edge.isLine ? Point.zero : part.p1 - part.p0
                let inTangent = edge.isLine ? Point.zero : part.p2 - part.p3
                if vertices.isEmpty {
                    vertices.append(BezierVertex(part.p0, out: outTangent))
                } else {
                    vertices[vertices.count - 1].outTangent = outTangent
                }
                vertices.append(BezierVertex(part.p3, in: inTangent))
            }
            if !vertices.isEmpty { result.append(Contour(vertices, closed: false)) }
        }
        return result
    }
}

extension Geometry {
    /// The outline at `time` cut by `trim` at that instant: what a trimmed shape fills and strokes.
    public func trimmedOutline(at time: Double, trim: Trim) -> PathShape {
        outline(at: time).trimmed(
            start: trim.start.value(at: time), end: trim.end.value(at: time), offset: trim.offset.value(at: time))
    }
}

extension Contour {
    /// The edges in drawing order, each a cubic Bézier (a corner's zero tangent makes a line).
    var edges: [CubicEdge] {
        guard vertices.count > 1 else { return [] }
        let count = closed ? vertices.count : vertices.count - 1
        return (0..<count).map { index in
            let from = vertices[index], to = vertices[(index + 1) % vertices.count]
            return CubicEdge(from.point, from.point + from.outTangent, to.point + to.inTangent, to.point)
        }
    }
}

/// One cubic Bézier edge with its arc length tabulated, to find parameters at lengths.
struct CubicEdge {
    let p0: Point, p1: Point, p2: Point, p3: Point
    /// Cumulative length at t = k / tableSteps.
    private let table: [Double]
    private static let tableSteps = 32

    init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
        self.p0 = p0
        self.p1 = p1
        self.p2 = p2
        self.p3 = p3
        var table = [0.0]
        var total = 0.0
        for k in 0..<CubicEdge.tableSteps {
            let a = Double(k) / Double(CubicEdge.tableSteps), b = Double(k + 1) / Double(CubicEdge.tableSteps)
            total += CubicEdge.integrate(a, b, speed: { CubicEdge.speed(p0, p1, p2, p3, $0) })
            table.append(total)
        }
        self.table = table
    }

    var length: Double { table[table.count - 1] }

    /// True for a straight edge written with zero tangents (a corner at each end).
    var isLine: Bool { p1 == p0 && p2 == p3 }

    /// |B'(t)|.
    static func speed(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Double {
        let s = 1 - t
        let dx = 3 * s * s * (p1.x - p0.x) + 6 * s * t * (p2.x - p1.x) + 3 * t * t * (p3.x - p2.x)
        let dy = 3 * s * s * (p1.y - p0.y) + 6 * s * t * (p2.y - p1.y) + 3 * t * t * (p3.y - p2.y)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// 5-point Gauss–Legendre over a…b.
    static func integrate(_ a: Double, _ b: Double, speed: (Double) -> Double) -> Double {
        let nodes: [(Double, Double)] = [
            (0, 0.5688888888888889),
            (-0.5384693101056831, 0.47862867049936647), (0.5384693101056831, 0.47862867049936647),
            (-0.906179845938664, 0.23692688505618908), (0.906179845938664, 0.23692688505618908),
        ]
        let half = (b - a) / 2, middle = (a + b) / 2
        return nodes.reduce(0) { $0 + $1.1 * half * speed(middle + half * $1.0) }
    }

    /// The parameter at arc length `distance` from the start (Newton's method inside the table's
    /// interval, kept in it by bisection).
    func parameter(atLength distance: Double) -> Double {
        if distance <= 0 { return 0 }
        if distance >= length { return 1 }
        var low = 0, high = table.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if table[middle] <= distance { low = middle } else { high = middle }
        }
        var a = Double(low) / Double(CubicEdge.tableSteps), b = Double(high) / Double(CubicEdge.tableSteps)
        let base = table[low], span = table[high] - table[low]
        var t = span > 0 ? a + (b - a) * (distance - base) / span : a
        for _ in 0..<30 {
            let error = table[low] + CubicEdge.integrate(Double(low) / Double(CubicEdge.tableSteps), t) {
                CubicEdge.speed(p0, p1, p2, p3, $0)
            } - distance
            if abs(error) < 1e-10 { break }
            if error > 0 { b = t } else { a = t }
            let speed = CubicEdge.speed(p0, p1, p2, p3, t)
            let next = speed > 1e-12 ? t - error / speed : (a + b) / 2
            t = (next > a && next < b) ? next : (a + b) / 2
        }
        return t
    }

    /// The exact sub-curve between two arc lengths, as four control points.
    func part(fromLength start: Double, toLength end: Double) -> (p0: Point, p1: Point, p2: Point, p3: Point) {
        let t0 = parameter(atLength: start), t1 = parameter(atLength: end)
        return CubicEdge.split(p0, p1, p2, p3, from: t0, to: t1)
    }

    /// The control points of B restricted to t0…t1 (two de Casteljau splits).
    static func split(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, from t0: Double, to t1: Double) -> (p0: Point, p1: Point, p2: Point, p3: Point) {
        func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point { Point.interpolate(a, b, t) }
        // Keep t0…t1 of the original: first the part after t1 goes, then the part before t0.
        func head(_ q0: Point, _ q1: Point, _ q2: Point, _ q3: Point, _ t: Double) -> (Point, Point, Point, Point) {
            let a = lerp(q0, q1, t), b = lerp(q1, q2, t), c = lerp(q2, q3, t)
            let d = lerp(a, b, t), e = lerp(b, c, t)
            return (q0, a, d, lerp(d, e, t))
        }
        func tail(_ q0: Point, _ q1: Point, _ q2: Point, _ q3: Point, _ t: Double) -> (Point, Point, Point, Point) {
            let a = lerp(q0, q1, t), b = lerp(q1, q2, t), c = lerp(q2, q3, t)
            let d = lerp(a, b, t), e = lerp(b, c, t)
            return (lerp(d, e, t), e, c, q3)
        }
        let h = head(p0, p1, p2, p3, t1)
        guard t1 > 0 else { return (p0, p0, p0, p0) }
        let (q0, q1, q2, q3) = tail(h.0, h.1, h.2, h.3, t0 / t1)
        return (q0, q1, q2, q3)
    }
}
