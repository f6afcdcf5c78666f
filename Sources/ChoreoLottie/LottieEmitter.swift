import ChoreoJSON
import ChoreoTimeline

/// Lottie JSON from a compiled timeline. A pure function: same timeline, same bytes.
public enum LottieEmitter {
    public static func document(_ timeline: Timeline) -> JSONValue {
        .object([("v", "5.7.4"), ("fr", .number(timeline.fps)), ("ip", 0), ("op", .int(timeline.frameCount)),
                 ("w", .number(timeline.width)), ("h", .number(timeline.height)), ("layers", [])])
    }

    public static func emit(_ timeline: Timeline, pretty: Bool = false) -> String {
        JSONWriter(pretty: pretty).string(document(timeline))
    }
}
