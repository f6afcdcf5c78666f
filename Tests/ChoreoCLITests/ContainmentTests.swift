import ChoreoTestSupport
import Foundation
import Testing

// Every file a scene names (fonts, artwork) and every scene `diff --git` reads from the working
// tree follows one rule (docs/security.md): a regular file inside the scene's folder (the
// repository, for `--git`), every link on the way followed component by component and refused
// when it leads out, whether or not what it names exists.

/// Runs git in `directory`, as a user of its own, and returns its standard output.
@discardableResult
private func git(_ arguments: [String], in directory: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", "-c", "core.symlinks=true"] + arguments
    process.currentDirectoryURL = directory
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "git \(arguments)")
    return String(decoding: data, as: UTF8.self)
}

private func link(_ path: String, to target: String, in sandbox: Sandbox) throws {
    try FileManager.default.createDirectory(at: sandbox.url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: sandbox.url(path).path, withDestinationPath: target)
}

/// A pull request replacing a scene by a link to a file out of the repository (or to
/// `/proc/self/environ`) had `diff --git` read it and quote it in the Action's public log.
@Test(arguments: ["../secret.txt", "/proc/self/environ"])
func diffGitDoesNotReadASceneLinkedOutOfTheRepository(_ target: String) throws {
    let sandbox = try Sandbox()
    try sandbox.write("secret.txt", "choreo: 1\nTOKEN=hunter2\n")
    try sandbox.write("repo/scenes/a.yaml", Scenes.dot(named: "a"))
    let repo = sandbox.url("repo")
    try git(["init", "-q"], in: repo)
    try git(["add", "-A"], in: repo)
    try git(["commit", "-qm", "base"], in: repo)
    try FileManager.default.removeItem(at: sandbox.url("repo/scenes/a.yaml"))
    try link("repo/scenes/a.yaml", to: target == "/proc/self/environ" ? target : "../" + target, in: sandbox)
    for format in ["text", "github"] {
        let result = try runChoreo(["diff", "--git", "HEAD", "--format", format], in: repo)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("cannot read 'scenes/a.yaml': it is a symbolic link out of the repository"), "\(result.stderr)")
        #expect(!result.stdout.contains("hunter2") && !result.stderr.contains("hunter2") && !result.stderr.contains("PATH="), "\(result.stdout)\(result.stderr)")
    }
}

/// The same rule at the revision: a committed link out of the repository is not followed there.
@Test func diffGitDoesNotFollowACommittedLinkOutOfTheRepository() throws {
    let sandbox = try Sandbox()
    try sandbox.write("secret.txt", "choreo: 1\nTOKEN=hunter2\n")
    try link("repo/scenes/a.yaml", to: "../../secret.txt", in: sandbox)
    let repo = sandbox.url("repo")
    try git(["init", "-q"], in: repo)
    try git(["add", "-A"], in: repo)
    try git(["commit", "-qm", "base"], in: repo)
    try FileManager.default.removeItem(at: sandbox.url("repo/scenes/a.yaml"))
    try sandbox.write("repo/scenes/a.yaml", Scenes.dot(named: "a"))
    let result = try runChoreo(["diff", "--git", "HEAD"], in: repo)
    #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
    #expect(result.stderr.contains("HEAD:scenes/a.yaml': it is a symbolic link out of the repository"), "\(result.stderr)")
    #expect(!result.stderr.contains("hunter2"), "\(result.stderr)")
}

/// A folder link that leaves the scene's folder (`scenes/d -> sub/../..`) passed the old check
/// (the path was compared unresolved) and drew any XML file; a font through it was compiled in,
/// and a missing one said "does not exist" where an existing one compiled: an existence oracle.
/// Now each is "a link out of the scene's folder", from any working directory, in `compile`,
/// `lint` and `diff --git`'s working-tree side alike.
@Test func filesASceneNamesThroughALinkOutOfItsFolderAreRefusedAsLinks() throws {
    let sandbox = try Sandbox()
    try sandbox.write("repo/secret/s.svg", ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><rect id="SECRETID" width="1" height="1"/></svg>"##)
    try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")).write(to: sandbox.url("repo/secret/f.ttf"))
    try sandbox.mkdir("repo/scenes/sub")
    try link("repo/scenes/d", to: "sub/../..", in: sandbox)
    try link("repo/scenes/f.ttf", to: "../secret/f.ttf", in: sandbox)
    try sandbox.write("repo/scenes/a.yaml", """
        choreo: 1
        size: [10, 10]
        fonts:
          ui: {file: f.ttf}
          there: {file: d/secret/f.ttf}
          missing: {file: d/secret/nothing.ttf}
        layers:
          - {id: art, artwork: d/secret/s.svg}
          - {id: gone, artwork: d/secret/missing.svg}
          - {id: here, artwork: nothing.svg}

        """)
    let repo = sandbox.url("repo")
    for (arguments, directory) in [(["lint", "scenes/a.yaml"], repo), (["lint", "a.yaml"], sandbox.url("repo/scenes")),
                                   (["compile", "scenes/a.yaml", "-o", "out"], repo)] {
        let result = try runChoreo(arguments, in: directory)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        // lint prints diagnostics on standard output, compile on standard error.
        let printed = result.stdout + result.stderr
        let lines = printed.split(separator: "\n").filter { $0.contains("error:") }
        let out = "is reached through a link out of the scene's folder; only files inside the folder are read"
        #expect(lines.count == 6, "\(printed)")
        for name in ["font file 'f.ttf'", "font file 'd/secret/f.ttf'", "font file 'd/secret/nothing.ttf'",
                     "artwork file 'd/secret/s.svg'", "artwork file 'd/secret/missing.svg'"] {
            #expect(lines.contains { $0.contains("the \(name) \(out)") }, "\(name)\n\(printed)")
        }
        #expect(lines.contains { $0.hasSuffix("the artwork file 'nothing.svg' does not exist [artwork-not-found]") }, "\(printed)")
        #expect(!printed.contains("SECRETID"), "\(printed)")
    }
    #expect(!FileManager.default.fileExists(atPath: sandbox.url("repo/out").path))
    // The working tree's side of diff --git reads by the same rule, from the repository's top.
    try sandbox.write("repo/scenes/a.yaml", Scenes.dot(named: "a"))
    try git(["init", "-q"], in: repo)
    try git(["add", "scenes/a.yaml"], in: repo)
    try git(["commit", "-qm", "base"], in: repo)
    try sandbox.write("repo/scenes/a.yaml", Scenes.dot(named: "a") + "  - {id: art, artwork: d/secret/s.svg}\n")
    for directory in [repo, sandbox.url("repo/scenes")] {
        let result = try runChoreo(["diff", "--git", "HEAD"], in: directory)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("the artwork file 'd/secret/s.svg' is reached through a link out of the scene's folder"), "\(result.stderr)")
        #expect(!result.stdout.contains("SECRETID") && !result.stderr.contains("SECRETID"))
    }
}

