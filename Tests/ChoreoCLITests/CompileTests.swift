import Foundation
import Testing

// `choreo compile`: outputs, atomicity, several files, determinism.

@Test func aSceneWithErrorsReportsOnStderrAndWritesNothing() throws {
    let sandbox = try Sandbox()
    try sandbox.write("broken.yaml", Scenes.broken)
    let result = try sandbox.run(["compile", "broken.yaml"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("broken.yaml:"), "\(result)")
    #expect(result.stderr.contains(": error: "))
    // The text format quotes the source line under a gutter.
    #expect(result.stderr.contains(" | "), "\(result)")
    #expect(!sandbox.exists("build"))
}

@Test func existingOutputsSurviveACompileWithErrors() throws {
    let sandbox = try Sandbox()
    try sandbox.write("broken.yaml", Scenes.broken)
    try sandbox.write("build/broken.json", "old lottie")
    try sandbox.write("build/broken.svg", "old svg")
    let result = try sandbox.run(["compile", "broken.yaml"])
    #expect(result.status == 1, "\(result)")
    #expect(sandbox.read("build/broken.json") == "old lottie")
    #expect(sandbox.read("build/broken.svg") == "old svg")
    #expect(sandbox.list("build") == ["broken.json", "broken.svg"], "no temporary files are left behind")
}

@Test func everyFileIsReportedInPathOrder() throws {
    let sandbox = try Sandbox()
    try sandbox.write("scenes/b.yaml", Scenes.broken(named: "b"))
    try sandbox.write("scenes/a.yaml", Scenes.broken(named: "a"))
    try sandbox.write("scenes/sub/c.yml", Scenes.broken(named: "c"))
    try sandbox.write("scenes/notes.txt", "not a scene")
    try sandbox.write("scenes/.hidden/h.yaml", Scenes.broken(named: "h"))
    for jobs in ["1", "4"] {
        let result = try sandbox.run(["compile", "--jobs", jobs, "scenes"])
        #expect(result.status == 1, "\(result)")
        let positions = ["scenes/a.yaml:", "scenes/b.yaml:", "scenes/sub/c.yml:"].map { result.stderr.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "\(result)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(result)")
        #expect(!result.stderr.contains("notes.txt") && !result.stderr.contains(".hidden"))
    }
}

@Test func compileWritesLottieAndSVGByDefault() throws {
    let sandbox = try Sandbox()
    try sandbox.write("dot.yaml", Scenes.dot)
    let result = try sandbox.run(["compile", "dot.yaml"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "wrote build/dot.json\nwrote build/dot.svg\n")
    #expect(result.stderr == "")
    let lottie = try #require(sandbox.read("build/dot.json"))
    let document = try JSONSerialization.jsonObject(with: Data(lottie.utf8)) as? [String: Any]
    #expect(document?["w"] as? Double == 100)
    #expect(try #require(sandbox.read("build/dot.svg")).contains("<svg"))
    #expect(sandbox.list("build") == ["dot.json", "dot.svg"])
}

@Test func emitAndOutputDirectoryAreHonoured() throws {
    let sandbox = try Sandbox()
    try sandbox.write("dot.yaml", Scenes.dot)
    let result = try sandbox.run(["compile", "dot.yaml", "--emit", "svg", "-o", "out/nested/"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "wrote out/nested/dot.svg\n")
    #expect(sandbox.list("out/nested") == ["dot.svg"])
}

@Test func prettyJSONHasTheSameContent() throws {
    let sandbox = try Sandbox()
    try sandbox.write("dot.yaml", Scenes.dot)
    #expect(try sandbox.run(["compile", "dot.yaml", "--emit", "lottie", "-o", "min"]).status == 0)
    #expect(try sandbox.run(["compile", "dot.yaml", "--emit", "lottie", "-o", "pretty", "--pretty"]).status == 0)
    let minified = try #require(sandbox.read("min/dot.json"))
    let pretty = try #require(sandbox.read("pretty/dot.json"))
    #expect(!minified.contains("\n  "))
    #expect(pretty.contains("\n  "))
    let parse = { (text: String) in try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary }
    #expect(try parse(minified) == parse(pretty))
}

@Test func aFailedRecompileLeavesThePreviousOutputsByteForByte() throws {
    let sandbox = try Sandbox()
    try sandbox.write("dot.yaml", Scenes.dot)
    #expect(try sandbox.run(["compile", "dot.yaml"]).status == 0)
    let before = (sandbox.read("build/dot.json"), sandbox.read("build/dot.svg"))
    try sandbox.write("dot.yaml", Scenes.broken(named: "dot"))
    let result = try sandbox.run(["compile", "dot.yaml"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout == "")
    #expect(sandbox.read("build/dot.json") == before.0)
    #expect(sandbox.read("build/dot.svg") == before.1)
    #expect(sandbox.list("build") == ["dot.json", "dot.svg"])
}

@Test func anOutputPathThatIsADirectoryIsAnErrorAndNothingIsWritten() throws {
    let sandbox = try Sandbox()
    try sandbox.write("dot.yaml", Scenes.dot)
    try sandbox.mkdir("build/dot.json")
    let result = try sandbox.run(["compile", "dot.yaml"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("choreo: error: cannot write 'build/dot.json': it is a directory\n"), "\(result)")
    // The scene's outputs go all or nothing, so the SVG is not written either.
    #expect(sandbox.list("build") == ["dot.json"])
}

@Test func anOutputDirectoryThatIsAFileIsAnError() throws {
    let sandbox = try Sandbox()
    try sandbox.write("dot.yaml", Scenes.dot)
    try sandbox.write("build", "a file")
    let result = try sandbox.run(["compile", "dot.yaml"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("cannot use 'build' as the output directory: it is a file"), "\(result)")
    #expect(sandbox.read("build") == "a file")
}

@Test func anOutputThatWouldOverwriteAnInputIsRefused() throws {
    let sandbox = try Sandbox()
    // A scene file named like its own Lottie output, compiled into its own directory.
    try sandbox.write("out/dot.json", Scenes.dot)
    let result = try sandbox.run(["compile", "out/dot.json", "-o", "out"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("refusing to write 'out/dot.json': it is one of the input files"), "\(result)")
    #expect(sandbox.read("out/dot.json") == Scenes.dot)
    #expect(sandbox.list("out") == ["dot.json"])
}

@Test func aDirectoryWithOneBadFileStillCompilesTheOthers() throws {
    let sandbox = try Sandbox()
    try sandbox.write("scenes/a.yaml", Scenes.dot(named: "a"))
    try sandbox.write("scenes/b.yaml", Scenes.broken(named: "b"))
    try sandbox.write("scenes/sub/c.yml", Scenes.dot(named: "c"))
    let result = try sandbox.run(["compile", "scenes"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout == "wrote build/a.json\nwrote build/a.svg\nwrote build/c.json\nwrote build/c.svg\n")
    #expect(result.stderr.hasPrefix("scenes/b.yaml:8:5: error: "), "\(result)")
    #expect(sandbox.list("build") == ["a.json", "a.svg", "c.json", "c.svg"])
}

@Test func twoScenesWithOneNameAreBothRefused() throws {
    let sandbox = try Sandbox()
    try sandbox.write("one.yaml", Scenes.dot)
    try sandbox.write("two.yaml", Scenes.dot)
    try sandbox.write("three.yaml", Scenes.dot(named: "three"))
    let result = try sandbox.run(["compile", "one.yaml", "two.yaml", "three.yaml"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("one.yaml: scene name 'dot' is also used by 'two.yaml'"), "\(result)")
    #expect(result.stderr.contains("two.yaml: scene name 'dot' is also used by 'one.yaml'"), "\(result)")
    #expect(result.stdout == "wrote build/three.json\nwrote build/three.svg\n")
}

@Test func outputIsByteForByteDeterministic() throws {
    let sandbox = try Sandbox()
    for name in ["a", "b", "c", "d", "e"] { try sandbox.write("scenes/\(name).yaml", Scenes.dot(named: name)) }
    try sandbox.write("scenes/toggle.yaml", Scenes.toggle)
    try sandbox.write("scenes/pulse.yaml", Scenes.pulse)
    let first = try sandbox.run(["compile", "scenes", "-o", "one"])
    let second = try sandbox.run(["compile", "scenes", "-o", "two", "--jobs", "1"])
    #expect(first.status == 0, "\(first)")
    #expect(second.status == 0, "\(second)")
    #expect(first.stdout.replacingOccurrences(of: "wrote one/", with: "") == second.stdout.replacingOccurrences(of: "wrote two/", with: ""))
    #expect(sandbox.list("one") == sandbox.list("two"))
    #expect(sandbox.list("one").count == 14)
    for name in sandbox.list("one") {
        #expect(try Data(contentsOf: sandbox.url("one/\(name)")) == Data(contentsOf: sandbox.url("two/\(name)")), "\(name) differs")
    }
}

@Test func emitTimelineWritesTheCompiledTimelineAsJSON() throws {
    let sandbox = try Sandbox()
    try sandbox.write("dot.yaml", Scenes.dot)
    let result = try sandbox.run(["compile", "--emit", "timeline,lottie,timeline", "dot.yaml"])
    #expect(result.status == 0, "\(result)")
    // Repeats collapse and files come in the fixed order lottie, svg, timeline.
    #expect(result.stdout == "wrote build/dot.json\nwrote build/dot.timeline.json\n")
    let text = try #require(sandbox.read("build/dot.timeline.json"))
    let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(document["name"] as? String == "dot")
    #expect(!text.contains("\n  "), "minified without --pretty")
    #expect(try sandbox.run(["compile", "--emit", "timeline", "--pretty", "dot.yaml"]).status == 0)
    #expect(try #require(sandbox.read("build/dot.timeline.json")).contains("\n  "))
}

@Test func aFileNamedTwiceIsCompiledOnce() throws {
    let sandbox = try Sandbox()
    try sandbox.write("scenes/dot.yaml", Scenes.dot)
    let result = try sandbox.run(["compile", "scenes/dot.yaml", "./scenes/dot.yaml", "scenes"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "wrote build/dot.json\nwrote build/dot.svg\n")
}

/// The names and compression methods of a ZIP's members, read from its local file headers.
private func zipMembers(_ bytes: [UInt8]) -> [(name: String, method: Int)] {
    func integer(_ offset: Int, _ size: Int) -> Int {
        (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
    var members: [(String, Int)] = []
    var offset = 0
    while offset + 30 <= bytes.count, integer(offset, 4) == 0x0403_4B50 {
        let method = integer(offset + 8, 2), compressed = integer(offset + 18, 4)
        let nameLength = integer(offset + 26, 2), extraLength = integer(offset + 28, 2)
        members.append((String(decoding: bytes[(offset + 30)..<(offset + 30 + nameLength)], as: UTF8.self), method))
        offset += 30 + nameLength + extraLength + compressed
    }
    return members
}

@Test func emitDotLottieWritesADeterministicDeflatedArchiveWithTheAnimationLast() throws {
    let sandbox = try Sandbox()
    try sandbox.write("dot.yaml", Scenes.dot)
    let result = try sandbox.run(["compile", "dot.yaml", "--emit", "dotlottie,lottie"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "wrote build/dot.json\nwrote build/dot.lottie\n")
    let bytes = try [UInt8](Data(contentsOf: sandbox.url("build/dot.lottie")))
    let members = zipMembers(bytes)
    #expect(members.map(\.name) == ["manifest.json", "s/dot.json", "a/dot.json"])
    #expect(members.allSatisfy { $0.method == 8 }, "every member is Deflate")
    let again = try sandbox.run(["compile", "dot.yaml", "--emit", "dotlottie", "-o", "again"])
    #expect(again.status == 0, "\(again)")
    #expect(try [UInt8](Data(contentsOf: sandbox.url("again/dot.lottie"))) == bytes)
}

private let themedDot = """
    choreo: 1
    name: themed
    size: [20, 20]
    vars: {ink: "#000000"}
    themes: {dark: {ink: white}}
    layers:
      - {id: dot, shape: ellipse, size: [10, 10], position: [10, 10], fill: $ink}
    """

@Test func themeCompilesThatThemesValuesWithoutSlotsAndAnUnknownThemeIsAUsageError() throws {
    let sandbox = try Sandbox()
    try sandbox.write("themed.yaml", themedDot)
    let slotted = try sandbox.run(["compile", "themed.yaml", "--emit", "lottie,svg"])
    #expect(slotted.status == 0, "\(slotted)")
    #expect(try #require(sandbox.read("build/themed.json")).contains(#""sid":"ink""#))
    #expect(try #require(sandbox.read("build/themed.svg")).contains("prefers-color-scheme: dark"))
    let dark = try sandbox.run(["compile", "themed.yaml", "--emit", "lottie,svg", "--theme", "dark", "-o", "dark"])
    #expect(dark.status == 0, "\(dark)")
    let lottie = try #require(sandbox.read("dark/themed.json"))
    #expect(lottie.contains(#""c":{"a":0,"k":[1,1,1]}"#) && !lottie.contains("sid") && !lottie.contains("slots"))
    #expect(try #require(sandbox.read("dark/themed.svg")).contains(#"fill="rgb(255,255,255)""#))
    let unknown = try sandbox.run(["compile", "themed.yaml", "--theme", "drak", "-o", "x"])
    #expect(unknown.status == 2, "\(unknown)")
    #expect(unknown.stderr.contains("themed.yaml: no theme named 'drak'; did you mean 'dark'? (its themes: dark)"), "\(unknown)")
    #expect(!sandbox.exists("x"))
    let snapshot = try sandbox.run(["snapshot", "themed.yaml", "--at", "0s", "--theme", "dark", "-o", "dark.svg"])
    #expect(snapshot.status == 0, "\(snapshot)")
    #expect(try #require(sandbox.read("dark.svg")).contains(#"fill="rgb(255,255,255)""#))
}

@Test func emitSvgReelWritesTheWholeTimelineLoopNextToTheInteractiveSVG() throws {
    let sandbox = try Sandbox()
    try sandbox.write("toggle.yaml", Scenes.toggle)
    let result = try sandbox.run(["compile", "--emit", "svg-reel,svg", "toggle.yaml"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "wrote build/toggle.svg\nwrote build/toggle.reel.svg\n")
    let interactive = try #require(sandbox.read("build/toggle.svg"))
    let reel = try #require(sandbox.read("build/toggle.reel.svg"))
    // The interactive SVG waits for input: nothing repeats, every animation hangs off a clock.
    #expect(interactive.contains("<script") && interactive.contains("begin=\"indefinite\""))
    #expect(!interactive.contains("repeatCount"))
    // The reel plays every span in turn, forever, without a script.
    #expect(!reel.contains("<script") && !reel.contains("begin="))
    #expect(reel.contains("repeatCount=\"indefinite\""))
}
