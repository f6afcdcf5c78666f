import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

/// The keys of a state that are not node ids.
let stateOwnKeys = ["a11y", "play"]
/// The keys of a state's long-form `play:`.
let playKeys = ["timeline", "loop", "bind"]
/// The keys of a transition.
let transitionKeys = [
    "from", "to", "on", "duration", "delay", "easing", "nodes", "play", "keyframes", "when", "set", "theme", "emit", "change",
    "exit", "reduced-motion", "target", "hit", "interrupt",
]
/// `from: any`: the transition leaves every state but its destination.
let anyStateKeyword = "any"
/// Words other tools use for a key, which no spelling distance leads to: `after: 0.2s` (a start
/// after a wait) is `delay`. Offered where the key they mean is allowed.
let keysOfOtherWords = ["after": "delay", "wait": "delay", "start-after": "delay"]
/// The keys of a node's or a property's entry in a transition's `nodes:`.
let nodeTimingKeys = ["duration", "delay", "easing"]
/// The `on:` keywords: every trigger but `programmatic`, which is written as no `on:` at all.
let triggerKeywords: [(String, Trigger)] = Trigger.allCases.filter { $0 != .programmatic }.map { ($0.rawValue, $0) }
/// Names from other tools a designer may write for a trigger.
let triggerAliases = [
    "click": "tap", "pointerdown": "press", "pointerup": "release", "mouseenter": "hover", "mouseleave": "hover-end",
    "hover-out": "hover-end", "unhover": "hover-end", "end": "complete",
]

/// What the rest of the front end knows about the scene's names while it reads states and timelines.
struct SceneNames {
    var registry: NodeRegistry
    var timelineNames: [String]
    var timelineRanges: [String: SourceRange]
}

extension FrontendContext {
    /// Finds the node a state, tween, keyframe or transition names; nil (reported unless the node
    /// exists but was broken) when there is none.
    func lookupNode(
        _ id: String, at range: SourceRange, names: SceneNames, extraCandidates: [String] = [],
        fixing: (String) -> [FixIt] = { _ in [] }
    ) -> NodeInfo? {
        // A node whose own definition had errors still gets its overrides read (their mistakes
        // are worth reporting); `resolve` then leaves them out of the model.
        if let node = names.registry.nodes[id] { return node }
        if names.registry.isKnown(id) || unavailableNodeIDs.contains(id) { return nil }
        let match = closestMatch(to: id, in: names.registry.order + extraCandidates)
        error(
            .unknownNode, "there is no node '\(id)'", at: range,
            help: match.map { "did you mean '\($0)'?" }, fixIts: match.map(fixing) ?? [])
        return nil
    }

    /// Collects the resolved overrides of a node map (`node → properties`), where values written on a
    /// node itself win over values it inherits from a group's style override.
    func readNodeValueMap(
        _ pairs: [MapEntry], names: SceneNames, mode: OverrideMode, definedBy: @autoclosure () -> String
    ) -> [ResolvedOverride] {
        var resolved: [ResolvedOverride] = []
        for entry in pairs {
            resolved += readNodeValueEntry(entry, names: names, mode: mode, definedBy: definedBy())
        }
        return mergedOverrides(resolved)
    }

    /// The resolved overrides of one node's entry of a node map.
    func readNodeValueEntry(
        _ entry: MapEntry, names: SceneNames, mode: OverrideMode, definedBy: @autoclosure () -> String
    ) -> [ResolvedOverride] {
        guard let target = lookupNode(
            entry.name, at: entry.key.reportRange, names: names, fixing: { self.replacing(entry.key, with: $0) }) else { return [] }
        var resolved: [ResolvedOverride] = []
        for raw in readOverrideMap(entry.value, target: target, mode: mode) {
            resolved += resolve(raw, definedBy: definedBy())
        }
        return resolved
    }

