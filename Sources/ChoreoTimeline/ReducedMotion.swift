/// What a transition or a timeline does for a viewer who asks for reduced motion
/// (`reduced-motion:`, contract §16; `prefers-reduced-motion: reduce` in a browser).
public enum ReducedMotion: String, Sendable, CaseIterable, Equatable {
    /// The two poses cross-fade over the span's duration instead of moving.
    case fade
    /// The span jumps to its end.
    case none
    /// The span plays as usual.
    case same
}

extension Timeline {
    /// The instant the Lottie's "reduced motion" marker shows, a still frame, or nil when the
    /// motion a player starts on load plays as usual (`same`): the initial state's pose for a
    /// scene with states; for a scene without, its first timeline's end if it plays once (where
    /// it comes to rest), else its start.
    public var reducedMotionStill: Double? {
        if let machine = stateMachine {
            let spans = machine.transitions.compactMap { span(named: $0.span) }
                + machine.states.compactMap { $0.play.flatMap { span(named: $0.span) } }
            guard spans.isEmpty || spans.contains(where: { $0.reducedMotion != .same }),
                let initial = machine.state(named: machine.initial), let pose = span(named: initial.pose)
            else { return nil }
            return pose.start
        }
        guard let first = spans.first(where: { $0.kind == .timeline }) else { return nil }
        guard first.reducedMotion != .same else { return nil }
        return first.loops ? first.start : max(first.start, first.end - 1 / fps)
    }
}
