import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

/// Where an animated value comes from, for the rules that differ: a state's pose and a tween's
/// `to:` give absolute values; a tween's `by:` gives amounts to add.
enum OverrideMode {
    case absolute
    case relative
}

/// An animated value before it is resolved against the node that finally receives it: gradient
/// points and anchor keywords written as unit points of the node's bounds.
enum RawValue {
    case value(PropertyValue)
    case unitPoint(Point)
    case unitRadius(Double)
}

/// One animated property as written for one node (perhaps a group, whose style keys then apply
/// to its children).
struct RawOverride {
    var node: NodeInfo
    var path: Property
    var value: RawValue
    /// The value's text, for notes.
    var range: SourceRange
    /// True for a tween's `by:` amount (a group gradient's offset is moved, not placed).
    var relative = false
}

/// One animated property after group expansion and resolution.
struct ResolvedOverride {
    var key: PropertyKey
    var value: PropertyValue
    var range: SourceRange
    /// True when the value was written on this very node (not inherited from a group): such values win.
    var direct: Bool
}

extension FrontendContext {
    /// Reads one node's map of animated values (a state's `{rotation: 45deg, trim: {end: 1}}`, a
    /// tween's `to:` entry), key by key; broken keys are reported and skipped.
    func readOverrideMap(_ node: YAMLNode, target: NodeInfo, mode: OverrideMode) -> [RawOverride] {
        guard let pairs = mapPairs(node, expected: "a map of properties for '\(target.id)'") else { return [] }
        var result: [RawOverride] = []
        let animatable = target.shape.animatableKeys
        for pair in pairs {
            guard let name = keyName(pair.key) else { continue }
            if name == Property.text.key, target.shape == .text {
                collectText(pair, of: target)
                continue
            }
            // A position's axis on its own (`position.x`), the one key of a map written with its dot.
            if let axis = [Property.positionX, .positionY].first(where: { $0.path == name }) {
                if let raw = readLeaf(axis, value: pair.value, target: target, mode: mode) { result.append(raw) }
                continue
            }
            // Node keys: a key is its property's path.
            guard let property = animatable.first(where: { $0.key == name }) else {
                reportNotAnimatable(
                    name, target: target, at: pair.key.reportRange, candidates: animatable.map(\.key),
                    fixing: { self.replacing(pair.key, with: $0) })
                continue
            }
            switch property.descriptor.kind {
            case .clipShape:
                result += readClipOverride(pair.value, target: target, mode: mode)
            case .paint where pair.value.mapping != nil:
                result += readGradientOverride(pair.value, target: target, mode: mode)
            case .strokeStyle, .map, .pathOrMap:
                let subkeys = property.children.filter { $0.isEverAnimatable }.map(\.key)
                guard let subpairs = mapPairs(pair.value, expected: "a map of \(name) properties") else { continue }
                for subpair in subpairs {
                    guard let subname = keyName(subpair.key) else { continue }
                    guard let child = property.child(subname), child.isEverAnimatable else {
                        if property.child(subname) != nil {
                            error(.unknownProperty, "the \(name)'s '\(subname)' cannot be animated; set it on the node in layers",
                                at: subpair.key.reportRange)
                        } else {
                            let guess = didYouMean(subname, in: subkeys, at: subpair.key)
                            error(
                                .unknownKey, "unknown property '\(subname)' for a \(name)", at: subpair.key.reportRange,
                                help: guess.help, fixIts: guess.fixIts)
                        }
                        continue
                    }
                    if child == .strokeColor, target.model.stroke?.gradient != nil {
                        error(
                            .unknownProperty, "the stroke of '\(target.id)' is a gradient, which is set in layers and not animated; its colour cannot be animated",
                            at: subpair.key.reportRange, help: "give the node a solid stroke colour to animate it, or animate its opacity")
                        continue
                    }
                    if let raw = readLeaf(child, value: subpair.value, target: target, mode: mode) {
                        result.append(raw)
                    }
                }
            default:
                if let raw = readLeaf(property, value: pair.value, target: target, mode: mode) { result.append(raw) }
            }
        }
        return result
    }

