import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

extension Bound {
    func describe(unit: String) -> String {
        switch self {
        case .any: return "any number"
        case let .atLeast(low): return "at least \(describeNumber(low))\(unit)"
        case let .greaterThan(low): return "greater than \(describeNumber(low))\(unit)"
        case let .between(low, high): return "between \(describeNumber(low))\(unit) and \(describeNumber(high))\(unit)"
        }
    }
}

extension Dimension {
    /// What a field of this dimension expects, for messages.
    var expectation: String {
        switch self {
        case .number: return "a number"
        case .time: return "a time such as 0.35s, 200ms or 21f"
        case .angle: return "an angle such as 45deg, 0.125turn or 0.785rad"
        }
    }

    /// "a time", "an angle", "a number", for "used as …".
    var article: String {
        switch self {
        case .number: return "a number"
        case .time: return "a time"
        case .angle: return "an angle"
        }
    }

    var noun: String {
        switch self {
        case .number: return "a bare number"
        case .time: return "a time"
        case .angle: return "an angle"
        }
    }

    /// The unit values of this dimension are shown in.
    var displayUnit: String {
        switch self {
        case .number: return ""
        case .time: return "s"
        case .angle: return "deg"
        }
    }
}

extension FrontendContext {
    /// The text of a scalar, or nil (with `wrong-type`) for a list, a map or nothing.
    func scalarText(_ node: YAMLNode, expected: @autoclosure () -> String) -> String? {
        if let scalar = node.scalar, !isNullScalar(node) { return scalar.value }
        error(.wrongType, "expected \(expected()), found \(describeFound(node))", at: node.reportRange)
        return nil
    }

    /// The source range of `length` scalars starting `offset` scalars into a scalar's value. Exact
    /// for plain and single-line quoted scalars without escapes; otherwise the whole scalar.
    func rangeInScalar(_ node: YAMLNode, offset: Int, length: Int) -> SourceRange {
        guard node.alias == nil, let scalar = node.scalar, node.range.start.line == node.range.end.line else {
            return node.reportRange
        }
        let quote: Int
        switch scalar.style {
        case .plain: quote = 0
        case .singleQuoted, .doubleQuoted: quote = 1
        case .literal, .folded: return node.reportRange
        }
        let count = scalar.value.unicodeScalars.count
        let width = node.range.end.column - node.range.start.column
        guard width == count + 2 * quote else { return node.reportRange }
        let clampedOffset = max(0, min(offset, count))
        let start = node.range.start.column + quote + clampedOffset
        let end = min(start + max(length, 1), node.range.start.column + quote + max(count, 1))
        return SourceRange(
            start: SourceLocation(line: node.range.start.line, column: start),
            end: SourceLocation(line: node.range.start.line, column: max(end, start + 1)))
    }

    /// Reports a problem the value parsers found inside a scalar, at its exact place.
    func report(_ valueError: ValueError, in node: YAMLNode) {
        if valueError.rule == .undefinedVar, let kind = misusedStyleVar(valueError, in: node) {
            // An easing, stroke, gradient or path var inside a number or colour.
            let name = kind.name
            error(
                .wrongVarType, "'$\(name)' is \(kind.article), which cannot be used in a value",
                at: rangeInScalar(node, offset: valueError.offset, length: valueError.length),
                notes: varRanges[name].map { [Note("'$\(name)' is defined here", at: $0)] } ?? [])
            return
        }
        let fixIts = (valueError.replacement.map {
            replacing(in: node, offset: valueError.offset, length: valueError.length, with: $0)
        } ?? []) + valueError.suggestions.flatMap { suggesting(node, $0) }
        error(
            valueError.rule, valueError.message, at: rangeInScalar(node, offset: valueError.offset, length: valueError.length),
            help: valueError.help, fixIts: fixIts)
    }

    /// The style var an `undefined-var` error is about, if it names one.
    private func misusedStyleVar(_ valueError: ValueError, in node: YAMLNode) -> (name: String, article: String)? {
        guard let text = node.scalar?.value else { return nil }
        let scalars = Array(text.unicodeScalars)
        guard valueError.offset >= 0, valueError.offset + valueError.length <= scalars.count else { return nil }
        let written = String(String.UnicodeScalarView(scalars[valueError.offset..<(valueError.offset + valueError.length)]))
        let name = written.hasPrefix("$") ? String(written.dropFirst()) : written
        return styleVars[name].map { (name, $0.kind.article) } ?? pathVars[name].map { (name, $0.kind.article) }
            ?? undecidedMapVars[name].map { _ in (name, "a map") }
    }

    /// True when the text uses a var whose own definition was broken (already reported).
    func usesPoisonedVar(_ text: String) -> Bool {
        guard !poisonedVars.isEmpty else { return false }
        return variableReferences(in: text).contains { poisonedVars.contains($0.name) }
    }

