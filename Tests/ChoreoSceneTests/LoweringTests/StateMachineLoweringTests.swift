import ChoreoDiagnostics
import ChoreoTimeline
import Testing

@testable import ChoreoScene

private let lamp = """
    choreo: 1
    size: [100, 100]
    layers:
      - {id: dot, shape: ellipse, size: [20, 20], position: [50, 50]}
    states:
      off: {}
      on: {dot: {scale: 2}}
      glowing: {play: pulse}
      fading: {play: fade}
    initial: on
    transitions:
      - {from: on, to: off, on: tap}
      - {from: off, to: on, on: press}
      - {from: on, to: glowing, on: hover}
      - {from: glowing, to: on, on: hover-end}
      - {from: glowing, to: fading, on: release}
      - {from: fading, to: off, on: complete}
      - {from: off, to: fading}
    timelines:
      pulse:
        duration: 1s
        loop: true
        keyframes:
          dot.opacity: [{at: 0s, value: 1}, {at: 0.5s, value: 0.5}, {at: 1s, value: 1}]
      fade:
        duration: 0.5s
        tweens: [{at: 0s, duration: 0.5s, to: {dot: {opacity: 0}}}]
    """

@Test func theTimelineNamesTheInitialStateFromInitial() throws {
    let compiled = frontendCompile(lamp)
    let timeline = try #require(compiled.timeline)
    #expect(timeline.initialState == "on")
    #expect(timeline.stateMachine?.initial == "on")
}

@Test func theInitialPoseIsFrameZeroSoThatEveryPlayerStartsFromIt() throws {
    let timeline = try #require(frontendCompile(lamp).timeline)
    // `initial: on` names the second state: its pose comes first, the others keep file order.
    #expect(timeline.spans.prefix(4).map(\.name) == ["on", "off", "glowing", "fading"])
    #expect(timeline.frames(of: timeline.spans[0]).start == 0)
}

@Test func theInitialStateDefaultsToTheFirstState() throws {
    let compiled = frontendCompile(lamp.replacingOccurrences(of: "initial: on\n", with: ""))
    let timeline = try #require(compiled.timeline)
    #expect(timeline.initialState == "off")
}

@Test func aSceneWithoutStatesHasNoStateMachine() throws {
    let compiled = frontendCompile("""
        choreo: 1
        size: [10, 10]
        layers: [{id: a, shape: rect, size: [2, 2]}]
        """)
    let timeline = try #require(compiled.timeline)
    #expect(timeline.stateMachine == nil && timeline.initialState == nil)
}

@Test func theStateMachineHasEveryStateTransitionTriggerAndSpan() throws {
    let timeline = try #require(frontendCompile(lamp).timeline)
    let machine = try #require(timeline.stateMachine)
    #expect(machine.states.map(\.name) == ["off", "on", "glowing", "fading"])
    #expect(machine.state(named: "glowing")?.play == StateMachine.Play(span: "pulse", loops: true))
    #expect(machine.state(named: "fading")?.play == StateMachine.Play(span: "fade", loops: false))
    #expect(machine.state(named: "off")?.play == nil)
    #expect(machine.transitions.map(\.trigger) == [.tap, .press, .hover, .hoverEnd, .release, .complete, .programmatic])
    #expect(machine.transition(from: "fading", on: .complete)?.to == "off")
    #expect(machine.transition(from: "off", on: .programmatic)?.name == "off->fading")
    #expect(machine.usedTriggers == [.tap, .press, .release, .hover, .hoverEnd, .complete, .programmatic])
    // Every name the machine plays is a span of the timeline, of the right kind.
    for state in machine.states {
        #expect(timeline.span(named: state.pose)?.kind == .pose)
        if let play = state.play { #expect(timeline.span(named: play.span)?.kind == .timeline) }
    }
    for transition in machine.transitions {
        let span = try #require(timeline.span(named: transition.span))
        #expect(span.role == .transition(from: transition.from, to: transition.to, trigger: transition.trigger))
    }
}

@Test func eachSpanHasTheRoleOfItsKind() throws {
    let timeline = try #require(frontendCompile(lamp).timeline)
    #expect(timeline.span(named: "glowing")?.role == .pose(label: nil, plays: "pulse"))
    #expect(timeline.span(named: "on->glowing")?.role == .transition(from: "on", to: "glowing", trigger: .hover))
    #expect(timeline.span(named: "off->fading")?.role == .transition(from: "off", to: "fading", trigger: .programmatic))
    #expect(timeline.span(named: "pulse")?.role == .timeline(loops: true))
    #expect(timeline.span(named: "fade")?.role == .timeline(loops: false))
}

@Test func spanFramesAreTheMarkerFrames() throws {
    let timeline = try #require(frontendCompile(lamp).timeline)
    let spans = timeline.spans.map { timeline.frames(of: $0) }
    #expect(spans[0].start == 0 && spans[0].end == 1)
    // Spans tile the global timeline.
    for (a, b) in zip(spans, spans.dropFirst()) { #expect(a.end == b.start) }
    #expect(spans.last?.end == timeline.frameCount)
}

@Test func aCycleOfCompleteTransitionsIsRejectedButAChainThatRestsIsNot() {
    let chain = """
        choreo: 1
        size: [100, 100]
        layers: [{id: a, shape: rect, size: [2, 2]}]
        states: {one: {}, two: {a: {opacity: 0.5}}, three: {a: {opacity: 0}}}
        transitions:
          - {from: one, to: two, on: complete}
          - {from: two, to: three, on: complete}
          - {from: three, to: one, on: tap}
        """
    #expect(frontendCompile(chain).diagnostics.isEmpty)
    let cycle = frontendCompile(chain.replacingOccurrences(of: "to: one, on: tap", with: "to: one, on: complete"))
    #expect(cycle.timeline == nil)
    #expect(cycle.diagnostics.map(\.rule) == [.completeCycle])
    #expect(cycle.diagnostics.first?.notes.count == 2)
    #expect(cycle.diagnostics.first?.message.contains("one → two → three → one") == true)
}
