import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

/// Every node key, for the message about a key that belongs to other shapes.
let allNodeKeys = Set(Property.nodeKeys.map(\.key))
private let allNodeKeyList = Property.nodeKeys.map(\.key)

/// The shapes a key applies to, for "it applies to rect and polygon nodes".
func shapesWithKey(_ key: String) -> [String] {
    Property.nodeKeys.first { $0.key == key }?.descriptor.shapes.map(\.rawValue) ?? []
}

/// What a stroke is, for messages (made once: `strokeSpec` passes it for every stroke map).
private let strokeExpectation = "a stroke map {\(Property.stroke.childKeys.joined(separator: ", "))}, a color, or none"

/// What `readNode` checks a node of one shape against; the same for every node of that shape, so
/// built once per shape rather than once per node.
package struct NodeSchema {
    package var allowed: [String]
    package var required: [String]
    /// Why each key of another shape does not belong here ("a rect node has no 'radius'; …").
    package var misplaced: [String: String]

    package static let byShape: [ShapeKind: NodeSchema] = Dictionary(
        uniqueKeysWithValues: ShapeKind.allCases.map { ($0, NodeSchema(shape: $0)) })

    private init(shape: ShapeKind) {
        allowed = shape.keys.map(\.key)
        var misplaced: [String: String] = [:]
        for property in Property.nodeKeys where !property.belongs(to: shape) {
            misplaced[property.key] =
                "\(shape.phrase) has no '\(property.key)'; it applies to \(listing(shapesWithKey(property.key), conjunction: "and")) nodes"
        }
        self.misplaced = misplaced
        required = shape.requiredKeys.map(\.key)
    }
}


/// A fill as written, before `units: bounds` is resolved against the bounds of the node that uses it
/// (a group's fill is resolved against each child that inherits it).
struct FillSpec {
    var kind: FillKind
    var color: RGBA?
    var from: Point?
    var to: Point?
    var center: Point?
    var radius: Double?
    var stops: GradientStops?
    var unitsBounds = false
    var range: SourceRange
    /// The node the fill is written on: a group's gradient is laid out in the group's coordinates
    /// and fills every child that inherits it as one sweep. Weak: the node holds this spec (its
    /// `ownStyle` and `style`), and a strong reference kept every node of the scene alive after
    /// the front end, through lowering (12% of lint's heap peak).
    weak var owner: NodeInfo?
}

struct StrokeSpec {
    /// `stroke: none` cancels a stroke inherited from a group.
    var none = false
    var color: RGBA?
    /// `color:` written as a gradient map (a linear or radial `FillSpec`).
    var gradient: FillSpec?
    var width: Double?
    var cap: LineCap?
    var join: LineJoin?
    var miterLimit: Double?
    var dash: [Double]?

    /// Key by key: values set here win over `parent`'s.
    func over(_ parent: StrokeSpec) -> StrokeSpec {
        if none { return self }
        var merged = parent
        merged.none = false
        if let color {
            merged.color = color
            merged.gradient = nil
        }
        if let gradient {
            merged.gradient = gradient
            merged.color = nil
        }
        if let width { merged.width = width }
        if let cap { merged.cap = cap }
        if let join { merged.join = join }
        if let miterLimit { merged.miterLimit = miterLimit }
        if let dash { merged.dash = dash }
        return merged
    }
}

struct TrimSpec {
    var start: Double?
    var end: Double?
    var offset: Double?

    func over(_ parent: TrimSpec) -> TrimSpec {
        TrimSpec(start: start ?? parent.start, end: end ?? parent.end, offset: offset ?? parent.offset)
    }
}

/// The style keys of a node; on a group they apply to every child that does not set its own.
struct StyleSpec {
    var fill: FillSpec?
    var fillRule: FillRule?
    var stroke: StrokeSpec?
    var trim: TrimSpec?

    func over(_ parent: StyleSpec) -> StyleSpec {
        var merged = StyleSpec()
        merged.fill = fill ?? parent.fill
        merged.fillRule = fillRule ?? parent.fillRule
        switch (stroke, parent.stroke) {
        case let (own?, inherited?): merged.stroke = own.over(inherited)
        case let (own, inherited): merged.stroke = own ?? inherited
        }
        switch (trim, parent.trim) {
        case let (own?, inherited?): merged.trim = own.over(inherited)
        case let (own, inherited): merged.trim = own ?? inherited
        }
        return merged
    }
}

