import ChoreoDiagnostics
import ChoreoJSON
import ChoreoTimeline
import ChoreoTimelineJSON
import Testing

@testable import ChoreoScene
@testable import ChoreoSceneFrontend

private func recorder(exit: String?) -> String {
    """
    choreo: 1
    size: [100, 100]
    layers:
      - {id: dot, shape: ellipse, size: [20, 20], position: [50, 50]}
    states:
      idle: {}
      recording: {dot: {scale: 0.8}, play: pulse}
    timelines:
      pulse:
        duration: 1s
        loop: true
        keyframes:
          dot.opacity: [{at: 0s, value: 1}, {at: 0.5s, value: 0.4}, {at: 1s, value: 1}]
    transitions:
      - {from: idle, to: recording, on: tap}
      - {from: recording, to: idle, on: tap\(exit.map { ", exit: \($0)" } ?? "")}
    """
}

@Test func aTransitionLeavesALoopAtOnceUnlessItSaysCycleEnd() throws {
    for (written, expected) in [(nil, LoopExit.now), ("now", .now), ("cycle-end", .cycleEnd)] {
        let compiled = frontendCompile(recorder(exit: written))
        #expect(compiled.diagnostics.isEmpty, "\(compiled.diagnostics)")
        let machine = try #require(compiled.timeline?.stateMachine)
        #expect(machine.transitions.map(\.exit) == [.now, expected], "exit: \(written ?? "left out")")
    }
}

@Test func theTimelineJSONWritesExitOnlyWhenItIsCycleEnd() throws {
    let waiting = try #require(frontendCompile(recorder(exit: "cycle-end")).timeline)
    let json = TimelineJSON.encode(waiting, pretty: false)
    #expect(json.contains(#""span":"recording->idle","exit":"cycle-end""#))
    let immediate = try #require(frontendCompile(recorder(exit: "now")).timeline)
    #expect(!TimelineJSON.encode(immediate, pretty: false).contains(#""exit""#))
}

@Test func aCycleEndExitStartsAtTheNextCycleBoundary() {
    let exit = LoopExit.cycleEnd
    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
    #expect(near(exit.start(at: 2.3, loopBegan: 1, cycle: 1.2), 3.4))
    #expect(near(exit.start(at: 1.5, loopBegan: 1, cycle: 1.2), 2.2))
    // On a boundary (within a microsecond) it starts there, not a cycle later.
    #expect(near(exit.start(at: 3.4000001, loopBegan: 1, cycle: 1.2), 3.4))
    #expect(near(exit.start(at: 1, loopBegan: 1, cycle: 1.2), 1))
    #expect(near(LoopExit.now.start(at: 2.3, loopBegan: 1, cycle: 1.2), 2.3))
}

@Test func editorsOfferTheExitValuesAndTheSchemaNamesThem() throws {
    #expect(SceneVocabulary.keys(.transition).contains("exit"))
    #expect(SceneVocabulary.enumValues(forKey: "exit").map(\.value) == ["now", "cycle-end"])
    let schema = try #require(SceneSchema.valueSchema(key: "exit", place: .transition))
    #expect(schema["enum"] == .array([.string("now"), .string("cycle-end")]))
}