    /// The entries' overrides with a value written on a node winning over one it inherits.
    func mergedOverrides(_ resolved: [ResolvedOverride]) -> [ResolvedOverride] {
        // Callers store the values in file order, a later one replacing an earlier: with every
        // value written on its node (no group's style expanded) that is already the answer, and
        // the dictionary and sort below are not needed (the common case: a state per node).
        if resolved.allSatisfy(\.direct) { return resolved }
        var byKey: [PropertyKey: ResolvedOverride] = [:]
        for item in resolved {
            if let existing = byKey[item.key], existing.direct, !item.direct { continue }
            byKey[item.key] = item
        }
        return byKey.values.sorted { $0.key < $1.key }
    }

    // MARK: States

    func readStates(_ node: YAMLNode, names: SceneNames) -> [SceneState] {
        if let states = statesPatchingLastBuild(node, names: names) { return states }
        var reading = layerCache.map { _ in StatesRead(yaml: node, names: names) }
        let marks = diagnosticMarks
        var entryDiagnostics = 0
        defer { layerCache?.statesBuilding = reading }
        guard let pairs = mapPairs(node, expected: "a map of states") else {
            reading = nil
            return []
        }
        var states: [SceneState] = []
        for (pairIndex, pair) in pairs.enumerated() {
            guard let name = keyName(pair.key), checkIdentifier(name, what: "state name", at: pair.key.reportRange) else {
                continue
            }
            guard let statePairs = mapPairs(pair.value, expected: "a map of node properties for state '\(name)'") else {
                states.append(SceneState(name: name, range: pair.key.reportRange, overrides: [:]))
                reading = nil
                continue
            }
            var state = SceneState(name: name, range: pair.key.reportRange, overrides: [:])
            var nodeEntries: [(pairIndex: Int, entry: MapEntry)] = []
            for (statePairIndex, statePair) in statePairs.enumerated() {
                guard let key = keyName(statePair.key) else { continue }
                switch key {
                case "a11y":
                    if let a11y = readMap(statePair.value, what: "a11y", allowed: Property.a11y.childKeys), let label = a11y.value("label") {
                        state.label = string(label, what: "a label")
                    }
                case "play":
                    readPlay(statePair.value, into: &state, names: names)
                default:
                    nodeEntries.append((statePairIndex, MapEntry(name: key, key: statePair.key, value: statePair.value)))
                }
            }
            nodeEntries = withoutMisspeltOwnKeys(nodeEntries, names: names)
            texts.collectedStateTexts = []
            var memo = StatesRead.StateMemo(pairIndex: pairIndex, entries: [])
            var merged = StateOverrideMerge(reservingCapacity: nodeEntries.reduce(0) { $0 + ($1.entry.value.mapping?.count ?? 0) })
            for (statePairIndex, entry) in nodeEntries {
                guard reading != nil else {
                    // Nothing keeps the read: no note of each entry is made.
                    merged.add(readNodeValueEntry(entry, names: names, mode: .absolute, definedBy: "state '\(name)'"))
                    continue
                }
                let entryRead = readStateEntry(entry, pairIndex: statePairIndex, state: name, names: names)
                entryDiagnostics += entryRead.diagnostics
                memo.entries.append(entryRead)
                merged.add(entryRead.resolved)
            }
            state.overrides = merged.values
            state.overrideRanges = merged.ranges
            recordStateTexts(of: name)
            states.append(state)
            reading?.states.append(state)
            reading?.memos.append(memo)
        }
        // Only a read whose every diagnostic came from a node's entry can be patched: the rest
        // of each state is then known to read the same way again.
        if marks.diagnosticsSince(self) != entryDiagnostics { reading = nil }
        return states
    }

