import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoYAML

// `components:` (contract §22): a piece written once, its nodes and their timelines, placed by
// nodes that `use:` it. Like `artwork:`, a component is expanded in the YAML tree before the
// front end reads the scene: a node `{id: star-1, use: star, …}` becomes a group (`shape: group`)
// whose children are the component's nodes, each id prefixed with the instance's (`star-1-body`),
// and every timeline of the component is merged into the scene's timeline of the same name (made
// when the scene has none), its keyframe keys and tween targets renamed the same way. The
// instance is an ordinary group: its `time: {offset, stretch}` moves the component's animations,
// its transform places the piece, states and keyframes animate it by its id. Ranges stay the
// component's, so a mistake inside a component is reported where it is written.

/// The keys of one component.
let componentKeys = ["layers", "timelines"]
let componentsKey = "components"
let useKey = "use"
/// How deep components may use components (each level copies the one below).
let maximumComponentDepth = 8

/// Replaces every node that `use:`s a component with the group it stands for, and merges the
/// components' timelines into the scene's. Reports an unknown component, a component that uses
/// itself, and a `use:` node with `shape` or `children`.
package func expandComponents(in root: inout YAMLNode, file: SourceFile, diagnostics bag: inout DiagnosticBag) {
    guard case var .mapping(pairs) = root.kind, let componentsIndex = pairs.firstIndex(where: { $0.key.scalar?.value == componentsKey })
    else { return }
    var expander = ComponentExpander(file: file)
    expander.readComponents(pairs[componentsIndex].value)
    if let layersIndex = pairs.firstIndex(where: { $0.key.scalar?.value == "layers" }) {
        expander.expandList(&pairs[layersIndex].value, depth: 0, using: [])
    }
    if !expander.timelineAdditions.isEmpty {
        let range = pairs[componentsIndex].key.range
        if let timelinesIndex = pairs.firstIndex(where: { $0.key.scalar?.value == "timelines" }) {
            expander.mergeTimelines(into: &pairs[timelinesIndex].value)
        } else {
            var timelines = YAMLNode(.mapping([]), range: range)
            expander.mergeTimelines(into: &timelines)
            pairs.append(YAMLPair(key: YAMLNode(.scalar(YAMLScalar("timelines")), range: range), value: timelines))
        }
    }
    root.kind = .mapping(pairs)
    bag.append(contentsOf: expander.bag.diagnostics)
}

private struct ComponentExpander {
    struct Component {
        var layers: YAMLNode?
        var timelines: [YAMLPair]
        /// Every id written in the component's nodes (masks included).
        var ids: Set<String>
    }

    var bag: DiagnosticBag
    var components: [String: Component] = [:]
    /// Timeline name → the renamed copies of the components' timelines of that name, in order.
    var timelineAdditions: [(name: String, keyRange: SourceRange, timeline: YAMLNode)] = []

    init(file: SourceFile) {
        bag = DiagnosticBag(file: file.path)
    }

    mutating func readComponents(_ node: YAMLNode) {
        guard let pairs = node.mapping else {
            bag.error(.wrongType, "expected a map of components, found \(node.kindDescription)", at: node.range)
            return
        }
        for pair in pairs {
            guard let name = pair.key.scalar?.value else { continue }
            guard let members = pair.value.mapping else {
                bag.error(.wrongType, "expected a component {layers, timelines}, found \(pair.value.kindDescription)", at: pair.value.range)
                continue
            }
            var component = Component(layers: nil, timelines: [], ids: [])
            for member in members {
                switch member.key.scalar?.value {
                case "layers":
                    component.layers = member.value
                    collectIDs(member.value, into: &component.ids)
                case "timelines":
                    component.timelines = member.value.mapping ?? []
                default:
                    let key = member.key.scalar?.value ?? "?"
                    bag.error(
                        .unknownKey, "unknown key '\(key)' for a component", at: member.key.range,
                        help: "a component has layers (its nodes) and timelines (their motion)")
                }
            }
            if component.layers == nil {
                bag.error(.missingKey, "missing 'layers' for component '\(name)'", at: pair.key.range)
            }
            components[name] = component
        }
    }

