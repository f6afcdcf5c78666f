import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoTimeline
import Foundation
import Testing

@testable import ChoreoScene

/// A transition of `duration: 0s` is a jump whatever its easing (contract §27): a spring, which
/// otherwise lasts until it settles, and per-glyph text, whose glyphs otherwise start one delay
/// after another.
@Suite struct ZeroDurationTests {
    private func compiled(_ text: String, in folder: URL? = nil) throws -> Timeline {
        let path = folder?.appendingPathComponent("scene.yaml").path ?? "test.yaml"
        let result = compileScene(SourceFile(path: path, bytes: Array(text.utf8)), files: SceneFolderFiles())
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        return try #require(result.timeline)
    }

    @Test(arguments: ["bouncy", "snappy", "{spring: {stiffness: 200, damping: 10}}", "{spring: {duration: 0.5s, bounce: 0.3}}"])
    func aZeroSecondSpringIsAJump(easing: String) throws {
        let timeline = try compiled("""
            choreo: 1
            size: [200, 100]
            layers:
              - {id: box, shape: rect, size: [20, 20], position: [50, 50]}
            states:
              rest: {}
              moved: {box: {position: [150, 50], scale: 2}}
            transitions:
              - {from: rest, to: moved, on: tap, duration: 0s, easing: \(easing)}
              - {from: moved, to: rest, on: tap, duration: 0s, delay: 0.1s, easing: \(easing)}
            """)
        let there = try #require(timeline.span(named: "rest->moved"))
        #expect(timeline.frames(of: there).end - timeline.frames(of: there).start == 1, "one frame, showing the target")
        let box = try #require(findNode("box", in: timeline.layers))
        #expect(box.transform.position.value(at: there.start).x == 150)
        #expect(box.transform.scale.value(at: there.start).x == 2)
        // With a delay the jump comes after it.
        let back = try #require(timeline.span(named: "moved->rest"))
        #expect(timeline.frames(of: back).end - timeline.frames(of: back).start == 7)
        #expect(box.transform.position.value(at: back.start + 0.05).x == 150)
        #expect(box.transform.position.value(at: back.start + 0.1).x == 50)
    }

    @Test func aZeroSecondTransitionMovesEveryGlyphOfAPerGlyphTextAtOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("choreo-zero-glyphs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
            .write(to: folder.appendingPathComponent("fonts/DejaVuSans.ttf"))
        let timeline = try compiled("""
            choreo: 1
            size: [200, 60]
            fonts:
              ui: {file: fonts/DejaVuSans.ttf}
            layers:
              - {id: word, shape: text, text: "Loading", font: ui, size: 20, position: [100, 30], per-glyph: {delay: 0.05s}}
            states:
              rest: {}
              up: {word: {position: [100, 20], opacity: 0.5}}
            transitions:
              - {from: rest, to: up, on: tap, duration: 0s}
              - {from: up, to: rest, on: tap, duration: 0s, easing: bouncy}
            """, in: folder)
        guard case let .group(glyphs)? = timeline.layers.first?.content else {
            Issue.record("a per-glyph text is a group of its glyphs")
            return
        }
        #expect(glyphs.count == 7)
        for name in ["rest->up", "up->rest"] {
            let span = try #require(timeline.span(named: name))
            #expect(timeline.frames(of: span).end - timeline.frames(of: span).start == 1, "\(name): one frame, not one per glyph")
        }
        let up = try #require(timeline.span(named: "rest->up"))
        let rest = try #require(timeline.span(named: "rest"))
        for glyph in glyphs {
            #expect(glyph.transform.opacity.value(at: up.start) == 0.5, "\(glyph.id)")
            #expect(glyph.transform.position.value(at: up.start).y == glyph.transform.position.value(at: rest.start).y - 10)
        }
    }
}
