import ChoreoDiagnostics
import ChoreoJSON
import ChoreoSceneModel
import ChoreoTimeline
import Foundation

/// Lowers a valid scene to the compiled timeline (contract section 6).
///
/// Layout of the global timeline, every boundary on a whole frame: each state's pose (one frame),
/// the initial state's first so that frame 0 is what a player shows on load (contract section 9),
/// the others in file order, then each transition (its delay and duration rounded up to whole frames, plus one frame holding
/// the end pose, because players stop one frame before a marker's end), then each timeline (its
/// duration rounded up plus one hold frame; a looping timeline exactly one cycle). A transition or
/// a timeline played once that moves a staggered repeat (`repeat.delay`) lasts that much longer,
/// so the last copy finishes too. A scene with
/// neither states nor timelines is one still frame named after the scene.
///
/// With `cache` (the language server's, kept per document) the top-level layers the last
/// lowering built are taken where nothing they depend on changed (`LayerLoweringCache`), and
/// only the others' tracks are built.
package func lower(_ scene: Scene, inputBytes: Int = 0, diagnostics: inout DiagnosticBag, cache: LayerLoweringCache? = nil) -> Timeline {
    guard checkBakedSegmentCount(scene, inputBytes: inputBytes, diagnostics: &diagnostics) else {
        // Rejected: the caller drops the timeline because of the error, so it stays empty.
        return Timeline(
            name: scene.name, width: scene.size.x, height: scene.size.y, fps: scene.fps, duration: 0,
            background: scene.background, layers: [], spans: [], title: scene.name)
    }
    let context = LoweringContext(scene: scene)
    let plans = context.layOutSpans(diagnostics: &diagnostics)
    let reportedBeforeNodes = diagnostics.diagnostics.count
    // Without a cache no array of kept nodes is made: every layer is lowered.
    let kept = cache?.keptLayers(scene, context: context, spans: plans.map(\.span))
    let lowered = kept.map { kept in kept.indices.filter { !kept[$0] } } ?? Array(scene.layers.indices)
    var loweredIDs: Set<String>?
    if lowered.count < scene.layers.count {
        var ids: Set<String> = []
        for index in lowered { scene.layers[index].forEachInSubtree { ids.insert($0.id) } }
        loweredIDs = ids
    }
    var built: [Node] = []
    built.reserveCapacity(scene.layers.count)
    if context.hasStaggeredCopies || !context.idsAreUnique {
        // A staggered copy reads its node's tracks again, shifted: every track is built first.
        var builder = NodeBuilder(lowered: context.buildTracks(plans, only: loweredIDs, diagnostics: &diagnostics))
        builder.spanClocks = plans.map(SpanClock.init)
        for (index, layer) in scene.layers.enumerated() {
            if let cache, kept?[index] == true { built.append(cache.node(at: index)) } else { built.append(builder.node(layer)) }
        }
    } else {
        // Each layer's generic tracks are built just before its IR node, which consumes them: the
        // generic tracks of the whole scene never live at once.
        var keys = context.animatedKeysByLayer(of: loweredIDs)
        let trackBuilder = context.trackBuilder(plans, keys: keys.sorted, diagnostics: &diagnostics)
        keys.sorted = []
        let tracks = LoweredTracks(base: [:], consumable: true) { _ in [:] }
        var builder = NodeBuilder(lowered: tracks)
        builder.spanClocks = plans.map(SpanClock.init)
        for (index, layer) in scene.layers.enumerated() {
            if let cache, kept?[index] == true {
                built.append(cache.node(at: index))
                continue
            }
            tracks.replaceBase(with: trackBuilder.tracks(of: keys.byLayer[keys.starts[index]..<keys.starts[index + 1]]))
            built.append(builder.node(layer))
        }
    }
    let totalFrames = plans.last.map { $0.startFrame + $0.frames } ?? 0
    let initialLabel = context.initialState?.label
    let stateMachine = context.stateMachine(plans.map(\.span))
    let targets = Set(stateMachine?.targets.map(\.node) ?? [])
    let drawn = NodeBuilder(lowered: LoweredTracks(base: [:], consumable: false) { _ in [:] }).attachingMattes(built, written: scene.layers)
    var timeline = Timeline(
        name: scene.name, width: scene.size.x, height: scene.size.y, fps: scene.fps,
        duration: Double(totalFrames) / scene.fps, background: scene.background,
        layers: targets.isEmpty ? drawn : drawn.map { $0.markingTargets(targets) },
        spans: plans.map(\.spanWithReducedMotion), title: initialLabel ?? scene.name, stateMachine: stateMachine)
    if !scene.inputs.isEmpty { timeline.tokens = Tokens(inputs: scene.inputs, texts: placedLiveTexts(scene.liveTexts, in: &timeline)) }
    // A kept layer had no non-finite number when it was built.
    if let id = firstNodeWithNonFiniteValue(lowered.count == built.count ? built : lowered.map { built[$0] }) {
        diagnostics.error(
            .nonFinite, "node '\(id)' would be written with an infinite or undefined (NaN) number",
            at: context.node(id)?.range ?? .fileStart, help: "use smaller values; see docs/limits.md")
    }
    cache?.keep(scene, built, context: context, spans: plans.map(\.span), reportedAboutNodes: diagnostics.diagnostics.count > reportedBeforeNodes)
    return timeline
}

/// What one span of the global timeline shows.
enum SpanContent {
    case pose(SceneState?)
    case transition(SceneTransition)
    /// `contentLength`: the timeline's duration in whole frames (the cycle, for loops). The
    /// timeline's `loop` is the one it plays with (a state's `play: {loop:}` overrides it);
    /// `pose` is the state it plays on top of (nil: the initial state).
    case timeline(SceneTimeline, contentLength: Double, pose: SceneState?)
}

struct PlannedSpan {
    var span: Span
    var startFrame: Int
    var frames: Int
    var content: SpanContent
}