/// One node while the front end works on it: the model's node and source it is building, with
/// what only the front end needs (the tree's links, the style as written and inherited, where
/// base values were written, the clip read as a node of its own).
final class NodeInfo {
    /// The model's node as read so far: id, base values, polygon parameters, fill, stroke, trim,
    /// repeat and accessible name. A group's children are in `children` until `sceneNode` gives
    /// the model their nodes; `source` is attached there too.
    var model: SceneNode
    /// How the node was written and what its reader measured of it, for the model's checks.
    var source: SceneNodeSource
    weak var parent: NodeInfo?
    var children: [NodeInfo] = []
    /// Style keys written on this node itself (not inherited).
    var ownStyleKeys: Set<Property> = []
    var ownStyle = StyleSpec()
    /// After inheritance from the enclosing groups.
    var style = StyleSpec()
    /// Where base values were written, for notes.
    var baseRanges = PropertyMap<SourceRange>()
    var closedPaths = true
    /// The unit point of a keyword `anchor:` (`Scene.keywordAnchors`).
    var anchorUnit: Point?
    /// `morph: index`: poses of different structure are an error instead of being made to correspond.
    var morphByIndex = false
    /// Where `morph:` was written, for notes.
    var morphRange: SourceRange?
    /// The node's `clip:` read as a node of its own (shape, geometry and transform, no style);
    /// its animatable values are also in `model.base` as `clip.KEY`.
    var clip: NodeInfo?
    /// Where `clip:` was written.
    var clipRange: SourceRange?
    /// For a shape filled by a group's gradient: the group, and the map from the group's
    /// coordinates to this node's (a similarity, from base values).
    /// Weak, as `FillSpec.owner` and `parent` are: the group holds this node among its children.
    weak var gradientOwner: NodeInfo?
    var gradientMap = GradientMap.identity
    /// The node's `mask:` shapes, read as nodes of their own in its local coordinates.
    var masks: [NodeInfo] = []
    /// True for one of a node's mask shapes.
    var isMask = false
    /// Where `parent:` and `matte.node` were written, for messages about what they name.
    var referenceRanges: [Property: SourceRange] = [:]

    init(id: String, range: SourceRange, shape: ShapeKind) {
        // Room for a shape's transform, geometry and style values, so that they are added without
        // growing the array; `compactBaseValues` trims it once nothing writes it any more.
        model = SceneNode(
            id: id, range: range, shape: Self.placeholderShape(shape), base: PropertyValues(minimumCapacity: 16),
            fill: .none)
        source = SceneNodeSource(kind: shape)
    }

    /// The model's shape before the reader fills it in: a polygon's parameters are read with its
    /// geometry, a group's children when the model is made.
    private static func placeholderShape(_ kind: ShapeKind) -> SceneShape {
        switch kind {
        case .rect: .rect
        case .ellipse: .ellipse
        case .polygon: .polygon(sides: 3, star: false, cornerRadius: 0)
        case .path, .text: .path
        case .group: .group([])
        }
    }

    // The model's and the source's values under the short names the readers use.
    var id: String { model.id }
    var range: SourceRange { model.range }
    var shape: ShapeKind { source.kind }
    /// False when the node's own definition had errors: references to it are then not checked.
    var valid: Bool { !source.hadErrors }
    /// The geometry's box in local coordinates (a group's: its children's, placed).
    var localBounds: Bounds {
        get { source.localBounds }
        set { source.localBounds = newValue }
    }
    var base: PropertyValues {
        get { model.base }
        _modify { yield &model.base }
    }

    /// The node and everything below it (its masks included), depth first.
    var subtree: [NodeInfo] { [self] + masks + children.flatMap(\.subtree) }

    /// Calls `body` with the node and every node below it, parents first (`subtree` without its array).
    func forEachInSubtree(_ body: (NodeInfo) -> Void) {
        body(self)
        for mask in masks { body(mask) }
        for child in children { child.forEachInSubtree(body) }
    }

    /// The transform into the parent's coordinates, from base values.
    var baseMatrix: AffineTransform {
        // `readTransform` stores every transform property, so nothing here is missing.
        let anchor = base.point(.anchor)!
        return AffineTransform.translation(base.point(.position)! + base.point(.offset)!)
            .concatenating(.rotation(degrees: base.number(.rotation)!))
            .concatenating(.scale(base.point(.scale)!))
            .concatenating(.translation(Point(0, 0) - anchor))
    }

    /// The node's box in its parent's coordinates, repeats included, strokes optional.
    func placedBounds(includingStroke: Bool) -> Bounds {
        var local = localBounds
        if shape == .group {
            local = children.map { $0.placedBounds(includingStroke: includingStroke) }.reduce(nil) { $0?.union($1) ?? $1 }
                ?? .zero
        } else if includingStroke, let stroke = model.stroke, let width = base.number(.strokeWidth) {
            local = local.insetBy(width / 2 * (stroke.join == .miter ? 1.5 : 1))
        }
        var box = local.applying(baseMatrix)
        if let repeatSpec = model.repeat {
            for copy in 1..<max(1, repeatSpec.count) {
                box = box.union(local.applying(baseMatrix.concatenating(repeatSpec.matrix(ofCopy: copy))))
            }
        }
        return box
    }
}

extension FrontendContext {
    /// Reads `layers:` (or a group's `children:`), registering ids in `nodes`.
    func readNodes(_ node: YAMLNode, parent: NodeInfo?, registry: inout NodeRegistry) -> [NodeInfo] {
        guard let items = listItems(node, expected: "a list of nodes") else { return [] }
        guard parent == nil, layerCache != nil else { return items.compactMap { readNode($0, parent: parent, registry: &registry) } }
        return items.indices.compactMap { readLayer(items[$0], at: $0, registry: &registry) }
    }

    /// `readNodes` for the top-level `layers:` of a tree nobody else holds: each node's YAML is
    /// dropped as soon as it has been read, so the tree shrinks while the node records grow (and
    /// they reuse its memory) instead of both being alive at once. Reports exactly what
    /// `readNodes` reports.
    func readNodesReleasing(_ layers: consuming YAMLNode, registry: inout NodeRegistry) -> [NodeInfo] {
        guard case .sequence(var items) = layers.kind else { return readNodes(layers, parent: nil, registry: &registry) }
        // The list's own node lets go of the items, so `items` is their only holder.
        layers = layers.hollow
        var infos: [NodeInfo] = []
        infos.reserveCapacity(items.count)
        for index in items.indices {
            let item = items[index]
            items[index] = item.hollow
            if let info = readLayer(item, at: index, registry: &registry) { infos.append(info) }
        }
        return infos
    }

