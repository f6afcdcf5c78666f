import ChoreoAppAPI
import ChoreoArchive
import ChoreoDiagnostics
import ChoreoLottie
import ChoreoSVG
import ChoreoScene
import ChoreoTimeline
import Foundation

/// One scene after compiling, before anything is emitted or written.
struct CompiledScene: Sendable {
    var source: SourceFile
    var diagnostics: [Diagnostic]
    /// Nil when the scene has errors (or lacks the theme asked for).
    var timeline: Timeline?
    var themeNames: [String] = []
    /// The font files the scene's text is set in: the depfile lists them beside the scene.
    var inputFiles: [String] = []
    /// `NAME.tgs` (gzip), with `--target tgs` only: made while compiling, because a sticker over
    /// Telegram's size limit is an error of the scene, decided before anything is written.
    var sticker: [UInt8]? = nil
    /// The bytes of the sticker's JSON, before gzip.
    var stickerJSONBytes: Int? = nil
    /// The scene's `budget:`.
    var budget: OutputBudget? = nil
}

/// Compiles one scene and checks it against the player target. Pure.
func compileOnly(_ source: SourceFile, theme: String? = nil, target: PlayerTarget = .default) -> CompiledScene {
    let compilation = compileScene(source, theme: theme, target: target, artwork: artworkLoader, files: sceneFileAccess)
    guard let timeline = compilation.timeline, !compilation.diagnostics.hasErrors else {
        return CompiledScene(source: source, diagnostics: compilation.diagnostics, timeline: nil, themeNames: compilation.themeNames)
    }
    var scene = CompiledScene(source: source, diagnostics: compilation.diagnostics, timeline: timeline, themeNames: compilation.themeNames)
    scene.budget = compilation.budget
    scene.inputFiles = compilation.inputFiles
    switch target.extraOutput {
    case nil: break
    case .telegramSticker?:
        let json = LottieEmitter.emitTelegramSticker(timeline)
        let sticker = Gzip.compress(Array(json.utf8))
        guard sticker.count <= TelegramSticker.maxBytes else {
            // Measured, not estimated: the limit is on the gzip file Telegram receives.
            let tooLarge = Diagnostic(
                .error, rule: .tgsTooLarge,
                "the sticker is \(sticker.count) bytes gzipped (\(json.utf8.count) bytes of JSON); Telegram allows at most \(TelegramSticker.maxBytes) bytes",
                file: source.path, range: SourceRange(.start),
                help: "simplify the scene: fewer nodes and path vertices, fewer keyframes (springs are baked into many), or shorter timelines")
            return CompiledScene(
                source: source, diagnostics: compilation.diagnostics + [tooLarge], timeline: nil, themeNames: compilation.themeNames)
        }
        scene.sticker = sticker
        scene.stickerJSONBytes = json.utf8.count
    }
    return scene
}

/// How many bytes a streaming emitter gathers before writing them to the output file: large
/// enough that the write calls cost nothing next to the emitting, small next to an output.
let outputChunkSize = 1 << 18

/// `NAME.lottie`: the dotLottie members zipped in their order, Deflate-compressed; nil when they
/// are too large for one ZIP archive.
func dotLottieArchive(_ timeline: Timeline) -> [UInt8]? {
    let members = DotLottie.members(timeline, generator: "choreo \(choreoVersion)")
    guard ZipArchive.canHold(members.map { ($0.path, $0.text.utf8.count) }) else { return nil }
    var zip = ZipArchive()
    for member in members { zip.add(path: member.path, data: Array(member.text.utf8)) }
    return zip.bytes()
}

/// A scene name is used as a file name, so it must be a plain identifier (the contract's rule),
/// never a path. Theme names on the command line follow the same rule.
func isUsableFileName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first.isASCIILetter || first == "_" else { return false }
    return name.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

/// The text renderer, quoting lines from the files of this run.
func textRenderer(for sources: [SourceFile]) -> TextRenderer {
    var byPath: [String: SourceFile] = [:]
    for source in sources { byPath[source.path] = source }
    let lookup = byPath
    return TextRenderer(source: { lookup[$0] })
}

