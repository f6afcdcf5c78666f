import ChoreoJSON
import ChoreoTimeline
import Testing

@testable import ChoreoLottie

/// A two-segment control: `left` ⇄ `right`, each on a tap on its own segment (`seg-left`, drawn
/// first, and `seg-right`); in `right`, a tap anywhere else runs the action `right->right`.
private func control(interrupt: Interruption = .retarget, rest: Double? = nil) -> Timeline {
    let names = ["left", "right", "left->right", "right->left", "right->right"]
    let spans = names.enumerated().map { index, name in
        let states = name.components(separatedBy: "->")
        let role: Span.Role = states.count == 2 ? .transition(from: states[0], to: states[1], trigger: .tap) : .pose(label: nil, plays: nil)
        return Span(name: name, start: Double(index) / 10, end: Double(index + 1) / 10, role: role)
    }
    let machine = StateMachine(
        initial: "left",
        states: [.init(name: "left", pose: "left"), .init(name: "right", pose: "right")],
        transitions: [
            .init(name: "left->right", from: "left", to: "right", trigger: .tap, span: "left->right",
                  target: TriggerTarget(node: "seg-right"), interrupt: interrupt, restsAfter: rest, easing: .cubic(0.2, 0, 0, 1)),
            .init(name: "right->left", from: "right", to: "left", trigger: .tap, span: "right->left",
                  target: TriggerTarget(node: "seg-left", hit: .bounds), interrupt: interrupt),
            .init(name: "right->right", from: "right", to: "right", trigger: .tap, span: "right->right", actions: [.emit("again")]),
        ])
    let segment = { (id: String) in Node(id: id, transform: Transform(), content: .group([])) }
    return Timeline(
        name: "control", width: 10, height: 10, fps: 10, duration: 0.5, layers: [segment("seg-left"), segment("seg-right")],
        spans: spans, stateMachine: machine)
}

private func state(_ name: String, in document: JSONValue) -> JSONValue? {
    guard case let .array(states)? = document["states"] else { return nil }
    return states.first { $0["name"] == .string(name) }
}

private func transitions(of name: String, in document: JSONValue) -> [JSONValue] {
    guard case let .array(list)? = state(name, in: document)?["transitions"] else { return [] }
    return list
}

private func compact(_ value: JSONValue?) -> String { JSONWriter(pretty: false).string(value ?? .null) }

@Test func aTargetedTapSetsTheHitInputPerLayerBeforeTheTapFiresAndGuardsOnIt() {
    let document = DotLottie.stateMachine(control())
    // Reset, then each target's layer (bottom to top, the top one last), then the Event.
    let interactions = compact(document["interactions"])
    let reset = #"{"type":"Click","actions":[{"type":"SetNumeric","inputName":"hit:tap","value":0}]}"#
    let left = #"{"type":"Click","layerName":"seg-left","actions":[{"type":"SetNumeric","inputName":"hit:tap","value":2}]}"#
    let right = #"{"type":"Click","layerName":"seg-right","actions":[{"type":"SetNumeric","inputName":"hit:tap","value":1}]}"#
    let fire = #"{"type":"Click","actions":[{"type":"Fire","inputName":"tap"}]}"#
    #expect(interactions.hasPrefix("[" + [reset, left, right, fire].joined(separator: ",")), "\(interactions)")
    #expect(compact(document["inputs"]).contains(#"{"type":"Numeric","name":"hit:tap","value":0}"#))
    // In `right`, the targeted transition comes first; the whole drawing's is the fallback.
    let right2 = transitions(of: "right", in: document)
    #expect(right2.map { $0["toState"] } == ["right->left", "right->right"])
    #expect(compact(right2[0]["guards"]).contains(#""inputName":"hit:tap","compareTo":2"#))
    #expect(compact(right2[1]["guards"]) == #"[{"type":"Event","inputName":"tap"}]"#)
}

@Test func retargetingTweensFromTheRunningTransitionToALandingStateOfTheNext() {
    let document = DotLottie.stateMachine(control(rest: 0.05))
    let running = transitions(of: "left->right", in: document)
    #expect(running.first?["toState"] == "right", "the transition's end comes first")
    let tweened = running.filter { $0["type"] == "Tweened" }
    #expect(tweened.map { $0["toState"] } == ["retarget:right->left", "right->right"])
    // Over the next transition's length (its span: it has no rest) with its easing.
    guard case let .number(duration)? = tweened.first?["duration"] else { Issue.record("no duration"); return }
    #expect(abs(duration - 0.1) < 1e-9)
    // An action is tweened to over the running transition's rest, with its easing.
    #expect(tweened.last?["duration"] == .number(0.05))
    #expect(tweened.last?["easing"] == [.number(0.2), .number(0), .number(0), .number(1)])
    // The landing state shows the destination and passes on to it.
    let landing = state("retarget:right->left", in: document)
    #expect(landing?["segment"] == "left")
    #expect(compact(landing?["transitions"]) == #"[{"type":"Transition","toState":"left"}]"#)
}

@Test func withInterruptFinishATriggerWaitsInAHiddenInputAndIsTakenWhenTheTransitionEnds() {
    let document = DotLottie.stateMachine(control(interrupt: .finish))
    let running = transitions(of: "left->right", in: document)
    #expect(running.count == 1 && running[0]["toState"] == "finished:left->right")
    let entryActions = compact(state("left->right", in: document)?["entryActions"])
    #expect(entryActions.contains(#""inputName":"finish:left->right","value":0"#), "\(entryActions)")
    // The tap's interaction records it (tap is trigger number 1) for each such transition before firing.
    #expect(compact(document["interactions"]).contains(
        #"{"type":"SetNumeric","inputName":"finish:left->right","value":1},{"type":"SetNumeric","inputName":"finish:right->left","value":1},{"type":"Fire","inputName":"tap"}"#))
    let finished = transitions(of: "finished:left->right", in: document)
    #expect(finished.map { $0["toState"] } == ["right->left", "right->right", "right"])
}

@Test func withInterruptIgnoreATransitionsStateTakesNothingButItsEnd() {
    let document = DotLottie.stateMachine(control(interrupt: .ignore))
    #expect(transitions(of: "left->right", in: document).map { $0["toState"] } == ["right"])
    #expect(state("finished:left->right", in: document) == nil && state("retarget:right->left", in: document) == nil)
}
