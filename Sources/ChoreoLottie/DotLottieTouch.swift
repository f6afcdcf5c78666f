import ChoreoJSON
import ChoreoTimeline

/// Targets and interruption in dotlottie-rs's dialect (contract §21).
///
/// - **Targets.** The target node is a layer of its own named by its id (`LottieLayering`), and
///   an interaction names it (`layerName`); dotlottie-rs hit-tests a layer's bounds. A trigger
///   some transition targets records which target the pointer is on in a hidden Numeric input
///   `hit:TRIGGER` (the target's number in `StateMachine.targets`, from 1; 0 for none): for a
///   tap, press or release an interaction without a layer first sets 0, one per target (bottom
///   to top, so the node drawn on top sets it last) sets its number, and the interaction without
///   a layer fires the trigger's Event. A targeted transition is guarded by that number too, and
///   the state's transitions on the whole drawing come after the targeted ones, so they are the
///   fallback. A hover or hover-end on a target (the pointer crossing its layer) sets the number
///   and fires the Event itself; a transition on the whole drawing on that trigger then needs 0.
/// - **Interruption.** A transition plays in a state of its own (`FROM->TO`). With
///   `interrupt: retarget` that state also takes every transition out of its destination but
///   `complete`: as a `Tweened` transition, which dotlottie-rs plays from the frame on screen, to
///   a landing state `retarget:NAME` that shows the new destination (tweened over the new
///   transition's length with its easing, a spring's fitted by a cubic), runs its actions and
///   passes on to the destination; an action (a transition to its own state) is tweened to over
///   the running transition's length instead, then runs. dotlottie-rs evaluates triggers that come
///   during a tween against the state tweening, so a second one during it is resolved against
///   the interrupted transition's destination too (the same trigger again is dropped). With
///   `interrupt: finish` the transition's state clears a hidden Numeric input `finish:NAME` on
///   entry, every trigger the destination has a transition on sets it to the trigger's number
///   (`pendingCodes`) before firing it, and the transition ends in a pass-through state
///   `finished:NAME` that takes the destination's transition on that trigger, if any, else goes
///   on to the destination. `ignore` is what a transition's state does without either.
/// The hidden names have `:` in them, which no scene name has.
extension DotLottie {
    static func hitInput(_ trigger: Trigger) -> String { "hit:" + trigger.rawValue }
    static func finishInput(_ transition: StateMachine.Transition) -> String { "finish:" + transition.name }
    static func landingState(_ transition: StateMachine.Transition) -> String { "retarget:" + transition.name }
    static func finishedState(_ transition: StateMachine.Transition) -> String { "finished:" + transition.name }

    /// A hover or hover-end: the pointer crossing a drawing, rather than acting on a point of it.
    static func isCrossing(_ trigger: Trigger) -> Bool { trigger == .hover || trigger == .hoverEnd }

    /// The triggers some transition targets, in `Trigger.allCases` order.
    static func targetedTriggers(_ machine: StateMachine) -> [Trigger] {
        Trigger.allCases.filter { trigger in machine.transitions.contains { $0.trigger == trigger && $0.target != nil } }
    }

    /// A target's number in `hit:TRIGGER` (from 1).
    static func targetNumber(_ node: String, in machine: StateMachine) -> Int {
        (machine.targets.firstIndex { $0.node == node } ?? 0) + 1
    }

    /// A trigger's number in `finish:NAME` (from 1).
    static func triggerNumber(_ trigger: Trigger) -> Int {
        (Trigger.allCases.firstIndex(of: trigger) ?? 0) + 1
    }

    /// The guards a transition's target adds after its Event's.
    static func targetGuards(_ transition: StateMachine.Transition, in machine: StateMachine) -> [JSONValue] {
        guard transition.trigger.isPointer, targetedTriggers(machine).contains(transition.trigger) else { return [] }
        if let target = transition.target {
            return [numericEqual(hitInput(transition.trigger), targetNumber(target.node, in: machine))]
        }
        return isCrossing(transition.trigger) ? [numericEqual(hitInput(transition.trigger), 0)] : []
    }

    static func numericEqual(_ input: String, _ value: Int) -> JSONValue {
        .object([("type", "Numeric"), ("conditionType", "Equal"), ("inputName", .string(input)), ("compareTo", .int(value))])
    }

