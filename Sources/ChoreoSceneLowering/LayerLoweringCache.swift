import ChoreoSceneModel
import ChoreoTimeline

/// The IR nodes one lowering of a document made of its top-level layers, for the next lowering of
/// the same document (the language server's lint after an edit) to take instead of building them
/// again.
///
/// A layer's IR node depends on its own scene node and on what every node's lowering reads of the
/// scene: the frame rate, the states, the transitions and the timelines (which lay out the spans
/// and say what moves), the keyword anchors, and how far staggered repeats reach (which lengthens
/// spans). So a layer is taken when its `SceneNode` is equal to the one it was built from
/// (ranges included) and that context is equal too. Lowering's diagnostics are either about the
/// whole scene (the baked-keyframe count, the span layout's loop frames), which every lowering
/// still computes, or about a node's tracks (a loop's seam, a non-finite number): a lowering that
/// reported one of those keeps nothing, so every layer kept is one that reported nothing, and the
/// next lowering's diagnostics are the ones a whole lowering reports.
///
/// A scene in which two nodes have one id keeps nothing either: its nodes' tracks are found by
/// id, so one layer's lowering could read another's values.
package final class LayerLoweringCache {
    struct Context: Equatable {
        var name: String
        var fps: Double
        var size: Point
        var states: [SceneState]
        var initial: String?
        var transitions: [SceneTransition]
        var timelines: [SceneTimeline]
        var keywordAnchors: [String: Point]
        var staggerReach: [String: Double]
    }

    private var context: Context?
    private var entries: [(scene: SceneNode, node: Node)] = []
    /// Layers lowered and layers taken from the last lowering, over the cache's life: counted, so
    /// tests can tell that an edit lowers no more than it must.
    package private(set) var layersLowered = 0
    package private(set) var layersReused = 0

    package init() {}

    /// For each of the scene's top-level layers, the IR node kept for it, or nil where it must be
    /// lowered.
    func keptNodes(_ scene: Scene, context lowering: LoweringContext) -> [Node?] {
        let context = Context(lowering)
        guard context == self.context, lowering.idsAreUnique else {
            self.context = nil
            entries = []
            layersLowered += scene.layers.count
            return Array(repeating: nil, count: scene.layers.count)
        }
        var kept: [Node?] = []
        kept.reserveCapacity(scene.layers.count)
        for (index, layer) in scene.layers.enumerated() {
            if index < entries.count, entries[index].scene == layer {
                kept.append(entries[index].node)
                layersReused += 1
            } else {
                kept.append(nil)
                layersLowered += 1
            }
        }
        return kept
    }

    /// Keeps this lowering's layers for the next, unless it reported something about their tracks
    /// (`reportedAboutNodes`) or its nodes' ids are not unique.
    func keep(_ scene: Scene, _ layers: [Node], context lowering: LoweringContext, reportedAboutNodes: Bool) {
        guard !reportedAboutNodes, lowering.idsAreUnique else {
            context = nil
            entries = []
            return
        }
        context = Context(lowering)
        entries = Array(zip(scene.layers, layers))
    }
}

extension LayerLoweringCache.Context {
    init(_ lowering: LoweringContext) {
        let scene = lowering.scene
        self.init(
            name: scene.name, fps: scene.fps, size: scene.size, states: scene.states, initial: scene.initial,
            transitions: scene.transitions, timelines: scene.timelines, keywordAnchors: scene.keywordAnchors,
            staggerReach: lowering.staggerReach)
    }
}
