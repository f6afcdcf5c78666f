import ChoreoDiagnostics
import ChoreoTimeline
import Testing

@testable import ChoreoScene

// Each IR node says which scene node it was lowered from (`Node.source`), so what points back into
// the scene (the `--target` checks) never takes an id apart.

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
    #expect(try #require(findNode("pair", in: timeline.layers)).source == NodeSource(node: "pair"))
    // A plain repeat is one node whose copies the emitters write: it is the node itself.
    #expect(try #require(findNode("dot", in: timeline.layers)).source == NodeSource(node: "dot"))
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
    #expect(group.source == NodeSource(node: "dot"))
    for index in 0..<3 {
        let copy = try #require(findNode("dot copy \(index)", in: timeline.layers))
        #expect(copy.source == NodeSource(node: "dot", part: .copy(index)))
        #expect(copy.source.isRepeatCopy)
        let placement = try #require(findNode("dot copy \(index) placement", in: timeline.layers))
        #expect(placement.source == NodeSource(node: "dot", part: .copyPlacement(index)))
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
