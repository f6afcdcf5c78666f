import ChoreoJSON
import ChoreoTimeline

/// The layers of the timeline's nodes. A node without a clip anywhere below it is one shape layer
/// with an identity transform (its transform lives in its `gr`). Lottie clips whole layers (a
/// mask is a layer's, in the layer's own coordinates), so:
///
/// - a clipped node with no clipped node below it is a shape layer that carries the node's
///   transform in `ks` and the clip as a mask (`masksProperties`, mode add): the mask is then in
///   the node's local coordinates, as the clip is;
/// - a group with a clipped node below it is a precomposition: a `ty: 0` layer with the group's
///   transform (and its clip, if it has one) showing an asset whose layers are the children's,
///   each made by these same rules. Opacity on the precomp layer fades the children as one, as a
///   group's opacity does.
///
/// A precomposition's own coordinates are the group's local ones moved by `precompShift`, so that
/// content left of or above the group's origin stays inside the asset's `w`×`h` box (players may
/// cut a precomposition to its box).
///
/// Masks, not track mattes: the conformance suite's `clip-*` feature scenes show ThorVG, rlottie,
/// lottie-web and the browser drawing masks alike, and a mask needs no extra layer.
struct LottieLayerBuilder {
    let shapes: LottieShapeBuilder
    let outPoint: Int
    /// Half the side of every precomposition's box.
    let precompShift: Double
    private(set) var assets: [JSONValue] = []

    init(shapes: LottieShapeBuilder, outPoint: Int, sceneSize: Point) {
        self.shapes = shapes
        self.outPoint = outPoint
        // Generous: a group's children may sit far from its origin, and an empty margin costs nothing.
        self.precompShift = (max(sceneSize.x, sceneSize.y, 1) * 8).rounded(.up)
    }

    /// The node's layers, top first, placed in a composition whose coordinates are the parent's
    /// moved by `shift`. `ind` is numbered by the caller per composition.
    mutating func layers(for node: Node, shift: Point = .zero) -> [JSONValue] {
        switch node.lottieLayering {
        case .effects:
            return effectLayers(for: node, node.effects!, shift: shift)
        case .shapes:
            return [layer(type: 4, name: node.id, transform: Transform(position: Animated(shift)), extra: [
                ("shapes", .array([shapes.group(for: node)])),
            ])]
        case .masked:
            var unplaced = node
            unplaced.transform = .identity
            let masks = node.clip.map { maskMembers($0, shift: .zero) } ?? []
            return [layer(
                type: 4, name: node.id, transform: node.transform, shift: shift, masks: masks,
                extra: [("shapes", .array([shapes.group(for: unplaced)]))])]
        case .precomposition:
            return precompositionLayers(for: node, shift: shift)
        }
    }

    /// A group with clipped nodes (or effects) inside: its children become the layers of a
    /// precomposition.
    private mutating func precompositionLayers(for node: Node, shift: Point) -> [JSONValue] {
        guard case let .group(children) = node.content else { preconditionFailure("only a group is a precomposition") }
        let inner = Point(precompShift, precompShift)
        let childLayers = numbered(children.reversed().flatMap { layers(for: $0, shift: inner) })
        let assetId = "clip_\(assets.count)_\(node.id)"
        assets.append(.object([("id", .string(assetId)), ("layers", .array(childLayers))]))
        let side = JSONValue.int(Int(2 * precompShift))
        let precompMasks = node.clip.map { maskMembers($0, shift: inner) } ?? []
        return [layer(
            type: 0, name: node.id, transform: node.transform, shift: shift, anchorShift: inner, masks: precompMasks,
            extra: [("refId", .string(assetId)), ("w", side), ("h", side)])]
    }

    mutating func appendAsset(_ asset: JSONValue) { assets.append(asset) }

    /// `ind` 1, 2, … in order (Lottie's first layer is the top one).
    func numbered(_ layers: [JSONValue]) -> [JSONValue] {
        layers.enumerated().map { index, layer in
            guard case var .object(members) = layer else { return layer }
            members.insert(("ind", .int(index + 1)), at: 2)
            return .object(members)
        }
    }

    /// A layer whose `ks` is `transform` placed at `shift` in its composition, with its local
    /// coordinates moved by `anchorShift` (a precomposition's).
    func layer(
        type: Int, name: String, transform: Transform, shift: Point = .zero, anchorShift: Point = .zero,
        masks: [(String, JSONValue)] = [], extra: [(String, JSONValue)]
    ) -> JSONValue {
        let fps = shapes.fps, duration = shapes.duration
        let position = combineTracks(transform.position, transform.offset, fps: fps, duration: duration) { $0 + $1 + shift }
        let anchor = transform.anchor.map { $0 + anchorShift }
        let ks = JSONValue.object(shapes.transformMembers(
            anchor: anchor, position: position, scale: transform.scale, rotation: transform.rotation, opacity: transform.opacity))
        return .object(
            [("ty", .int(type)), ("ddd", 0), ("nm", .string(name)), ("sr", 1), ("st", 0), ("ip", 0), ("op", .int(outPoint)),
             ("ao", 0), ("bm", 0), ("ks", ks)] + masks + extra)
    }

    /// `hasMask` and the clip as additive masks, one per contour (a mask is one contour; masks in
    /// mode add show their union, which is what a clip of several contours means), in the layer's
    /// coordinates (the node's local ones moved by `shift`).
    private func maskMembers(_ clip: ClipShape, shift: Point) -> [(String, JSONValue)] {
        let track = clipOutlineTrack(clip, shift: shift)
        // `clipOutlineTrack` gives every value of a moving clip one contour count.
        let count = max(1, track.initial.contours.count)
        let masks = (0..<count).map { index in
            let outline = track.map { index < $0.contours.count ? $0.contours[index] : Contour([], closed: true) }
            return JSONValue.object([
                ("nm", "clip"), ("inv", false), ("mode", "a"),
                ("pt", lottieProperty(outline, fps: shapes.fps, shapes.contourEncoding)),
                ("o", staticProperty(100)), ("x", staticProperty(0)),
            ])
        }
        return [("hasMask", true), ("masksProperties", .array(masks))]
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
