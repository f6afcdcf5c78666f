import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoYAML

/// The scene limits of `SceneLimits` that the front end checks. The counts come from the YAML
/// tree where possible, so that an oversized scene is rejected before any of it is decoded.
extension FrontendContext {
    /// Counts the nodes under `layers:` (group children included) without decoding them, and
    /// reports the first node past `SceneLimits.nodeLimit(inputBytes:)`. False when the scene has too many.
    func checkNodeCount(_ layers: YAMLNode) -> Bool {
        let limit = SceneLimits.nodeLimit(inputBytes: file.bytes.count)
        var count = 0
        var firstPastLimit: YAMLNode?
        // Depth-first in file order, so "the first node past the limit" is the one a reader counts to.
        var stack: [(items: [YAMLNode], next: Int)] = [(layers.sequence ?? [], 0)]
        while let (items, next) = stack.last {
            guard next < items.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next = next + 1
            guard let pairs = items[next].mapping else { continue }
            count += 1
            if count == limit + 1 { firstPastLimit = items[next] }
            if let children = pairs.first(where: { $0.key.scalar?.value == Property.children.key })?.value.sequence {
                stack.append((children, 0))
            }
        }
        guard count > limit else { return true }
        let site = firstPastLimit.map { startRange(of: $0) } ?? startRange(of: layers)
        error(
            .tooManySceneNodes, "\(count) nodes, more than the limit of \(limit)\(limitExplanation(limit, floor: SceneLimits.maxNodes, inputBytes: file.bytes.count))", at: site,
            help: "split the scene into several files, or draw repeated shapes with repeat:")
        return false
    }

    /// Counts the keyframes and tweens written under `timelines:` (and a transition's keyframes)
    /// without decoding them, and reports the first one past `SceneLimits.keyframeLimit(inputBytes:)`.
    /// False when there are too many.
    func checkKeyframeCount(_ timelines: YAMLNode?, transitions: YAMLNode? = nil) -> Bool {
        let limit = SceneLimits.keyframeLimit(inputBytes: file.bytes.count)
        var count = 0
        var firstPastLimit: YAMLNode?
        func add(_ items: [YAMLNode]) {
            if firstPastLimit == nil, count + items.count > limit {
                firstPastLimit = items[limit - count]
            }
            count += items.count
        }
        for transition in transitions?.sequence ?? [] {
            for entry in transition.mapping ?? [] where entry.key.scalar?.value == "keyframes" {
                for track in entry.value.mapping ?? [] { add(track.value.sequence ?? []) }
            }
        }
        for timeline in timelines?.mapping ?? [] {
            for entry in timeline.value.mapping ?? [] {
                switch entry.key.scalar?.value {
                case "tweens": add(entry.value.sequence ?? [])
                case "keyframes":
                    for track in entry.value.mapping ?? [] { add(track.value.sequence ?? []) }
                default: break
                }
            }
        }
        guard let firstPastLimit else { return true }
        error(
            .tooManyKeyframes,
            "\(count) keyframes and tweens, more than the limit of \(limit)\(limitExplanation(limit, floor: SceneLimits.maxKeyframes, inputBytes: file.bytes.count))",
            at: startRange(of: firstPastLimit), help: "use fewer keyframes, or easing (steps, springs) instead of sampled values")
        return false
    }

    /// Reports the first shape drawn more than `SceneLimits.repeatCopyLimit(inputBytes:)` times by
    /// the repeats of itself and its groups (each copy is written out in full by the emitters).
    func checkRepeatCopies(_ layers: [NodeInfo]) {
        let limit = SceneLimits.repeatCopyLimit(inputBytes: file.bytes.count)
        var pending: [(node: NodeInfo, copies: Int)] = layers.reversed().map { ($0, 1) }
        while let (node, inherited) = pending.popLast() {
            // Counts are at most 1000 each, and the product stops growing once past the limit.
            let copies = inherited * (node.model.repeat?.count ?? 1)
            if node.shape != .group {
                if copies > limit {
                    error(
                        .tooManyCopies,
                        "\(copies) nested repeat copies, more than the limit of \(limit)\(limitExplanation(limit, floor: SceneLimits.maxRepeatCopies, inputBytes: file.bytes.count))",
                        at: node.range, help: "lower the repeat counts of this node or of the groups around it")
                    return
                }
                continue
            }
            let carried = min(copies, limit + 1)
            pending.append(contentsOf: node.children.reversed().map { ($0, carried) })
        }
    }

    /// Adds `count` path vertices to the scene's total; false (with `too-many-vertices`, reported
    /// once) when the total passes `SceneLimits.pathVertexLimit(inputBytes:)`. `afterCorrespondence`:
    /// the vertices a morph between poses of different structures adds (`correspondPathPoses`).
    func addPathVertices(_ count: Int, at range: SourceRange, afterCorrespondence: Bool = false) -> Bool {
        pathVertexCount += count
        let limit = SceneLimits.pathVertexLimit(inputBytes: file.bytes.count)
        guard pathVertexCount > limit else { return true }
        if !reportedTooManyVertices {
            reportedTooManyVertices = true
            let what = afterCorrespondence
                ? "with this path's poses given one structure (a morph between different vertex counts), \(pathVertexCount) path vertices"
                : "\(pathVertexCount) path vertices so far"
            error(
                .tooManyVertices,
                "\(what), more than the limit of \(limit)\(limitExplanation(limit, floor: SceneLimits.maxPathVertices, inputBytes: file.bytes.count))",
                at: range,
                help: afterCorrespondence
                    ? "every pose gets as many vertices as the largest has (up to twice that between two vertex counts): give the poses one vertex count, or fewer poses or vertices"
                    : "simplify the paths")
        }
        return false
    }
}