    func readNode(_ node: YAMLNode, parent: NodeInfo?, registry: inout NodeRegistry, asMask: Bool = false) -> NodeInfo? {
        guard let pairs = mapPairs(node, expected: "a node (a map with id and shape)") else { return nil }
        func find(_ property: Property) -> YAMLNode? { pairs.first { $0.key.scalar?.value == property.key }?.value }

        let errorsBefore = errorCount
        // The id first, so that even a broken node is known and references to it stay quiet.
        var id: String?
        var idRange = startRange(of: node)
        if let idNode = find(.id) {
            idRange = idNode.reportRange
            if let text = scalarText(idNode, expected: "a node id") {
                id = text
                // A mask written without an id has one made up, which is no identifier on purpose.
                if asMask, let parent, text.hasPrefix(parent.id + " mask ") {
                    registry.register(text, range: idRange, context: self)
                } else if checkIdentifier(text, what: "node id", at: idRange) {
                    registry.register(text, range: idRange, context: self)
                }
            }
        }
        guard let shapeNode = find(.shape) else {
            _ = readMap(
                node, what: "a node", allowed: allNodeKeyList,
                required: (id == nil ? [Property.id, .shape] : [.shape]).map(\.key))
            if let id { registry.markBroken(id) }
            return nil
        }
        guard let shape = keyword(shapeNode, .shape).map({ ShapeKind(rawValue: $0)! }) else {
            if let id { registry.markBroken(id) }
            return nil
        }
        let schema = NodeSchema.byShape[shape]!
        guard let map = readMap(
            node, what: shape.phrase, allowed: schema.allowed, required: schema.required, misplaced: schema.misplaced)
        else {
            return nil
        }
        let info = NodeInfo(id: id ?? "", range: idRange, shape: shape)
        info.parent = parent
        info.source.keyRanges = map.entries.compactMap { entry in
            Property(path: entry.name).map { SceneNodeSource.KeyRange($0, entry.key.reportRange) }
        }
        let outerBindingNode = bindingNode
        bindingNode = id
        defer { bindingNode = outerBindingNode }
        readGeometry(map, into: info, registry: &registry)
        readTransform(map, into: info)
        readOwnStyle(map, into: info)
        if let repeatNode = map.value(.repeat) { info.model.repeat = readRepeat(repeatNode, node: info) }
        if let clipNode = map.value(.clip) { readClip(clipNode, into: info, registry: &registry) }
        readEffects(map, into: info)
        readLayerTraits(map, into: info, registry: &registry, asMask: asMask)
        if id == nil || errorCount > errorsBefore {
            info.source.hadErrors = true
            if let id { registry.markBroken(id) }
        }
        if id == nil { return nil }
        return info
    }

    // MARK: Geometry

    /// A number written for `property` in `map`, read with the property's bound in layers; nil
    /// when it is not written (or was wrong, which is reported).
    func number(_ property: Property, in map: MapEntries) -> Double? {
        map.value(property).flatMap { value in bindable(property) { number(value, name: property.key, bound: property.descriptor.bound) } }
    }

    /// A point written for `property` in `map`, read with the property's bound in layers.
    func point(_ property: Property, in map: MapEntries) -> Point? {
        map.value(property).flatMap { value in bindable(property) { point(value, name: property.key, bound: property.descriptor.bound) } }
    }

