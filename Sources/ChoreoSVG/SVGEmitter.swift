import ChoreoJSON
import ChoreoTimeline

/// SVG from a compiled timeline: animated (SMIL) for the whole global timeline, or a still snapshot.
///
/// Both are SVG 1.1 that librsvg, cairosvg, ThorVG and Chromium draw alike: absolute path data,
/// one `<g>` per transform step that moves, gradients in `<defs>` in user space, and every stroke
/// property written out (SVG's miter limit default of 4 is not SwiftUI's 10).
public enum SVGEmitter {
    /// Why interactive SVGs cannot be written, if they cannot: their runtime (`interactive.js`,
    /// in the resource bundle beside the binary) is missing. A program checks this before it
    /// writes one.
    public static var runtimeMissing: PreviewAssetsMissing? {
        guard InteractiveSVG.runtimeSource == nil else { return nil }
        do throws(PreviewAssetsMissing) {
            _ = try PreviewPage.resource(InteractiveSVG.runtimeFile)
            return nil
        } catch {
            return error
        }
    }

    /// The reel: every animated property of the timeline becomes an `<animate>` or
    /// `<animateTransform>` lasting the whole global timeline and repeating forever, every pose,
    /// transition and timeline in turn (for READMEs and demos). Under
    /// `prefers-reduced-motion: reduce` a still copy of the pose at time 0 is shown instead.
    ///
    /// `idPrefix` is put before every XML id, so that several SVGs can share one HTML page.
    public static func animated(_ timeline: Timeline, idPrefix: String = "") -> String {
        String(decoding: animatedBytes(timeline, idPrefix: idPrefix), as: UTF8.self)
    }

    /// `animated` as UTF-8, written straight into one buffer as the timeline is walked.
    public static func animatedBytes(_ timeline: Timeline, idPrefix: String = "") -> [UInt8] {
        animatedDocument(timeline, idPrefix: idPrefix, output: nil)
    }

    /// `animatedBytes` handed to `output` in pieces, in order: the parts drawn before the
    /// document is put together (the drawing, most of it) are handed on, not copied into one
    /// buffer with the rest (`choreo compile` writes its files this way).
    public static func animated(_ timeline: Timeline, idPrefix: String = "", to output: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        handOn(animatedDocument(timeline, idPrefix: idPrefix, output: output), to: output)
    }

    /// The document, or with an `output` the part not yet handed to it.
    private static func animatedDocument(_ timeline: Timeline, idPrefix: String, output: ((UnsafeBufferPointer<UInt8>) -> Void)?) -> [UInt8] {
        guard !timeline.isStatic, timeline.duration > 0 else {
            return snapshotBytes(timeline, at: 0, idPrefix: idPrefix)
        }
        let played = PlayedSpan(start: 0, end: timeline.duration, begin: nil, stop: nil, loops: true)
        return selfPlaying(timeline, played: played, reducedMotionStill: 0, idPrefix: idPrefix, output: output)
    }

    private static func handOn(_ rest: [UInt8], to output: (UnsafeBufferPointer<UInt8>) -> Void) {
        if !rest.isEmpty { rest.withUnsafeBufferPointer { output($0) } }
    }

    /// The interactive SVG: at rest it shows the initial state's pose, and pointer input fires the
    /// scene's triggers (see `InteractiveSVG`). A scene without states plays its first timeline
    /// from load instead, looping if the timeline loops, else once, holding its last frame; under
    /// reduced motion it shows the Lottie's reduced-motion still (`Timeline.reducedMotionStill`),
    /// or plays as usual where that timeline says `same`.
    public static func interactive(_ timeline: Timeline, idPrefix: String = "") -> String {
        String(decoding: interactiveBytes(timeline, idPrefix: idPrefix), as: UTF8.self)
    }

    /// `interactive` as UTF-8, written straight into one buffer as the timeline is walked.
    public static func interactiveBytes(_ timeline: Timeline, idPrefix: String = "") -> [UInt8] {
        interactiveDocument(timeline, idPrefix: idPrefix, output: nil)
    }

    /// `interactiveBytes` handed to `output` in pieces, in order, as `animated(_:idPrefix:to:)`.
    public static func interactive(_ timeline: Timeline, idPrefix: String = "", to output: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        handOn(interactiveDocument(timeline, idPrefix: idPrefix, output: output), to: output)
    }

    /// The document, or with an `output` the part not yet handed to it.
    private static func interactiveDocument(_ timeline: Timeline, idPrefix: String, output: ((UnsafeBufferPointer<UInt8>) -> Void)?) -> [UInt8] {
        guard !timeline.isStatic, timeline.duration > 0 else {
            return snapshotBytes(timeline, at: 0, idPrefix: idPrefix)
        }
        if let machine = InteractiveMachine(timeline) {
            return InteractiveSVG.document(timeline, machine: machine, idPrefix: idPrefix, output: output)
        }
        guard let first = timeline.spans.first(where: { $0.kind == .timeline && $0.end > $0.start }) else {
            return snapshotBytes(timeline, at: 0, idPrefix: idPrefix)
        }
        let played = PlayedSpan(start: first.start, end: first.end, begin: nil, stop: nil, loops: first.loops)
        return selfPlaying(timeline, played: played, reducedMotionStill: timeline.reducedMotionStill, idPrefix: idPrefix, output: output)
    }

