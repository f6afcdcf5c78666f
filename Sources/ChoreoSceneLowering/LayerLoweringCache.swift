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
/// (ranges included) and that context is equal too. The states' values for nodes (`overrides`)
/// are compared layer by layer: a value of a node in one layer is read by that layer's tracks
/// alone once the spans are laid out the same (they are part of the context), so an edit of a
/// state's entry lowers the layer of the node it names, not the scene. Lowering's diagnostics are either about the
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
        /// The states without their values for nodes (compared layer by layer).
        var states: [SceneState]
        var spans: [Span]
        var initial: String?
        var transitions: [SceneTransition]
        var timelines: [SceneTimeline]
        var keywordAnchors: [String: Point]
        var staggerReach: [String: Double]
    }

    private var context: Context?
    /// The states of the last lowering, values for nodes included.
    private var states: [SceneState] = []
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
    func keptLayers(_ scene: Scene, context lowering: LoweringContext, spans: [Span]) -> [Bool] {
        let context = Context(lowering, spans: spans)
        pending = context
        guard context == self.context, lowering.idsAreUnique, let changed = layersWithChangedValues(scene, lowering) else {
            self.context = nil
            states = []
            scenes = []
            nodes = []
            layersLowered += scene.layers.count
            return Array(repeating: false, count: scene.layers.count)
        }
        var kept = Array(repeating: false, count: scene.layers.count)
        for index in scene.layers.indices where index < scenes.count && !changed[index] && scenes[index] == scene.layers[index] {
            kept[index] = true
        }
        let taken = kept.reduce(0) { $0 + ($1 ? 1 : 0) }
        layersReused += taken
        layersLowered += kept.count - taken
        return kept
    }

    /// For each top-level layer, whether a state's value for one of its nodes differs from the
    /// last lowering's (value or range); nil when a changed value names no node of the scene.
    private func layersWithChangedValues(_ scene: Scene, _ lowering: LoweringContext) -> [Bool]? {
        guard states.count == scene.states.count else { return nil }
        var changed = Array(repeating: false, count: scene.layers.count)
        var named = true
        func mark(_ id: String) {
            if let layer = lowering.layerIndex(of: id), layer < changed.count { changed[layer] = true } else { named = false }
        }
        for (old, new) in zip(states, scene.states) where old.overrides != new.overrides || old.overrideRanges != new.overrideRanges {
            for (key, value) in new.overrides where old.overrides[key] != value { mark(key.node) }
            for key in old.overrides.keys where new.overrides[key] == nil { mark(key.node) }
            for (key, range) in new.overrideRanges where old.overrideRanges[key] != range { mark(key.node) }
            for key in old.overrideRanges.keys where new.overrideRanges[key] == nil { mark(key.node) }
        }
        return named ? changed : nil
    }

    /// The IR node kept for the top-level layer at `index` (one `keptLayers` answered true for).
    func node(at index: Int) -> Node { nodes[index] }

    /// Keeps this lowering's layers for the next, unless it reported something about their tracks
    /// (`reportedAboutNodes`) or its nodes' ids are not unique.
    func keep(_ scene: Scene, _ layers: [Node], context lowering: LoweringContext, spans: [Span], reportedAboutNodes: Bool) {
        defer { pending = nil }
        guard !reportedAboutNodes, lowering.idsAreUnique else {
            context = nil
            states = []
            scenes = []
            nodes = []
            return
        }
        context = pending ?? Context(lowering, spans: spans)
        states = scene.states
        scenes = scene.layers
        nodes = layers
    }
}

extension LayerLoweringCache.Context {
    init(_ lowering: LoweringContext, spans: [Span]) {
        let scene = lowering.scene
        let states = scene.states.map { state in
            var state = state
            state.overrides = [:]
            state.overrideRanges = [:]
            return state
        }
        self.init(
            name: scene.name, fps: scene.fps, size: scene.size, states: states, spans: spans, initial: scene.initial,
            transitions: scene.transitions, timelines: scene.timelines, keywordAnchors: scene.keywordAnchors,
            staggerReach: lowering.staggerReach)
    }
}
