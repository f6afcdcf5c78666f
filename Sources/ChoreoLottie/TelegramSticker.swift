import ChoreoJSON
import ChoreoTimeline

extension LottieEmitter {
    /// The Lottie document of a Telegram sticker (before gzip): 512×512 at 60 fps with `"tgs": 1`,
    /// the scene scaled uniformly to fit the canvas and centred (every layer gets that transform;
    /// Choreo's layers otherwise have the identity), polygons written as paths (no star shapes).
    /// Times are in seconds in the timeline, so re-timing it to 60 fps keeps every motion.
    public static func telegramSticker(_ timeline: Timeline, canvas: Double = 512, fps: Double = 60) -> JSONValue {
        var retimed = timeline
        retimed.fps = fps
        let document = document(retimed, options: LottieOptions(polygonsAsPaths: true))
        guard case let .object(members) = document else { return document }
        let scale = min(canvas / timeline.width, canvas / timeline.height)
        let offset = Point((canvas - timeline.width * scale) / 2, (canvas - timeline.height * scale) / 2)
        let fit = JSONValue.object([
            ("a", staticProperty([0, 0])), ("p", staticProperty([.number(offset.x), .number(offset.y)])),
            ("s", staticProperty([.number(scale * 100), .number(scale * 100)])),
            ("r", staticProperty(0)), ("o", staticProperty(100)),
        ])
        var sticker: [(String, JSONValue)] = [("tgs", 1)]
        for (key, value) in members {
            switch key {
            case "w", "h":
                sticker.append((key, .int(Int(canvas))))
            case "layers":
                guard case let .array(layers) = value else { sticker.append((key, value)); continue }
                sticker.append((key, .array(layers.map { layer in
                    guard case let .object(layerMembers) = layer else { return layer }
                    return .object(layerMembers.map { $0.0 == "ks" ? ("ks", fit) : $0 })
                })))
            default:
                sticker.append((key, value))
            }
        }
        return .object(sticker)
    }

    /// `telegramSticker` as minified JSON text, ready for gzip.
    public static func emitTelegramSticker(_ timeline: Timeline) -> String {
        JSONWriter(pretty: false).string(telegramSticker(timeline))
    }
}
