import ChoreoDiagnostics
import ChoreoScene
import ChoreoSceneSyntax
import ChoreoTimeline

// The comparison behind `choreo diff`: two compiled versions of a scene, compared as motion.
//
// The report is read off the resolved scene model, where names, poses and timings exist as the
// author wrote them and carry source ranges (the provenance each change points at); the compiled
// timeline and the Lottie bytes decide whether the output changed at all. Comparing the timeline
// alone would report one edited duration as a shift of every later span and a spring as a
// different set of baked keyframes, and it keeps no source positions. Comparing the model alone
// could miss an output change it has no field for, so a changed output that the model explains
// nowhere is still reported (`output`), and an unchanged one with an unchanged model reports
// nothing. This file is the one place that knows how the two sides are matched and where a change
// points; moving provenance into the IR changes it and nothing else.

/// One side of a comparison: a scene that compiled, with what `choreo diff` compares.
public struct ComparedScene: Sendable {
    public var source: SourceFile
    public var scene: Scene
    public var timeline: Timeline
    /// The Lottie JSON, as `choreo compile` writes it (minified).
    public var lottie: [UInt8]

    public init(source: SourceFile, scene: Scene, timeline: Timeline, lottie: [UInt8]) {
        self.source = source
        self.scene = scene
        self.timeline = timeline
        self.lottie = lottie
    }
}

/// What part of a scene a change is in.
public enum ChangeArea: String, Sendable, CaseIterable {
    case scene, node, base, pose, state, transition, timeline, theme, output, input, `var`
}

public enum ChangeKind: String, Sendable {
    case added, removed, changed
}

/// One difference between two versions of a scene.
public struct MotionChange: Sendable, Equatable {
    public var area: ChangeArea
    public var kind: ChangeKind
    /// What changed: a node id, `on.track.fill` (state, node, property), `disabled->enabled`, a
    /// timeline or theme name.
    public var subject: String
    /// The part of the subject that changed (`duration`, `easing`, `shape`), nil when the subject
    /// is a value itself.
    public var field: String?
    public var old: String?
    public var new: String?
    /// Where NEW says it; nil for what NEW no longer has (and for scene-wide values the model
    /// keeps no position for).
    public var range: SourceRange?
    /// What else there is to know (a var's: which keys read it).
    public var note: String?
    /// The changes this one stands for (a var's: those of the keys that read it, each not
    /// reported on its own).
    public var explains: [MotionChange] = []

    public init(
        _ area: ChangeArea, _ kind: ChangeKind, _ subject: String, field: String? = nil, old: String? = nil,
        new: String? = nil, at range: SourceRange?
    ) {
        self.area = area
        self.kind = kind
        self.subject = subject
        self.field = field
        self.old = old
        self.new = new
        self.range = range
    }

    /// `transition disabled->enabled`, `pose on.track.fill`.
    public var title: String { "\(area.rawValue) \(subject)" }

    /// `duration 0.25 s → 0.4 s`, `#34c759 → #30d158`, `added`.
    public var detail: String {
        let text: String
        switch kind {
        case .added, .removed:
            text = [field, kind.rawValue].compactMap { $0 }.joined(separator: " ")
        case .changed:
            if old == nil && new == nil {
                text = field ?? kind.rawValue
            } else {
                let values = "\(old ?? "none") → \(new ?? "none")"
                text = field.map { "\($0) \(values)" } ?? values
            }
        }
        return note.map { "\(text) (\($0))" } ?? text
    }

    /// `transition disabled->enabled: duration 0.25 s → 0.4 s`.
    public var summary: String { "\(title): \(detail)" }
}

/// The comparison of one scene: matched by name (directories) or by path (`--git`).
public struct SceneDiff: Sendable {
    /// The scene's name (NEW's, or OLD's for a removed scene).
    public var name: String
    public var oldPath: String?
    public var newPath: String?
    /// In NEW's order of lines (changes NEW has no line for last).
    public var changes: [MotionChange]
    /// The Lottie output's size in bytes on each side (nil for a side without the scene).
    public var oldLottieBytes: Int?
    public var newLottieBytes: Int?

