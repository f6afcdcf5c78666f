import ChoreoDiagnostics
import ChoreoTestSupport
import ChoreoYAML
import Foundation
import Testing

/// docs/diagnostics-yaml.md is the golden file for its own examples: every ```yaml block is read
/// as `scene.yaml` and the ```text block right after it must be the rendered diagnostics.
@Suite struct DocumentationTests {
    static let documentPath = repositoryRoot().appendingPathComponent("docs/diagnostics-yaml.md").path

    @Test func examplesRenderAsDocumented() throws {
        let document = try String(contentsOfFile: Self.documentPath, encoding: .utf8)
        assertGolden(Self.withRenderedExamples(document), path: Self.documentPath)
    }

    @Test func everyEmittedRuleIsDocumented() throws {
        let document = try String(contentsOfFile: Self.documentPath, encoding: .utf8)
        let rules = Rule.allCases.filter { $0.stage == .yaml }
        for rule in rules {
            #expect(document.contains("## `\(rule)`"), "\(rule) is not documented")
            #expect(document.contains("[\(rule)]"), "\(rule) has no rendered example")
        }
    }

    /// The two examples whose input cannot be a ```yaml block (bytes that are not UTF-8, a 9 MiB file).
    @Test func handWrittenExamplesMatch() throws {
        let document = try String(contentsOfFile: Self.documentPath, encoding: .utf8)
        let notUTF8 = SourceFile(path: "scene.yaml", bytes: Array("a: 1\nname: caf".utf8) + [0xE9] + [0x0A])
        #expect(document.contains(Self.render(notUTF8)))
        let large = SourceFile(
            path: "scene.yaml", text: "canvas: {size: [100, 100]}\n" + String(repeating: "#", count: 9 << 20 - 27))
        #expect(large.bytes.count == 9 << 20)
        #expect(document.contains(Self.render(large)))
    }

    static func render(_ file: SourceFile) -> String {
        TextRenderer(source: { $0 == file.path ? file : nil }).render(readYAML(file).diagnostics)
    }

    static func withRenderedExamples(_ document: String) -> String {
        var lines = document.components(separatedBy: "\n")
        var index = 0
        var pendingInput: String?
        while index < lines.count {
            if lines[index] == "```yaml" {
                let end = lines[(index + 1)...].firstIndex(of: "```") ?? lines.count
                pendingInput = lines[(index + 1)..<end].map { $0 + "\n" }.joined()
                index = end + 1
            } else if lines[index] == "```text", let input = pendingInput {
                let end = lines[(index + 1)...].firstIndex(of: "```") ?? lines.count
                let file = SourceFile(path: "scene.yaml", text: input)
                let output = render(file)
                var replacement = output.components(separatedBy: "\n")
                if replacement.last == "" { replacement.removeLast() }
                lines.replaceSubrange((index + 1)..<end, with: replacement)
                index += replacement.count + 2
                pendingInput = nil
            } else {
                // Only blank lines may stand between an input and its output.
                if !lines[index].isEmpty { pendingInput = nil }
                index += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}