    static func setNumeric(_ input: String, _ value: Int) -> JSONValue {
        .object([("type", "SetNumeric"), ("inputName", .string(input)), ("value", .int(value))])
    }

    /// Transitions in the order a state lists them: on each trigger the targeted ones first, so a
    /// transition on the whole drawing is the fallback.
    static func targetedFirst(_ transitions: [StateMachine.Transition]) -> [StateMachine.Transition] {
        transitions.filter { $0.target != nil } + transitions.filter { $0.target == nil }
    }

    /// The interactions of the pointer triggers, in the order dotlottie-rs must run their actions.
    static func pointerInteractions(
        _ machine: StateMachine, waiting: [StateMachine.Transition], timeline: Timeline
    ) -> [JSONValue] {
        let targeted = targetedTriggers(machine)
        let paintOrder = targetsInPaintOrder(machine, timeline: timeline)
        var interactions: [JSONValue] = []
        for trigger in machine.usedTriggers {
            guard let type = interactionType(for: trigger) else { continue }
            func interaction(layer: String?, _ actions: [JSONValue]) -> JSONValue {
                var members: [(String, JSONValue)] = [("type", .string(type))]
                if let layer { members.append(("layerName", .string(layer))) }
                members.append(("actions", .array(actions)))
                return .object(members)
            }
            let firing = pendingCodes(machine, on: trigger) + [fire(trigger.rawValue)]
            let untargetedWaiting = settingPendingExits(waiting.filter { $0.target == nil }, on: trigger)
            guard targeted.contains(trigger) else {
                interactions.append(interaction(layer: nil, firing + settingPendingExits(waiting, on: trigger)))
                continue
            }
            let hit = hitInput(trigger)
            let targets = paintOrder.filter { node in machine.transitions.contains { $0.trigger == trigger && $0.target?.node == node } }
            if isCrossing(trigger) {
                for node in targets {
                    let exits = settingPendingExits(waiting.filter { $0.target?.node == node }, on: trigger)
                    interactions.append(interaction(layer: node, [setNumeric(hit, targetNumber(node, in: machine))] + firing + exits))
                }
                if machine.transitions.contains(where: { $0.trigger == trigger && $0.target == nil }) {
                    interactions.append(interaction(layer: nil, [setNumeric(hit, 0)] + firing + untargetedWaiting))
                }
            } else {
                interactions.append(interaction(layer: nil, [setNumeric(hit, 0)]))
                for node in targets {
                    let exits = settingPendingExits(waiting.filter { $0.target?.node == node }, on: trigger)
                    interactions.append(interaction(layer: node, [setNumeric(hit, targetNumber(node, in: machine))] + exits))
                }
                interactions.append(interaction(layer: nil, firing + untargetedWaiting))
            }
        }
        return interactions
    }

    /// The targets, bottom to top as drawn.
    static func targetsInPaintOrder(_ machine: StateMachine, timeline: Timeline) -> [String] {
        let targets = Set(machine.targets.map(\.node))
        var order: [String] = []
        func visit(_ node: Node) {
            if targets.contains(node.id), !order.contains(node.id) { order.append(node.id) }
            if case let .group(children) = node.content { children.forEach(visit) }
        }
        timeline.layers.forEach(visit)
        return order + machine.targets.map(\.node).filter { !order.contains($0) }
    }

    /// For each transition with `interrupt: finish` whose destination has a transition on the
    /// trigger: the trigger's number into its `finish:NAME`.
    static func pendingCodes(_ machine: StateMachine, on trigger: Trigger) -> [JSONValue] {
        machine.transitions.filter { transition in
            transition.interrupt == .finish && !transition.isAction
                && machine.transitions.contains { $0.from == transition.to && $0.trigger == trigger }
        }.map { setNumeric(finishInput($0), triggerNumber(trigger)) }
    }

    /// The transitions a trigger during `running` may take, out of its destination.
    static func interrupting(_ running: StateMachine.Transition, in machine: StateMachine) -> [StateMachine.Transition] {
        targetedFirst(machine.transitions(from: running.to).filter { $0.trigger != .complete })
    }

