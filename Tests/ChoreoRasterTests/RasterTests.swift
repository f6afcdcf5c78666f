@testable import ChoreoMedia
@testable import ChoreoRaster
import ChoreoTimeline
import Testing

// The rasterizer's pixels at known places, the blur's conservation of coverage, the clip's
// instants and the encoders' timing arithmetic. Whole scenes are compared with ThorVG in
// Tests/conformance/render_suite.py.

private func square(
    at position: Point, size: Double = 20, color: RGBA = RGBA(1, 0, 0), opacity: Animated<Double> = Animated(1)
) -> Node {
    Node(
        id: "square", transform: Transform(position: Animated(position), opacity: opacity),
        content: .shape(.rect(size: Animated(Point(size, size)), cornerRadius: Animated(0)), Style(fill: .color(Animated(color)))))
}

private func timeline(_ layers: [Node], duration: Double = 1) -> Timeline {
    Timeline(name: "t", width: 100, height: 100, fps: 10, duration: duration, layers: layers, spans: [])
}

private func pixel(_ rgba: [UInt8], _ x: Int, _ y: Int, width: Int = 100) -> [UInt8] {
    Array(rgba[(y * width + x) * 4..<(y * width + x) * 4 + 4])
}

@Test func aSquareIsDrawnWhereItsTransformPutsIt() {
    let rasterizer = TimelineRasterizer(timeline: timeline([square(at: Point(30, 60))]), width: 100, height: 100)
    let frame = rasterizer.render(at: 0)
    #expect(pixel(frame, 30, 60) == [255, 0, 0, 255])
    #expect(pixel(frame, 21, 51) == [255, 0, 0, 255])
    #expect(pixel(frame, 45, 60)[3] == 0)
    #expect(pixel(frame, 30, 45)[3] == 0)
}

@Test func opacityFadesTheNodeAndMovesWithTime() {
    var fade = Animated<Double>(1)
    fade.append(Segment(start: 0, end: 1, from: 1, to: 0, easing: .linear))
    let rasterizer = TimelineRasterizer(timeline: timeline([square(at: Point(50, 50), opacity: fade)]), width: 100, height: 100)
    let half = pixel(rasterizer.render(at: 0.5), 50, 50)
    #expect(abs(Int(half[3]) - 128) <= 1, "\(half)")
    #expect(half[0] == 255, "straight (not premultiplied) colour")
    #expect(pixel(rasterizer.render(at: 1), 50, 50)[3] == 0)
}

@Test func aLargerPictureScalesTheSceneToFitAndCentresIt() {
    let rasterizer = TimelineRasterizer(timeline: timeline([square(at: Point(50, 50))]), width: 400, height: 200)
    let frame = rasterizer.render(at: 0)
    // Scale 2, the 200 px wide scene centred: the square covers x 180…220, y 80…120.
    #expect(pixel(frame, 200, 100, width: 400) == [255, 0, 0, 255])
    #expect(pixel(frame, 181, 81, width: 400)[3] == 255)
    #expect(pixel(frame, 225, 100, width: 400)[3] == 0)
}

@Test func aClipKeepsTheDrawingInsideIt() {
    var clipped = square(at: Point(50, 50), size: 40)
    clipped.clip = ClipShape(geometry: .ellipse(size: Animated(Point(10, 10))))
    let frame = TimelineRasterizer(timeline: timeline([clipped]), width: 100, height: 100).render(at: 0)
    #expect(pixel(frame, 50, 50)[3] == 255)
    #expect(pixel(frame, 35, 35)[3] == 0, "inside the square, outside the clip")
}

@Test func theBackgroundFillsThePictureUnderTheScene() {
    let frame = TimelineRasterizer(timeline: timeline([]), width: 10, height: 10, background: RGBA(0, 0, 1)).render(at: 0)
    #expect(pixel(frame, 5, 5, width: 10) == [0, 0, 255, 255])
}

@Test func aBlurSpreadsCoverageWithoutLosingIt() {
    for sigma in [1.0, 4.0] {
        var pixels = [UInt8](repeating: 0, count: 64 * 64 * 4)
        for y in 28..<36 { for x in 28..<36 { for c in 0..<4 { pixels[(y * 64 + x) * 4 + c] = 255 } } }
        let before = pixels.enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Int($1.element) }
        pixels.withUnsafeMutableBufferPointer { GaussianBlur(sigma: sigma).apply(to: $0.baseAddress!, width: 64, height: 64, stride: 64 * 4) }
        let after = pixels.enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Int($1.element) }
        #expect(abs(after - before) < before / 50, "sigma \(sigma): coverage \(before) → \(after)")
        #expect(pixels[(32 * 64 + 36) * 4 + 3] > 0, "coverage reaches past the edge")
        #expect(pixels[(32 * 64 + 35) * 4 + 3] < 255, "the edge is softened")
        if sigma > 2 { #expect(pixels[(32 * 64 + 32) * 4 + 3] < 255, "a wide blur lowers the centre") }
        // Premultiplied channels blur alike: colour never exceeds alpha.
        #expect(stride(from: 0, to: pixels.count, by: 4).allSatisfy { pixels[$0] <= pixels[$0 + 3] })
    }
}

