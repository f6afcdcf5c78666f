import ChoreoDiagnostics
import ChoreoDiff
import ChoreoJSON
import ChoreoLottie
import ChoreoScene
import Testing

private func compiled(_ text: String, path: String) throws -> ComparedScene {
    let source = SourceFile(path: path, text: text)
    let (compilation, scene) = compileSceneKeepingModel(source)
    let timeline = try #require(compilation.timeline, "\(compilation.diagnostics)")
    return ComparedScene(source: source, scene: try #require(scene), timeline: timeline, lottie: LottieEmitter.emitBytes(timeline))
}

private let scene = """
    choreo: 1
    name: ring
    size: [100, 100]
    inputs:
      progress: {number: 0, range: [0, 1]}
      label: {string: "a"}
    layers:
      - {id: dot, shape: ellipse, size: [20, 20], position: [50, 50]}
    states:
      idle: {}
      done: {dot: {scale: 2}}
    transitions:
      - {from: idle, to: done, when: "progress >= 1"}

    """

@Test func inputsAddedRemovedAndChangedAreReportedWhereTheyAreDeclared() throws {
    let edited = scene
        .replacingOccurrences(of: "range: [0, 1]", with: "range: [0, 100]")
        .replacingOccurrences(of: "label: {string: \"a\"}", with: "muted: {boolean: true}")
    let found = compareScenes(old: try compiled(scene, path: "old.yaml"), new: try compiled(edited, path: "new.yaml")).changes
        .filter { $0.area == .input }
    #expect(found.map(\.summary) == ["input progress: range [0, 1] → [0, 100]", "input muted: added", "input label: removed"])
    #expect(found.first?.range?.start.line == 5)
}

@Test func aChangedDefaultIsReported() throws {
    let edited = scene.replacingOccurrences(of: "{number: 0,", with: "{number: 0.5,")
    let found = compareScenes(old: try compiled(scene, path: "old.yaml"), new: try compiled(edited, path: "new.yaml")).changes
    #expect(found.filter { $0.area == .input }.map(\.summary) == ["input progress: default 0 → 0.5"])
}
