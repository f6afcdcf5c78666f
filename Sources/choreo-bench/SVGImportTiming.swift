import ChoreoSVGImport
import Foundation

/// The cost of `choreo import` on a generated SVG of about `targetBytes` against libxml2's own
/// parse of the same bytes in the same run, best of seven each (seconds).
struct SVGImportTiming {
    var bytes: Int
    var nodes: Int
    var parse: Double
    var importing: Double
    var ratio: Double { importing / parse }
}

func measureSVGImport(targetBytes: Int) -> SVGImportTiming {
    let svg = Array(generatedSVG(targetBytes: targetBytes).utf8)
    func timed(_ body: () -> Void) -> Double {
        let start = now()
        body()
        return now() - start
    }
    // Each side's runs together: a run's frees are then paid for by the next run of the same
    // side (glibc consolidates them on a large allocation), not by the other side.
    var parse = Double.infinity, importing = Double.infinity
    for _ in 0..<7 { parse = min(parse, timed { _ = SVGDocumentReader.parseWithLibxml2Only(bytes: svg) }) }
    var nodes = 0
    for _ in 0..<7 {
        importing = min(importing, timed {
            if case let .success(artwork) = ArtworkMapper.map(bytes: svg) {
                nodes = artwork.nodes.count
                // What `choreo import -o` hands the file, counted here instead of written.
                var written = 0
                ImportedScene.write(artwork, source: "bench.svg") { written += $0.count }
                precondition(written > 0, "the import wrote nothing")
            }
        })
    }
    return SVGImportTiming(bytes: svg.count, nodes: nodes, parse: parse, importing: importing)
}

/// `measureSVGImport` in a process of its own (this executable's `--svg-import-child`); nil when
/// it could not run.
func measureSVGImportInChild(targetBytes: Int) -> SVGImportTiming? {
    guard let output = childOutput([CommandLine.arguments[0], "--svg-import-child", String(targetBytes)]) else { return nil }
    let fields = output.split(separator: " ")
    guard fields.count == 4, let bytes = Int(fields[0]), let nodes = Int(fields[1]),
          let parse = Double(fields[2]), let importing = Double(fields[3]) else { return nil }
    return SVGImportTiming(bytes: bytes, nodes: nodes, parse: parse, importing: importing)
}

/// `choreo-bench --svg-import [BYTES]` (default 1 MiB): `measureSVGImport`, printed.
func runSVGImportBenchmark(targetBytes: Int) {
    let timing = measureSVGImport(targetBytes: targetBytes)
    print("svg import: \(timing.bytes) bytes, \(timing.nodes) top-level nodes")
    print("  libxml2 parse   \(String(format: "%.1f", timing.parse * 1000)) ms")
    print("  choreo import   \(String(format: "%.1f", timing.importing * 1000)) ms (\(String(format: "%.2f", timing.ratio))× libxml2)")
}

/// An export-shaped SVG: a style sheet, gradients in defs, groups of transformed paths, rects
/// and circles with classes and inline styles.
private func generatedSVG(targetBytes: Int) -> String {
    var out = """
        <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 512 512">
        <style>.st0{fill:#E94E1B}.st1{fill:none;stroke:#1D1D1B;stroke-width:2;stroke-linecap:round}</style>
        <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#FFD54F"/><stop offset="1" stop-color="#F0A500"/></linearGradient></defs>

        """
    var index = 0
    while out.utf8.count < targetBytes {
        let x = index % 32 * 16, y = index / 32 % 32 * 16
        out += """
            <g id="cell\(index)" transform="translate(\(x) \(y)) rotate(\(index % 7 * 5))">
            <path class="st0" d="M2 2C4.5 1 7 1.5 9 3.2s3 4.1 2.6 6.4l-1.2 2.2L6 13.5 2.8 11z"/>
            <rect class="st1" x="1" y="1" width="12" height="12" rx="2"/>
            <circle cx="7" cy="7" r="3" fill="url(#g)" style="opacity:0.8"/>
            </g>

            """
        index += 1
    }
    return out + "</svg>\n"
}
