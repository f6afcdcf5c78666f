import ChoreoDiagnostics
import ChoreoJSON
import Testing

/// `TextEscaping`: the one escaper per output medium (docs/security.md).
@Suite struct TextEscapingTests {
    /// Per Unicode scalar: U+0600 + `<` is a single Character that is not `"<"`.
    @Test func xmlEscapesPerScalarAndDropsWhatXMLForbids() {
        #expect(TextEscaping.xml("a\u{0600}<b") == "a\u{0600}&lt;b")
        #expect(TextEscaping.xml("<&>\"'") == "&lt;&amp;&gt;&quot;&apos;")
        #expect(TextEscaping.xml("x\u{0}\u{1B}\u{FFFE}\u{FFFF}y") == "x\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}y")
        #expect(TextEscaping.xml("tab\tlf\ncr\r") == "tab\tlf\ncr&#13;")
        #expect(TextEscaping.xml("plain 42 é 漢") == "plain 42 é 漢")
        var bytes: [UInt8] = []
        TextEscaping.appendXML("\u{0600}>", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{0600}&gt;")
    }

    @Test func terminalShowsEveryControlScalarInsteadOfObeyingIt() {
        let controls: [Unicode.Scalar] = [
            "\u{0}", "\u{7}", "\t", "\n", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{9F}", "\u{061C}", "\u{200E}",
            "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}",
        ]
        for scalar in controls {
            let escaped = TextEscaping.terminal("a\(scalar)b")
            #expect(escaped == "a\\u{\(String(scalar.value, radix: 16, uppercase: true))}b")
            #expect(!escaped.unicodeScalars.contains { TextEscaping.isTerminalControl($0) })
        }
        #expect(TextEscaping.terminal("a\tb", keepTabs: true) == "a\tb")
        #expect(TextEscaping.terminal("é漢 ok") == "é漢 ok")
        // A line that starts with `::` is a GitHub Actions workflow command.
        #expect(TextEscaping.terminal("::error x", lineStart: true) == "\\u{3A}:error x")
        #expect(TextEscaping.terminalLines("ok\n::stop-commands::x\n\u{1B}[2J") == "ok\n\\u{3A}:stop-commands::x\n\\u{1B}[2J")
    }

    /// GitHub's runner obeys its legacy `##[command]` wherever it occurs in a log line, and a
    /// `::command` after any white space it trims: a scene key `##[error]Forged` printed raw in
    /// a message and in its excerpt forged an annotation.
    @Test func noLineHoldsALegacyWorkflowCommandOrStartsOneAfterSpaces() {
        #expect(TextEscaping.terminal("key '##[error]Forged' and ###[x]") == "key '##\\u{5B}error]Forged' and ###\\u{5B}x]")
        #expect(TextEscaping.terminal("# [x] #[y] ## [z]") == "# [x] #[y] ## [z]")
        #expect(TextEscaping.terminal("  \t::error file=x::y", keepTabs: true, lineStart: true) == "  \t\\u{3A}:error file=x::y")
        #expect(TextEscaping.terminal("\u{A0}\u{3000}::x", lineStart: true) == "\u{A0}\u{3000}\\u{3A}:x")
        #expect(TextEscaping.terminal("a ::x", lineStart: true) == "a ::x")
        #expect(TextEscaping.terminalLines("a\n   ::add-mask::x\n##[add-mask]y") == "a\n   \\u{3A}:add-mask::x\n##\\u{5B}add-mask]y")
        // Escaping twice changes nothing more.
        let once = TextEscaping.terminal("##[error]x", lineStart: true)
        #expect(TextEscaping.terminal(once, lineStart: true) == once)
        // JSON (and SARIF) printed to a log: the same `[` as an escape, the same string to a parser.
        #expect(JSONWriter().string(.string("##[error]x #[y] #")) == "\"##\\u005berror]x #[y] #\"")
    }

    @Test func workflowCommandTextEscapesTheRunnersCharactersAndEveryControl() {
        #expect(TextEscaping.githubData("50%\r\n::x") == "50%25%0D%0A::x")
        #expect(TextEscaping.githubData("\u{1B}]8;;http://x\u{7}\u{202E}") == "\\u{1B}]8;;http://x\\u{7}\\u{202E}")
        #expect(TextEscaping.githubProperty("a:b,c\n") == "a%3Ab%2Cc%0A")
    }

    @Test func jsonEscapesEveryTerminalControl() {
        let text = JSONWriter().string(.string("\u{1B}\u{7F}\u{9B}\u{202E}\u{2028}ok"))
        #expect(text == "\"\\u001b\\u007f\\u009b\\u202e\\u2028ok\"")
    }

    @Test func javaScriptStringsCannotCloseTheScriptElement() {
        #expect(TextEscaping.javaScriptString("</script><!--\u{2028}\u{1B}") == "\"\\u003c/script\\u003e\\u003c!--\\u2028\\u001b\"")
    }

    /// Keys, ids and file names reach the text format: they are shown escaped, so a scene cannot
    /// clear the screen, set the clipboard (OSC 52) or forge a workflow command line.
    @Test func textRendererEscapesFileNamesMessagesAndExcerpts() {
        let line = "  \"k\u{1B}[2J\": 1"
        let file = SourceFile(path: "::error file=x::pwned.yaml", bytes: Array("a: 1\n\(line)\n".utf8))
        let diagnostic = Diagnostic(
            .error, rule: .unknownKey, "unknown key 'k\u{1B}[2J\n::stop-commands::t'", file: file.path,
            range: SourceRange(start: SourceLocation(line: 2, column: 3), end: SourceLocation(line: 2, column: 10)),
            help: "try \u{202E}x")
        let text = TextRenderer(source: { _ in file }).render(diagnostic)
        #expect(!text.unicodeScalars.contains { TextEscaping.isTerminalControl($0) && $0 != "\n" })
        for outputLine in text.split(separator: "\n") { #expect(!outputLine.hasPrefix("::"), "\(outputLine)") }
        #expect(text.contains("\\u{3A}:error file=x::pwned.yaml:2:3: error: unknown key 'k\\u{1B}[2J\\u{A}::stop-commands::t'"))
        // The caret is as wide as the escaped text it marks: `"k\u{1B}[2J"` is 13 columns.
        #expect(text.contains("    2 |   \"k\\u{1B}[2J\": 1\n      |   ^~~~~~~~~~~~\n"), "\(text)")
    }

    /// One quoted line is at most `maxExcerptWidth` characters, cut around the range: 2,000
    /// errors on a 19 KB line printed 56 MB.
    @Test func longSourceLinesAreQuotedAroundTheRangeOnly() {
        let long = String(repeating: "x", count: 20_000) + "BAD" + String(repeating: "y", count: 20_000)
        let file = SourceFile(path: "long.yaml", bytes: Array(long.utf8))
        let diagnostic = Diagnostic(
            .error, rule: .unknownKey, "m", file: file.path,
            range: SourceRange(start: SourceLocation(line: 1, column: 20_001), end: SourceLocation(line: 1, column: 20_004)))
        let text = TextRenderer(source: { _ in file }).render(diagnostic)
        #expect(text.utf8.count < 3 * TextRenderer.maxExcerptWidth + 200)
        let lines = text.split(separator: "\n").map(String.init)
        let quoted = lines[1], caret = lines[2]
        #expect(quoted.contains("…xxx") && quoted.contains("BADyyy") && quoted.hasSuffix("…"))
        // The caret sits under "BAD".
        let caretColumn = caret.unicodeScalars.firstIndex(of: "^").map { caret.unicodeScalars.distance(from: caret.unicodeScalars.startIndex, to: $0) }
        let badColumn = quoted.unicodeScalars.firstIndex(of: "B").map { quoted.unicodeScalars.distance(from: quoted.unicodeScalars.startIndex, to: $0) }
        #expect(caretColumn == badColumn)
        #expect(caret.hasSuffix("^~~"))
    }
}

@Test func markdownEscapesEveryASCIIPunctuationMarkAndShowsControls() {
    #expect(TextEscaping.markdown("a_b") == #"a\_b"#)
    #expect(TextEscaping.markdown("[x](command:y)") == #"\[x\]\(command\:y\)"#)
    #expect(TextEscaping.markdown("é 😀 日本") == "é 😀 日本")
    #expect(TextEscaping.markdown("a\nb") == #"a\\u\{A\}b"#, "a line break stays on the line, shown")
}
