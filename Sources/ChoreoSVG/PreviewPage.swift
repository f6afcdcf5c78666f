import ChoreoJSON
import ChoreoTimeline
import Foundation

/// One self-contained, offline HTML page for a designer to look at a compiled timeline: the
/// interactive SVG on a stage (tap, press and hover it: it is the very SVG `--emit svg` writes,
/// with the same runtime script), the state machine as a diagram, speed, frame stepping, zoom,
/// backdrop, themes, and a filmstrip of every span at its key instants.
///
/// The page's HTML, CSS and JavaScript are resource files of this module (`Resources/preview.*`),
/// filled in here: `{{NAME}}` placeholders, each replaced once, in one pass.
///
/// Stable element ids for tests and tools: `#stage` (holds the interactive `<svg>`),
/// `#state-NAME` per state (goes to that state through the transitions), `#diagram`,
/// `#play-pause`, `#step-back`, `#step-forward`, `#speed`, `#frame`, `#time`, `#span`,
/// `#current-state`, `#filmstrip`, `#guides` (the bounds & anchors toggle, which draws
/// `#stage-guides` over the stage). The body's `data-state` mirrors the current state.
/// The preview page's HTML, CSS or JavaScript file, or the interactive SVG's runtime, was not
/// found: the binary was installed without `Choreo_ChoreoSVG.resources` beside it.
public struct PreviewAssetsMissing: Error, Sendable {
    public let name: String
    public let searched: [String]

    public var message: String {
        "choreo's resource \(name) is missing (looked in \(searched.joined(separator: ", "))); install Choreo_ChoreoSVG.resources next to the choreo binary"
    }
}

public enum PreviewPage {
    /// The page for `timeline`; `inputs` (`preview --input`) are set through the page API as it loads.
    public static func html(_ timeline: Timeline, inputs: [(name: String, value: InputValue)] = []) throws(PreviewAssetsMissing) -> String {
        var instants: [(label: String, time: Double, idPrefix: String)] = []
        for (spanIndex, span) in timeline.spans.enumerated() {
            for (frameIndex, instant) in keyInstants(timeline, span: span).enumerated() {
                let frame = Int((instant.time * timeline.fps).rounded())
                instants.append((
                    "\(span.name) · \(instant.reason) · frame \(frame) · \(formatNumber(instant.time)) s", instant.time,
                    "frame\(spanIndex)-\(frameIndex)-"))
            }
        }
        if instants.isEmpty { instants.append(("0 s", 0, "frame-")) }
        let frames = filmstrip(timeline, instants: instants)
        return try html(
            timeline, stageSVG: SVGEmitter.interactive(timeline, idPrefix: "stage-"), snapshots: frames,
            omittedStills: instants.count - frames.count, inputs: inputs)
    }

    /// The most bytes of stills the filmstrip holds. Every still draws the whole scene, so a
    /// scene of many copies with many spans asked for hundreds of megabytes of page; past this,
    /// the stills are thinned evenly across the page (the first always shown).
    public static let maximumFilmstripBytes = 16 << 20

    /// The stills of `instants`, all of them when they fit in `maximumFilmstripBytes` (judged
    /// from the first still's size), else as many as fit, evenly spread.
    static func filmstrip(
        _ timeline: Timeline, instants: [(label: String, time: Double, idPrefix: String)]
    ) -> [(label: String, svg: String)] {
        func still(_ index: Int) -> (label: String, svg: String) {
            (instants[index].label, SVGEmitter.snapshot(timeline, at: instants[index].time, idPrefix: instants[index].idPrefix))
        }
        let first = still(0)
        let perStill = max(1, first.svg.utf8.count)
        let count = min(instants.count, max(1, maximumFilmstripBytes / perStill))
        var frames = [first]
        var bytes = perStill
        for index in spread(count, of: instants.count).dropFirst() {
            let frame = still(index)
            // Stills of one scene differ only in their numbers, but the budget is kept whatever.
            bytes += frame.svg.utf8.count
            guard bytes <= maximumFilmstripBytes else { break }
            frames.append(frame)
        }
        return frames
    }

    /// `count` of the indices `0..<total`, evenly spread, the first always among them: which
    /// stills a filmstrip past its budget keeps (the preview's and `choreo diff --html`'s).
    package static func spread(_ count: Int, of total: Int) -> [Int] {
        let kept = min(max(count, 1), total)
        return (0..<kept).map { $0 * total / kept }
    }

