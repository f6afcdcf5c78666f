@testable import ChoreoSVG
import ChoreoTestSupport
import ChoreoTimeline
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

private func goldenPath(_ name: String) -> String {
    repositoryRoot().appendingPathComponent("Tests/ChoreoSVGTests/Golden/\(name)").path
}

/// Parses `text` as XML; returns the error message, or nil when it is well-formed.
private func xmlProblem(_ text: String) -> String? {
    do {
        _ = try XMLDocument(xmlString: text, options: [])
        return nil
    } catch {
        return "\(error)"
    }
}

/// The attribute values of every `<tag … name="…">` in `svg`, in order.
private func attributeValues(_ svg: String, tag: String, attribute: String) -> [String] {
    var results: [String] = []
    for line in svg.split(separator: "\n") where line.contains("<\(tag) ") {
        guard let range = line.range(of: " \(attribute)=\"") else { continue }
        let rest = line[range.upperBound...]
        if let close = rest.firstIndex(of: "\"") { results.append(String(rest[..<close])) }
    }
    return results
}

@Suite struct SVGEmitterGoldenTests {
    @Test(arguments: SVGFixtures.all.map(\.name))
    func animatedMatchesGolden(name: String) throws {
        let timeline = try #require(SVGFixtures.all.first { $0.name == name })
        let svg = SVGEmitter.animated(timeline)
        #expect(xmlProblem(svg) == nil, "\(xmlProblem(svg) ?? "")")
        assertGolden(svg, path: goldenPath("\(name).svg"))
    }

    @Test(arguments: SVGFixtures.all.map(\.name))
    func snapshotAtOneSecondMatchesGolden(name: String) throws {
        let timeline = try #require(SVGFixtures.all.first { $0.name == name })
        let svg = SVGEmitter.snapshot(timeline, at: 1)
        #expect(xmlProblem(svg) == nil, "\(xmlProblem(svg) ?? "")")
        #expect(!svg.contains("<animate"))
        assertGolden(svg, path: goldenPath("\(name)@1s.svg"))
    }

    @Test func previewPageMatchesGolden() throws {
        assertGolden(try PreviewPage.html(SVGFixtures.transforms), path: goldenPath("transforms.preview.html"))
    }
}

@Suite struct SVGEmitterBehaviourTests {
    @Test func staticSceneHasNoAnimationAndNoReducedMotionBlock() {
        let svg = SVGEmitter.animated(SVGFixtures.still)
        #expect(!svg.contains("<animate"))
        #expect(!svg.contains("prefers-reduced-motion"))
        #expect(svg.contains("<title>A still card</title>"))
        #expect(svg.contains("role=\"img\""))
        #expect(svg == SVGEmitter.snapshot(SVGFixtures.still, at: 0))
    }

    @Test func strokeWritesMiterLimitTenEvenAtTheDefault() {
        let svg = SVGEmitter.snapshot(SVGFixtures.still, at: 0)
        #expect(svg.contains("stroke-miterlimit=\"10\""))
        #expect(svg.contains("stroke-linecap=\"butt\""))
        #expect(svg.contains("stroke-linejoin=\"round\""))
    }

    @Test func snapshotTransformIsTranslateRotateScaleAnchor() {
        let svg = SVGEmitter.snapshot(SVGFixtures.transforms, at: 1)
        // At 1 s the ease-in-out is halfway: x = 80, rotation 45, linear scale halfway (0.75, 1.25).
        #expect(svg.contains("transform=\"translate(80 60) rotate(45) scale(0.75 1.25) translate(30 0)\""), "\(svg)")
    }

    /// A Papirus icon's `scale(0.14959)` written `0.15` drew it 0.3 % too large (2.8 % for
    /// `0.0123`): scales keep seven significant digits and turns five decimals, so a drawing stays
    /// within a tenth of a pixel of its place across a canvas of a million pixels.
    @Test func scalesAndTurnsKeepTheDigitsADrawingNeeds() {
        let timeline = Timeline(
            name: "digits", width: 100, height: 100, fps: 30, duration: 1,
            layers: [
                Node(id: "icon", transform: Transform(rotation: Animated(12.3456789), scale: Animated(Point(0.14959, 0.0123))),
                     content: .shape(.rect(size: Animated(Point(600, 600)), cornerRadius: Animated(0)), Style(fill: .color(Animated(RGBA(0, 0, 0)))))),
                Node(id: "large", transform: Transform(scale: Animated(Point(1234.56789, 2))),
                     content: .shape(.rect(size: Animated(Point(1, 1)), cornerRadius: Animated(0)), Style(fill: .color(Animated(RGBA(0, 0, 0)))))),
            ],
            spans: [], title: "Digits")
        let svg = SVGEmitter.snapshot(timeline, at: 0)
        #expect(svg.contains("rotate(12.34568) scale(0.14959 0.0123)"), "\(svg)")
        #expect(svg.contains("scale(1234.568 2)"), "\(svg)")
    }

