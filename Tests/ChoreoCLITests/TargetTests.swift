import ChoreoTestSupport
import Foundation
import Testing

// `compile --target`: positioned diagnostics for what a player family cannot play, and `.tgs`.

/// One construct per rule: a fading group of two rects (line 14),
/// a stroked bar scaled unevenly (line 26), and a timeline of 4 s (line 29).
private let unplayable = """
    choreo: 1
    name: unplayable
    size: [200, 100]
    layers:
      - id: ring
        shape: ellipse
        radius: 30
        position: [50, 50]
        fill: "#ffcc00"
        trim: {end: 0.5}
        stroke: {color: black, width: 2}
      - id: badge
        shape: group
        opacity: 0.5
        children:
          - {id: plate, shape: rect, size: [40, 40], fill: red}
          - {id: label, shape: rect, size: [20, 20], fill: white}
      - id: spacer
        shape: rect
        size: [1, 1]
        fill: none
      - id: bar
        shape: rect
        size: [60, 10]
        position: [150, 50]
        scale: [2, 1]
        stroke: {color: blue, width: 2}
    timelines:
      long:
        duration: 4s
        tweens:
          - {at: 0s, duration: 4s, to: {ring: {rotation: 90deg}}}

    """

@Test func webChecksNothingExtra() throws {
    let sandbox = try Sandbox()
    try sandbox.write("unplayable.yaml", unplayable)
    let result = try sandbox.run(["compile", "unplayable.yaml", "--target", "web", "--emit", "lottie"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
}

@Test(arguments: [
    // The trimmed, filled ring plays in lottie-ios: the emitter writes it as a trimmed outline.
    ("lottie-ios", ["unplayable.yaml:26:5: error: 'bar' is stroked under an uneven scale", "[ios-stroke-nonuniform-scale]"]),
    ("lottie-android", ["unplayable.yaml:14:5: error: 'badge', a group of 2 fills and strokes, is made translucent as a whole;", "[android-group-opacity]",
                        "setApplyingOpacityToLayersEnabled(true)"]),
    ("tgs", ["unplayable.yaml:29:3: error: the scene lasts", "a Telegram sticker lasts at most 3s [tgs-too-long]"]),
])
func eachTargetReportsWhatItCannotPlayAtItsPosition(target: String, expected: [String]) throws {
    let sandbox = try Sandbox()
    try sandbox.write("unplayable.yaml", unplayable)
    let result = try sandbox.run(["compile", "unplayable.yaml", "--target", target, "-o", "out"])
    #expect(result.status == 1, "\(result)")
    for text in expected { #expect(result.stderr.contains(text), "\(text)\n\(result)") }
    // Every finding carries a way out.
    #expect(result.stderr.components(separatedBy: "= help:").count - 1 == result.stderr.components(separatedBy: ": error: ").count - 1)
    #expect(!sandbox.exists("out"), "a scene with target errors writes nothing")
}

@Test func animatedOpacityIsReportedWhereTheStateSetsIt() throws {
    let sandbox = try Sandbox()
    try sandbox.write("fade.yaml", """
        choreo: 1
        name: fade
        size: [100, 100]
        layers:
          - {id: chip, shape: rect, size: [40, 40], position: [50, 50], fill: red, stroke: {color: black, width: 2}}
        states:
          shown: {}
          hidden:
            chip: {opacity: 0.2}
        transitions:
          - {from: shown, to: hidden, on: tap, duration: 0.3s}

        """)
    let result = try sandbox.run(["compile", "fade.yaml", "--target", "lottie-android"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.hasPrefix("fade.yaml:9:21: error:"), "\(result)")
    #expect(result.stderr.contains("'chip', filled and stroked, is made translucent as a whole;"), "\(result)")
    #expect(result.stderr.contains("[android-group-opacity]"), "\(result)")
}

@Test func tgsTargetWritesAGzippedStickerBesideTheOtherOutputs() throws {
    let sandbox = try Sandbox()
    try sandbox.write("dot.yaml", Scenes.dot)
    let result = try sandbox.run(["compile", "dot.yaml", "--target", "tgs", "--emit", "lottie"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "wrote build/dot.json\nwrote build/dot.tgs\n")
    let sticker = try Data(contentsOf: sandbox.url("build/dot.tgs"))
    #expect(Array(sticker.prefix(3)) == [0x1f, 0x8b, 0x08], "a gzip member with Deflate")
    // The same scene compiles to the same bytes (remote build caches rely on it).
    let again = try sandbox.run(["compile", "dot.yaml", "--target", "tgs", "--emit", "lottie", "-o", "again"])
    #expect(again.status == 0)
    #expect(try Data(contentsOf: sandbox.url("again/dot.tgs")) == sticker)
}

@Test func tgsTargetFailsWithTheMeasuredSizeWhenTheStickerIsTooLarge() throws {
    // 400 paths of 20 scattered points each: about 80 KB after gzip.
    var seed: UInt64 = 7
    func next() -> Double {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Double(seed >> 33 % 512_000) / 1000
    }
    var scene = "choreo: 1\nname: big\nsize: [512, 512]\nlayers:\n"
    for index in 0..<400 {
        let points = (0..<20).map { _ in "[\(next().truncatingRemainder(dividingBy: 512)), \(next().truncatingRemainder(dividingBy: 512))]" }
        scene += "  - {id: n\(index), shape: path, closed: true, fill: red, points: [\(points.joined(separator: ", "))]}\n"
    }
    let sandbox = try Sandbox()
    try sandbox.write("big.yaml", scene)
    let result = try sandbox.run(["compile", "big.yaml", "--target", "tgs"])
    #expect(result.status == 1, "\(result)")
    let message = try #require(result.stderr.firstMatch(of: /big.yaml:1:1: error: the sticker is (\d+) bytes gzipped \((\d+) bytes of JSON\); Telegram allows at most 65536 bytes \[tgs-too-large\]/), "\(result)")
    #expect(Int(message.1)! > 65536)
    #expect(!sandbox.exists("build"))
}

/// Each player-target rule section of docs/diagnostics.md shows a scene and the output of
/// `choreo compile NAME.yaml --target TARGET`: run it and compare, so the page stays true.
@Test func thePlayerTargetExamplesInTheDocsAreWhatTheCompilerPrints() throws {
    let docs = try String(contentsOf: repositoryRoot().appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
    let section = try #require(docs.range(of: "# Player targets (`compile --target`)")).upperBound
    let examples = docs[section...].matches(of: /```yaml\n(?<scene>(?s:.*?))```\n\n```text\n\$ choreo compile (?<file>[a-z-]+\.yaml) --target (?<target>[a-z-]+)\n(?<printed>(?s:.*?))```/)
    #expect(examples.count == 4, "one example per rule with a scene")
    for example in examples {
        let sandbox = try Sandbox()
        try sandbox.write(String(example.file), String(example.scene))
        let result = try sandbox.run(["compile", String(example.file), "--target", String(example.target), "-o", "out"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == String(example.printed), "docs/diagnostics.md is out of date for \(String(example.file))")
    }
}

@Test func lintWithATargetReportsTheTargetsRulesInEveryFormat() throws {
    let sandbox = try Sandbox()
    try sandbox.write("unplayable.yaml", unplayable)
    let plain = try sandbox.run(["lint", "unplayable.yaml"])
    #expect(plain.status == 0, "\(plain)")
    let text = try sandbox.run(["lint", "unplayable.yaml", "--target", "lottie-ios"])
    #expect(text.status == 1, "\(text)")
    #expect(text.stdout.contains("unplayable.yaml:26:5: error: 'bar' is stroked under an uneven scale"), "\(text)")
    #expect(!text.stdout.contains("'ring'"), "\(text)")
    let github = try sandbox.run(["lint", "unplayable.yaml", "--target", "lottie-ios", "--format", "github"])
    #expect(github.stdout.contains("::error file=unplayable.yaml,line=26,col=5,"), "\(github)")
    #expect(github.stdout.contains("title=ios-stroke-nonuniform-scale::"), "\(github)")
    let bad = try sandbox.run(["lint", "unplayable.yaml", "--target", "ios"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("invalid value 'ios' for '--target': expected web, lottie-ios, lottie-android or tgs"), "\(bad)")
    #expect(!sandbox.exists("build"), "lint writes nothing, not even a sticker")
}
