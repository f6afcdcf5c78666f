@testable import ChoreoDiagnostics
import Foundation
import Testing

private func range(_ line: Int, _ start: Int, _ end: Int) -> SourceRange {
    SourceRange(start: .init(line: line, column: start), end: .init(line: line, column: end))
}

@Test func applyingEditsReplacesExactlyTheirRanges() {
    let file = SourceFile(path: "a.yaml", text: "a: rotaton\r\nb: é $gpa\nc: 1\n")
    let edited = file.applying([
        .init(range: range(1, 4, 11), replacement: "rotation"),
        .init(range: range(2, 6, 10), replacement: "$gap"),
        .init(range: range(3, 5, 5), replacement: "s"),
    ])
    // Columns count Unicode scalars ('é' is one) and the CRLF line break is kept.
    #expect(edited == "a: rotation\r\nb: é $gap\nc: 1s\n")
}

@Test func applyingEditsCountsColumnsAfterAByteOrderMark() {
    let file = SourceFile(path: "a.yaml", text: "\u{FEFF}x: yes\n")
    #expect(file.applying([.init(range: range(1, 4, 7), replacement: "true")]) == "\u{FEFF}x: true\n")
}

@Test func overlappingOrOutOfFileEditsApplyNothing() {
    let file = SourceFile(path: "a.yaml", text: "abcdef\n")
    #expect(file.applying([.init(range: range(1, 1, 4), replacement: "x"), .init(range: range(1, 3, 5), replacement: "y")]) == nil)
    #expect(file.applying([.init(range: range(1, 2, 2), replacement: "x"), .init(range: range(1, 2, 2), replacement: "y")]) == nil)
    #expect(file.applying([.init(range: range(1, 1, 20), replacement: "x")]) == nil)
    #expect(file.applying([.init(range: range(9, 1, 1), replacement: "x")]) == nil)
    // Touching ranges do not overlap.
    #expect(file.applying([.init(range: range(1, 1, 3), replacement: "X"), .init(range: range(1, 3, 5), replacement: "Y")]) == "XYef\n")
}

@Test func fixItOverlapIsSymmetricAndIgnoresTouchingEnds() {
    let a = FixIt.replace(range(1, 1, 4), with: "x")
    let b = FixIt.replace(range(1, 3, 6), with: "y")
    let c = FixIt.replace(range(1, 4, 6), with: "z")
    #expect(a.overlaps(b) && b.overlaps(a))
    #expect(!a.overlaps(c) && !c.overlaps(a))
    #expect(FixIt.replace(range(2, 1, 1), with: "-").overlaps(FixIt.replace(range(2, 1, 1), with: "+")))
}

private let fixed = Diagnostic(
    .error, rule: .unknownKey, "unknown property 'rotaton' for a rect node", file: "a b.yaml",
    range: range(4, 5, 12), help: "did you mean 'rotation'?",
    fixIts: [FixIt.replace(range(4, 5, 12), with: "rotation", message: "replace 'rotaton' with 'rotation'")])

@Test func jsonRendererCarriesFixIts() throws {
    let parsed = try JSONSerialization.jsonObject(with: Data(JSONRenderer.render([fixed]).utf8)) as? [[String: Any]]
    let fixIts = try #require(parsed?.first?["fixIts"] as? [[String: Any]])
    #expect(fixIts.count == 1)
    #expect(fixIts[0]["message"] as? String == "replace 'rotaton' with 'rotation'")
    let edit = try #require((fixIts[0]["edits"] as? [[String: Any]])?.first)
    #expect(edit["line"] as? Int == 4 && edit["column"] as? Int == 5)
    #expect(edit["endLine"] as? Int == 4 && edit["endColumn"] as? Int == 12)
    #expect(edit["replacement"] as? String == "rotation")
}

@Test func sarifRendererCarriesFixesWithReplacements() throws {
    let log = try JSONSerialization.jsonObject(with: Data(SARIFRenderer.render([fixed]).utf8)) as? [String: Any]
    let result = try #require(((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
    let fix = try #require((result["fixes"] as? [[String: Any]])?.first)
    #expect((fix["description"] as? [String: Any])?["text"] as? String == "replace 'rotaton' with 'rotation'")
    let change = try #require((fix["artifactChanges"] as? [[String: Any]])?.first)
    #expect((change["artifactLocation"] as? [String: Any])?["uri"] as? String == "a%20b.yaml")
    let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
    let region = try #require(replacement["deletedRegion"] as? [String: Int])
    #expect(region == ["startLine": 4, "startColumn": 5, "endLine": 4, "endColumn": 12])
    #expect((replacement["insertedContent"] as? [String: Any])?["text"] as? String == "rotation")
    // A diagnostic without fix-its has no `fixes` member at all.
    let plain = Diagnostic(.error, rule: .unknownKey, "y", file: "a", range: range(1, 1, 2))
    #expect(!SARIFRenderer.render([plain]).contains("\"fixes\""))
}
