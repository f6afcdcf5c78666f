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
    unique.reserveCapacity(times.count)
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
    pieces.reserveCapacity(unique.count - 1)
    for index in 0..<(unique.count - 1) {
        let a = unique[index], b = unique[index + 1]
        let from = value(a), to = leftValue(b)
        // How many tracks move over a…b, and the first one's segment (all that is needed of them).
        var movingCount = 0
        var firstMoving: SegmentTiming?
        for track in timings {
            if let segment = track.first(where: { $0.moves && $0.start <= a + 1e-12 && $0.end >= b - 1e-12 && $0.end > $0.start }) {
                if movingCount == 0 { firstMoving = segment }
                movingCount += 1
            }
        }
        guard let firstMoving else {
            pieces.append(Piece(start: a, end: b, from: from, to: to, easing: .linear))
            continue
        }
        if movingCount == 1 {
            let segment = firstMoving
            let length = segment.end - segment.start
            let part = segment.easing.piece(from: (a - segment.start) / length, to: (b - segment.start) / length)
            var linearInTrack = true
            if case .hold = part.easing {
                linearInTrack = true
            } else if tolerance == .infinity {
                // One track alone (`pieces(of:)`): its value is its own easing, nothing to check.
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

/// Texts written one after another into one byte buffer, `separator` between them: a SMIL list
/// (`values`, `keySplines`) as it is written into the attribute, without a `String` per text or a
/// join. Texts are compared as bytes, as the `String`s they replace were.
struct TextList {
    let separator: UInt8
    /// The texts with their separators, ready to be written.
    private(set) var bytes: [UInt8] = []
    /// Where each text starts in `bytes`.
    private var starts: [Int] = []

    init(separator: UInt8 = UInt8(ascii: ";"), capacity: Int = 0) {
        self.separator = separator
        guard capacity > 0 else { return }
        bytes.reserveCapacity(capacity * 8)
        starts.reserveCapacity(capacity)
    }

    var count: Int { starts.count }

    var isEmpty: Bool { starts.isEmpty }

    private func range(_ index: Int) -> Range<Int> {
        starts[index]..<(index + 1 < starts.count ? starts[index + 1] - 1 : bytes.count)
    }

    /// The text at `index`, as bytes.
    func text(_ index: Int) -> ArraySlice<UInt8> { bytes[range(index)] }

    /// Adds a text that `write` appends.
    mutating func append(_ write: (inout [UInt8]) -> Void) {
        if !starts.isEmpty { bytes.append(separator) }
        starts.append(bytes.count)
        write(&bytes)
    }

    mutating func append(_ text: [UInt8]) {
        append { $0.append(contentsOf: text) }
    }

    /// Adds the last text once more.
    mutating func appendLastAgain() {
        guard let start = starts.last else { return }
        let end = bytes.count
        bytes.append(separator)
        starts.append(bytes.count)
        for index in start..<end { bytes.append(bytes[index]) }
    }

    /// Replaces the last text with `text`.
    mutating func replaceLast(with text: [UInt8]) {
        guard let start = starts.last else { return append(text) }
        bytes.removeSubrange(start...)
        bytes.append(contentsOf: text)
    }

    /// Whether the text at `index` is `text`.
    func text(_ index: Int, equals text: [UInt8]) -> Bool {
        let range = range(index)
        guard range.count == text.count else { return false }
        return bytes.withUnsafeBufferPointer { all in
            text.withUnsafeBufferPointer { other in
                var offset = 0
                while offset < other.count {
                    if all[range.lowerBound + offset] != other[offset] { return false }
                    offset += 1
                }
                return true
            }
        }
    }

    /// Whether the last text is `text` (false when there is none).
    func lastEquals(_ text: [UInt8]) -> Bool { !starts.isEmpty && self.text(starts.count - 1, equals: text) }

    /// Whether at least two of the texts differ.
    var hasTwoDistinct: Bool {
        guard count > 1 else { return false }
        let first = range(0)
        return bytes.withUnsafeBufferPointer { all in
            for index in 1..<count {
                let other = range(index)
                if other.count != first.count { return true }
                for offset in 0..<first.count where all[first.lowerBound + offset] != all[other.lowerBound + offset] { return true }
            }
            return false
        }
    }
}

/// SMIL animation values for one attribute over a played span.
struct SMILKeyframes {
    /// Fractions of the played span's duration.
    var keyTimes: [Double]
    var values: TextList
    /// One per interval; `nil` when every interval is linear.
    var keySplines: TextList?
    var discrete: Bool

    /// The attributes of an `<animate>`/`<animateTransform>` element after `attributeName`/`type`,
    /// each with its leading space: the played span's `timing` (`begin`, `dur`, `repeatCount` or `fill`,
    /// …), then the values over the played span. Every value is numbers, `rgb(…)`, path data or a keyword:
    /// nothing to escape.
    func appendAttributes(timing: SpanTiming, to out: inout [UInt8]) {
        out.append(contentsOf: timing.attributes)
        if discrete {
            out.append(contentsOf: #" calcMode="discrete""#.utf8)
        } else if keySplines != nil {
            out.append(contentsOf: #" calcMode="spline""#.utf8)
        } else {
            out.append(contentsOf: #" calcMode="linear""#.utf8)
        }
        out.append(contentsOf: #" keyTimes=""#.utf8)
        appendKeyTimes(keyTimes, duration: timing.duration, writtenDuration: timing.writtenDuration, lastIsEnd: !discrete, to: &out)
        if !discrete, let keySplines {
            out.append(contentsOf: #"" keySplines=""#.utf8)
            out.append(contentsOf: keySplines.bytes)
        }
        out.append(contentsOf: #"" values=""#.utf8)
        out.append(contentsOf: values.bytes)
        out.append(UInt8(ascii: "\""))
    }
}

/// The text of a linear interval's spline.
private let linearSpline = Array("0 0 1 1".utf8)

/// SMIL keyframes for pieces covering 0…`duration`, or nil when the formatted value never changes.
///
/// Jumps are two values at the same key time; holds are a flat interval then a jump; cubic easings
/// become `keySplines`. A cubic that overshoots (y outside 0…1, which SMIL rejects) is cut at its
/// turning points and bisected until every part's handles lie in 0…1: each part is the exact piece
/// of the original curve, so the baked motion is the original one, not an approximation.
///
/// `format` appends a value's text; values are compared by their text, so two values that print
/// alike are one value.
func smilKeyframes<Value: SVGAnimatable>(
    _ pieces: [Piece<Value>], duration: Double, format: (Value, inout [UInt8]) -> Void
) -> SMILKeyframes? {
    guard duration > 0, let first = pieces.first else { return nil }
    var times: [Double] = [0]
    times.reserveCapacity(pieces.count + 2)
    // Room for a value and a spline per piece and the end: most keyframes never grow.
    var values = TextList(capacity: pieces.count + 2)
    values.append { format(first.from, &$0) }
    var splines = TextList(capacity: pieces.count + 2)
    var allLinear = true
    var fromText: [UInt8] = [], toText: [UInt8] = [], partText: [UInt8] = []
    fromText.reserveCapacity(32)
    toText.reserveCapacity(32)
    func add(_ time: Double, _ text: [UInt8]) {
        times.append(min(max(time, times.last ?? 0), duration))
        values.append(text)
        splines.append(linearSpline)
    }
    func add(_ time: Double, _ text: [UInt8], spline: (Double, Double, Double, Double)) {
        times.append(min(max(time, times.last ?? 0), duration))
        values.append(text)
        splines.append { appendSplineText(spline, to: &$0) }
        if allLinear && !splines.lastEquals(linearSpline) { allLinear = false }
    }
    var previousTo: Value?
    for piece in pieces {
        if piece.from == previousTo {
            // Pieces mostly continue where the last one ended: its text is already made.
            swap(&fromText, &toText)
        } else {
            fromText.removeAll(keepingCapacity: true)
            format(piece.from, &fromText)
        }
        toText.removeAll(keepingCapacity: true)
        format(piece.to, &toText)
        previousTo = piece.to
        if !values.lastEquals(fromText) { add(piece.start, fromText) }
        if piece.end <= piece.start {
            if !values.lastEquals(toText) { add(piece.start, toText) }
            continue
        }
        if fromText == toText {
            // A flat stretch: extend the previous flat interval instead of adding a point.
            if values.count >= 2, values.text(values.count - 2, equals: fromText), times[times.count - 2] < times[times.count - 1] {
                times[times.count - 1] = piece.end
            } else {
                add(piece.end, toText)
            }
            continue
        }
        switch piece.easing {
        case .linear:
            add(piece.end, toText)
        case .hold:
            add(piece.end, fromText)
            add(piece.end, toText)
        case let .cubic(x1, y1, x2, y2):
            guard piece.easing.hasUnitHandles else {
                for part in Easing.cubic(x1, y1, x2, y2).unitHandleParts {
                    let time = piece.start + (piece.end - piece.start) * part.u1
                    var text = toText
                    if part.u1 < 1 {
                        partText.removeAll(keepingCapacity: true)
                        format(Value.interpolate(piece.from, piece.to, part.p1), &partText)
                        text = partText
                    }
                    switch part.easing {
                    case let .cubic(a1, b1, a2, b2): add(time, text, spline: (a1, b1, a2, b2))
                    case .linear, .hold: add(time, text)
                    }
                }
                continue
            }
            // Handles already in 0…1: the one part `unitHandleParts` gives (ending at fraction 1),
            // without its array.
            add(piece.start + (piece.end - piece.start) * 1, toText, spline: (x1, y1, x2, y2))
        }
    }
    if times[times.count - 1] < duration {
        times.append(duration)
        values.appendLastAgain()
        splines.append(linearSpline)
    }
    times[times.count - 1] = duration
    guard values.hasTwoDistinct else { return nil }
    for index in times.indices { times[index] /= duration }
    return SMILKeyframes(keyTimes: times, values: values, keySplines: allLinear ? nil : splines, discrete: false)
}

/// Discrete SMIL keyframes (for `visibility`, baked path data): a change to `texts[i]` at
/// `times[i]`, in time order; the first must be at 0.
func discreteKeyframes(times changeTimes: [Double], texts: TextList, duration: Double) -> SMILKeyframes? {
    guard duration > 0, texts.hasTwoDistinct else { return nil }
    var times: [Double] = []
    var values = TextList()
    var text: [UInt8] = []
    for index in 0..<min(changeTimes.count, texts.count) {
        text.removeAll(keepingCapacity: true)
        text.append(contentsOf: texts.text(index))
        if values.lastEquals(text) { continue }
        // Compared as fractions of the played span, as `times` holds them (seconds against fractions
        // merged every change of a played span shorter than a second into the one before it, shown a
        // frame early).
        let fraction = changeTimes[index] / duration
        if let last = times.last, fraction <= last {
            values.replaceLast(with: text)
            continue
        }
        times.append(fraction)
        values.append(text)
    }
    guard values.count > 1 else { return nil }
    return SMILKeyframes(keyTimes: times, values: values, keySplines: nil, discrete: true)
}

/// `x1 y1 x2 y2` of a keySpline, each clamped into 0…1.
private func appendSplineText(_ handles: (Double, Double, Double, Double), to out: inout [UInt8]) {
    func clampUnit(_ value: Double) -> Double { min(max(value, 0), 1) }
    appendFormattedNumber(clampUnit(handles.0), decimals: 3, to: &out)
    out.append(UInt8(ascii: " "))
    appendFormattedNumber(clampUnit(handles.1), decimals: 3, to: &out)
    out.append(UInt8(ascii: " "))
    appendFormattedNumber(clampUnit(handles.2), decimals: 3, to: &out)
    out.append(UInt8(ascii: " "))
    appendFormattedNumber(clampUnit(handles.3), decimals: 3, to: &out)
}
