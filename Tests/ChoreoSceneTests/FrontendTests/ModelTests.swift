import ChoreoDiagnostics
import ChoreoTimeline
import Testing

@testable import ChoreoScene

/// Builds a scene that must be free of diagnostics.
private func scene(_ body: String, path: String = "test.yaml") -> Scene? {
    let text = "choreo: 1\nsize: [200, 200]\n" + body
    let result = frontendBuild(text, path: path)
    #expect(result.diagnostics.isEmpty, "\(renderDiagnostics(result.diagnostics, text: text, path: path))")
    return result.scene
}

private func node(_ id: String, in scene: Scene?) -> SceneNode? {
    func search(_ nodes: [SceneNode]) -> SceneNode? {
        for node in nodes {
            if node.id == id { return node }
            if case let .group(children) = node.shape, let found = search(children) { return found }
        }
        return nil
    }
    return scene.flatMap { search($0.layers) }
}

@Test func transformDefaultsKeepGeometryWhereItIs() throws {
    let box = try #require(node("box", in: scene("layers:\n  - {id: box, shape: rect, size: [20, 10]}\n")))
    #expect(box.base[.anchor] == .point(Point(0, 0)))
    #expect(box.base[.position] == .point(Point(0, 0)))
    #expect(box.base[.offset] == .point(Point(0, 0)))
    #expect(box.base[.scale] == .point(Point(1, 1)))
    #expect(box.base[.rotation] == .number(0))
    #expect(box.base[.opacity] == .number(1))
    #expect(box.base[.size] == .point(Point(20, 10)))
    #expect(box.base[.cornerRadius] == .number(0))
    #expect(box.fill == .solid)
    #expect(box.base[.fill] == .color(.black))
    #expect(box.stroke == nil)
    #expect(!box.trimmed)
}

@Test func anchorKeywordsNameLocalBoundsAndPositionDefaultsToTheAnchor() throws {
    let built = scene(
        """
        layers:
          - {id: box, shape: rect, size: [20, 10], anchor: top-left}
          - {id: tri, shape: path, points: [[10, 20], [50, 20], [30, 60]], anchor: bottom-right}
          - {id: dot, shape: ellipse, radius: 5, anchor: [1, 2], position: [100, 100]}
        """)
    #expect(node("box", in: built)?.base[.anchor] == .point(Point(-10, -5)))
    #expect(node("box", in: built)?.base[.position] == .point(Point(-10, -5)))
    #expect(node("tri", in: built)?.base[.anchor] == .point(Point(50, 60)))
    #expect(node("tri", in: built)?.base[.position] == .point(Point(50, 60)))
    #expect(node("dot", in: built)?.base[.size] == .point(Point(10, 10)))
    #expect(node("dot", in: built)?.base[.anchor] == .point(Point(1, 2)))
    #expect(node("dot", in: built)?.base[.position] == .point(Point(100, 100)))
}

@Test func strokeDefaultsFollowSwiftUIAndAStrokedShapeIsNotFilled() throws {
    let line = try #require(node("line", in: scene("layers:\n  - {id: line, shape: path, d: \"M 0 0 L 10 10\", stroke: {color: red}}\n")))
    #expect(line.stroke == StrokeStyle(cap: .butt, join: .miter, miterLimit: 10, dash: []))
    #expect(line.base[.strokeWidth] == .number(1))
    #expect(line.fill == FillKind.none)
    #expect(line.base[.fill] == nil)
}

@Test func groupStylesApplyToChildrenThatDoNotSetTheirOwn() throws {
    let built = scene(
        """
        layers:
          - id: g
            shape: group
            fill: red
            stroke: {color: blue, width: 3, cap: round}
            children:
              - {id: a, shape: rect, size: [10, 10], position: [50, 50]}
              - {id: b, shape: rect, size: [10, 10], position: [70, 50], fill: green, stroke: {width: 5}}
        states:
          plain: {}
          warm:
            g: {fill: orange, stroke: {width: 1}}
        transitions:
          - {from: plain, to: warm, on: tap}
          - {from: warm, to: plain, on: tap}
        """)
    let a = try #require(node("a", in: built)), b = try #require(node("b", in: built))
    #expect(a.base[.fill] == .color(RGBA(1, 0, 0)))
    #expect(a.base[.strokeColor] == .color(RGBA(0, 0, 1)))
    #expect(a.base[.strokeWidth] == .number(3))
    #expect(a.stroke?.cap == .round)
    #expect(b.base[.fill] == .color(RGBA(0, 128.0 / 255, 0)))
    #expect(b.base[.strokeColor] == .color(RGBA(0, 0, 1)), "stroke merges key by key")
    #expect(b.base[.strokeWidth] == .number(5))
    let warm = try #require(built?.states.first { $0.name == "warm" })
    #expect(warm.overrides[PropertyKey(node: "a", property: .fill)] == .color(RGBA(1, 165.0 / 255, 0)))
    #expect(warm.overrides[PropertyKey(node: "b", property: .fill)] == nil, "b sets its own fill")
    #expect(warm.overrides[PropertyKey(node: "a", property: .strokeWidth)] == .number(1))
    #expect(warm.overrides[PropertyKey(node: "b", property: .strokeWidth)] == nil)
    #expect(warm.overrides.keys.allSatisfy { $0.node != "g" })
}