    /// The page from parts: `stageSVG` and `snapshots` must use distinct XML id prefixes, since
    /// they share one document.
    /// `omittedStills` key instants had no room in the filmstrip; the page says so.
    public static func html(
        _ timeline: Timeline, stageSVG: String, snapshots: [(label: String, svg: String)], omittedStills: Int = 0,
        inputs: [(name: String, value: InputValue)] = []
    ) throws(PreviewAssetsMissing) -> String {
        var stateIds = IdAllocator(prefix: "state-")
        var stateButtons: [String] = []
        for state in timeline.stateMachine?.states ?? [] {
            let id = stateIds.make(state.name)
            let label = state.label.map { " <span class=\"a11y\">“\(xmlEscaped($0))”</span>" } ?? ""
            stateButtons.append(
                "<button type=\"button\" id=\"\(xmlEscaped(id))\" class=\"state\" data-state=\"\(xmlEscaped(state.name))\">\(xmlEscaped(state.name))\(label)</button>")
        }
        var themeOptions: [String] = []
        if let themes = timeline.themes {
            themeOptions.append("<option value=\"\">default</option>")
            for name in themes.names {
                themeOptions.append("<option value=\"\(xmlEscaped(SVGThemes.cssName(name)))\">\(xmlEscaped(name))</option>")
            }
        }
        var filmstrip = snapshots.map { frame in
            "<figure>\(frame.svg)<figcaption>\(xmlEscaped(frame.label))</figcaption></figure>"
        }
        if omittedStills > 0 {
            filmstrip.append(
                "<p class=\"filmstrip-note\">\(snapshots.count) of \(snapshots.count + omittedStills) key instants shown: the filmstrip holds at most \(maximumFilmstripBytes >> 20) MiB of stills</p>")
        }
        let values: [String: String] = [
            "TITLE": xmlEscaped(timeline.title),
            "NAME": xmlEscaped(timeline.name),
            "CSS": try resource("preview.css"),
            "JS": try resource("preview.js"),
            "DATA": pageData(timeline, inputs: inputs),
            "STAGE": stageSVG,
            "STATES": stateButtons.joined(separator: "\n"),
            "THEMES": themeOptions.joined(separator: "\n"),
            "FILMSTRIP": filmstrip.joined(separator: "\n"),
        ]
        return fill(try resource("preview.html"), with: values)
    }

    /// A JavaScript string literal that is also safe inside an HTML `<script>` element:
    /// `TextEscaping.javaScriptString`.
    static func jsString(_ text: String) -> String { TextEscaping.javaScriptString(text) }

    /// What the page's script needs beyond the stage SVG's own machine: a JavaScript literal.
    static func pageData(_ timeline: Timeline, inputs: [(name: String, value: InputValue)] = []) -> String {
        let spans = timeline.spans.map { span in
            "{name: \(jsString(span.name)), kind: \(jsString(span.kind.rawValue)), start: \(formatNumber(span.start, decimals: 6)), "
                + "end: \(formatNumber(span.end, decimals: 6)), loops: \(span.loops)}"
        }
        let machine = timeline.stateMachine.map { machine in
            let transitions = machine.transitions.map { t in
                "{name: \(jsString(t.name)), from: \(jsString(t.from)), to: \(jsString(t.to)), trigger: \(jsString(t.trigger.rawValue)), "
                    + "guard: \(t.guardCondition.map { jsString(guardText($0)) } ?? "null")}"
            }
            let states = machine.states.map { s in "{name: \(jsString(s.name)), label: \(s.label.map(jsString) ?? "null")}" }
            return "{initial: \(jsString(machine.initial)), states: [\(states.joined(separator: ", "))], transitions: [\(transitions.joined(separator: ", "))]}"
        }
        // The layout guides of each state at rest, and of the first frame (a scene without states).
        var guides = ["\"\": \(guidesLiteral(timeline, at: 0))"]
        for span in timeline.spans where span.kind == .pose {
            guides.append("\(jsKey(span.name)): \(guidesLiteral(timeline, at: span.start))")
        }
        return "{name: \(jsString(timeline.name)), title: \(jsString(timeline.title)), fps: \(formatNumber(timeline.fps, decimals: 6)), "
            + "spans: [\(spans.joined(separator: ", "))], machine: \(machine ?? "null"), guides: {\(guides.joined(separator: ", "))}"
            + (inputs.isEmpty ? "" : ", inputs: [" + inputs.map { "{name: \(jsString($0.name)), value: \(InteractiveInputs.value($0.value))}" }.joined(separator: ", ") + "]")
            + "}"
    }

