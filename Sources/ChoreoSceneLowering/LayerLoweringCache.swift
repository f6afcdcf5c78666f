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
/// and the timelines' keyframes are compared layer by layer: a node's value or keyframes are read
/// by its own layer's tracks alone once the spans are laid out the same (they are part of the
/// context), so an edit of a state's entry or of a keyframe lowers the layer of the node it
/// names, not the scene. Lowering's diagnostics are either about the
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
        /// The states without their values for nodes, the timelines without their keyframes
        /// (compared layer by layer).
        var states: [SceneState]
        var spans: [Span]
        var initial: String?
        var transitions: [SceneTransition]
        var timelines: [SceneTimeline]
        var keywordAnchors: [String: Point]
        var staggerReach: [String: Double]
    }

    private var context: Context?
    /// The states and timelines of the last lowering, values for nodes and keyframes included.
    private var states: [SceneState] = []
    private var timelines: [SceneTimeline] = []
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
            timelines = []
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

    /// For each top-level layer, whether a state's value for one of its nodes or a timeline's
    /// keyframes of one differ from the last lowering's (ranges included); nil when a changed
    /// value names no node of the scene.
    private func layersWithChangedValues(_ scene: Scene, _ lowering: LoweringContext) -> [Bool]? {
        guard states.count == scene.states.count, timelines.count == scene.timelines.count else { return nil }
        var changed = Array(repeating: false, count: scene.layers.count)
        var named = true
        func compare<Value: Equatable>(_ old: [PropertyKey: Value], _ new: [PropertyKey: Value]) {
            guard old != new else { return }
            for (key, value) in new where old[key] != value { mark(key.node) }
            for key in old.keys where new[key] == nil { mark(key.node) }
        }
        func mark(_ id: String) {
            if let layer = lowering.layerIndex(of: id), layer < changed.count { changed[layer] = true } else { named = false }
        }
        for (old, new) in zip(states, scene.states) {
            compare(old.overrides, new.overrides)
            compare(old.overrideRanges, new.overrideRanges)
        }
        for (old, new) in zip(timelines, scene.timelines) {
            compare(old.keyframes, new.keyframes)
            compare(old.endValueRanges, new.endValueRanges)
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
            timelines = []
            scenes = []
            nodes = []
            return
        }
        context = pending ?? Context(lowering, spans: spans)
        states = scene.states
        timelines = scene.timelines
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
        let timelines = scene.timelines.map { timeline in
            var timeline = timeline
            timeline.keyframes = [:]
            timeline.endValueRanges = [:]
            return timeline
        }
        self.init(
            name: scene.name, fps: scene.fps, size: scene.size, states: states, spans: spans, initial: scene.initial,
            transitions: scene.transitions, timelines: timelines, keywordAnchors: scene.keywordAnchors,
            staggerReach: lowering.staggerReach)
    }
}
