import ChoreoJSON
import ChoreoTimeline

/// The IR JSON of inputs, guards and actions. Written only for machines and transitions that
/// have them, so a machine without inputs reads as before.
enum MachineJSON {
    static func value(_ value: InputValue) -> JSONValue {
        switch value {
        case let .boolean(flag): .bool(flag)
        case let .number(number): .number(number)
        case let .string(text): .string(text)
        case let .color(color): .string(color.hexText)
        }
    }

    static func machineMembers(_ machine: StateMachine) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if !machine.inputs.isEmpty { members.append(("inputs", .array(inputs(machine.inputs)))) }
        let events = machine.events
        if !events.isEmpty { members.append(("events", .array(events.map { .string($0) }))) }
        return members
    }

    static func inputs(_ inputs: [MachineInput]) -> [JSONValue] {
        inputs.map { input in
                var fields: [(String, JSONValue)] = [
                    ("name", .string(input.name)), ("kind", .string(input.kind.rawValue)), ("default", value(input.initial)),
                ]
                if let range = input.range { fields.append(("range", [.number(range.lowerBound), .number(range.upperBound)])) }
                if let step = input.step { fields.append(("step", .number(step))) }
                if input.kind == .choice {
                    fields.append(("choices", .array(input.choices.map { .object([("name", .string($0.name)), ("label", .string($0.label))]) })))
                }
                if let characters = input.characters { fields.append(("chars", .string(String(characters)))) }
                if let maxLength = input.maxLength { fields.append(("maxLength", .number(Double(maxLength)))) }
                return .object(fields)
            }
    }

    /// `when`: the guard as alternatives of conjunctions, each comparison
    /// `{input, op, value}` or `{input, op, other}`; `actions` in order.
    static func transitionMembers(_ transition: StateMachine.Transition) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if let guardCondition = transition.guardCondition {
            members.append(("when", .array(guardCondition.alternatives.map { conditions in
                .array(conditions.map { condition in
                    var fields: [(String, JSONValue)] = [("input", .string(condition.input)), ("op", .string(condition.comparison.rawValue))]
                    switch condition.other {
                    case let .input(name): fields.append(("other", .string(name)))
                    case let .literal(literal): fields.append(("value", value(literal)))
                    }
                    return .object(fields)
                })
            })))
        }
        if !transition.actions.isEmpty {
            members.append(("actions", .array(transition.actions.map { action in
                switch action {
                case let .set(name, literal): .object([("set", .string(name)), ("value", value(literal))])
                case let .step(name, delta): .object([("step", .string(name)), ("by", .number(delta))])
                case let .toggle(name): .object([("toggle", .string(name))])
                case let .theme(name): .object([("theme", .string(name))])
                case let .emit(name): .object([("emit", .string(name))])
                }
            })))
        }
        return members
    }
}
