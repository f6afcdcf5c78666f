import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoText
import ChoreoTimeline
import ChoreoYAML

/// What a text node was set with, for setting the other texts its states give it.
struct TextSetting {
    var text: String
    var font: Font
    var style: TextStyle
    var layout: TextLayout
}

/// A text a state gives a text node.
struct StateText {
    var text: String
    var layout: TextLayout
    var range: SourceRange
}

/// The front end's record of text nodes and of the texts states give them (contract §13).
struct SceneTexts {
    /// Every text node that was set, by id.
    var settings: [String: TextSetting] = [:]
    /// While a state's nodes are read, the texts it gives; nil elsewhere (a tween's `to:`), where
    /// `text` is refused.
    var collectedStateTexts: [(node: String, text: StateText)]?
    /// State name → node id → the text the state gives it.
    var stateTexts: [String: [String: StateText]] = [:]
    /// `per-glyph: {delay}` of each text node that has it, and where it is written.
    var perGlyph: [String: (delay: Double, range: SourceRange)] = [:]
    /// Each transition's `change:` value as written, by the transition's range.
    var changeNodes: [SourceRange: YAMLNode] = [:]
    /// The live texts, by node id.
    var live: [String: LiveTextPlan] = [:]
}

/// The properties a changing text node keeps when it becomes a group of its texts: how it is
/// placed and seen. Its style and geometry go to the glyph runs of each text.
let textGroupRoots: Set<Property> = [.position, .anchor, .offset, .scale, .rotation, .opacity, .clip]

extension FrontendContext {
    /// A state's `text:` on a text node: another text in the node's font and style.
    func collectText(_ pair: YAMLPair, of target: NodeInfo) {
        guard texts.collectedStateTexts != nil else {
            error(
                .unknownProperty, "the text of '\(target.id)' changes between states, not in a tween", at: pair.key.reportRange,
                help: "give the other text in a state, such as states: {done: {\(target.id): {text: …}}}; the transition's 'change:' says how it changes")
            return
        }
        guard let text = scalarText(pair.value, expected: "the text to set") else { return }
        // A text node that could not be set has its own error.
        guard let setting = texts.settings[target.id],
            let layout = setText(text, font: setting.font, style: setting.style, at: pair.value.reportRange, maxWidthRange: nil)
        else { return }
        texts.collectedStateTexts?.append((target.id, StateText(text: text, layout: layout, range: pair.value.reportRange)))
    }

    /// Keeps the texts the state just read gives, and stops collecting.
    func recordStateTexts(of state: String) {
        let collected = texts.collectedStateTexts ?? []
        texts.collectedStateTexts = nil
        guard !collected.isEmpty else { return }
        var byNode: [String: StateText] = [:]
        for item in collected { byNode[item.node] = item.text }
        texts.stateTexts[state] = byNode
    }

    /// A transition's `change: fade | roll-up | roll-down | morph`.
    func readTextChange(_ entry: MapEntry, into transition: inout SceneTransition) {
        guard let change = keyword(entry.value, what: "text change", options: TextChange.allCases.map { ($0.rawValue, $0) }) else { return }
        transition.textChange = change
        texts.changeNodes[transition.range] = entry.value
    }

    /// The text `node` shows in `state`.
    private func text(of node: String, in state: String) -> String? {
        texts.stateTexts[state]?[node]?.text ?? texts.settings[node]?.text
    }

