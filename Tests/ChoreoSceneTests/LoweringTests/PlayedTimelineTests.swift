import ChoreoDiagnostics
import ChoreoScene
import ChoreoTestSupport
import ChoreoTimeline
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
    #expect(poses.map(\.plays) == [nil, nil, "pulse"])
    #expect(timeline.spans.contains { $0.kind == .timeline && $0.name == "pulse" })
    #expect(TimelineJSON.encode(timeline).contains("\"plays\": \"pulse\""))
}
