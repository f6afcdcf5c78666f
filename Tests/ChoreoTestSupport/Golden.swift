import Foundation
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