@Test func clipTimesSampleEachSpanFromItsStartAndHoldTheEndOfOnesPlayedOnce() {
    let once = ClipTimes(stretches: [ClipTimes.Stretch(start: 1, end: 1.5, holdsEnd: true)], fps: 10, sceneFPS: 60)
    #expect(once.count == 5)
    #expect(once.times.first == 1)
    #expect(abs(once.times.last! - (1.5 - 1.0 / 60)) < 1e-12, "the span's last frame on the scene's own grid")
    let loop = ClipTimes(stretches: [ClipTimes.Stretch(start: 0, end: 1, holdsEnd: false)], fps: 4, sceneFPS: 60)
    #expect(loop.times == [0, 0.25, 0.5, 0.75])
    let path = ClipTimes(stretches: [.init(start: 0, end: 0.5, holdsEnd: true), .init(start: 2, end: 2.25, holdsEnd: true)], fps: 20, sceneFPS: 20)
    #expect(path.count == 15)
}

@Test func delaysInCoarseUnitsAddUpToTheClipsLength() {
    let frames = FrameSequence(width: 1, height: 1, count: 60, fps: 60) { _, _ in }
    let centiseconds = (0..<60).map { frames.delay(ofFrame: $0, unitsPerSecond: 100) }
    #expect(centiseconds.reduce(0, +) == 100)
    #expect(Set(centiseconds) == [1, 2])
    let milliseconds = (0..<60).map { frames.delay(ofFrame: $0, unitsPerSecond: 1000) }
    #expect(milliseconds.reduce(0, +) == 1000)
}

@Test func theChangedBoxHoldsEveryDifferingPixel() {
    var a = [UInt8](repeating: 0, count: 10 * 10 * 4)
    var b = a
    #expect(changedBox(a, b, width: 10, height: 10) == nil)
    b[(3 * 10 + 7) * 4] = 1
    b[(5 * 10 + 2) * 4 + 3] = 9
    #expect(changedBox(a, b, width: 10, height: 10) == PixelBox(x: 2, y: 3, width: 6, height: 3))
    a = b
    #expect(changedBox(a, b, width: 10, height: 10) == nil)
}

@Test func anAnimatedPNGNumbersItsControlAndDataChunksInOneSequence() throws {
    // Four 8 × 8 frames: a pixel moving along the top row.
    let frames = FrameSequence(width: 8, height: 8, count: 4, fps: 12) { index, pixels in
        for i in pixels.indices { pixels[i] = 0 }
        for c in 0..<4 { pixels[index * 4 + c] = 255 }
    }
    let apng = try PNGEncoding.apng(frames)
    var sequence: [UInt32] = []
    var types: [String] = []
    var position = 8
    while position + 12 <= apng.count {
        let length = Int(apng[position]) << 24 | Int(apng[position + 1]) << 16 | Int(apng[position + 2]) << 8 | Int(apng[position + 3])
        let type = String(decoding: apng[(position + 4)..<(position + 8)], as: UTF8.self)
        types.append(type)
        if type == "fcTL" || type == "fdAT" {
            let p = position + 8
            sequence.append(UInt32(apng[p]) << 24 | UInt32(apng[p + 1]) << 16 | UInt32(apng[p + 2]) << 8 | UInt32(apng[p + 3]))
        }
        position += 12 + length
    }
    #expect(types.prefix(2) == ["IHDR", "acTL"] && types.last == "IEND")
    #expect(sequence == Array(0..<UInt32(sequence.count)), "\(sequence)")
    #expect(types.filter { $0 == "fcTL" }.count == 4)
}

@Test func aClipOfFewColoursGetsExactlyThemAsItsPalette() {
    let frames = FrameSequence(width: 4, height: 4, count: 2, fps: 10) { index, pixels in
        for pixel in 0..<16 {
            let on = (pixel + index) % 2 == 0
            pixels.replaceSubrange(pixel * 4..<pixel * 4 + 4, with: on ? [255, 0, 0, 255] : [0, 0, 255, 10])
        }
    }
    let palette = GIFEncoding.choosePalette(frames)
    #expect(palette.exact && palette.colors == [0xFF0000] && palette.transparentIndex == 1, "\(palette)")
}
