import ChoreoJSON
import ChoreoTimeline

/// The timeline's state machine with its spans looked up: what the interactive SVG plays.
struct InteractiveMachine {
    struct Play {
        var span: Span
        var loops: Bool
        /// The input the timeline's position follows (`bind:`), and the length it runs over.
        var bind: String? = nil
        var boundLength: Double = 0
    }

    struct State {
        var name: String
        var label: String?
        var pose: Span
        var play: Play?
    }

    struct Transition {
        var name: String
        var from: String
        var to: String
        var trigger: Trigger
        var span: Span
        var guardCondition: TransitionGuard?
        var actions: [TransitionAction]
        var isAutomatic: Bool
        var exit: LoopExit
        var target: TriggerTarget?
        var interrupt: Interruption
        var restsAfter: Double?
    }

    var initial: String
    var inputs: [MachineInput] = []
    var states: [State]
    var transitions: [Transition]
    /// The nodes pointer triggers target, by id.
    var targets: [String: TriggerTarget] = [:]

    /// Nil for a scene without states.
    init?(_ timeline: Timeline) {
        guard let machine = timeline.stateMachine, !machine.states.isEmpty else { return nil }
        initial = machine.initial
        states = machine.states.compactMap { state in
            guard let pose = timeline.span(named: state.pose) else { return nil }
            let play = state.play.flatMap { play in
                timeline.span(named: play.span).map { Play(span: $0, loops: play.loops, bind: play.bind, boundLength: timeline.boundLength(of: $0)) }
            }
            return State(name: state.name, label: state.label, pose: pose, play: play)
        }
        transitions = machine.transitions.compactMap { transition in
            timeline.span(named: transition.span).map {
                Transition(
                    name: transition.name, from: transition.from, to: transition.to, trigger: transition.trigger, span: $0,
                    guardCondition: transition.guardCondition, actions: transition.actions, isAutomatic: transition.isAutomatic,
                    exit: transition.exit, target: transition.target, interrupt: transition.interrupt, restsAfter: transition.restsAfter)
            }
        }
        guard !states.isEmpty else { return nil }
        inputs = machine.inputs
        for target in machine.targets { targets[target.node] = target }
    }

    var initialPose: Span { states.first { $0.name == initial }?.pose ?? states[0].pose }
}

