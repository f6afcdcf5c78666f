import ChoreoDiagnostics
import ChoreoTimeline
import Testing

@testable import ChoreoScene

private let header = """
    choreo: 1
    size: [100, 100]
    layers:
      - {id: dot, shape: ellipse, size: [20, 20], position: [50, 50]}
    inputs:
      count: {number: 0, range: [0, 5]}
      muted: {boolean: false}
      label: {string: "hi"}
    states:
      idle: {}
      big: {dot: {scale: 2}}
    transitions:

    """

private func build(_ transitions: String) -> (scene: Scene?, diagnostics: [Diagnostic]) {
    frontendBuild(header + transitions)
}

@Test func inputsAreReadWithTheirKindsDefaultsAndRanges() throws {
    let scene = try #require(build("  - {from: idle, to: big, on: tap}\n").scene)
    #expect(scene.inputs == [
        MachineInput(name: "count", initial: .number(0), range: 0...5),
        MachineInput(name: "muted", initial: .boolean(false)),
        MachineInput(name: "label", initial: .string("hi")),
    ])
}

@Test func aGuardWithAndOrNotBecomesAlternativesOfConjunctions() throws {
    let result = build("  - {from: idle, to: big, when: \"not (count < 2 or muted) and label == 'hi'\"}\n")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    let transition = try #require(result.scene?.transitions.first)
    let condition = try #require(transition.guardCondition)
    #expect(condition.alternatives == [[
        .init(input: "count", comparison: .greaterOrEqual, other: .literal(.number(2))),
        .init(input: "muted", comparison: .notEqual, other: .literal(.boolean(true))),
        .init(input: "label", comparison: .equal, other: .literal(.string("hi"))),
    ]])
}

@Test func aLiteralOnTheLeftIsMirroredAndOrSplitsIntoAlternatives() throws {
    let scene = try #require(build("  - {from: idle, to: big, when: \"1 < count or count == 0\"}\n").scene)
    #expect(scene.transitions[0].guardCondition?.alternatives == [
        [.init(input: "count", comparison: .greater, other: .literal(.number(1)))],
        [.init(input: "count", comparison: .equal, other: .literal(.number(0)))],
    ])
}

@Test func actionsSetStepToggleThemeAndEmitInOrder() throws {
    let result = build("  - {from: idle, to: idle, on: tap, set: {count: +1, muted: toggle, label: \"x\"}, emit: tapped}\n")
    #expect(result.diagnostics.map(\.rule) == [.unreachableState], "\(result.diagnostics.map(\.message))")
    let transition = try #require(result.scene?.transitions.first)
    #expect(transition.actions == [.step("count", 1), .toggle("muted"), .set("label", .string("x")), .emit("tapped")])
    // A self-transition is an action: it takes no time.
    #expect(transition.timing.duration == 0)
}

@Test func guardedTransitionsOnOneTriggerAreAlternativesNotDuplicates() {
    let result = build("""
          - {from: idle, to: big, on: tap, when: "count >= 3"}
          - {from: idle, to: idle, on: tap, when: "count < 3", set: {count: +1}}

        """)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
}

@Test func typeErrorsUnknownInputsAndImpossibleGuardsAreReported() {
    func rules(_ line: String) -> [Rule] { build(line + "\n").diagnostics.map(\.rule) }
    #expect(rules("  - {from: idle, to: big, when: \"label > 1\"}") == [.inputType])
    #expect(rules("  - {from: idle, to: big, when: \"label < 'a'\"}") == [.inputType])
    #expect(rules("  - {from: idle, to: big, on: tap, set: {count: toggle}}") == [.inputType])
    #expect(rules("  - {from: idle, to: big, on: tap, set: {cnt: 1}}") == [.unknownInput])
    #expect(rules("  - {from: idle, to: big, on: tap, set: {count: 9}}") == [.outOfRange])
    #expect(rules("  - {from: idle, to: big, on: tap, when: \"count == 1 and count == 2\"}") == [.guardNeverHolds])
    #expect(rules("  - {from: idle, to: big, on: tap, when: \"count >\"}") == [.expressionSyntax])
    #expect(rules("  - {from: idle, to: big, on: tap, when: \"count > 1 && muted\"}") == [.expressionSyntax])
}

@Test func theIRCarriesInputsGuardsActionsAndEvents() throws {
    let compilation = frontendCompile(header + "  - {from: idle, to: big, when: \"count >= 1\", emit: grown}\n")
    let machine = try #require(compilation.timeline?.stateMachine)
    #expect(machine.inputs.map(\.name) == ["count", "muted", "label"])
    #expect(machine.events == ["grown"])
    #expect(machine.transitions[0].isAutomatic)
}
