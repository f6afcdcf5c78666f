import ChoreoDiagnostics
import ChoreoJSON
import ChoreoLottieImport
import ChoreoSVGImport
import ChoreoYAML
import Foundation

/// `choreo import FILE.svg | FILE.json | FILE.lottie [-o SCENE.yaml]`: the SVG's drawing, or the
/// Lottie's animation, as a scene, with a warning at each thing left out. What the file is comes
/// from its bytes, not its name (a `.lot` may be JSON or a ZIP).
func runImport(input: String, output: String?) throws(UsageError) -> ExitStatus {
    let shown = TextEscaping.terminal(input)
    // The scene reader's checks (a regular file, at most the size limit + 1 byte) serve SVG and Lottie too.
    let file = try readScene(input, command: .import, maxBytes: max(YAMLLimits.defaultMaxFileBytes, LottieImporter.maxDocumentBytes))
    if LottieImporter.sniff(file.bytes) { return importLottie(file, input: input, output: output) }
    guard file.bytes.count <= YAMLLimits.defaultMaxFileBytes else {
        Console.error("choreo: error: \(shown) is \(file.bytes.count) bytes, more than the limit of \(YAMLLimits.defaultMaxFileBytes) (8 MiB) for an SVG\n")
        return .failure
    }
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

/// The Lottie half of `choreo import`: each finding printed as `FILE:POINTER: severity: message [rule]`.
private func importLottie(_ file: SourceFile, input: String, output: String?) -> ExitStatus {
    let name = URL(fileURLWithPath: input).lastPathComponent
    func report(_ finding: LottieFinding, _ severity: String, _ rule: Rule) {
        Console.error("\(TextEscaping.terminal(finding.location(in: input))): \(severity): \(TextEscaping.terminal(finding.message)) [\(rule.rawValue)]\n")
    }
    let scene: ImportedLottie
    switch LottieImporter.importDocument(file.bytes, source: name) {
    case let .success(imported): scene = imported
    case let .failure(finding):
        report(finding, "error", .lottieRefused)
        return .failure
    }
    for warning in scene.warnings { report(warning, "warning", .lottieUnsupported) }
    guard let output else {
        Console.out(scene.text())
        return .success
    }
    let written = OutputFile(path: output) { out in
        scene.write { $0.withMemoryRebound(to: UInt8.self) { out.write($0) } }
    }
    do throws(OutputError) {
        try prepareDirectory(URL(fileURLWithPath: output).deletingLastPathComponent().path)
        try writeAtomically([written], protecting: Set([FileIdentity(path: input)].compactMap { $0 }))
        return .success
    } catch {
        Console.error("choreo: error: \(error.message)\n")
        return .failure
    }
}
