import ChoreoTestSupport
import ChoreoTimeline
import Foundation
import Testing

@testable import ChoreoScene

/// What the count must equal: the vertices of the shape `parsePathData` builds, nil when it fails.
private func parsedVertexCount(_ text: String) -> Int? {
    guard case let .success(shape) = parsePathData(text) else { return nil }
    return shape.contours.reduce(0) { $0 + $1.vertices.count }
}

@Test(arguments: [
    // Plain, relative, implicit repeats, every command.
    "M 10 20 L 30 20 H 40 V 50 l -5 -5 h -1 v 2", "m1 1 2 2 3 3", "M0,0 1,1 2,2", "M0 0c1 1 2 2 3 3 1 1 2 2 3 3",
    "M0 0q1 1 2 0t2 0 2 0", "M0 0h1 2v3-4z", "M0 0 C 1 1 2 2 3 3 S 5 5 6 6 Q 7 7 8 8 T 9 9 Z",
    // Closing onto the first point merges it; a closed or open subpath of one vertex draws nothing.
    "M0 0 L10 0 L10 10 Z", "M0 0 L10 0 C10 5 5 10 0 0 Z", "M0 0 L10 0 L0 0 Z", "M5 5 Z", "M5 5", "M5 5 M6 6 L7 7",
    "M0 0 L1e-12 0 Z", "M1000 1000 L2000 2000 L1000.0000001 1000 Z", "M0 0 L1 1 Z L2 2", "M0 0 L1 1 Z Z l1 1 z",
    "M0 0 L1 1 z m1 1 l2 2z", "M0 0L1 1ZM2 2L3 3Z",
    // Arcs: packed flags, coinciding endpoints, zero radii (a line), large and full sweeps.
    "M0 0a1 1 0 00.5.5", "M0 0A5 5 0 1110 0", "M0 0 A 5 5 0 0 1 0 0", "M0 0 A 0 5 0 0 1 10 0", "M0 0 A -0 5 0 0 1 10 0",
    "M0 0 A 5 5 0 1 0 0.0001 0 Z", "M0 0 a 10 20 45 1 1 30 -5 a 1 1 0 0 0 1 1", "M10 10 A 1 1 0 0 1 10 10.000000001",
    "M0 0 A 2 2 0 1 1 4 0 A 2 2 0 1 1 0 0 Z", "M 0 0 a 1e3 1e3 30 1 0 1 1",
    // SVGO-minified: no separators before signs and second points.
    "M2 2C4.5 1 7 1.5 9 3.2s3 4.1 2.6 6.4l-1.2 2.2L6 13.5 2.8 11z", "M0 0L-.5-.5", "M.5.5.5.5", "m0 0l1-1-1 1z",
    "M12.5 3.75c-.69 0-1.25.56-1.25 1.25v2.5h-2.5a1.25 1.25 0 000 2.5h2.5v2.5a1.25 1.25 0 002.5 0v-2.5h2.5a1.25 1.25 0 000-2.5h-2.5v-2.5c0-.69-.56-1.25-1.25-1.25z",
    // Exponents, with and without digits; huge and beyond the limit; not finite.
    "M1e2-1E-1L2e+1.5", "M1e2 1e2L3e 4", "M0 0 L1e6 0", "M0 0 L1e300 0", "M0 0 L 1000000.0000001 0", "M 0 0 L 1e999 0",
    "M0 0L-1e6-1e6", "M0 0 L" + String(repeating: "9", count: 400) + " 0",
    // Control points, checked without their values where the digits show them within the limit.
    "M0 0C1000000 0 0 1000000 1 1", "M0 0C1000000.5 0 0 0 1 1", "M0 0C0001000000 0 0 0 1 1", "M0 0Q1e6 1e-6 1 1",
    "M0 0Q1e7 0 1 1", "M0 0S999999.99999999999999 0 1 1", "M0 0C-999999 .5 5. -.5 1 1", "M0 0C1 1e 2 2 3 3", "M0 0C1 1 2 2",
    "M0 0C. 1 2 2 3 3", "M0 0Q+-1 0 1 1", "M0 0C1e999 0 0 0 1 1", "M0 0C" + String(repeating: "0", count: 30) + "1 0 0 0 1 1",
    // Whitespace and commas.
    "\n\tM 0 0\r\nL 1 1 ,", "  M 1 1  ", ",M0 0,L1 1",
    // Malformed: empty, not starting with M, unknown commands, stray tokens, missing numbers and flags.
    "", "   ", "L 1 1", "0 0", "M", "M 1", "M 1 1 L", "M 1 1 L 2", "M 0 0 X 1 1", "M 0 0 L 1 1 ü 2", "M 0 0 L é 5",
    "M 0 0 z 1 1", "M 0 0 A 1 1 0 2 0 1 1", "M 0 0 A 1 1 0 0", "M 0 0 A 1 1 0 0 1 5", "M 0 0 L . 1", "M 0 0 L - 1",
    "M 0 0 L +. 1", "M 0 0 e 5", "M 0 0 L 1 1 \u{1F600}", "M 0 0 C 1 1 2 2", "M 0 0 S 1 1", "M 0 0 Q 1 1", "M 0 0 T",
    "M 0 0 H", "M 0 0 V x", "M0 0 L1 1 #", "m", "z", "M 0 0 L 1 1 M",
])
func pathDataVertexCountIsTheParsedShapesCount(text: String) {
    #expect(pathDataVertexCount(text) == parsedVertexCount(text), "\(text)")
}

