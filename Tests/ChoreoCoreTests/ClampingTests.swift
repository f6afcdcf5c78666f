import ChoreoTimeline
import Testing

// Animated.clamped(to:) is the original motion clamped at every instant, and withUnitHandles is
// the original motion with every handle in 0…1, for many overshooting easings.

/// Deterministic pseudo-random numbers (a linear congruential generator), so failures reproduce.
private struct Numbers {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    mutating func next(_ range: ClosedRange<Double>) -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return range.lowerBound + (range.upperBound - range.lowerBound) * Double(state >> 11) / Double(1 << 53)
    }
}

private func randomTracks() -> [Animated<RGBA>] {
    var numbers = Numbers()
    return (0..<200).map { _ in
        let easing: Easing
        switch Int(numbers.next(0...3.999)) {
        case 0: easing = .linear
        case 1: easing = .hold
        default: easing = .cubic(numbers.next(0...1), numbers.next(-1.5...2.5), numbers.next(0...1), numbers.next(-1.5...2.5))
        }
        func color() -> RGBA { RGBA(numbers.next(-0.3...1.3), numbers.next(-0.3...1.3), numbers.next(0...1), numbers.next(-0.2...1.2)) }
        let a = color(), b = color(), c = color()
        return Animated(a, segments: [
            Segment(start: 0, end: 0.6, from: a, to: b, easing: easing),
            Segment(start: 0.6, end: 1, from: c, to: a, easing: .cubic(0.3, 1.9, 0.5, -0.6)),
        ])
    }
}

private func clamp01(_ c: RGBA) -> RGBA {
    RGBA(min(max(c.r, 0), 1), min(max(c.g, 0), 1), min(max(c.b, 0), 1), min(max(c.a, 0), 1))
}

private func distance(_ a: RGBA, _ b: RGBA) -> Double {
    max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b), abs(a.a - b.a))
}

@Test func clampedIsTheOriginalClampedAtEveryInstant() {
    for track in randomTracks() {
        let clamped = track.clamped(to: 0...1)
        for k in 0...1000 {
            let t = Double(k) / 1000
            let value = clamped.value(at: t)
            #expect([value.r, value.g, value.b, value.a].allSatisfy { (0...1).contains($0) }, "\(value) at \(t)")
            #expect(distance(value, clamp01(track.value(at: t))) < 1e-6, "at \(t)")
        }
    }
}

@Test func clampingATrackAlreadyInRangeChangesNothing() {
    let track = Animated(0.2, segments: [Segment(start: 0, end: 1, from: 0.2, to: 0.8, easing: .cubic(0.3, 0.9, 0.4, 0.1))])
    #expect(track.clamped(to: 0...1) == track)
}

@Test func unitHandlesKeepTheMotionExactly() {
    for track in randomTracks() {
        let split = track.withUnitHandles
        for segment in split.segments {
            if case let .cubic(x1, y1, x2, y2) = segment.easing {
                #expect([x1, y1, x2, y2].allSatisfy { (0...1).contains($0) })
            }
        }
        for k in 0...1000 {
            let t = Double(k) / 1000
            #expect(distance(split.value(at: t), track.value(at: t)) < 1e-6, "at \(t)")
        }
    }
}
