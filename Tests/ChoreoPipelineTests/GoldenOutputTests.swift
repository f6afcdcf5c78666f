import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoLottie
import ChoreoSVG
import ChoreoSVGImport
import ChoreoScene
import ChoreoTestSupport
import ChoreoTimeline
import ChoreoTimelineJSON
import Foundation
import Testing

/// Every scene in scenes/ compiled and emitted, compared byte for byte with the recorded outputs
/// in Golden/ (`UPDATE_GOLDEN=1 swift test --filter GoldenOutputTests` records them): the timeline
/// JSON, the minified Lottie, the interactive SVG and the reel, exactly as `choreo compile` writes
/// them. A change to any stage shows up here as a reviewable diff of real output.
@Suite struct GoldenOutputTests {
    static let scenes = sceneFiles(below: "scenes").filter { !$0.dropFirst("scenes/".count).contains("/") }

    @Test func everySceneHasGoldenOutputs() {
        #expect(Self.scenes.count >= 8, "\(Self.scenes)")
    }

    @Test(arguments: scenes) func outputsMatchTheGoldenFiles(_ relativePath: String) throws {
        let text = try String(contentsOf: repositoryURL(relativePath), encoding: .utf8)
        let compilation = compileScene(SourceFile(path: repositoryURL(relativePath).path, text: text), artwork: SVGArtworkLoader(), files: SceneFolderFiles())
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.message))")
        let timeline = try #require(compilation.timeline)
        let name = URL(fileURLWithPath: relativePath).deletingPathExtension().lastPathComponent
        let golden = repositoryURL("Tests/ChoreoPipelineTests/Golden").path + "/" + name
        assertGolden(TimelineJSON.encode(timeline, pretty: true), path: golden + ".timeline.json")
        assertGolden(LottieEmitter.emit(timeline, pretty: false), path: golden + ".json")
        assertGolden(SVGEmitter.interactive(timeline), path: golden + ".svg")
        assertGolden(SVGEmitter.animated(timeline), path: golden + ".reel.svg")
    }
}
