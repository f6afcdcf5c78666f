import ChoreoTimeline
import Testing

@testable import ChoreoScene

private let environment = ValueEnvironment(
    vars: [
        "width": .quantity(Quantity(320)),
        "gap": .quantity(Quantity(8)),
        "fast": .quantity(Quantity(0.2, .time)),
        "tilt": .quantity(Quantity(15, .angle)),
        "accent": .color(RGBA(1, 0, 0)),
        "center": .point(Quantity(1), Quantity(2)),
    ], fps: 30)

private func value(_ text: String) -> Quantity? {
    try? evaluateExpression(text, environment: environment).get()
}

private func failure(_ text: String) -> ValueError? {
    if case let .failure(error) = evaluateExpression(text, environment: environment) { return error }
    return nil
}

@Test(arguments: [
    ("1", Quantity(1)),
    ("-2.5", Quantity(-2.5)),
    (".5", Quantity(0.5)),
    ("1e3", Quantity(1000)),
    ("2.5E-1", Quantity(0.25)),
    ("12px", Quantity(12)),
    ("0.35s", Quantity(0.35, .time)),
    ("200ms", Quantity(0.2, .time)),
    ("15f", Quantity(0.5, .time)),
    ("45deg", Quantity(45, .angle)),
    ("0.25turn", Quantity(90, .angle)),
    ("1 + 2 * 3", Quantity(7)),
    ("(1 + 2) * 3", Quantity(9)),
    ("10 - 4 - 3", Quantity(3)),
    ("12 / 3 / 2", Quantity(2)),
    ("-(1 + 2) * 3deg", Quantity(-9, .angle)),
    ("+4 * -2", Quantity(-8)),
    ("$width / 4", Quantity(80)),
    ("$width-$gap", Quantity(312)),
    ("$fast * 2", Quantity(0.4, .time)),
    ("2 * $fast", Quantity(0.4, .time)),
    ("1s / 250ms", Quantity(4)),
    ("90deg / 45deg", Quantity(2)),
    ("min($fast, 1s)", Quantity(0.2, .time)),
    ("max(1, 5, 3)", Quantity(5)),
    ("min(3, -1, 2)", Quantity(-1)),
    ("sqrt(16)", Quantity(4)),
    ("cos(0.5turn)", Quantity(-1)),
    ("1s + 30f", Quantity(2, .time)),
])
func evaluatesExpressions(text: String, expected: Quantity) {
    let result = value(text)
    #expect(result?.dimension == expected.dimension, "\(text)")
    #expect(abs((result?.value ?? .nan) - expected.value) < 1e-12, "\(text) = \(String(describing: result))")
}

@Test func convertsRadiansAndSines() throws {
    let radians = try #require(value("3.141592653589793rad"))
    #expect(radians.dimension == .angle)
    #expect(abs(radians.value - 180) < 1e-9)
    let sine = try #require(value("sin(30deg)"))
    #expect(sine.dimension == .number)
    #expect(abs(sine.value - 0.5) < 1e-12)
}

@Test func reportsUnitMismatchNamingBothOperands() throws {
    let error = try #require(failure("0.2s + 3"))
    #expect(error.rule == .unitMismatch)
    #expect(error.message == "cannot add a time (0.2s) and a number (3)")
    #expect(error.offset == 0)
    #expect(error.length == 8)

    let subtraction = try #require(failure("1 + (2deg - $fast)"))
    #expect(subtraction.message == "cannot subtract a time ($fast) from an angle (2deg)")
    #expect(subtraction.offset == 5)
    #expect(subtraction.length == 12)

    #expect(failure("1s * 2s")?.message == "cannot multiply a time (1s) by a time (2s)")
    #expect(failure("1 / 2s")?.message == "cannot divide a number (1) by a time (2s)")
    #expect(failure("min(1s, 2)")?.rule == .unitMismatch)
    #expect(failure("sqrt(4s)")?.rule == .unitMismatch)
    let sine = try #require(failure("sin(30)"))
    #expect(sine.rule == .unitMismatch)
    #expect(sine.message == "'sin' takes an angle, not a number (30)")
}

@Test func reportsNonFiniteResults() throws {
    let division = try #require(failure("4 / (2 - 2)"))
    #expect(division.rule == .nonFinite)
    #expect(division.offset == 0)
    #expect(failure("1e200 * 1e200")?.rule == .nonFinite)
    #expect(failure("1e999")?.rule == .nonFinite)
    #expect(failure("sqrt(-1)")?.rule == .nonFinite)
    #expect(failure("1s / 0s")?.rule == .nonFinite)
}

@Test(arguments: [
    ("", 0, "expected a number or an expression"),
    ("1 +", 3, "expected a number, a '$var' or '(' here"),
    ("(1 + 2", 6, "expected ')' to close the '('"),
    ("1 2", 2, "unexpected '2' after the expression"),
    ("2 * * 3", 4, "expected a number, a '$var' or '(', found '*'"),
    ("1 # 2", 2, "unexpected character '#'"),
    ("$ + 1", 1, "expected a var name after '$'"),
    ("max(1 2)", 6, "expected ',' or ')' in the arguments of 'max'"),
    ("max(1)", 0, "'max' needs at least two arguments"),
    ("1.5.5", 3, "unexpected '.5' after the expression"),
])
func reportsSyntaxErrorsAtTheOffendingCharacter(text: String, offset: Int, message: String) {
    let error = failure(text)
    #expect(error?.rule == .expressionSyntax, "\(text)")
    #expect(error?.offset == offset, "\(text)")
    #expect(error?.message == message, "\(text)")
}

