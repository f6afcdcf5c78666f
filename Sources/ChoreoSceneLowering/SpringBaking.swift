import ChoreoSceneModel
import ChoreoTimeline

/// One baked piece of a spring: from progress `p0` at `start` to `p1` at `end` (seconds after the
/// spring starts), along a cubic easing.
package struct SpringPiece: Equatable {
    var start: Double
    var end: Double
    var p0: Double
    var p1: Double
    var easing: Easing
}

/// Bakes a spring into as few cubic segments as keep the progress within `tolerance` of the
/// closed form (shared reference, "Baking springs and overshoot").
///
/// Keyframes go at 0, at every extremum (where the velocity is 0, so the handles are exactly 0
/// or 1) and at the settling time, where the progress is taken as exactly 1 so the motion ends
/// on its target. Each segment's handles point along the spring's velocity at its ends, and
/// their lengths are fitted to the spring (`fittedSpringPiece`: the smallest largest error, not
/// the Hermite interpolant's fixed thirds), so one cubic spans a whole half-swing where the
/// tolerance allows; a segment is bisected until its error is within `tolerance` and both y
/// handles lie in [0, 1] (legal for Lottie and for SMIL keySplines).
package func bakeSpring(_ spring: SpringCurve, tolerance: Double) -> [SpringPiece] {
    SpringBisection(spring).pieces(tolerance: tolerance)
}

/// `bakeSpring`'s bisection of one spring, kept for every tolerance the spring is baked at: an
/// interval's Hermite piece and its error depend only on the interval, so baking at a second
/// tolerance walks the intervals the first one made and computes only those it did not reach
/// (a scene whose motions differ in size bakes one spring at as many tolerances as sizes).
package final class SpringBisection {
    private struct Interval {
        var t0: Double
        var t1: Double
        var depth: Int
        /// `fittedSpringPiece(t0, t1)`; nil where the progress does not change.
        var piece: SpringPiece?
        /// The piece's largest error against the spring.
        var error: Double?
        /// The first of the two halves (the second follows it), once made.
        var firstHalf: Int?
    }

    /// The deepest bisection; a piece there is kept whatever its error.
    static let maxDepth = 16

    private let spring: SpringCurve
    private let settle: Double
    private var intervals: [Interval] = []
    /// The intervals between the extrema (and 0 and the settling time).
    private var roots: [Int] = []

    package init(_ spring: SpringCurve) {
        self.spring = spring
        settle = spring.settlingDuration
        guard settle > 0 else { return }
        var times = [0.0]
        for extremum in spring.extremumTimes where extremum > timeEpsilon && extremum < settle - timeEpsilon {
            times.append(extremum)
        }
        times.append(settle)
        for (t0, t1) in zip(times, times.dropFirst()) { roots.append(add(t0, t1, depth: 0)) }
    }

    private func progress(_ t: Double) -> Double { t <= 0 ? 0 : t >= settle ? 1 : spring.progress(at: t) }
    private func velocity(_ t: Double) -> Double { t <= 0 ? 0 : spring.velocity(at: t) }

    private func add(_ t0: Double, _ t1: Double, depth: Int) -> Int {
        let fitted = fittedSpringPiece(from: t0, to: t1, progress: progress, velocity: velocity)
        intervals.append(Interval(t0: t0, t1: t1, depth: depth, piece: fitted?.piece, error: fitted?.error))
        return intervals.count - 1
    }

    /// Whether the interval's piece has both y handles in [0, 1] and stays within `tolerance`.
    private func isAcceptable(_ index: Int, tolerance: Double) -> Bool {
        guard let piece = intervals[index].piece, case let .cubic(_, outY, _, inY) = piece.easing,
            (0...1).contains(outY), (0...1).contains(inY)
        else { return false }
        return (intervals[index].error ?? .infinity) <= tolerance
    }

    /// The spring as cubic pieces within `tolerance`: each interval's piece if acceptable, else
    /// its two halves, down to `maxDepth`.
    package func pieces(tolerance: Double) -> [SpringPiece] {
        guard settle > 0 else { return [SpringPiece(start: 0, end: 0, p0: 1, p1: 1, easing: .linear)] }
        var pieces: [SpringPiece] = []
        func refine(_ index: Int) {
            let interval = intervals[index]
            if let piece = interval.piece, interval.depth >= Self.maxDepth || isAcceptable(index, tolerance: tolerance) {
                pieces.append(piece)
                return
            }
            guard interval.depth < Self.maxDepth else {
                pieces.append(
                    SpringPiece(start: interval.t0, end: interval.t1, p0: progress(interval.t0), p1: progress(interval.t1), easing: .linear))
                return
            }
            let first: Int
            if let made = interval.firstHalf {
                first = made
            } else {
                let middle = (interval.t0 + interval.t1) / 2
                first = add(interval.t0, middle, depth: interval.depth + 1)
                _ = add(middle, interval.t1, depth: interval.depth + 1)
                intervals[index].firstHalf = first
            }
            refine(first)
            refine(first + 1)
        }
        for root in roots { refine(root) }
        return pieces
    }
}

/// Springs baked during one lowering. A scene typically uses a handful of springs on many
/// properties, and baking one (a bisection for the settling time, then dense error sampling) costs
/// hundreds of `exp`/`sin`/`cos` calls; baking is a pure function of its inputs, so each distinct
/// spring and tolerance is baked once. One instance per lowering: never shared between threads.
package final class SpringBakery {
    private struct Key: Hashable {
        var response: Double
        var dampingFraction: Double
        var tolerance: Double
    }

    private var baked: [Key: [SpringPiece]] = [:]
    private var settling: [Key: Double] = [:]
    /// Bakes every spring to `minSpringProgressTolerance` whatever the distance it moves: a scene
    /// with bindings is compiled at several input values (`attachTokens`), whose motions must have
    /// the same keyframes, only other values.
    package var fixedProgressTolerance = false

    package init(fixedProgressTolerance: Bool = false) {
        self.fixedProgressTolerance = fixedProgressTolerance
    }

    /// `bakeSpring(spring, tolerance:)`, computed once per distinct argument in the process
    /// (`SharedSpringBaking`).
    package func pieces(_ spring: SpringCurve, tolerance: Double) -> [SpringPiece] {
        let key = Key(response: spring.response, dampingFraction: spring.dampingFraction, tolerance: tolerance)
        if let pieces = baked[key] { return pieces }
        let pieces = SharedSpringBaking.shared.pieces(spring, tolerance: tolerance)
        baked[key] = pieces
        return pieces
    }

    /// `spring.settlingDuration`, computed once per spring.
    func settlingDuration(_ spring: SpringCurve) -> Double {
        let key = Key(response: spring.response, dampingFraction: spring.dampingFraction, tolerance: 0)
        if let duration = settling[key] { return duration }
        let duration = spring.settlingDuration
        settling[key] = duration
        return duration
    }
}

/// The largest difference between a baked piece and `progress`, sampled densely over the piece.
func maxError(of piece: SpringPiece, against progress: (Double) -> Double, samples: Int = 32) -> Double {
    var worst = 0.0
    for k in 1..<samples {
        let u = Double(k) / Double(samples)
        let baked = piece.p0 + (piece.p1 - piece.p0) * piece.easing.progress(u)
        let exact = progress(piece.start + u * (piece.end - piece.start))
        worst = max(worst, abs(baked - exact))
    }
    return worst
}
