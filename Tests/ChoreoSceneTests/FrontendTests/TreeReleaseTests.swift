import ChoreoDiagnostics
import ChoreoTestSupport
import ChoreoTimeline
import ChoreoYAML
import Foundation
import Testing

@testable import ChoreoScene

// The front end releases the YAML tree section by section when the scene has no themes
// (`SceneTree`, `readNodesReleasing`, `MapEntries.takeValue`): that must change what is freed
// when, never what is read or reported.

@Suite struct TreeReleaseTests {
    /// The scene and diagnostics of `text`, read releasing the tree or keeping it.
    private func build(_ text: String, releasing: Bool) -> (tree: SceneTree, scene: Scene?, diagnostics: [Diagnostic]) {
        let file = SourceFile(path: "test.yaml", text: text)
        var bag = DiagnosticBag(file: file.path)
        var (root, yamlDiagnostics) = readYAML(file)
        bag.append(contentsOf: yamlDiagnostics)
        let tree = SceneTree(root.take())
        let scene = buildScene(from: tree, file: file, diagnostics: &bag, releasingSections: releasing)
        return (tree, scene, bag.diagnostics.sortedForReport())
    }

    private let scene = """
        choreo: 1
        size: [100, 100]
        layers:
          - {id: a, shape: rect, size: [10, 10], fill: red}
          - id: g
            shape: group
            children:
              - {id: b, shape: ellipse, radius: 4, stroke: {color: black, width: 1}}
        states:
          rest: {}
          moved:
            a: {rotation: 45deg}
            b: {opacity: 0.5}
        transitions:
          - {from: rest, to: moved, duration: 0.3s}
        """

    @Test func theTreeIsLetGoWithoutThemes() {
        let read = build(scene, releasing: true)
        #expect(read.scene != nil)
        #expect(read.diagnostics.isEmpty)
        #expect(read.tree.root == nil)
    }

    @Test func themesKeepTheTree() {
        let themed = scene + """

            vars:
              tint: red
            themes:
              dark: {tint: blue}
            """
        let read = build(themed, releasing: true)
        #expect(read.scene != nil)
        #expect(read.tree.root?.mapping?.count == 7)
        // The sections are all still there for the theme's second build.
        #expect(read.tree.root?.mapping?.first { $0.key.scalar?.value == "layers" }?.value.sequence?.count == 2)
    }

    @Test func releasingGivesTheSameSceneAndDiagnostics() throws {
        var files = frontendFixtureFiles("valid") + frontendFixtureFiles("invalid")
        let scenes = repositoryRoot().appendingPathComponent("scenes")
        files += try FileManager.default.contentsOfDirectory(atPath: scenes.path).filter { $0.hasSuffix(".yaml") }.sorted()
            .map { scenes.appendingPathComponent($0) }
        #expect(files.count > 20)
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            let released = build(text, releasing: true)
            let kept = build(text, releasing: false)
            #expect(
                renderDiagnostics(released.diagnostics, text: text) == renderDiagnostics(kept.diagnostics, text: text),
                "\(url.lastPathComponent)")
            #expect(released.diagnostics.map(\.fixIts) == kept.diagnostics.map(\.fixIts), "\(url.lastPathComponent)")
            #expect((released.scene == nil) == (kept.scene == nil), "\(url.lastPathComponent)")
            if let a = released.scene, let b = kept.scene {
                #expect(a.layers == b.layers, "\(url.lastPathComponent)")
                #expect(a.states.map(\.name) == b.states.map(\.name), "\(url.lastPathComponent)")
                #expect(a.transitions.count == b.transitions.count, "\(url.lastPathComponent)")
                #expect(a.timelines.map(\.name) == b.timelines.map(\.name), "\(url.lastPathComponent)")
            }
        }
    }

    @Test func takenAndReleasedValuesKeepTheirPlace() throws {
        let file = SourceFile(path: "test.yaml", text: "a: [1, 2]\nb: {c: 3}\n")
        let root = try #require(readYAML(file).root)
        let context = FrontendContext(file: file, bag: DiagnosticBag(file: file.path))
        var map = try #require(context.readMap(root, what: "a test", allowed: ["a", "b"]))
        let range = try #require(map.value("a")).range
        let takenValue = map.takeValue("a")
        let taken = try #require(takenValue)
        #expect(taken.sequence?.count == 2)
        #expect(map.value("a")?.sequence?.isEmpty == true)
        #expect(map.value("a")?.range == range)
        map.releaseValue("b")
        #expect(map.value("b")?.mapping?.isEmpty == true)
        #expect(map.takeValue("missing") == nil)
        map.releaseNode()
        #expect(map.node.mapping?.isEmpty == true)
        #expect(map.node.range == root.range)
        #expect(map.entries.map(\.name) == ["a", "b"])
    }
}