    /// Explains why a key cannot be animated on this node.
    func reportNotAnimatable(
        _ name: String, target: NodeInfo, at range: SourceRange, candidates: [String],
        fixing: (String) -> [FixIt] = { _ in [] }
    ) {
        let property = Property.nodeKeys.first { $0.key == name }
        // `text` is not animatable, but a state may give a text node another: elsewhere it is missing.
        if let property, property != .text || property.belongs(to: target.shape),
            !property.isEverAnimatable || (property.belongs(to: target.shape) && !property.isAnimatable(on: target.shape))
        {
            error(.unknownProperty, "'\(name)' cannot be animated; it is fixed on the node in layers", at: range)
        } else if property != nil {
            error(
                .unknownProperty, "\(target.shape.phrase) has no '\(name)'; it applies to \(listing(shapesWithKey(name), conjunction: "and")) nodes",
                at: range)
        } else {
            let match = guessName(name, in: candidates)
            error(
                .unknownKey, "unknown property '\(name)' for \(target.shape.phrase)", at: range,
                help: match.map { "did you mean '\($0)'?" }, fixIts: match.map(fixing) ?? [])
        }
    }

    /// `fill: {linear: {from, to}, radial: {center, radius}, stops}` inside a state or tween:
    /// each given value overrides that part of the node's gradient.
    private func readGradientOverride(_ node: YAMLNode, target: NodeInfo, mode: OverrideMode) -> [RawOverride] {
        var misplaced: [String: String] = [:]
        for fixed in Property.fill.children where !fixed.isEverAnimatable {
            misplaced[fixed.key] = "gradient '\(fixed.key)' cannot be animated; set it on the node in layers"
        }
        guard let map = readMap(
            node, what: "a gradient", allowed: Property.fill.children.filter(\.isEverAnimatable).map(\.key), misplaced: misplaced)
        else { return [] }
        var result: [RawOverride] = []
        for (geometryProperty, what) in [(Property.fillLinear, "a linear gradient"), (.fillRadial, "a radial gradient")] {
            if let value = map.value(geometryProperty),
                let geometry = readMap(value, what: what, allowed: geometryProperty.childKeys)
            {
                for entry in geometry.entries {
                    if let raw = readLeaf(geometryProperty.child(entry.name)!, value: entry.value, target: target, mode: mode) {
                        result.append(raw)
                    }
                }
            }
        }
        if let stops = map.value(.fillStops), let raw = readLeaf(.fillStops, value: stops, target: target, mode: mode) {
            result.append(raw)
        }
        return result
    }

    /// One animated value of a property (`rotation`, `trim.end`, `radius`), read with the kind
    /// and range that property has and mapped to the model's property (an ellipse's `radius` is
    /// its `size`, a path's `points` its `d`).
    func readLeaf(_ property: Property, value node: YAMLNode, target: NodeInfo, mode: OverrideMode) -> RawOverride? {
        let outerBindingNode = bindingNode
        bindingNode = target.id
        defer { bindingNode = outerBindingNode }
        return bindable(property) { readLeafValue(property, value: node, target: target, mode: mode) }
    }