func runCompile(_ options: CompileOptions, dependencies: SceneDependencies? = nil) throws(UsageError) -> ExitStatus {
    let paths = try sceneFiles(options.paths, command: .compile)
    let inputs = Set(paths.compactMap { FileIdentity(path: $0) })
    let jobs = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount

    // Reading, compiling and emitting run on every core, one file per task: with many small
    // scenes a serial read or write phase would leave the other cores idle (Amdahl).
    let compiled = concurrentMap(paths, jobs: jobs) { path -> Result<CompiledScene, UsageError> in
        do throws(UsageError) {
            let source = try readScene(path, command: .compile)
            var scene = compileOnly(source, theme: options.theme, target: options.target)
            if let timeline = scene.timeline, scene.budget != nil || options.budget != nil {
                let overBudget = overBudgetDiagnostics(
                    scene, timeline: timeline, emit: options.emit, pretty: options.pretty, optionBudget: options.budget)
                if !overBudget.isEmpty {
                    scene.diagnostics = (scene.diagnostics + overBudget).sortedForReport()
                    scene.timeline = nil
                }
            }
            if let theme = options.theme, scene.timeline == nil, !scene.diagnostics.hasErrors {
                // Nothing failed but there is no timeline: the scene has no such theme.
                throw UsageError.unknownTheme(theme, scene: path, available: scene.themeNames, command: .compile)
            }
            return .success(scene)
        } catch {
            return .failure(error)
        }
    }
    // An unreadable file stops the run before anything is written, as if read first.
    var scenes: [CompiledScene] = []
    scenes.reserveCapacity(compiled.count)
    for result in compiled {
        switch result {
        case let .success(scene): scenes.append(scene)
        case let .failure(error): throw error
        }
    }

    // Two scenes with one name would overwrite each other's outputs; neither is written, as
    // picking one would depend on path order rather than on anything the user said.
    // Names that differ only in case clash too: on a case-insensitive file system (macOS, Windows)
    // `Menu.json` and `menu.json` are one file.
    var pathsByName: [String: [String]] = [:]
    for scene in scenes {
        if let name = scene.timeline?.name { pathsByName[name.lowercased(), default: []].append(scene.source.path) }
    }

    // Decide, in path order, what happens to each scene; the messages are printed in that order
    // after the writes, so they never depend on which worker finished first.
    let renderer = textRenderer(for: scenes.map(\.source))
    var report = OrderedReport()
    var status = ExitStatus.success
    var directoryReady = false
    var writes: [(reportIndex: Int, scene: String, timeline: Timeline, paths: [(kind: EmitKind, path: String)], sticker: OutputFile?)] = []
    var inputFilesByScene: [String: [String]] = [:]
    for scene in scenes {
        inputFilesByScene[scene.source.path] = scene.inputFiles
        dependencies?.record(scene.inputFiles, for: scene.source.path)
    }
    for scene in scenes {
        report.error(renderer.render(scene.diagnostics.cappedPerFile()))
        guard let timeline = scene.timeline else {
            status = .failure
            continue
        }
        let name = timeline.name
        guard isUsableFileName(name) else {
            report.error("choreo: error: \(scene.source.path): the scene name '\(name)' cannot be used as a file name; nothing written\n")
            status = .failure
            continue
        }
        if let clashing = pathsByName[name.lowercased()], clashing.count > 1 {
            let others = clashing.filter { $0 != scene.source.path }.map { "'\($0)'" }.joined(separator: ", ")
            report.error("choreo: error: \(scene.source.path): scene name '\(name)' is also used by \(others) (names that differ only in case are the same file on some systems); nothing written for it (give each scene its own 'name:')\n")
            status = .failure
            continue
        }
        if !directoryReady {
            do throws(OutputError) {
                try prepareDirectory(options.outputDirectory)
                directoryReady = true
            } catch {
                // Nothing can be written at all; say so once rather than once per scene.
                report.error("choreo: error: \(error.message)\n")
                report.print()
                return .failure
            }
        }
        let paths = options.emit.map { (kind: $0, path: joinPath(options.outputDirectory, $0.fileName(for: name))) }
        if options.emit.contains(.swiftAPI) || options.emit.contains(.tsAPI) {
            for collision in AppAPIModel(timeline).collisions {
                report.error("choreo: warning: \(scene.source.path): \(collision.message)\n")
            }
        }
        let sticker = scene.sticker.map {
            OutputFile(path: joinPath(options.outputDirectory, "\(name).\(TargetOutput.telegramSticker.fileExtension)"), bytes: $0)
        }
        writes.append((report.placeholder(), scene.source.path, timeline, paths, sticker))
    }
    // Scenes have distinct names, so their outputs and temporary files never collide. Each
    // worker writes one scene's outputs, emitting each into its temporary file when its turn
    // comes, so at most `jobs` outputs are being emitted at once, and a Lottie file only a chunk
    // at a time (all of them were once held until the end: 8 copies of one scene, 2.8 GB).
    let pretty = options.pretty
    let written = concurrentMap(writes.map { ($0.timeline, $0.paths, $0.sticker) }, jobs: jobs) { timeline, paths, sticker -> OutputError? in
        let files = paths.map { path in
            OutputFile(path: path.path) { emitOutput(path.kind, of: timeline, pretty: pretty, into: $0) }
        } + [sticker].compactMap { $0 }
        do throws(OutputError) {
            try writeAtomically(files, protecting: inputs)
            return nil
        } catch {
            return error
        }
    }
    var dependencies: [(outputs: [String], inputs: [String])] = []
    for (write, failure) in zip(writes, written) {
        if let failure {
            report.fill(write.reportIndex, error: "choreo: error: \(failure.message)\n")
            status = .failure
        } else {
            let outputs = write.paths.map(\.path) + [write.sticker?.path].compactMap { $0 }
            report.fill(write.reportIndex, out: outputs.map { "wrote \($0)\n" }.joined())
            dependencies.append((outputs, [write.scene] + (inputFilesByScene[write.scene] ?? [])))
        }
    }
    if let depfile = options.depfile {
        do throws(OutputError) {
            if let slash = depfile.lastIndex(of: "/"), slash != depfile.startIndex {
                try prepareDirectory(String(depfile[..<slash]))
            }
            try writeAtomically([OutputFile(path: depfile, contents: try makeDependencies(dependencies))], protecting: inputs)
            report.out("wrote \(depfile)\n")
        } catch {
            report.error("choreo: error: \(error.message)\n")
            status = .failure
        }
    }
    report.print()
    return status
}

