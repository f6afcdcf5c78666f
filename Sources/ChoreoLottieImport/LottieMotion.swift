import ChoreoSceneModel
import ChoreoSceneSyntax
import ChoreoTimeline

extension DocumentImport {
    /// Writes `track` on `node`: its value at the timeline's start as the node's `property`, and
    /// when it moves, its keyframes under `NODE.PATH` in the timeline (`path` defaults to the
    /// property's own, `trim.end`). A still value equal to `skip` is left out (the default);
    /// `always` writes it anyway.
    mutating func animate(
        _ node: inout NodeDraft, _ property: Property, _ track: LottieTrack, time: TimeMap,
        _ convert: @escaping ([Double]) -> SceneValue, skip: [Double]? = nil, always: Bool = false, spatial: Bool = false, path: String? = nil,
        floor: Double? = nil, set: ((inout NodeDraft, SceneValue) -> Void)? = nil
    ) {
        var startValue = track.value(at: time.inner(startFrame))
        // A size in layers is above 0 (its keyframes may reach 0).
        if let floor { startValue = startValue.map { max(floor, $0) } }
        var keys: [SceneValue]?
        if track.isAnimated {
            let moving = MovingProperty(node: node.id, path: path ?? property.path, track: track, time: time, convert: convert, spatial: spatial)
            keys = keyframes(moving, from: startFrame, to: endFrame, loops: true)
            if keys != nil { movingProperties.append(moving) }
        }
        if keys == nil, !always, let skip, startValue.count == skip.count, zip(startValue, skip).allSatisfy({ abs($0 - $1) < 1e-9 }) {
            return
        }
        if let set { set(&node, convert(startValue)) } else { node.set(property, convert(startValue)) }
        if let keys { keyframes.append((key: "\(node.id).\(path ?? property.path)", list: keys)) }
    }

    /// The keyframes of a moving property between the frames `from` and `to` of the animation:
    /// times in seconds from `from`, each keyframe's easing the curve of the segment arriving at
    /// it. Segments that cross the window's edges are cut there, keeping their exact motion
    /// (`TimingCurve.part`); a window that `loops` ends with a jump back to its first value.
    /// Nil when nothing moves within the window.
    func keyframes(_ moving: MovingProperty, from startFrame: Double, to endFrame: Double, loops: Bool) -> [SceneValue]? {
        let track = moving.track, time = moving.time, convert = moving.convert, spatial = moving.spatial
        let keys = track.keys
        let end = (endFrame - startFrame) / fps
        func sceneTime(_ frame: Double) -> Double { (time.outer(frame) - startFrame) / fps }
        struct Out {
            var time: Double
            var value: [Double]
            var easing: SceneValue?
            var pathIn: [Double]?
            var pathOut: [Double]?
        }
        var out: [Out] = []
        var approximated: String?
        for index in keys.indices {
            let t = sceneTime(keys[index].frame)
            if index == 0 {
                if t >= 0, t <= end { out.append(Out(time: t, value: keys[0].value)) }
                continue
            }
            let previous = keys[index - 1]
            let a = sceneTime(previous.frame), b = t
            if b <= 0 { continue }
            if a >= end { break }
            let cutStart = a < 0 ? (0 - a) / (b - a) : 0
            let cutEnd = b > end ? (end - a) / (b - a) : 1
            if cutStart > 0 {
                out.append(Out(time: 0, value: track.value(at: time.inner(startFrame))))
            }
            if previous.hold {
                if cutEnd < 1 { break }
                out.append(Out(time: b, value: keys[index].value, easing: .word("hold")))
                continue
            }
            var curve = curveOf(previous, to: keys[index], approximated: &approximated)
            var value = keys[index].value
            var arrival = b
            if cutStart > 0 || cutEnd < 1 {
                curve = curve.part(from: cutStart, to: cutEnd).curve
                if cutEnd < 1 {
                    arrival = end
                    value = track.value(at: time.inner(endFrame))
                }
            }
            var key = Out(time: arrival, value: value, easing: easingValue(curve, hold: false))
            if spatial, cutStart == 0, cutEnd == 1, let to = previous.spatialOut, let ti = previous.spatialIn,
               to.count >= 2, ti.count >= 2, to[0] != 0 || to[1] != 0 || ti[0] != 0 || ti[1] != 0
            {
                key.pathIn = ti
                if !out.isEmpty { out[out.count - 1].pathOut = to }
            }
            out.append(key)
            if cutEnd < 1 { break }
        }
        if let approximated {
            warnings.add(pointer: approximated, offset: nil, "dimensions of one keyframe with different easings; the scene eases them alike, as the first dimension that moves", kind: .approximation)
        }
        // Two keyframes at one instant are a jump: the first moves back a millisecond.
        var index = 1
        while index < out.count {
            if out[index].time - out[index - 1].time < 1e-6 {
                let earlier = out[index].time - 0.001
                if index >= 2, out[index - 2].time >= earlier - 1e-6 {
                    out.remove(at: index - 1)
                    continue
                } else if index < 2, earlier < 0 {
                    out.remove(at: index - 1)
                    continue
                }
                out[index - 1].time = earlier
            }
            index += 1
        }
        guard out.count >= 2, out.contains(where: { $0.value != out[0].value }) else { return nil }
        // A Lottie loops by starting over: the timeline jumps back to its first value at its end.
        let startValue = track.value(at: time.inner(startFrame))
        if loops, let last = out.last, last.value != startValue {
            if last.time >= end - 1e-6 {
                let earlier = end - 0.001
                if out.count >= 2, out[out.count - 2].time < earlier - 1e-6 { out[out.count - 1].time = earlier } else { out.removeLast() }
            }
            out.append(Out(time: end, value: startValue, easing: .word("hold")))
        }
        return out.map { key in
            var entries = [SceneEntry(.at, frameTime(key.time * fps)), SceneEntry(.value, convert(key.value))]
            var tangents: [SceneEntry] = []
            if let pathIn = key.pathIn { tangents.append(SceneEntry(.pathIn, pointValue(pathIn))) }
            if let pathOut = key.pathOut { tangents.append(SceneEntry(.pathOut, pointValue(pathOut))) }
            if !tangents.isEmpty { entries.append(SceneEntry(.path, .map(tangents, .flow))) }
            if let easing = key.easing { entries.append(SceneEntry(.easing, easing)) }
            return .map(entries, .flow)
        }
    }

    /// A time of `frames` frames as a person writes it: seconds, or frames (`110f`) where six
    /// decimals of a second would not make the animation a whole number of frames (the times
    /// of such a document are all written in frames, so that none passes the end it reaches).
    func frameTime(_ frames: Double) -> SceneValue {
        timesInFrames ? .quantity(clean(frames), unit: "f") : .seconds(clean(frames / fps))
    }

    var timesInFrames: Bool {
        let frames = endFrame - startFrame
        return abs(clean(frames / fps) * fps - frames) > 1e-9
    }

    /// The timing of the segment from `key` to `next`: the curve of the dimensions that move,
    /// which the scene's one easing per keyframe holds exactly when they agree.
    func curveOf(_ key: LottieKey, to next: LottieKey, approximated: inout String?) -> TimingCurve {
        guard key.timing.count > 1 else { return key.timing[0] }
        let moving = key.value.indices.filter { $0 < next.value.count && abs(key.value[$0] - next.value[$0]) > 1e-9 }
        guard let first = moving.first else { return key.timing[0] }
        let curve = key.timing(first)
        if moving.contains(where: { key.timing($0) != curve }) { approximated = approximated ?? key.pointer }
        return curve
    }
}
