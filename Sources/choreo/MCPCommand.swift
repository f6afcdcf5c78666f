import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoJSON
import ChoreoMCP
import ChoreoScene
import ChoreoTimeline
import ChoreoYAML
import Foundation

/// `choreo mcp`: the stdio loop around `MCPServer`, which handles the messages. Reads stdin as it
/// arrives, a message a line, answers each in order, and ends when stdin closes (0) or cannot be
/// read (1). Every file a tool names is read and written by `StartDirectoryWorkspace`, inside
/// `directory` (default the working directory).
func runMCPServer(directory: String?) -> ExitStatus {
    let shown = TextEscaping.terminal(directory ?? ".")
    var info = stat()
    guard let root = realPath(directory ?? "."), stat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
        Console.error("choreo: error: mcp: '\(shown)' is not a directory that can be resolved\n")
        return .usage
    }
    // A client that starts its servers in `/` would otherwise hand the agent every file of the machine.
    guard root != "/" else {
        Console.error("choreo: error: mcp: refusing to serve the whole file system ('/'); start it in the project's folder or pass --directory DIR\n")
        return .usage
    }
    let workspace = StartDirectoryWorkspace(root: pathComponents(root), docs: docsDirectory())
    let server = MCPServer(workspace: workspace, version: choreoVersion)
    var framer = LineFramer()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count >= 0 else {
            Console.error("choreo: error: mcp: stdin cannot be read: \(String(cString: strerror(errno)))\n")
            return .failure
        }
        if count == 0 {
            if framer.pendingBytes > 0 {
                Console.error("choreo: mcp: the input closed in the middle of a message of \(framer.pendingBytes) bytes; it was not answered\n")
            }
            return .success
        }
        framer.append(buffer[..<count])
        var lines: [LineFramer.Line] = []
        while let line = framer.nextLine() { lines.append(line) }
        // Every message that has arrived, as one batch: a request cancelled before its turn is not run.
        for message in server.handle(lines: lines) {
            Console.outFormatted(LineFramer.frame(message))
        }
    }
}

/// The `docs/` directory beside the binary or above it (a build tree, or an install's
/// `lib/choreo/docs`), nil when there is none.
func docsDirectory() -> URL? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    if let executable = Bundle.main.executableURL { directory = executable.resolvingSymlinksInPath().deletingLastPathComponent() }
    for _ in 0..<5 {
        let docs = directory.appendingPathComponent("docs")
        if FileManager.default.fileExists(atPath: docs.appendingPathComponent("diagnostics.md").path) { return docs }
        directory = directory.deletingLastPathComponent()
    }
    return nil
}

/// The MCP server's files: scenes and outputs inside the start directory (`root`, a real path),
/// under the compiler's containment rule (`resolveInside`: links followed component by
/// component, nothing outside looked at), and the docs.
struct StartDirectoryWorkspace: MCPWorkspace {
    let root: [String]
    let docs: URL?

    var files: any SceneFileAccess { sceneFileAccess }
    var artwork: (any ArtworkLoading)? { artworkLoader }
    var outputKinds: [String] { EmitKind.allCases.map(\.rawValue) }

