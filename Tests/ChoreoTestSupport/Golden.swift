import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import Testing

/// Compares `actual` with the golden file at `path`. With `UPDATE_GOLDEN=1` in the environment
/// (never set in CI) it rewrites the file instead, and the test still fails, so that a recorded
/// baseline can never pass by accident: run again to check, then review the diff.
public func assertGolden(
    _ actual: String, path: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let url = URL(fileURLWithPath: path)
    let existing = try? String(contentsOf: url, encoding: .utf8)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
        if existing != actual {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded new golden file \(path); run the tests again without UPDATE_GOLDEN", sourceLocation: sourceLocation)
        }
        return
    }
    guard let existing else {
        Issue.record("missing golden file \(path); run with UPDATE_GOLDEN=1 to record it", sourceLocation: sourceLocation)
        return
    }
    if existing != actual {
        let expectedLines = existing.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var firstDifference = 0
        while firstDifference < min(expectedLines.count, actualLines.count),
            expectedLines[firstDifference] == actualLines[firstDifference]
        {
            firstDifference += 1
        }
        let expectedLine = firstDifference < expectedLines.count ? String(expectedLines[firstDifference].prefix(300)) : "<end>"
        let actualLine = firstDifference < actualLines.count ? String(actualLines[firstDifference].prefix(300)) : "<end>"
        Issue.record(
            "output differs from golden \(path) at line \(firstDifference + 1)\n  expected: \(expectedLine)\n  actual:   \(actualLine)\n(UPDATE_GOLDEN=1 rewrites it)",
            sourceLocation: sourceLocation)
    }
}

/// The repository's root directory, found from this source file's location.
public func repositoryRoot(filePath: String = #filePath) -> URL {
    var url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while url.path != "/" {
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        url = url.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}

/// The `choreo` executable built next to the test bundle (`<scratch>/debug/choreo`), or the one
/// named by `CHOREO_BIN`, for the tests that run the real binary.
public let choreoExecutable: URL? = {
    if let explicit = ProcessInfo.processInfo.environment["CHOREO_BIN"] { return URL(fileURLWithPath: explicit) }
    var candidates: [URL] = []
    if let first = ProcessInfo.processInfo.arguments.first {
        candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
    candidates.append(Bundle.main.bundleURL)
    for directory in candidates {
        let binary = directory.appendingPathComponent("choreo")
        if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
    }
    return nil
}()

/// What one run of the binary did.
public struct ProcessResult: CustomStringConvertible, Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// True when the process died of a signal (a crash) rather than exiting.
    public var crashed: Bool
    /// True when the process was killed for running too long.
    public var timedOut: Bool

    public var description: String { "exit \(status)\(crashed ? " (signal)" : "")\(timedOut ? " (killed: timed out)" : "")\n--- stdout\n\(stdout.prefix(2000))--- stderr\n\(stderr.prefix(2000))" }
}

/// Runs `choreo` with `arguments` in `directory`, with no stdin and NO_COLOR set. A run that
/// takes longer than `timeout` is killed and reported as `timedOut`.
public func runChoreo(
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
