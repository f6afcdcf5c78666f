import ChoreoDiagnostics
import ChoreoJSON
import ChoreoSVGImport
import Foundation

/// `choreo import FILE.svg [-o SCENE.yaml]`: the SVG's drawing as a scene, with a warning at each
/// element left out.
func runImport(input: String, output: String?) throws(UsageError) -> ExitStatus {
    let shown = TextEscaping.terminal(input)
    // The scene reader's checks (a regular file, at most the size limit + 1 byte) serve SVG too.
    let file = try readScene(input, command: .import)
    let artwork: Artwork
    switch ArtworkMapper.map(bytes: file.bytes) {
    case let .success(result): artwork = result
    case let .failure(error):
        Console.error("\(shown):\(error.line):\(error.column): error: \(TextEscaping.terminal(error.message)) [\(Rule.svgRefused.rawValue)]\n")
        return .failure
    }
    for warning in artwork.warnings {
        Console.error("\(shown):\(warning.location.line):\(warning.location.column): warning: \(TextEscaping.terminal(warning.message)) [\(Rule.svgUnsupported.rawValue)]\n")
    }
    let source = URL(fileURLWithPath: input).lastPathComponent
    guard let output else {
        Console.out(ImportedScene.text(artwork, source: source))
        return .success
    }
    // Into the file from the writer's buffers: a `String` or an array of the bytes would copy
    // megabytes of an export first.
    let scene = OutputFile(path: output) { file in
        ImportedScene.write(artwork, source: source) { $0.withMemoryRebound(to: UInt8.self) { file.write($0) } }
    }
    do throws(OutputError) {
        try prepareDirectory(URL(fileURLWithPath: output).deletingLastPathComponent().path)
        try writeAtomically([scene], protecting: Set([FileIdentity(path: input)].compactMap { $0 }))
        return .success
    } catch {
        Console.error("choreo: error: \(error.message)\n")
        return .failure
    }
}
