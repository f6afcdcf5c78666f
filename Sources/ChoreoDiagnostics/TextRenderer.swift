import ChoreoJSON

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

    /// The most characters of a source line quoted under a diagnostic: a longer line is cut
    /// around the range, with `…` where it was cut. Every diagnostic quotes its line, so without
    /// a cap a 19 KB line with 2,000 errors on it printed 2,000 × 19 KB (docs/limits.md).
    public static let maxExcerptWidth = 160

    /// Every piece of scene text (file name, message, rule, excerpt) goes through
    /// `TextEscaping.terminal`: control characters are shown as `\u{1B}`, never obeyed.
    public func render(_ diagnostic: Diagnostic) -> String {
        let file = TextEscaping.terminal(diagnostic.file, lineStart: true)
        var out = "\(file):\(diagnostic.range.start.line):\(diagnostic.range.start.column): "
        out += "\(diagnostic.severity.rawValue): \(TextEscaping.terminal(diagnostic.message)) [\(TextEscaping.terminal(diagnostic.rule.rawValue))]\n"
        let source = source(diagnostic.file)
        out += quote(diagnostic.range, in: source)
        for note in diagnostic.notes {
            if let range = note.range {
                out += "\(file):\(range.start.line):\(range.start.column): note: \(TextEscaping.terminal(note.message))\n"
                out += quote(range, in: source)
            } else {
                out += "      = note: \(TextEscaping.terminal(note.message))\n"
            }
        }
        if let help = diagnostic.help {
            out += "      = help: \(TextEscaping.terminal(help))\n"
        }
        return out
    }

    private func quote(_ range: SourceRange, in file: SourceFile?) -> String {
        guard let file, range.start.line >= 1, range.start.line <= file.lineCount else { return "" }
        // Only the scalars near the range are copied: a line can be megabytes long, and a file
        // can have a diagnostic on it at every key.
        let window = Self.maxExcerptWidth + 1
        var skipped = max(0, range.start.column - 1 - window)
        var scalars: [Unicode.Scalar] = [], lineLength = 0
        func copyNearRange() {
            scalars = []
            lineLength = 0
            for scalar in file.line(range.start.line).unicodeScalars {
                if lineLength >= range.start.column - 1 + window { lineLength += 1; break }
                if lineLength >= skipped { scalars.append(scalar) }
                lineLength += 1
            }
        }
        copyNearRange()
        if skipped > 0, lineLength < range.start.column - 1 {
            // The range starts past the end of its line: the excerpt is the line's end.
            skipped = max(0, lineLength - window)
            copyNearRange()
        }
        func scalar(_ index: Int) -> Unicode.Scalar { scalars[index - skipped] }
        let number = String(range.start.line)
        // Five columns for the number, as in the contract's example, so `= help:` lines up with `|`.
        let gutter = String(repeating: " ", count: max(5, number.count + 1))
        let padded = String(repeating: " ", count: gutter.count - number.count) + number
        let startIndex = min(max(range.start.column - 1, 0), lineLength)
        let endIndex = range.end.line == range.start.line ? min(max(range.end.column - 1, startIndex), lineLength) : lineLength
        // A long line is shown from a little before the range, at most `maxExcerptWidth` characters.
        var from = 0, to = lineLength
        if lineLength > Self.maxExcerptWidth {
            from = max(0, min(startIndex - Self.maxExcerptWidth / 4, lineLength - Self.maxExcerptWidth))
            to = from + Self.maxExcerptWidth
        }
        var shown = from > 0 ? "…" : ""
        // Tabs are kept in the caret line's padding so the caret stays under the right character;
        // an escaped control character is as wide as its escape.
        var padding = from > 0 ? " " : ""
        var width = 0
        for index in from..<to {
            let scalar = scalar(index)
            let piece = TextEscaping.terminal(String(scalar), keepTabs: true)
            shown += piece
            if index < startIndex {
                padding += scalar == "\t" ? "\t" : String(repeating: " ", count: piece.unicodeScalars.count)
            } else if index < endIndex {
                width += piece.unicodeScalars.count
            }
        }
        if to < lineLength { shown += "…" }
        let marker = "^" + String(repeating: "~", count: max(0, width - 1))
        return "\(padded) | \(shown)\n\(gutter) | \(padding)\(marker)\n"
    }
}
