import ChoreoJSON
import ChoreoTimeline
import Testing

@testable import ChoreoLottie

private let ink = RGBA(28 / 255, 28 / 255, 30 / 255)
private let white = RGBA(1, 1, 1)

/// One dot filled with the themed colour `ink` and faded by a themed opacity that moves.
private var themed: Timeline {
    let fade = Animated(1.0, segments: [Segment(start: 0, end: 0.5, from: 1, to: 0.5, easing: .linear)], slot: "dot.opacity")
    let darkFade = Animated(1.0, segments: [Segment(start: 0, end: 0.5, from: 1, to: 0.25, easing: .linear)])
    let dot = Node(
        id: "dot", transform: Transform(position: Animated(Point(5, 5)), opacity: fade),
        content: .shape(.ellipse(size: Animated(Point(4, 4))), Style(fill: .color(Animated(ink, slot: "ink")))))
    var timeline = Timeline(
        name: "dot", width: 10, height: 10, fps: 10, duration: 1, layers: [dot],
        spans: [Span(name: "pulse", start: 0, end: 1, role: .timeline(loops: false))])
    timeline.themes = Themes(names: ["dark"], slots: [
        ThemeSlot(id: "dot.opacity", defaultValue: .opacity(Animated(1.0, segments: fade.segments)), values: ["dark": .opacity(darkFade)]),
        ThemeSlot(id: "ink", defaultValue: .color(Animated(ink)), values: ["dark": .color(Animated(white))]),
    ])
    return timeline
}

@Test func themedPropertiesNameTheirSlotAndKeepTheDefaultInline() {
    let text = LottieEmitter.emit(themed)
    #expect(text.contains(#""c":{"a":0,"k":[0.1098,0.1098,0.1176],"sid":"ink"}"#))
    #expect(text.contains(#""sid":"dot.opacity""#))
    #expect(text.contains(#""slots":{"dot.opacity":{"p":{"a":1,"k":["#))
    #expect(text.contains(#""ink":{"p":{"a":0,"k":[0.1098,0.1098,0.1176]}}"#))
    // Without themes, no slots at all.
    var plain = themed
    plain.themes = nil
    plain.layers = [Node(id: "dot", transform: .identity, content: .shape(.ellipse(size: Animated(Point(4, 4))), Style(fill: .color(Animated(ink)))))]
    #expect(!LottieEmitter.emit(plain).contains("sid") && !LottieEmitter.emit(plain).contains("slots"))
}

@Test func eachThemeIsAThemeFileListedInTheManifest() {
    let members = DotLottie.members(themed, generator: "choreo test")
    #expect(members.map(\.path) == ["manifest.json", "s/dot.json", "t/dark.json", "a/dot.json"])
    #expect(members[0].text.contains(#""animations":[{"id":"dot","themes":["dark"]}],"themes":[{"id":"dark"}]"#))
    let theme = members[2].text
    #expect(theme.contains(#"{"id":"ink","type":"Color","value":[1,1,1]}"#))
    // A moving value: keyframes on whole frames, every frame where it changes, held.
    #expect(theme.contains(#"{"id":"dot.opacity","type":"Scalar","keyframes":[{"frame":0,"value":100,"hold":true},{"frame":1,"value":85,"hold":true},"#))
    #expect(theme.contains(#"{"frame":5,"value":25,"hold":true}]}"#))
}
