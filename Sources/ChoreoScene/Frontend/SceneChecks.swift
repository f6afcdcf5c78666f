import ChoreoDiagnostics
import ChoreoTimeline
import ChoreoYAML

extension FrontendContext {
    /// Warns about states nothing leads to: not the initial state and no transition's `to`.
    func checkReachability(states: [SceneState], initial: String?, transitions: [SceneTransition]) {
        guard !transitionFailed else { return }
        let targets = Set(transitions.map(\.to))
        for state in states where state.name != initial && !targets.contains(state.name) {
            let help = initial.map { "add a transition such as {from: \($0), to: \(state.name), on: tap}" }
            warning(
                .unreachableState, "state '\(state.name)' is never shown: no transition leads to it and it is not the initial state",
                at: state.range, help: help)
        }
    }

    /// Warns about nodes whose base pose lies entirely outside the canvas (geometry, transform and
    /// stroke, roughly). Nodes that any state or timeline animates may be meant to enter later, so
    /// they are left alone.
    func checkCanvas(layers: [NodeInfo], size: Point, states: [SceneState], timelines: [SceneTimeline]) {
        var animated: Set<String> = []
        for state in states { animated.formUnion(state.overrides.keys.map(\.node)) }
        for timeline in timelines {
            animated.formUnion(timeline.keyframes.keys.map(\.node))
            for tween in timeline.tweens { animated.formUnion(tween.values.keys.map(\.node)) }
        }
        let canvas = Bounds(minX: 0, minY: 0, maxX: size.x, maxY: size.y)
        func visit(_ nodes: [NodeInfo], parentMatrix: AffineTransform) {
            for info in nodes where info.valid && !info.subtree.contains(where: { animated.contains($0.id) }) {
                if info.shape == .group && info.children.isEmpty { continue }
                let box = info.placedBounds(includingStroke: true).applying(parentMatrix)
                let outside = box.maxX <= canvas.minX || box.minX >= canvas.maxX || box.maxY <= canvas.minY || box.minY >= canvas.maxY
                if outside {
                    warning(
                        .offCanvas,
                        "node '\(info.id)' lies entirely outside the \(describeNumber(size.x))×\(describeNumber(size.y)) canvas (x \(describeNumber(box.minX))…\(describeNumber(box.maxX)), y \(describeNumber(box.minY))…\(describeNumber(box.maxY)))",
                        at: info.range,
                        help: "rects, ellipses and polygons are centred on (0, 0) until 'position' places them")
                } else if info.shape == .group, info.repeatSpec == nil {
                    visit(info.children, parentMatrix: parentMatrix.concatenating(info.baseMatrix))
                }
            }
        }
        visit(layers, parentMatrix: .identity)
    }

    /// `repeat.fill` paints each copy's solid fills one fixed colour: it needs a shape with a
    /// solid fill under the repeat, and no state, tween or keyframe may animate those fills.
    func checkRepeatFills(layers: [NodeInfo], states: [SceneState], timelines: [SceneTimeline]) {
        var animators: [String: String] = [:]  // "node" → what animates its fill
        for state in states {
            for key in state.overrides.keys where key.property == .fill { animators[key.node] = animators[key.node] ?? "state '\(state.name)'" }
        }
        for timeline in timelines {
            var keys = Set(timeline.keyframes.keys)
            for tween in timeline.tweens { keys.formUnion(tween.values.keys) }
            for key in keys where key.property == .fill { animators[key.node] = animators[key.node] ?? "timeline '\(timeline.name)'" }
        }
        for info in layers.flatMap(\.subtree) where info.valid {
            guard let range = info.repeatFillRange else { continue }
            let shapes = info.subtree.filter { $0.shape != .group }
            let solid = shapes.filter { $0.fillKind == .solid }
            if solid.isEmpty {
                error(
                    .invalidRepeatFill, "'repeat.fill' colours the copies' solid fill, but '\(info.id)' has no solid fill",
                    at: range, help: "give the node (or the shapes of the group) a solid fill, or remove 'repeat.fill'")
            } else if let animated = solid.first(where: { animators[$0.id] != nil }) {
                error(
                    .invalidRepeatFill,
                    "'repeat.fill' fixes each copy's colour, but \(animators[animated.id]!) animates the fill of '\(animated.id)'",
                    at: range, help: "animate the copies' opacity instead, or remove 'repeat.fill'")
            }
        }
    }
}