    /// The entries that are not a misspelt `a11y` or `play`, which are reported.
    func withoutMisspeltOwnKeys(
        _ entries: [(pairIndex: Int, entry: MapEntry)], names: SceneNames
    ) -> [(pairIndex: Int, entry: MapEntry)] {
        var entries = entries
        for (_, entry) in entries
        where names.registry.nodes[entry.name] == nil && !names.registry.isKnown(entry.name) && !unavailableNodeIDs.contains(entry.name) {
            // A misspelt a11y or play reads as a node id; say which it probably is.
            if let guess = closestMatch(to: entry.name, in: stateOwnKeys), closestMatch(to: entry.name, in: names.registry.order) == nil {
                error(
                    .unknownKey, "unknown property '\(entry.name)' for a state", at: entry.key.reportRange,
                    help: "did you mean '\(guess)'?", fixIts: replacing(entry.key, with: guess))
                entries.removeAll { $0.entry.key.range == entry.key.range }
            }
        }
        return entries
    }

    /// `play: NAME` or `play: {timeline: NAME, loop: true|false, bind: INPUT}` (the long form
    /// overrides the timeline's own `loop`; `bind` is checked against the inputs in `checkBindings`),
    /// or a list of those without `bind` (several timelines at once).
    private func readPlay(_ node: YAMLNode, into state: inout SceneState, names: SceneNames) {
        if let items = node.sequence {
            readPlayList(node, items: items, into: &state, names: names)
            return
        }
        guard let entry = readPlayEntry(node, names: names, inList: false) else { return }
        state.play = entry.timeline
        state.playLoop = entry.loop
        state.playBind = entry.bind
    }

    /// `play: [a, {timeline: b, loop: true}]`: each timeline once, none bound (a bound timeline's
    /// position follows its input, which no other timeline's clock can share). A list of one
    /// means what its entry means alone.
    private func readPlayList(_ node: YAMLNode, items: [YAMLNode], into state: inout SceneState, names: SceneNames) {
        guard !items.isEmpty else {
            error(.wrongType, "'play' lists no timeline", at: node.reportRange,
                  help: "name the timelines to play, such as play: [cycle, {timeline: breathe, loop: true}], or remove 'play'")
            return
        }
        var layers: [SceneState.PlayLayer] = []
        var firstEntries: [String: YAMLNode] = [:]
        for (index, item) in items.enumerated() {
            guard let entry = readPlayEntry(item, names: names, inList: true) else { continue }
            if let first = firstEntries[entry.timeline] {
                error(
                    .playListDuplicate, "the timeline '\(entry.timeline)' is listed twice in 'play'", at: item.reportRange,
                    notes: [Note("first listed here", at: first.reportRange)],
                    help: "a timeline runs on one clock: list it once", fixIts: removingListItem(items, at: index))
                continue
            }
            firstEntries[entry.timeline] = item
            layers.append(SceneState.PlayLayer(timeline: entry.timeline, loop: entry.loop, range: item.reportRange))
        }
        guard items.count == layers.count else { return }
        if layers.count == 1 {
            state.play = layers[0].timeline
            state.playLoop = layers[0].loop
            return
        }
        state.playLayers = layers
        error(
            .layeredPlayUnsupported,
            "state '\(state.name)' plays \(layers.count) timelines at once (\(layers.map { "'\($0.timeline)'" }.joined(separator: ", "))), which this compiler cannot draw yet in any output",
            at: node.reportRange,
            help: "play one timeline here, or write the motions into one timeline")
    }

