import ChoreoDiagnostics
import ChoreoJSON
import ChoreoLottie
import ChoreoSVG
import ChoreoScene
import ChoreoYAML
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// choreo-bench: how close Choreo's cost is to the physical limit, libyaml's own event parse of
// the same bytes, measured in the same run. See docs/performance.md.
//
//   swift run -c release choreo-bench [--sizes 100,1000,10000,20000,100000] [--json build/bench.json]
//
// Internal modes (the benchmark runs itself as a child process to measure peak memory alone):
//   choreo-bench --child MODE NODES      MODE is parse, lint or compile

struct Measurement {
    var nodes: Int
    var inputBytes: Int
    var parseSeconds: Double
    var lintSeconds: Double
    var compileSeconds: Double
    var parsePeakBytes: Int
    var lintPeakBytes: Int
    var compilePeakBytes: Int
    var lottieBytes: Int
    var svgBytes: Int
}

func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// The best of `runs` timings: the least disturbed by whatever else the machine does.
func best(runs: Int, _ body: () -> Void) -> Double {
    var fastest = Double.infinity
    for _ in 0..<runs {
        let start = now()
        body()
        fastest = min(fastest, now() - start)
    }
    return fastest
}

func lint(_ bytes: [UInt8]) -> SceneCompilation {
    compileScene(SourceFile(path: "bench.yaml", bytes: bytes))
}

func compile(_ bytes: [UInt8]) -> (lottie: Int, svg: Int) {
    let compilation = lint(bytes)
    guard let timeline = compilation.timeline else {
        let first = compilation.diagnostics.first.map(\.description) ?? "no timeline"
        FileHandle.standardError.write(Data("choreo-bench: generated scene does not compile: \(first)\n".utf8))
        exit(3)
    }
    return (LottieEmitter.emit(timeline).utf8.count, SVGEmitter.animated(timeline).utf8.count)
}

/// A NULL-terminated argv for posix_spawn; the caller frees each element.
func cArguments(_ arguments: [String]) -> [UnsafeMutablePointer<CChar>?] {
    arguments.map { strdup($0) } + [nil]
}

/// Runs this executable as a child in `mode` and returns the child's peak resident memory.
func childPeakBytes(mode: String, nodes: Int) -> Int {
    let executable = CommandLine.arguments[0]
    var pid: pid_t = 0
    let argv = cArguments([executable, "--child", mode, String(nodes)])
    defer { argv.forEach { free($0) } }
    guard posix_spawn(&pid, executable, nil, nil, argv, environ) == 0 else { return -1 }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    return Int(usage.ru_maxrss) * 1024  // Linux reports kilobytes.
}

func runChild(mode: String, nodes: Int) -> Never {
    let bytes = Array(SceneGenerator.scene(nodes: nodes).utf8)
    switch mode {
    case "parse": _ = countYAMLEvents(bytes)
    case "lint": _ = lint(bytes)
    case "compile": _ = compile(bytes)
    case "idle": break
    default: exit(2)
    }
    exit(0)
}

func measure(nodes: Int) -> Measurement {
    let bytes = Array(SceneGenerator.scene(nodes: nodes).utf8)
    let runs = nodes >= 100_000 ? 3 : nodes >= 10_000 ? 5 : 20
    var sizes = (lottie: 0, svg: 0)
    let parse = best(runs: runs) { _ = countYAMLEvents(bytes) }
    let linting = best(runs: runs) { _ = lint(bytes) }
    let compiling = best(runs: runs) { sizes = compile(bytes) }
    return Measurement(
        nodes: nodes, inputBytes: bytes.count, parseSeconds: parse, lintSeconds: linting, compileSeconds: compiling,
        parsePeakBytes: childPeakBytes(mode: "parse", nodes: nodes),
        lintPeakBytes: childPeakBytes(mode: "lint", nodes: nodes),
        compilePeakBytes: childPeakBytes(mode: "compile", nodes: nodes),
        lottieBytes: sizes.lottie, svgBytes: sizes.svg)
}

