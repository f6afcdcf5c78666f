import ChoreoJSON
import ChoreoTimeline

/// Inputs, guards and actions as JavaScript literals for the interactive SVG's runtime. Every name
/// goes through `jsString`, so the literals stay safe inside CDATA and an HTML page.
enum InteractiveInputs {
    static func value(_ value: InputValue) -> String {
        switch value {
        case let .boolean(flag): flag ? "true" : "false"
        case let .number(number): formatNumber(number, decimals: 6)
        case let .string(text): jsString(text)
        case let .color(color): jsString(color.hexText)
        }
    }

    /// `{NAME: {kind, value, range}}`, in file order.
    static func inputsLiteral(_ inputs: [MachineInput]) -> String {
        let fields = inputs.map { input in
            let range = input.range.map { "[\(formatNumber($0.lowerBound, decimals: 6)), \(formatNumber($0.upperBound, decimals: 6))]" } ?? "null"
            let choices = input.kind == .choice ? ", choices: [\(input.choiceNames.map(jsString).joined(separator: ", "))]" : ""
            return "\(jsKey(input.name)): {kind: \(jsString(input.kind.rawValue)), value: \(value(input.initial)), range: \(range)\(choices)}"
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// `when` (alternatives of conjunctions, or null), `actions`, `auto` (taken when its guard
    /// holds), `action` (a transition to its own state, which plays nothing).
    static func transitionFields(_ transition: InteractiveMachine.Transition) -> String {
        let when = transition.guardCondition.map { condition in
            "[" + condition.alternatives.map { conditions in
                "[" + conditions.map { c in
                    let other = switch c.other {
                    case let .input(name): "other: \(jsString(name))"
                    case let .literal(literal): "value: \(value(literal))"
                    }
                    return "{input: \(jsString(c.input)), op: \(jsString(c.comparison.rawValue)), \(other)}"
                }.joined(separator: ", ") + "]"
            }.joined(separator: ", ") + "]"
        } ?? "null"
        let actions = transition.actions.map { action in
            switch action {
            case let .set(name, literal): "{set: \(jsString(name)), value: \(value(literal))}"
            case let .step(name, delta): "{step: \(jsString(name)), by: \(formatNumber(delta, decimals: 6))}"
            case let .toggle(name): "{toggle: \(jsString(name))}"
            case let .theme(name): "{theme: \(jsString(name))}"
            case let .emit(name): "{emit: \(jsString(name))}"
            }
        }
        let exit = transition.exit == .now ? "" : ", exit: \(jsString(transition.exit.rawValue))"
        var touch = ""
        if let target = transition.target { touch += ", target: \(jsString(target.node))" }
        if transition.interrupt != .retarget { touch += ", interrupt: \(jsString(transition.interrupt.rawValue))" }
        if let rest = transition.restsAfter { touch += ", rest: \(formatNumber(rest, decimals: 6))" }
        return "when: \(when), actions: [\(actions.joined(separator: ", "))], auto: \(transition.isAutomatic), action: \(transition.from == transition.to)"
            + exit + touch
    }
}
