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
    /// The instant the Lottie's "reduced motion" marker shows, a still frame, or nil for no marker.
    /// A player that reads the marker (lottie-ios, lottie-android) plays it instead of every play
    /// the app asks for, markers included, so a scene with states gets none: its app plays the
    /// states' and transitions' markers, and one still would hold the control in its initial pose
    /// whatever state it is in. A scene without states plays its first timeline on load: the
    /// still is where it rests (the end of a timeline played once, else its start), and there is
    /// none when that timeline plays as usual (`same`).
    public var reducedMotionStill: Double? {
        guard stateMachine == nil, let first = spans.first(where: { $0.kind == .timeline }),
            first.reducedMotion != .same
        else { return nil }
        return first.loops ? first.start : max(first.start, first.end - 1 / fps)
    }
}
