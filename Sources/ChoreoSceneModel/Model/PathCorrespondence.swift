import ChoreoDiagnostics
import ChoreoTimeline

/// Makes every pose of a path morphable (contract §10, "Morphs between different vertex counts").
///
/// A path's poses are its base `d` and every `d` a state, tween or keyframe gives it (and the same
/// for a clip's path, `clip.d`). When they
/// differ in contour or vertex counts, `PathShape.corresponding` rewrites them all to one structure
/// (each keeps its geometry), so everything after the front end interpolates vertex by vertex as
/// before and both emitters see one vertex count per shape (which Lottie players need: lottie-web
/// keeps the first keyframe's count). Poses that already share a structure are left as written, so
/// scenes that morph vertex by vertex compile exactly as they did. Paths with `morph: index` (the
/// keys in `vertexByVertex`) are skipped: the front end has already reported their mismatched poses.
///
/// n poses whose largest contours have m vertices each come out with at most 2 × m each (the
/// union of their cuts while it is that small, else m each, their longest edges split): the
/// vertices this adds are counted, before any pose is cut, by `admitVertices` (the path vertex
/// limit), with the node's range for the error; when it refuses, nothing is rewritten (the front
/// end then fails).
package func correspondPathPoses(
    in scene: inout Scene, vertexByVertex: Set<PropertyKey>, admitVertices: (Int, SourceRange) -> Bool
) {
    // Every pose of every path, in one fixed order: base, states, each timeline's tweens and
    // keyframes, then each transition's keyframes (the order the rewrite below walks again).
    let pathProperties: [Property] = [.d, .clipD]
    var poses: [PropertyKey: [PathShape]] = [:]
    func note(_ key: PropertyKey, _ value: PropertyValue?) {
        if pathProperties.contains(key.property), !vertexByVertex.contains(key), case let .path(shape)? = value {
            poses[key, default: []].append(shape)
        }
    }
    var ranges: [String: SourceRange] = [:]
    func visitBases(_ nodes: [SceneNode]) {
        for node in nodes {
            ranges[node.id] = node.range
            if case let .group(children) = node.shape { visitBases(children) }
            for property in pathProperties { note(PropertyKey(node: node.id, property: property), node.base[property]) }
        }
    }
    visitBases(scene.layers)
    guard !poses.isEmpty else { return }
    let paths = Set(poses.keys.map(\.node))
    for state in scene.states {
        for (key, value) in state.overrides where paths.contains(key.node) { note(key, value) }
    }
    for timeline in scene.timelines {
        for tween in timeline.tweens {
            for (key, value) in tween.values where paths.contains(key.node) { note(key, value) }
        }
        for (key, keyframes) in timeline.keyframes where paths.contains(key.node) {
            for keyframe in keyframes { note(key, keyframe.value) }
        }
    }
    for transition in scene.transitions {
        for (key, keyframes) in transition.keyframes where paths.contains(key.node) {
            for keyframe in keyframes { note(key, keyframe.value) }
        }
    }

    let differing = poses.filter { _, shapes in shapes.contains { !$0.isMorphCompatible(with: shapes[0]) } }
    var rewritten: [PropertyKey: ArraySlice<PathShape>] = [:]
    for key in differing.keys.sorted(by: { ($0.node, $0.property.rawValue) < ($1.node, $1.property.rawValue) }) {
        let shapes = differing[key]!
        let written = shapes.reduce(0) { $0 + $1.contours.reduce(0) { $0 + $1.vertices.count } }
        let corresponding = PathShape.corresponding(shapes) { total in
            admitVertices(total - written, ranges[key.node] ?? .fileStart)
        }
        guard let corresponding else { return }
        rewritten[key] = corresponding[...]
    }
    guard !rewritten.isEmpty else { return }
    let rewrittenNodes = Set(rewritten.keys.map(\.node))
    func next(_ key: PropertyKey, _ value: PropertyValue) -> PropertyValue {
        guard case .path = value, rewritten[key] != nil else { return value }
        return .path(rewritten[key]!.removeFirst())
    }
    func rewriteBases(_ nodes: [SceneNode]) -> [SceneNode] {
        nodes.map { node in
            var node = node
            if case let .group(children) = node.shape { node.shape = .group(rewriteBases(children)) }
            for property in pathProperties {
                if let value = node.base[property] { node.base[property] = next(PropertyKey(node: node.id, property: property), value) }
            }
            return node
        }
    }
    scene.layers = rewriteBases(scene.layers)
    for index in scene.states.indices {
        for (key, value) in scene.states[index].overrides where rewrittenNodes.contains(key.node) {
            scene.states[index].overrides[key] = next(key, value)
        }
    }
    for index in scene.timelines.indices {
        for tween in scene.timelines[index].tweens.indices {
            for (key, value) in scene.timelines[index].tweens[tween].values where rewrittenNodes.contains(key.node) {
                scene.timelines[index].tweens[tween].values[key] = next(key, value)
            }
        }
        for (key, keyframes) in scene.timelines[index].keyframes where rewrittenNodes.contains(key.node) {
            scene.timelines[index].keyframes[key] = keyframes.map { keyframe in
                var keyframe = keyframe
                keyframe.value = next(key, keyframe.value)
                return keyframe
            }
        }
    }
    for index in scene.transitions.indices {
        for (key, keyframes) in scene.transitions[index].keyframes where rewrittenNodes.contains(key.node) {
            scene.transitions[index].keyframes[key] = keyframes.map { keyframe in
                var keyframe = keyframe
                keyframe.value = next(key, keyframe.value)
                return keyframe
            }
        }
    }
}