    /// Makes each text node whose states give it different texts change as its transitions say:
    /// by `morph`, its outline is the state's text in every state (and morphs as a path does);
    /// otherwise it becomes a group of one glyph run per text, each seen in the states that show
    /// it, cross-faded or rolled (clipped to the text box) by the transitions between them.
    func expandTextChanges(in scene: inout Scene, registry: NodeRegistry) {
        let changing = Set(texts.stateTexts.values.flatMap(\.keys)).sorted()
        // The transitions that change each node's text, and a `change:` that changes none.
        var changers: [String: [Int]] = [:]
        for (index, transition) in scene.transitions.enumerated() {
            let changed = changing.filter { text(of: $0, in: transition.from) != text(of: $0, in: transition.to) }
            for node in changed { changers[node, default: []].append(index) }
            if changed.isEmpty, transition.from != transition.to, let range = texts.changeNodes[transition.range]?.reportRange {
                warning(
                    .unusedTextChange,
                    "no text changes from '\(transition.from)' to '\(transition.to)', so 'change' has no effect", at: range,
                    help: "give a text node another 'text' in one of the two states, or remove 'change'")
            }
        }
        for node in changing {
            guard let setting = texts.settings[node] else { continue }
            let indices = changers[node] ?? []
            let changes = indices.map { scene.transitions[$0].textChange }
            if let first = changes.first, let disagreeing = indices.first(where: { (scene.transitions[$0].textChange == .morph) != (first == .morph) }) {
                let transition = scene.transitions[disagreeing], firstTransition = scene.transitions[indices[0]]
                let written = texts.changeNodes[transition.range]
                error(
                    .mixedTextChange,
                    "the text of '\(node)' changes by \(first.rawValue) from '\(firstTransition.from)' to '\(firstTransition.to)' but by \(transition.textChange.rawValue) here; a text morphs in every transition or in none",
                    at: written?.reportRange ?? transition.range,
                    notes: [Note("\(first.rawValue) is here", at: texts.changeNodes[firstTransition.range]?.reportRange ?? firstTransition.range)],
                    help: "give every transition that changes '\(node)' 'change: \(first.rawValue)'",
                    fixIts: written.map { replacing($0, with: first.rawValue) } ?? [])
                continue
            }
            if changes.first == .morph {
                if let perGlyph = texts.perGlyph[node] {
                    let written = texts.changeNodes[scene.transitions[indices[0]].range]
                    error(
                        .perGlyphUnsupported,
                        "the text of '\(node)' morphs (change: morph), and a morph changes the outline of the whole text at once: per-glyph motion cannot move its glyphs one by one",
                        at: perGlyph.range, notes: written.map { [Note("the morph is asked for here", at: $0.reportRange)] } ?? [],
                        help: "change the text by fade, roll-up or roll-down, which per-glyph motion moves glyph by glyph, or remove per-glyph")
                    continue
                }
                for index in scene.states.indices {
                    guard let stateText = texts.stateTexts[scene.states[index].name]?[node] else { continue }
                    let key = PropertyKey(node: node, property: .d)
                    scene.states[index].overrides[key] = .path(stateText.layout.outline)
                    scene.states[index].overrideRanges[key] = stateText.range
                }
            } else {
                let runs = splitIntoTexts(
                    node, setting: setting, rolls: indices.filter { scene.transitions[$0].textChange != .fade },
                    perGlyph: texts.perGlyph[node] != nil, in: &scene, registry: registry)
                // Per-glyph: each text's run becomes its glyphs, so that the change (a fade or a
                // roll of the run) moves glyph by glyph, as does what the node's glyphs take.
                if let perGlyph = texts.perGlyph[node] {
                    for run in runs {
                        splitIntoGlyphs(run.id, of: node, setting: run.setting, delay: perGlyph.delay, in: &scene, registry: registry)
                    }
                }
            }
        }
        for (node, perGlyph) in texts.perGlyph.sorted(by: { $0.key < $1.key }) where !changing.contains(node) {
            guard let setting = texts.settings[node] else { continue }
            splitIntoGlyphs(node, of: node, setting: setting, delay: perGlyph.delay, in: &scene, registry: registry)
        }
    }

