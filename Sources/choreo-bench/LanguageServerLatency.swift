import ChoreoDiagnostics
import ChoreoJSON
import ChoreoLanguageServer
import ChoreoScene

/// The language server's answer to typing in a large scene: a one-character incremental edit
/// (`didChange` with a range) and the `publishDiagnostics` it leads to, without the pause the
/// stdio loop waits for before linting. CPU time of the thread; the median of `edits` edits, with
/// a whole `compileScene` of the same text measured between them (interleaved, so both see the
/// same machine) to show how much of the answer is the lint and how much the server around it.
struct LanguageServerLatency {
    var kind: SceneGenerator.Kind
    var nodes: Int
    var inputBytes: Int
    var edits: Int
    var editMedian: Double
    var editMax: Double
    var compileMedian: Double
    /// Whole compiles and YAML reads the server ran for the edits (`LanguageServer.lintCount`,
    /// `treeReadCount`), and lines of the document split again (`Document.linesSplit`); counted,
    /// not timed.
    var compiles: Int
    var treeReads: Int
    var linesSplit: Int
    /// What the lints read (`LanguageServer.lintWholeReads`, `lintLayerReads`, `lintYAMLBytes`,
    /// and the front end's `LayerReadCache.layersRead`): whole texts, layers whose YAML was read
    /// alone, YAML bytes parsed, and layers the front end read (the others it took from the last
    /// lint); counted, not timed.
    var wholeYAMLReads: Int
    var layerYAMLReads: Int
    var yamlBytes: Int
    var layersRead: Int
    /// Layers lowering built (`LanguageServer.layersLowered`; the others it took from the last
    /// lint); counted, not timed.
    var layersLowered: Int

    /// The target: 20 ms at 1,000 nodes, 100 ms at 10,000 (and proportionally between).
    var targetSeconds: Double { nodes <= 1_000 ? 0.020 : 0.100 }

    var summary: String {
        "language server, \(kind.rawValue) scene of \(nodes) nodes (\(megabytes(inputBytes)) MB): a one-character edit answered in "
            + "\(milliseconds(editMedian)) ms median, \(milliseconds(editMax)) ms max of \(edits) (target \(milliseconds(targetSeconds)) ms); "
            + "a whole compile of the text \(milliseconds(compileMedian)) ms; \(compiles) lints, \(treeReads) more YAML reads, \(linesSplit) lines split again; "
            + "the lints read \(wholeYAMLReads) whole texts and \(layerYAMLReads) layers alone (\(yamlBytes) bytes of YAML), the front end \(layersRead) layers, lowering \(layersLowered)"
    }

    var json: JSONValue {
        .object([
            ("scene", .string(kind.rawValue)), ("nodes", .int(nodes)), ("input-bytes", .int(inputBytes)), ("edits", .int(edits)),
            ("edit-median-seconds", .decimal(editMedian, places: 6)), ("edit-max-seconds", .decimal(editMax, places: 6)),
            ("compile-median-seconds", .decimal(compileMedian, places: 6)),
            ("whole-compiles", .int(compiles)), ("yaml-reads", .int(treeReads)), ("lines-split", .int(linesSplit)),
            ("whole-yaml-reads", .int(wholeYAMLReads)), ("layer-yaml-reads", .int(layerYAMLReads)), ("lint-yaml-bytes", .int(yamlBytes)),
            ("layers-read", .int(layersRead)), ("layers-lowered", .int(layersLowered)),
        ])
    }
}

func measureLanguageServerLatency(kind: SceneGenerator.Kind, nodes: Int, edits: Int) -> LanguageServerLatency {
    let text = SceneGenerator.scene(nodes: nodes, kind: kind)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    // The digit of an ellipse's radius (`radius: $half - 1`) in the middle of the layers.
    let radiusLines = lines.indices.filter { lines[$0].hasPrefix("    radius: $half - ") }
    let line = radiusLines[radiusLines.count / 2]
    let character = lines[line].utf16.count - 1
    let uri = "file:///latency.yaml"
    let server = LanguageServer(configuration: .init(documentationBase: nil, version: "bench"))
    _ = server.handle(.object([("jsonrpc", "2.0"), ("id", 1), ("method", "initialize"), ("params", .object([("capabilities", .object([]))]))]))
    _ = server.handle(.object([("jsonrpc", "2.0"), ("method", "textDocument/didOpen"), ("params", .object([
        ("textDocument", .object([("uri", .string(uri)), ("languageId", "yaml"), ("version", 1), ("text", .string(text))])),
    ]))]))
    let compilesBefore = server.lintCount, readsBefore = server.treeReadCount, splitBefore = server.linesSplit
    let wholeBefore = server.lintWholeReads, layerBefore = server.lintLayerReads, bytesBefore = server.lintYAMLBytes
    let layersBefore = server.layersRead, loweredBefore = server.layersLowered
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    var editTimes: [Double] = [], compileTimes: [Double] = []
    var current = text
    for index in 0..<edits {
        let digit = String(2 + index % 7)
        let range: JSONValue = .object([
            ("start", .object([("line", .int(line)), ("character", .int(character))])),
            ("end", .object([("line", .int(line)), ("character", .int(character + 1))])),
        ])
        let start = threadCPUTime()
        let out = server.handle(.object([("jsonrpc", "2.0"), ("method", "textDocument/didChange"), ("params", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .int(index + 2))])),
            ("contentChanges", .array([.object([("range", range), ("text", .string(digit))])])),
        ]))]))
        _ = out.map(MessageFramer.frame)
        editTimes.append(threadCPUTime() - start)
        var edited = Array(lines)
        edited[line] = lines[line].dropLast() + Substring(digit)
        current = edited.joined(separator: "\n")
        let bytes = Array(current.utf8)
        compileTimes.append(cpuTime { _ = compileScene(SourceFile(path: "latency.yaml", bytes: bytes)) })
    }
    return LanguageServerLatency(
        kind: kind, nodes: nodes, inputBytes: text.utf8.count, edits: edits, editMedian: median(editTimes),
        editMax: editTimes.max() ?? 0, compileMedian: median(compileTimes), compiles: server.lintCount - compilesBefore,
        treeReads: server.treeReadCount - readsBefore, linesSplit: server.linesSplit - splitBefore,
        wholeYAMLReads: server.lintWholeReads - wholeBefore, layerYAMLReads: server.lintLayerReads - layerBefore,
        yamlBytes: server.lintYAMLBytes - bytesBefore, layersRead: server.layersRead - layersBefore,
        layersLowered: server.layersLowered - loweredBefore)
}
