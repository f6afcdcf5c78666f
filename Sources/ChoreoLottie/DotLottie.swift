import ChoreoJSON
import ChoreoTimeline

/// The members of a dotLottie v2 archive (`NAME.lottie`) for a compiled timeline: the manifest,
/// the state machine `s/NAME.json`, one theme file `t/THEME.json` per theme and the animation
/// `a/NAME.json`, in the order they are to be zipped. The CLI zips them (Deflate); this type only
/// decides their text, so it stays a pure function of the timeline.
///
/// The state machine follows the mapping of the format reference (one PlaybackState per pose and
/// per transition span, each playing its marker), in the dialect dotlottie-rs loads:
/// - state `S` plays marker `S` (its one-frame pose) and does not autoplay; a state that plays a
///   timeline plays that timeline's marker instead (autoplay, looping if it loops);
/// - transition `A->B` is a state that autoplays marker `A->B` once; its `OnComplete` fires the
///   Event input `done`, which takes it to `B`;
/// - a pointer trigger is an interaction (`tap` → `Click`, `press` → `PointerDown`, `release` →
///   `PointerUp`, `hover` → `PointerEnter`, `hover-end` → `PointerExit`) that fires the Event input
///   named after the trigger; the state's transition on that trigger is guarded by that Event;
/// - `complete`: a state with a `complete` transition autoplays its segment once and its
///   `OnComplete` fires the Event input `complete` (contract: fires when the state is fully reached;
///   a state that loops a timeline is fully reached on entry, so it plays its pose instead);
/// - a programmatic transition is guarded by an Event input named after the transition (`A->B`),
///   which the app fires (`stateMachineFireEvent("A->B")`).
/// Guardless transitions are never written: dotlottie-rs takes them at once, before a segment plays.
public enum DotLottie {
    /// Where each member goes in the archive, in archive order. `a/NAME.json` is last: lottie-android
    /// opens a `.lottie` as a plain ZIP and keeps the last JSON it reads.
    public static func members(_ timeline: Timeline, generator: String) -> [(path: String, text: String)] {
        let writer = JSONWriter(pretty: false)
        var members: [(String, String)] = [
            ("manifest.json", writer.string(manifest(timeline, generator: generator))),
            ("s/\(timeline.name).json", writer.string(stateMachine(timeline))),
        ]
        for theme in themeFiles(timeline) {
            members.append(("t/\(theme.name).json", writer.string(theme.document)))
        }
        members.append(("a/\(timeline.name).json", LottieEmitter.emit(timeline)))
        return members
    }

    public static func manifest(_ timeline: Timeline, generator: String) -> JSONValue {
        let themes = themeFiles(timeline).map(\.name)
        var animation: [(String, JSONValue)] = [("id", .string(timeline.name))]
        if !themes.isEmpty { animation.append(("themes", .array(themes.map { .string($0) }))) }
        var members: [(String, JSONValue)] = [
            ("version", "2"),
            ("generator", .string(generator)),
            ("animations", [.object(animation)]),
        ]
        if !themes.isEmpty {
            members.append(("themes", .array(themes.map { .object([("id", .string($0))]) })))
        }
        members.append(("stateMachines", [.object([("id", .string(timeline.name))])]))
        members.append((
            "initial", .object([("animation", .string(timeline.name)), ("stateMachine", .string(timeline.name))])
        ))
        return .object(members)
    }

    /// The Event input fired when a transition's segment has played.
    public static let transitionEndEvent = "done"

    /// The Event input a transition is guarded by.
    public static func eventName(for transition: StateMachine.Transition) -> String {
        transition.trigger == .programmatic ? transition.name : transition.trigger.rawValue
    }

    /// The dotLottie interaction type a pointer trigger maps to.
    public static func interactionType(for trigger: Trigger) -> String? {
        switch trigger {
        case .tap: "Click"
        case .press: "PointerDown"
        case .release: "PointerUp"
        case .hover: "PointerEnter"
        case .hoverEnd: "PointerExit"
        case .complete, .programmatic: nil
        }
    }