    /// The group a changing text node becomes: one glyph run per text, in the order the texts
    /// first appear (the node's own first). With `perGlyph`, the runs take the node's animated
    /// offset, scale and rotation, which its glyphs take from them (its position and opacity move
    /// the text as a whole: the runs' own show which text is seen and roll it).
    private func splitIntoTexts(
        _ id: String, setting: TextSetting, rolls: [Int], perGlyph: Bool, in scene: inout Scene, registry: NodeRegistry
    ) -> [(id: String, setting: TextSetting)] {
        var texts: [String] = [setting.text]
        var layouts: [TextLayout] = [setting.layout]
        for state in scene.states {
            if let given = self.texts.stateTexts[state.name]?[id], !texts.contains(given.text) {
                texts.append(given.text)
                layouts.append(given.layout)
            }
        }
        var runIDs: [String] = []
        for index in texts.indices {
            var candidate = "\(id)-text-\(index)"
            while registry.isKnown(candidate) || runIDs.contains(candidate) { candidate += "-" }
            runIDs.append(candidate)
        }
        let box = layouts.reduce(Point(0, 0)) { Point(max($0.x, $1.size.x), max($0.y, $1.size.y)) }
        let runRoots = perGlyph ? Set<Property>([.offset, .scale, .rotation]).intersection(animatedRoots(of: id, in: scene)) : []
        let groupRoots = textGroupRoots.subtracting(runRoots)

        // The node itself: where it is placed, how it is seen, its clip.
        replaceNode(id, in: &scene.layers) { node in
            var groupBase = PropertyValues()
            var runBase = PropertyValues()
            for (property, value) in node.base {
                if groupRoots.contains(property.root) { groupBase[property] = value } else { runBase[property] = value }
            }
            for property in [Property.position, .anchor, .offset] where groupRoots.contains(property) { runBase[property] = .point(.zero) }
            if groupRoots.contains(.scale) { runBase[.scale] = .point(Point(1, 1)) }
            if groupRoots.contains(.rotation) { runBase[.rotation] = .number(0) }
            // The group keeps the identity of what its runs now do.
            if runRoots.contains(.offset) { groupBase[.offset] = .point(.zero) }
            if runRoots.contains(.scale) { groupBase[.scale] = .point(Point(1, 1)) }
            if runRoots.contains(.rotation) { groupBase[.rotation] = .number(0) }
            let runs = layouts.enumerated().map { index, layout in
                var base = runBase
                base[.opacity] = .number(index == 0 ? 1 : 0)
                base[.d] = .path(layout.outline)
                return textPart(of: node, id: runIDs[index], base: base)
            }
            var group = textGroup(replacing: node, base: groupBase, parts: runs)
            if node.clip == nil, !rolls.isEmpty {
                // The box's height clips the roll; its width has room for glyphs that overhang
                // their advance (an italic's, a check mark's).
                group.clip = .rect
                group.base[.clipSize] = .point(Point(box.x + 2 * setting.style.size, box.y))
                group.base[.clipCornerRadius] = .number(0)
                group.base[.clipPosition] = .point(.zero)
                group.base[.clipAnchor] = .point(.zero)
                group.base[.clipScale] = .point(Point(1, 1))
                group.base[.clipRotation] = .number(0)
            }
            return group
        }
        // The group's bounds hold every text, so a keyword anchor would move: it stays where the
        // node's own text put it.
        scene.keywordAnchors[id] = nil

        func runKeys(_ key: PropertyKey) -> [PropertyKey] {
            guard key.node == id, !groupRoots.contains(key.property.root) else { return [key] }
            return runIDs.map { PropertyKey(node: $0, property: key.property) }
        }
        func redistributed<V>(_ values: [PropertyKey: V]) -> [PropertyKey: V] {
            guard values.keys.contains(where: { $0.node == id }) else { return values }
            var result: [PropertyKey: V] = [:]
            for (key, value) in values { for run in runKeys(key) { result[run] = value } }
            return result
        }
        for index in scene.states.indices {
            scene.states[index].overrides = redistributed(scene.states[index].overrides)
            scene.states[index].overrideRanges = redistributed(scene.states[index].overrideRanges)
            // Each state shows the run of its text.
            if let given = self.texts.stateTexts[scene.states[index].name]?[id], let shown = texts.firstIndex(of: given.text), shown != 0 {
                for (run, opacity) in [(runIDs[shown], 1.0), (runIDs[0], 0.0)] {
                    let key = PropertyKey(node: run, property: .opacity)
                    scene.states[index].overrides[key] = .number(opacity)
                    scene.states[index].overrideRanges[key] = given.range
                }
            }
        }
        for index in scene.timelines.indices {
            scene.timelines[index].keyframes = redistributed(scene.timelines[index].keyframes)
            for tween in scene.timelines[index].tweens.indices {
                scene.timelines[index].tweens[tween].values = redistributed(scene.timelines[index].tweens[tween].values)
            }
        }
        for index in scene.transitions.indices {
            scene.transitions[index].keyframes = redistributed(scene.transitions[index].keyframes)
            var timing = scene.transitions[index].nodeTiming
            for (name, value) in timing where name == id || name.hasPrefix(id + ".") {
                let path = name.dropFirst(id.count)
                let root = Property(path: String(path.dropFirst().prefix { $0 != "." }))
                if path.isEmpty || root.map({ !groupRoots.contains($0.root) }) == true {
                    for run in runIDs where timing[run + path] == nil { timing[run + path] = value }
                }
            }
            scene.transitions[index].nodeTiming = timing
        }
        for index in rolls {
            let transition = scene.transitions[index]
            guard let from = text(of: id, in: transition.from), let to = text(of: id, in: transition.to),
                let outgoing = texts.firstIndex(of: from), let incoming = texts.firstIndex(of: to)
            else { continue }
            addRoll(
                from: runIDs[outgoing], to: runIDs[incoming], distance: box.y * (transition.textChange == .rollUp ? -1 : 1),
                range: self.texts.changeNodes[transition.range]?.reportRange ?? transition.range, into: &scene.transitions[index])
        }
        return runIDs.indices.map { index in
            (runIDs[index], TextSetting(text: texts[index], font: setting.font, style: setting.style, layout: layouts[index]))
        }
    }

