/// What makes a transition start (contract section 9).
public enum Trigger: String, Sendable, CaseIterable, Equatable {
    /// A click or tap on the drawing.
    case tap
    /// Pointer down.
    case press
    /// Pointer up.
    case release
    /// The pointer enters the drawing.
    case hover
    /// The pointer leaves the drawing.
    case hoverEnd = "hover-end"
    /// The state the transition leaves has been fully reached (see `StateMachine`).
    case complete
    /// No `on:`: the app fires the transition by its name (`FROM->TO`).
    case programmatic

    /// True for the triggers a pointer fires (everything but `complete` and `programmatic`).
    public var isPointer: Bool { self != .complete && self != .programmatic }
}

/// How a scene with states behaves: which state it starts in, what each state shows and which
/// transition each trigger starts. Every name in it is also the name of a span (and of a Lottie
/// marker) of the timeline, so an output can play any part of it by marker.
///
/// The order of events, which every output follows:
/// 1. On load the machine is in `initial`: it shows that state's pose, and starts its played
///    timeline if it has one.
/// 2. A state is *fully reached* when the transition that entered it has finished (for `initial`:
///    on load) and, if it plays a timeline once, that timeline has ended. A state that loops a
///    timeline is fully reached as soon as it is entered: its loop is its rest and never ends.
/// 3. When a state is fully reached, its `complete` transition (if any) starts.
/// 4. A pointer trigger, or the app firing a programmatic transition by name, starts the current
///    state's transition on that trigger, if any; a played timeline stops where it is. Out of a
///    looping state, a transition with `exit: cycle-end` is taken then (its actions run, later
///    triggers are ignored) but starts when the running cycle ends, the loop playing on till then.
/// 5. A trigger that arrives while a transition plays is resolved against the state it leads to
///    and handled as the running transition's `interrupt:` says: `retarget` takes it at once (the
///    new transition starts from what is on screen), `finish` keeps the last one until the running
///    transition ends, `ignore` drops it. A transition ends when its span has played once, or a
///    spring's when it is within `RestTolerance` of rest (`restsAfter`); the machine is then in the
///    transition's target state (back to 2).
public struct StateMachine: Sendable, Equatable {
    /// The name of the state shown on load (`initial:`, else the first state).
    public var initial: String
    /// In file order.
    public var states: [State]
    /// In file order. No state has two transitions on one trigger, and no cycle is made only of
    /// `complete` transitions (the front end rejects both).
    public var transitions: [Transition]
    /// `inputs:`, in file order (contract §17).
    public var inputs: [MachineInput]

    public init(initial: String, states: [State], transitions: [Transition], inputs: [MachineInput] = []) {
        self.initial = initial
        self.states = states
        self.transitions = transitions
        self.inputs = inputs
    }

    /// The events `emit:` actions tell the app, in order of first use.
    public var events: [String] {
        var names: [String] = []
        for transition in transitions {
            for case let .emit(name) in transition.actions where !names.contains(name) { names.append(name) }
        }
        return names
    }

    public struct State: Sendable, Equatable {
        public var name: String
        /// The accessible label (`a11y.label`), if given.
        public var label: String?
        /// The span holding the state's pose (a one-frame span named after the state).
        public var pose: String
        /// The timeline the state plays while it is shown, if any.
        public var play: Play?

        public init(name: String, label: String? = nil, pose: String, play: Play? = nil) {
            self.name = name
            self.label = label
            self.pose = pose
            self.play = play
        }
    }

    /// A timeline a state plays on top of its pose: the span that holds it, and whether it loops
    /// (else it plays once on entering the state and holds its last frame). A bound one
    /// (`bind: INPUT`) does not play: its position follows the number input across its range.
    public struct Play: Sendable, Equatable {
        public var span: String
        public var loops: Bool
        /// The number input (with a range) the timeline's position follows; never looping.
        public var bind: String?

        public init(span: String, loops: Bool, bind: String? = nil) {
            self.span = span
            self.loops = loops
            self.bind = bind
        }
    }

    public struct Transition: Sendable, Equatable {
        /// `FROM->TO`, the name of its span and the name the app fires a programmatic one by.
        public var name: String
        public var from: String
        public var to: String
        public var trigger: Trigger
        /// The span it plays once (its name, today always equal to `name`).
        public var span: String
        /// `when:`: the transition is taken only while this holds. Without `on:` it is taken as
        /// soon as its state is reached and the guard holds.
        public var guardCondition: TransitionGuard?
        /// `set:`, `theme:`, `emit:`, done when the transition is taken.
        public var actions: [TransitionAction]
        /// `exit:`: out of a state that loops a timeline, whether the transition starts at once
        /// or when the running cycle ends (the trigger is taken at once, its start waits).
        public var exit: LoopExit
        /// `target:`: the node a pointer trigger must land on (nil: anywhere on the drawing).
        public var target: TriggerTarget?
        /// `interrupt:`: what a trigger arriving while this transition plays does.
        public var interrupt: Interruption
        /// Seconds from the span's start after which the transition counts as ended, for triggers
        /// and `complete`, when that is before the span's end: a spring within half a pixel (or half
        /// a percent) of rest. Nil: at the span's end.
        public var restsAfter: Double?
        /// The transition's motion as one easing over its length (a spring's fitted by a cubic):
        /// what an output that can only tween between two frames plays when it retargets.
        public var easing: Easing

        public init(
            name: String, from: String, to: String, trigger: Trigger, span: String,
            guardCondition: TransitionGuard? = nil, actions: [TransitionAction] = [], exit: LoopExit = .now,
            target: TriggerTarget? = nil, interrupt: Interruption = .retarget, restsAfter: Double? = nil, easing: Easing = .easeInOut
        ) {
            self.easing = easing
            self.exit = exit
            self.target = target
            self.interrupt = interrupt
            self.restsAfter = restsAfter
            self.name = name
            self.from = from
            self.to = to
            self.trigger = trigger
            self.span = span
            self.guardCondition = guardCondition
            self.actions = actions
        }

        /// A transition to its own state is an action on a trigger: it plays nothing.
        public var isAction: Bool { from == to }

        /// Taken by itself when its guard holds, not by a trigger or the app.
        public var isAutomatic: Bool { trigger == .programmatic && guardCondition != nil }
    }

    public func state(named name: String) -> State? {
        states.first { $0.name == name }
    }

    /// The transitions leaving a state, in file order.
    public func transitions(from state: String) -> [Transition] {
        transitions.filter { $0.from == state }
    }

    /// The transition a trigger starts in a state, if any: for a pointer on `target`, the
    /// state's transition for that node, else its transition on the whole drawing.
    public func transition(from state: String, on trigger: Trigger, target: String? = nil) -> Transition? {
        if let target, let found = transitions.first(where: { $0.from == state && $0.trigger == trigger && $0.target?.node == target }) {
            return found
        }
        return transitions.first { $0.from == state && $0.trigger == trigger && $0.target == nil }
    }

    /// The nodes some transition targets, in order of first use.
    public var targets: [TriggerTarget] {
        var result: [TriggerTarget] = []
        for transition in transitions {
            if let target = transition.target, !result.contains(where: { $0.node == target.node }) { result.append(target) }
        }
        return result
    }

    /// The triggers some transition uses, in `Trigger.allCases` order.
    public var usedTriggers: [Trigger] {
        Trigger.allCases.filter { trigger in transitions.contains { $0.trigger == trigger } }
    }
}
