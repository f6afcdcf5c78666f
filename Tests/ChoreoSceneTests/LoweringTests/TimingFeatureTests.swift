import ChoreoTimeline
import Foundation
import Testing

@testable import ChoreoScene

// Per-property timing (contract §9) and repeat stagger and colour (contract §10), compiled from
// YAML and checked on the compiled timeline.

private func compiled(_ text: String) throws -> Timeline {
    let compilation = frontendCompile(text)
    #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(\.message))")
    return try #require(compilation.timeline)
}

private func transitionSpan(_ timeline: Timeline) throws -> Span {
    try #require(timeline.spans.first { $0.kind == .transition })
}

@Test func theMostSpecificTimingEntryWins() throws {
    let timeline = try compiled("""
        choreo: 1
        size: [200, 100]
        layers:
          - {id: box, shape: rect, size: [20, 20], position: [50, 50]}
        states:
          rest: {}
          moved: {box: {position: [150, 50], opacity: 0, scale: 2}}
        transitions:
          - from: rest
            to: moved
            duration: 0.6s
            easing: linear
            nodes:
              box: {easing: bouncy, delay: 0.1s}
              box.opacity: {duration: 0.2s}
              box.position: {easing: linear}
        """)
    let span = try transitionSpan(timeline)
    let box = try #require(findNode("box", in: timeline.layers))
    let t0 = span.start
    // Opacity: its own duration (0.2 s), the node's delay (0.1 s) and its node's easing (a
    // spring, which lasts until it settles whatever the duration says).
    #expect(box.transform.opacity.value(at: t0 + 0.1) == 1)
    #expect(box.transform.opacity.value(at: t0 + 0.05) == 1)
    let bouncy = SpringCurve(response: 0.5, dampingFraction: 0.7)
    let opacityAt = box.transform.opacity.value(at: t0 + 0.1 + 0.15)
    #expect(abs(opacityAt - max(0, 1 - bouncy.progress(at: 0.15))) < 1.0 / 255 + 1e-9, "\(opacityAt)")
    // Position: linear over the transition's 0.6 s, after the node's delay.
    #expect(abs(box.transform.position.value(at: t0 + 0.1 + 0.3).x - 100) < 1e-6)
    #expect(box.transform.position.value(at: t0 + 0.7).x == 150)
    // Scale: the node's spring, so it overshoots 2.
    let overshoot = stride(from: 0.1, to: 1.0, by: 0.01).map { box.transform.scale.value(at: t0 + $0).x }.max() ?? 0
    #expect(overshoot > 2.03)  // bouncy (ζ 0.7) peaks 4.6 % past its target
}

@Test func aStrokePropertyTakesItsParentsEntry() throws {
    let timeline = try compiled("""
        choreo: 1
        size: [100, 100]
        layers:
          - {id: ring, shape: ellipse, radius: 20, position: [50, 50], fill: none, stroke: {color: black, width: 2}}
        states:
          thin: {}
          bold: {ring: {stroke: {color: red, width: 10}}}
        transitions:
          - from: thin
            to: bold
            duration: 1s
            easing: linear
            nodes: {ring.stroke: {duration: 0.5s}, ring.stroke.color: {duration: 0.25s}}
        """)
    let span = try transitionSpan(timeline)
    let ring = try #require(findNode("ring", in: timeline.layers))
    guard case let .shape(_, style) = ring.content, let stroke = style.stroke, case let .color(color) = stroke.paint else {
        Issue.record("a stroked ellipse")
        return
    }
    #expect(abs(stroke.width.value(at: span.start + 0.25) - 6) < 1e-6)
    #expect(stroke.width.value(at: span.start + 0.5) == 10)
    #expect(color.value(at: span.start + 0.25) == RGBA(1, 0, 0))
}

private let staggeredDots = """
    choreo: 1
    size: [200, 100]
    layers:
      - id: dot
        shape: ellipse
        radius: 5
        position: [20, 50]
        fill: gray
        repeat: {count: 3, offset: [30, 0], delay: 0.25s, fill: ["#000000", "#FF0000"]}
    """

private func copyTransform(_ index: Int, _ timeline: Timeline) throws -> Transform {
    try #require(findNode("dot copy \(index)", in: timeline.layers)).transform
}

