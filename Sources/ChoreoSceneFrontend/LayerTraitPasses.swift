import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline

// The model passes the layer keys need once the whole scene is read:
// - a group's `time: {offset, stretch}` moves and stretches the keyframes and tweens of its
//   subtree (its own included) in every timeline: times are stretched, the offset becomes the
//   timeline's delay for those properties (which lowering wraps round a loop, as a staggered
//   repeat's); a `visible:` window is carried onto the span's clock through the groups around it;
// - a node whose position has keyframes or tweens of its own per axis (`position.x`,
//   `position.y`) has every position value split into the two axes, so each moves on its own;
// - a node on a motion path has no other position motion.

extension FrontendContext {
    func applyLayerTraits(to scene: inout Scene) {
        var maps: [String: TimeMap] = [:]
        var positionsAnimated: Set<String> = []
        func collect(_ nodes: [SceneNode], outer: TimeMap) {
            for node in nodes {
                let own = node.traits.time.map { compose(outer, $0) } ?? outer
                if own != TimeMap() { maps[node.id] = own }
                collect(node.children, outer: own)
                for mask in node.masks where own != TimeMap() { maps[mask.id] = own }
            }
        }
        collect(scene.layers, outer: TimeMap())
        if !maps.isEmpty { applyTimeMaps(maps, to: &scene) }
        rewriteNodes(&scene.layers, outer: TimeMap()) { node, outer in
            guard var window = node.traits.visible, outer != TimeMap() else { return }
            window = TimeWindow(start: outer.outer(window.start), end: outer.outer(window.end))
            var traits = node.traits
            traits.visible = window
            node.traits = traits
        }
        splitPositionAxes(in: &scene)
        // A motion path is the position's motion: nothing else may move it.
        for state in scene.states { for key in state.overrides.keys where isPosition(key.property) { positionsAnimated.insert(key.node) } }
        for timeline in scene.timelines {
            for key in timeline.keyframes.keys where isPosition(key.property) { positionsAnimated.insert(key.node) }
            for tween in timeline.tweens { for key in tween.values.keys where isPosition(key.property) { positionsAnimated.insert(key.node) } }
        }
        for transition in scene.transitions {
            for key in transition.keyframes.keys where isPosition(key.property) { positionsAnimated.insert(key.node) }
        }
        guard !positionsAnimated.isEmpty else { return }
        func check(_ nodes: [SceneNode]) {
            for node in nodes {
                if node.traits.motionPath != nil, positionsAnimated.contains(node.id) {
                    error(
                        .conflictingKeys, "'\(node.id)' moves along its motion path: animate 'motion-path.at', not its position",
                        at: node.range, help: "remove the position's animation, or the motion path")
                }
                check(node.children)
            }
        }
        check(scene.layers)
    }

    private func isPosition(_ property: Property) -> Bool {
        property == .position || property == .positionX || property == .positionY
    }

    /// `inner`'s clock seen through `outer`'s: the time of the group inside, on the outermost clock.
    private func compose(_ outer: TimeMap, _ inner: TimeMap) -> TimeMap {
        TimeMap(offset: outer.offset + outer.stretch * inner.offset, stretch: outer.stretch * inner.stretch)
    }

    private func applyTimeMaps(_ maps: [String: TimeMap], to scene: inout Scene) {
        for index in scene.timelines.indices {
            var timeline = scene.timelines[index]
            var changed = false
            var end = timeline.duration
            for (key, frames) in timeline.keyframes {
                guard let map = maps[key.node] else { continue }
                timeline.keyframes[key] = frames.map { frame in
                    var frame = frame
                    frame.at *= map.stretch
                    return frame
                }
                end = max(end, (frames.last?.at ?? 0) * map.stretch)
                timeline.delays[key, default: 0] += map.offset
                changed = true
            }
            var tweens: [Tween] = []
            for tween in timeline.tweens {
                var plain = tween
                plain.values = tween.values.filter { maps[$0.key.node] == nil }
                if !plain.values.isEmpty { tweens.append(plain) }
                for (key, value) in tween.values {
                    guard let map = maps[key.node] else { continue }
                    var moved = tween
                    moved.values = [key: value]
                    moved.at *= map.stretch
                    moved.timing.duration *= map.stretch
                    moved.timing.delay *= map.stretch
                    end = max(end, moved.at + moved.timing.delay + moved.timing.duration)
                    timeline.delays[key, default: 0] += map.offset
                    tweens.append(moved)
                    changed = true
                }
            }
            guard changed else { continue }
            timeline.tweens = tweens
            if timeline.loop {
                // A loop's delay wraps round the cycle; a negative one is the same later.
                for (key, delay) in timeline.delays where delay < 0 {
                    timeline.delays[key] = delay.truncatingRemainder(dividingBy: timeline.duration) + timeline.duration
                }
                if end > timeline.duration + 1e-9 {
                    error(
                        .keyframeOutsideTimeline,
                        "a stretched group's animations in looping timeline '\(timeline.name)' end at \(describeNumber(end))s, after the loop (\(describeNumber(timeline.duration))s)",
                        at: timeline.range, help: "lengthen the loop, or stretch the group less")
                }
            } else {
                // A timeline played once lasts until its slowest group's animations end.
                timeline.duration = end
            }
            scene.timelines[index] = timeline
        }
    }