    func readGeometry(_ map: MapEntries, into info: NodeInfo, registry: inout NodeRegistry) {
        switch info.shape {
        case .rect:
            let size = point(.size, in: map) ?? Property.size.defaultPoint
            info.base[.size] = .point(size)
            info.base[.cornerRadius] = .number(number(.cornerRadius, in: map) ?? Property.cornerRadius.defaultNumber)
            info.localBounds = Bounds(centeredSize: size)
        case .ellipse:
            var size = Property.size.defaultPoint
            switch (map.entry(.size), map.entry(.radius)) {
            case let (_?, radiusEntry?):
                error(.conflictingKeys, "an ellipse takes size or radius, not both", at: radiusEntry.key.reportRange)
            case (_?, nil):
                if let value = point(.size, in: map) { size = value }
            case (nil, _?):
                if let r = number(.radius, in: map) { size = Point(2 * r, 2 * r) }
            case (nil, nil):
                error(.missingKey, "missing '\(Property.size.key)' or '\(Property.radius.key)' for an ellipse node",
                    at: startRange(of: map.node))
            }
            info.base[.size] = .point(size)
            info.localBounds = Bounds(centeredSize: size)
        case .polygon:
            var sides = 3
            if let node = map.value(.sides), let written = integer(node, name: Property.sides.key, bound: Property.sides.descriptor.bound) {
                sides = written
            }
            let radius = number(.radius, in: map) ?? Property.radius.defaultNumber
            info.base[.radius] = .number(radius)
            let star = map.has(.innerRadius)
            if star { info.base[.innerRadius] = .number(number(.innerRadius, in: map) ?? radius / 2) }
            let cornerRadius = number(.cornerRadius, in: map) ?? 0
            info.model.shape = .polygon(sides: sides, star: star, cornerRadius: cornerRadius)
            _ = addPathVertices(star ? 2 * sides : sides, at: info.range)
            info.localBounds = Bounds(minX: -radius, minY: -radius, maxX: radius, maxY: radius)
        case .path:
            if let node = map.value(.closed) { info.closedPaths = bool(node, name: Property.closed.key) ?? true }
            if let node = map.value(.morph) {
                info.morphByIndex = keyword(node, .morph).map { MorphMode(rawValue: $0)! } == .index
                info.morphRange = node.reportRange
            }
            let given = ShapeKind.path.keys.filter { $0.stored == .d && map.has($0) }
            if given.isEmpty {
                error(.missingKey,
                    "missing \(listing(ShapeKind.path.keys.filter { $0.stored == .d }.map { "'\($0.key)'" }, conjunction: "or")) for a path node",
                    at: startRange(of: map.node))
            } else if given.count > 1 {
                error(.conflictingKeys,
                    "a path takes one of \(listing(ShapeKind.path.keys.filter { $0.stored == .d }.map(\.key), conjunction: "or")), found \(listing(given.map { "'\($0.key)'" }, conjunction: "and"))",
                    at: map.key(given[1])!.reportRange)
            }
            if given.count == 1, let entry = map.entry(given[0]),
                let shape = pathShape(given[0], value: entry.value, closed: info.closedPaths)
            {
                if given[0] == .d, let closedNode = map.value(.closed) {
                    checkClosedAgrees(closedNode, with: shape, pathData: entry.value)
                }
                info.base[.d] = .path(shape)
                info.baseRanges[.d] = entry.value.reportRange
                info.localBounds = bounds(of: shape) ?? .zero
            } else {
                info.base[.d] = Property.d.defaultValue!
            }
        case .text:
            readText(map, into: info)
        case .group:
            if let node = map.value(.children) {
                info.children = readNodes(node, parent: info, registry: &registry)
            }
            info.localBounds =
                info.children.map { $0.placedBounds(includingStroke: false) }.reduce(nil) { $0?.union($1) ?? $1 } ?? .zero
        }
    }

    /// In path data, `Z` says which contours are closed; a `closed:` next to it is accepted when
    /// it says the same of every contour (contract §10), and is an error when it contradicts one.
    private func checkClosedAgrees(_ closedNode: YAMLNode, with shape: PathShape, pathData: YAMLNode) {
        guard let closed = closedNode.scalar.flatMap({ $0.value == "true" ? true : $0.value == "false" ? false : nil }),
            let index = shape.contours.firstIndex(where: { $0.closed != closed })
        else { return }
        let contour = shape.contours.count > 1 ? "contour \(index + 1) of the path data" : "the path data"
        let fact = closed ? "\(contour) does not end with Z, so it is open" : "\(contour) ends with Z, so it is closed"
        error(
            .conflictingKeys, "'closed: \(closed)' contradicts the path data: \(fact)", at: closedNode.reportRange,
            notes: [Note("the path data is here", at: pathData.reportRange)],
            help: closed
                ? "end the contour with Z to close it, or remove 'closed' (Z in the path data closes a contour)"
                : "remove the Z to leave the contour open, or remove 'closed' (Z in the path data closes a contour)")
    }

    /// Path geometry from `d`, `points` or `contours`.
    func pathShape(_ property: Property, value written: YAMLNode, closed: Bool) -> PathShape? {
        guard let value = pathVarValue(written, for: property) else { return nil }
        switch property {
        case .d:
            if value.sequence != nil { return pathCommands(value) }
            guard let text = scalarText(value, expected: "SVG path data such as \"M 0 0 L 10 10 Z\"") else { return nil }
            // A var that holds path data was reported once, at the var.
            if let name = bareVarName(text.trimmingCharacters(in: .whitespaces)), poisonedVars.contains(name) {
                countUseOfReportedVar()
                return nil
            }
            switch parsePathData(text) {
            case let .success(shape):
                guard shape.contours.contains(where: { !$0.vertices.isEmpty }) else {
                    error(.invalidPathData, "the path data draws nothing", at: value.reportRange)
                    return nil
                }
                guard addPathVertices(shape.contours.reduce(0) { $0 + $1.vertices.count }, at: value.reportRange) else {
                    return nil
                }
                return shape
            case let .failure(problem):
                report(problem, in: value)
                return nil
            }
        case .points:
            guard let contour = polygonPoints(value, closed: closed) else { return nil }
            return PathShape([contour])
        case .contours:
            guard let items = listItems(value, expected: "a list of contours, each a list of points") else { return nil }
            guard !items.isEmpty else {
                error(.outOfRange, "'\(property.key)' needs at least one contour", at: value.reportRange)
                return nil
            }
            var contours: [Contour] = []
            for item in items {
                guard let contour = polygonPoints(item, closed: closed) else { return nil }
                contours.append(contour)
            }
            return PathShape(contours)
        default:
            preconditionFailure("\(property) is not path geometry")
        }
    }

