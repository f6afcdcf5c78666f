import Testing

@testable import ChoreoScene

/// Deterministic pseudo-random texts from the characters the value grammars use: every parser
/// must return a value or an error pointing inside (or just past) the text, never trap.
@Test func parsersSurviveArbitraryText() {
    let alphabet = Array("0123456789.,-+eE*/() $#%abcdfghlmnpqrstuvxyzACHLMQSTVZ".unicodeScalars)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(state >> 33)
    }
    let environment = ValueEnvironment(vars: ["a": .quantity(Quantity(2)), "c": .color(.black)])
    for _ in 0..<3000 {
        let length = next() % 16
        let text = String(String.UnicodeScalarView((0..<length).map { _ in alphabet[next() % alphabet.count] }))
        let errors: [ValueError?] = [
            evaluateExpression(text, environment: environment).failureValue,
            parseColor(text, environment: environment).failureValue,
            parseEasingName(text).failureValue,
            parsePathData(text).failureValue,
        ]
        for error in errors.compactMap({ $0 }) {
            #expect(error.offset >= 0 && error.offset <= length, "\(text): \(error)")
            #expect(error.length >= 1, "\(text): \(error)")
        }
    }
}

extension Result {
    fileprivate var failureValue: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
