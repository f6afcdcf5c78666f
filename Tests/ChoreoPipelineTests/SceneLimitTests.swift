import ChoreoTestSupport
import ChoreoDiagnostics
import ChoreoScene
import ChoreoTimeline
import Foundation
import Testing

/// Scene-level resource limits (docs/limits.md): each is a named constant, reported as an error
/// with its own rule when exceeded, so a hostile scene costs little to reject. The YAML-level
/// limits (file size, depth, alias expansion) are tested in Tests/ChoreoYAMLTests/LimitTests.
///
/// The inputs are one past the limits of `SceneLimits` (ChoreoScene), and docs/limits.md must
/// list every rule.
@Suite struct SceneLimitTests {
    /// A scene with `layers` (flow-style node maps, one per line) and optional extra top-level text.
    static func scene(layers: [String], tail: String = "") -> [UInt8] {
        var text = "choreo: 1\nname: limits\nsize: [100, 100]\nlayers:\n"
        for layer in layers { text += "  - " + layer + "\n" }
        return Array((text + tail).utf8)
    }

    /// `limit` is a generous bound on the compiling thread's CPU time (several times a debug
    /// build's): it catches a limit checked after the work it should prevent (minutes, or out of
    /// memory), not small slowdowns, which the benchmark measures. CPU time, not the wall clock,
    /// so that other processes on a busy machine cannot make it fail.
    static func expectLimitError(_ bytes: [UInt8], rule: Rule, name: String, within limit: Duration = .seconds(20),
        sourceLocation: Testing.SourceLocation = #_sourceLocation)
    {
        // Compile only: without the limit the emitters would spend seconds writing what must be rejected.
        let started = threadCPUTime()
        let compilation = compileScene(SourceFile(path: name + ".yaml", bytes: bytes))
        let elapsed = threadCPUTime() - started
        let run = PipelineRun(compilation: compilation, outputBytes: 0)
        expectRejected(run, name: name, sourceLocation: sourceLocation)
        #expect(
            run.errors.contains { $0.rule == rule },
            "\(name): expected an error [\(rule)], got \(run.errors.prefix(3).map(\.description))", sourceLocation: sourceLocation)
        #expect(elapsed < limit, "\(name) took \(elapsed)", sourceLocation: sourceLocation)
    }

    /// `repeat: {count}` is bounded per node (1...1000).
    @Test func aRepeatCountAboveOneThousandIsOutOfRange() {
        let bytes = Self.scene(layers: ["{id: a, shape: rect, size: [1, 1], repeat: {count: 1001}}"])
        Self.expectLimitError(bytes, rule: .outOfRange, name: "repeat-count-1001")
    }

    /// Nested repeats multiply: 200 copies of a group that repeats its child 200 times is 40,000
    /// drawn shapes, each one written out by the Lottie emitter. `SceneLimits.maxRepeatCopies`
    /// bounds the product of the counts along any path from a layer to a shape.
    @Test func nestedRepeatsBeyondTheTotalCopyLimitAreAnError() {
        let bytes = Self.scene(layers: [
            "{id: outer, shape: group, repeat: {count: 200, rotation: 1deg}, children: "
                + "[{id: inner, shape: rect, size: [1, 1], repeat: {count: 200, offset: [1, 0]}}]}"
        ])
        Self.expectLimitError(bytes, rule: .tooManyCopies, name: "nested-repeats-40000-copies")
    }

    /// Exactly at the copy limit still compiles: 100 × 100 copies.
    @Test func nestedRepeatsAtTheCopyLimitCompile() {
        #expect(SceneLimits.maxRepeatCopies == 100 * 100)
        let bytes = Self.scene(layers: [
            "{id: outer, shape: group, repeat: {count: 100, rotation: 1deg}, children: "
                + "[{id: inner, shape: rect, size: [1, 1], repeat: {count: 100, offset: [1, 0]}}]}"
        ])
        let compilation = compileScene(SourceFile(path: "copies.yaml", bytes: bytes))
        #expect(!compilation.diagnostics.contains { $0.rule == .tooManyCopies }, "\(compilation.diagnostics)")
        #expect(compilation.timeline != nil)
    }