@Test func offsetsCountUnicodeScalars() throws {
    let error = try #require(failure("(é) + 1"))
    #expect(error.offset == 1)
    let late = try #require(failure("sin(30deg) * \u{1F600}"))
    #expect(late.offset == 13)
}

@Test func unknownFunctionSuggestsTheClosestName() throws {
    let error = try #require(failure("2 * mn(1, 2)"))
    #expect(error.rule == .expressionSyntax)
    #expect(error.message == "unknown function 'mn'")
    #expect(error.offset == 4)
    #expect(error.length == 2)
    #expect(error.help == "did you mean 'min'?")
    #expect(failure("width / 2")?.help == "to use the var, write '$width'")
}

@Test func undefinedVarSuggestsTheClosestVar() throws {
    let error = try #require(failure("1 + $widht"))
    #expect(error.rule == .undefinedVar)
    #expect(error.message == "undefined var '$widht'")
    #expect(error.offset == 4)
    #expect(error.length == 6)
    #expect(error.help == "did you mean '$width'?")
    let hyphen = try #require(failure("$width-4"))
    #expect(hyphen.rule == .undefinedVar)
    #expect(hyphen.help == "var names may contain '-'; to subtract, write '$width - 4'")
    #expect(value("$width -4") == Quantity(316))
    #expect(value("$width- 4") == Quantity(316))
}

@Test func colourAndPointVarsAreNotNumbers() throws {
    let colour = try #require(failure("2 * $accent"))
    #expect(colour.rule == .wrongVarType)
    #expect(colour.message == "'$accent' is a colour, not a number")
    #expect(colour.offset == 4)
    #expect(failure("$center")?.rule == .wrongVarType)
}

@Test func unknownUnitsListTheValidOnes() throws {
    let error = try #require(failure("3sec"))
    #expect(error.rule == .unknownUnit)
    #expect(error.message == "unknown unit 'sec'")
    #expect(error.offset == 1)
    #expect(error.length == 3)
    #expect(error.help == "did you mean 's'? (units are s, ms, f (frames) for times, deg, turn, rad for angles, and px)")
    #expect(failure("1 + 2dg")?.help?.hasPrefix("did you mean 'deg'?") == true)
    #expect(failure("50%")?.rule == .unknownUnit)
    #expect(failure("2xyzzy")?.help == "units are s, ms, f (frames) for times, deg, turn, rad for angles, and px")
}

@Test func listsVariableReferencesInOrder() {
    let references = variableReferences(in: "max($a, $b-c) * $a- 2 + $ + rgb")
    #expect(references.map(\.name) == ["a", "b-c", "a"])
    #expect(references.map(\.offset) == [4, 8, 16])
    #expect(variableReferences(in: "3 + 4").isEmpty)
}

/// The one number scanner path data, colours and expressions share: an `e` is an exponent only
/// when digits follow it (after an optional sign), so `2em` and `3e` leave the `e` to what follows.
@Test(arguments: [
    ("12", 2, 2), ("12.5", 4, 4), (".5", 2, 2), ("12.", 3, 3), ("1e3", 1, 3), ("1E-2s", 1, 4), ("1e+10", 1, 5),
    ("2em", 1, 1), ("3e", 1, 1), ("4e-", 1, 1), ("x", 0, 0),
])
func numberScannerReadsDecimalsAndExponents(_ text: String, _ decimalEnd: Int, _ numberEnd: Int) {
    let scalars = Array(text.unicodeScalars)
    let end = endOfDecimal(in: scalars, from: 0)
    #expect(end == decimalEnd, "\(text)")
    #expect(endOfExponent(in: scalars, from: end) == numberEnd, "\(text)")
}

/// Bare numbers and `NUMBER UNIT` skip the parser (`plainNumber`, `plainNumberWithUnit`): their
/// values must be bit for bit what `Double` and the full parse give, for short and long digit
/// strings alike (the short ones are computed without `Double`'s parse).
@Test func plainNumbersAreExactlyWhatTheParserReads() {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(state >> 33) % bound
    }
    for _ in 0..<3_000 {
        var text = String((0..<(1 + next(20))).map { _ in Character(String(next(10))) })
        if next(3) > 0 { text += "." + String((0..<next(26)).map { _ in Character(String(next(10))) }) }
        guard let expected = Double(text) else { continue }
        #expect(value(text)?.value.bitPattern == expected.bitPattern, "\(text)")
        #expect(value(text)?.dimension == .number)
        for unit in ["s", "ms", "f", "deg", "turn", "rad", "px"] {
            // `+ 0UNIT` makes the text an expression, read by the parser, and adds nothing.
            let parsed = value("\(text)\(unit) + 0\(unit)")
            #expect(value(text + unit) == parsed, "\(text)\(unit)")
        }
    }
    #expect(failure("5zz")?.rule == .unknownUnit)
    #expect(value("5.") == Quantity(5))
    #expect(value("0.000000000000000000000001") == Quantity(1e-24))
}
