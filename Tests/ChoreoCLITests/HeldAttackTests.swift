import ChoreoTestSupport
import Foundation
import Testing

// Attacks the last adversarial review tried that held, kept as regression tests where no test
// held them yet (docs/security.md, "Testing"): git argument injection through `diff --git`, a
// hostile artwork or font file name in a depfile, and output that depends on the working
// directory, the time zone or the locale.

/// A revision that git would read as an option (`--output=FILE`, `-c` configuration,
/// `--upload-pack` command) or that names a path (`REV:path`) is refused before git runs, and
/// nothing is written or run.
@Test(arguments: ["--output=written.txt", "-cprotocol.ext.allow=always", "--upload-pack=touch ran.txt", "-p", "HEAD:scenes/a.yaml", "--end-of-options"])
func diffGitRefusesARevisionGitWouldTakeAsAnOption(_ revision: String) throws {
    let sandbox = try Sandbox()
    try sandbox.write("scenes/a.yaml", Scenes.dot(named: "a"))
    for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "base"]] {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git"] + arguments
        git.currentDirectoryURL = sandbox.root
        git.standardOutput = FileHandle.nullDevice
        try git.run()
        git.waitUntilExit()
    }
    let result = try sandbox.run(["diff", "--git", revision])
    #expect(result.status == 2, "\(result)")
    #expect(!sandbox.exists("written.txt") && !sandbox.exists("ran.txt"))
}

/// An artwork file or a font file with a name Make or Ninja would misread is refused in the
/// depfile like a scene's, and names they read back the same are escaped.
@Test(arguments: [("art;touch X.svg", "font.ttf", "';' at character"), ("art.svg", "f=x.ttf", "'=' at character")])
func depfileRefusesAHostileArtworkOrFontName(_ svg: String, _ font: String, _ message: String) throws {
    let sandbox = try Sandbox()
    try sandbox.write(svg, ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><rect id="r" width="1" height="1"/></svg>"##)
    try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")).write(to: sandbox.url(font))
    try sandbox.write("scene.yaml", """
        choreo: 1
        name: s
        size: [10, 10]
        fonts:
          ui: {file: "\(font)"}
        layers:
          - {id: art, artwork: "\(svg)"}
          - {id: t, shape: text, text: "A", font: ui, size: 4, position: [5, 5]}

        """)
    let result = try sandbox.run(["compile", "scene.yaml", "-o", "out", "--emit", "lottie", "--depfile", "deps.d"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("cannot write the depfile") && result.stderr.contains(message), "\(result)")
    #expect(!sandbox.exists("deps.d"))
    let spaced = try Sandbox()
    try spaced.write("my art$1.svg", ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><rect id="r" width="1" height="1"/></svg>"##)
    try spaced.write("scene.yaml", "choreo: 1\nname: s\nsize: [10, 10]\nlayers:\n  - {id: art, artwork: \"my art$1.svg\"}\n")
    let escaped = try spaced.run(["compile", "scene.yaml", "-o", "out", "--emit", "lottie", "--depfile", "deps.d"])
    #expect(escaped.status == 0, "\(escaped)")
    #expect(spaced.read("deps.d")?.contains("my\\ art$$1.svg") == true, "\(spaced.read("deps.d") ?? "")")
}

/// The same scene gives the same bytes from any working directory, in any time zone and locale.
@Test func outputsDoNotDependOnTheWorkingDirectoryTimeZoneOrLocale() throws {
    let sandbox = try Sandbox()
    try sandbox.write("scenes/toggle.yaml", Scenes.toggle)
    try sandbox.mkdir("elsewhere/deeper")
    let emit = "lottie,dotlottie,svg,svg-reel,timeline,swift-api,ts-api"
    func compile(_ scene: String, in directory: URL, output: String, environment: [String: String]) throws -> [String: Data] {
        let process = Process()
        process.executableURL = choreoExecutable
        process.arguments = ["compile", scene, "-o", output, "--emit", emit]
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let folder = directory.appendingPathComponent(output)
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }
    let here = try compile("scenes/toggle.yaml", in: sandbox.root, output: "a", environment: ["TZ": "UTC", "LC_ALL": "C", "LANG": "C"])
    let there = try compile("../../scenes/toggle.yaml", in: sandbox.url("elsewhere/deeper"), output: "b",
        environment: ["TZ": "Pacific/Kiritimati", "LC_ALL": "de_DE.UTF-8", "LANG": "tr_TR.UTF-8", "LC_NUMERIC": "fr_FR.UTF-8"])
    #expect(here.count == 7 && here.keys.sorted() == there.keys.sorted(), "\(here.keys.sorted()) \(there.keys.sorted())")
    for (name, bytes) in here { #expect(there[name] == bytes, "\(name) differs") }
}