/// Compiles a directory of small scenes with the real CLI and reports how many cores it kept busy.
func manyFilesRun(count: Int, cli: String) -> (wall: Double, cpu: Double, cores: Int)? {
    guard FileManager.default.isExecutableFile(atPath: cli) else { return nil }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("choreo-bench-\(getpid())")
    let input = directory.appendingPathComponent("scenes"), output = directory.appendingPathComponent("out")
    try? FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for index in 0..<count {
        try? SceneGenerator.smallScene(index: index).write(
            to: input.appendingPathComponent("small\(index).yaml"), atomically: false, encoding: .utf8)
    }
    let argv = cArguments([cli, "compile", input.path, "-o", output.path])
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let start = now()
    guard posix_spawn(&pid, cli, &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let wall = now() - start
    let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return (wall, cpu, ProcessInfo.processInfo.activeProcessorCount)
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

func megabytes(_ bytes: Int) -> String { formatNumber(Double(bytes) / 1_048_576, decimals: 2) }

// MARK: - Main

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--child", arguments.count == 3, let nodes = Int(arguments[2]) {
    runChild(mode: arguments[1], nodes: nodes)
}
var sizes = [100, 1_000, 10_000, 20_000, 100_000]
var jsonPath = "build/bench.json"
var cli = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("choreo").path
while !arguments.isEmpty {
    let flag = arguments.removeFirst()
    switch flag {
    case "--sizes": sizes = (arguments.isEmpty ? "" : arguments.removeFirst()).split(separator: ",").compactMap { Int($0) }
    case "--json": jsonPath = arguments.isEmpty ? jsonPath : arguments.removeFirst()
    case "--cli": cli = arguments.isEmpty ? cli : arguments.removeFirst()
    default:
        FileHandle.standardError.write(Data("usage: choreo-bench [--sizes N,N,...] [--json PATH] [--cli PATH]\n".utf8))
        exit(2)
    }
}

let idlePeak = childPeakBytes(mode: "idle", nodes: 0)
var rows: [Measurement] = []
print("nodes    input MB   parse ms   lint ms  ×parse  compile ms ×parse  lint MB/s  peak MB (parse/lint/compile)  ×input  lottie MB  svg MB")
for nodes in sizes {
    let m = measure(nodes: nodes)
    rows.append(m)
    let mb = Double(m.inputBytes) / 1_048_576
    let memoryRatio = Double(m.compilePeakBytes - idlePeak) / Double(m.inputBytes)
    print(
        pad(String(nodes), 6), pad(formatNumber(mb, decimals: 2), 10),
        pad(formatNumber(m.parseSeconds * 1000, decimals: 2), 10), pad(formatNumber(m.lintSeconds * 1000, decimals: 2), 9),
        pad(formatNumber(m.lintSeconds / m.parseSeconds, decimals: 2), 7),
        pad(formatNumber(m.compileSeconds * 1000, decimals: 2), 11),
        pad(formatNumber(m.compileSeconds / m.parseSeconds, decimals: 2), 6),
        pad(formatNumber(mb / m.lintSeconds, decimals: 1), 10),
        pad("\(megabytes(m.parsePeakBytes))/\(megabytes(m.lintPeakBytes))/\(megabytes(m.compilePeakBytes))", 29),
        pad(formatNumber(memoryRatio, decimals: 1), 7),
        pad(megabytes(m.lottieBytes), 10), pad(megabytes(m.svgBytes), 7))
}

// Targets (issue 7): lint ≤ 1.5× and compile ≤ 3× the libyaml parse at ≥ 10,000 nodes; doubling
// the input at most 2.2× the time; peak memory (above an idle process) at most 20× the input.
var checks: [(String, Bool, String)] = []
for m in rows where m.nodes >= 10_000 {
    let lintRatio = m.lintSeconds / m.parseSeconds, compileRatio = m.compileSeconds / m.parseSeconds
    checks.append(("lint ≤ 1.5× parse at \(m.nodes)", lintRatio <= 1.5, formatNumber(lintRatio, decimals: 2) + "×"))
    checks.append(("compile ≤ 3× parse at \(m.nodes)", compileRatio <= 3, formatNumber(compileRatio, decimals: 2) + "×"))
    let memoryRatio = Double(m.compilePeakBytes - idlePeak) / Double(m.inputBytes)
    checks.append(("peak memory ≤ 20× input at \(m.nodes)", memoryRatio <= 20, formatNumber(memoryRatio, decimals: 1) + "×"))
}
for (small, large) in zip(rows, rows.dropFirst()) where large.nodes == 2 * small.nodes {
    let growth = large.compileSeconds / small.compileSeconds
    checks.append(("doubling \(small.nodes) → \(large.nodes) costs ≤ 2.2× time", growth <= 2.2, formatNumber(growth, decimals: 2) + "×"))
}
var many: (wall: Double, cpu: Double, cores: Int)?
many = manyFilesRun(count: 1000, cli: cli)
if let many {
    let busy = many.cpu / many.wall
    checks.append(("1,000 small scenes keep every core busy", busy >= 0.8 * Double(many.cores),
                   "\(formatNumber(busy, decimals: 2)) of \(many.cores) cores, \(formatNumber(many.wall, decimals: 2)) s"))
}
print("")
for (name, passed, figure) in checks {
    print("\(passed ? "met    " : "NOT MET") \(name): \(figure)")
}

let json = JSONValue.object([
    ("machine", .object([("cores", .int(ProcessInfo.processInfo.activeProcessorCount)),
                         ("memory-bytes", .int(Int(ProcessInfo.processInfo.physicalMemory)))])),
    ("rows", .array(rows.map { m in
        .object([
            ("nodes", .int(m.nodes)), ("input-bytes", .int(m.inputBytes)),
            ("parse-seconds", .decimal(m.parseSeconds, places: 6)), ("lint-seconds", .decimal(m.lintSeconds, places: 6)),
            ("compile-seconds", .decimal(m.compileSeconds, places: 6)),
            ("lint-ratio", .decimal(m.lintSeconds / m.parseSeconds, places: 3)),
            ("compile-ratio", .decimal(m.compileSeconds / m.parseSeconds, places: 3)),
            ("parse-peak-bytes", .int(m.parsePeakBytes)), ("lint-peak-bytes", .int(m.lintPeakBytes)),
            ("compile-peak-bytes", .int(m.compilePeakBytes)), ("idle-peak-bytes", .int(idlePeak)),
            ("lottie-bytes", .int(m.lottieBytes)), ("svg-bytes", .int(m.svgBytes)),
        ])
    })),
    ("many-files", many.map { .object([("files", 1000), ("wall-seconds", .decimal($0.wall, places: 3)),
                                        ("cpu-seconds", .decimal($0.cpu, places: 3)), ("cores", .int($0.cores))]) } ?? .null),
    ("checks", .array(checks.map { .object([("check", .string($0.0)), ("met", .bool($0.1)), ("figure", .string($0.2))]) })),
])
try? FileManager.default.createDirectory(
    at: URL(fileURLWithPath: jsonPath).deletingLastPathComponent(), withIntermediateDirectories: true)
try? JSONWriter(pretty: true).string(json).write(toFile: jsonPath, atomically: true, encoding: .utf8)
print("\nwrote \(jsonPath)")
