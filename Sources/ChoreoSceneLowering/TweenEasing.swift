import ChoreoSceneModel
import ChoreoTimeline

/// A transition's motion as one cubic easing over its length: what an output that can only tween
/// between two frames plays when it retargets (dotLottie's `Tweened` transitions, which take a
/// cubic Bézier with x1 and x2 in 0…1). A spring, which no cubic follows exactly, gets the cubic
/// closest to its progress up to where it rests (least squares over its x handles in twentieths,
/// the y handles solved for each).
func tweenEasing(_ easing: EasingSpec, restsAfter rest: Double?) -> Easing {
    switch easing {
    case .linear, .steps: return .linear
    case .hold: return .hold
    case let .cubic(x1, y1, x2, y2): return .cubic(x1, y1, x2, y2)
    case let .spring(response, dampingFraction):
        let spring = SpringCurve(response: response, dampingFraction: dampingFraction)
        let length = rest ?? spring.settlingDuration
        guard length > 0 else { return .linear }
        return fittedCubic { spring.progress(at: $0 * length) }
    case let .piecewise(points):
        return fittedCubic { piecewiseProgress(points, at: $0) }
    }
}

/// CSS `linear(…)`'s progress at `u`: along the line between the points around it (the later one
/// where two stand at one x, as the jump there has happened).
private func piecewiseProgress(_ points: [Point], at u: Double) -> Double {
    guard let first = points.first, let last = points.last else { return u }
    if u <= first.x { return first.y }
    for (a, b) in zip(points, points.dropFirst()) where u <= b.x {
        return b.x > a.x ? a.y + (b.y - a.y) * (u - a.x) / (b.x - a.x) : b.y
    }
    return last.y
}

/// The cubic Bézier easing closest to `progress` (a function of the fraction of the duration).
private func fittedCubic(_ progress: (Double) -> Double) -> Easing {
    let samples = (1..<40).map { Double($0) / 40 }
    let targets = samples.map(progress)
    var best: (error: Double, easing: Easing) = (.infinity, .easeInOut)
    for i in 0...20 {
        for j in 0...20 {
            let x1 = Double(i) / 20, x2 = Double(j) / 20
            // The curve's parameter where x(s) is each sample, then y(s) = b1·y1 + b2·y2 + s³.
            var a11 = 0.0, a12 = 0.0, a22 = 0.0, c1 = 0.0, c2 = 0.0
            var rows: [(Double, Double, Double)] = []
            for (u, p) in zip(samples, targets) {
                var low = 0.0, high = 1.0
                for _ in 0..<40 {
                    let s = (low + high) / 2
                    let x = 3 * (1 - s) * (1 - s) * s * x1 + 3 * (1 - s) * s * s * x2 + s * s * s
                    if x < u { low = s } else { high = s }
                }
                let s = (low + high) / 2
                let b1 = 3 * (1 - s) * (1 - s) * s, b2 = 3 * (1 - s) * s * s, rest = p - s * s * s
                a11 += b1 * b1; a12 += b1 * b2; a22 += b2 * b2; c1 += b1 * rest; c2 += b2 * rest
                rows.append((b1, b2, rest))
            }
            let determinant = a11 * a22 - a12 * a12
            guard abs(determinant) > 1e-12 else { continue }
            let y1 = (c1 * a22 - c2 * a12) / determinant, y2 = (a11 * c2 - a12 * c1) / determinant
            let error = rows.reduce(0) { $0 + ($1.0 * y1 + $1.1 * y2 - $1.2) * ($1.0 * y1 + $1.1 * y2 - $1.2) }
            if error < best.error - 1e-15 {
                best = (error, .cubic(x1, (y1 * 1000).rounded() / 1000, x2, (y2 * 1000).rounded() / 1000))
            }
        }
    }
    return best.easing
}
