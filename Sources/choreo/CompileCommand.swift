import ChoreoDiagnostics
import ChoreoLottie
import ChoreoSVG
import ChoreoScene
import ChoreoTimeline
import Foundation

/// One scene after compiling and emitting, before anything is written.
struct CompiledScene: Sendable {
    var source: SourceFile
    var diagnostics: [Diagnostic]
    /// Nil when the scene has errors.
    var timeline: Timeline?
    /// The emitted texts, in `EmitKind` order; empty when the scene has errors.
    var outputs: [(kind: EmitKind, contents: String)]
}

/// Compiles one scene and runs the requested emitters. Pure: emitters are functions of the timeline.
func compileAndEmit(_ source: SourceFile, emit: [EmitKind], pretty: Bool) -> CompiledScene {
    let compilation = compileScene(source)
    guard let timeline = compilation.timeline, !compilation.diagnostics.hasErrors else {
        return CompiledScene(source: source, diagnostics: compilation.diagnostics, timeline: nil, outputs: [])
    }
    let outputs = emit.map { kind -> (kind: EmitKind, contents: String) in
        switch kind {
        case .lottie: (kind, LottieEmitter.emit(timeline, pretty: pretty))
        case .svg: (kind, SVGEmitter.animated(timeline))
        case .timeline: (kind, TimelineJSON.encode(timeline, pretty: pretty))
        }
    }
    return CompiledScene(source: source, diagnostics: compilation.diagnostics, timeline: timeline, outputs: outputs)
}


/// A scene name is used as a file name, so it must be a plain identifier (the contract's rule),
/// never a path.
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

func runCompile(_ options: CompileOptions) throws(UsageError) -> ExitStatus {
    let paths = try sceneFiles(options.paths, command: .compile)
    var sources: [SourceFile] = []
    for path in paths { sources.append(try readScene(path, command: .compile)) }
    let inputs = Set(paths.compactMap { FileIdentity(path: $0) })

    let compiled = concurrentMap(sources, jobs: options.jobs ?? ProcessInfo.processInfo.activeProcessorCount) {
        compileAndEmit($0, emit: options.emit, pretty: options.pretty)
    }

    // Two scenes with one name would overwrite each other's outputs; neither is written, as
    // picking one would depend on path order rather than on anything the user said.
    var pathsByName: [String: [String]] = [:]
    for scene in compiled { if let name = scene.timeline?.name { pathsByName[name, default: []].append(scene.source.path) } }

    let renderer = textRenderer(for: sources)
    var status = ExitStatus.success
    var directoryReady = false
    for scene in compiled {
        Console.error(renderer.render(scene.diagnostics))
        guard let timeline = scene.timeline else {
            status = .failure
            continue
        }
        let name = timeline.name
        guard isUsableFileName(name) else {
            Console.error("choreo: error: \(scene.source.path): the scene name '\(name)' cannot be used as a file name; nothing written\n")
            status = .failure
            continue
        }
        if let clashing = pathsByName[name], clashing.count > 1 {
            let others = clashing.filter { $0 != scene.source.path }.map { "'\($0)'" }.joined(separator: ", ")
            Console.error("choreo: error: \(scene.source.path): scene name '\(name)' is also used by \(others); nothing written for it (give each scene its own 'name:')\n")
            status = .failure
            continue
        }
        if !directoryReady {
            do throws(OutputError) {
                try prepareDirectory(options.outputDirectory)
                directoryReady = true
            } catch {
                // Nothing can be written at all; say so once rather than once per scene.
                Console.error("choreo: error: \(error.message)\n")
                return .failure
            }
        }
        do throws(OutputError) {
            let files = scene.outputs.map {
                OutputFile(path: joinPath(options.outputDirectory, $0.kind.fileName(for: name)), contents: $0.contents)
            }
            try writeAtomically(files, protecting: inputs)
            Console.out(files.map { "wrote \($0.path)\n" }.joined())
        } catch {
            Console.error("choreo: error: \(error.message)\n")
            status = .failure
        }
    }
    return status
}
