import ChoreoDiagnostics
import ChoreoDiff
import ChoreoScene
import Foundation
import Testing

// What `choreo diff` reports is what the author wrote: a var once (with the keys that read it),
// a text node's keys rather than its glyph outlines, an easing in the form it is written, a
// transition's keyframes one by one, and never a node the compiler made (a text's runs, glyphs).

private let meter = """
    choreo: 1
    name: meter
    size: [200, 80]
    vars:
      accent: "#0A84FF"
      big: 28
    fonts:
      sans: {family: "DejaVu Sans"}
    layers:
      - id: val1
        shape: text
        text: "10"
        font: sans
        size: $big
        position: [60, 40]
        fill: $accent
        per-glyph: {delay: 0.05s}
      - id: bar
        shape: rect
        size: [40, 8]
        position: [150, 40]
        fill: $accent
    states:
      low: {}
      high:
        val1: {text: "90", fill: "#30D158"}
        bar: {size: [60, 8]}
    transitions:
      - from: low
        to: high
        on: tap
        duration: 0.4s
        easing: {spring: {duration: 0.5s, bounce: 0.3}}
        change: roll-up
        keyframes:
          bar.rotation: [{at: 0.1s, value: 10deg}, {at: 0.3s, value: -5deg}]
      - {from: high, to: low, on: tap, duration: 0.3s}
    timelines:
      nudge:
        duration: 1s
        keyframes:
          val1.offset: [{at: 0s, value: [0, 0]}, {at: 0.5s, value: [0, -4], easing: {spring: {response: 0.3, damping-fraction: 0.6}}}]

    """

private func changes(_ edits: [(String, String)]) throws -> [MotionChange] {
    var edited = meter
    for (old, new) in edits {
        #expect(edited.contains(old), "the test's edit finds '\(old)'")
        edited = edited.replacingOccurrences(of: old, with: new)
    }
    return compareScenes(old: try compiled(meter, path: "old.yaml"), new: try compiled(edited, path: "new.yaml")).changes
}

@Test func editedVarsAreReportedOnceEachWithTheKeysThatReadThem() throws {
    let found = try changes([("accent: \"#0A84FF\"", "accent: \"#FF375F\""), ("big: 28", "big: 30")])
    #expect(found.filter { $0.area != .output }.map(\.summary) == [
        "var accent: \"#0A84FF\" → \"#FF375F\" (read by val1.fill, bar.fill)",
        "var big: 28 → 30 (read by val1.size)",
    ])
    #expect(found.first { $0.area == .var }?.range?.start.line == 5)
}

@Test func noChangeNamesANodeTheCompilerMade() throws {
    let found = try changes([
        ("accent: \"#0A84FF\"", "accent: \"#FF375F\""), ("text: \"90\"", "text: \"95\""), ("size: $big", "size: 26"),
        ("value: [0, -4]", "value: [0, -6]"),
    ])
    for change in found {
        #expect(!change.summary.contains("-text-") && !change.summary.contains("-glyph-"), "\(change.summary)")
    }
    let summaries = found.map(\.summary)
    #expect(summaries.contains("pose high.val1.text: “90” → “95”"), "\(summaries)")
    #expect(summaries.contains("base val1.size: 28 → 26"), "\(summaries)")
    // The per-glyph text's keyframes once, as written on the text node, not once per glyph.
    #expect(summaries.filter { $0.contains("val1.offset keyframe 2") } == ["timeline nudge: val1.offset keyframe 2 [0, -4] → [0, -6]"])
}

@Test func aTransitionsKeyframesAreComparedOneByOne() throws {
    let found = try changes([("{at: 0.3s, value: -5deg}", "{at: 0.35s, value: -8deg}")])
    let summaries = found.filter { $0.area == .transition }.map(\.summary)
    #expect(summaries == [
        "transition low->high: bar.rotation keyframe 2 at 0.3 s → 0.35 s", "transition low->high: bar.rotation keyframe 2 -5 → -8",
    ])
    #expect(found.first { $0.area == .transition }?.range?.start.line == 36)
    #expect(!found.contains { $0.field == "changed beyond the parts compared" })
}

@Test func anEasingIsShownAsItIsWritten() throws {
    let spring = try changes([("bounce: 0.3}", "bounce: 0.1}")])
    #expect(spring.filter { $0.area == .transition }.map(\.summary) == [
        "transition low->high: easing {spring: {duration: 0.5s, bounce: 0.3}} → {spring: {duration: 0.5s, bounce: 0.1}}"
    ])
    let keyframe = try changes([("damping-fraction: 0.6", "damping-fraction: 0.8")])
    #expect(keyframe.filter { $0.area == .timeline }.map(\.summary) == [
        "timeline nudge: val1.offset keyframe 2 easing {spring: {response: 0.3, damping-fraction: 0.6}} → {spring: {response: 0.3, damping-fraction: 0.8}}"
    ])
}

@Test func aVarThatTimesTransitionsIsReportedOnce() throws {
    let scene = """
        choreo: 1
        name: timed
        size: [100, 60]
        vars:
          quick: 0.2s
        layers:
          - {id: dot, shape: ellipse, radius: 6, position: [20, 30], fill: "#0A84FF"}
        states:
          left: {}
          right: {dot: {position: [80, 30]}}
        transitions:
          - {from: left, to: right, on: tap, duration: $quick}
          - {from: right, to: left, on: tap, duration: $quick}

        """
    let found = compareScenes(
        old: try compiled(scene, path: "old.yaml"), new: try compiled(scene.replacingOccurrences(of: "quick: 0.2s", with: "quick: 0.3s"), path: "new.yaml")
    ).changes
    #expect(found.filter { $0.area != .output }.map(\.summary) == [
        "var quick: 0.2s → 0.3s (read by left->right duration, right->left duration)"
    ])
}
