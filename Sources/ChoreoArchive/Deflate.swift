import CZlib

/// Raw Deflate (RFC 1951) and CRC-32 through zlib: the compressed members of ZIP and gzip
/// containers. zlib's output depends only on its input, level and version, so the archives we
/// write are byte-for-byte reproducible on one toolchain image.
public enum Deflate {
    /// Compresses `bytes` as a raw Deflate stream (no zlib or gzip header), at zlib's best level.
    public static func compressRaw(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        // windowBits -15 selects a raw stream; memLevel 8 is zlib's default.
        let initStatus = deflateInit2_(
            &stream, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY,
            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        precondition(initStatus == Z_OK, "zlib deflateInit2 failed (\(initStatus))")
        defer { deflateEnd(&stream) }

        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        var input = bytes
        let status = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = uInt(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = uInt(outputBuffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        // deflateBound guarantees room for the whole stream in one Z_FINISH call.
        precondition(status == Z_STREAM_END, "zlib deflate did not finish (\(status))")
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }
}

/// The CRC-32 (ISO 3309) that ZIP and gzip store for each member.
public func crc32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
        UInt32(CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
    }
}
