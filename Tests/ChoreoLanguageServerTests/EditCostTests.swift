import ChoreoJSON
import Testing

@testable import ChoreoLanguageServer

private let uri = "file:///large.yaml"

/// A scene of `nodes` ellipses, one per four lines, moved by a spring.
private func largeScene(nodes: Int) -> String {
    var text = "choreo: 1\nsize: [1000, 1000]\nlayers:\n"
    for index in 0..<nodes {
        text += "  - id: n\(index)\n    shape: ellipse\n    radius: 4\n    position: [\(5 + index % 100 * 10), \(5 + index / 100 * 10)]\n"
    }
    text += "states:\n  rest: {}\n  moved: {n0: {rotation: 45deg}}\n"
    text += "transitions:\n  - {from: rest, to: moved, duration: 0.3s, easing: snappy}\n"
    return text
}

private func message(_ method: String, id: Int? = nil, _ params: JSONValue) -> JSONValue {
    var members: [(String, JSONValue)] = [("jsonrpc", "2.0")]
    if let id { members.append(("id", .int(id))) }
    members += [("method", .string(method)), ("params", params)]
    return .object(members)
}

private func replacing(line: Int, from start: Int, to end: Int, with text: String, version: Int) -> JSONValue {
    message("textDocument/didChange", .object([
        ("textDocument", .object([("uri", .string(uri)), ("version", .int(version))])),
        ("contentChanges", .array([.object([
            ("range", .object([
                ("start", .object([("line", .int(line)), ("character", .int(start))])),
                ("end", .object([("line", .int(line)), ("character", .int(end))])),
            ])),
            ("text", .string(text)),
        ])])),
    ]))
}

/// A one-character edit of a 1,000-node scene costs one compile, re-splits the edited line and
/// its neighbours (not the document's 4,000 lines), and reads no YAML besides the compile's; the
/// tree that completion and hover read is made when one of them asks.
@Test func aOneCharacterEditSplitsItsLinesAndCompilesOnce() {
    let server = LanguageServer(configuration: .init(documentationBase: nil, version: "test"))
    _ = server.handle(message("initialize", id: 1, .object([("capabilities", .object([]))])))
    let text = largeScene(nodes: 1_000)
    _ = server.handle(message("textDocument/didOpen", .object([
        ("textDocument", .object([("uri", .string(uri)), ("languageId", "yaml"), ("version", 1), ("text", .string(text))])),
    ])))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let radiusLine = lines.indices.filter { lines[$0] == "    radius: 4" }[500]
    let compiles = server.lintCount, reads = server.treeReadCount, split = server.linesSplit
    let replies = server.handle(replacing(line: radiusLine, from: 12, to: 13, with: "5", version: 2))
    #expect(replies.count == 1 && replies[0]["params"]?["version"] == .int(2))
    #expect(server.lintCount == compiles + 1)
    #expect(server.treeReadCount == reads)
    #expect(server.linesSplit - split <= 3, "an edit of one line re-splits \(server.linesSplit - split) lines")
    var expected = lines
    expected[radiusLine] = "    radius: 5"
    #expect(server.documents[uri]?.text == expected.joined(separator: "\n"))
    #expect(server.documents[uri]?.lines.count == lines.count)

    _ = server.handle(message("textDocument/hover", id: 2, .object([
        ("textDocument", .object([("uri", .string(uri))])),
        ("position", .object([("line", .int(radiusLine)), ("character", .int(5))])),
    ])))
    #expect(server.treeReadCount == reads + 1)
}

/// The spliced text and lines are the whole text's, whatever the edit: line breaks made, joined
/// and split (a CR and an LF brought together are one break), characters of two UTF-16 units,
/// positions past a line's end or the document's.
@Test func splicedEditsGiveTheLinesOfTheWholeText() {
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((seed >> 33) % UInt64(bound))
    }
    let pieces = ["a", "é", "😀", "\n", "\r", "\r\n", " ", "", "xy\rz", "\n\n"]
    for encoding in [PositionEncoding.utf16, .utf32] {
        var document = Document(uri: uri, version: 1, text: "ab\r\ncd\ré😀\n\nlast")
        var reference = Array(document.text.unicodeScalars)
        for _ in 0..<400 {
            let startLine = next(document.lines.count + 1), endLine = min(document.lines.count, startLine + next(3))
            let start = next(6), end = next(6)
            let inserted = pieces[next(pieces.count)] + pieces[next(pieces.count)]
            let from = referenceOffset(reference, line: startLine, character: start, encoding: encoding)
            let to = max(from, referenceOffset(reference, line: endLine, character: end, encoding: encoding))
            reference.replaceSubrange(from..<to, with: inserted.unicodeScalars)
            document.apply(change: .object([
                ("range", .object([
                    ("start", .object([("line", .int(startLine)), ("character", .int(start))])),
                    ("end", .object([("line", .int(endLine)), ("character", .int(end))])),
                ])),
                ("text", .string(inserted)),
            ]), encoding: encoding)
            let text = String(String.UnicodeScalarView(reference))
            let whole = Document(uri: uri, version: 1, text: text)
            #expect(document.text == text)
            #expect(document.lines == whole.lines)
            #expect(document.lineStarts == whole.lineStarts)
            if document.text != text || document.lines != whole.lines { return }
        }
    }
}

/// The offset of an LSP position in a text's scalars, as the server computed it before edits
/// were spliced: lines counted from the start, the character clamped to its line.
private func referenceOffset(_ scalars: [Unicode.Scalar], line lineIndex: Int, character: Int, encoding: PositionEncoding) -> Int {
    var offset = 0, currentLine = 0
    while currentLine < lineIndex, offset < scalars.count {
        if scalars[offset] == "\n" {
            currentLine += 1
        } else if scalars[offset] == "\r" {
            if offset + 1 < scalars.count, scalars[offset + 1] == "\n" { offset += 1 }
            currentLine += 1
        }
        offset += 1
    }
    var units = 0
    while offset < scalars.count, scalars[offset] != "\n", scalars[offset] != "\r" {
        let width = encoding == .utf16 ? UTF16.width(scalars[offset]) : 1
        if units + width > character { break }
        units += width
        offset += 1
    }
    return offset
}
