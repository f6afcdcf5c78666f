import ChoreoDiagnostics
import ChoreoSVGImport
import ChoreoTestSupport
import Foundation
import Testing

@testable import ChoreoScene

@Test(arguments: frontendFixtureFiles("valid").map(\.lastPathComponent))
func validFixtureCompilesWithoutDiagnostics(_ name: String) throws {
    let text = try String(contentsOf: frontendFixturesDirectory("valid").appendingPathComponent(name), encoding: .utf8)
    let model = frontendBuild(text, path: name)
    #expect(model.scene != nil, "\(name)")
    #expect(model.diagnostics.isEmpty, "\(name):\n\(renderDiagnostics(model.diagnostics, text: text, path: name))")
    let compiled = frontendCompile(text, path: name)
    #expect(compiled.diagnostics.isEmpty, "\(name):\n\(renderDiagnostics(compiled.diagnostics, text: text, path: name))")
    #expect(compiled.timeline != nil, "\(name)")
}

@Test func validCorpusIsNotEmpty() {
    #expect(frontendFixtureFiles("valid").count >= 3)
}

@Test func seedScenesBuildWithoutDiagnostics() throws {
    let directory = repositoryRoot().appendingPathComponent("scenes")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }.sorted()
    #expect(names.count >= 4)
    for name in names {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        // The scene's own path: the fonts of text scenes are files beside it.
        let path = directory.appendingPathComponent(name).path
        let model = frontendBuild(text, path: path, artwork: SVGArtworkLoader())
        #expect(model.scene != nil && model.diagnostics.isEmpty, "\(name):\n\(renderDiagnostics(model.diagnostics, text: text, path: path))")
    }
}

/// One file, five different mistakes: all five are reported, each where it is.
@Test func fiveMistakesAreAllReported() throws {
    let name = "five-mistakes.yaml"
    let text = try String(contentsOf: frontendFixturesDirectory("invalid").appendingPathComponent(name), encoding: .utf8)
    let result = frontendCompile(text, path: name)
    #expect(result.timeline == nil)
    let found = result.diagnostics.map { "\($0.range.start) \($0.rule)" }
    #expect(found == [
        "8:16 undefined-var", "10:5 unknown-key", "15:14 out-of-range", "18:26 missing-unit", "20:24 unknown-state",
    ])
    let rendered = renderDiagnostics(result.diagnostics, text: text, path: name)
    #expect(rendered.contains("five-mistakes.yaml:10:5: error: unknown property 'rotaton' for a rect node [unknown-key]"))
    #expect(rendered.contains("      = help: did you mean 'rotation'?"))
    #expect(rendered.contains("      = help: did you mean '$gap'?"))
    #expect(rendered.contains("      = help: write '45deg' for degrees"))
}
