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
