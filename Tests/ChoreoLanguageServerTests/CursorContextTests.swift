import Testing

@testable import ChoreoLanguageServer

/// The context at the `|` of a scene text.
private func context(_ text: String) -> CursorContext {
    let lines = Document.splitLines(text.replacingOccurrences(of: "|", with: ""))
    let cursorLine = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("|") }!
    let lineText = text.split(separator: "\n", omittingEmptySubsequences: false)[cursorLine]
    let column = lineText.unicodeScalars.distance(from: lineText.unicodeScalars.startIndex, to: lineText.unicodeScalars.firstIndex(of: "|")!)
    return CursorContext.at(line: cursorLine, column: column, lines: lines)
}

@Test func keysAtTheTopLevelAndInANode() {
    #expect(context("choreo: 1\nsi|") == CursorContext(path: [], valueOf: nil, prefix: "si"))
    #expect(context("layers:\n  - id: a\n    sha|") == CursorContext(path: ["layers", "-"], valueOf: nil, prefix: "sha"))
    #expect(context("layers:\n  - |") == CursorContext(path: ["layers", "-"], valueOf: nil, prefix: ""))
    #expect(context("layers:\n- id: a\n  shape: |") == CursorContext(path: ["layers", "-"], valueOf: "shape", prefix: ""))
}

@Test func nestedBlockAndFlowMaps() {
    #expect(context("layers:\n  - id: a\n    stroke:\n      wi|") == CursorContext(path: ["layers", "-", "stroke"], valueOf: nil, prefix: "wi"))
    #expect(context("states:\n  open: {bar: {rot|") == CursorContext(path: ["states", "open", "bar"], valueOf: nil, prefix: "rot"))
    #expect(context("transitions:\n  - {from: a, to: b, easing: e|") == CursorContext(path: ["transitions", "-"], valueOf: "easing", prefix: "e"))
    #expect(context("layers:\n  - id: g\n    children:\n      - id: c\n        fill: {linear: {fr|")
        == CursorContext(path: ["layers", "-", "children", "-", "fill", "linear"], valueOf: nil, prefix: "fr"))
}

@Test func keyframesAndTweens() {
    let text = "timelines:\n  spin:\n    keyframes:\n      bell.rotation:\n        - {at: 0s, va|"
    #expect(context(text) == CursorContext(path: ["timelines", "spin", "keyframes", "bell.rotation", "-"], valueOf: nil, prefix: "va"))
    #expect(context("timelines:\n  spin:\n    keyframes:\n      be|") == CursorContext(path: ["timelines", "spin", "keyframes"], valueOf: nil, prefix: "be"))
}