    /// An SVG playing one span from load, with a still copy at `reducedMotionStill` shown instead
    /// under reduced motion (none, and no swap, when it is nil).
    private static func selfPlaying(
        _ timeline: Timeline, played: PlayedSpan, reducedMotionStill: Double?, idPrefix: String,
        output: ((UnsafeBufferPointer<UInt8>) -> Void)?
    ) -> [UInt8] {
        var renderer = SceneRenderer(fps: timeline.fps, idPrefix: idPrefix, baseTime: played.start, playedSpans: [played])
        // Drawn first, written after the definitions it collects: into a buffer of its own.
        var motion = MarkupWriter.drawing(depth: 2)
        for layer in timeline.layers { renderer.render(layer, into: &motion) }
        guard let stillTime = reducedMotionStill else {
            let capacity = motion.byteCount + renderer.definitions.byteCount + 4096
            return document(timeline, capacity: capacity, output: output) { out in
                out.definitions(renderer.definitions)
                writeBackground(timeline, into: &out)
                out.start("g")
                out.attribute("class", "choreo-motion")
                out.children(motion)
                out.end()
            }
        }
        var stillRenderer = SceneRenderer(fps: timeline.fps, idPrefix: idPrefix + "still-", baseTime: stillTime)
        var still = MarkupWriter.drawing(depth: 2)
        for layer in timeline.layers { stillRenderer.render(layer, into: &still) }
        let pose = stillTime == 0 ? "the pose at time 0" : "the pose it comes to rest in"
        let css = """
            /* SMIL cannot be paused from CSS, so reduced motion swaps the animated copy for a still \
            copy of \(pose): CSS display beats the display="none" presentation \
            attribute on the still copy, and renderers without CSS keep the animated copy. */ \
            @media (prefers-reduced-motion: reduce) { .choreo-motion { display: none } .choreo-still { display: inline } }
            """
        let capacity = motion.byteCount + still.byteCount + renderer.definitions.byteCount + stillRenderer.definitions.byteCount + 4096
        return document(timeline, capacity: capacity, output: output) { out in
            out.element(Markup("style", [("type", "text/css")], raw: css))
            out.definitions(renderer.definitions, stillRenderer.definitions)
            writeBackground(timeline, into: &out)
            out.start("g")
            out.attribute("class", "choreo-motion")
            out.children(motion)
            out.end()
            out.start("g")
            out.attribute("class", "choreo-still")
            out.attribute("display", "none")
            out.children(still)
            out.end()
        }
    }

    /// The scene frozen at `time`: no animation elements.
    public static func snapshot(_ timeline: Timeline, at time: Double, idPrefix: String = "") -> String {
        String(decoding: snapshotBytes(timeline, at: time, idPrefix: idPrefix), as: UTF8.self)
    }

    /// `snapshot` as UTF-8.
    public static func snapshotBytes(_ timeline: Timeline, at time: Double, idPrefix: String = "") -> [UInt8] {
        var renderer = SceneRenderer(fps: timeline.fps, idPrefix: idPrefix, baseTime: time)
        var layers = MarkupWriter.drawing(depth: 1)
        for layer in timeline.layers { renderer.render(layer, into: &layers) }
        return document(timeline, capacity: layers.byteCount + renderer.definitions.byteCount + 4096) { out in
            out.definitions(renderer.definitions)
            writeBackground(timeline, into: &out)
            out.children(layers)
        }
    }

    /// The `<svg>` root with its `<title>` and theme `<style>` first, then what `body` writes.
    /// With an `output`, handed to it as it is put together (nothing is returned).
    static func document(
        _ timeline: Timeline, rootAttributes: [(String, String)] = [], capacity: Int = 4096,
        output: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil, body: (inout MarkupWriter) -> Void
    ) -> [UInt8] {
        let width = formatNumber(timeline.width), height = formatNumber(timeline.height)
        var out = output.map { MarkupWriter(output: $0) } ?? MarkupWriter(capacity: capacity)
        out.start("svg")
        out.attributes(
            [("xmlns", "http://www.w3.org/2000/svg"), ("version", "1.1"), ("width", width), ("height", height),
             ("viewBox", "0 0 \(width) \(height)"), ("role", "img")] + rootAttributes)
        out.element(Markup("title", text: timeline.title))
        if let style = SVGThemes.style(timeline) { out.element(style) }
        body(&out)
        out.end()
        out.handOn()
        return out.takeBytes()
    }

    /// The background `<rect>`, if the scene has a background.
    static func writeBackground(_ timeline: Timeline, into out: inout MarkupWriter) {
        guard let background = timeline.background else { return }
        var attributes: [ShapeAttribute] = [
            ("x", .text("0")), ("y", .text("0")), ("width", .number(timeline.width)), ("height", .number(timeline.height)),
            ("fill", .color(background)),
        ]
        if let themed = SVGThemes.paintClass("fill", Animated(background, slot: timeline.backgroundSlot)) {
            SVGThemes.addClass(themed, to: &attributes)
        }
        if background.a < 1 { attributes.append(("fill-opacity", .opacity(background.a))) }
        out.start("rect")
        for (name, value) in attributes { value.write(name, into: &out) }
        out.end()
    }
}

/// A stretch of the global timeline that the SVG plays as one group of SMIL animations: the whole
/// timeline looping (the reel), a transition played once, a state's played timeline. It is a
/// `Span` of the timeline with the clock that plays it; "clip" is a clip shape's word. (The
/// interactive runtime's script still names its field `clip`: that is output, kept as it is.)
struct PlayedSpan {
    var start: Double
    var end: Double
    /// `begin` (nil: at load), and `end` if the played span can be stopped early.
    var begin: String?
    var stop: String?
    var loops: Bool
    /// Played spans whose moving properties this played span writes too, held at their values at its start if
    /// it does not move them itself: a transition leaving a state that plays a timeline must
    /// cover whatever that timeline left frozen.
    var covers: [Int] = []
    /// The instant of the global timeline whose values are in effect as the played span begins (the pose
    /// of the state it leaves or plays in), when that is not `start`: a property the played span holds
    /// still is written when it holds a value other than that one (a transition shorter than a
    /// frame jumps at its start, so its start already shows where it goes).
    var restTime: Double? = nil

    var duration: Double { end - start }

    /// The SMIL timing attributes of every animation of the played span.
    var timing: [(String, String)] {
        var result: [(String, String)] = []
        if let begin { result.append(("begin", begin)) }
        if let stop { result.append(("end", stop)) }
        result.append(("dur", durationText(duration) + "s"))
        result.append(loops ? ("repeatCount", "indefinite") : ("fill", "freeze"))
        return result
    }
}

/// What every animation of one played span shares, made once per played span rather than per animation: its
/// timing attributes as written, and the duration its key times are fractions of.
struct SpanTiming {
    let duration: Double
    /// `duration` as `dur` says it (see `appendKeyTimes`).
    let writtenDuration: Double
    /// ` begin="…" … dur="…s" repeatCount="indefinite"` (or `fill="freeze"`), escaped.
    let attributes: [UInt8]

