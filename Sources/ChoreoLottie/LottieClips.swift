import ChoreoJSON
import ChoreoTimeline

/// The layers of the timeline's nodes that need layers of their own (`Node.lottieLayering`),
/// written straight into the document's writer. A node without a clip anywhere below it is one
/// shape layer with an identity transform (its transform lives in its `gr`). Lottie clips whole
/// layers (a mask is a layer's, in the layer's own coordinates), so:
///
/// - a clipped node with no clipped node below it is a shape layer that carries the node's
///   transform in `ks` and the clip as a mask (`masksProperties`, mode add): the mask is then in
///   the node's local coordinates, as the clip is;
/// - a group with a clipped node below it is a precomposition: a `ty: 0` layer with the group's
///   transform (and its clip, if it has one) showing an asset whose layers are the children's,
///   each made by these same rules. Opacity on the precomp layer fades the children as one, as a
///   group's opacity does.
///
/// Every node is exactly one layer. The document's `assets` come before its `layers`, so the
/// document is written in two walks of the same nodes: `writeAssets` writes every
/// precomposition's asset (its layer list inside), children's assets before their parent's, and
/// returns a reference to it; `writeLayer` writes a node's layer showing that asset. An asset's
/// id is its place in the `assets` array and its node's id.
///
/// A precomposition's own coordinates are the group's local ones moved by `precompShift`, so that
/// content left of or above the group's origin stays inside the asset's `w`×`h` box (players may
/// cut a precomposition to its box).
///
/// Masks, not track mattes: the conformance suite's `clip-*` feature scenes show ThorVG, rlottie,
/// lottie-web and the browser drawing masks alike, and a mask needs no extra layer.
struct LottieLayerWriter {
    let shapes: LottieShapeBuilder
    let outPoint: Int
    /// Half the side of every precomposition's box.
    let precompShift: Double

    init(shapes: LottieShapeBuilder, outPoint: Int, sceneSize: Point) {
        self.shapes = shapes
        self.outPoint = outPoint
        // Generous: a group's children may sit far from its origin, and an empty margin costs nothing.
        self.precompShift = (max(sceneSize.x, sceneSize.y, 1) * 8).rounded(.up)
    }

    private var inner: Point { Point(precompShift, precompShift) }

    /// The asset a precomposition layer shows (`refId`).
    struct AssetReference: Equatable {
        var id: String
    }

    /// The assets one node's layers show: its own, and its matte's (whose layer lies just above it).
    struct NodeAssets {
        var own: AssetReference?
        var matte: AssetReference?
    }

    /// How many assets have been written: the next asset's number.
    private var assetCount = 0

    /// Writes the assets a node's layers need into the `assets` array (its matte's too), children's
    /// before their parent's.
    mutating func writeNodeAssets<W: JSONSink>(of node: Node, to w: inout W) -> NodeAssets {
        NodeAssets(own: writeAssets(of: node, to: &w), matte: node.matte.flatMap { writeAssets(of: $0.source, to: &w) })
    }

    /// Writes the assets the node's layer needs into the `assets` array, children's before their
    /// parent's, and returns the node's own (nil when its layer shows none).
    mutating func writeAssets<W: JSONSink>(of node: Node, to w: inout W) -> AssetReference? {
        switch node.lottieLayering {
        case .shapes, .masked:
            return nil
        case .effects:
            var plain = node
            plain.effects = nil
            plain.layerTraits = LayerTraits(masks: node.masks)
            guard plain.lottieLayering != .shapes else { return nil }
            let plainAsset = writeAssets(of: plain, to: &w)
            return writeAsset(prefix: "effects", node: node, to: &w) { writer, w in
                writer.writeLayer(for: plain, shift: writer.inner, index: 1, asset: plainAsset, to: &w)
            }
        case .precomposition:
            guard case let .group(children) = node.content else { preconditionFailure("only a group is a precomposition") }
            let topFirst = Array(children.reversed())
            var childAssets: [NodeAssets] = []
            childAssets.reserveCapacity(topFirst.count)
            for child in topFirst { childAssets.append(writeNodeAssets(of: child, to: &w)) }
            return writeAsset(prefix: "clip", node: node, to: &w) { writer, w in
                writer.writeComposition(topFirst, assets: childAssets, shift: writer.inner, to: &w)
            }
        }
    }

