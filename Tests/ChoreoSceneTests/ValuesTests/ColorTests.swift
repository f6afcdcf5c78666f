import ChoreoTimeline
import Testing

@testable import ChoreoScene

private let environment = ValueEnvironment(vars: [
    "accent": .color(RGBA(bytes: 214, 189, 251)),
    "size": .quantity(Quantity(4)),
])

private func color(_ text: String) -> RGBA? {
    try? parseColor(text, environment: environment).get()
}

private func failure(_ text: String) -> ValueError? {
    if case let .failure(error) = parseColor(text, environment: environment) { return error }
    return nil
}

@Test(arguments: [
    ("#fff", RGBA(1, 1, 1)),
    ("#0F08", RGBA(0, 1, 0, 136.0 / 255)),
    ("#d6bdfb", RGBA(bytes: 214, 189, 251)),
    ("#D6BDFB80", RGBA(bytes: 214, 189, 251, alpha: 128.0 / 255)),
    ("rgb(214 189 251)", RGBA(bytes: 214, 189, 251)),
    ("rgb(214, 189, 251)", RGBA(bytes: 214, 189, 251)),
    ("rgb(214, 189, 251, 0.5)", RGBA(bytes: 214, 189, 251, alpha: 0.5)),
    ("rgba(214,189,251,0.5)", RGBA(bytes: 214, 189, 251, alpha: 0.5)),
    ("rgb(214 189 251 / 50%)", RGBA(bytes: 214, 189, 251, alpha: 0.5)),
    ("rgb(100% 0% 50%)", RGBA(1, 0, 0.5)),
    ("  rebeccapurple ", RGBA(bytes: 102, 51, 153)),
    ("CornflowerBlue", RGBA(bytes: 100, 149, 237)),
    ("transparent", RGBA(0, 0, 0, 0)),
    ("$accent", RGBA(bytes: 214, 189, 251)),
])
func parsesColours(text: String, expected: RGBA) {
    #expect(color(text) == expected, "\(text)")
}

@Test func namedColourTableIsCompleteAndSorted() {
    // The 148 CSS Color 4 names plus `transparent`.
    #expect(cssNamedColors.count == 149)
    #expect(cssNamedColors.map(\.name) == cssNamedColors.map(\.name).sorted())
    #expect(Set(cssNamedColors.map(\.name)).count == 149)
    // CSS (not X11) values for the names where the two differ.
    #expect(namedColor("gray") == RGBA(bytes: 128, 128, 128))
    #expect(namedColor("green") == RGBA(bytes: 0, 128, 0))
    #expect(namedColor("purple") == RGBA(bytes: 128, 0, 128))
}

@Test(arguments: [
    ("#ffff0", 0, "a hex colour has 3, 4, 6 or 8 digits; '#ffff0' has 5"),
    ("#ffg", 3, "'g' is not a hex digit"),
    ("rgb(300 0 0)", 4, "the red component 300 is out of range 0…255"),
    ("rgb(0, 0, 120%)", 10, "the blue component 120% is out of range 0%…100%"),
    ("rgb(0 0 0 / 2)", 12, "the alpha 2 is out of range 0…1"),
    ("rgb(1 2)", 0, "'rgb(…)' takes three components (red, green, blue) and an optional alpha, not 2"),
    ("rgb(1, 2 3)", 9, "separate all components with commas, or none"),
    ("rgb(1 2 3", 9, "expected ')' to close 'rgb('"),
    ("rgb(1 2 3) x", 11, "unexpected text after ')'"),
    ("hsl(0 0 0)", 0, "unsupported colour function 'hsl'"),
    ("", 0, "expected a colour"),
])
func rejectsMalformedColours(text: String, offset: Int, message: String) {
    let error = failure(text)
    #expect(error?.rule == .invalidColor, "\(text)")
    #expect(error?.offset == offset, "\(text)")
    #expect(error?.message == message, "\(text)")
}

@Test func unknownNameSuggestsTheClosestColour() throws {
    let error = try #require(failure("bleu"))
    #expect(error.rule == .invalidColor)
    #expect(error.message == "unknown colour name 'bleu'")
    #expect(error.help == "did you mean 'blue'?")
    #expect(error.length == 4)
}

@Test func colourVarsAreChecked() throws {
    let missing = try #require(failure("$acent"))
    #expect(missing.rule == .undefinedVar)
    #expect(missing.help == "did you mean '$accent'?")
    let number = try #require(failure("$size"))
    #expect(number.rule == .wrongVarType)
    #expect(number.message == "'$size' is a number, not a colour")
}
