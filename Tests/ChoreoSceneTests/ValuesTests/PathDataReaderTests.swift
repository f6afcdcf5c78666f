import ChoreoTestSupport
import ChoreoTimeline
import Foundation
import Testing

@testable import ChoreoScene

/// Number text the way exports write it and the way they should not: long significands, leading
/// and trailing zeros, bare points, exponents with and without digits.
private func randomNumberText(_ random: inout SeededRandom) -> String {
    func digits(_ count: Int) -> String {
        String((0..<count).map { _ in Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &random))) })
    }
    var text = ["", "-", "+"][Int.random(in: 0...2, using: &random)]
    let zeros = String(repeating: "0", count: Int.random(in: 0...3, using: &random) == 0 ? Int.random(in: 1...25, using: &random) : 0)
    text += zeros + digits(Int.random(in: 0...(Bool.random(using: &random) ? 4 : 24), using: &random))
    if Bool.random(using: &random) { text += "." + digits(Int.random(in: 0...(Bool.random(using: &random) ? 6 : 30), using: &random)) }
    switch Int.random(in: 0...5, using: &random) {
    case 0: text += "e" + ["", "-", "+"][Int.random(in: 0...2, using: &random)] + digits(Int.random(in: 1...3, using: &random))
    case 1: text += "E-" + digits(Int.random(in: 1...2, using: &random))
    case 2: text += "e"
    default: break
    }
    return text
}

/// The value language's scanners on scalars: where a number's text ends.
private func scalarNumberEnd(_ text: String) -> Int {
    let scalars = Array(text.unicodeScalars)
    var position = 0
    if position < scalars.count, scalars[position] == "-" || scalars[position] == "+" { position += 1 }
    let digitsStart = position
    position = endOfDecimal(in: scalars, from: position)
    if position == digitsStart || (position == digitsStart + 1 && scalars[digitsStart] == ".") { return 0 }
    return endOfExponent(in: scalars, from: position)
}

@Test func readerNumbersAreDoubleParsingsValueAndTheValueLanguagesSyntax() {
    var random = SeededRandom(state: 28)
    for _ in 0..<20_000 {
        let text = randomNumberText(&random)
        var reader = PathDataReader(text + " ")
        let value = reader.readNumber()
        let end = scalarNumberEnd(text)
        if end == 0 {
            #expect(value == nil, "\(text)")
            #expect(reader.position == 0, "\(text)")
            continue
        }
        #expect(reader.position == end, "\(text)")
        let expected = Double(String(text.prefix(end)))
        // Bit for bit: the sign of zero and the last bit of the significand included.
        #expect(value?.bitPattern == (expected ?? .nan).bitPattern, "\(text): \(String(describing: value)) against \(String(describing: expected))")
    }
}

@Test func readerReadsHardAndHugeNumbersAsDoubleParsingDoes() {
    let texts = [
        "9007199254740993", "9007199254740992.5", "0.1", "2.2250738585072011e-308", "4.9e-324", "1e-400", "1.7976931348623157e308",
        "1e309", "123456789012345678901234567890", "0." + String(repeating: "0", count: 400) + "1",
        String(repeating: "9", count: 1_000), "1e" + String(repeating: "9", count: 40), "1e-" + String(repeating: "9", count: 40),
        "-0", "-0.0e-5", "00000.5", "5.", ".5",
    ]
    for text in texts {
        var reader = PathDataReader(text)
        let value = reader.readNumber()
        #expect(reader.isAtEnd, "\(text)")
        #expect(value?.bitPattern == (Double(text) ?? .nan).bitPattern, "\(text)")
    }
}

@Test func readerLeavesWhatIsNotANumber() {
    for text in ["", ".", "-", "+.", "e5", "-e", ",1", "x"] {
        var reader = PathDataReader(text)
        #expect(reader.readNumber() == nil, "\(text)")
        #expect(reader.position == 0, "\(text)")
    }
    // An `e` without digits belongs to what follows.
    var reader = PathDataReader("3e")
    #expect(reader.readNumber() == 3)
    #expect(reader.position == 1)
}

private func path(_ text: String) -> PathShape? { try? parsePathData(text).get() }

@Test(arguments: [
    // Packed arc flags: `00` is both flags, `.5.5` two numbers.
    ("M0 0a1 1 0 00.5.5", "M 0 0 a 1 1 0 0 0 0.5 0.5"),
    ("M0 0A5 5 0 1110 0", "M 0 0 A 5 5 0 1 1 10 0"),
    ("M0 0L-.5-.5", "M 0 0 L -0.5 -0.5"),
    ("M1e2-1E-1L2e+1.5", "M 100 -0.1 L 20 0.5"),
    ("M0,0 1,1 2,2", "M 0 0 L 1 1 L 2 2"),
    ("m1 1 2 2 3 3", "m 1 1 l 2 2 l 3 3"),
    ("M0 0c1 1 2 2 3 3 1 1 2 2 3 3", "M 0 0 c 1 1 2 2 3 3 c 1 1 2 2 3 3"),
    ("M0 0q1 1 2 0t2 0 2 0", "M 0 0 q 1 1 2 0 t 2 0 t 2 0"),
    ("M0 0h1 2v3-4z", "M 0 0 h 1 h 2 v 3 v -4 z"),
    ("\n\tM 0 0\r\nL 1 1 ,", "M 0 0 L 1 1"),
])
func packedPathDataReadsAsItsSpacedForm(packed: String, spaced: String) {
    let shape = path(packed)
    #expect(shape != nil, "\(packed)")
    #expect(shape == path(spaced), "\(packed)")
}

@Test(arguments: [
    // Offsets count Unicode scalars, not UTF-8 bytes.
    ("M 0 0 L é 5", 8, "expected a number after 'L', found 'é'"),
    ("M 0 0 L 1 1 ü 2", 12, "unexpected 'ü' in path data"),
    ("é", 0, "path data must start with M"),
    ("M 0 0 L 1e999 0", 8, "'1e999' is not a finite number"),
    ("M 0 0 L 1 1 \u{1F600}", 12, "unexpected '\u{1F600}' in path data"),
])
func pathDataDiagnosticsQuoteAndCountScalars(text: String, offset: Int, message: String) {
    guard case let .failure(error) = parsePathData(text) else {
        Issue.record("\(text) parsed")
        return
    }
    #expect(error.offset == offset, "\(text)")
    #expect(error.message == message, "\(text)")
}

@Test func pathDataBeyondTheMagnitudeLimitIsTooLarge() {
    guard case let .failure(error) = parsePathData("M 0 0 L 1e300 0") else {
        Issue.record("parsed")
        return
    }
    #expect(error.rule == .valueTooLarge)
    #expect(error.offset == 8)
    #expect(error.length == 5)
}

@Test func longPathDataIsReadInOnePass() {
    // A million-digit number and 100,000 segments: the reader's work is linear in the bytes.
    let longNumber = "M 0 0 L " + String(repeating: "1", count: 1_000_000) + " 0"
    if case let .failure(error) = parsePathData(longNumber) {
        #expect(error.message.hasSuffix("is not a finite number"))
    } else {
        Issue.record("a million-digit number was read as finite")
    }
    let segments = "M0 0" + String(repeating: "l1 1", count: 100_000)
    #expect(path(segments)?.contours.first?.vertices.count == 100_001)
}
