import ChoreoSceneModel
import ChoreoTimeline

extension NodeProperties {
    /// The node's blur and shadow, from its `blur` and `shadow.*` properties; nil when it has
    /// neither (the front end gives a node those properties only when it has the effect).
    var effects: Effects? {
        let blur = hasEffect(.blur) ? number(.blur) : nil
        let shadow = hasEffect(.shadowColor)
            ? Shadow(color: color(.shadowColor), offset: point(.shadowOffset), blur: number(.shadowBlur)) : nil
        guard blur != nil || shadow != nil else { return nil }
        return Effects(blur: blur, shadow: shadow)
    }

    private func hasEffect(_ property: Property) -> Bool { node.base[property] != nil || tracks[property] != nil }
}
