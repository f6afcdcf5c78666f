import ChoreoDiagnostics
import Foundation

/// Parentheses, calls and signs an expression may nest (see docs/limits.md).
public let maxExpressionDepth = 64

/// Evaluates a number expression with units: `0.35s`, `$w / 4`, `-(1 + 2) * 3deg`,
/// `min($a, 2s)`, `sqrt(2)`, `sin(30deg)`. Unit rules: `+`/`-`/`min`/`max` need equal
/// dimensions; `time * number` is a time; `time / time` is a number; `sin`/`cos` take angles.
/// Rules: `expression-syntax`, `undefined-var` (with a did-you-mean help), `unit-mismatch`,
/// `wrong-var-type`, `non-finite`, `unknown-unit`, `nesting-too-deep`.
public func evaluateExpression(_ text: String, environment: ValueEnvironment) -> Result<Quantity, ValueError> {
    if let number = plainNumber(Substring(text)) { return .success(Quantity(number)) }
    if let quantity = plainNumberWithUnit(text, environment: environment) { return .success(quantity) }
    var parser = ExpressionParser(text: text, environment: environment)
    do {
        return .success(try parser.parseAll())
    } catch {
        return .failure(error)
    }
}

/// Most expressions are a bare unsigned number (`8`, `0.5`); the parser would read such text as
/// one number token and call `Double` on all of it, so this does exactly that without the lexer.
/// Nil for anything else (units, signs, exponents, operators), which takes the full parse.
private func plainNumber(_ text: Substring) -> Double? {
    var digits = 0, points = 0, decimals = 0
    var first = true, startsWithPoint = false
    // The digits as an integer, while it is exact (15 digits stay below 2^53).
    var mantissa: UInt64 = 0
    for byte in text.utf8 {
        if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
            digits += 1
            if points > 0 { decimals += 1 }
            if digits <= 15 { mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0")) }
        } else if byte == UInt8(ascii: ".") {
            points += 1
            if first { startsWithPoint = true }
        } else {
            return nil
        }
        first = false
    }
    // `.5` is a number only because a digit follows the point; `5.` is read whole by the lexer.
    guard digits > 0, points <= 1, !startsWithPoint || text.utf8.count > 1 else { return nil }
    // Clinger's fast path: with at most 15 digits and 22 decimals, the integer and the power of
    // ten are exact doubles, so their quotient is the correctly rounded value, which is what
    // `Double(text)` returns; other text takes `Double`'s own parse.
    if digits <= 15, decimals < exactPowersOfTen.count { return Double(mantissa) / exactPowersOfTen[decimals] }
    guard let value = Double(text), value.isFinite else { return nil }
    return value
}

/// 10^0 … 10^22, every one exact as a double.
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
]

/// The next most common text is a bare number and a unit (`45deg`, `0.3s`, `200ms`): the parser
/// would read it as one number token, its unit converted by `unitQuantity`, so this does the same
/// without the lexer. Nil for anything else, an unknown unit or a result that is not finite
/// (the full parse then reports them).
private func plainNumberWithUnit(_ text: String, environment: ValueEnvironment) -> Quantity? {
    guard let unitStart = text.utf8.firstIndex(where: { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }),
        let magnitude = plainNumber(text[..<unitStart])
    else { return nil }
    let unit = text[unitStart...]
    guard unit.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }),
        let quantity = unitQuantity(magnitude, unit: unit, environment: environment), quantity.value.isFinite
    else { return nil }
    return quantity
}

/// A number token's quantity: its magnitude in the unit written after it (seconds, degrees), nil
/// for an unknown unit.
private func unitQuantity(_ magnitude: Double, unit: Substring, environment: ValueEnvironment) -> Quantity? {
    switch unit {
    case "", "px": return Quantity(magnitude)
    case "s": return Quantity(magnitude, .time)
    case "ms": return Quantity(magnitude / 1000, .time)
    case "f": return Quantity(magnitude / environment.fps, .time)
    case "deg": return Quantity(magnitude, .angle)
    case "turn": return Quantity(magnitude * 360, .angle)
    case "rad": return Quantity(magnitude * 180 / .pi, .angle)
    default: return nil
    }
}

/// The `$name` references in an expression or colour text, with their scalar offsets, in order.
/// Used to order vars and to report var cycles.
public func variableReferences(in text: String) -> [(name: String, offset: Int)] {
    let scalars = Array(text.unicodeScalars)
    var references: [(name: String, offset: Int)] = []
    var index = 0
    while index < scalars.count {
        if scalars[index] == "$" {
            let end = scanVarName(scalars, from: index + 1)
            if end > index + 1 {
                references.append((String(String.UnicodeScalarView(scalars[(index + 1)..<end])), index))
                index = end
                continue
            }
        }
        index += 1
    }
    return references
}