    /// `d:` as a list of commands whose numbers are expressions, `[[M, $x, 0], [L, $w, $h], [Z]]`:
    /// each command is evaluated and the whole read as path data.
    private func pathCommands(_ node: YAMLNode) -> PathShape? {
        let items = node.sequence ?? []
        var text = ""
        var spans: [(start: Int, end: Int, node: YAMLNode)] = []
        for item in items {
            guard let parts = item.sequence, let command = parts.first?.scalar?.value,
                command.count == 1, "MmLlHhVvCcSsQqTtAaZz".contains(command)
            else {
                error(
                    .wrongType, "expected a path command such as [M, x, y], [Q, cx, cy, x, y] or [Z], found \(describeFound(item))",
                    at: item.reportRange)
                return nil
            }
            var piece = command
            for argument in parts.dropFirst() {
                guard let value = number(argument, name: "path coordinate") else { return nil }
                piece += " " + plainDecimal(value)
            }
            let start = text.unicodeScalars.count
            text += piece + " "
            spans.append((start, text.unicodeScalars.count, item))
        }
        switch parsePathData(text) {
        case let .success(shape):
            guard shape.contours.contains(where: { !$0.vertices.isEmpty }) else {
                error(.invalidPathData, "the path data draws nothing", at: node.reportRange)
                return nil
            }
            guard addPathVertices(shape.contours.reduce(0) { $0 + $1.vertices.count }, at: node.reportRange) else {
                return nil
            }
            return shape
        case let .failure(problem):
            let culprit = spans.first { problem.offset >= $0.start && problem.offset < $0.end }?.node ?? node
            error(problem.rule, problem.message, at: culprit.reportRange, help: problem.help)
            return nil
        }
    }

    private func polygonPoints(_ node: YAMLNode, closed: Bool) -> Contour? {
        guard let items = listItems(node, expected: "a list of points [[x, y], …]") else { return nil }
        guard items.count >= 2 else {
            error(.outOfRange, "a contour needs at least 2 points, found \(items.count)", at: node.reportRange)
            return nil
        }
        // Counted before the points are evaluated, so an oversized list costs nothing more.
        guard addPathVertices(items.count, at: node.reportRange) else { return nil }
        var vertices: [BezierVertex] = []
        for item in items {
            guard let p = point(item, name: "point") else { return nil }
            vertices.append(BezierVertex(p))
        }
        return Contour(vertices, closed: closed)
    }

    // MARK: Transform

    func readTransform(_ map: MapEntries, into info: NodeInfo) {
        let bounds = info.localBounds
        var anchor = bounds.center
        if let node = map.value(.anchor), let value = bindable(.anchor, { anchorPoint(node, bounds: bounds) }) {
            anchor = value
            info.source.anchorWritten = true
            info.anchorUnit = anchorUnit(node)
            if let word = node.scalar?.value, anchorKeywords.contains(where: { $0.0 == word }) {
                info.source.anchorKeyword = .init(word: word, range: node.reportRange, editable: node.scalar?.style == .plain ? valueTextRange(node) : nil)
            }
        }
        info.source.positionRange = map.value(.position)?.reportRange
        info.base[.anchor] = .point(anchor)
        info.base[.position] = .point(point(.position, in: map) ?? anchor)
        info.base[.offset] = .point(point(.offset, in: map) ?? Property.offset.defaultPoint)
        var scale = Property.scale.defaultPoint
        if let node = map.value(.scale), let value = bindable(.scale, { scalePoint(node, name: Property.scale.key) }) { scale = value }
        info.base[.scale] = .point(scale)
        var rotation = Property.rotation.defaultNumber
        if let node = map.value(.rotation), let value = bindable(.rotation, { angle(node, name: Property.rotation.key) }) { rotation = value }
        info.base[.rotation] = .number(rotation)
        info.base[.opacity] = .number(number(.opacity, in: map) ?? Property.opacity.defaultNumber)
    }

    /// A local point, or a keyword naming a point of `bounds`.
    func anchorPoint(_ node: YAMLNode, bounds: Bounds) -> Point? {
        if let unit = anchorUnit(node) { return bounds.point(atUnit: unit) }
        if node.scalar != nil, !isNullScalar(node), !(node.scalar!.value.hasPrefix("$")) {
            return nil  // reported by anchorUnit
        }
        return point(node, name: Property.anchor.key)
    }

    /// The unit point of an anchor keyword; nil (reported) for an unknown word, nil (quiet) for a non-word.
    func anchorUnit(_ node: YAMLNode) -> Point? {
        guard let text = node.scalar?.value, !isNullScalar(node), !text.hasPrefix("$") else { return nil }
        return keyword(node, what: Property.anchor.key, options: anchorKeywords, aliases: ["centre": "center", "middle": "center"])
    }

    // MARK: Style

    private func readOwnStyle(_ map: MapEntries, into info: NodeInfo) {
        var style = StyleSpec()
        if let node = map.value(.fill) {
            info.ownStyleKeys.insert(.fill)
            style.fill = bindable(.fill) { fillSpec(node) }
            style.fill?.owner = info
        }
        if let node = map.value(.fillRule) {
            info.ownStyleKeys.insert(.fillRule)
            style.fillRule = keyword(node, .fillRule).map { FillRule(rawValue: $0)! }
        }
        if let node = map.value(.stroke) {
            info.ownStyleKeys.insert(.stroke)
            style.stroke = unbindable { strokeSpec(node) }
            style.stroke?.gradient?.owner = info
        }
        if let node = map.value(.trim) {
            info.ownStyleKeys.insert(.trim)
            style.trim = trimSpec(node)
        }
        info.ownStyle = style
    }

