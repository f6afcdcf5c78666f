import ChoreoJSON
import ChoreoTimeline
import Testing

@testable import ChoreoLottie

/// A lamp: `off` (initial) → `on` on tap; `on` → `glow` on hover (glow loops `pulse`);
/// `glow` → `on` on hover-end; `on` → `flash` programmatically; `flash` plays `blink` once and
/// goes back to `off` on complete.
private var lamp: Timeline {
    let names = ["off", "on", "glow", "flash", "off->on", "on->glow", "glow->on", "on->flash", "flash->off", "pulse", "blink"]
    let spans = names.enumerated().map { index, name in
        let states = name.components(separatedBy: "->")
        let role: Span.Role = states.count == 2
            ? .transition(from: states[0], to: states[1], trigger: .programmatic)
            : index >= 9 ? .timeline(loops: name == "pulse") : .pose(label: nil, plays: nil)
        return Span(name: name, start: Double(index) / 10, end: Double(index + 1) / 10, role: role)
    }
    func transition(_ from: String, _ to: String, _ trigger: Trigger) -> StateMachine.Transition {
        StateMachine.Transition(name: "\(from)->\(to)", from: from, to: to, trigger: trigger, span: "\(from)->\(to)")
    }
    let machine = StateMachine(
        initial: "off",
        states: [
            .init(name: "off", pose: "off"), .init(name: "on", pose: "on"),
            .init(name: "glow", pose: "glow", play: .init(span: "pulse", loops: true)),
            .init(name: "flash", pose: "flash", play: .init(span: "blink", loops: false)),
        ],
        transitions: [
            transition("off", "on", .tap), transition("on", "glow", .hover), transition("glow", "on", .hoverEnd),
            transition("on", "flash", .programmatic), transition("flash", "off", .complete),
        ])
    return Timeline(name: "lamp", width: 10, height: 10, fps: 10, duration: 1.1, layers: [], spans: spans, stateMachine: machine)
}

private func states(_ document: JSONValue) -> [String: JSONValue] {
    guard case let .array(list)? = document["states"] else { return [:] }
    return Dictionary(uniqueKeysWithValues: list.compactMap { state in
        guard case let .string(name)? = state["name"] else { return nil }
        return (name, state)
    })
}

private func guardEvents(_ state: JSONValue?) -> [String: String] {
    guard case let .array(transitions)? = state?["transitions"] else { return [:] }
    var events: [String: String] = [:]
    for transition in transitions {
        guard case let .string(target)? = transition["toState"], case let .array(guards)? = transition["guards"],
            guards.count == 1, case let .string(input)? = guards[0]["inputName"]
        else { continue }
        events[input] = target
    }
    return events
}

@Test func onePlaybackStatePerPoseAndPerTransitionEachPlayingItsMarker() {
    let document = DotLottie.stateMachine(lamp)
    #expect(document["initial"] == "off")
    let byName = states(document)
    // Plus a landing state for each transition that can interrupt one (interrupt: retarget).
    #expect(byName.keys.sorted() == [
        "flash", "flash->off", "glow", "glow->on", "off", "off->on", "on", "on->flash", "on->glow",
        "retarget:glow->on", "retarget:off->on", "retarget:on->flash", "retarget:on->glow",
    ])
    #expect(byName["off"]?["segment"] == "off" && byName["off"]?["autoplay"] == false)
    #expect(byName["glow"]?["segment"] == "pulse" && byName["glow"]?["autoplay"] == true && byName["glow"]?["loop"] == true)
    #expect(byName["flash"]?["segment"] == "blink" && byName["flash"]?["autoplay"] == true && byName["flash"]?["loop"] == false)
    #expect(byName["off->on"]?["segment"] == "off->on" && byName["off->on"]?["autoplay"] == true)
}

@Test func triggersAreEventGuardsFiredByInteractionsAndTransitionEndsByOnComplete() {
    let document = DotLottie.stateMachine(lamp)
    let byName = states(document)
    #expect(guardEvents(byName["off"]) == ["tap": "off->on"])
    #expect(guardEvents(byName["on"]) == ["hover": "on->glow", "on->flash": "on->flash"])
    #expect(guardEvents(byName["glow"]) == ["hover-end": "glow->on"])
    #expect(guardEvents(byName["flash"]) == ["complete": "flash->off"])
    // A trigger during a transition is resolved against its destination (interrupt: retarget).
    #expect(guardEvents(byName["off->on"]) == ["done": "on", "hover": "retarget:on->glow", "on->flash": "retarget:on->flash"])
    #expect(guardEvents(byName["on->glow"]) == ["done": "glow", "hover-end": "retarget:glow->on"])
    let interactions = JSONWriter(pretty: false).string(document["interactions"] ?? .null)
    #expect(interactions.contains(#"{"type":"Click","actions":[{"type":"Fire","inputName":"tap"}]}"#))
    #expect(interactions.contains(#"{"type":"PointerEnter","actions":[{"type":"Fire","inputName":"hover"}]}"#))
    #expect(interactions.contains(#"{"type":"PointerExit","actions":[{"type":"Fire","inputName":"hover-end"}]}"#))
    #expect(interactions.contains(#"{"type":"OnComplete","stateName":"flash","actions":[{"type":"Fire","inputName":"complete"}]}"#))
    #expect(interactions.contains(#"{"type":"OnComplete","stateName":"on->glow","actions":[{"type":"Fire","inputName":"done"}]}"#))
    let inputs = JSONWriter(pretty: false).string(document["inputs"] ?? .null)
    #expect(inputs == #"[{"type":"Event","name":"tap"},{"type":"Event","name":"hover"},{"type":"Event","name":"hover-end"},{"type":"Event","name":"complete"},{"type":"Event","name":"done"},{"type":"Event","name":"on->flash"}]"#)
}

@Test func aStateThatLoopsAndCompletesPlaysItsPoseSoThatCompleteFires() {
    var timeline = lamp
    timeline.stateMachine?.transitions.append(
        StateMachine.Transition(name: "glow->off", from: "glow", to: "off", trigger: .complete, span: "glow->off"))
    let glow = states(DotLottie.stateMachine(timeline))["glow"]
    #expect(glow?["segment"] == "glow" && glow?["autoplay"] == true && glow?["loop"] == false)
}

@Test func aSceneWithoutStatesGetsAOneStateMachinePlayingItsFirstTimeline() {
    var timeline = lamp
    timeline.stateMachine = nil
    let document = DotLottie.stateMachine(timeline)
    #expect(document["initial"] == "pulse")
    let pulse = states(document)["pulse"]
    #expect(pulse?["segment"] == "pulse" && pulse?["autoplay"] == true && pulse?["loop"] == true)
    #expect(document["interactions"] == nil && document["inputs"] == nil)
}

@Test func theArchiveHoldsManifestStateMachineAndAnimationLast() {
    let members = DotLottie.members(lamp, generator: "choreo test")
    #expect(members.map(\.path) == ["manifest.json", "s/lamp.json", "a/lamp.json"])
    #expect(members[0].text == #"{"version":"2","generator":"choreo test","animations":[{"id":"lamp"}],"stateMachines":[{"id":"lamp"}],"initial":{"animation":"lamp","stateMachine":"lamp"}}"#)
    #expect(members[2].text == LottieEmitter.emit(lamp))
}