    /// `{"id":…,"layers":[…]}`, the next asset, with `layers` writing its layer list.
    private mutating func writeAsset<W: JSONSink>(
        prefix: String, node: Node, to w: inout W, layers: (LottieLayerWriter, inout W) -> Void
    ) -> AssetReference {
        let asset = AssetReference(id: "\(prefix)_\(assetCount)_\(node.id)")
        assetCount += 1
        w.beginObject()
        w.member("id", asset.id)
        w.key("layers")
        w.beginArray()
        layers(self, &w)
        w.endArray()
        w.endObject()
        return asset
    }

    /// What a layer of a composition is besides its content: the layer it is parented to, its
    /// blend mode, its in and out points, and its place in a track matte.
    struct LayerRole: Equatable {
        var parent: Int?
        var blend: BlendMode = .normal
        /// In and out frames; nil for the whole animation.
        var range: FrameRange?
        /// This layer is a matte (`td`) for the one below it.
        var isMatte = false
        /// This layer is shown through the matte above it (`tt`).
        var matte: MatteMode?
    }

    struct FrameRange: Equatable {
        var start: Double
        var end: Double
    }

    /// The layers of one composition (the document's, or a precomposition's), top first: each
    /// node's layer, a matte's layer just above the node it is the matte of, and after them a null
    /// layer per node that others follow (`parent:`), carrying its transform: a node that follows
    /// another is parented to that null, so its own layer keeps its own transform and drawing.
    /// `firstIndex` numbers the first layer; `fit` is a sticker's top-level placement.
    /// `drawn` may write a node's layer itself (returning true). Returns the number after the last layer's.
    @discardableResult
    func writeComposition<W: JSONSink>(
        _ topFirst: [Node], assets: [NodeAssets], shift: Point, firstIndex: Int = 1, fit: LottieEmitter.CanvasFit? = nil,
        drawn: (Node, Int, NodeAssets, LayerRole, inout W) -> Bool = { _, _, _, _, _ in false }, to w: inout W
    ) -> Int {
        // Numbers: drawn layers first (a matte's before its node), then the nulls.
        var index = firstIndex
        var numbers: [(matte: Int?, own: Int)] = []
        for node in topFirst {
            let matte = node.matte != nil ? index : nil
            if matte != nil { index += 1 }
            numbers.append((matte, index))
            index += 1
        }
        let byID = topFirst.byID
        var followed: [String] = []
        for node in topFirst {
            for ancestor in node.parentChain(among: byID) where !followed.contains(ancestor.id) { followed.append(ancestor.id) }
        }
        var nulls: [String: Int] = [:]
        for id in followed {
            nulls[id] = index
            index += 1
        }
        for (position, node) in topFirst.enumerated() {
            var role = LayerRole(parent: node.parent.flatMap { nulls[$0] }, blend: node.blend)
            if let window = node.window, window.intervals.count == 1 {
                role.range = FrameRange(start: window.intervals[0].start * shapes.fps, end: window.intervals[0].end * shapes.fps)
            }
            if let matte = node.matte {
                // The matte is drawn only as the matte: its own window and transform, no blend.
                var source = matte.source
                source.blend = .normal
                var matteRole = LayerRole(isMatte: true)
                if let window = source.window, window.intervals.count == 1 {
                    matteRole.range = FrameRange(start: window.intervals[0].start * shapes.fps, end: window.intervals[0].end * shapes.fps)
                }
                writeLayer(
                    for: source, shift: shift, index: numbers[position].matte!, asset: assets[position].matte, role: matteRole, fit: fit,
                    to: &w)
                role.matte = matte.mode
            }
            var placed = node
            placed.matte = nil
            // A node that follows a null is placed by it (which carries the composition's shift and fit).
            let parented = role.parent != nil
            if !drawn(placed, numbers[position].own, assets[position], role, &w) {
                writeLayer(
                    for: placed, shift: parented ? .zero : shift, index: numbers[position].own, asset: assets[position].own, role: role,
                    fit: parented ? nil : fit, to: &w)
            }
        }
        for id in followed {
            guard let node = byID[id] else { continue }
            writeNull(for: node, index: nulls[id]!, parent: node.parent.flatMap { nulls[$0] }, shift: shift, fit: fit, to: &w)
        }
        return index
    }

