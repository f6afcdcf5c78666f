import ChoreoTimeline

/// SVG's `spreadMethod`. A scene's gradient (and a Lottie's) pads its end colours; `repeat` and
/// `reflect` are drawn exactly by a gradient stretched over every period the shape reaches, its
/// stops laid out once per period.
enum GradientSpread {
    case pad, reflect, repeating

    /// The method `text` names; nil for a value SVG does not have (which pads, as the initial value).
    init?(_ text: String?) {
        switch text.map({ String(trimmedWhitespace($0)) }) {
        case nil, "pad": self = .pad
        case "reflect": self = .reflect
        case "repeat": self = .repeating
        default: return nil
        }
    }
}

/// The most periods a repeated or reflected gradient is laid out over: past it the gradient pads
/// (with a warning), so a tiny period under a large shape cannot make thousands of stops.
let maxSpreadPeriods = 32

/// Stops that start at 0 and end at 1, so that each period of a spread gradient holds its end
/// colours up to its edges, as the pad before the first stop and after the last does.
private func stopsFromEdgeToEdge(_ stops: [ArtworkStop]) -> [ArtworkStop] {
    var full = stops
    if let first = full.first, first.offset > 0 { full.insert(ArtworkStop(offset: 0, color: first.color), at: 0) }
    if let last = full.last, last.offset < 1 { full.append(ArtworkStop(offset: 1, color: last.color)) }
    return full
}

/// `stops` laid out over `count` periods, the first of which is period `first` (counted from the
/// gradient's own start, negative before it): a reflected gradient runs backwards in odd periods.
func spreadStops(_ stops: [ArtworkStop], first: Int, count: Int, spread: GradientSpread) -> [ArtworkStop] {
    let period = stopsFromEdgeToEdge(stops)
    var laidOut: [ArtworkStop] = []
    laidOut.reserveCapacity(period.count * count)
    for index in 0..<count {
        let backwards = spread == .reflect && (first + index) & 1 == 1
        for stop in backwards ? period.reversed() : period {
            let within = backwards ? 1 - stop.offset : stop.offset
            let next = ArtworkStop(offset: min(1, (Double(index) + within) / Double(count)), color: stop.color)
            // A reflection's turn repeats the colour at the same offset; one stop says it.
            if let last = laidOut.last, last == next { continue }
            laidOut.append(next)
        }
    }
    return laidOut
}

/// The periods `[first, last)` of a gradient whose parameter runs 0 to 1 over one period that
/// cover `parameters` (the parameter at each corner of the painted box); nil when one period does
/// (padding draws it the same).
func spreadPeriods(covering parameters: [Double]) -> (first: Int, last: Int)? {
    guard let low = parameters.min(), let high = parameters.max(), low.isFinite, high.isFinite else { return nil }
    let tolerance = 1e-9
    if low >= -tolerance, high <= 1 + tolerance { return nil }
    let first = Int(max(-1e6, (low + tolerance).rounded(.down)))
    let last = Int(min(1e6, (high - tolerance).rounded(.up)))
    return (first, max(last, first + 1))
}

/// The corners of `box` through `matrix`.
func corners(of box: Box, through matrix: Affine) -> [Point] {
    [Point(box.minX, box.minY), Point(box.maxX, box.minY), Point(box.maxX, box.maxY), Point(box.minX, box.maxY)].map(matrix.apply)
}
