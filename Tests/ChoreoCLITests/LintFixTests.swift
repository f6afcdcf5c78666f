import ChoreoTestSupport
import Foundation
import Testing

// `choreo lint --fix`: fix-its applied in place, atomically, reported, and what is left.

/// Five fixable mistakes: a misspelt var, a misspelt key, an rgb(…) cut short by the commas of a
/// flow map, an angle without its unit and a SwiftUI easing name.
let fiveFixableMistakes = """
    choreo: 1
    name: menu
    size: [100, 100]
    vars:
      gap: 4
    layers:
      - id: bar
        shape: rect
        size: [20, $gpa]
        position: [50, 50]
        rotaton: 45deg
      - {id: dot, shape: ellipse, radius: 5, position: [50, 20], fill: rgb(255, 59, 48)}
    states:
      closed: {}
      open: {bar: {rotation: 45}}
    transitions:
      - {from: closed, to: open, on: tap, easing: easeOut}

    """

@Test func lintFixRepairsFiveMistakesExactlyAndTheFileThenLintsClean() throws {
    let sandbox = try Sandbox()
    try sandbox.write("menu.yaml", fiveFixableMistakes)
    let before = try sandbox.run(["lint", "menu.yaml"])
    #expect(before.status == 1 && before.stdout.components(separatedBy: ": error: ").count - 1 == 5, "\(before)")

    let result = try sandbox.run(["lint", "--fix", "menu.yaml"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == """
        fixed menu.yaml:9:16: '$gpa' → '$gap' [undefined-var]
        fixed menu.yaml:11:5: 'rotaton' → 'rotation' [unknown-key]
        fixed menu.yaml:12:68: 'rgb(255, 59, 48)' → '"rgb(255, 59, 48)"' [yaml-syntax]
        fixed menu.yaml:15:26: '45' → '45deg' [missing-unit]
        fixed menu.yaml:17:47: 'easeOut' → 'ease-out' [unknown-easing]
        menu.yaml: applied 5 fixes, 0 diagnostics left

        """, "\(result)")
    #expect(sandbox.read("menu.yaml") == fiveFixableMistakes
        .replacingOccurrences(of: "$gpa", with: "$gap")
        .replacingOccurrences(of: "rotaton", with: "rotation")
        .replacingOccurrences(of: "fill: rgb(255, 59, 48)", with: "fill: \"rgb(255, 59, 48)\"")
        .replacingOccurrences(of: "{rotation: 45}", with: "{rotation: 45deg}")
        .replacingOccurrences(of: "easeOut", with: "ease-out"))
    #expect(sandbox.list("") == ["menu.yaml"], "no temporary file is left behind")
    let after = try sandbox.run(["lint", "menu.yaml"])
    #expect(after.status == 0 && after.stdout == "", "\(after)")
    // A second --fix has nothing to do and leaves the file alone.
    let again = try sandbox.run(["lint", "--fix", "menu.yaml"])
    #expect(again.status == 0 && again.stdout == "", "\(again)")
}

@Test func lintFixNeverAppliesTwoFixesThatWouldCollide() throws {
    // Two misspellings of `rotation` in one node: both suggest it, but writing it twice would
    // make a duplicate key, so only the first is fixed and the second stays reported. A keyframe
    // key with a misspelt node and a misspelt property takes two rounds: the property is only
    // checked once the node is found.
    let sandbox = try Sandbox()
    let text = """
        choreo: 1
        size: [100, 100]
        layers:
          - id: bell
            shape: rect
            size: [10, 10]
            position: [50, 50]
            rotaton: 45deg
            rotatin: 30deg
        timelines:
          ring:
            duration: 1s
            keyframes:
              bel.rotate:
                - {at: 0s, value: 0deg}
                - {at: 1s, value: 20deg}

        """
    try sandbox.write("bell.yaml", text)
    let result = try sandbox.run(["lint", "--fix", "bell.yaml"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout.hasPrefix("""
        fixed bell.yaml:8:5: 'rotaton' → 'rotation' [unknown-key]
        fixed bell.yaml:14:7: 'bel' → 'bell' [unknown-node]
        fixed bell.yaml:14:12: 'rotate' → 'rotation' [unknown-key]
        bell.yaml: applied 3 fixes, 1 diagnostic left
        bell.yaml:9:5: error: unknown property 'rotatin' for a rect node [unknown-key]
        """), "\(result)")
    #expect(result.stdout.contains("= help: did you mean 'rotation'?"))
    #expect(sandbox.read("bell.yaml") == text
        .replacingOccurrences(of: "rotaton:", with: "rotation:")
        .replacingOccurrences(of: "bel.rotate", with: "bell.rotation"))
}