    /// A null layer carrying a node's transform (not its opacity), for the nodes that follow it;
    /// outermost, it is placed in the composition (its `shift`, a sticker's `fit`).
    private func writeNull<W: JSONSink>(
        for node: Node, index: Int, parent: Int?, shift: Point, fit: LottieEmitter.CanvasFit?, to w: inout W
    ) {
        var transform = node.transform
        transform.opacity = Animated(1)
        var position = shapes.lottiePosition(transform, shift: parent == nil ? shift : .zero)
        var scale = transform.scale
        if let fit, parent == nil {
            // The sticker's fit before the node's own placement: scaled about the canvas's origin, then moved.
            func fitted(_ p: Point) -> Point { p * fit.scale + fit.offset }
            switch position {
            case let .together(track): position = .together(track.map(fitted))
            case let .split(x, y):
                position = .split(x: x.map { $0 * fit.scale + fit.offset.x }, y: y.map { $0 * fit.scale + fit.offset.y })
            }
            scale = scale.map { $0 * fit.scale }
        }
        w.beginObject()
        LottieEmitter.writeLayerHeader(type: 3, name: "\(node.id) (parent)", index: index, outPoint: outPoint, to: &w)
        if let parent { w.member("parent", parent) }
        w.key("ks")
        w.beginObject()
        shapes.writeTransformMembers(
            anchor: transform.anchor, position: position, scale: scale,
            rotation: transform.orientedRotation(fps: shapes.fps, duration: shapes.duration), opacity: transform.opacity, to: &w)
        w.endObject()
        w.endObject()
    }

    /// The node's layer, numbered `index`, placed in a composition whose coordinates are the
    /// parent's moved by `shift`; `asset` is what `writeAssets` returned for the node. With a `fit`
    /// (a sticker's top-level layers), the layer's `ks` is the fit.
    func writeLayer<W: JSONSink>(
        for node: Node, shift: Point = .zero, index: Int, asset: AssetReference?, role: LayerRole = LayerRole(),
        fit: LottieEmitter.CanvasFit? = nil, to w: inout W
    ) {
        // A window of one stretch is the layer's in and out points; any other, its opacity.
        let windowInLayer = role.range != nil
        switch node.lottieLayering {
        case .effects:
            writeEffectLayer(of: node, node.effects!, shift: shift, index: index, asset: asset, role: role, fit: fit, to: &w)
        case .shapes:
            writeLayer(type: 4, name: node.id, index: index, transform: Transform(position: Animated(shift)), role: role, fit: fit, to: &w) { w in
                w.key("shapes")
                w.beginArray()
                shapes.writeGroup(for: node, windowInLayer: windowInLayer, to: &w)
                w.endArray()
            }
        case .masked:
            var unplaced = node
            unplaced.transform = .identity
            unplaced.layerTraits = LayerTraits()
            writeLayer(
                type: 4, name: node.id, index: index, transform: layerTransform(node, windowInLayer: windowInLayer), shift: shift,
                role: role, fit: fit, to: &w
            ) { w in
                writeMasks(node.masks, clip: node.clip, shift: .zero, to: &w)
                w.key("shapes")
                w.beginArray()
                shapes.writeGroup(for: unplaced, windowInLayer: true, to: &w)
                w.endArray()
            }
        case .precomposition:
            guard let asset else { preconditionFailure("a precomposition's asset is written first") }
            writeLayer(
                type: 0, name: node.id, index: index, transform: layerTransform(node, windowInLayer: windowInLayer), shift: shift,
                anchorShift: inner, role: role, fit: fit, to: &w
            ) { w in
                writeMasks(node.masks, clip: node.clip, shift: inner, to: &w)
                writeAssetReference(asset, to: &w)
            }
        }
    }

    /// A node's transform as its own layer carries it: its window folded into its opacity unless
    /// the layer's in and out points hold it.
    private func layerTransform(_ node: Node, windowInLayer: Bool) -> Transform {
        var transform = node.transform
        if !windowInLayer { transform.opacity = node.drawnOpacity }
        return transform
    }

