import CGIF

/// Animated GIF through giflib: one palette for the whole clip (the clip's own colours when there
/// are at most 256, else giflib's median-cut quantizer over a sample of every frame), each pixel
/// its nearest palette colour without dithering, looping forever. GIF's transparency is all or
/// nothing: a pixel under half opaque is transparent, the others opaque in their own colour.
///
/// Every frame is drawn twice: once to choose the palette, once to write it.
public enum GIFEncoding {
    /// The most pixels the palette is chosen from; a longer clip is sampled evenly.
    static let paletteSampleLimit = 1 << 22

    public static func animation(_ frames: FrameSequence) throws(MediaError) -> [UInt8] {
        let palette = choosePalette(frames)
        return try write(frames, palette: palette)
    }

    struct Palette {
        /// Opaque colours as 0xRRGGBB.
        var colors: [UInt32]
        /// The transparent pixels' index (after the colours), if any pixel is transparent.
        var transparentIndex: Int?
        /// The colours exactly (no pixel needs a nearest colour).
        var exact: Bool
    }

    // MARK: The palette

    static func choosePalette(_ frames: FrameSequence) -> Palette {
        let pixelsPerFrame = frames.width * frames.height
        let total = pixelsPerFrame * frames.count
        let step = max(1, (total + paletteSampleLimit - 1) / paletteSampleLimit)
        var red: [UInt8] = [], green: [UInt8] = [], blue: [UInt8] = []
        red.reserveCapacity(min(total, paletteSampleLimit))
        green.reserveCapacity(min(total, paletteSampleLimit))
        blue.reserveCapacity(min(total, paletteSampleLimit))
        var distinct = Set<UInt32>()
        var tooMany = false
        var transparent = false
        var pixels = [UInt8](repeating: 0, count: pixelsPerFrame * 4)
        var counter = 0
        for index in 0..<frames.count {
            frames.frame(index, &pixels)
            var last: UInt32 = .max
            pixels.withUnsafeBufferPointer { p in
                for pixel in 0..<pixelsPerFrame {
                    let o = pixel * 4
                    counter += 1
                    guard p[o + 3] >= 128 else {
                        transparent = true
                        continue
                    }
                    let color = UInt32(p[o]) << 16 | UInt32(p[o + 1]) << 8 | UInt32(p[o + 2])
                    if counter % step == 0 {
                        red.append(p[o])
                        green.append(p[o + 1])
                        blue.append(p[o + 2])
                    }
                    if !tooMany, color != last {
                        last = color
                        distinct.insert(color)
                        if distinct.count > 256 { tooMany = true }
                    }
                }
            }
        }
        let room = transparent ? 255 : 256
        if !tooMany, distinct.count <= room {
            return Palette(colors: distinct.sorted(), transparentIndex: transparent ? distinct.count : nil, exact: true)
        }
        var size = Int32(room)
        var colorMap = [GifColorType](repeating: GifColorType(), count: 256)
        var output = [UInt8](repeating: 0, count: red.count)
        let status = GifQuantizeBuffer(UInt32(red.count), 1, &size, &red, &green, &blue, &output, &colorMap)
        var colors: [UInt32]
        if status == GIF_OK {
            colors = colorMap.prefix(Int(size)).map { UInt32($0.Red) << 16 | UInt32($0.Green) << 8 | UInt32($0.Blue) }
        } else {
            // Only a failed allocation stops the quantizer: the first colours seen stand in.
            colors = Array(distinct.sorted().prefix(room))
        }
        // Two boxes can average to one colour: keep each once, in a fixed order.
        colors = Array(Set(colors)).sorted()
        return Palette(colors: colors, transparentIndex: transparent ? colors.count : nil, exact: false)
    }

    // MARK: Writing

    private final class ByteSink {
        var bytes: [UInt8] = []
    }

