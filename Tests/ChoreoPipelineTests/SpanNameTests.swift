import ChoreoDiagnostics
import ChoreoLottie
import ChoreoScene
import ChoreoTimeline
import Foundation
import Testing

/// No two spans share a name (contract §27): two transitions between one pair of states on
/// different triggers, and a state with a timeline's name, each get their own name in the
/// timeline, the state machine and the dotLottie states.
@Suite struct SpanNameTests {
    static let scene = "Tests/ChoreoSceneTests/Fixtures/valid/transitions-shared-names.yaml"

    func compiled() throws -> Timeline {
        let bytes = Array(try Data(contentsOf: repositoryURL(Self.scene)))
        let result = compileScene(SourceFile(path: Self.scene, bytes: bytes))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return try #require(result.timeline)
    }

    @Test func everySpanAndTransitionHasItsOwnName() throws {
        let timeline = try compiled()
        #expect(timeline.spans.map(\.name) == [
            "shown", "hidden", "spin", "shown->hidden", "shown->hidden on tap", "hidden->spin", "spin->shown", "spin@spin",
        ])
        let machine = try #require(timeline.stateMachine)
        #expect(machine.transitions.map(\.name) == ["shown->hidden", "shown->hidden on tap", "hidden->spin", "spin->shown"])
        #expect(machine.transitions.map(\.span) == machine.transitions.map(\.name))
        #expect(machine.state(named: "spin")?.play?.span == "spin@spin")
        #expect(timeline.span(named: "spin")?.kind == .pose)
        // The tap transition lasts its own 0.2 s, not the first one's 0.5 s.
        let onTap = try #require(timeline.span(named: "shown->hidden on tap"))
        #expect(timeline.frames(of: onTap).end - timeline.frames(of: onTap).start == 13)
    }

    @Test func theDotLottieMachineHasOneStatePerTransition() throws {
        let document = DotLottie.stateMachine(try compiled())
        guard case let .array(states)? = document["states"] else {
            Issue.record("no states")
            return
        }
        let names = states.compactMap { state -> String? in
            guard case let .string(name)? = state["name"] else { return nil }
            return name
        }
        #expect(names.count == Set(names).count, "\(names)")
        #expect(names.contains("shown->hidden") && names.contains("shown->hidden on tap"), "\(names)")
    }
}