    /// The roots of the properties of node `id` that the scene's states, timelines and
    /// transitions animate.
    func animatedRoots(of id: String, in scene: Scene) -> Set<Property> {
        var animated = Set<Property>()
        for state in scene.states { for key in state.overrides.keys where key.node == id { animated.insert(key.property.root) } }
        for timeline in scene.timelines {
            for key in timeline.keyframes.keys where key.node == id { animated.insert(key.property.root) }
            for tween in timeline.tweens { for key in tween.values.keys where key.node == id { animated.insert(key.property.root) } }
        }
        for transition in scene.transitions { for key in transition.keyframes.keys where key.node == id { animated.insert(key.property.root) } }
        return animated
    }

    /// The keyframes of a roll: the outgoing run slides `distance` out of the box (up for a
    /// negative distance) and is hidden once it is out; the incoming one slides in from the other
    /// side, seen from the start. Both move with the transition's timing for them.
    private func addRoll(from outgoing: String, to incoming: String, distance: Double, range: SourceRange, into transition: inout SceneTransition) {
        let timing = transition.timing(for: PropertyKey(node: outgoing, property: .position))
        let duration = timing.duration
        guard duration > 0 else { return }
        // Out of the box a moment before the end, so that the run returns to its place unseen.
        let out = duration * 0.99
        let position = Property.position, opacity = Property.opacity
        transition.keyframes[PropertyKey(node: outgoing, property: position)] = [
            Keyframe(at: 0, value: .point(.zero), range: range),
            Keyframe(at: out, value: .point(Point(0, distance)), easing: timing.easing, range: range),
            Keyframe(at: duration, value: .point(.zero), easing: .hold, range: range),
        ]
        transition.keyframes[PropertyKey(node: outgoing, property: opacity)] = [
            Keyframe(at: 0, value: .number(1), range: range),
            Keyframe(at: duration, value: .number(0), easing: .hold, range: range),
        ]
        transition.keyframes[PropertyKey(node: incoming, property: position)] = [
            Keyframe(at: 0, value: .point(Point(0, -distance)), range: range),
            Keyframe(at: duration, value: .point(.zero), easing: timing.easing, range: range),
        ]
        transition.keyframes[PropertyKey(node: incoming, property: opacity)] = [
            Keyframe(at: 0, value: .number(1), range: range),
            Keyframe(at: duration, value: .number(1), range: range),
        ]
    }

    /// One path of the parts a text node is split into, styled as the node is.
    func textPart(of node: SceneNode, id: String, base: PropertyValues) -> SceneNode {
        SceneNode(
            id: id, range: node.range, shape: .path, base: base, fill: node.fill, fillRule: node.fillRule, stroke: node.stroke,
            trimmed: node.trimmed)
    }

    /// The group a split text node becomes: its id, `repeat`, clip and accessible name over its parts.
    func textGroup(replacing node: SceneNode, base: PropertyValues, parts: [SceneNode]) -> SceneNode {
        var group = SceneNode(
            id: node.id, range: node.range, shape: .group(parts), base: base, fill: .none, repeat: node.repeat, stagger: node.stagger)
        group.accessibleName = node.accessibleName
        group.clip = node.clip
        return group
    }

    /// Replaces the node `id` wherever it is in the tree.
    func replaceNode(_ id: String, in nodes: inout [SceneNode], with make: (SceneNode) -> SceneNode) {
        for index in nodes.indices {
            if nodes[index].id == id {
                nodes[index] = make(nodes[index])
                return
            }
            if case var .group(children) = nodes[index].shape {
                replaceNode(id, in: &children, with: make)
                nodes[index].shape = .group(children)
            }
        }
    }
}
