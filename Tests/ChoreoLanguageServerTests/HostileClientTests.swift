import ChoreoJSON
import Foundation
import Testing

@testable import ChoreoLanguageServer

// What a hostile scene or a broken client cannot make the server do: each test here failed
// before its bound existed.

private let uri = "file:///hostile.yaml"

private func initializedServer() -> LanguageServer {
    let server = LanguageServer(configuration: .init(documentationBase: nil, version: "test"))
    _ = server.handle(.object([("jsonrpc", "2.0"), ("id", 1), ("method", "initialize"), ("params", .object([("capabilities", .object([]))]))]))
    return server
}

private func message(_ method: String, id: Int? = nil, _ params: JSONValue) -> JSONValue {
    var members: [(String, JSONValue)] = [("jsonrpc", "2.0")]
    if let id { members.append(("id", .int(id))) }
    members += [("method", .string(method)), ("params", params)]
    return .object(members)
}

private func didOpen(_ text: String) -> JSONValue {
    message("textDocument/didOpen", .object([
        ("textDocument", .object([("uri", .string(uri)), ("languageId", "yaml"), ("version", 1), ("text", .string(text))])),
    ]))
}

private func didChange(version: Int, _ text: String) -> JSONValue {
    message("textDocument/didChange", .object([
        ("textDocument", .object([("uri", .string(uri)), ("version", .int(version))])),
        ("contentChanges", .array([.object([("text", .string(text))])])),
    ]))
}

private func position(_ line: Int, _ character: Int) -> JSONValue {
    .object([("textDocument", .object([("uri", .string(uri))])), ("position", .object([("line", .int(line)), ("character", .int(character))]))])
}

private func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}

/// `count` rects and a transition whose `nodes:` map the cursor is in: completion offers every
/// node and every `NODE.PROPERTY` (about 15 labels a node).
private func completionScene(nodes count: Int) -> (text: String, line: Int) {
    var text = "choreo: 1\nname: many\nsize: [100, 100]\nlayers:\n"
    for index in 0..<count { text += "  - {id: n\(index), shape: rect, size: [1, 1]}\n" }
    text += "states:\n  a: {}\n  b: {}\ntransitions:\n  - from: a\n    to: b\n    nodes:\n      \n"
    return (text, 4 + count + 7)
}

/// Completion de-duplicated its labels by a scan of those already offered: 4,000 nodes (60,000
/// labels) took 26 s. Four times the nodes now take about four times as long (quadratic: 16).
@Test func completionOnManyNodesTakesLinearTime() {
    func completionTime(_ count: Int) -> Duration {
        let server = initializedServer()
        let scene = completionScene(nodes: count)
        _ = server.handle(didOpen(scene.text))
        let started = threadCPUTime()
        let reply = server.handle(message("textDocument/completion", id: 2, position(scene.line, 6)))
        let elapsed = threadCPUTime() - started
        guard case let .array(items)? = reply.first?["result"]?["items"] else {
            Issue.record("no completion items")
            return elapsed
        }
        #expect(items.count > count * 10, "\(items.count) items")
        return elapsed
    }
    _ = completionTime(100)  // warm up
    let small = completionTime(500), large = completionTime(2_000)
    #expect(large < small * 8, "500 nodes: \(small), 2,000: \(large)")
}

/// A line of 2,000 unknown keys was published as 2,000 diagnostics in one message; the server
/// publishes what the CLI prints, the first 200 and a `too-many-diagnostics` note.
@Test func publishedDiagnosticsAreCappedAsTheCLIPrintsThem() {
    let server = initializedServer()
    let keys = (0..<2000).map { "k\($0): 1" }.joined(separator: ", ")
    let published = server.handle(didOpen("choreo: 1\nname: k\nsize: [10, 10]\nlayers:\n  - {id: a, shape: rect, size: [1, 1], \(keys)}\n"))
    guard case let .array(diagnostics)? = published.first?["params"]?["diagnostics"] else {
        Issue.record("no diagnostics published")
        return
    }
    #expect(diagnostics.count == 201)
    #expect(diagnostics.last?["code"] == .string("too-many-diagnostics"))
}