    /// `fill:` as written: a colour, `none`, or a gradient map.
    func fillSpec(_ node: YAMLNode) -> FillSpec? {
        if reportCommentedOutColor(node, key: Property.fill.key) { return nil }
        if let named = styleVar(node, expected: .gradient, colourAllowed: true) {
            guard case let .gradient(spec)? = named else { return nil }
            return spec
        }
        if isBinding(node) { return color(node).map { FillSpec(kind: .solid, color: $0, range: node.reportRange) } }
        if let scalar = node.scalar, !isNullScalar(node) {
            if scalar.value == "none" { return FillSpec(kind: .none, range: node.reportRange) }
            guard let color = color(node) else { return nil }
            return FillSpec(kind: .solid, color: color, range: node.reportRange)
        }
        guard let map = readMap(
            node, what: "a gradient", allowed: Property.fill.childKeys, required: Property.fill.requiredChildKeys,
            expected: "a color, none, or a gradient map")
        else { return nil }
        var spec = FillSpec(kind: .linear, range: node.reportRange)
        if let unitsNode = map.value(.fillUnits) {
            spec.unitsBounds = keyword(unitsNode, .fillUnits).map { GradientUnits(rawValue: $0)! } == .bounds
        }
        switch (map.entry(.fillLinear), map.entry(.fillRadial)) {
        case (nil, nil):
            error(.missingKey, "missing '\(Property.fillLinear.key)' or '\(Property.fillRadial.key)' for a gradient",
                at: startRange(of: node))
            return nil
        case let (_?, radial?):
            error(.conflictingKeys, "a gradient is linear or radial, not both", at: radial.key.reportRange)
            return nil
        case let (linear?, nil):
            guard let geometry = readMap(
                linear.value, what: "a linear gradient", allowed: Property.fillLinear.childKeys,
                required: Property.fillLinear.requiredChildKeys),
                let fromNode = geometry.value(.fillFrom), let toNode = geometry.value(.fillTo),
                let from = point(fromNode, name: Property.fillFrom.key), let to = point(toNode, name: Property.fillTo.key)
            else { return nil }
            spec.kind = .linear
            spec.from = from
            spec.to = to
        case let (nil, radial?):
            guard let geometry = readMap(
                radial.value, what: "a radial gradient", allowed: Property.fillRadial.childKeys,
                required: Property.fillRadial.requiredChildKeys),
                let centerNode = geometry.value(.fillCenter), geometry.has(.fillRadius), let center = point(centerNode, name: Property.fillCenter.key),
                let radius = number(.fillRadius, in: geometry)
            else { return nil }
            spec.kind = .radial
            spec.center = center
            spec.radius = radius
        }
        guard let stopsNode = map.value(.fillStops), let stops = gradientStops(stopsNode) else { return nil }
        spec.stops = stops
        return spec
    }

    /// `[[offset, color], …]`, offsets in 0…1 and not decreasing, at least two stops.
    func gradientStops(_ node: YAMLNode) -> GradientStops? {
        guard let items = listItems(node, expected: "a list of stops [[0, color], [1, color]]") else { return nil }
        guard items.count >= 2 else {
            error(.outOfRange, "a gradient needs at least 2 stops, found \(items.count)", at: node.reportRange)
            return nil
        }
        var stops: [GradientStop] = []
        for item in items {
            guard let pair = item.sequence, pair.count == 2 else {
                error(.wrongType, "expected a stop [offset, color], found \(describeFound(item))", at: item.reportRange)
                return nil
            }
            guard let offset = number(pair[0], name: "stop offset", bound: .between(0, 1)), let color = color(pair[1]) else {
                return nil
            }
            if let previous = stops.last, offset < previous.offset {
                error(
                    .outOfRange, "gradient stops must not go backwards: \(describeNumber(offset)) comes after \(describeNumber(previous.offset))",
                    at: pair[0].reportRange)
                return nil
            }
            stops.append(GradientStop(offset, color))
        }
        return GradientStops(stops)
    }

    func strokeSpec(_ node: YAMLNode) -> StrokeSpec? {
        if reportCommentedOutColor(node, key: Property.stroke.key) { return nil }
        if let named = styleVar(node, expected: .stroke, colourAllowed: true) {
            guard case let .stroke(spec)? = named else { return nil }
            return spec
        }
        if let scalar = node.scalar, !isNullScalar(node) {
            if scalar.value == "none" { return StrokeSpec(none: true) }
            // A colour alone is a 1 px stroke of that colour.
            guard let color = color(node) else { return nil }
            return StrokeSpec(color: color)
        }
        guard let map = readMap(
            node, what: "a stroke", allowed: Property.stroke.childKeys,
            expected: strokeExpectation)
        else { return nil }
        var spec = StrokeSpec()
        if let value = map.value(.strokeColor) {
            if !isBinding(value), value.mapping != nil || value.scalar?.value.hasPrefix("$") == true {
                // A gradient, or a var that may hold one (or a colour).
                if let paint = bindable(.strokeColor, { fillSpec(value) }) {
                    switch paint.kind {
                    case .linear, .radial: spec.gradient = paint
                    case .solid: spec.color = paint.color
                    case .none: error(.wrongType, "expected a color or a gradient for '\(Property.strokeColor)', found none", at: value.reportRange, help: "write 'stroke: none' to leave the stroke out")
                    }
                }
            } else {
                spec.color = bindable(.strokeColor) { color(value) }
            }
        }
        spec.width = number(.strokeWidth, in: map)
        if let value = map.value(.strokeCap) {
            spec.cap = keyword(value, .strokeCap).map { LineCap(rawValue: $0)! }
        }
        if let value = map.value(.strokeJoin) {
            spec.join = keyword(value, .strokeJoin).map { LineJoin(rawValue: $0)! }
        }
        spec.miterLimit = number(.strokeMiterLimit, in: map)
        if let value = map.value(.strokeDash) {
            if let items = listItems(value, expected: "a list of dash and gap lengths") {
                var dash: [Double] = []
                for item in items {
                    if let length = number(item, name: Property.strokeDash.key, bound: Property.strokeDash.descriptor.bound) {
                        dash.append(length)
                    }
                }
                if dash.count == items.count, !dash.isEmpty, dash.allSatisfy({ $0 == 0 }) {
                    error(.outOfRange, "a dash pattern of zeros draws nothing", at: value.reportRange)
                }
                spec.dash = dash
            }
        }
        return spec
    }