    /// One timeline of `play:`, as a name or a map; nil after an error.
    private func readPlayEntry(
        _ node: YAMLNode, names: SceneNames, inList: Bool
    ) -> (timeline: String, loop: Bool?, bind: SceneState.PlayBind?)? {
        var nameNode = node
        var loop: Bool?
        var bind: SceneState.PlayBind?
        if node.mapping != nil {
            guard let map = readMap(node, what: "play", allowed: playKeys, required: ["timeline"]),
                let timelineNode = map.value("timeline")
            else { return nil }
            nameNode = timelineNode
            if let loopNode = map.value("loop") { loop = bool(loopNode, name: "loop") }
            if let bindEntry = map.entries.first(where: { $0.name == "bind" }) {
                if inList {
                    error(
                        .playListBind,
                        "a timeline bound to an input cannot play in a list: its position follows the input, not a clock",
                        at: bindEntry.key.reportRange,
                        help: "play the bound timeline alone (play: {timeline: NAME, bind: INPUT}), or remove 'bind'",
                        fixIts: removing(bindEntry))
                    return nil
                }
                if let input = identifier(bindEntry.value, what: "input name") {
                    bind = SceneState.PlayBind(input: input, range: bindEntry.value.reportRange)
                }
            }
        } else if node.sequence != nil {
            error(
                .wrongType,
                inList
                    ? "expected a timeline name or {timeline: NAME, loop: true|false} in the 'play' list, found \(describeFound(node))"
                    : "expected a timeline name, {timeline: NAME, loop: true|false} or a list of them for 'play', found \(describeFound(node))",
                at: node.reportRange)
            return nil
        }
        guard let timeline = identifier(nameNode, what: "timeline name") else { return nil }
        // `timelineRanges` has every name of `timelineNames`: a hash, not a scan per state.
        guard names.timelineRanges[timeline] != nil else {
            let guess = didYouMean(timeline, in: names.timelineNames, at: nameNode)
            error(
                .unknownTimeline, "there is no timeline '\(timeline)'", at: nameNode.reportRange,
                help: guess.help, fixIts: guess.fixIts)
            return nil
        }
        return (timeline, loop, bind)
    }

    /// A fix-it deleting item `index` of a flow list written on one line, with the comma before
    /// it; none in a block list or across lines.
    private func removingListItem(_ items: [YAMLNode], at index: Int) -> [FixIt] {
        guard index > 0 else { return [] }
        let previous = items[index - 1], item = items[index]
        guard previous.alias == nil, item.alias == nil, previous.range.end.line == item.range.end.line,
            let between = file.text(in: SourceRange(start: previous.range.end, end: item.range.start)),
            between.filter({ $0 != " " }) == ","
        else { return [] }
        let text = file.text(in: item.range) ?? ""
        return [FixIt.replace(SourceRange(start: previous.range.end, end: item.range.end), with: "", message: "remove the repeated '\(text)'")]
    }

    // MARK: Transitions