    init(_ played: PlayedSpan) {
        duration = played.duration
        writtenDuration = ChoreoSVG.writtenDuration(played.duration)
        var bytes: [UInt8] = []
        for (name, value) in played.timing {
            bytes.append(UInt8(ascii: " "))
            bytes.append(contentsOf: name.utf8)
            bytes.append(UInt8(ascii: "="))
            bytes.append(UInt8(ascii: "\""))
            TextEscaping.appendXML(value, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        attributes = bytes
    }
}

/// The attribute an animation element moves: `<animate attributeName="NAME"` or
/// `<animateTransform attributeName="transform" type="TYPE"`.
enum AnimationTarget {
    case attribute(String)
    case transform(String)

    /// The element's start, up to its timing attributes (the names need no escaping).
    func appendHead(to out: inout [UInt8]) {
        switch self {
        case let .attribute(name):
            out.append(contentsOf: #"<animate attributeName=""#.utf8)
            out.append(contentsOf: name.utf8)
        case let .transform(type):
            out.append(contentsOf: #"<animateTransform attributeName="transform" type=""#.utf8)
            out.append(contentsOf: type.utf8)
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// Animation elements (`<animate …/>`, `<animateTransform …/>`), each written as one line of bytes
/// (without its indentation) when it is made, and copied later where its element's children go:
/// they are made before their element is written, since whether there are any decides the
/// element's attributes and a transform's `<g>` levels. No tree, no `String` per value.
struct AnimationList {
    private(set) var bytes: [UInt8] = []
    /// Where each element starts in `bytes`; each ends with its line break.
    private(set) var starts: [Int] = []

    var isEmpty: Bool { starts.isEmpty }

    var count: Int { starts.count }

    /// The bytes of the element at `index`, line break included.
    func element(_ index: Int) -> ArraySlice<UInt8> {
        bytes[starts[index]..<(index + 1 < starts.count ? starts[index + 1] : bytes.count)]
    }

    mutating func append(_ target: AnimationTarget, keyframes: SMILKeyframes, timing: SpanTiming) {
        // The element's size, near enough, so that it is copied once, not grown step by step.
        let size = 200 + timing.attributes.count + keyframes.values.bytes.count + (keyframes.keySplines?.bytes.count ?? 0)
            + keyframes.keyTimes.count * 8
        if bytes.count + size > bytes.capacity { bytes.reserveCapacity(max(bytes.count + size, 2 * bytes.capacity)) }
        starts.append(bytes.count)
        target.appendHead(to: &bytes)
        keyframes.appendAttributes(timing: timing, to: &bytes)
        bytes.append(UInt8(ascii: "/"))
        bytes.append(UInt8(ascii: ">"))
        bytes.append(UInt8(ascii: "\n"))
    }

    mutating func append(contentsOf other: AnimationList) {
        for start in other.starts { starts.append(bytes.count + start) }
        bytes.append(contentsOf: other.bytes)
    }
}

/// A shape's attribute after `d`: numbers and colours are kept as values and written straight into
/// the buffer, not made into `String`s first.
typealias ShapeAttribute = (String, AttributeValue)

enum AttributeValue {
    /// Text, escaped when written.
    case text(String)
    /// `formatNumber`'s digits.
    case number(Double)
    /// Numbers separated by spaces (a dash pattern).
    case numbers([Double])
    case color(RGBA)
    case opacity(Double)

    func write(_ name: String, into out: inout MarkupWriter) {
        switch self {
        case let .text(text): out.attribute(name, text)
        case let .number(value): out.attribute(name, number: value)
        case let .numbers(values):
            out.attribute(name) { bytes in
                for (index, value) in values.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: " ")) }
                    appendSVGNumber(value, to: &bytes)
                }
            }
        case let .color(color): out.attribute(name) { appendSVGColor(color, to: &$0) }
        case let .opacity(alpha): out.attribute(name) { appendSVGOpacity(alpha, to: &$0) }
        }
    }
}

/// Renders nodes: base attribute values at `baseTime`, and for every played span an `<animate>` child per
/// property that moves in it. Without played spans it draws the scene frozen at `baseTime` (a snapshot,
/// the same as `Timeline.frozen(at:)` drawn, without copying the timeline): every track is read
/// there and counts as still.
struct SceneRenderer {
    let fps: Double
    let baseTime: Double
    let playedSpans: [PlayedSpan]
    private let spanTimings: [SpanTiming]
    var ids: IdAllocator
    /// Gradients and clip paths in document order, written as children of `<defs>` (depth 2).
    var definitions = MarkupWriter(depth: 2, capacity: 0)

    init(fps: Double, idPrefix: String, baseTime: Double = 0, playedSpans: [PlayedSpan] = []) {
        self.fps = fps
        self.baseTime = baseTime
        self.playedSpans = playedSpans
        self.spanTimings = playedSpans.map(SpanTiming.init)
        self.ids = IdAllocator(prefix: idPrefix)
    }

    private var animates: Bool { !playedSpans.isEmpty }

    // MARK: Tracks to SMIL

    /// One animation element per played span in which `frames` moves (and per played span covering one where it
    /// moves, held at `held(played.start)`), added to `list`.
    private func spanAnimations(
        _ target: AnimationTarget, into list: inout AnimationList, frames: (Int) -> SMILKeyframes?,
        held: (Double, inout [UInt8]) -> Void
    ) {
        guard animates else { return }
        if playedSpans.count == 1 && playedSpans[0].covers.isEmpty {
            // The reel: one played span, nothing to cover.
            if let keyframes = frames(0) { list.append(target, keyframes: keyframes, timing: spanTimings[0]) }
            return
        }
        let perSpan = playedSpans.indices.map(frames)
        for (index, played) in playedSpans.enumerated() {
            var keyframes = perSpan[index]
            if keyframes == nil, played.covers.contains(where: { perSpan[$0] != nil }) || holdsAnotherValue(played, held) {
                var values = TextList()
                values.append { held(played.start, &$0) }
                values.appendLastAgain()
                keyframes = SMILKeyframes(keyTimes: [0, 1], values: values, keySplines: nil, discrete: false)
            }
            if let keyframes { list.append(target, keyframes: keyframes, timing: spanTimings[index]) }
        }
    }

    /// The `d` of a moving outline: per played span, its pieces between the span's ends, written as
    /// curves only so that every keyframe has the same commands (SMIL interpolates path data only then).
    private func pathDataAnimations(
        into list: inout AnimationList, timings: [[SegmentTiming]], value: (Double) -> PathShape, leftValue: (Double) -> PathShape
    ) {
        spanAnimations(
            .attribute("d"), into: &list,
            frames: { index in
                let played = playedSpans[index]
                let shapes = combinedPieces(
                    timings: timings, start: played.start, end: played.end, fps: fps, tolerance: 0.25, value: value, leftValue: leftValue)
                return smilKeyframes(shapes, duration: played.duration, format: { appendSVGPathData($0, curvesOnly: true, to: &$1) })
            },
            held: { appendSVGPathData(value($0), curvesOnly: true, to: &$1) })
    }

    /// Discrete keyframes of a value the played span at `index` derives from its tracks (`texts[i]` from
    /// `times[i]`, seconds into the played span; `atRest(t)` is the value the pose at rest at `t` shows).
    /// Unlike a track's own values, a derived value need not start where the drawing rests, since a
    /// trim growing from nothing is visible from its first instant while the empty pose at rest is
    /// hidden, and a bake per frame or per piece stops short of the pose the played span ends on. So a
    /// played span that plays once ends on its end pose's value, and a value that does not change within
    /// the played span is still written when it is not the one in effect as the played span begins (otherwise
    /// the attribute at rest, or another played span's frozen value, would stay in force).
    private func discreteClipKeyframes(
        _ index: Int, times: [Double], texts: TextList, atRest: (Double, inout [UInt8]) -> Void
    ) -> SMILKeyframes? {
        let played = playedSpans[index]
        var times = times, texts = texts
        if !played.loops {
            times.append(played.duration)
            texts.append { atRest(played.end, &$0) }
        }
        if let keyframes = discreteKeyframes(times: times, texts: texts, duration: played.duration) { return keyframes }
        guard played.duration > 0, !texts.isEmpty, playedSpans.count > 1 || played.begin != nil else { return nil }
        var inEffect: [UInt8] = []
        atRest(played.restTime ?? played.start, &inEffect)
        guard !texts.text(0, equals: inEffect) else { return nil }
        var values = TextList()
        values.append(Array(texts.text(0)))
        values.appendLastAgain()
        return SMILKeyframes(keyTimes: [0, 1], values: values, keySplines: nil, discrete: true)
    }

    /// Whether a played span in which a value stays still holds another value than the one in effect as
    /// it begins (`PlayedSpan.restTime`).
    private func holdsAnotherValue(_ played: PlayedSpan, _ held: (Double, inout [UInt8]) -> Void) -> Bool {
        guard let restTime = played.restTime, played.duration > 0 else { return false }
        var during: [UInt8] = [], before: [UInt8] = []
        held(played.start, &during)
        held(restTime, &before)
        return during != before
    }

    /// The animations of one track, one per played span it moves in (see `spanAnimations`).
    func animations<Value: SVGAnimatable>(
        _ target: AnimationTarget, _ track: Animated<Value>, into list: inout AnimationList, format: (Value, inout [UInt8]) -> Void
    ) {
        guard track.isAnimated else { return }
        spanAnimations(
            target, into: &list,
            frames: { index in
                let played = playedSpans[index]
                return smilKeyframes(pieces(of: track, start: played.start, end: played.end, fps: fps), duration: played.duration, format: format)
            },
            held: { format(track.value(at: $0), &$1) })
    }

    /// `animations` of one attribute or transform, as a list of their own.
    private func animations<Value: SVGAnimatable>(
        _ target: AnimationTarget, _ track: Animated<Value>, format: (Value, inout [UInt8]) -> Void
    ) -> AnimationList {
        var list = AnimationList()
        animations(target, track, into: &list, format: format)
        return list
    }

    // MARK: Nodes

    /// Writes a node: its `<g>` (and one per further transform step that moves), its content.
    mutating func render(_ node: Node, into out: inout MarkupWriter) {
        if let effects = node.effects {
            out.start("g")
            out.attribute("filter", "url(#\(effectsFilter(node, effects)))")
            var plain = node
            plain.effects = nil
            render(plain, into: &out)
            out.end()
            return
        }
        let id = ids.make(node.id)
        let placement = self.placement(node.transform)
        out.start("g")
        out.attribute("id", id)
        if let name = node.accessibleName {
            out.attribute("role", "img")
            out.attribute("aria-label", name)
        }
        if let first = placement.levels.first { out.attribute("transform") { appendTransformList(first.texts, to: &$0) } }
        if let opacity = placement.opacity { out.attribute("opacity") { appendSVGOpacity(opacity, to: &$0) } }
        out.animations(placement.opacityAnimations)
        if let first = placement.levels.first { out.animations(first.animations) }
        for level in placement.levels.dropFirst() {
            out.start("g")
            out.attribute("transform") { appendTransformList(level.texts, to: &$0) }
            out.animations(level.animations)
        }
        if let clip = node.clip {
            // In the node's local coordinates: inside its transform, around its copies and
            // children. The clip's id is made after the content's ids (as the content is drawn
            // first), so the content is written into a buffer of its own first.
            var clipped = MarkupWriter(depth: out.currentDepth + 1)
            renderCopies(node, into: &clipped)
            let clipId = ids.make("\(node.id)-clip")
            clipPath(clip, id: clipId)
            out.start("g")
            out.attribute("clip-path", "url(#\(clipId))")
            out.children(clipped)
            out.end()
        } else {
            renderCopies(node, into: &out)
        }
        for _ in placement.levels.dropFirst() { out.end() }
        out.end()
    }

    /// The node's content, or one `<g>` per copy of it.
    private mutating func renderCopies(_ node: Node, into out: inout MarkupWriter) {
        if let repeater = node.repeat, repeater.count > 0 {
            for index in 0..<repeater.count {
                out.start("g")
                if index > 0 {
                    let m = repeater.matrix(ofCopy: index)
                    out.attribute("transform") { bytes in
                        bytes.append(contentsOf: "matrix(".utf8)
                        for (position, value) in [m.a, m.b, m.c, m.d, m.tx, m.ty].enumerated() {
                            if position > 0 { bytes.append(UInt8(ascii: " ")) }
                            appendFormattedNumber(value, decimals: 6, to: &bytes)
                        }
                        bytes.append(UInt8(ascii: ")"))
                    }
                }
                let opacity = repeater.opacity(ofCopy: index)
                if opacity < 1 { out.attribute("opacity") { appendSVGOpacity(opacity, to: &$0) } }
                let name = index == 0 ? node.id : "\(node.id)-copy\(index)"
                renderContent(node, name: name, into: &out)
                out.end()
            }
        } else {
            renderContent(node, name: node.id, into: &out)
        }
    }

    /// A `<clipPath>` holding the clip's outline with its transform applied (a clip path's children
    /// cannot be `<g>`s, so the transform is baked into the path data), animated like a shape's
    /// `d`, added to the definitions. Each contour is a `<path>` of its own: a clipPath shows the
    /// union of its children, which is what a clip of several contours means (one path of them
    /// all would be filled nonzero, and a contour inside another turning the other way would cut
    /// a hole). The contours are also turned one way, as they are at the base time: librsvg 2.54
    /// joins a clipPath's children into one path filled by one rule, which is their union only then.
    private mutating func clipPath(_ clip: ClipShape, id: String) {
        let outlines = ClipOutlines(clip: clip)
        let moves = animates && clip.isAnimated
        let base = outlines.value(at: baseTime, normalised: moves).contours
        let count = max(1, base.count)
        let turned = base.map { turnsBackward($0) }
        func part(_ shape: PathShape, _ index: Int) -> PathShape {
            guard count > 1 else { return shape }
            guard index < shape.contours.count else { return PathShape([]) }
            let contour = shape.contours[index]
            return PathShape([turned[index] ? reversedContour(contour) : contour])
        }
        definitions.start("clipPath")
        definitions.attribute("id", id)
        definitions.attribute("clipPathUnits", "userSpaceOnUse")
        for index in 0..<count {
            var animations = AnimationList()
            if moves {
                pathDataAnimations(
                    into: &animations, timings: outlines.timings,
                    value: { part(outlines.value(at: $0, normalised: true), index) },
                    leftValue: { part(outlines.leftValue(at: $0, normalised: true), index) })
            }
            definitions.start("path")
            definitions.attribute("d") {
                appendSVGPathData(part(outlines.value(at: baseTime, normalised: moves), index), curvesOnly: moves, to: &$0)
            }
            definitions.attribute("clip-rule", "nonzero")
            definitions.animations(animations)
            definitions.end()
        }
        definitions.end()
    }

    /// `name` (the node id, or the copy's) names the node's gradients.
    private mutating func renderContent(_ node: Node, name: String, into out: inout MarkupWriter) {
        switch node.content {
        case let .shape(geometry, style): shape(geometry, style, name: name, into: &out)
        case let .group(children): for child in children { render(child, into: &out) }
        }
    }

    /// One item of a transform list, written as bytes when the `<g>` is.
    private enum TransformText {
        case translate(Point)
        case rotate(Double)
        case scale(Point)

        func append(to bytes: inout [UInt8]) {
            switch self {
            case let .translate(p):
                bytes.append(contentsOf: "translate(".utf8)
                appendSVGPoint(p, to: &bytes)
            case let .rotate(angle):
                bytes.append(contentsOf: "rotate(".utf8)
                appendFormattedNumber(angle, decimals: 3, to: &bytes)
            case let .scale(s):
                bytes.append(contentsOf: "scale(".utf8)
                appendSVGPoint(s, to: &bytes)
            }
            bytes.append(UInt8(ascii: ")"))
        }
    }

    /// `texts` separated by spaces.
    private func appendTransformList(_ texts: [TransformText], to bytes: inout [UInt8]) {
        for (index, text) in texts.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: " ")) }
            text.append(to: &bytes)
        }
    }

    /// One transform step: a static transform-list item, or an animated one with its base value.
    private struct TransformStep {
        var text: TransformText?
        var animations = AnimationList()
    }

    /// One `<g>` of a node's placement: its transform list and the animations of its one moving
    /// step, if any.
    private struct Level {
        var texts: [TransformText]
        var animations = AnimationList()
    }

    /// How a node is placed: `<g>` levels (the first is the node's own `<g>`), each with its
    /// transform list and animations, and the node's opacity.
    private struct Placement {
        var levels: [Level] = []
        var opacity: Double?
        var opacityAnimations = AnimationList()
    }

    /// The node's transform, `translate(position) translate(offset) rotate(r) scale(s)
    /// translate(−anchor)`: consecutive static steps share one `<g>`, each animated step gets its
    /// own so that its `<animateTransform>`s replace only that step.
    private func placement(_ transform: Transform) -> Placement {
        func translateText(_ p: Point) -> TransformText? { p == .zero ? nil : .translate(p) }
        var steps: [TransformStep] = []
        steps.reserveCapacity(5)
        let positionAnimations = animations(.transform("translate"), transform.position, format: appendSVGPoint)
        let offsetAnimations = animations(.transform("translate"), transform.offset, format: appendSVGPoint)
        let position = transform.position.value(at: baseTime), offset = transform.offset.value(at: baseTime)
        if positionAnimations.isEmpty && offsetAnimations.isEmpty {
            steps.append(TransformStep(text: translateText(position + offset)))
        } else {
            steps.append(TransformStep(text: .translate(position), animations: positionAnimations))
            steps.append(TransformStep(text: .translate(offset), animations: offsetAnimations))
        }
        let rotation = transform.rotation.value(at: baseTime)
        let rotationAnimations = animations(.transform("rotate"), transform.rotation, format: appendSVGNumber)
        steps.append(TransformStep(
            text: rotation == 0 && rotationAnimations.isEmpty ? nil : .rotate(rotation), animations: rotationAnimations))
        let scale = transform.scale.value(at: baseTime)
        let scaleAnimations = animations(.transform("scale"), transform.scale, format: appendSVGPoint)
        steps.append(TransformStep(
            text: scale == Point(1, 1) && scaleAnimations.isEmpty ? nil : .scale(scale), animations: scaleAnimations))
        let negatedAnchor = transform.anchor.map { Point(0, 0) - $0 }
        let anchorAnimations = animations(.transform("translate"), negatedAnchor, format: appendSVGPoint)
        let anchorBase = negatedAnchor.value(at: baseTime)
        steps.append(TransformStep(
            text: anchorAnimations.isEmpty ? translateText(anchorBase) : .translate(anchorBase), animations: anchorAnimations))

        // Group the steps into `<g>` levels.
        var placement = Placement()
        var pending: [TransformText] = []
        for step in steps {
            if !step.animations.isEmpty {
                if !pending.isEmpty { placement.levels.append(Level(texts: pending)) }
                pending = []
                placement.levels.append(Level(texts: step.text.map { [$0] } ?? [], animations: step.animations))
            } else if let text = step.text {
                pending.append(text)
            }
        }
        if !pending.isEmpty { placement.levels.append(Level(texts: pending)) }

        let opacity = transform.opacity.value(at: baseTime)
        placement.opacityAnimations = self.animations(.attribute("opacity"), transform.opacity, format: appendSVGOpacity)
        if opacity != 1 || !placement.opacityAnimations.isEmpty { placement.opacity = opacity }
        return placement
    }

    // MARK: Shapes

    private mutating func shape(_ geometry: Geometry, _ style: Style, name: String, into out: inout MarkupWriter) {
        let outlines = GeometryOutlines(geometry)
        // `d` comes first, written as bytes; the other attributes follow.
        let pathData: (shape: PathShape, curvesOnly: Bool, trimmed: Bool)
        var attributes: [ShapeAttribute] = []
        attributes.reserveCapacity(10)
        var animations = AnimationList()
        let trimMode = self.trimMode(geometry, style)
        let geometryMoves = animates && geometry.isAnimated && trimMode != .geometry && trimMode != .bakedGeometry
        switch trimMode {
        case .geometry, .bakedGeometry:
            let trim = style.trim ?? Trim()
            pathData = (geometry.trimmedOutline(at: baseTime, trim: trim), false, true)
            if trimMode == .bakedGeometry {
                // The trimmed outline changes its vertex count as the window moves, which SMIL
                // cannot interpolate: one value per frame, shown from its frame's instant.
                spanAnimations(
                    .attribute("d"), into: &animations,
                    frames: { index in
                        let played = playedSpans[index]
                        let frameCount = max(1, Int((played.duration * fps).rounded()))
                        var times: [Double] = []
                        var texts = TextList()
                        for frame in 0..<frameCount {
                            let time = Double(frame) / fps
                            times.append(time)
                            texts.append { appendTrimmedPathData(geometry.trimmedOutline(at: played.start + time, trim: trim), to: &$0) }
                        }
                        return discreteClipKeyframes(index, times: times, texts: texts) {
                            appendTrimmedPathData(geometry.trimmedOutline(at: $0, trim: trim), to: &$1)
                        }
                    },
                    held: { appendTrimmedPathData(geometry.trimmedOutline(at: $0, trim: trim), to: &$1) })
            }
        case .none, .dash:
            pathData = (outlines.value(at: baseTime, normalised: geometryMoves), geometryMoves, false)
        }
        if geometryMoves {
            pathDataAnimations(
                into: &animations, timings: outlines.timings,
                value: { outlines.value(at: $0, normalised: true) }, leftValue: { outlines.leftValue(at: $0, normalised: true) })
        }

        if let fill = style.fill {
            paint(fill, property: "fill", name: name, attributes: &attributes, animations: &animations)
        } else {
            attributes.append(("fill", .text("none")))
        }
        attributes.append(("fill-rule", .text(style.fillRule.rawValue)))

        if let stroke = style.stroke {
            paint(stroke.paint, property: "stroke", name: name, attributes: &attributes, animations: &animations)
            attributes.append(("stroke-width", .number(stroke.width.value(at: baseTime))))
            self.animations(.attribute("stroke-width"), stroke.width, into: &animations, format: appendSVGNumber)
            attributes.append(("stroke-linecap", .text(stroke.cap.rawValue)))
            attributes.append(("stroke-linejoin", .text(stroke.join.rawValue)))
            attributes.append(("stroke-miterlimit", .number(stroke.miterLimit)))
            if trimMode != .dash, !stroke.dash.isEmpty {
                attributes.append(("stroke-dasharray", .numbers(stroke.dash)))
            }
        }
        if trimMode == .dash, let trim = style.trim {
            trimAttributes(trim, outlines: outlines, attributes: &attributes, animations: &animations)
        }
        out.start("path")
        out.attribute("d") { bytes in
            if pathData.trimmed {
                appendTrimmedPathData(pathData.shape, to: &bytes)
            } else {
                appendSVGPathData(pathData.shape, curvesOnly: pathData.curvesOnly, to: &bytes)
            }
        }
        for (name, value) in attributes { value.write(name, into: &out) }
        out.animations(animations)
        out.end()
    }

    /// How a trimmed shape is drawn.
    private enum TrimMode {
        /// No trim.
        case none
        /// A still trimmed outline as the path (fill and stroke both cut, as in SwiftUI and Lottie).
        case geometry
        /// A moving trim on an unfilled single contour: a dash of the stroke (smooth in SMIL).
        case dash
        /// A moving trim that cuts a fill or several contours (an SVG dash restarts on every
        /// subpath), or a dashed stroke: the trimmed outline baked per frame.
        case bakedGeometry
    }

    private func trimMode(_ geometry: Geometry, _ style: Style) -> TrimMode {
        guard let trim = style.trim else { return .none }
        guard animates, trim.isAnimated || geometry.isAnimated else { return .geometry }
        let contourCount = geometry.outline(at: 0).contours.count
        // The dash trick needs the stroke's dash pattern for itself, so a dashed stroke is trimmed
        // as geometry instead, and keeps its own pattern.
        let dashed = !(style.stroke?.dash.isEmpty ?? true)
        return style.fill == nil && contourCount == 1 && !dashed ? .dash : .bakedGeometry
    }

    /// Trim as a dash of the trimmed length with a gap completing the outline's length, shifted by
    /// the start: one dash per period, so a trim that wraps past the start point wraps here too.
    /// Lengths are absolute (not `pathLength`) for the renderers that ignore `pathLength`. An empty
    /// trim is hidden, since a zero-length dash still draws a round or square cap.
    private func trimAttributes(_ trim: Trim, outlines: GeometryOutlines, attributes: inout [ShapeAttribute], animations: inout AnimationList) {
        func dash(_ shape: PathShape, _ start: Double, _ end: Double, _ offset: Double) -> NumberVector {
            let length = shape.arcLength
            let low = min(start, end), high = max(start, end)
            let visible = min(max(high - low, 0), 1) * length
            return NumberVector([visible, length - visible, -(low + offset) * length])
        }
        let value: (Double) -> NumberVector = {
            dash(outlines.value(at: $0, normalised: false), trim.start.value(at: $0), trim.end.value(at: $0), trim.offset.value(at: $0))
        }
        let initial = value(baseTime)
        attributes.append(("stroke-dasharray", .numbers([initial.values[0], initial.values[1]])))
        attributes.append(("stroke-dashoffset", .number(initial.values[2])))
        let empty = 1e-6
        guard animates, trim.isAnimated || outlines.isAnimated else {
            if initial.values[0] < empty { attributes.append(("visibility", .text("hidden"))) }
            return
        }
        let dashes = playedSpans.map { played in
            combinedPieces(
                timings: outlines.timings + [trim.start.timings, trim.end.timings, trim.offset.timings],
                start: played.start, end: played.end, fps: fps, tolerance: 0.25, value: value,
                leftValue: {
                    dash(outlines.leftValue(at: $0, normalised: false), trim.start.leftValue(at: $0), trim.end.leftValue(at: $0), trim.offset.leftValue(at: $0))
                })
        }
        let lengths: (NumberVector, inout [UInt8]) -> Void = { dash, out in
            appendSVGNumber(dash.values[0], to: &out)
            out.append(UInt8(ascii: " "))
            appendSVGNumber(dash.values[1], to: &out)
        }
        spanAnimations(
            .attribute("stroke-dasharray"), into: &animations,
            frames: { smilKeyframes(dashes[$0], duration: playedSpans[$0].duration, format: lengths) }, held: { lengths(value($0), &$1) })
        spanAnimations(
            .attribute("stroke-dashoffset"), into: &animations,
            frames: { index in smilKeyframes(dashes[index], duration: playedSpans[index].duration, format: { appendSVGNumber($0.values[2], to: &$1) }) },
            held: { appendSVGNumber(value($0).values[2], to: &$1) })
        func hidden(_ piece: Piece<NumberVector>) -> Bool { piece.from.values[0] < empty && piece.to.values[0] < empty }
        func visibility(_ hidden: Bool) -> String { hidden ? "hidden" : "visible" }
        // A span playing from load sets the base value from its first interval (one that starts
        // empty but grows is visible); otherwise the base value is the drawing at rest.
        let hiddenAtRest = playedSpans.first.map { $0.begin == nil && $0.start == baseTime } == true
            ? dashes[0].first.map(hidden) == true : initial.values[0] < empty
        if hiddenAtRest { attributes.append(("visibility", .text("hidden"))) }
        spanAnimations(
            .attribute("visibility"), into: &animations,
            frames: { index in
                var texts = TextList()
                for piece in dashes[index] { texts.append(Array(visibility(hidden(piece)).utf8)) }
                return discreteClipKeyframes(index, times: dashes[index].map(\.start), texts: texts) {
                    $1.append(contentsOf: visibility(value($0).values[0] < empty).utf8)
                }
            },
            held: { $1.append(contentsOf: visibility(value($0).values[0] < empty).utf8) })
    }

    // MARK: Paint

    private mutating func paint(_ paint: Paint, property: String, name: String, attributes: inout [ShapeAttribute], animations: inout AnimationList) {
        switch paint {
        case let .color(color):
            let initial = color.value(at: baseTime)
            attributes.append((property, .color(initial)))
            // A snapshot's colours are still: themed even if they move elsewhere on the timeline.
            if color.slot != nil, let themed = SVGThemes.paintClass(property, animates ? color : color.frozen(at: baseTime)) {
                SVGThemes.addClass(themed, to: &attributes)
            }
            var alphaAnimations = AnimationList()
            if animates && color.isAnimated {
                self.animations(.attribute(property), color, into: &animations, format: appendSVGColor)
                self.animations(.attribute("\(property)-opacity"), color.map { $0.a }, into: &alphaAnimations, format: appendSVGOpacity)
            }
            if initial.a < 1 || !alphaAnimations.isEmpty { attributes.append(("\(property)-opacity", .opacity(initial.a))) }
            animations.append(contentsOf: alphaAnimations)
        case let .linearGradient(from, to, stops):
            gradient("linearGradient", property: property, name: name, attributes: &attributes, stops: stops, tracks: [
                ("x1", from.map(\.x)), ("y1", from.map(\.y)), ("x2", to.map(\.x)), ("y2", to.map(\.y)),
            ])
        case let .radialGradient(center, radius, stops):
            gradient("radialGradient", property: property, name: name, attributes: &attributes, stops: stops, tracks: [
                ("cx", center.map(\.x)), ("cy", center.map(\.y)), ("r", radius),
            ])
        }
    }

    /// A gradient in the definitions, in user space, its geometry from `tracks`; the shape's paint
    /// refers to it.
    private mutating func gradient(
        _ element: String, property: String, name: String, attributes: inout [ShapeAttribute], stops: Animated<GradientStops>,
        tracks: [(String, Animated<Double>)]
    ) {
        let gradientId = ids.make("\(name)-\(property)")
        var children = AnimationList()
        var gradientAttributes: [(String, String)] = [("id", gradientId), ("gradientUnits", "userSpaceOnUse")]
        for (name, track) in tracks {
            gradientAttributes.append((name, formatNumber(track.value(at: baseTime))))
            animations(.attribute(name), track, into: &children, format: appendSVGNumber)
        }
        definitions.start(element)
        definitions.attributes(gradientAttributes)
        definitions.animations(children)
        writeStops(stops, into: &definitions)
        definitions.end()
        attributes.append((property, .text("url(#\(gradientId))")))
    }

    private func writeStops(_ stops: Animated<GradientStops>, into out: inout MarkupWriter) {
        let initial = stops.value(at: baseTime).stops
        for index in initial.indices {
            let stop = initial[index]
            let offset = stops.map { $0.stops.indices.contains(index) ? $0.stops[index].offset : 0 }
            let color = stops.map { $0.stops.indices.contains(index) ? $0.stops[index].color : RGBA.black }
            let alphaAnimations = self.animations(.attribute("stop-opacity"), color.map(\.a), format: appendSVGOpacity)
            out.start("stop")
            out.attribute("offset", number: stop.offset)
            out.attribute("stop-color") { appendSVGColor(stop.color, to: &$0) }
            if stop.color.a < 1 || !alphaAnimations.isEmpty { out.attribute("stop-opacity") { appendSVGOpacity(stop.color.a, to: &$0) } }
            var animations = self.animations(.attribute("offset"), offset, format: appendSVGNumber)
            self.animations(.attribute("stop-color"), color, into: &animations, format: appendSVGColor)
            animations.append(contentsOf: alphaAnimations)
            out.animations(animations)
            out.end()
        }
    }
}

