import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline

/// The scene limits each bound one factor (copies, vertices, baked segments), but the emitters'
/// work is their product: every drawn copy of a shape writes every keyframe of its animated
/// properties, and a path keyframe writes every vertex. 1,000 vertices × `steps(1000)` took
/// 672 MB and wrote 120 MB; 1,000 vertices × 10,000 copies more. This estimates that product
/// (docs/limits.md, "Output work") and rejects a scene whose estimate is past
/// `SceneLimits.outputWorkLimit(inputBytes:)`: a floor every honest scene fits under, growing
/// with the input, so output stays proportional to what was written.
///
/// Estimate per shape node: copies (the product of the repeat counts above it) × vertices (a
/// path's, 2 per polygon side, 4 for a rect or an ellipse) × (1 + the baked segments of every
/// transition, tween and keyframe that animates it).
func estimatedOutputWork(_ scene: Scene) -> (work: Int, largest: SceneNode?, segments: Int) {
    let springs = SpringBakery()
    func segments(_ easing: EasingSpec) -> Int { bakedSegmentBound(easing, springs: springs) }
    var segmentsByNode: [String: Int] = [:]
    let stateIndices = scene.stateIndicesByName()
    for transition in scene.transitions {
        // Without per-node timing every key moves with the transition's own, looked up once.
        let shared = transition.nodeTiming.isEmpty ? segments(transition.timing.easing) : nil
        scene.forEachKey(movedBy: transition, stateIndices: stateIndices) { key in
            segmentsByNode[key.node, default: 0] += shared ?? segments(transition.timing(for: key).easing)
        }
    }
    for timeline in scene.timelines {
        for tween in timeline.tweens {
            for key in tween.values.keys { segmentsByNode[key.node, default: 0] += segments(tween.timing.easing) }
        }
        for (key, keyframes) in timeline.keyframes {
            segmentsByNode[key.node, default: 0] += keyframes.reduce(0) { $0 + segments($1.easing) }
        }
    }
    var total = 0
    var largest: (node: SceneNode, work: Int)?
    var pending: [(node: SceneNode, copies: Int)] = scene.layers.reversed().map { ($0, 1) }
    // A path's vertices are counted as the front end left them: after `correspondPathPoses` cut
    // its poses to one structure, which holds more vertices than any pose as written.
    func shapeVertices(_ shape: SceneShape, path: PathShape?) -> Int {
        switch shape {
        case .group: 0
        case .rect, .ellipse: 4
        case let .polygon(sides, _, _): 2 * max(3, sides)
        case .path: max(1, path?.contours.reduce(0) { $0 + $1.vertices.count } ?? 1)
        }
    }
    while let (node, inherited) = pending.popLast() {
        let copies = inherited * (node.repeat?.count ?? 1)
        // A clip's outline is written with every keyframe of the node's, as its own shape is.
        var vertices = node.clip.map { shapeVertices($0, path: node.base.path(.clipD)) } ?? 0
        if case let .group(children) = node.shape {
            pending.append(contentsOf: children.reversed().map { ($0, copies) })
            guard vertices > 0 else { continue }
        } else {
            vertices += shapeVertices(node.shape, path: node.base.path(.d))
        }
        // Each factor is bounded by its own limit, so the product fits in an Int.
        let work = copies * vertices * (1 + segmentsByNode[node.id, default: 0])
        total += work
        if work > largest?.work ?? 0 { largest = (node, work) }
    }
    return (total, largest?.node, segmentsByNode.values.reduce(0, +))
}

/// Reports `output-too-large` when the estimate is past the limit for this input's size; returns
/// the estimate when it is within it.
package func checkOutputWork(_ scene: Scene, inputBytes: Int, diagnostics: inout DiagnosticBag) -> Int? {
    let (work, largest, segments) = estimatedOutputWork(scene)
    let limit = SceneLimits.outputWorkLimit(inputBytes: inputBytes)
    // Past the baked-segment limit, lowering reports the more specific `too-many-baked-keyframes`
    // before building anything.
    guard work > limit, segments <= SceneLimits.bakedSegmentLimit(inputBytes: inputBytes) else { return work }
    diagnostics.error(
        .outputTooLarge,
        "this scene would write about \(work) vertex keyframes (copies × vertices × keyframes), more than the limit of \(limit) for a file of \(inputBytes) bytes",
        at: largest?.range ?? .fileStart,
        help: "this node contributes the most; use fewer repeat copies, vertices or steps")
    return nil
}

/// What the theme files (`t/THEME.json` of a `.lottie`) write: per theme, per slot, one rule and
/// up to three keyframes a segment of the theme's track (`DotLottie.themeKeys`). Known only once
/// every theme is lowered, so it is counted then, on top of the scene's own estimate.
func themeFileWork(_ themes: Themes) -> Int {
    func segments(_ value: SlotValue) -> Int {
        switch value {
        case let .color(track): track.segments.count
        case let .opacity(track), let .length(track): track.segments.count
        }
    }
    return themes.slots.reduce(0) { total, slot in
        slot.values.values.reduce(total) { $0 + 1 + 3 * segments($1) }
    }
}

/// Reports `output-too-large` at the first theme when the scene's work and its theme files'
/// together are past the limit.
package func checkThemeOutputWork(
    _ timeline: Timeline, sceneWork: Int, themes sceneThemes: [SceneTheme], inputBytes: Int, diagnostics: inout DiagnosticBag
) {
    guard let themes = timeline.themes, let first = sceneThemes.first else { return }
    let themeWork = themeFileWork(themes)
    let limit = SceneLimits.outputWorkLimit(inputBytes: inputBytes)
    guard sceneWork + themeWork > limit else { return }
    diagnostics.error(
        .outputTooLarge,
        "this scene and its \(themes.names.count) theme files would write about \(sceneWork + themeWork) keyframes (\(themeWork) of them in the theme files), more than the limit of \(limit) for a file of \(inputBytes) bytes",
        at: first.range,
        help: "every theme writes every keyframe of the values it changes; use fewer themes, or fewer keyframes or steps on themed values")
}
