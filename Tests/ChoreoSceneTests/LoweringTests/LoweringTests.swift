import ChoreoDiagnostics
import ChoreoTimeline
import Testing

@testable import ChoreoScene

private typealias F = LoweringFixtures

private func key(_ node: String, _ property: Property) -> PropertyKey { PropertyKey(node: node, property: property) }

private func timeline(
    _ name: String = "t", duration: Double, loop: Bool = false, tweens: [Tween] = [],
    keyframes: [PropertyKey: [Keyframe]] = [:]
) -> SceneTimeline {
    SceneTimeline(name: name, range: F.range(line: 7), duration: duration, loop: loop, tweens: tweens, keyframes: keyframes)
}

private func tween(
    at: Double, duration: Double, easing: EasingSpec = .linear, _ values: [PropertyKey: PropertyValue], relative: Bool = false
) -> Tween {
    Tween(at: at, timing: Timing(duration: duration, easing: easing), values: values, relative: relative, range: F.noRange)
}

@Test func sceneWithoutStatesOrTimelinesIsOneStillFrame() {
    let (lowered, diagnostics) = F.lowered(F.scene(name: "badge", layers: [F.rect("a", size: Point(10, 10))]))
    #expect(diagnostics.isEmpty)
    #expect(lowered.spans.map(\.name) == ["badge"])
    #expect(lowered.spans[0].kind == .pose)
    #expect(lowered.frameCount == 1)
    #expect(lowered.isStatic)
    #expect(lowered.title == "badge")
}

@Test func nonLoopingTimelineIsRoundedUpPlusOneHoldFrame() {
    let scene = F.scene(
        layers: [F.rect("a", size: Point(10, 10))],
        timelines: [timeline(duration: 0.51, tweens: [tween(at: 0, duration: 0.51, [key("a", .opacity): .number(0)])])])
    let (lowered, _) = F.lowered(scene)
    // 0.51 s × 60 = 30.6 → 31 frames, plus the hold frame.
    #expect(lowered.frameCount == 32)
    let opacity = findNode("a", in: lowered.layers)!.transform.opacity
    #expect(abs(opacity.value(at: 0.255) - 0.5) < 1e-9)
    #expect(opacity.value(at: lowered.duration) == 0)
}

@Test func stepsBecomeHoldSegmentsThatJumpAtTheirEnds() {
    let scene = F.scene(
        layers: [F.rect("a", size: Point(10, 10))],
        timelines: [timeline(duration: 1, tweens: [tween(at: 0, duration: 1, easing: .steps(4), [key("a", .rotation): .number(100)])])])
    let rotation = findNode("a", in: F.lowered(scene).0.layers)!.transform.rotation
    #expect(rotation.segments.count == 4)
    #expect(rotation.segments.allSatisfy { $0.easing == .hold })
    #expect(rotation.value(at: 0.1) == 0)
    #expect(rotation.value(at: 0.3) == 25)
    #expect(rotation.value(at: 0.74) == 50)
    #expect(rotation.value(at: 0.99) == 75)
    #expect(rotation.value(at: 1) == 100)
}

@Test func relativeTweenAddsToTheValueAtItsStart() {
    let scene = F.scene(
        layers: [F.rect("a", size: Point(10, 10), position: Point(5, 5))],
        timelines: [timeline(duration: 2, tweens: [
            tween(at: 0, duration: 1, [key("a", .position): .point(Point(10, 0))], relative: true),
            tween(at: 1, duration: 1, [key("a", .position): .point(Point(10, 0))], relative: true),
        ])])
    let position = findNode("a", in: F.lowered(scene).0.layers)!.transform.position
    #expect(position.value(at: 0.5) == Point(10, 5))
    #expect(position.value(at: 2) == Point(25, 5))
}

@Test func keyframesHoldBeforeTheFirstAndAfterTheLast() {
    let scene = F.scene(
        layers: [F.rect("a", size: Point(10, 10))],
        timelines: [timeline(duration: 2, keyframes: [key("a", .opacity): [
            Keyframe(at: 0.5, value: .number(0.5), range: F.noRange),
            Keyframe(at: 1, value: .number(1), easing: .hold, range: F.noRange),
            Keyframe(at: 1.5, value: .number(0), range: F.noRange),
        ]])])
    let opacity = findNode("a", in: F.lowered(scene).0.layers)!.transform.opacity
    #expect(opacity.value(at: 0) == 0.5)
    #expect(opacity.value(at: 0.4) == 0.5)
    #expect(opacity.value(at: 0.9) == 0.5)
    #expect(opacity.value(at: 1) == 1)
    #expect(abs(opacity.value(at: 1.25) - 0.5) < 1e-9)
    #expect(opacity.value(at: 1.9) == 0)
}

