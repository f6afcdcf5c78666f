import CFFmpeg
import Foundation

/// MP4 (H.264 through libx264) and WebM (VP9 through libvpx, with its alpha channel) through
/// FFmpeg's libavcodec and libavformat, muxed into memory. Reproducible: one encoder thread, the
/// muxers' bit-exact mode (no library version, date or random segment id in the file), fixed
/// encoder settings.
public enum VideoEncoding {
    public enum Codec: Sendable {
        /// H.264 (High profile, 4:2:0) in MP4, `moov` first so a page can play it while it loads.
        /// Frames must be opaque (drawn over a background); odd sizes are refused by the encoder,
        /// so callers draw an even size.
        case h264
        /// VP9 (4:2:0 with an alpha plane) in WebM.
        case vp9
    }

    /// Quality settings (lower is better). H.264 at a constant quantizer without B-frames: with a
    /// constant rate factor its macroblock tree starves the frame before a sudden change (a
    /// morph's jump), whose anti-aliased edges fell to 32 dB PSNR at any factor.
    static let h264QP = "12"
    static let vp9CRF = "18"

    public static func encode(_ frames: FrameSequence, codec: Codec) throws(MediaError) -> [UInt8] {
        let session = try Session(frames: frames, codec: codec)
        defer { session.close() }
        try session.run()
        return session.sink.bytes
    }

    /// What the muxer has written, with the position it writes at (it seeks back to patch sizes).
    final class ByteSink {
        var bytes: [UInt8] = []
        var position = 0

        func write(_ data: UnsafePointer<UInt8>, count: Int) {
            let end = position + count
            if end > bytes.count { bytes.append(contentsOf: repeatElement(0, count: end - bytes.count)) }
            bytes.withUnsafeMutableBufferPointer { buffer in
                (buffer.baseAddress! + position).update(from: data, count: count)
            }
            position = end
        }

        func seek(_ offset: Int64, whence: Int32) -> Int64 {
            if whence & AVSEEK_SIZE != 0 { return Int64(bytes.count) }
            let target: Int64
            switch whence & ~AVSEEK_FORCE {
            case SEEK_SET: target = offset
            case SEEK_CUR: target = Int64(position) + offset
            case SEEK_END: target = Int64(bytes.count) + offset
            default: return -1
            }
            guard target >= 0 else { return -1 }
            position = Int(target)
            return target
        }
    }

    /// A reader of what the sink holds: the MP4 muxer reopens its output to move the `moov`
    /// box in front of the data (`faststart`).
    final class ByteReader {
        let sink: ByteSink
        var position = 0

        init(sink: ByteSink) { self.sink = sink }
    }

    private final class Session {
        let frames: FrameSequence
        let codec: Codec
        let sink = ByteSink()
        var format: UnsafeMutablePointer<AVFormatContext>?
        var context: UnsafeMutablePointer<AVCodecContext>?
        var io: UnsafeMutablePointer<AVIOContext>?
        var frame: UnsafeMutablePointer<AVFrame>?
        var packet: UnsafeMutablePointer<AVPacket>?
        var scaler: OpaquePointer?
        var stream: UnsafeMutablePointer<AVStream>?

        init(frames: FrameSequence, codec: Codec) throws(MediaError) {
            self.frames = frames
            self.codec = codec
            av_log_set_level(AV_LOG_QUIET)
        }

        func close() {
            if let scaler { sws_freeContext(scaler) }
            av_frame_free(&frame)
            av_packet_free(&packet)
            avcodec_free_context(&context)
            if let format {
                format.pointee.pb = nil
                avformat_free_context(format)
            }
            if let io {
                av_freep(&io.pointee.buffer)
                var pointer: UnsafeMutablePointer<AVIOContext>? = io
                avio_context_free(&pointer)
            }
        }

        func check(_ status: Int32, _ what: String) throws(MediaError) {
            guard status >= 0 else { throw MediaError("FFmpeg could not \(what): \(errorText(status))") }
        }