    /// Calls `body` with every node (masks too) and the clock around it.
    private func rewriteNodes(_ nodes: inout [SceneNode], outer: TimeMap, _ body: (inout SceneNode, TimeMap) -> Void) {
        for index in nodes.indices {
            body(&nodes[index], outer)
            if case var .group(children) = nodes[index].shape {
                let own = nodes[index].traits.time.map { compose(outer, $0) } ?? outer
                rewriteNodes(&children, outer: own, body)
                nodes[index].shape = .group(children)
            }
        }
    }

    /// Splits every position value of the nodes that animate an axis on its own.
    private func splitPositionAxes(in scene: inout Scene) {
        var split: Set<String> = []
        func isAxis(_ key: PropertyKey) -> Bool { key.property == .positionX || key.property == .positionY }
        for timeline in scene.timelines {
            for key in timeline.keyframes.keys where isAxis(key) { split.insert(key.node) }
            for tween in timeline.tweens { for key in tween.values.keys where isAxis(key) { split.insert(key.node) } }
        }
        for state in scene.states { for key in state.overrides.keys where isAxis(key) { split.insert(key.node) } }
        let axisSuffixes = [Property.positionX.path, Property.positionY.path].map { "." + $0 }
        for transition in scene.transitions {
            for key in transition.keyframes.keys where isAxis(key) { split.insert(key.node) }
            // A transition timing an axis on its own (`nodes: {ball.position.y: …}`).
            for entry in transition.nodeTiming.keys {
                if let suffix = axisSuffixes.first(where: { entry.hasSuffix($0) }) { split.insert(String(entry.dropLast(suffix.count))) }
            }
        }
        guard !split.isEmpty else { return }
        func axes(_ key: PropertyKey, _ value: PropertyValue) -> [(PropertyKey, PropertyValue)] {
            guard key.property == .position, split.contains(key.node), case let .point(p) = value else { return [(key, value)] }
            return [
                (PropertyKey(node: key.node, property: .positionX), .number(p.x)),
                (PropertyKey(node: key.node, property: .positionY), .number(p.y)),
            ]
        }
        func splitKeyframes(_ keyframes: [PropertyKey: [Keyframe]]) -> [PropertyKey: [Keyframe]] {
            var result: [PropertyKey: [Keyframe]] = [:]
            for (key, frames) in keyframes {
                guard key.property == .position, split.contains(key.node) else {
                    result[key] = frames
                    continue
                }
                for (index, property) in [Property.positionX, .positionY].enumerated() {
                    let axisKey = PropertyKey(node: key.node, property: property)
                    // An axis keyframed on its own keeps its own keyframes.
                    guard keyframes[axisKey] == nil else { continue }
                    result[axisKey] = frames.map { frame in
                        var frame = frame
                        if case let .point(p) = frame.value { frame.value = .number(index == 0 ? p.x : p.y) }
                        frame.pathIn = nil
                        frame.pathOut = nil
                        return frame
                    }
                }
            }
            return result
        }
        rewriteNodes(&scene.layers, outer: TimeMap()) { node, _ in
            guard split.contains(node.id), let position = node.base.point(.position) else { return }
            node.base[.position] = nil
            node.base[.positionX] = .number(position.x)
            node.base[.positionY] = .number(position.y)
        }
        for index in scene.states.indices {
            var overrides: [PropertyKey: PropertyValue] = [:]
            for (key, value) in scene.states[index].overrides { for (k, v) in axes(key, value) { overrides[k] = v } }
            var ranges: [PropertyKey: SourceRange] = [:]
            for (key, range) in scene.states[index].overrideRanges {
                if key.property == .position, split.contains(key.node) {
                    ranges[PropertyKey(node: key.node, property: .positionX)] = range
                    ranges[PropertyKey(node: key.node, property: .positionY)] = range
                } else {
                    ranges[key] = range
                }
            }
            scene.states[index].overrides = overrides
            scene.states[index].overrideRanges = ranges
        }
        for index in scene.timelines.indices {
            scene.timelines[index].keyframes = splitKeyframes(scene.timelines[index].keyframes)
            for t in scene.timelines[index].tweens.indices {
                var values: [PropertyKey: PropertyValue] = [:]
                for (key, value) in scene.timelines[index].tweens[t].values { for (k, v) in axes(key, value) { values[k] = v } }
                scene.timelines[index].tweens[t].values = values
            }
            for (key, delay) in scene.timelines[index].delays where key.property == .position && split.contains(key.node) {
                scene.timelines[index].delays[PropertyKey(node: key.node, property: .positionX)] = delay
                scene.timelines[index].delays[PropertyKey(node: key.node, property: .positionY)] = delay
            }
        }
        for index in scene.transitions.indices {
            scene.transitions[index].keyframes = splitKeyframes(scene.transitions[index].keyframes)
        }
    }
}