    /// `SceneLimits.maxNodes` nodes (group children included), reported at the first node past
    /// the limit: here the last line, since every layer is one line after the 4-line header.
    @Test func moreNodesThanTheLimitIsAnError() {
        let layers = (0...SceneLimits.maxNodes).map { "{id: n\($0), shape: rect, size: [1, 1]}" }
        let bytes = Self.scene(layers: layers)
        Self.expectLimitError(bytes, rule: .tooManySceneNodes, name: "nodes-past-the-limit", within: .seconds(20))
        let error = compileScene(SourceFile(path: "nodes.yaml", bytes: bytes)).diagnostics.first { $0.rule == .tooManySceneNodes }
        #expect(error?.range.start.line == 4 + SceneLimits.maxNodes + 1)
        #expect(error?.message == "\(SceneLimits.maxNodes + 1) nodes, more than the limit of \(SceneLimits.maxNodes)")
    }

    /// Group children count towards the node limit.
    @Test func groupChildrenCountTowardsTheNodeLimit() {
        let children = (0...SceneLimits.maxNodes).map { "{id: c\($0), shape: rect, size: [1, 1]}" }.joined(separator: ", ")
        let bytes = Self.scene(layers: ["{id: g, shape: group, children: [\(children)]}"])
        Self.expectLimitError(bytes, rule: .tooManySceneNodes, name: "group-children-past-the-limit", within: .seconds(20))
    }

    /// `SceneLimits.maxPathVertices` vertices in the whole scene (all contours of all path and
    /// polygon geometry, states included).
    @Test func morePathVerticesThanTheLimitIsAnError() {
        let points = (0...SceneLimits.maxPathVertices).map { "[\($0 % 100), \($0 / 100 % 100)]" }.joined(separator: ", ")
        let bytes = Self.scene(layers: ["{id: p, shape: path, points: [\(points)]}"])
        Self.expectLimitError(bytes, rule: .tooManyVertices, name: "path-vertices-100001")
    }