    private static func write(_ frames: FrameSequence, palette: Palette) throws(MediaError) -> [UInt8] {
        let sink = ByteSink()
        var error: Int32 = 0
        let opaque = Unmanaged.passUnretained(sink).toOpaque()
        guard let gif = EGifOpen(opaque, { file, data, count in
            guard let file, let data, count > 0 else { return 0 }
            let sink = Unmanaged<ByteSink>.fromOpaque(file.pointee.UserData).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
            return count
        }, &error) else { throw MediaError("giflib could not start a GIF (\(describe(error)))") }
        var closed = false
        defer { if !closed { EGifCloseFile(gif, nil) } }
        func check(_ status: Int32, _ what: String) throws(MediaError) {
            guard status == GIF_OK else { throw MediaError("giflib could not write \(what) (\(describe(gif.pointee.Error)))") }
        }

        // A colour table holds a power of two of colours, at least two.
        let used = palette.colors.count + (palette.transparentIndex == nil ? 0 : 1)
        var bits = 1
        while (1 << bits) < used { bits += 1 }
        var table = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: 1 << bits)
        for (index, color) in palette.colors.enumerated() {
            table[index] = GifColorType(Red: UInt8(color >> 16), Green: UInt8((color >> 8) & 0xFF), Blue: UInt8(color & 0xFF))
        }
        guard let colorMap = GifMakeMapObject(Int32(1 << bits), &table) else { throw MediaError("giflib could not make the palette") }
        defer { GifFreeMapObject(colorMap) }
        EGifSetGifVersion(gif, true)
        try check(EGifPutScreenDesc(gif, Int32(frames.width), Int32(frames.height), Int32(bits), 0, colorMap), "the screen descriptor")
        // NETSCAPE2.0: loop forever.
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "the loop extension")
        var application = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(gif, 11, &application), "the loop extension")
        var loop: [UInt8] = [1, 0, 0]
        try check(EGifPutExtensionBlock(gif, 3, &loop), "the loop extension")
        try check(EGifPutExtensionTrailer(gif), "the loop extension")

        let width = frames.width, height = frames.height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var indexed = [UInt8](repeating: 0, count: width * height)
        var previous = [UInt8]()
        var lookup = ColorLookup(palette: palette)
        for frameIndex in 0..<frames.count {
            frames.frame(frameIndex, &pixels)
            lookup.map(pixels, into: &indexed)
            // Without transparency a frame is only the rectangle that changed, over the frame
            // before; with it each frame is whole and replaces the one before.
            var box = (x: 0, y: 0, width: width, height: height)
            if palette.transparentIndex == nil, !previous.isEmpty {
                box = changedIndexBox(previous, indexed, width: width, height: height) ?? (0, 0, 1, 1)
            }
            var control = GraphicsControlBlock(
                DisposalMode: palette.transparentIndex == nil ? DISPOSE_DO_NOT : DISPOSE_BACKGROUND, UserInputFlag: false,
                DelayTime: Int32(frames.delay(ofFrame: frameIndex, unitsPerSecond: 100)),
                TransparentColor: Int32(palette.transparentIndex ?? Int(NO_TRANSPARENT_COLOR)))
            var extensionBytes = [UInt8](repeating: 0, count: 4)
            let length = EGifGCBToExtension(&control, &extensionBytes)
            try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), &extensionBytes), "frame \(frameIndex + 1)'s delay")
            try check(EGifPutImageDesc(gif, Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height), false, nil), "frame \(frameIndex + 1)")
            for y in box.y..<(box.y + box.height) {
                let start = y * width + box.x
                let status = indexed.withUnsafeMutableBufferPointer { EGifPutLine(gif, $0.baseAddress! + start, Int32(box.width)) }
                try check(status, "frame \(frameIndex + 1)")
            }
            swap(&previous, &indexed)
            if indexed.isEmpty { indexed = [UInt8](repeating: 0, count: width * height) }
        }
        closed = true
        var closeError: Int32 = 0
        guard EGifCloseFile(gif, &closeError) == GIF_OK else { throw MediaError("giflib could not finish the GIF (\(describe(closeError)))") }
        return sink.bytes
    }

    private static func describe(_ error: Int32) -> String {
        GifErrorString(error).map { String(cString: $0) } ?? "error \(error)"
    }

    /// The rectangle of indices that differ between two frames.
    private static func changedIndexBox(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = y * width
            for x in 0..<width where a[row + x] != b[row + x] {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = y
            }
        }
        guard maxY >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}

/// Each pixel's palette index: the transparent one under half opacity, else the nearest colour
/// (squared distance in RGB, the lower index on a tie), remembered per colour.
struct ColorLookup {
    let palette: GIFEncoding.Palette
    private var known: [UInt32: UInt8] = [:]

    init(palette: GIFEncoding.Palette) {
        self.palette = palette
        for (index, color) in palette.colors.enumerated() { known[color] = UInt8(index) }
    }

    mutating func map(_ rgba: [UInt8], into indices: inout [UInt8]) {
        let transparent = UInt8(palette.transparentIndex ?? 0)
        var lastColor: UInt32 = .max
        var lastIndex: UInt8 = 0
        for pixel in 0..<indices.count {
            let o = pixel * 4
            if rgba[o + 3] < 128 {
                indices[pixel] = transparent
                continue
            }
            let color = UInt32(rgba[o]) << 16 | UInt32(rgba[o + 1]) << 8 | UInt32(rgba[o + 2])
            if color != lastColor {
                lastColor = color
                lastIndex = index(of: color)
            }
            indices[pixel] = lastIndex
        }
    }

    private mutating func index(of color: UInt32) -> UInt8 {
        if let index = known[color] { return index }
        let r = Int(color >> 16), g = Int((color >> 8) & 0xFF), b = Int(color & 0xFF)
        var best = 0, bestDistance = Int.max
        for (index, candidate) in palette.colors.enumerated() {
            let dr = r - Int(candidate >> 16), dg = g - Int((candidate >> 8) & 0xFF), db = b - Int(candidate & 0xFF)
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        known[color] = UInt8(best)
        return UInt8(best)
    }
}