    /// A number expression of the given dimension, converted (seconds, degrees), checked against
    /// `bound`. A bare `0` is accepted as a time or an angle, as CSS accepts unitless zero lengths.
    func quantity(_ node: YAMLNode, _ dimension: Dimension, name: String, bound: Bound = .any) -> Double? {
        if isBinding(node) {
            return boundValue(
                node, what: dimension.expectation,
                identity: { input, value, at in
                    guard dimension != .time, case let .number(number) = value else {
                        reportIdentityBinding(input, wants: dimension.expectation, at: at)
                        return nil
                    }
                    return number
                },
                read: { self.quantity($0, dimension, name: name, bound: bound) }, mix: { Double.interpolate($0, $1, $2) })
        }
        guard let text = scalarText(node, expected: dimension.expectation) else { return nil }
        if usesPoisonedVar(text) { return nil }
        let quantity: Quantity
        switch evaluateExpression(text, environment: environment) {
        case let .success(value): quantity = value
        case let .failure(problem):
            report(problem, in: node)
            return nil
        }
        guard quantity.value.isFinite else {
            error(.nonFinite, "'\(name)' is not a finite number", at: node.reportRange)
            return nil
        }
        if quantity.dimension != dimension {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("$"), case .quantity? = environment.vars[String(trimmed.dropFirst())],
                varDefinitions[String(trimmed.dropFirst())] != nil, !(quantity.dimension == .number && quantity.value == 0)
            {
                // A bare `$var` of the wrong unit: the var is what is wrong; reported once, at it.
                recordVarUnitMisfit(String(trimmed.dropFirst()), at: node.reportRange, expected: dimension)
                return nil
            }
            if quantity.dimension == .number, quantity.value == 0 {
                // Unitless zero is unambiguous.
            } else if quantity.dimension == .number {
                let literal = text.trimmingCharacters(in: .whitespaces)
                if dimension == .time {
                    let repair = BareTimeRepair(literal)
                    error(
                        .missingUnit, "expected \(dimension.expectation), found a bare number", at: node.reportRange, help: repair?.help,
                        fixIts: repair.map { fixIts($0, over: node) } ?? [])
                    return nil
                }
                let withUnit: String? = Double(literal) == nil ? nil : literal + "deg"
                error(
                    .missingUnit, "expected \(dimension.expectation), found a bare number", at: node.reportRange,
                    help: withUnit.map { "write '\($0)' for degrees" },
                    fixIts: withUnit.map { replacing(node, with: $0, message: "add the unit: '\($0)'") } ?? [])
                return nil
            } else {
                error(.wrongUnit, "expected \(dimension.expectation), found \(quantity.dimension.noun)", at: node.reportRange)
                return nil
            }
        }
        guard checkMagnitude(quantity.value, dimension, name: name, at: node.reportRange) else { return nil }
        guard bound.contains(quantity.value) else {
            let unit = dimension.displayUnit
            error(
                .outOfRange,
                "'\(name)' must be \(bound.describe(unit: unit)), found \(describeNumber(quantity.value))\(unit)",
                at: node.reportRange)
            return nil
        }
        return quantity.value
    }

    /// Every number a scene gives is within `SceneLimits.maxTime` (times) or
    /// `SceneLimits.maxMagnitude` (plain numbers, angles) before anything converts it to frames,
    /// integers or geometry: past these, frame counts trap and baking never ends.
    func checkMagnitude(_ value: Double, _ dimension: Dimension, name: String, at range: SourceRange) -> Bool {
        let limit = dimension == .time ? SceneLimits.maxTime : SceneLimits.maxMagnitude
        guard abs(value) > limit else { return true }
        let unit = dimension.displayUnit
        error(
            .valueTooLarge,
            "'\(name)' is \(describeNumber(value))\(unit), beyond the limit of \(describeNumber(limit))\(unit) in either direction",
            at: range, help: "see docs/limits.md")
        return false
    }

    func number(_ node: YAMLNode, name: String, bound: Bound = .any) -> Double? {
        quantity(node, .number, name: name, bound: bound)
    }

    func time(_ node: YAMLNode, name: String, bound: Bound = .atLeast(0)) -> Double? {
        quantity(node, .time, name: name, bound: bound)
    }

    func angle(_ node: YAMLNode, name: String) -> Double? {
        quantity(node, .angle, name: name)
    }

