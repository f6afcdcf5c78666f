import ChoreoMedia
import ChoreoRaster
import ChoreoTimeline

/// The motion of each changed span as pictures, for places that show no HTML (a job summary, a
/// pull-request comment) and for the `--html` page: before on the left, after on the right,
/// playing the old and the new span from their starts at the same instants (a side whose span is
/// shorter holds its last frame), as a looping animated WebP and a PNG poster of the middle frame.
public enum DiffMedia {
    /// One changed span's pictures; `fileStem` names both files (`NAME-1.webp`, `NAME-1.png`).
    public struct Clip: Sendable {
        public var span: String
        public var fileStem: String
        public var webp: [UInt8]
        public var poster: [UInt8]
    }

    /// Each side is at most this many pixels on its longer edge (scenes are scaled down to it).
    public static let maximumSide = 240
    /// At most this many frames a second: enough to read motion, small enough for a comment.
    public static let maximumFPS = 30
    /// The gap between the two sides, in pixels.
    static let gap = 8
    /// The most spans one scene shows as clips; DiffPage's filmstrips still show every span.
    public static let maximumClips = 12
    /// The most frames a clip has (20 s at 30 fps): a longer span shows its first 20 s, so a
    /// scene's pictures cost at most 12 × 600 frames of 488 × 240 pixels.
    public static let maximumFrames = 600

    public static func clips(_ diff: SceneDiff, old: Timeline, new: Timeline) throws(MediaError) -> [Clip] {
        var clips: [Clip] = []
        for (index, name) in DiffPage.changedSpans(diff, old: old, new: new).prefix(maximumClips).enumerated() {
            guard let oldSpan = old.span(named: name), let newSpan = new.span(named: name) else { continue }
            clips.append(try clip(name, stem: "\(diff.name)-\(index + 1)", old: (old, oldSpan), new: (new, newSpan)))
        }
        return clips
    }

    private static func clip(_ name: String, stem: String, old: (Timeline, Span), new: (Timeline, Span)) throws(MediaError) -> Clip {
        let sceneWidth = max(old.0.width, new.0.width, 1), sceneHeight = max(old.0.height, new.0.height, 1)
        let scale = min(1, Double(maximumSide) / max(sceneWidth, sceneHeight))
        let side = (width: max(1, Int((sceneWidth * scale).rounded())), height: max(1, Int((sceneHeight * scale).rounded())))
        let fps = max(1, min(maximumFPS, Int(new.0.fps.rounded())))
        let length = max(old.1.end - old.1.start, new.1.end - new.1.start)
        let count = min(maximumFrames, max(1, Int((length * Double(fps)).rounded())))
        let sides = [old, new].map { timeline, span in
            (rasterizer: TimelineRasterizer(timeline: timeline, width: side.width, height: side.height), span: span, fps: timeline.fps)
        }
        let width = side.width * 2 + gap, height = side.height
        var half = [UInt8](repeating: 0, count: side.width * side.height * 4)
        let frames = FrameSequence(width: width, height: height, count: count, fps: fps) { index, pixels in
            for i in pixels.indices { pixels[i] = 0 }
            for (position, drawn) in sides.enumerated() {
                let last = max(drawn.span.start, drawn.span.end - 1 / max(drawn.fps, 1))
                let time = min(drawn.span.start + Double(index) / Double(fps), last)
                drawn.rasterizer.render(at: time, into: &half)
                let left = position * (side.width + gap)
                for y in 0..<side.height {
                    let from = y * side.width * 4, to = (y * width + left) * 4
                    pixels.replaceSubrange(to..<(to + side.width * 4), with: half[from..<(from + side.width * 4)])
                }
            }
        }
        let webp = try WebPEncoding.animation(frames)
        var middle = [UInt8](repeating: 0, count: width * height * 4)
        frames.frame(count / 2, &middle)
        let poster = try PNGEncoding.png(rgba: middle, width: width, height: height)
        return Clip(span: name, fileStem: stem, webp: webp, poster: poster)
    }
}
