import ChoreoTestSupport
import Foundation
import Testing

/// `choreo diff` end to end on the built binary: formats, exit codes, `--git`.

private let slower = Scenes.toggle.replacingOccurrences(of: "duration: 0.5s", with: "duration: 0.8s")
    .replacingOccurrences(of: "rotation: 90deg", with: "rotation: 45deg")

@Test func diffExitsZeroWithoutChangesAndOneWithThem() throws {
    let sandbox = try Sandbox()
    try sandbox.write("old.yaml", Scenes.toggle)
    try sandbox.write("same.yaml", "# a comment\n" + Scenes.toggle.replacingOccurrences(of: "0.5s", with: "500ms"))
    try sandbox.write("new.yaml", slower)
    let same = try sandbox.run(["diff", "old.yaml", "same.yaml"])
    #expect(same.status == 0, "\(same)")
    #expect(same.stdout == "no changes in the compiled motion\n")
    let changed = try sandbox.run(["diff", "old.yaml", "new.yaml"])
    #expect(changed.status == 1, "\(changed)")
    #expect(changed.stdout.contains("new.yaml:9: pose on.box.rotation: 90 → 45"), "\(changed)")
    #expect(changed.stdout.contains("new.yaml:11: transition off->on: duration 0.5 s → 0.8 s"), "\(changed)")
}

@Test func diffErrorsExitTwoWithTheDiagnostics() throws {
    let sandbox = try Sandbox()
    try sandbox.write("old.yaml", Scenes.toggle)
    try sandbox.write("broken.yaml", Scenes.broken)
    let broken = try sandbox.run(["diff", "old.yaml", "broken.yaml"])
    #expect(broken.status == 2, "\(broken)")
    #expect(broken.stderr.contains("broken.yaml:8:5: error"), "\(broken)")
    #expect(broken.stdout.isEmpty)
    for arguments in [["diff"], ["diff", "old.yaml"], ["diff", "old.yaml", "missing.yaml"], ["diff", "old.yaml", "old.yaml", "--format", "xml"],
                      ["diff", "--git", "-p"], ["diff", "--git", "--output=x"]] {
        let result = try sandbox.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result)")
    }
}

