import ChoreoJSON
import ChoreoTimeline

extension LottieEmitter {
    /// The Lottie document of a Telegram sticker (before gzip): 512×512 at 60 fps with `"tgs": 1`,
    /// the scene scaled uniformly to fit the canvas and centred (every layer gets that transform;
    /// Choreo's layers otherwise have the identity), polygons written as paths (no star shapes).
    /// Times are in seconds in the timeline, so re-timing it to 60 fps keeps every motion.
    public static func telegramSticker(
        _ timeline: Timeline, canvas: Double = TelegramSticker.canvas, fps: Double = TelegramSticker.fps
    ) -> JSONValue {
        JSONTreeBuilder.build { writeTelegramSticker(timeline, canvas: canvas, fps: fps, to: &$0) }
    }

    static func writeTelegramSticker<W: JSONSink>(
        _ timeline: Timeline, canvas: Double = TelegramSticker.canvas, fps: Double = TelegramSticker.fps, to w: inout W
    ) {
        var retimed = timeline
        retimed.fps = fps
        let scale = min(canvas / timeline.width, canvas / timeline.height)
        let offset = Point((canvas - timeline.width * scale) / 2, (canvas - timeline.height * scale) / 2)
        write(retimed, options: LottieOptions(polygonsAsPaths: true), fit: CanvasFit(canvas: canvas, scale: scale, offset: offset), to: &w)
    }

    /// `telegramSticker` as minified JSON text, ready for gzip.
    public static func emitTelegramSticker(_ timeline: Timeline) -> String {
        var writer = JSONStreamWriter(capacity: 1 << 16)
        writeTelegramSticker(timeline, to: &writer)
        return String(decoding: writer.finished(), as: UTF8.self)
    }
}
