import ChoreoJSON
import ChoreoTimeline

/// `exit: cycle-end` in the dotLottie state machine (contract §16). dotlottie-rs has no pending
/// transition, so one is made of inputs: the trigger's interaction sets a hidden Boolean
/// `exit:FROM->TO` (the app sets it for a programmatic transition), the looping state's
/// `OnLoopComplete` fires a hidden Event `cycle:FROM`, and the state's transition is guarded by
/// that Event and the Boolean instead of the trigger's Event, so it is taken at the loop's seam.
/// The state's entry actions clear the Boolean, so a trigger that came in another state is
/// forgotten.
extension DotLottie {
    /// Whether a transition waits for its state's cycle in the state machine: its state autoplays
    /// a looping timeline (a looping state with a `complete` transition shows its pose instead).
    static func waitsForCycleEnd(_ transition: StateMachine.Transition, in machine: StateMachine) -> Bool {
        guard transition.exit == .cycleEnd, !transition.isAutomatic, !transition.isAction,
              let play = machine.state(named: transition.from)?.play, play.loops, play.bind == nil
        else { return false }
        return machine.transition(from: transition.from, on: .complete) == nil
    }

    static func pendingExitInput(_ transition: StateMachine.Transition) -> String { "exit:" + transition.name }
    static func cycleEndEvent(_ state: String) -> String { "cycle:" + state }

    /// The trigger's Event guard of a waiting transition replaced by the cycle's Event and the
    /// pending Boolean.
    static func cycleEndGuards(_ transition: StateMachine.Transition) -> [JSONValue] {
        [
            .object([("type", "Event"), ("inputName", .string(cycleEndEvent(transition.from)))]),
            .object([
                ("type", "Boolean"), ("inputName", .string(pendingExitInput(transition))), ("conditionType", "Equal"),
                ("compareTo", .bool(true)),
            ]),
        ]
    }

    static func settingPendingExits(_ waiting: [StateMachine.Transition], on trigger: Trigger) -> [JSONValue] {
        waiting.filter { $0.trigger == trigger }.map(setPending(true))
    }

    static func setPending(_ value: Bool) -> (StateMachine.Transition) -> JSONValue {
        { transition in
            .object([("type", "SetBoolean"), ("inputName", .string(pendingExitInput(transition))), ("value", .bool(value))])
        }
    }

    /// One `OnLoopComplete` per state some waiting transition leaves.
    static func cycleEndInteractions(_ waiting: [StateMachine.Transition]) -> [JSONValue] {
        var states: [String] = []
        for transition in waiting where !states.contains(transition.from) { states.append(transition.from) }
        return states.map { state in
            .object([
                ("type", "OnLoopComplete"), ("stateName", .string(state)),
                ("actions", [.object([("type", "Fire"), ("inputName", .string(cycleEndEvent(state)))])]),
            ])
        }
    }

    static func cycleEndInputs(_ waiting: [StateMachine.Transition]) -> [JSONValue] {
        var events: [String] = []
        for transition in waiting where !events.contains(cycleEndEvent(transition.from)) { events.append(cycleEndEvent(transition.from)) }
        return events.map { JSONValue.object([("type", "Event"), ("name", .string($0))]) }
            + waiting.map { .object([("type", "Boolean"), ("name", .string(pendingExitInput($0))), ("value", .bool(false))]) }
    }
}