/// The units a number may carry, with the dimension each measures. The factor to the stored unit
/// (seconds, degrees) is applied in `quantity(_:unit:unitOffset:)`, where frames use the frame rate.
let expressionUnits: [(suffix: String, dimension: Dimension)] = [
    ("s", .time), ("ms", .time), ("f", .time), ("deg", .angle), ("turn", .angle), ("rad", .angle), ("px", .number),
]

/// Spellings designers reach for that are not units here, mapped to the unit they mean.
private let unitAliases: [String: String] = [
    "sec": "s", "secs": "s", "second": "s", "seconds": "s", "msec": "ms", "millis": "ms",
    "milliseconds": "ms", "frame": "f", "frames": "f", "fr": "f", "degree": "deg", "degrees": "deg",
    "°": "deg", "turns": "turn", "radian": "rad", "radians": "rad",
]

let expressionFunctions = ["cos", "max", "min", "sin", "sqrt"]

/// The end of a var name starting at `start` (`[A-Za-z_][A-Za-z0-9_-]*`), or `start` when there
/// is none. A `-` belongs to the name only when a name character follows it, so `$w- 4` and
/// `$w -4` read as subtractions.
func scanVarName(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
    guard start < scalars.count, isIdentifierStart(scalars[start]) else { return start }
    var index = start + 1
    while index < scalars.count {
        let scalar = scalars[index]
        if isIdentifierStart(scalar) || isDigit(scalar) {
            index += 1
        } else if scalar == "-", index + 1 < scalars.count,
            isIdentifierStart(scalars[index + 1]) || isDigit(scalars[index + 1])
        {
            index += 1
        } else {
            break
        }
    }
    return index
}

func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
    (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "_"
}

func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }

func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
}

/// "a time", "an angle", "a number".
func describe(_ dimension: Dimension) -> String {
    switch dimension {
    case .number: return "a number"
    case .time: return "a time"
    case .angle: return "an angle"
    }
}

private enum TokenKind: Equatable {
    case number(Quantity)
    case variable(String)
    case identifier(String)
    case symbol(Unicode.Scalar)
    case end
}

private struct Token {
    var kind: TokenKind
    var offset: Int
    var length: Int
}

/// A value with the span of text it came from, so unit errors can quote their operands.
private struct Operand {
    var quantity: Quantity
    var start: Int
    var end: Int
}

/// A hand-written lexer and precedence-climbing parser that evaluates as it parses.
private struct ExpressionParser {
    let scalars: [Unicode.Scalar]
    let environment: ValueEnvironment
    var position = 0
    var current: Token
    /// How deep the recursive descent is: parentheses, calls and unary signs each add a level.
    var depth = 0

    /// The text's bytes when it is all ASCII (then byte and scalar offsets coincide).
    let asciiBytes: [UInt8]?

    init(text: String, environment: ValueEnvironment) {
        scalars = Array(text.unicodeScalars)
        let bytes = Array(text.utf8)
        asciiBytes = bytes.count == scalars.count ? bytes : nil
        self.environment = environment
        current = Token(kind: .end, offset: 0, length: 0)
    }

    mutating func parseAll() throws(ValueError) -> Quantity {
        try advance()
        if current.kind == .end {
            throw ValueError(rule: .expressionSyntax, "expected a number or an expression", offset: current.offset)
        }
        let result = try parseBinary(minimumPrecedence: 1)
        if current.kind != .end {
            throw ValueError(
                rule: .expressionSyntax, "unexpected \(quoted(current)) after the expression",
                offset: current.offset, length: max(1, current.length),
                help: "put an operator (+ - * /) between values")
        }
        return result.quantity
    }

    // MARK: Parsing

    private func precedence(_ kind: TokenKind) -> Int? {
        switch kind {
        case .symbol("+"), .symbol("-"): return 1
        case .symbol("*"), .symbol("/"): return 2
        default: return nil
        }
    }

    private mutating func parseBinary(minimumPrecedence: Int) throws(ValueError) -> Operand {
        var left = try parseUnary()
        while let level = precedence(current.kind), level >= minimumPrecedence {
            let operatorToken = current
            try advance()
            let right = try parseBinary(minimumPrecedence: level + 1)
            guard case let .symbol(symbol) = operatorToken.kind else { break }
            left = try apply(symbol, left, right, operatorOffset: operatorToken.offset)
        }
        return left
    }

