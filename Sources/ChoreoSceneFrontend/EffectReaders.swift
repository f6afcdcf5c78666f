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
            if let blur = bindable(.blur, { number(node, name: Property.blur.key, bound: Property.blur.descriptor.bound) }) {
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
            if let color = entries.value(.shadowColor).flatMap({ node in bindable(.shadowColor) { self.color(node) } }) { info.base[.shadowColor] = .color(color) }
            if let offset = point(.shadowOffset, in: entries) { info.base[.shadowOffset] = .point(offset) }
            if let blur = number(.shadowBlur, in: entries) { info.base[.shadowBlur] = .number(blur) }
        }
    }

    /// Gives a node the effect `root` names at its defaults, unless it has it: an effect animated
    /// by a state or keyframes starts from "no effect" where layers do not give one.
    func enableEffect(_ root: Property, on info: NodeInfo) {
        // Two parts of the class's `model` cannot be passed inout at once: switched on in a copy.
        var model = info.model
        switchingOn([root], trimmed: &model.trimmed, base: &model.base)
        info.model = model
    }

    /// Notes that an animated value switches on `root` (a trim, a blur, a shadow) for `target`.
    /// The node itself is left as its layer made it, so that a layer kept between builds
    /// (`LayerReadCache`) is never changed: `baseValue(of:_:)` and the model's node see the switch.
    func switchOn(_ root: Property, for target: NodeInfo) {
        guard root == .trim || root == .blur || root == .shadow else { return }
        switchedOn[ObjectIdentifier(target), default: []].insert(root)
        enabledByOverrides?.append((target.id, root))
    }

    /// The node's base value of `path`, with what animated values switched on for it.
    func baseValue(of target: NodeInfo, _ path: Property) -> PropertyValue? {
        if let value = target.base[path] { return value }
        // An axis of the position, animated on its own (`applyLayerTraits` splits the position).
        if path == .positionX || path == .positionY, case let .point(p)? = target.base[.position] {
            return .number(path == .positionX ? p.x : p.y)
        }
        guard let roots = switchedOn[ObjectIdentifier(target)], roots.contains(path.root) else { return nil }
        var trimmed = target.model.trimmed, base = target.base
        switchingOn(roots, trimmed: &trimmed, base: &base)
        return base[path]
    }

    /// Switches trims and effects on: a trim from 0 to 1 without offset where the node has none,
    /// a blur and a shadow that show nothing where it gives none.
    func switchingOn(_ roots: Set<Property>, trimmed: inout Bool, base: inout PropertyValues) {
        if roots.contains(.trim), !trimmed {
            trimmed = true
            for property in [Property.trimStart, .trimEnd, .trimOffset] { base[property] = .number(property.defaultNumber) }
        }
        if roots.contains(.blur), base[.blur] == nil { base[.blur] = Property.blur.defaultValue! }
        if roots.contains(.shadow) {
            for property in Property.shadow.children where base[property] == nil { base[property] = property.defaultValue! }
        }
    }

    /// `shadow: "0 4px 8px rgba(0,0,0,.3)"` is CSS's box-shadow shorthand; a scene writes the map.
    private func reportShadowShorthand(_ node: YAMLNode, text: String) {
        error(
            .wrongType, "a shadow is a map {color, offset, blur}, found '\(text)'", at: node.reportRange,
            help: "write it as shadow: {color: \"rgba(0, 0, 0, 0.3)\", offset: [0, 4], blur: 8}; blur is CSS's standard deviation, half of box-shadow's blur radius")
    }
}