    /// A `when:` guard as the scene language writes it (`progress >= 1 and not failed`): `and`
    /// binds tighter than `or`, and a bare input stands for `input == true`.
    static func guardText(_ condition: TransitionGuard) -> String {
        func operand(_ value: GuardOperand) -> String {
            switch value {
            case let .input(name): return name
            case let .literal(.boolean(flag)): return flag ? "true" : "false"
            case let .literal(.number(number)): return formatNumber(number)
            case let .literal(.string(text)): return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            case let .literal(.color(color)): return "\"" + color.hexText + "\""
            }
        }
        /// `level`: 0 inside an `or`, 1 inside an `and`, 2 after `not`.
        func text(_ condition: TransitionGuard, level: Int) -> String {
            switch condition {
            case let .compare(.input(name), .equal, .literal(.boolean(true))):
                return name
            case let .compare(left, comparison, right):
                let written = "\(operand(left)) \(comparison.rawValue) \(operand(right))"
                return level >= 2 ? "(\(written))" : written
            case let .not(inner):
                return "not " + text(inner, level: 2)
            case let .all(parts):
                let written = parts.map { text($0, level: 1) }.joined(separator: " and ")
                return level >= 2 && parts.count > 1 ? "(\(written))" : written
            case let .any(parts):
                let written = parts.map { text($0, level: 0) }.joined(separator: " or ")
                return level >= 1 && parts.count > 1 ? "(\(written))" : written
            }
        }
        return text(condition, level: 0)
    }

    /// Where `position` and `anchor` put a node: its box on the canvas (around its outline, as
    /// placed, copies and children included) and its anchor point on the canvas.
    struct LayoutGuide: Equatable {
        var id: String
        var minX, minY, maxX, maxY: Double
        var anchor: Point
    }

    /// Every node's guide at `time`, parents before their children.
    static func layoutGuides(_ timeline: Timeline, at time: Double) -> [LayoutGuide] {
        var guides: [LayoutGuide] = []
        /// The node's canvas box (nil for an empty group), adding its guide and its children's.
        func visit(_ node: Node, parent: ChoreoTimeline.AffineTransform) -> (Double, Double, Double, Double)? {
            let matrix = parent.concatenating(node.transform.matrix(at: time))
            let copies = (0..<max(1, node.repeat?.count ?? 1)).map { matrix.concatenating(node.repeat?.matrix(ofCopy: $0) ?? ChoreoTimeline.AffineTransform.identity) }
            var box: (Double, Double, Double, Double)?
            func include(_ p: Point) {
                box = box.map { (min($0.0, p.x), min($0.1, p.y), max($0.2, p.x), max($0.3, p.y)) } ?? (p.x, p.y, p.x, p.y)
            }
            let index = guides.count
            switch node.content {
            case let .shape(geometry, _):
                let outline = geometry.outline(at: time)
                for copy in copies {
                    for contour in outline.contours {
                        for vertex in contour.vertices {
                            // The control points bound the curve.
                            for point in [vertex.point, vertex.point + vertex.inTangent, vertex.point + vertex.outTangent] { include(copy.apply(point)) }
                        }
                    }
                }
            case let .group(children):
                guides.append(LayoutGuide(id: node.id, minX: 0, minY: 0, maxX: 0, maxY: 0, anchor: .zero))
                for copy in copies {
                    for child in children {
                        if let childBox = visit(child, parent: copy) {
                            include(Point(childBox.0, childBox.1))
                            include(Point(childBox.2, childBox.3))
                        }
                    }
                }
            }
            let anchor = matrix.apply(node.transform.anchor.value(at: time))
            let guide = LayoutGuide(id: node.id, minX: box?.0 ?? anchor.x, minY: box?.1 ?? anchor.y, maxX: box?.2 ?? anchor.x, maxY: box?.3 ?? anchor.y, anchor: anchor)
            if case .group = node.content { guides[index] = guide } else { guides.append(guide) }
            return box
        }
        for layer in timeline.layers { _ = visit(layer, parent: ChoreoTimeline.AffineTransform.identity) }
        return guides
    }

    /// `layoutGuides` as a JavaScript array of `{id, box: [minX, minY, maxX, maxY], anchor: [x, y]}`.
    static func guidesLiteral(_ timeline: Timeline, at time: Double) -> String {
        func n(_ value: Double) -> String { formatNumber(value) }
        let items = layoutGuides(timeline, at: time).map { g in
            "{id: \(jsString(g.id)), box: [\(n(g.minX)), \(n(g.minY)), \(n(g.maxX)), \(n(g.maxY))], anchor: [\(n(g.anchor.x)), \(n(g.anchor.y))]}"
        }
        return "[\(items.joined(separator: ", "))]"
    }

