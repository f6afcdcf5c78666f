import ChoreoDiagnostics
import ChoreoTimeline
import Testing

@testable import ChoreoScene
@testable import ChoreoSceneLowering

/// CSS's `linear(…)` easing (CSS Easing Functions Level 2), read as the specification's examples
/// read and lowered into straight segments through its points.
@Suite struct LinearEasingTests {
    private func points(_ text: String) -> [Point]? {
        guard case let .success(.piecewise(points)) = parseEasingName(text) else { return nil }
        return points
    }

    @Test(arguments: [
        // Evenly spread when no input is given.
        ("linear(0, 0.25, 1)", [Point(0, 0), Point(0.5, 0.25), Point(1, 1)]),
        // An input given; the first and last default to 0% and 100%.
        ("linear(0, 0.25 75%, 1)", [Point(0, 0), Point(0.75, 0.25), Point(1, 1)]),
        // Missing inputs between two known ones are spread evenly between them.
        ("linear(0, 0.5 20%, 0.7, 0.9, 1 80%, 1)", [Point(0, 0), Point(0.2, 0.5), Point(0.4, 0.7), Point(0.6, 0.9), Point(0.8, 1), Point(1, 1)]),
        // Two inputs make two points: a flat stretch.
        ("linear(0, 0.5 25% 75%, 1)", [Point(0, 0), Point(0.25, 0.5), Point(0.75, 0.5), Point(1, 1)]),
        // An input smaller than one before it is raised to it: a jump at 60%.
        ("linear(0, 0.9 60%, 0.2 40%, 1)", [Point(0, 0), Point(0.6, 0.9), Point(0.6, 0.2), Point(1, 1)]),
        // A first input past 0% extends the first segment back to 0 (CSS's extrapolation).
        ("linear(0.5 50%, 1)", [Point(0, 0), Point(0.5, 0.5), Point(1, 1)]),
        // Outputs may overshoot.
        ("linear(0, 1.2 60%, 1)", [Point(0, 0), Point(0.6, 1.2), Point(1, 1)]),
    ])
    func readsStopsAsCSSDoes(text: String, expected: [Point]) throws {
        let read = try #require(points(text), "\(text)")
        #expect(read.count == expected.count, "\(text): \(read)")
        for (point, wanted) in zip(read, expected) {
            #expect(abs(point.x - wanted.x) < 1e-12 && abs(point.y - wanted.y) < 1e-12, "\(text): \(read)")
        }
    }

    @Test(arguments: [
        ("linear(0)", "'linear(…)' needs at least two stops, as in 'linear(0, 1)'"),
        ("linear(0, x, 1)", "'x' is not a number"),
        ("linear(0, 0.5 50, 1)", "'50' is not a percentage"),
        ("linear(0, 0.5 150%, 1)", "'150%' is outside 0%…100%"),
        ("linear(0, , 1)", "'linear(…)' has an empty stop"),
        ("linear(0, 1", "expected ')' to close 'linear('"),
    ])
    func refusesWhatCSSRefuses(text: String, message: String) {
        guard case let .failure(error) = parseEasingName(text) else {
            Issue.record("\(text) was read")
            return
        }
        #expect(error.rule == .invalidEasing && error.message == message, "\(text): \(error.message)")
    }

    @Test func aMotionRunsStraightThroughThePointsAndJumpsWhereTwoShareATime() throws {
        let easing = EasingSpec.piecewise([Point(0, 0), Point(0.5, 0.8), Point(0.5, 0.2), Point(1, 1)])
        let segments = loweredSegments(from: .number(0), to: .number(100), start: 1, duration: 2, easing: easing, tolerance: 0.5)
        let track = Animated<PropertyValue>(.number(0), segments: segments)
        #expect(track.value(at: 1) == .number(0))
        #expect(track.value(at: 1.5) == .number(40))
        #expect(track.value(at: 2.5) == .number(60))
        #expect(track.value(at: 3) == .number(100))
    }

    @Test func aSceneEasedByLinearMovesAsItsStopsSay() throws {
        let result = compileScene(SourceFile(path: "t.yaml", text: """
            choreo: 1
            size: [200, 100]
            layers:
              - {id: box, shape: rect, size: [10, 10], position: [0, 50]}
            states:
              a: {}
              b: {box: {position: [100, 50]}}
            transitions:
              - {from: a, to: b, on: tap, duration: 1s, easing: "linear(0, 0.9 50%, 1)"}
            """))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let timeline = try #require(result.timeline)
        let span = try #require(timeline.span(named: "a->b"))
        let box = try #require(timeline.layers.first)
        #expect(abs(box.transform.position.value(at: span.start + 0.25).x - 45) < 1e-6)
        #expect(abs(box.transform.position.value(at: span.start + 0.5).x - 90) < 1e-6)
        #expect(abs(box.transform.position.value(at: span.start + 0.75).x - 95) < 1e-6)
    }
}
