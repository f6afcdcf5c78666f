import ChoreoTimeline
import Testing

@testable import ChoreoSVG

@Test func aStillThemedColourReadsACustomPropertyThatDarkModeSets() {
    let ink = RGBA(28 / 255, 28 / 255, 30 / 255)
    let dot = Node(
        id: "dot", transform: Transform(position: Animated(Point(5, 5))),
        content: .shape(.ellipse(size: Animated(Point(4, 4))), Style(
            fill: .color(Animated(ink, slot: "ink")), stroke: Stroke(paint: .color(Animated(ink, slot: "ink"))))))
    var timeline = Timeline(name: "dot", width: 10, height: 10, fps: 10, duration: 0, layers: [dot], spans: [])
    timeline.themes = Themes(names: ["dark", "sepia"], slots: [
        ThemeSlot(id: "ink", defaultValue: .color(Animated(ink)), values: ["dark": .color(Animated(RGBA(1, 1, 1))), "sepia": .color(Animated(RGBA(0.4, 0.3, 0.2)))]),
    ])
    let svg = SVGEmitter.snapshot(timeline, at: 0)
    // The default stays as the attribute, for renderers without CSS.
    #expect(svg.contains(#"fill="rgb(28,28,30)""#))
    #expect(svg.contains(#"class="choreo-fill-ink choreo-stroke-ink""#))
    #expect(svg.contains("@supports (color: var(--choreo)) { .choreo-fill-ink { fill: var(--choreo-ink, rgb(28,28,30)) } }"))
    #expect(svg.contains("@media (prefers-color-scheme: dark) { svg { --choreo-ink: rgb(255,255,255) } }"))
    #expect(svg.contains("@supports (color: var(--choreo)) { svg.choreo-theme-sepia { --choreo-ink: rgb(102,77,51) } }"))
    #expect(!svg.contains("@media (prefers-color-scheme: dark) { svg { --choreo-ink: rgb(102"))
    timeline.themes = nil
    #expect(!SVGEmitter.snapshot(timeline, at: 0).contains("--choreo-ink"))
}
