
/// A value an app sets on a scene (contract §17, §20): `inputs: {NAME: {KIND: DEFAULT}}`. Guards
/// read inputs; bindings and live texts show them.
public struct MachineInput: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case boolean, number, string, choice, color
    }

    /// One name of a `choice` input, with the text a live text shows for it (the name unless a
    /// label is given).
    public struct Choice: Sendable, Equatable {
        public var name: String
        public var label: String

        public init(name: String, label: String? = nil) {
            self.name = name
            self.label = label ?? name
        }
    }

    public var name: String
    public var kind: Kind
    /// The default: a `.string` naming one of `choices` for a choice, a `.color` for a colour.
    public var initial: InputValue
    /// `range: [LOW, HIGH]` of a number input: the values an app may set and actions may reach.
    public var range: ClosedRange<Double>?
    /// `step:` of a number input: the values it takes are `LOW + k × step` (an app's value is
    /// rounded to the nearest).
    public var step: Double?
    /// The names of a choice input, in file order.
    public var choices: [Choice]
    /// The characters a string input may hold (`chars:`, its ranges expanded), nil for any.
    public var characters: [Character]?
    /// The longest text a string input may hold, in characters (`max-length:`), nil when not given:
    /// then a live text that shows it holds `defaultMaxLength` (`longestText`).
    public var maxLength: Int?

    /// The characters a string input without `max-length:` may hold, where a live text shows it.
    public static let defaultMaxLength = 24

    /// The longest text the input may hold where a live text shows it.
    public var longestText: Int {
        if let maxLength { return maxLength }
        if case let .string(text) = initial { return max(MachineInput.defaultMaxLength, text.count) }
        return MachineInput.defaultMaxLength
    }

    public init(
        name: String, initial: InputValue, range: ClosedRange<Double>? = nil, kind: Kind? = nil, step: Double? = nil,
        choices: [Choice] = [], characters: [Character]? = nil, maxLength: Int? = nil
    ) {
        self.name = name
        self.kind = kind ?? initial.kind
        self.initial = initial
        self.range = range
        self.step = step
        self.choices = choices
        self.characters = characters
        self.maxLength = maxLength
    }

    /// The names a choice input takes.
    public var choiceNames: [String] { choices.map(\.name) }

    /// The value an app's number becomes: held inside the range and, with a step, on it.
    public func normalized(_ number: Double) -> Double {
        var value = number
        if let range {
            if let step, step > 0 { value = range.lowerBound + ((value - range.lowerBound) / step).rounded() * step }
            value = min(max(value, range.lowerBound), range.upperBound)
        }
        return value
    }
}

public enum InputValue: Sendable, Equatable {
    case boolean(Bool)
    case number(Double)
    /// A string, or the name a choice input holds.
    case string(String)
    case color(RGBA)

    /// The kind a value of this case has (a choice's name is a `.string`).
    public var kind: MachineInput.Kind {
        switch self {
        case .boolean: .boolean
        case .number: .number
        case .string: .string
        case .color: .color
        }
    }
}

/// A comparison operator of a `when:` guard.
public enum Comparison: String, Sendable, Equatable, CaseIterable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="

    /// The operator that holds exactly when this one does not (`not (a < b)` is `a >= b`).
    public var negated: Comparison {
        switch self {
        case .equal: .notEqual
        case .notEqual: .equal
        case .less: .greaterOrEqual
        case .lessOrEqual: .greater
        case .greater: .lessOrEqual
        case .greaterOrEqual: .less
        }
    }

    /// The operator with its operands swapped (`1 < a` is `a > 1`).
    public var mirrored: Comparison {
        switch self {
        case .equal, .notEqual: self
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        }
    }

    /// Only `==` and `!=` compare booleans and strings.
    public var isEquality: Bool { self == .equal || self == .notEqual }
}

/// One side of a comparison: an input or a literal.
public enum GuardOperand: Sendable, Equatable {
    case input(String)
    case literal(InputValue)
}