package struct LoweringContext {
    let scene: Scene
    /// Every node, groups' children included, in document order, and where each id is in it (an
    /// index rather than the node itself: a dictionary of `SceneNode`s, a few hundred bytes each in
    /// buckets up to twice the count, was 8% of lint's peak memory).
    private let nodeList: [SceneNode]
    private let nodeIndex: [String: Int]
    /// The top-level layer each node of `nodeList` is in (its index in `scene.layers`).
    private let layerOfNode: [Int]
    /// Where each state is in `scene.states` (`Scene.stateIndicesByName`).
    let stateIndex: [String: Int]
    /// For every node under a repeat with a `delay`: the latest its motion starts in any copy
    /// (the sum over the staggered repeats around it, itself included, of (count − 1) × delay).
    let staggerReach: [String: Double]
    /// Whether some repeat is written out copy by copy (`NodeBuilder.staggeredCopies`): then a
    /// node's tracks are read once per copy, else once.
    let hasStaggeredCopies: Bool
    /// The `delays` of each timeline that has some, by name: a transition's `play:` keeps them.
    let timelineDelays: [String: [PropertyKey: Double]]
    /// Each transition's span name (`Scene.transitionSpanNames`), in file order.
    let transitionNames: [String]

    package init(scene: Scene) {
        self.scene = scene
        var nodeList: [SceneNode] = []
        var nodeIndex: [String: Int] = [:]
        var layerOfNode: [Int] = []
        var reach: [String: Double] = [:]
        var staggered = false
        func collect(_ list: [SceneNode], layer: Int?, inherited: Double) {
            for (offset, node) in list.enumerated() {
                nodeIndex[node.id] = nodeList.count
                nodeList.append(node)
                layerOfNode.append(layer ?? offset)
                if node.stagger != nil, node.repeat != nil { staggered = true }
                let own = node.stagger.map { $0.delay * Double(max(0, (node.repeat?.count ?? 1) - 1)) } ?? 0
                if inherited + own > 0 { reach[node.id] = inherited + own }
                if case let .group(children) = node.shape { collect(children, layer: layer ?? offset, inherited: inherited + own) }
                // A mask's shape is a node of its own (its tracks are built as any node's).
                for mask in node.masks {
                    nodeIndex[mask.id] = nodeList.count
                    nodeList.append(mask)
                    layerOfNode.append(layer ?? offset)
                    if inherited + own > 0 { reach[mask.id] = inherited + own }
                }
            }
        }
        collect(scene.layers, layer: nil, inherited: 0)
        self.nodeList = nodeList
        self.nodeIndex = nodeIndex
        self.layerOfNode = layerOfNode
        self.stateIndex = scene.stateIndicesByName()
        self.staggerReach = reach
        self.hasStaggeredCopies = staggered
        var delays: [String: [PropertyKey: Double]] = [:]
        for timeline in scene.timelines where !timeline.delays.isEmpty { delays[timeline.name] = timeline.delays }
        self.timelineDelays = delays
        self.transitionNames = scene.transitionSpanNames()
    }

    /// The top-level layer (its index in `scene.layers`) the node with this id is in.
    func layerIndex(of id: String) -> Int? { nodeIndex[id].map { layerOfNode[$0] } }

    /// Whether no two nodes have one id (then a node's tracks, found by id, are its own alone).
    var idsAreUnique: Bool { nodeIndex.count == nodeList.count }

    /// The node with this id (the last one written, if several have it).
    func node(_ id: String) -> SceneNode? {
        nodeIndex[id].map { nodeList[$0] }
    }

    /// The node's own value of a property (nil for an unknown node or a property it does not have).
    func baseValue(_ key: PropertyKey) -> PropertyValue? {
        nodeIndex[key.node].flatMap { nodeList[$0].base[key.property] }
    }

    /// How much longer than its own motion a span must last so that the last staggered copy of
    /// every node it animates finishes too.
    private func staggerExtension(_ keys: some Sequence<PropertyKey>) -> Double {
        guard !staggerReach.isEmpty else { return 0 }
        return keys.reduce(0) { max($0, staggerReach[$1.node] ?? 0) }
    }

    private var frameLength: Double { 1 / scene.fps }

    /// Whole frames covering `seconds`, ignoring float noise (0.55 s at 60 fps is 33 frames, not 34).
    private func framesCovering(_ seconds: Double) -> Int {
        max(0, Int((seconds * scene.fps - 1e-6).rounded(.up)))
    }

    func layOutSpans(diagnostics: inout DiagnosticBag) -> [PlannedSpan] {
        var plans: [PlannedSpan] = []
        var frame = 0
        func add(_ name: String, _ role: Span.Role, frames: Int, content: SpanContent) {
            let span = Span(name: name, start: Double(frame) / scene.fps, end: Double(frame + frames) / scene.fps, role: role)
            plans.append(PlannedSpan(span: span, startFrame: frame, frames: frames, content: content))
            frame += frames
        }
        if scene.states.isEmpty && scene.timelines.isEmpty {
            add(scene.name, .pose(label: nil, plays: nil), frames: 1, content: .pose(nil))
        }
        let played = playedSpans()
        let initialFirst = initialState.map { initial in [initial] + scene.states.filter { $0.name != initial.name } }
        var playedByState: [String: String] = [:]
        for item in played {
            if let name = item.state?.name, playedByState[name] == nil { playedByState[name] = item.name }
        }
        for state in initialFirst ?? scene.states {
            let plays = playedByState[state.name]
            add(state.name, .pose(label: state.label, plays: plays), frames: 1, content: .pose(state))
        }
        for (transition, name) in zip(scene.transitions, transitionNames) {
            let timings = [transition.timing] + transition.nodeTiming.keys.sorted().map { transition.nodeTiming[$0]! }
            // The properties the transition changes matter only under a staggered repeat.
            let changed = staggerReach.isEmpty ? [] : Set((state(named: transition.from)?.overrides.keys).map(Array.init) ?? [])
                .union((state(named: transition.to)?.overrides.keys).map(Array.init) ?? [])
                .filter { poseValue($0, in: state(named: transition.from)) != poseValue($0, in: state(named: transition.to)) }
            let length = max(
                (timings.map { $0.delay + effectiveDuration($0) }.max() ?? 0) + staggerExtension(changed),
                choreographyLength(transition))
            add(
                name, .transition(from: transition.from, to: transition.to, trigger: transition.trigger),
                frames: framesCovering(length) + 1, content: .transition(transition))
        }
        var warnedLoops: Set<String> = []
        for item in played {
            let timeline = item.timeline
            if timeline.loop {
                let exact = timeline.duration * scene.fps
                var frames = Int(exact.rounded())
                if abs(exact - exact.rounded()) > 1e-6, !warnedLoops.contains(timeline.name) {
                    warnedLoops.insert(timeline.name)
                    frames = max(1, frames)
                    diagnostics.warning(
                        .loopFrames,
                        "looping timeline '\(timeline.name)' lasts \(formatSeconds(timeline.duration)), which is not a whole number of frames at \(formatNumber(scene.fps)) fps; its cycle is rounded to \(frames) frames",
                        at: timeline.range, help: "make the duration a multiple of 1/fps, for example \(formatSeconds(Double(frames) / scene.fps))")
                }
                frames = max(1, frames)
                add(item.name, .timeline(loops: true), frames: frames, content: .timeline(timeline, contentLength: Double(frames) / scene.fps, pose: item.state))
            } else {
                let frames = framesCovering(timeline.duration)
                var animated = Set(timeline.keyframes.keys)
                for tween in timeline.tweens { animated.formUnion(tween.values.keys) }
                let staggered = framesCovering(timeline.duration + staggerExtension(animated) + (timeline.delays.values.max() ?? 0))
                add(item.name, .timeline(loops: false), frames: staggered + 1, content: .timeline(timeline, contentLength: Double(frames) / scene.fps, pose: item.state))
            }
        }
        return plans
    }

    /// The spans the timelines get, in file order (contract §9). A timeline no state plays gets
    /// one span named after it, on top of the initial pose, looping as it says. A timeline that
    /// states play gets one span per playing state, on top of that state's pose and looping as
    /// the state says (`play: {loop:}`, else as the timeline says): the first is named after the
    /// timeline, the others `TIMELINE@STATE` (all of them where a state has the timeline's name,
    /// `Scene.timelineSpanName`).
    func playedSpans() -> [(name: String, timeline: SceneTimeline, state: SceneState?)] {
        var result: [(name: String, timeline: SceneTimeline, state: SceneState?)] = []
        // The states that play each timeline, in file order, gathered once.
        var playersByTimeline: [String: [SceneState]] = [:]
        for state in scene.states { if let play = state.play { playersByTimeline[play, default: []].append(state) } }
        for timeline in scene.timelines {
            let players = playersByTimeline[timeline.name] ?? []
            if players.isEmpty {
                result.append((scene.timelineSpanName(timeline.name, playedBy: nil, first: true, stateNames: stateIndex), timeline, nil))
                continue
            }
            for (index, state) in players.enumerated() {
                var played = timeline
                played.loop = state.playLoop ?? timeline.loop
                let name = scene.timelineSpanName(timeline.name, playedBy: state.name, first: index == 0, stateNames: stateIndex)
                result.append((name, played, state))
            }
        }
        return result
    }

    /// The value of a property in a pose: the state's override, else the node's base value.
    func poseValue(_ key: PropertyKey, in state: SceneState?) -> PropertyValue? {
        state?.overrides[key] ?? baseValue(key)
    }

    /// The states and transitions as the IR's graph, naming the spans `layOutSpans` made for them.
    func stateMachine(_ spans: [Span]) -> StateMachine? {
        guard let initial = initialState else { return nil }
        // The first pose and the first timeline span of each name, found once (a scan of `spans`
        // for every state was quadratic in the states).
        var poses: [String: Span] = [:], timelines: [String: Span] = [:]
        for span in spans {
            switch span.kind {
            case .pose: if poses[span.name] == nil { poses[span.name] = span }
            case .timeline: if timelines[span.name] == nil { timelines[span.name] = span }
            case .transition: break
            }
        }
        let states = scene.states.map { state in
            StateMachine.State(
                name: state.name, label: state.label, pose: state.name, play: playedSpan(of: state, poses: poses, timelines: timelines))
        }
        var spansByName: [String: Span] = [:]
        for span in spans where span.kind == .transition { spansByName[span.name] = span }
        // Fitting a spring's cubic takes a while: once per spring and rest.
        var easings: [String: Easing] = [:]
        func easing(_ transition: SceneTransition, rest: Double?) -> Easing {
            guard case .spring = transition.timing.easing else { return tweenEasing(transition.timing.easing, restsAfter: rest) }
            let key = "\(transition.timing.easing) \(rest ?? -1)"
            if let known = easings[key] { return known }
            let fitted = tweenEasing(transition.timing.easing, restsAfter: rest)
            easings[key] = fitted
            return fitted
        }
        let transitions = zip(scene.transitions, transitionNames).map { transition, name in
            let rest = spansByName[name].flatMap { restsAfter(transition, span: $0) }
            return StateMachine.Transition(
                name: name, from: transition.from, to: transition.to, trigger: transition.trigger, span: name,
                guardCondition: transition.guardCondition, actions: transition.actions, exit: transition.exit,
                target: transition.target, interrupt: transition.interrupt, restsAfter: rest,
                easing: easing(transition, rest: rest))
        }
        return StateMachine(initial: initial.name, states: states, transitions: transitions, inputs: scene.inputs)
    }

    /// When a transition whose properties move on springs counts as ended (contract §21): once
    /// each is within half a pixel (half a percent of its travel for a value that is no length)
    /// of its destination, rather than at its span's end. Nil where that is the span's end: no
    /// spring, or a played timeline, keyframes or a staggered repeat timing the span.
    func restsAfter(_ transition: SceneTransition, span: Span) -> Double? {
        guard transition.play == nil, transition.keyframes.isEmpty, staggerReach.isEmpty else { return nil }
        let source = state(named: transition.from), destination = state(named: transition.to)
        var rest = 0.0, springs = false
        scene.forEachKey(movedBy: transition, stateIndices: stateIndex) { key in
            guard let from = poseValue(key, in: source), let to = poseValue(key, in: destination), from != to else { return }
            let timing = transition.timing(for: key)
            guard case let .spring(response, dampingFraction) = timing.easing, timing.duration > 0 else {
                rest = max(rest, timing.delay + timing.duration)
                return
            }
            springs = true
            var within = RestTolerance.fraction
            if key.property.descriptor.isInPixels, let travel = largestDifference(from, to), travel > 0 {
                within = RestTolerance.spatial / travel
            }
            rest = max(rest, timing.delay + SpringCurve(response: response, dampingFraction: dampingFraction).settlingDuration(within: within))
        }
        guard springs, rest < span.end - span.start - 1 / scene.fps else { return nil }
        return rest
    }

    /// The span a state plays on top of its pose (its pose span's `plays`: `TIMELINE`, or
    /// `TIMELINE@STATE` when several states play one timeline) and whether it loops there.
    func playedSpan(of state: SceneState, poses: [String: Span], timelines: [String: Span]) -> StateMachine.Play? {
        guard case let .pose(_, plays?) = poses[state.name]?.role, let played = timelines[plays] else { return nil }
        return StateMachine.Play(span: played.name, loops: played.loops, bind: state.playBind?.input)
    }

    var initialState: SceneState? {
        guard let initial = scene.initial else { return scene.states.first }
        return stateIndex[initial].map { scene.states[$0] } ?? scene.states.first
    }

    /// Every property some state, tween or keyframe touches, of the nodes there are (of `nodes`
    /// alone when given), sorted.
    ///
    /// Gathered by node (its position in `nodeList`, found by one hash of the id per key written)
    /// rather than in a `Set<PropertyKey>` (hashing and comparing the id again on every insert),
    /// so that only the nodes are sorted by id, each node's few properties among themselves.
    package func animatedKeys(of nodes: Set<String>? = nil) -> [PropertyKey] {
        let animated = animatedProperties(of: nodes)
        var keys: [PropertyKey] = []
        keys.reserveCapacity(animated.count)
        for index in animated.nodes { animated.appendKeys(of: index, to: &keys, nodeList: nodeList) }
        return keys
    }

    /// `animatedKeys(of:)`, and the same keys grouped by top-level layer: layer `i`'s are
    /// `byLayer[starts[i]..<starts[i + 1]]`, in the order `animatedKeys` gives them.
    func animatedKeysByLayer(of nodes: Set<String>? = nil) -> (sorted: [PropertyKey], byLayer: [PropertyKey], starts: [Int]) {
        let animated = animatedProperties(of: nodes)
        var sorted: [PropertyKey] = []
        sorted.reserveCapacity(animated.count)
        for index in animated.nodes { animated.appendKeys(of: index, to: &sorted, nodeList: nodeList) }
        // The nodes grouped by layer, by counting: each layer's stay in `animated.nodes`' order.
        var firstNode = [Int](repeating: 0, count: scene.layers.count + 1)
        for index in animated.nodes { firstNode[layerOfNode[index] + 1] += 1 }
        for layer in scene.layers.indices { firstNode[layer + 1] += firstNode[layer] }
        var nextNode = firstNode
        var grouped = [Int](repeating: 0, count: animated.nodes.count)
        for index in animated.nodes {
            grouped[nextNode[layerOfNode[index]]] = index
            nextNode[layerOfNode[index]] += 1
        }
        var byLayer: [PropertyKey] = []
        byLayer.reserveCapacity(animated.count)
        var starts = [0]
        starts.reserveCapacity(scene.layers.count + 1)
        for layer in scene.layers.indices {
            for index in grouped[firstNode[layer]..<firstNode[layer + 1]] { animated.appendKeys(of: index, to: &byLayer, nodeList: nodeList) }
            starts.append(byLayer.count)
        }
        return (sorted, byLayer, starts)
    }

    /// The properties some state, tween or keyframe animates, by node.
    struct AnimatedProperties {
        /// The nodes animated (positions in `nodeList`), in the order of their ids.
        var nodes: [Int]
        var propertiesByNode: [[Property]]
        /// How many keys in all.
        var count: Int

        func appendKeys(of index: Int, to keys: inout [PropertyKey], nodeList: [SceneNode]) {
            let id = nodeList[index].id
            for property in propertiesByNode[index].sorted() { keys.append(PropertyKey(node: id, property: property)) }
        }
    }

    private func animatedProperties(of nodes: Set<String>?) -> AnimatedProperties {
        var propertiesByNode = [[Property]](repeating: [], count: nodeList.count)
        var touched: [Int] = []
        func add(_ keys: some Sequence<PropertyKey>) {
            for key in keys {
                if let nodes, !nodes.contains(key.node) { continue }
                guard let index = nodeIndex[key.node] else { continue }
                if propertiesByNode[index].isEmpty { touched.append(index) }
                if !propertiesByNode[index].contains(key.property) { propertiesByNode[index].append(key.property) }
            }
        }
        for state in scene.states { add(state.overrides.keys) }
        for transition in scene.transitions { add(transition.keyframes.keys) }
        for timeline in scene.timelines {
            add(timeline.keyframes.keys)
            for tween in timeline.tweens { add(tween.values.keys) }
        }
        // One index per id (`nodeIndex` keeps the last node of an id), so ids order the nodes as
        // `PropertyKey.<` orders keys of different nodes.
        touched.sort { nodeList[$0].id < nodeList[$1].id }
        return AnimatedProperties(nodes: touched, propertiesByNode: propertiesByNode, count: touched.reduce(0) { $0 + propertiesByNode[$1].count })
    }

    /// The largest baking error allowed for a property, in its own units.
    func tolerance(for key: PropertyKey) -> Double {
        switch key.property.descriptor.bakingTolerance {
        case let .absolute(tolerance): return tolerance
        case let .alongOutline(pixels):
            guard let node = node(key.node), let length = approximateOutlineLength(node), length > 0 else { return 0.001 }
            return pixels / length
        }
    }

    /// Every animated property over the global timeline, as generic tracks grouped by node, and
    /// the same tracks as the staggered copies of a repeat see them (every span's motion `shift`
    /// seconds later).
    ///
    /// With `only`, the tracks of those nodes alone (the others' IR nodes are kept from an
    /// earlier lowering).
    func buildTracks(_ plans: [PlannedSpan], only nodes: Set<String>? = nil, diagnostics: inout DiagnosticBag) -> LoweredTracks {
        let keys = animatedKeys(of: nodes)
        let builder = trackBuilder(plans, keys: keys, diagnostics: &diagnostics)
        let staggeredKeys = keys.filter { staggerReach[$0.node] != nil }
        return LoweredTracks(base: builder.tracks(of: keys[...]), consumable: !hasStaggeredCopies) { shift in
            builder.tracks(of: staggeredKeys[...], shift: shift)
        }
    }

    /// What the global tracks of `keys` are built from: the timelines the spans play, simulated
    /// once for all of those keys (their diagnostics reported here), and each span's poses.
    func trackBuilder(_ plans: [PlannedSpan], keys: [PropertyKey], diagnostics: inout DiagnosticBag) -> GlobalTrackBuilder {
        let startState = initialState
        let springs = SpringBakery(fixedProgressTolerance: !scene.bindings.isEmpty)
        var timelineTracks: [Int: SimulatedTimeline] = [:]
        var reported: Set<String> = []
        for (index, plan) in plans.enumerated() {
            if case let .transition(transition) = plan.content,
                let choreography = choreographyTimeline(transition, spanLength: Double(plan.frames - 1) / scene.fps)
            {
                // Reported with the timeline it plays, if at all.
                var ignored = DiagnosticBag(file: diagnostics.file)
                let source = state(named: transition.from)
                timelineTracks[index] = simulateTimeline(
                    choreography, keys: keys, contentLength: choreography.duration, frameLength: frameLength,
                    startValue: { poseValue($0, in: source) ?? .number(0) }, tolerance: { tolerance(for: $0) },
                    springs: springs, diagnostics: &ignored)
                continue
            }
            guard case let .timeline(timeline, contentLength, pose) = plan.content else { continue }
            // A played timeline runs on top of its state's pose: what it does not animate keeps
            // the state's value, and its tweens start from the state's values.
            let base = pose ?? startState
            // A timeline several states play is reported on once, for its first span.
            var spanDiagnostics = DiagnosticBag(file: diagnostics.file)
            timelineTracks[index] = simulateTimeline(
                timeline, keys: keys, contentLength: contentLength, frameLength: frameLength,
                startValue: { poseValue($0, in: base) ?? .number(0) }, tolerance: { tolerance(for: $0) },
                springs: springs, diagnostics: &spanDiagnostics)
            if reported.insert(timeline.name).inserted {
                diagnostics.append(contentsOf: spanDiagnostics.diagnostics)
            }
            if let pose, !timeline.loop, pose.playBind == nil, let simulated = timelineTracks[index] {
                reportEndAwayFromPose(timeline, contentLength: contentLength, state: pose, tracks: simulated, diagnostics: &diagnostics)
            }
        }
        var poses = plans.map { PlanPoses($0, context: self) }
        // A transition shorter than a frame into a state that plays a timeline shows, in its one
        // frame, where that timeline starts: the state's pose would otherwise flash for a frame
        // before the timeline takes over.
        var firstPlayedSpan: [String: Int] = [:]
        for (index, plan) in plans.enumerated() {
            if case let .timeline(_, _, state?) = plan.content, firstPlayedSpan[state.name] == nil { firstPlayedSpan[state.name] = index }
        }
        for (index, plan) in plans.enumerated() where plan.frames == 1 {
            if case let .transition(transition) = plan.content { poses[index].entry = firstPlayedSpan[transition.to] }
        }
        return GlobalTrackBuilder(context: self, plans: plans, poses: poses, timelineTracks: timelineTracks, springs: springs)
    }

    /// A timeline a state plays once holds its last frame while the state is shown, and a
    /// transition out of the state starts from the state's pose: where the two differ, the drawing
    /// snaps back as the state is left, in every output. Reported once per state that plays it,
    /// at the value the timeline ends on, with a suggestion to end there on the pose and one to
    /// make the pose that end.
    func reportEndAwayFromPose(
        _ timeline: SceneTimeline, contentLength: Double, state: SceneState, tracks: SimulatedTimeline, diagnostics: inout DiagnosticBag
    ) {
        guard scene.transitions.contains(where: { $0.from == state.name && $0.to != state.name }) else { return }
        // A node unseen both where the timeline ends and in the pose snaps back unseen.
        func unseen(_ node: String) -> Bool {
            let key = PropertyKey(node: node, property: .opacity)
            let pose = poseValue(key, in: state)
            let end = tracks.tracks[key].map { $0.value(at: contentLength) } ?? pose
            return pose == .number(0) && end == .number(0)
        }
        var away: [(key: PropertyKey, end: PropertyValue, pose: PropertyValue)] = []
        for key in tracks.tracks.keys.sorted() where !unseen(key.node) {
            guard let track = tracks.tracks[key], let pose = poseValue(key, in: state) else { continue }
            let end = track.value(at: contentLength)
            let gap: Double
            if key.property == .rotation, let a = end.asDouble, let b = pose.asDouble {
                gap = angleDifference(a, b)
            } else {
                gap = end.distance(to: pose)
            }
            if gap > tolerance(for: key) { away.append((key, end, pose)) }
        }
        guard let first = away.first else { return }
        func edits(_ make: ((key: PropertyKey, end: PropertyValue, pose: PropertyValue)) -> FixIt.Edit?) -> [FixIt.Edit]? {
            let made = away.compactMap(make)
            return made.count == away.count ? made : nil
        }
        var fixIts: [FixIt] = []
        if let onPose = edits({ item in
            guard let range = timeline.endValueRanges[item.key], let text = item.pose.sceneText(for: item.key.property) else { return nil }
            return FixIt.Edit(range: range, replacement: text)
        }) {
            fixIts.append(FixIt("end '\(timeline.name)' on the pose of '\(state.name)'", edits: onPose, isSuggestion: true))
        }
        if let atEnd = edits({ item in
            guard let range = state.overrideRanges[item.key], let text = item.end.sceneText(for: item.key.property) else { return nil }
            return FixIt.Edit(range: range, replacement: text)
        }) {
            fixIts.append(FixIt("make the pose of '\(state.name)' where '\(timeline.name)' ends", edits: atEnd, isSuggestion: true))
        }
        let more = away.count > 1 ? " (and \(away.count - 1) more)" : ""
        func shown(_ value: PropertyValue, _ key: PropertyKey) -> String { value.sceneText(for: key.property) ?? value.diagnosticText }
        diagnostics.warning(
            .timelineEndsOffPose,
            "timeline '\(timeline.name)' ends with \(first.key) at \(shown(first.end, first.key)), but state '\(state.name)' shows \(shown(first.pose, first.key))\(more): it snaps back when the state is left",
            at: timeline.endValueRanges[first.key] ?? timeline.range,
            notes: [Note("state '\(state.name)' plays '\(timeline.name)' once", at: state.range)]
                + away.dropFirst().map { Note("\($0.key) ends at \(shown($0.end, $0.key)), the pose shows \(shown($0.pose, $0.key))", at: timeline.endValueRanges[$0.key]) },
            help: "end the timeline on the state's pose, or make the pose the value the timeline ends on",
            fixIts: fixIts)
    }

    /// The global tracks of any keys among those a `trackBuilder` was made for, built call by call:
    /// a lowering without a staggered repeat builds one top-level layer's tracks just before its IR
    /// node and drops them after, so the generic tracks of the whole scene never live at once.
    final class GlobalTrackBuilder {
        let context: LoweringContext
        let plans: [PlannedSpan]
        let poses: [PlanPoses]
        let timelineTracks: [Int: SimulatedTimeline]
        let springs: SpringBakery
        /// The unshifted tracks' transition motions and last track of each property, kept from call
        /// to call so that layers that move alike share them as one call over the scene would.
        private var motions = TransitionMotions()
        private var previous: [Animated<PropertyValue>?] = Array(repeating: nil, count: Property.allCases.count)

        init(context: LoweringContext, plans: [PlannedSpan], poses: [PlanPoses], timelineTracks: [Int: SimulatedTimeline], springs: SpringBakery) {
            self.context = context
            self.plans = plans
            self.poses = poses
            self.timelineTracks = timelineTracks
            self.springs = springs
        }

        /// The tracks of `keys` (sorted, as `animatedKeys` gives them), `shift` seconds later.
        func tracks(of keys: ArraySlice<PropertyKey>, shift: Double = 0) -> [String: NodeTracks] {
            if shift == 0 { return tracks(of: keys, shift: 0, motions: &motions, previous: &previous) }
            var motions = TransitionMotions()
            var previous: [Animated<PropertyValue>?] = Array(repeating: nil, count: Property.allCases.count)
            return tracks(of: keys, shift: shift, motions: &motions, previous: &previous)
        }

        private func tracks(
            of keys: ArraySlice<PropertyKey>, shift: Double, motions: inout TransitionMotions, previous: inout [Animated<PropertyValue>?]
        ) -> [String: NodeTracks] {
            var result: [String: NodeTracks] = [:]
            // `keys` are sorted, so one node's keys are adjacent: one dictionary entry per node.
            var node: String?
            var own = NodeTracks()
            // Many nodes move alike (every node of a list fading in): an equal track shares the
            // earlier one's storage instead of its own copy.
            for key in keys {
                guard
                    var global = context.globalTrack(
                        key, plans: plans, poses: poses, timelineTracks: timelineTracks, springs: springs, shift: shift,
                        motions: &motions)
                else { continue }
                if node != key.node {
                    if let node { result[node] = own }
                    node = key.node
                    own = result[key.node] ?? NodeTracks()
                }
                if !global.isAnimated { global = Animated(global.initial) }
                if let earlier = previous[key.property.rawValue], sameTrack(earlier, global) {
                    global = earlier
                } else {
                    previous[key.property.rawValue] = global
                }
                own[key.property] = global
            }
            if let node { result[node] = own }
            context.followKeywordAnchors(&result)
            return result
        }
    }

    /// Transition motions already built for one shift, by what they depend on when the transition
    /// has no per-node timing: the span, both ends and the baking tolerance. Only numbers and points
    /// are remembered (compared by their bits, so a -0 is not a 0), and at most `capacity` of them,
    /// so scenes whose motions all differ hold no more memory than before.
    package struct TransitionMotions {
        package struct Key: Hashable {
            var span: Int
            var kind: UInt8
            var from: (UInt64, UInt64)
            var to: (UInt64, UInt64)
            var tolerance: UInt64

            package init?(span: Int, from: PropertyValue, to: PropertyValue, tolerance: Double) {
                switch (from, to) {
                case let (.number(a), .number(b)):
                    (kind, self.from, self.to) = (0, (a.bitPattern, 0), (b.bitPattern, 0))
                case let (.point(a), .point(b)):
                    (kind, self.from, self.to) = (1, (a.x.bitPattern, a.y.bitPattern), (b.x.bitPattern, b.y.bitPattern))
                default:
                    return nil
                }
                self.span = span
                self.tolerance = tolerance.bitPattern
            }

            package static func == (a: Key, b: Key) -> Bool {
                a.span == b.span && a.kind == b.kind && a.from == b.from && a.to == b.to && a.tolerance == b.tolerance
            }

            package func hash(into hasher: inout Hasher) {
                hasher.combine(span)
                hasher.combine(kind)
                hasher.combine(from.0)
                hasher.combine(from.1)
                hasher.combine(to.0)
                hasher.combine(to.1)
                hasher.combine(tolerance)
            }
        }

        package static let capacity = 1024
        private(set) var tracks: [Key: PropertyTrack] = [:]

        mutating func remember(_ track: PropertyTrack, for key: Key) {
            guard tracks.count < Self.capacity else { return }
            tracks[key] = track
        }
    }

    /// Which states' poses one span shows, as indices into `scene.states` (nil: the nodes' base
    /// values), resolved once for every property instead of by name for each.
    struct PlanPoses {
        var pose: Int?
        var from: Int?
        var to: Int?
        /// For a transition shorter than a frame: the plan of the timeline its target state plays.
        var entry: Int?

        init(_ plan: PlannedSpan, context: LoweringContext) {
            func index(_ state: SceneState?) -> Int? { state.flatMap { context.stateIndex[$0.name] } }
            switch plan.content {
            case let .pose(state): pose = index(state)
            case let .transition(transition):
                from = context.stateIndex[transition.from]
                to = context.stateIndex[transition.to]
            case let .timeline(_, _, state): pose = index(state ?? context.initialState)
            }
        }
    }

    /// One property over the global timeline: each span's local track, moved `shift` seconds later
    /// within its span (wrapping in a looping timeline), appended in order. At a span's start the
    /// value jumps to the span's starting value (a segment whose `from` differs from the previous end).
    fileprivate func globalTrack(
        _ key: PropertyKey, plans: [PlannedSpan], poses: [PlanPoses], timelineTracks: [Int: SimulatedTimeline],
        springs: SpringBakery, shift: Double, motions: inout TransitionMotions
    ) -> Animated<PropertyValue>? {
        // `poseValue(key, in:)` for every state, looked up once.
        let base = baseValue(key)
        let stateValues = scene.states.map { $0.overrides[key] ?? base }
        func poseValue(_ state: Int?) -> PropertyValue? { state.map { stateValues[$0] } ?? base }
        var initial: PropertyValue?
        var segments: [Segment<PropertyValue>] = []
        for (index, plan) in plans.enumerated() {
            let length = Double(plan.frames) / scene.fps
            var local: PropertyTrack
            switch plan.content {
            case .pose:
                guard let value = poseValue(poses[index].pose) else { continue }
                local = PropertyTrack(value)
            case .transition where poses[index].entry.flatMap({ timelineTracks[$0]?.tracks[key] }) != nil:
                let entry = poses[index].entry!
                var track = timelineTracks[entry]!.tracks[key]!
                if case let .timeline(timeline, _, _) = plans[entry].content, timeline.loop, let delay = timeline.delays[key] {
                    track = track.wrapped(by: delay, period: Double(plans[entry].frames) / scene.fps)
                }
                local = PropertyTrack(track.value(at: 0))
            case let .transition(transition):
                if let choreographed = timelineTracks[index]?.tracks[key] {
                    let delay = shift + (transition.play.flatMap { timelineDelays[$0]?[key] } ?? 0)
                    local = choreographed.delayed(by: delay, length: length)
                    break
                }
                guard let from = poseValue(poses[index].from), let to = poseValue(poses[index].to) else { continue }
                let tolerance = from != to ? tolerance(for: key) : 0
                // Without per-node timing the motion depends only on its ends and tolerance (the
                // span and shift being fixed here): built once for all the properties that share them.
                let motion = transition.nodeTiming.isEmpty ? TransitionMotions.Key(span: index, from: from, to: to, tolerance: tolerance) : nil
                if let motion, let track = motions.tracks[motion] {
                    local = track
                } else {
                    var track = PropertyTrack(from)
                    if from != to {
                        // `timing(for:)` names the key's paths to look them up; most transitions have no
                        // per-node timing at all.
                        let timing = transition.nodeTiming.isEmpty ? transition.timing : transition.timing(for: key)
                        track.animate(
                            at: timing.delay + shift, duration: effectiveDuration(timing, springs: springs), easing: timing.easing,
                            to: to, tolerance: tolerance, springs: springs)
                    }
                    local = track.window(from: 0, to: length).normalized(end: length)
                    if let motion { motions.remember(local, for: motion) }
                }
            case let .timeline(timeline, _, _):
                guard let simulated = timelineTracks[index] else { continue }
                // A property the timeline does not animate holds its value in the pose below it.
                let track = simulated.tracks[key] ?? PropertyTrack(poseValue(poses[index].pose) ?? .number(0))
                local = track
                // A group's `time: {offset}` may be negative: the motion starts before the span does.
                let delay = shift + (timeline.delays.isEmpty ? 0 : timeline.delays[key] ?? 0)
                if delay > 0 || (delay < 0 && !timeline.loop) {
                    local = timeline.loop ? track.wrapped(by: delay, period: length) : track.delayed(by: delay, length: length)
                }
            }
            let start = plan.span.start
            if let initial {
                let current = segments.last?.to ?? initial
                let firstStart = local.segments.first?.start ?? length
                if local.initial != current && firstStart > timeEpsilon {
                    segments.append(
                        Segment(start: start, end: start + firstStart, from: local.initial, to: local.initial, easing: .linear))
                }
            } else {
                initial = local.initial
            }
            // Grown geometrically (reserving the exact size span by span copied the whole track for
            // every span: quadratic in a property's transitions, which a scene can have thousands of),
            // and trimmed to its size below.
            let needed = segments.count + local.segments.count
            if needed > segments.capacity { segments.reserveCapacity(max(needed, 2 * segments.capacity)) }
            for segment in local.segments {
                segments.append(
                    Segment(start: segment.start + start, end: segment.end + start, from: segment.from, to: segment.to, easing: segment.easing, spatial: segment.spatial))
            }
        }
        // The tracks of a large scene live together until their IR nodes are made: spare capacity
        // of more than an eighth is given back by one copy.
        if segments.capacity - segments.count > segments.count / 8 { segments = Array(segments[...]) }
        // `Animated` checks the order of the whole track once, as appending segment by segment did.
        return initial.map { Animated($0, segments: segments) }
    }

    func state(named name: String) -> SceneState? {
        stateIndex[name].map { scene.states[$0] }
    }

    /// The outline's length from the node's base geometry, for the trim tolerance; nil if unknown.
    func approximateOutlineLength(_ node: SceneNode) -> Double? {
        switch node.shape {
        case .rect:
            guard let size = node.base.point(.size) else { return nil }
            return 2 * (abs(size.x) + abs(size.y))
        case .ellipse:
            guard let size = node.base.point(.size) else { return nil }
            let a = abs(size.x) / 2, b = abs(size.y) / 2
            return Double.pi * (3 * (a + b) - ((3 * a + b) * (a + 3 * b)).squareRoot())
        case let .polygon(sides, _, _):
            guard let radius = node.base.number(.radius) else { return nil }
            return 2 * Double(max(3, sides)) * abs(radius) * sin(Double.pi / Double(max(3, sides)))
        case .path:
            guard let shape = node.base.path(.d) else { return nil }
            var length = 0.0
            for contour in shape.contours {
                let points = contour.vertices.map(\.point)
                for (a, b) in zip(points, points.dropFirst() + (contour.closed ? points.prefix(1) : [])) {
                    length += ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                }
            }
            return length
        case .group:
            return nil
        }
    }
}

