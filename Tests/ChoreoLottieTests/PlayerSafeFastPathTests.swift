import ChoreoTimeline
import Testing

@testable import ChoreoLottie

/// `playerSafe` skips `clamped(to:).withUnitHandles` when `isPlayerSafe` says they would give the
/// track back unchanged: on every kind of track it must give what the slow path gives.
@Suite struct PlayerSafeFastPathTests {
    private func track(_ initial: Double, _ segments: [(Double, Double, Double, Double, Easing)]) -> Animated<Double> {
        Animated(initial, segments: segments.map { Segment(start: $0.0, end: $0.1, from: $0.2, to: $0.3, easing: $0.4) }, slot: "s")
    }

    private var samples: [(name: String, track: Animated<Double>, safe: Bool)] {
        [
            ("still", track(0.5, []), true),
            ("linear inside", track(0, [(0, 1, 0, 1, .linear), (1, 2, 1, 0.25, .cubic(0.42, 0, 0.58, 1))]), true),
            ("a jump and a hold", track(1, [(0, 0, 1, 0, .linear), (0, 1, 0, 1, .hold)]), true),
            ("value above the range", track(0, [(0, 1, 0, 1.2, .linear)]), false),
            ("initial below the range", track(-0.1, [(0, 1, -0.1, 1, .linear)]), false),
            ("overshooting cubic", track(0, [(0, 1, 0, 1, .cubic(0.3, 1.6, 0.6, 1))]), false),
            ("undershooting cubic inside the range", track(0.5, [(0, 1, 0.5, 0.6, .cubic(0.3, -0.4, 0.6, 1))]), false),
            ("two touching still segments on one value", track(1, [(0, 1, 1, 1, .linear), (1, 2, 1, 1, .linear)]), false),
            ("two still segments apart", track(1, [(0, 1, 1, 1, .linear), (1.5, 2, 1, 1, .linear)]), true),
            ("from the top bound down", track(1, [(0, 0.3, 1, 0.1, .linear), (0.3, 0.6, 0.1, 1, .linear)]), true),
        ]
    }

    @Test func theFastPathGivesWhatClampingAndSplittingGive() {
        for sample in samples {
            var slow = sample.track.clamped(to: 0...1).withUnitHandles
            slow.slot = sample.track.slot
            #expect(sample.track.playerSafe(0...1) == slow, "\(sample.name)")
            #expect(sample.track.isPlayerSafe(0...1) == sample.safe, "\(sample.name)")
            if sample.track.isPlayerSafe(0...1) { #expect(slow == sample.track, "\(sample.name)") }
        }
    }

    @Test func coloursAreCheckedComponentByComponent() {
        let inside = Animated(RGBA(0, 0.5, 1, 1), segments: [Segment(start: 0, end: 1, from: RGBA(0, 0.5, 1, 1), to: RGBA(1, 0, 0, 0.5), easing: .linear)])
        let outside = Animated(RGBA(0, 0.5, 1, 1), segments: [Segment(start: 0, end: 1, from: RGBA(0, 0.5, 1, 1), to: RGBA(1.5, 0, 0, 1), easing: .linear)])
        #expect(inside.isPlayerSafe(0...1) && inside.playerSafe(0...1) == inside)
        #expect(!outside.isPlayerSafe(0...1) && outside.playerSafe(0...1) == outside.clamped(to: 0...1).withUnitHandles)
    }
}