    /// `template` with every `{{KEY}}` of `values` replaced, in one pass (a value that contains
    /// `{{…}}` stays as it is); unknown keys stay too.
    static func fill(_ template: String, with values: [String: String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                rest = rest[open.lowerBound...]
                break
            }
            let key = String(rest[open.upperBound..<close.lowerBound])
            if let value = values[key] {
                result += value
            } else {
                result += rest[open.lowerBound..<close.upperBound]
            }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// A resource file of this module (`Resources/preview.*`, copied by SwiftPM into
    /// `Choreo_ChoreoSVG.resources` next to the binary). A missing file is a broken installation,
    /// reported as an error: SwiftPM's generated `Bundle.module` would stop the process instead.
    static func resource(_ name: String) throws(PreviewAssetsMissing) -> String {
        for directory in resourceDirectories {
            if let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) { return text }
        }
        throw PreviewAssetsMissing(name: name, searched: resourceDirectories.map(\.path))
    }

    /// Where the resources may be: beside the running binary (as `swift build` lays them out, and
    /// as an installation must copy them), then the source checkout the binary was built from.
    private static let resourceDirectories: [URL] = {
        let bundleName = "Choreo_ChoreoSVG.resources"
        var directories: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            directories.append(executable.deletingLastPathComponent().appendingPathComponent(bundleName).appendingPathComponent("Resources"))
        }
        directories.append(Bundle.main.bundleURL.appendingPathComponent(bundleName).appendingPathComponent("Resources"))
        directories.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources"))
        return directories
    }()

    // MARK: Filmstrip

    /// An instant the filmstrip shows, and why.
    package struct KeyInstant: Equatable {
        package var time: Double
        package var reason: String
    }

    /// Most frames a span's filmstrip shows; more key instants are thinned evenly.
    static let maximumFramesPerSpan = 8

    /// The instants worth a still in `span`: its first frame, every keyframe and tween boundary
    /// of any property inside it, the turning points of every overshooting easing (the peaks),
    /// and its last frame; on whole frames, without repeats. A pose is one frame.
    package static func keyInstants(_ timeline: Timeline, span: Span) -> [KeyInstant] {
        let fps = max(timeline.fps, 1)
        guard span.kind != .pose, span.end > span.start else { return [KeyInstant(time: span.start, reason: "pose")] }
        let last = max(span.start, span.end - 1 / fps)
        var candidates: [KeyInstant] = [KeyInstant(time: span.start, reason: "start")]
        var inner: [KeyInstant] = []
        for timing in allTimings(timeline.layers) where timing.moves && timing.end > span.start && timing.start < span.end {
            for boundary in [timing.start, timing.end] where boundary > span.start && boundary < last {
                inner.append(KeyInstant(time: boundary, reason: "key"))
            }
            let length = timing.end - timing.start
            for fraction in overshootPeaks(timing.easing) where length > 0 {
                let time = timing.start + fraction * length
                if time > span.start && time < last { inner.append(KeyInstant(time: time, reason: "peak")) }
            }
        }
        // A peak wins over a boundary on the same frame: it says more about the motion.
        inner.sort { ($0.time, $0.reason == "peak" ? 0 : 1) < ($1.time, $1.reason == "peak" ? 0 : 1) }
        candidates += inner
        candidates.append(KeyInstant(time: last, reason: "end"))
        var unique: [KeyInstant] = []
        var frames = Set<Int>()
        for candidate in candidates {
            let frame = Int((candidate.time * fps).rounded())
            guard frames.insert(frame).inserted else { continue }
            unique.append(KeyInstant(time: Double(frame) / fps, reason: candidate.reason))
        }
        unique.sort { $0.time < $1.time }
        guard unique.count > maximumFramesPerSpan else { return unique }
        let middle = Array(unique.dropFirst().dropLast())
        let keep = maximumFramesPerSpan - 2
        let picked = (0..<keep).map { middle[Int((Double($0) + 0.5) * Double(middle.count) / Double(keep))] }
        return [unique[0]] + picked + [unique[unique.count - 1]]
    }

    /// Fractions of an easing's duration where it turns back (a cubic Bézier whose progress
    /// leaves 0…1).
    static func overshootPeaks(_ easing: Easing) -> [Double] {
        guard case let .cubic(x1, y1, x2, y2) = easing else { return [] }
        let curve = CubicBezierCurve(x1, y1, x2, y2)
        return yTurningParameters(y1, y2).map { curve.point(at: $0).x }.sorted()
    }

    /// The segment timings of every track below `nodes`, from the one walk over a node's tracks,
    /// so a track the IR gains is in the filmstrip without a change here.
    static func allTimings(_ nodes: [Node]) -> [SegmentTiming] {
        var collector = TimingCollector()
        func visit(_ node: Node) {
            node.visitOwnTracks(&collector)
            if case let .group(children) = node.content { children.forEach(visit) }
        }
        nodes.forEach(visit)
        return collector.timings
    }
}

private struct TimingCollector: TrackVisitor {
    var timings: [SegmentTiming] = []

    mutating func visit<Value: Interpolatable>(_ track: Animated<Value>, at place: TrackPlace) {
        timings += track.timings
    }
}