/// A `when:` guard, checked by the front end: every input exists and every comparison compares
/// values of one kind.
public indirect enum TransitionGuard: Sendable, Equatable {
    case compare(GuardOperand, Comparison, GuardOperand)
    case all([TransitionGuard])
    case any([TransitionGuard])
    case not(TransitionGuard)

    /// A comparison whose left side is an input, as outputs that only compare an input with
    /// something (dotLottie's guards) need it.
    public struct Condition: Sendable, Equatable {
        public var input: String
        public var comparison: Comparison
        public var other: GuardOperand

        public init(input: String, comparison: Comparison, other: GuardOperand) {
            self.input = input
            self.comparison = comparison
            self.other = other
        }
    }

    /// The guard as alternatives of conjunctions (`or` of `and`s), `not` pushed onto the
    /// comparisons. A comparison of two literals is folded away (`true` drops out of its
    /// conjunction, `false` drops the conjunction). An empty result never holds; a result holding
    /// one empty conjunction always holds.
    public var alternatives: [[Condition]] {
        func expand(_ guardValue: TransitionGuard, negated: Bool) -> [[Condition]] {
            switch guardValue {
            case let .not(inner):
                return expand(inner, negated: !negated)
            case let .all(parts) where !negated, let .any(parts) where negated:
                var result: [[Condition]] = [[]]
                for part in parts {
                    let options = expand(part, negated: negated)
                    result = result.flatMap { prefix in options.map { prefix + $0 } }
                }
                return result
            case let .all(parts), let .any(parts):
                return parts.flatMap { expand($0, negated: negated) }
            case let .compare(left, comparison, right):
                let op = negated ? comparison.negated : comparison
                switch (left, right) {
                case let (.input(name), other):
                    return [[Condition(input: name, comparison: op, other: other)]]
                case let (.literal(value), .input(name)):
                    return [[Condition(input: name, comparison: op.mirrored, other: .literal(value))]]
                case let (.literal(a), .literal(b)):
                    return TransitionGuard.holds(a, op, b) ? [[]] : []
                }
            }
        }
        return expand(self, negated: false)
    }

    public static func holds(_ a: InputValue, _ comparison: Comparison, _ b: InputValue) -> Bool {
        switch (a, b) {
        case let (.number(x), .number(y)):
            switch comparison {
            case .equal: return x == y
            case .notEqual: return x != y
            case .less: return x < y
            case .lessOrEqual: return x <= y
            case .greater: return x > y
            case .greaterOrEqual: return x >= y
            }
        default:
            return comparison == .equal ? a == b : comparison == .notEqual ? a != b : false
        }
    }

    /// The inputs the guard reads, in order of first use.
    public var inputs: [String] {
        var names: [String] = []
        func visit(_ guardValue: TransitionGuard) {
            switch guardValue {
            case let .compare(left, _, right):
                for case let .input(name) in [left, right] where !names.contains(name) { names.append(name) }
            case let .all(parts), let .any(parts): parts.forEach(visit)
            case let .not(inner): visit(inner)
            }
        }
        visit(self)
        return names
    }
}

/// What a transition does when it is taken, in file order (`set:`, then `theme:`, then `emit:`).
public enum TransitionAction: Sendable, Equatable {
    /// `set: {NAME: VALUE}`.
    case set(String, InputValue)
    /// `set: {NAME: +N}` or `-N`: a number input moves by N, kept inside its range.
    case step(String, Double)
    /// `set: {NAME: toggle}`.
    case toggle(String)
    /// `theme: NAME`.
    case theme(String)
    /// `emit: NAME`: an event the app hears.
    case emit(String)
}

/// Running the machine on inputs without a clock: what `snapshot --input` draws. Every output
/// that runs the machine (the SVG runtime, dotLottie) follows the same rules: a transition with
/// a guard is taken only while it holds, and an automatic one as soon as its state is reached.
extension StateMachine {
    /// Each input's default, by name.
    public var defaultValues: [String: InputValue] {
        Dictionary(inputs.map { ($0.name, $0.initial) }, uniquingKeysWith: { _, last in last })
    }

    public static func holds(_ guardCondition: TransitionGuard, values: [String: InputValue]) -> Bool {
        func resolve(_ operand: GuardOperand) -> InputValue? {
            switch operand {
            case let .input(name): values[name]
            case let .literal(value): value
            }
        }
        switch guardCondition {
        case let .compare(left, comparison, right):
            guard let a = resolve(left), let b = resolve(right), a.kind == b.kind else { return false }
            return TransitionGuard.holds(a, comparison, b)
        case let .all(parts): return parts.allSatisfy { holds($0, values: values) }
        case let .any(parts): return parts.contains { holds($0, values: values) }
        case let .not(inner): return !holds(inner, values: values)
        }
    }

