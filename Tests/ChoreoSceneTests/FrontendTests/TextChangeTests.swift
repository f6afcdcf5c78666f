import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoTestSupport
import ChoreoTimeline
import Foundation
import Testing

@testable import ChoreoScene

/// A counter whose states give it other texts, compiled beside a copy of DejaVu Sans.
private func counter(
    _ transitions: String, states: String = "four: {count: {text: \"4\"}}", text: String = "3", node: String = "", timelines: String = ""
) throws -> Timeline {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("choreo-text-change-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        .write(to: folder.appendingPathComponent("fonts/DejaVuSans.ttf"))
    let scene = """
        choreo: 1
        size: [100, 60]
        fonts:
          ui: {file: fonts/DejaVuSans.ttf}
        layers:
          - {id: count, shape: text, text: "\(text)", font: ui, size: 20, position: [50, 30], fill: "#112233"\(node)}
        states:
          three: {}
          \(states)
        transitions:
        \(transitions)
        \(timelines)
        """
    let result = compileScene(SourceFile(path: folder.appendingPathComponent("scene.yaml").path, bytes: Array(scene.utf8)), files: SceneFolderFiles())
    #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
    return try #require(result.timeline)
}

private func middle(_ span: Span) -> Double { (span.start + span.end) / 2 }

@Suite struct TextChangeTests {
    @Test func aRollUpSlidesTheOldTextUpAndTheNewInFromBelowInsideTheTextBox() throws {
        let timeline = try counter("  - {from: three, to: four, on: tap, duration: 0.4s, easing: linear, change: roll-up}")
        let node = try #require(timeline.layers.first)
        #expect(node.id == "count" && node.accessibleName == "3")
        #expect(node.clip != nil, "a roll is clipped to the text box")
        guard case let .group(runs) = node.content else { Issue.record("a rolling text is a group of its texts"); return }
        #expect(runs.map(\.id) == ["count-text-0", "count-text-1"])
        let span = try #require(timeline.span(named: "three->four"))
        let old = runs[0].transform, new = runs[1].transform
        // Half way: the old text half way up out of the box, the new half way up into it, both seen.
        #expect(old.position.value(at: middle(span)).y < -5 && new.position.value(at: middle(span)).y > 5)
        #expect(old.opacity.value(at: middle(span)) == 1 && new.opacity.value(at: middle(span)) == 1)
        // In each state only its text is seen, in its place.
        let three = try #require(timeline.span(named: "three")), four = try #require(timeline.span(named: "four"))
        #expect(old.opacity.value(at: three.start) == 1 && new.opacity.value(at: three.start) == 0)
        #expect(old.opacity.value(at: four.start) == 0 && new.opacity.value(at: four.start) == 1)
        #expect(new.position.value(at: four.start) == .zero && old.position.value(at: four.start) == .zero)
    }

    @Test func aRollDownMovesTheOtherWay() throws {
        let timeline = try counter("  - {from: three, to: four, on: tap, duration: 0.4s, easing: linear, change: roll-down}")
        guard case let .group(runs)? = timeline.layers.first?.content else { Issue.record("not a group"); return }
        let span = try #require(timeline.span(named: "three->four"))
        #expect(runs[0].transform.position.value(at: middle(span)).y > 5 && runs[1].transform.position.value(at: middle(span)).y < -5)
    }

    @Test func fadeIsTheDefaultAndCrossFadesWithoutAClipOrMotion() throws {
        let timeline = try counter("  - {from: three, to: four, on: tap, duration: 0.4s, easing: linear}")
        let node = try #require(timeline.layers.first)
        #expect(node.clip == nil)
        guard case let .group(runs) = node.content else { Issue.record("a fading text is a group of its texts"); return }
        let span = try #require(timeline.span(named: "three->four"))
        let oldOpacity = runs[0].transform.opacity.value(at: middle(span)), newOpacity = runs[1].transform.opacity.value(at: middle(span))
        #expect(abs(oldOpacity - 0.5) < 0.05 && abs(newOpacity - 0.5) < 0.05)
        #expect(!runs[0].transform.position.isAnimated && !runs[1].transform.position.isAnimated)
    }

    @Test func aStateFillOfAChangingTextColoursEveryText() throws {
        let timeline = try counter(
            "  - {from: three, to: four, on: tap, duration: 0.4s}", states: "four: {count: {text: \"4\", fill: \"#ff0000\", scale: 2}}")
        let node = try #require(timeline.layers.first)
        #expect(node.transform.scale.isAnimated, "the node's transform stays on the node")
        guard case let .group(runs) = node.content else { Issue.record("not a group"); return }
        for run in runs {
            guard case let .shape(_, style) = run.content, case let .color(color)? = style.fill else { Issue.record("no solid fill"); continue }
            #expect(color.isAnimated, "\(run.id)'s fill follows the state")
        }
    }

    @Test func aMorphKeepsOnePathWhoseOutlineIsEachStatesText() throws {
        let timeline = try counter(
            "  - {from: three, to: four, on: tap, duration: 0.4s, change: morph}",
            states: "four: {count: {text: \"48\"}}")
        let node = try #require(timeline.layers.first)
        guard case let .shape(.path(outline), _) = node.content else { Issue.record("a morphing text is one path"); return }
        #expect(outline.isAnimated)
        let three = try #require(timeline.span(named: "three")), four = try #require(timeline.span(named: "four"))
        let width = { (t: Double) -> Double in
            let xs = outline.value(at: t).contours.flatMap(\.vertices).map(\.point.x)
            return xs.max()! - xs.min()!
        }
        #expect(width(four.start) > 1.6 * width(three.start), "'48' is about twice as wide as '3'")
    }

    @Test func perGlyphMotionMovesEachGlyphAboutItsCentreOneDelayAfterTheOther() throws {
        let timeline = try counter(
            "  - {from: three, to: four, on: tap, duration: 0.4s, easing: linear}",
            states: "four: {count: {rotation: 90deg, position: [50, 20]}}", text: "123", node: ", per-glyph: {delay: 0.1s}")
        let node = try #require(timeline.layers.first)
        #expect(!node.transform.rotation.isAnimated, "the glyphs turn, not the text as a whole")
        guard case let .group(glyphs) = node.content else { Issue.record("a per-glyph text is a group of its glyphs"); return }
        #expect(glyphs.map(\.id) == ["count-glyph-0", "count-glyph-1", "count-glyph-2"])
        let span = try #require(timeline.span(named: "three->four"))
        #expect(span.end - span.start >= 0.4 + 2 * 0.1 - 1e-9, "the transition lasts until the last glyph arrives")
        let at = span.start + 0.2
        let turned = glyphs.map { $0.transform.rotation.value(at: at) }
        #expect(abs(turned[0] - 45) < 1 && abs(turned[1] - 22.5) < 1 && abs(turned[2]) < 1, "\(turned)")
        for glyph in glyphs {
            // Each glyph turns about its own centre: its anchor is where it stands at rest.
            #expect(glyph.transform.anchor.value(at: span.start) == glyph.transform.position.value(at: span.start))
            #expect(abs(glyph.transform.position.value(at: span.end).y - glyph.transform.position.value(at: span.start).y + 10) < 1e-9)
        }
    }

    @Test func perGlyphMotionInALoopingTimelineWrapsEachGlyphsDelayRoundTheCycle() throws {
        // Glyph 2 starts 0.6 s into a 0.8 s cycle and moves for 0.4 s: its motion runs past the
        // seam and opens the next cycle, as a staggered repeat's copy does.
        let timeline = try counter(
            "  []", states: "four: {}", text: "123", node: ", per-glyph: {delay: 0.3s}",
            timelines: """
                timelines:
                  wave:
                    duration: 0.8s
                    loop: true
                    keyframes:
                      count.offset: [{at: 0s, value: [0, 0]}, {at: 0.2s, value: [0, -10]}, {at: 0.4s, value: [0, 0]}]
                """)
        guard case let .group(glyphs)? = timeline.layers.first?.content else { Issue.record("a per-glyph text is a group of its glyphs"); return }
        #expect(glyphs.map(\.id) == ["count-glyph-0", "count-glyph-1", "count-glyph-2"])
        let wave = try #require(timeline.span(named: "wave"))
        #expect(abs(wave.end - wave.start - 0.8) < 1e-6, "a looping timeline keeps its cycle: \(wave)")
        func lift(_ glyph: Int, _ time: Double) -> Double { -glyphs[glyph].transform.offset.value(at: wave.start + time).y }
        for time in stride(from: 0.0, to: 0.8, by: 0.05) {
            for glyph in 1...2 {
                let own = (time - Double(glyph) * 0.3 + 1.6).truncatingRemainder(dividingBy: 0.8)
                #expect(abs(lift(glyph, time) - lift(0, own)) < 1e-6, "glyph \(glyph) at \(time) s: \(lift(glyph, time)) vs glyph 0 at \(own) s")
            }
        }
        // Glyph 2 is at the top of its bob 0.8 s into its motion: 0.6 + 0.2 = 0.8, the seam.
        #expect(abs(lift(2, 0) - 10) < 1e-6 && abs(lift(2, 0.1) - 5) < 1e-6)
    }

    @Test func perGlyphMotionOnAChangingTextRollsEachGlyphOfBothTextsOnItsOwnDelay() throws {
        let timeline = try counter(
            "  - {from: three, to: four, on: tap, duration: 0.4s, easing: linear, change: roll-up}",
            states: "four: {count: {text: \"100\", rotation: 90deg}}", text: "98", node: ", per-glyph: {delay: 0.1s}")
        let node = try #require(timeline.layers.first)
        #expect(node.clip != nil, "the roll is clipped to the text box")
        #expect(!node.transform.rotation.isAnimated, "the glyphs turn, not the text as a whole")
        guard case let .group(runs) = node.content else { Issue.record("a changing text is a group of its texts"); return }
        #expect(runs.map(\.id) == ["count-text-0", "count-text-1"])
        guard case let .group(old) = runs[0].content, case let .group(new) = runs[1].content else {
            Issue.record("each text of a per-glyph text is a group of its glyphs")
            return
        }
        #expect(old.map(\.id) == ["count-text-0-glyph-0", "count-text-0-glyph-1"])
        #expect(new.map(\.id) == ["count-text-1-glyph-0", "count-text-1-glyph-1", "count-text-1-glyph-2"])
        let span = try #require(timeline.span(named: "three->four"))
        #expect(span.end - span.start >= 0.4 + 2 * 0.1 - 1e-9, "the change lasts until the last glyph has rolled in")
        let rest = try #require(timeline.span(named: "four")).start
        for (index, glyph) in new.enumerated() {
            // Each glyph of the new text rolls in from below: half way in 0.2 s after its delay,
            // in its place from its end on.
            let home = glyph.transform.position.value(at: rest).y
            let start = span.start + Double(index) * 0.1
            #expect(glyph.transform.position.value(at: start + 0.2).y - home > 5, "glyph \(index) half way")
            #expect(abs(glyph.transform.position.value(at: start + 0.4 + 1e-6).y - home) < 1e-6, "glyph \(index) in place")
            #expect(abs(glyph.transform.rotation.value(at: start + 0.2) - 45) < 1, "glyph \(index) turns on its own delay")
        }
        for (index, glyph) in old.enumerated() {
            // Each glyph of the old text rolls out upwards on its own delay, then is hidden.
            let start = span.start + Double(index) * 0.1
            let home = glyph.transform.position.value(at: span.start).y
            #expect(glyph.transform.position.value(at: start + 0.2).y - home < -5, "old glyph \(index) half way out")
            #expect(glyph.transform.opacity.value(at: start + 0.2) == 1 && glyph.transform.opacity.value(at: rest) == 0)
        }
    }

    @Test func aTransitionsKeyframesOnAPerGlyphTextMoveEachGlyphOnItsOwnDelay() throws {
        let timeline = try counter(
            "  - {from: three, to: four, on: tap, duration: 0.4s, easing: linear, keyframes: {count.scale: [{at: 0s, value: 1}, {at: 0.2s, value: 2}, {at: 0.4s, value: 1}]}}",
            states: "four: {}", text: "12", node: ", per-glyph: {delay: 0.1s}")
        guard case let .group(glyphs)? = timeline.layers.first?.content else { Issue.record("a per-glyph text is a group of its glyphs"); return }
        let span = try #require(timeline.span(named: "three->four"))
        #expect(abs(glyphs[0].transform.scale.value(at: span.start + 0.2).x - 2) < 1e-6)
        #expect(abs(glyphs[1].transform.scale.value(at: span.start + 0.2).x - 1.5) < 1e-6, "glyph 1's keyframes are 0.1 s later")
        #expect(abs(glyphs[1].transform.scale.value(at: span.start + 0.3).x - 2) < 1e-6)
    }
}
