import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

/// The keys of a binding's map (`{bind: progress, to: [4, 80]}`, contract §20).
package let bindingKeys = ["bind", "to", "values", "animate"]
/// The keys of a binding's `animate:`.
package let bindingAnimateKeys = ["duration", "easing"]

/// Where a binding may stand: the value of an animatable property of a node (in `layers`, or in
/// a state, tween or keyframe that animates it).
struct BindingTarget {
    var node: String
    var property: Property
}

/// Bindings where a value goes (contract §20): the value readers (`quantity`, `point`, `color`,
/// `scalePoint`) hand a map with `bind:` to `boundValue`, which reads it, checks it against the
/// input and returns its value at the input values this build compiles (each input's default,
/// or `inputValues`). Each binding read is recorded (`bindingSites`), so the compiler knows which
/// inputs move the scene.
extension FrontendContext {
    /// Runs `body` with bindings allowed for `property` of the node being read.
    func bindable<T>(_ property: Property, _ body: () -> T) -> T {
        let saved = bindingTarget
        if let node = bindingNode, property.isEverAnimatable {
            bindingTarget = BindingTarget(node: node, property: property)
        } else {
            bindingTarget = nil
        }
        defer { bindingTarget = saved }
        return body()
    }

    /// Runs `body` with bindings refused (a count, a time).
    func unbindable<T>(_ body: () -> T) -> T {
        let saved = bindingTarget
        bindingTarget = nil
        defer { bindingTarget = saved }
        return body()
    }

    /// Whether `node` is a binding's map.
    func isBinding(_ node: YAMLNode) -> Bool {
        node.mapping?.contains { $0.key.scalar?.value == "bind" } == true
    }

    /// The value of a binding map at the compiled input values, or nil after reporting what is
    /// wrong. `what` names the value's kind in messages ("a number"); `identity` turns an input's
    /// value into one (nil when that kind of input cannot stand there, which it reports); `read`
    /// reads the values `to:` and `values:` give; `mix` blends two of them (a tween's blend).
    func boundValue<T>(
        _ node: YAMLNode, what: String, identity: (MachineInput, InputValue, YAMLNode) -> T?, read: (YAMLNode) -> T?,
        mix: (T, T, Double) -> T
    ) -> T? {
        guard let map = readMap(node, what: "a binding", allowed: bindingKeys, required: ["bind"]),
            let inputNode = map.value("bind"), let name = identifier(inputNode, what: "input name")
        else { return nil }
        guard let target = bindingTarget else {
            error(
                .bindingPlace, "a binding stands only for a node's value that can change, not here", at: node.reportRange,
                help: "bind a node's position, size, colour, opacity, trim and the like; times, counts and styles are fixed")
            return nil
        }
        guard let input = inputs.first(where: { $0.name == name }) else {
            reportUnknownInput(name, inputs: inputs, at: inputNode.reportRange)
            return nil
        }
        let current = inputValues[name] ?? input.initial
        var glide: Timing?
        if let animateNode = map.value("animate") { glide = readGlide(animateNode) }
        let value: T?
        switch (map.entry("to"), map.entry("values")) {
        case let (_?, valuesEntry?):
            error(.conflictingKeys, "a binding maps a range with 'to:' or gives each choice a value with 'values:', not both",
                  at: valuesEntry.key.reportRange)
            return nil
        case let (toEntry?, nil):
            guard input.kind == .number else {
                error(
                    .bindingKind, "'to:' maps the range of a number input onto two values; '\(name)' is a \(input.kind.rawValue)",
                    at: toEntry.key.reportRange,
                    help: input.kind == .choice || input.kind == .boolean
                        ? "give each of its values a value: values: {\(tableNames(input).map { "\($0): …" }.joined(separator: ", "))}"
                        : "bind a number input with a range")
                return nil
            }
            guard let range = input.range else {
                error(.bindingKind, "'to:' lays the range of '\(name)' onto two values, and '\(name)' has no range", at: toEntry.key.reportRange,
                      help: "give the input a range: {number: \(literalText(input.initial)), range: [0, 1]}")
                return nil
            }
            guard let ends = listItems(toEntry.value, expected: "the two values [A, B] the range maps onto") else { return nil }
            guard ends.count == 2 else {
                error(.wrongType, "expected the two values [A, B] the range of '\(name)' maps onto, found a list of \(ends.count)",
                      at: toEntry.value.reportRange)
                return nil
            }
            guard let low = read(ends[0]), let high = read(ends[1]) else { return nil }
            guard case let .number(number) = current else { return nil }
            value = mix(low, high, StateMachine.fraction(number, across: range))
        case let (nil, valuesEntry?):
            guard input.kind == .choice || input.kind == .boolean else {
                error(
                    .bindingKind, "'values:' gives each choice of a choice or boolean input a value; '\(name)' is a \(input.kind.rawValue)",
                    at: valuesEntry.key.reportRange,
                    help: input.kind == .number ? "map its range with to: [A, B]" : "bind a choice input, such as {choice: [week, month]}")
                return nil
            }
            value = choiceValue(valuesEntry, input: input, current: current, read: read, mix: mix)
        case (nil, nil):
            value = identity(input, current, inputNode)
        }
        guard let value else { return nil }
        bindingSites.append(SceneBinding(input: name, node: target.node, property: target.property, range: node.reportRange, glide: glide))
        return value
    }

