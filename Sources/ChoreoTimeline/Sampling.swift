/// A track sampled at every frame of the timeline and at the given key times, joined by linear
/// segments. A jump is kept as a jump: the segment arriving at a jump time ends at the value just
/// before it.
public func sampledTrack<C>(
    fps: Double, duration: Double, keyTimes: [Double], jumpTimes: Set<Double>, _ value: (Double) -> C
) -> Animated<C> {
    let frameCount = Int((duration * fps).rounded())
    var times = Set((0...max(frameCount, 0)).map { Double($0) / fps })
    for time in keyTimes where time >= 0 && time <= duration { times.insert(time) }
    let sorted = times.sorted()
    guard let first = sorted.first else { return Animated(value(0)) }
    var segments: [Segment<C>] = []
    for (start, end) in zip(sorted, sorted.dropFirst()) {
        let arrival = jumpTimes.contains(end) ? value(end - min(1e-9, (end - start) / 2)) : value(end)
        segments.append(Segment(start: start, end: end, from: value(start), to: arrival, easing: .linear))
    }
    return Animated(value(first), segments: segments)
}

extension Animated {
    /// The instants at which the value changes discontinuously.
    public var jumpTimes: [Double] {
        var times: [Double] = []
        var current = initial
        for segment in segments {
            if segment.from != current || (segment.end <= segment.start && segment.to != segment.from) {
                times.append(segment.start)
            }
            if segment.easing == .hold, segment.end > segment.start, segment.to != segment.from {
                times.append(segment.end)
            }
            current = segment.to
        }
        return times
    }
}


extension Animated where Value == Point {
    /// Whether some segment moves along a curve (`Segment.spatial`).
    public var hasCurvedSegments: Bool { segments.contains { $0.spatial.map { !$0.isStraight } ?? false } }

    /// The same motion with every curved segment replaced by straight pieces between its values at
    /// each whole frame inside it (and its ends): exact at whole frames, for an output that moves
    /// only in straight lines. Straight segments are kept as they are.
    public func straightened(fps: Double) -> Animated<Point> {
        guard hasCurvedSegments else { return self }
        var result = Animated(initial, slot: slot)
        for segment in segments {
            guard let spatial = segment.spatial, !spatial.isStraight, segment.end > segment.start else {
                result.append(segment)
                continue
            }
            var times = [segment.start]
            var frame = (segment.start * fps).rounded(.down) + 1
            while frame / fps < segment.end - 1e-9 {
                times.append(frame / fps)
                frame += 1
            }
            times.append(segment.end)
            for (a, b) in zip(times, times.dropFirst()) {
                let from = a == segment.start ? segment.from : segment.value(at: a)
                let to = b == segment.end ? segment.to : segment.value(at: b)
                result.append(Segment(start: a, end: b, from: from, to: to, easing: .linear))
            }
        }
        return result
    }

    /// A translation of every value, curves kept (their tangents are relative).
    public func translated(by delta: Point) -> Animated<Point> {
        guard delta != .zero else { return self }
        return Animated(
            initial + delta,
            segments: segments.map {
                Segment(start: $0.start, end: $0.end, from: $0.from + delta, to: $0.to + delta, easing: $0.easing, spatial: $0.spatial)
            }, slot: slot)
    }
}

extension Transform {
    /// The rotation with the direction of travel added (`autoOrient`), sampled at every frame up to
    /// `duration` and at the key times of the tracks it comes from; the rotation track itself when
    /// the node does not orient.
    public func orientedRotation(fps: Double, duration: Double) -> Animated<Double> {
        guard autoOrient else { return rotation }
        var keyTimes = rotation.keyTimes + position.keyTimes
        var jumps = rotation.jumpTimes + position.jumpTimes
        if let axes {
            keyTimes += axes.x.keyTimes + axes.y.keyTimes
            jumps += axes.x.jumpTimes + axes.y.jumpTimes
        }
        let sampled = sampledTrack(fps: fps, duration: duration, keyTimes: keyTimes, jumpTimes: Set(jumps)) { rotationValue(at: $0) }
        // The direction's angle wraps at ±180°: each value is taken the nearest way round from the last.
        func near(_ angle: Double, _ previous: Double) -> Double {
            angle + 360 * ((previous - angle) / 360).rounded()
        }
        var last = sampled.initial
        var result = Animated(sampled.initial, slot: rotation.slot)
        for segment in sampled.segments {
            let from = near(segment.from, last), to = near(segment.to, from)
            result.append(Segment(start: segment.start, end: segment.end, from: from, to: to, easing: segment.easing))
            last = to
        }
        return result
    }
}
