import CPNG
import ChoreoArchive

/// PNG and animated PNG through libpng.
///
/// Debian's libpng has no APNG patch, so an animated PNG is assembled here from PNGs libpng
/// writes: the first frame's header and its data as `IDAT`, each later frame's data (only the
/// rectangle that changed since the frame before, replacing it) as `fdAT` after an `fcTL`, as the
/// APNG specification lays them out. The pixels are compressed by libpng only.
public enum PNGEncoding {
    /// One picture (straight RGBA) as a PNG file.
    public static func png(rgba: [UInt8], width: Int, height: Int) throws(MediaError) -> [UInt8] {
        try encode(rgba, width: width, height: height, rowStride: width * 4, offset: 0)
    }

    /// A clip as an animated PNG that loops forever.
    public static func apng(_ frames: FrameSequence) throws(MediaError) -> [UInt8] {
        let width = frames.width, height = frames.height
        var current = [UInt8](repeating: 0, count: width * height * 4)
        var previous = [UInt8]()
        var output: [UInt8] = pngSignature
        var sequence: UInt32 = 0
        for index in 0..<frames.count {
            frames.frame(index, &current)
            // The rectangle that differs from the frame before (the whole first frame); a frame
            // like the one before is one unchanged pixel.
            let box = index == 0 ? PixelBox(x: 0, y: 0, width: width, height: height)
                : changedBox(previous, current, width: width, height: height) ?? PixelBox(x: 0, y: 0, width: 1, height: 1)
            let png = try encode(current, width: box.width, height: box.height, rowStride: width * 4, offset: (box.y * width + box.x) * 4)
            let chunks = try readChunks(png)
            if index == 0 {
                guard let header = chunks.first, header.type == "IHDR" else { throw MediaError("libpng wrote no IHDR first") }
                appendChunk("IHDR", header.data, to: &output)
                appendChunk("acTL", bigEndian(UInt32(frames.count)) + bigEndian(UInt32(0)), to: &output)
                // The colour-space chunks libpng writes before the data describe every frame.
                for chunk in chunks.dropFirst() where chunk.type != "IDAT" && chunk.type != "IEND" {
                    appendChunk(chunk.type, chunk.data, to: &output)
                }
            }
            var control = bigEndian(sequence)
            control += bigEndian(UInt32(box.width)) + bigEndian(UInt32(box.height))
            control += bigEndian(UInt32(box.x)) + bigEndian(UInt32(box.y))
            // The delay as a fraction of a second: 1 / fps (both fit in 16 bits for fps ≤ 65,535).
            control += bigEndian16(1) + bigEndian16(UInt16(min(frames.fps, 65_535)))
            // dispose_op NONE (the next frame starts from this one), blend_op SOURCE (the
            // rectangle's pixels replace what was there, transparency included).
            control += [0, 0]
            appendChunk("fcTL", control, to: &output)
            sequence += 1
            for chunk in chunks where chunk.type == "IDAT" {
                if index == 0 {
                    appendChunk("IDAT", chunk.data, to: &output)
                } else {
                    appendChunk("fdAT", bigEndian(sequence) + chunk.data, to: &output)
                    sequence += 1
                }
            }
            swap(&previous, &current)
            if current.isEmpty { current = [UInt8](repeating: 0, count: width * height * 4) }
        }
        appendChunk("IEND", [], to: &output)
        return output
    }

    // MARK: libpng

    private static func encode(_ rgba: [UInt8], width: Int, height: Int, rowStride: Int, offset: Int) throws(MediaError) -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        // Room for the data stored uncompressed, with Deflate's and the chunks' framing.
        let raw = height * (width * 4 + 1)
        var capacity = raw + raw / 64 + 4096
        for _ in 0..<2 {
            var output = [UInt8](repeating: 0, count: capacity)
            var size = png_alloc_size_t(capacity)
            let written = rgba.withUnsafeBytes { pixels in
                output.withUnsafeMutableBytes { memory in
                    png_image_write_to_memory(&image, memory.baseAddress, &size, 0, pixels.baseAddress! + offset, png_int_32(rowStride), nil)
                }
            }
            png_image_free(&image)
            if written != 0 {
                output.removeSubrange(Int(size)...)
                return output
            }
            // A failure that changed the size means the buffer was too small: that size is enough.
            guard size > png_alloc_size_t(capacity) else {
                throw MediaError("libpng could not write a \(width) × \(height) picture")
            }
            capacity = Int(size)
        }
        throw MediaError("libpng could not write a \(width) × \(height) picture")
    }

    // MARK: Chunks

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private struct Chunk {
        var type: String
        var data: [UInt8]
    }

    /// The chunks of a PNG libpng wrote, after its signature.
    private static func readChunks(_ png: [UInt8]) throws(MediaError) -> [Chunk] {
        guard png.count >= 8, Array(png[0..<8]) == pngSignature else { throw MediaError("libpng wrote no PNG signature") }
        var chunks: [Chunk] = []
        var position = 8
        while position + 12 <= png.count {
            let length = Int(png[position]) << 24 | Int(png[position + 1]) << 16 | Int(png[position + 2]) << 8 | Int(png[position + 3])
            let typeBytes = png[(position + 4)..<(position + 8)]
            guard position + 12 + length <= png.count else { throw MediaError("libpng wrote a chunk past the end") }
            let type = String(decoding: typeBytes, as: UTF8.self)
            chunks.append(Chunk(type: type, data: Array(png[(position + 8)..<(position + 8 + length)])))
            position += 12 + length
            if type == "IEND" { break }
        }
        return chunks
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to output: inout [UInt8]) {
        output += bigEndian(UInt32(data.count))
        let typed = Array(type.utf8) + data
        output += typed
        output += bigEndian(crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func bigEndian16(_ value: UInt16) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xFF)]
    }
}

/// A rectangle of pixels.
struct PixelBox: Equatable {
    var x: Int, y: Int, width: Int, height: Int
}

/// The smallest rectangle holding every pixel (4 bytes each) that differs between two frames; nil
/// when none does.
func changedBox(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> PixelBox? {
    var minX = width, minY = height, maxX = -1, maxY = -1
    a.withUnsafeBytes { ra in
        b.withUnsafeBytes { rb in
            let wa = ra.bindMemory(to: UInt32.self), wb = rb.bindMemory(to: UInt32.self)
            for y in 0..<height {
                let row = y * width
                var first = -1
                for x in 0..<width where wa[row + x] != wb[row + x] {
                    first = x
                    break
                }
                guard first >= 0 else { continue }
                var last = first
                for x in stride(from: width - 1, to: first, by: -1) where wa[row + x] != wb[row + x] {
                    last = x
                    break
                }
                minY = min(minY, y)
                maxY = y
                minX = min(minX, first)
                maxX = max(maxX, last)
            }
        }
    }
    guard maxY >= 0 else { return nil }
    return PixelBox(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
}
