import ChoreoJSON
import ChoreoTimeline

/// Lottie JSON from a compiled timeline. A pure function: same timeline, same bytes.
///
/// The output follows a player-safe profile, stricter than the spec: every key a player might
/// default differently is written (`ddd`, `st`, `sr`, trim `m`, path `c`, rect `r`, marker `dr`),
/// `ty` comes first in every object that has one, and only features in the Lottie 1.0 spec are
/// used (a repeat becomes explicit copies).
public enum LottieEmitter {
    /// The Bodymovin version players use to pick legacy conversions; anything ≥ 5 means "modern".
    static let bodymovinVersion = "5.7.4"
    /// Lottie spec 1.0.0 (`MMmmpp`), the schema the conformance suite validates against.
    static let specVersion = 10000

    public static func document(_ timeline: Timeline, options: LottieOptions = LottieOptions()) -> JSONValue {
        // A still picture still needs one frame for players to draw anything.
        let outPoint = max(1, timeline.frameCount)
        let builder = LottieShapeBuilder(fps: timeline.fps, duration: timeline.duration, options: options)
        // Lottie's first layer is the top one; the timeline lists layers bottom to top.
        var layerBuilder = LottieLayerBuilder(
            shapes: builder, outPoint: outPoint, sceneSize: Point(timeline.width, timeline.height))
        var layers: [JSONValue] = timeline.layers.reversed().flatMap { layerBuilder.layers(for: $0) }
        if let background = timeline.background {
            let size = Point(timeline.width, timeline.height)
            let backdrop = Node(
                id: "background", transform: Transform(position: Animated(size * 0.5)),
                content: .shape(.rect(size: Animated(size), cornerRadius: Animated(0)), Style(fill: .color(Animated(background, slot: timeline.backgroundSlot)))))
            layers.append(shapeLayer(name: "background", shapes: [builder.group(for: backdrop)], outPoint: outPoint))
        }
        layers = layerBuilder.numbered(layers)
        let markers: [JSONValue] = timeline.spans.map { span in
            let (start, end) = timeline.frames(of: span)
            return .object([("cm", .string(span.name)), ("tm", .int(start)), ("dr", .int(end - start))])
        }
        var members: [(String, JSONValue)] = [
            ("v", .string(bodymovinVersion)), ("ver", .int(specVersion)), ("nm", .string(timeline.name)),
            ("fr", .number(timeline.fps)), ("ip", 0), ("op", .int(outPoint)),
            ("w", .int(Int(timeline.width.rounded()))), ("h", .int(Int(timeline.height.rounded()))),
            ("ddd", 0), ("assets", .array(layerBuilder.assets)), ("markers", .array(markers)), ("layers", .array(layers)),
        ]
        if let themes = timeline.themes, !themes.slots.isEmpty {
            // The default theme's values: what a player that applies slots starts from.
            members.append(("slots", .object(themes.slots.map { slot in
                (slot.id, .object([("p", slotProperty(slot.defaultValue, fps: timeline.fps))]))
            })))
        }
        return .object(members)
    }

    /// A slot's value as the Lottie property it stands for (the same units as the property).
    static func slotProperty(_ value: SlotValue, fps: Double) -> JSONValue {
        switch value {
        case let .color(track): lottieProperty(Animated(track.initial, segments: track.segments), fps: fps, .color)
        case let .opacity(track): lottieProperty(Animated(track.initial, segments: track.segments), fps: fps, .scalar(times: 100))
        case let .length(track): lottieProperty(Animated(track.initial, segments: track.segments), fps: fps, .scalar())
        }
    }

    /// The document as text: minified (3 decimals, colours 4) unless `pretty`.
    public static func emit(_ timeline: Timeline, pretty: Bool = false, options: LottieOptions = LottieOptions()) -> String {
        JSONWriter(pretty: pretty).string(document(timeline, options: options))
    }

    /// A shape layer with an identity transform: the node's own transform lives in its group, so
    /// top-level and nested nodes are written the same way. `ind` is filled in by the caller.
    static func shapeLayer(name: String, shapes: [JSONValue], outPoint: Int) -> JSONValue {
        let identity = JSONValue.object([
            ("a", staticProperty([0, 0])), ("p", staticProperty([0, 0])), ("s", staticProperty([100, 100])),
            ("r", staticProperty(0)), ("o", staticProperty(100)),
        ])
        return .object([
            ("ty", 4), ("ddd", 0), ("nm", .string(name)), ("sr", 1), ("st", 0), ("ip", 0), ("op", .int(outPoint)),
            ("ao", 0), ("bm", 0), ("ks", identity), ("shapes", .array(shapes)),
        ])
    }
}

/// Choices of how to write what a player family reads differently; the defaults suit every player.
public struct LottieOptions: Sendable, Equatable {
    /// Polygons and stars as Bézier paths instead of polystar (`sr`) items: Telegram stickers may
    /// not use star shapes.
    public var polygonsAsPaths: Bool

    public init(polygonsAsPaths: Bool = false) {
        self.polygonsAsPaths = polygonsAsPaths
    }
}