    private mutating func parseUnary() throws(ValueError) -> Operand {
        // The parser recurses once per level; hostile input nests thousands deep, which would
        // overflow the stack long before any real scene gets close to the limit.
        depth += 1
        defer { depth -= 1 }
        guard depth <= maxExpressionDepth else {
            throw ValueError(
                rule: .nestingTooDeep, "this expression is nested more than \(maxExpressionDepth) levels deep",
                offset: current.offset, length: max(1, current.length))
        }
        if current.kind == .symbol("-") || current.kind == .symbol("+") {
            let sign = current
            try advance()
            var operand = try parseUnary()
            if sign.kind == .symbol("-") { operand.quantity.value = -operand.quantity.value }
            operand.start = sign.offset
            return operand
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws(ValueError) -> Operand {
        let token = current
        switch token.kind {
        case let .number(quantity):
            try advance()
            guard quantity.value.isFinite else {
                throw ValueError(
                    rule: .nonFinite, "the number \(slice(token.offset, token.offset + token.length)) is too large",
                    offset: token.offset, length: token.length)
            }
            return Operand(quantity: quantity, start: token.offset, end: token.offset + token.length)
        case let .variable(name):
            try advance()
            return Operand(quantity: try lookUp(name, token), start: token.offset, end: token.offset + token.length)
        case .symbol("("):
            try advance()
            let inner = try parseBinary(minimumPrecedence: 1)
            guard current.kind == .symbol(")") else {
                throw ValueError(
                    rule: .expressionSyntax, "expected ')' to close the '('",
                    offset: current.offset, length: max(1, current.length))
            }
            let end = current.offset + 1
            try advance()
            return Operand(quantity: inner.quantity, start: token.offset, end: end)
        case let .identifier(name):
            return try parseCall(name, token)
        case .end:
            throw ValueError(
                rule: .expressionSyntax, "expected a number, a '$var' or '(' here",
                offset: token.offset, length: 1)
        default:
            throw ValueError(
                rule: .expressionSyntax, "expected a number, a '$var' or '(', found \(quoted(token))",
                offset: token.offset, length: max(1, token.length))
        }
    }

    private mutating func parseCall(_ name: String, _ token: Token) throws(ValueError) -> Operand {
        guard expressionFunctions.contains(name) else {
            var help: String?
            if environment.vars[name] != nil {
                help = "to use the var, write '$\(name)'"
            } else if let match = closestMatch(to: name, in: expressionFunctions) {
                help = "did you mean '\(match)'?"
            } else {
                help = "functions are \(expressionFunctions.map { "'\($0)'" }.joined(separator: ", ")); vars start with '$'"
            }
            throw ValueError(
                rule: .expressionSyntax, "unknown function '\(name)'", offset: token.offset, length: token.length,
                help: help)
        }
        try advance()
        guard current.kind == .symbol("(") else {
            throw ValueError(
                rule: .expressionSyntax, "expected '(' after '\(name)'", offset: current.offset,
                length: max(1, current.length))
        }
        try advance()
        var arguments: [Operand] = []
        if current.kind != .symbol(")") {
            while true {
                arguments.append(try parseBinary(minimumPrecedence: 1))
                if current.kind == .symbol(",") {
                    try advance()
                    continue
                }
                break
            }
        }
        guard current.kind == .symbol(")") else {
            throw ValueError(
                rule: .expressionSyntax, "expected ',' or ')' in the arguments of '\(name)'",
                offset: current.offset, length: max(1, current.length))
        }
        let end = current.offset + 1
        try advance()
        let whole = (start: token.offset, end: end)
        let call = slice(whole.start, whole.end)
        func fail(_ message: String, rule: Rule = .unitMismatch) -> ValueError {
            ValueError(rule: rule, message, offset: whole.start, length: whole.end - whole.start)
        }
        switch name {
        case "min", "max":
            guard arguments.count >= 2 else {
                throw fail("'\(name)' needs at least two arguments", rule: .expressionSyntax)
            }
            var best = arguments[0]
            for argument in arguments.dropFirst() {
                guard argument.quantity.dimension == best.quantity.dimension else {
                    throw fail(
                        "cannot compare \(describe(arguments[0].quantity.dimension)) (\(text(of: arguments[0]))) and "
                            + "\(describe(argument.quantity.dimension)) (\(text(of: argument))) in '\(name)'")
                }
                let better = name == "min"
                    ? argument.quantity.value < best.quantity.value : argument.quantity.value > best.quantity.value
                if better { best = argument }
            }
            return Operand(quantity: best.quantity, start: whole.start, end: whole.end)
        default:
            guard arguments.count == 1 else {
                throw fail("'\(name)' takes one argument, got \(arguments.count)", rule: .expressionSyntax)
            }
            let argument = arguments[0]
            let value: Double
            if name == "sqrt" {
                guard argument.quantity.dimension == .number else {
                    throw fail(
                        "'sqrt' takes a number, not \(describe(argument.quantity.dimension)) (\(text(of: argument)))")
                }
                guard argument.quantity.value >= 0 else {
                    throw fail("'\(call)' is not a real number: the argument is negative", rule: .nonFinite)
                }
                value = argument.quantity.value.squareRoot()
            } else {
                guard argument.quantity.dimension == .angle else {
                    throw ValueError(
                        rule: .unitMismatch,
                        "'\(name)' takes an angle, not \(describe(argument.quantity.dimension)) (\(text(of: argument)))",
                        offset: whole.start, length: whole.end - whole.start,
                        help: "give the angle a unit, such as '30deg', '0.25turn' or '0.5rad'")
                }
                let radians = argument.quantity.value * .pi / 180
                value = name == "sin" ? sin(radians) : cos(radians)
            }
            return Operand(quantity: Quantity(value), start: whole.start, end: whole.end)
        }
    }

    private func lookUp(_ name: String, _ token: Token) throws(ValueError) -> Quantity {
        switch environment.vars[name] {
        case let .quantity(quantity)?:
            return quantity
        case .color?:
            throw ValueError(
                rule: .wrongVarType, "'$\(name)' is a colour, not a number", offset: token.offset,
                length: token.length)
        case .point?:
            throw ValueError(
                rule: .wrongVarType, "'$\(name)' is a point, not a number", offset: token.offset,
                length: token.length)
        case nil:
            var help: String?
            var replacement: String?
            // `$w-4` reads as one var name (names may contain '-'); if a prefix is a var, the
            // author most likely meant a subtraction.
            let parts = name.split(separator: "-", omittingEmptySubsequences: false)
            if parts.count > 1,
                let prefix = (1..<parts.count).reversed().map({ parts[0..<$0].joined(separator: "-") })
                    .first(where: { environment.vars[$0] != nil })
            {
                let rest = name.dropFirst(prefix.count + 1)
                help = "var names may contain '-'; to subtract, write '$\(prefix) - \(rest)'"
                replacement = "$\(prefix) - \(rest)"
            } else if let match = closestMatch(to: name, in: environment.vars.keys.sorted()) {
                help = "did you mean '$\(match)'?"
                replacement = "$\(match)"
            }
            throw ValueError(
                rule: .undefinedVar, "undefined var '$\(name)'", offset: token.offset, length: token.length,
                help: help, replacement: replacement)
        }
    }

    private func apply(_ symbol: Unicode.Scalar, _ left: Operand, _ right: Operand, operatorOffset: Int)
        throws(ValueError) -> Operand
    {
        let a = left.quantity, b = right.quantity
        let span = (start: left.start, end: right.end)
        func mismatch(_ message: String, help: String? = nil) -> ValueError {
            ValueError(rule: .unitMismatch, message, offset: span.start, length: span.end - span.start, help: help)
        }
        // Only error messages quote the operands; building the text eagerly cost more than the arithmetic.
        var leftText: String { "\(describe(a.dimension)) (\(text(of: left)))" }
        var rightText: String { "\(describe(b.dimension)) (\(text(of: right)))" }
        var result: Quantity
        switch symbol {
        case "+", "-":
            guard a.dimension == b.dimension else {
                throw mismatch(
                    symbol == "+"
                        ? "cannot add \(leftText) and \(rightText)"
                        : "cannot subtract \(rightText) from \(leftText)",
                    help: unitHelp(for: a.dimension == .number ? b.dimension : a.dimension))
            }
            result = Quantity(symbol == "+" ? a.value + b.value : a.value - b.value, a.dimension)
        case "*":
            if a.dimension == .number {
                result = Quantity(a.value * b.value, b.dimension)
            } else if b.dimension == .number {
                result = Quantity(a.value * b.value, a.dimension)
            } else {
                throw mismatch("cannot multiply \(leftText) by \(rightText)")
            }
        default:
            if b.dimension == .number {
                result = Quantity(a.value / b.value, a.dimension)
            } else if a.dimension == b.dimension {
                result = Quantity(a.value / b.value, .number)
            } else {
                throw mismatch("cannot divide \(leftText) by \(rightText)")
            }
            if b.value == 0 {
                throw ValueError(
                    rule: .nonFinite, "division by zero: '\(text(of: right))' is 0", offset: span.start,
                    length: span.end - span.start)
            }
        }
        guard result.value.isFinite else {
            throw ValueError(
                rule: .nonFinite, "the result of '\(slice(span.start, span.end))' is not a finite number",
                offset: span.start, length: span.end - span.start)
        }
        return Operand(quantity: result, start: span.start, end: span.end)
    }

    private func unitHelp(for dimension: Dimension) -> String? {
        switch dimension {
        case .time: return "give every term a time unit (s, ms or f)"
        case .angle: return "give every term an angle unit (deg, turn or rad)"
        case .number: return nil
        }
    }

    private func text(of operand: Operand) -> String { slice(operand.start, operand.end) }

    private func slice(_ start: Int, _ end: Int) -> String {
        let range = max(0, start)..<min(end, scalars.count)
        guard !range.isEmpty else { return "" }
        // Scalar offsets are UTF-8 offsets when the text is ASCII, the usual case; decoding bytes
        // is much cheaper than appending scalars one by one.
        if let ascii = asciiBytes { return String(decoding: ascii[range], as: UTF8.self) }
        return String(String.UnicodeScalarView(scalars[range]))
    }

    private func quoted(_ token: Token) -> String {
        token.kind == .end ? "end of text" : "'\(slice(token.offset, token.offset + token.length))'"
    }

    // MARK: Lexing

    private mutating func advance() throws(ValueError) {
        while position < scalars.count, isSpace(scalars[position]) { position += 1 }
        let start = position
        guard position < scalars.count else {
            current = Token(kind: .end, offset: start, length: 0)
            return
        }
        let scalar = scalars[position]
        if isDigit(scalar) || (scalar == "." && position + 1 < scalars.count && isDigit(scalars[position + 1])) {
            current = try lexNumber()
        } else if scalar == "$" {
            let end = scanVarName(scalars, from: position + 1)
            guard end > position + 1 else {
                throw ValueError(
                    rule: .expressionSyntax, "expected a var name after '$'", offset: position + 1, length: 1)
            }
            position = end
            current = Token(kind: .variable(slice(start + 1, end)), offset: start, length: end - start)
        } else if isIdentifierStart(scalar) {
            while position < scalars.count, isIdentifierStart(scalars[position]) || isDigit(scalars[position]) {
                position += 1
            }
            current = Token(kind: .identifier(slice(start, position)), offset: start, length: position - start)
        } else if "+-*/(),".unicodeScalars.contains(scalar) {
            position += 1
            current = Token(kind: .symbol(scalar), offset: start, length: 1)
        } else {
            throw ValueError(
                rule: .expressionSyntax, "unexpected character '\(Character(scalar))'", offset: start, length: 1)
        }
    }

    private mutating func lexNumber() throws(ValueError) -> Token {
        let start = position
        position = endOfDecimal(in: scalars, from: position)
        position = endOfExponent(in: scalars, from: position)
        let numberText = slice(start, position)
        guard let magnitude = Double(numberText) else {
            throw ValueError(
                rule: .expressionSyntax, "'\(numberText)' is not a number", offset: start,
                length: position - start)
        }
        let unitStart = position
        while position < scalars.count,
            isIdentifierStart(scalars[position]) || scalars[position] == "%" || scalars[position] == "°"
        {
            position += 1
        }
        let quantity = try quantity(magnitude, unit: slice(unitStart, position), unitOffset: unitStart)
        return Token(kind: .number(quantity), offset: start, length: position - start)
    }

    private func quantity(_ magnitude: Double, unit: String, unitOffset: Int) throws(ValueError) -> Quantity {
        if let quantity = unitQuantity(magnitude, unit: Substring(unit), environment: environment) { return quantity }
        let valid = "units are s, ms, f (frames) for times, deg, turn, rad for angles, and px"
        var help = valid
        if let alias = unitAliases[unit.lowercased()] {
            help = "did you mean '\(alias)'? (\(valid))"
        } else if unit == "%" {
            help = "write a fraction instead of a percentage (0.5 for 50%)"
        } else if let match = closestMatch(to: unit, in: expressionUnits.map(\.suffix)) {
            help = "did you mean '\(match)'? (\(valid))"
        }
        throw ValueError(
            rule: .unknownUnit, "unknown unit '\(unit)'", offset: unitOffset,
            length: unit.unicodeScalars.count, help: help)
    }
}
