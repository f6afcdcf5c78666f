import ChoreoSceneModel
import ChoreoTimeline

/// The cubic piece of a spring between `t0` and `t1` (seconds after it starts) with the smallest
/// largest error, and that error in progress units; nil where the progress does not change.
///
/// The handles point along the spring's velocity at both ends, so consecutive pieces join
/// smoothly; only their lengths are free. The Hermite interpolant fixes both at a third of the
/// piece, which fits a spring's swing poorly (its turns are sharper than a cubic's): fitting the
/// two lengths lets one cubic span a whole swing between extrema within the tolerance, where the
/// Hermite piece needed several. The handles are rounded to the 3 decimals every output writes,
/// and the error is measured on the rounded curve, so the bound holds for the written file.
/// Lengths that would put a y handle outside [0, 1] are never tried (Lottie and SMIL keySplines).
func fittedSpringPiece(
    from t0: Double, to t1: Double, progress: (Double) -> Double, velocity: (Double) -> Double
) -> (piece: SpringPiece, error: Double)? {
    let p0 = progress(t0), p1 = progress(t1), h = t1 - t0, dp = p1 - p0
    guard abs(dp) > 1e-12, h > 0 else { return nil }
    // Slopes in the unit square of the easing: dy/dx at both ends.
    let outSlope = velocity(t0) * h / dp, inSlope = velocity(t1) * h / dp
    var exact: [Double] = []
    exact.reserveCapacity(springFitSamples - 1)
    for k in 1..<springFitSamples {
        exact.append((progress(t0 + h * Double(k) / Double(springFitSamples)) - p0) / dp)
    }
    let longestOut = longestHandle(slope: outSlope), longestIn = longestHandle(slope: inSlope)

    func easing(_ a: Double, _ b: Double) -> Easing {
        .cubic(
            roundedHandle(a), roundedHandle(min(max(a * outSlope, 0), 1)),
            roundedHandle(1 - b), roundedHandle(min(max(1 - b * inSlope, 0), 1)))
    }
    func error(_ a: Double, _ b: Double) -> Double {
        let curve = easing(a, b)
        var worst = 0.0
        for (k, value) in exact.enumerated() {
            worst = max(worst, abs(curve.progress(Double(k + 1) / Double(springFitSamples)) - value))
        }
        return worst * abs(dp)
    }

    // A coarse grid over the legal lengths (the Hermite thirds among the candidates), then a
    // pattern search around the best point with halving steps.
    var best = (a: min(1.0 / 3, longestOut), b: min(1.0 / 3, longestIn))
    var bestError = error(best.a, best.b)
    let gridSteps = 8
    for i in 1...gridSteps {
        for j in 1...gridSteps {
            let a = longestOut * Double(i) / Double(gridSteps), b = longestIn * Double(j) / Double(gridSteps)
            let candidate = error(a, b)
            if candidate < bestError { (best, bestError) = ((a, b), candidate) }
        }
    }
    var step = max(longestOut, longestIn) / Double(gridSteps) / 2
    while step > 0.0005 {
        var improved = false
        for (da, db) in [(step, 0.0), (-step, 0), (0, step), (0, -step)] {
            let a = min(max(best.a + da, 0), longestOut), b = min(max(best.b + db, 0), longestIn)
            let candidate = error(a, b)
            if candidate < bestError {
                (best, bestError) = ((a, b), candidate)
                improved = true
            }
        }
        if !improved { step /= 2 }
    }
    return (SpringPiece(start: t0, end: t1, p0: p0, p1: p1, easing: easing(best.a, best.b)), bestError)
}

/// Points at which a fitted piece is compared with the spring (the ends excluded).
let springFitSamples = 48

/// The longest handle, as a fraction of the piece, whose y stays in [0, 1] at this slope; a
/// falling end (negative slope) can only have a handle of length 0.
private func longestHandle(slope: Double) -> Double {
    // At an extremum the slope is 0 up to rounding.
    if abs(slope) < 1e-9 { return 1 }
    if slope < 0 { return 0 }
    return min(1, 1 / slope)
}

private func roundedHandle(_ value: Double) -> Double { (value * 1000).rounded(.toNearestOrAwayFromZero) / 1000 }
