import ChoreoDiagnostics
import ChoreoTimeline
import Testing

@testable import ChoreoScene

// The model's checks read the model alone: a scene built in code (as an importer would build one)
// gets them, at the positions its nodes carry.

private func range(_ line: Int, _ column: Int) -> SourceRange {
    SourceRange(start: SourceLocation(line: line, column: column), end: SourceLocation(line: line, column: column + 3))
}

private func rect(_ id: String, at position: Point, line: Int, hadErrors: Bool = false, source: Bool = true) -> SceneNode {
    let base: PropertyValues = [
        .anchor: .point(Point(0, 0)), .position: .point(position), .offset: .point(Point(0, 0)), .rotation: .number(0),
        .scale: .point(Point(1, 1)), .size: .point(Point(20, 10)),
    ]
    var node = SceneNode(id: id, range: range(line, 9), shape: .rect, base: base, fill: .solid)
    if source {
        node.source = SceneNodeSource(
            kind: .rect, localBounds: Bounds(centeredSize: Point(20, 10)), clipBounds: nil, positionRange: range(line, 30),
            anchorWritten: false, anchorKeyword: nil, repeatFillRange: nil, hadErrors: hadErrors)
    }
    return node
}

private func scene(_ layers: [SceneNode], states: [SceneState] = [], transitions: [SceneTransition] = []) -> Scene {
    Scene(
        name: "built", size: Point(100, 100), fps: 60, background: nil, layers: layers, states: states,
        initial: states.first?.name, transitions: transitions, timelines: [])
}

@Test func aSceneBuiltInCodeIsCheckedForNodesOffTheCanvas() {
    let findings = scene([rect("near", at: Point(50, 50), line: 3), rect("far", at: Point(500, 500), line: 4)]).offCanvasFindings()
    #expect(findings.map(\.rule) == [.offCanvas])
    #expect(findings.first?.severity == .warning)
    #expect(findings.first?.range == range(4, 9))
    #expect(findings.first?.message == "node 'far' lies entirely outside the 100×100 canvas (x 490…510, y 495…505)")
}

@Test func theChecksSkipNodesThatHadErrorsOrWereNotMeasured() {
    let layers = [
        rect("broken", at: Point(500, 500), line: 3, hadErrors: true), rect("unmeasured", at: Point(500, 500), line: 4, source: false),
    ]
    #expect(scene(layers).offCanvasFindings().isEmpty)
}

@Test func aSceneBuiltInCodeIsCheckedForUnreachableStates() {
    let states = [SceneState(name: "idle", range: range(5, 3), overrides: [:]), SceneState(name: "lost", range: range(6, 3), overrides: [:])]
    let findings = scene([rect("box", at: Point(50, 50), line: 3)], states: states).unreachableStateFindings()
    #expect(findings.map(\.range) == [range(6, 3)])
    #expect(findings.first?.message == "state 'lost' is never shown: no transition leads to it and it is not the initial state")
    #expect(findings.first?.help == "add a transition such as {from: idle, to: lost, on: tap}")
}

@Test func theFrontEndGivesEachModelNodeWhereItsKeysWereWritten() throws {
    let text = """
        choreo: 1
        size: [200, 200]
        layers:
          - {id: mark, shape: path, d: "M 0 0 L 10 10", position: [50, 50], anchor: bottom}
        """
    let result = frontendBuild(text)
    let mark = try #require(result.scene?.layers.first)
    let source = try #require(mark.source)
    #expect(source.kind == .path)
    #expect(source.positionRange?.start == SourceLocation(line: 4, column: 59))
    #expect(source.anchorWritten)
    #expect(source.anchorKeyword?.word == "bottom")
    #expect(source.anchorKeyword?.range.start == SourceLocation(line: 4, column: 77))
    #expect(source.localBounds == Bounds(minX: 0, minY: 0, maxX: 10, maxY: 10))
    #expect(!source.hadErrors)
}

/// A stroke counts as far as it may paint: a miter of a stroke 4 wide with miter-limit 4 reaches
/// 8 past the outline, as far as the importer judges when it leaves out what is off the canvas.
@Test func aNodeIsOffTheCanvasOnlyWhereItsMiterCannotReach() {
    let text = """
        choreo: 1
        size: [100, 100]
        layers:
          - {id: spike, shape: path, d: "M 10 104 L 50 120 L 90 104", stroke: {color: "#000000", width: 4, miter-limit: 4}}
          - {id: far, shape: path, d: "M 10 109 L 50 120 L 90 109", stroke: {color: "#000000", width: 4, miter-limit: 4}}
          - {id: round, shape: path, d: "M 10 104 L 50 120 L 90 104", stroke: {color: "#000000", width: 4, join: round}}
        """
    let signatures = diagnosticSignatures(frontendBuild(text).diagnostics)
    #expect(signatures == ["5:10 warning off-canvas", "6:10 warning off-canvas"], "\(signatures)")
}
