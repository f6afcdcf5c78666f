/// Formats a number with at most `decimals` digits after the point, the one way every output of
/// Choreo writes numbers: rounded half away from zero, trailing zeros dropped, never `-0`, never
/// an exponent, never `nan` or `inf` (those become `0`; validation rejects them long before).
public func formatNumber(_ value: Double, decimals: Int = 3) -> String {
    // Made on the stack; a result of at most 15 bytes is a small `String`, which allocates nothing.
    var buffer: NumberBuffer = (0, 0, 0, 0)
    let text = withUnsafeMutableBytes(of: &buffer) { raw -> String? in
        guard let range = formatDigits(value, decimals: decimals, into: raw) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: raw[range]), as: UTF8.self)
    }
    return text ?? integerDigits(value.rounded(.toNearestOrAwayFromZero))
}

/// `formatNumber` appending its UTF-8 straight to a buffer, for writers that emit millions of
/// numbers (building a `String` per number dominated the cost of writing Lottie and SVG). The
/// digits are made in a buffer on the stack and then appended; nothing is allocated.
public func appendFormattedNumber(_ value: Double, decimals: Int, to out: inout [UInt8]) {
    var buffer: NumberBuffer = (0, 0, 0, 0)
    let written = withUnsafeMutableBytes(of: &buffer) { raw -> Bool in
        guard let range = formatDigits(value, decimals: decimals, into: raw) else { return false }
        // Byte by byte: for the few bytes of a number, faster than the generic append of a buffer.
        for index in range { out.append(raw[index]) }
        return true
    }
    if !written { out.append(contentsOf: integerDigits(value.rounded(.toNearestOrAwayFromZero)).utf8) }
}

/// 32 bytes: a sign, 16 integer digits (below 2^53), the point and 9 decimals fit.
private typealias NumberBuffer = (UInt64, UInt64, UInt64, UInt64)

/// Writes the text of `formatNumber` at the end of `raw` and returns where it is, or nil when the
/// number is 2^53 or more once scaled (`integerDigits` prints those).
@inline(__always)
private func formatDigits(_ value: Double, decimals: Int, into raw: UnsafeMutableRawBufferPointer) -> Range<Int>? {
    let end = raw.count
    var position = end
    guard value.isFinite else {
        raw[end - 1] = UInt8(ascii: "0")
        return (end - 1)..<end
    }
    var places = max(0, min(decimals, 9))
    // Exact powers of ten (every one up to 1e22 is a double), the same as multiplying 10 in a loop.
    let scaled = (value * powersOfTen[places]).rounded(.toNearestOrAwayFromZero)
    if scaled == 0 {
        raw[end - 1] = UInt8(ascii: "0")
        return (end - 1)..<end
    }
    // Beyond 2^53 the digits after the point are noise anyway; the integer part is printed alone.
    if abs(scaled) >= 9_007_199_254_740_992 { return nil }
    let magnitude = UInt64(abs(scaled))
    let divisor = integerPowersOfTen[places]
    var fraction = magnitude % divisor
    if fraction > 0 {
        // Trailing zeros of the fraction are dropped; leading ones are kept by the padding.
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        for _ in 0..<places {
            position -= 1
            raw[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
            fraction /= 10
        }
        position -= 1
        raw[position] = UInt8(ascii: ".")
    }
    var rest = magnitude / divisor
    repeat {
        position -= 1
        raw[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
    } while rest > 0
    if scaled < 0 {
        position -= 1
        raw[position] = UInt8(ascii: "-")
    }
    return position..<end
}

/// An integer's decimal digits (`String(value)`) appended as UTF-8.
public func appendInteger(_ value: Int, to out: inout [UInt8]) {
    if value < 0 { out.append(UInt8(ascii: "-")) }
    appendDigits(value.magnitude, minimumCount: 1, to: &out)
}

private let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]
private let integerPowersOfTen: [UInt64] = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
]

/// The decimal digits of `value`, left-padded with zeros to `minimumCount` (at most 20).
@inline(__always)
private func appendDigits<Value: BinaryInteger>(_ value: Value, minimumCount: Int, to out: inout [UInt8]) {
    // 24 bytes on the stack, filled from the end: a UInt64 has at most 20 digits.
    var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &buffer) { raw in
        var position = raw.count
        var rest = UInt64(value)
        repeat {
            position -= 1
            raw[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
        while raw.count - position < minimumCount {
            position -= 1
            raw[position] = UInt8(ascii: "0")
        }
        out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[position...]))
    }
}

/// Prints a whole-valued double of any size without an exponent.
private func integerDigits(_ value: Double) -> String {
    if abs(value) < 9.2e18 { return String(Int64(value)) }
    // Huge values: peel digits off by repeated division. Precision is already gone at this size.
    var digits: [Character] = []
    var rest = abs(value)
    while rest >= 1 {
        let digit = Int(rest.truncatingRemainder(dividingBy: 10))
        digits.append(Character(String(digit)))
        rest = (rest / 10).rounded(.down)
    }
    return (value < 0 ? "-" : "") + String(digits.reversed())
}
