import ChoreoTimeline
import Testing

@testable import ChoreoScene

// Expected values below are computed by hand from seed-facts.md, with an independent
// cubic-bezier solver; the lowered loop must be the steady state a viewer sees.

private let spinner = LoweringFixtures.lowered(LoweringFixtures.spinner)

private func rotation(_ id: String) -> Animated<Double> {
    findNode(id, in: spinner.0.layers)?.transform.rotation ?? Animated(.nan)
}

private func sameAngle(_ a: Double, _ b: Double) -> Bool {
    let d = (a - b).truncatingRemainder(dividingBy: 360)
    return min(abs(d), 360 - abs(d)) < 1e-6
}

@Test func spinnerIsOneLoopingSpanOfExactlyOneCycle() {
    let (timeline, diagnostics) = spinner
    #expect(diagnostics.isEmpty)
    #expect(timeline.spans.count == 1)
    #expect(timeline.spans[0].name == "spin")
    #expect(timeline.spans[0].loops)
    #expect(timeline.frameCount == 114)
    #expect(abs(timeline.duration - 1.9) < 1e-9)
}

@Test func spinnerS1TrimEndFollowsItsTweensInTheSteadyState() {
    let end = trimEnd("s1", spinner.0)
    // The 1.5 s tween (1 → 0.03) started in the previous cycle is still running at the seam.
    let wrapped = { (t: Double) in 1 - 0.97 * referenceEaseInOut((t + 0.4) / 0.75) }
    #expect(abs(end.value(at: 0) - wrapped(0)) < 1e-6)
    #expect(abs(end.value(at: 0.2) - wrapped(0.2)) < 1e-6)
    #expect(abs(end.value(at: 0.5) - 0.03) < 1e-9)
    #expect(abs(end.value(at: 1.125) - (0.03 + 0.97 * referenceEaseInOut(0.375 / 0.75))) < 1e-6)
    #expect(abs(end.value(at: 1.125) - 0.515) < 1e-6)
    #expect(abs(end.value(at: 1.5) - 1) < 1e-9)
    #expect(abs(end.value(at: 1.7) - (1 - 0.97 * referenceEaseInOut(0.2 / 0.75))) < 1e-6)
    #expect(abs(end.value(at: 1.9) - end.value(at: 0)) < 1e-6)
}

@Test func spinnerS2TrimEndIsTakenOverMidFlight() {
    let end = trimEnd("s2", spinner.0)
    let atTakeOver = 0.03 + 0.77 * referenceEaseInOut(0.025 / 0.75)
    #expect(abs(end.value(at: 1.4) - 0.03) < 1e-9)
    #expect(abs(end.value(at: 1.4875) - (0.03 + 0.77 * referenceEaseInOut(0.0125 / 0.75))) < 1e-6)
    #expect(abs(end.value(at: 1.5) - atTakeOver) < 1e-6)
    #expect(abs(end.value(at: 1.7) - (atTakeOver + (0.03 - atTakeOver) * referenceEaseInOut(0.2 / 0.75))) < 1e-6)
    #expect(abs(end.value(at: 0.2) - (atTakeOver + (0.03 - atTakeOver) * referenceEaseInOut(0.6 / 0.75))) < 1e-6)
    #expect(abs(end.value(at: 0) - end.value(at: 1.9)) < 1e-6)
    #expect(trimEnd("s3", spinner.0) == end)
}

@Test func spinnerRotationsAreSeamlessModuloOneTurn() {
    for (id, start) in [("s1", 1.475), ("s2", 1.5525), ("s3", 1.725)] {
        let track = rotation(id)
        let phaseAtSeam = (1.9 - start) / 0.75
        let seam = track.value(at: 0)
        #expect(sameAngle(seam, 270 + 360 * referenceEaseInOut(phaseAtSeam)), "\(id) at the seam")
        #expect(sameAngle(track.value(at: 1.9), seam), "\(id) is seamless")
        // Inside the cycle the motion is continuous: the wrapped tween, a rest, the next tween.
        let rest = track.value(at: start - 0.01)
        #expect(abs(rest - seam - 360 * (1 - referenceEaseInOut(phaseAtSeam))) < 1e-6, "\(id) completes its turn")
        let elapsed = min(0.3, 1.85 - start)
        #expect(abs(track.value(at: start + elapsed) - rest - 360 * referenceEaseInOut(elapsed / 0.75)) < 1e-6, "\(id) turns again")
        #expect(abs(track.value(at: 0.1) - seam - 360 * (referenceEaseInOut(phaseAtSeam + 0.1 / 0.75) - referenceEaseInOut(phaseAtSeam))) < 1e-6)
    }
}

@Test func spinnerSegmentsStayInsideTheCycle() {
    for id in ["s1", "s2", "s3"] {
        for track in [trimEnd(id, spinner.0), rotation(id)] {
            for segment in track.segments {
                #expect(segment.start >= -1e-9 && segment.end <= 1.9 + 1e-9 && segment.end > segment.start)
            }
            for (a, b) in zip(track.segments, track.segments.dropFirst()) { #expect(a.end <= b.start + 1e-9) }
        }
    }
}
