import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

/// `inputs:`, `when:` guards and transition actions (contract §17).
extension FrontendContext {
    /// `inputs: {NAME: {boolean: false} | {number: 0, range: [LOW, HIGH]} | {string: ""}}`.
    func readInputs(_ node: YAMLNode) -> [MachineInput] {
        guard let pairs = mapPairs(node, expected: "a map of input names to {boolean|number|string: DEFAULT}") else { return [] }
        var inputs: [MachineInput] = []
        for pair in pairs {
            guard let name = identifier(pair.key, what: "input name") else { continue }
            guard let map = readMap(pair.value, what: "an input", allowed: ["boolean", "number", "string", "range"]) else { continue }
            let kinds = map.entries.filter { $0.name != "range" }
            guard kinds.count == 1, let kind = kinds.first else {
                if kinds.count > 1 {
                    error(.conflictingKeys, "input '\(name)' has more than one kind: give one of boolean, number or string",
                          at: kinds[1].key.reportRange)
                } else {
                    error(.missingKey, "missing the kind of input '\(name)': write {boolean: false}, {number: 0} or {string: \"\"}",
                          at: startRange(of: pair.value))
                }
                continue
            }
            var initial: InputValue?
            switch kind.name {
            case "boolean": initial = bool(kind.value, name: "boolean").map(InputValue.boolean)
            case "number": initial = number(kind.value, name: "number").map(InputValue.number)
            default: initial = string(kind.value, what: "a string").map(InputValue.string)
            }
            var range: ClosedRange<Double>?
            if let rangeEntry = map.entry("range") {
                if kind.name != "number" {
                    error(.inputType, "only a number input has a range; '\(name)' is a \(kind.name)", at: rangeEntry.key.reportRange)
                } else if let bounds = point(rangeEntry.value, name: "range") {
                    if bounds.x > bounds.y {
                        error(.outOfRange, "the range of '\(name)' is empty: \(describeNumber(bounds.x)) is more than \(describeNumber(bounds.y))",
                              at: rangeEntry.value.reportRange)
                    } else {
                        range = bounds.x...bounds.y
                        if case let .number(value)? = initial, !(range!.contains(value)) {
                            error(.outOfRange, "the default \(describeNumber(value)) of '\(name)' is outside its range [\(describeNumber(bounds.x)), \(describeNumber(bounds.y))]",
                                  at: kind.value.reportRange)
                        }
                    }
                }
            }
            guard let initial else { continue }
            inputs.append(MachineInput(name: name, initial: initial, range: range))
        }
        return inputs
    }

    // MARK: Guards

