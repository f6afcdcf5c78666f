import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

// What After Effects keeps on a layer, on any node (contract §22): `parent:`, `visible:`,
// `blend:`, `orient:`, `motion-path:`, a group's `time:`, `mask:` (shape nodes with `mode`,
// `expand` and `inverted`) and `matte:`. Each is read into the model's `SceneLayerTraits`; the
// references between siblings (`parent`, `matte.node`) are checked once every node is read
// (`checkLayerReferences`).

/// The keys only a mask's shapes have.
let maskOnlyKeys: [Property] = [.maskMode, .expand, .inverted]

extension FrontendContext {
    /// Reads the node's layer keys into `info.model.traits` (and `motion-path.at`, a mask's
    /// `expand` into its base values).
    func readLayerTraits(_ map: MapEntries, into info: NodeInfo, registry: inout NodeRegistry, asMask: Bool) {
        var traits = SceneLayerTraits()
        if let node = map.value(.parent) {
            if asMask {
                error(.conflictingKeys, "a mask has no 'parent': it is in its node's coordinates", at: node.reportRange)
            } else if let id = identifier(node, what: "node id") {
                traits.parent = id
                info.referenceRanges[.parent] = node.reportRange
            }
        }
        if let node = map.value(.visible) { traits.visible = readTimeWindow(node) }
        if let node = map.value(.blend), let word = keyword(node, .blend) {
            traits.blend = BlendMode(rawValue: word)!
            if traits.blend != .normal { info.referenceRanges[.blend] = node.reportRange }
        }
        if let node = map.value(.orient), let word = keyword(node, .orient) { traits.orients = word == "auto" }
        if let node = map.value(.motionPath) { readMotionPath(node, into: info, traits: &traits) }
        if let node = map.value(.time), let entries = readMap(node, what: "a group's time", allowed: Property.time.childKeys) {
            var time = TimeMap()
            if let offset = entries.value(.timeOffset).flatMap({ self.time($0, name: Property.timeOffset.key, bound: .any) }) {
                time.offset = offset
            }
            if let stretch = number(.timeStretch, in: entries) { time.stretch = stretch }
            traits.time = time
        }
        if let node = map.value(.mask) {
            if asMask {
                error(.conflictingKeys, "a mask has no mask of its own", at: node.reportRange)
            } else {
                info.masks = readMasks(node, owner: info, registry: &registry)
                info.referenceRanges[.mask] = node.reportRange
                traits.masks = []  // the model's masks are made with the node (`sceneNode`)
            }
        }
        for property in maskOnlyKeys where !asMask {
            if let entry = map.entry(property) {
                error(
                    .unknownProperty, "'\(property.key)' is a mask's key; '\(info.id)' is not a mask", at: entry.key.reportRange,
                    help: "put the shape in a node's mask: (mask: {shape: ellipse, radius: 20, \(property.key): …})")
            }
        }
        if asMask {
            traits.maskMode = map.value(.maskMode).flatMap { keyword($0, .maskMode) }.flatMap(MaskMode.init(rawValue:)) ?? .add
            traits.inverted = map.value(.inverted).flatMap { bool($0, name: Property.inverted.key) } ?? false
            info.base[.expand] = .number(number(.expand, in: map) ?? 0)
        }
        if let node = map.value(.matte) {
            if asMask {
                error(.conflictingKeys, "a mask has no matte", at: node.reportRange)
            } else if let entries = readMap(node, what: "a matte", allowed: Property.matte.childKeys, required: Property.matte.requiredChildKeys),
                let nodeValue = entries.value(.matteNode), let id = identifier(nodeValue, what: "node id")
            {
                let mode = entries.value(.matteMode).flatMap { keyword($0, .matteMode) }.flatMap(MatteMode.init(rawValue:)) ?? .alpha
                traits.matte = MatteReference(node: id, mode: mode)
                info.referenceRanges[.matte] = nodeValue.reportRange
            }
        }
        info.model.traits = traits
    }

