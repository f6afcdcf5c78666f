import ChoreoDiagnostics
import ChoreoScene
import ChoreoTestSupport
import ChoreoTimeline
import ChoreoTimelineJSON
import Foundation
import Testing

/// A state's `play: timeline` reaches the compiled timeline: its pose span names the timeline it
/// loops, and that timeline has a span of its own to loop.
@Test func aStateThatPlaysATimelineNamesItOnItsPoseSpan() throws {
    let path = repositoryRoot().appendingPathComponent("Tests/ChoreoSceneTests/Fixtures/valid/states-and-transitions.yaml").path
    let bytes = try #require(FileManager.default.contents(atPath: path))
    let compilation = compileScene(SourceFile(path: "states-and-transitions.yaml", bytes: Array(bytes)))
    let timeline = try #require(compilation.timeline, "\(compilation.diagnostics)")
    let poses = timeline.spans.filter { $0.kind == .pose }
    #expect(poses.map(\.name) == ["off", "on", "busy"])
    #expect(poses.map(\.role) == [.pose(label: "Off", plays: nil), .pose(label: "On", plays: nil), .pose(label: nil, plays: "pulse")])
    #expect(timeline.spans.contains { $0.kind == .timeline && $0.name == "pulse" })
    #expect(TimelineJSON.encode(timeline).contains("\"plays\": \"pulse\""))
}

// Contract §9: a played timeline runs on top of its state's pose, and plays once unless it loops.

private func compiled(_ text: String) throws -> Timeline {
    let compilation = compileScene(SourceFile(path: "played.yaml", bytes: Array(text.utf8)))
    #expect(!compilation.diagnostics.contains { $0.severity == .error }, "\(compilation.diagnostics)")
    return try #require(compilation.timeline)
}

private let likeScene = """
    choreo: 1
    size: [100, 100]
    layers:
      - {id: heart, shape: ellipse, size: [40, 40], position: [50, 50], fill: "#8e8e93"}
    states:
      idle: {}
      liked: {heart: {fill: "#ff0000", scale: 1.1}, play: burst}
    transitions:
      - {from: idle, to: liked, on: tap}
      - {from: liked, to: idle, on: tap}
    timelines:
      burst:
        duration: 0.5s
        tweens:
          - {at: 0s, duration: 0.25s, by: {heart: {scale: 0.3}}}
          - {at: 0.25s, duration: 0.25s, by: {heart: {scale: -0.3}}}
    """

private func heart(_ timeline: Timeline) throws -> (fill: Animated<RGBA>, scale: Animated<Point>) {
    let node = try #require(timeline.layers.first)
    guard case let .shape(_, style) = node.content, case let .color(fill)? = style.fill else {
        throw PlayedTestError.unexpectedShape
    }
    return (fill, node.transform.scale)
}

private enum PlayedTestError: Error { case unexpectedShape }

@Test func aPlayedTimelineKeepsTheStatesValuesForWhatItDoesNotAnimate() throws {
    let timeline = try compiled(likeScene)
    let (fill, scale) = try heart(timeline)
    let burst = try #require(timeline.spans.first { $0.name == "burst" })
    let red = RGBA(1, 0, 0)
    for k in 0...50 {
        let t = burst.start + (burst.end - burst.start) * Double(k) / 50 * 0.999
        #expect(fill.value(at: t) == red, "the heart stays red during the burst, at \(t)")
    }
    // The tween's `by:` starts from the state's scale (1.1), not the base pose's (1).
    #expect(abs(scale.value(at: burst.start).x - 1.1) < 1e-9)
    let peak = burst.start + 0.25
    #expect(abs(scale.value(at: peak).x - 1.4) < 1e-6)
    #expect(abs(scale.value(at: burst.end - 1e-9).x - 1.1) < 1e-6)
}

@Test func aTimelineWithoutLoopPlaysOnceAndTheLongFormOverridesLoop() throws {
    // A second state plays the same timeline, looping it, on its own pose.
    let text = likeScene
        .replacingOccurrences(
            of: "play: burst}\n", with: "play: burst}\n  spinning: {heart: {fill: \"#0000ff\"}, play: {timeline: burst, loop: true}}\n")
        .replacingOccurrences(of: "{from: liked, to: idle, on: tap}", with: "{from: liked, to: spinning, on: tap}\n  - {from: spinning, to: idle, on: tap}")
    let timeline = try compiled(text)
    let poses = Dictionary(uniqueKeysWithValues: timeline.spans.filter { $0.kind == .pose }.map { ($0.name, $0) })
    #expect(poses["idle"]?.role == .pose(label: nil, plays: nil))
    #expect(poses["liked"]?.role == .pose(label: nil, plays: "burst"))
    #expect(poses["spinning"]?.role == .pose(label: nil, plays: "burst@spinning"))
    let once = try #require(timeline.spans.first { $0.name == "burst" })
    let looping = try #require(timeline.spans.first { $0.name == "burst@spinning" })
    #expect(once.kind == .timeline && !once.loops, "burst says no loop: it plays once and holds")
    #expect(looping.kind == .timeline && looping.loops, "play: {loop: true} overrides the timeline")
    // Each played span runs on its own state's pose.
    let (fill, _) = try heart(timeline)
    #expect(fill.value(at: (looping.start + looping.end) / 2) == RGBA(0, 0, 1))
    // A once-played span holds its last frame: one extra frame after the content.
    #expect(abs((once.end - once.start) - (0.5 + 1.0 / 60)) < 1e-9)
}

@Test func theLongFormCanStopALoopingTimelineFromLooping() throws {
    let text = """
        choreo: 1
        size: [100, 100]
        layers:
          - {id: dot, shape: ellipse, size: [10, 10], position: [50, 50], fill: black}
        states:
          rest: {}
          busy: {dot: {opacity: 0.5}, play: {timeline: pulse, loop: false}}
        transitions:
          - {from: rest, to: busy, on: tap}
          - {from: busy, to: rest, on: tap}
        timelines:
          pulse:
            duration: 1s
            loop: true
            keyframes:
              dot.rotation:
                - {at: 0s, value: 0deg}
                - {at: 1s, value: 90deg}
        """
    let timeline = try compiled(text)
    let pulse = try #require(timeline.spans.first { $0.name == "pulse" })
    #expect(!pulse.loops)
    let dot = try #require(timeline.layers.first)
    #expect(dot.transform.opacity.value(at: pulse.start + 0.5) == 0.5, "the pose's opacity holds under the timeline")
    #expect(abs(dot.transform.rotation.value(at: pulse.end - 1e-6) - 90) < 1e-6, "holds its last frame")
}

@Test func aTimelineSeveralStatesPlayIsWarnedAboutOnce() throws {
    let text = """
        choreo: 1
        size: [100, 100]
        layers:
          - {id: dot, shape: ellipse, size: [10, 10], position: [50, 50], fill: black}
        states:
          a: {play: drift}
          b: {dot: {opacity: 0.5}, play: drift}
        transitions:
          - {from: a, to: b, on: tap}
          - {from: b, to: a, on: tap}
        timelines:
          drift:
            duration: 1s
            loop: true
            tweens:
              - {at: 0s, duration: 0.5s, by: {dot: {position: [10, 0]}}}
        """
    let compilation = compileScene(SourceFile(path: "drift.yaml", bytes: Array(text.utf8)))
    let timeline = try #require(compilation.timeline)
    #expect(timeline.spans.filter { $0.kind == .timeline }.map(\.name) == ["drift", "drift@b"])
    #expect(compilation.diagnostics.filter { $0.rule == .loopSeam }.count == 1, "\(compilation.diagnostics)")
}