@Test func timelineStartsFromTheInitialPoseAfterStatesAndTransitions() {
    let open = SceneState(name: "open", range: F.noRange, overrides: [key("a", .rotation): .number(90)])
    let closed = SceneState(name: "closed", range: F.noRange, overrides: [:])
    let scene = F.scene(
        layers: [F.rect("a", size: Point(10, 10))], states: [open, closed], initial: "open",
        timelines: [timeline("wiggle", duration: 1, tweens: [tween(at: 0.5, duration: 0.5, [key("a", .rotation): .number(0)])])])
    let lowered = F.lowered(scene).0
    #expect(lowered.spans.map(\.name) == ["open", "closed", "wiggle"])
    let rotation = findNode("a", in: lowered.layers)!.transform.rotation
    let start = lowered.spans[2].start
    #expect(rotation.value(at: 1.5 / 60) == 0)
    #expect(rotation.value(at: start) == 90)
    #expect(rotation.value(at: start + 0.4) == 90)
    #expect(abs(rotation.value(at: start + 0.75) - 45) < 1e-9)
}

@Test func perNodeTransitionTimingAppliesToThatNode() {
    let closed = SceneState(name: "closed", range: F.noRange, overrides: [:])
    let open = SceneState(
        name: "open", range: F.noRange, overrides: [key("a", .opacity): .number(0), key("b", .opacity): .number(0)])
    let transition = SceneTransition(
        from: "closed", to: "open", trigger: .programmatic, timing: Timing(duration: 0.5, delay: 0.5, easing: .linear),
        nodeTiming: ["b": Timing(duration: 0.5, delay: 0, easing: .linear)], range: F.noRange)
    let lowered = F.lowered(F.scene(
        layers: [F.rect("a", size: Point(1, 1)), F.rect("b", size: Point(1, 1))], states: [closed, open],
        transitions: [transition])).0
    let start = lowered.spans[2].start
    #expect(lowered.frameCount == 2 + 61)
    #expect(findNode("a", in: lowered.layers)!.transform.opacity.value(at: start + 0.25) == 1)
    #expect(abs(findNode("b", in: lowered.layers)!.transform.opacity.value(at: start + 0.25) - 0.5) < 1e-9)
}

@Test func loopThatDoesNotEndWhereItStartsWarnsAboutItsSeam() {
    let scene = F.scene(
        layers: [F.rect("s1", size: Point(10, 10))],
        timelines: [timeline("fade", duration: 1, loop: true, keyframes: [key("s1", .opacity): [
            Keyframe(at: 0, value: .number(1), range: F.noRange),
            Keyframe(at: 0.5, value: .number(0.2), range: F.noRange),
        ]])])
    let diagnostics = F.lowered(scene).1
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.rule == .loopSeam)
    #expect(diagnostics.first?.severity == .warning)
    #expect(diagnostics.first?.range == F.range(line: 7))
    #expect(diagnostics.first?.message == "looping timeline 'fade' jumps at its seam: s1.opacity is 0.2 at the end and 1 at the start")
}

@Test func seamlessLoopDoesNotWarn() {
    let scene = F.scene(
        layers: [F.rect("s1", size: Point(10, 10))],
        timelines: [timeline("pulse", duration: 1, loop: true, tweens: [
            tween(at: 0, duration: 0.5, [key("s1", .opacity): .number(0.2)]),
            tween(at: 0.5, duration: 0.5, [key("s1", .opacity): .number(1)]),
        ])])
    let (lowered, diagnostics) = F.lowered(scene)
    #expect(diagnostics.isEmpty)
    let opacity = findNode("s1", in: lowered.layers)!.transform.opacity
    #expect(abs(opacity.value(at: 0.25) - 0.6) < 1e-9)
    #expect(abs(opacity.value(at: 0.75) - 0.6) < 1e-9)
}

@Test func loopOfFractionalFramesIsRoundedWithAWarning() {
    let scene = F.scene(
        layers: [F.rect("a", size: Point(10, 10))],
        timelines: [timeline("spin", duration: 1.91, loop: true, tweens: [
            tween(at: 0, duration: 1, [key("a", .rotation): .number(360)], relative: true),
        ])])
    let (lowered, diagnostics) = F.lowered(scene)
    #expect(lowered.frameCount == 115)
    #expect(diagnostics.map(\.rule) == [.loopFrames])
    #expect(diagnostics.first?.message.contains("115 frames") == true)
}

@Test func polygonWithRoundedCornersBecomesAPath() {
    var base = F.transformBase(position: Point(50, 50))
    base[.radius] = .number(40)
    base[.fill] = .color(RGBA(0, 0, 1))
    let triangle = SceneNode(
        id: "tri", range: F.noRange, shape: .polygon(sides: 3, star: false, cornerRadius: 5), base: base, fill: .solid)
    let lowered = F.lowered(F.scene(layers: [triangle])).0
    guard case let .shape(.path(shape), _) = findNode("tri", in: lowered.layers)!.content else {
        Issue.record("expected a path")
        return
    }
    let contour = shape.initial.contours[0]
    #expect(contour.vertices.count == 6)
    #expect(contour.closed)
    // Every vertex lies inside the sharp triangle's circumcircle, and the arcs bulge toward the tip.
    #expect(contour.vertices.allSatisfy { ($0.point.x * $0.point.x + $0.point.y * $0.point.y).squareRoot() < 40 })
    let first = contour.vertices[0], second = contour.vertices[1]
    #expect(first.point.y < 0 && second.point.y < 0 && first.point.x < 0 && second.point.x > 0)
    #expect(first.outTangent.y < 0 && second.inTangent.y < 0)
}