    func readTransitions(
        _ node: YAMLNode, states: [SceneState], names: SceneNames, inputs: [MachineInput] = [], themes: [String] = []
    ) -> [SceneTransition] {
        guard let items = listItems(node, expected: "a list of transitions") else { return [] }
        let stateNames = states.map(\.name)
        // Looked up for both ends of every transition: a set, not a scan of the names (quadratic
        // in a scene's states and transitions).
        let knownStates = Set(stateNames)
        var transitions: [SceneTransition] = []
        var seen: [String: SourceRange] = [:]
        // `from: any` transitions, with where they go in `transitions`, expanded at the end.
        var anyTransitions: [(Int, SceneTransition)] = []
        var anyRanges: Set<SourceRange> = []
        for item in items {
            guard let map = readMap(
                item, what: "a transition", allowed: transitionKeys,
                required: ["from", "to"])
            else {
                transitionFailed = true
                continue
            }
            let errorsBefore = errorCount
            var ok = true
            func stateName(_ key: String) -> String? {
                guard let node = map.value(key), let name = identifier(node, what: "state name") else { return nil }
                guard knownStates.contains(name) else {
                    let guess = didYouMean(name, in: stateNames, at: node)
                    error(
                        .unknownState, "there is no state '\(name)'", at: node.reportRange,
                        help: guess.help, fixIts: guess.fixIts)
                    return nil
                }
                return name
            }
            // `from: any` names every state, unless a state is called `any`.
            let fromAny = map.value("from")?.scalar?.value == anyStateKeyword && !knownStates.contains(anyStateKeyword)
            let from = fromAny ? nil : stateName("from"), to = stateName("to")
            var trigger = Trigger.programmatic
            if let on = map.value("on") {
                if let read = keyword(on, what: "trigger", options: triggerKeywords, aliases: triggerAliases) {
                    trigger = read
                } else {
                    ok = false
                }
            }
            let defaultTiming = Timing(duration: defaultDuration, easing: defaultEasing)
            let timing = self.timing(map, base: defaultTiming)
            var nodeTiming: [String: Timing] = [:]
            if let nodesNode = map.value("nodes"), let pairs = mapPairs(nodesNode, expected: "a map of node ids to timing") {
                nodeTiming = readTransitionTiming(
                    pairs, base: timing ?? defaultTiming, names: names,
                    states: (from ?? "", to ?? "", states), mergedAt: nodesNode.alias)
            }
            let choreography = readTransitionChoreography(
                map, owner: "the transition \(from ?? "?") → \(to ?? "?")", timing: timing, names: names)
            var guardCondition: TransitionGuard?
            if let whenNode = map.value("when") {
                guardCondition = readGuard(whenNode, inputs: inputs)
                if guardCondition == nil { ok = false }
            }
            let actions = readActions(map, inputs: inputs, themes: themes)
            if actions == nil { ok = false }
            let target = readTriggerTarget(map, trigger: trigger, names: names)
            if target == nil, map.value("target") != nil { ok = false }
            var interrupt = Interruption.retarget
            if let node = map.value("interrupt") {
                if let read = keyword(node, what: "interrupt", options: Interruption.allCases.map { ($0.rawValue, $0) }) { interrupt = read } else { ok = false }
            }
            if errorCount > errorsBefore { transitionFailed = true }
            guard ok, from != nil || fromAny, let to, var timing else { continue }
            let range = startRange(of: item)
            var transition = SceneTransition(
                from: from ?? to, to: to, trigger: trigger, timing: timing, nodeTiming: nodeTiming, range: range,
                play: choreography.play, keyframes: choreography.keyframes)
            transition.guardCondition = guardCondition
            transition.actions = actions ?? []
            transition.target = target?.target
            transition.targetRange = target?.range
            transition.interrupt = interrupt
            if let change = map.entry("change") { readTextChange(change, into: &transition) }
            if let exit = map.entry("exit") { readLoopExit(exit, into: &transition) }
            if let reduced = map.value("reduced-motion") { transition.reducedMotion = readReducedMotion(reduced) ?? .fade }
            if fromAny {
                anyTransitions.append((transitions.count, transition))
                continue
            }
            // An action on a trigger moves nothing, so it takes no time.
            if transition.from == to { timing.duration = 0; timing.delay = 0; transition.timing = timing }
            let signature = transitionSignature(transition)
            if let first = seen[signature] {
                reportDuplicate(transition, first: first)
                // The rejected transition is not in the list, so reachability would be judged wrong.
                transitionFailed = true
                continue
            }
            seen[signature] = range
            transitions.append(transition)
        }
        // `from: any` stands for one transition from each other state, where the file does not
        // write one from that state on the same trigger itself; placed where it is written.
        var expanded: [SceneTransition] = []
        var next = 0
        for (position, template) in anyTransitions {
            expanded += transitions[next..<position]
            next = position
            var repeated = false
            for state in stateNames where state != template.to {
                var transition = template
                transition.from = state
                let signature = transitionSignature(transition)
                if let first = seen[signature] {
                    // Written out for this state: that one wins, unless it is another `any`.
                    if anyRanges.contains(first), !repeated {
                        reportDuplicate(transition, first: first)
                        transitionFailed = true
                        repeated = true
                    }
                    continue
                }
                expanded.append(transition)
            }
            for state in stateNames where state != template.to {
                var transition = template
                transition.from = state
                let signature = transitionSignature(transition)
                if seen[signature] == nil {
                    seen[signature] = template.range
                    anyRanges.insert(template.range)
                }
            }
        }
        if !anyTransitions.isEmpty {
            transitions = expanded + transitions[next...]
        }
        reportCompleteCycles(transitions)
        reportGuardCycles(transitions, inputs: inputs)
        return transitions
    }

