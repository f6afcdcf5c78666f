import ChoreoTimeline
import Testing

@testable import ChoreoSVG

/// Effects become a filter on a `<g>` around the node: a blur, then the drop shadow spelled out,
/// in a user-space region that holds the effects' reach.
@Suite struct SVGEffectTests {
    static func timeline(_ node: Node) -> Timeline {
        Timeline(name: "t", width: 100, height: 100, fps: 60, duration: 1, layers: [node], spans: [])
    }

    static let card = Node(
        id: "card", transform: Transform(position: Animated(Point(50, 50))),
        content: .shape(.rect(size: Animated(Point(20, 10)), cornerRadius: Animated(0)), Style(fill: .color(Animated(RGBA(1, 0, 0))))))

    @Test func aBlurredShadowedNodeIsFilteredAroundItsTransform() throws {
        var node = Self.card
        node.effects = Effects(blur: Animated(2), shadow: Shadow(color: Animated(RGBA(0, 0, 0, 0.4)), offset: Animated(Point(0, 5)), blur: Animated(3)))
        let svg = SVGEmitter.snapshot(Self.timeline(node), at: 0)
        #expect(svg.contains(#"<g filter="url(#card-effects)">"#))
        // The filter wraps the node's own group, which holds its transform.
        let filtered = try #require(svg.range(of: #"<g filter="url(#card-effects)">"#))
        #expect(svg[filtered.upperBound...].drop { $0.isWhitespace }.hasPrefix(#"<g id="card" transform="translate(50 50)">"#))
        #expect(svg.contains(#"<feGaussianBlur stdDeviation="2" result="blurred"/>"#))
        #expect(svg.contains(#"<feGaussianBlur in="blurred" stdDeviation="3"/>"#))
        #expect(svg.contains(#"<feOffset dx="0" dy="5" result="shadow-shape"/>"#))
        #expect(svg.contains(#"<feFlood flood-color="rgb(0,0,0)" flood-opacity="0.4"/>"#))
        #expect(svg.contains(#"color-interpolation-filters="sRGB""#))
        // The region holds the rect (40…60, 45…55) grown by the reach: 5 + 3 × (3 + 2) = 20.
        let region = try #require(svg.firstMatch(of: /x="(-?[\d.]+)" y="(-?[\d.]+)" width="([\d.]+)" height="([\d.]+)"/))
        #expect(Double(region.1)! <= 40 - 20 && Double(region.2)! <= 45 - 20)
        #expect(Double(region.1)! + Double(region.3)! >= 60 + 20 && Double(region.2)! + Double(region.4)! >= 55 + 20)
    }

    @Test func anAnimatedBlurIsAnimatedInTheReel() {
        var node = Self.card
        node.effects = Effects(blur: Animated(0, segments: [Segment(start: 0, end: 1, from: 0, to: 4, easing: .linear)]))
        let reel = SVGEmitter.animated(Self.timeline(node))
        #expect(reel.contains(#"<animate attributeName="stdDeviation""#))
    }
}
