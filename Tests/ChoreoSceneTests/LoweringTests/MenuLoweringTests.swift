import ChoreoTimeline
import Testing

@testable import ChoreoScene

private let menu = LoweringFixtures.lowered(LoweringFixtures.menu)

private func bar(_ i: Int) -> Node { findNode("bar\(i)", in: menu.0.layers)! }

@Test func menuSpansArePosesThenTransitionsOnWholeFrames() {
    let spans = menu.0.spans
    #expect(spans.map(\.name) == ["closed", "open", "closed->open", "open->closed"])
    #expect(spans.map(\.kind) == [.pose, .pose, .transition, .transition])
    let frames = spans.map { Int(($0.end - $0.start) * 60 + 0.5) }
    #expect(frames == [1, 1, 34, 34])
    #expect(spans[2].role == .transition(from: "closed", to: "open", trigger: .tap))
    #expect(spans[0].role == .pose(label: "Open menu", plays: nil))
    #expect(menu.0.frameCount == 70)
    #expect(menu.0.title == "Open menu")
    #expect(menu.1.isEmpty)
}

@Test func menuBarRotatesHalfWayAtTheMiddleOfItsTransition() {
    let rotation = bar(1).transform.rotation
    let start = menu.0.spans[2].start
    #expect(rotation.value(at: 0) == 0)
    #expect(rotation.value(at: 1.0 / 60) == 45)
    #expect(rotation.value(at: start) == 0)
    #expect(rotation.value(at: start + 0.1) == 0)
    #expect(abs(rotation.value(at: start + 0.2 + 0.175) - 22.5) < 1e-9)
    #expect(abs(rotation.value(at: start + 0.3) - 45 * referenceEaseInOut(0.1 / 0.35)) < 1e-6)
    #expect(rotation.value(at: menu.0.spans[2].end - 1.0 / 60) == 45)
    let back = menu.0.spans[3].start
    #expect(rotation.value(at: back) == 45)
    #expect(abs(rotation.value(at: back + 0.375) - 22.5) < 1e-9)
    #expect(rotation.value(at: menu.0.duration) == 0)
}

@Test func menuUnchangedPropertiesStayConstant() {
    #expect(!bar(0).transform.rotation.isAnimated)
    #expect(bar(0).transform.rotation.segments.isEmpty)
    #expect(bar(0).transform.opacity.isAnimated)
    guard case let .shape(geometry, _) = bar(1).content, case let .rect(size, radius) = geometry else {
        Issue.record("bar1 is not a rect")
        return
    }
    #expect(!size.isAnimated && size.segments.isEmpty)
    #expect(radius.initial == 2)
}
