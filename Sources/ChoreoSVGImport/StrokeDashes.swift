/// SVG's `stroke-dasharray` and `stroke-dashoffset` as a scene's `dash:` list, which has no offset
/// of its own: an offset is expressed by starting the pattern where the offset falls in it.
struct StrokeDashes {
    /// The scene's `[dash, gap, …]`, in the node's units; empty for a solid stroke.
    var lengths: [Double] = []
    /// Why the SVG's dashes could not be written exactly, when they could not.
    var unsupported: String?
}

/// What a dash length's units are relative to: `%` to the viewport's normalised diagonal (as
/// SVG's lengths that are neither horizontal nor vertical), `em` and `ex` to the font size, the
/// rest of CSS's relative units as `relativeLength` has them.
struct DashLengthContext {
    var diagonal: Double
    var fontSize: Double
    var relativeLengths = RelativeLengths()
}

/// One `<length-percentage>` of a dash list or offset; nil when it is not one.
func dashLength(_ text: Substring, context: DashLengthContext) -> Double? {
    let trimmed = String(trimmedWhitespace(text))
    return parseLength(trimmed, percentOf: context.diagonal) ?? relativeLength(trimmed, fontSize: { context.fontSize }, relativeTo: context.relativeLengths)
}

/// The font size `em` lengths are relative to: `font-size` as a length, 16 (CSS's `medium`) when it
/// is not one the importer can size.
func fontSize(_ text: String?) -> Double {
    guard let text, let size = parseLength(text), size > 0 else { return 16 }
    return size
}

/// The dash pattern SVG draws for `array` and `offset` (scaled by `scale`), as SVG reads them: a
/// list with a negative or unreadable length, or that sums to zero, draws a solid stroke; an odd
/// list repeats to make dash/gap pairs.
func strokeDashes(array: String?, offset: String?, cap: String, context: DashLengthContext, scale: Double) -> StrokeDashes {
    guard let array, trimmedWhitespace(array) != "none" else { return StrokeDashes() }
    let items = array.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
    var lengths: [Double] = []
    for item in items {
        guard let length = dashLength(item, context: context), length.isFinite, length >= 0 else { return StrokeDashes() }
        lengths.append(length * scale)
    }
    guard lengths.contains(where: { $0 > 0 }) else { return StrokeDashes() }
    if !lengths.count.isMultiple(of: 2) { lengths += lengths }
    let shift = offset.flatMap { dashLength(Substring($0), context: context) }.map { $0 * scale } ?? 0
    guard shift.isFinite, shift != 0 else { return StrokeDashes(lengths: lengths) }
    return shiftedPattern(lengths, by: shift, cap: cap)
}

/// `pattern` (an even list) started `shift` along itself: the part of the length where the shift
/// falls, the lengths after it, those before it, and the rest of that length. A shift into a dash
/// ends with that dash's head and a zero gap, so it joins the next period's tail; a shift into a
/// gap starts with a zero dash, which draws nothing only with butt caps (round and square caps
/// draw a dot for it, so that case is reported instead).
func shiftedPattern(_ pattern: [Double], by shift: Double, cap: String) -> StrokeDashes {
    let period = pattern.reduce(0, +)
    var start = shift.truncatingRemainder(dividingBy: period)
    if start < 0 { start += period }
    var index = 0
    var reached = 0.0
    while index < pattern.count, reached + pattern[index] <= start {
        reached += pattern[index]
        index += 1
    }
    if index == pattern.count || abs(start - reached) < 1e-9 * max(1, period) {
        let rotated = index == pattern.count ? pattern : Array(pattern[index...] + pattern[..<index])
        if index.isMultiple(of: 2) || index == pattern.count { return StrokeDashes(lengths: rotated) }
        if cap != "butt" { return StrokeDashes(lengths: pattern, unsupported: gapStartReason) }
        return StrokeDashes(lengths: [0] + rotated + [0])
    }
    let head = start - reached, tail = pattern[index] - head
    let after = Array(pattern[(index + 1)...]), before = Array(pattern[..<index])
    if index.isMultiple(of: 2) {
        return StrokeDashes(lengths: [tail] + after + before + [head, 0])
    }
    if cap != "butt" { return StrokeDashes(lengths: pattern, unsupported: gapStartReason) }
    return StrokeDashes(lengths: [0, tail] + after + before + [head])
}

private let gapStartReason =
    "a stroke-dashoffset that starts the stroke inside a gap is not imported with round or square caps; the dashes start at the path's start"
