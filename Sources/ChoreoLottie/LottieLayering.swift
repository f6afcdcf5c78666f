import ChoreoTimeline

/// How a node of the timeline is written into Lottie: the one decision the document's layer list
/// (`LottieEmitter.write`) and both passes of the layer writer (`LottieLayerWriter.writeAssets`
/// and `writeLayer`) take, so the two passes cannot disagree about a node. Lottie
/// masks whole layers and draws effects per layer, so a node with a clip or effects at or below it
/// needs layers of its own; everything else is shapes in the shape layer streamed for it.
enum LottieLayering: Equatable {
    /// The node's shapes (`gr`), with its transform inside: nothing at or below it needs a layer.
    case shapes
    /// A layer carrying the node's effects (`ef`) over its drawing, which is a precomposition
    /// of its own when it needs layers too.
    case effects
    /// A clipped node with no clip or effects below it: a shape layer with the node's transform in
    /// `ks` and the clip as its mask.
    case masked
    /// A group with clips or effects below it: a precomposition of its children's layers, with the
    /// group's transform and clip.
    case precomposition
}

extension Node {
    var lottieLayering: LottieLayering {
        if effects != nil { return .effects }
        guard containsLayeredNode else { return .shapes }
        if case let .group(children) = content, children.contains(where: \.containsLayeredNode) { return .precomposition }
        return .masked
    }

    /// True when this node or one below it needs a layer of its own (a target's layer is what a
    /// dotLottie interaction names).
    var containsLayeredNode: Bool { containsClip || containsEffects || containsTarget || containsOwnLayerNode }

    private var containsOwnLayerNode: Bool {
        if needsOwnLayer { return true }
        if case let .group(children) = content { return children.contains { $0.containsOwnLayerNode } }
        return false
    }

    /// What only a layer has: masks, a track matte, a blend mode, a parent; and a position on two
    /// axes, which lottie-web 5.7 reads only in a layer's transform (in a group's `tr` it draws
    /// nothing of the whole document).
    var needsOwnLayer: Bool { !masks.isEmpty || matte != nil || blend != .normal || parent != nil || transform.axes != nil }
}
