import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

// `clip:` on a node: one shape (a rect, ellipse, polygon or path, with its own position,
// rotation, scale and anchor, no style) in the node's local coordinates. The clip is read as a
// node of its own (`NodeInfo.clip`), so it has exactly a node's geometry rules and defaults; its
// animatable values are copied into the owner's `base` as `clip.KEY`, which is how states, tweens
// and keyframes address them (`card.clip.size`). A path clip of several contours clips to their
// union, each contour's own inside (as an SVG clipPath of several shapes does, and as Lottie's
// additive masks do), not to the path's nonzero fill.

// The keys a clip has, by shape, are the property table's (`Property.clip`'s children): the
// shape, the geometry of that shape, and the transform keys but `offset` (no `opacity`: a clip is
// not drawn).

/// The keys of a clip's map for a clip of one shape.
func clipKeys(_ shape: ShapeKind) -> [String] { Property.clip.children.filter { $0.belongs(to: shape) }.map(\.key) }

/// The keys of a clip of one shape that states, tweens and keyframes may animate.
func clipAnimatableKeys(_ shape: ShapeKind) -> [String] {
    Property.clip.children.filter { $0.isAnimatable(on: shape) }.map(\.key)
}

/// The keys of a clip that only some clip shapes have.
private let clipGeometryKeys = Set(Property.clip.children.filter { $0.descriptor.shapes.count < 4 }.map(\.key))

/// The node keys a clip never has because they are style, with the reason.
private func clipStyleReason(_ key: String) -> String? {
    guard [Property.fill, .fillRule, .stroke, .trim, .opacity].contains(where: { $0.key == key }) else { return nil }
    return "a clip has no style: '\(key)' does nothing to where a node is drawn"
}

extension FrontendContext {
    /// Reads `clip:` into `owner.clip` and the owner's `clip.*` base values.
    func readClip(_ node: YAMLNode, into owner: NodeInfo, registry: inout NodeRegistry) {
        owner.clipRange = node.reportRange
        if let items = node.sequence {
            error(
                .clipShape, "a clip is one shape, found a list of \(items.count)", at: node.reportRange,
                help: "clip to one shape; for the intersection of two, clip a group and a node inside it")
            return
        }
        guard let pairs = mapPairs(node, expected: "a clip shape (a map with shape and its geometry, such as {shape: rect, size: [100, 60]})")
        else { return }
        var styleKeysFound: [String] = []
        for pair in pairs {
            guard let name = pair.key.scalar?.value, let reason = clipStyleReason(name) else { continue }
            styleKeysFound.append(name)
            error(.clipStyle, reason, at: pair.key.reportRange, help: "style the node itself; the clip only cuts it")
        }
        guard let shapeNode = pairs.first(where: { $0.key.scalar?.value == Property.clipShape.key })?.value else {
            error(.missingKey, "missing 'shape' for a clip (rect, ellipse, polygon or path)", at: startRange(of: node))
            return
        }
        guard let shape = keyword(shapeNode, .clipShape).map({ ShapeKind(rawValue: $0)! }) else { return }
        guard shape != .group else {
            error(
                .clipShape, "a clip is one shape (rect, ellipse, polygon or path), not a group", at: shapeNode.reportRange,
                help: "to clip to the intersection of shapes, nest groups, each with its own clip")
            return
        }
        var misplaced: [String: String] = [:]
        for key in allNodeKeys where !clipKeys(shape).contains(key) && clipStyleReason(key) == nil {
            if clipGeometryKeys.contains(key) {
                misplaced[key] = "a \(shape.rawValue) clip has no '\(key)'; it applies to \(listing(shapesWithKey(key).filter { $0 != "group" }, conjunction: "and")) clips"
            } else if key == Property.children.key {
                misplaced[key] = "a clip is one shape and has no 'children'"
            } else if key == Property.offset.key {
                misplaced[key] = "a clip has no 'offset'; place it with 'position'"
            } else {
                misplaced[key] = "a clip has no '\(key)'"
            }
        }
        guard let map = readMap(
            node, what: "a \(shape.rawValue) clip", allowed: clipKeys(shape) + styleKeysFound,
            required: Property.clip.children.filter { $0 != .clipShape && $0.descriptor.requiredOn.contains(shape) }.map(\.key),
            misplaced: misplaced)
        else { return }
        let errorsBefore = errorCount
        let clip = NodeInfo(id: owner.id, range: shapeNode.reportRange, shape: shape)
        readGeometry(map, into: clip, registry: &registry)
        readTransform(map, into: clip)
        guard errorCount == errorsBefore else { return }
        owner.clip = clip
        for property in Property.clip.children where property.isAnimatable(on: shape) || property == .clipD {
            let own = property.clippedNodeKey!
            if let value = clip.base[own] { owner.base[property] = value }
            if let range = clip.baseRanges[own] { owner.baseRanges[property] = range }
        }
    }

