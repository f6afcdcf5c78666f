import ChoreoTestSupport
import Foundation
import Testing

// `budget:` in a scene and `compile --budget`: a Lottie, TGS or dotLottie over it is an error
// giving the measured sizes, and nothing of the scene is written.

/// 60 circles moving on a spring: a Lottie of some tens of kilobytes.
private func movingDots(budget: String?) -> String {
    var scene = "choreo: 1\nname: dots\nsize: [400, 400]\n"
    if let budget { scene += "budget: \(budget)\n" }
    scene += "layers:\n"
    for index in 0..<60 {
        scene += "  - {id: d\(index), shape: ellipse, size: [8, 8], position: [\(index * 6), \(index * 5)], fill: red}\n"
    }
    scene += "states:\n  rest: {}\n  moved:\n"
    for index in 0..<60 { scene += "    d\(index): {rotation: 45deg, opacity: 0.5}\n" }
    scene += "transitions:\n  - {from: rest, to: moved, on: tap, easing: snappy}\n"
    return scene
}

@Test func aLottieOverTheSceneBudgetIsAnErrorWithItsSizes() throws {
    let sandbox = try Sandbox()
    try sandbox.write("dots.yaml", movingDots(budget: "1KiB"))
    let result = try sandbox.run(["compile", "dots.yaml", "--emit", "lottie,dotlottie"])
    #expect(result.status == 1, "\(result)")
    let lottie = try #require(
        result.stderr.firstMatch(
            of: /dots.yaml:4:9: error: the Lottie is ([\d,]+) bytes \(([\d,]+) bytes gzipped\), over the scene's budget of 1,024 bytes \(1 KiB\) \[over-budget\]/),
        "\(result)")
    let raw = Int(lottie.1.replacing(",", with: ""))!, gzipped = Int(lottie.2.replacing(",", with: ""))!
    #expect(raw > 1024 && gzipped < raw)
    #expect(result.stderr.contains(/error: the dotLottie is [\d,]+ bytes \(zipped from [\d,]+ bytes\), over the scene's budget/))
    #expect(!sandbox.exists("build"))

    // Within the budget, the same scene compiles; the Lottie is the size the error measured.
    try sandbox.write("dots.yaml", movingDots(budget: "1MiB"))
    let within = try sandbox.run(["compile", "dots.yaml", "--emit", "lottie"])
    #expect(within.status == 0, "\(within)")
    #expect(try Data(contentsOf: sandbox.url("build/dots.json")).count == raw)
}

@Test func theBudgetOptionAppliesToEveryScene() throws {
    let sandbox = try Sandbox()
    try sandbox.write("dots.yaml", movingDots(budget: nil))
    let result = try sandbox.run(["compile", "dots.yaml", "--emit", "lottie", "--budget", "2000B"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains(/dots.yaml:1:1: error: the Lottie is [\d,]+ bytes \([\d,]+ bytes gzipped\), over --budget of 2,000 bytes \[over-budget\]/), "\(result)")
    // The smaller of the two applies: a scene's tighter budget is not loosened by the option.
    try sandbox.write("dots.yaml", movingDots(budget: "2000"))
    #expect(try sandbox.run(["compile", "dots.yaml", "--emit", "lottie", "--budget", "1MB"]).status == 1)
    #expect(try sandbox.run(["compile", "dots.yaml", "--emit", "svg", "--budget", "1KB"]).status == 0, "an SVG has no budget")
    let bad = try sandbox.run(["compile", "dots.yaml", "--budget", "lots"])
    #expect(bad.status == 2 && bad.stderr.contains("--budget"), "\(bad)")
}

@Test func aStickerOverTheBudgetIsMeasuredAsTheGzipFileItIs() throws {
    let sandbox = try Sandbox()
    try sandbox.write("dots.yaml", movingDots(budget: "1KiB"))
    let result = try sandbox.run(["compile", "dots.yaml", "--target", "tgs", "--emit", "svg"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains(/error: the sticker is [\d,]+ bytes \(gzip of [\d,]+ bytes of JSON\), over the scene's budget of 1,024 bytes \(1 KiB\) \[over-budget\]/), "\(result)")
}
