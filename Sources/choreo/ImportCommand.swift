import ChoreoJSON
import ChoreoSVGImport
import Foundation

/// `choreo import FILE.svg [-o SCENE.yaml]`: the SVG's drawing as a scene, with a warning at each
/// element left out.
func runImport(input: String, output: String?) -> ExitStatus {
    let shown = TextEscaping.terminal(input)
    guard let handle = FileHandle(forReadingAtPath: input) else {
        Console.error("choreo: error: cannot read '\(shown)'\n")
        return .failure
    }
    // One byte past the limit is enough to know the file is too large, without reading it all.
    let data = ((try? handle.read(upToCount: SVGLimits.maxFileBytes + 1)) ?? nil) ?? Data()
    try? handle.close()
    let artwork: Artwork
    switch ArtworkMapper.map(bytes: [UInt8](data)) {
    case let .success(result): artwork = result
    case let .failure(error):
        Console.error("\(shown):\(error.line):\(error.column): error: \(TextEscaping.terminal(error.message)) [svg-refused]\n")
        return .failure
    }
    for warning in artwork.warnings {
        Console.error("\(shown):\(warning.location.line):\(warning.location.column): warning: \(TextEscaping.terminal(warning.message)) [svg-unsupported]\n")
    }
    let text = ArtworkYAMLWriter.scene(artwork, source: URL(fileURLWithPath: input).lastPathComponent)
    guard let output else {
        Console.out(text)
        return .success
    }
    do throws(OutputError) {
        try prepareDirectory(URL(fileURLWithPath: output).deletingLastPathComponent().path)
        try writeAtomically([OutputFile(path: output, contents: text)], protecting: Set([FileIdentity(path: input)].compactMap { $0 }))
        return .success
    } catch {
        Console.error("choreo: error: \(error.message)\n")
        return .failure
    }
}
