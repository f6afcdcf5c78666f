/// The timing of one segment, in the forms every target can express directly.
///
/// The scene language has more easings (steps, springs, named curves); lowering turns each into
/// these: named curves into `.cubic`, `steps(n)` into `n` hold segments, springs into a chain of
/// cubic segments baked within a stated error bound. Emitters therefore never see a spring.
public enum Easing: Hashable, Sendable, CustomStringConvertible {
    case linear
    /// CSS `cubic-bezier(x1, y1, x2, y2)`; x1 and x2 are in 0…1, y1 and y2 may overshoot.
    case cubic(Double, Double, Double, Double)
    /// The value stays at the segment's `from` until the segment ends, then becomes `to`.
    case hold

    public static let easeInOut = Easing.cubic(0.42, 0, 0.58, 1)

    /// Progress (0 at the start, 1 at the end, possibly beyond for overshooting curves) at the
    /// fraction `u` of the segment's duration.
    public func progress(_ u: Double) -> Double {
        let u = min(max(u, 0), 1)
        switch self {
        case .linear: return u
        case .hold: return u >= 1 ? 1 : 0
        case let .cubic(x1, y1, x2, y2): return CubicBezierCurve(x1, y1, x2, y2).value(at: u)
        }
    }

    public var description: String {
        switch self {
        case .linear: return "linear"
        case .hold: return "hold"
        case let .cubic(a, b, c, d): return "cubic-bezier(\(a), \(b), \(c), \(d))"
        }
    }

    /// The part of this easing between the fractions `u0 < u1` of its duration, as an easing of its
    /// own plus the progress at both ends. Used when a tween is cut short by another one
    /// (retargeting) or split by a loop's seam: the piece keeps exactly the original motion.
    public func piece(from u0: Double, to u1: Double) -> (easing: Easing, p0: Double, p1: Double) {
        switch self {
        case .linear:
            return (.linear, u0, u1)
        case .hold:
            return (.hold, u1 >= 1 ? (u0 >= 1 ? 1 : 0) : 0, u1 >= 1 ? 1 : 0)
        case let .cubic(x1, y1, x2, y2):
            let curve = CubicBezierCurve(x1, y1, x2, y2)
            let s0 = curve.parameter(forX: u0), s1 = curve.parameter(forX: u1)
            let piece = curve.split(from: s0, to: s1)
            let p0 = piece.p0.y, p1 = piece.p3.y
            let dx = piece.p3.x - piece.p0.x, dy = p1 - p0
            guard dx > 1e-12 else { return (.linear, p0, p1) }
            // A piece over which the progress does not change is a pause: any easing works.
            guard abs(dy) > 1e-12 else { return (.linear, p0, p1) }
            let nx1 = (piece.p1.x - piece.p0.x) / dx, ny1 = (piece.p1.y - p0) / dy
            let nx2 = (piece.p2.x - piece.p0.x) / dx, ny2 = (piece.p2.y - p0) / dy
            return (.cubic(clamp01(nx1), ny1, clamp01(nx2), ny2), p0, p1)
        }
    }
}

private func clamp01(_ x: Double) -> Double { min(max(x, 0), 1) }

/// A CSS timing curve from (0,0) to (1,1) with control points (x1,y1), (x2,y2).
public struct CubicBezierCurve: Sendable {
    public var p0 = Point(0, 0), p1: Point, p2: Point, p3 = Point(1, 1)

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        p1 = Point(x1, y1)
        p2 = Point(x2, y2)
    }

    init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
        self.p0 = p0
        self.p1 = p1
        self.p2 = p2
        self.p3 = p3
    }

    public func point(at s: Double) -> Point {
        let t = 1 - s
        let a = t * t * t, b = 3 * t * t * s, c = 3 * t * s * s, d = s * s * s
        return Point(
            a * p0.x + b * p1.x + c * p2.x + d * p3.x,
            a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    private func dx(at s: Double) -> Double {
        let t = 1 - s
        return 3 * t * t * (p1.x - p0.x) + 6 * t * s * (p2.x - p1.x) + 3 * s * s * (p3.x - p2.x)
    }

    /// The curve parameter whose x equals `x` (x is monotonic because x1, x2 ∈ [0, 1]).
    /// Newton's method with a bisection fallback, as the players do.
    public func parameter(forX x: Double) -> Double {
        if x <= p0.x { return 0 }
        if x >= p3.x { return 1 }
        var s = x
        for _ in 0..<8 {
            let error = point(at: s).x - x
            if abs(error) < 1e-12 { return s }
            let slope = dx(at: s)
            if abs(slope) < 1e-9 { break }
            s -= error / slope
            if s < 0 || s > 1 { break }
        }
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<60 {
            let value = point(at: s).x
            if abs(value - x) < 1e-13 { return s }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    /// The y (progress) at x = u.
    public func value(at u: Double) -> Double {
        point(at: parameter(forX: u)).y
    }

    /// The sub-curve between parameters s0 < s1 (de Casteljau), in the original coordinates.
    func split(from s0: Double, to s1: Double) -> CubicBezierCurve {
        let right = splitRight(at: s0)
        guard s0 < 1 else { return right }
        let local = (s1 - s0) / (1 - s0)
        return right.splitLeft(at: local)
    }

    private func splitLeft(at s: Double) -> CubicBezierCurve {
        let a = Point.interpolate(p0, p1, s), b = Point.interpolate(p1, p2, s), c = Point.interpolate(p2, p3, s)
        let d = Point.interpolate(a, b, s), e = Point.interpolate(b, c, s)
        let f = Point.interpolate(d, e, s)
        return CubicBezierCurve(p0, a, d, f)
    }

    private func splitRight(at s: Double) -> CubicBezierCurve {
        let a = Point.interpolate(p0, p1, s), b = Point.interpolate(p1, p2, s), c = Point.interpolate(p2, p3, s)
        let d = Point.interpolate(a, b, s), e = Point.interpolate(b, c, s)
        let f = Point.interpolate(d, e, s)
        return CubicBezierCurve(f, e, c, p3)
    }
}
