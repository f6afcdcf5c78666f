import Foundation
import ChoreoTestSupport
import Testing

// A hostile pull request controls the scene files and their names (docs/security.md): lint must
// read only what belongs to the directory it walks, report what it cannot read, and print
// nothing a terminal or the Actions runner would obey.

/// `scenes/env.yaml -> /proc/self/environ` made `lint scenes` quote the CI job's environment.
@Test func aLinkOutOfTheWalkedDirectoryIsAnErrorAndNotRead() throws {
    let sandbox = try Sandbox()
    try sandbox.write("scenes/ok.yaml", Scenes.dot(named: "ok"))
    try sandbox.write("secret.txt", "choreo: 1\nTOKEN=hunter2\n")
    try FileManager.default.createSymbolicLink(atPath: sandbox.url("scenes/env.yaml").path, withDestinationPath: "../secret.txt")
    let result = try sandbox.run(["lint", "scenes"])
    #expect(result.status != 0, "\(result)")
    #expect(result.stderr.contains("cannot read 'scenes/env.yaml': it is a symbolic link out of 'scenes'"), "\(result)")
    #expect(!result.stdout.contains("hunter2") && !result.stderr.contains("hunter2"), "\(result)")
}

/// A link inside the walked directory to a file inside it is fine.
@Test func aLinkWithinTheWalkedDirectoryIsFollowed() throws {
    let sandbox = try Sandbox()
    try sandbox.write("scenes/ok.yaml", Scenes.dot(named: "ok"))
    try FileManager.default.createSymbolicLink(atPath: sandbox.url("scenes/alias.yaml").path, withDestinationPath: "ok.yaml")
    let result = try sandbox.run(["lint", "--strict", "scenes"])
    #expect(result.status == 0, "\(result)")
}

/// Dangling and looping links and names that are not UTF-8 were skipped, so `lint --strict` passed.
@Test(arguments: ["dangling", "loop", "non-utf8", "non-utf8-directory"])
func anUnreadableSceneEntryIsReportedNotSkipped(_ kind: String) throws {
    let sandbox = try Sandbox()
    try sandbox.write("scenes/ok.yaml", Scenes.dot(named: "ok"))
    switch kind {
    case "dangling":
        try FileManager.default.createSymbolicLink(atPath: sandbox.url("scenes/gone.yaml").path, withDestinationPath: "nowhere.yaml")
    case "loop":
        try FileManager.default.createSymbolicLink(atPath: sandbox.url("scenes/loop.yaml").path, withDestinationPath: "loop.yaml")
    case "non-utf8-directory":
        let bytes = Array((sandbox.url("scenes").path + "/dir").utf8) + [0xFF] + [0]
        let made = bytes.withUnsafeBufferPointer { pointer in
            pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { mkdir($0, 0o755) }
        }
        try #require(made == 0)
    default:
        let bytes = Array((sandbox.url("scenes").path + "/bad").utf8) + [0xFF] + Array(".yaml".utf8) + [0]
        let fd = bytes.withUnsafeBufferPointer { pointer in
            pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { open($0, O_CREAT | O_WRONLY, 0o644) }
        }
        try #require(fd >= 0)
        close(fd)
    }
    let result = try sandbox.run(["lint", "--strict", "scenes"])
    #expect(result.status != 0, "\(result)")
    let expected = [
        "dangling": "dangling symbolic link", "loop": "symbolic link loop", "non-utf8": "file name is not valid UTF-8",
        "non-utf8-directory": "directory name is not valid UTF-8",
    ][kind]!
    #expect(result.stderr.contains(expected), "\(result)")
}

/// A FIFO or a device is not a scene: a clear message, no blocking, no "permission".
@Test func aFIFOOrADeviceIsNotARegularFile() throws {
    let sandbox = try Sandbox()
    #expect(mkfifo(sandbox.url("pipe.yaml").path, 0o644) == 0)
    for path in [sandbox.url("pipe.yaml").path, "/dev/zero"] {
        let result = try sandbox.run(["lint", path])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("not a regular file"), "\(result)")
    }
}