@Test func diffFormatsAreValidAndEscaped() throws {
    let sandbox = try Sandbox()
    try sandbox.write("old.yaml", Scenes.toggle)
    try sandbox.write("new.yaml", slower)
    let github = try sandbox.run(["diff", "old.yaml", "new.yaml", "--format", "github"])
    #expect(github.status == 1)
    let lines = github.stdout.split(separator: "\n").map(String.init)
    #expect(!lines.isEmpty)
    // A workflow command: `::notice PROPERTIES::MESSAGE`, properties `key=value` with `:` `,` `%` and
    // line breaks escaped.
    let command = /^::notice file=new\.yaml(,line=[0-9]+,col=[0-9]+)?,title=[^:,\r]*::[^\r]+$/
    for line in lines { #expect(line.wholeMatch(of: command) != nil, "not a workflow command: \(line)") }
    #expect(github.stdout.contains("::notice file=new.yaml,line=11,col=5,title=choreo diff%3A toggle%3A transition off->on::duration 0.5 s → 0.8 s\n"))

    let json = try sandbox.run(["diff", "old.yaml", "new.yaml", "--format", "json"])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let scenes = try #require(document["scenes"] as? [[String: Any]])
    let changes = try #require(scenes.first?["changes"] as? [[String: Any]])
    #expect(changes.contains { $0["area"] as? String == "transition" && $0["field"] as? String == "duration" && $0["line"] as? Int == 11 })

    let markdown = try sandbox.run(["diff", "old.yaml", "new.yaml", "--format", "markdown"])
    #expect(markdown.stdout.contains(#"| 11 | transition off\-\>on\: duration | 0\.5 s | 0\.8 s |"#), "\(markdown)")

    // Scene text that tries to break out of each medium.
    let hostile = Scenes.toggle.replacingOccurrences(of: "  off: {}", with: #"  off: {a11y: {label: "x|`y`<b>[l](u)\nz"}}"#)
    try sandbox.write("hostile.yaml", hostile)
    let table = try sandbox.run(["diff", "old.yaml", "hostile.yaml", "--format", "markdown"])
    #expect(table.status == 1, "\(table)")
    #expect(!table.stdout.contains("<b>") && !table.stdout.contains("`x`") && !table.stdout.contains("[l](u)"), "\(table)")
    #expect(table.stdout.contains(#"| 7 | state off\: label | none | “x\|\`y\`\<b\>\[l\]\(u\)\\u\{A\}z” |"#), "\(table)")
}

@Test func diffMatchesDirectoriesByName() throws {
    let sandbox = try Sandbox()
    try sandbox.write("a/toggle.yaml", Scenes.toggle)
    try sandbox.write("a/dot.yaml", Scenes.dot)
    try sandbox.write("b/renamed-file.yaml", slower)
    try sandbox.write("b/pulse.yaml", Scenes.pulse)
    let result = try sandbox.run(["diff", "a", "b"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout.contains("toggle (a/toggle.yaml → b/renamed-file.yaml):"), "\(result)")
    #expect(result.stdout.contains("scene pulse: added"), "\(result)")
    #expect(result.stdout.contains("scene dot: removed"), "\(result)")
}

/// Runs git in the sandbox, as a user of its own.
private func runGit(_ arguments: [String], in sandbox: Sandbox) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid"] + arguments
    process.currentDirectoryURL = sandbox.root
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "git \(arguments)")
}

@Test func diffAgainstAGitRevision() throws {
    let sandbox = try Sandbox()
    func git(_ arguments: [String]) throws { try runGit(arguments, in: sandbox) }
    try sandbox.write("scenes/toggle.yaml", Scenes.toggle)
    try sandbox.write("scenes/gone.yaml", Scenes.dot(named: "gone"))
    try sandbox.write("ci.yaml", "on: push\n")
    // A scene with errors that the change leaves alone (a test fixture) is not compiled.
    try sandbox.write("fixtures/broken.yaml", Scenes.broken)
    try git(["init", "-q"])
    try git(["add", "-A"])
    try git(["commit", "-qm", "base"])
    let clean = try sandbox.run(["diff", "--git", "HEAD"])
    #expect(clean.status == 0, "\(clean)")
    try sandbox.write("scenes/toggle.yaml", slower)
    try FileManager.default.removeItem(at: sandbox.url("scenes/gone.yaml"))
    try sandbox.write("scenes/new.yaml", Scenes.pulse)
    let result = try sandbox.run(["diff", "--git", "HEAD", "--format", "github"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout.contains("::notice file=scenes/toggle.yaml,line=11,col=5,"), "\(result)")
    #expect(result.stdout.contains("::notice title=choreo diff%3A gone%3A scene gone::removed"), "\(result)")
    #expect(result.stdout.contains("::notice file=scenes/new.yaml,line=1,col=1,title=choreo diff%3A pulse%3A scene pulse::added"), "\(result)")
    #expect(!result.stdout.contains("ci.yaml") && !result.stdout.contains("broken"), "\(result)")
    let onePath = try sandbox.run(["diff", "--git", "HEAD", "scenes/toggle.yaml"])
    #expect(onePath.status == 1 && !onePath.stdout.contains("gone"), "\(onePath)")
    let nothing = try sandbox.run(["diff", "--git", "HEAD", "scenes/typo.yaml"])
    #expect(nothing.status == 2 && nothing.stderr.contains("no Choreo scene at 'scenes/typo.yaml'"), "\(nothing)")
    let noRevision = try sandbox.run(["diff", "--git", "no-such-branch"])
    #expect(noRevision.status == 2 && noRevision.stderr.contains("no commit 'no-such-branch'"), "\(noRevision)")
}

/// The old side of `diff --git` draws the SVG as it was at the revision: a scene whose only
/// change is in its artwork file is compared (it used to be skipped as unchanged, and its old
/// side compiled the working tree's SVG), also from a folder below the repository's top.
@Test func diffAgainstAGitRevisionReadsTheArtworkThere() throws {
    let sandbox = try Sandbox()
    func git(_ arguments: [String]) throws { try runGit(arguments, in: sandbox) }
    let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle id="ball" cx="5" cy="5" r="4" fill="#8A5A00"/></svg>"##
    try sandbox.write("scenes/art/ball.svg", svg)
    try sandbox.write("scenes/ball.yaml", """
        choreo: 1
        name: ball
        size: [10, 10]
        layers:
          - {id: icon, artwork: art/ball.svg}
        states:
          rest: {}
          up: {ball: {opacity: 0.5}}
        transitions:
          - {from: rest, to: up, on: tap}

        """)
    try git(["init", "-q"])
    try git(["add", "-A"])
    try git(["commit", "-qm", "base"])
    try sandbox.write("scenes/art/ball.svg", svg.replacingOccurrences(of: "#8A5A00", with: "#FF0000"))
    for directory in [sandbox.root, sandbox.url("scenes")] {
        let result = try runChoreo(["diff", "--git", "HEAD"], in: directory)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ball.fill: #8a5a00 → #ff0000"), "\(result.stdout)\(result.stderr)")
    }
    try git(["commit", "-qam", "red"])
    let clean = try sandbox.run(["diff", "--git", "HEAD~1"])
    #expect(clean.stdout.contains("ball.fill: #8a5a00 → #ff0000"), "\(clean)")
    #expect(try sandbox.run(["diff", "--git", "HEAD"]).status == 0)
}

@Test func diffOutsideAGitRepositoryIsAUsageError() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["diff", "--git", "HEAD"])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderr.contains("not a git repository"), "\(result)")
}

@Test func diffHelpHasItsUsageLineAndExitStatuses() throws {
    let result = try Sandbox().run(["diff", "--help"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.hasPrefix("usage: choreo diff (OLD NEW | --git REV [PATH...]) [--format text|json|github|markdown] [--html DIR] [--media DIR [--media-url URL]]\n"))
    #expect(result.stdout.contains("exit status: 0 no change, 1 changes, 2 usage error or a scene with errors."))
    #expect(try Sandbox().run(["--help"]).stdout.contains("\n  diff "))
}

@Test func diffHtmlWritesAPagePerChangedScene() throws {
    let sandbox = try Sandbox()
    try sandbox.write("old.yaml", Scenes.toggle)
    try sandbox.write("new.yaml", slower)
    let result = try sandbox.run(["diff", "old.yaml", "new.yaml", "--html", "review"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("wrote review/toggle.html"), "\(result)")
    let page = try #require(sandbox.read("review/toggle.html"))
    #expect(page.contains("<h2>off-&gt;on</h2>"))
    #expect(page.components(separatedBy: "<svg").count - 1 >= 4, "filmstrips and the interactive pair")
}
