import ChoreoJSON
import ChoreoTimeline

/// Reduced motion's cross-fades in the interactive SVG (`reduced-motion: fade`): under
/// `prefers-reduced-motion: reduce` the runtime jumps a transition (or a state's played-once
/// timeline) to its end, fading in, and shows on top a still copy of what was on screen as it
/// began, fading out over the span's duration: the two poses cross-fade, nothing moves.
///
/// One still copy per instant that some fade starts from (a state's rest: its pose, or the last
/// frame of the timeline it plays once; a played-once timeline's first frame), each hidden at
/// rest, with a clock per fade (`<set begin="indefinite">` showing it for the fade's duration) and
/// the opacity animation that clock begins. SMIL, like the rest of the drawing, so a page that
/// pauses or steps the SVG's clock (the preview) pauses or steps the fade with it.
struct ReducedMotionFades {
    struct Fade {
        var clock: String
        var duration: Double
    }

    struct Copy {
        var instant: Double
        var fades: [Fade] = []
    }

    private(set) var copies: [Copy] = []
    /// The clock of each transition's fade (by its place in the machine), nil where it has none.
    private(set) var transitionFades: [String?] = []
    /// The clock of the fade of each state's played-once timeline.
    private(set) var playFades: [String: String] = [:]

    init(_ machine: InteractiveMachine, clockPrefix: String) {
        var copyIndex: [Double: Int] = [:]
        func fade(from instant: Double, duration: Double) -> String {
            let index = copyIndex[instant] ?? {
                copies.append(Copy(instant: instant))
                copyIndex[instant] = copies.count - 1
                return copies.count - 1
            }()
            let clock = clockPrefix + "fade_" + String(copies.reduce(0) { $0 + $1.fades.count })
            copies[index].fades.append(Fade(clock: clock, duration: duration))
            return clock
        }
        let states = Dictionary(machine.states.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for transition in machine.transitions {
            guard transition.span.reducedMotion == .fade, transition.from != transition.to,
                transition.span.end > transition.span.start, let source = states[transition.from]
            else {
                transitionFades.append(nil)
                continue
            }
            transitionFades.append(fade(from: Self.rest(source), duration: transition.span.end - transition.span.start))
        }
        for state in machine.states {
            guard let play = state.play, !play.loops, play.bind == nil, play.span.reducedMotion == .fade, play.span.end > play.span.start
            else { continue }
            playFades[state.name] = fade(from: play.span.start, duration: play.span.end - play.span.start)
        }
    }

    /// What a state shows at rest under reduced motion: the last frame of a timeline it plays
    /// once (which jumps to its end or fades there), else its pose.
    private static func rest(_ state: InteractiveMachine.State) -> Double {
        if let play = state.play, !play.loops, play.bind == nil, play.span.reducedMotion != .same { return play.span.end }
        return state.pose.start
    }

    /// The most bytes the still copies of one SVG may add: each is a whole drawing, so a scene of
    /// many nodes and states would multiply its size (and the preview's, which embeds it). Past
    /// it, and for a drawing larger than it, the copies are left out; a fade whose copy is missing
    /// jumps, as `none` does (the runtime finds no clock to begin).
    static let maximumStillCopyBytes = 2 << 20

    /// Each copy's drawing and the definitions it collects, drawn with ids of its own, within
    /// `maximumStillCopyBytes` (`drawingBytes`: the size of the animated drawing).
    func render(
        _ timeline: Timeline, idPrefix: String, drawingBytes: Int
    ) -> [(copy: Copy, drawing: MarkupWriter, definitions: MarkupWriter)] {
        guard drawingBytes <= Self.maximumStillCopyBytes else { return [] }
        var result: [(copy: Copy, drawing: MarkupWriter, definitions: MarkupWriter)] = []
        var bytes = 0
        for (index, copy) in copies.enumerated() {
            var renderer = SceneRenderer(fps: timeline.fps, idPrefix: idPrefix + "reduced\(index)-", baseTime: copy.instant)
            var drawing = MarkupWriter.drawing(depth: 3)
            renderer.renderList(timeline.layers, into: &drawing)
            bytes += drawing.byteCount + renderer.definitions.byteCount
            guard bytes <= Self.maximumStillCopyBytes else { break }
            result.append((copy, drawing, renderer.definitions))
        }
        return result
    }

    /// The drawing's own side of each cross-fade: from transparent to opaque while a copy of
    /// what it left fades out above it (and back to its usual opacity after).
    static func drawingFadeIns(_ written: [Copy]) -> [Markup] {
        written.flatMap(\.fades).map { fade in
            Markup("animate", [
                ("attributeName", "opacity"), ("values", "0;1"), ("begin", fade.clock + ".begin"),
                ("dur", durationText(fade.duration) + "s"),
            ])
        }
    }

    /// A copy: hidden, above the drawing, never the pointer's target; its clocks and fades.
    static func write(_ copy: Copy, drawing: MarkupWriter, into out: inout MarkupWriter) {
        out.start("g")
        out.attribute("class", "choreo-reduced")
        out.attribute("visibility", "hidden")
        out.attribute("pointer-events", "none")
        for fade in copy.fades {
            let dur = durationText(fade.duration) + "s"
            out.element(Markup("set", [
                ("id", fade.clock), ("attributeName", "visibility"), ("to", "visible"), ("begin", "indefinite"), ("dur", dur),
            ]))
            out.element(Markup("animate", [
                ("attributeName", "opacity"), ("values", "1;0"), ("begin", fade.clock + ".begin"), ("dur", dur), ("fill", "freeze"),
            ]))
        }
        out.children(drawing)
        out.end()
    }
}