    @Test func reducedMotionShowsAStillCopyOfTheInitialPose() {
        let svg = SVGEmitter.animated(SVGFixtures.transforms)
        #expect(svg.contains("@media (prefers-reduced-motion: reduce) { .choreo-motion { display: none } .choreo-still { display: inline } }"))
        #expect(svg.contains("<g class=\"choreo-still\" display=\"none\">"))
        let still = svg.components(separatedBy: "<g class=\"choreo-still\" display=\"none\">")[1]
        #expect(!still.contains("<animate"))
        #expect(still.contains("translate(40 60)"))
    }

    @Test func everyAnimationSpansTheWholeTimelineAndLoops() {
        let svg = SVGEmitter.animated(SVGFixtures.transforms)
        let durations = attributeValues(svg, tag: "animateTransform", attribute: "dur") + attributeValues(svg, tag: "animate", attribute: "dur")
        #expect(!durations.isEmpty)
        #expect(durations.allSatisfy { $0 == "3s" })
        #expect(!svg.contains("repeatCount=\"1\""))
    }

    @Test func keyTimesStartAtZeroEndAtOneAndNeverDecrease() throws {
        for timeline in SVGFixtures.all {
            let svg = SVGEmitter.animated(timeline)
            for keyTimes in attributeValues(svg, tag: "animate", attribute: "keyTimes") + attributeValues(svg, tag: "animateTransform", attribute: "keyTimes") {
                let times = keyTimes.split(separator: ";").compactMap { Double($0) }
                #expect(times.first == 0, "\(timeline.name): \(keyTimes)")
                #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "\(timeline.name): \(keyTimes)")
            }
        }
    }

    @Test func splineCountsMatchValueCountsAndStayInUnitRange() {
        for timeline in SVGFixtures.all {
            let svg = SVGEmitter.animated(timeline)
            for line in svg.split(separator: "\n") where line.contains("calcMode=\"spline\"") {
                let text = String(line)
                let values = attributeValues(text, tag: text.contains("<animateTransform") ? "animateTransform" : "animate", attribute: "values")[0]
                let keyTimes = attributeValues(text, tag: text.contains("<animateTransform") ? "animateTransform" : "animate", attribute: "keyTimes")[0]
                let splines = attributeValues(text, tag: text.contains("<animateTransform") ? "animateTransform" : "animate", attribute: "keySplines")[0]
                let valueCount = values.split(separator: ";").count, timeCount = keyTimes.split(separator: ";").count
                let splineList = splines.split(separator: ";")
                #expect(valueCount == timeCount && splineList.count == valueCount - 1, "\(timeline.name): \(text)")
                let numbers = splineList.flatMap { $0.split(separator: " ").compactMap { Double($0) } }
                #expect(numbers.count == 4 * splineList.count && numbers.allSatisfy { (0...1).contains($0) }, "\(timeline.name): \(splines)")
            }
        }
    }

    @Test func holdBecomesAFlatStretchThenAJump() {
        let svg = SVGEmitter.animated(SVGFixtures.transforms)
        let opacity = svg.split(separator: "\n").first { $0.contains("attributeName=\"opacity\"") }.map(String.init) ?? ""
        // Hold 1 over 0.5…1.5 then 0.4; hold 0.4 over 2…3 then back to 1 at the end (= the loop start).
        // Inner key times are rounded down from 2 µs early (see appendKeyTimes).
        #expect(opacity.contains("keyTimes=\"0;0.49999;0.49999;1\""), "\(opacity)")
        #expect(opacity.contains("values=\"1;1;0.4;0.4\""), "\(opacity)")
    }

    @Test func jumpAtASpanStartIsTwoValuesAtOneKeyTime() {
        let svg = SVGEmitter.animated(SVGFixtures.transforms)
        let offset = svg.split(separator: "\n").filter { $0.contains("type=\"translate\"") }.map(String.init)
        #expect(offset.contains { $0.contains("keyTimes=\"0;0.66666;0.66666;1\"") && $0.contains("values=\"0 0;0 0;0 20;0 20\"") }, "\(offset)")
    }

