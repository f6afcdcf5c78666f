import ChoreoLottieImport
import Foundation

/// The cost of `choreo import` on a generated Lottie document of about `targetBytes` against
/// Foundation's `JSONSerialization` parse of the same bytes in the same run, best of seven each
/// (seconds).
struct LottieImportTiming {
    var bytes: Int
    var parse: Double
    var importing: Double
    var ratio: Double { importing / parse }
}

func measureLottieImport(targetBytes: Int) -> LottieImportTiming {
    let document = Array(generatedLottie(targetBytes: targetBytes).utf8)
    let data = Data(document)
    func timed(_ body: () -> Void) -> Double {
        let start = now()
        body()
        return now() - start
    }
    var parse = Double.infinity, importing = Double.infinity
    for _ in 0..<7 { parse = min(parse, timed { _ = try? JSONSerialization.jsonObject(with: data) }) }
    for _ in 0..<7 {
        importing = min(importing, timed {
            guard case let .success(scene) = LottieImporter.importDocument(document, source: "bench.json") else {
                preconditionFailure("the generated document was refused")
            }
            // What `choreo import -o` hands the file, counted here instead of written.
            var written = 0
            scene.write { written += $0.count }
            precondition(written > 0, "the import wrote nothing")
        })
    }
    return LottieImportTiming(bytes: document.count, parse: parse, importing: importing)
}

/// `measureLottieImport` in a process of its own (`--lottie-import-child`); nil when it could not run.
func measureLottieImportInChild(targetBytes: Int) -> LottieImportTiming? {
    guard let output = childOutput([CommandLine.arguments[0], "--lottie-import-child", String(targetBytes)]) else { return nil }
    let fields = output.split(separator: " ")
    guard fields.count == 3, let bytes = Int(fields[0]), let parse = Double(fields[1]), let importing = Double(fields[2]) else { return nil }
    return LottieImportTiming(bytes: bytes, parse: parse, importing: importing)
}

/// `choreo-bench --lottie-import [BYTES]` (default 1 MiB): `measureLottieImport`, printed.
func runLottieImportBenchmark(targetBytes: Int) {
    let timing = measureLottieImport(targetBytes: targetBytes)
    print("lottie import: \(timing.bytes) bytes")
    print("  JSONSerialization  \(String(format: "%.1f", timing.parse * 1000)) ms")
    print("  choreo import      \(String(format: "%.1f", timing.importing * 1000)) ms (\(String(format: "%.2f", timing.ratio))× JSONSerialization)")
}

/// An After Effects–shaped document: shape layers of groups holding a path of a dozen curved
/// vertices, a fill and a stroke, with keyframed position, rotation and opacity (Bézier easing,
/// spatial tangents on the position) and an animated path.
private func generatedLottie(targetBytes: Int) -> String {
    func n(_ value: Double) -> String { String(format: "%.3f", value) }
    func path(_ seed: Int, _ scale: Double) -> String {
        var vertices: [String] = [], ins: [String] = [], outs: [String] = []
        for index in 0..<12 {
            let angle = Double(index) / 12 * 2 * .pi
            let radius = scale * (1 + 0.2 * sin(Double(seed + index)))
            vertices.append("[\(n(radius * cos(angle))),\(n(radius * sin(angle)))]")
            ins.append("[\(n(-radius * 0.15 * sin(angle))),\(n(radius * 0.15 * cos(angle)))]")
            outs.append("[\(n(radius * 0.15 * sin(angle))),\(n(-radius * 0.15 * cos(angle)))]")
        }
        return #"{"c":true,"v":[\#(vertices.joined(separator: ","))],"i":[\#(ins.joined(separator: ","))],"o":[\#(outs.joined(separator: ","))]}"#
    }
    let ease = #""o":{"x":[0.333],"y":[0]},"i":{"x":[0.667],"y":[1]}"#
    var layers: [String] = []
    var total = 200
    var index = 0
    while total < targetBytes {
        let x = Double(index % 20) * 25, y = Double(index / 20 % 20) * 25
        let layer = #"""
            {"ddd":0,"ind":\#(index + 1),"ty":4,"nm":"Shape Layer \#(index + 1)","sr":1,"ks":{"o":{"a":1,"k":[{"t":0,"s":[100],\#(ease)},{"t":30,"s":[40],\#(ease)},{"t":60,"s":[100]}]},"r":{"a":1,"k":[{"t":0,"s":[0],\#(ease)},{"t":60,"s":[360]}]},"p":{"a":1,"k":[{"t":0,"s":[\#(n(x)),\#(n(y)),0],"to":[10,0,0],"ti":[-10,0,0],\#(ease)},{"t":60,"s":[\#(n(x + 40)),\#(n(y)),0]}]},"a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]}},"ao":0,"shapes":[{"ty":"gr","nm":"Blob","it":[{"ty":"sh","nm":"Path 1","ks":{"a":1,"k":[{"t":0,"s":[\#(path(index, 20))],\#(ease)},{"t":60,"s":[\#(path(index + 3, 24))]}]}},{"ty":"st","c":{"a":0,"k":[0.1,0.2,0.3,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":2,"lj":2,"nm":"Stroke 1"},{"ty":"fl","c":{"a":0,"k":[0.9,0.4,\#(n(Double(index % 10) / 10)),1]},"o":{"a":0,"k":100},"r":1,"nm":"Fill 1"},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100},"sk":{"a":0,"k":0},"sa":{"a":0,"k":0}}]}],"ip":0,"op":60,"st":0,"bm":0}
            """#
        layers.append(layer)
        total += layer.utf8.count + 1
        index += 1
    }
    return #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":512,"h":512,"nm":"Bench","ddd":0,"assets":[],"layers":[\#(layers.joined(separator: ","))]}"#
}
