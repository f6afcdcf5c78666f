import ChoreoTimeline

/// The instants a clip shows: stretches of the global timeline played one after another, each
/// sampled `fps` times a second from its start.
public struct ClipTimes: Sendable, Equatable {
    /// A stretch `start ..< end` of the global timeline (seconds); `holdsEnd` when the stretch
    /// plays once, so its last frame shows where it ends (a span's last frame on the scene's own
    /// frame grid) rather than one frame interval before.
    public struct Stretch: Sendable, Equatable {
        public var start: Double
        public var end: Double
        public var holdsEnd: Bool

        public init(start: Double, end: Double, holdsEnd: Bool) {
            self.start = start
            self.end = end
            self.holdsEnd = holdsEnd
        }
    }

    public var stretches: [Stretch]
    public var fps: Int
    /// The scene's own frame rate: a span's last frame is `1 / sceneFPS` before its end.
    public var sceneFPS: Double

    public init(stretches: [Stretch], fps: Int, sceneFPS: Double) {
        self.stretches = stretches
        self.fps = fps
        self.sceneFPS = sceneFPS
    }

    /// The whole timeline, looping: every frame of the scene's own grid at its own rate.
    public static func reel(_ timeline: Timeline, fps: Int) -> ClipTimes {
        ClipTimes(stretches: [Stretch(start: 0, end: timeline.duration, holdsEnd: false)], fps: fps, sceneFPS: timeline.fps)
    }

    /// Spans played one after another: a looping timeline's span loops (its end is its start),
    /// any other (a transition, a timeline played once) ends on its last frame.
    public static func spans(_ spans: [Span], of timeline: Timeline, fps: Int) -> ClipTimes {
        ClipTimes(stretches: spans.map { Stretch(start: $0.start, end: $0.end, holdsEnd: !$0.loops) }, fps: fps, sceneFPS: timeline.fps)
    }

    private func frameCount(of stretch: Stretch) -> Int {
        let length = max(0, stretch.end - stretch.start)
        return max(1, Int((length * Double(fps)).rounded()))
    }

    /// How many frames the clip has: counted before any is drawn, to bound the work.
    public var count: Int {
        stretches.reduce(0) { $0 + frameCount(of: $1) }
    }

    /// Every frame's instant, in order.
    public var times: [Double] {
        var times: [Double] = []
        times.reserveCapacity(count)
        for stretch in stretches {
            let count = frameCount(of: stretch)
            for index in 0..<count {
                var time = stretch.start + Double(index) / Double(fps)
                if stretch.holdsEnd, index == count - 1, sceneFPS > 0 {
                    time = max(stretch.start, stretch.end - 1 / sceneFPS)
                }
                times.append(time)
            }
        }
        return times
    }
}
