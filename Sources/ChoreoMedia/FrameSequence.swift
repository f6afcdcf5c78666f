/// The picture and video formats `choreo render` writes, in the order help lists them.
public enum MediaFormat: String, CaseIterable, Sendable {
    case png, apng, webp, gif, mp4, webm

    /// True for the formats that hold a clip (every one but PNG).
    public var isAnimated: Bool { self != .png }

    /// True where a pixel can be see-through (MP4's H.264 has no alpha; GIF's is all or nothing).
    public var keepsTransparency: Bool { self != .mp4 }

    /// The file name suffix a file of the format usually has (an animated PNG is a `.png`).
    public var fileExtension: String {
        switch self {
        case .apng: "png"
        default: rawValue
        }
    }
}

/// Frames to encode: `count` pictures of `width` × `height` shown `fps` a second, each made on
/// demand as straight (not premultiplied) RGBA bytes, row after row. An encoder that needs to see
/// every frame before writing one (GIF's one palette) asks for each frame twice.
public struct FrameSequence {
    public var width: Int
    public var height: Int
    public var count: Int
    public var fps: Int
    /// Writes frame `index` (0 ..< count) over the buffer (`width × height × 4` bytes).
    public var frame: (Int, inout [UInt8]) -> Void

    public init(width: Int, height: Int, count: Int, fps: Int, frame: @escaping (Int, inout [UInt8]) -> Void) {
        precondition(width > 0 && height > 0 && count > 0 && fps > 0)
        self.width = width
        self.height = height
        self.count = count
        self.fps = fps
        self.frame = frame
    }

    /// Where frame `index` starts, in whole units of `1 / unitsPerSecond` s, rounded, so that
    /// delays in coarse units (GIF's centiseconds, WebP's milliseconds) add up to the clip's length.
    public func start(ofFrame index: Int, unitsPerSecond: Int) -> Int {
        (index * unitsPerSecond * 2 + fps) / (2 * fps)
    }

    /// How long frame `index` is shown, in units of `1 / unitsPerSecond` s.
    public func delay(ofFrame index: Int, unitsPerSecond: Int) -> Int {
        start(ofFrame: index + 1, unitsPerSecond: unitsPerSecond) - start(ofFrame: index, unitsPerSecond: unitsPerSecond)
    }
}

/// An encoder library refused the frames; `message` says which call and what it answered.
public struct MediaError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) { self.message = message }
}
