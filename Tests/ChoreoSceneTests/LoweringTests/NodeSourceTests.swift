import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoTimeline
import Foundation
import Testing

@testable import ChoreoScene

// Each IR node says which scene node it was lowered from (`Node.source`) and where that node is
// defined, so what points back into the scene (the `--target` checks) never takes an id apart or
// looks one up.

/// The definition on one line from `start` to `end` (columns, the end excluded).
private func at(_ line: Int, _ start: Int, _ end: Int) -> NodeSource.Definition {
    NodeSource.Definition(startLine: line, startColumn: start, endLine: line, endColumn: end)
}

private func compiled(_ text: String) throws -> Timeline {
    let compilation = frontendCompile(text)
    #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(\.message))")
    return try #require(compilation.timeline)
}

@Test func aPlainNodeComesFromTheSceneNodeOfItsId() throws {
    let timeline = try compiled("""
        choreo: 1
        size: [100, 100]
        layers:
          - id: pair
            shape: group
            children:
              - {id: dot, shape: ellipse, radius: 5, fill: red, repeat: {count: 3, offset: [10, 0]}}
        """)
    #expect(try #require(findNode("pair", in: timeline.layers)).source == NodeSource(node: "pair", definition: at(4, 9, 13)))
    // A plain repeat is one node whose copies the emitters write: it is the node itself.
    #expect(try #require(findNode("dot", in: timeline.layers)).source == NodeSource(node: "dot", definition: at(7, 14, 17)))
}

@Test func theCopiesOfAStaggeredRepeatSayWhichCopyTheyAre() throws {
    let timeline = try compiled("""
        choreo: 1
        size: [200, 100]
        layers:
          - id: dot
            shape: ellipse
            radius: 5
            position: [20, 50]
            fill: gray
            repeat: {count: 3, offset: [30, 0], rotation: 10deg, scale: [1, 0.5], delay: 0.25s}
        """)
    let group = try #require(findNode("dot", in: timeline.layers))
    // Every part of the repeat is defined where the repeated node is.
    let dot = at(4, 9, 12)
    #expect(group.source == NodeSource(node: "dot", definition: dot))
    for index in 0..<3 {
        let copy = try #require(findNode("dot copy \(index)", in: timeline.layers))
        #expect(copy.source == NodeSource(node: "dot", part: .copy(index), definition: dot))
        #expect(copy.source.isRepeatCopy)
        let placement = try #require(findNode("dot copy \(index) placement", in: timeline.layers))
        #expect(placement.source == NodeSource(node: "dot", part: .copyPlacement(index), definition: dot))
        // A rotation with an uneven scale step takes a second group for the placement.
        if let turn = findNode("dot copy \(index) placement turn", in: timeline.layers) {
            #expect(turn.source == placement.source)
        }
    }
}

@Test func aFindingOnTheCopiesOfAStaggeredRepeatIsReportedOnceAtTheRepeat() {
    let scene = """
        choreo: 1
        size: [200, 100]
        layers:
          - id: dot
            shape: ellipse
            radius: 5
            position: [20, 50]
            fill: gray
            clip: {shape: rect, size: [8, 8]}
            repeat: {count: 3, offset: [30, 0], delay: 0.25s}
        """
    let diagnostics = compileScene(SourceFile(path: "t.yaml", text: scene), target: .tgs).diagnostics
    // The group itself is not clipped; each copy is, and all three come from line 10's `repeat:`.
    #expect(diagnostics.map { "\($0.range.start) \($0.rule)" } == ["10:5 tgs-clip"])
    #expect(diagnostics.first?.message.hasPrefix("'dot copy 0' is clipped") == true)
}