    func trimSpec(_ node: YAMLNode) -> TrimSpec? {
        guard let map = readMap(node, what: "a trim", allowed: Property.trim.childKeys) else { return nil }
        return TrimSpec(start: number(.trimStart, in: map), end: number(.trimEnd, in: map), offset: number(.trimOffset, in: map))
    }

    // MARK: Repeat

    private func readRepeat(_ node: YAMLNode, node info: NodeInfo) -> Repeat? {
        guard let map = readMap(
            node, what: "a repeat", allowed: Property.repeat.childKeys,
            required: Property.repeat.requiredChildKeys)
        else { return nil }
        guard let countNode = map.value(.repeatCount),
            let count = integer(countNode, name: Property.repeatCount.key, bound: Property.repeatCount.descriptor.bound)
        else {
            return nil
        }
        var result = Repeat(count: count, anchor: info.localBounds.center)
        if let value = map.value(.repeatRotation), let rotation = angle(value, name: Property.repeatRotation.key) {
            result.rotation = rotation
        }
        if let offset = point(.repeatOffset, in: map) { result.offset = offset }
        if let value = map.value(.repeatScale), let scale = scalePoint(value, name: Property.repeatScale.key) {
            // Copy k is scaled by scale^k: 1,000 copies at scale 2 reach 2^999, which no output
            // can write (compiling it took 130 s and 1.1 GB, and the SVG wrote zero matrices).
            // The last copy's factor must stay within `SceneLimits.maxMagnitude` and its inverse;
            // the power is built step by step and stops as soon as it passes the limit.
            let step = [abs(scale.x), abs(scale.y)].filter { $0 != 0 }.map { max($0, 1 / $0) }.max() ?? 1
            var factor = 1.0
            for _ in 1..<count where factor <= SceneLimits.maxMagnitude { factor *= step }
            if factor > SceneLimits.maxMagnitude {
                error(
                    .valueTooLarge,
                    "the last of \(count) copies would be scaled by \(describeNumber(max(abs(scale.x), abs(scale.y))))^\(count - 1), beyond the limit of \(describeNumber(SceneLimits.maxMagnitude)) (or its inverse)",
                    at: value.reportRange, help: "use a repeat scale nearer 1 or fewer copies")
            } else {
                result.scale = scale
            }
        }
        if let value = map.value(.repeatAnchor), let anchor = anchorPoint(value, bounds: info.localBounds) { result.anchor = anchor }
        if let value = map.value(.repeatOpacity) {
            let name = Property.repeatOpacity.key, bound = Property.repeatOpacity.descriptor.bound
            if let items = value.sequence {
                if items.count == 2 {
                    if let first = number(items[0], name: name, bound: bound),
                        let last = number(items[1], name: name, bound: bound)
                    {
                        result.startOpacity = first
                        result.endOpacity = last
                    }
                } else {
                    error(.wrongType, "expected [first, last] opacities, found a list of \(items.count)", at: value.reportRange)
                }
            } else if let opacity = number(value, name: name, bound: bound) {
                result.startOpacity = opacity
                result.endOpacity = opacity
            }
        }
        readRepeatStagger(map, node: info)
        return result
    }

    /// `repeat.delay` (a time ≥ 0) and `repeat.fill: [first, last]` (two colours).
    private func readRepeatStagger(_ map: MapEntries, node info: NodeInfo) {
        var stagger = RepeatStagger()
        if let value = map.value(.repeatDelay), let delay = time(value, name: Property.repeatDelay.key, bound: Property.repeatDelay.descriptor.bound) { stagger.delay = delay }
        if let value = map.value(.repeatFill) {
            if let items = value.sequence, items.count == 2 {
                if let first = color(items[0]), let last = color(items[1]) {
                    stagger.fill = (first, last)
                    info.source.repeatFillRange = value.reportRange
                }
            } else {
                error(
                    .wrongType, "expected [first, last] colours for '\(Property.repeatFill.key)' of a repeat, found \(describeFound(value))",
                    at: value.reportRange, help: "for example fill: [\"#FF3B30\", \"#007AFF\"]")
            }
        }
        if stagger.delay > 0 || stagger.fill != nil { info.model.stagger = stagger }
    }

    // MARK: Inheritance and resolved styles

    /// Applies group styles to children (top down) and resolves every shape node's style into its
    /// base values: fill kind, gradient points in local coordinates, stroke, trim.
    func resolveStyles(_ nodes: [NodeInfo], inherited: StyleSpec) {
        for info in nodes {
            info.style = info.ownStyle.over(inherited)
            if info.shape == .group {
                resolveStyles(info.children, inherited: info.style)
            } else {
                resolveShapeStyle(info)
            }
        }
    }