/// `1.9s`, `0.016667s`: seconds for messages.
private func formatSeconds(_ seconds: Double) -> String {
    formatNumber(seconds, decimals: 6) + "s"
}

/// An upper bound on the segments one motion with `easing` bakes into: `steps(n)` is n segments,
/// `linear(…)` one per pair of its points, a spring its chain of cubics (lowering never bakes
/// finer than `minSpringProgressTolerance`), anything else one.
func bakedSegmentBound(_ easing: EasingSpec, springs: SpringBakery) -> Int {
    switch easing {
    case let .steps(count): return max(1, count)
    case let .piecewise(points): return max(1, points.count - 1)
    case let .spring(response, dampingFraction):
        return springs.pieces(
            SpringCurve(response: response, dampingFraction: dampingFraction), tolerance: minSpringProgressTolerance
        ).count
    default: return 1
    }
}

/// Counts, from the easing alone, the segments the scene's motions bake into (`steps(n)` is n
/// segments, a spring its chain of cubics, anything else one), and reports the timeline or
/// transition at which the total passes `SceneLimits.bakedSegmentLimit(inputBytes:)`, before any
/// is built.
func checkBakedSegmentCount(_ scene: Scene, inputBytes: Int, diagnostics: inout DiagnosticBag) -> Bool {
    let springs = SpringBakery()
    func segments(_ easing: EasingSpec) -> Int { bakedSegmentBound(easing, springs: springs) }
    let limit = SceneLimits.bakedSegmentLimit(inputBytes: inputBytes)
    var total = 0
    func exceeded(_ added: Int, at range: SourceRange, _ what: String) -> Bool {
        total += added
        guard total > limit else { return false }
        diagnostics.error(
            .tooManyBakedKeyframes,
            "\(what) brings the baked keyframes to \(total), more than the limit of \(limit)\(limitExplanation(limit, floor: SceneLimits.maxBakedSegments, inputBytes: inputBytes))",
            at: range, help: "use fewer steps or springs, or fewer keyframes with them")
        return true
    }
    let stateIndices = scene.stateIndicesByName()
    for transition in scene.transitions {
        // Without per-node timing every key moves with the transition's own, looked up once.
        let shared = transition.nodeTiming.isEmpty ? segments(transition.timing.easing) : nil
        var count = 0
        scene.forEachKey(movedBy: transition, stateIndices: stateIndices) { key in
            count += shared ?? segments(transition.timing(for: key).easing)
        }
        for keyframes in transition.keyframes.values {
            count += keyframes.reduce(0) { $0 + segments($1.easing) }
        }
        if exceeded(count, at: transition.range, "the transition \(transition.from) → \(transition.to)") { return false }
    }
    for timeline in scene.timelines {
        var count = timeline.tweens.reduce(0) { $0 + $1.values.count * segments($1.timing.easing) }
        for keyframes in timeline.keyframes.values {
            count += keyframes.reduce(0) { $0 + segments($1.easing) }
        }
        if exceeded(count, at: timeline.range, "timeline '\(timeline.name)'") { return false }
    }
    return true
}