    /// A `when:` text: comparisons of inputs with literals or inputs (`==`, `!=`, `<`, `<=`, `>`,
    /// `>=`), joined by `and`, `or`, `not` and parentheses. A bare input stands for `input == true`.
    func readGuard(_ node: YAMLNode, inputs: [MachineInput]) -> TransitionGuard? {
        if let scalar = node.scalar, scalar.style == .plain, scalar.value == "true" || scalar.value == "false" {
            return .compare(.literal(.boolean(scalar.value == "true")), .equal, .literal(.boolean(true)))
        }
        guard let text = scalarText(node, expected: "a guard such as \"progress >= 1\"") else { return nil }
        var parser = GuardParser(text: text)
        let parsed: TransitionGuard
        do {
            parsed = try parser.parse()
        } catch let problem as GuardParser.Problem {
            error(.expressionSyntax, "cannot read the guard: \(problem.message)", at: rangeInScalar(node, offset: problem.offset, length: problem.length))
            return nil
        } catch {
            return nil
        }
        let byName = Dictionary(inputs.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        var ok = true
        func kind(_ operand: GuardParser.Operand) -> MachineInput.Kind? {
            switch operand.value {
            case let .literal(value): return value.kind
            case let .input(name):
                guard let input = byName[name] else {
                    ok = false
                    reportUnknownInput(name, inputs: inputs, at: rangeInScalar(node, offset: operand.offset, length: operand.length))
                    return nil
                }
                return input.kind
            }
        }
        func check(_ guardValue: TransitionGuard) {
            switch guardValue {
            case let .compare(left, comparison, right):
                guard let operands = parser.operands[guardValue.compareKey] else { return }
                let leftKind = kind(operands.0), rightKind = kind(operands.1)
                guard let leftKind, let rightKind else { return }
                let at = rangeInScalar(node, offset: operands.0.offset, length: operands.1.offset + operands.1.length - operands.0.offset)
                if leftKind != rightKind {
                    ok = false
                    error(.inputType, "cannot compare \(describe(left, leftKind)) with \(describe(right, rightKind))", at: at)
                } else if leftKind != .number, !comparison.isEquality {
                    ok = false
                    error(.inputType, "'\(comparison.rawValue)' compares numbers; \(describe(left, leftKind)) is a \(leftKind.rawValue)",
                          at: at, help: "compare a \(leftKind.rawValue) with == or !=")
                }
            case let .all(parts), let .any(parts): parts.forEach(check)
            case let .not(inner): check(inner)
            }
        }
        check(parsed)
        guard ok else { return nil }
        // dotlottie-rs reads a String guard's `compareTo` that starts with `$` as an input.
        for operands in parser.operands.values {
            for operand in [operands.0, operands.1] {
                if case let .literal(.string(text)) = operand.value, text.hasPrefix("$") {
                    error(.dotLottieUnsupported, "the dotLottie state machine reads a string starting with '$' as an input, so it cannot compare with \"\(text)\"",
                          at: rangeInScalar(node, offset: operand.offset, length: operand.length))
                    return nil
                }
            }
        }
        if !canHold(parsed, inputs: byName) {
            warning(.guardNeverHolds, "the guard '\(text)' can never hold, so this transition is never taken", at: node.reportRange,
                    help: inputs.isEmpty ? nil : "check the comparisons against the inputs' ranges and values")
        }
        return parsed
    }

    func reportUnknownInput(_ name: String, inputs: [MachineInput], at range: SourceRange) {
        let guess = suggestion(for: name, in: inputs.map(\.name))
        error(.unknownInput, "there is no input '\(name)'", at: range, help: guess ?? (inputs.isEmpty ? "declare it under 'inputs:'" : nil))
    }

    private func describe(_ operand: GuardOperand, _ kind: MachineInput.Kind) -> String {
        switch operand {
        case let .input(name): "the \(kind.rawValue) input '\(name)'"
        case let .literal(value): "the \(kind.rawValue) \(literalText(value))"
        }
    }

    /// Whether some values of the inputs (numbers inside their ranges) make the guard hold.
    /// Comparisons between two inputs are assumed satisfiable.
    func canHold(_ guardValue: TransitionGuard, inputs: [String: MachineInput]) -> Bool {
        guardValue.alternatives.contains { conditions in
            var low: [String: (Double, Bool)] = [:], high: [String: (Double, Bool)] = [:]
            var equal: [String: InputValue] = [:], unequal: [String: [InputValue]] = [:]
            for (name, input) in inputs {
                if let range = input.range {
                    low[name] = (range.lowerBound, true)
                    high[name] = (range.upperBound, true)
                }
            }
            for condition in conditions {
                guard case let .literal(value) = condition.other else { continue }
                let name = condition.input
                switch (condition.comparison, value) {
                case (.equal, _):
                    if let known = equal[name], known != value { return false }
                    equal[name] = value
                case (.notEqual, _): unequal[name, default: []].append(value)
                case let (.less, .number(v)), let (.lessOrEqual, .number(v)):
                    let inclusive = condition.comparison == .lessOrEqual
                    if let (h, hi) = high[name], h < v || (h == v && !hi) {} else { high[name] = (v, inclusive) }
                case let (.greater, .number(v)), let (.greaterOrEqual, .number(v)):
                    let inclusive = condition.comparison == .greaterOrEqual
                    if let (l, li) = low[name], l > v || (l == v && !li) {} else { low[name] = (v, inclusive) }
                default: return false
                }
            }
            for name in Set(conditions.map(\.input)) {
                if let (l, li) = low[name], let (h, hi) = high[name], l > h || (l == h && !(li && hi)) { return false }
                if let value = equal[name] {
                    if unequal[name, default: []].contains(value) { return false }
                    if case let .number(v) = value {
                        if let (l, li) = low[name], v < l || (v == l && !li) { return false }
                        if let (h, hi) = high[name], v > h || (v == h && !hi) { return false }
                    }
                } else if inputs[name]?.kind == .boolean, Set(unequal[name, default: []].map { "\($0)" }).count >= 2 {
                    return false
                } else if let (l, _) = low[name], let (h, _) = high[name], l == h, unequal[name, default: []].contains(.number(l)) {
                    return false
                }
            }
            return true
        }
    }

    // MARK: Actions

    /// `set: {NAME: VALUE | +N | -N | toggle}`, `theme: NAME`, `emit: NAME`, in that order.
    func readActions(_ map: MapEntries, inputs: [MachineInput], themes: [String]) -> [TransitionAction]? {
        var actions: [TransitionAction] = []
        var ok = true
        if let setNode = map.value("set"), let pairs = mapPairs(setNode, expected: "a map of input names to values") {
            for pair in pairs {
                guard let name = keyName(pair.key) else { ok = false; continue }
                guard let input = inputs.first(where: { $0.name == name }) else {
                    ok = false
                    reportUnknownInput(name, inputs: inputs, at: pair.key.reportRange)
                    continue
                }
                let strings = Set(inputs.filter { $0.kind == .string }.map(\.name))
                guard let action = readSetValue(pair.value, input: input, stringInputNames: strings) else { ok = false; continue }
                actions.append(action)
            }
        }
        if let themeNode = map.value("theme"), let name = identifier(themeNode, what: "theme name") {
            if themes.contains(name) {
                actions.append(.theme(name))
            } else {
                ok = false
                error(.unknownValue, themes.isEmpty ? "there is no theme '\(name)': the scene has no themes" : "there is no theme '\(name)'",
                      at: themeNode.reportRange, help: suggestion(for: name, in: themes))
            }
        }
        if let emitNode = map.value("emit"), let name = identifier(emitNode, what: "event name") {
            actions.append(.emit(name))
        }
        return ok ? actions : nil
    }

    private func readSetValue(_ node: YAMLNode, input: MachineInput, stringInputNames: Set<String>) -> TransitionAction? {
        let text = node.scalar?.value ?? ""
        let plain = node.scalar?.style == .plain
        if plain, text == "toggle" {
            guard input.kind == .boolean else {
                error(.inputType, "'toggle' flips a boolean; '\(input.name)' is a \(input.kind.rawValue)", at: node.reportRange)
                return nil
            }
            return .toggle(input.name)
        }
        switch input.kind {
        case .boolean:
            return bool(node, name: input.name).map { .set(input.name, .boolean($0)) }
        case .string:
            guard let value = string(node, what: "a string for '\(input.name)'") else { return nil }
            // dotlottie-rs's SetString copies the input a value names (with or without `$`).
            let named = String(value.drop { $0 == "$" })
            if value.hasPrefix("$") || stringInputNames.contains(named) {
                error(.dotLottieUnsupported,
                      "the dotLottie state machine would copy the string input '\(named)' instead of setting the text \"\(value)\"",
                      at: node.reportRange, help: "use a text that is not the name of a string input")
                return nil
            }
            return .set(input.name, .string(value))
        case .number:
            let signed = plain && (text.hasPrefix("+") || text.hasPrefix("-"))
            guard let value = number(node, name: input.name) else { return nil }
            if signed { return .step(input.name, value) }
            if let range = input.range, !range.contains(value) {
                error(.outOfRange, "\(describeNumber(value)) is outside the range [\(describeNumber(range.lowerBound)), \(describeNumber(range.upperBound))] of '\(input.name)'",
                      at: node.reportRange)
                return nil
            }
            return .set(input.name, .number(value))
        }
    }

    // MARK: Cycles

    /// Automatic transitions (`when:` without `on:`) that lead round in a cycle with guards that
    /// can all hold at once and no action between them would pass from state to state forever.
    func reportGuardCycles(_ transitions: [SceneTransition], inputs: [MachineInput]) {
        let byName = Dictionary(inputs.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        let automatic = transitions.filter { $0.trigger == .programmatic && $0.guardCondition != nil && $0.actions.allSatisfy { if case .emit = $0 { true } else if case .theme = $0 { true } else { false } } }
        var next: [String: [SceneTransition]] = [:]
        for transition in automatic { next[transition.from, default: []].append(transition) }
        var reported: Set<String> = []
        for start in automatic {
            // Depth-first along automatic transitions back to `start.from`, bounded by the states.
            var stack: [[SceneTransition]] = [[start]]
            var visited: Set<String> = []
            while let path = stack.popLast() {
                let last = path.last!
                if last.to == start.from {
                    let combined = TransitionGuard.all(path.compactMap(\.guardCondition))
                    let key = Set(path.map(\.from)).sorted().joined(separator: " ")
                    if canHold(combined, inputs: byName), reported.insert(key).inserted {
                        let route = (path.map(\.from) + [start.from]).joined(separator: " → ")
                        error(.guardCycle, "these transitions can all hold at once and lead round in a cycle that never rests: \(route)",
                              at: start.range, help: "make one guard exclude another, or give one transition a trigger with 'on:'")
                    }
                    continue
                }
                guard visited.insert(last.to).inserted else { continue }
                for step in next[last.to] ?? [] { stack.append(path + [step]) }
            }
        }
    }
}

func literalText(_ value: InputValue) -> String {
    switch value {
    case let .boolean(flag): flag ? "true" : "false"
    case let .number(number): describeNumber(number)
    case let .string(text): "\"\(text)\""
    }
}

private extension TransitionGuard {
    /// Identifies a comparison node for looking up where its operands were written.
    var compareKey: String { "\(self)" }
}

/// Reads a guard's text. Keeps, for every comparison, where its two operands were written.
struct GuardParser {
    struct Problem: Error {
        var message: String
        var offset: Int
        var length: Int
    }

    struct Operand {
        var value: GuardOperand
        var offset: Int
        var length: Int
    }

    enum Token: Equatable {
        case word(String), number(Double), string(String), op(String), open, close, end
    }

    let scalars: [Unicode.Scalar]
    var tokens: [(token: Token, offset: Int, length: Int)] = []
    var position = 0
    var operands: [String: (Operand, Operand)] = [:]
    var depth = 0

    init(text: String) {
        scalars = Array(text.unicodeScalars)
    }

    mutating func parse() throws -> TransitionGuard {
        guard scalars.count <= 2000 else { throw Problem(message: "the guard is longer than 2000 characters", offset: 0, length: 1) }
        try tokenize()
        let result = try parseOr()
        if tokens[position].token != .end {
            throw Problem(message: "unexpected text here", offset: tokens[position].offset, length: tokens[position].length)
        }
        return result
    }

    private mutating func tokenize() throws {
        var index = 0
        func isWordStart(_ s: Unicode.Scalar) -> Bool { (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || s == "_" }
        func isWord(_ s: Unicode.Scalar) -> Bool { isWordStart(s) || (s >= "0" && s <= "9") || s == "-" }
        func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }
        while index < scalars.count {
            let s = scalars[index]
            if s == " " || s == "\t" { index += 1; continue }
            let start = index
            if isWordStart(s) {
                while index < scalars.count, isWord(scalars[index]) { index += 1 }
                // A trailing `-` belongs to an expression like `a-1`, which guards do not have.
                tokens.append((.word(String(String.UnicodeScalarView(scalars[start..<index]))), start, index - start))
            } else if isDigit(s) || ((s == "-" || s == "+" || s == ".") && index + 1 < scalars.count && (isDigit(scalars[index + 1]) || scalars[index + 1] == ".")) {
                index += 1
                while index < scalars.count, isDigit(scalars[index]) || scalars[index] == "." || scalars[index] == "e" { index += 1 }
                let text = String(String.UnicodeScalarView(scalars[start..<index]))
                guard let value = Double(text), value.isFinite else {
                    throw Problem(message: "'\(text)' is not a number", offset: start, length: index - start)
                }
                tokens.append((.number(value), start, index - start))
            } else if s == "\"" || s == "'" {
                index += 1
                while index < scalars.count, scalars[index] != s { index += 1 }
                guard index < scalars.count else { throw Problem(message: "the quoted text is not closed", offset: start, length: 1) }
                index += 1
                tokens.append((.string(String(String.UnicodeScalarView(scalars[(start + 1)..<(index - 1)]))), start, index - start))
            } else if s == "(" || s == ")" {
                index += 1
                tokens.append((s == "(" ? .open : .close, start, 1))
            } else if "=!<>".unicodeScalars.contains(s) {
                index += 1
                if index < scalars.count, scalars[index] == "=" { index += 1 }
                let text = String(String.UnicodeScalarView(scalars[start..<index]))
                guard Comparison(rawValue: text) != nil else {
                    throw Problem(message: "'\(text)' is not a comparison; use ==, !=, <, <=, > or >=", offset: start, length: index - start)
                }
                tokens.append((.op(text), start, index - start))
            } else if s == "&" || s == "|" {
                throw Problem(message: "write 'and' and 'or' instead of '\(s)'", offset: start, length: 1)
            } else {
                throw Problem(message: "unexpected '\(Character(s))'", offset: start, length: 1)
            }
        }
        tokens.append((.end, scalars.count, 1))
    }

    private var current: (token: Token, offset: Int, length: Int) { tokens[position] }

    private mutating func parseOr() throws -> TransitionGuard {
        var parts = [try parseAnd()]
        while current.token == .word("or") {
            position += 1
            parts.append(try parseAnd())
        }
        return parts.count == 1 ? parts[0] : .any(parts)
    }

    private mutating func parseAnd() throws -> TransitionGuard {
        var parts = [try parseNot()]
        while current.token == .word("and") {
            position += 1
            parts.append(try parseNot())
        }
        return parts.count == 1 ? parts[0] : .all(parts)
    }

    private mutating func parseNot() throws -> TransitionGuard {
        if current.token == .word("not") {
            position += 1
            return .not(try parseNot())
        }
        if current.token == .open {
            depth += 1
            guard depth <= 32 else { throw Problem(message: "parentheses nest more than 32 deep", offset: current.offset, length: 1) }
            let open = current
            position += 1
            let inner = try parseOr()
            guard current.token == .close else { throw Problem(message: "this '(' is not closed", offset: open.offset, length: 1) }
            position += 1
            depth -= 1
            return inner
        }
        let left = try parseOperand()
        guard case let .op(text) = current.token, let comparison = Comparison(rawValue: text) else {
            // `muted` alone means `muted == true`.
            let right = Operand(value: .literal(.boolean(true)), offset: left.offset, length: left.length)
            let node = TransitionGuard.compare(left.value, .equal, right.value)
            operands["\(node)"] = (left, right)
            return node
        }
        position += 1
        let right = try parseOperand()
        let node = TransitionGuard.compare(left.value, comparison, right.value)
        operands["\(node)"] = (left, right)
        return node
    }

    private mutating func parseOperand() throws -> Operand {
        let token = current
        position += 1
        switch token.token {
        case .word("true"): return Operand(value: .literal(.boolean(true)), offset: token.offset, length: token.length)
        case .word("false"): return Operand(value: .literal(.boolean(false)), offset: token.offset, length: token.length)
        case let .word(word) where !["and", "or", "not"].contains(word):
            return Operand(value: .input(word), offset: token.offset, length: token.length)
        case let .number(value): return Operand(value: .literal(.number(value)), offset: token.offset, length: token.length)
        case let .string(text): return Operand(value: .literal(.string(text)), offset: token.offset, length: token.length)
        case .end: throw Problem(message: "the guard ends where an input or a value was expected", offset: max(0, token.offset - 1), length: 1)
        default: throw Problem(message: "expected an input or a value here", offset: token.offset, length: token.length)
        }
    }
}
