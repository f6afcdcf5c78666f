import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoSVG
import ChoreoScene
import Foundation

/// Text against the same drawing written as path data: a scene of 10,000 glyphs (100 text nodes
/// of 100 glyphs, shaped with HarfBuzz, outlines from FreeType cached per glyph) and a scene of
/// 100 path nodes whose `d:` is those glyphs' outlines, taken from the text scene's own snapshot.
/// Both compiled by `choreo compile` (Lottie and SVG), CPU time of whole processes, best of three,
/// interleaved. Target: the text costs at most twice the paths.
struct TextShapingTiming {
    var glyphs: Int
    var textSeconds: Double
    var pathSeconds: Double
    var ratio: Double { textSeconds / pathSeconds }
    static let targetRatio = 2.0
}

func measureTextShaping(cli: String, work: URL) -> TextShapingTiming? {
    // Relative to the repository, where scripts/bench.sh runs.
    let font = URL(fileURLWithPath: "docs/examples/text/fonts/DejaVuSans-Bold-Latin.ttf")
    let directory = work.appendingPathComponent("text")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    guard FileManager.default.isExecutableFile(atPath: cli),
        (try? FileManager.default.copyItem(at: font, to: directory.appendingPathComponent("font.ttf"))) != nil
    else { return nil }
    let nodes = 100, glyphsPerNode = 100
    // Glyphs of few vertices: 10,000 of them stay under the vertex limit of a small file.
    let words = String(String(repeating: "lilt", count: glyphsPerNode).prefix(glyphsPerNode))
    let header = "choreo: 1\nsize: [800, 2440]\n"
    let states = "states:\n  a: {}\n  b: {t0: {opacity: 0.5}}\ntransitions:\n  - {from: a, to: b, duration: 0.2s}\n"
    var text = header + "fonts:\n  ui: {file: font.ttf}\nlayers:\n"
    for index in 0..<nodes {
        text += "  - {id: t\(index), shape: text, text: \"\(words)\", font: ui, size: 12, position: [400, \(20 + index * 24)], fill: black}\n"
    }
    text += states
    let textFile = directory.appendingPathComponent("text.yaml")
    try? text.write(to: textFile, atomically: true, encoding: .utf8)
    guard let timeline = compileScene(SourceFile(path: textFile.path, bytes: Array(text.utf8)), files: SceneFolderFiles()).timeline else { return nil }
    // Each text node is drawn as `<g id="tN" … transform="translate(X Y)"><path d="…"`.
    let snapshot = SVGEmitter.snapshot(timeline, at: 0)
    var paths = header + "layers:\n"
    var found = 0
    for index in 0..<nodes {
        guard let node = snapshot.range(of: "<g id=\"t\(index)\" "),
            let group = snapshot[node.upperBound...].range(of: "transform=\"translate("),
            let close = snapshot[group.upperBound...].range(of: ")\">"),
            let dStart = snapshot[close.upperBound...].range(of: "<path d=\""),
            let dEnd = snapshot[dStart.upperBound...].range(of: "\"")
        else { continue }
        let offset = snapshot[group.upperBound..<close.lowerBound].split(separator: " ")
        guard offset.count == 2 else { continue }
        let d = snapshot[dStart.upperBound..<dEnd.lowerBound]
        paths += "  - {id: t\(index), shape: path, d: \"\(d)\", anchor: [0, 0], position: [\(offset[0]), \(offset[1])], fill: black}\n"
        found += 1
    }
    guard found == nodes else { return nil }
    paths += states
    let pathFile = directory.appendingPathComponent("paths.yaml")
    try? paths.write(to: pathFile, atomically: true, encoding: .utf8)
    let output = directory.appendingPathComponent("out").path
    var textTime = Double.infinity, pathTime = Double.infinity
    for _ in 0..<3 {
        guard let a = processCPUTime([cli, "compile", textFile.path, "-o", output]),
            let b = processCPUTime([cli, "compile", pathFile.path, "-o", output])
        else { return nil }
        textTime = min(textTime, a)
        pathTime = min(pathTime, b)
    }
    return TextShapingTiming(glyphs: nodes * glyphsPerNode, textSeconds: textTime, pathSeconds: pathTime)
}
