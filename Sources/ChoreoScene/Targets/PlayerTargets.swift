import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline

/// A family of players a scene is compiled for (`compile --target`). Each one but `web` has
/// constructs it cannot play as Choreo writes them; `checkPlayerTarget` reports those, positioned
/// at the text that causes them (docs/diagnostics.md, "Player targets").
public enum PlayerTarget: String, CaseIterable, Sendable {
    /// lottie-web, dotLottie/ThorVG, Skottie: nothing extra is checked.
    case web
    /// lottie-ios with its default Core Animation engine, which falls back to the slower Main
    /// Thread engine for what it cannot express.
    case lottieIOS = "lottie-ios"
    /// lottie-android (and lottie-react-native on Android) with default settings.
    case lottieAndroid = "lottie-android"
    /// Telegram animated stickers (`.tgs`).
    case tgs

    /// The target checked when none is asked for.
    public static let `default` = PlayerTarget.web

    /// What `--help` says of the target after its name, if anything.
    public var helpNote: String? {
        switch self {
        case .web: "default, nothing extra"
        case .tgs: "Telegram stickers; also writes DIR/NAME.\(TargetOutput.telegramSticker.fileExtension)"
        case .lottieIOS, .lottieAndroid: nil
        }
    }

    /// The file compiling for the target writes beside the outputs `--emit` chose.
    public var extraOutput: TargetOutput? {
        switch self {
        case .tgs: .telegramSticker
        case .web, .lottieIOS, .lottieAndroid: nil
        }
    }

    /// Every target, in order, as `describe` writes each, the last after `lastSeparator`
    /// ("web, lottie-ios, lottie-android or tgs"): for usage, help and messages.
    public static func list(_ describe: (PlayerTarget) -> String = \.rawValue, lastSeparator: String = " or ") -> String {
        let words = allCases.map(describe)
        return words.dropLast().joined(separator: ", ") + lastSeparator + words[words.count - 1]
    }
}

/// A file a player target writes beside the compiled outputs.
public enum TargetOutput: Sendable {
    /// The Telegram sticker: the sticker's Lottie, gzipped.
    case telegramSticker

    public var fileExtension: String {
        switch self {
        case .telegramSticker: "tgs"
        }
    }
}

/// The compilation checked against `target`: an error for every construct it cannot play, the
/// timeline nil when any was found. The positions come from the scene model's source map and the
/// IR nodes' sources, so nothing is read again.
func checkedForTarget(_ compilation: SceneCompilation, target: PlayerTarget, scene: Scene, file: SourceFile) -> SceneCompilation {
    guard target != .web, let timeline = compilation.timeline else { return compilation }
    var bag = DiagnosticBag(file: file.path)
    let locator = SourceLocator(scene: scene)
    for finding in checkPlayerTarget(target, timeline: timeline, locator: locator) {
        bag.error(finding.rule, finding.message, at: finding.range, help: finding.help)
    }
    let failed = !bag.diagnostics.isEmpty
    for finding in jumpFindings(target, timeline: timeline, locator: locator) {
        bag.warning(finding.rule, finding.message, at: finding.range, help: finding.help)
    }
    guard !bag.diagnostics.isEmpty else { return compilation }
    var checked = compilation
    checked.diagnostics = (compilation.diagnostics + bag.diagnostics).sortedForReport()
    if failed { checked.timeline = nil }
    return checked
}

/// Every rule the player target checks and the CLI's sticker size check report.
public let playerTargetRules: Set<Rule> = Set(Rule.allCases.filter { $0.stage == .target })

struct TargetFinding {
    var rule: Rule
    var message: String
    var range: SourceRange
    var help: String
    /// Whether the message names a node lowering wrote out for one copy of a repeat: the copies
    /// of one staggered repeat share their source, so one finding stands for all of them.
    var namesRepeatCopy = false
}

