import ChoreoJSON

/// Renders diagnostics as one JSON array, for tools that want structured data (`lint --format json`).
///
/// Each element is `{file, line, column, endLine, endColumn, severity, rule, message, notes, help,
/// fixIts}`.
/// Lines and columns are 1-based, columns count Unicode scalars, and the end is exclusive, as in
/// `SourceRange`. A note about the whole file has `null` line and column; a diagnostic without a
/// suggestion has `"help": null` and one without fix-its `"fixIts": []`, so every element has the
/// same keys.
public enum JSONRenderer {
    public static func render(_ diagnostics: [Diagnostic]) -> String {
        JSONWriter(pretty: true).string(.array(diagnostics.map(object)))
    }

    public static func object(_ diagnostic: Diagnostic) -> JSONValue {
        let range = diagnostic.range
        return .object([
            ("file", .string(diagnostic.file)),
            ("line", .int(range.start.line)),
            ("column", .int(range.start.column)),
            ("endLine", .int(range.end.line)),
            ("endColumn", .int(range.end.column)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("rule", .string(diagnostic.rule.rawValue)),
            ("message", .string(diagnostic.message)),
            ("notes", .array(diagnostic.notes.map { note in
                .object([
                    ("message", .string(note.message)),
                    ("file", .string(diagnostic.file)),
                    ("line", note.range.map { .int($0.start.line) } ?? .null),
                    ("column", note.range.map { .int($0.start.column) } ?? .null),
                ])
            })),
            ("help", diagnostic.help.map { .string($0) } ?? .null),
            ("fixIts", .array(diagnostic.fixIts.map(fixIt))),
        ])
    }

    /// `{message, edits: [{line, column, endLine, endColumn, replacement}]}`, ranges as above, and
    /// `"suggestion": true` on a fix-it `lint --fix` does not apply (absent otherwise, so the
    /// fix-its of earlier versions read the same).
    public static func fixIt(_ fixIt: FixIt) -> JSONValue {
        .object([
            ("message", .string(fixIt.message)),
        ] + (fixIt.isSuggestion ? [("suggestion", .bool(true))] : []) + [
            ("edits", .array(fixIt.edits.map { edit in
                .object([
                    ("line", .int(edit.range.start.line)),
                    ("column", .int(edit.range.start.column)),
                    ("endLine", .int(edit.range.end.line)),
                    ("endColumn", .int(edit.range.end.column)),
                    ("replacement", .string(edit.replacement)),
                ])
            })),
        ])
    }
}