    @Test func overshootIsBakedIntoValuesWithLegalSplines() {
        let svg = SVGEmitter.animated(SVGFixtures.overshoot)
        let position = svg.split(separator: "\n").first { $0.contains("type=\"translate\"") }.map(String.init) ?? ""
        let xs = attributeValues(position, tag: "animateTransform", attribute: "values")[0].split(separator: ";").compactMap { Double($0.split(separator: " ")[0]) }
        #expect(xs.contains { $0 < 30 }, "undershoot below the start must be in the values: \(xs)")
        #expect(xs.contains { $0 > 150 }, "overshoot past the end must be in the values: \(xs)")
    }

    @Test func morphValuesShareOneCommandList() {
        for svg in [SVGEmitter.animated(SVGFixtures.morph)] {
            for values in attributeValues(svg, tag: "animate", attribute: "values") where values.hasPrefix("M") {
                let commandLists = Set(values.split(separator: ";").map { $0.filter { $0.isLetter } })
                #expect(commandLists.count == 1, "\(values)")
            }
            #expect(svg.contains("attributeName=\"d\""))
        }
    }

    @Test func animatedStrokeTrimIsADashOfTheOutlineLength() throws {
        let svg = SVGEmitter.animated(SVGFixtures.trim)
        // The arc is an unfilled single contour: its moving trim is a dash of the 80 px circle's
        // length (251.3…), the visible part and the gap adding up to it at every key.
        let arcDash = try #require(svg.split(separator: "\n").first { $0.contains("attributeName=\"stroke-dasharray\"") })
        let values = String(arcDash).components(separatedBy: "values=\"")[1].prefix { $0 != "\"" }
        for pair in values.split(separator: ";") {
            let numbers = pair.split(separator: " ").compactMap { Double($0) }
            #expect(numbers.count == 2 && abs(numbers[0] + numbers[1] - 80 * Double.pi) < 0.05, "\(pair)")
        }
    }

    @Test func aDashedStrokeKeepsItsPatternUnderAMovingTrim() throws {
        var timeline = SVGFixtures.trim
        guard case let .shape(geometry, style) = timeline.layers[0].content else {
            Issue.record("the trim fixture's first layer is not a shape")
            return
        }
        var dashed = style
        dashed.stroke?.dash = [6, 4]
        timeline.layers = [Node(id: "arc", transform: timeline.layers[0].transform, content: .shape(geometry, dashed))]
        let svg = SVGEmitter.animated(timeline)
        // The user's pattern is written as is, and the trim moves the path itself.
        #expect(svg.contains("stroke-dasharray=\"6 4\""), "\(svg)")
        #expect(!svg.contains("attributeName=\"stroke-dasharray\""), "\(svg)")
        #expect(svg.contains("attributeName=\"d\""), "\(svg)")
    }

    @Test func snapshotTrimCutsTheOutlineItself() {
        // At 1 s the arc's window is the whole circle: the outline, closed, without a dash.
        let whole = SVGEmitter.snapshot(SVGFixtures.trim, at: 1)
        #expect(!whole.contains("stroke-dasharray"), "\(whole)")
        let arc = attributeValues(whole, tag: "path", attribute: "d")[0]
        #expect(arc.hasSuffix("Z"), "\(arc)")
        // At 0.5 s a part of it: an open path (fill and stroke cut alike, as in SwiftUI and Lottie).
        let part = attributeValues(SVGEmitter.snapshot(SVGFixtures.trim, at: 0.5), tag: "path", attribute: "d")[0]
        #expect(part.hasPrefix("M") && !part.contains("Z"), "\(part)")
    }

    @Test func emptyTrimIsHidden() {
        // A snapshot draws no path for an empty trim (a lone moveto has no caps).
        let atStart = SVGEmitter.snapshot(SVGFixtures.trim, at: 0)
        #expect(atStart.contains("d=\"M0 0\""))
        let animated = SVGEmitter.animated(SVGFixtures.trim)
        #expect(animated.contains("attributeName=\"visibility\""))
        #expect(animated.contains("calcMode=\"discrete\""))
    }

    @Test func gradientsLiveInDefsInUserSpaceWithAnimatedStops() {
        let svg = SVGEmitter.animated(SVGFixtures.gradient)
        #expect(svg.contains("<linearGradient id=\"band-fill\" gradientUnits=\"userSpaceOnUse\" x1=\"-35\" y1=\"0\" x2=\"35\" y2=\"0\">"))
        #expect(svg.contains("<radialGradient id=\"glow-fill\" gradientUnits=\"userSpaceOnUse\""))
        #expect(svg.contains("fill=\"url(#band-fill)\""))
        #expect(svg.contains("attributeName=\"stop-color\""))
        #expect(svg.contains("attributeName=\"offset\""))
        #expect(svg.contains("attributeName=\"r\""))
        #expect(svg.contains("id=\"still-band-fill\""), "the reduced-motion copy needs its own gradient ids")
    }

