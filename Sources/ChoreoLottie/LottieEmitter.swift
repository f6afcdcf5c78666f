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

    /// The document as a tree (the same walk as `emit`, into a `JSONTreeBuilder`).
    public static func document(_ timeline: Timeline, options: LottieOptions = LottieOptions()) -> JSONValue {
        if LottieTokens.applies(to: timeline) { return LottieTokens.document(timeline, options: options).document }
        return JSONTreeBuilder.build { write(timeline, options: options, to: &$0) }
    }

    /// The document as a tree, each bound property naming its slot, without the slots' values
    /// (what `LottieTokens` compares at several input values).
    static func treeWithoutTokens(_ timeline: Timeline, options: LottieOptions) -> JSONValue {
        JSONTreeBuilder.build { write(timeline, options: options, to: &$0) }
    }

    /// The document as text: minified (3 decimals, colours 4) unless `pretty`.
    public static func emit(_ timeline: Timeline, pretty: Bool = false, options: LottieOptions = LottieOptions()) -> String {
        String(decoding: emitBytes(timeline, pretty: pretty, options: options), as: UTF8.self)
    }

    /// The document as UTF-8, written straight into one buffer as the timeline is walked.
    public static func emitBytes(_ timeline: Timeline, pretty: Bool = false, options: LottieOptions = LottieOptions()) -> [UInt8] {
        // Bound values are measured on trees (`LottieTokens`), so that document is written from one.
        if LottieTokens.applies(to: timeline) { return JSONWriter(pretty: pretty).bytes(document(timeline, options: options)) }
        var writer = JSONStreamWriter(pretty: pretty, capacity: 1 << 16)
        write(timeline, options: options, to: &writer)
        return writer.finished()
    }

    /// The document as UTF-8, handed to `output` about `chunkSize` bytes at a time as the
    /// timeline is walked, so it is never held whole: the same bytes as `emitBytes`, in order.
    public static func emit(
        _ timeline: Timeline, pretty: Bool = false, options: LottieOptions = LottieOptions(), chunkSize: Int,
        to output: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        if LottieTokens.applies(to: timeline) {
            emitBytes(timeline, pretty: pretty, options: options).withUnsafeBufferPointer { output($0) }
            return
        }
        var writer = JSONStreamWriter(pretty: pretty, chunkSize: chunkSize, to: output)
        write(timeline, options: options, to: &writer)
        writer.finish()
    }

    /// How a Telegram sticker places the scene: a canvas of its own, and every layer's transform
    /// (`ks`) scaling and centring the scene on it.
    struct CanvasFit {
        var canvas: Double
        var scale: Double
        var offset: Point
    }

    /// Writes the whole document into `w`.
    static func write<W: JSONSink>(_ timeline: Timeline, options: LottieOptions, fit: CanvasFit? = nil, to w: inout W) {
        // A still picture still needs one frame for players to draw anything.
        let outPoint = max(1, timeline.frameCount)
        var builder = LottieShapeBuilder(fps: timeline.fps, duration: timeline.duration, options: options)
        builder.tokenSlots = fit == nil ? LottieTokens.slotIDs(timeline) : []
        // Lottie's first layer is the top one; the timeline lists layers bottom to top.
        let topFirst = Array(timeline.layers.reversed())
        // A node that `lottieLayering` gives layers of its own is written by `LottieLayerWriter`
        // in two passes over the same nodes: its precompositions into `assets`, which come first,
        // then its layer; every other node is a shape layer.
        var layerWriter = LottieLayerWriter(
            shapes: builder, outPoint: outPoint, sceneSize: Point(timeline.width, timeline.height))
        w.beginObject()
        if fit != nil { w.member("tgs", 1) }
        w.member("v", bodymovinVersion)
        w.member("ver", specVersion)
        w.member("nm", timeline.name)
        w.member("fr", number: timeline.fps)
        w.member("ip", 0)
        w.member("op", outPoint)
        w.member("w", fit.map { Int($0.canvas) } ?? Int(timeline.width.rounded()))
        w.member("h", fit.map { Int($0.canvas) } ?? Int(timeline.height.rounded()))
        w.member("ddd", 0)
        w.key("assets")
        w.beginArray()
        // The precompositions each top-level layer (and its matte) shows, by its place in `topFirst`.
        var layerAssets: [LottieLayerWriter.NodeAssets] = []
        for node in topFirst { layerAssets.append(layerWriter.writeNodeAssets(of: node, to: &w)) }
        w.endArray()
        w.key("markers")
        w.beginArray()
        for span in timeline.spans {
            let (start, end) = timeline.frames(of: span)
            w.beginObject()
            w.member("cm", span.name)
            w.member("tm", start)
            w.member("dr", end - start)
            w.endObject()
        }
        if let still = timeline.reducedMotionStill { writeReducedMotionMarker(at: still, of: timeline, to: &w) }
        w.endArray()
        w.key("layers")
        w.beginArray()
        // A top-level shape layer is named for assistive technology (a text's text).
        let next = layerWriter.writeComposition(topFirst, assets: layerAssets, shift: .zero, fit: fit, drawn: { node, number, _, role, w in
            guard node.lottieLayering == .shapes, role == LottieLayerWriter.LayerRole() else { return false }
            writeShapeLayer(name: node.accessibleName ?? node.id, index: number, outPoint: outPoint, fit: fit, to: &w) {
                builder.writeGroup(for: node, to: &$0)
            }
            return true
        }, to: &w)
        if let background = timeline.background {
            let size = Point(timeline.width, timeline.height)
            let backdrop = Node(
                id: "background", transform: Transform(position: Animated(size * 0.5)),
                content: .shape(.rect(size: Animated(size), cornerRadius: Animated(0)), Style(fill: .color(Animated(background, slot: timeline.backgroundSlot)))))
            writeShapeLayer(name: "background", index: next, outPoint: outPoint, fit: fit, to: &w) {
                builder.writeGroup(for: backdrop, to: &$0)
            }
        }
        w.endArray()
        if let themes = timeline.themes, !themes.slots.isEmpty {
            // The default theme's values: what a player that applies slots starts from.
            w.key("slots")
            w.beginObject()
            for slot in themes.slots {
                w.key(escaping: slot.id)
                w.beginObject()
                w.key("p")
                writeSlotProperty(slot.defaultValue, fps: timeline.fps, to: &w)
                w.endObject()
            }
            w.endObject()
        }
        w.endObject()
    }

    /// A slot's value as the Lottie property it stands for (the same units as the property).
    static func writeSlotProperty<W: JSONSink>(_ value: SlotValue, fps: Double, to w: inout W) {
        switch value {
        case let .color(track): writeLottieProperty(Animated(track.initial, segments: track.segments), fps: fps, .color, to: &w)
        case let .opacity(track): writeLottieProperty(Animated(track.initial, segments: track.segments), fps: fps, .scalar(times: 100), to: &w)
        case let .length(track): writeLottieProperty(Animated(track.initial, segments: track.segments), fps: fps, .scalar(), to: &w)
        }
    }

    /// A shape layer with an identity transform (or the sticker's `fit`): the node's own transform
    /// lives in its group, so top-level and nested nodes are written the same way. `shapes` writes
    /// the layer's shape items.
    static func writeShapeLayer<W: JSONSink>(
        name: String, index: Int, outPoint: Int, fit: CanvasFit?, to w: inout W, shapes: (inout W) -> Void
    ) {
        w.beginObject()
        writeLayerHeader(type: 4, name: name, index: index, outPoint: outPoint, to: &w)
        w.key("ks")
        writeLayerTransform(fit: fit, to: &w)
        w.key("shapes")
        w.beginArray()
        shapes(&w)
        w.endArray()
        w.endObject()
    }

    /// The members every layer opens with, shape layers and the layered writer's alike: its type,
    /// index and name, and a life from frame 0 to `outPoint` at normal speed and blending.
    static func writeLayerHeader<W: JSONSink>(
        type: Int, name: String, index: Int, outPoint: Int, inFrame: Double? = nil, outFrame: Double? = nil, blend: BlendMode = .normal,
        to w: inout W
    ) {
        w.member("ty", type)
        w.member("ddd", 0)
        w.member("ind", index)
        w.member("nm", name)
        w.member("sr", 1)
        w.member("st", 0)
        if let inFrame { w.member("ip", number: inFrame) } else { w.member("ip", 0) }
        if let outFrame { w.member("op", number: outFrame) } else { w.member("op", outPoint) }
        w.member("ao", 0)
        w.member("bm", blend.lottieCode)
    }

    /// A shape layer's `ks`: the identity, or the sticker's fit.
    static func writeLayerTransform<W: JSONSink>(fit: CanvasFit?, to w: inout W) {
        w.beginObject()
        w.staticProperty("a", 0, 0)
        if let fit {
            w.staticProperty("p") { w in
                w.beginArray()
                w.number(fit.offset.x)
                w.number(fit.offset.y)
                w.endArray()
            }
            w.staticProperty("s") { w in
                w.beginArray()
                w.number(fit.scale * 100)
                w.number(fit.scale * 100)
                w.endArray()
            }
        } else {
            w.staticProperty("p", 0, 0)
            w.staticProperty("s", 100, 100)
        }
        w.staticProperty("r", 0)
        w.staticProperty("o", 100)
        w.endObject()
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