    /// `s/NAME.json`. A scene without states gets a one-state machine that plays its first
    /// timeline (looping if it loops) or shows its still frame, so an app can start any archive's
    /// state machine the same way.
    public static func stateMachine(_ timeline: Timeline) -> JSONValue {
        guard let machine = timeline.stateMachine else {
            let first = timeline.spans.first { $0.kind == .timeline } ?? timeline.spans.first
            let name = first?.name ?? timeline.name
            let state = playbackState(
                name: name, segment: name, autoplay: first?.kind == .timeline, loop: first?.loops ?? false, transitions: [])
            return .object([("initial", .string(name)), ("states", [state])])
        }
        var states: [JSONValue] = []
        let waiting = machine.transitions.filter { waitsForCycleEnd($0, in: machine) }
        for state in machine.states {
            let leaving = machine.transitions(from: state.name)
            let completes = leaving.contains { $0.trigger == .complete }
            var segment = state.pose, autoplay = completes, loop = false
            var transitions = targetedFirst(leaving).flatMap {
                guardedTransitions(
                    $0, inputs: machine.inputs, waitsForCycleEnd: waiting.contains($0), extraGuards: targetGuards($0, in: machine))
            }
            var entryActions: [JSONValue] = waiting.filter { $0.from == state.name }.map(setPending(false))
            if let play = state.play, let input = play.bind, !completes {
                segment = play.span
                entryActions = boundEntryActions(state: state.name, play: play, machine: machine, timeline: timeline)
                transitions.insert(boundFollowTransition(state: state.name, input: input), at: 0)
            } else if let play = state.play, play.bind == nil, !(play.loops && completes) {
                segment = play.span
                autoplay = true
                loop = play.loops
            }
            states.append(playbackState(
                name: state.name, segment: segment, autoplay: autoplay, loop: loop, transitions: transitions,
                entryActions: entryActions))
        }
        for transition in machine.transitions {
            let entryActions = transition.actions.flatMap { actionJSON($0, inputs: machine.inputs) }
            if transition.isAction {
                // Passed through at once: its entry actions run, then its one guardless transition
                // goes back to the state, which shows what it showed.
                let shown = states.first { $0["name"] == .string(transition.from) }
                states.append(playbackState(
                    name: transition.name, segment: shownSegment(shown) ?? transition.from, autoplay: false,
                    loop: false, transitions: [.object([("type", "Transition"), ("toState", .string(transition.to))])],
                    entryActions: entryActions))
                continue
            }
            let ends = transition.interrupt == .finish ? finishedState(transition) : transition.to
            let reset = transition.interrupt == .finish ? [setNumeric(finishInput(transition), 0)] : []
            states.append(playbackState(
                name: transition.name, segment: transition.span, autoplay: true, loop: false,
                transitions: [self.transition(to: ends, on: transitionEndEvent)]
                    + interruptingTransitions(transition, in: machine, timeline: timeline),
                entryActions: reset + entryActions))
        }
        let shown: (String) -> String? = { name in shownSegment(states.first { $0["name"] == .string(name) }) }
        states += landingStates(machine, shown: shown) + finishedStates(machine, shown: shown)

        var interactions = pointerInteractions(machine, waiting: waiting, timeline: timeline)
        interactions += cycleEndInteractions(waiting)
        for transition in machine.transitions where !transition.isAction {
            interactions.append(onComplete(transition.name, fire: transitionEndEvent))
        }
        for state in machine.states where machine.transition(from: state.name, on: .complete) != nil {
            interactions.append(onComplete(state.name, fire: Trigger.complete.rawValue))
        }

        var inputs: [String] = machine.usedTriggers.filter { $0 != .programmatic }.map(\.rawValue)
        if machine.transitions.contains(where: { !$0.isAction }) { inputs.append(transitionEndEvent) }
        inputs += machine.transitions.filter { $0.trigger == .programmatic && !$0.isAutomatic }.map(\.name)

        var members: [(String, JSONValue)] = [("initial", .string(machine.initial)), ("states", .array(states))]
        if !interactions.isEmpty { members.append(("interactions", .array(interactions))) }
        let declared = inputs.map { JSONValue.object([("type", "Event"), ("name", .string($0))]) }
            + machine.inputs.map(inputJSON) + boundInputs(machine) + cycleEndInputs(waiting) + touchInputs(machine)
        if !declared.isEmpty {
            members.append(("inputs", .array(declared)))
        }
        return .object(members)
    }

    static func playbackStateJSON(
        name: String, segment: String, autoplay: Bool, loop: Bool, transitions: [JSONValue], entryActions: [JSONValue] = []
    ) -> JSONValue {
        playbackState(name: name, segment: segment, autoplay: autoplay, loop: loop, transitions: transitions, entryActions: entryActions)
    }