    @Test func repeatDrawsEachCopyWithItsMatrixAndOpacity() {
        let svg = SVGEmitter.snapshot(SVGFixtures.repeated, at: 0)
        #expect(svg.components(separatedBy: "<path ").count - 1 == 8)
        #expect(svg.contains("<g transform=\"matrix(0.707107 0.707107 -0.707107 0.707107 0 0)\" opacity=\"0.9\">"), "\(svg)")
        #expect(svg.contains("opacity=\"0.3\""))
    }

    @Test func idsAreUniqueAndSanitised() {
        let node = Node(id: "a b", transform: .identity, content: .shape(.ellipse(size: Animated(Point(4, 4))), SVGFixtures.solid(.black)))
        let timeline = Timeline(name: "ids", width: 10, height: 10, fps: 30, duration: 0, layers: [node, node], spans: [])
        let svg = SVGEmitter.snapshot(timeline, at: 0, idPrefix: "x-")
        #expect(svg.contains("id=\"x-a_b\""))
        #expect(svg.contains("id=\"x-a_b-2\""))
    }

    @Test func outputIsDeterministic() {
        for timeline in SVGFixtures.all {
            #expect(SVGEmitter.animated(timeline) == SVGEmitter.animated(timeline))
        }
    }

    @Test func previewPageHasStateButtonsControlsDiagramAndNoNetwork() throws {
        let html = try PreviewPage.html(InteractiveFixtures.withMachine(SVGFixtures.transforms))
        #expect(html.contains("id=\"state-closed\""))
        #expect(html.contains("id=\"state-open\""))
        #expect(html.contains(">open <span class=\"a11y\">“Open”</span></button>"), "the state's accessible label is shown as such")
        for id in ["stage", "play-pause", "step-back", "step-forward", "speed", "frame", "time", "diagram", "filmstrip", "theme"] {
            #expect(html.contains("id=\"\(id)\""), "#\(id)")
        }
        #expect(!html.contains("{{"), "every placeholder of the resource template is filled")
        #expect(html.contains("root.choreo = {"), "the stage is the interactive SVG with its runtime")
        #expect(!html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http://"))
        #expect(!html.contains("https://"))
        #expect(!html.contains(" src="))
        // The filmstrip's SVGs and the stage's must not share XML ids.
        #expect(html.contains("id=\"stage-bar\""))
        #expect(html.contains("id=\"frame0-0-bar\""))
    }

    @Test func filmstripSamplesBoundariesAndOvershootPeaksNotEvenly() {
        // overshoot: the ball's position eases with cubic(0.3, -0.6, 0.4, 1.6) over 0.5…1.5 s at
        // 30 fps; its rotation with cubic(0.34, 1.56, 0.64, 1).
        let timeline = SVGFixtures.overshoot
        let span = timeline.spans[1]
        let instants = PreviewPage.keyInstants(timeline, span: span)
        #expect(instants.first == .init(time: 0.5, reason: "start"))
        #expect(instants.last?.reason == "end")
        #expect(abs((instants.last?.time ?? 0) - (1.5 - 1 / 30.0)) < 1e-9)
        let peaks = instants.filter { $0.reason == "peak" }.map(\.time)
        // Each easing's turning points, as fractions of the 1 s tween, on whole frames.
        var expected: [Double] = []
        for easing in [Easing.cubic(0.3, -0.6, 0.4, 1.6), .cubic(0.34, 1.56, 0.64, 1)] {
            expected += PreviewPage.overshootPeaks(easing).map { ((0.5 + $0) * 30).rounded() / 30 }
        }
        #expect(Set(peaks.map { Int(($0 * 30).rounded()) }) == Set(expected.map { Int(($0 * 30).rounded()) }), "\(peaks) vs \(expected)")
        #expect(PreviewPage.overshootPeaks(.cubic(0.3, -0.6, 0.4, 1.6)).count == 2, "an anticipation and an overshoot")
        #expect(PreviewPage.overshootPeaks(.easeInOut).isEmpty)
        // A pose is one frame.
        #expect(PreviewPage.keyInstants(timeline, span: timeline.spans[0]) == [.init(time: 0, reason: "pose")])
    }

