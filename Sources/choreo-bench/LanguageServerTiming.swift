import ChoreoJSON
import ChoreoLanguageServer

/// How fast `choreo lsp` answers typing in a large scene (a change in a 1,000-line
/// scene within 100 ms). In process, so it includes everything the server does for
/// a change: apply the text, read the YAML, run the whole front end and lowering, and build the
/// diagnostics message. CPU time of the thread, like the rest of the benchmark (on a shared
/// machine the wall clock measures the scheduler). Measured here, never asserted in a timed test.
struct LanguageServerTiming {
    var lines: Int
    var nodes: Int
    var changes: Int
    var changeMedian: Double
    var changeMax: Double
    var completionMedian: Double
    var hoverMedian: Double
}

func measureLanguageServer(lines target: Int) -> LanguageServerTiming {
    var nodes = 10
    var text = SceneGenerator.scene(nodes: nodes)
    while text.split(separator: "\n").count < target {
        nodes += 10
        text = SceneGenerator.scene(nodes: nodes)
    }
    let lineCount = text.split(separator: "\n").count
    let uri = "file:///bench.yaml"
    let server = LanguageServer(configuration: .init(documentationBase: nil, version: "bench"))
    _ = server.handle(.object([("jsonrpc", "2.0"), ("id", 1), ("method", "initialize"), ("params", .object([("capabilities", .object([]))]))]))
    _ = server.handle(.object([("jsonrpc", "2.0"), ("method", "textDocument/didOpen"), ("params", .object([
        ("textDocument", .object([("uri", .string(uri)), ("languageId", "yaml"), ("version", 1), ("text", .string(text))])),
    ]))]))
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    var changeTimes: [Double] = []
    let changes = 41
    for index in 0..<changes {
        // Typing in the middle of the file: one value changes each time.
        let edited = text.replacingOccurrences(of: "radius: $half - 1", with: "radius: $half - \(1 + index % 3)")
        let start = threadCPUTime()
        let out = server.handle(.object([("jsonrpc", "2.0"), ("method", "textDocument/didChange"), ("params", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .int(index + 2))])),
            ("contentChanges", .array([.object([("text", .string(edited))])])),
        ]))]))
        // The message is encoded as the CLI would send it.
        _ = out.map(MessageFramer.frame)
        changeTimes.append(threadCPUTime() - start)
    }
    func request(_ method: String, line: Int, character: Int) -> Double {
        let start = threadCPUTime()
        let out = server.handle(.object([("jsonrpc", "2.0"), ("id", 9), ("method", .string(method)), ("params", .object([
            ("textDocument", .object([("uri", .string(uri))])),
            ("position", .object([("line", .int(line)), ("character", .int(character))])),
        ]))]))
        _ = out.map(MessageFramer.frame)
        return threadCPUTime() - start
    }
    let middle = lineCount / 2
    let completion = (0..<21).map { _ in request("textDocument/completion", line: middle, character: 4) }
    // Hover on a `$var`, which evaluates the scene's vars.
    let varLine = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("$half") } ?? 0
    let varCharacter = text.split(separator: "\n", omittingEmptySubsequences: false)[varLine].utf16.count - 6
    let hover = (0..<21).map { _ in request("textDocument/hover", line: varLine, character: varCharacter) }
    return LanguageServerTiming(
        lines: lineCount, nodes: nodes, changes: changes, changeMedian: median(changeTimes), changeMax: changeTimes.max() ?? 0,
        completionMedian: median(completion), hoverMedian: median(hover))
}
