import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoSVGImport
import ChoreoTestSupport
import ChoreoTimeline
import Foundation
import Testing

@testable import ChoreoScene
@testable import ChoreoSceneLowering

private func track(_ values: Double...) -> Animated<PropertyValue> {
    var animated = Animated(PropertyValue.number(values[0]))
    for (index, (from, to)) in zip(values, values.dropFirst()).enumerated() {
        animated.append(
            Segment(start: Double(index), end: Double(index + 1), from: .number(from), to: .number(to), easing: .linear))
    }
    return animated
}

@Test func nodeTracksFindReplaceAndRemoveByProperty() {
    var own = NodeTracks()
    #expect(own[.opacity] == nil)
    own[.opacity] = track(1, 0.5)
    own[.rotation] = track(0, 45)
    #expect(own[.opacity] == track(1, 0.5))
    #expect(own[.rotation] == track(0, 45))
    #expect(own[.scale] == nil)
    own[.opacity] = track(0.5, 1)
    #expect(own[.opacity] == track(0.5, 1))
    #expect(own.entries.map(\.property) == [.opacity, .rotation])
    own[.opacity] = nil
    #expect(own[.opacity] == nil)
    #expect(own.entries.map(\.property) == [.rotation])
}

@Test func consumableTracksAreHandedOverOnce() {
    var own = NodeTracks()
    own[.opacity] = track(1, 0.5)
    let consumed = LoweredTracks(base: ["a": own], consumable: true) { _ in [:] }
    #expect(consumed.tracks(of: "a", shift: 0)[.opacity] == track(1, 0.5))
    // Read once (no staggered copies): the tracks are freed after being handed over.
    #expect(consumed.tracks(of: "a", shift: 0)[.opacity] == nil)
    let kept = LoweredTracks(base: ["a": own], consumable: false) { _ in [:] }
    #expect(kept.tracks(of: "a", shift: 0)[.opacity] == track(1, 0.5))
    #expect(kept.tracks(of: "a", shift: 0)[.opacity] == track(1, 0.5))
}

@Test func shiftedTracksReplaceTheBaseOnesPropertyByProperty() {
    var base = NodeTracks()
    base[.opacity] = track(1, 0.5)
    base[.rotation] = track(0, 45)
    var later = NodeTracks()
    later[.rotation] = track(0, 0, 45)
    var computed: [Double] = []
    let lowered = LoweredTracks(base: ["a": base, "b": base], consumable: false) { shift in
        computed.append(shift)
        return ["a": later]
    }
    let shifted = lowered.tracks(of: "a", shift: 1)
    #expect(shifted[.rotation] == track(0, 0, 45))
    #expect(shifted[.opacity] == track(1, 0.5))
    // A node the shift does not move keeps its base tracks; each shift is computed once.
    #expect(lowered.tracks(of: "b", shift: 1)[.rotation] == track(0, 45))
    #expect(computed == [1])
}

@Test func clampingSegmentBySegmentIsClamped() {
    // A spring-like overshoot past 1 (split), a motion inside (kept), holds of the bound (merged).
    let overshoot = Easing.cubic(0.3, 1.6, 0.6, 1)
    var animated = Animated(PropertyValue.number(0.5))
    animated.append(Segment(start: 0, end: 1, from: .number(0.5), to: .number(1), easing: overshoot))
    animated.append(Segment(start: 1, end: 2, from: .number(1), to: .number(0.2), easing: .easeInOut))
    animated.append(Segment(start: 2, end: 3, from: .number(1.4), to: .number(1.4), easing: .hold))
    animated.append(Segment(start: 3, end: 4, from: .number(1.2), to: .number(1.2), easing: .linear))
    animated.append(Segment(start: 4, end: 5, from: .color(RGBA(0.2, 1.3, 0, 1)), to: .color(RGBA(0.2, 0.4, 0, 1)), easing: overshoot))
    animated.slot = "theme-slot"
    let clamped = clampedToRange(animated, 0...1)
    #expect(clamped == animated.clamped(to: 0...1))
    // The overshoot was split at the bound, the holds of it merged.
    #expect(clamped.segments.count != animated.segments.count)
    let outside = Animated(PropertyValue.number(-2))
    #expect(clampedToRange(outside, 0...1) == outside.clamped(to: 0...1))
}