    @Test func filmstripSamplesEveryTrackTheWalkVisitsEffectsToo() {
        // Only the ball's blur moves, with an overshooting easing: the filmstrip finds its
        // boundaries and peaks as it finds a transform's.
        var ball = Node(id: "ball", transform: Transform(position: Animated(Point(30, 30))),
                        content: .shape(.rect(size: Animated(Point(24, 24)), cornerRadius: Animated(4)), SVGFixtures.solid(SVGFixtures.green)))
        ball.effects = Effects(blur: SVGFixtures.there(0, 8, easing: .cubic(0.3, -0.6, 0.4, 1.6)))
        let timeline = Timeline(name: "blurred", width: 200, height: 60, fps: 30, duration: 3, background: SVGFixtures.white,
                                layers: [ball], spans: SVGFixtures.twoStateSpans(), title: "Blurred")
        let instants = PreviewPage.keyInstants(timeline, span: timeline.spans[1])
        #expect(instants.filter { $0.reason == "peak" }.count == 2, "\(instants)")
    }

    @Test func templatePlaceholdersAreFilledOnceInOnePass() {
        #expect(PreviewPage.fill("a{{X}}b{{Y}}c{{Z}}", with: ["X": "{{Y}}", "Y": "y"]) == "a{{Y}}byc{{Z}}")
    }
}

/// The interactive SVG: what it shows at rest, how its animations hang off clocks, and its script.
@Suite struct InteractiveSVGTests {
    @Test func restsInTheInitialStateAndEveryAnimationWaitsForItsClock() throws {
        let timeline = InteractiveFixtures.withMachine(SVGFixtures.transforms, initial: "open")
        let svg = SVGEmitter.interactive(timeline)
        #expect(xmlProblem(svg) == nil, "\(xmlProblem(svg) ?? "")")
        #expect(svg.contains("data-state=\"open\""))
        // Every animation begins with one of the two transitions' clocks, plays once and holds, or
        // with one of their reduced-motion cross-fades' clocks.
        let begins = attributeValues(svg, tag: "animate", attribute: "begin") + attributeValues(svg, tag: "animateTransform", attribute: "begin")
        #expect(!begins.isEmpty)
        #expect(Set(begins) == ["_choreo_clip_0.begin", "_choreo_clip_1.begin", "_choreo_clip_fade_0.begin", "_choreo_clip_fade_1.begin"])
        #expect(!svg.contains("repeatCount=\"indefinite\""), "nothing loops: no state plays a timeline")
        #expect(attributeValues(svg, tag: "set", attribute: "begin") == ["indefinite", "indefinite", "indefinite", "indefinite"])
        // Without the animations the drawing is the open pose: the base values are the pose's.
        let rest = svg.split(separator: "\n").filter { !$0.contains("<animate") }.joined(separator: "\n")
        let pose = SVGEmitter.snapshot(timeline, at: timeline.spans[2].start)
        for value in attributeValues(pose, tag: "path", attribute: "d") {
            #expect(rest.contains("d=\"\(value)\""), "\(value)")
        }
    }

    @Test func aStateThatLoopsATimelineRepeatsItUntilItsClockEnds() {
        // Any span can stand for the played timeline: here the first transition's.
        let timeline = InteractiveFixtures.withMachine(SVGFixtures.transforms, play: ("open", "closed->open"))
        let svg = SVGEmitter.interactive(timeline)
        #expect(xmlProblem(svg) == nil)
        // The played clip is clip 0: its animations end with their clock and repeat.
        #expect(svg.contains("begin=\"_choreo_clip_0.begin\" end=\"_choreo_clip_0.end\""))
        #expect(svg.contains("repeatCount=\"indefinite\""))
        #expect(svg.contains("play: {name: \"closed-\\u003eopen\", clip: 0"))
    }

    @Test func sceneTextInTheScriptCannotCloseItOrTheCDATA() throws {
        var timeline = InteractiveFixtures.withMachine(SVGFixtures.transforms)
        timeline.stateMachine?.states[1].label = "]]></script><script>alert(\"x\")</script> & <b>"
        let svg = SVGEmitter.interactive(timeline)
        #expect(xmlProblem(svg) == nil, "\(xmlProblem(svg) ?? "")")
        let script = try #require(svg.range(of: "<![CDATA[")).upperBound
        let body = svg[script...]
        #expect(body.components(separatedBy: "]]>").count == 2, "one CDATA end, the real one")
        #expect(!body.contains("</script><script>"))
        #expect(body.contains("\\u003c/script\\u003e"))
    }

    @Test func theFocusRingIsLeftToFocusVisibleSoAClickShowsNone() throws {
        let svg = SVGEmitter.interactive(InteractiveFixtures.withMachine(SVGFixtures.transforms))
        #expect(svg.contains("<style type=\"text/css\">svg[data-state]:focus:not(:focus-visible) { outline: none }</style>"))
        let script = try #require(svg.range(of: "<![CDATA[")).upperBound
        #expect(!svg[script...].contains("outline"), "the script leaves the ring to the browser's :focus-visible")
    }

