import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

/// The keys that name an input's kind, each holding its default (a choice: its names).
package let inputKindKeys = MachineInput.Kind.allCases.map(\.rawValue)
/// The keys of an input's map (`progress: {number: 0, range: [0, 1]}`).
package let inputKeys = inputKindKeys + ["range", "step", "chars", "max-length", "default"]

/// `inputs:`, `when:` guards and transition actions (contract §17).
extension FrontendContext {
    /// `inputs: {NAME: {boolean: false} | {number: 0, range: [LOW, HIGH], step: S} |
    /// {string: "", chars: "A-Z", max-length: N} | {choice: [A, B] | {A: LABEL, …}, default: B} |
    /// {color: "#0A84FF"}}`.
    func readInputs(_ node: YAMLNode) -> [MachineInput] {
        guard let pairs = mapPairs(node, expected: "a map of input names to {boolean|number|string|choice|color: DEFAULT}") else { return [] }
        var inputs: [MachineInput] = []
        for pair in pairs {
            guard let name = identifier(pair.key, what: "input name") else { continue }
            guard let map = readMap(pair.value, what: "an input", allowed: inputKeys) else { continue }
            let kinds = map.entries.filter { inputKindKeys.contains($0.name) }
            guard kinds.count == 1, let kindEntry = kinds.first, let kind = MachineInput.Kind(rawValue: kindEntry.name) else {
                if kinds.count > 1 {
                    error(.conflictingKeys, "input '\(name)' has more than one kind: give one of \(listing(inputKindKeys))",
                          at: kinds[1].key.reportRange)
                } else {
                    error(.missingKey, "missing the kind of input '\(name)': write {boolean: false}, {number: 0, range: [0, 1]}, {string: \"\"}, {choice: [a, b]} or {color: \"#0A84FF\"}",
                          at: startRange(of: pair.value))
                }
                continue
            }
            // Keys that only one kind takes.
            for (key, owner) in [("range", MachineInput.Kind.number), ("step", .number), ("chars", .string), ("max-length", .string), ("default", .choice)] {
                if let entry = map.entry(key), kind != owner {
                    error(.inputType, "only a \(owner.rawValue) input has '\(key)'; '\(name)' is a \(kind.rawValue)", at: entry.key.reportRange)
                }
            }
            var input = MachineInput(name: name, initial: .boolean(false), kind: kind)
            var initial: InputValue?
            switch kind {
            case .boolean: initial = bool(kindEntry.value, name: "boolean").map(InputValue.boolean)
            case .number: initial = number(kindEntry.value, name: "number").map(InputValue.number)
            case .string: initial = string(kindEntry.value, what: "a string").map(InputValue.string)
            case .color: initial = color(kindEntry.value).map(InputValue.color)
            case .choice:
                input.choices = readChoices(kindEntry.value, input: name)
                guard !input.choices.isEmpty else { continue }
                var chosen = input.choices[0].name
                if let defaultNode = map.value("default"), let written = identifier(defaultNode, what: "choice") {
                    if input.choiceNames.contains(written) {
                        chosen = written
                    } else {
                        error(.unknownValue, "'\(written)' is not one of the choices of '\(name)' (\(listing(input.choiceNames)))",
                              at: defaultNode.reportRange, help: suggestion(for: written, in: input.choiceNames))
                    }
                }
                initial = .string(chosen)
            }
            if kind == .number, let rangeEntry = map.entry("range"), let bounds = point(rangeEntry.value, name: "range") {
                if bounds.x > bounds.y {
                    error(.outOfRange, "the range of '\(name)' is empty: \(describeNumber(bounds.x)) is more than \(describeNumber(bounds.y))",
                          at: rangeEntry.value.reportRange)
                } else {
                    input.range = bounds.x...bounds.y
                    if case let .number(value)? = initial, !(input.range!.contains(value)) {
                        error(.outOfRange, "the default \(describeNumber(value)) of '\(name)' is outside its range [\(describeNumber(bounds.x)), \(describeNumber(bounds.y))]",
                              at: kindEntry.value.reportRange)
                    }
                }
            }
            if kind == .number, let stepNode = map.value("step"), let step = number(stepNode, name: "step", bound: .greaterThan(0)) {
                if input.range == nil {
                    error(.inputType, "a step counts from the low end of a range, and '\(name)' has no range", at: stepNode.reportRange,
                          help: "give the input a range: {number: \(literalText(initial ?? .number(0))), range: [0, 100], step: \(describeNumber(step))}")
                } else {
                    input.step = step
                }
            }
            if kind == .string {
                if let charsNode = map.value("chars"), let text = string(charsNode, what: "the characters the input may hold") {
                    input.characters = readCharacterSet(text, node: charsNode)
                }
                if let lengthNode = map.value("max-length"),
                    let length = integer(lengthNode, name: "max-length", bound: .between(1, Double(SceneLimits.maxLiveTextLength)))
                {
                    input.maxLength = length
                }
                if case let .string(text)? = initial, let problem = input.problem(with: text) {
                    error(.outOfRange, "the default \"\(text)\" does not fit: \(problem)", at: kindEntry.value.reportRange)
                }
            }
            guard let initial else { continue }
            input.initial = initial
            inputs.append(input)
        }
        return inputs
    }

