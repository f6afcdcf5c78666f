import ChoreoTestSupport
import Foundation
import Testing

/// One `choreo` run under `/usr/bin/time` (Debian package `time`): its exit status, stderr, and
/// CPU seconds (user + system) and peak resident kilobytes. Stdin is `input` (or empty), stdout
/// goes to `output` (or nowhere).
struct MeasuredRun {
    var status: Int32
    var stderr: String
    var cpuSeconds: Double
    var peakKilobytes: Double

    init(_ arguments: [String], in directory: URL, input: URL? = nil, output: URL? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "measured user=%U system=%S maxrss=%M", try #require(choreoExecutable).path] + arguments
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        if let output {
            FileManager.default.createFile(atPath: output.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: output)
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        process.standardInput = try input.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
        try process.run()
        // Read before waiting: a full pipe would block the child.
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var fields: [String: Double] = [:]
        for field in (text.split(separator: "\n").last { $0.hasPrefix("measured ") } ?? "").split(separator: " ") {
            let parts = field.split(separator: "=")
            if parts.count == 2, let value = Double(parts[1]) { fields[String(parts[0])] = value }
        }
        status = process.terminationStatus
        stderr = text
        cpuSeconds = (fields["user"] ?? .infinity) + (fields["system"] ?? .infinity)
        peakKilobytes = fields["maxrss"] ?? .infinity
    }
}

/// The size of a file in the sandbox, 0 if there is none.
private func fileSize(_ sandbox: Sandbox, _ path: String) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: sandbox.url(path).path)[.size] as? Int) ?? 0
}

/// An hour of a themed opacity at 240 fps in four themes: 283 bytes wrote 151 MB of theme files
/// into the `.lottie` (sampled on each of 864,000 frames, 21 s and 1 GB). Theme files now hold
/// the motion's keyframes: the archive is a couple of kilobytes.
@Test func anHourOfThemedMotionWritesASmallArchive() throws {
    let sandbox = try Sandbox()
    try sandbox.write("t.yaml", """
        choreo: 1
        name: t
        fps: 240
        size: [10, 10]
        vars: {o: 0.5}
        themes: {a: {o: 0.1}, b: {o: 0.2}, c: {o: 0.3}, d: {o: 0.4}}
        layers:
          - {id: r, shape: rect, size: [4, 4], opacity: 1}
        states:
          off: {}
          on: {r: {opacity: $o}}
        transitions:
          - {from: off, to: on, on: tap, duration: 3600s}

        """)
    let run = try MeasuredRun(["compile", "t.yaml", "-o", "out", "--emit", "dotlottie"], in: sandbox.root)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(fileSize(sandbox, "out/t.lottie") < 8_192, "\(fileSize(sandbox, "out/t.lottie")) bytes")
    #expect(run.cpuSeconds < 5 && run.peakKilobytes < 256 * 1024, "\(run.cpuSeconds) s, \(run.peakKilobytes) KB")
}

/// The preview filmstrip drew the whole scene in every still: 10,000 still copies and 40 states
/// (4 KB) made a 191 MB page (118 stills, 967 MB peak, 12 s). The stills now hold at most
/// `PreviewPage.maximumFilmstripBytes`, thinned evenly, and the page says how many are shown.
@Test func theFilmstripOfAManyCopySceneIsBounded() throws {
    let sandbox = try Sandbox()
    var scene = "choreo: 1\nname: f\nsize: [100, 100]\nlayers:\n  - id: g\n    shape: group\n    repeat: {count: 100, offset: [0, 1]}\n"
    scene += "    children:\n      - {id: r, shape: rect, size: [1, 1], repeat: {count: 100, offset: [1, 0]}}\n"
    scene += "  - {id: dot, shape: ellipse, radius: 2}\nstates:\n"
    for state in 0..<40 { scene += "  s\(state): {dot: {opacity: \(state % 2 == 0 ? 1 : 0.5)}}\n" }
    scene += "transitions:\n"
    for state in 0..<39 { scene += "  - {from: s\(state), to: s\(state + 1), on: tap, duration: 0.5s, easing: ease-out}\n" }
    try sandbox.write("f.yaml", scene)
    let run = try MeasuredRun(["preview", "f.yaml", "-o", "out"], in: sandbox.root)
    #expect(run.status == 0, "\(run.stderr)")
    let page = sandbox.read("out/f.html") ?? ""
    #expect(page.utf8.count < 24 << 20, "\(page.utf8.count) bytes")
    #expect(page.contains("key instants shown: the filmstrip holds at most 16 MiB of stills"))
    #expect(run.peakKilobytes < 256 * 1024, "\(run.peakKilobytes) KB")
}