    /// Replaces every node's base values with a copy of their exact size, once nothing writes
    /// them any more (after `resolveStyles`): 10 or so values instead of room for 16.
    func compactBaseValues(_ nodes: [NodeInfo]) {
        for info in nodes {
            info.model.base = info.model.base.compacted()
            compactBaseValues(info.children)
        }
    }

    private func resolveShapeStyle(_ info: NodeInfo) {
        let style = info.style
        info.model.fillRule = style.fillRule ?? .nonzero
        if let strokeSpec = style.stroke, !strokeSpec.none {
            info.model.stroke = StrokeStyle(
                cap: strokeSpec.cap ?? .butt, join: strokeSpec.join ?? .miter, miterLimit: strokeSpec.miterLimit ?? Property.strokeMiterLimit.defaultNumber, dash: strokeSpec.dash ?? [],
                gradient: strokeSpec.gradient.flatMap { strokeGradient($0, for: info) })
            info.base[.strokeColor] = .color(strokeSpec.color ?? Property.strokeColor.defaultColor)
            info.base[.strokeWidth] = .number(strokeSpec.width ?? Property.strokeWidth.defaultNumber)
        }
        // SwiftUI fills a shape with the foreground colour unless it is only stroked.
        let fill = style.fill ?? FillSpec(kind: info.model.stroke == nil ? .solid : .none, color: Property.fill.defaultColor, range: info.range)
        info.model.fill = fill.kind
        // A gradient written on a group is laid out in the group's coordinates (its bounds for
        // `units: bounds`) and carried into this node's coordinates, so that every child the group
        // fills shows its part of one sweep.
        var bounds = info.localBounds
        var map = GradientMap.identity
        if fill.kind == .linear || fill.kind == .radial, let owner = fill.owner, owner !== info {
            bounds = owner.localBounds
            map = gradientMap(from: owner, to: info, range: fill.range)
            info.gradientOwner = owner
            info.gradientMap = map
        }
        // `fillSpec` returns a gradient only with its points, radius and stops.
        func place(_ p: Point?) -> PropertyValue { .point(map.point(fill.unitsBounds ? bounds.point(atUnit: p!) : p!)) }
        switch fill.kind {
        case .none: break
        case .solid: info.base[.fill] = .color(fill.color!)
        case .linear:
            info.base[.fillFrom] = place(fill.from)
            info.base[.fillTo] = place(fill.to)
            info.base[.fillStops] = .stops(fill.stops!)
            info.baseRanges[.fillStops] = fill.range
        case .radial:
            info.base[.fillCenter] = place(fill.center)
            info.base[.fillRadius] = .number(map.length(fill.unitsBounds ? fill.radius! * max(bounds.width, bounds.height) : fill.radius!))
            info.base[.fillStops] = .stops(fill.stops!)
            info.baseRanges[.fillStops] = fill.range
        }
        if let trim = style.trim {
            enableTrim(info, trim)
        }
    }

    /// A stroke's gradient in `info`'s local coordinates: one written on a group is laid out in
    /// the group's coordinates (its bounds for `units: bounds`), as a group's fill gradient is.
    private func strokeGradient(_ spec: FillSpec, for info: NodeInfo) -> StrokeGradient? {
        var bounds = info.localBounds
        var map = GradientMap.identity
        if let owner = spec.owner, owner !== info {
            bounds = owner.localBounds
            map = gradientMap(from: owner, to: info, range: spec.range)
        }
        func place(_ p: Point) -> Point { map.point(spec.unitsBounds ? bounds.point(atUnit: p) : p) }
        switch spec.kind {
        case .linear:
            guard let from = spec.from, let to = spec.to, let stops = spec.stops else { return nil }
            return .linear(from: place(from), to: place(to), stops: stops)
        case .radial:
            guard let center = spec.center, let radius = spec.radius, let stops = spec.stops else { return nil }
            return .radial(center: place(center), radius: map.length(spec.unitsBounds ? radius * max(bounds.width, bounds.height) : radius), stops: stops)
        case .none, .solid:
            return nil
        }
    }

    /// Makes a node trimmed, with defaults 0…1 and no offset for what `trim` does not say.
    func enableTrim(_ info: NodeInfo, _ trim: TrimSpec = TrimSpec()) {
        if !info.model.trimmed {
            info.model.trimmed = true
            info.base[.trimStart] = .number(trim.start ?? Property.trimStart.defaultNumber)
            info.base[.trimEnd] = .number(trim.end ?? Property.trimEnd.defaultNumber)
            info.base[.trimOffset] = .number(trim.offset ?? Property.trimOffset.defaultNumber)
        }
    }
}

/// Node ids in the scene: where each was first defined, and which failed to decode.
struct NodeRegistry {
    var firstDefinition: [String: SourceRange] = [:]
    var order: [String] = []
    var broken: Set<String> = []
    var nodes: [String: NodeInfo] = [:]

    mutating func register(_ id: String, range: SourceRange, context: FrontendContext) {
        if let first = firstDefinition[id] {
            context.error(
                .duplicateID, "the node id '\(id)' is already used", at: range, notes: [Note("first defined here", at: first)],
                help: "every node needs its own id")
            return
        }
        firstDefinition[id] = range
        order.append(id)
    }

    mutating func markBroken(_ id: String) { broken.insert(id) }

    /// True for ids that exist, even if their node had errors.
    func isKnown(_ id: String) -> Bool { firstDefinition[id] != nil }
}