/// Path data the way exports and minifiers write it: every command in both cases, implicit
/// repeats, numbers packed against signs and points, exponents, arc flags packed together,
/// coordinates that return to a subpath's start. One in three is then broken in one place: a
/// stray byte, a cut, a number past the limit or a flag that is not one.
private func randomPathData(_ random: inout SeededRandom) -> String {
    func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &random)] }
    func number() -> String {
        switch Int.random(in: 0...9, using: &random) {
        case 0: return pick(["0", "-0", ".5", "-.5", "5.", "1e2", "1E-1", "2e+1", "1e6", "-1e6", "1e-400", "0.000000000001"])
        case 1: return pick(["10", "0", "5", "-5"])  // Small sets make subpaths return to their start.
        default:
            var text = pick(["", "", "-", "+"])
            text += String(Int.random(in: 0...200, using: &random))
            if Bool.random(using: &random) { text += "." + String(Int.random(in: 0...999, using: &random)) }
            if Int.random(in: 0...7, using: &random) == 0 { text += pick(["e", "e-", "E+"]) + String(Int.random(in: 0...3, using: &random)) }
            return text
        }
    }
    func separator() -> String { pick(["", " ", " ", ",", " , ", "\n", "\t"]) }
    let arities: [Character: Int] = ["M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0]
    var text = pick(["M", "m", "M", " M"]) + separator()
    var afterFlag = false
    // A number packed against the one before only where it still reads as two: after a flag,
    // or starting with a sign.
    func append(_ token: String) {
        if let last = text.last, last.isNumber || last == "." || last == "e" || last == "E", !afterFlag,
            let first = token.first, first != "-", first != "+"
        {
            text += " "
        }
        text += token
        afterFlag = false
    }
    append(number())
    text += separator()
    append(number())
    text += separator()
    for _ in 0..<Int.random(in: 0...10, using: &random) {
        let letter = pick(Array("MLHVCSQTAZMLCAZ"))
        let command = Bool.random(using: &random) ? letter : Character(letter.lowercased())
        text += String(command) + separator()
        afterFlag = false
        let arity = arities[letter]!
        for _ in 0..<(arity == 0 ? 0 : Int.random(in: 1...2, using: &random)) {
            for index in 0..<arity {
                if letter == "A", index == 3 || index == 4 {
                    // Arc flags need no separator after them (`a1 1 0 00.5.5`).
                    append(pick(["0", "1"]))
                    afterFlag = true
                    if Bool.random(using: &random) { text += separator() }
                    continue
                }
                append(number())
                text += separator()
            }
        }
    }
    guard Int.random(in: 0...2, using: &random) == 0 else { return text }
    var scalars = Array(text.unicodeScalars)
    let at = Int.random(in: 0...scalars.count, using: &random)
    switch Int.random(in: 0...3, using: &random) {
    case 0: scalars.insert(contentsOf: pick(["x", "#", "é", "(", "-", ".", "e", "2", "z", "M", "1e999", "1000001", "\u{1F600}"]).unicodeScalars, at: at)
    case 1: scalars.removeSubrange(at...)
    case 2: if at < scalars.count { scalars.remove(at: at) }
    default: scalars.insert(contentsOf: " A 1 1 0 2 0 5 5".unicodeScalars, at: at)
    }
    return String(String.UnicodeScalarView(scalars))
}

@Test func pathDataVertexCountMatchesTheParserOnRandomPathData() {
    var random = SeededRandom(state: 25)
    var valid = 0
    for _ in 0..<30_000 {
        let text = randomPathData(&random)
        let expected = parsedVertexCount(text)
        if expected != nil { valid += 1 }
        #expect(pathDataVertexCount(text) == expected, "\(text)")
    }
    // Both sides of the comparison are exercised: text the parser accepts and text it rejects.
    #expect(valid > 10_000)
    #expect(valid < 27_000)
}
