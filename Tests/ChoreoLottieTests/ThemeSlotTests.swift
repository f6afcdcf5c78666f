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
    // A moving value: the keyframes of its motion on whole frames, eased like the animation's.
    #expect(theme.contains(
        #"{"id":"dot.opacity","type":"Scalar","keyframes":[{"frame":0,"value":100,"outTangent":{"x":0,"y":0},"inTangent":{"x":1,"y":1}},{"frame":5,"value":25,"hold":true}]}"#))
}

/// A theme's keyframes, evaluated on whole frames as a player does: held, or eased towards the
/// next key along the key's handles.
private func valueOnFrame(_ keys: [(frame: Int, value: Double, easing: Easing?)], _ frame: Int) -> Double {
    guard let index = keys.lastIndex(where: { $0.frame <= frame }) else { return keys[0].value }
    let key = keys[index]
    guard let easing = key.easing, index + 1 < keys.count else { return key.value }
    let next = keys[index + 1]
    let progress = easing.progress(Double(frame - key.frame) / Double(next.frame - key.frame))
    return key.value + (next.value - key.value) * progress
}

/// Theme files sampled every frame of a moving themed value: an hour at 240 fps in four themes
/// wrote 151 MB. Their keyframes are now the track's segments cut to whole frames, which keep the
/// track's value on every whole frame (jumps, holds, segments between frames) with at most three
/// keys a segment.
@Test func themeKeyframesHoldTheTracksValueOnEveryWholeFrameWithAFewKeysASegment() {
    let fps = 24.0
    let tracks: [Animated<Double>] = [
        Animated(1, segments: [Segment(start: 0, end: 3600, from: 1, to: 0.5, easing: .cubic(0.42, 0, 0.58, 1))]),
        Animated(1, segments: [
            Segment(start: 0.1, end: 0.37, from: 1, to: 0.2, easing: .cubic(0.3, -0.4, 0.6, 1.5)),
            Segment(start: 0.37, end: 1, from: 0.8, to: 0.1, easing: .linear),
            Segment(start: 1, end: 1.02, from: 0.1, to: 0.9, easing: .linear),
            Segment(start: 1.5, end: 2, from: 0.9, to: 0.3, easing: .hold),
            Segment(start: 2, end: 2, from: 0.6, to: 0.6, easing: .linear),
            Segment(start: 2.5, end: 3.01, from: 0.6, to: 0, easing: .cubic(0.2, 0, 0, 1)),
        ]),
    ]
    for track in tracks {
        let keys = DotLottie.themeKeys(track, fps: fps)
        #expect(keys.count <= 1 + 3 * track.segments.count, "\(keys.count) keys for \(track.segments.count) segments")
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.frame < $1.frame })
        let lastFrame = Int((track.segments.last!.end * fps).rounded(.up)) + 2
        for frame in stride(from: 0, through: min(lastFrame, 2000), by: 1) {
            let expected = track.value(at: Double(frame) / fps)
            #expect(abs(valueOnFrame(keys, frame) - expected) < 1e-6, "frame \(frame): \(valueOnFrame(keys, frame)) != \(expected)")
        }
    }
}
