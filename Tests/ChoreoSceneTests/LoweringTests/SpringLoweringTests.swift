import ChoreoTimeline
import Testing

@testable import ChoreoScene
@testable import ChoreoSceneLowering

private let bouncy = SpringCurve(response: 0.5, dampingFraction: 0.7)

/// A 100 px move along a spring, lowered as a transition would lower it.
private func bakedMove(_ spring: SpringCurve, distance: Double = 100, tolerance: Double = 0.5) -> [Segment<PropertyValue>] {
    loweredSegments(
        from: .number(0), to: .number(distance), start: 0, duration: 0.35,
        easing: .spring(response: spring.response, dampingFraction: spring.dampingFraction), tolerance: tolerance)
}

@Test(arguments: [
    SpringCurve(response: 0.5, dampingFraction: 0.7),
    SpringCurve(response: 0.5, dampingFraction: 0.825),
    SpringCurve(response: 0.55, dampingFraction: 1),
    SpringCurve(response: 0.5, dampingFraction: 0.85),
    SpringCurve(response: 0.3, dampingFraction: 0.3),
    SpringCurve(response: 0.5, dampingFraction: 1.5),
])
func bakedSpringStaysWithinHalfAPixelOfTheClosedForm(spring: SpringCurve) {
    let segments = bakedMove(spring)
    let track = Animated<PropertyValue>(.number(0), segments: segments)
    #expect(abs(segments.last!.end - spring.settlingDuration) < 1e-9)
    #expect(segments.last!.to == .number(100))
    for segment in segments {
        guard case let .cubic(x1, y1, x2, y2) = segment.easing else {
            Issue.record("spring segments are cubic")
            continue
        }
        #expect((0...1).contains(x1) && (0...1).contains(x2))
        #expect((0...1).contains(y1) && (0...1).contains(y2), "handles stay legal for Lottie and SMIL")
        for k in 0...16 {
            let t = segment.start + (segment.end - segment.start) * Double(k) / 16
            guard case let .number(baked) = track.value(at: t) else { continue }
            let exact = t >= spring.settlingDuration ? 100 : 100 * spring.progress(at: t)
            #expect(abs(baked - exact) <= 0.5 + 1e-9, "at \(t) s: \(baked) vs \(exact)")
        }
    }
}

/// With fitted handle lengths the rise to the first peak takes two pieces and each later swing
/// one (with Hermite thirds it took 7 keyframes: the rise and the first swing in three).
@Test func bouncyOverOneHundredPixelsNeedsFiveKeyframes() {
    let segments = bakedMove(bouncy)
    var keyTimes = [segments[0].start]
    keyTimes += segments.map(\.end)
    #expect(keyTimes.count == 5)
    let expected = [0, 0.175, 0.35, 0.70, 0.819]
    for (time, reference) in zip(keyTimes, expected) { #expect(abs(time - reference) < 0.002) }
}

/// The handles' lengths are fitted, not fixed at thirds: the benchmark's `snappy` turn of 45°
/// at rotation's 0.1° took 6 Hermite pieces and takes 3, each within the tolerance.
@Test func fittedHandlesSpanASwingWithOneCubic() {
    let snappy = SpringCurve(response: 0.5, dampingFraction: 0.85)
    let segments = bakedMove(snappy, distance: 45, tolerance: 0.1)
    #expect(segments.count == 3)
    let track = Animated<PropertyValue>(.number(0), segments: segments)
    for k in 0...400 {
        let t = snappy.settlingDuration * Double(k) / 400
        guard case let .number(baked) = track.value(at: t) else { continue }
        #expect(abs(baked - 45 * (t >= snappy.settlingDuration ? 1 : snappy.progress(at: t))) <= 0.1 + 1e-9, "at \(t) s")
    }
}

@Test func springTransitionLastsTheSpringsSettlingDuration() {
    let closed = SceneState(name: "closed", range: LoweringFixtures.noRange, overrides: [:])
    let open = SceneState(
        name: "open", range: LoweringFixtures.noRange,
        overrides: [PropertyKey(node: "a", property: .position): .point(Point(100, 0))])
    let transition = SceneTransition(
        from: "closed", to: "open", trigger: .tap,
        timing: Timing(duration: 0.1, easing: .spring(response: 0.5, dampingFraction: 0.7)), range: LoweringFixtures.noRange)
    let lowered = LoweringFixtures.lowered(LoweringFixtures.scene(
        layers: [LoweringFixtures.rect("a", size: Point(4, 4))], states: [closed, open], transitions: [transition])).0
    let span = lowered.spans[2]
    let frames = Int(((span.end - span.start) * 60).rounded())
    #expect(frames == Int((bouncy.settlingDuration * 60).rounded(.up)) + 1)
    let position = findNode("a", in: lowered.layers)!.transform.position
    let t = 0.35
    #expect(abs(position.value(at: span.start + t).x - 100 * bouncy.progress(at: t)) < 0.5)
    #expect(position.value(at: span.end) == Point(100, 0))
}

@Test func rotationSpringUsesAFinerTolerance() {
    // 0.1° over a 100° turn is a tighter bound than 0.5 px over 100 px: more keyframes.
    let coarse = bakedMove(bouncy, tolerance: 0.5).count
    let fine = bakedMove(bouncy, tolerance: 0.1).count
    #expect(fine > coarse)
}

/// The baking tolerance is relative to the motion but never finer than
/// `minSpringProgressTolerance`: with an absolute half pixel, a 1e16 px move bisected every piece
/// to the last level (an SVG took 2 minutes). A huge move bakes like a 5,000 px one, and the
/// `too-many-baked-keyframes` estimate (baked at that floor) stays an upper bound.
@Test func hugeMovesAreBakedAtTheToleranceFloor() {
    let atFloor = bakedMove(bouncy, distance: 0.5 / minSpringProgressTolerance)
    #expect(bakedMove(bouncy, distance: 1e16).count == atFloor.count)
    #expect(atFloor.count < 100)
    let estimate = SpringBakery().pieces(bouncy, tolerance: minSpringProgressTolerance).count
    #expect(bakedMove(bouncy, distance: 1e16).count <= estimate)
}

@Test func oneBisectionBakesEveryToleranceAsAFreshBakeDoes() {
    // Fine after coarse, coarse after fine, and the floor: the intervals the earlier tolerances
    // made are reused, and each result is what a bake at that tolerance alone gives.
    for spring in [bouncy, SpringCurve(response: 0.3, dampingFraction: 0.3), SpringCurve(response: 0.5, dampingFraction: 1.5)] {
        let shared = SpringBisection(spring)
        let tolerances = [0.01, 0.001, 0.05, minSpringProgressTolerance, 0.001, 0.2]
        var counts: [Double: Int] = [:]
        for tolerance in tolerances {
            let pieces = shared.pieces(tolerance: tolerance)
            #expect(pieces == bakeSpring(spring, tolerance: tolerance))
            #expect(pieces == SpringBakery().pieces(spring, tolerance: tolerance))
            counts[tolerance] = pieces.count
        }
        #expect(counts[minSpringProgressTolerance]! >= counts[0.001]! && counts[0.001]! >= counts[0.2]!)
    }
    #expect(SpringBisection(SpringCurve(response: 0.5, dampingFraction: 0.7)).pieces(tolerance: 0.01).count > 2)
}
