import ChoreoDiagnostics
import ChoreoYAML
import Testing

@Suite struct DiagnosticTests {
    @Test func invalidUTF8IsReportedAtTheFirstBadByte() {
        let result = read(bytes: Array("a: 1\nbé: ".utf8) + [0xFF] + Array(" x\n".utf8))
        #expect(result.root == nil)
        #expect(summary(result.diagnostics) == ["2:5 invalid-utf8"])
        #expect(result.diagnostics.first?.file == "test.yaml")
    }

    @Test(arguments: ["", "\n\n", "# only a comment\n", "---\n", "~\n", "--- null\n"])
    func emptyFile(text: String) {
        let result = read(text)
        #expect(result.root == nil)
        #expect(summary(result.diagnostics) == ["1:1 empty-file"])
    }

    @Test func secondDocumentIsReportedAndTheFirstKept() throws {
        let result = read("a: 1\n---\nb: 2\n")
        #expect(summary(result.diagnostics) == ["2:1 multiple-documents"])
        let root = try #require(result.root)
        #expect(root["a"]?.scalar?.value == "1")
        #expect(root["b"] == nil)
    }

    @Test func tabIndentationAtLineStart() {
        let result = read("a:\n\tb: 1\n")
        #expect(result.root == nil)
        #expect(summary(result.diagnostics) == ["2:1 tab-indentation"])
        #expect(result.diagnostics.first?.message == "tabs are not allowed for indentation in YAML")
        #expect(result.diagnostics.first?.help == "indent with spaces")
    }

    @Test func tabIndentationAfterSpacesAndInsideABlock() {
        #expect(summary(read("a:\n  \tb: 1\n").diagnostics) == ["2:3 tab-indentation"])
        #expect(summary(read("a:\n  b: 1\n  \tc: 2\n").diagnostics) == ["3:3 tab-indentation"])
        #expect(summary(read("- a\n-\tb\n").diagnostics) == ["2:2 tab-indentation"])
    }

    @Test func tabBetweenKeyAndValueIsFine() {
        #expect(read("a:\t1\n").diagnostics.isEmpty)
    }

    @Test func syntaxErrorHasContextNote() {
        let result = read("k: [a, b\n")
        #expect(result.root == nil)
        #expect(summary(result.diagnostics) == ["1:9 yaml-syntax"])
        let diagnostic = result.diagnostics[0]
        #expect(diagnostic.message == "did not find expected ',' or ']'")
        #expect(diagnostic.notes == [Note("the flow sequence starts here", at: SourceRange(SourceLocation(line: 1, column: 4)))])
    }

    @Test func colonInsidePlainScalarGetsQuotingHelp() {
        let result = read("shape: rect\ntitle: Note: hi\n")
        #expect(summary(result.diagnostics) == ["2:12 yaml-syntax"])
        #expect(result.diagnostics[0].message == "mapping values are not allowed in this context")
        #expect(result.diagnostics[0].help?.contains("title: \"Note: hi\"") == true)
    }

    @Test func colonInsideFlowScalarGetsHelp() {
        let result = read("a: {b: c: d}\n")
        #expect(summary(result.diagnostics) == ["1:9 yaml-syntax"])
        #expect(result.diagnostics[0].help?.contains("quote") == true)
    }

    @Test func functionCallSplitByCommasInAFlowMap() {
        let result = read("fill: {color: rgb(1, 2, 3)}\n")
        #expect(summary(result.diagnostics) == ["1:15 yaml-syntax"])
        #expect(result.diagnostics[0].range.description == "1:15-1:27")
        #expect(result.diagnostics[0].help == "quote it: \"rgb(1, 2, 3)\"")
    }

    @Test func functionCallSplitByCommasInAFlowList() {
        let result = read("easing: [cubic-bezier(0.2, 0, 0, 1)]\n")
        #expect(summary(result.diagnostics) == ["1:10 yaml-syntax"])
        #expect(result.diagnostics[0].help == "quote it: \"cubic-bezier(0.2, 0, 0, 1)\"")
    }

    @Test func quotedFunctionCallInFlowIsFine() {
        #expect(read("fill: {color: \"rgb(1, 2, 3)\"}\ne: [\"steps(4, end)\"]\nc: rgb(1, 2, 3)\n").diagnostics.isEmpty)
    }

    @Test func failingLineWithAnUnquotedFunctionCallGetsQuotingHelp() {
        let result = read("a: [{c: rgb(1, 2, 3)}, {c: rgb(4, 5, 6)]\n")
        #expect(result.root == nil)
        // The first map closed, so its cut-off call is reported too, before libyaml's failure.
        #expect(summary(result.diagnostics) == ["1:9 yaml-syntax", "1:40 yaml-syntax"])
        #expect(result.diagnostics[1].message == "did not find expected ',' or '}'")
        #expect(result.diagnostics[1].help == "quote it: \"rgb(1, 2, 3)\"")
    }

    @Test func unterminatedFlowMapAtEndOfFileIsReportedOnItsLastLine() {
        let result = read("fill: {color: rgb(1, 2, 3), opacity: 0.5\n")
        // libyaml points past the last line; the diagnostic stays on a line that can be quoted.
        #expect(summary(result.diagnostics) == ["1:41 yaml-syntax"])
        #expect(result.diagnostics[0].notes.first?.range?.start == SourceLocation(line: 1, column: 7))
        #expect(result.diagnostics[0].help == "quote it: \"rgb(1, 2, 3)\"")
    }

    @Test func duplicateKeyPointsAtBothKeys() {
        let result = read("a: 1\nb: 2\na: 3\n")
        #expect(summary(result.diagnostics) == ["3:1 duplicate-key"])
        #expect(result.diagnostics[0].notes.first?.message == "first defined here")
        #expect(result.diagnostics[0].notes.first?.range?.start == SourceLocation(line: 1, column: 1))
        #expect(result.root != nil)
    }

    @Test func controlCharacterIsReportedWhereItIs() {
        let result = read("a: 1\nb: \"x\u{1}\"\n")
        #expect(summary(result.diagnostics) == ["2:6 yaml-syntax"])
        #expect(result.diagnostics[0].message == "control character U+0001 is not allowed in YAML")
    }

    @Test func messagesAreLowerCaseWithoutTrailingPeriod() {
        let inputs = ["a:\n\tb: 1\n", "k: [a, b\n", "a: 1\na: 2\n", "a: *x\n", "", "a: 1\n---\n", "m: {<<: 1}\n"]
        for input in inputs {
            for diagnostic in read(input).diagnostics {
                #expect(diagnostic.message.first?.isLowercase == true, "\(diagnostic.message)")
                #expect(!diagnostic.message.hasSuffix("."), "\(diagnostic.message)")
            }
        }
    }

    @Test func renderedSyntaxError() {
        let text = "shape: rect\ntitle: Note: hi\n"
        #expect(
            rendered(text, read(text).diagnostics) == """
                test.yaml:2:12: error: mapping values are not allowed in this context [yaml-syntax]
                    2 | title: Note: hi
                      |            ^
                      = help: if the colon is part of the text, quote it: title: "Note: hi"; for a nested map, put it on its own indented lines

                """)
    }
}