    /// A whole number (`sides`, `count`, `steps`).
    func integer(_ node: YAMLNode, name: String, bound: Bound) -> Int? {
        guard let value = unbindable({ quantity(node, .number, name: name, bound: .any) }) else { return nil }
        guard value == value.rounded(), abs(value) < 1e9 else {
            error(.wrongType, "expected a whole number for '\(name)', found \(describeNumber(value))", at: node.reportRange)
            return nil
        }
        guard bound.contains(value) else {
            error(
                .outOfRange, "'\(name)' must be \(bound.describe(unit: "")), found \(describeNumber(value))",
                at: node.reportRange)
            return nil
        }
        return Int(value)
    }

    /// A point `[x, y]` of number expressions, or a `$var` holding a point.
    func point(_ node: YAMLNode, name: String, bound: Bound = .any) -> Point? {
        if isBinding(node) {
            return boundValue(
                node, what: "a point",
                identity: { input, _, at in
                    reportIdentityBinding(input, wants: "a point", at: at,
                                          help: "map its range onto two points: {bind: \(input.name), to: [[x, y], [x, y]]}, or bind one coordinate: [x, {bind: \(input.name)}]")
                    return nil
                },
                read: { point($0, name: name, bound: bound) }, mix: { Point.interpolate($0, $1, $2) })
        }
        if let scalar = node.scalar, !isNullScalar(node) {
            let text = scalar.value.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("$") {
                let varName = String(text.dropFirst())
                if poisonedVars.contains(varName) { return nil }
                if case let .point(x, y)? = environment.vars[varName] {
                    guard x.dimension == .number, y.dimension == .number else {
                        error(.wrongUnit, "expected a point of plain numbers, '$\(varName)' holds \(x.dimension == .number ? y.dimension.noun : x.dimension.noun)", at: node.reportRange)
                        return nil
                    }
                    return checkPoint(Point(x.value, y.value), node: node, name: name, bound: bound)
                }
                if let path = pathVars[varName] {
                    error(
                        .wrongVarType, "'$\(varName)' is \(path.kind.article), not a point", at: node.reportRange,
                        notes: varRanges[varName].map { [Note("'$\(varName)' is defined here", at: $0)] } ?? [])
                    return nil
                }
                if environment.vars[varName] == nil {
                    let guess = didYouMean(varName, in: environment.vars.keys.sorted(), at: node, prefix: "$")
                    error(
                        .undefinedVar, "undefined var '$\(varName)'", at: node.reportRange,
                        help: guess.help, fixIts: guess.fixIts)
                    return nil
                }
            }
        }
        guard let items = node.sequence, items.count == 2 else {
            let found = node.sequence.map { "a list of \($0.count)" } ?? describeFound(node)
            error(.wrongType, "expected a point [x, y], found \(found)", at: node.reportRange)
            return nil
        }
        guard let x = number(items[0], name: name), let y = number(items[1], name: name) else { return nil }
        return checkPoint(Point(x, y), node: node, name: name, bound: bound)
    }

    private func checkPoint(_ point: Point, node: YAMLNode, name: String, bound: Bound) -> Point? {
        guard checkMagnitude(point.x, .number, name: name, at: node.reportRange),
            checkMagnitude(point.y, .number, name: name, at: node.reportRange)
        else { return nil }
        guard bound.contains(point.x), bound.contains(point.y) else {
            error(
                .outOfRange,
                "both values of '\(name)' must be \(bound.describe(unit: "")), found [\(describeNumber(point.x)), \(describeNumber(point.y))]",
                at: node.reportRange)
            return nil
        }
        return point
    }

    /// `scale`: a number (uniform) or `[sx, sy]`.
    func scalePoint(_ node: YAMLNode, name: String) -> Point? {
        if isBinding(node) {
            return boundValue(
                node, what: "a scale",
                identity: { input, value, at in
                    guard case let .number(number) = value else {
                        reportIdentityBinding(input, wants: "a scale", at: at)
                        return nil
                    }
                    return Point(number, number)
                },
                read: { scalePoint($0, name: name) }, mix: { Point.interpolate($0, $1, $2) })
        }
        if node.sequence != nil { return point(node, name: name) }
        if let text = node.scalar?.value.trimmingCharacters(in: .whitespaces), text.hasPrefix("$"),
            case .point? = environment.vars[String(text.dropFirst())]
        {
            return point(node, name: name)
        }
        guard let value = number(node, name: name) else { return nil }
        return Point(value, value)
    }

    func color(_ node: YAMLNode) -> RGBA? {
        if isBinding(node) {
            return boundValue(
                node, what: "a colour",
                identity: { input, value, at in
                    guard case let .color(color) = value else {
                        reportIdentityBinding(input, wants: "a colour", at: at,
                                              help: "map its range onto two colours: {bind: \(input.name), to: [\"#000000\", \"#FFFFFF\"]}")
                        return nil
                    }
                    return color
                },
                read: { color($0) }, mix: { RGBA.interpolate($0, $1, $2) })
        }
        if reportCommentedOutColor(node, key: nil) { return nil }
        guard let text = scalarText(node, expected: "a color such as \"#FF3B30\" or rgb(255 59 48)") else { return nil }
        if usesPoisonedVar(text) { return nil }
        switch parseColor(text, environment: environment) {
        case let .success(color): return color
        case let .failure(problem):
            report(problem, in: node)
            return nil
        }
    }