@Test func gradientFillsAndStrokesKeepTheirStyle() {
    var base = F.transformBase(position: .zero)
    base[.size] = .point(Point(10, 10))
    base[.fillFrom] = .point(Point(0, -5))
    base[.fillTo] = .point(Point(0, 5))
    base[.fillStops] = .stops(GradientStops([GradientStop(0, RGBA(1, 0, 0)), GradientStop(1, RGBA(0, 0, 1))]))
    base[.strokeColor] = .color(RGBA(0, 1, 0))
    base[.strokeWidth] = .number(3)
    let node = SceneNode(
        id: "g", range: F.noRange, shape: .ellipse, base: base, fill: .linear, fillRule: .evenodd,
        stroke: StrokeStyle(cap: .round, join: .bevel, miterLimit: 4, dash: [2, 1]))
    guard case let .shape(geometry, style) = findNode("g", in: F.lowered(F.scene(layers: [node])).0.layers)!.content else {
        Issue.record("expected a shape")
        return
    }
    #expect(geometry == .ellipse(size: Animated(Point(10, 10))))
    #expect(style.fill == .linearGradient(
        from: Animated(Point(0, -5)), to: Animated(Point(0, 5)),
        stops: Animated(GradientStops([GradientStop(0, RGBA(1, 0, 0)), GradientStop(1, RGBA(0, 0, 1))]))))
    #expect(style.fillRule == .evenodd)
    #expect(style.stroke == Stroke(
        paint: .color(Animated(RGBA(0, 1, 0))), width: Animated(3), cap: .round, join: .bevel, miterLimit: 4, dash: [2, 1]))
    #expect(style.trim == nil)
}

@Test func groupsKeepTheirChildrenAndTitleComesFromTheInitialState() {
    let group = SceneNode(
        id: "group", range: F.noRange, shape: .group([F.rect("inner", size: Point(4, 4))]),
        base: F.transformBase(position: Point(1, 2)), fill: .none, repeat: Repeat(count: 3, rotation: 45))
    let state = SceneState(name: "idle", range: F.noRange, overrides: [:], label: "Badge")
    let lowered = F.lowered(F.scene(layers: [group], states: [state])).0
    #expect(lowered.title == "Badge")
    let node = lowered.layers[0]
    #expect(node.repeat == Repeat(count: 3, rotation: 45))
    #expect(node.transform.position == Animated(Point(1, 2)))
    guard case let .group(children) = node.content else {
        Issue.record("expected a group")
        return
    }
    #expect(children.map(\.id) == ["inner"])
}

/// Behind the numeric limits, the compiled timeline is checked: a non-finite number anywhere
/// (the emitters would write it as 0: `scale: 1e308` became `"s":[0,0]`) is an error at its node.
@Test func aNonFiniteNumberInTheTimelineIsAnError() {
    for value in [Double.infinity, -Double.infinity, Double.nan] {
        let node = LoweringFixtures.rect("big", size: Point(10, 10), extra: [.scale: .point(Point(value, 1))])
        let (_, diagnostics) = LoweringFixtures.lowered(LoweringFixtures.scene(layers: [LoweringFixtures.rect("ok", size: Point(1, 1)), node]))
        #expect(diagnostics.contains { $0.rule == .nonFinite && $0.message.contains("'big'") }, "\(value): \(diagnostics)")
    }
    let (_, clean) = LoweringFixtures.lowered(LoweringFixtures.scene(layers: [LoweringFixtures.rect("ok", size: Point(1e6, 1e6))]))
    #expect(clean.isEmpty)
}

/// The check reads number, point and colour tracks through their concrete types and every other
/// track generically: a non-finite number is found in a track of each kind.
@Test func aNonFiniteNumberIsFoundInATrackOfEachValueType() {
    let cases: [(Property, PropertyValue)] = [
        (.rotation, .number(.nan)), (.cornerRadius, .number(.infinity)), (.size, .point(Point(1, .nan))),
        (.fill, .color(RGBA(1, .nan, 0))), (.fill, .color(RGBA(.nan, 0, 0))),
    ]
    for (property, value) in cases {
        let node = LoweringFixtures.rect("big", size: Point(10, 10), extra: [property: value])
        let (_, diagnostics) = LoweringFixtures.lowered(LoweringFixtures.scene(layers: [LoweringFixtures.rect("ok", size: Point(1, 1)), node]))
        #expect(diagnostics.contains { $0.rule == .nonFinite && $0.message.contains("'big'") }, "\(property): \(diagnostics)")
    }
}
