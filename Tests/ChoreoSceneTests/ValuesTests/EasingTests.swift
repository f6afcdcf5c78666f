import Testing

@testable import ChoreoScene

private func easing(_ text: String) -> EasingSpec? { try? parseEasingName(text).get() }

private func failure(_ text: String) -> ValueError? {
    if case let .failure(error) = parseEasingName(text) { return error }
    return nil
}

@Test(arguments: [
    ("linear", EasingSpec.linear),
    ("ease", .cubic(0.25, 0.1, 0.25, 1)),
    ("ease-in", .cubic(0.42, 0, 1, 1)),
    ("ease-out", .cubic(0, 0, 0.58, 1)),
    ("ease-in-out", .cubic(0.42, 0, 0.58, 1)),
    ("hold", .hold),
    ("smooth", .spring(response: 0.5, dampingFraction: 1)),
    ("snappy", .spring(response: 0.5, dampingFraction: 0.85)),
    ("bouncy", .spring(response: 0.5, dampingFraction: 0.7)),
    ("cubic-bezier(0.2, 0, 0, 1)", .cubic(0.2, 0, 0, 1)),
    ("cubic-bezier(0.3 -0.5 0.7 1.5)", .cubic(0.3, -0.5, 0.7, 1.5)),
    ("steps(4)", .steps(4)),
    ("steps(2, jump-end)", .steps(2)),
])
func parsesEasingNames(text: String, expected: EasingSpec) {
    #expect(easing(text) == expected, "\(text)")
}

@Test func unknownEasingSuggestsAName() throws {
    let typo = try #require(failure("ease-inout"))
    #expect(typo.rule == .unknownEasing)
    #expect(typo.message == "unknown easing 'ease-inout'")
    #expect(typo.help == "did you mean 'ease-in-out'?")
    #expect(failure(".easeInOut")?.help == "did you mean 'ease-in-out'?")
    #expect(failure("wobbly")?.help?.hasPrefix("easings are 'bouncy', 'ease'") == true)
    let function = try #require(failure("cubic-bezir(0, 0, 1, 1)"))
    #expect(function.rule == .unknownEasing)
    #expect(function.help == "did you mean 'cubic-bezier(…)'?")
}

@Test func rejectsInvalidCurvesAndSteps() throws {
    let x2 = try #require(failure("cubic-bezier(0.2, 0, 1.5, 1)"))
    #expect(x2.rule == .invalidEasing)
    #expect(x2.message == "cubic-bezier x2 is 1.5, outside 0…1")
    #expect(x2.offset == 21)
    #expect(x2.length == 3)
    #expect(failure("cubic-bezier(-0.1, 0, 1, 1)")?.offset == 13)
    #expect(failure("cubic-bezier(0, 0, 1)")?.message == "'cubic-bezier(…)' takes four numbers, not 3")
    #expect(failure("cubic-bezier(0, a, 1, 1)")?.offset == 16)
    let zeroSteps = try #require(failure("steps(0)"))
    #expect(zeroSteps.rule == .invalidEasing)
    #expect(zeroSteps.offset == 6)
    #expect(failure("steps(2.5)")?.message == "steps needs a whole number of steps from 1 to 10000; got 2.5")
    #expect(failure("steps(100000)")?.message == "steps needs a whole number of steps from 1 to 10000; got 100000")
    #expect(failure("steps(3, start)")?.message == "only jump-end steps are supported, not 'start'")
}

@Test func checkedHelpersValidateRanges() {
    #expect((try? cubicEasing(x1: 0.5, y1: 2, x2: 1, y2: -1).get()) == .cubic(0.5, 2, 1, -1))
    #expect((try? cubicEasing(x1: 1.01, y1: 0, x2: 1, y2: 1).get()) == nil)
    #expect((try? checkedSpringEasing(duration: 0.5, bounce: -0.5).get()) == .spring(response: 0.5, dampingFraction: 2))
    #expect((try? checkedSpringEasing(duration: 0.5, bounce: 1).get()) == nil)
    #expect((try? checkedSpringEasing(duration: 0, bounce: 0).get()) == nil)
    #expect((try? checkedSpringEasing(response: 0.5, dampingFraction: 0).get()) == nil)
    #expect((try? checkedSpringEasing(response: 0.5, dampingFraction: 1e-9).get()) == nil)
    #expect((try? checkedSpringEasing(response: 1e300, dampingFraction: 1).get()) == nil)
    #expect((try? checkedSpringEasing(response: 0.55, dampingFraction: 1).get()) == .spring(response: 0.55, dampingFraction: 1))
}
