/// Formats a number with at most `decimals` digits after the point, the one way every output of
/// Choreo writes numbers: rounded half away from zero, trailing zeros dropped, never `-0`, never
/// an exponent, never `nan` or `inf` (those become `0`; validation rejects them long before).
public func formatNumber(_ value: Double, decimals: Int = 3) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    appendFormattedNumber(value, decimals: decimals, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// `formatNumber` appending its UTF-8 straight to a buffer, for writers that emit millions of
/// numbers (building a `String` per number dominated the cost of writing Lottie and SVG).
public func appendFormattedNumber(_ value: Double, decimals: Int, to out: inout [UInt8]) {
    guard value.isFinite else {
        out.append(UInt8(ascii: "0"))
        return
    }
    var places = max(0, min(decimals, 9))
    var scale: Double = 1
    for _ in 0..<places { scale *= 10 }
    let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
    if scaled == 0 {
        out.append(UInt8(ascii: "0"))
        return
    }
    // Beyond 2^53 the digits after the point are noise anyway; print the integer part alone.
    if abs(scaled) >= 9_007_199_254_740_992 {
        out.append(contentsOf: integerDigits(value.rounded(.toNearestOrAwayFromZero)).utf8)
        return
    }
    var magnitude = UInt64(abs(scaled))
    let divisor = UInt64(scale)
    let integerPart = magnitude / divisor
    magnitude %= divisor
    if scaled < 0 { out.append(UInt8(ascii: "-")) }
    appendDigits(integerPart, minimumCount: 1, to: &out)
    if magnitude > 0 {
        // Trailing zeros of the fraction are dropped; leading ones are kept by the padding.
        while magnitude % 10 == 0 {
            magnitude /= 10
            places -= 1
        }
        out.append(UInt8(ascii: "."))
        appendDigits(magnitude, minimumCount: places, to: &out)
    }
}

/// The decimal digits of `value`, left-padded with zeros to `minimumCount`.
private func appendDigits(_ value: UInt64, minimumCount: Int, to out: inout [UInt8]) {
    let start = out.count
    var rest = value
    repeat {
        out.append(UInt8(ascii: "0") + UInt8(rest % 10))
        rest /= 10
    } while rest > 0
    while out.count - start < minimumCount { out.append(UInt8(ascii: "0")) }
    out[start..<out.count].reverse()
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
