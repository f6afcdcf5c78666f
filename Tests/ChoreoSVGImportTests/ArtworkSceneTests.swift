import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoScene
import ChoreoSVGImport
import ChoreoTimeline
import ChoreoTimelineJSON
import Foundation
import Testing

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// Compiles a scene file of `Fixtures/` with the importer.
private func compileFixture(_ name: String) throws -> (SceneCompilation, String) {
    let url = fixtures.appendingPathComponent(name)
    let text = try String(contentsOf: url, encoding: .utf8)
    return (compileScene(SourceFile(path: url.path, text: text), artwork: SVGArtworkLoader(), files: SceneFolderFiles()), text)
}

/// A marker fixture: its `# expect: LINE:COL SEVERITY RULE` lines are exactly the diagnostics,
/// and its `# expect-message:`, `# expect-help:` and `# expect-note:` lines pin their text.
private func checkMarkerFixture(_ name: String) throws {
    let (compilation, text) = try compileFixture(name)
    let lines = text.split(separator: "\n").map(String.init)
    let expected = lines.filter { $0.hasPrefix("# expect: ") }.map { String($0.dropFirst("# expect: ".count)) }.sorted()
    let actual = compilation.diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.severity.rawValue) \($0.rule)" }.sorted()
    #expect(actual == expected, "\(name): \(compilation.diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.message)" })")
    for line in lines where line.hasPrefix("# expect-") && !line.hasPrefix("# expect: ") {
        let kind = line.dropFirst("# expect-".count).prefix { $0 != ":" }
        let rest = line.dropFirst("# expect-".count + kind.count + 2)
        let position = rest.prefix { $0 != " " }
        let wanted = String(rest.dropFirst(position.count + 1))
        let at = { (range: SourceRange?) in range.map { "\($0.start.line):\($0.start.column)" } == String(position) }
        let here = compilation.diagnostics.filter { at($0.range) }
        switch kind {
        case "message": #expect(here.contains { $0.message == wanted }, "\(name) \(position): \(here.map(\.message))")
        case "help": #expect(here.contains { $0.help == wanted }, "\(name) \(position): \(here.map { $0.help ?? "nil" })")
        case "note":
            let notes = compilation.diagnostics.flatMap(\.notes).filter { at($0.range) }
            #expect(notes.contains { $0.message == wanted }, "\(name) \(position): \(notes.map(\.message))")
        default: Issue.record("\(name): unknown marker \(line)")
        }
    }
    if expected.contains(where: { $0.contains(" error ") }) { #expect(compilation.timeline == nil) }
}

/// Writes `files` into a new directory and returns the path of the first, the scene.
private func scratchScene(_ files: [(String, String)]) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("artwork-\(UUID().uuidString)")
    for (name, text) in files {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return directory.appendingPathComponent(files[0].0).path
}

private func compile(_ path: String) throws -> SceneCompilation {
    compileScene(SourceFile(path: path, text: try String(contentsOfFile: path, encoding: .utf8)), artwork: SVGArtworkLoader(), files: SceneFolderFiles())
}

private func children(_ node: Node) -> [Node] {
    if case let .group(children) = node.content { return children }
    return []
}

private func node(_ id: String, in nodes: [Node]) -> Node? {
    for node in nodes {
        if node.id == id { return node }
        if let found = ChoreoSVGImportTests.node(id, in: children(node)) { return found }
    }
    return nil
}

/// The drawing as `choreo import` writes it (elements' places left out).
private func yaml(_ artwork: Artwork) -> String { ImportedScene.text(artwork, source: "badge.svg") }

private let badge = """
    <svg width="40" height="20" viewBox="0 0 20 10" xmlns="http://www.w3.org/2000/svg">
      <rect id="plate" width="20" height="10" fill="#335"/>
      <g id="dot" transform="translate(15 5)"><circle r="2" fill="#F44"/></g>
    </svg>
    """

@Suite struct ArtworkSceneTests {
    @Test func artworkIDClashFixture() throws { try checkMarkerFixture("artwork-id-clash.yaml") }
    @Test func svgUnsupportedFixture() throws { try checkMarkerFixture("svg-unsupported.yaml") }
    @Test func svgRefusedFixture() throws { try checkMarkerFixture("svg-refused.yaml") }
    @Test func artworkNotFoundFixture() throws { try checkMarkerFixture("artwork-not-found.yaml") }
    @Test func svgUnsupportedDrawnFixture() throws { try checkMarkerFixture("svg-unsupported-drawn.yaml") }
    @Test func artworkIDClashConsequencesFixture() throws { try checkMarkerFixture("artwork-id-clash-consequences.yaml") }

    /// The SVG's elements are nodes under their ids, and a state animates one of them.
    @Test func artworkElementsAreNodesAStateAnimates() throws {
        let scene = try scratchScene([
            ("scene.yaml", """
                choreo: 1
                size: [40, 20]
                layers:
                  - {id: badge, artwork: art/badge.svg}
                states:
                  idle: {}
                  alert:
                    dot: {scale: 3}
                transitions:
                  - {from: idle, to: alert, on: tap, duration: 0.5s}
                """),
            ("art/badge.svg", badge),
        ])
        let compilation = try compile(scene)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        let timeline = try #require(compilation.timeline)
        let badgeNode = try #require(node("badge", in: timeline.layers))
        #expect(node("plate", in: children(badgeNode)) != nil)
        let dot = try #require(node("dot", in: children(badgeNode)))
        #expect(dot.transform.scale.isAnimated, "the state scales the SVG's dot")
        #expect(compilation.inputFiles.last?.hasSuffix("art/badge.svg") == true, "the depfile lists the SVG")
        let element = try #require(compilation.artwork.elements["dot"])
        #expect(element.file.hasSuffix("art/badge.svg") && element.location == SourceLocation(line: 3, column: 3))
    }

