import ChoreoDiagnostics
import ChoreoJSON
import ChoreoMCP
import ChoreoScene
import ChoreoTimeline
import Testing

/// The line framing and the server's messages in process, on a scene held in memory.
@Suite struct LineFramingTests {
    static func lines(_ chunks: [String], limit: Int = LineFramer.maxLineBytes) -> [LineFramer.Line] {
        var framer = LineFramer(maxLineBytes: limit)
        var found: [LineFramer.Line] = []
        for chunk in chunks {
            framer.append(Array(chunk.utf8))
            while let line = framer.nextLine() { found.append(line) }
        }
        return found
    }

    @Test func linesAreTheSameHoweverTheStreamIsSplit() {
        let stream = "{\"a\":1}\r\n\n  \n{\"b\":\"x\\ny\"}\n{\"c\""
        let whole = Self.lines([stream])
        #expect(whole == [.message(Array("{\"a\":1}".utf8)), .message(Array("{\"b\":\"x\\ny\"}".utf8))])
        for size in 1...7 {
            var chunks: [String] = []
            var rest = Substring(stream)
            while !rest.isEmpty { chunks.append(String(rest.prefix(size))); rest = rest.dropFirst(size) }
            #expect(Self.lines(chunks) == whole, "chunks of \(size)")
        }
    }

    @Test func anOversizedLineIsDroppedAsItArrivesAndTheNextLineRead() {
        var framer = LineFramer(maxLineBytes: 16)
        framer.append(Array(String(repeating: "x", count: 40).utf8))
        #expect(framer.nextLine() == .tooLong(40))
        #expect(framer.pendingBytes == 0)  // nothing of it is held
        framer.append(Array(String(repeating: "y", count: 1_000).utf8))
        #expect(framer.nextLine() == nil)  // reported once per line
        #expect(framer.pendingBytes == 0)
        framer.append(Array("zz\n{}\n".utf8))
        #expect(framer.nextLine() == .message(Array("{}".utf8)))
        #expect(Self.lines(["0123456789abcdefghij\n{}\n"], limit: 16) == [.tooLong(20), .message(Array("{}".utf8))])
    }

    @Test func aFramedReplyIsOneLine() {
        let framed = LineFramer.frame(.object([("text", .string("a\nb\r\u{2028}c")), ("n", .number(1.0 / 3))]))
        #expect(framed.filter { $0 == "\n" }.count == 1 && framed.hasSuffix("\n"))
        #expect(framed.contains("0.333333") && !framed.contains("0.3333333"))
    }
}

/// One scene, `scene.yaml`, in memory; nothing else exists.
final class MemoryWorkspace: MCPWorkspace, @unchecked Sendable {
    var scene: [UInt8]
    var writes = 0

    init(_ scene: String) { self.scene = Array(scene.utf8) }

    func readScene(_ path: String) -> Result<SourceFile, MCPFileError> {
        path == "scene.yaml" ? .success(SourceFile(path: path, bytes: scene)) : .failure(MCPFileError("'\(path)' is not inside"))
    }

    func writeScene(_ path: String, text: String, expected: [UInt8]) -> Result<Void, MCPFileError> {
        guard expected == scene else { return .failure(MCPFileError("the file changed")) }
        scene = Array(text.utf8)
        writes += 1
        return .success(())
    }

    var files: any SceneFileAccess { NoFiles() }
    var artwork: (any ArtworkLoading)? { nil }
    var outputKinds: [String] { ["lottie"] }
    func checkOutputDirectory(_ directory: String) -> MCPFileError? { directory == "build" ? nil : MCPFileError("not inside") }
    func writeOutputs(of timeline: Timeline, kinds: [String], into directory: String, scene: SourceFile) -> Result<[WrittenOutput], MCPFileError> {
        .success([WrittenOutput(kind: "lottie", path: "build/\(timeline.name).json", bytes: 1)])
    }
    func documentation(_ name: String) -> String? { nil }
}

struct NoFiles: SceneFileAccess {
    func read(_ name: String, besideScene scenePath: String, limit: Int) -> SceneFileRead { .refused(.missing) }
    func readInstalledFont(at path: String, limit: Int) -> SceneFileRead { .refused(.missing) }
}

@Suite struct MCPServerTests {
    static let scene = """
        choreo: 1
        name: dot
        size: [100, 100]
        layers:
          - id: dot
            shape: ellipse
            radius: 10   # small
            position: [50, 50]
        states:
          rest: {}
          big: {dot: {scale: 2}}
        transitions:
          - {from: rest, to: big, on: tap, duration: 300ms}

        """

