import ChoreoJSON
import ChoreoTimeline

/// A value the SVG emitter animates, with a distance used to check that a combination of tracks
/// really is linear in its one moving input (see `combinedPieces`).
protocol SVGAnimatable: Interpolatable {
    func distance(to other: Self) -> Double
}

extension Double: SVGAnimatable {
    func distance(to other: Double) -> Double { abs(self - other) }
}

extension Point: SVGAnimatable {
    func distance(to other: Point) -> Double { max(abs(x - other.x), abs(y - other.y)) }
}

extension RGBA: SVGAnimatable {
    func distance(to other: RGBA) -> Double {
        max(abs(r - other.r), abs(g - other.g), abs(b - other.b), abs(a - other.a))
    }
}

extension PathShape: SVGAnimatable {
    func distance(to other: PathShape) -> Double {
        guard isMorphCompatible(with: other) else { return .infinity }
        var worst = 0.0
        for (a, b) in zip(contours, other.contours) {
            for (u, v) in zip(a.vertices, b.vertices) {
                worst = max(worst, u.point.distance(to: v.point), u.inTangent.distance(to: v.inTangent), u.outTangent.distance(to: v.outTangent))
            }
        }
        return worst
    }
}

/// A fixed-length list of numbers (dash lengths, …) interpolated element by element.
struct NumberVector: SVGAnimatable {
    var values: [Double]

    init(_ values: [Double]) { self.values = values }

    static func interpolate(_ from: NumberVector, _ to: NumberVector, _ progress: Double) -> NumberVector {
        NumberVector(zip(from.values, to.values).map { Double.interpolate($0, $1, progress) })
    }

    func distance(to other: NumberVector) -> Double {
        guard values.count == other.values.count else { return .infinity }
        return zip(values, other.values).map { abs($0 - $1) }.max() ?? 0
    }
}

/// The timing of one segment of some track, without its values.
struct SegmentTiming {
    var start: Double
    var end: Double
    var easing: Easing
    var moves: Bool
}

extension Animated {
    var timings: [SegmentTiming] {
        segments.map { SegmentTiming(start: $0.start, end: $0.end, easing: $0.easing, moves: $0.from != $0.to) }
    }

    /// The limit of the value just before `time` (`value(at:)` is the limit just after).
    func leftValue(at time: Double) -> Value {
        var result = initial
        for segment in segments {
            guard segment.start < time else { break }
            if time > segment.end {
                result = segment.to
            } else if case .hold = segment.easing {
                result = segment.from
            } else {
                result = segment.value(at: time)
            }
        }
        return result
    }
}

/// One stretch of a track on the global timeline: `from` at `start` to `to` at `end` along `easing`.
struct Piece<Value: SVGAnimatable> {
    var start: Double
    var end: Double
    var from: Value
    var to: Value
    var easing: Easing
}

/// The pieces of a value computed from several tracks over `start…end` of the global timeline,
/// returned on the window's own clock (`start` becomes 0).
///
/// Between consecutive key times of all tracks, if at most one track moves and the value follows
/// it linearly (checked at interior instants within `tolerance`), the piece keeps that track's
/// exact easing (the part of it in the interval). Otherwise the value is baked into linear pieces
/// one frame long, so two motions overlapping in time, or a non-linear combination (a trim length
/// on a morphing outline), stay within a frame of the timeline.
func combinedPieces<Value: SVGAnimatable>(
    timings: [[SegmentTiming]], start: Double = 0, end: Double, fps: Double, tolerance: Double,
    value: (Double) -> Value, leftValue: (Double) -> Value
) -> [Piece<Value>] {
    absolutePieces(timings: timings, start: start, end: end, fps: fps, tolerance: tolerance, value: value, leftValue: leftValue)
        .map { Piece(start: $0.start - start, end: $0.end - start, from: $0.from, to: $0.to, easing: $0.easing) }
}

