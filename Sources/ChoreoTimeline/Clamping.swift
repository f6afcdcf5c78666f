/// A value made of numbers that each have the same valid range when drawn: opacity and trim
/// fractions (0…1), colour channels (0…1), gradient stops (offsets and channels, 0…1), a stroke
/// width (≥ 0).
public protocol ClampableComponents: Interpolatable {
    /// Every number of the value, in a fixed order.
    var clampableComponents: [Double] { get }
    /// The same value with its numbers replaced (same count and order as `clampableComponents`).
    func replacingComponents(_ components: [Double]) -> Self
}

extension Double: ClampableComponents {
    @inlinable public var clampableComponents: [Double] { [self] }
    @inlinable public func replacingComponents(_ components: [Double]) -> Double { components[0] }
}

extension RGBA: ClampableComponents {
    @inlinable public var clampableComponents: [Double] { [r, g, b, a] }
    @inlinable public func replacingComponents(_ components: [Double]) -> RGBA {
        RGBA(components[0], components[1], components[2], components[3])
    }
}

extension GradientStops: ClampableComponents {
    public var clampableComponents: [Double] {
        stops.flatMap { [$0.offset, $0.color.r, $0.color.g, $0.color.b, $0.color.a] }
    }

    public func replacingComponents(_ components: [Double]) -> GradientStops {
        GradientStops(
            stops.indices.map { index in
                let c = Array(components[(index * 5)..<(index * 5 + 5)])
                return GradientStop(c[0], RGBA(c[1], c[2], c[3], c[4]))
            })
    }
}

extension ClampableComponents {
    /// The value with every component moved into `range`.
    @inlinable
    public func clamped(to range: ClosedRange<Double>) -> Self {
        let components = clampableComponents
        guard components.contains(where: { !range.contains($0) }) else { return self }
        return replacingComponents(components.map { min(max($0, range.lowerBound), range.upperBound) })
    }
}

extension Animated where Value: ClampableComponents {
    /// The same motion with every component held inside `range` at every instant, as a renderer
    /// that clamps when it draws would show it (SwiftUI clamps opacity and colours).
    ///
    /// Keyframe values are clamped, and a segment whose easing carries a component out of range
    /// (a cubic-bezier whose y overshoots, a baked spring keyframe beyond its target) is split at
    /// the exact instants each component crosses a bound: the parts inside keep their exact
    /// motion (`Easing.piece`), the parts outside hold the bound. So `value(at:)` of the result is
    /// `value(at:)` of the original, clamped, at every instant.
    public func clamped(to range: ClosedRange<Double>) -> Animated<Value> {
        var parts: [Segment<Value>] = []
        parts.reserveCapacity(segments.count)
        for segment in segments {
            for part in segment.clampedParts(to: range) {
                // Consecutive parts that hold the same bound merge into one.
                if let last = parts.last, part.mergesAsHold(after: last) {
                    parts[parts.count - 1].end = part.end
                } else {
                    parts.append(part)
                }
            }
        }
        return Animated(initial.clamped(to: range), segments: parts, slot: slot)
    }
}

/// Whether one component's motion from `x` to `y` stays inside `range` at the lowest and highest
/// progress its easing reaches, and so at every progress between (the component is linear in
/// it); with no progress (a held or instant segment, `Segment.clampingProgress`), whether `x` and
/// `y` themselves are inside. The one test of "nothing to clamp": `Segment.clampedParts` keeps a
/// segment whole exactly when every component passes it, and lowering and the Lottie writer skip
/// clamping on the same test.
@inlinable
public func componentStaysWithin(
    _ range: ClosedRange<Double>, _ x: Double, _ y: Double, progress: (lowest: Double, highest: Double)?
) -> Bool {
    guard let progress else { return range.contains(x) && range.contains(y) }
    return range.contains(x + (y - x) * progress.lowest) && range.contains(x + (y - x) * progress.highest)
}

extension Segment {
    /// The lowest and highest progress the segment's easing reaches, at which `clampedParts` checks
    /// its components; nil for a held or instant segment, of which only the ends are ever drawn.
    @inlinable
    public var clampingProgress: (lowest: Double, highest: Double)? {
        end - start > 0 && easing != .hold ? easing.progressRange : nil
    }

    /// Whether `Animated.clamped` merges this segment into `last`: both hold one value, the same
    /// one, and this starts where `last` ends.
    @inlinable
    public func mergesAsHold(after last: Segment) -> Bool {
        last.from == last.to && from == to && last.to == from && last.end == start
    }
}

extension Easing {
    /// Whether `unitHandleParts` leaves the easing whole (and `Animated.withUnitHandles` a segment
    /// with it as it is): it is not a cubic-bezier with a y handle outside 0…1.
    public var hasUnitHandles: Bool {
        guard case let .cubic(_, y1, _, y2) = self else { return true }
        return (0...1).contains(y1) && (0...1).contains(y2)
    }
}

