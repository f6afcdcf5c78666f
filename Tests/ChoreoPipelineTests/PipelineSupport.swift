import ChoreoDiagnostics
import ChoreoLottie
import ChoreoSVG
import ChoreoScene
import ChoreoTimeline
import ChoreoTestSupport
import Foundation
import Testing

/// The repository root, found from this file's path (Tests/ChoreoPipelineTests/PipelineSupport.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

func repositoryURL(_ relativePath: String) -> URL { repositoryRoot.appendingPathComponent(relativePath) }

/// The regular files directly in `directory` whose names end in one of `extensions`, sorted by name.
func files(in directory: URL, extensions: [String]) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { name in extensions.contains { name.hasSuffix($0) } }.sorted()
        .map { directory.appendingPathComponent($0) }
}

/// The scene files below `directory`, recursively, as paths relative to the repository root, sorted.
func sceneFiles(below relativeDirectory: String) -> [String] {
    let directory = repositoryURL(relativeDirectory)
    guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
    var found: [String] = []
    while let name = enumerator.nextObject() as? String {
        if name.hasSuffix(".yaml") || name.hasSuffix(".yml") { found.append(relativeDirectory + "/" + name) }
    }
    return found.sorted()
}

/// What the pipeline did with one input: compile, and when there is a timeline, emit Lottie, the
/// animated SVG and a snapshot, as the CLI and the fuzz target do.
struct PipelineRun {
    var compilation: SceneCompilation
    var outputBytes: Int

    var errors: [Diagnostic] { compilation.diagnostics.filter { $0.severity == .error } }
}

func runPipeline(_ bytes: [UInt8], path: String) -> PipelineRun {
    let compilation = compileScene(SourceFile(path: path, bytes: bytes))
    var outputBytes = 0
    if let timeline = compilation.timeline {
        outputBytes += LottieEmitter.emit(timeline).utf8.count
        outputBytes += SVGEmitter.animated(timeline).utf8.count
        outputBytes += SVGEmitter.snapshot(timeline, at: timeline.duration / 2).utf8.count
    }
    return PipelineRun(compilation: compilation, outputBytes: outputBytes)
}

/// What one run of the binary did.
struct ProcessResult: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String
    /// True when the process died of a signal (a crash) rather than exiting.
    var crashed: Bool
    /// True when the process was killed for running too long.
    var timedOut: Bool

    var description: String { "exit \(status)\(crashed ? " (signal)" : "")\(timedOut ? " (killed: timed out)" : "")\n--- stdout\n\(stdout.prefix(2000))--- stderr\n\(stderr.prefix(2000))" }
}

/// Runs `choreo` with `arguments` in `directory`, with no stdin and NO_COLOR set. A run that
/// takes longer than `timeout` is killed and reported as `timedOut`.
func runChoreo(
    _ arguments: [String], in directory: URL, timeout: Duration = .seconds(120),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> ProcessResult {
    let binary = try #require(choreoExecutable, "the choreo binary was not found next to the test bundle", sourceLocation: sourceLocation)
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    // A crash in deep recursion would otherwise spend minutes symbolicating thousands of frames.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    // Output goes to files, not pipes, so a chatty process can never block on a full pipe.
    let capture = FileManager.default.temporaryDirectory.appendingPathComponent("choreo-pipeline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: capture) }
    let outURL = capture.appendingPathComponent("stdout")
    let errURL = capture.appendingPathComponent("stderr")
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let outHandle = try FileHandle(forWritingTo: outURL)
    let errHandle = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = outHandle
    process.standardError = errHandle
    try process.run()
    let deadline = ContinuousClock.now + timeout
    var timedOut = false
    while process.isRunning {
        if ContinuousClock.now > deadline {
            kill(process.processIdentifier, SIGKILL)
            timedOut = true
            process.waitUntilExit()
            break
        }
        Thread.sleep(forTimeInterval: 0.01)
    }
    process.waitUntilExit()
    try outHandle.close()
    try errHandle.close()
    return ProcessResult(
        status: process.terminationStatus,
        stdout: String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self),
        stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self),
        crashed: process.terminationReason == .uncaughtSignal && !timedOut, timedOut: timedOut)
}

/// A fresh directory, removed when the value goes away.
final class ScratchDirectory: @unchecked Sendable {
    let url: URL

    init(_ label: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("choreo-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func url(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Every file below the directory, as relative paths, sorted.
    func allFiles() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: url.path) else { return [] }
        var found: [String] = []
        while let name = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                found.append(name)
            }
        }
        return found.sorted()
    }
}