/// How far apart two values of a length or position are: the largest distance between
/// corresponding numbers, points or vertices (nil for colours and gradients).
func largestDifference(_ a: PropertyValue, _ b: PropertyValue) -> Double? {
    func distance(_ p: Point, _ q: Point) -> Double { ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() }
    switch (a, b) {
    case let (.number(x), .number(y)): return abs(x - y)
    case let (.point(p), .point(q)): return distance(p, q)
    case let (.path(p), .path(q)):
        var largest = 0.0
        for (c, d) in zip(p.contours, q.contours) {
            for (u, v) in zip(c.vertices, d.vertices) { largest = max(largest, distance(u.point, v.point)) }
        }
        return largest
    default: return nil
    }
}

/// The live texts with their cells' IR paths, each cell's position naming its slot.
private func placedLiveTexts(_ texts: [LiveText], in timeline: inout Timeline) -> [LiveText] {
    guard !texts.isEmpty else { return [] }
    var paths: [String: [Int]] = [:]
    func walk(_ nodes: [Node], _ prefix: [Int]) {
        for (index, node) in nodes.enumerated() {
            let path = prefix + [index]
            if paths[node.id] == nil { paths[node.id] = path }
            if case let .group(children) = node.content { walk(children, path) }
        }
    }
    walk(timeline.layers, [])
    return texts.map { text in
        var placed = text
        for index in placed.cells.indices {
            guard let path = paths[placed.cells[index].node] else { continue }
            placed.cells[index].path = path
            let slot = placed.cells[index].slot
            timeline.updateNode(at: path) { $0.transform.position.slot = slot }
        }
        return placed
    }
}