    /// `[in, out]`: two times, in before out.
    private func readTimeWindow(_ node: YAMLNode) -> TimeWindow? {
        guard let items = listItems(node, expected: "[in, out], two times such as [0.2s, 1s]") else { return nil }
        guard items.count == 2 else {
            error(.wrongType, "expected [in, out], two times such as [0.2s, 1s], found \(items.count) values", at: node.reportRange)
            return nil
        }
        guard let start = time(items[0], name: "in", bound: .any), let end = time(items[1], name: "out", bound: .any) else { return nil }
        guard end > start else {
            error(
                .outOfRange, "the node would never be drawn: 'out' (\(describeNumber(end))s) is not after 'in' (\(describeNumber(start))s)",
                at: node.reportRange)
            return nil
        }
        return TimeWindow(start: start, end: end)
    }

    /// `motion-path: D` or `{d: D, at: 0.5}`: one contour; the node's position follows it.
    private func readMotionPath(_ node: YAMLNode, into info: NodeInfo, traits: inout SceneLayerTraits) {
        var pathNode = node
        var at = Property.motionPathAt.defaultNumber
        if node.mapping != nil {
            guard let entries = readMap(
                node, what: "a motion path", allowed: Property.motionPath.childKeys, required: Property.motionPath.requiredChildKeys)
            else { return }
            guard let d = entries.value(.motionPathD) else { return }
            pathNode = d
            if let value = number(.motionPathAt, in: entries) { at = value }
        }
        guard let shape = pathShape(.d, value: pathNode, closed: false) else { return }
        guard shape.contours.count == 1, shape.contours[0].vertices.count >= 2 else {
            error(
                .invalidPathData, "a motion path is one contour of at least two points, found \(shape.contours.count) contours",
                at: pathNode.reportRange, help: "draw the path the node travels as one line: M x y C … (no second M)")
            return
        }
        if info.source.positionRange != nil {
            error(
                .conflictingKeys, "a node on a motion path takes its position from the path; remove 'position'",
                at: info.source.positionRange!, notes: [Note("the motion path is here", at: pathNode.reportRange)])
        }
        traits.motionPath = shape
        info.base[.motionPathAt] = .number(at)
        info.source.positionRange = pathNode.reportRange
    }

    /// `mask:`: one shape node or a list of them, each read as a node (with an id of its own if
    /// written, which states and keyframes address) in the owner's local coordinates.
    private func readMasks(_ node: YAMLNode, owner: NodeInfo, registry: inout NodeRegistry) -> [NodeInfo] {
        let items = node.sequence ?? [node]
        var masks: [NodeInfo] = []
        for (index, item) in items.enumerated() {
            // A mask without an id gets one no scene can name.
            var item = item
            if var pairs = item.mapping, !pairs.contains(where: { $0.key.scalar?.value == Property.id.key }) {
                let range = item.range
                pairs.insert(
                    YAMLPair(
                        key: YAMLNode(.scalar(YAMLScalar(Property.id.key)), range: range),
                        value: YAMLNode(.scalar(YAMLScalar(maskID(of: owner.id, index: index))), range: range)), at: 0)
                item.kind = .mapping(pairs)
            }
            guard let mask = readNode(item, parent: owner, registry: &registry, asMask: true) else { continue }
            guard [ShapeKind.rect, .ellipse, .polygon, .path].contains(mask.shape) else {
                error(
                    .wrongType, "a mask is one shape (rect, ellipse, polygon or path), found \(mask.shape.phrase)", at: mask.range,
                    help: "write each shape of the mask as an item of the mask: list")
                continue
            }
            mask.isMask = true
            masks.append(mask)
        }
        return masks
    }