    private func collectIDs(_ list: YAMLNode, into ids: inout Set<String>) {
        for item in list.sequence ?? [] {
            for pair in item.mapping ?? [] {
                switch pair.key.scalar?.value {
                case Property.id.key: if let id = pair.value.scalar?.value { ids.insert(id) }
                case Property.children.key: collectIDs(pair.value, into: &ids)
                case Property.mask.key:
                    if pair.value.sequence != nil {
                        collectIDs(pair.value, into: &ids)
                    } else {
                        collectIDs(YAMLNode(.sequence([pair.value]), range: pair.value.range), into: &ids)
                    }
                default: break
                }
            }
        }
    }

    /// Expands every `use:` node of a list of nodes (and of its groups' children).
    mutating func expandList(_ list: inout YAMLNode, depth: Int, using: [String]) {
        guard case var .sequence(items) = list.kind else { return }
        for index in items.indices {
            guard case var .mapping(pairs) = items[index].kind else { continue }
            if let useIndex = pairs.firstIndex(where: { $0.key.scalar?.value == useKey }) {
                expandInstance(&pairs, useIndex: useIndex, depth: depth, using: using)
            } else if let childrenIndex = pairs.firstIndex(where: { $0.key.scalar?.value == Property.children.key }) {
                expandList(&pairs[childrenIndex].value, depth: depth, using: using)
            }
            items[index].kind = .mapping(pairs)
        }
        list.kind = .sequence(items)
    }

    private mutating func expandInstance(_ pairs: inout [YAMLPair], useIndex: Int, depth: Int, using: [String]) {
        let useNode = pairs[useIndex].value
        let range = useNode.range
        var children = YAMLNode(.sequence([]), range: range)
        defer {
            pairs[useIndex] = YAMLPair(key: YAMLNode(.scalar(YAMLScalar(Property.children.key)), range: pairs[useIndex].key.range), value: children)
            if !pairs.contains(where: { $0.key.scalar?.value == Property.shape.key }) {
                pairs.append(YAMLPair(
                    key: YAMLNode(.scalar(YAMLScalar(Property.shape.key)), range: range),
                    value: YAMLNode(.scalar(YAMLScalar(ShapeKind.group.rawValue)), range: range)))
            }
        }
        if let shapeIndex = pairs.firstIndex(where: { $0.key.scalar?.value == Property.shape.key }),
            pairs[shapeIndex].value.scalar?.value != ShapeKind.group.rawValue
        {
            let shape = pairs[shapeIndex].value
            bag.error(
                .conflictingKeys, "a node that uses a component is a group; it takes no 'shape: \(shape.scalar?.value ?? "…")'",
                at: shape.range, help: "remove 'shape'")
            pairs[shapeIndex].value = YAMLNode(.scalar(YAMLScalar(ShapeKind.group.rawValue)), range: shape.range)
            return
        }
        if let written = pairs.first(where: { $0.key.scalar?.value == Property.children.key }) {
            bag.error(
                .conflictingKeys, "a node takes '\(useKey)' or 'children', not both", at: written.key.range,
                help: "put the other nodes in a group next to this one")
            return
        }
        guard let name = useNode.scalar?.value else {
            bag.error(.wrongType, "expected a component's name, found \(useNode.kindDescription)", at: range)
            return
        }
        guard let component = components[name] else {
            let known = components.keys.sorted()
            let guess = closestMatch(to: name, in: known)
            bag.error(
                .unknownComponent, "there is no component '\(name)'", at: range,
                help: known.isEmpty
                    ? "define it under components: {\(name): {layers: […], timelines: {…}}}"
                    : guess.map { "did you mean '\($0)'?" } ?? "the components are \(known.map { "'\($0)'" }.joined(separator: ", "))")
            return
        }
        guard !using.contains(name) else {
            bag.error(.unknownComponent, "component '\(name)' uses itself (\((using + [name]).joined(separator: " → ")))", at: range)
            return
        }
        guard depth < maximumComponentDepth else {
            bag.error(.valueTooLarge, "components are nested more than \(maximumComponentDepth) deep here", at: range)
            return
        }
        guard let instance = pairs.first(where: { $0.key.scalar?.value == Property.id.key })?.value.scalar?.value,
            var layers = component.layers
        else { return }
        let rename = { (id: String) -> String in component.ids.contains(id) ? "\(instance)-\(id)" : id }
        renameNodes(&layers, rename)
        expandList(&layers, depth: depth + 1, using: using + [name])
        children = layers
        for timeline in component.timelines {
            guard let timelineName = timeline.key.scalar?.value else { continue }
            var copy = timeline.value
            renameTimeline(&copy, rename)
            timelineAdditions.append((timelineName, timeline.key.range, copy))
        }
    }

