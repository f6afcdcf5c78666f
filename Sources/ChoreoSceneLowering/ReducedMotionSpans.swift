import ChoreoTimeline

extension PlannedSpan {
    /// The span with its transition's or timeline's `reduced-motion:`.
    var spanWithReducedMotion: Span {
        var result = span
        switch content {
        case let .transition(transition): result.reducedMotion = transition.reducedMotion
        case let .timeline(timeline, _, _): result.reducedMotion = timeline.reducedMotion
        case .pose: break
        }
        return result
    }
}