private func absolutePieces<Value: SVGAnimatable>(
    timings: [[SegmentTiming]], start: Double, end: Double, fps: Double, tolerance: Double,
    value: (Double) -> Value, leftValue: (Double) -> Value
) -> [Piece<Value>] {
    var times: [Double] = [start, end]
    for track in timings {
        for segment in track where segment.start >= start && segment.start <= end {
            times.append(segment.start)
            times.append(min(segment.end, end))
        }
    }
    times.sort()
    var unique: [Double] = []
    // Times within 1e-9 of each other are one instant (a span's end and the next span's start,
    // computed by different sums); the latest stands for it, so the piece starting there reads
    // the value after a jump, not the value the previous segment ends on a hair earlier.
    for time in times {
        if let last = unique.last, time - last <= 1e-9 {
            unique[unique.count - 1] = time
        } else {
            unique.append(time)
        }
    }
    // Zero-length segments are jumps: `value(at:)` already returns their result at their start.
    guard unique.count >= 2 else {
        return [Piece(start: start, end: end, from: value(start), to: value(start), easing: .linear)]
    }
    var pieces: [Piece<Value>] = []
    for index in 0..<(unique.count - 1) {
        let a = unique[index], b = unique[index + 1]
        let from = value(a), to = leftValue(b)
        var moving: [SegmentTiming] = []
        for track in timings {
            if let segment = track.first(where: { $0.moves && $0.start <= a + 1e-12 && $0.end >= b - 1e-12 && $0.end > $0.start }) {
                moving.append(segment)
            }
        }
        if moving.isEmpty {
            pieces.append(Piece(start: a, end: b, from: from, to: to, easing: .linear))
            continue
        }
        if moving.count == 1 {
            let segment = moving[0]
            let length = segment.end - segment.start
            let part = segment.easing.piece(from: (a - segment.start) / length, to: (b - segment.start) / length)
            var linearInTrack = true
            if case .hold = part.easing {
                linearInTrack = true
            } else {
                for q in [0.25, 0.5, 0.75] {
                    let expected = Value.interpolate(from, to, part.easing.progress(q))
                    if value(a + (b - a) * q).distance(to: expected) > tolerance {
                        linearInTrack = false
                        break
                    }
                }
            }
            if linearInTrack {
                pieces.append(Piece(start: a, end: b, from: from, to: to, easing: part.easing))
                continue
            }
        }
        let steps = max(1, Int(((b - a) * max(fps, 1)).rounded(.up)))
        var previous = from
        for step in 1...steps {
            let t = step == steps ? b : a + (b - a) * Double(step) / Double(steps)
            let next = step == steps ? to : value(t)
            pieces.append(Piece(start: a + (b - a) * Double(step - 1) / Double(steps), end: t, from: previous, to: next, easing: .linear))
            previous = next
        }
    }
    return pieces
}

/// The pieces of one track over `start…end`, on the window's own clock.
func pieces<Value: SVGAnimatable>(of track: Animated<Value>, start: Double, end: Double, fps: Double) -> [Piece<Value>] {
    combinedPieces(
        timings: [track.timings], start: start, end: end, fps: fps, tolerance: .infinity,
        value: { track.value(at: $0) }, leftValue: { track.leftValue(at: $0) })
}

/// SMIL animation values for one attribute over the whole global timeline.
struct SMILKeyframes: Equatable {
    var keyTimes: [Double]
    var values: [String]
    /// One per interval; `nil` when every interval is linear.
    var keySplines: [String]?
    var discrete: Bool

    /// The attributes of an `<animate>`/`<animateTransform>` element, after `attributeName`/`type`:
    /// `timing` (`begin`, `dur`, `repeatCount` or `fill`, …), then the values over `duration`.
    func attributes(duration: Double, timing: [(String, String)]) -> [(String, String)] {
        var result = timing
        if discrete {
            result.append(("calcMode", "discrete"))
        } else if keySplines != nil {
            result.append(("calcMode", "spline"))
        } else {
            result.append(("calcMode", "linear"))
        }
        result.append(("keyTimes", keyTimeTexts(keyTimes.map { $0 * duration }, duration: duration, lastIsEnd: !discrete).joined(separator: ";")))
        if !discrete, let keySplines { result.append(("keySplines", keySplines.joined(separator: ";"))) }
        result.append(("values", values.joined(separator: ";")))
        return result
    }
}

