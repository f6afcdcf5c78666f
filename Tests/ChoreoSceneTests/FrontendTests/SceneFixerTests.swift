import ChoreoDiagnostics
import Testing

@testable import ChoreoScene

private func at(_ line: Int, _ start: Int, _ end: Int) -> SourceRange {
    SourceRange(start: .init(line: line, column: start), end: .init(line: line, column: end))
}

/// A fake linter that reports a diagnostic for each listed word still in the text, each with a
/// fix-it from the table: it lets the test choose overlapping fixes, which the front end avoids.
private func diagnoser(_ fixes: [(word: String, range: SourceRange, replacement: String)]) -> (SourceFile) -> [Diagnostic] {
    { file in
        fixes.compactMap { fix in
            guard file.text(in: fix.range) == fix.word else { return nil }
            return Diagnostic(
                .error, rule: .unknownKey, "found \(fix.word)", file: file.path, range: fix.range,
                fixIts: [FixIt.replace(fix.range, with: fix.replacement)])
        }
    }
}

@Test func overlappingFixesAreAppliedInSeparateRoundsNeverTogether() {
    // "abcdef": the first fix replaces "abcd", the second "cdef"; they overlap on "cd".
    let file = SourceFile(path: "t.yaml", text: "abcdef\n")
    let result = fixScene(file, diagnose: diagnoser([("abcd", at(1, 1, 5), "ABCD"), ("cdef", at(1, 3, 7), "CDEF")]))
    // Round 1 applies only the first; then "cdef" is gone (its text changed), so it is left alone.
    #expect(result.file.text == "ABCDef\n")
    #expect(result.applied.map(\.new) == ["ABCD"])
    #expect(result.remaining.isEmpty)
}

@Test func aSkippedFixGetsItsTurnInTheNextRound() {
    // "abc": one fix rewrites "abc" as "aXc", another appends "d" to a final "c". They overlap,
    // so round 1 applies only the first; the final "c" is still there, so round 2 applies the second.
    let file = SourceFile(path: "t.yaml", text: "abc")
    let diagnose: (SourceFile) -> [Diagnostic] = { file in
        var found: [Diagnostic] = []
        if file.text == "abc" {
            found.append(Diagnostic(.error, rule: .unknownKey, "a", file: file.path, range: at(1, 1, 4), fixIts: [.replace(at(1, 1, 4), with: "aXc")]))
        }
        if file.text.hasSuffix("c") {
            found.append(Diagnostic(.error, rule: .unknownValue, "b", file: file.path, range: at(1, 3, 4), fixIts: [.replace(at(1, 3, 4), with: "cd")]))
        }
        return found
    }
    let result = fixScene(file, diagnose: diagnose)
    #expect(result.file.text == "aXcd")
    #expect(result.applied.map(\.new) == ["aXc", "cd"])
    #expect(result.remaining.isEmpty)
}

@Test func fixesThatUndoEachOtherStopInsteadOfLooping() {
    let file = SourceFile(path: "t.yaml", text: "ab\n")
    let result = fixScene(file, diagnose: diagnoser([("ab", at(1, 1, 3), "ba"), ("ba", at(1, 1, 3), "ab")]))
    #expect(result.applied.count == 1)
    #expect(result.file.text == "ba\n")
}
