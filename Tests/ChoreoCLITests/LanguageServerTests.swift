import ChoreoTestSupport
import Foundation
import Testing

// `choreo lsp` end to end: a small JSON-RPC client starts the real binary and speaks LSP to it
// over pipes, as an editor does.

/// A minimal LSP client: Content-Length framing over the process's stdin and stdout.
final class LSPClient: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()
    private var received: [UInt8] = []
    private var nextID = 1
    /// Every message sent and received, in order, as `-->`/`<--` lines (for the lead's transcript).
    private(set) var transcript: [String] = []

    init() throws {
        let binary = try #require(choreoExecutable, "the choreo binary was not found")
        process.executableURL = binary
        process.arguments = ["lsp"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.received.append(contentsOf: data)
            self.lock.unlock()
        }
        try process.run()
    }

    deinit {
        output.fileHandleForReading.readabilityHandler = nil
        if process.isRunning { process.terminate() }
    }

    func send(_ message: [String: Any]) throws {
        var message = message
        message["jsonrpc"] = "2.0"
        let body = try JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])
        transcript.append("--> " + String(decoding: body, as: UTF8.self))
        input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// Sends a request and waits for its response (notifications that arrive first are kept).
    func request(_ method: String, _ params: Any = [String: Any]()) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        try send(["id": id, "method": method, "params": params])
        return try receive { ($0["id"] as? Int) == id }
    }

    func notify(_ method: String, _ params: Any = [String: Any]()) throws {
        try send(["method": method, "params": params])
    }

    private var pending: [[String: Any]] = []

    /// The next message matching `predicate`, waiting up to `timeout`.
    func receive(timeout: Duration = .seconds(30), _ predicate: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let index = pending.firstIndex(where: predicate) { return pending.remove(at: index) }
            if let message = try takeMessage() {
                transcript.append("<-- " + String(decoding: try JSONSerialization.data(withJSONObject: message, options: [.sortedKeys]), as: UTF8.self))
                pending.append(message)
                continue
            }
            guard ContinuousClock.now < deadline else {
                Issue.record("no matching message within \(timeout)")
                throw CancellationError()
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    private func takeMessage() throws -> [String: Any]? {
        lock.lock()
        defer { lock.unlock() }
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let headerEnd = (0..<max(0, received.count - 3)).first(where: { Array(received[$0..<$0 + 4]) == separator }) else { return nil }
        let header = String(decoding: received[..<headerEnd], as: UTF8.self)
        let length = try #require(header.split(separator: "\r\n").compactMap { line -> Int? in
            let parts = line.split(separator: ":")
            return parts.count == 2 && parts[0].lowercased() == "content-length" ? Int(parts[1].trimmingCharacters(in: .whitespaces)) : nil
        }.first)
        guard received.count >= headerEnd + 4 + length else { return nil }
        let body = Data(received[(headerEnd + 4)..<(headerEnd + 4 + length)])
        received.removeFirst(headerEnd + 4 + length)
        return try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    func waitForExit(timeout: Duration = .seconds(30)) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline { return nil }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return process.terminationStatus
    }
}

private let uri = "file:///tmp/choreo-lsp-test/menu.yaml"

/// Line 13 has a misspelt key; `$gap`, node `bar` and state `open` are used below their definitions.
private let scene = """
    choreo: 1
    size: [100, 100]
    vars:
      gap: 4
    layers:
      - &bar
        id: bar
        shape: rect
        size: [20, $gap]
        position: [50, 50]
      - id: dot
        shape: ellipse
        rotaton: 45deg
        radius: 5
        position: [50, 20]
    states:
      closed: {}
      open: {bar: {rotation: 45deg}}
    transitions:
      - {from: closed, to: open, on: tap, easing: ease-out}

    """

private func position(_ line: Int, _ character: Int) -> [String: Any] {
    ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
}

