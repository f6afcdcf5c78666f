import ChoreoTestSupport
import Foundation
import Testing

// What `choreo` prints may land in a GitHub Actions log, whose runner obeys `::command` at the
// start of a line (after any white space it trims) and its legacy `##[command]` anywhere in one
// (docs/security.md). No line of any format may hold either, whatever the scene and its file
// name hold.

/// The lines of a run's output that the runner would obey, but for the annotations of
/// `--format github` itself (a line starting with `::error file=`, `::warning file=` or
/// `::notice file=`).
private func commandLines(_ result: ProcessResult) -> [Substring] {
    (result.stdout + result.stderr).split(separator: "\n").filter { line in
        if line.contains("##[") { return true }
        if ["::error file=", "::warning file=", "::notice file="].contains(where: { line.hasPrefix($0) }) { return false }
        return line.drop(while: { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) }).hasPrefix("::")
    }
}

/// A scene key `"##[error]Forged"` printed raw in the message and the excerpt of a diagnostic.
@Test(arguments: ["text", "json", "sarif", "github"])
func aSceneKeyCannotForgeALegacyWorkflowCommand(_ format: String) throws {
    let sandbox = try Sandbox()
    try sandbox.write("scene.yaml", Scenes.dot + "    \"##[error]Forged\": 1\n    \"##[add-mask]x ::stop-commands::y\": 2\n")
    let result = try runChoreo(["lint", "--format", format, "scene.yaml"], in: sandbox.root)
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout.contains("Forged"), "\(result)")
    #expect(commandLines(result).isEmpty, "\(commandLines(result))")
}

/// A file name holding a line break followed by spaces and `::error …` forged an annotation in
/// `diff`'s text output and in usage errors (the runner trims the spaces); `##[` in a name, too.
@Test func fileNamesCannotForgeWorkflowCommands() throws {
    let sandbox = try Sandbox()
    let name = "a\n   ::error file=x.yaml::Forged ##[add-mask]x.yaml"
    try sandbox.write("old/" + name, Scenes.dot)
    try sandbox.write("new/" + name, Scenes.dot.replacingOccurrences(of: "radius: 10", with: "radius: 12"))
    for format in ["text", "markdown", "json"] {
        let diff = try runChoreo(["diff", "old/" + name, "new/" + name, "--format", format], in: sandbox.root)
        #expect(diff.status == 1, "\(diff)")
        #expect(diff.stdout.contains("Forged"), "\(diff)")
        #expect(commandLines(diff).isEmpty, "\(format): \(commandLines(diff))")
    }
    for arguments in [["lint", "missing/" + name], ["diff", "old/" + name, "missing/" + name], ["compile", "--emit", name, "old/" + name]] {
        let usage = try runChoreo(arguments, in: sandbox.root)
        #expect(usage.status == 2, "\(usage)")
        #expect(usage.stderr.contains("Forged"), "\(usage)")
        #expect(commandLines(usage).isEmpty, "\(arguments): \(commandLines(usage))")
    }
    // The same name through git: `diff --git`'s text output and its file annotations.
    let repo = sandbox.url("old")
    for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "base"]] {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git"] + arguments
        git.currentDirectoryURL = repo
        git.standardOutput = FileHandle.nullDevice
        try git.run()
        git.waitUntilExit()
    }
    try Data(Scenes.dot.replacingOccurrences(of: "radius: 10", with: "radius: 14").utf8).write(to: sandbox.url("old/" + name))
    for format in ["text", "github", "markdown"] {
        let diff = try runChoreo(["diff", "--git", "HEAD", "--format", format], in: repo)
        #expect(diff.status == 1, "\(diff)")
        #expect(commandLines(diff).isEmpty, "\(format): \(commandLines(diff))")
    }
}
