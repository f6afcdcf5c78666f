import ChoreoSceneModel
import ChoreoTimeline

/// One property's motion on a local clock (a span's, or a simulated timeline's), built event by
/// event in chronological order.
///
/// Motion is only ever appended at or after the last event, so "retargeting" is simply: cut every
/// segment still running at the new event's start (keeping exactly the motion up to the cut, via
/// `Easing.piece`), drop what would have come after, and continue from the value at the cut.
package struct PropertyTrack {
    var initial: PropertyValue
    var segments: [Segment<PropertyValue>] = []

    package init(_ initial: PropertyValue) {
        self.initial = initial
    }

    func value(at time: Double) -> PropertyValue {
        Animated.value(at: time, initial: initial, segments: segments)
    }

    /// Everything from `time` on is dropped; a segment running at `time` ends there, on its course.
    mutating func cut(at time: Double) {
        var kept: [Segment<PropertyValue>] = []
        for segment in segments {
            if segment.end <= time + timeEpsilon {
                kept.append(segment)
            } else if segment.start < time - timeEpsilon {
                kept.append(segment.piece(from: segment.start, to: time))
            }
        }
        segments = kept
    }

    /// The value becomes `value` at `time` at once (a keyframe track restarting with its loop).
    mutating func jump(to value: PropertyValue, at time: Double) {
        cut(at: time)
        guard self.value(at: time) != value else { return }
        // A zero-length segment records the jump; `normalized` merges it into what follows.
        segments.append(Segment(start: time, end: time, from: value, to: value, easing: .linear))
    }

    /// Animates from the current value at `start` to `target` along `easing` for `duration`
    /// seconds (springs last their settling duration instead). `tolerance` is the largest error
    /// allowed when baking springs, in the property's units.
    mutating func animate(
        at start: Double, duration: Double, easing: EasingSpec, to target: PropertyValue, tolerance: Double,
        springs: SpringBakery? = nil, spatial: SpatialTangents? = nil
    ) {
        cut(at: start)
        let from = value(at: start)
        segments.append(contentsOf: loweredSegments(
            from: from, to: target, start: start, duration: duration, easing: easing, tolerance: tolerance,
            springs: springs, spatial: spatial))
    }

    /// The part of the track between `start` and `end`, moved so that `start` becomes 0. A segment
    /// that begins or ends within `timeEpsilon` of a bound is kept whole: its times were written
    /// equal and only differ by rounding (cycle k's `k × period + at`), and cutting it there would
    /// drop a hold's target or an easing's last ulp of motion.
    func window(from start: Double, to end: Double) -> PropertyTrack {
        var result = PropertyTrack(value(at: start))
        for segment in segments where segment.end > start + timeEpsilon && segment.start < end - timeEpsilon {
            let pieceStart = segment.start >= start - timeEpsilon ? segment.start : start
            let pieceEnd = segment.end <= end + timeEpsilon ? segment.end : end
            var piece = segment.piece(from: pieceStart, to: pieceEnd)
            piece.start -= start
            piece.end -= start
            result.segments.append(piece)
        }
        return result
    }

    /// Zero-length jump segments are folded into the segment that follows them or stretched to
    /// the next segment (or `end`), so emitters never see a segment without duration.
    /// Times within `timeEpsilon` of 0 or `end` become exactly 0 and `end`.
    func normalized(end: Double) -> PropertyTrack {
        var result = PropertyTrack(initial)
        for (index, var segment) in segments.enumerated() {
            if abs(segment.start) <= timeEpsilon { segment.start = 0 }
            if abs(segment.end - end) <= timeEpsilon { segment.end = end }
            guard segment.end - segment.start <= timeEpsilon else {
                result.segments.append(segment)
                continue
            }
            let nextStart = index + 1 < segments.count ? segments[index + 1].start : end
            if nextStart - segment.start <= timeEpsilon {
                if index + 1 == segments.count, result.segments.isEmpty {
                    result.initial = segment.to
                }
                continue
            }
            var held = segment
            held.end = nextStart
            held.from = segment.to
            held.easing = .linear
            result.segments.append(held)
        }
        return result
    }

    /// The track `delay` seconds later on a span of `length`: the start value held until then,
    /// the motion cut at the span's end (lowering lengthens spans so that it is not).
    func delayed(by delay: Double, length: Double) -> PropertyTrack {
        var moved = PropertyTrack(initial)
        moved.segments = segments.map {
            Segment(start: $0.start + delay, end: $0.end + delay, from: $0.from, to: $0.to, easing: $0.easing, spatial: $0.spatial)
        }
        return moved.window(from: 0, to: length).normalized(end: length)
    }

    /// A loop's track `delay` seconds later, wrapping: what ran in the last `delay` of the cycle
    /// now opens it (contract §10, a staggered repeat in a looping timeline).
    func wrapped(by delay: Double, period: Double) -> PropertyTrack {
        guard period > timeEpsilon else { return self }
        let shift = delay.truncatingRemainder(dividingBy: period)
        guard shift > timeEpsilon, shift < period - timeEpsilon else { return self }
        let head = window(from: period - shift, to: period)
        let tail = window(from: 0, to: period - shift)
        var result = PropertyTrack(head.initial)
        result.segments = head.segments
        let seam = head.segments.last?.to ?? head.initial
        if tail.initial != seam {
            result.segments.append(Segment(start: shift, end: shift, from: tail.initial, to: tail.initial, easing: .linear))
        }
        result.segments += tail.segments.map {
            Segment(start: $0.start + shift, end: $0.end + shift, from: $0.from, to: $0.to, easing: $0.easing, spatial: $0.spatial)
        }
        return result.normalized(end: period)
    }

    /// The same track with every value shifted by whole turns (for relative rotations).
    func shiftedByTurns(_ turns: Double) -> PropertyTrack {
        var result = PropertyTrack(initial.shiftedByTurns(turns))
        result.segments = segments.map {
            Segment(start: $0.start, end: $0.end, from: $0.from.shiftedByTurns(turns), to: $0.to.shiftedByTurns(turns), easing: $0.easing)
        }
        return result
    }
}