/// Messages for stdout and stderr in the order they are to appear, some filled in later.
/// Consecutive messages for one stream are printed with one write.
struct OrderedReport {
    private enum Message {
        case out(String)
        case error(String)
        case pending
    }

    private var messages: [Message] = []

    mutating func error(_ text: String) { if !text.isEmpty { messages.append(.error(text)) } }
    mutating func out(_ text: String) { if !text.isEmpty { messages.append(.out(text)) } }

    /// Reserves the place of a message that is known later.
    mutating func placeholder() -> Int {
        messages.append(.pending)
        return messages.count - 1
    }

    mutating func fill(_ index: Int, out text: String) { messages[index] = .out(text) }
    mutating func fill(_ index: Int, error text: String) { messages[index] = .error(text) }

    func print() {
        var pendingOut = ""
        var pendingError = ""
        for message in messages {
            switch message {
            case let .out(text):
                Console.error(pendingError)
                pendingError = ""
                pendingOut += text
            case let .error(text):
                Console.out(pendingOut)
                pendingOut = ""
                pendingError += text
            case .pending: break
            }
        }
        Console.out(pendingOut)
        Console.error(pendingError)
    }
}

/// `compile --watch`: one compile of everything, then a compile of each scene that changes, until
/// Ctrl-C (exit 0). A round's usage error (a scene removed for good) is printed, not fatal.
func runCompileWatching(_ options: CompileOptions) throws(UsageError) -> ExitStatus {
    let paths = try sceneFiles(options.paths, command: .compile)
    TemporaryFiles.shared.stopCleanlyOnSignal {}
    let dependencies = SceneDependencies()
    _ = try runCompile(options, dependencies: dependencies)
    Console.error("choreo: watching \(paths.count == 1 ? "1 scene" : "\(paths.count) scenes"); Ctrl-C stops\n")
    // The scenes and the font files they read.
    watchFiles(following: { paths + dependencies.allFiles }) { changed in
        var round = options
        do throws(UsageError) {
            // The walk again, with its checks: a scene replaced by a link out of its directory
            // (what checking out a hostile branch does) is refused as a plain run refuses it,
            // before anything reads it. Only the changed scenes (and those reading a changed
            // font) are compiled (the others' outputs keep their mtimes), except with --depfile,
            // which lists every scene of a run.
            let walked = Set(try sceneFiles(options.paths, command: .compile))
            let affected = changed.flatMap { [$0] + dependencies.scenes(reading: $0) }
            if options.depfile == nil { round.paths = Array(Set(affected.filter(walked.contains))).sorted() }
            guard !round.paths.isEmpty else { return }
            _ = try runCompile(round, dependencies: dependencies)
        } catch {
            Console.error(error.render())
        }
    }
}
