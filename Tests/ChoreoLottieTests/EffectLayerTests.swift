import ChoreoJSON
import ChoreoTimeline
import Testing

@testable import ChoreoLottie

/// Effects become layer effects on a layer of the node's own, whose transform is only its place
/// (the effects are in the parent's coordinates); blurriness and softness are σ / 0.3.
@Suite struct EffectLayerTests {
    static let disc = ClipLayerTests.disc

    static func numbers(_ value: JSONValue?) -> [Double] {
        switch value {
        case let .decimal(d, _)?: return [d]
        case let .array(items)?: return items.flatMap { numbers($0) }
        default: return ClipLayerTests.numbers(value)
        }
    }

    static func effects(of layer: JSONValue?) -> [JSONValue] {
        guard case let .array(list)? = layer?["ef"] else { return [] }
        return list
    }

    static func value(_ effect: JSONValue, _ name: String) -> JSONValue? {
        guard case let .array(values)? = effect["ef"] else { return nil }
        return values.first { $0["nm"] == .string(name) }?["v"]
    }

    @Test func aShadowedNodeIsALayerWithADropShadowInItsParentsCoordinates() {
        var card = Node(
            id: "card", transform: Transform(position: Animated(Point(50, 60)), rotation: Animated(30)), content: .group([Self.disc]))
        card.effects = Effects(shadow: Shadow(color: Animated(RGBA(0, 0, 0, 0.5)), offset: Animated(Point(0, 6)), blur: Animated(3)))
        let document = LottieEmitter.document(ClipLayerTests.timeline([card]))
        guard case let .array(layers)? = document["layers"], let layer = layers.first else {
            Issue.record("no layer")
            return
        }
        #expect(layer["ty"] == 4)
        // The layer is not turned: the node's rotation stays in its group, so the shadow points down.
        #expect(Self.numbers(layer["ks"]?["r"]?["k"]) == [0])
        #expect(Self.numbers(layer["ks"]?["p"]?["k"]) == [0, 0])
        let list = Self.effects(of: layer)
        #expect(list.count == 1)
        let shadow = list[0]
        #expect(shadow["ty"] == 25)
        #expect(Self.numbers(Self.value(shadow, "Shadow Color")?["k"]) == [0, 0, 0, 1])
        #expect(Self.numbers(Self.value(shadow, "Opacity")?["k"]) == [127.5])
        #expect(Self.numbers(Self.value(shadow, "Direction")?["k"]) == [180])
        #expect(Self.numbers(Self.value(shadow, "Distance")?["k"]) == [6])
        #expect(Self.numbers(Self.value(shadow, "Softness")?["k"]) == [10])
    }

    @Test func aBlurredGroupWithAClipInsideIsAPrecompositionCarryingTheBlur() {
        let inner = Node(id: "inner", transform: .identity, content: .group([Self.disc]), clip: ClipLayerTests.clip)
        var outer = Node(id: "outer", transform: Transform(position: Animated(Point(50, 50))), content: .group([inner]))
        outer.effects = Effects(blur: Animated(0, segments: [Segment(start: 0, end: 1, from: 0, to: 6, easing: .linear)]))
        let document = LottieEmitter.document(ClipLayerTests.timeline([outer]))
        guard case let .array(layers)? = document["layers"], let layer = layers.first,
            case let .array(assets)? = document["assets"]
        else {
            Issue.record("no layer or asset")
            return
        }
        #expect(layer["ty"] == 0)
        // The precomposition holds the group's layers (itself a precomposition, for its clip).
        #expect(assets.contains { $0["id"] == layer["refId"] })
        let blur = Self.effects(of: layer).first
        #expect(blur?["ty"] == 29)
        // Animated blurriness, from 0 to 6 / 0.3.
        guard case let .array(keys)? = blur.flatMap({ Self.value($0, "Blurriness") })?["k"] else {
            Issue.record("the blurriness does not move")
            return
        }
        #expect(Self.numbers(keys.first?["s"]) == [0])
        #expect(Self.numbers(keys.last?["s"]) == [20])
    }

    @Test func anOffsetThatTurnsIsSampledIntoDirectionAndDistance() {
        let offset = Animated(Point(4, 0), segments: [Segment(start: 0, end: 1, from: Point(4, 0), to: Point(0, 4), easing: .linear)])
        let (direction, distance) = LottieEffects.polarOffset(offset, fps: 10, duration: 1)
        #expect(abs(direction.value(at: 0) - 90) < 1e-9)
        #expect(abs(direction.value(at: 1) - 180) < 1e-9)
        #expect(abs(distance.value(at: 0.5) - (2 * 2 + 2 * 2).squareRoot()) < 1e-9)
    }
}