    /// A node with effects: a layer carrying them in `ef`, placed at `shift` with an identity
    /// transform, so the effects are in the parent's coordinates as the scene's are; the node's
    /// own transform stays in its drawing (its `gr`, or the layer of a precomposition when a clip
    /// or effects below it need layers of their own).
    private func writeEffectLayer<W: JSONSink>(
        of node: Node, _ effects: Effects, shift: Point, index: Int, asset: AssetReference?, role: LayerRole,
        fit: LottieEmitter.CanvasFit?, to w: inout W
    ) {
        var plain = node
        plain.effects = nil
        // Its masks stay with its transform; its window, parent, blend and matte are the effect layer's.
        plain.layerTraits = LayerTraits(masks: node.masks)
        var outer = Transform(position: Animated(shift))
        if role.range == nil, let window = node.window { outer.opacity = Animated(1).shown(in: window) }
        guard plain.lottieLayering != .shapes else {
            writeLayer(type: 4, name: node.id, index: index, transform: outer, role: role, fit: fit, to: &w) { w in
                w.key("shapes")
                w.beginArray()
                shapes.writeGroup(for: plain, windowInLayer: true, to: &w)
                w.endArray()
                LottieEffects.write(effects, fps: shapes.fps, duration: shapes.duration, to: &w)
            }
            return
        }
        guard let asset else { preconditionFailure("an effect layer's asset is written first") }
        outer.position = Animated(.zero)
        writeLayer(type: 0, name: node.id, index: index, transform: outer, shift: shift, anchorShift: inner, role: role, fit: fit, to: &w) { w in
            writeAssetReference(asset, to: &w)
            LottieEffects.write(effects, fps: shapes.fps, duration: shapes.duration, to: &w)
        }
    }

    /// A precomposition layer's `refId` and its box.
    private func writeAssetReference<W: JSONSink>(_ asset: AssetReference, to w: inout W) {
        let side = Int(2 * precompShift)
        w.member("refId", asset.id)
        w.member("w", side)
        w.member("h", side)
    }

    /// A layer whose `ks` is `transform` placed at `shift` in its composition, with its local
    /// coordinates moved by `anchorShift` (a precomposition's); `members` writes what follows `ks`.
    private func writeLayer<W: JSONSink>(
        type: Int, name: String, index: Int, transform: Transform, shift: Point = .zero, anchorShift: Point = .zero,
        role: LayerRole = LayerRole(), fit: LottieEmitter.CanvasFit?, to w: inout W, members: (inout W) -> Void
    ) {
        w.beginObject()
        LottieEmitter.writeLayerHeader(
            type: type, name: name, index: index, outPoint: outPoint, inFrame: role.range?.start, outFrame: role.range?.end,
            blend: role.blend, to: &w)
        if let parent = role.parent { w.member("parent", parent) }
        if role.isMatte { w.member("td", 1) }
        if let matte = role.matte { w.member("tt", matte.lottieCode) }
        w.key("ks")
        if let fit {
            LottieEmitter.writeLayerTransform(fit: fit, to: &w)
        } else {
            w.beginObject()
            shapes.writeTransformMembers(
                anchor: transform.anchor.map { $0 + anchorShift }, position: shapes.lottiePosition(transform, shift: shift),
                scale: transform.scale, rotation: transform.orientedRotation(fps: shapes.fps, duration: shapes.duration),
                opacity: transform.opacity, to: &w)
            w.endObject()
        }
        members(&w)
        w.endObject()
    }