    public var hasChanges: Bool { !changes.isEmpty }
}

/// Whether two timelines are the same but for where their nodes are defined in the file: the IR
/// records each node's position for what points back into the scene, and a node moved by an edit
/// above it (or by a reformat) draws the same.
private func drawsTheSame(_ a: Timeline, _ b: Timeline) -> Bool {
    func placeless(_ node: Node) -> Node {
        var node = node
        node.source.definition = nil
        if case let .group(children) = node.content { node.content = .group(children.map(placeless)) }
        return node
    }
    guard a != b else { return true }
    var a = a, b = b
    a.layers = a.layers.map(placeless)
    b.layers = b.layers.map(placeless)
    return a == b
}

/// Compares two versions of one scene; nil on a side means the scene is not there.
public func compareScenes(old: ComparedScene?, new: ComparedScene?) -> SceneDiff {
    let name = new?.timeline.name ?? old?.timeline.name ?? ""
    var diff = SceneDiff(
        name: name, oldPath: old?.source.path, newPath: new?.source.path, changes: [],
        oldLottieBytes: old?.lottie.count, newLottieBytes: new?.lottie.count)
    switch (old, new) {
    case (nil, nil):
        break
    case (nil, .some):
        diff.changes = [MotionChange(.scene, .added, name, at: SourceRange(.start))]
    case let (old?, nil):
        diff.changes = [MotionChange(.scene, .removed, old.timeline.name, at: nil)]
    case let (old?, new?):
        // The scenes as written: text nodes before they were split into their texts and glyphs.
        var comparison = ModelComparison(old: WrittenScene(old.source), new: WrittenScene(new.source))
        comparison.compare(old.scene.authored?.scene ?? old.scene, new.scene.authored?.scene ?? new.scene)
        comparison.compareCompiled(old.timeline, new.timeline, themes: new.scene.themes)
        var changes = comparison.changes
        let outputChanged = old.lottie != new.lottie || !drawsTheSame(old.timeline, new.timeline)
        if outputChanged && changes.isEmpty {
            changes.append(MotionChange(.output, .changed, "timeline", field: "changed beyond the parts compared", at: nil))
        }
        if old.lottie.count != new.lottie.count {
            changes.append(
                MotionChange(
                    .output, .changed, "Lottie", field: "size", old: "\(old.lottie.count) bytes", new: "\(new.lottie.count) bytes",
                    at: nil))
        }
        diff.changes = changes.enumerated().sorted { a, b in
            // Stable: by NEW's line, changes without a line after those with one, then as found.
            switch (a.element.range, b.element.range) {
            case let (x?, y?): (x.start.line, x.start.column, a.offset) < (y.start.line, y.start.column, b.offset)
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): a.offset < b.offset
            }
        }.map(\.element)
    }
    return diff
}

/// Walks the two models section by section. A new section of the language (inputs, when scenes
/// have them) is one more `compare…` method called from `compare(_:_:)`, matched by name like
/// states and timelines.
struct ModelComparison {
    var changes: [MotionChange] = []
    /// The two files as written, for how easings and text keys are written and which `$var`s
    /// values read.
    let oldWritten: WrittenScene?
    let newWritten: WrittenScene?
    /// The vars whose values differ between the sides, and the keys of NEW that read each
    /// (reported once, as the var).
    private var changedVars: Set<String> = []
    private var readers: [String: [MotionChange]] = [:]

    init(old: WrittenScene? = nil, new: WrittenScene? = nil) {
        oldWritten = old
        newWritten = new
    }

    mutating func compare(_ old: Scene, _ new: Scene) {
        changedVars = Set(Set(old.vars.keys).union(new.vars.keys).filter { old.vars[$0] != nil && new.vars[$0] != nil && old.vars[$0] != new.vars[$0] })
        compareSceneValues(old, new)
        compareNodes(old, new)
        compareStates(old, new)
        compareTransitions(old, new)
        compareTimelines(old, new)
        compareThemes(old, new)
        compareInputs(old, new)
        reportVars()
    }

