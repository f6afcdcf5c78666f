import ChoreoJSON

/// Renders diagnostics as GitHub Actions workflow commands, which show up as annotations on the
/// pull request's diff: `::error file=F,line=L,col=C,endLine=..,endColumn=..,title=RULE::MESSAGE`.
///
/// Notes and the help line are appended to the message on lines of their own. Warnings map to
/// `::warning`, notes to `::notice`.
public enum GitHubRenderer {
    public static func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(line).joined()
    }

    static func line(_ diagnostic: Diagnostic) -> String {
        let command: String
        switch diagnostic.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .note: command = "notice"
        }
        let range = diagnostic.range
        // GitHub's end column is inclusive while ours is exclusive; an empty range marks one column.
        let endColumn = max(range.end.line == range.start.line ? range.start.column : 1, range.end.column - 1)
        let properties = [
            ("file", diagnostic.file),
            ("line", String(range.start.line)),
            ("col", String(range.start.column)),
            ("endLine", String(range.end.line)),
            ("endColumn", String(endColumn)),
            ("title", diagnostic.rule.rawValue),
        ]
        var message = diagnostic.message
        for note in diagnostic.notes {
            if let range = note.range {
                message += "\nnote: \(diagnostic.file):\(range.start.line):\(range.start.column): \(note.message)"
            } else {
                message += "\nnote: \(note.message)"
            }
        }
        if let help = diagnostic.help { message += "\nhelp: \(help)" }
        return self.command(command, properties: properties, message: message)
    }

    /// One workflow command line, `::NAME KEY=VALUE,…::MESSAGE`, escaped for the runner; also
    /// what `choreo diff --format github` writes its annotations with.
    public static func command(_ name: String, properties: [(String, String)], message: String) -> String {
        let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(name) \(list)::\(escapeData(message))\n"
    }

    /// Escapes a command's message: `TextEscaping.githubData`.
    static func escapeData(_ text: String) -> String { TextEscaping.githubData(text) }

    /// Escapes a property value: `TextEscaping.githubProperty`.
    static func escapeProperty(_ text: String) -> String { TextEscaping.githubProperty(text) }
}