    private func readLeafValue(_ property: Property, value node: YAMLNode, target: NodeInfo, mode: OverrideMode) -> RawOverride? {
        let range = node.reportRange
        func make(_ path: Property, _ value: RawValue) -> RawOverride {
            RawOverride(node: target, path: path, value: value, range: range, relative: mode == .relative)
        }
        func relativeOnly(_ what: String) -> RawOverride? {
            error(.wrongType, "'\(property)' is \(what) and cannot be animated with by:; use to:", at: range)
            return nil
        }
        let relative = mode == .relative
        let descriptor = property.descriptor
        let bound: Bound
        switch (relative, descriptor.animatedBound) {
        case (false, let absolute): bound = absolute
        case let (true, .between(low, high)): bound = .between(low - high, high - low)
        case (true, _): bound = .any
        }
        let unitsBounds = descriptor.inGradientUnits && !relative && (target.style.fill?.unitsBounds ?? false)
        switch property {
        case .expand where !target.isMask:
            error(.unknownProperty, "'\(target.id)' is not a mask: only a mask's shapes have '\(property.key)'", at: range,
                help: "put the shape in a node's mask: list to expand it")
            return nil
        case .radius where target.shape == .ellipse:
            return number(node, name: property.key, bound: bound).map { make(.size, .value(.point(Point(2 * $0, 2 * $0)))) }
        case .innerRadius where !target.model.shape.isStar:
            error(.unknownProperty, "polygon '\(target.id)' is not a star: give it an inner-radius in layers to animate one",
                at: range)
            return nil
        default:
            break
        }
        switch descriptor.kind {
        case .point:
            guard let p = point(node, name: property.key, bound: bound) else { return nil }
            return make(property, unitsBounds ? .unitPoint(p) : .value(.point(p)))
        case .anchor:
            if !relative, let unit = anchorUnit(node) { return make(property, .unitPoint(unit)) }
            if node.scalar != nil, !isNullScalar(node), !node.scalar!.value.hasPrefix("$") {
                if relative { return relativeOnly("a keyword") }
                return nil
            }
            return point(node, name: property.key).map { make(property, .value(.point($0))) }
        case .scale:
            return scalePoint(node, name: property.key).map { make(property, .value(.point($0))) }
        case .angle:
            return angle(node, name: property.key).map { make(property, .value(.number($0))) }
        case .number:
            guard let r = number(node, name: property.key, bound: bound) else { return nil }
            return make(property, unitsBounds ? .unitRadius(r) : .value(.number(r)))
        case .pathData, .pointList, .contourList:
            if relative { return relativeOnly("a shape") }
            return pathShape(property, value: node, closed: target.closedPaths).map { make(property.stored, .value(.path($0))) }
        case .paint:
            if relative { return relativeOnly("a color") }
            if node.mapping != nil, !isBinding(node) {
                error(.wrongType, "expected a color for '\(property)', found a map; gradients are animated by their parts, such as \(Property.fillStops)", at: range)
                return nil
            }
            return color(node).map { make(property, .value(.color($0))) }
        case .color:
            if relative { return relativeOnly("a color") }
            return color(node).map { make(property, .value(.color($0))) }
        case .stops:
            if relative { return relativeOnly("a list of gradient stops") }
            return gradientStops(node).map { make(property, .value(.stops($0))) }
        case .strokeStyle, .clipShape, .map, .time, .colorPair, .integer, .boolean, .keyword, .numberList, .nodeList, .identifier, .numberOrRange, .text,
            .timePair, .pathOrMap, .nodeOrList:
            preconditionFailure("\(property) is not an animatable value")
        }
    }

    /// Expands an override written on a group's style to the children that inherit that style,
    /// resolves unit points against each receiving node's bounds, and checks that the receiving
    /// node has the property (a stroke colour needs a stroke) and that shapes can morph.
    func resolve(_ raw: RawOverride, definedBy: @autoclosure () -> String) -> [ResolvedOverride] {
        let root = raw.path.root
        let targets: [NodeInfo]
        if raw.node.shape == .group, root.descriptor.inherited {
            targets = inheritingDescendants(of: raw.node, key: root)
        } else {
            targets = [raw.node]
        }
        var result: [ResolvedOverride] = []
        for target in targets {
            guard target.valid else { continue }
            switchOn(root, for: target)
            guard let baseValue = baseValue(of: target, raw.path) else {
                reportMissingStyle(raw, target: target)
                return result
            }
            // A clip's anchor keywords name points of the clip's own bounds.
            var bounds = root == .clip ? (target.clip?.localBounds ?? target.localBounds) : target.localBounds
            // A group's gradient: laid out in the group, carried into the child (see resolveShapeStyle).
            var map = GradientMap.identity
            if root == .fill, raw.path != .fill, raw.node !== target, let owner = target.gradientOwner {
                bounds = owner.localBounds
                map = target.gradientMap
            }
            var value: PropertyValue
            switch raw.value {
            case let .value(v): value = v
            case let .unitPoint(unit): value = .point(bounds.point(atUnit: unit))
            case let .unitRadius(r): value = .number(r * max(bounds.width, bounds.height))
            }
            switch value {
            case let .point(p) where raw.path.descriptor.inGradientUnits:
                value = .point(raw.relative ? map.vector(p) : map.point(p))
            case let .number(r) where raw.path.descriptor.inGradientUnits:
                value = .number(map.length(r))
            default:
                break
            }
            if !checkMorph(base: baseValue, value: value, raw: raw, target: target, definedBy: definedBy) { continue }
            result.append(
                ResolvedOverride(
                    key: PropertyKey(node: target.id, property: raw.path), value: value, range: raw.range,
                    direct: target === raw.node))
        }
        return result
    }