/// The interactive SVG document: the drawing at rest in the initial state, one group of SMIL
/// animations per transition and per played timeline, and a small script that keeps the state.
///
/// SMIL does the drawing: each group hangs off a *clock*, a `<set>` with `begin="indefinite"`,
/// and every animation of the group begins with it (`begin="CLOCK.begin"`), plays once and
/// freezes on its last value (a played timeline that loops repeats instead). The sandwich rule of
/// SMIL (the animation begun last wins) then keeps every property at the value of the state the
/// drawing rests in. What SMIL cannot express is *which* transition a click starts, since that
/// depends on the state: the script knows the current state, maps pointer events to triggers,
/// begins the right clock and, when its span has played, enters the target state (see the order
/// of events in `docs/scene-format.md`). Without the script (an `<img>`, a renderer without
/// JavaScript) nothing begins and the drawing shows the initial pose.
enum InteractiveSVG {
    /// With an `output`, handed to it as it is put together (see `SVGEmitter.document`).
    static func document(
        _ timeline: Timeline, machine: InteractiveMachine, idPrefix: String, output: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil
    ) -> [UInt8] {
        // Clock ids are SMIL syncbase references, in which `-` and `.` would read as an offset or
        // an event: only letters, digits and `_`.
        let clockPrefix = String(IdAllocator.sanitized(idPrefix.isEmpty ? "_" : idPrefix).map { $0 == "-" ? "_" : $0 }) + "choreo_clip_"
        var playedSpans: [PlayedSpan] = []
        var playIndices: [String: Int] = [:]
        for state in machine.states {
            guard let play = state.play else { continue }
            let clock = clockPrefix + String(playedSpans.count)
            playIndices[state.name] = playedSpans.count
            playedSpans.append(PlayedSpan(
                start: play.span.start, end: play.span.end, begin: clock + ".begin", stop: clock + ".end", loops: play.loops,
                restTime: state.pose.start))
        }
        var transitionIndices: [Int] = []
        var poseStarts: [String: Double] = [:]
        for state in machine.states where poseStarts[state.name] == nil { poseStarts[state.name] = state.pose.start }
        for transition in machine.transitions {
            let clock = clockPrefix + String(playedSpans.count)
            transitionIndices.append(playedSpans.count)
            playedSpans.append(PlayedSpan(
                start: transition.span.start, end: transition.span.end, begin: clock + ".begin", stop: nil, loops: false,
                covers: playIndices[transition.from].map { [$0] } ?? [],
                restTime: poseStarts[transition.from]))
        }

        var renderer = SceneRenderer(fps: timeline.fps, idPrefix: idPrefix, baseTime: machine.initialPose.start, playedSpans: playedSpans)
        renderer.targets = machine.targets
        var drawing = MarkupWriter.drawing(depth: 2)
        renderer.renderList(timeline.layers, into: &drawing)
        let fades = ReducedMotionFades(machine, clockPrefix: clockPrefix)
        let stillCopies = fades.render(timeline, idPrefix: idPrefix, drawingBytes: drawing.byteCount)
        let clocks = playedSpans.indices.map { index in
            var attributes: [(String, String)] = [
                ("id", clockPrefix + String(index)), ("attributeName", "visibility"), ("to", "visible"), ("begin", "indefinite"),
                ("dur", durationText(playedSpans[index].duration) + "s"),
            ]
            if playedSpans[index].loops { attributes.append(("repeatCount", "indefinite")) }
            return Markup("set", attributes)
        }

        return SVGEmitter.document(
            timeline, rootAttributes: [("data-state", machine.initial)],
            capacity: drawing.byteCount + renderer.definitions.byteCount + stillCopies.reduce(0) { $0 + $1.drawing.byteCount } + 8192,
            output: output
        ) { out in
            out.definitions([renderer.definitions] + stillCopies.map(\.definitions))
            if !clocks.isEmpty {
                // The focus ring is for keyboard users: a click focuses the control without one,
                // as a button does; the browser's own ring shows where `:focus-visible` matches.
                out.element(Markup("style", [("type", "text/css")], raw: machine.targets.isEmpty ? focusStyle : focusStyle + "\n" + targetFocusStyle))
            }
            SVGEmitter.writeBackground(timeline, into: &out)
            // The pointer's target: the canvas, painted or not, and nothing outside it (an SVG
            // opened on its own fills the window, which is not the drawing).
            let hitRect = Markup("rect", [
                ("class", "choreo-hit"), ("x", "0"), ("y", "0"), ("width", formatNumber(timeline.width)),
                ("height", formatNumber(timeline.height)), ("fill", "none"), ("pointer-events", "all"),
            ])
            let targeted = !clocks.isEmpty && !machine.targets.isEmpty
            if targeted {
                // With targets, the canvas lies under the drawing, which takes the pointer only on
                // its targets: a target takes it where it is drawn on top, any other node lets it
                // through to the targets below and to the canvas.
                out.start("g")
                out.attribute("class", "choreo-hit-area")
                out.element(hitRect)
            }
            out.start("g")
            out.attribute("class", "choreo-drawing")
            if targeted { out.attribute("pointer-events", "none") }
            for fadeIn in ReducedMotionFades.drawingFadeIns(stillCopies.map(\.copy)) { out.element(fadeIn) }
            out.children(drawing)
            out.end()
            if targeted { out.end() }
            for still in stillCopies { ReducedMotionFades.write(still.copy, drawing: still.drawing, into: &out) }
            guard !clocks.isEmpty else { return }
            if !targeted { out.element(hitRect) }
            out.element(Markup("g", [("class", "choreo-clocks")], children: clocks))
            let data = machineData(
                machine, clockPrefix: clockPrefix, playedSpans: playedSpans, playIndices: playIndices, transitionIndices: transitionIndices, fades: fades)
            out.element(Markup("script", [("type", "text/ecmascript")], raw: "<![CDATA[\n" + runtime(data) + "]]>"))
        }
    }

    /// Scoped to interactive roots (`data-state`), since a `<style>` inside an SVG pasted into a
    /// page applies to the whole page.
    static let focusStyle = "svg[data-state]:focus:not(:focus-visible) { outline: none }"
    static let targetFocusStyle = "svg[data-state] [data-target]:focus:not(:focus-visible) { outline: none }"

