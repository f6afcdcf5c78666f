import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoYAML
import ChoreoTestSupport
import Foundation

@testable import ChoreoScene

/// Compiles scene text in memory through the whole pipeline.
func frontendCompile(_ text: String, path: String = "test.yaml") -> SceneCompilation {
    compileScene(SourceFile(path: path, text: text), files: SceneFolderFiles())
}

/// Builds only the scene model (no lowering), with every diagnostic the front end and the YAML reader found.
func frontendBuild(_ text: String, path: String = "test.yaml", artwork: (any ArtworkLoading)? = nil) -> (scene: Scene?, diagnostics: [Diagnostic]) {
    let file = SourceFile(path: path, text: text)
    var bag = DiagnosticBag(file: path)
    let (root, yamlDiagnostics) = readYAML(file)
    bag.append(contentsOf: yamlDiagnostics)
    guard var root else { return (nil, bag.diagnostics.sortedForReport()) }
    // As `readScene` does: components first, then artwork.
    expandComponents(in: &root, file: file, diagnostics: &bag)
    if let artwork { _ = expandArtwork(in: &root, file: file, loader: artwork, files: SceneFolderFiles(), diagnostics: &bag) }
    let scene = buildScene(from: root, file: file, diagnostics: &bag, files: SceneFolderFiles())
    return (scene, bag.diagnostics.sortedForReport())
}

/// "LINE:COL SEVERITY RULE" for each diagnostic, the form fixture expectations are written in.
func diagnosticSignatures(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.severity.rawValue) \($0.rule)" }
}

/// The fixture directory of this test target.
func frontendFixturesDirectory(_ name: String) -> URL {
    repositoryRoot().appendingPathComponent("Tests/ChoreoSceneTests/Fixtures").appendingPathComponent(name)
}

/// The `*.yaml` files in a fixture directory, sorted by name.
func frontendFixtureFiles(_ name: String) -> [URL] {
    let directory = frontendFixturesDirectory(name)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.sorted().map { directory.appendingPathComponent($0) }
}

/// Renders diagnostics as the CLI would, quoting the given text.
func renderDiagnostics(_ diagnostics: [Diagnostic], text: String, path: String = "test.yaml") -> String {
    let file = SourceFile(path: path, text: text)
    return TextRenderer(source: { $0 == path ? file : nil }).render(diagnostics)
}