    /// A free morph counts the vertices its poses come out with: 41 poses of 40 to 80 vertices
    /// (one structure of 80 per pose after correspondence) compile, where counting every pose's
    /// cuts at every other pose's vertices refused them (and, before any count, wrote 22 MB).
    @Test func manyPosesOfDifferentVertexCountsCompileWithinTheVertexLimit() {
        func ring(_ count: Int, _ turn: Int) -> String {
            "[" + (0..<count).map { i in
                let angle = 2 * Double.pi * (Double(i) + Double(turn) * 0.37) / Double(count)
                return "[\(50 + 40 * cos(angle)), \(50 + 40 * sin(angle))]"
            }.joined(separator: ", ") + "]"
        }
        let states = "states:\n" + (0..<40).map { "  s\($0): {p: {points: \(ring(41 + $0, $0 + 1))}}\n" }.joined()
        let transitions = "transitions:\n" + (0..<39).map { "  - {from: s\($0), to: s\($0 + 1), on: tap, duration: 0.2s}\n" }.joined()
        let bytes = Self.scene(layers: ["{id: p, shape: path, points: \(ring(40, 0))}"], tail: states + transitions)
        let compilation = compileScene(SourceFile(path: "poses.yaml", bytes: bytes))
        #expect(compilation.timeline != nil && compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        guard case let .shape(.path(path), _)? = compilation.timeline?.layers.first?.content else {
            Issue.record("no path")
            return
        }
        #expect(path.initial.contours.map(\.vertices.count) == [80])
    }

    /// Path data counts too: 100,001 `L` commands in one `d`.
    @Test func morePathDataVerticesThanTheLimitIsAnError() {
        let commands = (0...SceneLimits.maxPathVertices).map { "L \($0 % 100) \($0 / 100 % 100)" }.joined(separator: " ")
        let bytes = Self.scene(layers: ["{id: p, shape: path, d: \"M 0 0 \(commands)\"}"])
        Self.expectLimitError(bytes, rule: .tooManyVertices, name: "path-data-vertices-100001")
    }

    /// `SceneLimits.maxKeyframes` keyframes and tweens written in the scene's timelines, counted
    /// before the timelines are read (10,001 keyframes on one property took about 25 s to compile
    /// in a debug build before the limit, so this runs in its own process).
    @Test func moreKeyframesThanTheLimitIsAnError() throws {
        let keyframes = (0...SceneLimits.maxKeyframes).map { "        - {at: \($0)ms, value: \($0 % 2)}\n" }.joined()
        let tail = "timelines:\n  t:\n    duration: 11s\n    keyframes:\n      a.opacity:\n" + keyframes
        try Self.expectLimitErrorFromCLI(
            Self.scene(layers: ["{id: a, shape: rect, size: [1, 1]}"], tail: tail), rule: .tooManyKeyframes)
    }

    /// For inputs that, without their limit, take too long or too much memory to run in the test
    /// process: `choreo lint` in its own process, killed after `timeout`.
    static func expectLimitErrorFromCLI(
        _ bytes: [UInt8], rule: Rule, timeout: Duration = .seconds(10), sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let scratch = try ScratchDirectory("limits")
        try Data(bytes).write(to: scratch.url("scene.yaml"))
        let result = try runChoreo(["lint", "--format", "json", "scene.yaml"], in: scratch.url, timeout: timeout)
        #expect(!result.crashed && !result.timedOut && result.status == 1, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stdout.contains("\"\(rule)\""), "expected [\(rule)]: \(result)", sourceLocation: sourceLocation)
    }

    /// Easing expands keyframes when lowered: `steps: 1000` makes 1000 hold segments, a spring
    /// a chain of baked cubics. 5,000 keyframes (under the written limit) with `steps: 1000` on
    /// 2 properties would bake 10 million segments, more than `SceneLimits.maxBakedSegments`,
    /// which lowering checks before the segments are built. Run in its own process, as without
    /// the limit it exhausts memory instead of failing.
    @Test func moreBakedKeyframesThanTheLimitIsAnError() throws {
        func track(_ property: String) -> String {
            "      a.\(property):\n" + (0..<5_000).map { "        - {at: \($0)ms, value: \($0 % 2), easing: {steps: 1000}}\n" }.joined()
        }
        let tail = "timelines:\n  t:\n    duration: 5s\n    keyframes:\n" + track("opacity") + track("rotation").replacingOccurrences(
            of: "value: 0,", with: "value: 0deg,").replacingOccurrences(of: "value: 1,", with: "value: 90deg,")
        try Self.expectLimitErrorFromCLI(
            Self.scene(layers: ["{id: a, shape: rect, size: [1, 1]}"], tail: tail), rule: .tooManyBakedKeyframes,
            timeout: .seconds(10))
    }

    /// Every scene-level limit rule is documented.
    @Test func docsLimitsListsEverySceneLimitRule() throws {
        let text = try String(contentsOf: repositoryURL("docs/limits.md"), encoding: .utf8)
        for rule in [
            .tooManyCopies, .tooManySceneNodes, .tooManyVertices, .tooManyKeyframes, .tooManyBakedKeyframes,
            .identifierTooLong, .valueTooLarge, .outputTooLarge, .tooManyDiagnostics,
        ] as [Rule] {
            #expect(text.contains("`\(rule)`"), "docs/limits.md does not document [\(rule)]")
        }
    }

    /// Identifiers (scene name, node ids, state, timeline and var names) are at most
    /// `SceneLimits.maxIdentifierLength` characters: a 100,000-character name compiled, and the
    /// CLI then failed to write a file named after it.
    @Test(arguments: ["name", "node id", "state", "timeline", "var"])
    func anIdentifierLongerThanTheLimitIsAnError(_ kind: String) {
        let long = String(repeating: "x", count: SceneLimits.maxIdentifierLength + 1)
        var text = "choreo: 1\nname: \(kind == "name" ? long : "limits")\nsize: [100, 100]\n"
        if kind == "var" { text += "vars:\n  \(long): 1\n" }
        text += "layers:\n  - {id: \(kind == "node id" ? long : "a"), shape: rect, size: [1, 1]}\n"
        if kind == "state" { text += "states:\n  \(long): {}\n" }
        if kind == "timeline" { text += "timelines:\n  \(long): {duration: 1s}\n" }
        Self.expectLimitError(Array(text.utf8), rule: .identifierTooLong, name: "long-\(kind)")
    }

    /// An identifier exactly at the limit is fine.
    @Test func anIdentifierAtTheLimitCompiles() {
        let name = String(repeating: "x", count: SceneLimits.maxIdentifierLength)
        let text = "choreo: 1\nname: \(name)\nsize: [100, 100]\nlayers:\n  - {id: \(name), shape: rect, size: [1, 1]}\n"
        let compilation = compileScene(SourceFile(path: "long.yaml", bytes: Array(text.utf8)))
        #expect(compilation.timeline?.name == name, "\(compilation.diagnostics)")
    }

    /// Numbers that trapped (Double → Int of a frame count), looped forever (NaN in a spring's
    /// settling time), allocated gigabytes (a nearly undamped spring) or baked for minutes (a
    /// huge motion with an absolute tolerance). Every number is checked finite and within
    /// `SceneLimits.maxTime` / `maxMagnitude` and the spring ranges before any conversion.
    @Test(arguments: [
        ("duration-1e18", "transition", "duration: 1e18s", Rule.valueTooLarge),
        ("delay-1e300", "transition", "delay: 1e300s", .valueTooLarge),
        ("spring-response-1e300", "transition", "easing: {spring: {response: 1e300}}", .valueTooLarge),
        ("spring-damping-1e300", "transition", "easing: {spring: {damping-fraction: 1e300}}", .valueTooLarge),
        ("spring-damping-1e-9", "transition", "easing: {spring: {damping-fraction: 1e-9}}", .outOfRange),
        ("spring-settles-after-hours", "transition", "easing: {spring: {response: 3000, damping-fraction: 0.01}}", .valueTooLarge),
        ("position-1e16-bouncy", "position", "easing: bouncy", .valueTooLarge),
        ("timeline-1e18", "timeline", "", .valueTooLarge),
        ("keyframe-spring-damping-1e-5", "keyframe", "", .outOfRange),
        ("scale-1e308", "scale", "", .valueTooLarge),
        ("path-data-1e300", "path", "", .valueTooLarge),
        ("repeat-scale-compounding", "repeat", "", .valueTooLarge),
    ])
    func hugeAndTinyNumbersAreRejectedBeforeAnyConversion(_ name: String, _ kind: String, _ line: String, _ rule: Rule) {
        var text = "choreo: 1\nname: limits\nsize: [100, 100]\nlayers:\n  - id: a\n    shape: rect\n    size: [10, 10]\n"
        switch kind {
        case "scale": text += "    scale: 1e308\n"
        case "path": text += "  - {id: p, shape: path, d: 'M 0 0 L 1e300 0'}\n"
        // Copy k is scaled by 2^k: the 1,000th by 2^999, which the SVG wrote as a zero matrix.
        case "repeat": text += "  - {id: r, shape: rect, size: [1, 1], repeat: {count: 1000, scale: 2}}\n"
        case "timeline":
            text += "timelines:\n  t:\n    duration: 1e18s\n    keyframes:\n      a.opacity: [{at: 0s, value: 0}, {at: 1s, value: 1}]\n"
        case "keyframe":
            text += "timelines:\n  t:\n    duration: 1s\n    keyframes:\n      a.opacity: [{at: 0s, value: 0}, "
                + "{at: 1s, value: 1, easing: {spring: {damping-fraction: 1e-5}}}]\n"
        case "position":
            text += "states:\n  x: {}\n  y: {a: {position: [1e16, 0]}}\ntransitions:\n  - {from: x, to: y, \(line)}\n"
        default:
            text += "states:\n  x: {}\n  y: {a: {opacity: 0}}\ntransitions:\n  - {from: x, to: y, \(line)}\n"
        }
        Self.expectLimitError(Array(text.utf8), rule: rule, name: name)
    }

    /// The limits themselves still compile: a one-hour transition, a million-pixel move with a
    /// bouncy spring (baked at a progress tolerance, not an absolute one), the weakest spring.
    @Test func numbersAtTheLimitsCompileQuickly() {
        let text = """
            choreo: 1
            name: limits
            size: [100, 100]
            layers:
              - {id: a, shape: rect, size: [10, 10], position: [-1000000, 0]}
            states:
              x: {}
              y: {a: {position: [1000000, 0], opacity: 0}}
            transitions:
              - {from: x, to: y, duration: 3600s, nodes: {a: {easing: bouncy}}}
              - {from: y, to: x, easing: {spring: {response: 0.5, damping-fraction: 0.01}}}
            """
        let started = threadCPUTime()
        let run = runPipeline(Array(text.utf8), path: "limits.yaml")
        #expect(run.errors.isEmpty, "\(run.errors.prefix(3).map(\.description))")
        #expect(threadCPUTime() - started < .seconds(20))
    }

    /// Each limit bounds one factor, but the output is their product: 1,000 vertices × `steps(1000)`
    /// took 672 MB and wrote 120 MB; 1,000 vertices × 10,000 copies more. The combined estimate is
    /// bounded by `SceneLimits.outputWorkLimit(inputBytes:)`.
    @Test(arguments: ["vertices-times-steps", "vertices-times-copies"])
    func limitsThatMultiplyAreBoundedTogether(_ kind: String) {
        let points = (0..<1000).map { "[\($0 % 100), \($0 / 100)]" }.joined(separator: ", ")
        let moved = (0..<1000).map { "[\(($0 * 7) % 100), \($0 / 100)]" }.joined(separator: ", ")
        let text: String
        if kind == "vertices-times-steps" {
            text = "choreo: 1\nname: v\nsize: [100, 100]\nlayers:\n  - {id: p, shape: path, points: [\(points)]}\n"
                + "states:\n  a: {}\n  b: {p: {points: [\(moved)]}}\n"
                + "transitions:\n  - {from: a, to: b, duration: 1s, easing: {steps: 1000}}\n"
        } else {
            text = "choreo: 1\nname: v\nsize: [100, 100]\nlayers:\n  - id: g\n    shape: group\n    repeat: {count: 100, offset: [0, 1]}\n"
                + "    children:\n      - {id: p, shape: path, points: [\(points)], repeat: {count: 100, offset: [1, 0]}}\n"
        }
        Self.expectLimitError(Array(text.utf8), rule: .outputTooLarge, name: kind)
    }

    /// The limit grows with the input: a large honest scene is not rejected for its size alone.
    @Test func theOutputWorkLimitHasAFloorAndGrowsWithTheInput() {
        #expect(SceneLimits.outputWorkLimit(inputBytes: 100) == SceneLimits.minOutputWork)
        #expect(SceneLimits.outputWorkLimit(inputBytes: 1_000_000) == 1_000_000 * SceneLimits.outputWorkPerInputByte)
    }

    /// The amplification limits too: each is its constant for a small file and a share
    /// of the bytes for a large one.
    @Test func theAmplificationLimitsHaveAFloorAndGrowWithTheInput() {
        let small = 1_000, large = 8 << 20
        #expect(SceneLimits.nodeLimit(inputBytes: small) == SceneLimits.maxNodes)
        #expect(SceneLimits.keyframeLimit(inputBytes: small) == SceneLimits.maxKeyframes)
        #expect(SceneLimits.repeatCopyLimit(inputBytes: small) == SceneLimits.maxRepeatCopies)
        #expect(SceneLimits.pathVertexLimit(inputBytes: small) == SceneLimits.maxPathVertices)
        #expect(SceneLimits.bakedSegmentLimit(inputBytes: small) == SceneLimits.maxBakedSegments)
        #expect(SceneLimits.nodeLimit(inputBytes: large) == large / SceneLimits.inputBytesPerNode)
        #expect(SceneLimits.keyframeLimit(inputBytes: large) == large / SceneLimits.inputBytesPerKeyframe)
        #expect(SceneLimits.repeatCopyLimit(inputBytes: large) == large / SceneLimits.inputBytesPerRepeatCopy)
        #expect(SceneLimits.pathVertexLimit(inputBytes: large) == large / SceneLimits.inputBytesPerPathVertex)
        #expect(SceneLimits.bakedSegmentLimit(inputBytes: large) == large * SceneLimits.bakedSegmentsPerInputByte)
    }

    /// The benchmark's heavy scene (Sources/choreo-bench/SceneGenerator.swift, `.heavy`): every
    /// node moved by both transitions, one of them the `snappy` spring, and keyframes on every
    /// tenth node in a looping timeline. A person could write it; at 20,000 nodes (3.6 MB, under
    /// the 8 MiB file limit) it bakes 1.16 million segments, which the fixed limit of one million
    /// refused.
    static func heavyScene(nodes: Int) -> [UInt8] {
        var out = "choreo: 1\nname: benchheavy\(nodes)\nsize: [1000, 1000]\nfps: 60\nvars:\n  cell: 10\n  half: $cell / 2\nlayers:\n"
        for index in 0..<nodes {
            let x = 5 + 10 * (index % 100), y = 5 + 10 * ((index / 100) % 100)
            if index % 2 == 0 {
                out += "  - {id: n\(index), shape: rect, size: [8, 8], corner-radius: 2, position: [\(x), \(y)], fill: \"#3366cc\"}\n"
            } else {
                out += "  - id: n\(index)\n    shape: ellipse\n    radius: $half - 1\n    position: [\(x), \(y)]\n"
                out += "    fill: rgb(200 80 40)\n    stroke: {color: black, width: 1}\n"
            }
        }
        out += "states:\n  rest: {}\n  moved:\n"
        for index in 0..<nodes { out += "    n\(index): {rotation: 45deg, opacity: 0.5}\n" }
        out += "initial: rest\ntransitions:\n"
        out += "  - {from: rest, to: moved, on: tap, duration: 0.3s, easing: ease-in-out}\n"
        out += "  - {from: moved, to: rest, on: tap, duration: 0.3s, delay: 0.1s, easing: snappy}\n"
        out += "timelines:\n  pulse:\n    duration: 1s\n    loop: true\n    keyframes:\n"
        for index in stride(from: 0, to: nodes, by: 10) {
            out += "      n\(index).scale:\n"
            out += "        - {at: 0s, value: 1}\n        - {at: 0.5s, value: 1.5, easing: ease-out}\n        - {at: 1s, value: 1, easing: ease-in}\n"
        }
        return Array(out.utf8)
    }

    /// The 20,000-node heavy scene compiles: the baked-segment limit grows with the file. Lint
    /// only (the emitters would add seconds in a debug build and are not what is checked).
    @Test func theHeavyBenchmarkSceneAt20000NodesCompiles() {
        let bytes = Self.heavyScene(nodes: 20_000)
        // Over 3.5 MB, under the 8 MiB file-size limit.
        #expect(bytes.count > 3_500_000 && bytes.count < 8 << 20)
        let compilation = compileScene(SourceFile(path: "heavy20000.yaml", bytes: bytes))
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.prefix(3).map(\.description))")
        #expect(compilation.timeline?.layers.count == 20_000)
    }

    /// A chain of states, each with a transition to the next, one node moved by all of them.
    static func stateChain(_ count: Int) -> [UInt8] {
        var text = "choreo: 1\nname: chain\nsize: [100, 100]\nlayers:\n"
        text += "  - {id: a, shape: rect, size: [10, 10], position: [50, 50], fill: red}\nstates:\n"
        for index in 0..<count { text += "  s\(index): {a: {rotation: \(index % 360)deg}}\n" }
        text += "transitions:\n"
        for index in 0..<(count - 1) { text += "  - {from: s\(index), to: s\(index + 1), on: tap, duration: 0.1s}\n" }
        return Array(text.utf8)
    }

    /// Four times the states and transitions take about four times as long, not sixteen: the
    /// front end, lowering and the limit counts once looked states up by name with a scan for
    /// every transition, span and state (32,000 of each: 4.2 s of CPU in a release build, 0.5 s
    /// with the lookups hashed). Judged on the ratio of two CPU times, so a slow or busy machine
    /// cannot fail it; quadratic work gives about 16.
    @Test func manyStatesAndTransitionsLintInLinearTime() {
        func lintTime(_ count: Int) -> Duration {
            let bytes = Self.stateChain(count)
            let started = threadCPUTime()
            let compilation = compileScene(SourceFile(path: "chain.yaml", bytes: bytes))
            let elapsed = threadCPUTime() - started
            #expect(compilation.diagnostics.filter { $0.severity == .error }.isEmpty, "\(compilation.diagnostics.prefix(3).map(\.description))")
            return elapsed
        }
        _ = lintTime(500)  // warm up
        let small = lintTime(3_000), large = lintTime(12_000)
        #expect(large < small * 9, "3,000 states: \(small), 12,000: \(large)")
    }

    /// `count` nodes each timed by a `NODE.PROPERTY` entry of one `nodes:` map, shared by
    /// `transitions` transitions through an alias, between states that each set every node.
    static func aliasedPropertyTiming(nodes count: Int, transitions: Int) -> [UInt8] {
        var text = "choreo: 1\nname: timed\nsize: [100, 100]\nlayers:\n"
        for index in 0..<count { text += "  - {id: n\(index), shape: rect, size: [1, 1]}\n" }
        text += "states:\n"
        for state in 0...transitions {
            text += "  s\(state): {" + (0..<count).map { "n\($0): {opacity: \(state % 2 == 0 ? 1 : 0.5)}" }.joined(separator: ", ") + "}\n"
        }
        let timing = (0..<count).map { "n\($0).opacity: {delay: \($0 % 10)ms}" }.joined(separator: ", ")
        text += "transitions:\n"
        for state in 0..<transitions {
            text += "  - {from: s\(state), to: s\(state + 1), on: tap, duration: 1s, nodes: \(state == 0 ? "&t {\(timing)}" : "*t")}\n"
        }
        return Array(text.utf8)
    }

    /// Per-property timing shared through an alias: each entry was checked against every key the
    /// two states set, so 1,000 entries over 120 transitions took 43 s in a debug build (per-node
    /// entries, which skip that check: 1 s); the keys are now indexed by node once per transition
    /// (3.9 s, most of it the 121,000 state values). Here four times the entries took 10.3 times
    /// as long before and 4.1 times after; judged on a ratio of CPU times like the test above.
    @Test func perPropertyTimingSharedByAnAliasLintsInLinearTime() {
        func lintTime(_ count: Int) -> Duration {
            let bytes = Self.aliasedPropertyTiming(nodes: count, transitions: 40)
            let started = threadCPUTime()
            let compilation = compileScene(SourceFile(path: "timed.yaml", bytes: bytes))
            let elapsed = threadCPUTime() - started
            #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.prefix(3).map(\.description))")
            return elapsed
        }
        _ = lintTime(50)  // warm up
        let small = lintTime(150), large = lintTime(600)
        #expect(large < small * 6, "150 entries: \(small), 600: \(large)")
    }

    /// What still multiplies without bytes is refused quickly: `steps: 1000` (the most `steps`
    /// allows) on a transition that moves 2,000 nodes asks for 2 million segments from 120 KB,
    /// twice the limit for that size; 20,000 such nodes (1.2 MB) would ask for 20 million.
    @Test(arguments: [2_000, 20_000])
    func stepsOnEveryNodeAreRefusedQuickly(_ nodes: Int) {
        var text = "choreo: 1\nname: steps\nsize: [100, 100]\nlayers:\n"
        for index in 0..<nodes { text += "  - {id: n\(index), shape: rect, size: [1, 1]}\n" }
        text += "states:\n  a: {}\n  b:\n"
        for index in 0..<nodes { text += "    n\(index): {opacity: 0}\n" }
        text += "transitions:\n  - {from: a, to: b, duration: 1s, easing: {steps: 1000}}\n"
        Self.expectLimitError(Array(text.utf8), rule: .tooManyBakedKeyframes, name: "steps-on-\(nodes)-nodes")
    }
}

/// The CPU time the calling thread has used so far.
func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}
