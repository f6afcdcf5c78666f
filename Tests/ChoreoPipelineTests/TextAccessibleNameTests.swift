import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoLottie
import ChoreoSVG
import ChoreoScene
import ChoreoTimeline
import Foundation
import Testing

private let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

/// A one-text scene compiled beside a copy of DejaVu Sans, its text node given `a11y` when not nil.
private func compiledText(_ text: String, a11y: String?) throws -> Timeline {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("choreo-text-a11y-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(atPath: dejaVuSans, toPath: folder.appendingPathComponent("DejaVuSans.ttf").path)
    let override = a11y.map { ", a11y: {label: \"\($0)\"}" } ?? ""
    let scene = "choreo: 1\nsize: [60, 40]\nfonts:\n  ui: {file: DejaVuSans.ttf}\nlayers:\n"
        + "  - {id: count, shape: text, text: \"\(text)\", font: ui, size: 20, position: [30, 20]\(override)}\n"
    let compilation = compileScene(SourceFile(path: folder.appendingPathComponent("scene.yaml").path, bytes: Array(scene.utf8)), files: SceneFolderFiles())
    #expect(!compilation.diagnostics.hasErrors, "\(compilation.diagnostics)")
    return try #require(compilation.timeline)
}

private func lottieLayerNames(_ timeline: Timeline) throws -> [String] {
    let document = try #require(try JSONSerialization.jsonObject(with: Data(LottieEmitter.emit(timeline).utf8)) as? [String: Any])
    return (document["layers"] as? [[String: Any]] ?? []).compactMap { $0["nm"] as? String }
}

@Suite struct TextAccessibleNameTests {
    @Test func theTextIsTheAccessibleNameWithoutA11y() throws {
        let timeline = try compiledText("3", a11y: nil)
        #expect(SVGEmitter.animated(timeline).contains("aria-label=\"3\""))
        #expect(try lottieLayerNames(timeline) == ["3"])
    }

    @Test func a11yLabelReplacesTheTextInSVGAndLottie() throws {
        let timeline = try compiledText("3", a11y: "3 unread <messages>")
        let svg = SVGEmitter.animated(timeline)
        #expect(svg.contains("aria-label=\"3 unread &lt;messages&gt;\""))
        #expect(!svg.contains("aria-label=\"3\""))
        #expect(try lottieLayerNames(timeline) == ["3 unread <messages>"])
    }
}
