import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoText
import ChoreoTimeline

/// The properties of a per-glyph text node that each glyph takes when they are animated: the
/// glyph then moves, turns, scales and fades about its own centre. Not animated, they stay on the
/// node and apply to the text as a whole.
private let perGlyphTransformRoots: Set<Property> = [.position, .offset, .scale, .rotation, .opacity]

extension FrontendContext {
    /// `per-glyph: {delay}` (contract §13): the node becomes a group (its id, placement, clip,
    /// `repeat` and accessible name) of one path per glyph, `ID-glyph-0`, `ID-glyph-1`, … in
    /// reading order, each anchored at its own centre. Every animation of the node moves each
    /// glyph instead, glyph *i* `i × delay` later, as `repeat.delay` staggers copies. `id` is the
    /// text node `text` itself, or for a text that changes, the run of one of its texts.
    func splitIntoGlyphs(_ id: String, of text: String, setting: TextSetting, delay: Double, in scene: inout Scene, registry: NodeRegistry) {
        let glyphs = setting.layout.glyphs
        var glyphIDs: [String] = []
        for index in glyphs.indices {
            var candidate = "\(id)-glyph-\(index)"
            while registry.isKnown(candidate) || glyphIDs.contains(candidate) { candidate += "-" }
            glyphIDs.append(candidate)
        }
        let glyphIndex = Dictionary(uniqueKeysWithValues: glyphIDs.enumerated().map { ($1, $0) })
        let centres = glyphs.map { glyph -> Point in
            let points = glyph.outline.contours.flatMap(\.vertices).map(\.point)
            guard let first = points.first else { return .zero }
            let box = points.reduce((min: first, max: first)) { box, point in
                (Point(Swift.min(box.min.x, point.x), Swift.min(box.min.y, point.y)), Point(Swift.max(box.max.x, point.x), Swift.max(box.max.y, point.y)))
            }
            return Point((box.min.x + box.max.x) / 2, (box.min.y + box.max.y) / 2)
        }

        let moved = perGlyphTransformRoots.intersection(animatedRoots(of: id, in: scene))
        func belongsToGlyphs(_ property: Property) -> Bool {
            !textGroupRoots.contains(property.root) || moved.contains(property.root)
        }
        guard let basePosition = findNode(id, in: scene.layers)?.base.point(.position) else { return }

        replaceNode(id, in: &scene.layers) { node in
            var groupBase = PropertyValues()
            var glyphBase = PropertyValues()
            for (property, value) in node.base {
                if belongsToGlyphs(property) { glyphBase[property] = value } else { groupBase[property] = value }
            }
            // The group keeps the identity of what its glyphs now do.
            for property in moved {
                switch property {
                case .position: groupBase[.position] = node.base[.position]
                case .offset: groupBase[.offset] = .point(.zero)
                case .scale: groupBase[.scale] = .point(Point(1, 1))
                case .rotation: groupBase[.rotation] = .number(0)
                default: groupBase[.opacity] = .number(1)
                }
            }
            let children = glyphs.indices.map { index in
                var base = glyphBase
                for property in perGlyphTransformRoots where base[property] == nil { base[property] = property.defaultValue }
                base[.anchor] = .point(centres[index])
                base[.position] = .point(centres[index])
                base[.d] = .path(glyphs[index].outline)
                // Its id may have had to step aside for an author's id: the origin, not the id,
                // says which glyph of which text it is.
                var glyph = textPart(of: node, id: glyphIDs[index], base: base)
                glyph.origin = .glyph(of: text, index: index)
                return glyph
            }
            return textGroup(replacing: node, base: groupBase, parts: children)
        }
        scene.keywordAnchors[id] = nil

        /// The value glyph `index` takes for the node's `key` value: a position is the glyph's
        /// centre moved as the node's position moves from its base.
        func glyphValue(_ value: PropertyValue, of key: PropertyKey, glyph index: Int, relative: Bool) -> PropertyValue {
            guard key.property == .position, !relative, case let .point(point) = value else { return value }
            return .point(Point(centres[index].x + point.x - basePosition.x, centres[index].y + point.y - basePosition.y))
        }
        func spread<V>(_ values: [PropertyKey: V], relative: Bool = false, map: (V, PropertyKey, Int) -> V) -> [PropertyKey: V] {
            guard values.keys.contains(where: { $0.node == id && belongsToGlyphs($0.property) }) else { return values }
            var result: [PropertyKey: V] = [:]
            for (key, value) in values {
                guard key.node == id, belongsToGlyphs(key.property) else {
                    result[key] = value
                    continue
                }
                for (index, glyph) in glyphIDs.enumerated() { result[PropertyKey(node: glyph, property: key.property)] = map(value, key, index) }
            }
            return result
        }
        for index in scene.states.indices {
            scene.states[index].overrides = spread(scene.states[index].overrides) { glyphValue($0, of: $1, glyph: $2, relative: false) }
            scene.states[index].overrideRanges = spread(scene.states[index].overrideRanges) { range, _, _ in range }
        }
        for index in scene.timelines.indices {
            var timeline = scene.timelines[index]
            let animatesNode = (Array(timeline.keyframes.keys) + timeline.tweens.flatMap(\.values.keys)).contains { $0.node == id }
            // Played once, glyph i's keyframes and tweens are i × delay later and the timeline
            // lasts until the last glyph is done; in a loop its delay wraps round the cycle
            // instead (lowering applies `delays`, as it does a staggered repeat's).
            let later = { (glyph: Int) in timeline.loop ? 0 : Double(glyph) * delay }
            timeline.keyframes = spread(timeline.keyframes) { frames, key, glyph in
                frames.map { frame in
                    var shifted = frame
                    shifted.at += later(glyph)
                    shifted.value = glyphValue(frame.value, of: key, glyph: glyph, relative: false)
                    return shifted
                }
            }
            // Each tween of the node becomes one tween per glyph, each later by its delay.
            var tweens: [Tween] = []
            for tween in timeline.tweens {
                var own = tween
                own.values = tween.values.filter { !($0.key.node == id && belongsToGlyphs($0.key.property)) }
                if !own.values.isEmpty { tweens.append(own) }
                let nodeValues = tween.values.filter { $0.key.node == id && belongsToGlyphs($0.key.property) }
                guard !nodeValues.isEmpty else { continue }
                for (glyph, glyphID) in glyphIDs.enumerated() {
                    var copy = tween
                    copy.at += later(glyph)
                    copy.values = Dictionary(uniqueKeysWithValues: nodeValues.map { key, value in
                        (PropertyKey(node: glyphID, property: key.property), glyphValue(value, of: key, glyph: glyph, relative: tween.relative))
                    })
                    tweens.append(copy)
                }
            }
            timeline.tweens = tweens
            if animatesNode, !timeline.loop { timeline.duration += Double(max(0, glyphIDs.count - 1)) * delay }
            if animatesNode, timeline.loop {
                for key in Array(timeline.keyframes.keys) + timeline.tweens.flatMap(\.values.keys) {
                    if let glyph = glyphIndex[key.node], glyph > 0 { timeline.delays[key] = Double(glyph) * delay }
                }
            }
            scene.timelines[index] = timeline
        }
        for index in scene.transitions.indices {
            var transition = scene.transitions[index]
            let timingOf = { (key: PropertyKey) in transition.timing(for: key) }
            var timing = transition.nodeTiming
            transition.keyframes = spread(transition.keyframes) { frames, key, glyph in
                frames.map { frame in
                    var value = frame
                    value.value = glyphValue(frame.value, of: key, glyph: glyph, relative: false)
                    return value
                }
            }
            // Each glyph's properties keep the timing the node's had, later by its delay: those
            // its states move and those the transition's keyframes move.
            let movedKeys = Set(
                (scene.states.first { $0.name == transition.from }?.overrides.keys.map { $0 } ?? [])
                    + (scene.states.first { $0.name == transition.to }?.overrides.keys.map { $0 } ?? [])
                    + transition.keyframes.keys.map { $0 }
            ).filter { glyphIndex[$0.node] != nil }
            for key in movedKeys {
                guard let glyph = glyphIndex[key.node] else { continue }
                var own = timingOf(PropertyKey(node: id, property: key.property))
                // A motion of no duration is a jump: every glyph takes it at once.
                if own.duration > 0 { own.delay += Double(glyph) * delay }
                timing["\(key.node).\(key.property.path)"] = own
            }
            transition.nodeTiming = timing
            scene.transitions[index] = transition
        }
    }

    /// The node `id` wherever it is in the tree.
    private func findNode(_ id: String, in nodes: [SceneNode]) -> SceneNode? {
        for node in nodes {
            if node.id == id { return node }
            if case let .group(children) = node.shape, let found = findNode(id, in: children) { return found }
        }
        return nil
    }
}