    @Test func aSceneWithoutStatesPlaysItsFirstTimelineFromLoad() {
        let svg = SVGEmitter.interactive(SVGFixtures.trim)
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("begin="))
        #expect(svg.contains("repeatCount=\"indefinite\""), "the trim fixture's timeline loops")
        #expect(svg == SVGEmitter.animated(SVGFixtures.trim), "its one timeline is the whole global timeline")
    }
}

enum InteractiveFixtures {
    /// `timeline` (with the two-state spans) given the state machine those spans describe.
    static func withMachine(_ timeline: Timeline, initial: String = "closed", play: (state: String, span: String)? = nil) -> Timeline {
        var copy = timeline
        let states = copy.spans.compactMap { span -> StateMachine.State? in
            guard case let .pose(label, _) = span.role else { return nil }
            return StateMachine.State(
                name: span.name, label: label, pose: span.name,
                play: play.flatMap { $0.state == span.name ? StateMachine.Play(span: $0.span, loops: true) : nil })
        }
        let transitions = copy.spans.compactMap { span -> StateMachine.Transition? in
            guard case let .transition(from, to, trigger) = span.role else { return nil }
            return StateMachine.Transition(name: span.name, from: from, to: to, trigger: trigger, span: span.name)
        }
        copy.stateMachine = StateMachine(initial: initial, states: states, transitions: transitions)
        return copy
    }
}

/// Writes every fixture's animated SVG, snapshots and preview page for the browser suite
/// (Tests/conformance/svg_browser_suite.py). The directory comes from `CHOREO_SVG_EXPORT_DIR`,
/// else a temporary one; either way the files are checked to be well-formed.
@Test func exportFixturesForBrowserSuite() throws {
    let environment = ProcessInfo.processInfo.environment
    let directory = URL(fileURLWithPath: environment["CHOREO_SVG_EXPORT_DIR"] ?? NSTemporaryDirectory() + "choreo-svg-export")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var manifest: [String] = []
    for timeline in SVGFixtures.all {
        let animated = SVGEmitter.animated(timeline)
        #expect(xmlProblem(animated) == nil)
        try animated.write(to: directory.appendingPathComponent("\(timeline.name).svg"), atomically: true, encoding: .utf8)
        let step = 1 / 6.0
        let count = max(1, Int((timeline.duration / step).rounded(.down)))
        var times: [String] = []
        for index in 0..<count {
            let time = Double(index) * step + (timeline.duration > 0 ? 0.04 : 0)
            let name = String(format: "%.3f", time)
            let snapshot = SVGEmitter.snapshot(timeline, at: time)
            #expect(xmlProblem(snapshot) == nil)
            try snapshot.write(to: directory.appendingPathComponent("\(timeline.name)@\(name).svg"), atomically: true, encoding: .utf8)
            times.append("\"\(name)\"")
        }
        try (try PreviewPage.html(timeline)).write(to: directory.appendingPathComponent("\(timeline.name).preview.html"), atomically: true, encoding: .utf8)
        for pose in timeline.spans where pose.kind == .pose {
            try SVGEmitter.snapshot(timeline, at: pose.start).write(
                to: directory.appendingPathComponent("\(timeline.name)@pose-\(pose.name).svg"), atomically: true, encoding: .utf8)
        }
        let poses = timeline.spans.filter { $0.kind == .pose }.map { "{\"state\": \"\($0.name)\", \"time\": \(String(format: "%.3f", $0.start))}" }
        manifest.append("{\"name\": \"\(timeline.name)\", \"width\": \(Int(timeline.width)), \"height\": \(Int(timeline.height)), \"duration\": \(timeline.duration), \"times\": [\(times.joined(separator: ", "))], \"poses\": [\(poses.joined(separator: ", "))]}")
    }
    try ("[\n" + manifest.joined(separator: ",\n") + "\n]\n").write(to: directory.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("manifest.json").path))
}

/// A span's end computed as a sum can land a hair (2e-16 s) before the next span's start; the
/// jump there must stay a jump, not become a fade across the whole next span.
@Test func aJumpAHairAfterTheLastSegmentEndsStaysAJump() {
    let red = RGBA(1, 0, 0), blue = RGBA(0, 0, 1)
    let spanEnd = 1.6666666666666665, nextStart = 1.6666666666666667
    #expect(spanEnd < nextStart)
    let fill = Animated(red, segments: [
        Segment(start: 1.15, end: spanEnd, from: red, to: red, easing: .linear),
        Segment(start: nextStart, end: 130.0 / 60, from: blue, to: blue, easing: .linear),
    ])
    let node = Node(
        id: "dot", transform: Transform(position: Animated(Point(5, 5))),
        content: .shape(.rect(size: Animated(Point(4, 4)), cornerRadius: Animated(0)), Style(fill: .color(fill))))
    let svg = SVGEmitter.animated(Timeline(name: "jump", width: 10, height: 10, fps: 60, duration: 130.0 / 60, layers: [node], spans: []))
    #expect(svg.contains(#"values="rgb(255,0,0);rgb(255,0,0);rgb(0,0,255);rgb(0,0,255)""#), "\(svg)")
}