    /// Checks what names other nodes: a `parent:` and a `matte.node` are siblings of the node (in
    /// one group's children, or both layers), no node is its own ancestor through parents, and a
    /// matte is neither the node itself nor a node that is itself matted or a mask.
    func checkLayerReferences(_ siblings: [NodeInfo], registry: NodeRegistry) {
        let byID = Dictionary(siblings.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for info in siblings {
            let traits = info.model.traits
            if let parent = traits.parent, let range = info.referenceRanges[.parent] {
                if byID[parent] == nil || parent == info.id {
                    reportReference(parent, of: info, what: Property.parent.key, at: range, registry: registry)
                }
            }
            if let matte = traits.matte, let range = info.referenceRanges[.matte] {
                if byID[matte.node] == nil || matte.node == info.id {
                    reportReference(matte.node, of: info, what: Property.matte.key, at: range, registry: registry)
                } else if let source = byID[matte.node], source.model.traits.matte != nil {
                    error(
                        .layerReference, "'\(matte.node)' is matted itself and cannot be the matte of '\(info.id)'", at: range,
                        help: "matte a group holding both, or use another node as the matte")
                }
            }
        }
        // Cycles through parents, each reported once, at its first node.
        var reported: Set<String> = []
        for info in siblings where !reported.contains(info.id) {
            var seen: [String] = [info.id]
            var current = info.model.traits.parent
            while let id = current, let next = byID[id] {
                if id == info.id {
                    reported.formUnion(seen)
                    error(
                        .layerCycle, "'\(info.id)' is its own parent through \(seen.dropFirst().map { "'\($0)'" }.joined(separator: ", "))",
                        at: info.referenceRanges[.parent] ?? info.range, help: "break the chain: one of these nodes needs another parent or none")
                    break
                }
                if seen.contains(id) { break }
                seen.append(id)
                current = next.model.traits.parent
            }
        }
        for info in siblings {
            checkLayerReferences(info.children, registry: registry)
        }
    }

    /// A node with a layer key of its own (a mask, a matte, a blend mode, a parent) is a layer of
    /// its own in Lottie, so a group holding one is a precomposition, which a repeat cannot copy
    /// (the copies of a repeat are drawn inside one layer): as with clips (`checkClipsInRepeats`).
    func checkLayerTraitsInRepeats(_ layers: [NodeInfo]) {
        var repeated: [NodeInfo] = []
        for layer in layers where !layer.children.isEmpty {
            layer.forEachInSubtree { if $0.shape == .group && $0.model.repeat != nil { repeated.append($0) } }
        }
        let keys: [(Property, String)] = [(.mask, "has a mask"), (.matte, "has a matte"), (.blend, "blends"), (.parent, "follows a parent")]
        for group in repeated {
            for inner in group.children.flatMap(\.subtree) {
                guard let (property, what) = keys.first(where: { inner.referenceRanges[$0.0] != nil }) else { continue }
                error(
                    .clipInRepeat, "'\(inner.id)' \(what) inside group '\(group.id)', which repeats",
                    at: inner.referenceRanges[property]!, notes: [Note("'\(group.id)' is repeated here", at: group.range)],
                    help: "repeat the node itself, or give the repeated group the \(property.key) as a whole")
                return
            }
        }
    }

    private func reportReference(_ id: String, of info: NodeInfo, what: String, at range: SourceRange, registry: NodeRegistry) {
        if id == info.id {
            error(.layerReference, "'\(info.id)' cannot be its own \(what)", at: range)
        } else if registry.isKnown(id) {
            error(
                .layerReference, "the \(what) '\(id)' of '\(info.id)' is not its sibling", at: range,
                notes: registry.firstDefinition[id].map { [Note("'\(id)' is defined here", at: $0)] } ?? [],
                help: "a \(what) is a node of the same list (the same group's children, or the layers)")
        } else {
            error(.unknownNode, "there is no node '\(id)'", at: range)
        }
    }
}

/// The id a mask written without one gets: not an identifier, so no scene can name it.
func maskID(of owner: String, index: Int) -> String { "\(owner) mask \(index + 1)" }