/// Compiles `scene` beside a copy of DejaVu Sans (for its text nodes), for `target`.
private func compilationWithFont(_ scene: String, target: PlayerTarget = .web) throws -> SceneCompilation {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("choreo-node-source-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        .write(to: folder.appendingPathComponent("fonts/DejaVuSans.ttf"))
    return compileScene(SourceFile(path: folder.appendingPathComponent("scene.yaml").path, bytes: Array(scene.utf8)), target: target, files: SceneFolderFiles())
}

private func compiledWithFont(_ scene: String) throws -> Timeline {
    let compilation = try compilationWithFont(scene)
    #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(\.message))")
    return try #require(compilation.timeline)
}

/// Every IR node of the timeline, by id, as `NODE PART LINE:COL-LINE:COL`.
private func sources(_ timeline: Timeline) -> [String: String] {
    var result: [String: String] = [:]
    func visit(_ node: Node) {
        let part: String
        switch node.source.part {
        case .node: part = "node"
        case let .copy(index): part = "copy \(index)"
        case let .copyPlacement(index): part = "placement \(index)"
        case let .glyph(index): part = "glyph \(index)"
        }
        result[node.id] = "\(node.source.node) \(part) \(node.source.definition.map { "\($0)" } ?? "nowhere")"
        if case let .group(children) = node.content { children.forEach(visit) }
    }
    timeline.layers.forEach(visit)
    return result
}

@Test func everyNodeSaysWhichSceneNodeAndPartItIsAndWhereThatNodeIsDefined() throws {
    let timeline = try compiledWithFont("""
        choreo: 1
        size: [200, 100]
        fonts:
          ui: {file: fonts/DejaVuSans.ttf}
        layers:
          - id: dot
            shape: ellipse
            radius: 5
            fill: red
          - id: card
            shape: group
            children:
              - id: inner
                shape: group
                children:
                  - {id: tick, shape: rect, size: [4, 4], fill: blue}
          - id: bar
            shape: rect
            size: [4, 10]
            position: [20, 50]
            fill: gray
            repeat: {count: 2, offset: [30, 0], delay: 0.25s}
          - {id: word, shape: text, text: "ab", font: ui, size: 20, position: [100, 50], fill: "#112233", per-glyph: {delay: 0.1s}}
        states:
          rest: {}
          up: {word: {position: [100, 40]}, bar: {opacity: 0.5}}
        transitions:
          - {from: rest, to: up, on: tap, duration: 0.4s}
        """)
    #expect(sources(timeline) == [
        "dot": "dot node 6:9-6:12",
        "card": "card node 10:9-10:13",
        "inner": "inner node 13:13-13:18",
        "tick": "tick node 16:18-16:22",
        // The staggered repeat's group, its copies and their placements: all the node `bar`.
        "bar": "bar node 17:9-17:12",
        "bar copy 0": "bar copy 0 17:9-17:12",
        "bar copy 0 placement": "bar placement 0 17:9-17:12",
        "bar copy 1": "bar copy 1 17:9-17:12",
        "bar copy 1 placement": "bar placement 1 17:9-17:12",
        // The per-glyph text is a group of its glyphs, each glyph i of the author's node `word`.
        "word": "word node 23:10-23:14",
        "word-glyph-0": "word glyph 0 23:10-23:14",
        "word-glyph-1": "word glyph 1 23:10-23:14",
    ])
    let glyph = try #require(findNode("word-glyph-1", in: timeline.layers))
    #expect(!glyph.source.isRepeatCopy, "a glyph is not a copy of a repeat")
    // The definition is the diagnostics' range, converted both ways.
    let definition = try #require(glyph.source.definition)
    let range = SourceRange(definition)
    #expect(range == SourceRange(start: SourceLocation(line: 23, column: 10), end: SourceLocation(line: 23, column: 14)))
    #expect(NodeSource.Definition(range) == definition)
}

@Test func aGlyphWhoseIdStepsAsideForAnAuthorsNodeStillSaysWhichGlyphItIs() throws {
    let timeline = try compiledWithFont("""
        choreo: 1
        size: [200, 100]
        fonts:
          ui: {file: fonts/DejaVuSans.ttf}
        layers:
          - {id: word-glyph-0, shape: rect, size: [4, 4], fill: blue}
          - {id: word, shape: text, text: "ab", font: ui, size: 20, position: [100, 50], fill: "#112233", per-glyph: {delay: 0.1s}}
        states:
          rest: {}
          up: {word: {position: [100, 40]}}
        transitions:
          - {from: rest, to: up, on: tap, duration: 0.4s}
        """)
    #expect(sources(timeline) == [
        "word-glyph-0": "word-glyph-0 node 6:10-6:22",
        "word": "word node 7:10-7:14",
        "word-glyph-0-": "word glyph 0 7:10-7:14",
        "word-glyph-1": "word glyph 1 7:10-7:14",
    ])
}

@Test func aNodeNoSceneNodeDefinesHasNoDefinition() {
    let node = Node(id: "background", transform: Transform(), content: .group([]))
    #expect(node.source == NodeSource(node: "background"))
    #expect(node.source.definition == nil)
}

@Test func aFindingOnAGlyphPointsAtWhatAnimatesTheGlyphsOfItsText() throws {
    let scene = """
        choreo: 1
        size: [200, 100]
        fonts:
          ui: {file: fonts/DejaVuSans.ttf}
        layers:
          - {id: word, shape: text, text: "ab", font: ui, size: 20, position: [100, 50], fill: red, stroke: {color: black, width: 1}, per-glyph: {delay: 0.1s}}
        states:
          rest: {}
          faded: {word: {opacity: 0.5}}
        transitions:
          - {from: rest, to: faded, on: tap, duration: 0.4s}
        """
    // Each glyph, filled and stroked, fades: the state's `opacity` of the text moves each glyph's
    // (the model keys it by the glyph's node), so that is where both findings point.
    let diagnostics = try compilationWithFont(scene, target: .lottieAndroid).diagnostics
    #expect(diagnostics.map { "\($0.range.start) \($0.rule)" } == ["9:27 android-group-opacity", "9:27 android-group-opacity"])
    #expect(diagnostics.map { $0.message.prefix { $0 != "," } } == ["'word-glyph-0'", "'word-glyph-1'"])
}
