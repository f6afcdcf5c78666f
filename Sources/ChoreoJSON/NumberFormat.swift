/// Formats a number with at most `decimals` digits after the point, the one way every output of
/// Choreo writes numbers: rounded half away from zero, trailing zeros dropped, never `-0`, never
/// an exponent, never `nan` or `inf` (those become `0`; validation rejects them long before).
public func formatNumber(_ value: Double, decimals: Int = 3) -> String {
    guard value.isFinite else { return "0" }
    let places = max(0, min(decimals, 9))
    var scale: Double = 1
    for _ in 0..<places { scale *= 10 }
    let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
    if scaled == 0 { return "0" }
    // Beyond 2^53 the digits after the point are noise anyway; print the integer part alone.
    if abs(scaled) >= 9_007_199_254_740_992 {
        return integerDigits(value.rounded(.toNearestOrAwayFromZero))
    }
    let negative = scaled < 0
    var magnitude = UInt64(abs(scaled))
    let divisor = UInt64(scale)
    let integerPart = magnitude / divisor
    magnitude %= divisor
    var text = negative ? "-" : ""
    text += String(integerPart)
    if magnitude > 0 {
        var fraction = String(magnitude)
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        text += "." + fraction
    }
    return text
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
