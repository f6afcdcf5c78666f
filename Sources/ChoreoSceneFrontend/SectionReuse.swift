import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoYAML

/// The `states:` section one build of a document read, node entry by node entry, for the next
/// build (`LayerReadCache`) to patch instead of reading it again.
///
/// An entry (`n12: {rotation: 45deg}` in a state) reads its own YAML against the node it names,
/// nothing else the scene holds: when the section's YAML is unchanged, an entry whose node is in
/// a layer taken from the last build reads as it did then. Only entries naming a node of a layer
/// read again (or no node) are read again. Taking an entry repeats what reading it did to its
/// node: a trim or an effect that an animated value switches on (`switchOn(_:for:)`).
///
/// A read is kept only when every diagnostic it reported came from an entry (so the rest of
/// each state, its `a11y:` and `play:`, reads the same again), and an entry is taken only when
/// its own read reported nothing, gave values written on the node itself (a group's style is
/// expanded to its children, which other entries may name) and decoded no path vertices (the
/// scene's vertex total is checked entry by entry, in file order).
struct StatesRead {
    struct EntryRead {
        var name: String
        /// The entry's index in its state's map.
        var pairIndex: Int
        var resolved: [ResolvedOverride]
        /// The trims and effects the entry's values switched on, by node.
        var enabled: [(node: String, root: Property)]
        var pathVertices: Int
        /// Diagnostics and errors the entry's read reported (`DiagnosticMarks`).
        var diagnostics: Int
        /// Whether it read bindings: then it is read again, so that they are recorded again.
        var hasBindings = false
    }

    struct StateMemo {
        /// The state's index in the `states:` map.
        var pairIndex: Int
        var entries: [EntryRead]
    }

    let yaml: YAMLNode
    let timelineNames: [String]
    let timelineRanges: [String: SourceRange]
    var states: [SceneState] = []
    var memos: [StateMemo] = []

    init(yaml: YAMLNode, names: SceneNames) {
        self.yaml = yaml
        timelineNames = names.timelineNames
        timelineRanges = names.timelineRanges
    }
}

/// The `keyframes:` of a timeline one build read, pair by pair (`n12.scale: [...]`), for the
/// next build of the document to take the pairs it can.
///
/// A pair reads its own YAML against the node it names and the timeline's duration: when its
/// YAML is unchanged (ranges included), the duration too, and its node is in a layer taken from
/// the last build, it reads as it did then. As with a state's entries, a pair is taken only when
/// its read reported nothing, decoded no path vertices and animated its own node alone, and
/// taking it repeats the trims and effects it switched on. The checks between pairs (two pairs
/// animating one property, keyframes beside tweens) run on every pair, taken or read.
struct KeyframesRead {
    struct PairRead {
        let pair: YAMLPair
        let node: String
        let keyText: String
        /// The keyframes by the property they animate, in key order.
        let perKey: [(key: PropertyKey, frames: [Keyframe])]
        let enabled: [(node: String, root: Property)]
        let takeable: Bool
    }

    let duration: Double?
    var pairs: [Int: PairRead] = [:]
}

/// A point in a build's reporting, to count what was reported since.
struct DiagnosticMarks {
    let diagnostics: Int
    let errors: Int

    /// Diagnostics reported and errors counted since the mark (an error is counted without a
    /// diagnostic when it is reported elsewhere, such as a var's misfit use).
    func diagnosticsSince(_ context: FrontendContext) -> Int {
        context.bag.diagnostics.count - diagnostics + context.errorCount - errors
    }
}

extension FrontendContext {
    var diagnosticMarks: DiagnosticMarks { DiagnosticMarks(diagnostics: bag.diagnostics.count, errors: errorCount) }

    /// Reads one node entry of state `state`, noting what the next build needs to take it.
    func readStateEntry(_ entry: MapEntry, pairIndex: Int, state: String, names: SceneNames) -> StatesRead.EntryRead {
        let marks = diagnosticMarks, verticesBefore = pathVertexCount, bindingsBefore = bindingSites.count
        enabledByOverrides = []
        let resolved = readNodeValueEntry(entry, names: names, mode: .absolute, definedBy: "state '\(state)'")
        let enabled = enabledByOverrides ?? []
        enabledByOverrides = nil
        layerCache?.stateEntriesRead += 1
        return StatesRead.EntryRead(
            name: entry.name, pairIndex: pairIndex, resolved: resolved, enabled: enabled,
            pathVertices: pathVertexCount - verticesBefore, diagnostics: marks.diagnosticsSince(self),
            hasBindings: bindingSites.count > bindingsBefore)
    }

