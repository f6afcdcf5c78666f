import Foundation

/// A Gaussian blur of premultiplied 8-bit pixels, as SVG's `feGaussianBlur` defines it: for a
/// standard deviation of 2 px or more three box blurs of one width `d` (two offset by half a pixel
/// either way and one of `d + 1` when `d` is even), which stay within 3 % of the Gaussian; below
/// that the sampled Gaussian itself. Premultiplied channels blur independently; pixels outside
/// the buffer are transparent.
struct GaussianBlur {
    let sigma: Double

    /// Blurs `channels`-interleaved rows of `width` pixels (`stride` bytes apart) in place, both ways.
    func apply(to pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, channels: Int = 4) {
        guard sigma > 0.01, width > 0, height > 0 else { return }
        var line = [Int64](repeating: 0, count: max(width, height) * channels)
        var scratch = [Int64](repeating: 0, count: max(width, height) * channels)
        for y in 0..<height {
            let row = pixels + y * stride
            blurLine(row, count: width, step: channels, channels: channels, line: &line, scratch: &scratch)
        }
        for x in 0..<width {
            let column = pixels + x * channels
            blurLine(column, count: height, step: stride, channels: channels, line: &line, scratch: &scratch)
        }
    }

    /// The passes of one line: (offset of the box's left end from the pixel, box width) each.
    private var passes: [(lead: Int, size: Int)] {
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        if d % 2 == 1 { return Array(repeating: ((d - 1) / 2, d), count: 3) }
        return [(d / 2, d), (d / 2 - 1, d), (d / 2, d + 1)]
    }

    private func blurLine(
        _ start: UnsafeMutablePointer<UInt8>, count: Int, step: Int, channels: Int, line: inout [Int64], scratch: inout [Int64]
    ) {
        for index in 0..<count {
            for channel in 0..<channels { line[index * channels + channel] = Int64(start[index * step + channel]) }
        }
        if sigma < 2 {
            gaussianPass(&line, into: &scratch, count: count, channels: channels)
            swap(&line, &scratch)
        } else {
            // Each box pass keeps the sum scaled by its size; the three divisions happen at the end
            // as one, so no precision is lost between passes.
            var scale: Int64 = 1
            for (lead, size) in passes {
                boxPass(&line, into: &scratch, count: count, channels: channels, lead: lead, size: size)
                swap(&line, &scratch)
                scale *= Int64(size)
            }
            for index in 0..<(count * channels) {
                line[index] = (line[index] + scale / 2) / scale
            }
        }
        for index in 0..<count {
            for channel in 0..<channels {
                start[index * step + channel] = UInt8(clamping: line[index * channels + channel])
            }
        }
    }

    /// out[x] = Σ in[x − lead … x − lead + size − 1] (not divided).
    private func boxPass(_ input: inout [Int64], into output: inout [Int64], count: Int, channels: Int, lead: Int, size: Int) {
        for channel in 0..<channels {
            var sum: Int64 = 0
            // Window for x = 0: indices −lead … size − lead − 1.
            for index in 0..<min(count, max(0, size - lead)) { sum += input[index * channels + channel] }
            for x in 0..<count {
                output[x * channels + channel] = sum
                let leaving = x - lead, entering = x - lead + size
                if leaving >= 0, leaving < count { sum -= input[leaving * channels + channel] }
                if entering >= 0, entering < count { sum += input[entering * channels + channel] }
            }
        }
    }

    private func gaussianPass(_ input: inout [Int64], into output: inout [Int64], count: Int, channels: Int) {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        for x in 0..<count {
            for channel in 0..<channels {
                var sum = 0.0
                for k in -radius...radius {
                    let source = x + k
                    guard source >= 0, source < count else { continue }
                    sum += weights[k + radius] * Double(input[source * channels + channel])
                }
                output[x * channels + channel] = Int64(sum.rounded())
            }
        }
    }
}