/// `choreo diff --html` drew both scenes whole in every still of every changed span, with no
/// budget: two 4 KB scenes of 10,000 copies and 39 changed transitions made a 382 MB page (813 MB
/// peak). Its stills now share the preview's `PreviewPage.maximumFilmstripBytes`, and the page
/// says how many it shows.
@Test func theDiffPageOfManyCopyScenesIsBounded() throws {
    let sandbox = try Sandbox()
    func scene(_ opacity: Double) -> String {
        var scene = "choreo: 1\nname: f\nsize: [45, 45]\nlayers:\n  - id: g\n    shape: group\n    repeat: {count: 45, offset: [0, 1]}\n"
        scene += "    children:\n      - {id: r, shape: rect, size: [1, 1], repeat: {count: 45, offset: [1, 0]}}\n"
        scene += "  - {id: dot, shape: ellipse, radius: 2}\nstates:\n"
        for state in 0..<40 { scene += "  s\(state): {dot: {opacity: \(state % 2 == 0 ? 1 : opacity)}}\n" }
        scene += "transitions:\n"
        for state in 0..<39 { scene += "  - {from: s\(state), to: s\(state + 1), on: tap, duration: 0.04s, easing: ease-out}\n" }
        return scene
    }
    try sandbox.write("old/f.yaml", scene(0.5))
    try sandbox.write("new/f.yaml", scene(0.25))
    let run = try MeasuredRun(["diff", "old/f.yaml", "new/f.yaml", "--html", "pages"], in: sandbox.root)
    #expect(run.status == 1, "\(run.stderr)")
    let page = sandbox.read("pages/f.html") ?? ""
    #expect(page.utf8.count > 1 << 20 && page.utf8.count < 24 << 20, "\(page.utf8.count) bytes")
    #expect(page.contains("stills shown: the page holds at most 16 MiB of stills"), "\(page.prefix(2_000))")
    #expect(run.peakKilobytes < 160 * 1024, "\(run.peakKilobytes) KB")
}

/// `choreo lsp` split a document into a line array each before checking its size against the
/// file-size limit: a 15 MB didOpen of 5 million short lines took 486 MB (5 s). It is now refused
/// on its size with `file-too-large` before anything is made of it.
@Test func theLanguageServerRefusesAnOversizedDocumentBeforeSplittingIt() throws {
    let sandbox = try Sandbox()
    func framed(_ object: [String: Any]) throws -> Data {
        var object = object
        object["jsonrpc"] = "2.0"
        let body = try JSONSerialization.data(withJSONObject: object)
        return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
    var session = try framed(["id": 1, "method": "initialize", "params": ["capabilities": [String: Any]()]])
    session += try framed(["method": "textDocument/didOpen", "params": ["textDocument": [
        "uri": "file:///big.yaml", "languageId": "yaml", "version": 1, "text": String(repeating: "a\n", count: 5_000_000),
    ]]])
    session += try framed(["id": 2, "method": "shutdown"])
    session += try framed(["method": "exit"])
    try session.write(to: sandbox.url("session.bin"))
    let run = try MeasuredRun(["lsp"], in: sandbox.root, input: sandbox.url("session.bin"), output: sandbox.url("replies.bin"))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(sandbox.read("replies.bin")?.contains("file-too-large") == true)
    #expect(run.peakKilobytes < 160 * 1024, "\(run.peakKilobytes) KB")
}
