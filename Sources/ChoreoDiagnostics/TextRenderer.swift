/// Renders diagnostics the way compilers do: a `file:line:col: severity: message [rule]` header,
/// the source line with a caret under the range, notes at related places, and `= help:` lines.
public struct TextRenderer: Sendable {
    /// Looks up a file's text by path, to quote source lines. A missing file just omits the quote.
    public var source: @Sendable (String) -> SourceFile?

    public init(source: @escaping @Sendable (String) -> SourceFile?) {
        self.source = source
    }

    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined()
    }

    public func render(_ diagnostic: Diagnostic) -> String {
        var out = "\(diagnostic.file):\(diagnostic.range.start.line):\(diagnostic.range.start.column): "
        out += "\(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]\n"
        let file = source(diagnostic.file)
        out += quote(diagnostic.range, in: file)
        for note in diagnostic.notes {
            if let range = note.range {
                out += "\(diagnostic.file):\(range.start.line):\(range.start.column): note: \(note.message)\n"
                out += quote(range, in: file)
            } else {
                out += "      = note: \(note.message)\n"
            }
        }
        if let help = diagnostic.help {
            out += "      = help: \(help)\n"
        }
        return out
    }

    private func quote(_ range: SourceRange, in file: SourceFile?) -> String {
        guard let file, range.start.line >= 1, range.start.line <= file.lineCount else { return "" }
        let lineText = file.line(range.start.line)
        let number = String(range.start.line)
        // Five columns for the number, as in the contract's example, so `= help:` lines up with `|`.
        let gutter = String(repeating: " ", count: max(5, number.count + 1))
        let padded = String(repeating: " ", count: gutter.count - number.count) + number
        // Tabs are kept in the caret line's padding so the caret stays under the right character.
        var padding = ""
        var column = 1
        for scalar in lineText.unicodeScalars {
            if column >= range.start.column { break }
            padding.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
            column += 1
        }
        let lineLength = lineText.unicodeScalars.count
        let endColumn = range.end.line == range.start.line ? range.end.column : lineLength + 1
        let width = max(1, min(endColumn, lineLength + 1) - range.start.column)
        let marker = "^" + String(repeating: "~", count: max(0, width - 1))
        return "\(padded) | \(lineText)\n\(gutter) | \(padding)\(marker)\n"
    }
}