        func run() throws(MediaError) {
            let muxer = codec == .h264 ? "mp4" : "webm"
            let encoderName = codec == .h264 ? "libx264" : "libvpx-vp9"
            try check(avformat_alloc_output_context2(&format, nil, muxer, nil), "start a \(muxer) file")
            guard let format else { throw MediaError("FFmpeg has no \(muxer) muxer") }
            format.pointee.flags |= AVFMT_FLAG_BITEXACT
            guard let encoder = avcodec_find_encoder_by_name(encoderName) else {
                throw MediaError("FFmpeg has no \(encoderName) encoder (Debian's libavcodec has it)")
            }
            guard let stream = avformat_new_stream(format, nil) else { throw MediaError("FFmpeg could not add a video stream") }
            self.stream = stream
            guard let context = avcodec_alloc_context3(encoder) else { throw MediaError("FFmpeg could not make an encoder") }
            self.context = context
            let fps = Int32(frames.fps)
            context.pointee.width = Int32(frames.width)
            context.pointee.height = Int32(frames.height)
            context.pointee.time_base = AVRational(num: 1, den: fps)
            context.pointee.framerate = AVRational(num: fps, den: 1)
            context.pointee.pix_fmt = codec == .h264 ? AV_PIX_FMT_YUV420P : AV_PIX_FMT_YUVA420P
            context.pointee.thread_count = 1
            context.pointee.gop_size = max(1, fps * 2)
            context.pointee.flags |= Int32(AV_CODEC_FLAG_BITEXACT)
            context.pointee.color_range = AVCOL_RANGE_MPEG
            context.pointee.colorspace = AVCOL_SPC_SMPTE170M
            context.pointee.color_primaries = AVCOL_PRI_SMPTE170M
            context.pointee.color_trc = AVCOL_TRC_SMPTE170M
            if format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
                context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
            }
            var options: OpaquePointer? = nil
            defer { av_dict_free(&options) }
            switch codec {
            case .h264:
                av_dict_set(&options, "preset", "medium", 0)
                av_dict_set(&options, "profile", "high", 0)
                av_dict_set(&options, "qp", VideoEncoding.h264QP, 0)
                context.pointee.max_b_frames = 0
            case .vp9:
                context.pointee.bit_rate = 0
                av_dict_set(&options, "crf", VideoEncoding.vp9CRF, 0)
                av_dict_set(&options, "deadline", "good", 0)
                av_dict_set(&options, "cpu-used", "4", 0)
                av_dict_set(&options, "row-mt", "0", 0)
            }
            try check(avcodec_open2(context, encoder, &options), "open the \(encoderName) encoder")
            try check(avcodec_parameters_from_context(stream.pointee.codecpar, context), "describe the stream")
            stream.pointee.time_base = context.pointee.time_base

            let bufferSize: Int32 = 1 << 16
            guard let buffer = av_malloc(Int(bufferSize))?.assumingMemoryBound(to: UInt8.self) else { throw MediaError("out of memory") }
            let opaque = Unmanaged.passUnretained(sink).toOpaque()
            io = avio_alloc_context(buffer, bufferSize, 1, opaque, nil, { opaque, data, count in
                guard let opaque, let data, count > 0 else { return 0 }
                Unmanaged<ByteSink>.fromOpaque(opaque).takeUnretainedValue().write(data, count: Int(count))
                return count
            }, { opaque, offset, whence in
                guard let opaque else { return -1 }
                return Unmanaged<ByteSink>.fromOpaque(opaque).takeUnretainedValue().seek(offset, whence: whence)
            })
            guard let io else { throw MediaError("FFmpeg could not make its output") }
            format.pointee.pb = io
            format.pointee.opaque = opaque
            format.pointee.io_open = { format, pb, _, flags, _ in
                // Only the MP4 muxer's second pass (faststart) opens anything: our own bytes, to read.
                guard let format, let pb, flags & AVIO_FLAG_WRITE == 0, let owner = format.pointee.opaque else { return -EINVAL }
                let reader = ByteReader(sink: Unmanaged<ByteSink>.fromOpaque(owner).takeUnretainedValue())
                let size: Int32 = 1 << 16
                guard let buffer = av_malloc(Int(size))?.assumingMemoryBound(to: UInt8.self) else { return -ENOMEM }
                let context = avio_alloc_context(buffer, size, 0, Unmanaged.passRetained(reader).toOpaque(), { opaque, data, count in
                    guard let opaque, let data else { return -EINVAL }
                    let reader = Unmanaged<ByteReader>.fromOpaque(opaque).takeUnretainedValue()
                    let available = min(Int(count), reader.sink.bytes.count - reader.position)
                    guard available > 0 else { return endOfFile }
                    reader.sink.bytes.withUnsafeBufferPointer { bytes in
                        data.update(from: bytes.baseAddress! + reader.position, count: available)
                    }
                    reader.position += available
                    return Int32(available)
                }, nil, { opaque, offset, whence in
                    guard let opaque else { return -1 }
                    let reader = Unmanaged<ByteReader>.fromOpaque(opaque).takeUnretainedValue()
                    if whence & AVSEEK_SIZE != 0 { return Int64(reader.sink.bytes.count) }
                    let target: Int64
                    switch whence & ~AVSEEK_FORCE {
                    case SEEK_SET: target = offset
                    case SEEK_CUR: target = Int64(reader.position) + offset
                    case SEEK_END: target = Int64(reader.sink.bytes.count) + offset
                    default: return -1
                    }
                    guard target >= 0 else { return -1 }
                    reader.position = Int(target)
                    return target
                })
                guard let context else {
                    av_free(buffer)
                    return -ENOMEM
                }
                pb.pointee = context
                return 0
            }
            format.pointee.io_close2 = { format, pb in
                guard let pb, let format, pb != format.pointee.pb else { return 0 }
                if let opaque = pb.pointee.opaque { Unmanaged<ByteReader>.fromOpaque(opaque).release() }
                av_freep(&pb.pointee.buffer)
                var pointer: UnsafeMutablePointer<AVIOContext>? = pb
                avio_context_free(&pointer)
                return 0
            }
            var muxOptions: OpaquePointer? = nil
            defer { av_dict_free(&muxOptions) }
            if codec == .h264 { av_dict_set(&muxOptions, "movflags", "+faststart", 0) }
            try check(avformat_write_header(format, &muxOptions), "write the \(muxer) header")