/// The checks run on the lowered timeline (what the Lottie emitter writes), so they see inherited
/// styles, baked springs and repeats exactly as a player will.
func checkPlayerTarget(_ target: PlayerTarget, timeline: Timeline, locator: SourceLocator) -> [TargetFinding] {
    var findings: [TargetFinding] = []
    func visit(_ node: Node, ancestors: [Node]) {
        switch target {
        case .web: break
        case .lottieIOS: findings += lottieIOSFindings(node, ancestors: ancestors, locator: locator)
        case .lottieAndroid: findings += lottieAndroidFindings(node, locator: locator)
        // Of Telegram's forbidden features the scene language can express star shapes, which
        // the sticker writes as paths, and masks (clips); the limits on time and size are
        // checked below and by the CLI (gzip size).
        case .tgs:
            if node.clip != nil, let roll = locator.textRoll(clipping: node) {
                // The scene wrote no clip: the text box clips a text that rolls.
                findings.append(TargetFinding(
                    rule: .tgsClip,
                    message: "'\(node.id)' is clipped to its text box because its text rolls here ('change: \(roll.change.rawValue)'); a clip is a Lottie mask, which Telegram stickers may not use",
                    range: roll.range,
                    help: "use 'change: fade' (a cross-fade needs no clip), or compile this scene for another target"))
            } else if node.clip != nil {
                findings.append(TargetFinding(
                    rule: .tgsClip,
                    message: "'\(node.id)' is clipped; a clip is a Lottie mask, which Telegram stickers may not use",
                    range: locator.nodeKey(.clip, of: node),
                    help: "draw the visible part as a shape of its own, or compile this scene for another target",
                    namesRepeatCopy: node.source.isRepeatCopy))
            }
        }
        findings += effectFindings(node, target: target, locator: locator)
        findings += compositingFindings(node, target: target, locator: locator)
        if let matte = node.matte { visit(matte.source, ancestors: ancestors) }
        if case let .group(children) = node.content {
            for child in children { visit(child, ancestors: ancestors + [node]) }
        }
    }
    for layer in timeline.layers { visit(layer, ancestors: []) }
    var seen: Set<String> = []
    findings = findings.filter { finding in
        guard finding.namesRepeatCopy else { return true }
        return seen.insert("\(finding.rule.rawValue) \(finding.range.start) \(finding.range.end)").inserted
    }
    findings += bindingFindings(target, scene: locator.scene)
    if target == .tgs, timeline.duration > TelegramSticker.maxDuration + 1e-9 {
        let seconds = formatSeconds(timeline.duration)
        findings.append(TargetFinding(
            rule: .tgsTooLong,
            message: "the scene lasts \(seconds) in all; a Telegram sticker lasts at most 3s",
            range: locator.spanCrossing(TelegramSticker.maxDuration, in: timeline),
            help: "shorten the timelines and transitions (all of them play one after another in a sticker), or compile a scene with only the loop the sticker shows"))
    }
    return findings
}

// MARK: Bindings

/// lottie-ios, lottie-android and Telegram's stickers read no slots: on those a bound value shows
/// its default whatever the app sets.
private func bindingFindings(_ target: PlayerTarget, scene: Scene) -> [TargetFinding] {
    let player: String
    switch target {
    case .web: return []
    case .lottieIOS: player = "lottie-ios reads no slots"
    case .lottieAndroid: player = "lottie-android reads no slots"
    case .tgs: player = "a Telegram sticker takes no input from an app"
    }
    return scene.bindings.map { binding in
        TargetFinding(
            rule: .bindingWithoutSlots,
            message: "this value follows '\(binding.input)', but \(player): it would always show its default",
            range: binding.range,
            help: target == .tgs
                ? "write the value itself for the sticker"
                : "play the scene with a dotLottie player (dotlottie-ios, dotlottie-android read slots), or write the value itself for this target")
    }
}

// MARK: lottie-ios (Core Animation engine)

private func lottieIOSFindings(_ node: Node, ancestors: [Node], locator: SourceLocator) -> [TargetFinding] {
    guard case let .shape(_, style) = node.content else { return [] }
    var findings: [TargetFinding] = []
    if style.stroke != nil {
        // The node's own scale and every enclosing group's (and repeat's) apply to the stroke.
        let chain = ancestors + [node]
        if let scaled = chain.last(where: { everNonUniform($0.transform.scale) }) {
            findings.append(TargetFinding(
                rule: .iosStrokeNonuniformScale,
                message: "'\(node.id)' is stroked under an uneven scale (x ≠ y)\(scaled.id == node.id ? "" : " of '\(scaled.id)'"); lottie-ios's Core Animation engine falls back to its Main Thread engine",
                range: locator.property(.scale, of: scaled, where: { !isUniform($0) }),
                help: "change the geometry (size, radius, d) instead of scaling unevenly, or scale x and y alike",
                namesRepeatCopy: node.source.isRepeatCopy || scaled.source.isRepeatCopy))
        } else if let repeated = chain.last(where: { $0.repeat.map { !isUniform($0.scale) } ?? false }) {
            findings.append(TargetFinding(
                rule: .iosStrokeNonuniformScale,
                message: "'\(node.id)' is stroked and repeated with an uneven scale step (x ≠ y); lottie-ios's Core Animation engine falls back to its Main Thread engine",
                range: locator.nodeKey(.repeat, of: repeated),
                help: "repeat with a uniform scale (the same x and y), or draw the copies as separate nodes",
                namesRepeatCopy: node.source.isRepeatCopy))
        }
    }
    return findings
}

