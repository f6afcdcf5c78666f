import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoTestSupport
import Foundation
import Testing

@testable import ChoreoScene

/// The `# expect: LINE:COL SEVERITY RULE` lines of a fixture, sorted.
func expectations(in text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
        .compactMap { $0.hasPrefix("# expect: ") ? String($0.dropFirst("# expect: ".count)) : nil }
        .sorted()
}

func invalidFixtureNames() -> [String] { frontendFixtureFiles("invalid").map(\.lastPathComponent) }

/// The `# expect-KIND: LINE:COL TEXT` lines of a fixture that pin more than the rule:
/// `expect-message` (the message), `expect-help` (the help line), `expect-note` (a note of the
/// diagnostic at LINE:COL, or a note placed at LINE:COL), `expect-fix` (a fix-it of the
/// diagnostic at LINE:COL whose replacement text is TEXT, one `lint --fix` applies),
/// `expect-suggestion` (the same for a suggestion, which it never applies) and `expect-no-fix`
/// (the diagnostic at LINE:COL has no fix-it `lint --fix` would apply; TEXT is a reason).
func detailedExpectations(in text: String) -> [(kind: String, line: Int, column: Int, text: String)] {
    text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
        guard line.hasPrefix("# expect-"), let colon = line.firstIndex(of: ":") else { return nil }
        let kind = String(line[line.index(line.startIndex, offsetBy: 9)..<colon])
        let rest = line[line.index(after: colon)...].drop(while: { $0 == " " })
        let position = rest.prefix(while: { $0 != " " })
        let parts = position.split(separator: ":")
        guard parts.count == 2, let l = Int(parts[0]), let c = Int(parts[1]) else { return nil }
        return (kind, l, c, String(rest.dropFirst(position.count + 1)))
    }
}

@Test(arguments: invalidFixtureNames())
func invalidFixtureReportsExactlyWhatItExpects(_ name: String) throws {
    let url = frontendFixturesDirectory("invalid").appendingPathComponent(name)
    let bytes = Array(try Data(contentsOf: url))
    let expected = expectations(in: String(decoding: bytes, as: UTF8.self))
    #expect(!expected.isEmpty, "\(name) has no '# expect:' lines")
    let result = compileScene(SourceFile(path: name, bytes: bytes), files: SceneFolderFiles())
    let actual = diagnosticSignatures(result.diagnostics).sorted()
    #expect(actual == expected, "\(name)")
    if actual.contains(where: { $0.contains(" error ") }) {
        #expect(result.timeline == nil, "\(name): a file with errors must not compile")
    }
    let source = SourceFile(path: name, bytes: bytes)
    // Every diagnostic has its rule's severity, and the message of each is pinned: a fixture
    // has an `# expect-message:` for each of its `# expect:` lines.
    for diagnostic in result.diagnostics {
        #expect(diagnostic.severity == diagnostic.rule.severity, "\(name): \(diagnostic)")
    }
    let pinnedMessages = detailedExpectations(in: source.text).filter { $0.kind == "message" }.map { "\($0.line):\($0.column)" }
    for expectation in expected {
        let position = String(expectation.prefix { $0 != " " })
        let needed = expected.filter { $0.hasPrefix(position + " ") }.count
        #expect(
            pinnedMessages.filter { $0 == position }.count >= needed,
            "\(name): '# expect: \(expectation)' has no '# expect-message: \(position) …' line")
    }
    for expectation in detailedExpectations(in: source.text) {
        let location = SourceLocation(line: expectation.line, column: expectation.column)
        let here = result.diagnostics.filter { $0.range.start == location }
        let what = "\(name) \(expectation.line):\(expectation.column) expect-\(expectation.kind)"
        switch expectation.kind {
        case "message":
            #expect(here.contains { $0.message == expectation.text }, "\(what): \(here.map(\.message))")
        case "help":
            #expect(here.contains { $0.help == expectation.text }, "\(what): \(here.map { $0.help ?? "nil" })")
        case "note":
            let notes = result.diagnostics.flatMap { diagnostic in
                diagnostic.notes.filter { $0.range?.start == location || (diagnostic.range.start == location && $0.range == nil) }
            }
            #expect(notes.contains { $0.message == expectation.text }, "\(what): \(notes.map(\.message))")
        case "fix", "suggestion":
            let replacements = here.flatMap(\.fixIts).filter { $0.isSuggestion == (expectation.kind == "suggestion") }
                .map { $0.edits.map(\.replacement).joined(separator: " | ") }
            #expect(replacements.contains(expectation.text), "\(what): \(replacements)")
        case "no-fix":
            #expect(!here.isEmpty, "\(what): no diagnostic here")
            let automatic = here.flatMap(\.fixIts).filter { !$0.isSuggestion }.map(\.message)
            #expect(automatic.isEmpty, "\(what): \(automatic)")
        default:
            Issue.record("\(what): unknown kind (message, help, note, fix, suggestion, no-fix)")
        }
    }
    // Every fix-it must apply to the file as it is: its ranges lie in the file and do not overlap.
    for diagnostic in result.diagnostics {
        for fixIt in diagnostic.fixIts {
            #expect(source.applying(fixIt.edits) != nil, "\(name): fix-it '\(fixIt.message)' does not apply")
        }
    }
}

// MARK: Inputs too binary or too large for fixture files

@Test func invalidUTF8IsReportedAtItsLine() {
    var bytes = Array("choreo: 1\nsize: [10, 10]\nname: ab".utf8)
    bytes += [0xFF, 0xFE]
    bytes += Array("\nlayers: []\n".utf8)
    let result = compileScene(SourceFile(path: "binary.yaml", bytes: bytes))
    #expect(result.diagnostics.map(\.rule).contains(.invalidUTF8))
    #expect(result.timeline == nil)
}

@Test func hugeFileIsRefused() {
    let line = "# " + String(repeating: "x", count: 1000) + "\n"
    let text = "choreo: 1\nsize: [10, 10]\nlayers: []\n" + String(repeating: line, count: 9 * 1024)
    let result = compileText(text)
    #expect(diagnosticSignatures(result.diagnostics).contains { $0.hasSuffix("error file-too-large") })
    #expect(result.timeline == nil)
}

@Test func deepNestingIsRefused() {
    let text = "choreo: 1\nsize: [10, 10]\nlayers: []\nvars:\n  deep: " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "\n"
    let result = compileText(text)
    #expect(result.diagnostics.map(\.rule).contains(.nestingTooDeep))
    #expect(result.timeline == nil)
}

@Test func aliasBombIsRefused() {
    var text = "choreo: 1\nsize: [10, 10]\nlayers: []\nbomb:\n  a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1...7 {
        let items = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
        text += "  a\(level): &a\(level) [\(items)]\n"
    }
    let result = compileText(text)
    #expect(result.diagnostics.map(\.rule).contains(.tooManyNodes))
    #expect(result.timeline == nil)
}

/// The same compile through text.
private func compileText(_ text: String) -> SceneCompilation { frontendCompile(text) }
