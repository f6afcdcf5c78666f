/// The spatial tangents of a segment of position: the motion runs along the cubic Bézier from
/// `from` (control point `from + out`) to `to` (control point `to + in`), as After Effects' motion
/// paths and Lottie's position keyframes (`to` on the keyframe the segment starts at, `ti` of the
/// same keyframe, relative to the next one's value) have it. The segment's eased progress is the
/// fraction of the curve's arc length travelled, clamped to 0…1 (a spatial motion cannot overshoot
/// its curve), which is what lottie-web, ThorVG and rlottie draw.
public struct SpatialTangents: Hashable, Sendable {
    /// The first control point, relative to the segment's `from`.
    public var out: Point
    /// The second control point, relative to the segment's `to`.
    public var `in`: Point

    public init(out: Point, in inTangent: Point) {
        self.out = out
        self.in = inTangent
    }

    /// True when the curve is the straight line between its ends (both tangents zero).
    public var isStraight: Bool { out == .zero && self.in == .zero }
}

/// A value that may move along a curve between two values: a position. Every other value moves
/// in a straight line whatever a segment's tangents say (its default implementations).
extension Interpolatable {
    /// The value at arc-length fraction `progress` of the curve from `from` to `to`.
    public static func interpolate(_ from: Self, _ to: Self, _ progress: Double, along tangents: SpatialTangents) -> Self {
        interpolate(from, to, progress)
    }

    /// The part of the curve between arc-length fractions `p0` and `p1`: its ends, and its tangents
    /// (nil for a value that does not move along curves).
    public static func spatialPiece(
        _ from: Self, _ to: Self, _ tangents: SpatialTangents, _ p0: Double, _ p1: Double
    ) -> (from: Self, to: Self, tangents: SpatialTangents?) {
        (interpolate(from, to, p0), interpolate(from, to, p1), nil)
    }
}

extension Point {
    /// The point at arc-length fraction `progress` (clamped to 0…1) of the curve.
    public static func interpolate(_ from: Point, _ to: Point, _ progress: Double, along tangents: SpatialTangents) -> Point {
        if tangents.isStraight { return interpolate(from, to, min(max(progress, 0), 1)) }
        let edge = CubicEdge(from, from + tangents.out, to + tangents.in, to)
        let s = edge.parameter(atLength: min(max(progress, 0), 1) * edge.length)
        return CubicBezierPoints(edge.p0, edge.p1, edge.p2, edge.p3).point(at: s)
    }

    public static func spatialPiece(
        _ from: Point, _ to: Point, _ tangents: SpatialTangents, _ p0: Double, _ p1: Double
    ) -> (from: Point, to: Point, tangents: SpatialTangents?) {
        let low = min(max(p0, 0), 1), high = min(max(p1, 0), 1)
        if tangents.isStraight {
            return (interpolate(from, to, low), interpolate(from, to, high), tangents)
        }
        let edge = CubicEdge(from, from + tangents.out, to + tangents.in, to)
        // A piece that runs backwards along the curve is the reversed sub-curve.
        let (a, b) = (min(low, high), max(low, high))
        let part = edge.part(fromLength: a * edge.length, toLength: b * edge.length)
        if low <= high {
            return (part.p0, part.p3, SpatialTangents(out: part.p1 - part.p0, in: part.p2 - part.p3))
        }
        return (part.p3, part.p0, SpatialTangents(out: part.p2 - part.p3, in: part.p1 - part.p0))
    }
}

/// The four control points of a cubic Bézier, evaluated at a curve parameter.
struct CubicBezierPoints {
    var p0: Point, p1: Point, p2: Point, p3: Point

    init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
        self.p0 = p0
        self.p1 = p1
        self.p2 = p2
        self.p3 = p3
    }

    func point(at s: Double) -> Point {
        let t = 1 - s
        let a = t * t * t, b = 3 * t * t * s, c = 3 * t * s * s, d = s * s * s
        return Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The derivative at `s`: the direction of travel.
    func derivative(at s: Double) -> Point {
        let t = 1 - s
        return (p1 - p0) * (3 * t * t) + (p2 - p1) * (6 * t * s) + (p3 - p2) * (3 * s * s)
    }
}

extension Segment {
    /// The direction the value travels in at `time` (nil for a value that is not a point, or that
    /// does not move): the curve's tangent for a spatial segment, else from `from` to `to`.
    public func direction(at time: Double) -> Point? {
        guard let from = from as? Point, let to = to as? Point, end > start, easing != .hold else { return nil }
        guard let spatial, !spatial.isStraight else {
            let d = to - from
            return d == .zero ? nil : d
        }
        let edge = CubicEdge(from, from + spatial.out, to + spatial.in, to)
        let duration = end - start
        let u = duration > 0 ? min(max((time - start) / duration, 0), 1) : 1
        let progress = min(max(easing.progress(u), 0), 1)
        let s = edge.parameter(atLength: progress * edge.length)
        var d = CubicBezierPoints(edge.p0, edge.p1, edge.p2, edge.p3).derivative(at: s)
        if d == .zero {
            // A zero tangent at an end: the chord towards the nearer control point shows the way.
            d = s < 0.5 ? (edge.p1 != edge.p0 ? edge.p1 - edge.p0 : edge.p2 - edge.p0) : (edge.p3 != edge.p2 ? edge.p3 - edge.p2 : edge.p3 - edge.p1)
        }
        return d == .zero ? nil : d
    }
}