            frame = av_frame_alloc()
            packet = av_packet_alloc()
            guard let frame, packet != nil else { throw MediaError("out of memory") }
            frame.pointee.format = context.pointee.pix_fmt.rawValue
            frame.pointee.width = context.pointee.width
            frame.pointee.height = context.pointee.height
            try check(av_frame_get_buffer(frame, 0), "allocate a frame")
            scaler = sws_getContext(
                Int32(frames.width), Int32(frames.height), AV_PIX_FMT_RGBA, Int32(frames.width), Int32(frames.height),
                context.pointee.pix_fmt, SWS_BICUBIC | SWS_ACCURATE_RND | SWS_BITEXACT | SWS_FULL_CHR_H_INP, nil, nil, nil)
            guard scaler != nil else { throw MediaError("FFmpeg could not convert RGBA to \(codec == .h264 ? "YUV 4:2:0" : "YUVA 4:2:0")") }

            var rgba = [UInt8](repeating: 0, count: frames.width * frames.height * 4)
            for index in 0..<frames.count {
                frames.frame(index, &rgba)
                try check(av_frame_make_writable(frame), "reuse a frame")
                rgba.withUnsafeBufferPointer { pixels in
                    var source: [UnsafePointer<UInt8>?] = [pixels.baseAddress, nil, nil, nil]
                    var sourceStride: [Int32] = [Int32(frames.width * 4), 0, 0, 0]
                    var planes: [UnsafeMutablePointer<UInt8>?] = [frame.pointee.data.0, frame.pointee.data.1, frame.pointee.data.2, frame.pointee.data.3]
                    var strides: [Int32] = [frame.pointee.linesize.0, frame.pointee.linesize.1, frame.pointee.linesize.2, frame.pointee.linesize.3]
                    _ = sws_scale(scaler, &source, &sourceStride, 0, Int32(frames.height), &planes, &strides)
                }
                frame.pointee.pts = Int64(index)
                try check(avcodec_send_frame(context, frame), "encode frame \(index + 1)")
                try drain()
            }
            try check(avcodec_send_frame(context, nil), "finish encoding")
            try drain()
            try check(av_write_trailer(format), "finish the \(muxer) file")
        }

        private func drain() throws(MediaError) {
            guard let context, let packet, let format, let stream else { return }
            while true {
                let status = avcodec_receive_packet(context, packet)
                if status == -EAGAIN || status == endOfFile { return }
                try check(status, "encode a frame")
                // Every frame lasts one tick of the codec's clock (1 / fps): the last one too.
                packet.pointee.duration = 1
                av_packet_rescale_ts(packet, context.pointee.time_base, stream.pointee.time_base)
                packet.pointee.stream_index = stream.pointee.index
                let written = av_interleaved_write_frame(format, packet)
                av_packet_unref(packet)
                try check(written, "write a frame")
            }
        }
    }
}

/// FFmpeg's `AVERROR_EOF` (a macro Swift does not import): the tag "EOF " negated.
private let endOfFile: Int32 = -(Int32(UInt8(ascii: "E")) | Int32(UInt8(ascii: "O")) << 8 | Int32(UInt8(ascii: "F")) << 16 | Int32(UInt8(ascii: " ")) << 24)

private func errorText(_ status: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    av_strerror(status, &buffer, buffer.count)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