    static func initialized(_ workspace: MemoryWorkspace) -> MCPServer {
        let server = MCPServer(workspace: workspace, version: "test")
        _ = server.handle(.object([
            ("jsonrpc", "2.0"), ("id", 0), ("method", "initialize"),
            ("params", .object([("protocolVersion", "2025-06-18"), ("capabilities", .object([]))])),
        ]))
        return server
    }

    static func call(_ server: MCPServer, _ tool: String, _ arguments: [(String, JSONValue)]) -> JSONValue? {
        server.handle(.object([
            ("jsonrpc", "2.0"), ("id", 1), ("method", "tools/call"),
            ("params", .object([("name", .string(tool)), ("arguments", .object(arguments))])),
        ]))?["result"]
    }

    @Test func requestsBeforeInitializeAreRefusedExceptPing() {
        let server = MCPServer(workspace: MemoryWorkspace(Self.scene), version: "test")
        let list = server.handle(.object([("jsonrpc", "2.0"), ("id", 1), ("method", "tools/list")]))
        #expect(list?["error"]?["code"] == .int(JSONRPC.invalidRequest))
        let ping = server.handle(.object([("jsonrpc", "2.0"), ("id", 2), ("method", "ping")]))
        #expect(ping?["result"] == .object([]))
    }

    @Test func anUnknownProtocolVersionGetsTheNewest() {
        let server = MCPServer(workspace: MemoryWorkspace(Self.scene), version: "test")
        let reply = server.handle(.object([
            ("jsonrpc", "2.0"), ("id", 0), ("method", "initialize"), ("params", .object([("protocolVersion", "1999-01-01")])),
        ]))
        #expect(reply?["result"]?["protocolVersion"] == .string(MCPServer.protocolVersions[0]))
    }

    @Test func aRequestCancelledInTheSameBatchIsNotRun() {
        let workspace = MemoryWorkspace(Self.scene)
        let server = Self.initialized(workspace)
        let edit = #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"edit","arguments":{"path":"scene.yaml","operations":[{"op":"set","at":"states.big.dot.scale","value":3}]}}}"#
        let cancel = #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}"#
        let ping = #"{"jsonrpc":"2.0","id":8,"method":"ping"}"#
        let replies = server.handle(lines: [edit, cancel, ping].map { .message(Array($0.utf8)) })
        #expect(replies.map { $0["id"] } == [.int(8)])
        #expect(workspace.writes == 0)
    }

    @Test func anEditChangesOnlyTheValueAndReportsTheDiagnosticsAfterIt() {
        let workspace = MemoryWorkspace(Self.scene)
        let server = Self.initialized(workspace)
        let result = Self.call(server, "edit", [
            ("path", "scene.yaml"),
            ("operations", .array([.object([("op", "set"), ("at", "layers[0].radius"), ("value", .int(14))])])),
        ])
        #expect(result?["isError"] == .bool(false))
        #expect(String(decoding: workspace.scene, as: UTF8.self) == Self.scene.replacingOccurrences(of: "radius: 10", with: "radius: 14"))
        #expect(result?["structuredContent"]?["errors"] == .int(0))
    }

    @Test func editsApplyAllOrNone() {
        let workspace = MemoryWorkspace(Self.scene)
        let server = Self.initialized(workspace)
        let result = Self.call(server, "edit", [
            ("path", "scene.yaml"),
            ("operations", .array([
                .object([("op", "set"), ("at", "layers[0].radius"), ("value", .int(14))]),
                .object([("op", "set"), ("at", "layers[5].radius"), ("value", .int(1))]),
            ])),
        ])
        #expect(result?["isError"] == .bool(true))
        #expect(workspace.writes == 0)
    }

    @Test func argumentsAreCheckedBeforeTheSceneIsCompiled() {
        let server = Self.initialized(MemoryWorkspace("choreo: 1\nname: broken\nsize: [10, 10]\nlayers: 3\n"))
        for (tool, arguments) in [
            ("snapshot", [("path", JSONValue.string("scene.yaml")), ("width", .int(100_000))]),
            ("compile", [("path", "scene.yaml"), ("outputDirectory", "../out")]),
            ("lint", [("path", "scene.yaml"), ("bogus", .int(1))]),
            ("lint", [("path", .string(String(repeating: "x", count: 5_000)))]),
        ] {
            #expect(Self.call(server, tool, arguments)?["isError"] == .bool(true), "\(tool) \(arguments.map(\.0))")
        }
    }
}