    /// What a transition's own state adds to its transitions for `interrupt:`, after the one on
    /// `done`: the tweened ones of `retarget`.
    static func interruptingTransitions(
        _ running: StateMachine.Transition, in machine: StateMachine, timeline: Timeline
    ) -> [JSONValue] {
        guard running.interrupt == .retarget else { return [] }
        return interrupting(running, in: machine).flatMap { next -> [JSONValue] in
            let timing = next.isAction ? running : next
            let toState = next.isAction ? next.name : landingState(next)
            return guardedTransitions(next, inputs: machine.inputs, extraGuards: targetGuards(next, in: machine)).map { plain in
                tweened(plain, to: toState, duration: length(of: timing, in: timeline), easing: timing.easing)
            }
        }
    }

    /// A transition's length as it counts for triggers: till it rests, else its span.
    static func length(of transition: StateMachine.Transition, in timeline: Timeline) -> Double {
        if let rest = transition.restsAfter { return rest }
        guard let span = timeline.span(named: transition.span) else { return 0 }
        return span.end - span.start
    }

    /// A dotLottie `Transition` made `Tweened` towards `state`.
    static func tweened(_ plain: JSONValue, to state: String, duration: Double, easing: Easing) -> JSONValue {
        guard case let .object(members) = plain else { return plain }
        let handles: [Double] = switch easing {
        case .linear, .hold: [0, 0, 1, 1]
        case let .cubic(x1, y1, x2, y2): [min(max(x1, 0), 1), y1, min(max(x2, 0), 1), y2]
        }
        var result: [(String, JSONValue)] = [("type", "Tweened"), ("toState", .string(state))]
        result += members.filter { $0.0 != "type" && $0.0 != "toState" }
        result.append(("duration", .number(max(duration, 0.001))))
        result.append(("easing", .array(handles.map { .number($0) })))
        return .object(result)
    }

    /// The landing states of the retargeting transitions: each shows its destination (its pose,
    /// or where its played timeline starts), runs the actions and passes on to the destination.
    static func landingStates(_ machine: StateMachine, shown: (String) -> String?) -> [JSONValue] {
        var landed: [String] = []
        var states: [JSONValue] = []
        for running in machine.transitions where running.interrupt == .retarget && !running.isAction {
            for next in interrupting(running, in: machine) where !next.isAction && !landed.contains(next.name) {
                landed.append(next.name)
                states.append(passThrough(
                    name: landingState(next), segment: shown(next.to) ?? next.to, to: next.to,
                    entryActions: next.actions.flatMap { actionJSON($0, inputs: machine.inputs) }))
            }
        }
        return states
    }

    /// The state a transition with `interrupt: finish` ends in: it takes the destination's
    /// transition on the trigger that waited, else goes on to the destination.
    static func finishedStates(_ machine: StateMachine, shown: (String) -> String?) -> [JSONValue] {
        machine.transitions.filter { $0.interrupt == .finish && !$0.isAction }.map { running in
            var transitions: [JSONValue] = []
            for next in targetedFirst(machine.transitions(from: running.to)) where next.trigger.isPointer {
                let waited = numericEqual(finishInput(running), triggerNumber(next.trigger))
                let alternatives = next.guardCondition?.alternatives ?? [[]]
                for conditions in alternatives {
                    let guards = [waited] + targetGuards(next, in: machine) + conditions.map { guardJSON($0, inputs: machine.inputs) }
                    transitions.append(.object([("type", "Transition"), ("toState", .string(next.name)), ("guards", .array(guards))]))
                }
            }
            transitions.append(.object([("type", "Transition"), ("toState", .string(running.to))]))
            return playbackStateJSON(
                name: finishedState(running), segment: shown(running.to) ?? running.to, autoplay: false, loop: false,
                transitions: transitions)
        }
    }

    static func passThrough(name: String, segment: String, to state: String, entryActions: [JSONValue]) -> JSONValue {
        playbackStateJSON(
            name: name, segment: segment, autoplay: false, loop: false,
            transitions: [.object([("type", "Transition"), ("toState", .string(state))])], entryActions: entryActions)
    }

    /// The hidden inputs of targets and interruption.
    static func touchInputs(_ machine: StateMachine) -> [JSONValue] {
        targetedTriggers(machine).map { JSONValue.object([("type", "Numeric"), ("name", .string(hitInput($0))), ("value", .int(0))]) }
            + machine.transitions.filter { $0.interrupt == .finish && !$0.isAction }.map {
                JSONValue.object([("type", "Numeric"), ("name", .string(finishInput($0))), ("value", .int(0))])
            }
    }
}