    /// What tells two transitions out of one state apart: the trigger and its target (the
    /// destination for a programmatic one), and the guard.
    private func transitionSignature(_ transition: SceneTransition) -> String {
        var signature =
            transition.trigger == .programmatic
            ? "\(transition.from) -> \(transition.to)" : "\(transition.from) on \(transition.trigger.rawValue)"
        if let target = transition.target { signature += " at \(target.node)" }
        // Guarded transitions on one trigger are alternatives, told apart by their guards.
        if let guardCondition = transition.guardCondition { signature += " when \(guardCondition)" }
        return signature
    }

    private func reportDuplicate(_ transition: SceneTransition, first: SourceRange) {
        let on = transition.target.map { "'\(transition.trigger.rawValue)' transition on '\($0.node)'" } ?? "'\(transition.trigger.rawValue)' transition"
        let message =
            transition.trigger == .programmatic
            ? "there is already a transition from '\(transition.from)' to '\(transition.to)'"
            : "state '\(transition.from)' already has a \(on)"
        error(
            .duplicateTransition, message, at: transition.range, notes: [Note("first defined here", at: first)],
            help: transition.trigger == .programmatic ? nil : "one trigger can lead from a state to only one other state")
    }

    /// `target: NODE` and `hit: shape | bounds`: only on a pointer trigger, naming a node. Nil
    /// (reported) when written wrong; nil without a report when not written.
    private func readTriggerTarget(
        _ map: MapEntries, trigger: Trigger, names: SceneNames
    ) -> (target: TriggerTarget, range: SourceRange)? {
        let hitNode = map.value("hit")
        var hit = HitArea.shape
        if let hitNode, let read = keyword(hitNode, what: "hit", options: HitArea.allCases.map { ($0.rawValue, $0) }) { hit = read }
        guard let targetNode = map.value("target") else {
            if let hitNode {
                error(.missingKey, "'hit' says which part of a 'target' takes the pointer, and this transition has no 'target'",
                      at: hitNode.reportRange, help: "add 'target: NODE', or remove 'hit'")
            }
            return nil
        }
        guard let id = identifier(targetNode, what: "node id") else { return nil }
        guard trigger.isPointer else {
            let on = trigger == .programmatic ? "has no 'on:', so the app fires it" : "fires on '\(trigger.rawValue)', which no pointer does"
            error(
                .targetTrigger, "'target' needs a pointer trigger, and this transition \(on)", at: targetNode.reportRange,
                help: "use 'on: tap' (or press, release, hover, hover-end), or remove 'target'")
            return nil
        }
        guard lookupNode(id, at: targetNode.reportRange, names: names, fixing: { self.replacing(targetNode, with: $0) }) != nil else {
            return nil
        }
        return (TriggerTarget(node: id, hit: hit), targetNode.reportRange)
    }

