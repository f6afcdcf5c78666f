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

    try sandbox.mkdir("elsewhere")
    try sandbox.write("elsewhere/toggle.yaml", Scenes.toggle)
    let installed = prefix.appendingPathComponent("bin/choreo").path
    let version = try run(installed, ["--version"], in: sandbox.url("elsewhere"))
    #expect(version.status == 0 && version.stdout.hasPrefix("choreo "), "\(version)")
    let preview = try run(installed, ["preview", "toggle.yaml", "-o", "site"], in: sandbox.url("elsewhere"))
    #expect(preview.status == 0, "the installed binary finds the preview page's resources: \(preview)")
    #expect(sandbox.read("elsewhere/site/toggle.html")?.contains("<svg") == true)

    let uninstall = try run("/bin/bash", [script, "--uninstall", prefix.path], in: sandbox.root)
    #expect(uninstall.status == 0, "\(uninstall)")
    #expect(sandbox.list("prefix/bin").isEmpty)
    #expect(!sandbox.exists("prefix/lib/choreo"))
}

@Test func uninstallLeavesAForeignChoreoAlone() throws {
    let sandbox = try Sandbox()
    try sandbox.write("prefix/bin/choreo", "#!/bin/sh\necho someone else's\n")
    let script = checkout.appendingPathComponent("scripts/install.sh").path
    let uninstall = try run("/bin/bash", [script, "--uninstall", sandbox.url("prefix").path], in: sandbox.root)
    #expect(uninstall.status == 0, "\(uninstall)")
    #expect(uninstall.stderr.contains("is not the link this script installs; left alone"), "\(uninstall)")
    #expect(sandbox.exists("prefix/bin/choreo"))
}