private let linearSpline = "0 0 1 1"

/// SMIL keyframes for pieces covering 0…`duration`, or nil when the formatted value never changes.
///
/// Jumps are two values at the same key time; holds are a flat interval then a jump; cubic easings
/// become `keySplines`. A cubic that overshoots (y outside 0…1, which SMIL rejects) is cut at its
/// turning points and bisected until every part's handles lie in 0…1: each part is the exact piece
/// of the original curve, so the baked motion is the original one, not an approximation.
func smilKeyframes<Value: SVGAnimatable>(_ pieces: [Piece<Value>], duration: Double, format: (Value) -> String) -> SMILKeyframes? {
    guard duration > 0, let first = pieces.first else { return nil }
    var times: [Double] = [0]
    var values: [String] = [format(first.from)]
    var splines: [String] = []
    func add(_ time: Double, _ value: String, _ spline: String) {
        times.append(min(max(time, times.last ?? 0), duration))
        values.append(value)
        splines.append(spline)
    }
    for piece in pieces {
        let fromText = format(piece.from), toText = format(piece.to)
        if fromText != values.last { add(piece.start, fromText, linearSpline) }
        if piece.end <= piece.start {
            if toText != values.last { add(piece.start, toText, linearSpline) }
            continue
        }
        if fromText == toText {
            // A flat stretch: extend the previous flat interval instead of adding a point.
            if values.count >= 2, values[values.count - 2] == fromText, times[times.count - 2] < times[times.count - 1] {
                times[times.count - 1] = piece.end
            } else {
                add(piece.end, toText, linearSpline)
            }
            continue
        }
        switch piece.easing {
        case .linear:
            add(piece.end, toText, linearSpline)
        case .hold:
            add(piece.end, fromText, linearSpline)
            add(piece.end, toText, linearSpline)
        case let .cubic(x1, y1, x2, y2):
            for part in splineParts(x1, y1, x2, y2) {
                let time = piece.start + (piece.end - piece.start) * part.u1
                let text = part.u1 >= 1 ? toText : format(Value.interpolate(piece.from, piece.to, part.p1))
                add(time, text, part.spline)
            }
        }
    }
    if times.last! < duration { add(duration, values.last!, linearSpline) }
    times[times.count - 1] = duration
    guard Set(values).count > 1 else { return nil }
    let fractions = times.map { $0 / duration }
    let allLinear = splines.allSatisfy { $0 == linearSpline }
    return SMILKeyframes(keyTimes: fractions, values: values, keySplines: allLinear ? nil : splines, discrete: false)
}

/// Discrete SMIL keyframes (for `visibility`): `changes` are (time, value) in time order; the
/// first must be at 0.
func discreteKeyframes(_ changes: [(Double, String)], duration: Double) -> SMILKeyframes? {
    guard duration > 0, Set(changes.map(\.1)).count > 1 else { return nil }
    var times: [Double] = []
    var values: [String] = []
    for (time, value) in changes {
        if values.last == value { continue }
        if let last = times.last, time <= last { values[values.count - 1] = value; continue }
        times.append(time / duration)
        values.append(value)
    }
    guard values.count > 1 else { return nil }
    return SMILKeyframes(keyTimes: times, values: values, keySplines: nil, discrete: true)
}

/// The parts of `cubic-bezier(x1, y1, x2, y2)` whose normalised handles all lie in 0…1, each as
/// (end fraction of the duration, progress there, keySpline text).
func splineParts(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> [(u1: Double, p1: Double, spline: String)] {
    Easing.cubic(x1, y1, x2, y2).unitHandleParts.map { part in
        switch part.easing {
        case let .cubic(a1, b1, a2, b2): return (part.u1, part.p1, splineText(a1, b1, a2, b2))
        case .linear, .hold: return (part.u1, part.p1, linearSpline)
        }
    }
}

private func clampUnit(_ value: Double) -> Double { min(max(value, 0), 1) }

private func splineText(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> String {
    [x1, y1, x2, y2].map { formatNumber(clampUnit($0)) }.joined(separator: " ")
}
