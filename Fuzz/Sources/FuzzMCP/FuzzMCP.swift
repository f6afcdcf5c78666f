import ChoreoDiagnostics
import ChoreoJSON
import ChoreoMCP
import ChoreoScene
import ChoreoTimeline

/// libFuzzer entry point for `choreo mcp`: the input is used twice.
///
/// 1. As the bytes of the stdio stream, fed to `LineFramer` in chunks whose sizes come from the
///    input itself (with a small line limit, so oversized lines are met too), every line handed
///    to one server after `initialize`, as the stdio loop does: lines, JSON, ids, methods,
///    cancellations and tool arguments are all mutated.
/// 2. As a scene file in an in-memory workspace: described, then (by the input's last byte)
///    edited at paths `describe` lists and at paths made of the input; or fixed; or edited and
///    diffed with its first version. A scene seed is so mutated into nearby scenes.
///
/// A crash, a trap, a hang or a sanitizer report is a bug; error results are expected.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMCP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    framedStream(bytes)
    mutatedScene(bytes)
    return 0
}

/// One scene file, `scene.yaml`, held in memory; fonts, artwork and outputs are refused.
private final class MemoryWorkspace: MCPWorkspace, @unchecked Sendable {
    var scene: [UInt8]

    init(scene: [UInt8]) { self.scene = scene }

    func readScene(_ path: String) -> Result<SourceFile, MCPFileError> {
        path == "scene.yaml" ? .success(SourceFile(path: path, bytes: scene)) : .failure(MCPFileError("no such scene"))
    }

    func writeScene(_ path: String, text: String, expected: [UInt8]) -> Result<Void, MCPFileError> {
        guard path == "scene.yaml", expected == scene else { return .failure(MCPFileError("changed meanwhile")) }
        scene = Array(text.utf8)
        return .success(())
    }

    var files: any SceneFileAccess { NoFiles() }
    var artwork: (any ArtworkLoading)? { nil }
    var outputKinds: [String] { ["lottie"] }
    func checkOutputDirectory(_ directory: String) -> MCPFileError? { nil }
    func writeOutputs(of timeline: Timeline, kinds: [String], into directory: String, scene: SourceFile) -> Result<[WrittenOutput], MCPFileError> {
        .failure(MCPFileError("nothing is written while fuzzing"))
    }
    func documentation(_ name: String) -> String? { name == "scene-format.md" ? "# Scenes\n" : nil }
}

private struct NoFiles: SceneFileAccess {
    func read(_ name: String, besideScene scenePath: String, limit: Int) -> SceneFileRead { .refused(.missing) }
    func readInstalledFont(at path: String, limit: Int) -> SceneFileRead { .refused(.missing) }
}

private func initializedServer(_ workspace: MemoryWorkspace) -> MCPServer {
    let server = MCPServer(workspace: workspace, version: "fuzz")
    _ = server.handle(.object([
        ("jsonrpc", "2.0"), ("id", 0), ("method", "initialize"),
        ("params", .object([("protocolVersion", "2025-06-18"), ("capabilities", .object([])),
            ("clientInfo", .object([("name", "fuzz"), ("version", "1")]))])),
    ]))
    _ = server.handle(.object([("jsonrpc", "2.0"), ("method", "notifications/initialized")]))
    return server
}

private let seedScene = Array("""
    choreo: 1
    name: fuzz
    size: [100, 100]
    layers:
      - {id: dot, shape: ellipse, radius: 10, position: [50, 50], fill: "#FF3B30"}
    states:
      rest: {}
      big: {dot: {scale: 2}}
    transitions:
      - {from: rest, to: big, on: tap, duration: 300ms}

    """.utf8)

private func framedStream(_ bytes: [UInt8]) {
    let server = initializedServer(MemoryWorkspace(scene: seedScene))
    // A small line limit, so that lines past it (dropped as they arrive) are reached.
    var framer = LineFramer(maxLineBytes: 4_096)
    var offset = 0
    var chunkIndex = 0
    while offset < bytes.count {
        // Chunk sizes 1…64 from the input: framing must not depend on how reads split the stream.
        let chunk = min(bytes.count - offset, 1 + Int(bytes[chunkIndex % bytes.count] % 64))
        chunkIndex += 1
        framer.append(bytes[offset..<offset + chunk])
        offset += chunk
        var lines: [LineFramer.Line] = []
        while let line = framer.nextLine() { lines.append(line) }
        for reply in server.handle(lines: lines) {
            // What the stdio loop writes must be one line: a line break inside would split a message.
            let framed = LineFramer.frame(reply)
            precondition(framed.utf8.dropLast().allSatisfy { $0 != 0x0A }, "a reply spans lines")
        }
    }
}

private func mutatedScene(_ bytes: [UInt8]) {
    let workspace = MemoryWorkspace(scene: bytes)
    let server = initializedServer(workspace)
    var id = 1
    func call(_ tool: String, _ arguments: [(String, JSONValue)]) -> JSONValue? {
        id += 1
        let reply = server.handle(.object([
            ("jsonrpc", "2.0"), ("id", .int(id)), ("method", "tools/call"),
            ("params", .object([("name", .string(tool)), ("arguments", .object([("path", "scene.yaml")] + arguments))])),
        ]))
        return reply?["result"]?["structuredContent"]
    }
    // Reading the outline compiles nothing; every other tool compiles the scene, so each input
    // takes one of three paths (chosen by its last byte) to keep an input's work small.
    let outline = call("describe", [("values", true)])
    func edit(_ path: String, _ kind: Int) {
        let operation: JSONValue
        switch kind % 3 {
        case 0: operation = .object([("op", "set"), ("at", .string(path)), ("value", .string(String(decoding: bytes.prefix(16).reversed(), as: UTF8.self)))])
        case 1: operation = .object([("op", "remove"), ("at", .string(path))])
        default: operation = .object([("op", "insert"), ("at", .string(path)), ("key", "fuzzKey"), ("value", .int(kind))])
        }
        _ = call("edit", [("operations", .array([operation]))])
    }
    var paths: [String] = []
    if case let .array(values)? = outline?["values"], !values.isEmpty {
        // Two of the scene's own paths, picked by the input.
        for pick in [Int(bytes.first ?? 0), Int(bytes.dropFirst().first ?? 0)] {
            if case let .string(path)? = values[pick % values.count]["path"] { paths.append(path) }
        }
    }
    switch Int(bytes.last ?? 0) % 3 {
    case 0:
        // Paths made of the input's own bytes, and the scene's.
        edit(String(decoding: bytes.prefix(24), as: UTF8.self), 0)
        edit("layers[0].\(String(decoding: bytes.suffix(12), as: UTF8.self))", 2)
        for (index, path) in paths.enumerated() { edit(path, index) }
    case 1:
        _ = call("fix", [])
    default:
        if let path = paths.first { edit(path, 0) }
        _ = call("diff", [])
    }
}