    /// `hasMask` and the node's masks (`masksProperties`): its own, in order, each with its mode,
    /// opacity, expansion and inversion, then its clip as one mask per contour that intersects what
    /// they leave (additive when the node has no masks: masks in mode add show their union, which
    /// is what a clip of several contours means), all in the layer's coordinates (the node's local
    /// ones moved by `shift`).
    private func writeMasks<W: JSONSink>(_ masks: [Mask], clip: ClipShape?, shift: Point, to w: inout W) {
        guard !masks.isEmpty || clip != nil else { return }
        w.key("hasMask")
        w.bool(true)
        w.key("masksProperties")
        w.beginArray()
        for mask in masks {
            let track = clipOutlineTrack(ClipShape(geometry: mask.geometry, transform: mask.transform), shift: shift)
            let count = max(1, track.initial.contours.count)
            for index in 0..<count {
                let outline = track.map { index < $0.contours.count ? $0.contours[index] : Contour([], closed: true) }
                w.beginObject()
                w.member("nm", "mask")
                w.key("inv")
                w.bool(mask.inverted)
                // A mask of several contours: the first in the mask's mode, the rest added to it.
                w.member("mode", index == 0 ? mask.mode.lottieCode : MaskMode.add.lottieCode)
                w.key("pt")
                writeLottieProperty(outline, fps: shapes.fps, ContourEncoding(), to: &w)
                w.key("o")
                writeLottieProperty(
                    mask.transform.opacity.playerSafe(TrackPlace.maskTransform(.opacity).boundedRange), fps: shapes.fps, .opacityPercent,
                    to: &w)
                w.key("x")
                writeLottieProperty(mask.expand, fps: shapes.fps, .scalar(), to: &w)
                w.endObject()
            }
        }
        if let clip {
            let track = clipOutlineTrack(clip, shift: shift)
            // `clipOutlineTrack` gives every value of a moving clip one contour count.
            let count = max(1, track.initial.contours.count)
            for index in 0..<count {
                let outline = track.map { index < $0.contours.count ? $0.contours[index] : Contour([], closed: true) }
                w.beginObject()
                w.member("nm", "clip")
                w.key("inv")
                w.bool(false)
                w.member("mode", masks.isEmpty ? "a" : "i")
                w.key("pt")
                writeLottieProperty(outline, fps: shapes.fps, ContourEncoding(), to: &w)
                w.staticProperty("o", 100)
                w.staticProperty("x", 0)
                w.endObject()
            }
        }
        w.endArray()
    }

    /// The clip's outline with its transform applied, closed: exact when still, else one value per
    /// frame (and at every key time) joined linearly, exact at whole frames, with one vertex count
    /// throughout (players interpolate path keyframes vertex by vertex).
    func clipOutlineTrack(_ clip: ClipShape, shift: Point) -> Animated<PathShape> {
        let move = AffineTransform.translation(shift)
        func outline(_ time: Double) -> PathShape {
            let shape = clip.outline(at: time).applying(move)
            return PathShape(shape.contours.map { Contour($0.vertices, closed: true) })
        }
        guard clip.isAnimated else { return Animated(outline(0)) }
        var times = KeyAndJumpTimes()
        clip.visitTracks(&times)
        let sampled = sampledTrack(
            fps: shapes.fps, duration: shapes.duration, keyTimes: times.keyTimes, jumpTimes: Set(times.jumpTimes), outline)
        let uniform = uniformContours([sampled.initial] + sampled.segments.flatMap { [$0.from, $0.to] })
        return Animated(
            uniform[0],
            segments: sampled.segments.enumerated().map { index, segment in
                Segment(
                    start: segment.start, end: segment.end, from: uniform[1 + 2 * index], to: uniform[2 + 2 * index],
                    easing: segment.easing)
            })
    }
}

/// The key times and jump times of every track visited.
private struct KeyAndJumpTimes: TrackVisitor {
    var keyTimes: [Double] = []
    var jumpTimes: [Double] = []

    mutating func visit<Value: Interpolatable>(_ track: Animated<Value>, at place: TrackPlace) {
        keyTimes += track.keyTimes
        jumpTimes += track.jumpTimes
    }
}

extension MaskMode {
    /// Lottie's mask mode letter.
    var lottieCode: String {
        switch self {
        case .add: "a"
        case .subtract: "s"
        case .intersect: "i"
        case .difference: "f"
        }
    }
}

extension MatteMode {
    /// Lottie's `tt`: 1 alpha, 2 alpha inverted, 3 luma, 4 luma inverted.
    var lottieCode: Int {
        switch self {
        case .alpha: 1
        case .alphaInverted: 2
        case .luma: 3
        case .lumaInverted: 4
        }
    }
}

extension BlendMode {
    /// Lottie's layer `bm`: the modes in After Effects' order, from 0.
    var lottieCode: Int { BlendMode.allCases.firstIndex(of: self)! }
}
