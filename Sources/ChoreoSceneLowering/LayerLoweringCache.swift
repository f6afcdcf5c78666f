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
    /// The top-level layers of the last lowering and their IR nodes, index by index (the scene's
    /// and the timeline's own arrays, shared rather than copied).
    private var scenes: [SceneNode] = []
    private var nodes: [Node] = []
    /// The context `keptLayers` read, for `keep` of the same lowering.
    private var pending: Context?
    /// Layers lowered and layers taken from the last lowering, over the cache's life: counted, so
    /// tests can tell that an edit lowers no more than it must.
    package private(set) var layersLowered = 0
    package private(set) var layersReused = 0

    package init() {}

    /// For each of the scene's top-level layers, whether the IR node kept for it (`node(at:)`) is
    /// taken; false where it must be lowered.
    func keptLayers(_ scene: Scene, context lowering: LoweringContext) -> [Bool] {
        let context = Context(lowering)
        pending = context
        guard context == self.context, lowering.idsAreUnique else {
            self.context = nil
            scenes = []
            nodes = []
            layersLowered += scene.layers.count
            return Array(repeating: false, count: scene.layers.count)
        }
        var kept = Array(repeating: false, count: scene.layers.count)
        for index in scene.layers.indices where index < scenes.count && scenes[index] == scene.layers[index] {
            kept[index] = true
        }
        let taken = kept.reduce(0) { $0 + ($1 ? 1 : 0) }
        layersReused += taken
        layersLowered += kept.count - taken
        return kept
    }

    /// The IR node kept for the top-level layer at `index` (one `keptLayers` answered true for).
    func node(at index: Int) -> Node { nodes[index] }

    /// Keeps this lowering's layers for the next, unless it reported something about their tracks
    /// (`reportedAboutNodes`) or its nodes' ids are not unique.
    func keep(_ scene: Scene, _ layers: [Node], context lowering: LoweringContext, reportedAboutNodes: Bool) {
        defer { pending = nil }
        guard !reportedAboutNodes, lowering.idsAreUnique else {
            context = nil
            scenes = []
            nodes = []
            return
        }
        context = pending ?? Context(lowering)
        scenes = scene.layers
        nodes = layers
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