// MARK: lottie-android

private func lottieAndroidFindings(_ node: Node, locator: SourceLocator) -> [TargetFinding] {
    var findings: [TargetFinding] = []
    let paints = paintCount(node)
    if paints >= 2, everBelow1(node.transform.opacity) {
        let what: String
        if case .group = node.content {
            what = "a group of \(paints) fills and strokes"
        } else if let copies = node.repeat?.count, copies > 1 {
            what = "drawn \(copies) times by its repeat"
        } else {
            what = "filled and stroked"
        }
        findings.append(TargetFinding(
            rule: .androidGroupOpacity,
            message: "'\(node.id)', \(what), is made translucent as a whole; lottie-android applies the opacity to each fill and stroke separately, so where they overlap the ones below show through",
            range: locator.property(.opacity, of: node, where: { if case let .number(value) = $0 { value < 1 } else { false } }),
            help: "give the opacity to parts that do not overlap; an app that calls setApplyingOpacityToLayersEnabled(true) on its LottieAnimationView plays it as written (compile it with --target web)",
            namesRepeatCopy: node.source.isRepeatCopy))
    }
    if let repetition = node.repeat, repetition.count > 1, paints / repetition.count >= 2,
        (0..<repetition.count).contains(where: { repetition.opacity(ofCopy: $0) < 1 })
    {
        findings.append(TargetFinding(
            rule: .androidGroupOpacity,
            message: "the copies of '\(node.id)' fade, and each copy has overlapping fills and strokes; lottie-android applies the opacity to each of them separately",
            range: locator.nodeKey(.repeat, of: node),
            help: "repeat a node with a single fill or stroke; an app that calls setApplyingOpacityToLayersEnabled(true) plays it as written (compile it with --target web)",
            namesRepeatCopy: node.source.isRepeatCopy))
    }
    return findings
}

/// How many fills and strokes a node draws (repeated copies included).
private func paintCount(_ node: Node) -> Int {
    let own: Int
    switch node.content {
    case let .shape(_, style): own = (style.fill == nil ? 0 : 1) + (style.stroke == nil ? 0 : 1)
    case let .group(children): own = children.reduce(0) { $0 + paintCount($1) }
    }
    return own * max(1, node.repeat?.count ?? 1)
}

// MARK: Values

private func isUniform(_ point: Point) -> Bool { abs(point.x - point.y) <= 1e-9 * max(1, abs(point.x), abs(point.y)) }

private func isUniform(_ value: PropertyValue) -> Bool {
    if case let .point(point) = value { return isUniform(point) }
    return true
}

private func everNonUniform(_ scale: Animated<Point>) -> Bool {
    !isUniform(scale.initial) || scale.segments.contains { !isUniform($0.from) || !isUniform($0.to) }
}

private func everBelow1(_ opacity: Animated<Double>) -> Bool {
    opacity.initial < 1 || opacity.segments.contains { $0.from < 1 || $0.to < 1 }
}

private func formatSeconds(_ seconds: Double) -> String {
    let rounded = (seconds * 1000).rounded() / 1000
    return rounded == rounded.rounded() ? "\(Int(rounded))s" : "\(rounded)s"
}

// MARK: Positions

/// Finds the text that causes a finding on the timeline: a node's key, or the state, tween or
/// keyframe that animates one of its properties. Falls back to the node's `id:`, which the IR
/// node's source holds.
struct SourceLocator {
    var scene: Scene
    /// Where each node's own keys were written (the model's source map), by id.
    private var keys: [String: [SceneNodeSource.KeyRange]] = [:]
    private var rootRange: SourceRange

    init(scene: Scene) {
        self.scene = scene
        rootRange = SourceRange(scene.documentStart)
        var keys: [String: [SceneNodeSource.KeyRange]] = [:]
        func collect(_ nodes: [SceneNode]) {
            for node in nodes {
                if keys[node.id] == nil, let source = node.source { keys[node.id] = source.keyRanges }
                if case let .group(children) = node.shape { collect(children) }
            }
        }
        collect(scene.layers)
        self.keys = keys
    }

    /// The `id:` of the node's scene node; the file's start for a node no scene node defines.
    private func definition(_ node: Node) -> SourceRange {
        node.source.definition.map(SourceRange.init) ?? rootRange
    }

    /// The node's `id:`; for a node lowering wrote out for a copy of a repeat, the repeated node's
    /// `repeat:`.
    private func idRange(_ node: Node) -> SourceRange {
        guard node.source.isRepeatCopy else { return definition(node) }
        return ownKey(.repeat, of: node.source.node) ?? definition(node)
    }

