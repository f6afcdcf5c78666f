import ChoreoDiagnostics
import ChoreoTimeline
import Testing

@testable import ChoreoScene

private func compiled(_ text: String) throws -> Timeline {
    try #require(compileScene(SourceFile(path: "t.yaml", text: text)).timeline)
}

@Suite struct EffectLoweringTests {
    @Test func effectsWrittenAndAnimatedBecomeTheNodesEffects() throws {
        let timeline = try compiled("""
            choreo: 1
            size: [200, 200]
            layers:
              - {id: card, shape: rect, size: [40, 40], position: [100, 100], shadow: {offset: [0, 2], blur: 2}}
              - {id: plain, shape: rect, size: [10, 10]}
              - {id: dot, shape: ellipse, size: [10, 10]}
            states:
              rest: {}
              lifted:
                card: {shadow: {offset: [0, 12], blur: 10}}
                dot: {blur: 3}
            initial: rest
            transitions:
              - {from: rest, to: lifted, on: tap, duration: 1s, easing: linear}
            """)
        let card = try #require(timeline.layers.first { $0.id == "card" })
        let shadow = try #require(card.effects?.shadow)
        #expect(card.effects?.blur == nil)
        // Its default colour, its offset and blur moving from the layers' values to the state's.
        #expect(shadow.color.value(at: 0) == RGBA(0, 0, 0, 0.3))
        let span = try #require(timeline.spans.first { $0.name == "rest->lifted" })
        #expect(shadow.offset.value(at: span.start) == Point(0, 2))
        #expect(abs(shadow.blur.value(at: span.start + 0.5) - 6) < 1e-9)
        #expect(shadow.offset.value(at: span.end) == Point(0, 12))
        // A node without effects has none; one a state blurs starts from no blur.
        #expect(timeline.layers.first { $0.id == "plain" }?.effects == nil)
        let dot = try #require(timeline.layers.first { $0.id == "dot" }?.effects?.blur)
        #expect(dot.value(at: 0) == 0)
        #expect(dot.value(at: span.end) == 3)
    }

    @Test func everyCopyOfAStaggeredRepeatKeepsItsEffects() throws {
        let timeline = try compiled("""
            choreo: 1
            size: [200, 200]
            layers:
              - {id: dots, shape: ellipse, size: [10, 10], blur: 2, repeat: {count: 3, offset: [20, 0], delay: 0.1s}}
            """)
        guard case let .group(copies)? = timeline.layers.first?.content else {
            Issue.record("no copies")
            return
        }
        #expect(copies.count == 3)
        #expect(copies.allSatisfy { $0.effects?.blur?.value(at: 0) == 2 })
    }
}
