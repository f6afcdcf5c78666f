import ChoreoScene
import Testing

@Test func deeplyNestedExpressionIsRejectedNotOverflowingTheStack() {
    let deep = String(repeating: "(", count: 50_000) + "1" + String(repeating: ")", count: 50_000)
    guard case let .failure(error) = evaluateExpression(deep, environment: ValueEnvironment()) else {
        Issue.record("a 50,000-deep expression was accepted")
        return
    }
    #expect(error.rule == .nestingTooDeep)
    // Offsets count from 0: the parenthesis at offset 64 opens level 65.
    #expect(error.offset == maxExpressionDepth)
}

@Test func expressionsUpToTheDepthLimitEvaluate() {
    let depth = maxExpressionDepth - 1
    let text = String(repeating: "(", count: depth) + "2" + String(repeating: ")", count: depth)
    #expect((try? evaluateExpression(text, environment: ValueEnvironment()).get())?.value == 2)
}
