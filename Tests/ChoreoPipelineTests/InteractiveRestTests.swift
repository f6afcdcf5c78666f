import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoLottie
import ChoreoSVG
import ChoreoSVGImport
import ChoreoScene
import ChoreoTimeline
import ChoreoTestSupport
import Foundation
import Testing

/// An interactive SVG read as SMIL would play it once clips have run to their ends: each clip is
/// a clock (`NAME.begin`), and an attribute holds the last value of the animation begun last
/// that moves it (every transition freezes), or the value written on the element when none has.
/// Read line by line: the emitter writes each element's start tag, and each animation, on a line.
struct PlayedInteractiveSVG {
    struct Element {
        var attributes: [String: String]
        var animations: [[String: String]]
    }

    let elements: [Element]

    init(_ svg: String) {
        var elements: [Element] = []
        var inDefinitions = false
        for line in svg.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("<defs") { inDefinitions = !line.hasSuffix("/>") }
            if line.hasPrefix("</defs") { inDefinitions = false }
            if inDefinitions { continue }
            if line.hasPrefix("<animate ") {
                if !elements.isEmpty { elements[elements.count - 1].animations.append(Self.attributes(line)) }
            } else if line.hasPrefix("<path ") || line.hasPrefix("<g ") {
                var attributes = Self.attributes(line)
                attributes["<tag>"] = line.hasPrefix("<path ") ? "path" : "g"
                elements.append(Element(attributes: attributes, animations: []))
            }
        }
        self.elements = elements
    }

    private static func attributes(_ line: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(line)
        while let equals = rest.range(of: "=\"") {
            let name = rest[..<equals.lowerBound].split(separator: " ").last.map(String.init) ?? ""
            let valueStart = equals.upperBound
            guard let close = rest[valueStart...].firstIndex(of: "\"") else { break }
            result[name] = String(rest[valueStart..<close])
            rest = rest[rest.index(after: close)...]
        }
        return result
    }

    /// The node's outermost `<g>` (by its id).
    func element(id: String) throws -> Element {
        try #require(elements.first { $0.attributes["<tag>"] == "g" && $0.attributes["id"] == id })
    }

    /// The `index`th `<path>` of the drawing, in document order.
    func path(_ index: Int) throws -> Element {
        let paths = elements.filter { $0.attributes["<tag>"] == "path" }
        return try #require(paths.indices.contains(index) ? paths[index] : nil)
    }

    /// `attribute` of `element` once the clips numbered `clips` have played in turn.
    func value(of attribute: String, on element: Element, after clips: [Int]) -> String? {
        var value = element.attributes[attribute]
        for clip in clips {
            let begin = "_choreo_clip_\(clip).begin"
            guard let animation = element.animations.last(where: { $0["attributeName"] == attribute && $0["begin"] == begin }),
                  let values = animation["values"]
            else { continue }
            value = values.split(separator: ";").last.map { String($0) } ?? value
        }
        return value
    }
}

func compiledTimeline(_ relativePath: String) throws -> Timeline {
    let url = repositoryURL(relativePath)
    let compilation = compileScene(SourceFile(path: url.path, bytes: Array(try Data(contentsOf: url))), artwork: SVGArtworkLoader(), files: SceneFolderFiles())
    return try #require(compilation.timeline, "\(compilation.diagnostics)")
}

/// Drawings whose pose at rest draws nothing: a tap must bring them in, the tap back take them away,
/// in the interactive SVG as in every other output.
@Suite struct StartsEmptyInteractiveTests {
    static let scene = "Tests/conformance/feature-scenes/starts-empty-states.yaml"

    /// Clip 0 is `empty → drawn`, clip 1 `drawn → empty` (no state plays a timeline).
    @Test func aStrokeRevealedByTrimIsVisibleAfterTheTapAndHiddenAfterTheTapBack() throws {
        let svg = PlayedInteractiveSVG(SVGEmitter.interactive(try compiledTimeline(Self.scene)))
        for index in [0, 2] {  // the ring (butt caps) and the round-capped arc
            let stroke = try svg.path(index)
            #expect(svg.value(of: "visibility", on: stroke, after: []) == "hidden", "at rest the empty trim draws nothing")
            #expect(svg.value(of: "visibility", on: stroke, after: [0]) == "visible", "path \(index) after the tap")
            #expect(svg.value(of: "visibility", on: stroke, after: [0, 1]) == "hidden", "path \(index) after the tap back")
            #expect(svg.value(of: "visibility", on: stroke, after: [0, 1, 0]) == "visible", "path \(index) after a second tap")
        }
    }

