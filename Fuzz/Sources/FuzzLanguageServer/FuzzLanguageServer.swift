import ChoreoJSON
import ChoreoLanguageServer

/// libFuzzer entry point for `choreo lsp`: the input is used twice.
///
/// 1. As the bytes of the JSON-RPC stream, fed to `MessageFramer` in chunks whose sizes come
///    from the input itself, every framed body handed to one server (after `initialize`), as the
///    stdio loop does: headers, lengths and bodies are all mutated.
/// 2. As a document: opened (lossily decoded), then asked for hover, completion, definition and
///    code actions at positions taken from the input (the ends of `Int` included), edited with an
///    incremental change, and replaced whole. A scene seed is so mutated into nearby documents.
///
/// A crash, a trap, a hang or a sanitizer report is a bug; error responses are expected.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLanguageServer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    framedStream(bytes)
    mutatedDocument(bytes)
    return 0
}

private func initializedServer() -> LanguageServer {
    let server = LanguageServer(configuration: .init(documentationBase: "https://example.org/docs/", version: "fuzz"))
    _ = server.handle(.object([
        ("jsonrpc", "2.0"), ("id", 0), ("method", "initialize"),
        ("params", .object([("capabilities", .object([("general", .object([("positionEncodings", ["utf-16"])]))]))])),
    ]))
    return server
}

private func framedStream(_ bytes: [UInt8]) {
    let server = initializedServer()
    var framer = MessageFramer()
    var offset = 0
    var chunkIndex = 0
    while offset < bytes.count {
        // Chunk sizes 1…64 from the input: framing must not depend on how reads split the stream.
        let chunk = min(bytes.count - offset, 1 + Int(bytes[chunkIndex % bytes.count] % 64))
        chunkIndex += 1
        framer.append(bytes[offset..<offset + chunk])
        offset += chunk
        var bodies: [[UInt8]] = []
        while true {
            do {
                guard let body = try framer.nextMessage() else { break }
                bodies.append(body)
            } catch .bodyTooLarge {
                continue
            } catch {
                return  // the stream cannot be framed any more: the server would end here
            }
        }
        _ = server.handle(bodies: bodies)
        if server.exitStatus != nil { return }
    }
}

private func mutatedDocument(_ bytes: [UInt8]) {
    let server = initializedServer()
    let uri = JSONValue.string("file:///fuzz.yaml")
    let text = String(decoding: bytes, as: UTF8.self)
    func send(_ method: String, id: Int? = nil, _ params: JSONValue) -> [JSONValue] {
        var members: [(String, JSONValue)] = [("jsonrpc", "2.0")]
        if let id { members.append(("id", .int(id))) }
        members += [("method", .string(method)), ("params", params)]
        return server.handle(.object(members))
    }
    func position(_ line: Int, _ character: Int) -> JSONValue {
        .object([("line", .int(line)), ("character", .int(character))])
    }
    _ = send("textDocument/didOpen", .object([
        ("textDocument", .object([("uri", uri), ("languageId", "yaml"), ("version", 1), ("text", .string(text))])),
    ]))
    // Positions from the input's bytes, and the ends of Int.
    var positions: [(Int, Int)] = [(0, 0), (Int.max, Int.max), (Int.min, 0), (0, Int.min), (-1, -1)]
    for index in stride(from: 0, to: min(bytes.count, 64), by: 2) {
        positions.append((Int(bytes[index]) % 64, Int(bytes[min(index + 1, bytes.count - 1)]) % 80))
    }
    for (index, (line, character)) in positions.enumerated() {
        let at = JSONValue.object([("textDocument", .object([("uri", uri)])), ("position", position(line, character))])
        for method in ["textDocument/hover", "textDocument/completion", "textDocument/definition"] {
            _ = send(method, id: index + 1, at)
        }
        let range = JSONValue.object([("start", position(line, character)), ("end", position(line &+ 1, character))])
        _ = send("textDocument/codeAction", id: index + 1, .object([
            ("textDocument", .object([("uri", uri)])), ("range", range), ("context", .object([("diagnostics", [])])),
        ]))
    }
    let (line, character) = positions[positions.count - 1]
    let edit = JSONValue.object([
        ("range", .object([("start", position(line, character)), ("end", position(line, character &+ 3))])),
        ("text", .string(String(text.prefix(16)))),
    ])
    _ = send("textDocument/didChange", .object([
        ("textDocument", .object([("uri", uri), ("version", 2)])), ("contentChanges", .array([edit])),
    ]))
    _ = send("textDocument/didChange", .object([
        ("textDocument", .object([("uri", uri), ("version", 3)])),
        ("contentChanges", .array([.object([("text", .string(String(text.reversed())))])])),
    ]))
    _ = send("textDocument/didClose", .object([("textDocument", .object([("uri", uri)]))]))
}
