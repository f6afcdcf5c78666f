import ChoreoDiagnostics
import ChoreoTestSupport
import Foundation
import Testing

@testable import ChoreoScene

/// Every rule id the front end and the YAML reader can emit. The corpus and the generated inputs
/// below must trigger each at least once, and docs/diagnostics.md must document each.
let frontendRuleIDs = [
    "complete-cycle", "conflicting-keys", "duplicate-id", "duplicate-transition", "expression-syntax", "invalid-color", "invalid-easing",
    "invalid-identifier", "invalid-path-data", "keyframe-order", "keyframe-outside-timeline", "missing-key",
    "missing-unit", "morph-mismatch", "non-finite", "off-canvas", "out-of-range", "tween-outside-timeline",
    "undefined-var", "unit-mismatch", "unknown-easing", "unknown-key", "unknown-node", "unknown-property",
    "unknown-state", "unknown-timeline", "unknown-unit", "unknown-value", "unreachable-state", "unsupported-version",
    "var-cycle", "wrong-type", "wrong-unit", "wrong-var-type", "theme-not-slottable", "theme-invalid",
    // Clips and group gradients (contract §10).
    "clip-shape", "clip-style", "clip-in-repeat", "group-gradient-transform",
    // Scene limits (docs/limits.md).
    "identifier-too-long", "too-many-copies", "too-many-keyframes", "too-many-scene-nodes", "too-many-vertices",
    "too-many-baked-keyframes", "value-too-large", "output-too-large", "too-many-themes",
]
let yamlRuleIDs = [
    "duplicate-key", "empty-file", "file-too-large", "invalid-merge", "invalid-utf8", "multiple-documents",
    "nesting-too-deep", "tab-indentation", "too-many-nodes", "undefined-alias", "yaml-syntax",
]
/// Rules whose inputs are generated in code (binary or huge), not kept as fixture files.
let generatedRuleIDs: Set<String> = [
    "invalid-utf8", "file-too-large", "nesting-too-deep", "too-many-nodes",
    // Tested in SceneLimitTests (ChoreoPipelineTests), which build them from the `SceneLimits` constants.
    "too-many-keyframes", "too-many-scene-nodes", "too-many-vertices", "too-many-baked-keyframes", "output-too-large",
]

/// The `# expect: LINE:COL SEVERITY RULE` lines of a fixture, sorted.
func expectations(in text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
        .compactMap { $0.hasPrefix("# expect: ") ? String($0.dropFirst("# expect: ".count)) : nil }
        .sorted()
}

func invalidFixtureNames() -> [String] { frontendFixtureFiles("invalid").map(\.lastPathComponent) }

/// The `# expect-KIND: LINE:COL TEXT` lines of a fixture that pin more than the rule:
/// `expect-message` (the message), `expect-help` (the help line), `expect-note` (a note of the
/// diagnostic at LINE:COL, or a note placed at LINE:COL) and `expect-fix` (a fix-it of the
/// diagnostic at LINE:COL whose replacement text is TEXT).
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
    let result = compileScene(SourceFile(path: name, bytes: bytes))
    let actual = diagnosticSignatures(result.diagnostics).sorted()
    #expect(actual == expected, "\(name)")
    if actual.contains(where: { $0.contains(" error ") }) {
        #expect(result.timeline == nil, "\(name): a file with errors must not compile")
    }
    let source = SourceFile(path: name, bytes: bytes)
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
        case "fix":
            let replacements = here.flatMap(\.fixIts).map { $0.edits.map(\.replacement).joined(separator: " | ") }
            #expect(replacements.contains(expectation.text), "\(what): \(replacements)")
        default:
            Issue.record("\(what): unknown kind (message, help, note, fix)")
        }
    }
    // Every fix-it must apply to the file as it is: its ranges lie in the file and do not overlap.
    for diagnostic in result.diagnostics {
        for fixIt in diagnostic.fixIts {
            #expect(source.applying(fixIt.edits) != nil, "\(name): fix-it '\(fixIt.message)' does not apply")
        }
    }
}

@Test func invalidCorpusIsLargeAndCoversEveryRule() throws {
    let names = invalidFixtureNames()
    #expect(names.count >= 60)
    var covered: Set<String> = []
    for name in names {
        let text = try String(contentsOf: frontendFixturesDirectory("invalid").appendingPathComponent(name), encoding: .utf8)
        for line in expectations(in: text) {
            covered.insert(String(line.split(separator: " ").last ?? ""))
        }
    }
    let missing = Set(frontendRuleIDs + yamlRuleIDs).subtracting(covered).subtracting(generatedRuleIDs)
    #expect(missing.isEmpty, "rules without a fixture: \(missing.sorted())")
}

@Test func everyRuleIsDocumented() throws {
    let docs = try String(contentsOf: repositoryRoot().appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
    let yamlDocs = (try? String(contentsOf: repositoryRoot().appendingPathComponent("docs/diagnostics-yaml.md"), encoding: .utf8)) ?? ""
    for rule in frontendRuleIDs {
        #expect(docs.contains("## `\(rule)`"), "docs/diagnostics.md lacks a section for \(rule)")
    }
    for rule in yamlRuleIDs {
        #expect(docs.contains("`\(rule)`") || yamlDocs.contains("`\(rule)`"), "\(rule) is not documented")
    }
}

// MARK: Inputs too binary or too large for fixture files

@Test func invalidUTF8IsReportedAtItsLine() {
    var bytes = Array("choreo: 1\nsize: [10, 10]\nname: ab".utf8)
    bytes += [0xFF, 0xFE]
    bytes += Array("\nlayers: []\n".utf8)
    let result = compileScene(SourceFile(path: "binary.yaml", bytes: bytes))
    #expect(result.diagnostics.map(\.rule).contains("invalid-utf8"))
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
    #expect(result.diagnostics.map(\.rule).contains("nesting-too-deep"))
    #expect(result.timeline == nil)
}

@Test func aliasBombIsRefused() {
    var text = "choreo: 1\nsize: [10, 10]\nlayers: []\nbomb:\n  a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1...7 {
        let items = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
        text += "  a\(level): &a\(level) [\(items)]\n"
    }
    let result = compileText(text)
    #expect(result.diagnostics.map(\.rule).contains("too-many-nodes"))
    #expect(result.timeline == nil)
}

/// The same compile through text.
private func compileText(_ text: String) -> SceneCompilation { frontendCompile(text) }