    /// A transition's `nodes:` map: `NODE: {duration, delay, easing}` and `NODE.PROPERTY: {…}`
    /// (contract §9). Node entries are read first, on top of the transition's timing; each
    /// property entry on top of the entry for its node or its parent property, so the most
    /// specific entry wins key by key.
    /// `mergedAt` is where the `nodes:` map came in through an alias (`<<: *go`), if it did.
    private func readTransitionTiming(
        _ pairs: [YAMLPair], base: Timing, names: SceneNames,
        states: (from: String, to: String, all: [SceneState]), mergedAt: SourceRange?
    ) -> [String: Timing] {
        let entries = pairs.compactMap { pair in keyName(pair.key).map { (name: $0, key: pair.key, value: pair.value) } }
        // Shallow entries first: `icon`, then `icon.stroke`, then `icon.stroke.width`.
        let ordered = entries.enumerated().sorted { a, b in
            let depthA = a.element.name.split(separator: ".").count, depthB = b.element.name.split(separator: ".").count
            return depthA != depthB ? depthA < depthB : a.offset < b.offset
        }.map(\.element)
        var result: [String: Timing] = [:]
        let from = states.all.first { $0.name == states.from }, to = states.all.first { $0.name == states.to }
        // The keys either state sets, by node, made once per transition: matching every entry
        // against every override made a thousand property entries shared by many transitions
        // (an alias) quadratic.
        var keysSetByNode: [String: [PropertyKey]] = [:]
        if let from, let to {
            for key in Set(from.overrides.keys).union(to.overrides.keys) { keysSetByNode[key.node, default: []].append(key) }
        }
        let entryNames = Set(entries.map(\.name))
        for entry in ordered {
            let id: String, path: String?
            if let dot = entry.name.firstIndex(of: ".") {
                id = String(entry.name[..<dot])
                path = String(entry.name[entry.name.index(after: dot)...])
            } else {
                id = entry.name
                path = nil
            }
            let idCount = id.unicodeScalars.count
            let target = lookupNode(
                id, at: path == nil ? entry.key.reportRange : rangeInScalar(entry.key, offset: 0, length: idCount), names: names,
                fixing: { self.replacing(in: entry.key, offset: 0, length: idCount, with: $0) })
            var valid = target != nil
            if let path, let target {
                let pathLength = path.unicodeScalars.count
                let pathRange = rangeInScalar(entry.key, offset: idCount + 1, length: pathLength)
                let paths = target.shape.keyframePaths.map(\.path) + [Property.stroke.key, Property.trim.key]
                if !paths.contains(path) {
                    valid = false
                    let root = String(path.split(separator: ".").first ?? "")
                    if !path.contains("."), !target.shape.animatableKeys.map(\.key).contains(root) {
                        reportNotAnimatable(
                            root, target: target, at: pathRange, candidates: paths,
                            fixing: { self.replacing(in: entry.key, offset: idCount + 1, length: pathLength, with: $0) })
                    } else {
                        let match = guessName(path, in: paths)
                        error(
                            .unknownKey, "unknown property '\(path)' for \(target.shape.phrase)", at: pathRange,
                            help: match.map { "did you mean '\($0)'?" },
                            fixIts: match.map { replacing(in: entry.key, offset: idCount + 1, length: pathLength, with: $0) } ?? [])
                    }
                } else if let from, let to, target.valid {
                    // A group's style is animated on the shapes that inherit it.
                    let changes = target.subtree.contains { node in
                        keysSetByNode[node.id, default: []].contains { key in
                            (key.property.path == path || key.property.path.hasPrefix(path + "."))
                                && from.overrides[key] != to.overrides[key]
                        }
                    }
                    if !changes, let merge = entry.key.alias ?? mergedAt {
                        // Written once in an anchored map that several transitions merge: said at
                        // the merge that leaves it unused, which is what to change.
                        warning(
                            .unusedTiming,
                            "'\(entry.name)' does not change from '\(from.name)' to '\(to.name)', so the timing this transition merges for it has no effect",
                            at: merge, notes: [Note("'\(entry.name)' is timed here", at: entry.key.range)],
                            help: "merge a map without this entry into this transition, or give it a 'nodes:' of its own")
                    } else if !changes {
                        warning(
                            .unusedTiming,
                            "'\(entry.name)' does not change from '\(from.name)' to '\(to.name)', so this timing has no effect",
                            at: entry.key.reportRange,
                            help: "time a property that one of the two states changes, or remove this entry")
                    }
                }
            }
            // The entry this one refines: the nearest shallower entry for the same node.
            var refined = result[id] ?? base
            if let path {
                var parent = path
                while let dot = parent.lastIndex(of: ".") {
                    parent = String(parent[..<dot])
                    if let timing = result["\(id).\(parent)"] {
                        refined = timing
                        break
                    }
                }
            }
            guard let nodeMap = readMap(entry.value, what: path == nil ? "a node's timing" : "a property's timing", allowed: nodeTimingKeys),
                let merged = self.timing(nodeMap, base: refined)
            else { continue }
            guard valid else { continue }
            result[entry.name] = merged
            // A group's style (`card.fill`, `card.stroke.width`) moves on the shapes that inherit
            // it, so its entry times theirs, unless a shape has an entry of its own for it.
            if let path, let target, target.shape == .group, [Property.fill, .stroke, .trim].map(\.key).contains(String(path.prefix { $0 != "." })) {
                for shape in target.subtree where shape.shape != .group && result["\(shape.id).\(path)"] == nil {
                    if !entryNames.contains("\(shape.id).\(path)") { result["\(shape.id).\(path)"] = merged }
                }
            }
        }
        return result
    }

