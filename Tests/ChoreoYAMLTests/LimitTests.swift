import ChoreoDiagnostics
import ChoreoYAML
import Testing

@Suite struct LimitTests {
    @Test func billionLaughsIsRejected() {
        var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            let aliases = Array(repeating: "*\(previous)", count: 9).joined(separator: ", ")
            text += "\(name): &\(name) [\(aliases)]\n"
        }
        #expect(text.utf8.count < 1000)
        let result = read(text)
        #expect(result.root == nil)
        #expect(result.diagnostics.map(\.rule) == [.tooManyNodes])
        let diagnostic = result.diagnostics[0]
        // 10 + 9·10 + 9·91 + … passes a million at the ninth alias of `*f` in `g`.
        #expect(diagnostic.range.start.line == 7)
        #expect(diagnostic.notes.first?.message.hasPrefix("anchor '&f' expands to") == true)
        #expect(diagnostic.notes.first?.range?.start == SourceLocation(line: 6, column: 4))
    }

    @Test func nodeLimitCountsPlainNodesToo() {
        let limits = YAMLLimits(maxNodes: 5, inputBytesPerNode: 0)
        #expect(read("[1, 2, 3]\n", limits: limits).diagnostics.isEmpty)
        let result = read("[1, 2, 3, 4, 5]\n", limits: limits)
        #expect(result.root == nil)
        #expect(summary(result.diagnostics) == ["1:14 too-many-nodes"])
    }

    /// Above the floor the node limit is one node per `inputBytesPerNode` bytes: a file written
    /// out in full gets as many nodes as it holds, aliases cannot multiply past the limit.
    @Test func theNodeLimitGrowsWithTheFileButNotWithAliases() {
        let limits = YAMLLimits(maxNodes: 100, inputBytesPerNode: 4)
        let written = "[" + Array(repeating: "100", count: 300).joined(separator: ", ") + "]\n"
        #expect(written.utf8.count / 4 > 301)
        #expect(read(written, limits: limits).diagnostics.isEmpty)
        let aliased = "a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nb: [" + Array(repeating: "*a", count: 40).joined(separator: ", ") + "]\n"
        #expect(aliased.utf8.count < 400)
        let result = read(aliased, limits: limits)
        #expect(result.root == nil)
        #expect(result.diagnostics.map(\.rule) == [.tooManyNodes])
        #expect(result.diagnostics.first?.message == "the document has more than 100 nodes once aliases are expanded")
        #expect(YAMLLimits.default.nodeLimit(inputBytes: 8 << 20) == (8 << 20) / YAMLLimits.defaultInputBytesPerNode)
        #expect(YAMLLimits.default.nodeLimit(inputBytes: 1000) == YAMLLimits.defaultMaxNodes)
    }

    @Test func deepFlowNestingStopsEarly() {
        let result = read(String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n")
        #expect(result.root == nil)
        #expect(summary(result.diagnostics) == ["1:65 nesting-too-deep"])
    }

    @Test func nestingAtTheLimitIsAccepted() {
        let depth = YAMLLimits.defaultMaxDepth
        let result = read(String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.root != nil)
    }

    @Test func deepBlockNestingStopsToo() {
        var text = ""
        for level in 0..<100 { text += String(repeating: " ", count: level) + "k:\n" }
        let result = read(text)
        #expect(result.root == nil)
        #expect(summary(result.diagnostics) == ["65:65 nesting-too-deep"])
    }

    @Test func fileTooLargeIsCheckedBeforeParsing() {
        let limits = YAMLLimits(maxFileBytes: 16)
        // Invalid YAML too: the size check must win, proving nothing was parsed.
        let result = read("a: [unterminated, list, that, is, long\n", limits: limits)
        #expect(result.root == nil)
        #expect(summary(result.diagnostics) == ["1:1 file-too-large"])
        #expect(read("a: 1\n", limits: limits).diagnostics.isEmpty)
    }
}