@Test func nestedOverridesReplaceOnlyTheKeysTheyName() throws {
    let built = scene(
        """
        layers:
          - {id: arc, shape: ellipse, radius: 50, position: [100, 100], stroke: {color: black, width: 4}, fill: none, trim: {start: 0.2, end: 0.5}}
        states:
          empty: {}
          full: {arc: {trim: {end: 1}}}
        transitions:
          - {from: empty, to: full, on: tap}
        """)
    let arc = try #require(node("arc", in: built))
    #expect(arc.trimmed)
    #expect(arc.base[.trimStart] == .number(0.2))
    #expect(arc.base[.trimEnd] == .number(0.5))
    #expect(arc.base[.trimOffset] == .number(0))
    let full = try #require(built?.states.last)
    #expect(full.overrides == [PropertyKey(node: "arc", property: .trimEnd): .number(1)])
    #expect(built?.initial == "empty")
}

@Test func varsResolveInDependencyOrderWithUnits() throws {
    let built = scene(
        """
        vars:
          half: $w / 2
          w: 120
          tint: "#336699"
          spot: [$half, 10]
          quick: $slow / 2
          slow: 0.5s
        layers:
          - {id: box, shape: rect, size: [$w, $half], position: $spot, fill: $tint, rotation: 0.25turn}
        timelines:
          t:
            duration: $slow
            tweens:
              - {at: 0s, duration: $quick, to: {box: {opacity: 0}}}
        """)
    let box = try #require(node("box", in: built))
    #expect(box.base[.size] == .point(Point(120, 60)))
    #expect(box.base[.position] == .point(Point(60, 10)))
    #expect(box.base[.rotation] == .number(90))
    #expect(box.base[.fill] == .color(RGBA(bytes: 0x33, 0x66, 0x99)))
    let timeline = try #require(built?.timelines.first)
    #expect(timeline.duration == 0.5)
    #expect(timeline.tweens.first?.timing.duration == 0.25)
}

@Test func gradientUnitsBoundsResolveAgainstTheNodesBounds() throws {
    let built = scene(
        """
        layers:
          - id: card
            shape: rect
            size: [100, 50]
            fill: {linear: {from: [0, 0], to: [1, 1]}, units: bounds, stops: [[0, white], [1, black]]}
        """)
    let card = try #require(node("card", in: built))
    #expect(card.fill == .linear)
    #expect(card.base[.fillFrom] == .point(Point(-50, -25)))
    #expect(card.base[.fillTo] == .point(Point(50, 25)))
    #expect(card.base[.fillStops] == .stops(GradientStops([GradientStop(0, RGBA(1, 1, 1)), GradientStop(1, .black)])))
}

/// A stroke's colour may be a gradient (SVG's and Lottie's gradient strokes): laid out as a fill's
/// is, on a group once over its bounds, and not animated, so a state cannot animate its colour.
@Test func strokeGradientsAreLaidOutAsFillsAre() throws {
    let built = scene(
        """
        layers:
          - id: card
            shape: rect
            size: [100, 50]
            stroke: {color: {linear: {from: [0, 0.5], to: [1, 0.5]}, units: bounds, stops: [[0, white], [1, black]]}, width: 4}
          - id: pair
            shape: group
            position: [100, 100]
            stroke: {color: {radial: {center: [0, 0], radius: 10}, stops: [[0, red], [1, blue]]}}
            children:
              - {id: left, shape: ellipse, radius: 5, position: [-20, 0]}
        """)
    let card = try #require(node("card", in: built))
    let stops = GradientStops([GradientStop(0, RGBA(1, 1, 1)), GradientStop(1, .black)])
    #expect(card.stroke?.gradient == .linear(from: Point(-50, 0), to: Point(50, 0), stops: stops))
    #expect(card.base[.strokeWidth] == .number(4))
    // The group's centre, seen from the child placed 20 to its left, is 20 to the child's right.
    let left = try #require(node("left", in: built))
    #expect(left.stroke?.gradient == .radial(center: Point(20, 0), radius: 10, stops: GradientStops([GradientStop(0, RGBA(1, 0, 0)), GradientStop(1, RGBA(0, 0, 1))])))

    let text = """
        choreo: 1
        size: [200, 200]
        layers:
          - {id: card, shape: rect, size: [10, 10], stroke: {color: {linear: {from: [0, 0], to: [10, 0]}, stops: [[0, white], [1, black]]}}}
        states:
          idle: {}
          hot: {card: {stroke: {color: red}}}
        """
    let messages = frontendBuild(text).diagnostics.filter { $0.severity == .error }.map(\.message)
    #expect(messages == ["the stroke of 'card' is a gradient, which is set in layers and not animated; its colour cannot be animated"])
}

