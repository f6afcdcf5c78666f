import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoLottie
import ChoreoSVG
import ChoreoSVGImport
import ChoreoScene
import ChoreoTimeline
import ChoreoTestSupport
import Foundation
import Testing

func repositoryURL(_ relativePath: String) -> URL { repositoryRoot().appendingPathComponent(relativePath) }

/// The regular files directly in `directory` whose names end in one of `extensions`, sorted by name.
func files(in directory: URL, extensions: [String]) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { name in extensions.contains { name.hasSuffix($0) } }.sorted()
        .map { directory.appendingPathComponent($0) }
}

/// The scene files below `directory`, recursively, as paths relative to the repository root, sorted.
func sceneFiles(below relativeDirectory: String) -> [String] {
    let directory = repositoryURL(relativeDirectory)
    guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
    var found: [String] = []
    while let name = enumerator.nextObject() as? String {
        if name.hasSuffix(".yaml") || name.hasSuffix(".yml") { found.append(relativeDirectory + "/" + name) }
    }
    return found.sorted()
}

/// What the pipeline did with one input: compile, and when there is a timeline, emit Lottie, the
/// animated SVG and a snapshot, as the CLI and the fuzz target do.
struct PipelineRun {
    var compilation: SceneCompilation
    var outputBytes: Int

    var errors: [Diagnostic] { compilation.diagnostics.filter { $0.severity == .error } }
}

func runPipeline(_ bytes: [UInt8], path: String) -> PipelineRun {
    let compilation = compileScene(SourceFile(path: path, bytes: bytes), artwork: SVGArtworkLoader(), files: SceneFolderFiles())
    var outputBytes = 0
    if let timeline = compilation.timeline {
        outputBytes += LottieEmitter.emit(timeline).utf8.count
        outputBytes += SVGEmitter.animated(timeline).utf8.count
        outputBytes += SVGEmitter.snapshot(timeline, at: timeline.duration / 2).utf8.count
    }
    return PipelineRun(compilation: compilation, outputBytes: outputBytes)
}

/// A fresh directory, removed when the value goes away.
final class ScratchDirectory: @unchecked Sendable {
    let url: URL

    init(_ label: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("choreo-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func url(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Every file below the directory, as relative paths, sorted.
    func allFiles() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: url.path) else { return [] }
        var found: [String] = []
        while let name = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                found.append(name)
            }
        }
        return found.sorted()
    }
}