/// A title or state label is untrusted scene text. `U+0600` followed by `<` is one `Character`,
/// so an escaper comparing Characters let `<img onerror=…>` into the SVG and the preview page;
/// control characters made the SVG ill-formed XML. Both documents must parse, and the text must
/// come back as text, not as elements.
@Test func hostileLabelsStayTextInTheSVGAndThePreviewPage() throws {
    let hostile = "Play\u{0600}<img src=x onerror=alert(1)>\u{7}\u{1B}\u{FFFE}'\"&"
    let timeline = Timeline(
        name: "hostile", width: 10, height: 10, fps: 10, duration: 0.1, layers: [],
        spans: [Span(name: "rest", start: 0, end: 0.1, role: .pose(label: hostile, plays: nil))], title: hostile)
    for svg in [SVGEmitter.snapshot(timeline, at: 0), SVGEmitter.animated(timeline)] {
        #expect(!svg.contains("<img"))
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")\n\(svg)")
        #expect(svg.contains("Play\u{0600}&lt;img src=x onerror=alert(1)&gt;\u{FFFD}\u{FFFD}\u{FFFD}&apos;&quot;&amp;"))
    }
    let page = try PreviewPage.html(timeline)
    #expect(!page.contains("<img"))
    #expect(!page.unicodeScalars.contains { $0 == "\u{7}" || $0 == "\u{1B}" })
}

/// U+FFFE and U+FFFF in a state's label or name went raw into the interactive SVG's script: the
/// file was not well-formed XML, and a browser showed a parse error instead of the picture. The
/// script's string literals escape them (`\ufffe`), as XML forbids them in CDATA too.
@Test func xmlForbiddenCharactersInSceneTextKeepTheInteractiveSVGWellFormed() {
    var timeline = SVGFixtures.transforms
    for index in timeline.spans.indices {
        if case let .pose(_, plays) = timeline.spans[index].role {
            timeline.spans[index].role = .pose(label: "Play\u{FFFE}\u{FFFF}\u{1}", plays: plays)
        }
    }
    let svg = SVGEmitter.interactive(InteractiveFixtures.withMachine(timeline, initial: "open"))
    #expect(svg.contains("<script"), "the fixture has a state machine")
    #expect(xmlProblem(svg) == nil, "\(xmlProblem(svg) ?? "")")
    #expect(!svg.unicodeScalars.contains { $0 == "\u{FFFE}" || $0 == "\u{FFFF}" })
    #expect(svg.contains(#""Play\ufffe\uffff\u0001""#))
}

/// Repeated ids get `-2`, `-3`, …: the allocator searched from 2 for every copy, so n copies of
/// one id cost O(n²) (10 rects under a 100 × 100 repeat took 45 s). 20,000 copies must be quick.
@Test func manyCopiesOfOneIdAreAllocatedInLinearTime() {
    let node = Node(id: "a", transform: .identity, content: .shape(.ellipse(size: Animated(Point(4, 4))), SVGFixtures.solid(.black)))
    let timeline = Timeline(name: "ids", width: 10, height: 10, fps: 30, duration: 0, layers: Array(repeating: node, count: 20_000), spans: [])
    let started = ContinuousClock.now
    let svg = SVGEmitter.snapshot(timeline, at: 0, idPrefix: "x-")
    #expect(ContinuousClock.now - started < .seconds(10))
    #expect(svg.contains("id=\"x-a\"") && svg.contains("id=\"x-a-2\"") && svg.contains("id=\"x-a-20000\""))
    #expect(!svg.contains("id=\"x-a-20001\""))
}