    /// The machine as a JavaScript object literal: every name from the scene through `jsString`,
    /// which leaves no `<`, `>` or `&`, so the literal is safe inside CDATA and an HTML page.
    static func machineData(
        _ machine: InteractiveMachine, clockPrefix: String, playedSpans: [PlayedSpan], playIndices: [String: Int], transitionIndices: [Int],
        fades: ReducedMotionFades
    ) -> String {
        func number(_ value: Double) -> String { formatNumber(value, decimals: 6) }
        func spanFields(_ index: Int, span: Span, fade: String?) -> String {
            "clip: \(index), start: \(number(span.start)), dur: \(number(playedSpans[index].duration)), loops: \(playedSpans[index].loops), "
                + "reduced: \(jsString(span.reducedMotion.rawValue)), fade: \(fade.map(jsString) ?? "null")"
        }
        var states: [String] = []
        for state in machine.states {
            var fields = ["label: \(state.label.map(jsString) ?? "null")", "pose: \(number(state.pose.start))"]
            if let index = playIndices[state.name], let play = state.play {
                let bound = play.bind.map { ", bind: \(jsString($0)), length: \(number(play.boundLength))" } ?? ""
                fields.append("play: {name: \(jsString(play.span.name)), \(spanFields(index, span: play.span, fade: fades.playFades[state.name]))\(bound)}")
            } else {
                fields.append("play: null")
            }
            states.append("\(jsKey(state.name)): {\(fields.joined(separator: ", "))}")
        }
        var transitions: [String] = []
        for (offset, transition) in machine.transitions.enumerated() {
            transitions.append(
                "{name: \(jsString(transition.name)), from: \(jsString(transition.from)), to: \(jsString(transition.to)), "
                    + "trigger: \(jsString(transition.trigger.rawValue)), \(spanFields(transitionIndices[offset], span: transition.span, fade: fades.transitionFades[offset])), "
                    + InteractiveInputs.transitionFields(transition) + "}")
        }
        return """
            {
              clock: \(jsString(clockPrefix)),
              initial: \(jsString(machine.initial)),
              inputs: \(InteractiveInputs.inputsLiteral(machine.inputs)),
              states: {
                \(states.joined(separator: ",\n    "))
              },
              transitions: [
                \(transitions.joined(separator: ",\n    "))
              ]
            }
            """
    }

    /// The script: the runtime with the machine's data. The preview page plays the same SVG, so
    /// its stage runs this very code.
    static func runtime(_ data: String) -> String {
        // A program that writes interactive SVGs checks `SVGEmitter.runtimeMissing` first.
        guard let runtimeSource else { preconditionFailure("the interactive SVG's runtime \(runtimeFile) is missing") }
        return runtimeSource.replacingOccurrences(of: "/*MACHINE*/null", with: data)
    }

    /// Order of events: on load the machine enters `initial`. Entering a state starts its played
    /// timeline; the state is *fully reached* when a timeline played once has ended (at once
    /// otherwise), and then its `complete` transition, if any, starts at that very instant. A
    /// pointer trigger starts the current state's transition on it, stopping a played timeline
    /// where it is and starting from the values it left on screen (out of a loop with
    /// `exit: cycle-end`, once the running cycle ends); while a
    /// transition plays, triggers are ignored; when it has played, the
    /// machine enters its target state. Times are the SVG's document time, so a page that pauses
    /// or steps the SVG clock (the preview) pauses or steps the machine with it. Under
    /// `prefers-reduced-motion: reduce` each transition and played timeline follows its
    /// `reduced-motion:`: `fade` jumps to its end under a still copy of what was on screen that
    /// fades out over its duration (a loop does not run), `none` jumps (a loop does not run),
    /// `same` plays as usual.
    ///
    /// The runtime is `Resources/interactive.js`, a file of its own that is checked and tested as
    /// JavaScript (`Tests/js`); it ships in the resource bundle beside the binary, as the preview
    /// page's files do. Nil when the bundle is missing (`runtimeMissing` says where it was looked for).
    static let runtimeSource: String? = try? PreviewPage.resource(runtimeFile)

    static let runtimeFile = "interactive.js"
}