@Test func transitionMotionsAreKeyedByTheExactBitsOfNumbersAndPoints() {
    typealias Key = LoweringContext.TransitionMotions.Key
    let zero = Key(span: 2, from: .number(0), to: .number(1), tolerance: 0.01)
    #expect(zero == Key(span: 2, from: .number(0), to: .number(1), tolerance: 0.01))
    #expect(zero != Key(span: 2, from: .number(-0.0), to: .number(1), tolerance: 0.01))
    #expect(zero != Key(span: 3, from: .number(0), to: .number(1), tolerance: 0.01))
    #expect(zero != Key(span: 2, from: .number(0), to: .number(1), tolerance: 0.02))
    #expect(Key(span: 2, from: .point(Point(0, 1)), to: .point(Point(1, 0)), tolerance: 0.01) != nil)
    #expect(Key(span: 2, from: .color(RGBA(1, 0, 0)), to: .color(RGBA(0, 1, 0)), tolerance: 0.01) == nil)
    #expect(Key(span: 2, from: .number(0), to: .point(Point(1, 0)), tolerance: 0.01) == nil)
    var motions = LoweringContext.TransitionMotions()
    for index in 0..<(LoweringContext.TransitionMotions.capacity + 10) {
        motions.remember(PropertyTrack(.number(Double(index))), for: Key(span: 0, from: .number(Double(index)), to: .number(1), tolerance: 0)!)
    }
    #expect(motions.tracks.count == LoweringContext.TransitionMotions.capacity)
}

@Test func nodesThatMoveAlikeShareTheirTracks() {
    let key = { (node: String) in PropertyKey(node: node, property: .opacity) }
    let rest = SceneState(name: "rest", range: LoweringFixtures.noRange, overrides: [:])
    let faded = SceneState(
        name: "faded", range: LoweringFixtures.noRange,
        overrides: [key("a"): .number(0.5), key("b"): .number(0.5), key("c"): .number(0.25)])
    let spring = SceneTransition(
        from: "faded", to: "rest", trigger: .tap, timing: Timing(duration: 0.3, easing: .spring(response: 0.4, dampingFraction: 0.6)),
        range: LoweringFixtures.noRange)
    let scene = LoweringFixtures.scene(
        layers: ["a", "b", "c"].map { LoweringFixtures.rect($0, size: Point(1, 1)) }, states: [rest, faded], transitions: [spring])
    let (lowered, diagnostics) = LoweringFixtures.lowered(scene)
    #expect(diagnostics.isEmpty)
    let opacity = lowered.layers.map(\.transform.opacity)
    #expect(opacity[0] == opacity[1])
    #expect(opacity[0] != opacity[2])
    // The spring carries the opacity past 1: clamped once, and the second node holds the first one's segments.
    #expect(opacity[0].segments.allSatisfy { $0.from <= 1 && $0.to <= 1 })
    func storage(_ track: Animated<Double>) -> UnsafeRawPointer? {
        track.segments.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }
    #expect(storage(opacity[0]) != nil)
    #expect(storage(opacity[0]) == storage(opacity[1]))
    #expect(storage(opacity[0]) != storage(opacity[2]))
}

@Test func sameTrackIsEquality() {
    let a = track(1, 0.5, 1)
    var b = track(1, 0.5, 1)
    #expect(sameTrack(a, b) && a == b)
    #expect(sameTrack(a, a))
    b.slot = "s"
    #expect(!sameTrack(a, b) && a != b)
    #expect(!sameTrack(a, track(1, 0.5, 0.9)) && a != track(1, 0.5, 0.9))
    #expect(!sameTrack(a, track(1, 0.5)) && a != track(1, 0.5))
    #expect(!sameTrack(a, track(0.9, 0.5, 1)))
    // NaN is not equal to itself, unless both tracks are one storage (as `Array` compares).
    let nan = track(1, .nan)
    #expect(!sameTrack(nan, track(1, .nan)) && nan != track(1, .nan))
    #expect(sameTrack(nan, nan) == (nan == nan))
}

@Test func propertiesPlayingTheSameKeyframesAreSimulatedAlikeAndEachReportsItsSeam() {
    let F = LoweringFixtures.self
    let fade = [Keyframe(at: 0, value: .number(1), range: F.noRange), Keyframe(at: 0.5, value: .number(0.2), range: F.noRange)]
    let other = [Keyframe(at: 0, value: .number(1), range: F.noRange), Keyframe(at: 0.5, value: .number(0.4), range: F.noRange)]
    let keyframes: [PropertyKey: [Keyframe]] = [
        PropertyKey(node: "a", property: .opacity): fade, PropertyKey(node: "b", property: .opacity): fade,
        PropertyKey(node: "c", property: .opacity): other,
    ]
    let scene = F.scene(
        layers: ["a", "b", "c"].map { F.rect($0, size: Point(10, 10)) },
        timelines: [SceneTimeline(name: "fade", range: F.range(line: 7), duration: 1, loop: true, tweens: [], keyframes: keyframes)])
    let (lowered, diagnostics) = F.lowered(scene)
    #expect(diagnostics.map(\.message) == [
        "looping timeline 'fade' jumps at its seam: a.opacity is 0.2 at the end and 1 at the start (and 2 more)"
    ])
    #expect(diagnostics.first?.notes.map(\.message) == [
        "b.opacity is 0.2 at the end and 1 at the start", "c.opacity is 0.4 at the end and 1 at the start",
    ])
    let opacity = lowered.layers.map(\.transform.opacity)
    #expect(opacity[0] == opacity[1])
    #expect(opacity[0] != opacity[2])
    #expect(abs(opacity[1].value(at: lowered.spans[0].start + 0.25) - 0.6) < 1e-9)
}

