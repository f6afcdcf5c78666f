import ChoreoTimeline

/// Combines two tracks into one whose value is `combine(a, b)` at every instant.
///
/// Exact when at most one of them moves, or when both move along the same segments (same times,
/// same easing: the combination of two values interpolated with the same progress is then the
/// interpolation of the combinations, for the linear combinations we use). Otherwise the result
/// is sampled at every frame with linear segments, which is exact at whole frames.
func combineTracks<A, B, C>(
    _ a: Animated<A>, _ b: Animated<B>, fps: Double, duration: Double, _ combine: @escaping (A, B) -> C
) -> Animated<C> {
    if !b.isAnimated { return a.map { combine($0, b.initial) } }
    if !a.isAnimated { return b.map { combine(a.initial, $0) } }
    let aligned =
        a.segments.count == b.segments.count
        && zip(a.segments, b.segments).allSatisfy { $0.start == $1.start && $0.end == $1.end && $0.easing == $1.easing }
    if aligned {
        return Animated(
            combine(a.initial, b.initial),
            segments: zip(a.segments, b.segments).map {
                Segment(start: $0.start, end: $0.end, from: combine($0.from, $1.from), to: combine($0.to, $1.to), easing: $0.easing)
            })
    }
    return sampledTrack(
        fps: fps, duration: duration, keyTimes: a.keyTimes + b.keyTimes, jumpTimes: Set(a.jumpTimes + b.jumpTimes)
    ) {
        combine(a.value(at: $0), b.value(at: $0))
    }
}

extension Animated where Value: ClampableComponents {
    /// A bounded track (opacity, colour, trim, gradient stops) in the form every player draws
    /// right: values inside `range` at every instant, and easing handles inside 0…1, so no player
    /// extrapolates a keyframe pair past its values (ThorVG wraps opacity 120 % to 20 %;
    /// lottie-android clamps the progress of colours). For a compiled timeline the values are
    /// already in range and only overshooting handles are split, each part exact.
    func playerSafe(_ range: ClosedRange<Double>) -> Animated<Value> {
        if isPlayerSafe(range) { return self }
        var safe = clamped(to: range).withUnitHandles
        safe.slot = slot  // the same property, still themed
        return safe
    }

    /// True when `clamped(to: range).withUnitHandles` is this very track, so `playerSafe` can skip
    /// both (they rebuild every segment through generic code: a third of the Lottie writer's time
    /// on the heavy benchmark scene). Asked in ChoreoTimeline's own terms, so it cannot drift from
    /// them: every easing keeps its handles (`Easing.hasUnitHandles`), the initial value and every
    /// segment's components stay inside `range` (`componentStaysWithin` at the segment's
    /// `clampingProgress`, the test `clampedParts` makes), and no segment merges into the one
    /// before (`mergesAsHold`).
    func isPlayerSafe(_ range: ClosedRange<Double>) -> Bool {
        guard initial.clampableComponents.allSatisfy({ range.contains($0) }) else { return false }
        var previous: Segment<Value>?
        for segment in segments {
            guard segment.easing.hasUnitHandles else { return false }
            let from = segment.from.clampableComponents, to = segment.to.clampableComponents
            guard from.count == to.count else { return false }
            let progress = segment.clampingProgress
            for (x, y) in zip(from, to) where !componentStaysWithin(range, x, y, progress: progress) { return false }
            if let last = previous, segment.mergesAsHold(after: last) { return false }
            previous = segment
        }
        return true
    }
}

extension Animated {
    /// The same motion with every hold segment written as a constant stretch and an instant jump
    /// at its end, so that the Lottie hold keyframe lasts only the jump's lead (`jumpLeadFrames`).
    /// ThorVG 1.0 ignores `h` on gradient stops and interpolates towards the next keyframe (the
    /// conformance feature matrix shows it on hold and steps easings); a hold shorter than a frame
    /// is never drawn at a whole frame.
    var holdsAsJumps: Animated<Value> {
        Animated(
            initial,
            segments: segments.flatMap { segment -> [Segment<Value>] in
                guard segment.easing == .hold, segment.end > segment.start, segment.to != segment.from else { return [segment] }
                return [
                    Segment(start: segment.start, end: segment.end, from: segment.from, to: segment.from, easing: .linear),
                    Segment(start: segment.end, end: segment.end, from: segment.to, to: segment.to, easing: .linear),
                ]
            })
    }
}

/// The same shapes with, per contour index, one contour count, one vertex count and one
/// closedness across all of them, drawing exactly the same outlines. lottie-web keeps a path's
/// first keyframe's vertex count and closedness for every later keyframe (it truncates or reads
/// past the others), so a path track whose counts change (a trimmed outline baked frame by frame)
/// must not change them:
/// - a contour closed in some shapes and open in others is written open, with its first vertex
///   repeated at the end (the closing segment made explicit);
/// - a contour short of the most vertices it has anywhere repeats its last vertex (zero-length
///   pieces draw nothing); the closing segment's handle moves to the last copy;
/// - a contour missing or empty in a shape is its first point, repeated.
func uniformContours(_ shapes: [PathShape]) -> [PathShape] {
    let contourCount = shapes.map(\.contours.count).max() ?? 0
    var result = shapes
    for index in 0..<contourCount {
        let present = shapes.compactMap { $0.contours.indices.contains(index) ? $0.contours[index] : nil }
        let closedEverywhere = present.allSatisfy(\.closed) && present.count == shapes.count
            && present.allSatisfy { !$0.vertices.isEmpty }
        func opened(_ contour: Contour) -> [BezierVertex] {
            guard contour.closed, let first = contour.vertices.first, !closedEverywhere else { return contour.vertices }
            return contour.vertices + [BezierVertex(first.point, in: first.inTangent, out: .zero)]
        }
        let vertexCount = present.map { opened($0).count }.max() ?? 0
        guard let anchor = present.lazy.compactMap(\.vertices.first).first, vertexCount > 0 else { continue }
        for shapeIndex in result.indices {
            let contour = result[shapeIndex].contours.indices.contains(index)
                ? result[shapeIndex].contours[index] : Contour([], closed: false)
            var vertices = opened(contour)
            if vertices.isEmpty {
                vertices = Array(repeating: BezierVertex(anchor.point), count: vertexCount)
            } else if vertices.count < vertexCount {
                let last = vertices[vertices.count - 1]
                vertices[vertices.count - 1].outTangent = .zero
                vertices += Array(repeating: BezierVertex(last.point), count: vertexCount - vertices.count)
                vertices[vertices.count - 1].outTangent = last.outTangent
            }
            while result[shapeIndex].contours.count <= index { result[shapeIndex].contours.append(Contour([], closed: false)) }
            result[shapeIndex].contours[index] = Contour(vertices, closed: closedEverywhere)
        }
    }
    return result
}
