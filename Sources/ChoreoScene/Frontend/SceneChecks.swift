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
}
