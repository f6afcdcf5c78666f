import ChoreoJSON
import ChoreoLottie
import ChoreoSVG
import ChoreoTimeline

/// How fast each emitter writes its output for one compiled timeline (≥ 100 MB/s each):
/// the CPU time of the emitter alone (the timeline is compiled once, before), best of `runs`,
/// interleaved so the emitters see the same machine.
struct EmitterThroughput {
    /// Which generated scene (`light`, `heavy`).
    var scene: String
    var nodes: Int
    var lottieBytes: Int
    var lottieSeconds: Double
    var reelBytes: Int
    var reelSeconds: Double
    var interactiveBytes: Int
    var interactiveSeconds: Double

    static let targetMegabytesPerSecond = 100.0

    var lottieMegabytesPerSecond: Double { Double(lottieBytes) / 1_048_576 / lottieSeconds }
    var reelMegabytesPerSecond: Double { Double(reelBytes) / 1_048_576 / reelSeconds }
    var interactiveMegabytesPerSecond: Double { Double(interactiveBytes) / 1_048_576 / interactiveSeconds }

    /// The emitters as the CLI calls them: output bytes for the file, nothing else.
    static func measure(_ timeline: Timeline, scene: String, nodes: Int, runs: Int) -> EmitterThroughput {
        var result = EmitterThroughput(
            scene: scene, nodes: nodes, lottieBytes: 0, lottieSeconds: .infinity, reelBytes: 0, reelSeconds: .infinity,
            interactiveBytes: 0, interactiveSeconds: .infinity)
        for _ in 0..<max(1, runs) {
            var count = 0
            result.lottieSeconds = min(result.lottieSeconds, cpuTime { count = lottieOutput(timeline) })
            result.lottieBytes = count
            result.reelSeconds = min(result.reelSeconds, cpuTime { count = reelOutput(timeline) })
            result.reelBytes = count
            result.interactiveSeconds = min(result.interactiveSeconds, cpuTime { count = interactiveOutput(timeline) })
            result.interactiveBytes = count
        }
        return result
    }

    static func lottieOutput(_ timeline: Timeline) -> Int { LottieEmitter.emitBytes(timeline).count }
    static func reelOutput(_ timeline: Timeline) -> Int { SVGEmitter.animatedBytes(timeline).count }
    static func interactiveOutput(_ timeline: Timeline) -> Int { SVGEmitter.interactiveBytes(timeline).count }

    var summary: String {
        func part(_ name: String, _ bytes: Int, _ seconds: Double, _ rate: Double) -> String {
            "\(name) \(megabytes(bytes)) MB in \(milliseconds(seconds)) ms = \(formatNumber(rate, decimals: 1)) MB/s"
        }
        return "emitters, \(scene) scene at \(nodes) nodes (CPU time, best of runs): "
            + [part("Lottie", lottieBytes, lottieSeconds, lottieMegabytesPerSecond),
               part("SVG reel", reelBytes, reelSeconds, reelMegabytesPerSecond),
               part("interactive SVG", interactiveBytes, interactiveSeconds, interactiveMegabytesPerSecond)].joined(separator: "; ")
    }

    var json: JSONValue {
        .object([
            ("scene", .string(scene)), ("nodes", .int(nodes)),
            ("lottie-bytes", .int(lottieBytes)), ("lottie-seconds", .decimal(lottieSeconds, places: 6)),
            ("lottie-mb-per-second", .decimal(lottieMegabytesPerSecond, places: 2)),
            ("svg-reel-bytes", .int(reelBytes)), ("svg-reel-seconds", .decimal(reelSeconds, places: 6)),
            ("svg-reel-mb-per-second", .decimal(reelMegabytesPerSecond, places: 2)),
            ("svg-interactive-bytes", .int(interactiveBytes)), ("svg-interactive-seconds", .decimal(interactiveSeconds, places: 6)),
            ("svg-interactive-mb-per-second", .decimal(interactiveMegabytesPerSecond, places: 2)),
        ])
    }
}
