import ChoreoDiagnostics
import ChoreoYAML
import Testing

@Suite struct AnchorTests {
    @Test func aliasIsACopyThatRemembersWhereItWasUsed() throws {
        let result = read("style: &s {fill: red}\nnode: *s\n")
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.root)
        let used = try #require(root["node"])
        #expect(used["fill"]?.scalar?.value == "red")
        // An anchored node's range starts at its `&s`, as libyaml reports it.
        #expect(used.range.description == "1:8-1:22")
        #expect(used.alias?.description == "2:7-2:9")
        #expect(used.reportRange.description == "2:7-2:9")
        #expect(root["style"]?.alias == nil)
    }

    @Test func laterAnchorsShadowEarlierOnes() throws {
        let root = try #require(read("a: &x 1\nb: *x\nc: &x 2\nd: *x\n").root)
        #expect(root["b"]?.scalar?.value == "1")
        #expect(root["d"]?.scalar?.value == "2")
    }

    @Test func mergeKeepsExplicitKeys() throws {
        let result = read("base: &b {x: 1, y: 2}\nm:\n  <<: *b\n  x: 3\n")
        #expect(result.diagnostics.isEmpty)
        let merged = try #require(result.root?["m"])
        #expect(merged.mapping?.map { $0.key.scalar!.value } == ["y", "x"])
        #expect(merged["x"]?.scalar?.value == "3")
        #expect(merged["y"]?.scalar?.value == "2")
        // Merged pairs point at the alias they came through.
        #expect(merged["y"]?.reportRange.description == "3:7-3:9")
    }

    @Test func mergeFromASequenceLetsEarlierSourcesWin() throws {
        let text = "a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\nm:\n  <<: [*a, *b]\n  w: 0\n"
        let result = read(text)
        #expect(result.diagnostics.isEmpty)
        let merged = try #require(result.root?["m"])
        #expect(merged.mapping?.map { "\($0.key.scalar!.value)=\($0.value.scalar!.value)" } == ["x=1", "y=1", "z=2", "w=0"])
    }

    @Test func duplicateKeysOnlyCountWhenExplicit() {
        let result = read("a: &a {x: 1}\nm:\n  <<: *a\n  x: 2\n  y: 1\n  y: 2\n")
        #expect(summary(result.diagnostics) == ["6:3 duplicate-key"])
        #expect(result.diagnostics.first?.notes == [Note("first defined here", at: SourceRange(start: .init(line: 5, column: 3), end: .init(line: 5, column: 4)))])
    }

    @Test func invalidMergeValues() {
        #expect(summary(read("m: {<<: 3}\n").diagnostics) == ["1:9 invalid-merge"])
        #expect(summary(read("a: &a {x: 1}\nm:\n  <<: [*a, [1]]\n").diagnostics) == ["3:12 invalid-merge"])
        #expect(summary(read("s: &s [1]\nm:\n  <<: *s\n").diagnostics) == ["3:7 invalid-merge"])
    }

    @Test func quotedMergeKeyIsAnOrdinaryKey() throws {
        let root = try #require(read("m: {'<<': 3}\n").root)
        #expect(root["m"]?["<<"]?.scalar?.value == "3")
    }

    @Test func undefinedAliasIsReportedAtTheAlias() {
        let result = read("a: &base 1\nb: *bsae\n")
        #expect(summary(result.diagnostics) == ["2:4 undefined-alias"])
        #expect(result.diagnostics.first?.range.description == "2:4-2:9")
        #expect(result.diagnostics.first?.help == "did you mean '*base'?")
    }

    @Test func aliasInsideItsOwnAnchorIsRejected() {
        let result = read("a: &x [1, *x]\n")
        #expect(summary(result.diagnostics) == ["1:11 undefined-alias"])
        #expect(result.diagnostics.first?.notes.first?.range?.description == "1:4-1:6")
    }
}
