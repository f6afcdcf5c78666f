import ChoreoJSON
import ChoreoTimeline
import Foundation

/// A node's effects as Lottie layer effects (`ef`): After Effects' Gaussian Blur (`ty` 29) and
/// Drop Shadow (`ty` 25), the two that Lottie players draw.
///
/// The scene's blur is a standard deviation σ (CSS). After Effects' "Blurriness" and "Softness"
/// are not; each player converts them its own way (docs/players.md, "Effects"): lottie-web and
/// ThorVG draw a Gaussian Blur of blurriness B with σ = 0.3 B, ThorVG a Drop Shadow of softness S
/// with σ = 0.3 S and lottie-web with σ = S / 4. So both are written as σ / 0.3: exact in ThorVG,
/// and in lottie-web exact for the blur and 17 % narrower for the shadow.
enum LottieEffects {
    /// σ = 0.3 × blurriness in lottie-web's feGaussianBlur and ThorVG's scene effects.
    static let blurrinessPerDeviation = 1 / 0.3

    static func members(_ effects: Effects, fps: Double, duration: Double) -> [(String, JSONValue)] {
        var list: [JSONValue] = []
        // Lottie applies a layer's effects in order, and the scene's shadow is of the blurred drawing.
        if let blur = effects.blur { list.append(gaussianBlur(blur, fps: fps, index: list.count + 1)) }
        if let shadow = effects.shadow { list.append(dropShadow(shadow, fps: fps, duration: duration, index: list.count + 1)) }
        return [("ef", .array(list))]
    }

    private static func gaussianBlur(_ blur: Animated<Double>, fps: Double, index: Int) -> JSONValue {
        let blurriness = blur.playerSafe(TrackPlace.blur.boundedRange)
        return effect(type: 29, name: "Gaussian Blur", matchName: "ADBE Gaussian Blur 2", index: index, values: [
            (0, "Blurriness", lottieProperty(blurriness, fps: fps, .scalar(times: blurrinessPerDeviation))),
            // 1: horizontal and vertical.
            (7, "Blur Dimensions", staticProperty(1)),
            (7, "Repeat Edge Pixels", staticProperty(0)),
        ])
    }

    private static func dropShadow(_ shadow: Shadow, fps: Double, duration: Double, index: Int) -> JSONValue {
        let color = shadow.color.playerSafe(TrackPlace.shadow(.color).boundedRange)
        let (direction, distance) = polarOffset(shadow.offset, fps: fps, duration: duration)
        return effect(type: 25, name: "Drop Shadow", matchName: "ADBE Drop Shadow", index: index, values: [
            // Alpha dropped first, so a shadow that only fades keeps a still colour.
            (2, "Shadow Color", lottieProperty(color.map { RGBA($0.r, $0.g, $0.b, 1) }, fps: fps, ColorEncoding(withOpaqueAlpha: true))),
            // 0…255, as After Effects writes it.
            (0, "Opacity", lottieProperty(color.map(\.a), fps: fps, .scalar(times: 255))),
            (1, "Direction", lottieProperty(direction, fps: fps, .rotation)),
            (0, "Distance", lottieProperty(distance, fps: fps, .scalar())),
            (0, "Softness", lottieProperty(shadow.blur.playerSafe(TrackPlace.shadow(.blur).boundedRange), fps: fps, .scalar(times: blurrinessPerDeviation))),
            (7, "Shadow Only", staticProperty(0)),
        ])
    }

    private static func effect(
        type: Int, name: String, matchName: String, index: Int, values: [(Int, String, JSONValue)]
    ) -> JSONValue {
        .object([
            ("ty", .int(type)), ("nm", .string(name)), ("mn", .string(matchName)), ("ix", .int(index)), ("en", 1),
            ("np", .int(values.count + 1)),
            ("ef", .array(values.enumerated().map { position, value in
                let number = String(format: "%04d", position + 1)
                return .object([
                    ("ty", .int(value.0)), ("nm", .string(value.1)), ("mn", .string("\(matchName)-\(number)")),
                    ("ix", .int(position + 1)), ("v", value.2),
                ])
            })),
        ])
    }

    /// After Effects' Direction (degrees clockwise from up, so 180 is straight down) and Distance
    /// of an offset `[dx, dy]`. An offset that keeps its direction (it only grows or shrinks) maps
    /// exactly; one that turns is sampled per frame.
    static func polarOffset(_ offset: Animated<Point>, fps: Double, duration: Double) -> (Animated<Double>, Animated<Double>) {
        func direction(_ p: Point) -> Double { atan2(p.y, p.x) * 180 / .pi + 90 }
        func length(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }
        let values = [offset.initial] + offset.segments.flatMap { [$0.from, $0.to] }
        let moving = values.filter { length($0) > 1e-9 }
        guard let first = moving.first else { return (Animated(180), Animated(0)) }
        let unit = first * (1 / length(first))
        let straight = moving.allSatisfy { p in
            let u = p * (1 / length(p))
            return abs(u.x - unit.x) < 1e-9 && abs(u.y - unit.y) < 1e-9
        }
        if straight { return (Animated(direction(first)), offset.map(length)) }
        let keyTimes = offset.keyTimes, jumps = Set(offset.jumpTimes)
        let sampled = sampledTrack(fps: fps, duration: duration, keyTimes: keyTimes, jumpTimes: jumps) { offset.value(at: $0) }
        return (sampled.map(direction), sampled.map(length))
    }
}

extension LottieLayerBuilder {
    /// A node with effects: a layer carrying them in `ef`, placed at `shift` with an identity
    /// transform, so the effects are in the parent's coordinates as the scene's are; the node's
    /// own transform stays in its drawing (its `gr`, or the layers of a precomposition when a
    /// clip or effects below it need layers of their own).
    mutating func effectLayers(for node: Node, _ effects: Effects, shift: Point) -> [JSONValue] {
        var plain = node
        plain.effects = nil
        let effectMembers = LottieEffects.members(effects, fps: shapes.fps, duration: shapes.duration)
        let placed = Transform(position: Animated(shift))
        guard plain.lottieLayering != .shapes else {
            return [layer(type: 4, name: node.id, transform: placed, extra: [("shapes", .array([shapes.group(for: plain)]))] + effectMembers)]
        }
        let inner = Point(precompShift, precompShift)
        let innerLayers = numbered(layers(for: plain, shift: inner))
        let assetId = "effects_\(assets.count)_\(node.id)"
        appendAsset(.object([("id", .string(assetId)), ("layers", .array(innerLayers))]))
        let side = JSONValue.int(Int(2 * precompShift))
        return [layer(
            type: 0, name: node.id, transform: .identity, shift: shift, anchorShift: inner,
            extra: [("refId", .string(assetId)), ("w", side), ("h", side)] + effectMembers)]
    }
}
