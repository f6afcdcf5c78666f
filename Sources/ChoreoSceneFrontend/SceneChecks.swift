import ChoreoDiagnostics
import ChoreoSceneModel
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

extension FrontendContext {
    /// Warns where a node's anchor is likely not the point the scene means (docs/scene-format.md,
    /// "Where position and anchor put a node"): a path placed by `position` without an anchor moves
    /// by the centre of its bounds, not its origin; a group that turns or scales about its default
    /// anchor counts children that are not seen (off the canvas, clipped away); a path's anchor
    /// keyword names a point of its base bounds, which stays put while the path morphs.
    func checkImplicitAnchors(layers: [NodeInfo], size: Point, animated keys: some Sequence<PropertyKey>) {
        var animated: [String: Set<Property>] = [:]
        for key in keys { animated[key.node, default: []].insert(key.property) }
        let canvas = Bounds(minX: 0, minY: 0, maxX: size.x, maxY: size.y)
        func disjoint(_ a: Bounds, _ b: Bounds) -> Bool { a.maxX <= b.minX || a.minX >= b.maxX || a.maxY <= b.minY || a.minY >= b.maxY }
        func pointText(_ p: Point) -> String { "[\(describeNumber(p.x)), \(describeNumber(p.y))]" }
        let pathGeometry: [Property] = [.d, .points, .contours]

        func visit(_ nodes: [NodeInfo], parentMatrix: AffineTransform) {
            for info in nodes where info.valid {
                let moved = animated[info.id] ?? []
                if info.shape == .path, !info.anchorWritten, let positionRange = info.positionRange,
                    let position = info.base.point(.position)
                {
                    let box = info.localBounds, center = box.center
                    if box.insetBy(1).minX > 0 || box.insetBy(1).maxX < 0 || box.insetBy(1).minY > 0 || box.insetBy(1).maxY < 0 {
                        warning(
                            .implicitAnchor,
                            "path '\(info.id)' is placed by the centre of its bounds, \(pointText(center)), not by its origin: 'position' puts that centre at \(pointText(position)), moving the drawing by \(pointText(position - center))",
                            at: positionRange,
                            help: "to put the path's origin (0, 0) at 'position', write 'anchor: [0, 0]'; to draw it where its coordinates are, remove 'position'")
                    }
                }
                if info.shape == .group, !info.anchorWritten, !info.children.isEmpty,
                    info.base.number(.rotation) != 0 || info.base.point(.scale) != Point(1, 1) || moved.contains(.rotation) || moved.contains(.scale)
                {
                    let matrix = parentMatrix.concatenating(info.baseMatrix)
                    let clipBox = info.clip.flatMap { clip in clip.valid ? clip.localBounds.applying(clip.baseMatrix) : nil }
                    var unseen: [(id: String, why: String)] = []
                    var seen: Bounds?
                    for child in info.children where child.valid {
                        let box = child.placedBounds(includingStroke: true)
                        let animatedChild = child.subtree.contains { animated[$0.id] != nil }
                        if !animatedChild, disjoint(box.applying(matrix), canvas) {
                            unseen.append((child.id, "lies outside the canvas"))
                        } else if !animatedChild, let clipBox, disjoint(box, clipBox) {
                            unseen.append((child.id, "is clipped away by the group's clip"))
                        } else {
                            seen = seen?.union(box) ?? box
                        }
                    }
                    if let first = unseen.first, let seen {
                        let verb = info.base.number(.rotation) != 0 || moved.contains(.rotation) ? "turns" : "scales"
                        let more = unseen.count > 1 ? " (and \(unseen.count - 1) more)" : ""
                        warning(
                            .implicitAnchor,
                            "group '\(info.id)' \(verb) about the centre of all its children, \(pointText(info.localBounds.center)), which counts '\(first.id)', which \(first.why)\(more)",
                            at: info.range,
                            help: "give it the point to turn about: 'anchor: \(pointText(seen.center))' is the centre of the children that are seen")
                    }
                }
                // A rect's, an ellipse's or a polygon's keyword anchor follows its animated size or
                // radius; a path's stays at its base bounds while a morph moves its edges.
                if info.shape == .path, let keyword = info.anchorKeyword,
                    let property = pathGeometry.first(where: { moved.contains($0) }), let anchor = info.base.point(.anchor)
                {
                    let text = pointText(anchor)
                    warning(
                        .implicitAnchor,
                        "'anchor: \(keyword.word)' of path '\(info.id)' is a point of its base bounds, \(text), and stays there while '\(property.key)' animates: keyword anchors follow a rect's, an ellipse's or a polygon's size, not a morph",
                        at: keyword.range,
                        help: "write the point it is, 'anchor: \(text)'; to keep an edge of the path in place, draw every pose with that edge where it is",
                        fixIts: keyword.editable.map { [FixIt.replace($0, with: text, message: "write the anchor as the point it is: \(text)")] } ?? [])
                }
                if info.shape == .group, info.repeatSpec == nil {
                    visit(info.children, parentMatrix: parentMatrix.concatenating(info.baseMatrix))
                }
            }
        }
        visit(layers, parentMatrix: .identity)
    }
}
