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
        guard InteractiveSVG.runtimeSource == nil || InteractiveTokens.runtimeSource == nil else { return nil }
        do throws(PreviewAssetsMissing) {
            _ = try PreviewPage.resource(InteractiveSVG.runtimeFile)
            _ = try PreviewPage.resource(InteractiveTokens.runtimeFile)
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
        let timeline = timeline.removingTokenSlots()
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

    /// The document, or with an `output` the part not yet handed to it. A scene with bound values
    /// or live texts is put together in memory (it is compared at several input values, see
    /// `InteractiveTokens`).
    private static func interactiveDocument(_ timeline: Timeline, idPrefix: String, output: ((UnsafeBufferPointer<UInt8>) -> Void)?) -> [UInt8] {
        if InteractiveTokens.applies(to: timeline) {
            return InteractiveTokens.document(timeline) { interactiveDrawing($0.removingTokenSlots(), idPrefix: idPrefix, output: nil) }
        }
        return interactiveDrawing(timeline.removingTokenSlots(), idPrefix: idPrefix, output: output)
    }

    private static func interactiveDrawing(_ timeline: Timeline, idPrefix: String, output: ((UnsafeBufferPointer<UInt8>) -> Void)?) -> [UInt8] {
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
        renderer.renderList(timeline.layers, into: &motion)
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
        stillRenderer.renderList(timeline.layers, into: &still)
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
        let timeline = timeline.removingTokenSlots()
        var renderer = SceneRenderer(fps: timeline.fps, idPrefix: idPrefix, baseTime: time)
        var layers = MarkupWriter.drawing(depth: 1)
        renderer.renderList(timeline.layers, into: &layers)
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