    @Test func aFillCutPerFrameEndsOnTheExactPoseOfEachState() throws {
        let timeline = try compiledTimeline(Self.scene)
        let svg = PlayedInteractiveSVG(SVGEmitter.interactive(timeline))
        func restingPath(_ state: String) throws -> String? {
            let pose = try #require(timeline.spans.first { $0.kind == .pose && $0.name == state })
            return try PlayedInteractiveSVG(SVGEmitter.snapshot(timeline, at: pose.start)).path(1).attributes["d"]
        }
        let disc = try svg.path(1)
        #expect(svg.value(of: "d", on: disc, after: [0]) == (try restingPath("drawn")))
        #expect(svg.value(of: "d", on: disc, after: [0, 1]) == (try restingPath("empty")))
    }

    @Test func opacityAndStrokeWidthFromZeroRestOnTheirStates() throws {
        let svg = PlayedInteractiveSVG(SVGEmitter.interactive(try compiledTimeline(Self.scene)))
        let fade = try svg.element(id: "fade")
        #expect(svg.value(of: "opacity", on: fade, after: [0]) == "1")
        #expect(svg.value(of: "opacity", on: fade, after: [0, 1]) == "0")
        let line = try svg.path(5)
        #expect(svg.value(of: "stroke-width", on: line, after: [0]) == "6")
        #expect(svg.value(of: "stroke-width", on: line, after: [0, 1]) == "0")
    }
}

/// A transition of 0s jumps: into a state that plays a timeline, its one frame shows where the
/// timeline starts (not the state's pose for a frame first); into a plain state, the drawing rests
/// on the new pose. In the IR (so in Lottie, dotLottie and the reel) and in the interactive SVG.
@Suite struct ZeroDurationTransitionTests {
    static let scene = "Tests/conformance/feature-scenes/zero-duration-transitions.yaml"

    @Test func theFrameOfAZeroTransitionShowsWhereThePlayedTimelineStarts() throws {
        let timeline = try compiledTimeline(Self.scene)
        let span = try #require(timeline.spans.first { $0.name == "idle->busy" })
        let dot = try #require(timeline.layers.first { $0.id == "dot" })
        #expect(span.end - span.start < 1.5 / timeline.fps, "one frame")
        #expect(dot.transform.opacity.value(at: span.start) == 0.2, "the timeline's first value, not the pose's 0.6")
        #expect(dot.transform.opacity.value(at: (span.start + span.end) / 2) == 0.2)
        // Lottie: the frame the transition's segment plays holds the same value.
        let lottie = LottieEmitter.emit(timeline)
        let frame = Double(Int((span.start * timeline.fps).rounded()))
        let keyframes = try #require(LoopSeamHoldTests.opacityKeyframes(lottie, layer: "dot"))
        let atFrame = keyframes.last { ($0["t"] as? Double ?? .infinity) <= frame }
        #expect((atFrame?["s"] as? [Double]) == [20], "\(String(describing: atFrame))")
    }

    @Test func theInteractiveSVGRestsOnEachStateAfterZeroTransitions() throws {
        let svg = PlayedInteractiveSVG(SVGEmitter.interactive(try compiledTimeline(Self.scene)))
        // Clip 0 plays `pulse` in busy; 1 is idle->busy, 2 busy->done, 3 done->idle.
        let dot = try svg.element(id: "dot"), bar = try svg.element(id: "bar")
        #expect(svg.value(of: "opacity", on: dot, after: [1]) == "0.2", "the 0s transition holds the timeline's start")
        #expect(svg.value(of: "opacity", on: dot, after: [1, 0]) == "0.6")
        #expect(svg.value(of: "opacity", on: bar, after: [1, 0, 2]) == "0.4", "a 0s transition into a plain state rests on it")
        #expect(svg.value(of: "opacity", on: bar, after: [1, 0, 2, 3]) == "1")
    }
}
