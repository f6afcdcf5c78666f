@testable import ChoreoSVG
import ChoreoTimeline
import Testing

// The preview's state diagram labels a guarded transition with its guard as the scene language
// writes it.

private func compare(_ input: String, _ comparison: Comparison, _ value: InputValue) -> TransitionGuard {
    .compare(.input(input), comparison, .literal(value))
}

@Test func aGuardIsWrittenAsTheSceneLanguageWritesIt() {
    #expect(PreviewPage.guardText(compare("progress", .greaterOrEqual, .number(1))) == "progress >= 1")
    #expect(PreviewPage.guardText(compare("muted", .equal, .boolean(true))) == "muted", "a bare input")
    #expect(PreviewPage.guardText(.not(compare("muted", .equal, .boolean(true)))) == "not muted")
    #expect(PreviewPage.guardText(.not(compare("count", .less, .number(2)))) == "not (count < 2)")
    #expect(PreviewPage.guardText(compare("label", .notEqual, .string("a \"b\""))) == #"label != "a \"b\"""#)
    let both = TransitionGuard.all([compare("progress", .greaterOrEqual, .number(0.5)), .not(compare("failed", .equal, .boolean(true)))])
    #expect(PreviewPage.guardText(both) == "progress >= 0.5 and not failed")
    let either = TransitionGuard.any([both, compare("done", .equal, .boolean(true))])
    #expect(PreviewPage.guardText(either) == "progress >= 0.5 and not failed or done")
    #expect(PreviewPage.guardText(.all([either, compare("ready", .equal, .boolean(true))])) == "(progress >= 0.5 and not failed or done) and ready")
    #expect(PreviewPage.guardText(.not(both)) == "not (progress >= 0.5 and not failed)")
    #expect(PreviewPage.guardText(.compare(.input("a"), .less, .input("b"))) == "a < b")
}

@Test func thePageDataCarriesEachTransitionsGuard() {
    let machine = StateMachine(initial: "idle", states: [.init(name: "idle", pose: "idle"), .init(name: "done", pose: "done")], transitions: [
        .init(name: "idle->done", from: "idle", to: "done", trigger: .programmatic, span: "idle->done",
              guardCondition: compare("progress", .greaterOrEqual, .number(1))),
        .init(name: "done->idle", from: "done", to: "idle", trigger: .tap, span: "done->idle"),
    ])
    let timeline = Timeline(name: "t", width: 10, height: 10, fps: 60, duration: 1, layers: [], spans: [], title: "t", stateMachine: machine)
    let data = PreviewPage.pageData(timeline)
    #expect(data.contains(#"trigger: "programmatic", guard: "progress \u003e= 1"}"#), "\(data)")
    #expect(data.contains(#"trigger: "tap", guard: null}"#), "\(data)")
}