    /// `[week, month]` or `{week: "This week", month: "This month"}`: the names, with labels.
    private func readChoices(_ node: YAMLNode, input: String) -> [MachineInput.Choice] {
        var choices: [MachineInput.Choice] = []
        var seen: Set<String> = []
        func add(_ nameNode: YAMLNode, label: String?) {
            guard let name = identifier(nameNode, what: "choice") else { return }
            guard seen.insert(name).inserted else {
                error(.duplicateKey, "'\(name)' is a choice of '\(input)' twice", at: nameNode.reportRange)
                return
            }
            choices.append(MachineInput.Choice(name: name, label: label))
        }
        if let items = node.sequence {
            for item in items { add(item, label: nil) }
        } else if let pairs = node.mapping {
            for pair in pairs {
                guard let label = string(pair.value, what: "the label of a choice") else { continue }
                add(pair.key, label: label)
            }
        } else {
            error(.wrongType, "expected the choices as a list [week, month] or a map of names to labels, found \(describeFound(node))",
                  at: node.reportRange)
            return []
        }
        if choices.isEmpty, node.sequence?.isEmpty == true || node.mapping?.isEmpty == true {
            error(.outOfRange, "a choice input needs at least one choice", at: node.reportRange)
        }
        return choices
    }

    /// `chars: "A-Za-z0-9 !?"`: characters and ranges `A-Z` (a `-` first or last is itself).
    private func readCharacterSet(_ text: String, node: YAMLNode) -> [Character] {
        let scalars = Array(text)
        var result: [Character] = []
        var index = 0
        while index < scalars.count {
            if index + 2 < scalars.count, scalars[index + 1] == "-",
                let low = scalars[index].unicodeScalars.first?.value, let high = scalars[index + 2].unicodeScalars.first?.value,
                scalars[index].unicodeScalars.count == 1, scalars[index + 2].unicodeScalars.count == 1
            {
                if low > high || high - low > 4096 {
                    error(.outOfRange, "the range '\(scalars[index])-\(scalars[index + 2])' in 'chars' \(low > high ? "runs backwards" : "holds more than 4096 characters")",
                          at: node.reportRange)
                    return result
                }
                for value in low...high {
                    if let scalar = Unicode.Scalar(value) { result.append(Character(scalar)) }
                }
                index += 3
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        var seen: Set<Character> = []
        return result.filter { seen.insert($0).inserted }
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
        var parsed: TransitionGuard
        do {
            parsed = try parser.parse()
        } catch let problem as GuardParser.Problem {
            error(.expressionSyntax, "cannot read the guard: \(problem.message)", at: rangeInScalar(node, offset: problem.offset, length: problem.length))
            return nil
        } catch {
            return nil
        }
        let byName = Dictionary(inputs.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        // `period == month`: a bare word beside a choice input that names one of its choices (and
        // no input) is that choice, as if quoted.
        func choiceWords(_ guardValue: TransitionGuard) -> TransitionGuard {
            switch guardValue {
            case let .compare(left, comparison, right):
                guard var operands = parser.operands[guardValue.compareKey] else { return guardValue }
                func resolved(_ operand: GuardOperand, beside other: GuardOperand) -> GuardOperand {
                    guard case let .input(word) = operand, byName[word] == nil, case let .input(name) = other,
                        let input = byName[name], input.kind == .choice, input.choiceNames.contains(word)
                    else { return operand }
                    return .literal(.string(word))
                }
                let newLeft = resolved(left, beside: right), newRight = resolved(right, beside: left)
                let rewritten = TransitionGuard.compare(newLeft, comparison, newRight)
                operands.0.value = newLeft
                operands.1.value = newRight
                parser.operands[rewritten.compareKey] = operands
                return rewritten
            case let .all(parts): return .all(parts.map(choiceWords))
            case let .any(parts): return .any(parts.map(choiceWords))
            case let .not(inner): return .not(choiceWords(inner))
            }
        }
        parsed = choiceWords(parsed)
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
                // A choice compares with a text naming one of its choices, or another choice input.
                func choiceInput(_ operand: GuardOperand) -> MachineInput? {
                    if case let .input(name) = operand, let input = byName[name], input.kind == .choice { return input }
                    return nil
                }
                if let input = choiceInput(left) ?? choiceInput(right) {
                    let other = choiceInput(left) != nil ? right : left
                    if !comparison.isEquality {
                        ok = false
                        error(.inputType, "'\(comparison.rawValue)' compares numbers; the choice '\(input.name)' compares with == or !=", at: at)
                    } else if case let .literal(.string(word)) = other, !input.choiceNames.contains(word) {
                        ok = false
                        error(.inputType, "'\(word)' is not one of the choices of '\(input.name)' (\(listing(input.choiceNames)))", at: at,
                              help: suggestion(for: word, in: input.choiceNames))
                    } else if case .literal(.string) = other {
                    } else if let otherInput = choiceInput(other), otherInput.choiceNames == input.choiceNames {
                    } else {
                        ok = false
                        let otherKind = choiceInput(other) != nil ? MachineInput.Kind.choice : (other == left ? leftKind : rightKind)
                        error(.inputType, "cannot compare the choice '\(input.name)' with \(describe(other, otherKind))", at: at,
                              help: "compare it with one of its choices: \(listing(input.choiceNames))")
                    }
                } else if leftKind == .color || rightKind == .color {
                    ok = false
                    error(.inputType, "a guard cannot compare colours", at: at, help: "drive the colour with a binding, and guard on a boolean, number or choice")
                } else if leftKind != rightKind {
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
                } else if let input = inputs[name], input.kind == .choice,
                    Set(input.choiceNames).isSubset(of: Set(unequal[name, default: []].compactMap { if case let .string(word) = $0 { word } else { nil } }))
                {
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
        case .choice:
            guard let word = identifier(node, what: "choice") else { return nil }
            guard input.choiceNames.contains(word) else {
                error(.inputType, "'\(word)' is not one of the choices of '\(input.name)' (\(listing(input.choiceNames)))", at: node.reportRange,
                      help: suggestion(for: word, in: input.choiceNames))
                return nil
            }
            return .set(input.name, .string(word))
        case .color:
            return color(node).map { .set(input.name, .color($0)) }
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
    case let .color(color): "\"\(color.hexText)\""
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