extension PathShape {
    /// The point at fraction `f` (clamped to 0…1) of the first contour's arc length.
    public func point(atFraction f: Double) -> Point {
        guard let contour = contours.first, let first = contour.vertices.first else { return .zero }
        let edges = contour.edges
        let total = edges.reduce(0) { $0 + $1.length }
        guard total > 0 else { return first.point }
        var remaining = min(max(f, 0), 1) * total
        for edge in edges {
            if remaining <= edge.length {
                let s = edge.parameter(atLength: remaining)
                return CubicBezierPoints(edge.p0, edge.p1, edge.p2, edge.p3).point(at: s)
            }
            remaining -= edge.length
        }
        return edges.last.map(\.p3) ?? first.point
    }

    /// The direction of travel at fraction `f` (clamped to 0…1) of the first contour's arc length,
    /// nil on a path of no length.
    public func direction(atFraction f: Double) -> Point? {
        guard let contour = contours.first else { return nil }
        let edges = contour.edges.filter { $0.length > 0 }
        let total = edges.reduce(0) { $0 + $1.length }
        guard total > 0 else { return nil }
        var remaining = min(max(f, 0), 1) * total
        for (index, edge) in edges.enumerated() {
            guard remaining <= edge.length || index == edges.count - 1 else {
                remaining -= edge.length
                continue
            }
            let s = edge.parameter(atLength: min(remaining, edge.length))
            let d = CubicBezierPoints(edge.p0, edge.p1, edge.p2, edge.p3).derivative(at: s)
            return d == .zero ? edge.p3 - edge.p0 : d
        }
        return nil
    }

    /// A position moving along this path's first contour, `progress` (a fraction of its arc
    /// length, clamped to 0…1) at every instant: each segment of progress becomes segments of
    /// position along the curves it covers, split where it passes a vertex (a spatial segment is
    /// one cubic), each the exact sub-curve, with the progress's easing piece.
    public func motion(progress: Animated<Double>) -> Animated<Point> {
        guard let contour = contours.first, !contour.vertices.isEmpty else { return Animated(.zero) }
        let edges = contour.edges
        let total = edges.reduce(0) { $0 + $1.length }
        var bounds: [Double] = [0]
        for edge in edges { bounds.append(bounds[bounds.count - 1] + edge.length) }
        let fractions = total > 0 ? bounds.map { $0 / total } : bounds.map { _ in 0 }
        let clamped = progress.clamped(to: 0...1)
        func point(_ f: Double) -> Point { self.point(atFraction: f) }
        // The edge a stretch of progress between two fractions lies on (the one its middle is on).
        func edgeIndex(_ a: Double, _ b: Double) -> Int {
            let middle = (a + b) / 2
            return max(0, min(edges.count - 1, (fractions.lastIndex { $0 <= middle } ?? 0)))
        }
        func piece(_ a: Double, _ b: Double) -> (from: Point, to: Point, spatial: SpatialTangents?) {
            guard !edges.isEmpty, total > 0 else { return (point(a), point(b), nil) }
            let index = edgeIndex(a, b)
            let edge = edges[index]
            if edge.isLine { return (point(a), point(b), nil) }
            let la = a * total - bounds[index], lb = b * total - bounds[index]
            let part = edge.part(fromLength: min(la, lb), toLength: max(la, lb))
            if la <= lb {
                return (part.p0, part.p3, SpatialTangents(out: part.p1 - part.p0, in: part.p2 - part.p3))
            }
            return (part.p3, part.p0, SpatialTangents(out: part.p2 - part.p3, in: part.p1 - part.p0))
        }
        var result = Animated(point(clamped.initial), slot: progress.slot)
        for segment in clamped.segments {
            let duration = segment.end - segment.start
            guard duration > 0, segment.easing != .hold else {
                result.append(Segment(start: segment.start, end: segment.end, from: point(segment.from), to: point(segment.to), easing: segment.easing))
                continue
            }
            // The instants the progress passes a vertex: found on a fine grid, then by bisection.
            func progressAt(_ u: Double) -> Double { segment.from + (segment.to - segment.from) * segment.easing.progress(u) }
            var cuts: [Double] = [0]
            let inner = fractions.dropFirst().dropLast()
            let steps = 64
            var previous = progressAt(0)
            for k in 1...steps {
                let u = Double(k) / Double(steps)
                let current = progressAt(u)
                for f in inner where (previous - f) * (current - f) < 0 {
                    var low = Double(k - 1) / Double(steps), high = u
                    for _ in 0..<50 {
                        let middle = (low + high) / 2
                        if (progressAt(low) - f) * (progressAt(middle) - f) <= 0 { high = middle } else { low = middle }
                    }
                    cuts.append((low + high) / 2)
                }
                previous = current
            }
            cuts.append(1)
            cuts.sort()
            for (u0, u1) in zip(cuts, cuts.dropFirst()) where u1 - u0 > 1e-9 {
                let (easing, p0, p1) = segment.easing.piece(from: u0, to: u1)
                let a = segment.from + (segment.to - segment.from) * p0, b = segment.from + (segment.to - segment.from) * p1
                let start = segment.start + duration * u0, end = u1 >= 1 ? segment.end : segment.start + duration * u1
                let made = piece(a, b)
                result.append(Segment(start: start, end: end, from: made.from, to: made.to, easing: easing, spatial: made.spatial))
            }
        }
        return result
    }
}