/// Keys and file names with ESC, CR, LF, OSC and bidi controls are shown escaped in the text
/// format, and no output line can start with `::` (a workflow command) in any format.
@Test(arguments: ["text", "github"])
func controlCharactersInKeysAndFileNamesAreEscaped(_ format: String) throws {
    let sandbox = try Sandbox()
    let name = "::error file=x::a\u{1B}]52;c;aGk=\u{7}\u{202E}.yaml"
    try sandbox.write(name, "choreo: 1\nsize: [10, 10]\nlayers:\n  - id: a\n    shape: rect\n    size: [1, 1]\n    \"k\\e[2J\\r\\n::stop-commands::x\\u2028\": 1\n")
    let result = try sandbox.run(["lint", "--format", format, name])
    #expect(result.status == 1, "\(result)")
    let controls = result.stdout.unicodeScalars.filter {
        ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || [0x2028, 0x2029, 0x202E].contains($0.value)
    }
    #expect(controls.isEmpty, "\(result)")
    for line in result.stdout.split(separator: "\n") where format == "text" {
        #expect(!line.hasPrefix("::"), "\(line)")
    }
    if format == "github" {
        for line in result.stdout.split(separator: "\n") { #expect(line.hasPrefix("::error file=%3A%3Aerror"), "\(line)") }
    }
}

/// Only regular files are replaced: `snapshot -o /dev/null` as root replaced the device with a
/// file. A FIFO stands in for the device here (replacing /dev/null would harm the machine).
@Test func anOutputThatIsNotARegularFileIsNotReplaced() throws {
    let sandbox = try Sandbox()
    try sandbox.write("dot.yaml", Scenes.dot)
    #expect(mkfifo(sandbox.url("out.svg").path, 0o644) == 0)
    let result = try sandbox.run(["snapshot", "dot.yaml", "--at", "0s", "-o", "out.svg"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("not a regular file"), "\(result)")
    let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.url("out.svg").path)
    #expect(attributes[.type] as? FileAttributeType == .typeUnknown || attributes[.type] as? FileAttributeType != .typeRegular)
    #expect(sandbox.list("").sorted() == ["dot.yaml", "out.svg"])
}

/// Temporary files have random names with a recognisable marker; one left by a killed run (older
/// than `staleTemporaryAge`, 15 minutes) is swept by the next run writing there, a fresh one
/// (perhaps a concurrent run's) is left alone, and a run leaves none of its own.
@Test func staleTemporaryFilesAreSweptAndNoneAreLeft() throws {
    let sandbox = try Sandbox()
    try sandbox.write("dot.yaml", Scenes.dot)
    try sandbox.write("out/.dot.json.choreo-tmp-OLDxyz", "partial")
    try sandbox.write("out/.dot.json.choreo-tmp-NEWxyz", "partial")
    try sandbox.write("out/.keep.choreo-note", "not ours")
    let old = Date(timeIntervalSinceNow: -3600)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: sandbox.url("out/.dot.json.choreo-tmp-OLDxyz").path)
    let result = try sandbox.run(["compile", "dot.yaml", "-o", "out"])
    #expect(result.status == 0, "\(result)")
    let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.url("out").path).sorted()
    #expect(names == [".dot.json.choreo-tmp-NEWxyz", ".keep.choreo-note", "dot.json", "dot.svg"], "\(names)")
}