    /// The shape nodes below a group that take the group's `key` style (they do not set their own).
    private func inheritingDescendants(of group: NodeInfo, key: Property) -> [NodeInfo] {
        var result: [NodeInfo] = []
        for child in group.children where !child.ownStyleKeys.contains(key) {
            if child.shape == .group {
                result += inheritingDescendants(of: child, key: key)
            } else {
                result.append(child)
            }
        }
        return result
    }

    private func reportMissingStyle(_ raw: RawOverride, target: NodeInfo) {
        let name = raw.node === target ? "node '\(target.id)'" : "node '\(target.id)' (in group '\(raw.node.id)')"
        let message: String
        var help: String?
        if raw.path.root == .stroke {
            message = "\(name) has no stroke to animate"
            help = "give it a stroke in layers, for example stroke: {color: black, width: 0}"
        } else {
            switch target.model.fill {
            case .none:
                message = "\(name) has no fill to animate"
                help = "give it a fill in layers, for example fill: transparent"
            case .solid:
                message = "\(name) has a solid fill; '\(raw.path)' belongs to a gradient"
            case .linear:
                message = "\(name) has a linear gradient fill; '\(raw.path)' does not apply to it"
            case .radial:
                message = "\(name) has a radial gradient fill; '\(raw.path)' does not apply to it"
            }
        }
        error(.unknownProperty, message, at: raw.range, help: help)
    }

    /// Paths must keep their contour and vertex counts, gradients their stop count.
    private func checkMorph(
        base: PropertyValue, value: PropertyValue, raw: RawOverride, target: NodeInfo, definedBy: () -> String
    ) -> Bool {
        switch (base, value) {
        case let (.path(a), .path(b)):
            // Without `morph: index` the poses are made to correspond after the front end (`correspondPathPoses`).
            // A clip path has its own `morph:`.
            let shapeInfo = raw.path == .clipD ? target.clip : target
            guard shapeInfo?.morphByIndex == true, !a.contours.isEmpty, !a.isMorphCompatible(with: b) else { return true }
            let baseText = describeShape(a), otherText = describeShape(b)
            var notes: [Note] = []
            if let baseRange = target.baseRanges[raw.path] { notes.append(Note("the base shape has \(baseText)", at: baseRange)) }
            notes.append(Note("\(definedBy()) gives \(otherText)", at: raw.range))
            if let morphRange = shapeInfo?.morphRange {
                notes.append(Note("'morph: index' asks for a vertex-by-vertex morph", at: morphRange))
            }
            error(
                .morphMismatch,
                "\(raw.path == .clipD ? "the clip path of '\(target.id)'" : "path '\(target.id)'") cannot morph vertex by vertex ('morph: index'): \(definedBy()) gives \(otherText), the base shape has \(baseText)",
                at: raw.range, notes: notes,
                help: "remove 'morph: index' to let the compiler match the shapes, or give every pose the same number of contours and of vertices in each (repeat a point to add one)")
            return false
        case let (.stops(a), .stops(b)):
            guard a.stops.count != b.stops.count else { return true }
            var notes: [Note] = []
            if let baseRange = target.baseRanges[.fillStops] {
                notes.append(Note("the base gradient has \(a.stops.count) stops", at: baseRange))
            }
            notes.append(Note("\(definedBy()) gives \(b.stops.count) stops", at: raw.range))
            error(
                .morphMismatch,
                "the gradient of '\(target.id)' cannot animate from \(a.stops.count) to \(b.stops.count) stops",
                at: raw.range, notes: notes, help: "give every pose the same number of stops")
            return false
        default:
            return true
        }
    }
}

/// "2 contours of 4 and 3 vertices", "1 open contour of 5 vertices".
func describeShape(_ shape: PathShape) -> String {
    let counts = shape.contours.map { "\($0.vertices.count)" }
    let openCount = shape.contours.filter { !$0.closed }.count
    let contourWord = shape.contours.count == 1 ? "contour" : "contours"
    let openText = openCount == 0 ? "" : openCount == shape.contours.count ? " open" : " (\(openCount) open)"
    if openCount > 0, openCount < shape.contours.count {
        return "\(shape.contours.count) \(contourWord)\(openText) of \(listing(counts, conjunction: "and")) vertices"
    }
    return "\(shape.contours.count)\(openText) \(contourWord) of \(listing(counts, conjunction: "and")) vertices"
}