/// Positions are any 64-bit integer: line 2^63 − 1 overflowed `Document.location` (SIGILL).
@Test(arguments: [Int.max, Int.min, -1])
func positionsAtTheEndsOfIntAreAnswered(_ extreme: Int) {
    let server = initializedServer()
    _ = server.handle(didOpen("choreo: 1\nname: p\nsize: [10, 10]\nlayers:\n  - {id: a, shape: rect, size: [1, 1]}\n"))
    for method in ["textDocument/hover", "textDocument/completion", "textDocument/definition"] {
        for (line, character) in [(extreme, 0), (0, extreme), (extreme, extreme)] {
            let reply = server.handle(message(method, id: 3, position(line, character)))
            #expect(reply.count == 1 && reply[0]["error"] == nil, "\(method) at \(line):\(character)")
        }
    }
    let range = JSONValue.object([
        ("start", .object([("line", .int(extreme)), ("character", .int(extreme))])),
        ("end", .object([("line", .int(extreme)), ("character", .int(extreme))])),
    ])
    _ = server.handle(message("textDocument/didChange", .object([
        ("textDocument", .object([("uri", .string(uri)), ("version", 2)])),
        ("contentChanges", .array([.object([("range", range), ("text", "x")])])),
    ])))
    let actions = server.handle(message("textDocument/codeAction", id: 4, .object([
        ("textDocument", .object([("uri", .string(uri))])), ("range", range), ("context", .object([("diagnostics", [])])),
    ])))
    #expect(actions.count == 1)
}

/// A document over the file-size limit is refused before it is split into lines (16 MB of short
/// lines built 725 MB first): one `file-too-large` error, and nothing kept of its text.
@Test func aDocumentOverTheFileSizeLimitIsRefusedBeforeItIsSplit() {
    let server = initializedServer()
    let text = String(repeating: "a\n", count: 4_200_000)
    let published = server.handle(didOpen(text))
    guard case let .array(diagnostics)? = published.first?["params"]?["diagnostics"] else {
        Issue.record("no diagnostics published")
        return
    }
    #expect(diagnostics.count == 1 && diagnostics.first?["code"] == .string("file-too-large"))
    #expect(server.documents[uri]?.lines.count == 1)
    // A whole new text that fits is read again.
    let fixed = server.handle(didChange(version: 2, "choreo: 1\nname: p\nsize: [10, 10]\nlayers: []\n"))
    guard case let .array(after)? = fixed.first?["params"]?["diagnostics"] else {
        Issue.record("no diagnostics published after the change")
        return
    }
    #expect(!after.contains { $0["code"] == .string("file-too-large") })
    #expect(server.documents[uri]?.tooLargeBytes == nil)
}

/// A header that never ends was scanned from its start again on every read; it is now refused
/// past 8 KiB.
@Test func aHeaderWithoutItsBlankLineIsRefusedPast8KiB() throws {
    var framer = MessageFramer()
    var refused = false
    for _ in 0..<100 {
        framer.append(Array(repeating: UInt8(ascii: "x"), count: 1024))
        do {
            _ = try framer.nextMessage()
        } catch {
            #expect(error == .headerTooLong)
            refused = true
            break
        }
    }
    #expect(refused, "100 KiB of header were accepted")
}

/// A body longer than `maxContentLength` is refused on its `Content-Length`, before it is read,
/// and skipped as it arrives: the message after it is read as usual.
@Test func aBodyTooLargeIsSkippedUnreadAndTheNextMessageRead() throws {
    let length = MessageFramer.maxContentLength + 1
    var framer = MessageFramer()
    framer.append(Array("Content-Length: \(length)\r\n\r\n".utf8) + Array(repeating: UInt8(ascii: " "), count: 1000))
    #expect(throws: MessageFramer.Failure.bodyTooLarge(length)) { try framer.nextMessage() }
    var remaining = length - 1000
    while remaining > 0 {
        let chunk = min(remaining, 1 << 20)
        framer.append(Array(repeating: UInt8(ascii: " "), count: chunk))
        remaining -= chunk
        #expect(try framer.nextMessage() == nil)
    }
    framer.append(MessageFramer.frame(.object([("id", 1)])))
    #expect(try framer.nextMessage().map { JSONParser.parse($0) } == .object([("id", 1)]))
}

/// Full-text changes queued behind each other: only the newest is compiled and published.
@Test func queuedFullTextChangesAreCoalesced() {
    let server = initializedServer()
    _ = server.handle(didOpen("choreo: 1\n"))
    let texts = (2...5).map { "choreo: 1\nname: v\($0)\nsize: [10, 10]\nlayers: []\n" }
    let bodies = texts.enumerated().map { Array(JSONWriter().string(didChange(version: $0.offset + 2, $0.element)).utf8) }
    let hover = Array(JSONWriter().string(message("textDocument/hover", id: 9, position(1, 7))).utf8)
    let replies = server.handle(bodies: bodies + [hover])
    let published = replies.filter { $0["method"] == .string("textDocument/publishDiagnostics") }
    #expect(published.count == 1)
    #expect(published.first?["params"]?["version"] == .int(5))
    #expect(server.documents[uri]?.text == texts.last)
    // The hover is answered before the lint, which waits for the whole batch.
    #expect(replies.first?["id"] == .int(9))
}
