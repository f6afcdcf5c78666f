import ChoreoDiagnostics
import ChoreoScene
import ChoreoTimeline
import ChoreoTimelineJSON
import Testing

// Contract §16: a transition plays a timeline and has keyframes of its own; times may be percentages.

private func compiled(_ text: String) throws -> Timeline {
    let compilation = compileScene(SourceFile(path: "choreography.yaml", bytes: Array(text.utf8)))
    #expect(!compilation.diagnostics.contains { $0.severity == .error }, "\(compilation.diagnostics)")
    return try #require(compilation.timeline)
}

private func node(_ id: String, in timeline: Timeline) throws -> Node {
    func find(_ nodes: [Node]) -> Node? {
        for node in nodes {
            if node.id == id { return node }
            if case let .group(children) = node.content, let found = find(children) { return found }
        }
        return nil
    }
    return try #require(find(timeline.layers))
}

private let bellScene = """
    choreo: 1
    size: [100, 100]
    layers:
      - {id: bell, shape: rect, size: [40, 40], position: [50, 50]}
      - {id: badge, shape: ellipse, size: [10, 10], position: [80, 20], opacity: 0}
    states:
      quiet: {}
      alert: {badge: {opacity: 1}}
    transitions:
      - from: quiet
        to: alert
        duration: 0.3s
        easing: linear
        play: swing
        keyframes:
          badge.scale:
            - {at: 60%, value: 1.2}
    timelines:
      swing:
        duration: 0.8s
        keyframes:
          bell.rotation:
            - {at: 0%, value: 0deg}
            - {at: 25%, value: 20deg}
            - {at: 100%, value: 0deg}
    """

@Test func aTransitionsTimelineStartsWithItAndRunsOnPastItsMotion() throws {
    let timeline = try compiled(bellScene)
    let span = try #require(timeline.spans.first { $0.name == "quiet->alert" })
    // The timeline (0.8 s) is longer than the motion (0.3 s): the span lasts it, plus the hold frame.
    #expect(abs((span.end - span.start) - (0.8 + 1 / timeline.fps)) < 1e-6)
    let bell = try node("bell", in: timeline)
    // 25% of 0.8 s: the swing's peak, while the badge is still fading in.
    #expect(abs(bell.transform.rotation.value(at: span.start + 0.2) - 20) < 1e-6)
    #expect(abs(bell.transform.rotation.value(at: span.start + 0.1) - 10) < 1e-6)
    let badge = try node("badge", in: timeline)
    #expect(abs(badge.transform.opacity.value(at: span.start + 0.15) - 0.5) < 1e-6, "the transition's own motion goes on")
    #expect(abs(badge.transform.opacity.value(at: span.end - 1e-6) - 1) < 1e-9)
}

@Test func transitionKeyframesStartAndEndOnThePosesTheyLeaveOut() throws {
    let timeline = try compiled(bellScene)
    let span = try #require(timeline.spans.first { $0.name == "quiet->alert" })
    let scale = try node("badge", in: timeline).transform.scale
    // Source pose (1) at the start, the written 1.2 at 60% of the 0.3 s motion, the pose at its end.
    #expect(abs(scale.value(at: span.start).x - 1) < 1e-9)
    #expect(abs(scale.value(at: span.start + 0.18).x - 1.2) < 1e-6)
    #expect(abs(scale.value(at: span.start + 0.09).x - 1.1) < 1e-6)
    #expect(abs(scale.value(at: span.start + 0.3).x - 1) < 1e-6)
    #expect(abs(scale.value(at: span.end - 1e-6).x - 1) < 1e-9)
}

@Test func transitionKeyframesFollowItsDelay() throws {
    let timeline = try compiled(bellScene.replacingOccurrences(of: "duration: 0.3s\n", with: "duration: 0.3s\n    delay: 0.1s\n"))
    let span = try #require(timeline.spans.first { $0.name == "quiet->alert" })
    let scale = try node("badge", in: timeline).transform.scale
    #expect(abs(scale.value(at: span.start + 0.1).x - 1) < 1e-9)
    #expect(abs(scale.value(at: span.start + 0.1 + 0.18).x - 1.2) < 1e-6)
}

@Test func percentTimesInATimelineAreFractionsOfItsDuration() throws {
    let percent = try compiled(bellScene)
    let seconds = try compiled(bellScene.replacingOccurrences(of: "at: 25%", with: "at: 0.2s").replacingOccurrences(of: "at: 100%", with: "at: 0.8s"))
    let a = try node("bell", in: percent).transform.rotation, b = try node("bell", in: seconds).transform.rotation
    for k in 0...40 {
        let t = Double(k) / 40 * percent.duration
        #expect(abs(a.value(at: t) - b.value(at: t)) < 1e-9, "at \(t)")
    }
}

@Test func tweensTakePercentTimesToo() throws {
    let text = """
        choreo: 1
        size: [100, 100]
        layers:
          - {id: box, shape: rect, size: [10, 10], position: [50, 50]}
        timelines:
          fade:
            duration: 2s
            tweens:
              - {at: 50%, duration: 0.5s, easing: linear, to: {box: {opacity: 0}}}
        """
    let timeline = try compiled(text)
    let opacity = try node("box", in: timeline).transform.opacity
    #expect(abs(opacity.value(at: 1) - 1) < 1e-9)
    #expect(abs(opacity.value(at: 1.25) - 0.5) < 1e-6)
}

