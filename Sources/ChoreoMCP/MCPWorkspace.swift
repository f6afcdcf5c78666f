import ChoreoDiagnostics
import ChoreoScene
import ChoreoTimeline

/// What the MCP server reads and writes, handed to it by the CLI: the server itself opens no
/// file. Every path is as a tool's caller wrote it, relative to the directory the server was
/// started in, and the workspace holds each one inside that directory under the compiler's
/// containment rule (links resolved component by component, nothing outside looked at).
public protocol MCPWorkspace: Sendable {
    /// The scene file at `path`: a regular file inside the directory, at most the scene size
    /// limit. Its `SourceFile.path` is `path` as the diagnostics should name it.
    func readScene(_ path: String) -> Result<SourceFile, MCPFileError>
    /// Replaces the scene file at `path` with `text`, atomically, if it still holds `expected`
    /// (the bytes the edit was made from); otherwise nothing is written.
    func writeScene(_ path: String, text: String, expected: [UInt8]) -> Result<Void, MCPFileError>
    /// The fonts and SVGs a scene names, read beside it.
    var files: any SceneFileAccess { get }
    /// Reads the SVGs of `artwork:` nodes; nil leaves them errors.
    var artwork: (any ArtworkLoading)? { get }
    /// The outputs `compile` can write, as `choreo compile --emit` names them.
    var outputKinds: [String] { get }
    /// Writes the outputs of a compiled scene into `directory` (relative, inside the start
    /// directory, created when missing), never over the scene itself.
    /// Why `writeOutputs` would refuse `directory` (outside the start directory, through a link,
    /// not a folder), nil when it would not; creates nothing.
    func checkOutputDirectory(_ directory: String) -> MCPFileError?
    func writeOutputs(of timeline: Timeline, kinds: [String], into directory: String, scene: SourceFile) -> Result<[WrittenOutput], MCPFileError>
    /// A page of the documentation by its file name (`scene-format.md`), nil when this
    /// installation has no docs.
    func documentation(_ name: String) -> String?
}

/// Why a file could not be read or written, in words for the model (the path already escaped
/// where it came from the caller).
public struct MCPFileError: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}

/// One output `compile` wrote.
public struct WrittenOutput: Sendable, Equatable {
    public var kind: String
    public var path: String
    public var bytes: Int

    public init(kind: String, path: String, bytes: Int) {
        self.kind = kind
        self.path = path
        self.bytes = bytes
    }
}

/// The bounds every request is held to, besides the compiler's own (docs/limits.md).
public struct MCPLimits: Sendable {
    /// The longest path argument, in bytes.
    public var maxPathBytes = 1_024
    /// Operations in one `edit` call.
    public var maxEditOperations = 100
    /// Diagnostics listed in one result (the rest are counted), as `choreo lint` prints per file.
    public var maxDiagnostics = 200
    /// Entries of each list `describe` returns (nodes, states, values…); the rest are counted.
    public var maxListedEntries = 2_000
    /// The largest side of a snapshot, in pixels.
    public var maxSnapshotSide = 4_096
    /// The most pixels a snapshot draws.
    public var maxSnapshotPixels = 1 << 22
    /// The largest tool result, serialized: past it the result is an error saying how to ask for less.
    public var maxResultBytes = 16 << 20

    public init() {}
}