/// Links inside the folder still work, for files and folders alike.
@Test func linksInsideTheScenesFolderAreFollowed() throws {
    let sandbox = try Sandbox()
    try sandbox.write("scenes/art/real/ball.svg", ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><rect id="ball" width="1" height="1"/></svg>"##)
    try link("scenes/art/current", to: "real", in: sandbox)
    try link("scenes/ball.svg", to: "art/current/../real/ball.svg", in: sandbox)
    try sandbox.write("scenes/a.yaml", "choreo: 1\nsize: [10, 10]\nlayers:\n  - {id: one, artwork: {file: art/current/ball.svg, prefix: one-}}\n  - {id: two, artwork: {file: ball.svg, prefix: two-}}\n")
    let result = try sandbox.run(["lint", "--strict", "scenes/a.yaml"])
    #expect(result.status == 0, "\(result)")
}

/// `lint --strict` skipped a `*.yaml` link to a directory out of the tree without a word; a link
/// to a hidden file (`../.git/config`, holding the checkout's token in CI) was read and quoted.
@Test(arguments: ["directory", "hidden"])
func aWalkedLinkToADirectoryOutOfTheTreeOrToAHiddenFileIsAnError(_ kind: String) throws {
    let sandbox = try Sandbox()
    try sandbox.write("repo/scenes/ok.yaml", Scenes.dot(named: "ok"))
    try sandbox.write("repo/.git/config", "[core]\n\textraheader = AUTHORIZATION: basic hunter2\n")
    try sandbox.mkdir("elsewhere")
    switch kind {
    case "directory": try link("repo/scenes/x.yaml", to: "../../elsewhere", in: sandbox)
    default: try link("repo/scenes/x.yaml", to: "../.git/config", in: sandbox)
    }
    let result = try runChoreo(["lint", "--strict", "."], in: sandbox.url("repo"))
    #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
    let expected = kind == "directory" ? "it is a symbolic link out of '.'" : "it is a symbolic link to a hidden file"
    #expect(result.stderr.contains("cannot read './scenes/x.yaml': \(expected)"), "\(result.stderr)")
    #expect(!result.stdout.contains("hunter2"), "\(result.stdout)")
}

/// A git listing longer than git's output bound cut the list of scenes short without a word
/// (later scenes silently missing from the diff): now the run says so.
@Test func aGitListingPastTheBoundIsAnError() throws {
    let sandbox = try Sandbox()
    try sandbox.write("repo/scenes/a.yaml", Scenes.dot(named: "a"))
    let repo = sandbox.url("repo")
    try git(["init", "-q"], in: repo)
    try git(["add", "-A"], in: repo)
    try git(["commit", "-qm", "base"], in: repo)
    // 15 folders of 250 bytes each, then 18,000 untracked files of 200-byte names: 71 MB of names.
    let deep = (0..<15).map { String(repeating: Character(UnicodeScalar(UInt8(97 + $0))), count: 250) }.joined(separator: "/")
    try sandbox.mkdir("repo/" + deep)
    for index in 0..<18_000 {
        let name = sandbox.url("repo/" + deep + "/" + String(format: "%05d", index) + String(repeating: "x", count: 195)).path
        #expect(FileManager.default.createFile(atPath: name, contents: nil))
    }
    let result = try runChoreo(["diff", "--git", "HEAD"], in: repo)
    #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
    #expect(result.stderr.contains("git printed more than 64 MiB for 'ls-files -z'; name fewer paths after --git REV"), "\(result.stderr)")
}