@Suite struct SVGClipTests {
    @Test func aClipIsAClipPathAroundTheNodesContentInItsLocalCoordinates() {
        let disc = Node(
            id: "disc", transform: .identity,
            content: .shape(.ellipse(size: Animated(Point(100, 100))), Style(fill: .color(Animated(RGBA(1, 0, 0))))))
        let size = Animated(Point(40, 20), segments: [Segment(start: 0, end: 1, from: Point(40, 20), to: Point(80, 20), easing: .linear)])
        let card = Node(
            id: "card", transform: Transform(position: Animated(Point(50, 50))), content: .group([disc]),
            clip: ClipShape(geometry: .rect(size: size, cornerRadius: Animated(0)), transform: Transform(position: Animated(Point(5, 0)))))
        let timeline = Timeline(name: "t", width: 100, height: 100, fps: 60, duration: 1, layers: [card], spans: [])
        let reel = SVGEmitter.animated(timeline)
        #expect(xmlProblem(reel) == nil)
        // The moving copy and the reduced-motion still copy each have their own clip path.
        #expect(attributeValues(reel, tag: "clipPath", attribute: "clipPathUnits") == ["userSpaceOnUse", "userSpaceOnUse"])
        #expect(Set(attributeValues(reel, tag: "clipPath", attribute: "id")).count == 2)
        #expect(reel.contains("<g clip-path=\"url(#card-clip)\">"))
        // The clip's own position is baked into its outline: x from -15 to 25 at the start.
        let still = SVGEmitter.snapshot(timeline, at: 0)
        let outline = attributeValues(still, tag: "path", attribute: "d").first ?? ""
        #expect(outline.hasPrefix("M-15 -10"), "\(outline)")
        // The reel animates the outline as its size grows.
        #expect(reel.contains("attributeName=\"d\""))
        #expect(!SVGEmitter.snapshot(timeline, at: 0.5).contains("<animate"))
    }
}

/// A path clip of several contours is their union: one `<path>` per contour (a clipPath shows the
/// union of its children), each turned one way, so renderers that join a clipPath's children into
/// one nonzero path (librsvg) show the union too, not a hole where a contour turning the other way
/// lies inside another.
@Test func aClipOfSeveralContoursIsOnePathPerContourTurnedOneWay() {
    func square(_ x: Double, _ y: Double, _ side: Double, clockwise: Bool) -> Contour {
        let corners = [Point(x, y), Point(x + side, y), Point(x + side, y + side), Point(x, y + side)]
        return Contour((clockwise ? corners : [corners[0], corners[3], corners[2], corners[1]]).map { BezierVertex($0) }, closed: true)
    }
    let outline = PathShape([square(0, 0, 40, clockwise: true), square(10, 10, 10, clockwise: false)])
    let moved = PathShape(outline.contours.map { Contour($0.vertices.map { BezierVertex($0.point + Point(20, 0)) }, closed: true) })
    let disc = Node(
        id: "disc", transform: .identity,
        content: .shape(.ellipse(size: Animated(Point(100, 100))), Style(fill: .color(Animated(RGBA(1, 0, 0))))))
    let path = Animated(outline, segments: [Segment(start: 0, end: 1, from: outline, to: moved, easing: .linear)])
    let card = Node(id: "card", transform: .identity, content: .group([disc]), clip: ClipShape(geometry: .path(path)))
    let timeline = Timeline(name: "t", width: 100, height: 100, fps: 60, duration: 1, layers: [card], spans: [])
    let still = SVGEmitter.snapshot(timeline, at: 0)
    let start = still.range(of: "<clipPath")!.lowerBound, end = still.range(of: "</clipPath>")!.upperBound
    let clipPath = String(still[start..<end])
    #expect(attributeValues(clipPath, tag: "path", attribute: "d") == ["M0 0 L40 0 L40 40 L0 40 Z", "M10 10 L20 10 L20 20 L10 20 Z"])
    let reel = SVGEmitter.animated(timeline)
    #expect(xmlProblem(reel) == nil)
    let reelStart = reel.range(of: "<clipPath")!.lowerBound, reelEnd = reel.range(of: "</clipPath>")!.upperBound
    #expect(reel[reelStart..<reelEnd].components(separatedBy: "attributeName=\"d\"").count == 3, "each contour's path moves")
}

/// A clip shorter than a second kept its fractions and compared them with seconds: every change
/// after the first few merged into the one before, shown a frame early (a fill trimmed per frame in
/// a 0.97 s reel drew each odd frame's cut a frame ahead).
@Test func discreteChangesOfAShortClipEachKeepTheirOwnTime() throws {
    var texts = TextList()
    for frame in 0..<6 { texts.append(Array("v\(frame)".utf8)) }
    let times = (0..<6).map { Double($0) / 60 }
    let keyframes = try #require(discreteKeyframes(times: times, texts: texts, duration: 0.1))
    #expect(keyframes.values.count == 6)
    for (index, fraction) in keyframes.keyTimes.enumerated() {
        #expect(abs(fraction - Double(index) / 6) < 1e-12, "change \(index) at \(fraction)")
    }
}