/// Scene names that differ only in case are one file on a case-insensitive file system.
@Test func sceneNamesDifferingOnlyInCaseAreAnError() throws {
    let sandbox = try Sandbox()
    try sandbox.write("a.yaml", Scenes.dot(named: "Menu"))
    try sandbox.write("b.yaml", Scenes.dot(named: "menu"))
    let result = try sandbox.run(["compile", "a.yaml", "b.yaml", "-o", "out"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("a.yaml: scene name 'Menu' is also used by 'b.yaml'"), "\(result)")
    #expect(!sandbox.exists("out/menu.json") && !sandbox.exists("out/Menu.json"))
}

/// One 19 KB line with 2,000 unknown keys printed 56 MB: each diagnostic quoted the whole line.
/// Excerpts are cut to `TextRenderer.maxExcerptWidth` and a file prints at most 200 diagnostics
/// and a note with the rest's count, in every format; the run still fails.
@Test(arguments: ["text", "json", "github", "sarif"])
func diagnosticOutputIsBoundedPerFile(_ format: String) throws {
    let sandbox = try Sandbox()
    let keys = (0..<2000).map { "k\($0): 1" }.joined(separator: ", ")
    let text = "choreo: 1\nname: k\nsize: [10, 10]\nlayers:\n  - {id: a, shape: rect, size: [1, 1], \(keys)}\n"
    try sandbox.write("keys.yaml", text)
    let result = try sandbox.run(["lint", "--format", format, "keys.yaml"])
    #expect(result.status == 1)
    #expect(result.stdout.utf8.count < 10 * text.utf8.count, "\(result.stdout.utf8.count) bytes of output")
    #expect(result.stdout.contains("1800 more diagnostics in this file are not shown (1800 of them errors)"))
    #expect(result.stdout.contains("too-many-diagnostics"), "the note names its rule")
}

/// 350,000 unknown keys on one line (4 MB): every diagnostic was kept although 200 are printed,
/// each with a did-you-mean guess and an excerpt copied from the whole line. Past the cap they are
/// only counted, and the summary still has the true total.
@Test func diagnosticsPastTheCapAreCountedNotKept() throws {
    let sandbox = try Sandbox()
    let keys = (0..<350_000).map { "k\($0): 1" }.joined(separator: ", ")
    try sandbox.write("keys.yaml", "choreo: 1\nname: k\nsize: [10, 10]\nlayers:\n  - {id: a, shape: rect, size: [1, 1], \(keys)}\n")
    let run = try measuredRun(["lint", "keys.yaml"], in: sandbox)
    #expect(run.status == 1)
    #expect(run.stdout.contains("349800 more diagnostics in this file are not shown (349800 of them errors)"), "\(run.stdout.suffix(500))")
    #expect(run.kilobytes < 160_000, "peak \(run.kilobytes) KB")
    #expect(run.cpuSeconds < 10, "\(run.cpuSeconds) s of CPU")
}

/// A run of the CLI under `/usr/bin/time`: its exit status, output, peak memory and CPU time (user and
/// system, which a machine busy with other work does not stretch as it does the wall time).
func measuredRun(_ arguments: [String], in sandbox: Sandbox) throws -> (status: Int32, stdout: String, stderr: String, kilobytes: Double, cpuSeconds: Double) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["-f", "maxrss=%M user=%U system=%S", try #require(choreoExecutable).path] + arguments
    process.currentDirectoryURL = sandbox.root
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let line = stderr.split(separator: "\n").last { $0.hasPrefix("maxrss=") } ?? ""
    let fields = line.split(separator: " ").map { $0.split(separator: "=").last.map(String.init) ?? "" }
    let number = { (index: Int) in fields.indices.contains(index) ? Double(fields[index]) ?? 0 : 0 }
    return (process.terminationStatus, stdout, stderr, number(0), number(1) + number(2))
}

/// `compile DIR` held every scene's emitted outputs until the end (8 copies of one scene: 2.8 GB).
/// Each scene's outputs are now emitted and written by one worker and then released, so with
/// `--jobs 1` eight scenes peak about where one does.
@Test func compilingADirectoryDoesNotHoldEveryScenesOutputs() throws {
    let sandbox = try Sandbox()
    func scene(_ name: String) -> String {
        "choreo: 1\nname: \(name)\nsize: [100, 100]\nlayers:\n  - id: g\n    shape: group\n    repeat: {count: 50, offset: [0, 1]}\n"
            + "    children:\n" + (0..<2).map { "      - {id: r\($0), shape: rect, size: [1, 1], repeat: {count: 100, offset: [1, 0]}}\n" }.joined()
    }
    for index in 0..<8 { try sandbox.write("many/s\(index).yaml", scene("s\(index)")) }
    try sandbox.write("one/s0.yaml", scene("s0"))
    func peakKilobytes(_ directory: String) throws -> Double {
        let run = try measuredRun(["compile", directory, "-o", "out-\(directory)", "--jobs", "1"], in: sandbox)
        #expect(run.status == 0, "\(run.stderr)")
        return run.kilobytes
    }
    let one = try peakKilobytes("one"), many = try peakKilobytes("many")
    let outputKilobytes = Double(try FileManager.default.attributesOfItem(atPath: sandbox.url("out-one/s0.json").path)[.size] as? Int ?? 0) / 1024
    #expect(outputKilobytes > 1000, "the scene is too small to show anything")
    // Holding the other seven scenes' outputs would add at least 7 × the Lottie alone.
    #expect(many - one < 2 * outputKilobytes, "one scene peaks at \(one) KB, eight at \(many) KB; an output is \(outputKilobytes) KB")
}

/// SIGTERM while outputs are being written: the run removes its temporary files and ends by the
/// signal (killed runs left 237 MB of temporaries after 8 kills). The test watches the output
/// directory for a temporary and sends SIGTERM the moment one appears; the write takes a few
/// milliseconds, so it retries until it has caught one.
@Test func sigtermRemovesTheRunsTemporaryFiles() throws {
    let sandbox = try Sandbox()
    let scene = "choreo: 1\nname: big\nsize: [100, 100]\nlayers:\n  - id: g\n    shape: group\n    repeat: {count: 100, offset: [0, 1]}\n"
        + "    children:\n" + (0..<4).map { "      - {id: r\($0), shape: rect, size: [1, 1], repeat: {count: 100, offset: [1, 0]}}\n" }.joined()
    try sandbox.write("big.yaml", scene)
    var caught = 0
    for attempt in 0..<12 where caught < 1 {
        let output = sandbox.url("out\(attempt)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = try #require(choreoExecutable)
        process.arguments = ["compile", "big.yaml", "-o", output.path]
        process.currentDirectoryURL = sandbox.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var sawTemporary = false
        while process.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
            if names.contains(where: { $0.contains(".choreo-tmp-") }) {
                kill(process.processIdentifier, SIGTERM)
                sawTemporary = true
                break
            }
        }
        // A run that ignores the signal (or deadlocks handling it) must not hang the tests.
        let deadline = ContinuousClock.now + .seconds(30)
        while process.isRunning && ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("attempt \(attempt): choreo did not end within 30 s of SIGTERM")
        }
        process.waitUntilExit()
        guard sawTemporary, process.terminationReason == .uncaughtSignal else { continue }
        caught += 1
        #expect(process.terminationStatus == SIGTERM)
        let left = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.contains(".choreo-tmp-") }
        #expect(left.isEmpty, "attempt \(attempt): temporaries left: \(left)")
    }
    #expect(caught > 0, "never caught a run while it was writing")
}