@Test func pathDataAndPointsInVarsDrawWhatTheyHoldWrittenInPlace() throws {
    let inVars = """
        choreo: 1
        size: [100, 100]
        vars:
          check: "M 20 50 L 40 70 L 80 30"
          dash: [[M, 20, 50], [L, 50, 50], [L, 80, 50]]
          tri: [[10, 10], [90, 10], [50, 80]]
        layers:
          - {id: mark, shape: path, d: $check, stroke: {color: black, width: 4}}
          - {id: t, shape: path, points: $tri, fill: red}
        states:
          off: {mark: {d: $dash}}
          on: {}
        transitions:
          - {from: off, to: on, on: tap}
        """
    let written = inVars
        .replacingOccurrences(of: "d: $check", with: "d: \"M 20 50 L 40 70 L 80 30\"")
        .replacingOccurrences(of: "points: $tri", with: "points: [[10, 10], [90, 10], [50, 80]]")
        .replacingOccurrences(of: "d: $dash", with: "d: \"M 20 50 L 50 50 L 80 50\"")
    #expect(TimelineJSON.encode(try compiled(inVars)) == TimelineJSON.encode(try compiled(written)))
}

@Test func aTransitionKeyframeOfAnotherContourCountIsMadeToCorrespond() throws {
    // One contour in the poses, two in the keyframe: every value of the track ends up with one
    // structure, as for a state's or a timeline's poses.
    let text = """
        choreo: 1
        size: [100, 100]
        layers:
          - {id: blob, shape: path, d: "M 20 20 L 80 20 L 50 80 Z", position: [0, 0]}
        states:
          a: {}
          b: {}
        transitions:
          - from: a
            to: b
            duration: 0.4s
            keyframes:
              blob.d:
                - {at: 50%, value: "M 10 10 L 40 10 L 40 40 Z M 60 60 L 90 60 L 90 90 Z"}
                - {at: 100%, value: "M 20 20 L 80 20 L 50 80 Z"}
        """
    let timeline = try compiled(text)
    let blob = try node("blob", in: timeline)
    guard case let .shape(.path(track), _) = blob.content else {
        Issue.record("not a path: \(blob.content)")
        return
    }
    let shapes = [track.initial] + track.segments.flatMap { [$0.from, $0.to] }
    #expect(track.segments.count >= 2)
    let structure = shapes.map { $0.contours.map(\.vertices.count) }
    #expect(Set(structure.map { $0.description }).count == 1, "\(structure)")
    #expect(structure.first?.count == 2)
}

@Test func anAnchorKeywordFollowsTheAnimatedSizeAndANumericAnchorStaysFixed() throws {
    let text = """
        choreo: 1
        size: [100, 100]
        layers:
          - {id: bar, shape: rect, size: [10, 20], anchor: bottom, position: [30, 90]}
          - {id: fixed, shape: rect, size: [10, 20], anchor: [0, 10], position: [60, 90]}
          - {id: star, shape: polygon, sides: 5, radius: 10, inner-radius: 5, anchor: top-left, position: [80, 20]}
        timelines:
          grow:
            duration: 1s
            tweens:
              - {at: 0s, duration: 1s, easing: ease-out, to: {bar: {size: [10, 80]}, fixed: {size: [10, 80]}, star: {radius: 20}}}
        """
    let timeline = try compiled(text)
    let bar = try node("bar", in: timeline), fixed = try node("fixed", in: timeline), star = try node("star", in: timeline)
    guard case let .shape(.rect(size, _), _) = bar.content else {
        Issue.record("not a rect")
        return
    }
    for k in 0...20 {
        let t = Double(k) / 20
        // The bottom edge (size.y / 2 below the origin) is the anchor at every instant: on the baseline.
        #expect(abs(bar.transform.anchor.value(at: t).y - size.value(at: t).y / 2) < 1e-9, "at \(t)")
        #expect(fixed.transform.anchor.value(at: t) == Point(0, 10))
    }
    #expect(abs(bar.transform.anchor.value(at: 1).y - 40) < 1e-9)
    // A polygon's bounds scale with its radius: the keyword point doubles with it.
    let start = star.transform.anchor.value(at: 0), end = star.transform.anchor.value(at: 1)
    #expect(abs(end.x - 2 * start.x) < 1e-9 && abs(end.y - 2 * start.y) < 1e-9 && start != Point(0, 0))
}

@Test func aSpringArrivingAtTheDestinationPoseSettlesInsteadOfJumping() throws {
    let text = """
        choreo: 1
        size: [100, 100]
        layers:
          - {id: dot, shape: ellipse, size: [10, 10], position: [50, 50]}
        states:
          a: {}
          b: {dot: {opacity: 0.2}}
        transitions:
          - from: a
            to: b
            duration: 0.3s
            easing: {spring: {duration: 0.5s, bounce: 0.4}}
            keyframes:
              dot.opacity:
                - {at: 50%, value: 0.5, easing: linear}
        """
    let timeline = try compiled(text)
    let span = try #require(timeline.spans.first { $0.name == "a->b" })
    let opacity = try node("dot", in: timeline).transform.opacity
    // The last stretch is the spring's whole motion from 0.5 to the pose: no step anywhere in it.
    let step = 1.0 / 600
    var t = span.start + 0.15
    while t + step < span.end {
        #expect(abs(opacity.value(at: t + step) - opacity.value(at: t)) < 0.02, "a jump at \(t)")
        t += step
    }
    #expect(abs(opacity.value(at: span.end - 1e-6) - 0.2) < 1e-3)
}