    /// A caller's path as the real path of a regular file inside the start directory.
    private func locate(_ path: String) -> Result<[String], MCPFileError> {
        let shown = TextEscaping.terminal(String(path.prefix(200)))
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return .failure(MCPFileError("'\(shown)' has a control character; name a scene file inside the server's directory"))
        }
        switch resolveInside(root, name: path, in: FileSystemTree()) {
        case let .success(real): return .success(real)
        case .failure(.outsideFolder):
            return .failure(MCPFileError(
                "'\(shown)' is not inside the directory the server was started in; name the file relative to it, without '..'"))
        case let .failure(refusal):
            return .failure(MCPFileError("'\(shown)' cannot be read: \(refusal.reason)"))
        }
    }

    func readScene(_ path: String) -> Result<SourceFile, MCPFileError> {
        let real: [String]
        switch locate(path) {
        case let .success(found): real = found
        case let .failure(error): return .failure(error)
        }
        // One byte past the limit, so the YAML reader reports file-too-large as `lint` does.
        switch readRegularFile(real, atMost: YAMLLimits.defaultMaxFileBytes + 1) {
        case let .success(bytes): return .success(SourceFile(path: normalized(path), bytes: bytes))
        case let .failure(refusal): return .failure(MCPFileError("'\(TextEscaping.terminal(String(path.prefix(200))))' cannot be read: \(refusal.reason)"))
        }
    }

    func writeScene(_ path: String, text: String, expected: [UInt8]) -> Result<Void, MCPFileError> {
        let real: String
        switch locate(path) {
        case let .success(found): real = "/" + found.joined(separator: "/")
        case let .failure(error): return .failure(error)
        }
        do throws(OutputError) {
            try replaceFixedScene(real, read: expected, stamp: FileStamp(path: real), with: text)
            return .success(())
        } catch {
            return .failure(MCPFileError(error.message.replacingOccurrences(of: real, with: normalized(path))))
        }
    }

    func writeOutputs(of timeline: Timeline, kinds: [String], into directory: String, scene: SourceFile) -> Result<[WrittenOutput], MCPFileError> {
        guard isUsableFileName(timeline.name) else {
            return .failure(MCPFileError("the scene name '\(TextEscaping.terminal(timeline.name))' cannot be used as a file name; nothing written"))
        }
        let folder: String
        switch outputFolder(directory) {
        case let .success(found): folder = found
        case let .failure(error): return .failure(error)
        }
        let emitted = kinds.compactMap(EmitKind.init(rawValue:)).sorted()
        let files = emitted.map { kind in
            OutputFile(path: folder + "/" + kind.fileName(for: timeline.name)) { emitOutput(kind, of: timeline, pretty: false, into: $0) }
        }
        var protected = Set<FileIdentity>()
        if case let .success(real) = locate(scene.path), let identity = FileIdentity(path: "/" + real.joined(separator: "/")) {
            protected.insert(identity)
        }
        do throws(OutputError) {
            try writeAtomically(files, protecting: protected)
        } catch {
            return .failure(MCPFileError(error.message.replacingOccurrences(of: folder + "/", with: normalized(directory) + "/")))
        }
        let relative = normalized(directory)
        return .success(zip(emitted, files).map { kind, file in
            var info = stat()
            let size = stat(file.path, &info) == 0 ? Int(info.st_size) : 0
            return WrittenOutput(kind: kind.rawValue, path: (relative == "." ? "" : relative + "/") + kind.fileName(for: timeline.name), bytes: size)
        })
    }

    func checkOutputDirectory(_ directory: String) -> MCPFileError? {
        if case let .failure(error) = outputFolder(directory, creating: false) { return error }
        return nil
    }

    /// The output folder's real path: inside the start directory, reached through no link, and
    /// made where missing when `creating`.
    private func outputFolder(_ directory: String, creating: Bool = true) -> Result<String, MCPFileError> {
        let shown = TextEscaping.terminal(String(directory.prefix(200)))
        let parts = directory.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        guard !directory.hasPrefix("/"), !parts.contains(".."),
            !directory.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else {
            return .failure(MCPFileError("'\(shown)' is not inside the directory the server was started in; name the folder relative to it, without '..'"))
        }
        var current = "/" + root.joined(separator: "/")
        for part in parts {
            current += "/" + part
            var info = stat()
            if lstat(current, &info) != 0 {
                guard creating else { break }
                guard mkdir(current, 0o755) == 0 || errno == EEXIST else {
                    return .failure(MCPFileError("cannot create the folder '\(shown)': \(String(cString: strerror(errno)))"))
                }
                continue
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                return .failure(MCPFileError("'\(shown)' is not a folder of the server's directory (a part of it is \(fileKind(info.st_mode)))"))
            }
        }
        return .success(current)
    }

    func documentation(_ name: String) -> String? {
        guard let docs, !name.contains("/") else { return nil }
        let path = docs.appendingPathComponent(name).path
        guard let real = realPath(path), case let .success(bytes) = readRegularFile(pathComponents(real), atMost: 1 << 20) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The path as the diagnostics name the file: without `./` and doubled slashes.
    private func normalized(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
