import Foundation

/// SwiftUI's spring (mass 1, from rest) in closed form: normalised progress from 0 to 1.
/// ω₀ = 2π / response, ζ = damping fraction (see shared reference, "Springs").
public struct SpringCurve: Sendable, Equatable {
    public var response: Double
    public var dampingFraction: Double

    /// SwiftUI's settling ε: the spring counts as at rest once it stays within this of the target.
    public static let settlingEpsilon = 1e-3

    public init(response: Double, dampingFraction: Double) {
        self.response = response
        self.dampingFraction = dampingFraction
    }

    /// ω₀, the undamped angular frequency.
    public var naturalFrequency: Double { 2 * .pi / response }

    private enum Regime {
        /// Decay rate a = ζω₀ and damped frequency ω_d.
        case underdamped(decay: Double, frequency: Double)
        case critical(frequency: Double)
        /// The two real roots r₁ > r₂ of the characteristic equation.
        case overdamped(r1: Double, r2: Double)
    }

    // Within 1e-6 of ζ = 1 the other two forms lose precision to cancellation, and the critical
    // form differs from them by far less than the settling ε.
    private var regime: Regime {
        let omega = naturalFrequency, zeta = dampingFraction
        if abs(zeta - 1) < 1e-6 { return .critical(frequency: omega) }
        if zeta < 1 { return .underdamped(decay: zeta * omega, frequency: omega * (1 - zeta * zeta).squareRoot()) }
        let root = (zeta * zeta - 1).squareRoot()
        return .overdamped(r1: -omega * (zeta - root), r2: -omega * (zeta + root))
    }

    /// Progress at `t` seconds after the start.
    public func progress(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        switch regime {
        case let .underdamped(a, omegaD):
            return 1 - exp(-a * t) * (cos(omegaD * t) + a / omegaD * sin(omegaD * t))
        case let .critical(omega):
            return 1 - exp(-omega * t) * (1 + omega * t)
        case let .overdamped(r1, r2):
            return 1 + (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r1 - r2)
        }
    }

    /// d(progress)/dt at `t`.
    public func velocity(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        switch regime {
        case let .underdamped(a, omegaD):
            let omega = naturalFrequency
            return exp(-a * t) * (omega * omega / omegaD) * sin(omegaD * t)
        case let .critical(omega):
            return omega * omega * t * exp(-omega * t)
        case let .overdamped(r1, r2):
            return r1 * r2 * (exp(r1 * t) - exp(r2 * t)) / (r1 - r2)
        }
    }

    /// The last time |1 − progress| ≥ 1e-3 (SwiftUI's settling ε): the spring's duration in Choreo.
    public var settlingDuration: Double { settlingDuration(within: Self.settlingEpsilon) }

    /// The last time |1 − progress| ≥ `epsilon`: when a motion on this spring stays within
    /// `epsilon` of its travel from its rest (0 for an epsilon of 1 or more).
    public func settlingDuration(within epsilon: Double) -> Double {
        guard epsilon < 1 else { return 0 }
        let settled = { (t: Double) in abs(1 - progress(at: t)) < epsilon }
        var low = 0.0, high: Double
        switch regime {
        case let .underdamped(a, omegaD):
            // At the extremum t_k = kπ/ω_d the deviation is exactly e^(−a·t_k), and it falls to 0
            // before the next extremum. So the last lobe that reaches ε is k = ⌊ln(1/ε)·ω_d/(aπ)⌋,
            // and the deviation crosses ε once between t_k and t_(k+1).
            let lastLobe = (log(1 / epsilon) * omegaD / (a * .pi)).rounded(.down)
            low = lastLobe * .pi / omegaD
            high = (lastLobe + 1) * .pi / omegaD
        case .critical, .overdamped:
            // The deviation falls monotonically from 1 to 0.
            high = response
            while !settled(high) { high *= 2 }
        }
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if settled(middle) { high = middle } else { low = middle }
            if high - low < 1e-12 { break }
        }
        return low
    }

    /// Times in (0, settlingDuration) where the velocity is zero (overshoot peaks and troughs).
    public var extremumTimes: [Double] {
        guard case let .underdamped(_, omegaD) = regime else { return [] }
        let end = settlingDuration
        var times: [Double] = []
        var k = 1.0
        while k * .pi / omegaD < end {
            times.append(k * .pi / omegaD)
            k += 1
        }
        return times
    }
}
