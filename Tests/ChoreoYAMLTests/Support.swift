import ChoreoDiagnostics
import ChoreoYAML

/// Reads `text` as a file named `test.yaml`.
func read(_ text: String, limits: YAMLLimits = .default) -> (root: YAMLNode?, diagnostics: [Diagnostic]) {
    readYAML(SourceFile(path: "test.yaml", text: text), limits: limits)
}

func read(bytes: [UInt8], limits: YAMLLimits = .default) -> (root: YAMLNode?, diagnostics: [Diagnostic]) {
    readYAML(SourceFile(path: "test.yaml", bytes: bytes), limits: limits)
}

/// The diagnostics as `line:column rule` strings, the shape most tests assert on.
func summary(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.range.start) \($0.rule)" }
}

/// Rendered as the CLI shows them.
func rendered(_ text: String, _ diagnostics: [Diagnostic]) -> String {
    let file = SourceFile(path: "test.yaml", text: text)
    return TextRenderer(source: { $0 == file.path ? file : nil }).render(diagnostics)
}

extension YAMLNode {
    /// The value of a key in a mapping, for tests.
    subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key.scalar?.value == key }?.value
    }
}
