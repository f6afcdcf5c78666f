import ChoreoTimeline
import Testing

@testable import ChoreoScene
@testable import ChoreoSceneLowering

// The finite check (`Lowering/FiniteCheck.swift`) sees every track of every node through the one
// walk over a node's tracks, the effects' included.

private func timeline(_ layers: [Node]) -> Timeline {
    Timeline(name: "t", width: 10, height: 10, fps: 60, duration: 1, layers: layers, spans: [])
}

private func dot(_ id: String) -> Node {
    Node(id: id, transform: .identity, content: .shape(.ellipse(size: Animated(Point(4, 4))), Style(fill: .color(Animated(.black)))))
}

@Test func aFiniteTimelineHasNoNodeWithANonFiniteValue() {
    #expect(firstNodeWithNonFiniteValue(timeline([dot("a"), Node(id: "g", transform: .identity, content: .group([dot("b")]))])) == nil)
}

@Test func aNonFiniteValueInAnyTrackIsFound() {
    var scaled = dot("scaled")
    scaled.transform.scale = Animated(Point(1, 1), segments: [Segment(start: 0, end: 1, from: Point(1, 1), to: Point(.infinity, 1), easing: .linear)])
    #expect(firstNodeWithNonFiniteValue(timeline([dot("a"), Node(id: "g", transform: .identity, content: .group([scaled]))])) == "scaled")
}

@Test func aNonFiniteBlurOrShadowIsFound() {
    var blurred = dot("blurred")
    blurred.effects = Effects(blur: Animated(.infinity))
    #expect(firstNodeWithNonFiniteValue(timeline([dot("a"), blurred])) == "blurred")
    var shadowed = dot("shadowed")
    shadowed.effects = Effects(shadow: Shadow(color: Animated(.black), offset: Animated(Point(.nan, 0)), blur: Animated(1)))
    #expect(firstNodeWithNonFiniteValue(timeline([shadowed])) == "shadowed")
}