    /// The key written in the node's own map, if any.
    private func ownKey(_ property: Property, of node: String) -> SourceRange? {
        keys[node]?.first { $0.property == property }?.range
    }

    /// The scene node whose keys are the node's own: none for a copy of a repeat (its keys are the
    /// repeated node's, its placement the repeat's) or a glyph (its values are taken from the
    /// text node's, not written for it).
    private func ownMap(_ node: Node) -> String? {
        node.source.part == .node ? node.source.node : nil
    }

    /// The `change:` (and where it is written) of a transition whose text roll made `node`'s clip:
    /// the front end clips a rolling text to its text box where the scene wrote no clip.
    func textRoll(clipping node: Node) -> (change: TextChange, range: SourceRange)? {
        guard node.source.part == .node, ownKey(.clip, of: node.source.node) == nil,
            case let .group(children) = node.content
        else { return nil }
        let parts = Set(children.map(\.id))
        for transition in scene.transitions where transition.textChange == .rollUp || transition.textChange == .rollDown {
            // A roll moves the texts' own positions, which no YAML map names (the text node's
            // position moves the group): these keyframes are the roll's, at its `change:`.
            for (key, frames) in transition.keyframes where key.property == .position && parts.contains(key.node) {
                if let range = frames.first?.range { return (transition.textChange, range) }
            }
        }
        return nil
    }

    func nodeKey(_ property: Property, of node: Node) -> SourceRange {
        ownMap(node).flatMap { ownKey(property, of: $0) } ?? idRange(node)
    }

    /// Where `property` of `node` gets a value matching `condition`: the node's own key when its
    /// base value matches, else the first state, tween or keyframe setting a matching value, else
    /// the first one animating the property at all, else the node's own key or `id:`.
    func property(_ property: Property, of node: Node, where condition: (PropertyValue) -> Bool) -> SourceRange {
        let modelNode: String
        let keysOf: String?
        switch node.source.part {
        // A copy's own transform is the repeated node's; its placement is the repeat's.
        case .node, .copy: (modelNode, keysOf) = (node.source.node, node.source.node)
        case .copyPlacement: return idRange(node)
        // The model keys a glyph's motion by the glyph's own node, which no scene map defines.
        case .glyph: (modelNode, keysOf) = (node.id, nil)
        }
        let key = PropertyKey(node: modelNode, property: property)
        var writes: [(value: PropertyValue, range: SourceRange)] = []
        for state in scene.states {
            if let value = state.overrides[key] { writes.append((value, state.overrideRanges[key] ?? state.range)) }
        }
        for timeline in scene.timelines {
            for tween in timeline.tweens {
                if let value = tween.values[key] { writes.append((value, tween.range)) }
            }
            for keyframe in timeline.keyframes[key] ?? [] { writes.append((keyframe.value, keyframe.range)) }
        }
        let written = keysOf.flatMap { ownKey(property, of: $0) }
        if let base = sceneNode(modelNode)?.base[property], condition(base), let written {
            return written
        }
        let sorted = writes.sorted { $0.range.start < $1.range.start }
        if let match = sorted.first(where: { condition($0.value) }) { return match.range }
        return sorted.first?.range ?? written ?? definition(node)
    }

    private func sceneNode(_ id: String) -> SceneNode? {
        func find(_ nodes: [SceneNode]) -> SceneNode? {
            for node in nodes {
                if node.id == id { return node }
                if case let .group(children) = node.shape, let found = find(children) { return found }
            }
            return nil
        }
        return find(scene.layers)
    }

    /// The state, transition or timeline playing when the global timeline passes `time`.
    func spanCrossing(_ time: Double, in timeline: Timeline) -> SourceRange {
        guard let index = timeline.spans.firstIndex(where: { $0.end > time + 1e-9 }) ?? timeline.spans.indices.last else { return rootRange }
        let span = timeline.spans[index]
        switch span.role {
        case .timeline:
            // `TIMELINE` or `TIMELINE@STATE`: an identifier holds no `@`.
            let name = span.name.prefix { $0 != "@" }
            if let found = scene.timelines.first(where: { $0.name == name }) { return found.range }
        case .transition:
            // Transition spans are laid out in file order, one per transition.
            let transitionIndex = timeline.spans[..<index].filter { $0.kind == .transition }.count
            if scene.transitions.indices.contains(transitionIndex) { return scene.transitions[transitionIndex].range }
        case .pose:
            if let found = scene.states.first(where: { $0.name == span.name }) { return found.range }
        }
        return rootRange
    }
}