/// Whether a closed contour turns counter-clockwise on screen (negative area with y down), its
/// curves measured by a few chords each.
func turnsBackward(_ contour: Contour) -> Bool {
    let vertices = contour.vertices
    var area = 0.0
    var previous = vertices.first?.point ?? .zero
    for index in vertices.indices {
        let start = vertices[index], end = vertices[(index + 1) % vertices.count]
        let p0 = start.point, p1 = start.point + start.outTangent, p2 = end.point + end.inTangent, p3 = end.point
        for step in 1...8 {
            let t = Double(step) / 8, u = 1 - t
            let point = Point(
                u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
                u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y)
            area += previous.x * point.y - point.x * previous.y
            previous = point
        }
    }
    return area < 0
}

/// The same closed contour drawn the other way round, from the same first vertex.
func reversedContour(_ contour: Contour) -> Contour {
    guard let first = contour.vertices.first else { return contour }
    let order = [first] + contour.vertices.dropFirst().reversed()
    return Contour(order.map { BezierVertex($0.point, in: $0.outTangent, out: $0.inTangent) }, closed: contour.closed)
}

/// A clip's outline in its node's coordinates as a function of time: the geometry's outline moved
/// by the clip's transform, with the timings of every track either depends on.
struct ClipOutlines {
    let clip: ClipShape