    /// A state's or tween's `clip: {size: [...]}` for one node, key by key.
    func readClipOverride(_ node: YAMLNode, target: NodeInfo, mode: OverrideMode) -> [RawOverride] {
        guard let clip = target.clip else {
            // A clip that could not be read has its own error: it is not missing.
            if target.clipRange == nil {
                error(
                    .unknownProperty, "node '\(target.id)' has no clip to animate", at: node.reportRange,
                    help: "give it a clip in layers, for example clip: {shape: rect, size: [100, 100]}")
            }
            return []
        }
        guard let pairs = mapPairs(node, expected: "a map of clip properties") else { return [] }
        var result: [RawOverride] = []
        for pair in pairs {
            guard let name = keyName(pair.key) else { continue }
            guard checkClipProperty(name, clip: clip, target: target, at: pair.key) else { continue }
            if let raw = readClipLeaf(name, value: pair.value, target: target, mode: mode) { result.append(raw) }
        }
        return result
    }

    /// True when `name` can be animated on `target`'s clip; otherwise says why not.
    func checkClipProperty(_ name: String, clip: NodeInfo, target: NodeInfo, at key: YAMLNode, range: SourceRange? = nil) -> Bool {
        let allowed = clipAnimatableKeys(clip.shape)
        let range = range ?? key.reportRange
        if allowed.contains(name) { return true }
        if let reason = clipStyleReason(name) {
            error(.clipStyle, reason, at: range)
        } else if let fixed = Property.clip.children.first(where: { $0.key == name }),
            !fixed.isEverAnimatable || (fixed.belongs(to: clip.shape) && !fixed.isAnimatable(on: clip.shape))
        {
            error(
                .unknownProperty, "the clip's '\(name)' cannot be animated; it is fixed on the node in layers", at: range)
        } else if clipKeys(.rect).contains(name) || clipKeys(.ellipse).contains(name) || clipKeys(.polygon).contains(name)
            || clipKeys(.path).contains(name)
        {
            error(.unknownProperty, "the clip of '\(target.id)' is a \(clip.shape.rawValue) and has no '\(name)'", at: range)
        } else {
            let match = guessName(name, in: allowed)
            error(
                .unknownKey, "unknown property '\(name)' for a \(clip.shape.rawValue) clip", at: range,
                help: match.map { "did you mean '\($0)'?" })
        }
        return false
    }

    /// One animated clip value, read as the clip's own property and renamed `clip.KEY` on its node.
    func readClipLeaf(_ name: String, value: YAMLNode, target: NodeInfo, mode: OverrideMode) -> RawOverride? {
        // `name` passed `checkClipProperty`: a clip key, which is a node key of the same name.
        guard let clip = target.clip, var raw = readLeaf(Property(path: name)!, value: value, target: clip, mode: mode) else { return nil }
        raw.node = target
        raw.path = raw.path.onClip!
        return raw
    }
}

extension FrontendContext {
    /// A repeated group cannot hold a clipped node: Lottie clips whole layers, so such a group is a
    /// precomposition, and a repeat's copies of one are not something a layer can say.
    func checkClipsInRepeats(_ layers: [NodeInfo]) {
        var repeated: [NodeInfo] = []
        // A layer without children clips nothing inside a repeat.
        for layer in layers where !layer.children.isEmpty {
            layer.forEachInSubtree { if $0.shape == .group && $0.model.repeat != nil { repeated.append($0) } }
        }
        for group in repeated {
            for inner in group.children.flatMap(\.subtree) {
                guard inner.clip != nil, let range = inner.clipRange else { continue }
                error(
                    .clipInRepeat, "'\(inner.id)' is clipped inside group '\(group.id)', which repeats",
                    at: range, notes: [Note("'\(group.id)' is repeated here", at: group.range)],
                    help: "repeat the clipped node itself, or clip the repeated group as a whole")
                return
            }
        }
    }
}
