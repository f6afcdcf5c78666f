import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

extension FrontendContext {
    /// A keyframe's or tween's `at`: a time (`0.4s`, `400ms`) or a percentage of `length`, the
    /// duration of `owner` (`timeline 'spin'`, `the transition idle → alert`), contract §16.
    /// Nil without a report when the text is a percentage and `length` is unknown (its duration was
    /// already reported).
    func timeWithin(_ node: YAMLNode, length: Double?, owner: String) -> Double? {
        guard let text = node.scalar?.value.trimmingCharacters(in: .whitespaces), text.hasSuffix("%"),
            let percent = Double(text.dropLast().trimmingCharacters(in: .whitespaces)), percent.isFinite
        else { return time(node, name: "at") }
        guard (0...100).contains(percent) else {
            error(
                .outOfRange,
                "'at: \(text)' is outside \(owner): a percentage is of its duration, from 0% to 100%",
                at: node.reportRange)
            return nil
        }
        return length.map { $0 * percent / 100 }
    }

    /// A transition's `play:` (a timeline name, played once from the transition's start) and
    /// `keyframes:` (times within the motion, after the transition's `delay`), contract §16.
    func readTransitionChoreography(
        _ map: MapEntries, owner: String, timing: Timing?, names: SceneNames
    ) -> (play: String?, keyframes: [PropertyKey: [Keyframe]]) {
        var play: String?
        if let playNode = map.value("play"), let name = identifier(playNode, what: "timeline name") {
            if names.timelineRanges[name] != nil {
                play = name
            } else {
                let guess = didYouMean(name, in: names.timelineNames, at: playNode)
                error(
                    .unknownTimeline, "there is no timeline '\(name)'", at: playNode.reportRange,
                    help: guess.help, fixIts: guess.fixIts)
            }
        }
        var keyframes: [PropertyKey: [Keyframe]] = [:]
        if let keyframesNode = map.value("keyframes") {
            keyframes = readKeyframes(keyframesNode, owner: owner, duration: timing?.duration, names: names, tweenKeys: [])
        }
        return (play, keyframes)
    }

    /// A transition's keyframes end on its destination pose (contract §16): a last keyframe written
    /// at the motion's end must be the value the state shows (one written earlier is followed by
    /// the pose at the end).
    func checkTransitionKeyframeEnds(_ scene: Scene) {
        guard scene.transitions.contains(where: { !$0.keyframes.isEmpty }) else { return }
        var baseValues: [String: PropertyValues] = [:]
        func collect(_ nodes: [SceneNode]) {
            for node in nodes {
                baseValues[node.id] = node.base
                if case let .group(children) = node.shape { collect(children) }
            }
        }
        collect(scene.layers)
        let stateIndex = scene.stateIndicesByName()
        for transition in scene.transitions {
            let destination = stateIndex[transition.to].map { scene.states[$0] }
            for key in transition.keyframes.keys.sorted() {
                guard let last = transition.keyframes[key]?.last, last.at >= transition.timing.duration - 1e-9,
                    let pose = destination?.overrides[key] ?? baseValues[key.node]?[key.property],
                    last.value.distance(to: pose) > 1e-9
                else { continue }
                error(
                    .transitionKeyframeEnd,
                    "the last keyframe of '\(key)' is \(last.value.diagnosticText), but state '\(transition.to)' shows \(pose.diagnosticText)",
                    at: last.range,
                    help: "end on the destination pose, or leave the last keyframe out: the motion then ends on the pose")
            }
        }
    }
}
