import ChoreoJSON
import ChoreoTimeline
import Testing

@testable import ChoreoLottie

/// `idle` → `loading` on tap (sets progress to 0); `loading` → `done` when progress >= 1 or
/// muted (emits `finished`); `done` → `done` on tap steps `count` by +1 (an action).
private var download: Timeline {
    let names = ["idle", "loading", "done", "idle->loading", "loading->done", "done->done"]
    let spans = names.enumerated().map { index, name in
        let states = name.components(separatedBy: "->")
        let role: Span.Role = states.count == 2 ? .transition(from: states[0], to: states[1], trigger: .programmatic) : .pose(label: nil, plays: nil)
        return Span(name: name, start: Double(index) / 10, end: Double(index + 1) / 10, role: role)
    }
    let machine = StateMachine(
        initial: "idle",
        states: [.init(name: "idle", pose: "idle"), .init(name: "loading", pose: "loading"), .init(name: "done", pose: "done")],
        transitions: [
            .init(name: "idle->loading", from: "idle", to: "loading", trigger: .tap, span: "idle->loading", actions: [.set("progress", .number(0))]),
            .init(name: "loading->done", from: "loading", to: "done", trigger: .programmatic, span: "loading->done",
                  guardCondition: .any([.compare(.input("progress"), .greaterOrEqual, .literal(.number(1))), .compare(.input("muted"), .equal, .literal(.boolean(true)))]),
                  actions: [.emit("finished")]),
            .init(name: "done->done", from: "done", to: "done", trigger: .tap, span: "done->done", actions: [.step("count", 1)]),
        ],
        inputs: [
            MachineInput(name: "progress", initial: .number(0), range: 0...1), MachineInput(name: "muted", initial: .boolean(false)),
            MachineInput(name: "count", initial: .number(0), range: 0...3),
        ])
    return Timeline(name: "download", width: 10, height: 10, fps: 30, duration: 0.6, layers: [], spans: spans, stateMachine: machine)
}

private func state(_ name: String, in document: JSONValue) -> JSONValue? {
    guard case let .array(states)? = document["states"] else { return nil }
    return states.first { $0["name"] == .string(name) }
}

@Test func inputsAreDeclaredWithTheirDefaultsAfterTheEvents() {
    let document = DotLottie.stateMachine(download)
    guard case let .array(inputs)? = document["inputs"] else { Issue.record("no inputs"); return }
    #expect(inputs.contains(.object([("type", "Numeric"), ("name", "progress"), ("value", .number(0))])))
    #expect(inputs.contains(.object([("type", "Boolean"), ("name", "muted"), ("value", false)])))
    // An automatic transition is not fired by name, so it declares no Event.
    #expect(!inputs.contains { $0["name"] == "loading->done" })
}

@Test func anOrGuardIsOneDotLottieTransitionPerAlternativeWithoutAnEventGuard() {
    let loading = state("loading", in: DotLottie.stateMachine(download))
    guard case let .array(transitions)? = loading?["transitions"] else { Issue.record("no transitions"); return }
    #expect(transitions.count == 2)
    #expect(transitions[0]["guards"] == [.object([
        ("type", "Numeric"), ("conditionType", "GreaterThanOrEqual"), ("inputName", "progress"), ("compareTo", .number(1)),
    ])])
    #expect(transitions[1]["guards"] == [.object([
        ("type", "Boolean"), ("conditionType", "Equal"), ("inputName", "muted"), ("compareTo", true),
    ])])
    #expect(transitions.allSatisfy { $0["toState"] == "loading->done" })
}

@Test func actionsAreTheTransitionStatesEntryActionsInCamelCase() {
    let document = DotLottie.stateMachine(download)
    #expect(state("idle->loading", in: document)?["entryActions"] == [.object([("type", "SetNumeric"), ("inputName", "progress"), ("value", .number(0))])])
    #expect(state("loading->done", in: document)?["entryActions"] == [.object([("type", "FireCustomEvent"), ("value", "finished")])])
    // A step is kept inside the range by a Clamp; the action state passes straight back.
    let action = state("done->done", in: document)
    #expect(action?["entryActions"] == [
        .object([("type", "Increment"), ("inputName", "count"), ("value", .number(1))]),
        .object([("type", "Clamp"), ("inputName", "count"), ("min", .number(0)), ("max", .number(3))]),
    ])
    #expect(action?["transitions"] == [.object([("type", "Transition"), ("toState", "done")])])
    #expect(action?["autoplay"] == false)
}