    /// From the one track walk: the clip's geometry and the four transform tracks `leftValue`
    /// builds its matrix from (a clip's offset is always the identity's, and opacity moves no
    /// outline).
    var timings: [[SegmentTiming]] {
        var collector = OutlineTimings { place in
            switch place {
            case .clipGeometry: return true
            case let .clipTransform(track):
                switch track {
                case .anchor, .position, .rotation, .scale: return true
                case .offset, .opacity: return false
                }
            case .transform, .geometry, .fill, .stroke, .strokeWidth, .trim, .blur, .shadow: return false
            }
        }
        clip.visitTracks(&collector)
        return collector.timings
    }

    func value(at time: Double, normalised: Bool) -> PathShape {
        closed(GeometryOutlines(clip.geometry).value(at: time, normalised: normalised).applying(clip.transform.matrix(at: time)))
    }

    func leftValue(at time: Double, normalised: Bool) -> PathShape {
        let t = clip.transform
        let matrix = Transform(
            anchor: Animated(t.anchor.leftValue(at: time)), position: Animated(t.position.leftValue(at: time)),
            rotation: Animated(t.rotation.leftValue(at: time)), scale: Animated(t.scale.leftValue(at: time))
        ).matrix(at: time)
        return closed(GeometryOutlines(clip.geometry).leftValue(at: time, normalised: normalised).applying(matrix))
    }

