import ChoreoDiagnostics
import ChoreoTimeline

extension LoweringContext {
    /// How long a transition's own choreography lasts from its span's start: the timeline it
    /// plays (once) and its keyframes (after their delay). The span is lengthened to it, so a
    /// played timeline longer than the motion runs on before the state is reached.
    func choreographyLength(_ transition: SceneTransition) -> Double {
        var length = 0.0
        if let name = transition.play, let timeline = scene.timelines.first(where: { $0.name == name }) {
            length = timeline.duration
        }
        for (key, frames) in transition.keyframes {
            length = max(length, transition.timing(for: key).delay + (frames.last?.at ?? 0))
        }
        return length
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
        let from = stateIndex[transition.from].map { scene.states[$0] }
        let to = stateIndex[transition.to].map { scene.states[$0] }
        for (key, written) in transition.keyframes where !playedKeys.contains(key) {
            let timing = transition.timing(for: key)
            var frames = written
            if let first = frames.first, first.at > timeEpsilon, let start = poseValue(key, in: from) {
                frames.insert(Keyframe(at: 0, value: start, range: first.range), at: 0)
            }
            if let last = frames.last, last.at < timing.duration - timeEpsilon, let end = poseValue(key, in: to) {
                frames.append(Keyframe(at: timing.duration, value: end, easing: timing.easing, range: last.range))
            }
            for index in frames.indices { frames[index].at += timing.delay }
            keyframes[key] = frames
        }
        return SceneTimeline(
            name: "\(transition.from)->\(transition.to)", range: transition.range, duration: spanLength, loop: false,
            tweens: played?.tweens ?? [], keyframes: keyframes)
    }
}