extension Segment where Value: ClampableComponents {
    /// This segment as parts whose every component stays inside `range` (see `Animated.clamped`).
    /// A segment already inside is itself (lowering clamps one segment at a time, skipping those).
    /// Inlinable, so that lowering's call for numbers and colours is specialised: generic, every
    /// `Segment` made and appended here went through type metadata (half its cost).
    @inlinable
    public func clampedParts(to range: ClosedRange<Double>) -> [Segment] {
        let a = from.clampableComponents, b = to.clampableComponents
        let duration = end - start
        let clampedEnds = Segment(start: start, end: end, from: from.clamped(to: range), to: to.clamped(to: range), easing: easing)
        guard a.count == b.count, let progress = clampingProgress else { return [clampedEnds] }
        // The progress the easing reaches; every component is linear in it.
        let (lowest, highest) = progress
        if zip(a, b).allSatisfy({ componentStaysWithin(range, $0, $1, progress: progress) }) { return [self] }
        // The progress values at which some component meets a bound.
        var thresholds: [Double] = []
        for (x, y) in zip(a, b) where x != y {
            for bound in [range.lowerBound, range.upperBound] where bound.isFinite {
                let p = (bound - x) / (y - x)
                if p > lowest && p < highest { thresholds.append(p) }
            }
        }
        // Cut at the curve's turning points too: between two crossings of one bound the progress
        // may come back to where it was, and a piece whose ends have the same progress would
        // lose the motion of the components that stay in range (Easing.piece makes it a pause).
        let cuts = [0] + (easing.fractions(whereProgressEquals: thresholds) + easing.turningFractions)
            .filter { $0 > 1e-9 && $0 < 1 - 1e-9 }.sorted() + [1]
        var parts: [Segment] = []
        for (u0, u1) in zip(cuts, cuts.dropFirst()) where u1 - u0 > 1e-12 {
            let piece = easing.piece(from: u0, to: u1)
            // The ends keep their exact values, so the parts join the neighbouring segments.
            let partFrom = u0 == 0 ? clampedEnds.from : Value.interpolate(from, to, piece.p0).clamped(to: range)
            let partTo = u1 >= 1 ? clampedEnds.to : Value.interpolate(from, to, piece.p1).clamped(to: range)
            parts.append(
                Segment(
                    start: start + duration * u0, end: u1 >= 1 ? end : start + duration * u1, from: partFrom, to: partTo,
                    easing: partFrom == partTo ? .linear : piece.easing))
        }
        return parts
    }
}

extension Easing {
    /// The smallest and largest progress over the segment (beyond 0…1 when the curve overshoots).
    public var progressRange: (Double, Double) {
        guard !hasUnitHandles, case let .cubic(x1, y1, x2, y2) = self else { return (0, 1) }
        let curve = CubicBezierCurve(x1, y1, x2, y2)
        let values = [0.0, 1.0] + yTurningParameters(y1, y2).map { curve.point(at: $0).y }
        return (values.min()!, values.max()!)
    }

    /// The fractions of the duration at which the progress turns (a cubic's overshoot peaks).
    @usableFromInline
    var turningFractions: [Double] {
        guard case let .cubic(x1, y1, x2, y2) = self else { return [] }
        let curve = CubicBezierCurve(x1, y1, x2, y2)
        return yTurningParameters(y1, y2).map { curve.point(at: $0).x }
    }

    /// The fractions of the duration at which the progress equals one of `targets` (each crossing
    /// found to 1e-12 in the curve's parameter), unsorted.
    @usableFromInline
    func fractions(whereProgressEquals targets: [Double]) -> [Double] {
        guard !targets.isEmpty else { return [] }
        switch self {
        case .hold:
            return []
        case .linear:
            return targets.filter { $0 > 0 && $0 < 1 }
        case let .cubic(x1, y1, x2, y2):
            let curve = CubicBezierCurve(x1, y1, x2, y2)
            // Between turning points y(s) is monotonic: each target is crossed at most once there.
            let bounds = [0.0] + yTurningParameters(y1, y2) + [1.0]
            var result: [Double] = []
            for (s0, s1) in zip(bounds, bounds.dropFirst()) where s1 > s0 {
                let ya = curve.point(at: s0).y, yb = curve.point(at: s1).y
                for target in targets where (ya - target) * (yb - target) < 0 {
                    var low = s0, high = s1
                    let rising = yb > ya
                    for _ in 0..<64 where high - low > 1e-13 {
                        let middle = (low + high) / 2
                        if (curve.point(at: middle).y < target) == rising { low = middle } else { high = middle }
                    }
                    result.append(curve.point(at: (low + high) / 2).x)
                }
            }
            return result
        }
    }
}

/// The parameters in (`margin`, 1 − `margin`) where one coordinate of a cubic Bézier with control
/// values `p0…p3` turns (its derivative is 0), sorted.
package func cubicTurningParameters(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, margin: Double = 0) -> [Double] {
    var parameters: [Double] = []
    forEachCubicTurningParameter(p0, p1, p2, p3, margin: margin) { parameters.append($0) }
    return parameters
}

