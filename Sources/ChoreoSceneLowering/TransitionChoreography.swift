import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline

extension LoweringContext {
    /// How long a transition's own choreography lasts from its span's start: the timeline it
    /// plays (once) and its keyframes (after their delay). The span is lengthened to it, so a
    /// played timeline longer than the motion runs on before the state is reached.
    func choreographyLength(_ transition: SceneTransition) -> Double {
        var length = 0.0
        if let name = transition.play, let timeline = scene.timelines.first(where: { $0.name == name }) {
            length = timeline.duration + (timeline.delays.values.max() ?? 0)
        }
        for frames in completedKeyframes(transition).values {
            length = max(length, frames.last?.at ?? 0)
        }
        return length
    }

    /// A transition's keyframes on its span's clock: a first keyframe left out is the source pose
    /// at the motion's start, a last one left out the destination pose, reached with the
    /// property's easing at the motion's end (a spring: once it has settled, as a transition's
    /// spring does, so that it never stops short with a jump), all after the property's delay.
    func completedKeyframes(_ transition: SceneTransition) -> [PropertyKey: [Keyframe]] {
        guard !transition.keyframes.isEmpty else { return [:] }
        let from = stateIndex[transition.from].map { scene.states[$0] }
        let to = stateIndex[transition.to].map { scene.states[$0] }
        var result: [PropertyKey: [Keyframe]] = [:]
        for (key, written) in transition.keyframes {
            let timing = transition.timing(for: key)
            var frames = written
            if let first = frames.first, first.at > timeEpsilon, let start = poseValue(key, in: from) {
                frames.insert(Keyframe(at: 0, value: start, range: first.range), at: 0)
            }
            if let last = frames.last, last.at < timing.duration - timeEpsilon, let end = poseValue(key, in: to) {
                let arrival: Double
                if case .spring = timing.easing {
                    arrival = last.at + effectiveDuration(timing)
                } else {
                    arrival = timing.duration
                }
                frames.append(Keyframe(at: arrival, value: end, easing: timing.easing, range: last.range))
            }
            for index in frames.indices { frames[index].at += timing.delay }
            result[key] = frames
        }
        return result
    }

    /// The motion a transition's `play:` and `keyframes:` give the properties they animate, over
    /// the transition's span (contract §16), as one timeline played once from the span's start: the
    /// played timeline on top of the source pose, winning over the transition's keyframes on the
    /// properties both animate; each keyframe list completed by the source pose at the motion's start
    /// and the destination pose at its end where those keyframes are left out. Nil for a
    /// transition with neither.
    func choreographyTimeline(_ transition: SceneTransition, spanLength: Double) -> SceneTimeline? {
        let played = transition.play.flatMap { name in scene.timelines.first { $0.name == name } }
        guard played != nil || !transition.keyframes.isEmpty else { return nil }
        var keyframes = played?.keyframes ?? [:]
        let playedKeys = Set(keyframes.keys).union(played?.tweens.flatMap(\.values.keys) ?? [])
        for (key, frames) in completedKeyframes(transition) where !playedKeys.contains(key) { keyframes[key] = frames }
        return SceneTimeline(
            name: "\(transition.from)->\(transition.to)", range: transition.range, duration: spanLength, loop: false,
            tweens: played?.tweens ?? [], keyframes: keyframes)
    }
}
