import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoTestSupport
import ChoreoTimeline
import Foundation
import Testing

@testable import ChoreoScene

private let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

/// A scene in a fresh folder, with `files` beside it; returns the compilation.
private func compileBeside(_ scene: String, files: [String: Data]) throws -> SceneCompilation {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("choreo-text-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
    let path = folder.appendingPathComponent("scene.yaml").path
    return compileScene(SourceFile(path: path, bytes: Array(scene.utf8)), files: SceneFolderFiles())
}

private func textScene(_ text: String, extra: String = "") -> String {
    """
    choreo: 1
    size: [200, 60]
    fonts:
      ui: {file: fonts/DejaVuSans.ttf}
    layers:
      - id: label
        shape: text
        text: "\(text)"
        font: ui
        size: 20
        position: [100, 30]
        fill: "#112233"
    \(extra)
    """
}

@Suite struct TextTests {
    @Test func textFromAFontFileNextToTheSceneIsDrawnAsGlyphOutlines() throws {
        let font = try Data(contentsOf: URL(fileURLWithPath: dejaVuSans))
        let result = try compileBeside(textScene("Hello"), files: ["fonts/DejaVuSans.ttf": font])
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        let node = try #require(result.timeline?.layers.first)
        guard case let .shape(geometry, _) = node.content, case let .path(outline) = geometry else {
            Issue.record("a text node lowers to path geometry, found \(node.content)")
            return
        }
        let contours = outline.value(at: 0).contours
        // H, e, l, l, o: H and l have one contour each, e and o two.
        #expect(contours.count == 7)
        let xs = contours.flatMap(\.vertices).map(\.point.x)
        #expect(xs.min()! < -20 && xs.max()! > 20)
        #expect(result.inputFiles.contains { $0.hasSuffix("fonts/DejaVuSans.ttf") })
    }

    @Test func aTextNodeAnimatesAsEveryShapeDoes() throws {
        let font = try Data(contentsOf: URL(fileURLWithPath: dejaVuSans))
        let scene = textScene("3", extra: """
        states:
          rest: {}
          bump: {label: {scale: 1.4, rotation: 10deg, opacity: 0.5, fill: "#ff0000"}}
        transitions:
          - {from: rest, to: bump, duration: 0.3s}
        """)
        let result = try compileBeside(scene, files: ["fonts/DejaVuSans.ttf": font])
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        let node = try #require(result.timeline?.layers.first)
        #expect(node.transform.scale.isAnimated && node.transform.rotation.isAnimated && node.transform.opacity.isAnimated)
    }

    @Test func aFileThatIsNoFontIsReportedAtItsName() throws {
        let result = try compileBeside(textScene("Hi"), files: ["fonts/DejaVuSans.ttf": Data("not a font".utf8)])
        let diagnostic = try #require(result.diagnostics.first { $0.rule == .fontUnreadable })
        #expect(diagnostic.message.hasPrefix("'fonts/DejaVuSans.ttf' is not a font FreeType can read (error "))
        #expect(diagnostic.range.start == SourceLocation(line: 4, column: 14))
        #expect(result.timeline == nil)
    }

    /// A colour emoji font of bitmaps has nothing to draw as shapes: the message says so, not
    /// FreeType's "error 0".
    @Test func aBitmapFontIsReportedAsOne() throws {
        let emoji = URL(fileURLWithPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
        guard let font = try? Data(contentsOf: emoji) else {
            print("skipped: \(emoji.path) is not installed (fonts-noto-color-emoji)")
            return
        }
        let result = try compileBeside(textScene("Hi"), files: ["fonts/DejaVuSans.ttf": font])
        let diagnostic = try #require(result.diagnostics.first { $0.rule == .fontUnreadable })
        #expect(diagnostic.message == "'fonts/DejaVuSans.ttf' is a bitmap font (a colour emoji font, say): its glyphs are pictures, with no outlines to draw as shapes")
    }
}

@Test func theTextExampleCompilesWithoutDiagnosticsAndAnimates() throws {
    let url = repositoryRoot().appendingPathComponent("docs/examples/text/upload-button.yaml")
    let data = try Data(contentsOf: url)
    let result = compileScene(SourceFile(path: url.path, bytes: Array(data)), files: SceneFolderFiles())
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let timeline = try #require(result.timeline)
    #expect(!timeline.isStatic)
    #expect(timeline.layers.compactMap(\.accessibleName) == ["Upload →", "Done ✓"])
}

@Test func aFontNamingAFIFOIsRefusedWithoutOpeningIt() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("choreo-text-fifo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(mkfifo(folder.appendingPathComponent("fonts/DejaVuSans.ttf").path, 0o600) == 0)
    let scene = "choreo: 1\nsize: [10, 10]\nfonts:\n  ui: {file: fonts/DejaVuSans.ttf}\nlayers:\n  - {id: a, shape: text, text: x, font: ui, size: 5, position: [5, 5]}\n"
    let result = compileScene(SourceFile(path: folder.appendingPathComponent("scene.yaml").path, bytes: Array(scene.utf8)), files: SceneFolderFiles())
    #expect(result.diagnostics.map(\.rule) == [.fontNotFound])
}
