import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

// `blur:` and `shadow:` on a node (contract §15). A node has the effect's properties in `base`
// only when it has the effect (written in layers, or animated by a state, tween or keyframe,
// which gives it the effect at its defaults elsewhere), so a scene without effects compiles as
// before.

extension FrontendContext {
    /// Reads the node's `blur:` and `shadow:` in layers.
    func readEffects(_ map: MapEntries, into info: NodeInfo) {
        if let node = map.value(.blur) {
            if let blur = number(node, name: Property.blur.key, bound: Property.blur.descriptor.bound) {
                info.base[.blur] = .number(blur)
            }
        }
        if let node = map.value(.shadow) {
            if let text = node.scalar?.value, !isNullScalar(node) {
                reportShadowShorthand(node, text: text)
                return
            }
            guard let entries = readMap(
                node, what: "a shadow", allowed: Property.shadow.childKeys,
                expected: "a shadow map such as {color: \"rgba(0, 0, 0, 0.3)\", offset: [0, 4], blur: 8}")
            else { return }
            enableEffect(.shadow, on: info)
            if let color = entries.value(.shadowColor).flatMap({ self.color($0) }) { info.base[.shadowColor] = .color(color) }
            if let offset = point(.shadowOffset, in: entries) { info.base[.shadowOffset] = .point(offset) }
            if let blur = number(.shadowBlur, in: entries) { info.base[.shadowBlur] = .number(blur) }
        }
    }

    /// Gives a node the effect `root` names at its defaults, unless it has it: an effect animated
    /// by a state or keyframes starts from "no effect" where layers do not give one.
    func enableEffect(_ root: Property, on info: NodeInfo) {
        switch root {
        case .blur:
            if info.base[.blur] == nil { info.base[.blur] = Property.blur.defaultValue! }
        case .shadow:
            for property in Property.shadow.children where info.base[property] == nil {
                info.base[property] = property.defaultValue!
            }
        default:
            break
        }
    }

    /// `shadow: "0 4px 8px rgba(0,0,0,.3)"` is CSS's box-shadow shorthand; a scene writes the map.
    private func reportShadowShorthand(_ node: YAMLNode, text: String) {
        error(
            .wrongType, "a shadow is a map {color, offset, blur}, found '\(text)'", at: node.reportRange,
            help: "write it as shadow: {color: \"rgba(0, 0, 0, 0.3)\", offset: [0, 4], blur: 8}; blur is CSS's standard deviation, half of box-shadow's blur radius")
    }
}