    /// A cycle made only of `complete` transitions would never rest: each state starts the next
    /// transition as soon as it is reached. Reported once per cycle, at its first transition in file
    /// order (the loop meets that one first), with a note at each other transition of the cycle.
    func reportCompleteCycles(_ transitions: [SceneTransition]) {
        // Each state has at most one `complete` transition (duplicates were dropped above).
        var next: [String: SceneTransition] = [:]
        for transition in transitions where transition.trigger == .complete { next[transition.from] = transition }
        var reported = Set<String>()
        for transition in transitions where transition.trigger == .complete {
            var cycle: [SceneTransition] = []
            var visited = Set<String>()
            var current: SceneTransition? = transition
            while let step = current, !visited.contains(step.from) {
                visited.insert(step.from)
                cycle.append(step)
                current = next[step.to]
            }
            // Only a walk that comes back to where it started is this transition's cycle; a walk
            // that ends at a resting state is fine, and one that joins a cycle elsewhere is that
            // cycle's to report.
            guard let last = cycle.last, last.to == transition.from else { continue }
            let members = Set(cycle.map(\.from))
            guard reported.isDisjoint(with: members) else { continue }
            reported.formUnion(members)
            let path = (cycle.map(\.from) + [transition.from]).joined(separator: " → ")
            error(
                .completeCycle, "these 'complete' transitions form a cycle that never rests: \(path)", at: transition.range,
                notes: cycle.dropFirst().map { Note("part of the cycle", at: $0.range) },
                help: "give one transition of the cycle a pointer trigger (tap, hover, ...) or none (programmatic)")
        }
    }
}

/// A state's overrides gathered entry by entry by `mergedOverrides`' rule (a value written on a
/// node wins over one it inherits from a group; otherwise a later value replaces an earlier one),
/// straight into the state's dictionaries: a large scene's state is not held a second time, as a
/// list, while its dictionaries fill.
struct StateOverrideMerge {
    private(set) var values: [PropertyKey: PropertyValue] = [:]
    private(set) var ranges: [PropertyKey: SourceRange] = [:]
    /// The keys whose value so far is one inherited from a group.
    private var inherited: Set<PropertyKey> = []

    /// `capacity`: the values expected (one per property written), so that the dictionaries are
    /// not copied as they grow.
    init(reservingCapacity capacity: Int) {
        values.reserveCapacity(capacity)
        ranges.reserveCapacity(capacity)
    }

    mutating func add(_ items: [ResolvedOverride]) {
        for item in items {
            if item.direct {
                if !inherited.isEmpty { inherited.remove(item.key) }
            } else {
                if values[item.key] != nil, !inherited.contains(item.key) { continue }
                inherited.insert(item.key)
            }
            values[item.key] = item.value
            ranges[item.key] = item.range
        }
    }
}