    /// The last build's read of a timeline's keyframe pair when it reads the same in this build
    /// (its trims and effects switched on again), or nil.
    func takenKeyframePair(_ last: KeyframesRead.PairRead?, pair: YAMLPair, names: SceneNames) -> KeyframesRead.PairRead? {
        guard let last, last.takeable, !idsOfLayersRead.contains(last.node), names.registry.nodes[last.node] != nil, last.pair == pair
        else { return nil }
        switchOnAgain(last.enabled, names: names)
        return last
    }

    /// Repeats what taken values did to their nodes: the trims and effects they switched on.
    private func switchOnAgain(_ enabled: [(node: String, root: Property)], names: SceneNames) {
        for (id, root) in enabled {
            guard let target = names.registry.nodes[id] else { continue }
            switchOn(root, for: target)
        }
    }

    /// Whether `entry` of the last build's states reads the same in this build.
    private func canTake(_ entry: StatesRead.EntryRead, names: SceneNames) -> Bool {
        entry.diagnostics == 0 && entry.pathVertices == 0 && !entry.hasBindings && entry.resolved.allSatisfy(\.direct)
            && !idsOfLayersRead.contains(entry.name) && names.registry.nodes[entry.name] != nil
    }

    /// The states of the last build with the entries that could read differently read again,
    /// or nil when the section must be read whole.
    func statesPatchingLastBuild(_ node: YAMLNode, names: SceneNames) -> [SceneState]? {
        guard let cache = layerCache, var reading = cache.states, reading.yaml == node,
            reading.timelineNames == names.timelineNames, reading.timelineRanges == names.timelineRanges,
            let pairs = node.mapping,
            reading.memos.allSatisfy({ $0.pairIndex < pairs.count && pairs[$0.pairIndex].value.mapping != nil })
        else { return nil }
        // Patched in place: the cache lets go of it, so that its arrays are not copied.
        cache.states = nil
        var keepable = true
        for stateIndex in reading.memos.indices {
            let statePairs = pairs[reading.memos[stateIndex].pairIndex].value.mapping!
            var again: [(slot: Int, pairIndex: Int, entry: MapEntry)] = []
            let taken = reading.memos[stateIndex].entries.map { canTake($0, names: names) }
            // The keys of the taken entries (values written on their own nodes), made only when an
            // entry read again gave a group's value, which may be one of them: that key keeps the
            // taken entry's value.
            lazy var takenKeys = Set(zip(reading.memos[stateIndex].entries, taken).filter(\.1).flatMap { $0.0.resolved.map(\.key) })
            for slot in reading.memos[stateIndex].entries.indices {
                let entry = reading.memos[stateIndex].entries[slot]
                if taken[slot] {
                    switchOnAgain(entry.enabled, names: names)
                } else {
                    for item in entry.resolved where item.direct || !takenKeys.contains(item.key) {
                        reading.states[stateIndex].overrides[item.key] = nil
                        reading.states[stateIndex].overrideRanges[item.key] = nil
                    }
                    let pair = statePairs[entry.pairIndex]
                    again.append((slot, entry.pairIndex, MapEntry(name: entry.name, key: pair.key, value: pair.value)))
                }
            }
            let name = reading.states[stateIndex].name
            texts.collectedStateTexts = []
            let kept = withoutMisspeltOwnKeys(again.map { ($0.pairIndex, $0.entry) }, names: names)
            // An entry reported as a misspelt key is left out of the state: the next build reads
            // the section whole.
            if kept.count != again.count { keepable = false }
            var resolved: [ResolvedOverride] = []
            for (slot, pairIndex, entry) in again where kept.contains(where: { $0.pairIndex == pairIndex }) {
                let entryRead = readStateEntry(entry, pairIndex: pairIndex, state: name, names: names)
                reading.memos[stateIndex].entries[slot] = entryRead
                resolved += entryRead.resolved
            }
            for item in mergedOverrides(resolved) where item.direct || reading.states[stateIndex].overrides[item.key] == nil {
                // A value a group gives its child loses to one written on the child (taken entries are such).
                reading.states[stateIndex].overrides[item.key] = item.value
                reading.states[stateIndex].overrideRanges[item.key] = item.range
            }
            recordStateTexts(of: name)
        }
        cache.statesPatched += 1
        if keepable { cache.statesBuilding = reading }
        return reading.states
    }
}
