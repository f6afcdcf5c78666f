import ChoreoDiagnostics
import ChoreoLottie
import ChoreoSVG
import ChoreoScene
import ChoreoTestSupport
import Foundation
import Testing

/// `choreo compile` emits each output into its temporary file, a Lottie file a chunk at a time:
/// the files are the bytes the emitters make in memory, and a write that fails
/// halfway leaves the old outputs and no temporary file.
@Suite struct StreamedOutputTests {
    /// A scene whose Lottie file is several of the CLI's 256 KiB chunks: rects and repeated
    /// (fragment-copied) ellipses, half of them keyframed, a quarter moved by two states.
    static func scene(nodes: Int) -> String {
        var out = "choreo: 1\nname: streamed\nsize: [1000, 1000]\nlayers:\n"
        for index in 0..<nodes {
            let position = "[\(5 + 10 * (index % 100)), \(5 + 10 * (index / 100 % 100))]"
            if index % 3 == 0 {
                out += "  - {id: n\(index), shape: ellipse, radius: 4, position: \(position), fill: \"#3366cc\", repeat: {count: 4, rotation: 90deg}}\n"
            } else {
                out += "  - {id: n\(index), shape: rect, size: [8, 8], position: \(position), fill: \"#cc6633\", stroke: {color: black, width: 1}}\n"
            }
        }
        // States, so the SVG file is the interactive document with its state machine.
        out += "states:\n  rest: {}\n  moved:\n"
        for index in stride(from: 1, to: nodes, by: 4) { out += "    n\(index): {rotation: 45deg, opacity: 0.5}\n" }
        out += "initial: rest\ntransitions:\n"
        out += "  - {from: rest, to: moved, on: tap, duration: 0.3s, easing: ease-in-out}\n"
        out += "  - {from: moved, to: rest, on: tap, duration: 0.3s}\n"
        out += "timelines:\n  pulse:\n    duration: 1s\n    loop: true\n    keyframes:\n"
        for index in stride(from: 0, to: nodes, by: 2) {
            out += "      n\(index).scale:\n        - {at: 0s, value: 1}\n        - {at: 0.5s, value: 1.5, easing: ease-out}\n        - {at: 1s, value: 1}\n"
        }
        return out
    }

    @Test(arguments: [false, true]) func theStreamedFilesAreTheBytesTheEmittersMake(pretty: Bool) throws {
        let scratch = try ScratchDirectory("streamed")
        let text = Self.scene(nodes: 1200)
        try Data(text.utf8).write(to: scratch.url("scene.yaml"))
        let result = try runChoreo(
            ["compile", "scene.yaml", "-o", "out", "--emit", "lottie,svg,svg-reel"] + (pretty ? ["--pretty"] : []), in: scratch.url)
        #expect(!result.crashed && result.status == 0, "\(result)")
        let timeline = try #require(compileScene(SourceFile(path: "scene.yaml", bytes: Array(text.utf8))).timeline)
        let lottie = try [UInt8](Data(contentsOf: scratch.url("out/streamed.json")))
        #expect(lottie.count > 4 * (1 << 18), "the Lottie file is several chunks: \(lottie.count) bytes")
        #expect(lottie == LottieEmitter.emitBytes(timeline, pretty: pretty))
        #expect(try [UInt8](Data(contentsOf: scratch.url("out/streamed.svg"))) == SVGEmitter.interactiveBytes(timeline))
        #expect(try [UInt8](Data(contentsOf: scratch.url("out/streamed.reel.svg"))) == SVGEmitter.animatedBytes(timeline))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.url("out").path).sorted()
                == ["streamed.json", "streamed.reel.svg", "streamed.svg"])
    }

    /// The file size limit (`ulimit -f`, SIGXFSZ ignored) makes a write fail with EFBIG once
    /// the Lottie file is past 512 KiB: after chunks of it are in the temporary file.
    @Test func aWriteThatFailsHalfwayLeavesTheOldOutputsAndNoTemporaryFile() throws {
        let binary = try #require(choreoExecutable)
        let scratch = try ScratchDirectory("streamed-failure")
        try Data(Self.scene(nodes: 2400).utf8).write(to: scratch.url("scene.yaml"))
        try FileManager.default.createDirectory(at: scratch.url("out"), withIntermediateDirectories: true)
        try Data("old lottie".utf8).write(to: scratch.url("out/streamed.json"))
        try Data("old svg".utf8).write(to: scratch.url("out/streamed.svg"))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // 1024 blocks: 512 KiB (dash) or 1 MiB (bash); the Lottie file is over 2 MiB.
        process.arguments = ["-c", "trap '' XFSZ; ulimit -f 1024; exec \"$0\" compile scene.yaml -o out", binary.path]
        process.currentDirectoryURL = scratch.url
        process.standardInput = FileHandle.nullDevice
        let stderrURL = scratch.url("stderr")
        #expect(FileManager.default.createFile(atPath: stderrURL.path, contents: nil))
        let stderr = try FileHandle(forWritingTo: stderrURL)
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try stderr.close()
        let message = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""

        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "status \(process.terminationStatus): \(message)")
        #expect(message.contains("cannot write 'out/streamed.json'"), "\(message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url("out").path).sorted() == ["streamed.json", "streamed.svg"])
        #expect(try String(contentsOf: scratch.url("out/streamed.json"), encoding: .utf8) == "old lottie")
        #expect(try String(contentsOf: scratch.url("out/streamed.svg"), encoding: .utf8) == "old svg")
    }
}
