import CWebP

/// Animated WebP through libwebp's animation encoder (`WebPAnimEncoder`, libwebpmux): lossless
/// frames, each reduced by the library to what changed, looping forever. Single-threaded, so the
/// bytes depend only on the frames and the library's version.
public enum WebPEncoding {
    /// `quality` nil is lossless (the default); 0…100 is lossy VP8 at that quality, alpha kept.
    public static func animation(_ frames: FrameSequence, quality: Double? = nil) throws(MediaError) -> [UInt8] {
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else { throw MediaError("libwebp is not the version Choreo was built with") }
        options.anim_params.loop_count = 0
        options.anim_params.bgcolor = 0
        options.allow_mixed = 0
        options.minimize_size = 0
        guard let encoder = WebPAnimEncoderNew(Int32(frames.width), Int32(frames.height), &options) else {
            throw MediaError("libwebp could not start an animation of \(frames.width) × \(frames.height)")
        }
        defer { WebPAnimEncoderDelete(encoder) }
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw MediaError("libwebp is not the version Choreo was built with") }
        if let quality {
            config.lossless = 0
            config.quality = Float(min(max(quality, 0), 100))
            config.alpha_quality = 100
        } else {
            config.lossless = 1
            config.quality = 75
        }
        config.method = 4
        config.thread_level = 0
        guard WebPValidateConfig(&config) != 0 else { throw MediaError("libwebp refused its configuration") }
        var pixels = [UInt8](repeating: 0, count: frames.width * frames.height * 4)
        for index in 0..<frames.count {
            frames.frame(index, &pixels)
            var picture = WebPPicture()
            guard WebPPictureInit(&picture) != 0 else { throw MediaError("libwebp is not the version Choreo was built with") }
            picture.use_argb = 1
            picture.width = Int32(frames.width)
            picture.height = Int32(frames.height)
            let imported = pixels.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(frames.width * 4)) }
            defer { WebPPictureFree(&picture) }
            guard imported != 0 else { throw MediaError("libwebp could not take frame \(index + 1)") }
            let timestamp = Int32(frames.start(ofFrame: index, unitsPerSecond: 1000))
            guard WebPAnimEncoderAdd(encoder, &picture, timestamp, &config) != 0 else {
                throw MediaError("libwebp could not encode frame \(index + 1): \(encoderError(encoder))")
            }
        }
        let end = Int32(frames.start(ofFrame: frames.count, unitsPerSecond: 1000))
        guard WebPAnimEncoderAdd(encoder, nil, end, nil) != 0 else {
            throw MediaError("libwebp could not end the animation: \(encoderError(encoder))")
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw MediaError("libwebp could not assemble the animation: \(encoderError(encoder))")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
    }

    private static func encoderError(_ encoder: OpaquePointer) -> String {
        WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "no reason given"
    }
}
