import Foundation
import Testing

@testable import ChoreoScene

private func curve(_ easing: EasingSpec) -> SpringCurve {
    guard case let .spring(response, dampingFraction) = easing else { return SpringCurve(response: 1, dampingFraction: 1) }
    return SpringCurve(response: response, dampingFraction: dampingFraction)
}

/// The reference table (shared/reference/swiftui-animation-semantics.md, "Springs"): overshoot
/// in percent to two decimals, and the settle time, which the table gives rounded up to 0.01 s
/// (smooth settles at 0.7348 s and is listed as 0.74 s). `exactSettle` comes from a brute-force
/// scan of the closed form in 1e-5 s steps, independent of the bracketing used here.
@Test(arguments: [
    ("default", SpringCurve(response: 0.55, dampingFraction: 1), 0.0, 0.81, 0.80824),
    ("spring()", SpringCurve(response: 0.5, dampingFraction: 0.825), 1.02, 0.69, 0.68859),
    ("smooth", curve(springEasing(duration: 0.5, bounce: 0)), 0.0, 0.74, 0.73477),
    ("snappy", curve(springEasing(duration: 0.5, bounce: 0.15)), 0.63, 0.70, 0.69669),
    ("bouncy", curve(springEasing(duration: 0.5, bounce: 0.3)), 4.60, 0.82, 0.81874),
    ("interactiveSpring", SpringCurve(response: 0.15, dampingFraction: 0.86), 0.50, 0.21, 0.20920),
])
func matchesTheReferenceTable(
    name: String, spring: SpringCurve, overshootPercent: Double, tableSettle: Double, exactSettle: Double
) {
    let peak = spring.extremumTimes.first.map { spring.progress(at: $0) } ?? 1
    #expect(abs((peak - 1) * 100 - overshootPercent) < 0.005, "\(name) overshoot \((peak - 1) * 100)")
    let settle = spring.settlingDuration
    #expect(abs(settle - exactSettle) < 2e-5, "\(name) settles at \(settle)")
    #expect(abs((settle * 100).rounded(.up) / 100 - tableSettle) < 1e-9, "\(name) settles at \(settle)")
}

@Test func settlingDurationIsTheLastTimeOutsideEpsilon() {
    for spring in [
        SpringCurve(response: 0.5, dampingFraction: 0.3), SpringCurve(response: 0.5, dampingFraction: 0.7),
        SpringCurve(response: 0.5, dampingFraction: 1), SpringCurve(response: 1, dampingFraction: 2),
    ] {
        let settle = spring.settlingDuration
        #expect(abs(1 - spring.progress(at: settle)) >= 1e-3 - 1e-9)
        // Never outside ε again: sample densely up to twice the settle time.
        let outside = stride(from: settle + 1e-6, through: settle * 2, by: settle / 5000)
            .filter { abs(1 - spring.progress(at: $0)) >= 1e-3 }
        #expect(outside.isEmpty, "\(spring) leaves ε at \(outside.first ?? 0)")
    }
}

@Test func closedFormsMatchTheirDerivativesAndEndpoints() {
    for zeta in [0.2, 0.825, 1, 1.5] {
        let spring = SpringCurve(response: 0.5, dampingFraction: zeta)
        #expect(spring.progress(at: 0) == 0)
        #expect(spring.velocity(at: 0) == 0)
        #expect(abs(spring.progress(at: 20) - 1) < 1e-9)
        for t in [0.05, 0.13, 0.4, 0.9] {
            let h = 1e-6
            let numeric = (spring.progress(at: t + h) - spring.progress(at: t - h)) / (2 * h)
            #expect(abs(numeric - spring.velocity(at: t)) < 1e-5, "ζ \(zeta) at \(t)")
        }
    }
    // Near-critical damping is continuous across the forms.
    let below = SpringCurve(response: 0.5, dampingFraction: 1 - 1e-5).progress(at: 0.2)
    let above = SpringCurve(response: 0.5, dampingFraction: 1 + 1e-5).progress(at: 0.2)
    #expect(abs(below - above) < 1e-4)
}

@Test func extremaAreWhereVelocityVanishes() {
    let bouncy = SpringCurve(response: 0.5, dampingFraction: 0.7)
    let times = bouncy.extremumTimes
    let omegaD = 2 * Double.pi / 0.5 * (1 - 0.49).squareRoot()
    // The peak at 0.35 s and the trough at 0.70 s (deviation 0.0021 ≥ ε) come before 0.82 s.
    #expect(times.count == 2)
    #expect(abs(times[0] - Double.pi / omegaD) < 1e-12)
    #expect(abs(times[1] - 2 * Double.pi / omegaD) < 1e-12)
    #expect(abs(bouncy.velocity(at: times[0])) < 1e-9)
    #expect(abs(bouncy.progress(at: times[0]) - 1 - exp(-0.7 * .pi / (1 - 0.49).squareRoot())) < 1e-12)
    let loose = SpringCurve(response: 0.5, dampingFraction: 0.2)
    #expect(loose.extremumTimes.count > 5)
    #expect(loose.extremumTimes.allSatisfy { $0 < loose.settlingDuration })
    #expect(SpringCurve(response: 0.5, dampingFraction: 1).extremumTimes.isEmpty)
    #expect(SpringCurve(response: 0.5, dampingFraction: 1.4).extremumTimes.isEmpty)
}