    /// Adds `change`, unless the values at `oldSite` and `newSite` both read one var whose value
    /// changed: the change is then the var's, which explains it.
    private mutating func add(_ change: MotionChange, reading oldSite: SceneNodeID?, _ newSite: SceneNodeID?) {
        guard let name = newWritten?.varRead(newSite), changedVars.contains(name), oldWritten?.varRead(oldSite) == name else {
            add(change)
            return
        }
        if readers[name]?.contains(where: { $0.subject == change.subject && $0.field == change.field }) != true {
            readers[name, default: []].append(change)
        }
    }

    /// One change per var whose new value explains changes elsewhere, at its definition, naming
    /// the keys that read it.
    private mutating func reportVars() {
        guard let oldWritten, let newWritten else { return }
        let before = oldWritten.vars, after = newWritten.vars
        for (name, uses) in readers.sorted(by: { $0.key < $1.key }) {
            let subjects = uses.map { [$0.subject, $0.field].compactMap { $0 }.joined(separator: " ") }
            let shown = subjects.prefix(6).joined(separator: ", ") + (subjects.count > 6 ? " and \(subjects.count - 6) more" : "")
            var change = MotionChange(.var, .changed, name, old: before[name]?.text, new: after[name]?.text, at: after[name]?.range)
            change.note = "read by \(shown)"
            change.explains = uses
            add(change)
        }
    }

    private mutating func add(_ change: MotionChange) { changes.append(change) }

    private mutating func field<T: Equatable>(
        _ area: ChangeArea, _ subject: String, _ name: String?, _ old: T, _ new: T, at range: SourceRange?,
        _ describe: (T) -> String
    ) {
        guard old != new else { return }
        let (oldText, newText) = distinctTexts(describe(old), describe(new))
        add(MotionChange(area, .changed, subject, field: name, old: oldText, new: newText, at: range))
    }

    // MARK: Scene

    private mutating func compareSceneValues(_ old: Scene, _ new: Scene) {
        let start = SourceRange(.start)
        field(.scene, new.name, "size", old.size, new.size, at: start, ValueText.point)
        field(.scene, new.name, "fps", old.fps, new.fps, at: start, ValueText.number)
        field(.scene, new.name, "background", old.background, new.background, at: start) { $0.map(ValueText.color) ?? "none" }
        field(.scene, new.name, "initial state", old.initial, new.initial, at: start) { $0 ?? "none" }
    }

