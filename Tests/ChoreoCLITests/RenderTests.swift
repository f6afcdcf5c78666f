import Foundation
import Testing

// `choreo render`: what each selection and format writes, read back from the file's own
// structure (PNG chunks, GIF blocks, WebP and Matroska headers, MP4 boxes); the pixels are
// compared with ThorVG in Tests/conformance/render_suite.py.

private func bytes(_ sandbox: Sandbox, _ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: sandbox.url(path)))
}

/// The chunk types of a PNG, in order, and the frame count its `acTL` says.
private func pngChunks(_ data: [UInt8]) -> (types: [String], frames: Int?) {
    var types: [String] = []
    var frames: Int?
    var position = 8
    while position + 12 <= data.count {
        let length = Int(data[position]) << 24 | Int(data[position + 1]) << 16 | Int(data[position + 2]) << 8 | Int(data[position + 3])
        let type = String(decoding: data[(position + 4)..<(position + 8)], as: UTF8.self)
        types.append(type)
        if type == "acTL" {
            let p = position + 8
            frames = Int(data[p]) << 24 | Int(data[p + 1]) << 16 | Int(data[p + 2]) << 8 | Int(data[p + 3])
        }
        position += 12 + length
    }
    return (types, frames)
}

@Test func renderDrawsOneInstantAsAPNG() throws {
    let sandbox = try Sandbox()
    try sandbox.write("pulse.yaml", Scenes.pulse)
    let result = try sandbox.run(["render", "pulse.yaml", "--at", "0.5s", "-o", "stills/half.png"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "wrote stills/half.png\n")
    let png = try bytes(sandbox, "stills/half.png")
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let chunks = pngChunks(png)
    #expect(chunks.types.first == "IHDR" && chunks.types.last == "IEND" && chunks.frames == nil, "\(chunks)")
    // The picture is the scene's size: IHDR's width and height.
    #expect(Array(png[16..<24]) == [0, 0, 0, 100, 0, 0, 0, 100])
    // One instant in a clip format is a clip of one frame in that format.
    let webp = try sandbox.run(["render", "pulse.yaml", "--at", "0.5s", "-o", "half.webp"])
    #expect(webp.status == 0, "\(webp)")
    #expect(Array(try bytes(sandbox, "half.webp")[8..<12]) == Array("WEBP".utf8))
    let gif = try sandbox.run(["render", "pulse.yaml", "--state", "x", "--format", "gif"])
    #expect(gif.status == 2, "no such state: \(gif)")
    // --size with a width alone keeps the proportions.
    let sized = try sandbox.run(["render", "pulse.yaml", "--at", "0s", "--size", "250", "-o", "big.png"])
    #expect(sized.status == 0, "\(sized)")
    #expect(Array(try bytes(sandbox, "big.png")[16..<24]) == [0, 0, 0, 250, 0, 0, 0, 250])
}

@Test func renderWritesTheReelByDefaultAsAnAnimatedPNG() throws {
    let sandbox = try Sandbox()
    try sandbox.write("pulse.yaml", Scenes.pulse)
    let result = try sandbox.run(["render", "pulse.yaml"])
    #expect(result.status == 0, "\(result)")
    // NAME.png in the current directory: the one-second loop at 60 fps.
    let chunks = pngChunks(try bytes(sandbox, "pulse.png"))
    #expect(chunks.frames == 60, "\(chunks.types.prefix(8))")
    #expect(chunks.types.filter { $0 == "fcTL" }.count == 60)
    #expect(chunks.types.prefix(2) == ["IHDR", "acTL"])
    // --fps resamples the clip.
    let slow = try sandbox.run(["render", "pulse.yaml", "--fps", "12", "-o", "slow.apng"])
    #expect(slow.status == 0, "\(slow)")
    #expect(pngChunks(try bytes(sandbox, "slow.apng")).frames == 12)
}

@Test func renderWritesEveryFormatWithItsOwnSignature() throws {
    let sandbox = try Sandbox()
    try sandbox.write("toggle.yaml", Scenes.toggle)
    let expectations: [(String, (([UInt8]) -> Bool))] = [
        ("webp", { Array($0.prefix(4)) == Array("RIFF".utf8) && Array($0[8..<12]) == Array("WEBP".utf8) && String(decoding: $0.prefix(64), as: UTF8.self).contains("ANIM") }),
        ("gif", { Array($0.prefix(6)) == Array("GIF89a".utf8) && String(decoding: $0, as: UTF8.self).contains("NETSCAPE2.0") }),
        ("mp4", { Array($0[4..<8]) == Array("ftyp".utf8) && String(decoding: $0.prefix(64), as: UTF8.self).contains("moov") }),
        ("webm", { Array($0.prefix(4)) == [0x1A, 0x45, 0xDF, 0xA3] && String(decoding: $0.prefix(64), as: UTF8.self).contains("webm") }),
    ]
    for (format, check) in expectations {
        let result = try sandbox.run(["render", "toggle.yaml", "--path", "off,on", "-o", "clip.\(format)"])
        #expect(result.status == 0, "\(format): \(result)")
        let data = try bytes(sandbox, "clip.\(format)")
        #expect(check(data), "\(format) does not look like one")
        // The same bytes a second time.
        let again = try sandbox.run(["render", "toggle.yaml", "--path", "off,on", "--format", format, "-o", "again.bin"])
        #expect(again.status == 0)
        #expect(try bytes(sandbox, "again.bin") == data, "\(format) differs between runs")
    }
}

@Test func renderNamesWhatTheSceneDoesNotHave() throws {
    let sandbox = try Sandbox()
    try sandbox.write("toggle.yaml", Scenes.toggle)
    try sandbox.write("pulse.yaml", Scenes.pulse)
    let cases: [([String], String)] = [
        (["toggle.yaml", "--state", "of"], "no state named 'of'; did you mean 'off'?"),
        (["toggle.yaml", "--path", "on,off"], "no transition from 'on' to 'off' ('on' has none)"),
        (["pulse.yaml", "--timeline", "bet"], "no timeline named 'bet'; did you mean 'beat'?"),
        (["pulse.yaml", "--at", "2s"], "time 2s is past the end of the timeline (1s)"),
        (["pulse.yaml", "--format", "tiff"], "expected png, apng, webp, gif, mp4, webm"),
        (["pulse.yaml", "-o", "clip.bmp"], "a file ending in .png, .apng, .webp, .gif, .mp4 or .webm"),
        (["pulse.yaml", "--format", "png"], "an animated format for a clip"),
        (["pulse.yaml", "--format", "gif", "--fps", "60"], "at most 50 for a GIF"),
        (["pulse.yaml", "--at", "0s", "--state", "x"], "'--at' and '--state' cannot be used together"),
        (["pulse.yaml", "--size", "0x10"], "each from 1 to 8192"),
        (["pulse.yaml", "--background", "nope"], "a colour such as white"),
        (["pulse.yaml", "--input", "a=1"], "an input of the scene, which has none"),
    ]
    for (arguments, message) in cases {
        let result = try sandbox.run(["render"] + arguments)
        #expect(result.status == 2, "\(arguments): \(result)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
    #expect(sandbox.list(".").sorted() == ["pulse.yaml", "toggle.yaml"], "a refused render writes nothing")
}

@Test func renderPastThePixelLimitIsRenderTooLargeAtTheScene() throws {
    let sandbox = try Sandbox()
    try sandbox.write("pulse.yaml", Scenes.pulse)
    // 240 frames of 8,192 × 8,192: far past the limit, refused before anything is drawn.
    let result = try sandbox.run(["render", "pulse.yaml", "--size", "8192", "--fps", "240", "-o", "big.webp"])
    #expect(result.status == 1, "\(result)")
    #expect(
        result.stderr.contains("pulse.yaml:1:1: error: the clip is 240 frames of 8192 × 8192 pixels, 16,106,127,360 pixels in all, more than render's limit of 268,435,456 [render-too-large]"),
        "\(result.stderr)")
    #expect(!sandbox.exists("big.webp"))
}

@Test func renderOfABrokenSceneExitsOneAndWritesNothing() throws {
    let sandbox = try Sandbox()
    try sandbox.write("broken.yaml", Scenes.broken)
    let result = try sandbox.run(["render", "broken.yaml", "-o", "out.png"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.hasPrefix("broken.yaml:"))
    #expect(!sandbox.exists("out.png"))
}

@Test func renderOfAStateAtRestAndOfItsTimeline() throws {
    let sandbox = try Sandbox()
    try sandbox.write("toggle.yaml", Scenes.toggle)
    let rest = try sandbox.run(["render", "toggle.yaml", "--state", "on", "-o", "on.png"])
    #expect(rest.status == 0, "\(rest)")
    #expect(pngChunks(try bytes(sandbox, "on.png")).frames == nil, "a state without a timeline is one picture")
    let gif = try sandbox.run(["render", "toggle.yaml", "--state", "on", "-o", "on.gif"])
    #expect(gif.status == 0, "\(gif)")
    #expect(Array(try bytes(sandbox, "on.gif").prefix(6)) == Array("GIF89a".utf8), "one instant in a clip format: one frame")
    let off = try sandbox.run(["render", "toggle.yaml", "--state", "off", "-o", "off.png"])
    #expect(off.status == 0)
    #expect(try bytes(sandbox, "on.png") != bytes(sandbox, "off.png"), "the box is turned in 'on'")
    // The path's clip: the transition's 0.5 s and its held last frame, at 60 fps.
    let path = try sandbox.run(["render", "toggle.yaml", "--path", "off,on", "-o", "path.png"])
    #expect(path.status == 0, "\(path)")
    #expect(pngChunks(try bytes(sandbox, "path.png")).frames == 31)
}

@Test func diffMediaWritesEachChangedSpansAnimationAndLinksIt() throws {
    let sandbox = try Sandbox()
    try sandbox.write("old.yaml", Scenes.toggle)
    try sandbox.write("new.yaml", Scenes.toggle.replacingOccurrences(of: "duration: 0.5s", with: "duration: 0.8s"))
    let result = try sandbox.run(["diff", "old.yaml", "new.yaml", "--format", "markdown", "--media", "motion", "--html", "pages"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout.contains("![off\\-\\>on\\: before \\| after](motion/toggle-1.webp)"), "\(result.stdout)")
    #expect(result.stdout.contains("[still](motion/toggle-1.png)"))
    for directory in ["motion", "pages"] {
        let webp = try bytes(sandbox, "\(directory)/toggle-1.webp")
        #expect(Array(webp[8..<12]) == Array("WEBP".utf8))
        #expect(pngChunks(try bytes(sandbox, "\(directory)/toggle-1.png")).types.first == "IHDR")
    }
    #expect(sandbox.read("pages/toggle.html")?.contains("<img src=\"toggle-1.webp\"") == true)
    let linked = try sandbox.run(["diff", "old.yaml", "new.yaml", "--format", "github", "--media", "motion", "--media-url", "https://example.com/pr 1/"])
    #expect(linked.status == 2 && linked.stderr.contains("an http:// or https:// URL"), "\(linked)")
    let github = try sandbox.run(["diff", "old.yaml", "new.yaml", "--format", "github", "--media", "motion", "--media-url", "https://example.com/pr-1/"])
    #expect(github.stdout.contains("animation: https://example.com/pr-1/toggle-1.webp still: https://example.com/pr-1/toggle-1.png"), "\(github)")
    let text = try sandbox.run(["diff", "old.yaml", "new.yaml", "--media", "motion"])
    #expect(text.status == 2 && text.stderr.contains("--format markdown or --format github"), "\(text)")
}

@Test func renderDrawsATheme() throws {
    let sandbox = try Sandbox()
    try sandbox.write("themed.yaml", """
        choreo: 1
        name: themed
        size: [20, 20]
        vars: {paper: white}
        themes:
          dark: {paper: black}
        background: $paper
        layers:
          - {id: dot, shape: ellipse, size: [8, 8], position: [10, 10], fill: red}

        """)
    for (name, arguments) in [("light", [String]()), ("dark", ["--theme", "dark"])] {
        let result = try sandbox.run(["render", "themed.yaml", "--at", "0s", "-o", "\(name).png"] + arguments)
        #expect(result.status == 0, "\(result)")
    }
    #expect(try bytes(sandbox, "light.png") != bytes(sandbox, "dark.png"))
    let unknown = try sandbox.run(["render", "themed.yaml", "--theme", "dusk", "-o", "dusk.png"])
    #expect(unknown.status == 2 && unknown.stderr.contains("no theme named 'dusk'"), "\(unknown)")
    #expect(!sandbox.exists("dusk.png"))
}

@Test func aTimelineNamedLikeAStateIsFoundByItsOwnName() throws {
    let sandbox = try Sandbox()
    try sandbox.write("spin.yaml", """
        choreo: 1
        name: spin
        size: [20, 20]
        layers:
          - {id: d, shape: ellipse, size: [8, 8], position: [10, 10], fill: red}
        states:
          spin: {play: spin}
        timelines:
          spin:
            duration: 0.5s
            keyframes:
              d.opacity: [{at: 0s, value: 1}, {at: 0.5s, value: 0}]

        """)
    // Its span is `spin@spin` beside the state's pose `spin`.
    let result = try sandbox.run(["render", "spin.yaml", "--timeline", "spin", "-o", "spin.png"])
    #expect(result.status == 0, "\(result)")
    #expect(pngChunks(try bytes(sandbox, "spin.png")).frames == 31)
}

@Test func renderDrawsTheInputsGivenForAnInstantAndForAClip() throws {
    let sandbox = try Sandbox()
    func scene(fill: String) -> String {
        """
        choreo: 1
        name: tag
        size: [20, 20]
        inputs:
          accent: {color: "#0A84FF"}
        layers:
          - {id: dot, shape: ellipse, size: [8, 8], position: [10, 10], fill: \(fill)}
        timelines:
          pulse: {duration: 0.2s, loop: true, keyframes: {dot.scale: [{at: 0%, value: 1}, {at: 50%, value: 1.5}, {at: 100%, value: 1}]}}
        states:
          idle: {play: pulse}

        """
    }
    try sandbox.write("bound.yaml", scene(fill: "{bind: accent}"))
    try sandbox.write("literal.yaml", scene(fill: "\"#FF3B30\""))
    for (output, arguments) in [
        ("bound.png", ["bound.yaml", "--at", "0.05s"]), ("given.png", ["bound.yaml", "--at", "0.05s", "--input", "accent=#FF3B30"]),
        ("literal.png", ["literal.yaml", "--at", "0.05s"]),
        ("bound-clip.png", ["bound.yaml", "--state", "idle", "--format", "apng"]),
        ("given-clip.png", ["bound.yaml", "--state", "idle", "--format", "apng", "--input", "accent=#FF3B30"]),
        ("literal-clip.png", ["literal.yaml", "--state", "idle", "--format", "apng"]),
    ] {
        let result = try sandbox.run(["render"] + arguments + ["-o", output])
        #expect(result.status == 0, "\(output): \(result)")
    }
    // The input given draws what the same value written into the scene draws, in a still and a clip.
    #expect(try bytes(sandbox, "given.png") == bytes(sandbox, "literal.png"))
    #expect(try bytes(sandbox, "given.png") != bytes(sandbox, "bound.png"))
    #expect(try bytes(sandbox, "given-clip.png") == bytes(sandbox, "literal-clip.png"))
    #expect(try bytes(sandbox, "given-clip.png") != bytes(sandbox, "bound-clip.png"))
    #expect(try pngChunks(bytes(sandbox, "given-clip.png")).frames ?? 0 > 1)
}
