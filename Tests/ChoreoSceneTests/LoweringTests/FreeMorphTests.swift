import ChoreoDiagnostics
import ChoreoTestSupport
import ChoreoTimeline
import ChoreoTimelineJSON
import Foundation
import Testing

@testable import ChoreoScene

// Morphs between poses of different structure, end to end through the front end: every pose of a
// path comes out with one structure, each keeping its geometry; equal counts and `morph: index`
// are left exactly as written.

private func pathTrack(_ timeline: Timeline, _ id: String) -> Animated<PathShape>? {
    func find(_ nodes: [Node]) -> Node? {
        for node in nodes {
            if node.id == id { return node }
            if case let .group(children) = node.content, let found = find(children) { return found }
        }
        return nil
    }
    guard let node = find(timeline.layers), case let .shape(.path(track), _) = node.content else { return nil }
    return track
}

private func poses(_ track: Animated<PathShape>) -> [PathShape] {
    [track.initial] + track.segments.flatMap { [$0.from, $0.to] }
}

@Test func posesOfDifferentCountsShareOneStructureAndKeepTheirCorners() throws {
    let text = try String(
        contentsOf: frontendFixturesDirectory("valid").appendingPathComponent("free-morphs.yaml"), encoding: .utf8)
    let compiled = frontendCompile(text, path: "free-morphs.yaml")
    let timeline = try #require(compiled.timeline)
    for id in ["icon", "badge"] {
        let track = try #require(pathTrack(timeline, id))
        let all = poses(track)
        #expect(track.isAnimated, "\(id)")
        #expect(all.allSatisfy { $0.isMorphCompatible(with: all[0]) }, "\(id): one vertex count for every keyframe")
    }
    // A clip path's poses too.
    let window = try #require(timeline.layers.first { $0.id == "window" })
    guard case let .path(clipTrack)? = window.clip?.geometry else { Issue.record("window has a path clip"); return }
    let clipPoses = poses(clipTrack)
    #expect(clipTrack.isAnimated && clipPoses.allSatisfy { $0.isMorphCompatible(with: clipPoses[0]) })
    // The triangle at rest (frame 0) still has its three corners; the pause pose has two bars.
    let icon = try #require(pathTrack(timeline, "icon"))
    let rest = icon.value(at: 0).contours.flatMap(\.vertices).map(\.point)
    for corner in [Point(-20, -25), Point(25, 0), Point(-20, 25)] { #expect(rest.contains(corner)) }
    #expect(icon.initial.contours.count == 2, "the second bar is a point at rest")
    let pause = try #require(timeline.stateMachine?.states.first { $0.name == "pause" })
    let paused = icon.value(at: try #require(timeline.span(named: pause.pose)).start).contours.flatMap(\.vertices).map(\.point)
    for corner in [Point(-22, -25), Point(-6, 25), Point(6, -25), Point(22, 25)] { #expect(paused.contains(corner)) }
}

@Test func equalCountsAndMorphIndexAreLeftAsWritten() throws {
    let text = try String(
        contentsOf: frontendFixturesDirectory("valid").appendingPathComponent("free-morphs.yaml"), encoding: .utf8)
    let scene = try #require(frontendBuild(text, path: "free-morphs.yaml").scene)
    let bar = try #require(scene.layers.first { $0.id == "bar" })
    #expect(bar.base[.d] == .path(PathShape([Contour(
        [Point(-40, -4), Point(40, -4), Point(40, 4), Point(-40, 4)].map { BezierVertex($0) }, closed: true)])))
    let morphed = try #require(scene.layers.first { $0.id == "icon" })
    guard case let .path(shape)? = morphed.base[.d] else { Issue.record("icon has a path"); return }
    #expect(shape.contours.count == 2 && shape.contours[0].vertices.count > 3)
    // The same scene without the pause pose's extra bar: equal counts, nothing rewritten.
    let equal = text.replacingOccurrences(of: " M 6 -25 H 22 V 25 H 6 Z", with: "")
        .replacingOccurrences(of: "M -22 -25 H -6 V 25 H -22 Z", with: "M -22 -25 L -6 0 L -22 25 Z")
        .replacingOccurrences(of: "value: \"M 0 -25 L 25 0 L 0 25 L -25 0 Z\"", with: "value: \"M 0 -25 L 25 0 L 0 25 Z\"")
    let equalScene = try #require(frontendBuild(equal).scene)
    #expect(equalScene.layers.first { $0.id == "icon" }?.base[.d] == .path(PathShape([Contour(
        [Point(-20, -25), Point(25, 0), Point(-20, 25)].map { BezierVertex($0) }, closed: true)])))
}

@Test func correspondenceIsDeterministic() throws {
    let text = try String(
        contentsOf: frontendFixturesDirectory("valid").appendingPathComponent("free-morphs.yaml"), encoding: .utf8)
    let first = try #require(frontendCompile(text).timeline)
    let second = try #require(frontendCompile(text).timeline)
    #expect(TimelineJSON.encode(first, pretty: false) == TimelineJSON.encode(second, pretty: false))
}
