import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

/// One `vars:` entry before evaluation.
private struct VarDefinition {
    var name: String
    var key: YAMLNode
    var value: YAMLNode
    /// Names of the vars its text refers to, in order, with where each reference is.
    var references: [(name: String, node: YAMLNode)]
}

extension FrontendContext {
    /// Evaluates `vars:` in dependency order (a var may use vars defined after it), reporting
    /// cycles once each with the whole cycle named, and fills `environment.vars`.
    func readVars(_ node: YAMLNode) {
        guard let pairs = mapPairs(node, expected: "a map of named values") else { return }
        var definitions: [VarDefinition] = []
        for pair in pairs {
            guard let name = keyName(pair.key) else { continue }
            guard checkIdentifier(name, what: "var name", at: pair.key.reportRange) else { continue }
            varRanges[name] = varRanges[name] ?? pair.key.reportRange
            let value = varOverrides[name] ?? pair.value
            var references: [(String, YAMLNode)] = []
            // Every scalar inside: a stroke or gradient var may use other vars anywhere in its map.
            func collect(_ part: YAMLNode) {
                if let text = part.scalar?.value {
                    references += variableReferences(in: text).map { ($0.name, part) }
                }
                for item in part.sequence ?? [] { collect(item) }
                for entry in part.mapping ?? [] { collect(entry.value) }
            }
            collect(value)
            definitions.append(VarDefinition(name: name, key: pair.key, value: value, references: references))
        }
        let index = Dictionary(definitions.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })

        // Depth-first search in file order; a reference back into the current path is a cycle.
        // The path is an explicit stack (var, next reference to follow) rather than recursion, so
        // a chain of thousands of vars cannot overflow the thread's stack.
        var order: [Int] = []
        var state = [Int](repeating: 0, count: definitions.count)  // 0 new, 1 on path, 2 done
        var path: [(var: Int, nextReference: Int)] = []
        var pathPosition: [Int: Int] = [:]
        var reportedCycles: Set<[String]> = []
        var inCycle: Set<Int> = []
        for root in definitions.indices where state[root] == 0 {
            state[root] = 1
            pathPosition[root] = 0
            path.append((root, 0))
            while let (i, next) = path.last {
                let references = definitions[i].references
                guard next < references.count else {
                    path.removeLast()
                    pathPosition[i] = nil
                    state[i] = 2
                    order.append(i)
                    continue
                }
                path[path.count - 1].nextReference = next + 1
                guard let j = index[references[next].name] else { continue }
                if state[j] == 1 {
                    let cycle = path[pathPosition[j]!...].map(\.var)
                    reportCycle(cycle, definitions: definitions, reported: &reportedCycles)
                    inCycle.formUnion(cycle)
                } else if state[j] == 0 {
                    state[j] = 1
                    pathPosition[j] = path.count
                    path.append((j, 0))
                }
            }
        }

        for i in inCycle { poisonedVars.insert(definitions[i].name) }
        for i in order where !inCycle.contains(i) {
            let definition = definitions[i]
            // A value parked under `vars:` for a YAML alias is read where the alias puts it.
            if varOverrides[definition.name] == nil, isUsedOnlyThroughAlias(definition.name, value: definition.value) { continue }
            if let text = definition.value.scalar?.value, let name = bareVarName(text.trimmingCharacters(in: .whitespaces)),
                let map = undecidedMapVars[name]
            {
                undecidedMapVars[definition.name] = map
                continue
            }
            if definition.value.mapping != nil, pathVarKind(definition.value) == nil, styleVarKind(definition.value) == nil {
                undecidedMapVars[definition.name] = definition.value
                continue
            }
            if let kind = pathVarKind(definition.value) {
                readPathVar(definition.name, value: definition.value, kind: kind)
                continue
            }
            if let kind = styleVarKind(definition.value) {
                if let value = evaluateStyleVar(definition.value, kind: kind) {
                    styleVars[definition.name] = value
                } else {
                    poisonedVars.insert(definition.name)
                }
                continue
            }
            if let value = evaluateVar(definition.value, name: definition.name) {
                environment.vars[definition.name] = value
                varDefinitions[definition.name] = (definition.key, definition.value)
            } else {
                poisonedVars.insert(definition.name)
            }
        }
    }

    private func reportCycle(_ cycle: [Int], definitions: [VarDefinition], reported: inout Set<[String]>) {
        // Start the cycle at the var written first, so the message does not depend on search order.
        let first = cycle.indices.min { cycle[$0] < cycle[$1] }!
        let rotated = Array(cycle[first...] + cycle[..<first])
        let names = rotated.map { definitions[$0].name }
        guard reported.insert(names).inserted else { return }
        let text = (names + [names[0]]).map { "$\($0)" }.joined(separator: " → ")
        var notes: [Note] = []
        for (position, i) in rotated.enumerated() {
            let next = names[(position + 1) % names.count]
            let site = definitions[i].references.first { $0.name == next }?.node.reportRange ?? definitions[i].value.reportRange
            notes.append(Note("'$\(definitions[i].name)' uses '$\(next)' here", at: site))
        }
        error(
            .varCycle, "vars refer to each other in a cycle: \(text)", at: definitions[rotated[0]].key.reportRange,
            notes: notes, help: "give one of them a value that does not depend on the others")
    }

    /// A var's value: a point `[x, y]`, a colour, a `$var` copy, or a number expression.
    func evaluateVar(_ node: YAMLNode, name: String) -> VarValue? {
        if let items = node.sequence {
            guard items.count == 2 else {
                error(.wrongType, "expected a number, a color or a point [x, y] for '$\(name)', found a list of \(items.count)", at: node.reportRange)
                return nil
            }
            var coordinates: [Quantity] = []
            for item in items {
                guard let text = scalarText(item, expected: "a number") else { return nil }
                if usesPoisonedVar(text) { return nil }
                switch evaluateExpression(text, environment: environment) {
                case let .success(quantity):
                    guard quantity.value.isFinite else {
                        error(.nonFinite, "'$\(name)' is not a finite number", at: item.reportRange)
                        return nil
                    }
                    coordinates.append(quantity)
                case let .failure(problem):
                    report(problem, in: item)
                    return nil
                }
            }
            return .point(coordinates[0], coordinates[1])
        }
        guard let text = scalarText(node, expected: "a number, a color or a point [x, y]") else { return nil }
        if usesPoisonedVar(text) { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("$"), let other = environment.vars[String(trimmed.dropFirst())] {
            return other
        }
        if looksLikeColor(trimmed) {
            switch parseColor(text, environment: environment) {
            case let .success(color): return .color(color)
            case let .failure(problem):
                report(problem, in: node)
                return nil
            }
        }
        switch evaluateExpression(text, environment: environment) {
        case let .success(quantity):
            guard quantity.value.isFinite else {
                error(.nonFinite, "'$\(name)' is not a finite number", at: node.reportRange)
                return nil
            }
            return .quantity(quantity)
        case let .failure(problem):
            report(problem, in: node)
            return nil
        }
    }
}

