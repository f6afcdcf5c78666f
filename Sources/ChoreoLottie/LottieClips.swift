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

    /// How many assets have been written: the next asset's number.
    private var assetCount = 0

    /// Writes the assets the node's layer needs into the `assets` array, children's before their
    /// parent's, and returns the node's own (nil when its layer shows none).
    mutating func writeAssets<W: JSONSink>(of node: Node, to w: inout W) -> AssetReference? {
        switch node.lottieLayering {
        case .shapes, .masked:
            return nil
        case .effects:
            var plain = node
            plain.effects = nil
            guard plain.lottieLayering != .shapes else { return nil }
            let plainAsset = writeAssets(of: plain, to: &w)
            return writeAsset(prefix: "effects", node: node, to: &w) { writer, w in
                writer.writeLayer(for: plain, shift: writer.inner, index: 1, asset: plainAsset, to: &w)
            }
        case .precomposition:
            guard case let .group(children) = node.content else { preconditionFailure("only a group is a precomposition") }
            let topFirst = Array(children.reversed())
            var childAssets: [AssetReference?] = []
            childAssets.reserveCapacity(topFirst.count)
            for child in topFirst { childAssets.append(writeAssets(of: child, to: &w)) }
            return writeAsset(prefix: "clip", node: node, to: &w) { writer, w in
                for (position, child) in topFirst.enumerated() {
                    writer.writeLayer(for: child, shift: writer.inner, index: position + 1, asset: childAssets[position], to: &w)
                }
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

    /// The node's layer, numbered `index`, placed in a composition whose coordinates are the
    /// parent's moved by `shift`; `asset` is what `writeAssets` returned for the node. With a `fit`
    /// (a sticker's top-level layers), the layer's `ks` is the fit.
    func writeLayer<W: JSONSink>(
        for node: Node, shift: Point = .zero, index: Int, asset: AssetReference?, fit: LottieEmitter.CanvasFit? = nil, to w: inout W
    ) {
        switch node.lottieLayering {
        case .effects:
            writeEffectLayer(of: node, node.effects!, shift: shift, index: index, asset: asset, fit: fit, to: &w)
        case .shapes:
            writeLayer(type: 4, name: node.id, index: index, transform: Transform(position: Animated(shift)), fit: fit, to: &w) { w in
                w.key("shapes")
                w.beginArray()
                shapes.writeGroup(for: node, to: &w)
                w.endArray()
            }
        case .masked:
            var unplaced = node
            unplaced.transform = .identity
            writeLayer(type: 4, name: node.id, index: index, transform: node.transform, shift: shift, fit: fit, to: &w) { w in
                if let clip = node.clip { writeMasks(clip, shift: .zero, to: &w) }
                w.key("shapes")
                w.beginArray()
                shapes.writeGroup(for: unplaced, to: &w)
                w.endArray()
            }
        case .precomposition:
            guard let asset else { preconditionFailure("a precomposition's asset is written first") }
            writeLayer(
                type: 0, name: node.id, index: index, transform: node.transform, shift: shift, anchorShift: inner, fit: fit, to: &w
            ) { w in
                if let clip = node.clip { writeMasks(clip, shift: inner, to: &w) }
                writeAssetReference(asset, to: &w)
            }
        }
    }

    /// A node with effects: a layer carrying them in `ef`, placed at `shift` with an identity
    /// transform, so the effects are in the parent's coordinates as the scene's are; the node's
    /// own transform stays in its drawing (its `gr`, or the layer of a precomposition when a clip
    /// or effects below it need layers of their own).
    private func writeEffectLayer<W: JSONSink>(
        of node: Node, _ effects: Effects, shift: Point, index: Int, asset: AssetReference?, fit: LottieEmitter.CanvasFit?, to w: inout W
    ) {
        var plain = node
        plain.effects = nil
        guard plain.lottieLayering != .shapes else {
            writeLayer(type: 4, name: node.id, index: index, transform: Transform(position: Animated(shift)), fit: fit, to: &w) { w in
                w.key("shapes")
                w.beginArray()
                shapes.writeGroup(for: plain, to: &w)
                w.endArray()
                LottieEffects.write(effects, fps: shapes.fps, duration: shapes.duration, to: &w)
            }
            return
        }
        guard let asset else { preconditionFailure("an effect layer's asset is written first") }
        writeLayer(type: 0, name: node.id, index: index, transform: .identity, shift: shift, anchorShift: inner, fit: fit, to: &w) { w in
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
        fit: LottieEmitter.CanvasFit?, to w: inout W, members: (inout W) -> Void
    ) {
        w.beginObject()
        LottieEmitter.writeLayerHeader(type: type, name: name, index: index, outPoint: outPoint, to: &w)
        w.key("ks")
        if let fit {
            LottieEmitter.writeLayerTransform(fit: fit, to: &w)
        } else {
            let position = combineTracks(transform.position, transform.offset, fps: shapes.fps, duration: shapes.duration) {
                $0 + $1 + shift
            }
            w.beginObject()
            shapes.writeTransformMembers(
                anchor: transform.anchor.map { $0 + anchorShift }, position: position, scale: transform.scale,
                rotation: transform.rotation, opacity: transform.opacity, to: &w)
            w.endObject()
        }
        members(&w)
        w.endObject()
    }

    /// `hasMask` and the clip as additive masks, one per contour (a mask is one contour; masks in
    /// mode add show their union, which is what a clip of several contours means), in the layer's
    /// coordinates (the node's local ones moved by `shift`).
    private func writeMasks<W: JSONSink>(_ clip: ClipShape, shift: Point, to w: inout W) {
        let track = clipOutlineTrack(clip, shift: shift)
        // `clipOutlineTrack` gives every value of a moving clip one contour count.
        let count = max(1, track.initial.contours.count)
        w.key("hasMask")
        w.bool(true)
        w.key("masksProperties")
        w.beginArray()
        for index in 0..<count {
            let outline = track.map { index < $0.contours.count ? $0.contours[index] : Contour([], closed: true) }
            w.beginObject()
            w.member("nm", "clip")
            w.key("inv")
            w.bool(false)
            w.member("mode", "a")
            w.key("pt")
            writeLottieProperty(outline, fps: shapes.fps, ContourEncoding(), to: &w)
            w.staticProperty("o", 100)
            w.staticProperty("x", 0)
            w.endObject()
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
