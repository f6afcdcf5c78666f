/// Telegram's sticker rules (core.telegram.org/stickers), in one place for the three stages that
/// apply them: the sticker's Lottie (ChoreoLottie: its canvas and frame rate), the `--target tgs`
/// checks (ChoreoScene: its length) and the CLI (its gzipped size).
public enum TelegramSticker {
    /// The side of the square canvas, in px.
    public static let canvas = 512.0
    public static let fps = 60.0
    /// The longest a sticker plays, in seconds.
    public static let maxDuration = 3.0
    /// The largest `.tgs` file (gzip), in bytes.
    public static let maxBytes = 64 * 1024
}