    /// Applies a transition's `set:` actions (numbers kept inside their ranges).
    public func apply(_ actions: [TransitionAction], to values: inout [String: InputValue]) {
        for action in actions {
            switch action {
            case let .set(name, value): values[name] = value
            case let .step(name, delta):
                guard case let .number(current)? = values[name] else { continue }
                var next = current + delta
                if let range = inputs.first(where: { $0.name == name })?.range {
                    next = min(max(next, range.lowerBound), range.upperBound)
                }
                values[name] = .number(next)
            case let .toggle(name):
                if case let .boolean(flag)? = values[name] { values[name] = .boolean(!flag) }
            case .theme, .emit: break
            }
        }
    }

    /// The state the machine rests in when it reaches `state` with these values: automatic
    /// transitions whose guards hold are followed (their actions applied), at most once per state.
    public func settle(from state: String, values: inout [String: InputValue]) -> String {
        var current = state
        var visited: Set<String> = [state]
        while let next = transitions.first(where: {
            $0.from == current && $0.isAutomatic && $0.guardCondition.map { StateMachine.holds($0, values: values) } == true
        }) {
            apply(next.actions, to: &values)
            guard visited.insert(next.to).inserted else { return next.to }
            current = next.to
        }
        return current
    }

    /// An input's value from its text on a command line; see `parseInputAssignment`.
    public func parseInput(_ assignment: String, color: (String) -> RGBA? = { _ in nil }) -> Result<(String, InputValue), InputAssignmentError> {
        parseInputAssignment(assignment, inputs: inputs, color: color)
    }
}

/// An input's value from its text on a command line (`progress=0.5`, `muted=true`,
/// `period=month`, `accent=#FF3B30`), or a message saying what was wrong. `color` reads a colour
/// as the scene language writes one (the timeline does not know that language).
public func parseInputAssignment(
    _ assignment: String, inputs: [MachineInput], color: (String) -> RGBA?
) -> Result<(String, InputValue), InputAssignmentError> {
    guard let equals = assignment.firstIndex(of: "=") else { return .failure(.init(message: "expected NAME=VALUE")) }
    let name = String(assignment[..<equals]), text = String(assignment[assignment.index(after: equals)...])
    guard let input = inputs.first(where: { $0.name == name }) else {
        let known = inputs.map(\.name).joined(separator: ", ")
        return .failure(.init(message: known.isEmpty ? "an input of the scene, which has none" : "one of the scene's inputs: \(known)"))
    }
    switch input.kind {
    case .boolean:
        guard text == "true" || text == "false" else { return .failure(.init(message: "true or false for the boolean '\(name)'")) }
        return .success((name, .boolean(text == "true")))
    case .string:
        if let problem = input.problem(with: text) { return .failure(.init(message: problem)) }
        return .success((name, .string(text)))
    case .choice:
        guard input.choiceNames.contains(text) else {
            return .failure(.init(message: "one of \(input.choiceNames.joined(separator: ", ")) for the choice '\(name)'"))
        }
        return .success((name, .string(text)))
    case .color:
        guard let value = color(text) else { return .failure(.init(message: "a colour such as #0A84FF or rgb(10 132 255) for '\(name)'")) }
        return .success((name, .color(value)))
    case .number:
        guard let number = Double(text), number.isFinite else { return .failure(.init(message: "a number for '\(name)'")) }
        if let range = input.range, !range.contains(number) {
            return .failure(.init(message: "a value from \(range.lowerBound) to \(range.upperBound) for '\(name)'"))
        }
        return .success((name, .number(input.normalized(number))))
    }
}

extension MachineInput {
    /// Why a string input cannot hold `text` (too long, or a character outside `chars:`), nil when
    /// it can.
    public func problem(with text: String) -> String? {
        if let maxLength, text.count > maxLength {
            return "at most \(maxLength) characters for '\(name)', found \(text.count)"
        }
        if let characters {
            let allowed = Set(characters)
            if let outside = text.first(where: { !allowed.contains($0) }) {
                return "only the characters of its 'chars' for '\(name)'; '\(outside)' is not one of them"
            }
        }
        return nil
    }
}

public struct InputAssignmentError: Error, Sendable {
    public var message: String
}