@Test func transitionsTakeDefaultsAndMergePerNodeTiming() throws {
    let built = scene(
        """
        layers:
          - {id: a, shape: rect, size: [10, 10], position: [50, 50]}
        states:
          x: {}
          y: {a: {opacity: 0}}
        transitions:
          - {from: x, to: y, on: tap, delay: 0.2s, nodes: {a: {easing: snappy}}}
          - {from: y, to: x, easing: {spring: {}}}
        """)
    let there = try #require(built?.transitions.first)
    #expect(there.timing == Timing(duration: 0.35, delay: 0.2, easing: .cubic(0.42, 0, 0.58, 1)))
    #expect(there.trigger == .tap)
    let perNode = try #require(there.nodeTiming["a"])
    #expect(perNode.duration == 0.35 && perNode.delay == 0.2)
    #expect(perNode.easing != there.timing.easing)
    let back = try #require(built?.transitions.last)
    #expect(back.trigger == .programmatic)
    #expect(back.timing.easing == .spring(response: 0.5, dampingFraction: 0.825))
}

@Test func keyframesAndRelativeTweensLandOnPropertyKeys() throws {
    let built = scene(
        """
        layers:
          - {id: ring, shape: ellipse, radius: 40, position: [100, 100], fill: none, stroke: {color: black, width: 2}}
        timelines:
          spin:
            duration: 2s
            loop: true
            tweens:
              - {at: 1.5s, duration: 1s, by: {ring: {rotation: 1turn}}}
            keyframes:
              ring.trim.end:
                - {at: 0s, value: 0}
                - {at: 1s, value: 1, easing: {cubic-bezier: [0.2, 0, 0, 1]}}
              ring.radius:
                - {at: 0s, value: 40}
                - {at: 2s, value: 50}
        """)
    let timeline = try #require(built?.timelines.first)
    #expect(timeline.loop)
    let tween = try #require(timeline.tweens.first)
    #expect(tween.relative)
    #expect(tween.values == [PropertyKey(node: "ring", property: .rotation): .number(360)])
    let trim = try #require(timeline.keyframes[PropertyKey(node: "ring", property: .trimEnd)])
    #expect(trim.map(\.at) == [0, 1])
    #expect(trim.last?.easing == .cubic(0.2, 0, 0, 1))
    #expect(node("ring", in: built)?.trimmed == true, "animating trim makes the node trimmed")
    let size = try #require(timeline.keyframes[PropertyKey(node: "ring", property: .size)])
    #expect(size.last?.value == .point(Point(100, 100)))
}

@Test func polygonAndRepeatAreStaticParts() throws {
    let built = scene(
        """
        layers:
          - id: star
            shape: polygon
            sides: 5
            radius: 20
            inner-radius: 8
            corner-radius: 2
            position: [100, 100]
            repeat: {count: 8, rotation: 45deg, anchor: bottom, offset: [0, 0], scale: 0.9, opacity: [0.5, 1]}
        """)
    let star = try #require(node("star", in: built))
    #expect(star.shape == .polygon(sides: 5, star: true, cornerRadius: 2))
    #expect(star.base[.innerRadius] == .number(8))
    #expect(star.repeat == Repeat(count: 8, anchor: Point(0, 20), rotation: 45, offset: .zero, scale: Point(0.9, 0.9), startOpacity: 0.5, endOpacity: 1))
}

@Test func sceneNameDefaultsToTheFileStemAsAnIdentifier() throws {
    #expect(scene("layers: []\n", path: "dir/my scene.yaml")?.name == "my-scene")
    #expect(scene("layers: []\n", path: "2up.yml")?.name == "_2up")
    #expect(scene("name: custom\nlayers: []\n")?.name == "custom")
}

@Test func quotedTextIsNeverABoolean() {
    let text = "choreo: 1\nsize: [10, 10]\nlayers: []\ntimelines:\n  t: {duration: 1s, loop: \"true\"}\n"
    let result = frontendBuild(text)
    #expect(diagnosticSignatures(result.diagnostics) == ["5:27 error wrong-type"])
}