/// `cubicTurningParameters` without an array, for a caller that does this for every segment of
/// every path (the importer's bounding boxes): `body` gets each parameter, in increasing order.
package func forEachCubicTurningParameter(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, margin: Double = 0, _ body: (Double) -> Void) {
    // The derivative / 3 = a t² + b t + c.
    let a = -p0 + 3 * p1 - 3 * p2 + p3, b = 2 * (p0 - 2 * p1 + p2), c = p1 - p0
    var first = Double.nan, second = Double.nan
    if abs(a) < 1e-12 {
        if abs(b) > 1e-12 { first = -c / b }
    } else {
        let discriminant = b * b - 4 * a * c
        if discriminant >= 0 {
            let root = discriminant.squareRoot()
            first = (-b - root) / (2 * a)
            second = (-b + root) / (2 * a)
        }
    }
    let keepsFirst = first > margin && first < 1 - margin, keepsSecond = second > margin && second < 1 - margin
    switch (keepsFirst, keepsSecond) {
    case (true, true):
        if second < first {
            body(second)
            body(first)
        } else {
            body(first)
            body(second)
        }
    case (true, false): body(first)
    case (false, true): body(second)
    case (false, false): break
    }
}

/// The parameters in (0, 1) where the y of `cubic-bezier(_, y1, _, y2)` turns (y'(s) = 0), sorted.
package func yTurningParameters(_ y1: Double, _ y2: Double) -> [Double] {
    cubicTurningParameters(0, y1, y2, 1, margin: 1e-6)
}

extension Easing {
    /// This easing as consecutive parts whose cubic handles all lie in 0…1, each the exact piece
    /// of the curve between two fractions of the duration: `(u1, p1, easing)` with `u1` the part's
    /// end fraction and `p1` the progress there. A curve whose y overshoots is cut at its turning
    /// points and bisected until every part's four handles fit (at most 12 levels; a part that
    /// still does not fit becomes linear). SMIL keySplines require this, and Lottie players that
    /// clamp the progress of colours (lottie-android) draw a bounded property right only with it.
    package var unitHandleParts: [(u1: Double, p1: Double, easing: Easing)] {
        guard !hasUnitHandles, case let .cubic(x1, y1, x2, y2) = self else { return [(1, 1, self)] }
        let curve = CubicBezierCurve(x1, y1, x2, y2)
        let cuts = [0] + yTurningParameters(y1, y2).map { curve.point(at: $0).x }.sorted() + [1]
        var result: [(u1: Double, p1: Double, easing: Easing)] = []
        func emit(_ u0: Double, _ u1: Double, depth: Int) {
            // The exact sub-curve, its handles normalised but not clamped: a part is accepted only
            // when all four lie in 0…1 (an x handle clamped into range would bend the timing).
            let sub = curve.split(from: curve.parameter(forX: u0), to: curve.parameter(forX: u1))
            let dx = sub.p3.x - sub.p0.x, dy = sub.p3.y - sub.p0.y
            guard dx > 1e-12, abs(dy) > 1e-12 else {
                result.append((u1, sub.p3.y, .linear))
                return
            }
            let handles = [
                (sub.p1.x - sub.p0.x) / dx, (sub.p1.y - sub.p0.y) / dy, (sub.p2.x - sub.p0.x) / dx, (sub.p2.y - sub.p0.y) / dy,
            ]
            if handles.allSatisfy({ (-1e-9...1 + 1e-9).contains($0) }) {
                let h = handles.map { min(max($0, 0), 1) }
                result.append((u1, sub.p3.y, .cubic(h[0], h[1], h[2], h[3])))
            } else if depth >= 12 {
                result.append((u1, sub.p3.y, .linear))
            } else {
                let middle = (u0 + u1) / 2
                emit(u0, middle, depth: depth + 1)
                emit(middle, u1, depth: depth + 1)
            }
        }
        for index in 0..<(cuts.count - 1) where cuts[index + 1] - cuts[index] > 1e-9 {
            emit(cuts[index], cuts[index + 1], depth: 0)
        }
        return result
    }
}

extension Animated {
    /// The same motion with every cubic easing's handles inside 0…1 (see `Easing.unitHandleParts`):
    /// an overshooting segment becomes the exact parts of its curve.
    public var withUnitHandles: Animated<Value> {
        var result = Animated(initial, slot: slot)
        for segment in segments {
            let parts = segment.easing.unitHandleParts
            guard parts.count > 1 || parts.first?.easing != segment.easing else {
                result.append(segment)
                continue
            }
            var start = segment.start, from = segment.from
            let duration = segment.end - segment.start
            for part in parts {
                let end = part.u1 >= 1 ? segment.end : segment.start + duration * part.u1
                let to = part.u1 >= 1 ? segment.to : Value.interpolate(segment.from, segment.to, part.p1)
                result.append(Segment(start: start, end: end, from: from, to: to, easing: part.easing))
                start = end
                from = to
            }
        }
        return result
    }
}