@Test func staggeredCopiesOfATransitionStartOneDelayApart() throws {
    let timeline = try compiled(staggeredDots + """

        states:
          down: {}
          up: {dot: {offset: [0, -20]}}
        transitions:
          - {from: down, to: up, duration: 0.5s, easing: linear}
        """)
    let span = try transitionSpan(timeline)
    // The span lasts until the last copy ends: 2 × 0.25 s of stagger after 0.5 s, plus a frame.
    #expect(abs(span.end - span.start - (1.0 + 1.0 / 60)) < 1e-6)
    for index in 0..<3 {
        let offset = try copyTransform(index, timeline).offset
        let start = span.start + Double(index) * 0.25
        #expect(offset.value(at: start).y == 0, "copy \(index) waits")
        #expect(abs(offset.value(at: start + 0.25).y + 10) < 1e-6, "copy \(index) halfway")
        #expect(abs(offset.value(at: start + 0.5).y + 20) < 1e-9, "copy \(index) arrives")
    }
}

@Test func staggeredCopiesWrapInALoop() throws {
    let timeline = try compiled(staggeredDots + """

        timelines:
          hop:
            duration: 1s
            loop: true
            keyframes:
              dot.offset:
                - {at: 0s, value: [0, 0]}
                - {at: 0.3s, value: [0, -10], easing: ease-out}
                - {at: 0.6s, value: [0, 0], easing: ease-in}
        """)
    let span = try #require(timeline.spans.first { $0.kind == .timeline })
    #expect(abs(span.end - span.start - 1) < 1e-9, "a loop keeps its cycle")
    let first = try copyTransform(0, timeline).offset
    for index in 1..<3 {
        let offset = try copyTransform(index, timeline).offset
        for step in 0..<100 {
            let t = Double(step) / 100
            var earlier = t - Double(index) * 0.25
            if earlier < 0 { earlier += 1 }
            #expect(abs(offset.value(at: span.start + t).y - first.value(at: span.start + earlier).y) < 1e-6, "copy \(index) at \(t)")
        }
        // Seamless: the cycle ends where it starts.
        #expect(abs(offset.value(at: span.start).y - offset.value(at: span.end - 1e-9).y) < 1e-6)
    }
    // Copy 2 starts its cycle mid-hop (0.5 s into it).
    #expect(try copyTransform(2, timeline).offset.value(at: span.start).y < -1)
}

@Test func repeatFillBlendsTheCopiesSolidFill() throws {
    let timeline = try compiled(staggeredDots)
    let expected = [RGBA(0, 0, 0), RGBA(0.5, 0, 0), RGBA(1, 0, 0)]
    for (index, colour) in expected.enumerated() {
        let copy = try #require(findNode("dot copy \(index) placement", in: timeline.layers))
        guard case let .shape(_, style) = copy.content, case let .color(fill)? = style.fill else {
            Issue.record("copy \(index) has a solid fill")
            continue
        }
        #expect(fill.initial == colour)
        #expect(!fill.isAnimated)
    }
}

@Test(arguments: [
    Repeat(count: 4, anchor: Point(3, -2), rotation: 30, offset: Point(10, 4), scale: Point(0.9, 1.2)),
    Repeat(count: 4, anchor: Point(0, 0), rotation: -45, offset: Point(-5, 8), scale: Point(-1, 1)),
    Repeat(count: 4, anchor: Point(1, 1), rotation: 90, offset: Point(0, 12), scale: Point(0.8, 0.8)),
])
func copyPlacementsComposeToTheRepeatMatrix(repetition: Repeat) {
    for index in 0..<repetition.count {
        let expected = repetition.matrix(ofCopy: index)
        let placed = placementNodes(expected, opacity: 1, name: "copy", content: .group([]))
        var matrix = placed.transform.matrix(at: 0)
        if case let .group(children) = placed.content, let inner = children.first {
            matrix = matrix.concatenating(inner.transform.matrix(at: 0))
        }
        for (actual, wanted) in [(matrix.a, expected.a), (matrix.b, expected.b), (matrix.c, expected.c), (matrix.d, expected.d), (matrix.tx, expected.tx), (matrix.ty, expected.ty)] {
            #expect(abs(actual - wanted) < 1e-9, "copy \(index): \(matrix) vs \(expected)")
        }
    }
}
