import ChoreoDiagnostics
import ChoreoSceneSyntax
import ChoreoTimeline
import Testing

@testable import ChoreoScene

/// A scene whose `on` state plays what `play` holds, written by the scene writer.
private func writtenScene(play: SceneValue) -> String {
    SceneWriter.text([
        SceneEntry(SceneKey(name: "choreo"), .number(1)),
        SceneEntry(SceneKey(name: "size"), .point(Point(100, 100))),
        SceneEntry(SceneKey(name: "layers"), .list([.map([
            SceneEntry(SceneKey(name: "id"), .word("box")), SceneEntry(SceneKey(name: "shape"), .word("rect")),
            SceneEntry(SceneKey(name: "size"), .point(Point(10, 10))),
        ], .flow)], .block)),
        SceneEntry(SceneKey(name: "timelines"), .map([
            SceneEntry(SceneKey(name: "cycle"), .map([
                SceneEntry(SceneKey(name: "duration"), .seconds(1)), SceneEntry(SceneKey(name: "loop"), .word("true")),
                SceneEntry(SceneKey(name: "keyframes"), .map([SceneEntry(SceneKey(name: "box.opacity"), .list([
                    .map([SceneEntry(SceneKey(name: "at"), .seconds(0)), SceneEntry(SceneKey(name: "value"), .number(1))], .flow),
                    .map([SceneEntry(SceneKey(name: "at"), .seconds(1)), SceneEntry(SceneKey(name: "value"), .number(0.5))], .flow),
                ], .block))], .block)),
            ], .block)),
            SceneEntry(SceneKey(name: "breathe"), .map([
                SceneEntry(SceneKey(name: "duration"), .seconds(0.5)),
                SceneEntry(SceneKey(name: "tweens"), .list([.map([
                    SceneEntry(SceneKey(name: "at"), .seconds(0)), SceneEntry(SceneKey(name: "duration"), .seconds(0.5)),
                    SceneEntry(SceneKey(name: "by"), .map([SceneEntry(SceneKey(name: "box"), .map([SceneEntry(SceneKey(name: "rotation"), .degrees(90))], .flow))], .flow)),
                ], .flow)], .block)),
            ], .block)),
        ], .block)),
        SceneEntry(SceneKey(name: "states"), .map([SceneEntry(SceneKey(name: "on"), .map([SceneEntry(.play, play)], .flow))], .block)),
    ])
}

@Test func aPlayListWrittenByTheSceneWriterReadsBackEntryByEntry() throws {
    let text = writtenScene(play: .list([
        .word("cycle"), .map([SceneEntry(SceneKey(name: "timeline"), .word("breathe")), SceneEntry(SceneKey(name: "loop"), .word("true"))], .flow),
    ], .flow))
    #expect(text.contains("  on: {play: [cycle, {timeline: breathe, loop: true}]}\n"))
    let diagnostics = frontendBuild(text).diagnostics
    // Until an output draws several clocks, the list is read entry by entry and refused, never
    // drawn as one timeline.
    #expect(diagnostics.map(\.rule) == [.layeredPlayUnsupported])
    #expect(diagnostics.first?.message == "state 'on' plays 2 timelines at once ('cycle', 'breathe'), which this compiler cannot draw yet in any output")
}

@Test func aPlayListOfOneMeansItsEntryAloneAndCompiles() throws {
    let listed = writtenScene(play: .list([
        .map([SceneEntry(SceneKey(name: "timeline"), .word("breathe")), SceneEntry(SceneKey(name: "loop"), .word("true"))], .flow),
    ], .flow))
    let alone = writtenScene(play: .map([SceneEntry(SceneKey(name: "timeline"), .word("breathe")), SceneEntry(SceneKey(name: "loop"), .word("true"))], .flow))
    let listedState = try #require(frontendBuild(listed).scene?.states.first)
    let aloneState = try #require(frontendBuild(alone).scene?.states.first)
    #expect(listedState.play == "breathe" && listedState.playLoop == true)
    #expect(listedState.playLayers.isEmpty)
    #expect(listedState.play == aloneState.play && listedState.playLoop == aloneState.playLoop)
    let compiled = frontendCompile(listed)
    #expect(compiled.diagnostics.filter { $0.severity == .error }.isEmpty)
}
