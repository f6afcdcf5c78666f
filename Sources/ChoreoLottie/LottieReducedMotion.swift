import ChoreoJSON
import ChoreoTimeline

/// The name lottie-ios and lottie-android look for (case-insensitively, also `reduced_motion`,
/// `reduced-motion`, `reducedMotion`): under the system's reduced-motion setting they play this
/// marker instead of whatever the app asks for (the convention proposed on the Lottie specification's tracker).
let reducedMotionMarkerName = "reduced motion"

extension LottieEmitter {
    /// The "reduced motion" marker over `Timeline.reducedMotionStill`: one frame, no motion (as a
    /// pose's marker is one frame long). Every
    /// play of a player that reads it becomes this one span, so it can only be a still; the
    /// interactive SVG, which knows which transition plays, cross-fades instead.
    static func writeReducedMotionMarker(at still: Double, of timeline: Timeline, to w: inout some JSONSink) {
        let frame = min(Int((still * timeline.fps).rounded()), max(timeline.frameCount - 1, 0))
        w.beginObject()
        w.member("cm", reducedMotionMarkerName)
        w.member("tm", frame)
        w.member("dr", 1)
        w.endObject()
    }
}
