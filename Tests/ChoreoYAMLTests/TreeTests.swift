import ChoreoDiagnostics
import ChoreoYAML
import Testing

@Suite struct TreeTests {
    @Test func hollowKeepsWhereANodeIsButNotItsChildren() throws {
        let text = "base: &b {x: 1}\nlist: !!seq [1, 2]\nused: *b\nname: n\n"
        let root = try #require(read(text).root)
        let list = try #require(root["list"])
        let hollowList = list.hollow
        #expect(hollowList.sequence?.isEmpty == true)
        #expect(hollowList.range == list.range)
        #expect(hollowList.tag == "!!seq")
        let used = try #require(root["used"])
        let hollowUsed = used.hollow
        #expect(hollowUsed.mapping?.isEmpty == true)
        #expect(hollowUsed.alias == used.alias)
        #expect(hollowUsed.reportRange == used.reportRange)
        let name = try #require(root["name"])
        #expect(name.hollow.scalar == name.scalar)
        #expect(name.hollow.range == name.range)
        // The original is a value: hollowing a copy leaves it whole.
        #expect(list.sequence?.count == 2)
    }

    @Test func dumpShowsKindsStylesAndRanges() {
        let text = """
            size: [10, 20]
            name: 'box'
            tint: !!str "#fff"
            body: |
              line
            """
        let result = read(text + "\n")
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.root?.debugDescription == """
                mapping @1:1-5:7
                  key scalar plain "size" @1:1-1:5
                  value sequence @1:7-1:15
                    scalar plain "10" @1:8-1:10
                    scalar plain "20" @1:12-1:14
                  key scalar plain "name" @2:1-2:5
                  value scalar singleQuoted "box" @2:7-2:12
                  key scalar plain "tint" @3:1-3:5
                  value scalar doubleQuoted "#fff" @3:7-3:19 tag !!str
                  key scalar plain "body" @4:1-4:5
                  value scalar literal "line\\n" @4:7-5:7

                """)
    }

    @Test func columnsCountUnicodeScalarsNotBytes() throws {
        let root = try #require(read("é€→: [1, 2]\n").root)
        let pair = try #require(root.mapping?.first)
        #expect(pair.key.range.description == "1:1-1:4")
        #expect(pair.value.range.description == "1:6-1:12")
        #expect(pair.value.sequence?[1].range.description == "1:10-1:11")
    }

    @Test func crlfLineEndsCountAsOneBreak() throws {
        let root = try #require(read("a: 1\r\nb:\r\n  - x\r\n  - yz\r\n").root)
        #expect(root["b"]?.range.description == "3:3-4:7")
        #expect(root["b"]?.sequence?[1].range.description == "4:5-4:7")
        #expect(root["b"]?.sequence?[1].scalar?.value == "yz")
    }

    @Test func blockCollectionEndsWithItsLastChild() throws {
        let root = try #require(read("outer:\n  inner: 1\nnext: 2\n").root)
        // libyaml's end event sits at `next`; the node must not reach into the next line.
        #expect(root["outer"]?.range.description == "2:3-2:11")
    }

    @Test func byteOrderMarkIsAccepted() throws {
        let result = read(bytes: [0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8))
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.root)
        #expect(root["a"]?.scalar?.value == "1")
        #expect(root.mapping?.first?.key.range.description == "1:1-1:2")
    }

    @Test func scalarStylesComeFromTheSource() throws {
        let root = try #require(read("p: a\ns: 'a'\nd: \"a\"\nl: |\n  a\nf: >\n  a\n  b\n").root)
        #expect(root["p"]?.scalar?.style == .plain)
        #expect(root["s"]?.scalar?.style == .singleQuoted)
        #expect(root["d"]?.scalar?.style == .doubleQuoted)
        #expect(root["l"]?.scalar == YAMLScalar("a\n", style: .literal))
        #expect(root["f"]?.scalar == YAMLScalar("a b\n", style: .folded))
    }

    @Test func scalarsStayText() throws {
        let root = try #require(read("a: yes\nb: on\nc: 1e3\nd: ~\ne: 0x1F\n").root)
        #expect(root.mapping?.map { $0.value.scalar?.value } == ["yes", "on", "1e3", "~", "0x1F"])
    }

    @Test func nulInsideAQuotedScalarIsKept() throws {
        let root = try #require(read("a: \"x\\0y\"\n").root)
        #expect(root["a"]?.scalar?.value == "x\u{0}y")
        #expect(root["a"]?.scalar?.value.unicodeScalars.count == 3)
    }

    @Test func explicitTagsAreKept() throws {
        let root = try #require(read("a: !!str 1\nb: !custom [1]\nc: 2\n").root)
        #expect(root["a"]?.tag == "!!str")
        #expect(root["b"]?.tag == "!custom")
        #expect(root["c"]?.tag == nil)
    }
}
