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
    /// Where in the scene the edit lands: the edit the preview's handles make in each section.
    enum Section: String, CaseIterable {
        /// An ellipse's radius in the middle of `layers:`.
        case layers
        /// A node's rotation in the `moved` state.
        case states
        /// The first transition's duration.
        case transitions
        /// A keyframe's value in the middle of the looping timeline.
        case timelines
        /// `half: $cell / 2`: a var every ellipse reads.
        case vars

        /// The line and the UTF-16 column of the digit the edit replaces.
        func digit(in lines: [Substring]) -> (line: Int, character: Int) {
            func middle(_ matching: (Substring) -> Bool) -> Int {
                let found = lines.indices.filter { matching(lines[$0]) }
                return found[found.count / 2]
            }
            func before(_ marker: String, on line: Int) -> (line: Int, character: Int) {
                let text = String(lines[line])
                let end = text.range(of: marker)!.lowerBound
                return (line, text[..<end].utf16.count - 1)
            }
            switch self {
            case .layers:
                let line = middle { $0.hasPrefix("    radius: $half - ") }
                return (line, lines[line].utf16.count - 1)
            case .states: return before("deg,", on: middle { $0.hasPrefix("    n") && $0.contains("rotation: 45deg") })
            case .transitions: return before("s, easing: ease-in-out", on: middle { $0.contains("{from: rest, to: moved") })
            case .timelines: return before(", easing: ease-out}", on: middle { $0.contains("{at: 0.5s, value: ") })
            case .vars:
                let line = middle { $0 == "  half: $cell / 2" }
                return (line, lines[line].utf16.count - 1)
            }
        }
    }

    var kind: SceneGenerator.Kind
    var section: Section
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
    /// What the lints read (`LanguageServer.lintWholeReads`, `lintEntryReads`, `lintYAMLBytes`,
    /// and the front end's `LayerReadCache.layersRead`): whole texts, entries whose YAML was read
    /// alone, YAML bytes parsed, and layers the front end read (the others it took from the last
    /// lint); counted, not timed.
    var wholeYAMLReads: Int
    var entryYAMLReads: Int
    var yamlBytes: Int
    var layersRead: Int
    /// Layers lowering built (`LanguageServer.layersLowered`; the others it took from the last
    /// lint); counted, not timed.
    var layersLowered: Int

    /// The target: 20 ms at 1,000 nodes, 100 ms at 10,000 (and proportionally between).
    var targetSeconds: Double { nodes <= 1_000 ? 0.020 : 0.100 }

    var summary: String {
        "language server, \(kind.rawValue) scene of \(nodes) nodes (\(megabytes(inputBytes)) MB): a one-character edit in \(section.rawValue) answered in "
            + "\(milliseconds(editMedian)) ms median, \(milliseconds(editMax)) ms max of \(edits) (target \(milliseconds(targetSeconds)) ms); "
            + "a whole compile of the text \(milliseconds(compileMedian)) ms; \(compiles) lints, \(treeReads) more YAML reads, \(linesSplit) lines split again; "
            + "the lints read \(wholeYAMLReads) whole texts and \(entryYAMLReads) entries alone (\(yamlBytes) bytes of YAML), the front end \(layersRead) layers, lowering \(layersLowered)"
    }

    var json: JSONValue {
        .object([
            ("scene", .string(kind.rawValue)), ("section", .string(section.rawValue)), ("nodes", .int(nodes)), ("input-bytes", .int(inputBytes)), ("edits", .int(edits)),
            ("edit-median-seconds", .decimal(editMedian, places: 6)), ("edit-max-seconds", .decimal(editMax, places: 6)),
            ("compile-median-seconds", .decimal(compileMedian, places: 6)),
            ("whole-compiles", .int(compiles)), ("yaml-reads", .int(treeReads)), ("lines-split", .int(linesSplit)),
            ("whole-yaml-reads", .int(wholeYAMLReads)), ("entry-yaml-reads", .int(entryYAMLReads)), ("lint-yaml-bytes", .int(yamlBytes)),
            ("layers-read", .int(layersRead)), ("layers-lowered", .int(layersLowered)),
        ])
    }
}

func measureLanguageServerLatency(kind: SceneGenerator.Kind, section: LanguageServerLatency.Section = .layers, nodes: Int, edits: Int) -> LanguageServerLatency {
    let text = SceneGenerator.scene(nodes: nodes, kind: kind)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let (line, character) = section.digit(in: lines)
    let uri = "file:///latency.yaml"
    let server = LanguageServer(configuration: .init(documentationBase: nil, version: "bench"))
    _ = server.handle(.object([("jsonrpc", "2.0"), ("id", 1), ("method", "initialize"), ("params", .object([("capabilities", .object([]))]))]))
    _ = server.handle(.object([("jsonrpc", "2.0"), ("method", "textDocument/didOpen"), ("params", .object([
        ("textDocument", .object([("uri", .string(uri)), ("languageId", "yaml"), ("version", 1), ("text", .string(text))])),
    ]))]))
    let compilesBefore = server.lintCount, readsBefore = server.treeReadCount, splitBefore = server.linesSplit
    let wholeBefore = server.lintWholeReads, layerBefore = server.lintEntryReads, bytesBefore = server.lintYAMLBytes
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
        let column = lines[line].utf16.index(lines[line].startIndex, offsetBy: character)
        edited[line] = lines[line][..<column] + Substring(digit) + lines[line][lines[line].index(after: column)...]
        current = edited.joined(separator: "\n")
        let bytes = Array(current.utf8)
        compileTimes.append(cpuTime { _ = compileScene(SourceFile(path: "latency.yaml", bytes: bytes)) })
    }
    return LanguageServerLatency(
        kind: kind, section: section, nodes: nodes, inputBytes: text.utf8.count, edits: edits, editMedian: median(editTimes),
        editMax: editTimes.max() ?? 0, compileMedian: median(compileTimes), compiles: server.lintCount - compilesBefore,
        treeReads: server.treeReadCount - readsBefore, linesSplit: server.linesSplit - splitBefore,
        wholeYAMLReads: server.lintWholeReads - wholeBefore, entryYAMLReads: server.lintEntryReads - layerBefore,
        yamlBytes: server.lintYAMLBytes - bytesBefore, layersRead: server.layersRead - layersBefore,
        layersLowered: server.layersLowered - loweredBefore)
}