/// A var that holds an easing, a stroke or a gradient: `pop: {spring: {bounce: 0.4}}`,
/// `quick: ease-out`, `pen: {color: black, width: 2}`, `sheen: {linear: …, stops: …}`.
enum StyleVar {
    case easing(EasingSpec)
    case stroke(StrokeSpec)
    case gradient(FillSpec)

    enum Kind {
        case easing, stroke, gradient
    }

    var kind: Kind {
        switch self {
        case .easing: .easing
        case .stroke: .stroke
        case .gradient: .gradient
        }
    }
}

extension StyleVar.Kind {
    var article: String {
        switch self {
        case .easing: "an easing"
        case .stroke: "a stroke"
        case .gradient: "a gradient"
        }
    }
}

extension FrontendContext {
    /// What kind of style a var's value is, or nil for a number, a point or a colour. A map is a
    /// style by its keys; a scalar is an easing when it reads as one (`ease-out`, `bouncy`,
    /// `cubic-bezier(…)`), and `$other` is whatever `other` is.
    /// The kind of style a var holds, as its value tells; nil for a map whose keys name no kind
    /// (`{duration: 0.3s, easing: snappy}`), which is decided where it is used.
    func styleVarKind(_ value: YAMLNode) -> StyleVar.Kind? {
        if let entries = value.mapping {
            let keys = Set(entries.compactMap { $0.key.scalar?.value })
            if !keys.isDisjoint(with: easingMapKeys) { return .easing }
            if !keys.isDisjoint(with: Property.fill.childKeys) { return .gradient }
            return keys.isEmpty || !keys.isDisjoint(with: Property.stroke.childKeys) ? .stroke : nil
        }
        guard let text = value.scalar?.value.trimmingCharacters(in: .whitespaces), !isNullScalar(value) else { return nil }
        if let name = bareVarName(text) { return styleVars[name]?.kind }
        if looksLikeColor(text) || text.hasPrefix("$") { return nil }
        if case .success = parseEasingName(text) { return .easing }
        return nil
    }

    private func evaluateStyleVar(_ value: YAMLNode, kind: StyleVar.Kind) -> StyleVar? {
        if let text = value.scalar?.value, let name = bareVarName(text.trimmingCharacters(in: .whitespaces)) {
            return styleVars[name]
        }
        switch kind {
        case .easing: return easing(value).map(StyleVar.easing)
        case .stroke: return strokeSpec(value).map(StyleVar.stroke)
        case .gradient: return fillSpec(value).map(StyleVar.gradient)
        }
    }

    /// `name` for text that is exactly `$name`.
    func bareVarName(_ text: String) -> String? {
        let references = variableReferences(in: text)
        guard references.count == 1, references[0].offset == 0, text == "$" + references[0].name else { return nil }
        return references[0].name
    }