    /// Renames every id of the component's nodes and every reference to one (`parent`, `matte.node`).
    private func renameNodes(_ list: inout YAMLNode, _ rename: (String) -> String) {
        guard case var .sequence(items) = list.kind else { return }
        for index in items.indices {
            guard case var .mapping(pairs) = items[index].kind else { continue }
            for p in pairs.indices {
                switch pairs[p].key.scalar?.value {
                case Property.id.key, Property.parent.key:
                    renameScalar(&pairs[p].value, rename)
                case Property.matte.key:
                    guard case var .mapping(matte) = pairs[p].value.kind else { break }
                    for m in matte.indices where matte[m].key.scalar?.value == Property.matteNode.key { renameScalar(&matte[m].value, rename) }
                    pairs[p].value.kind = .mapping(matte)
                case Property.children.key:
                    renameNodes(&pairs[p].value, rename)
                case Property.mask.key:
                    if pairs[p].value.sequence != nil {
                        renameNodes(&pairs[p].value, rename)
                    } else {
                        var wrapped = YAMLNode(.sequence([pairs[p].value]), range: pairs[p].value.range)
                        renameNodes(&wrapped, rename)
                        pairs[p].value = wrapped.sequence![0]
                    }
                default: break
                }
            }
            items[index].kind = .mapping(pairs)
        }
        list.kind = .sequence(items)
    }

    private func renameScalar(_ node: inout YAMLNode, _ rename: (String) -> String) {
        guard case let .scalar(scalar) = node.kind else { return }
        node.kind = .scalar(YAMLScalar(rename(scalar.value), style: scalar.style))
    }

    /// Renames the node ids of a timeline's keyframe keys (`body.scale`) and tween targets.
    private func renameTimeline(_ timeline: inout YAMLNode, _ rename: (String) -> String) {
        guard case var .mapping(members) = timeline.kind else { return }
        for m in members.indices {
            switch members[m].key.scalar?.value {
            case "keyframes":
                guard case var .mapping(keys) = members[m].value.kind else { break }
                for k in keys.indices {
                    guard case let .scalar(scalar) = keys[k].key.kind else { continue }
                    let text = scalar.value
                    let id = text.firstIndex(of: ".").map { String(text[..<$0]) } ?? text
                    let rest = text.dropFirst(id.count)
                    keys[k].key.kind = .scalar(YAMLScalar(rename(id) + rest, style: scalar.style))
                }
                members[m].value.kind = .mapping(keys)
            case "tweens":
                guard case var .sequence(tweens) = members[m].value.kind else { break }
                for t in tweens.indices {
                    guard case var .mapping(fields) = tweens[t].kind else { continue }
                    for f in fields.indices where ["to", "by"].contains(fields[f].key.scalar?.value) {
                        guard case var .mapping(targets) = fields[f].value.kind else { continue }
                        for g in targets.indices { renameScalar(&targets[g].key, rename) }
                        fields[f].value.kind = .mapping(targets)
                    }
                    tweens[t].kind = .mapping(fields)
                }
                members[m].value.kind = .sequence(tweens)
            default: break
            }
        }
        timeline.kind = .mapping(members)
    }

    /// Adds each instance's copy of a component's timeline to the scene's timeline of that name
    /// (its keyframes and tweens after the scene's own), or as a new timeline.
    func mergeTimelines(into timelines: inout YAMLNode) {
        guard case var .mapping(pairs) = timelines.kind else { return }
        for addition in timelineAdditions {
            guard let index = pairs.firstIndex(where: { $0.key.scalar?.value == addition.name }) else {
                pairs.append(YAMLPair(key: YAMLNode(.scalar(YAMLScalar(addition.name)), range: addition.keyRange), value: addition.timeline))
                continue
            }
            guard case var .mapping(members) = pairs[index].value.kind, let added = addition.timeline.mapping else { continue }
            for member in added {
                guard let key = member.key.scalar?.value, ["keyframes", "tweens"].contains(key) else { continue }
                if let existing = members.firstIndex(where: { $0.key.scalar?.value == key }) {
                    switch (members[existing].value.kind, member.value.kind) {
                    case let (.mapping(a), .mapping(b)): members[existing].value.kind = .mapping(a + b)
                    case let (.sequence(a), .sequence(b)): members[existing].value.kind = .sequence(a + b)
                    default: break
                    }
                } else {
                    members.append(member)
                }
            }
            pairs[index].value.kind = .mapping(members)
        }
        timelines.kind = .mapping(pairs)
    }
}