private func labels(_ completion: [String: Any]) -> [String] {
    ((completion["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
}

private func hoverText(_ hover: [String: Any]) -> String? {
    ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
}

private func rangeStart(_ value: Any?) -> [Int]? {
    guard let range = (value as? [String: Any])?["range"] as? [String: Any], let start = range["start"] as? [String: Any],
        let line = start["line"] as? Int, let character = start["character"] as? Int
    else { return nil }
    return [line, character]
}

@Test func languageServerSessionFromInitializeToExit() throws {
    let client = try LSPClient()
    // initialize: the capabilities the server promises.
    let initialize = try client.request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": [String: Any]()])
    let capabilities = try #require((initialize["result"] as? [String: Any])?["capabilities"] as? [String: Any])
    #expect(capabilities["hoverProvider"] as? Bool == true)
    #expect(capabilities["definitionProvider"] as? Bool == true)
    #expect(capabilities["positionEncoding"] as? String == "utf-16")
    // Incremental sync: each edit sends its range and text.
    #expect((capabilities["textDocumentSync"] as? [String: Any])?["change"] as? Int == 2)
    try client.notify("initialized")

    // didOpen → publishDiagnostics: lint's diagnostic, code = rule id, a link to its section.
    try client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": scene]])
    let published = try client.receive { ($0["method"] as? String) == "textDocument/publishDiagnostics" }
    let diagnostics = try #require((published["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == 1)
    let diagnostic = try #require(diagnostics.first)
    #expect(diagnostic["code"] as? String == "unknown-key")
    #expect(diagnostic["severity"] as? Int == 1)
    #expect(rangeStart(diagnostic) == [12, 4])
    #expect((diagnostic["message"] as? String)?.hasPrefix("unknown property 'rotaton' for an ellipse node") == true)
    let href = try #require((diagnostic["codeDescription"] as? [String: Any])?["href"] as? String)
    #expect(href.hasSuffix("docs/diagnostics.md#unknown-key"), "\(href)")
    let docsFile = try #require(URL(string: String(href.prefix { $0 != "#" })))
    #expect(FileManager.default.fileExists(atPath: docsFile.path), "the link points at the real docs: \(href)")

    // completion: the keys of an ellipse node at a new key in it; state names after `to:`;
    // easing names after `easing:`; vars after `$`.
    let keyCompletion = labels(try client.request("textDocument/completion", position(13, 4)))
    #expect(keyCompletion.contains("radius") && keyCompletion.contains("opacity") && keyCompletion.contains("fill"), "\(keyCompletion)")
    #expect(!keyCompletion.contains("corner-radius"), "rect-only keys are not offered for an ellipse")
    let stateCompletion = labels(try client.request("textDocument/completion", position(19, 23)))
    #expect(stateCompletion.contains("open") && stateCompletion.contains("closed"), "\(stateCompletion)")
    let easingCompletion = labels(try client.request("textDocument/completion", position(19, 46)))
    #expect(easingCompletion.contains("ease-in-out") && easingCompletion.contains("snappy"), "\(easingCompletion)")

    // hover: a var's value and unit; a key's documentation; a node's resolved style needs a
    // scene without errors, so it says so here.
    #expect(hoverText(try client.request("textDocument/hover", position(8, 17))) == "`$gap` = 4 (a number)")
    let keyHover = try #require(hoverText(try client.request("textDocument/hover", position(9, 6))))
    #expect(keyHover.hasPrefix("**position**: where the anchor lands"), "\(keyHover)")

    // definition: `$gap` → its var; `bar` in a state → the node's id; `open` after `to:` → the state;
    // `*bar`-style anchors are covered by the unit tests.
    let varDefinition = try client.request("textDocument/definition", position(8, 17))
    #expect(rangeStart(varDefinition["result"]) == [3, 2])
    let nodeDefinition = try client.request("textDocument/definition", position(17, 10))
    #expect(rangeStart(nodeDefinition["result"]) == [6, 8])
    let stateDefinition = try client.request("textDocument/definition", position(19, 24))
    #expect(rangeStart(stateDefinition["result"]) == [17, 2])

    // codeAction: the fix-it as a quick fix with its edit.
    let actions = try client.request("textDocument/codeAction", [
        "textDocument": ["uri": uri],
        "range": ["start": ["line": 12, "character": 4], "end": ["line": 12, "character": 4]],
        "context": ["diagnostics": [diagnostic]],
    ])
    let action = try #require((actions["result"] as? [[String: Any]])?.first)
    #expect(action["title"] as? String == "replace 'rotaton' with 'rotation'")
    #expect(action["kind"] as? String == "quickfix")
    let edits = try #require(((action["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]])
    #expect(edits.count == 1 && edits[0]["newText"] as? String == "rotation" && rangeStart(edits[0]) == [12, 4])

    // didChange (full text) with the fix applied: the diagnostics clear; the resolved style shows.
    try client.notify("textDocument/didChange", [
        "textDocument": ["uri": uri, "version": 2],
        "contentChanges": [["text": scene.replacingOccurrences(of: "rotaton", with: "rotation")]],
    ])
    let republished = try client.receive {
        ($0["method"] as? String) == "textDocument/publishDiagnostics" && (($0["params"] as? [String: Any])?["version"] as? Int) == 2
    }
    #expect(((republished["params"] as? [String: Any])?["diagnostics"] as? [Any])?.isEmpty == true)
    let nodeHover = try #require(hoverText(try client.request("textDocument/hover", position(17, 10))))
    #expect(nodeHover.contains("**bar**: rect") && nodeHover.contains("fill: #000000") && nodeHover.contains("position: [50, 50]"), "\(nodeHover)")

    // shutdown, then exit: the process ends with 0.
    let shutdown = try client.request("shutdown")
    #expect(shutdown.keys.contains("result") && shutdown["error"] == nil)
    try client.notify("exit")
    #expect(client.waitForExit() == 0)
    if let path = ProcessInfo.processInfo.environment["CHOREO_LSP_TRANSCRIPT"] {
        try client.transcript.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}

@Test func languageServerExitsWithOneWithoutShutdownAndAnswersGarbage() throws {
    let client = try LSPClient()
    // A body that is not JSON gets a parse error, and the server keeps going.
    let garbage = Data("{not json".utf8)
    let pipe = try #require(client.process.standardInput as? Pipe)
    pipe.fileHandleForWriting.write(Data("Content-Length: \(garbage.count)\r\n\r\n".utf8) + garbage)
    let error = try client.receive { $0["error"] != nil }
    #expect((error["error"] as? [String: Any])?["code"] as? Int == -32700)
    let unknown = try client.request("textDocument/rename", position(0, 0))
    #expect((unknown["error"] as? [String: Any])?["code"] as? Int == -32601)
    try client.notify("exit")
    #expect(client.waitForExit() == 1)
}

@Test func schemaCommandPrintsADraft7SchemaAndWritesItWithDashO() throws {
    let sandbox = try Sandbox()
    let printed = try sandbox.run(["schema"])
    #expect(printed.status == 0, "\(printed)")
    let schema = try #require(try JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as? [String: Any])
    #expect(schema["$schema"] as? String == "http://json-schema.org/draft-07/schema#")
    #expect((schema["required"] as? [String]) == ["choreo", "size", "layers"])
    let definitions = try #require(schema["definitions"] as? [String: Any])
    #expect(definitions["node"] != nil && definitions["spring"] != nil && definitions["transition"] != nil)
    let written = try sandbox.run(["schema", "-o", "out/choreo.schema.json"])
    #expect(written.status == 0 && written.stdout == "", "\(written)")
    #expect(sandbox.read("out/choreo.schema.json") == printed.stdout)
    #expect(try sandbox.run(["schema", "extra"]).status == 2)
}

/// The preview's timing edits as code actions, through the real binary: the transition, the node
/// timing or the tween the cursor is in, retimed on whole frames in the file's units and given
/// another easing; a value from a var is changed at the var.
@Test func languageServerOffersTheTimingEditsAsCodeActions() throws {
    let client = try LSPClient()
    let initialize = try client.request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": [String: Any]()])
    let capabilities = try #require((initialize["result"] as? [String: Any])?["capabilities"] as? [String: Any])
    #expect((capabilities["codeActionProvider"] as? [String: Any])?["codeActionKinds"] as? [String] == ["quickfix", "refactor.rewrite"])
    try client.notify("initialized")
    let uri = "file:///tmp/choreo-lsp-test/timing.yaml"
    let text = """
        choreo: 1
        size: [100, 100]
        vars:
          quick: 300ms
        layers:
          - {id: bar, shape: rect, size: [20, 4], position: [50, 50]}
        states:
          closed: {}
          open: {bar: {rotation: 45deg}}
        transitions:
          # opening
          - from: closed
            to: open
            on: tap
            duration: 300ms
            delay: 50ms
            easing: ease-out
            nodes:
              bar: {duration: 12f}
          - {from: open, to: closed, on: tap, duration: $quick}

        """
    try client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": text]])
    _ = try client.receive { ($0["method"] as? String) == "textDocument/publishDiagnostics" }
    func actions(line: Int, only: [String]? = nil) throws -> [(title: String, kind: String, edits: [(line: Int, start: Int, end: Int, text: String)])] {
        var context: [String: Any] = ["diagnostics": [Any]()]
        if let only { context["only"] = only }
        let reply = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": uri], "range": ["start": ["line": line, "character": 6], "end": ["line": line, "character": 6]],
            "context": context,
        ])
        return try (reply["result"] as? [[String: Any]] ?? []).map { action in
            let edits = try #require(((action["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]])
            return (action["title"] as? String ?? "", action["kind"] as? String ?? "", try edits.map { edit in
                let range = try #require(edit["range"] as? [String: Any])
                let start = try #require(range["start"] as? [String: Any]), end = try #require(range["end"] as? [String: Any])
                return (start["line"] as? Int ?? -1, start["character"] as? Int ?? -1, end["character"] as? Int ?? -1, edit["newText"] as? String ?? "")
            })
        }
    }
    func action(_ list: [(title: String, kind: String, edits: [(line: Int, start: Int, end: Int, text: String)])], _ title: String)
        -> [(line: Int, start: Int, end: Int, text: String)]?
    {
        list.first { $0.title == title }?.edits
    }

    // In the first transition: its duration halved and doubled in ms, its delay removed, its easing changed.
    let first = try actions(line: 14)
    #expect(first.allSatisfy { $0.kind == "refactor.rewrite" })
    let faster = try #require(action(first, "Retime the transition closed->open on tap faster: duration 0.3s → 0.15s"), "\(first.map(\.title))")
    #expect(faster.count == 1 && faster[0] == (14, 14, 19, "150ms"))
    #expect(action(first, "Retime the transition closed->open on tap slower: duration 0.3s → 0.6s")?.first?.text == "600ms")
    let noDelay = try #require(action(first, "Retime the transition closed->open on tap: no delay (was 0.05s)"), "\(first.map(\.title))")
    #expect(noDelay.count == 1 && noDelay[0] == (15, 11, 15, "0ms"))
    let bouncy = try #require(action(first, "Change the easing of the transition closed->open on tap to bouncy (was ease-out)"))
    #expect(bouncy.count == 1 && bouncy[0] == (16, 12, 20, "bouncy"))
    #expect(!first.contains { $0.title.contains("to ease-out") }, "the easing it has is not offered")
    // The same from any line of the transition; only the quick fixes when the client asks for those.
    #expect(try actions(line: 11).map(\.title) == first.map(\.title))
    #expect(try actions(line: 14, only: ["quickfix"]).isEmpty)
    #expect(try actions(line: 14, only: ["refactor"]).map(\.title) == first.map(\.title))

    // In its `nodes:`: the node's own timing, in frames as written.
    let node = try actions(line: 18)
    let nodeFaster = try #require(action(node, "Retime 'bar' in closed->open on tap faster: duration 0.2s → 0.1s"), "\(node.map(\.title))")
    #expect(nodeFaster.count == 1 && nodeFaster[0] == (18, 22, 25, "6f"))
    let nodeEasing = try #require(action(node, "Change the easing of 'bar' in closed->open on tap to linear"))
    #expect(nodeEasing.count == 1 && nodeEasing[0].line == 18 && nodeEasing[0].text == ", easing: linear")

    // A duration from a var: changed at the var.
    let second = try actions(line: 19)
    let varEdit = try #require(action(second, "Retime the transition open->closed on tap faster: duration 0.3s → 0.15s"), "\(second.map(\.title))")
    #expect(varEdit.count == 1 && varEdit[0] == (3, 9, 14, "150ms"))
    // Nothing outside transitions and timelines.
    #expect(try actions(line: 5).isEmpty)

    _ = try client.request("shutdown")
    try client.notify("exit")
    #expect(client.waitForExit() == 0)
}