    /// A clip region is the inside of its outline: an open path clips as if closed.
    private func closed(_ shape: PathShape) -> PathShape {
        PathShape(shape.contours.map { Contour($0.vertices, closed: true) })
    }
}

/// The segment timings of the tracks a walk visits at the places `keeps` accepts, one list per
/// track, in the walk's order.
private struct OutlineTimings: TrackVisitor {
    let keeps: (TrackPlace) -> Bool
    var timings: [[SegmentTiming]] = []

    init(keeps: @escaping (TrackPlace) -> Bool) { self.keeps = keeps }

    mutating func visit<Value: Interpolatable>(_ track: Animated<Value>, at place: TrackPlace) {
        if keeps(place) { timings.append(track.timings) }
    }
}

/// A geometry's outline as a function of time, from the right (`value`) or the left (`leftValue`,
/// the limit just before a jump), with the segment timings of every track it depends on.
struct GeometryOutlines {
    let geometry: Geometry

    init(_ geometry: Geometry) { self.geometry = geometry }

    var isAnimated: Bool { geometry.isAnimated }

    /// From the one track walk, so a geometry track the IR gains moves the outline's keys too.
    var timings: [[SegmentTiming]] {
        var collector = OutlineTimings { _ in true }
        geometry.visitTracks(&collector) { .geometry($0) }
        return collector.timings
    }

