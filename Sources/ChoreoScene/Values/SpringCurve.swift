import Foundation

/// SwiftUI's spring (mass 1, from rest) in closed form: normalised progress from 0 to 1.
/// ω₀ = 2π / response, ζ = damping fraction (see shared reference, "Springs").
public struct SpringCurve: Sendable, Equatable {
    public var response: Double
    public var dampingFraction: Double

    public init(response: Double, dampingFraction: Double) {
        self.response = response
        self.dampingFraction = dampingFraction
    }

    /// Progress at `t` seconds after the start.
    public func progress(at t: Double) -> Double {
        fatalError("SpringCurve.progress not implemented yet")
    }

    /// d(progress)/dt at `t`.
    public func velocity(at t: Double) -> Double {
        fatalError("SpringCurve.velocity not implemented yet")
    }

    /// The last time |1 − progress| ≥ 1e-3 (SwiftUI's settling ε): the spring's duration in Choreo.
    public var settlingDuration: Double {
        fatalError("SpringCurve.settlingDuration not implemented yet")
    }

    /// Times in (0, settlingDuration) where the velocity is zero (overshoot peaks and troughs).
    public var extremumTimes: [Double] {
        fatalError("SpringCurve.extremumTimes not implemented yet")
    }
}
