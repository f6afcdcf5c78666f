import ChoreoDiagnostics
import ChoreoScene
import Testing

/// How the scene limits count: across nodes, timelines and nesting levels, reported once.
@Suite struct SceneLimitCheckTests {
    static let header = "choreo: 1\nsize: [100, 100]\nlayers:\n"

    static func points(_ count: Int) -> String {
        "[" + (0..<count).map { "[\($0 % 100), \($0 / 100 % 100)]" }.joined(separator: ", ") + "]"
    }

    @Test func vertexCountsAddUpAcrossNodesAndAreReportedOnceAtThePathThatCrossesTheLimit() {
        let half = SceneLimits.maxPathVertices / 2 + 1
        let text = Self.header + (0..<3).map { "  - {id: p\($0), shape: path, points: \(Self.points(half))}\n" }.joined()
        let errors = frontendBuild(text).diagnostics.filter { $0.rule == .tooManyVertices }
        #expect(errors.count == 1)
        #expect(errors.first?.range.start.line == 5)
    }

    @Test func stateGeometryCountsTowardsTheVertexLimit() {
        let count = SceneLimits.maxPathVertices / 2 + 1
        let text = Self.header + "  - {id: p, shape: path, points: \(Self.points(count))}\n"
            + "states:\n  bent:\n    p: {points: \(Self.points(count))}\n"
        let errors = frontendBuild(text).diagnostics.filter { $0.rule == .tooManyVertices }
        #expect(errors.map(\.range.start.line) == [7], "\(frontendBuild(text).diagnostics.prefix(3))")
    }

    @Test func keyframesAndTweensOfAllTimelinesCountTogether() {
        let half = SceneLimits.maxKeyframes / 2
        let keyframes = (0..<half).map { "        - {at: \($0)ms, value: 0.5}\n" }.joined()
        let tweens = (0...half).map { _ in "      - {at: 0s, to: {a: {opacity: 1}}}\n" }.joined()
        let text = Self.header + "  - {id: a, shape: rect, size: [1, 1]}\ntimelines:\n"
            + "  one:\n    duration: 10s\n    keyframes:\n      a.opacity:\n" + keyframes
            + "  two:\n    duration: 10s\n    tweens:\n" + tweens
        let diagnostics = frontendBuild(text).diagnostics
        #expect(diagnostics.map(\.rule) == [.tooManyKeyframes], "\(diagnostics.prefix(3))")
        #expect(diagnostics.first?.message == "\(2 * half + 1) keyframes and tweens, more than the limit of \(SceneLimits.maxKeyframes)")
        // The first past the limit is the last tween: 3 header lines, the layer, 5 lines and the
        // keyframes of 'one', then 3 lines and `half + 1` tweens of 'two'.
        #expect(diagnostics.first?.range.start.line == 3 + 1 + 5 + half + 3 + half + 1)
    }

    @Test func repeatCountsMultiplyThroughEveryGroupLevel() {
        let text = Self.header + """
              - id: a
                shape: group
                repeat: {count: 30}
                children:
                  - id: b
                    shape: group
                    repeat: {count: 30}
                    children:
                      - {id: small, shape: rect, size: [1, 1], repeat: {count: 11}}
                      - {id: big, shape: rect, size: [1, 1], repeat: {count: 12}}

            """
        let errors = frontendBuild(text).diagnostics.filter { $0.rule == .tooManyCopies }
        #expect(errors.map(\.message) == ["10800 nested repeat copies, more than the limit of 10000"])
        #expect(errors.first?.range.start.line == 13)
    }

    @Test func stepsAcrossTransitionsAndTimelinesArePassedTheBakedSegmentLimitBeforeLowering() {
        let text = Self.header + "  - {id: a, shape: rect, size: [1, 1]}\n"
            + "states:\n  off: {a: {opacity: 0}}\n  on: {a: {opacity: 1}}\n"
            + "transitions:\n  - {from: off, to: on, duration: 1s, easing: {steps: 1000}}\n"
            + "timelines:\n  t:\n    duration: 10s\n    keyframes:\n      a.rotation:\n"
            + (0..<1_000).map { "        - {at: \($0)ms, value: \($0)deg, easing: {steps: 1000}}\n" }.joined()
        let compilation = frontendCompile(text)
        #expect(compilation.timeline == nil)
        let errors = compilation.diagnostics.filter { $0.rule == .tooManyBakedKeyframes }
        #expect(errors.map(\.range.start.line) == [11], "\(compilation.diagnostics.prefix(3))")
    }
}
