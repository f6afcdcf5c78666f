import ChoreoTestSupport
import Foundation
import Testing

// scripts/install.sh, run as the README tells a new user to, on the binary this test run built.

private let checkout = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs a program with the given working directory and no stdin; returns its status and output.
private func run(_ program: String, _ arguments: [String], in directory: URL) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["PATH"] = "/usr/bin:/bin"
    process.environment = environment
    let out = Pipe(), err = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                     stderr: String(decoding: stderr, as: UTF8.self))
}

@Test func installedBinaryRunsFromAnotherDirectoryAndUninstallsCleanly() throws {
    let binary = try #require(choreoExecutable, "the choreo binary was not found next to the test bundle")
    let sandbox = try Sandbox()
    let prefix = sandbox.url("prefix")
    let script = checkout.appendingPathComponent("scripts/install.sh").path

    let install = try run("/bin/bash", [script, "--from", binary.deletingLastPathComponent().path, prefix.path], in: sandbox.root)
    #expect(install.status == 0, "\(install)")
    #expect(install.stdout.contains("as \(prefix.path)/bin/choreo"), "\(install)")
    #expect(install.stdout.contains("is not on your PATH"), "the script tells where to put the binary on PATH: \(install)")
    #expect(sandbox.exists("prefix/lib/choreo/Choreo_ChoreoSVG.resources/Resources/preview.html"))
    // The pages `choreo mcp` serves as resources, found beside the installed binary.
    for page in ["scene-format.md", "diagnostics.md", "diagnostics-yaml.md", "limits.md"] {
        let expected = try String(contentsOf: checkout.appendingPathComponent("docs/\(page)"), encoding: .utf8)
        #expect(sandbox.read("prefix/lib/choreo/docs/\(page)") == expected, "\(page)")
    }

    try sandbox.mkdir("elsewhere")
    try sandbox.write("elsewhere/toggle.yaml", Scenes.toggle)
    let installed = prefix.appendingPathComponent("bin/choreo").path
    let version = try run(installed, ["--version"], in: sandbox.url("elsewhere"))
    #expect(version.status == 0 && version.stdout.hasPrefix("choreo "), "\(version)")
    let preview = try run(installed, ["preview", "toggle.yaml", "-o", "site"], in: sandbox.url("elsewhere"))
    #expect(preview.status == 0, "the installed binary finds the preview page's resources: \(preview)")
    #expect(sandbox.read("elsewhere/site/toggle.html")?.contains("<svg") == true)
    let session = #"printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}' '{"jsonrpc":"2.0","id":2,"method":"resources/list"}' | "$0" mcp"#
    let mcp = try run("/bin/bash", ["-c", session, installed], in: sandbox.url("elsewhere"))
    #expect(mcp.status == 0 && mcp.stdout.contains(#""uri":"choreo://docs/scene-format.md""#), "the installed MCP server serves the docs: \(mcp)")

    let uninstall = try run("/bin/bash", [script, "--uninstall", prefix.path], in: sandbox.root)
    #expect(uninstall.status == 0, "\(uninstall)")
    #expect(sandbox.list("prefix/bin").isEmpty)
    #expect(!sandbox.exists("prefix/lib/choreo"))
}

/// A foreign `bin/choreo` is left alone, and so is the `lib/choreo` beside it (it may be what
/// that command runs): the script said it left the command alone, then deleted its directory.
@Test func uninstallLeavesAForeignChoreoAlone() throws {
    let sandbox = try Sandbox()
    try sandbox.write("prefix/bin/choreo", "#!/bin/sh\nexec \"$(dirname \"$0\")/../lib/choreo/choreo\" \"$@\"\n")
    try sandbox.write("prefix/lib/choreo/choreo", "#!/bin/sh\necho someone else's\n")
    try sandbox.write("prefix/lib/choreo/Choreo_ChoreoSVG.resources/x", "")
    let script = checkout.appendingPathComponent("scripts/install.sh").path
    let uninstall = try run("/bin/bash", [script, "--uninstall", sandbox.url("prefix").path], in: sandbox.root)
    #expect(uninstall.status == 1, "\(uninstall)")
    #expect(uninstall.stderr.contains("is not the link this script installs; it and \(sandbox.url("prefix/lib/choreo").path) are left alone, nothing removed"), "\(uninstall)")
    #expect(sandbox.exists("prefix/bin/choreo"))
    #expect(sandbox.exists("prefix/lib/choreo/choreo"))
}

/// Installing over a `bin/choreo` or a `lib/choreo` this script did not put there is refused
/// (it was replaced without a word); `--force` replaces them.
@Test func installDoesNotReplaceAForeignChoreo() throws {
    let binary = try #require(choreoExecutable, "the choreo binary was not found next to the test bundle")
    let script = checkout.appendingPathComponent("scripts/install.sh").path
    for foreign in ["prefix/bin/choreo", "prefix/lib/choreo/notes.txt"] {
        let sandbox = try Sandbox()
        try sandbox.write(foreign, "someone else's\n")
        let install = try run("/bin/bash", [script, "--from", binary.deletingLastPathComponent().path, sandbox.url("prefix").path], in: sandbox.root)
        #expect(install.status == 1, "\(install)")
        #expect(install.stderr.contains("is not") && install.stderr.contains("nothing installed (--force replaces it)"), "\(install)")
        #expect(sandbox.read(foreign) == "someone else's\n")
        let forced = try run("/bin/bash", [script, "--force", "--from", binary.deletingLastPathComponent().path, sandbox.url("prefix").path], in: sandbox.root)
        #expect(forced.status == 0, "\(forced)")
        #expect(try run(sandbox.url("prefix/bin/choreo").path, ["--version"], in: sandbox.root).status == 0)
    }
}

/// A relative PREFIX (and `--from DIR`) is the caller's, not the checkout's: `install.sh
/// out` run from a project installed into the checkout.
@Test func aRelativePrefixIsTakenFromTheCallersDirectory() throws {
    let binary = try #require(choreoExecutable, "the choreo binary was not found next to the test bundle")
    let sandbox = try Sandbox()
    let name = "relative-prefix-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(at: checkout.appendingPathComponent(name)) }
    try FileManager.default.createSymbolicLink(at: sandbox.url("built"), withDestinationURL: binary.deletingLastPathComponent())
    let script = checkout.appendingPathComponent("scripts/install.sh").path
    let install = try run("/bin/bash", [script, "--from", "built", name], in: sandbox.root)
    #expect(install.status == 0, "\(install)")
    #expect(sandbox.exists("\(name)/bin/choreo"), "\(install)")
    #expect(!FileManager.default.fileExists(atPath: checkout.appendingPathComponent(name).path))
}
