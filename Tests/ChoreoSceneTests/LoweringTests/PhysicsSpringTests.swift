import ChoreoTimeline
import Foundation
import Testing

@testable import ChoreoScene

/// `{spring: {stiffness, damping, mass}}` is SwiftUI's `interpolatingSpring(mass:stiffness:damping:)`:
/// the motion of m·x″ + c·x′ + k·x = 0 released at rest from the start value. The expected values
/// here come from that equation's textbook solution written with γ = c / 2m (the decay rate), not
/// from `SpringCurve` or the response/damping-fraction mapping the compiler uses.
private struct DampedOscillator {
    var mass: Double
    var stiffness: Double
    var damping: Double

    /// The fraction of the way from start to target at `t` (x(0) = 1 away, x′(0) = 0).
    func progress(at t: Double) -> Double {
        let gamma = damping / (2 * mass)
        let omega0Squared = stiffness / mass
        let discriminant = gamma * gamma - omega0Squared
        let away: Double
        if abs(discriminant) < 1e-9 {
            away = (1 + gamma * t) * exp(-gamma * t)
        } else if discriminant < 0 {
            let omegaD = (-discriminant).squareRoot()
            away = exp(-gamma * t) * (cos(omegaD * t) + gamma / omegaD * sin(omegaD * t))
        } else {
            let r1 = -gamma + discriminant.squareRoot(), r2 = -gamma - discriminant.squareRoot()
            away = (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
        }
        return 1 - away
    }
}

private func compiledMove(_ spring: String) throws -> (track: Animated<Point>, start: Double, end: Double) {
    let scene = """
        choreo: 1
        size: [200, 100]
        layers:
          - {id: dot, shape: ellipse, radius: 4, position: [50, 50]}
        states:
          rest: {}
          moved: {dot: {position: [150, 50]}}
        transitions:
          - {from: rest, to: moved, easing: {spring: \(spring)}}
        """
    let compilation = frontendCompile(scene)
    #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(\.message))")
    let timeline = try #require(compilation.timeline)
    let span = try #require(timeline.spans.first { $0.kind == .transition })
    let dot = try #require(findNode("dot", in: timeline.layers))
    return (dot.transform.position, span.start, span.end)
}

@Test(arguments: [
    // Under-damped (ζ ≈ 0.58), the stiffness and damping of the example.
    (170.0, 15.0, 1.0),
    // Under-damped with a heavier mass (ζ ≈ 0.35): more swings.
    (300.0, 12.0, 1.5),
    // Critically damped: c = 2√(k·m).
    (100.0, 20.0, 1.0),
    // Over-damped (ζ = 2).
    (64.0, 32.0, 1.0),
])
func physicsSpringFollowsTheDampedOscillator(stiffness: Double, damping: Double, mass: Double) throws {
    let oscillator = DampedOscillator(mass: mass, stiffness: stiffness, damping: damping)
    let (track, start, end) = try compiledMove("{stiffness: \(stiffness), damping: \(damping), mass: \(mass)}")
    // The baking bound of a position is half a pixel; settling snaps the last 1/1000 of the
    // 100 px motion (0.1 px) onto the target.
    var checked = 0
    var t = 0.0
    while start + t < end {
        let expected = 50 + 100 * oscillator.progress(at: t)
        let actual = track.value(at: start + t).x
        #expect(abs(actual - expected) <= 0.5 + 0.1, "t = \(t): \(actual) vs \(expected)")
        checked += 1
        t += 0.004
    }
    #expect(checked > 50)
    #expect(track.value(at: end) == Point(150, 50))
    // The transition lasts until the oscillator stays within 1/1000 of its target (SwiftUI's
    // settling ε), rounded up to whole frames, plus the frame that holds the end pose.
    var settle = 0.0
    for step in 0..<200_000 where abs(1 - oscillator.progress(at: Double(step) * 1e-4)) >= 1e-3 {
        settle = Double(step) * 1e-4
    }
    #expect(end - start >= settle + 1.0 / 60 - 1e-4 && end - start <= settle + 2.0 / 60 + 1e-4, "\(end - start) vs \(settle)")
}

@Test func massDefaultsToOne() throws {
    let explicit = try compiledMove("{stiffness: 170, damping: 15, mass: 1}")
    let implicit = try compiledMove("{stiffness: 170, damping: 15}")
    #expect(explicit.track == implicit.track)
    #expect(explicit.end == implicit.end)
}

@Test func physicsSpringIsTheEquivalentResponseSpring() throws {
    // k = (2π / T)² and c = 4πζ / T with m = 1 (shared reference, "Springs").
    let response = 0.5, zeta = 0.7
    let k = pow(2 * Double.pi / response, 2), c = 4 * Double.pi * zeta / response
    let physical = try compiledMove("{stiffness: \(k), damping: \(c)}")
    let perceptual = try compiledMove("{response: \(response), damping-fraction: \(zeta)}")
    #expect(abs(physical.end - perceptual.end) < 1e-9)
    for k in 0..<40 {
        let t = physical.start + Double(k) * 0.01
        #expect(abs(physical.track.value(at: t).x - perceptual.track.value(at: t).x) < 1e-6)
    }
}