@Test func typedTracksAreTheGenericTracksClampedAndConverted() {
    // Opacity past 1 (split at the bound), a hold outside (clamped and merged), a fill colour
    // overshooting in one channel, a rotation (unbounded, converted as it is), a static opacity
    // outside its range; and a point in a number track, which takes the generic clamping.
    let overshoot = Easing.cubic(0.3, 1.6, 0.6, 1)
    var opacity = Animated(PropertyValue.number(0.5))
    opacity.append(Segment(start: 0, end: 1, from: .number(0.5), to: .number(1), easing: overshoot))
    opacity.append(Segment(start: 1, end: 2, from: .number(1.4), to: .number(1.4), easing: .hold))
    opacity.append(Segment(start: 2, end: 3, from: .number(1.2), to: .number(1.2), easing: .linear))
    var fill = Animated(PropertyValue.color(RGBA(0.2, 1.3, 0, 1)))
    fill.append(Segment(start: 0, end: 1, from: .color(RGBA(0.2, 1.3, 0, 1)), to: .color(RGBA(0.2, 0.4, 0, 1)), easing: overshoot))
    var trim = Animated(PropertyValue.number(0))
    trim.append(Segment(start: 0, end: 1, from: .point(Point(0.2, 3)), to: .number(0.9), easing: overshoot))
    var own = NodeTracks()
    own[.opacity] = opacity
    own[.fill] = fill
    own[.rotation] = track(0, 400, -30)
    own[.trimEnd] = trim
    let node = LoweringFixtures.rect("a", size: Point(1, 1), extra: [.strokeWidth: .number(-3), .trimStart: .number(0.5)])
    let properties = NodeProperties(node: node, tracks: own, reuse: TypedTrackReuse())
    func expected<Value>(_ property: Property, _ convert: (PropertyValue) -> Value?) -> Animated<Value> {
        properties.generic(property).map { convert($0)! }
    }
    #expect(properties.number(.opacity) == expected(.opacity, \.asDouble))
    // The overshoot was split at the bound; its part past 1 and the holds after it are one hold of 1.
    #expect(properties.number(.opacity).segments.filter { $0.end <= 1 }.count > 1)
    let hold = properties.number(.opacity).segments.last
    #expect(hold?.end == 3 && hold?.from == 1 && hold?.to == 1)
    #expect(properties.color(.fill) == expected(.fill, \.asColor))
    #expect(properties.number(.rotation) == expected(.rotation, \.asDouble))
    #expect(properties.number(.trimEnd) == expected(.trimEnd, \.asDouble))
    #expect(properties.number(.strokeWidth) == Animated(0))
    #expect(properties.number(.trimStart) == Animated(0.5))
    #expect(properties.point(.size) == Animated(Point(1, 1)))
    // A second node with the same generic track gets the first one's typed track.
    let again = NodeProperties(node: node, tracks: own, reuse: properties.reuse)
    func storage(_ track: Animated<Double>) -> UnsafeRawPointer? {
        track.segments.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }
    #expect(storage(again.number(.opacity)) == storage(properties.number(.opacity)))
}