/// Times closer than this (a microsecond) are the same instant.
let timeEpsilon = 1e-6

extension Segment {
    /// The part of this segment between the global times `t0 < t1`, keeping its exact motion.
    func piece(from t0: Double, to t1: Double) -> Segment {
        let duration = end - start
        guard duration > 0 else { return Segment(start: t0, end: t1, from: to, to: to, easing: .linear) }
        let u0 = min(max((t0 - start) / duration, 0), 1), u1 = min(max((t1 - start) / duration, 0), 1)
        return part(from: u0, to: u1, start: t0, end: t1)
    }
}

/// The finest progress tolerance a spring is baked to (1/10,000 of the motion). The baked-segment
/// count check (`checkBakedSegmentCount`) bakes at this tolerance, so its count is an upper bound.
package let minSpringProgressTolerance = 1e-4

/// The segments of one motion from `from` to `to`, with the scene easing reduced to `Easing`:
/// `steps(n)` becomes n hold segments (jump-end), a spring a chain of baked cubic segments.
package func loweredSegments(
    from: PropertyValue, to: PropertyValue, start: Double, duration: Double, easing: EasingSpec, tolerance: Double,
    springs: SpringBakery? = nil, spatial: SpatialTangents? = nil
) -> [Segment<PropertyValue>] {
    if let spatial, !spatial.isStraight, duration > 0 {
        // Along a curve: the straight motion's pieces, each the part of the curve between the
        // fractions it covers (a hold or a step keeps its jump; a piece carries its sub-curve).
        let straight = loweredSegments(
            from: .number(0), to: .number(1), start: start, duration: duration, easing: easing, tolerance: tolerance, springs: springs)
        return straight.map { piece in
            guard case let .number(p0) = piece.from, case let .number(p1) = piece.to else { return piece }
            if piece.easing == .hold || piece.end <= piece.start {
                return Segment(
                    start: piece.start, end: piece.end, from: PropertyValue.interpolate(from, to, p0, along: spatial),
                    to: PropertyValue.interpolate(from, to, p1, along: spatial), easing: piece.easing)
            }
            let part = PropertyValue.spatialPiece(from, to, spatial, p0, p1)
            return Segment(start: piece.start, end: piece.end, from: part.from, to: part.to, easing: piece.easing, spatial: part.tangents)
        }
    }
    switch easing {
    case .linear:
        return [Segment(start: start, end: start + duration, from: from, to: to, easing: .linear)]
    case let .cubic(x1, y1, x2, y2):
        return [Segment(start: start, end: start + duration, from: from, to: to, easing: .cubic(x1, y1, x2, y2))]
    case .hold:
        return [Segment(start: start, end: start + duration, from: from, to: to, easing: .hold)]
    case let .steps(count):
        let n = max(1, count)
        let step = duration / Double(n)
        return (0..<n).map { (k: Int) -> Segment<PropertyValue> in
            let u0 = Double(k) / Double(n), u1 = Double(k + 1) / Double(n)
            let t0 = start + step * Double(k), t1 = start + step * Double(k + 1)
            return Segment(
                start: t0, end: t1, from: PropertyValue.interpolate(from, to, u0),
                to: PropertyValue.interpolate(from, to, u1), easing: .hold)
        }
    case let .piecewise(points):
        // Straight lines through the points; two at one time are a jump there.
        return zip(points, points.dropFirst()).map { a, b in
            Segment(
                start: start + a.x * duration, end: start + b.x * duration, from: .interpolate(from, to, a.y),
                to: .interpolate(from, to, b.y), easing: .linear)
        }
    case .spring where duration <= 0:
        // A motion of no duration is a jump, springs included.
        return [Segment(start: start, end: start, from: from, to: to, easing: .linear)]
    case let .spring(response, dampingFraction):
        let spring = SpringCurve(response: response, dampingFraction: dampingFraction)
        // Relative to the motion's size, but never finer than `minSpringProgressTolerance`: a
        // huge motion with an absolute tolerance would bisect every piece to the last level.
        let progressTolerance = springs?.fixedProgressTolerance == true
            ? minSpringProgressTolerance : max(tolerance / max(from.distance(to: to), 1e-12), minSpringProgressTolerance)
        let pieces = springs?.pieces(spring, tolerance: progressTolerance) ?? bakeSpring(spring, tolerance: progressTolerance)
        return pieces.map { piece in
            Segment(
                start: start + piece.start, end: start + piece.end, from: .interpolate(from, to, piece.p0),
                to: .interpolate(from, to, piece.p1), easing: piece.easing)
        }
    }
}

/// How long a motion with this easing lasts. A spring lasts its settling duration: SwiftUI's
/// springs given by response have no duration of their own, so a `duration:` written next to a
/// spring easing is ignored, except `duration: 0s`, which is a jump whatever the easing.
func effectiveDuration(_ timing: Timing, springs: SpringBakery? = nil) -> Double {
    if case let .spring(response, dampingFraction) = timing.easing, timing.duration > 0 {
        let spring = SpringCurve(response: response, dampingFraction: dampingFraction)
        return springs?.settlingDuration(spring) ?? spring.settlingDuration
    }
    return timing.duration
}