    /// The style var `node` names (`easing: $pop`, `stroke: $pen`, `fill: $sheen`) when it names
    /// one: `.some(value)` if it is of the kind `expected`, `.some(nil)` after reporting it (a
    /// style of another kind, or a number, point or colour var where only a style fits, with a
    /// note at the var), nil when the text is not a bare style var (the caller reads it as usual).
    func styleVar(_ node: YAMLNode, expected: StyleVar.Kind, colourAllowed: Bool) -> StyleVar?? {
        // Most values name no var: the byte scan spares them the trimming and the var parse.
        guard let written = node.scalar?.value, written.utf8.contains(UInt8(ascii: "$")),
            let name = bareVarName(written.trimmingCharacters(in: .whitespaces))
        else { return nil }
        if poisonedVars.contains(name) { return .some(nil) }
        if let map = undecidedMapVars[name] {
            misusedMapVar(name, map, as: expected, at: node)
            return .some(nil)
        }
        let found: String
        if let value = styleVars[name] {
            if value.kind == expected { return .some(value) }
            found = value.kind.article
        } else if let value = pathVars[name] {
            found = value.kind.article
        } else if let value = environment.vars[name] {
            // Where a colour fits, a colour var is read as one, and a number or point var gets the
            // colour reader's own `wrong-var-type`.
            if colourAllowed { return nil }
            found = value.article
        } else {
            return nil
        }
        error(
            .wrongVarType, "'$\(name)' is \(found), not \(colourAllowed ? "a colour or " : "")\(expected.article)", at: node.reportRange,
            notes: varRanges[name].map { [Note("'$\(name)' is defined here", at: $0)] } ?? [],
            help: expected == .easing ? "an easing var holds a name such as ease-out or a map such as {spring: {bounce: 0.3}}" : nil)
        return .some(nil)
    }
}

extension FrontendContext {
    /// A map var whose keys name no kind of style, used where a style goes: its keys are none of
    /// that style's either, so the use is what is wrong (a timing parked in `vars:` and named
    /// where its easing was meant), reported there.
    private func misusedMapVar(_ name: String, _ value: YAMLNode, as kind: StyleVar.Kind, at node: YAMLNode) {
        let keys = (value.mapping ?? []).compactMap { $0.key.scalar?.value }
        let isTiming = !keys.isEmpty && keys.allSatisfy(nodeTimingKeys.contains)
        error(
            .wrongVarType, "'$\(name)' is a map of \(listing(keys.map { "'\($0)'" }, conjunction: "and")), not \(kind.article)",
            at: node.reportRange, notes: varRanges[name].map { [Note("'$\(name)' is defined here", at: $0)] } ?? [],
            help: isTiming
                ? "a timing map is merged into a transition or tween with a YAML anchor: 'go: &go {…}' under vars, then '<<: *go'"
                : nil)
    }

    /// Whether the var's value is anchored (`go: &go {…}`) and some alias uses it, while no `$name`
    /// does: it is parked under `vars:` for the alias, and read only where the alias puts it.
    func isUsedOnlyThroughAlias(_ name: String, value: YAMLNode) -> Bool {
        let bytes = file.bytes
        guard file.isValidUTF8, let start = file.utf8Offset(of: value.range.start), start < bytes.count,
            bytes[start] == UInt8(ascii: "&")
        else { return false }
        var end = start + 1
        while end < bytes.count, !isAnchorEnd(bytes[end]) { end += 1 }
        let names = fileReferences()
        return names.aliases.contains(String(decoding: bytes[(start + 1)..<end], as: UTF8.self)) && !names.vars.contains(name)
    }

    /// Every alias name (`*go`) and var name (`$go`) the file's text holds, comments included,
    /// found in one pass the first time they are asked for.
    private func fileReferences() -> (aliases: Set<String>, vars: Set<String>) {
        if let found = referencesInFile { return found }
        let bytes = file.bytes
        var aliases: Set<String> = [], vars: Set<String> = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "*") || byte == UInt8(ascii: "$") else { continue }
            var end = index
            if byte == UInt8(ascii: "*") {
                while end < bytes.count, !isAnchorEnd(bytes[end]) { end += 1 }
                if end > index { aliases.insert(String(decoding: bytes[index..<end], as: UTF8.self)) }
            } else {
                while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
                if end > index { vars.insert(String(decoding: bytes[index..<end], as: UTF8.self)) }
            }
            index = end
        }
        referencesInFile = (aliases, vars)
        return (aliases, vars)
    }
}

/// Where a YAML anchor or alias name ends: white space or a flow indicator.
private func isAnchorEnd(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[")
        || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
}

private func isIdentifierByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
}

/// True for text that can only be a colour: `#…`, `rgb(…)`, `rgba(…)` or a CSS colour name.
func looksLikeColor(_ text: String) -> Bool {
    let lowered = text.lowercased()
    if lowered.hasPrefix("#") || lowered.hasPrefix("rgb(") || lowered.hasPrefix("rgba(") { return true }
    return cssNamedColors.contains { $0.name == lowered } || lowered == "transparent"
}
