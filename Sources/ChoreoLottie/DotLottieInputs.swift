import ChoreoJSON
import ChoreoTimeline

/// Inputs, guards and actions in dotlottie-rs's state-machine dialect (contract §17).
///
/// - an input is a `Numeric`, `Boolean` or `String` input with its default as `value`;
/// - a guard becomes alternatives of conjunctions (`TransitionGuard.alternatives`); each
///   alternative is one dotLottie transition to the same state, its comparisons ANDed `guards`
///   (with the trigger's Event guard first, if the transition has a trigger). A number or string
///   compared with another input is written `"$NAME"`; a boolean's other input by its bare name,
///   as dotlottie-rs reads them;
/// - `set:` is `SetNumeric` / `SetBoolean` / `SetString`, `+N`/`-N` `Increment` / `Decrement`
///   followed by a `Clamp` to the input's range, `toggle` `Toggle`; `theme:` `SetTheme`; `emit:`
///   `FireCustomEvent`. They are the entry actions of the transition's own state, so they run as
///   the transition starts.
/// What the dialect would read otherwise (a string starting with `$`, a `SetString` value that
/// names a string input) is refused before this runs (`dotLottieProblems` in ChoreoScene).
extension DotLottie {
    static func inputJSON(_ input: MachineInput) -> JSONValue {
        switch input.initial {
        case let .boolean(flag): .object([("type", "Boolean"), ("name", .string(input.name)), ("value", .bool(flag))])
        case let .number(number): .object([("type", "Numeric"), ("name", .string(input.name)), ("value", .number(number))])
        case let .string(text): .object([("type", "String"), ("name", .string(input.name)), ("value", .string(text))])
        // dotlottie-rs has no colour input: a String holding the colour, which no guard reads.
        case let .color(color): .object([("type", "String"), ("name", .string(input.name)), ("value", .string(color.hexText))])
        }
    }

    static func conditionType(_ comparison: Comparison) -> String {
        switch comparison {
        case .equal: "Equal"
        case .notEqual: "NotEqual"
        case .less: "LessThan"
        case .lessOrEqual: "LessThanOrEqual"
        case .greater: "GreaterThan"
        case .greaterOrEqual: "GreaterThanOrEqual"
        }
    }

    static func guardJSON(_ condition: TransitionGuard.Condition, inputs: [MachineInput]) -> JSONValue {
        let kind = inputs.first { $0.name == condition.input }?.kind ?? .number
        let type: String = switch kind {
        case .number: "Numeric"
        case .boolean: "Boolean"
        case .string, .choice, .color: "String"
        }
        let compareTo: JSONValue
        switch condition.other {
        case let .input(name): compareTo = .string(kind == .boolean ? name : "$" + name)
        case let .literal(.number(number)): compareTo = .number(number)
        case let .literal(.boolean(flag)): compareTo = .bool(flag)
        case let .literal(.string(text)): compareTo = .string(text)
        case let .literal(.color(color)): compareTo = .string(color.hexText)
        }
        return .object([
            ("type", .string(type)), ("conditionType", .string(conditionType(condition.comparison))),
            ("inputName", .string(condition.input)), ("compareTo", compareTo),
        ])
    }

    /// The dotLottie transitions out of a state for one scene transition: one per alternative of
    /// its guard (none when the guard can never hold).
    static func guardedTransitions(
        _ transition: StateMachine.Transition, inputs: [MachineInput], waitsForCycleEnd: Bool = false, extraGuards: [JSONValue] = []
    ) -> [JSONValue] {
        let event: JSONValue? = transition.isAutomatic
            ? nil : .object([("type", "Event"), ("inputName", .string(eventName(for: transition)))])
        let alternatives = transition.guardCondition?.alternatives ?? [[]]
        return alternatives.map { conditions in
            var guards = waitsForCycleEnd ? cycleEndGuards(transition) : event.map { [$0] } ?? []
            guards += extraGuards
            guards += conditions.map { guardJSON($0, inputs: inputs) }
            return .object([("type", "Transition"), ("toState", .string(transition.name)), ("guards", .array(guards))])
        }
    }

    static func actionJSON(_ action: TransitionAction, inputs: [MachineInput]) -> [JSONValue] {
        switch action {
        case let .set(name, .number(number)):
            return [.object([("type", "SetNumeric"), ("inputName", .string(name)), ("value", .number(number))])]
        case let .set(name, .boolean(flag)):
            return [.object([("type", "SetBoolean"), ("inputName", .string(name)), ("value", .bool(flag))])]
        case let .set(name, .string(text)):
            return [.object([("type", "SetString"), ("inputName", .string(name)), ("value", .string(text))])]
        case let .set(name, .color(color)):
            return [.object([("type", "SetString"), ("inputName", .string(name)), ("value", .string(color.hexText))])]
        case let .step(name, delta):
            var result: [JSONValue] = [.object([
                ("type", .string(delta < 0 ? "Decrement" : "Increment")), ("inputName", .string(name)),
                ("value", .number(abs(delta))),
            ])]
            if let range = inputs.first(where: { $0.name == name })?.range {
                result.append(.object([
                    ("type", "Clamp"), ("inputName", .string(name)), ("min", .number(range.lowerBound)),
                    ("max", .number(range.upperBound)),
                ]))
            }
            return result
        case let .toggle(name):
            return [.object([("type", "Toggle"), ("inputName", .string(name))])]
        case let .theme(name):
            return [.object([("type", "SetTheme"), ("value", .string(name))])]
        case let .emit(name):
            return [.object([("type", "FireCustomEvent"), ("value", .string(name))])]
        }
    }

    static func shownSegment(_ state: JSONValue?) -> String? {
        if case let .string(segment)? = state?["segment"] { return segment }
        return nil
    }
}