    /// The names a table binding gives values to: a choice's names, a boolean's `false` and `true`.
    private func tableNames(_ input: MachineInput) -> [String] {
        input.kind == .boolean ? ["false", "true"] : input.choiceNames
    }

    /// `values: {week: 40, month: 72}`: every value read (so each is checked), and the one of the
    /// input's current value returned.
    private func choiceValue<T>(
        _ entry: MapEntry, input: MachineInput, current: InputValue, read: (YAMLNode) -> T?, mix: (T, T, Double) -> T
    ) -> T? {
        guard let pairs = mapPairs(entry.value, expected: "a map of \(input.kind == .boolean ? "false and true" : "the choices of '\(input.name)'") to values")
        else { return nil }
        let names = tableNames(input)
        var read_: [String: T] = [:]
        var ok = true
        var guessed: Set<String> = []
        let written = Set(pairs.compactMap { $0.key.scalar?.value })
        for pair in pairs {
            guard let word = keyName(pair.key) else { ok = false; continue }
            guard names.contains(word) else {
                ok = false
                let guess = didYouMean(word, in: names.filter { !written.contains($0) }, at: pair.key)
                if let match = guessName(word, in: names.filter { !written.contains($0) }) { guessed.insert(match) }
                error(
                    .bindingValues, "'\(word)' is not \(input.kind == .boolean ? "true or false" : "one of the choices of '\(input.name)' (\(listing(names)))")",
                    at: pair.key.reportRange, help: guess.help, fixIts: guess.fixIts)
                continue
            }
            if let value = read(pair.value) { read_[word] = value } else { ok = false }
        }
        // A choice a misspelt key was taken for is reported there, not again as missing.
        let missing = names.filter { name in !written.contains(name) && !guessed.contains(name) }
        if !missing.isEmpty {
            error(
                .bindingValues,
                "'values:' gives no value for \(missing.count == 1 ? "the choice" : "the choices") \(listing(missing.map { "'\($0)'" }, conjunction: "and")) of '\(input.name)'",
                at: entry.key.reportRange, help: "give every choice a value: \(names.map { "\($0): …" }.joined(separator: ", "))")
            return nil
        }
        guard ok else { return nil }
        if let weights = inputBlends[input.name], weights.count == names.count {
            // Σ weight × value, as a chain of blends (the weights add up to 1).
            var blended = read_[names[0]]!
            var total = weights[0]
            for index in names.indices.dropFirst() {
                total += weights[index]
                if total != 0 { blended = mix(blended, read_[names[index]]!, weights[index] / total) }
            }
            return blended
        }
        let chosen: String
        switch current {
        case let .boolean(flag): chosen = flag ? "true" : "false"
        case let .string(word): chosen = word
        default: return nil
        }
        return read_[chosen]
    }

    /// `animate: {duration: 0.4s, easing: snappy}`.
    private func readGlide(_ node: YAMLNode) -> Timing? {
        guard let map = unbindable({ readMap(node, what: "a binding's animate", allowed: bindingAnimateKeys) }) else { return nil }
        var duration = 0.35
        if let durationNode = map.value("duration"), let value = unbindable({ time(durationNode, name: "duration") }) { duration = value }
        var easing = EasingSpec.cubic(0.42, 0, 0.58, 1)
        if let easingNode = map.value("easing"), let value = unbindable({ self.easing(easingNode) }) { easing = value }
        return Timing(duration: duration, easing: easing)
    }

    /// The message for an input that cannot stand for a value as it is.
    func reportIdentityBinding(_ input: MachineInput, wants: String, at node: YAMLNode, help: String? = nil) {
        let fix: String = switch input.kind {
        case .number: help ?? "map its range onto two values: {bind: \(input.name), to: [A, B]}"
        case .choice, .boolean: "give each of its values a value: {bind: \(input.name), values: {\(tableNames(input).map { "\($0): …" }.joined(separator: ", "))}}"
        case .string: "show a string in a text: text: \"{\(input.name)}\""
        case .color: "bind a colour input where a colour goes (fill, stroke color)"
        }
        error(.bindingKind, "'\(input.name)' is a \(input.kind.rawValue) input, and this value is \(wants)", at: node.reportRange, help: fix)
    }
}