    /// What the compiled timelines hold and the model does not as such: the title, and the
    /// themed values of the themes both sides have (the model keeps a theme's values as YAML, so
    /// equal values may be written differently; the slots hold them resolved).
    mutating func compareCompiled(_ old: Timeline, _ new: Timeline, themes: [SceneTheme]) {
        field(.scene, new.name, "title", old.title, new.title, at: SourceRange(.start)) { $0 }
        guard let oldThemes = old.themes, let newThemes = new.themes else { return }
        let oldSlots = Dictionary(oldThemes.slots.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for theme in themes where oldThemes.names.contains(theme.name) {
            for slot in newThemes.slots {
                guard let before = oldSlots[slot.id] else { continue }
                field(.theme, theme.name, slot.id, before.values[theme.name], slot.values[theme.name], at: theme.range) {
                    $0.map(ValueText.slot) ?? "none"
                }
            }
        }
    }

    // MARK: Nodes

    private struct PlacedNode {
        var node: SceneNode
        var parent: String?
    }

    private static func flatten(_ layers: [SceneNode]) -> [PlacedNode] {
        var result: [PlacedNode] = []
        func visit(_ nodes: [SceneNode], parent: String?) {
            for node in nodes {
                result.append(PlacedNode(node: node, parent: parent))
                if case let .group(children) = node.shape { visit(children, parent: node.id) }
            }
        }
        visit(layers, parent: nil)
        return result
    }

    private mutating func compareNodes(_ old: Scene, _ new: Scene) {
        let oldNodes = Self.flatten(old.layers), newNodes = Self.flatten(new.layers)
        let oldById = Dictionary(oldNodes.map { ($0.node.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newIds = Set(newNodes.map(\.node.id))
        for placed in newNodes {
            let node = placed.node
            guard let before = oldById[node.id] else {
                add(MotionChange(.node, .added, node.id, at: node.range))
                continue
            }
            compareNode(before, placed)
        }
        for placed in oldNodes where !newIds.contains(placed.node.id) {
            add(MotionChange(.node, .removed, placed.node.id, at: nil))
        }
        // The drawing order of the nodes both sides have (bottom to top).
        let oldOrder = oldNodes.map(\.node.id).filter(newIds.contains)
        let newOrder = newNodes.map(\.node.id).filter { oldById[$0] != nil }
        if oldOrder != newOrder, let first = zip(oldOrder, newOrder).first(where: { $0 != $1 }) {
            let range = newNodes.first { $0.node.id == first.1 }?.node.range
            add(MotionChange(.node, .changed, first.1, field: "drawing order", old: oldOrder.joined(separator: ", "),
                             new: newOrder.joined(separator: ", "), at: range))
        }
    }

    private mutating func compareNode(_ old: PlacedNode, _ new: PlacedNode) {
        let id = new.node.id, range = new.node.range
        let a = old.node, b = new.node
        field(.node, id, "group", old.parent, new.parent, at: range) { $0 ?? "none (top level)" }
        field(.node, id, "shape", ValueText.shape(a.shape), ValueText.shape(b.shape), at: range) { $0 }
        field(.node, id, "fill", a.fill, b.fill, at: range) { "\($0)" }
        field(.node, id, "fill-rule", a.fillRule, b.fillRule, at: range) { $0.rawValue }
        field(.node, id, "stroke", a.stroke, b.stroke, at: range) { $0.map(ValueText.strokeStyle) ?? "none" }
        field(.node, id, "trim", a.trimmed, b.trimmed, at: range) { $0 ? "yes" : "no" }
        field(.node, id, "repeat", a.repeat, b.repeat, at: range) { $0.map(ValueText.repeatText) ?? "none" }
        field(.node, id, "repeat stagger", a.stagger, b.stagger, at: range) { $0.map(ValueText.stagger) ?? "none" }
        field(.node, id, "clip", a.clip, b.clip, at: range) { $0.map(ValueText.shape) ?? "none" }
        var properties = Set(a.base.keys)
        properties.formUnion(b.base.keys)
        let isText = newWritten?.isText(id) == true && oldWritten?.isText(id) == true
        for property in properties.sorted() {
            let before = a.base[property], after = b.base[property]
            guard before != after else { continue }
            let path = property.path.split(separator: ".").map(String.init)
            if isText, property == .d, compareTextKeys(id, at: range) { continue }
            let (oldText, newText) = distinctTexts(
                before.map(ValueText.value) ?? "none", after.map(ValueText.value) ?? "none")
            add(
                MotionChange(.base, .changed, "\(id).\(property.path)", old: oldText, new: newText, at: range),
                reading: oldWritten?.nodeValue(id, path), newWritten?.nodeValue(id, path))
        }
    }

    /// The keys that set a text node's glyphs (`text`, `font`, `size`, …), compared as written,
    /// for a text whose outline changed; false when none of them did (a font file that changed).
    private mutating func compareTextKeys(_ id: String, at range: SourceRange) -> Bool {
        guard let oldWritten, let newWritten else { return false }
        var found = false
        for key in ["text", "font", "size", "align", "line-height", "letter-spacing", "max-width"] {
            let before = oldWritten.nodeValue(id, [key]), after = newWritten.nodeValue(id, [key])
            let was = before.map(oldWritten.text), now = after.map(newWritten.text)
            guard was != now else { continue }
            found = true
            add(
                MotionChange(.base, .changed, "\(id).\(key)", old: was ?? "none", new: now ?? "none", at: after.map { newWritten.document[$0].range } ?? range),
                reading: before, after)
        }
        return found
    }

    // MARK: States

    private mutating func compareStates(_ old: Scene, _ new: Scene) {
        let oldByName = Dictionary(old.states.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newNames = Set(new.states.map(\.name))
        let newBases = Dictionary(Self.flatten(new.layers).map { ($0.node.id, $0.node.base) }, uniquingKeysWith: { first, _ in first })
        let oldBases = Dictionary(Self.flatten(old.layers).map { ($0.node.id, $0.node.base) }, uniquingKeysWith: { first, _ in first })
        for state in new.states {
            guard let before = oldByName[state.name] else {
                add(MotionChange(.state, .added, state.name, at: state.range))
                continue
            }
            field(.state, state.name, "label", before.label, state.label, at: state.range) { $0.map { "“\($0)”" } ?? "none" }
            field(.state, state.name, "play", before.play, state.play, at: state.range) { $0 ?? "none" }
            field(.state, state.name, "loop", before.playLoop, state.playLoop, at: state.range) { $0.map { $0 ? "yes" : "no" } ?? "as the timeline says" }
            var keys = Set(before.overrides.keys)
            keys.formUnion(state.overrides.keys)
            for key in keys.sorted() {
                // A node only one side has is reported as a node.
                guard oldBases[key.node] != nil, newBases[key.node] != nil else { continue }
                let was = before.overrides[key], now = state.overrides[key]
                guard was != now else { continue }
                // A pose key without an override is the node's base value.
                func text(_ value: PropertyValue?, base: PropertyValues?) -> String {
                    if let value { return ValueText.value(value) }
                    return "base" + (base?[key.property].map { " (\(ValueText.value($0)))" } ?? "")
                }
                let path = key.property.path.split(separator: ".").map(String.init)
                let (oldText, newText) = distinctTexts(text(was, base: oldBases[key.node]), text(now, base: newBases[key.node]))
                let range = state.overrideRanges[key] ?? state.range
                add(
                    MotionChange(.pose, .changed, "\(state.name).\(key.node).\(key.property.path)", old: oldText, new: newText, at: range),
                    reading: oldWritten?.poseValue(state.name, key.node, path), newWritten?.poseValue(state.name, key.node, path))
            }
            // The texts the state gives text nodes (`text:` in a state).
            let oldTexts = old.stateTexts[state.name] ?? [:], newTexts = new.stateTexts[state.name] ?? [:]
            for node in Set(oldTexts.keys).union(newTexts.keys).sorted() where oldBases[node] != nil && newBases[node] != nil {
                let was = oldTexts[node], now = newTexts[node]
                guard was?.text != now?.text else { continue }
                add(
                    MotionChange(
                        .pose, .changed, "\(state.name).\(node).text", old: was.map { "“\($0.text)”" } ?? "its own text",
                        new: now.map { "“\($0.text)”" } ?? "its own text", at: now?.range ?? state.range),
                    reading: oldWritten?.poseValue(state.name, node, ["text"]), newWritten?.poseValue(state.name, node, ["text"]))
            }
        }
        for state in old.states where !newNames.contains(state.name) {
            add(MotionChange(.state, .removed, state.name, at: nil))
        }
        let oldOrder = old.states.map(\.name).filter(newNames.contains)
        let newOrder = new.states.map(\.name).filter { oldByName[$0] != nil }
        if oldOrder != newOrder, let first = zip(oldOrder, newOrder).first(where: { $0 != $1 }) {
            add(MotionChange(.state, .changed, first.1, field: "order", old: oldOrder.joined(separator: ", "),
                             new: newOrder.joined(separator: ", "), at: new.states.first { $0.name == first.1 }?.range))
        }
    }

    // MARK: Transitions

    private static func pairName(_ transition: SceneTransition) -> String { "\(transition.from)->\(transition.to)" }

    /// Transitions matched by `FROM->TO`; several between the same two states (on different
    /// triggers) are matched by trigger, then in file order, and named with their trigger.
    private static func matchTransitions(
        _ old: [SceneTransition], _ new: [SceneTransition]
    ) -> [(name: String, old: SceneTransition?, new: SceneTransition?)] {
        var count: [String: Int] = [:]
        for transition in old + new { count[pairName(transition), default: 0] += 1 }
        var oldCount: [String: Int] = [:]
        for transition in old { oldCount[pairName(transition), default: 0] += 1 }
        func name(_ transition: SceneTransition) -> String {
            let pair = pairName(transition)
            // Shared on one side: more of that pair than one per side.
            let shared = (count[pair] ?? 0) - (oldCount[pair] ?? 0) > 1 || (oldCount[pair] ?? 0) > 1
            return shared ? "\(pair) on \(transition.trigger.rawValue)" : pair
        }
        var unmatchedOld = Set(old.indices)
        var matches: [Int?] = new.map { transition in
            let index = old.indices.first { unmatchedOld.contains($0) && pairName(old[$0]) == pairName(transition) && old[$0].trigger == transition.trigger }
            if let index { unmatchedOld.remove(index) }
            return index
        }
        for (position, transition) in new.enumerated() where matches[position] == nil {
            let index = old.indices.first { unmatchedOld.contains($0) && pairName(old[$0]) == pairName(transition) }
            if let index { unmatchedOld.remove(index) }
            matches[position] = index
        }
        return new.enumerated().map { position, transition in (name(transition), matches[position].map { old[$0] }, transition) }
            + old.indices.filter(unmatchedOld.contains).map { (name(old[$0]), old[$0], nil) }
    }

    private mutating func compareTransitions(_ old: Scene, _ new: Scene) {
        for (name, before, transition) in Self.matchTransitions(old.transitions, new.transitions) {
            guard let transition else {
                add(MotionChange(.transition, .removed, name, at: nil))
                continue
            }
            let range = transition.range
            guard let before else {
                add(MotionChange(.transition, .added, name, at: range))
                continue
            }
            field(.transition, name, "trigger", before.trigger, transition.trigger, at: range) { $0.rawValue }
            compareTiming(
                .transition, name, prefix: nil, before.timing, transition.timing, at: range,
                written: (before.range.start, transition.range.start))
            var keys = Set(before.nodeTiming.keys)
            keys.formUnion(transition.nodeTiming.keys)
            for key in keys.sorted() {
                switch (before.nodeTiming[key], transition.nodeTiming[key]) {
                case let (was?, now?): compareTiming(.transition, name, prefix: key, was, now, at: range)
                case (nil, _?): add(MotionChange(.transition, .added, name, field: "timing of \(key)", at: range))
                case (_?, nil): add(MotionChange(.transition, .removed, name, field: "timing of \(key)", at: range))
                case (nil, nil): break
                }
            }
            var keyframed = Set(before.keyframes.keys)
            keyframed.formUnion(transition.keyframes.keys)
            for key in keyframed.sorted() {
                compareKeyframes(
                    .transition, name, key, before.keyframes[key] ?? [], transition.keyframes[key] ?? [], enclosingRange: range)
            }
        }
    }

    /// `written`: where the maps that write the two timings start, to show their easings as
    /// written.
    private mutating func compareTiming(
        _ area: ChangeArea, _ subject: String, prefix: String?, _ old: Timing, _ new: Timing, at range: SourceRange?,
        written: (old: SourceLocation, new: SourceLocation)? = nil
    ) {
        func name(_ field: String) -> String { prefix.map { "\($0) \(field)" } ?? field }
        for (key, was, now) in [("duration", old.duration, new.duration), ("delay", old.delay, new.delay)] where was != now {
            let (oldText, newText) = distinctTexts(ValueText.seconds(was), ValueText.seconds(now))
            add(
                MotionChange(area, .changed, subject, field: name(key), old: oldText, new: newText, at: range),
                reading: written.flatMap { oldWritten?.value(key, inMapAt: $0.old) }, written.flatMap { newWritten?.value(key, inMapAt: $0.new) })
        }
        compareEasing(area, subject, name("easing"), old.easing, new.easing, at: range, written: written)
    }

    /// An easing as each side writes it (`{spring: {duration: 0.5s, bounce: 0.3}}`), or by the
    /// name that fits where a side does not write it in that map.
    private mutating func compareEasing(
        _ area: ChangeArea, _ subject: String, _ name: String, _ old: EasingSpec, _ new: EasingSpec, at range: SourceRange?,
        written: (old: SourceLocation, new: SourceLocation)?
    ) {
        guard old != new else { return }
        let was = written.flatMap { oldWritten?.written("easing", inMapAt: $0.old) } ?? ValueText.easing(old)
        let now = written.flatMap { newWritten?.written("easing", inMapAt: $0.new) } ?? ValueText.easing(new)
        let (oldText, newText) = was != now ? (was, now) : distinctTexts(ValueText.easing(old), ValueText.easing(new))
        add(
            MotionChange(area, .changed, subject, field: name, old: oldText, new: newText, at: range),
            reading: written.flatMap { oldWritten?.value("easing", inMapAt: $0.old) }, written.flatMap { newWritten?.value("easing", inMapAt: $0.new) })
    }

    // MARK: Timelines

    private mutating func compareTimelines(_ old: Scene, _ new: Scene) {
        let oldByName = Dictionary(old.timelines.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newNames = Set(new.timelines.map(\.name))
        for timeline in new.timelines {
            let name = timeline.name
            guard let before = oldByName[name] else {
                add(MotionChange(.timeline, .added, name, at: timeline.range))
                continue
            }
            field(.timeline, name, "duration", before.duration, timeline.duration, at: timeline.range, ValueText.seconds)
            field(.timeline, name, "loop", before.loop, timeline.loop, at: timeline.range) { $0 ? "yes" : "no" }
            compareTweens(name, before.tweens, timeline.tweens, timelineRange: timeline.range)
            var keys = Set(before.keyframes.keys)
            keys.formUnion(timeline.keyframes.keys)
            for key in keys.sorted() {
                compareKeyframes(.timeline, name, key, before.keyframes[key] ?? [], timeline.keyframes[key] ?? [], enclosingRange: timeline.range)
            }
        }
        for timeline in old.timelines where !newNames.contains(timeline.name) {
            add(MotionChange(.timeline, .removed, timeline.name, at: nil))
        }
    }

    private mutating func compareTweens(_ name: String, _ old: [Tween], _ new: [Tween], timelineRange: SourceRange) {
        for (index, tween) in new.enumerated() {
            let label = "tween \(index + 1)", range = tween.range
            guard index < old.count else {
                add(MotionChange(.timeline, .added, name, field: label, at: range))
                continue
            }
            let before = old[index]
            field(.timeline, name, "\(label) at", before.at, tween.at, at: range, ValueText.seconds)
            field(.timeline, name, "\(label) kind", before.relative, tween.relative, at: range) { $0 ? "by" : "to" }
            compareTiming(.timeline, name, prefix: label, before.timing, tween.timing, at: range, written: (before.range.start, tween.range.start))
            var keys = Set(before.values.keys)
            keys.formUnion(tween.values.keys)
            for key in keys.sorted() {
                field(.timeline, name, "\(label) \(key.node).\(key.property.path)", before.values[key], tween.values[key], at: range) {
                    $0.map(ValueText.value) ?? "none"
                }
            }
        }
        if old.count > new.count {
            for index in new.count..<old.count {
                add(MotionChange(.timeline, .removed, name, field: "tween \(index + 1)", at: timelineRange))
            }
        }
    }

    /// The keyframes of one property of a timeline or a transition (`area`), keyframe by
    /// keyframe: each one's time, value and easing (as written).
    private mutating func compareKeyframes(
        _ area: ChangeArea, _ name: String, _ key: PropertyKey, _ old: [Keyframe], _ new: [Keyframe], enclosingRange: SourceRange
    ) {
        let path = "\(key.node).\(key.property.path)"
        guard !old.isEmpty else {
            add(MotionChange(area, .added, name, field: "keyframes of \(path)", at: new.first?.range ?? enclosingRange))
            return
        }
        guard !new.isEmpty else {
            add(MotionChange(area, .removed, name, field: "keyframes of \(path)", at: enclosingRange))
            return
        }
        if old.count != new.count {
            add(MotionChange(area, .changed, name, field: "keyframes of \(path)", old: "\(old.count) keyframes",
                             new: "\(new.count) keyframes", at: new.first?.range ?? enclosingRange))
        }
        for (index, (before, after)) in zip(old, new).enumerated() {
            let label = "\(path) keyframe \(index + 1)"
            field(area, name, "\(label) at", before.at, after.at, at: after.range, ValueText.seconds)
            field(area, name, label, before.value, after.value, at: after.range, ValueText.value)
            compareEasing(area, name, "\(label) easing", before.easing, after.easing, at: after.range, written: (before.range.start, after.range.start))
        }
    }

    // MARK: Themes

    private mutating func compareThemes(_ old: Scene, _ new: Scene) {
        let oldNames = Set(old.themes.map(\.name)), newNames = Set(new.themes.map(\.name))
        for theme in new.themes where !oldNames.contains(theme.name) {
            add(MotionChange(.theme, .added, theme.name, at: theme.range))
        }
        for theme in old.themes where !newNames.contains(theme.name) {
            add(MotionChange(.theme, .removed, theme.name, at: nil))
        }
    }
}

extension ModelComparison {
    /// Inputs by name: added, removed, or changed in kind, default or range; and each
    /// transition's guard and actions.
    fileprivate mutating func compareInputs(_ old: Scene, _ new: Scene) {
        let before = Dictionary(old.inputs.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        let after = Dictionary(new.inputs.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        for input in new.inputs {
            guard let previous = before[input.name] else {
                changes.append(MotionChange(.input, .added, input.name, at: new.inputRanges[input.name]))
                continue
            }
            let range = new.inputRanges[input.name]
            if previous.kind != input.kind {
                changes.append(MotionChange(.input, .changed, input.name, field: "kind", old: previous.kind.rawValue, new: input.kind.rawValue, at: range))
            } else if previous.initial != input.initial {
                let (a, b) = distinctTexts(inputValueText(previous.initial), inputValueText(input.initial))
                changes.append(MotionChange(.input, .changed, input.name, field: "default", old: a, new: b, at: range))
            }
            if previous.range != input.range {
                func text(_ range: ClosedRange<Double>?) -> String {
                    range.map { "[\(ValueText.number($0.lowerBound)), \(ValueText.number($0.upperBound))]" } ?? "none"
                }
                changes.append(MotionChange(.input, .changed, input.name, field: "range", old: text(previous.range), new: text(input.range), at: range))
            }
        }
        for input in old.inputs where after[input.name] == nil {
            changes.append(MotionChange(.input, .removed, input.name, at: nil))
        }
    }
}

func inputValueText(_ value: InputValue) -> String {
    switch value {
    case let .boolean(flag): flag ? "true" : "false"
    case let .number(number): ValueText.number(number)
    case let .string(text): "\"\(text)\""
    case let .color(color): "\"\(color.hexText)\""
    }
}

/// The texts of two different values, which rounding for display can make look the same.
func distinctTexts(_ old: String, _ new: String) -> (String, String) {
    old == new ? (old, new + " (differs beyond the digits shown)") : (old, new)
}