@Test func lintFixLeavesUnfixableErrorsReportedAndAFileWithoutFixesUntouched() throws {
    let sandbox = try Sandbox()
    // `opacity: 2` has no mechanical fix.
    let text = Scenes.dot.replacingOccurrences(of: "radius: 10", with: "radius: 10\n    opacity: 2")
    try sandbox.write("dot.yaml", text)
    let url = sandbox.url("dot.yaml")
    let inode = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
    let result = try sandbox.run(["lint", "--fix", "dot.yaml"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout.hasPrefix("dot.yaml:8:14: error: 'opacity' must be between 0 and 1, found 2 [out-of-range]"), "\(result)")
    #expect(!result.stdout.contains("fixed "))
    #expect(sandbox.read("dot.yaml") == text)
    // Not rewritten at all: the same file, not a copy with the same text.
    #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int == inode)
}

@Test func lintFixKeepsMachineFormatsOnStdoutAndThePermissions() throws {
    let sandbox = try Sandbox()
    try sandbox.write("menu.yaml", fiveFixableMistakes)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: sandbox.url("menu.yaml").path)
    let result = try sandbox.run(["lint", "--fix", "--format", "json", "menu.yaml"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "[]\n")
    #expect(result.stderr.contains("fixed menu.yaml:9:16: '$gpa' → '$gap' [undefined-var]"))
    let permissions = try FileManager.default.attributesOfItem(atPath: sandbox.url("menu.yaml").path)[.posixPermissions] as? Int
    #expect(permissions == 0o600)
}

/// libyaml ends lines at NEL, U+2028 and U+2029, inside quoted strings too; editors, LSP and
/// GitHub do not. A name holding one put the typo below it a line lower in every report, and
/// `lint --fix` rewrote the line after it (`transitirotationfrom:`). Positions now come through one
/// line table, the one editors use.
@Test(arguments: ["\u{2028}", "\u{2029}", "\u{85}"])
func yamlOnlyLineBreaksInAQuotedStringDoNotMovePositions(_ separator: String) throws {
    let sandbox = try Sandbox()
    let text = "choreo: 1\nname: \"a\(separator)b\"\nsize: [10, 10]\nlayers:\n  - {id: d, shape: rect, size: [1, 1], rotaton: 3deg}\ntransitions: []\n"
    try sandbox.write("scene.yaml", text)
    let lint = try sandbox.run(["lint", "scene.yaml"])
    #expect(lint.stdout.contains("scene.yaml:5:40: error: unknown property 'rotaton' for a rect node"), "\(lint)")
    #expect(lint.stdout.contains("    5 |   - {id: d, shape: rect, size: [1, 1], rotaton: 3deg}"), "the excerpt is the typo's line: \(lint)")
    let github = try sandbox.run(["lint", "--format", "github", "scene.yaml"])
    #expect(github.stdout.contains("::error file=scene.yaml,line=5,col=40"), "\(github)")

    let fix = try sandbox.run(["lint", "--fix", "scene.yaml"])
    #expect(fix.stdout.contains("fixed scene.yaml:5:40: 'rotaton' → 'rotation' [unknown-key]"), "\(fix)")
    #expect(sandbox.read("scene.yaml") == text.replacingOccurrences(of: "rotaton", with: "rotation"))
}

/// `lint --fix` replaced a read-only file (a rename needs only the directory's permission).
@Test func lintFixDoesNotRewriteAReadOnlyFile() throws {
    let sandbox = try Sandbox()
    try sandbox.write("menu.yaml", fiveFixableMistakes)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: sandbox.url("menu.yaml").path)
    let result = try sandbox.run(["lint", "--fix", "menu.yaml"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout.contains("not fixed menu.yaml: refusing to rewrite 'menu.yaml': it is read-only"), "\(result)")
    #expect(sandbox.read("menu.yaml") == fiveFixableMistakes)
}

/// A rename gives the fixed text to one name and leaves the other hard links with the old text:
/// such a file is refused (and the user told how to fix it), not split.
@Test func lintFixDoesNotSplitHardLinks() throws {
    let sandbox = try Sandbox()
    try sandbox.write("menu.yaml", fiveFixableMistakes)
    try #require(link(sandbox.url("menu.yaml").path, sandbox.url("copy.yaml").path) == 0)
    let result = try sandbox.run(["lint", "--fix", "menu.yaml"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout.contains("it has 2 hard links, which a rewrite would split into copies"), "\(result)")
    #expect(sandbox.read("menu.yaml") == fiveFixableMistakes && sandbox.read("copy.yaml") == fiveFixableMistakes)
}

/// The replacement keeps the file's mode, owner and group (it was the fixing user's file after).
@Test func lintFixKeepsTheFilesModeAndOwner() throws {
    let sandbox = try Sandbox()
    try sandbox.write("menu.yaml", fiveFixableMistakes)
    let path = sandbox.url("menu.yaml").path
    try #require(chmod(path, 0o640) == 0)
    let owner: uid_t = getuid() == 0 ? 4321 : getuid(), group: gid_t = getuid() == 0 ? 4321 : getgid()
    if getuid() == 0 { try #require(chown(path, owner, group) == 0) }
    let result = try sandbox.run(["lint", "--fix", "menu.yaml"])
    #expect(result.status == 0, "\(result)")
    var info = stat()
    try #require(stat(path, &info) == 0)
    #expect(info.st_mode & 0o7777 == 0o640)
    #expect(info.st_uid == owner && info.st_gid == group, "owner \(info.st_uid):\(info.st_gid)")
    #expect(sandbox.read("menu.yaml") != fiveFixableMistakes)
}

/// An edit saved while `lint --fix` ran was overwritten by the fixed old text. The file is
/// compared with what was read right before the rename, and the run refuses instead.
@Test func lintFixDoesNotOverwriteAnEditSavedWhileItRan() throws {
    let sandbox = try Sandbox()
    // 3,000 typos: eight rounds of fixing take a few seconds in a debug build.
    let original = "choreo: 1\nname: k\nsize: [10, 10]\nlayers:\n"
        + (0..<3000).map { "  - {id: n\($0), shape: rect, size: [1, 1], rotaton: 1deg}\n" }.joined()
    try sandbox.write("big.yaml", original)
    let process = Process()
    process.executableURL = try #require(choreoExecutable)
    process.arguments = ["lint", "--fix", "big.yaml"]
    process.currentDirectoryURL = sandbox.root
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // The edit lands once the run has spent half a second of processor time: it reads the file
    // at start-up (a few hundredths of a second) and fixes for about two seconds before it
    // writes. A fixed delay of wall time is outlasted by a loaded machine before the run reads.
    let deadline = Date().addingTimeInterval(120)
    while processorSeconds(of: process.processIdentifier) < 0.5, process.isRunning, Date() < deadline {
        Thread.sleep(forTimeInterval: 0.01)
    }
    let edited = original + "# saved by an editor meanwhile\n"
    try replaceByRename(sandbox, "big.yaml", edited)
    let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(stdout.contains("not fixed big.yaml: refusing to rewrite 'big.yaml': it changed while it was being fixed; run lint --fix again"), "\(stdout.prefix(300))")
    #expect(sandbox.read("big.yaml") == edited, "the edit is kept")
}

/// The processor time a running process has used (user and system, from `/proc/PID/stat`).
private func processorSeconds(of pid: Int32) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
    else { return 0 }
    // After the command name: state is field 3, utime and stime fields 14 and 15, in clock ticks.
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// `lint --fix DIR` with `a.yaml -> b.yaml`: the link sorted first, won the dedupe, was refused as
/// a link to write through, and the real file was never fixed. The real file's name wins now.
@Test func lintFixOfADirectoryFixesTheRealFileOnceWhenALinkSortsFirst() throws {
    let sandbox = try Sandbox()
    try sandbox.write("scenes/b.yaml", fiveFixableMistakes)
    try #require(symlink("b.yaml", sandbox.url("scenes/a.yaml").path) == 0)
    let result = try sandbox.run(["lint", "--fix", "scenes"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("scenes/b.yaml: applied 5 fixes, 0 diagnostics left"), "\(result)")
    #expect(!result.stdout.contains("scenes/a.yaml"), "fixed once, under the real file's name: \(result)")
    let lint = try sandbox.run(["lint", "scenes"])
    #expect(lint.status == 0, "\(lint)")
    var info = stat()
    #expect(lstat(sandbox.url("scenes/a.yaml").path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
}

@Test func lintFixNeverSetsTheMagnitudeOfABareTimeAndAddsTheUnitToASmallOne() throws {
    let sandbox = try Sandbox()
    // `duration: 300` is 300 ms to a CSS hand and five minutes as seconds: suggestions only.
    // `delay: 0.2` can only be seconds: fixed.
    let text = Scenes.dot + """
        states:
          a: {}
          b: {dot: {opacity: 0.5}}
        transitions:
          - {from: a, to: b, on: tap, duration: 300, delay: 0.2}

        """
    try sandbox.write("dot.yaml", text)
    let result = try sandbox.run(["lint", "--fix", "dot.yaml"])
    #expect(result.status == 1, "\(result)")
    #expect(sandbox.read("dot.yaml") == text.replacingOccurrences(of: "delay: 0.2}", with: "delay: 0.2s}"), "\(result)")
    #expect(result.stdout.contains("CSS and JavaScript read a bare 300 as milliseconds: write '300ms' (or '0.3s')"), "\(result)")
}