@Test func animatedKeysAreEveryKeyOfAKnownNodeOnceSortedByNodeThenProperty() {
    let F = LoweringFixtures.self
    let key = { (node: String, property: Property) in PropertyKey(node: node, property: property) }
    // Document order b, a10, a2 is not id order; "ghost" is no node; opacity of b is written twice.
    let moved = SceneState(
        name: "moved", range: F.noRange,
        overrides: [key("b", .opacity): .number(0.5), key("b", .rotation): .number(3), key("a2", .scale): .point(Point(2, 2)),
                    key("ghost", .opacity): .number(0)])
    let fade = [Keyframe(at: 0, value: .number(1), range: F.noRange), Keyframe(at: 0.5, value: .number(0.2), range: F.noRange)]
    let timeline = SceneTimeline(
        name: "t", range: F.noRange, duration: 1, loop: false,
        tweens: [F.tween(at: 0, [key("a10", .rotation): .number(90)])],
        keyframes: [key("b", .opacity): fade, key("a10", .opacity): fade])
    let scene = F.scene(
        layers: ["b", "a10", "a2"].map { F.rect($0, size: Point(1, 1)) }, states: [SceneState(name: "rest", range: F.noRange, overrides: [:]), moved],
        timelines: [timeline])
    let keys = LoweringContext(scene: scene).animatedKeys()
    #expect(keys == [key("a10", .opacity), key("a10", .rotation), key("a2", .scale), key("b", .opacity), key("b", .rotation)].sorted())
    // Each key once, in `PropertyKey` order ("a10" before "a2": ids compare as strings).
    #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
    #expect(keys.first?.node == "a10")
}

/// `animatedKeysByLayer` puts each key with the top-level layer its node is in (a group's
/// children with the group), layers in document order and each layer's keys in `animatedKeys`'
/// order.
@Test func animatedKeysAreGroupedByTheirTopLevelLayer() {
    let F = LoweringFixtures.self
    func key(_ node: String, _ property: Property) -> PropertyKey { PropertyKey(node: node, property: property) }
    let moved = SceneState(
        name: "moved", range: F.noRange,
        overrides: [key("z", .opacity): .number(0.5), key("child", .rotation): .number(3), key("a", .scale): .point(Point(2, 2)),
                    key("group", .opacity): .number(0.2), key("a", .opacity): .number(0)])
    var group = F.rect("group", size: Point(1, 1))
    group.shape = .group([F.rect("child", size: Point(1, 1)), F.rect("still", size: Point(1, 1))])
    let scene = F.scene(
        layers: [F.rect("z", size: Point(1, 1)), F.rect("unmoved", size: Point(1, 1)), group, F.rect("a", size: Point(1, 1))],
        states: [SceneState(name: "rest", range: F.noRange, overrides: [:]), moved])
    let context = LoweringContext(scene: scene)
    let keys = context.animatedKeysByLayer()
    #expect(keys.sorted == context.animatedKeys())
    #expect(keys.starts == [0, 1, 1, 3, 5])
    #expect(keys.byLayer == [
        key("z", .opacity), key("child", .rotation), key("group", .opacity), key("a", .opacity), key("a", .scale),
    ])
}

/// A lowering that builds each layer's tracks just before its IR node makes the nodes that
/// tracks built for the whole scene at once make, on every scene of the corpus that lowers that way.
@Test func layerByLayerTracksBuildTheNodesWholeSceneTracksBuild() throws {
    func yamlFiles(_ path: String) throws -> [URL] {
        let directory = repositoryRoot().appendingPathComponent(path)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }.sorted()
            .map { directory.appendingPathComponent($0) }
    }
    var compared = 0
    for url in try yamlFiles("scenes") + yamlFiles("Tests/conformance/feature-scenes") + yamlFiles("Tests/ChoreoSceneTests/Fixtures/valid") {
        let file = SourceFile(path: url.path, text: try String(contentsOf: url, encoding: .utf8))
        guard let scene = compileSceneKeepingModel(file, artwork: SVGArtworkLoader(), files: SceneFolderFiles()).scene else { continue }
        let context = LoweringContext(scene: scene)
        guard !context.hasStaggeredCopies, context.idsAreUnique else { continue }
        var diagnostics = DiagnosticBag(file: url.path)
        let lowered = lower(scene, diagnostics: &diagnostics)
        let layerByLayer = lowered.layers
        // Lowering marks the nodes pointer triggers target (`target:`); the builder alone does not.
        let targets = Set(lowered.stateMachine?.targets.map(\.node) ?? [])
        var ignored = DiagnosticBag(file: url.path)
        let plans = context.layOutSpans(diagnostics: &ignored)
        var builder = NodeBuilder(lowered: context.buildTracks(plans, diagnostics: &ignored))
        // Windows run on the spans' clocks; a matte's source goes into the node it mattes.
        builder.spanClocks = plans.map(SpanClock.init)
        let whole = builder.attachingMattes(scene.layers.map { builder.node($0) }, written: scene.layers).map { $0.markingTargets(targets) }
        if layerByLayer.isEmpty && !scene.layers.isEmpty { continue }  // rejected before its nodes are built
        #expect(layerByLayer == whole, "\(url.lastPathComponent)")
        compared += 1
    }
    #expect(compared >= 60)
}