    private static func playbackState(
        name: String, segment: String, autoplay: Bool, loop: Bool, transitions: [JSONValue], entryActions: [JSONValue] = []
    ) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("type", "PlaybackState"), ("name", .string(name)), ("animation", ""), ("segment", .string(segment)),
            ("autoplay", .bool(autoplay)), ("loop", .bool(loop)), ("transitions", .array(transitions)),
        ]
        if !entryActions.isEmpty { members.append(("entryActions", .array(entryActions))) }
        return .object(members)
    }

    private static func transition(to state: String, on event: String) -> JSONValue {
        .object([
            ("type", "Transition"), ("toState", .string(state)),
            ("guards", [.object([("type", "Event"), ("inputName", .string(event))])]),
        ])
    }

    static func fire(_ input: String) -> JSONValue {
        .object([("type", "Fire"), ("inputName", .string(input))])
    }

    private static func onComplete(_ state: String, fire input: String) -> JSONValue {
        .object([("type", "OnComplete"), ("stateName", .string(state)), ("actions", [fire(input)])])
    }

    /// `t/THEME.json` for each theme: a rule per slot (dotLottie theming 1.0, as dotlottie-rs reads
    /// it). A still value is `value`; a moving one is `keyframes`, which dotlottie-rs takes only on
    /// whole frames, so the track's own segments are written cut to the whole frames they govern
    /// (`themeKeys`): a theme file holds what the theme's track holds, never a sample per frame.
    static func themeFiles(_ timeline: Timeline) -> [(name: String, document: JSONValue)] {
        guard let themes = timeline.themes else { return [] }
        return themes.names.map { name in
            let rules: [JSONValue] = themes.slots.compactMap { slot in
                slot.values[name].map { themeRule(id: slot.id, value: $0, timeline: timeline) }
            }
            return (name, .object([("rules", .array(rules))]))
        }
    }

    static func themeRule(id: String, value: SlotValue, timeline: Timeline) -> JSONValue {
        func rule<Value>(_ type: String, _ track: Animated<Value>, _ encode: (Value) -> JSONValue) -> JSONValue {
            guard track.isAnimated else {
                return .object([("id", .string(id)), ("type", .string(type)), ("value", encode(track.initial))])
            }
            let keyframes: [JSONValue] = themeKeys(track, fps: timeline.fps).map { key in
                var members: [(String, JSONValue)] = [("frame", .int(key.frame)), ("value", encode(key.value))]
                switch key.easing {
                case nil, .hold?: members.append(("hold", true))
                case .linear?: members += tangents(0, 0, 1, 1)
                case let .cubic(x1, y1, x2, y2)?: members += tangents(x1, y1, x2, y2)
                }
                return .object(members)
            }
            return .object([("id", .string(id)), ("type", .string(type)), ("keyframes", .array(keyframes))])
        }
        switch value {
        case let .color(track):
            return rule("Color", track) { [.decimal($0.r, places: 4), .decimal($0.g, places: 4), .decimal($0.b, places: 4)] }
        case let .opacity(track):
            return rule("Scalar", track) { .number($0 * 100) }
        case let .length(track):
            return rule("Scalar", track) { .number($0) }
        }
    }

    /// A motion's easing as the handles of the keyframe it starts from (`o` and `i` of a Lottie
    /// keyframe), x kept in 0…1 as in the animation's own keyframes.
    private static func tangents(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> [(String, JSONValue)] {
        func handle(_ x: Double, _ y: Double) -> JSONValue { .object([("x", .number(min(max(x, 0), 1))), ("y", .number(y))]) }
        return [("outTangent", handle(x1, y1)), ("inTangent", handle(x2, y2))]
    }

    /// The keyframes of a theme's track on whole frames, each with the easing towards the next
    /// (nil: held). Every whole frame has the track's exact value (`value(at:)`): a segment is
    /// cut to the whole frames it governs (`Easing.piece` keeps its curve), its end value lands on
    /// the first whole frame after it, and a jump lands on the frame where the next segment takes
    /// over. At most three keys a segment, so a theme file grows with the track, not its duration.
    static func themeKeys<Value>(_ track: Animated<Value>, fps: Double) -> [(frame: Int, value: Value, easing: Easing?)] {
        let tolerance = 1e-6
        var keys: [(frame: Int, value: Value, easing: Easing?)] = []
        func place(_ frame: Int, _ value: Value, _ easing: Easing?) {
            if let last = keys.last {
                // A later segment wins on a frame two share, as in `value(at:)`; the key replaced
                // is always a held one, so no motion is bent towards another value.
                if last.frame >= frame {
                    keys[keys.count - 1] = (last.frame, value, easing)
                    return
                }
                if last.easing == nil, easing == nil, last.value == value { return }
            }
            keys.append((frame, value, easing))
        }
        place(0, track.value(at: 0), nil)
        let segments = track.segments
        for (index, segment) in segments.enumerated() {
            let start = segment.start * fps, end = segment.end * fps
            var last = (end + tolerance).rounded(.down)
            if index + 1 < segments.count, last >= segments[index + 1].start * fps - tolerance { last -= 1 }
            let first = max(0, (start - tolerance).rounded(.up))
            if first <= last, end > start, segment.from != segment.to {
                let u0 = (first - start) / (end - start), u1 = (last - start) / (end - start)
                let piece = segment.easing.piece(from: u0, to: u1)
                let moving = last > first && segment.easing != .hold
                place(Int(first), Value.interpolate(segment.from, segment.to, piece.p0), moving ? piece.easing : nil)
                if moving { place(Int(last), Value.interpolate(segment.from, segment.to, piece.p1), nil) }
            }
            // From the first whole frame at or after its end, a segment holds its end value.
            let after = max(0, (end - tolerance).rounded(.up))
            place(Int(after), segment.to, nil)
        }
        return keys
    }
}
