import ChoreoDiagnostics
import ChoreoScene
import ChoreoTimeline
import Testing

/// The order in which vars are evaluated: dependencies first, whatever the file order, without
/// recursion (a long chain once overflowed the stack), and cycles reported once each.
@Suite struct VarOrderingTests {
    static func scene(vars: String, radius: String = "$v0") -> String {
        "choreo: 1\nsize: [100, 100]\nvars:\n\(vars)layers:\n  - {id: a, shape: ellipse, radius: \(radius)}\n"
    }

    @Test func aChainOfTenThousandVarsDefinedBackwardsEvaluates() {
        let count = 10_000
        var vars = ""
        for i in 0..<(count - 1) { vars += "  v\(i): $v\(i + 1)\n" }
        vars += "  v\(count - 1): 7\n"
        let (scene, diagnostics) = frontendBuild(Self.scene(vars: vars))
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(3))")
        #expect(scene?.layers.first?.base[.size] == .point(Point(14, 14)))
    }

    @Test func aLongChainEndingInAnUndefinedVarReportsOnlyTheUndefinedVar() {
        var vars = ""
        for i in 0..<5_000 { vars += "  v\(i): $v\(i + 1) + 1\n" }
        vars += "  v5000: $nowhere\n"
        let (scene, diagnostics) = frontendBuild(Self.scene(vars: vars))
        #expect(scene == nil)
        #expect(diagnostics.filter { $0.severity == .error }.map(\.rule) == [.undefinedVar], "\(diagnostics.prefix(3))")
        #expect(diagnostics.first?.range.start.line == 5_004)
    }

    @Test func aCycleAtTheEndOfALongChainIsReportedOnceWithEveryMember() {
        var vars = ""
        for i in 0..<3_000 { vars += "  v\(i): $v\(i + 1)\n" }
        vars += "  v3000: $w0 * 2\n  w0: $w1\n  w1: $w2 + 1\n  w2: $w0\n"
        let (_, diagnostics) = frontendBuild(Self.scene(vars: vars))
        let cycles = diagnostics.filter { $0.rule == .varCycle }
        #expect(cycles.count == 1, "\(diagnostics.prefix(3))")
        #expect(cycles.first?.message == "vars refer to each other in a cycle: $w0 → $w1 → $w2 → $w0")
        #expect(cycles.first?.notes.map(\.message) == ["'$w0' uses '$w1' here", "'$w1' uses '$w2' here", "'$w2' uses '$w0' here"])
        #expect(cycles.first?.range.start.line == 3_000 + 5)
    }

    @Test func twoCyclesSharingAVarAreBothReported() {
        let vars = "  a: $b + $c\n  b: $a\n  c: $a\n"
        let (_, diagnostics) = frontendBuild(Self.scene(vars: vars, radius: "$a"))
        #expect(diagnostics.filter { $0.rule == .varCycle }.map(\.message) == [
            "vars refer to each other in a cycle: $a → $b → $a", "vars refer to each other in a cycle: $a → $c → $a",
        ])
    }

    /// Thousands of errors stay fast: the error count is kept, not recounted per node.
    @Test func tenThousandBrokenNodesAreReportedQuickly() {
        let layers = (0..<10_000).map { "  - {id: n\($0), shape: rect, size: [1, 1], opacity: 2}\n" }.joined()
        let started = ContinuousClock.now
        let (_, diagnostics) = frontendBuild("choreo: 1\nsize: [100, 100]\nlayers:\n" + layers)
        let elapsed = ContinuousClock.now - started
        // The first 200 are kept, the rest counted in the summary.
        #expect(diagnostics.filter { $0.severity == .error }.count == 200)
        #expect(diagnostics.last?.omitted?.errors == 9_800)
        #expect(elapsed < .seconds(20), "took \(elapsed)")
    }
}
