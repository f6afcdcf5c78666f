import Foundation
import Testing

// `choreo lint`: diagnostics on stdout in each format, exit codes, no files written.

@Test func lintTextGoesToStdoutAndExitsOneOnErrors() throws {
    let sandbox = try Sandbox()
    try sandbox.write("broken.yaml", Scenes.broken)
    let result = try sandbox.run(["lint", "broken.yaml"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix("broken.yaml:"), "\(result)")
    #expect(result.stdout.contains(": error: "))
    #expect(sandbox.list("") == ["broken.yaml"], "lint writes no files")
}

@Test func lintJSONIsAnArrayOfDiagnostics() throws {
    let sandbox = try Sandbox()
    try sandbox.write("broken.yaml", Scenes.broken)
    let result = try sandbox.run(["lint", "--format", "json", "broken.yaml"])
    #expect(result.status == 1, "\(result)")
    let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(!array.isEmpty)
    for entry in array {
        #expect(entry["file"] as? String == "broken.yaml")
        for key in ["line", "column", "endLine", "endColumn"] { #expect(entry[key] is Int, "\(key)") }
        #expect(entry["rule"] is String && entry["message"] is String && entry["notes"] is [Any])
    }
    #expect(array.contains { $0["severity"] as? String == "error" })
}

@Test func lintGitHubPrintsWorkflowCommands() throws {
    let sandbox = try Sandbox()
    try sandbox.write("broken.yaml", Scenes.broken)
    let result = try sandbox.run(["lint", "--format", "github", "broken.yaml"])
    #expect(result.status == 1, "\(result)")
    let lines = result.stdout.split(separator: "\n")
    #expect(!lines.isEmpty)
    #expect(lines.allSatisfy { $0.hasPrefix("::error file=broken.yaml,line=") || $0.hasPrefix("::warning file=broken.yaml,line=") || $0.hasPrefix("::notice file=broken.yaml,line=") }, "\(result)")
}

@Test func lintSARIFIsAValidLog() throws {
    let sandbox = try Sandbox()
    try sandbox.write("broken.yaml", Scenes.broken)
    let result = try sandbox.run(["lint", "--format", "sarif", "broken.yaml"])
    #expect(result.status == 1, "\(result)")
    let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any]
    #expect(driver?["name"] as? String == "choreo")
    #expect(driver?["version"] as? String == "0.1.0")
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(!results.isEmpty)
    #expect(results.contains { $0["level"] as? String == "error" })
}

@Test func lintOfACleanSceneIsSilentInEveryFormat() throws {
    let sandbox = try Sandbox()
    try sandbox.write("dot.yaml", Scenes.dot)
    let expected = ["text": "", "json": "[]\n", "github": ""]
    for (format, output) in expected.sorted(by: { $0.key < $1.key }) {
        let result = try sandbox.run(["lint", "--format", format, "--strict", "dot.yaml"])
        #expect(result.status == 0, "\(format): \(result)")
        #expect(result.stdout == output, "\(format)")
    }
    let sarif = try sandbox.run(["lint", "--format", "sarif", "dot.yaml"])
    #expect(sarif.status == 0)
    #expect(sarif.stdout.contains("\"results\": []"))
}

@Test func lintPointsAtTheMisspelledKey() throws {
    let sandbox = try Sandbox()
    try sandbox.write("broken.yaml", Scenes.broken)
    let result = try sandbox.run(["lint", "broken.yaml"])
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("broken.yaml:8:5: error: "), "\(result)")
    #expect(result.stdout.contains("    8 |     rotaton: 45deg\n      |     ^~~~~~~\n"), "\(result)")
}

/// A warning alone passes `lint` and fails `lint --strict`, in every format.
@Test func strictTurnsWarningsIntoAFailingExit() throws {
    let sandbox = try Sandbox()
    try sandbox.write(
        "warned.yaml",
        """
        choreo: 1
        size: [100, 100]
        layers:
          - {id: dot, shape: ellipse, radius: 10, position: [50, 50], fill: red}
        states:
          rest: {}
          away: {dot: {opacity: 0.5}}

        """)
    let relaxed = try sandbox.run(["lint", "warned.yaml"])
    #expect(relaxed.status == 0, "\(relaxed)")
    #expect(relaxed.stdout.contains("warning: "), "\(relaxed)")
    #expect(relaxed.stdout.contains("[unreachable-state]"), "\(relaxed)")
    for format in ["text", "json", "github", "sarif"] {
        let strict = try sandbox.run(["lint", "--strict", "--format", format, "warned.yaml"])
        #expect(strict.status == 1, "--format \(format): \(strict)")
    }
}
