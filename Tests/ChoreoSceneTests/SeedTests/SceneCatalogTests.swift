import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoSVGImport
import ChoreoScene
import ChoreoTestSupport
import ChoreoTimeline
import Foundation
import Testing

/// Every scene shipped in scenes/ and every conformance feature scene compiles without a single
/// diagnostic (warnings included), is named after its file, and (the badge aside) moves.
@Suite struct SceneCatalogTests {
    static let directories = ["scenes", "Tests/conformance/feature-scenes"]

    static func sceneFiles() -> [String] {
        let root = repositoryRoot()
        return directories.flatMap { directory -> [String] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(directory).path)) ?? []
            return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(directory)/\($0)" }
        }
    }

    @Test func catalogueIsComplete() {
        let files = Self.sceneFiles()
        for seed in ["play-pause", "spinner", "badge", "menu-to-x"] {
            #expect(files.contains("scenes/\(seed).yaml"), "missing seed scene \(seed)")
        }
        #expect(files.filter { $0.hasPrefix("Tests/") }.count >= 20, "feature scenes: \(files.count)")
    }

    @Test(arguments: sceneFiles())
    func compilesCleanlyAndMoves(relativePath: String) throws {
        let url = repositoryRoot().appendingPathComponent(relativePath)
        let data = try #require(FileManager.default.contents(atPath: url.path))
        // The absolute path: `artwork:` reads its SVG beside the scene.
        let compilation = compileScene(SourceFile(path: url.path, bytes: Array(data)), artwork: SVGArtworkLoader(), files: SceneFolderFiles())
        for diagnostic in compilation.diagnostics {
            Issue.record("\(relativePath):\(diagnostic.range.start): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]")
        }
        let timeline = try #require(compilation.timeline)
        let stem = url.deletingPathExtension().lastPathComponent
        #expect(timeline.name == stem)
        if stem != "badge" {
            #expect(!timeline.isStatic, "\(relativePath) should animate")
        }
    }
}