    func value(at time: Double, normalised: Bool) -> PathShape { outline(time, left: false, normalised: normalised) }

    func leftValue(at time: Double, normalised: Bool) -> PathShape { outline(time, left: true, normalised: normalised) }

    private func outline(_ time: Double, left: Bool, normalised: Bool) -> PathShape {
        func at<V>(_ track: Animated<V>) -> V { left ? track.leftValue(at: time) : track.value(at: time) }
        switch geometry {
        case let .rect(size, radius):
            let shape = rectOutline(size: at(size), cornerRadius: at(radius))
            return normalised ? eightVertexRect(shape) : shape
        case let .ellipse(size): return ellipseOutline(size: at(size))
        case let .polygon(sides, radius, inner): return polygonOutline(sides: sides, radius: at(radius), innerRadius: inner.map { at($0) })
        case let .path(shape): return at(shape)
        }
    }

    /// A sharp rectangle has 4 vertices and a rounded one 8; a morph between them needs one
    /// command list, so sharp corners are doubled (same start point, same direction).
    private func eightVertexRect(_ shape: PathShape) -> PathShape {
        guard let contour = shape.contours.first, contour.vertices.count == 4 else { return shape }
        let v = contour.vertices
        return PathShape([Contour([v[0], v[1], v[1], v[2], v[2], v[3], v[3], v[0]], closed: true)])
    }
}
