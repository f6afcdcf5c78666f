import ChoreoTestSupport
import Foundation
import Testing

// `compile --depfile`: the file's contents and escapes, and real Make and Ninja runs that rebuild
// only the scene that changed (scripts/test.sh installs ninja-build).

@Test func depfileListsEachWrittenSceneWithItsOutputs() throws {
    let sandbox = try Sandbox()
    try sandbox.write("scenes/a.yaml", Scenes.dot(named: "alpha"))
    try sandbox.write("scenes/b.yaml", Scenes.broken)
    try sandbox.write("scenes/c.yaml", Scenes.dot(named: "gamma"))
    let result = try sandbox.run(["compile", "scenes", "-o", "out", "--emit", "lottie,timeline", "--depfile", "out/scenes.d"])
    #expect(result.status == 1, "the broken scene fails the run: \(result)")
    #expect(result.stdout.hasSuffix("wrote out/scenes.d\n"), "\(result)")
    // The broken scene wrote nothing, so it depends on nothing.
    #expect(sandbox.read("out/scenes.d") == """
        out/alpha.json out/alpha.timeline.json: scenes/a.yaml
        out/gamma.json out/gamma.timeline.json: scenes/c.yaml

        """)
    #expect(!sandbox.list("out").contains { $0.hasPrefix(".") }, "no temporary file is left behind")
}

@Test func depfileEscapesSpacesHashesAndDollarsForMakeAndNinja() throws {
    let sandbox = try Sandbox()
    try sandbox.write("my $cenes #2/a b.yaml", Scenes.dot(named: "a"))
    let result = try sandbox.run(["compile", "my $cenes #2", "-o", "out dir", "--emit", "lottie", "--depfile", "deps.d"])
    #expect(result.status == 0, "\(result)")
    #expect(sandbox.read("deps.d") == "out\\ dir/a.json: my\\ $$cenes\\ \\#2/a\\ b.yaml\n")
}

@Test func depfileDirectoryIsCreatedEvenWhenNoSceneIsWritten() throws {
    let sandbox = try Sandbox()
    try sandbox.write("broken.yaml", Scenes.broken)
    let result = try sandbox.run(["compile", "broken.yaml", "--depfile", "deps/sub/broken.d"])
    #expect(result.status == 1, "\(result)")
    // No rule: a build tool then reruns the command next time, as the output does not exist.
    #expect(sandbox.read("deps/sub/broken.d") == "")
    #expect(!sandbox.exists("build"))
}

@Test func depfileWithAPathMakeCannotReadIsAnError() throws {
    let sandbox = try Sandbox()
    try sandbox.write("line\nbreak.yaml", Scenes.dot)
    let result = try sandbox.run(["compile", "line\nbreak.yaml", "-o", "out", "--depfile", "deps.d"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("the path 'line\\u{A}break.yaml' has '\\u{A}' at character 5, a control character"), "\(result)")
    #expect(!sandbox.exists("deps.d"))
}

/// A path the depfile cannot carry is refused, naming the character and where it is: `;` starts a
/// Make recipe, `=` a variable assignment, `|` and quotes end a path for Ninja, `*` is a Make
/// pattern, a leading `~` a home directory.
@Test(arguments: [
    ("a;b.yaml", "';' at character 2, which Make reads as the start of a command"),
    ("x=y.yaml", "'=' at character 2, which Make reads as a variable assignment"),
    ("a|b.yaml", "'|' at character 2, which Make or Ninja reads specially"),
    ("it's.yaml", "''' at character 3, which Make or Ninja reads specially"),
    ("all*.yaml", "'*' at character 4, which Make or Ninja reads specially"),
    ("tab\tbed.yaml", "'\\u{9}' at character 4, a control character"),
    ("back\\#.yaml", "'#' at character 6, after a backslash"),
    ("ends:", "':' at character 5, at the end of a path"),
    ("~x.yaml", "'~' at character 1, which Make expands to a home directory"),
])
func depfileRefusesAPathMakeOrNinjaWouldMisread(_ name: String, _ message: String) throws {
    let sandbox = try Sandbox()
    try sandbox.write(name, Scenes.dot)
    let result = try sandbox.run(["compile", name, "-o", "out", "--emit", "lottie", "--depfile", "deps.d"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("cannot write the depfile: the path '"), "\(result)")
    #expect(result.stderr.contains(message), "\(result)")
    #expect(!sandbox.exists("deps.d"))
}

/// `a.yaml;touch${IFS}X;.yaml` committed next to `a.yaml`: a depfile listing it gave the output a
/// recipe, and the next `make` after `a.yaml` changed ran `touch X`. Now the compile fails, no
/// depfile is written, and no command but the Makefile's own ever runs.
@Test func aHostileSceneNameRunsNoCommandThroughMake() throws {
    let sandbox = try Sandbox()
    let choreo = try #require(choreoExecutable).path
    try sandbox.write("scenes/a.yaml", Scenes.dot(named: "a"))
    try sandbox.write("scenes/a.yaml;touch${IFS}X;.yaml", Scenes.dot(named: "b"))
    try sandbox.write("Makefile", """
        all: out/b.json
        out/b.json:
        \t'\(choreo)' compile scenes -o out --emit lottie --depfile out/scenes.d
        -include out/scenes.d

        """)
    let first = try runTool(["make"], in: sandbox.root)
    #expect(first.status != 0, "\(first)")
    #expect(first.stderr.contains("has ';' at character 14, which Make reads as the start of a command"), "\(first)")
    #expect(!sandbox.exists("out/scenes.d"))
    try touchLater(sandbox.url("scenes/a.yaml"))
    _ = try runTool(["make"], in: sandbox.root)
    #expect(!sandbox.exists("X"), "make ran the file name as a command")
}

/// Ninja splits a depfile path at `;`: the same name is refused rather than recorded as three paths.
@Test func aHostileSceneNameIsRefusedUnderNinja() throws {
    let sandbox = try Sandbox()
    let choreo = try #require(choreoExecutable).path
    try sandbox.write("scenes/a;touch X;.yaml", Scenes.dot(named: "b"))
    try sandbox.write("build.ninja", """
        rule choreo
          command = '\(choreo)' compile $in -o out --emit lottie --depfile $out.d
          depfile = $out.d
          deps = gcc
        build out/b.json: choreo scenes/a;touch$ X;.yaml

        """)
    let result = try runTool(["ninja"], in: sandbox.root)
    #expect(result.status != 0, "\(result)")
    #expect(result.stdout.contains("has ';' at character 9, which Make reads as the start of a command"), "\(result)")
    #expect(!sandbox.exists("X"))
    let deps = try runTool(["ninja", "-t", "deps"], in: sandbox.root)
    #expect(!deps.stdout.contains("#deps"), "nothing recorded: \(deps)")
}

@Test func depfileIsNotWrittenOverAnInput() throws {
    let sandbox = try Sandbox()
    try sandbox.write("dot.yaml", Scenes.dot)
    let result = try sandbox.run(["compile", "dot.yaml", "--depfile", "dot.yaml"])
    #expect(result.status == 1, "\(result)")
    #expect(sandbox.read("dot.yaml") == Scenes.dot)
}

@Test func makeRebuildsOnlyTheSceneThatChanged() throws {
    let sandbox = try Sandbox()
    let choreo = try #require(choreoExecutable).path
    // The rules have no prerequisites of their own: only the depfiles say what each output is made from.
    var makefile = "all: out/a.json out/b.json\n"
    for name in ["a", "b"] {
        try sandbox.write("my $cenes #2:x/\(name).yaml", Scenes.dot(named: name))
        makefile += """
            out/\(name).json:
            \t'\(choreo)' compile 'my $$cenes #2:x/\(name).yaml' -o out --emit lottie --depfile out/\(name).d
            -include out/\(name).d

            """
    }
    try sandbox.write("Makefile", makefile)

    let first = try runTool(["make"], in: sandbox.root)
    #expect(first.status == 0, "\(first)")
    #expect(first.stdout.contains("wrote out/a.json") && first.stdout.contains("wrote out/b.json"), "\(first)")
    let unchanged = try runTool(["make"], in: sandbox.root)
    #expect(unchanged.stdout.contains("Nothing to be done"), "\(unchanged)")

    try touchLater(sandbox.url("my $cenes #2:x/b.yaml"))
    let second = try runTool(["make"], in: sandbox.root)
    #expect(second.status == 0, "\(second)")
    #expect(second.stdout.contains("wrote out/b.json"), "\(second)")
    #expect(!second.stdout.contains("wrote out/a.json"), "a did not change: \(second)")
}

@Test func ninjaRebuildsOnlyTheSceneThatChanged() throws {
    let sandbox = try Sandbox()
    let choreo = try #require(choreoExecutable).path
    var ninja = """
        rule choreo
          command = '\(choreo)' compile $in -o 'out $$ #' --emit lottie --depfile $out.d
          depfile = $out.d
          deps = gcc

        """
    for name in ["a", "b"] {
        try sandbox.write("my $cenes #2:x/\(name).yaml", Scenes.dot(named: name))
        ninja += "build out$ $$$ #/\(name).json: choreo my$ $$cenes$ #2$:x/\(name).yaml\n"
    }
    try sandbox.write("build.ninja", ninja)

    let first = try runTool(["ninja"], in: sandbox.root)
    #expect(first.status == 0, "\(first)")
    #expect(first.stdout.contains("wrote out $ #/a.json") && first.stdout.contains("wrote out $ #/b.json"), "\(first)")
    // Ninja read both depfiles (an unreadable one would leave the output dirty for ever).
    let deps = try runTool(["ninja", "-t", "deps"], in: sandbox.root)
    #expect(deps.stdout.contains("out $ #/a.json: #deps 1") && deps.stdout.contains("    my $cenes #2:x/a.yaml"), "\(deps)")
    let unchanged = try runTool(["ninja"], in: sandbox.root)
    #expect(unchanged.stdout.contains("no work to do"), "\(unchanged)")

    try touchLater(sandbox.url("my $cenes #2:x/a.yaml"))
    let second = try runTool(["ninja"], in: sandbox.root)
    #expect(second.status == 0, "\(second)")
    #expect(second.stdout.contains("wrote out $ #/a.json"), "\(second)")
    #expect(!second.stdout.contains("wrote out $ #/b.json"), "b did not change: \(second)")
}

/// Moves a file's modification time a few seconds ahead, so a build tool with one-second
/// timestamps sees it as newer than the outputs just written.
private func touchLater(_ url: URL) throws {
    try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: url.path)
}

/// Runs a tool found on PATH (`make`, `ninja`) in `directory`; stdout and stderr are small here.
private func runTool(_ arguments: [String], in directory: URL) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: stderr, as: UTF8.self))
}

/// The `choreo` commands of docs/github-actions.md, run as written on a scene every target
/// accepts: the example must use only flags the CLI has.
@Test func theGitHubActionsExampleUsesRealFlags() throws {
    let docs = try String(contentsOf: repositoryRoot().appendingPathComponent("docs/github-actions.md"), encoding: .utf8)
    var commands: [[String]] = []
    for line in docs.split(separator: "\n") {
        var text = line.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("run: ") { text.removeFirst("run: ".count) }
        guard text.hasPrefix("choreo ") else { continue }
        if let redirect = text.range(of: " >") { text = String(text[..<redirect.lowerBound]) }
        commands.append(text.split(separator: " ").dropFirst().map(String.init))
    }
    #expect(commands.count >= 5, "the example lost its commands: \(commands)")
    #expect(commands.contains { $0.starts(with: ["lint"]) && $0.contains("github") })
    #expect(commands.contains { $0.starts(with: ["lint"]) && $0.contains("sarif") })
    let sandbox = try Sandbox()
    try sandbox.write("scenes/dot.yaml", Scenes.dot)
    for arguments in commands {
        let result = try sandbox.run(arguments)
        #expect(result.status == 0, "choreo \(arguments.joined(separator: " ")): \(result)")
        if arguments.contains("sarif") { #expect(result.stdout.contains(#""version":"2.1.0""#) || result.stdout.contains(#""version": "2.1.0""#), "\(result)") }
    }
    #expect(sandbox.exists("build/stickers/dot.tgs"))
}

/// What the scene's font lacks is drawn in an installed font fontconfig names: that font's file
/// is a dependency too, so a build system rebuilds the outputs when it changes.
@Test func depfileNamesTheInstalledFontATextFallsBackTo() throws {
    guard FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc") else {
        print("skipped: no font with Japanese is installed (fonts-noto-cjk)")
        return
    }
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(at: sandbox.url("fonts"), withIntermediateDirectories: true)
    try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")).write(to: sandbox.url("fonts/ui.ttf"))
    try sandbox.write("scene.yaml", """
        choreo: 1
        size: [100, 40]
        fonts:
          ui: {file: fonts/ui.ttf}
        layers:
          - {id: label, shape: text, text: "Hi 日本", font: ui, size: 12, position: [50, 20], fill: black}
        """)
    let result = try sandbox.run(["compile", "scene.yaml", "-o", "out", "--emit", "lottie", "--depfile", "deps.d"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr.contains("scene.yaml:6:36: warning: the font 'DejaVu Sans' has no glyph for '日' (U+65E5) and '本' (U+672C): they are drawn in '"), "\(result)")
    let prefix = "out/scene.json: scene.yaml fonts/ui.ttf "
    let rule = try #require(sandbox.read("deps.d"))
    #expect(rule.hasPrefix(prefix) && rule.hasSuffix("\n"), "\(rule)")
    let fallback = String(rule.dropFirst(prefix.count).dropLast())
    #expect(fallback.hasPrefix("/") && !fallback.contains(" ") && FileManager.default.fileExists(atPath: fallback), "\(rule)")
}