/// `a11y: {label: "\uFFFE\uFFFF"}`: YAML escapes for characters XML forbids went raw into the
/// interactive SVG's script, and the file did not parse (a browser showed an error instead of the
/// picture). Parsed here with a strict XML parser.
@Test func anInteractiveSVGWithXMLForbiddenCharactersInALabelIsWellFormed() throws {
    let sandbox = try Sandbox()
    try sandbox.write("s.yaml", """
        choreo: 1
        name: s
        size: [10, 10]
        layers:
          - {id: d, shape: rect, size: [2, 2]}
        states:
          rest: {a11y: {label: "a\\uFFFEb\\uFFFF"}}
          on: {d: {opacity: 0.5}}
        initial: rest
        transitions:
          - {from: rest, to: on, on: tap}

        """)
    let result = try sandbox.run(["compile", "s.yaml", "-o", "out", "--emit", "svg"])
    #expect(result.status == 0, "\(result)")
    let svg = try #require(sandbox.read("out/s.svg"))
    #expect(svg.contains("<script"))
    #expect(!svg.unicodeScalars.contains { $0 == "\u{FFFE}" || $0 == "\u{FFFF}" })
    // Python's expat is strict about XML's characters (libxml2, through XMLDocument, lets these pass).
    let parser = Process()
    parser.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    parser.arguments = ["python3", "-c", "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])", sandbox.url("out/s.svg").path]
    parser.standardError = FileHandle.nullDevice
    try parser.run()
    parser.waitUntilExit()
    #expect(parser.terminationStatus == 0, "expat finds the SVG ill-formed")
}