    /// `size:` fits the drawing into the box (the viewBox scaled as the SVG's
    /// preserveAspectRatio says), and `prefix:` starts every id; `#id` takes one element.
    @Test func sizeFitsPrefixRenamesAndHashPicksOneElement() throws {
        let scene = try scratchScene([
            ("scene.yaml", """
                choreo: 1
                size: [100, 100]
                layers:
                  - {id: big, artwork: {file: badge.svg, prefix: big-}, size: [80, 80]}
                  - {id: one, artwork: "badge.svg#dot"}
                """),
            ("badge.svg", badge),
        ])
        let compilation = try compile(scene)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        let timeline = try #require(compilation.timeline)
        let big = try #require(node("big", in: timeline.layers))
        #expect(children(big).map(\.id) == ["big-plate", "big-dot"])
        let one = try #require(node("one", in: timeline.layers))
        #expect(children(one).map(\.id) == ["dot"])
        // Fitted into 80 × 80, the drawing is the SVG's with that width and height: its 20 × 10
        // viewBox scaled by 4 and centred. Without a viewBox, width and height stand for one.
        let fitted = try ArtworkMapper.map(bytes: Array(badge.utf8), fitting: Point(80, 80)).get()
        let resized = try ArtworkMapper.map(bytes: Array(badge.replacingOccurrences(of: "width=\"40\" height=\"20\"", with: "width=\"80\" height=\"80\"").utf8)).get()
        #expect(yaml(fitted) == yaml(resized) && fitted.size == Point(80, 80))
        let bare = "<svg width=\"20\" height=\"10\" xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"20\" height=\"10\"/></svg>"
        let viewBoxed = bare.replacingOccurrences(of: "height=\"10\" xmlns", with: "height=\"10\" viewBox=\"0 0 20 10\" xmlns")
        #expect(try yaml(ArtworkMapper.map(bytes: Array(bare.utf8), fitting: Point(40, 40)).get())
            == yaml(ArtworkMapper.map(bytes: Array(viewBoxed.utf8), fitting: Point(40, 40)).get()))
    }

    /// The SVG is read at every compile: a re-export changes the next output.
    @Test func theSVGIsReadAgainAtEveryCompile() throws {
        let scene = try scratchScene([
            ("scene.yaml", "choreo: 1\nsize: [40, 20]\nlayers:\n  - {id: badge, artwork: badge.svg}\n"),
            ("badge.svg", badge),
        ])
        let before = try #require(try compile(scene).timeline)
        let svg = (scene as NSString).deletingLastPathComponent + "/badge.svg"
        try badge.replacingOccurrences(of: "#F44", with: "#4F4").write(toFile: svg, atomically: true, encoding: .utf8)
        let after = try #require(try compile(scene).timeline)
        #expect(TimelineJSON.encode(before) != TimelineJSON.encode(after))
    }

    /// Without an importer (a program that links only the compiler), `artwork:` is an error at it.
    @Test func withoutALoaderArtworkIsAnError() throws {
        let scene = try scratchScene([("scene.yaml", "choreo: 1\nsize: [40, 20]\nlayers:\n  - {id: badge, artwork: badge.svg}\n"), ("badge.svg", badge)])
        let compilation = compileScene(SourceFile(path: scene, text: try String(contentsOfFile: scene, encoding: .utf8)), files: SceneFolderFiles())
        #expect(compilation.diagnostics.map(\.rule) == [.svgRefused])
        #expect(compilation.diagnostics.first?.range.start == SourceLocation(line: 4, column: 26))
    }
}

@Suite struct ArtworkFileBoundsTests {
    /// A link inside the scene's folder to a file outside it is refused, and nothing is read.
    @Test func aLinkOutOfTheFolderIsNotFollowed() throws {
        let scene = try scratchScene([("scene/scene.yaml", "choreo: 1\nsize: [40, 20]\nlayers:\n  - {id: a, artwork: out.svg}\n"), ("outside.svg", badge)])
        let folder = (scene as NSString).deletingLastPathComponent
        try FileManager.default.createSymbolicLink(atPath: folder + "/out.svg", withDestinationPath: (folder as NSString).deletingLastPathComponent + "/outside.svg")
        let compilation = try compile(scene)
        #expect(compilation.diagnostics.map(\.rule) == [.artworkNotFound])
        #expect(compilation.diagnostics.first?.message == "the artwork file 'out.svg' is reached through a link out of the scene's folder; only files inside the folder are read")
    }

    /// Without a file access (a program that hands the compiler none), no file is read.
    @Test func withoutAFileAccessNothingIsRead() throws {
        let scene = try scratchScene([("scene.yaml", "choreo: 1\nsize: [40, 20]\nlayers:\n  - {id: badge, artwork: badge.svg}\n"), ("badge.svg", badge)])
        let compilation = compileScene(SourceFile(path: scene, text: try String(contentsOfFile: scene, encoding: .utf8)), artwork: SVGArtworkLoader())
        #expect(compilation.diagnostics.map(\.message) == ["this program compiles scenes without reading files, so the artwork file 'badge.svg' cannot be read"])
    }
}