    /// Only plain `true` and `false` are booleans: `yes`, `on` and quoted text are not.
    func bool(_ node: YAMLNode, name: String) -> Bool? {
        if let scalar = node.scalar, scalar.style == .plain {
            if scalar.value == "true" { return true }
            if scalar.value == "false" { return false }
        }
        let meant: String?
        switch node.scalar?.value.lowercased() {
        case "yes", "on", "y", "true": meant = "true"
        case "no", "off", "n", "false": meant = "false"
        default: meant = nil
        }
        error(
            .wrongType, "expected true or false for '\(name)', found \(describeFound(node))", at: node.reportRange,
            help: meant.map { "write \($0)" }, fixIts: meant.map { quotedAway(node, with: $0) } ?? [])
        return nil
    }

    /// One of a fixed set of words (`round`, `evenodd`, `tap`), with a did-you-mean.
    func keyword<T>(_ node: YAMLNode, what: String, options: [(String, T)], aliases: [String: String] = [:]) -> T? {
        guard let text = scalarText(node, expected: what) else { return nil }
        if let match = options.first(where: { $0.0 == text }) { return match.1 }
        let names = options.map(\.0)
        let match = aliases[text] ?? guessName(text, in: names)
        error(
            .unknownValue, "unknown \(what) '\(text)'; expected \(listing(names))", at: node.reportRange,
            help: match.map { "did you mean '\($0)'?" }, fixIts: match.map { replacing(node, with: $0) } ?? [])
        return nil
    }

    /// One of the words of a keyword property of the table (nil, reported, for another word).
    func keyword(_ node: YAMLNode, _ property: Property) -> String? {
        guard let keywords = property.descriptor.keywords else { preconditionFailure("\(property) takes no keywords") }
        // A word of the list (every node's `shape`) is the answer without building the options.
        if let text = node.scalar?.value, keywords.values.contains(where: { $0.word == text }), !isNullScalar(node) {
            return text
        }
        let words = keywords.values.map(\.word)
        return keyword(node, what: keywords.noun, options: zip(words, words).map { ($0, $1) }, aliases: keywords.aliases)
    }

    /// A name matching `[A-Za-z_][A-Za-z0-9_-]*`.
    func identifier(_ node: YAMLNode, what: String) -> String? {
        guard let text = scalarText(node, expected: what) else { return nil }
        guard checkIdentifier(text, what: what, at: node.reportRange) else { return nil }
        return text
    }

    func checkIdentifier(_ text: String, what: String, at range: SourceRange) -> Bool {
        let length = text.unicodeScalars.count
        if length > SceneLimits.maxIdentifierLength {
            // Checked first: the name ends up in output file names and messages, which must stay short.
            error(
                .identifierTooLong,
                "the \(what) is \(length) characters long, more than the limit of \(SceneLimits.maxIdentifierLength)",
                at: range, help: "use a shorter name")
            return false
        }
        if isIdentifier(text) { return true }
        error(
            .invalidIdentifier,
            "'\(text)' is not a valid \(what): use letters, digits, '_' and '-', starting with a letter or '_'",
            at: range, help: sanitizedIdentifier(text).map { "try '\($0)'" })
        return false
    }

    /// Any text (a label).
    func string(_ node: YAMLNode, what: String) -> String? {
        scalarText(node, expected: what)
    }
}

/// `[A-Za-z_][A-Za-z0-9_-]*`.
func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first else { return false }
    func isLetter(_ s: Unicode.Scalar) -> Bool { (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || s == "_" }
    func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }
    return isLetter(first) && text.unicodeScalars.dropFirst().allSatisfy { isLetter($0) || isDigit($0) || $0 == "-" }
}

/// The closest identifier to some text: other characters become '-', a leading digit gets '_'.
func sanitizedIdentifier(_ text: String) -> String? {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        let ok = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
            || scalar == "_" || scalar == "-"
        out.append(ok ? scalar : "-")
    }
    var result = String(out)
    while result.hasPrefix("-") { result.removeFirst() }
    while result.hasSuffix("-") { result.removeLast() }
    guard !result.isEmpty else { return nil }
    if let first = result.unicodeScalars.first, first >= "0" && first <= "9" { result = "_" + result }
    return isIdentifier(result) ? result : nil
}

/// "a, b or c" (or "a, b and c").
func listing(_ names: [String], conjunction: String = "or") -> String {
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " \(conjunction) " + names.last!
}
