import ChoreoSceneModel
import ChoreoSceneSyntax
import ChoreoTimeline
import Foundation

/// The geometry a fill or stroke draws: the shapes before it in its group, and those of the
/// groups before it (under their transforms), as After Effects hands paths down its contents.
indirect enum Geometry {
    case shape(ShapeItem)
    case group(transform: LottieItem?, name: String?, children: [Geometry])

    var shapes: [ShapeItem] {
        switch self {
        case let .shape(shape): return [shape]
        case let .group(_, _, children): return children.flatMap(\.shapes)
        }
    }

    func modified(_ change: (inout ShapeItem) -> Void) -> Geometry {
        switch self {
        case var .shape(shape):
            change(&shape)
            return .shape(shape)
        case let .group(transform, name, children): return .group(transform: transform, name: name, children: children.map { $0.modified(change) })
        }
    }
}

/// A rectangle, ellipse, polystar or path of a shape layer, with the trim and rounded corners
/// that apply to it.
struct ShapeItem {
    var item: LottieItem
    var kind: String
    var trim: LottieItem?
    var roundness: LottieItem?
}

/// What a group's contents draw, in the document's order (the top first): a style draws the
/// first `count` geometries of its group as the modifiers after it leave them (a trim below a
/// stroke still trims what it strokes, as the players draw it).
private enum Drawn {
    case styled(count: Int, styles: [LottieItem])
    case node(SceneValue)
}

extension DocumentImport {
    /// A shape layer's contents (or a group's `it`), bottom first, as nodes.
    mutating func shapeNodes(_ items: [LottieItem], time: TimeMap) -> [SceneValue] {
        contents(items, time: time, depth: 0, modifiers: []).nodes
    }

    /// `modifiers` are the trims and rounded corners of the groups around these contents that
    /// come after them: a modifier changes every path before it in its group and in the groups
    /// that group holds, whatever draws them.
    private mutating func contents(_ items: [LottieItem], time: TimeMap, depth: Int, modifiers outer: [LottieItem]) -> (nodes: [SceneValue], geometry: [Geometry], transform: LottieItem?) {
        var geometry: [Geometry] = []
        var drawn: [Drawn] = []
        var transform: LottieItem?
        guard depth < 64 else {
            if let first = items.first { warnings.add(first, "shape groups nested more than 64 deep; these are left out", kind: .malformed) }
            return ([], [], nil)
        }
        let visible = items.filter { $0.json.isObject && $0.json["hd"]?.isTrue != true }
        // The modifiers after each item, nearest first, then those of the groups around.
        var after: [[LottieItem]] = Array(repeating: outer, count: visible.count + 1)
        for index in stride(from: visible.count - 1, through: 0, by: -1) {
            let kind = visible[index].string("ty")
            let modifies = kind == "rd" || (kind == "tm" && !isIdentityTrim(visible[index]))
            after[index] = modifies ? [visible[index]] + after[index + 1] : after[index + 1]
        }
        for (index, item) in visible.enumerated() {
            let kind = item.string("ty") ?? ""
            let applying = after[index + 1]
            switch kind {
            case "rc", "el", "sr", "sh":
                let trims = applying.filter { $0.string("ty") == "tm" }
                if trims.count > 1 { warnings.add(trims[1], "a second trim on the same paths; only the first is kept", kind: .shapeModifier) }
                geometry.append(.shape(ShapeItem(item: item, kind: kind, trim: trims.first, roundness: applying.first { $0.string("ty") == "rd" })))
            case "gr":
                let inner = contents(item.list("it"), time: time, depth: depth + 1, modifiers: applying)
                if let node = groupNode(item, inner.nodes, transform: inner.transform, time: time) { drawn.append(.node(node)) }
                if !inner.geometry.isEmpty { geometry.append(.group(transform: inner.transform, name: item.string("nm"), children: inner.geometry)) }
            case "fl", "gf", "st", "gs":
                guard !geometry.isEmpty else { continue }
                // A fill just below a stroke of the same shapes is one node (a scene strokes over its fill).
                if kind == "fl" || kind == "gf", case let .styled(count, styles)? = drawn.last, count == geometry.count,
                   styles.count == 1, let top = styles[0].string("ty"), top == "st" || top == "gs"
                {
                    drawn[drawn.count - 1] = .styled(count: count, styles: styles + [item])
                } else {
                    drawn.append(.styled(count: geometry.count, styles: [item]))
                }
            case "tm":
                if geometry.flatMap(\.shapes).count > 1, (item.number("m") ?? 1) == 2 {
                    warnings.add(item, "trimming several paths one after another (\"individually\"); each path is trimmed on its own", kind: .approximation)
                }
            case "rd":
                break
            case "tr":
                transform = item
            case "rp":
                warnings.add(item, "a repeater, which this importer does not map yet; one copy is drawn", kind: .shapeModifier)
            case "mm":
                warnings.add(item, "merge paths, which a scene cannot hold (and most players ignore); it is left out", kind: .mergePaths)
            case "op", "zz", "pb", "tw":
                let names = ["op": "an offset path", "zz": "a zig-zag", "pb": "pucker and bloat", "tw": "a twist"]
                warnings.add(item, "\(names[kind]!), which a scene cannot hold; it is left out", kind: .shapeModifier)
            default:
                warnings.add(item, "a shape item of type '\(kind)', which a scene cannot hold; it is left out", kind: .shapeModifier)
            }
        }
        var nodes: [SceneValue] = []
        for entry in drawn.reversed() {
            switch entry {
            case let .node(node): nodes.append(node)
            case let .styled(count, styles):
                if let node = styledNode(Array(geometry.prefix(count)), styles: styles, time: time) { nodes.append(node) }
            }
        }
        return (nodes, geometry, transform)
    }

    /// A still trim from 0 % to 100 %, which leaves its paths whole.
    private func isIdentityTrim(_ trim: LottieItem) -> Bool {
        func still(_ key: String, _ value: Double) -> Bool {
            guard let track = tracks.track(trim[key], TrackReader.scalar) else { return true }
            return !track.isAnimated && abs(track.first[0] - value) < 1e-9
        }
        return still("s", 0) && still("e", 100) && still("o", 0)
    }

    private mutating func groupNode(_ item: LottieItem, _ children: [SceneValue], transform: LottieItem?, time: TimeMap) -> SceneValue? {
        guard !children.isEmpty else { return nil }
        var node = NodeDraft(id: ids.unique(item.string("nm"), fallback: "group"), shape: .group)
        nodeCount += 1
        self.transform(transform, on: &node, time: time, opacity: true)
        node.set(.children, .list(children, .block))
        return node.value
    }

    /// The node that draws `geometry` with `styles` (a stroke and the fill below it, or one of them).
    private mutating func styledNode(_ geometry: [Geometry], styles: [LottieItem], time: TimeMap) -> SceneValue? {
        // A gradient is laid out in the group's coordinates: a shape placed by a position of its
        // own takes it from a group around it.
        let placedGradient = styles.contains { $0.string("ty") == "gf" } && geometry.contains { geometry in
            geometry.shapes.contains { $0.kind != "sh" && $0.item["p"] != nil }
        }
        if geometry.count == 1, case let .shape(shape) = geometry[0], !placedGradient {
            guard var node = shapeNode(shape, time: time, name: shape.item.string("nm")) else { return nil }
            applyStyles(styles, to: &node, time: time)
            return node.value
        }
        // Several shapes under one fill are one outline (holes cut by the fill rule, one alpha).
        if geometry.count > 1, let combined = combinedPath(geometry) {
            var node = NodeDraft(id: ids.unique(styles.last?.string("nm"), fallback: "shapes"), shape: .path)
            nodeCount += 1
            animate(&node, .d, combined, time: time, { .text(multiPathData($0), .doubleQuoted) }, always: true)
            applyStyles(styles, to: &node, time: time)
            return node.value
        }
        var group = NodeDraft(id: ids.unique(styles.last?.string("nm"), fallback: "shapes"), shape: .group)
        nodeCount += 1
        // A group's gradient is laid out once for all its shapes, which a scene allows only
        // while no shape moves under it: then each shape takes it in its own coordinates.
        let gradient = styles.contains { $0.string("ty") == "gf" }
        if gradient, geometry.contains(where: movesUnder) {
            warnings.add(styles.first { $0.string("ty") == "gf" }!, "a gradient over shapes that move within its group; each shape is filled with it in its own coordinates", kind: .approximation)
            let children = geometry.compactMap { projection($0, time: time, styles: styles) }
            guard !children.isEmpty else { return nil }
            group.set(.children, .list(children.reversed(), .block))
            return group.value
        }
        applyStyles(styles, to: &group, time: time)
        let children = geometry.compactMap { projection($0, time: time) }
        guard !children.isEmpty else { return nil }
        group.set(.children, .list(children.reversed(), .block))
        return group.value
    }

    /// The shapes of one group as one path track of several contours (`multiPathData`): when none
    /// is trimmed, each is a path or a still shape, and those that move share their keyframe times.
    private func combinedPath(_ geometry: [Geometry]) -> LottieTrack? {
        var parts: [LottieTrack] = []
        for entry in geometry {
            guard case let .shape(shape) = entry, shape.trim == nil else { return nil }
            if shape.kind == "sh" {
                guard let track = tracks.track(shape.item["ks"], TrackReader.path) else { return nil }
                parts.append(track.map { [Double(($0.count - 1) / 6)] + [$0[$0.count - 1]] + $0.dropLast() })
            } else {
                guard let contour = stillOutline(shape) else { return nil }
                parts.append(.fixed([Double((contour.count - 1) / 6)] + [contour[contour.count - 1]] + contour.dropLast()))
            }
        }
        let moving = parts.filter(\.isAnimated)
        guard let first = moving.first else { return .fixed(parts.flatMap(\.first)) }
        let frames = first.keys.map(\.frame)
        guard moving.allSatisfy({ $0.keys.map(\.frame) == frames }) else { return nil }
        return .keyed(first.keys.indices.map { index in
            var key = first.keys[index]
            key.value = parts.flatMap { part in part.isAnimated ? part.keys[index].value : part.first }
            key.timing = [key.timing(0)]
            return key
        })
    }

    /// A still rectangle, ellipse or polystar as Lottie's players outline it (`TrackReader.path`'s
    /// numbers): where they start and which way they run matter to a fill rule.
    private func stillOutline(_ shape: ShapeItem) -> [Double]? {
        let item = shape.item
        func still(_ key: String, _ convert: (LottieJSON) -> [Double]?) -> [Double]? {
            guard let track = tracks.track(item[key], convert) else { return nil }
            return track.isAnimated ? nil : track.first
        }
        let reversed = (item.number("d") ?? 1) == 3
        let position = still("p", TrackReader.vector) ?? [0, 0]
        var vertices: [(x: Double, y: Double, ix: Double, iy: Double, ox: Double, oy: Double)] = []
        switch shape.kind {
        case "rc":
            guard let size = still("s", TrackReader.vector), shape.roundness == nil else { return nil }
            let radius = min(size[0] / 2, size[1] / 2, max(0, still("r", TrackReader.scalar)?[0] ?? 0))
            guard radius == 0 else { return nil }
            let (x, y, w, h) = (position[0], position[1], size[0] / 2, size[1] / 2)
            let corners = [(x + w, y - h), (x + w, y + h), (x - w, y + h), (x - w, y - h)]
            vertices = corners.map { ($0.0, $0.1, 0, 0, 0, 0) }
        case "el":
            guard let size = still("s", TrackReader.vector) else { return nil }
            let (x, y, w, h) = (position[0], position[1], size[0] / 2, size[1] / 2)
            let k = 0.5519150244935105
            vertices = [
                (x, y - h, -w * k, 0, w * k, 0), (x + w, y, 0, -h * k, 0, h * k),
                (x, y + h, w * k, 0, -w * k, 0), (x - w, y, 0, h * k, 0, -h * k),
            ]
        case "sr":
            guard let points = still("pt", TrackReader.scalar), let outer = still("or", TrackReader.scalar) else { return nil }
            let count = Int(points[0].rounded())
            guard count >= 3, count <= 100 else { return nil }
            let star = (item.number("sy") ?? 1) == 1
            let inner = star ? (still("ir", TrackReader.scalar)?[0] ?? 0) : 0
            let rotation = (still("r", TrackReader.scalar)?[0] ?? 0) * .pi / 180
            let steps = star ? count * 2 : count
            for index in 0..<steps {
                let angle = -Double.pi / 2 + rotation + Double(index) * 2 * .pi / Double(steps)
                let radius = star && index % 2 == 1 ? inner : outer[0]
                vertices.append((position[0] + radius * cos(angle), position[1] + radius * sin(angle), 0, 0, 0, 0))
            }
        default:
            return nil
        }
        if reversed {
            // The same start, the other way round: tangents swap ends.
            vertices = [vertices[0]] + vertices.dropFirst().reversed()
            vertices = vertices.map { ($0.x, $0.y, $0.ox, $0.oy, $0.ix, $0.iy) }
        }
        return vertices.flatMap { [$0.x, $0.y, $0.ix, $0.iy, $0.ox, $0.oy] } + [1]
    }

    /// The geometry's shapes as nodes without a style of their own (they take their group's),
    /// under the transforms of the groups that hold them.
    private mutating func projection(_ geometry: Geometry, time: TimeMap, styles: [LottieItem]? = nil) -> SceneValue? {
        switch geometry {
        case let .shape(shape):
            guard var node = shapeNode(shape, time: time, name: shape.item.string("nm")) else { return nil }
            if let styles { applyStyles(styles, to: &node, time: time) }
            return node.value
        case let .group(transform, name, children):
            let nodes = children.compactMap { projection($0, time: time, styles: styles) }
            guard !nodes.isEmpty else { return nil }
            var group = NodeDraft(id: ids.unique(name, fallback: "group"), shape: .group)
            nodeCount += 1
            self.transform(transform, on: &group, time: time, opacity: false)
            group.set(.children, .list(nodes.reversed(), .block))
            return group.value
        }
    }

    /// Whether a shape of `geometry` moves within the group a style is on: an animated transform
    /// of a group between them, or of the shape's own position.
    private func movesUnder(_ geometry: Geometry) -> Bool {
        switch geometry {
        case let .shape(shape):
            let placement = shape.kind == "sr" ? ["p", "r"] : ["p"]
            return placement.contains { tracks.track(shape.item[$0], TrackReader.numbers)?.isAnimated == true }
        case let .group(transform, _, children):
            let moving = ["a", "p", "s", "r"].contains { key in
                guard let property = transform?[key] else { return false }
                if property.json["s"]?.isTrue == true { return true }
                return tracks.track(property, TrackReader.numbers)?.isAnimated == true
            }
            return moving || children.contains(where: movesUnder)
        }
    }

    // MARK: Shapes

    private mutating func shapeNode(_ shape: ShapeItem, time: TimeMap, name: String?) -> NodeDraft? {
        let item = shape.item
        var node: NodeDraft
        nodeCount += 1
        switch shape.kind {
        case "rc":
            let size = tracks.track(item["s"], TrackReader.vector) ?? .fixed([0, 0])
            if !size.isAnimated, size.first.contains(where: { $0 <= 0 }) { return nil }
            node = NodeDraft(id: ids.unique(name, fallback: "rect"), shape: .rect)
            animate(&node, .size, size.map { $0.map { max(0, $0) } }, time: time, pointValue, always: true, floor: 1e-6)
            if let position = tracks.track(item["p"], TrackReader.vector) { animate(&node, .position, position, time: time, pointValue, skip: [0, 0]) }
            var radius = tracks.track(item["r"], TrackReader.scalar)
            if radius == nil || (radius?.isAnimated == false && radius?.first == [0]), let rounded = shape.roundness {
                radius = tracks.track(rounded["r"], TrackReader.scalar)
            }
            if let radius { animate(&node, .cornerRadius, radius.map { [max(0, $0[0])] }, time: time, { .number(clean($0[0])) }, skip: [0]) }
            if shape.trim != nil, (item.number("d") ?? 1) != 3 {
                warnings.add(item, "a trimmed rectangle starts at its top-right corner in Lottie and at its top-left in a scene; the trim starts a side earlier", kind: .approximation)
            }
        case "el":
            let size = tracks.track(item["s"], TrackReader.vector) ?? .fixed([0, 0])
            if !size.isAnimated, size.first.contains(where: { $0 <= 0 }) { return nil }
            node = NodeDraft(id: ids.unique(name, fallback: "ellipse"), shape: .ellipse)
            if let position = tracks.track(item["p"], TrackReader.vector) { animate(&node, .position, position, time: time, pointValue, skip: [0, 0]) }
            if shape.trim != nil {
                // Lottie's ellipse starts at 12 o'clock, a scene's at 3: turned back a quarter, with its axes swapped.
                animate(&node, .size, size.map { [max(0, $0[1]), max(0, $0[0])] }, time: time, pointValue, always: true, floor: 1e-6)
                node.set(.rotation, .degrees(-90))
                if (item.number("d") ?? 1) == 3 { node.set(.scale, .point(Point(1, -1))) }
            } else {
                animate(&node, .size, size.map { $0.map { max(0, $0) } }, time: time, pointValue, always: true, floor: 1e-6)
            }
        case "sr":
            node = NodeDraft(id: ids.unique(name, fallback: "star"), shape: .polygon)
            let star = (item.number("sy") ?? 1) == 1
            let points = tracks.track(item["pt"], TrackReader.scalar) ?? .fixed([5])
            if points.isAnimated { warnings.add(item["pt"]!, "an animated number of points; the first is kept", kind: .approximation) }
            node.set(.sides, .number(Double(min(100, max(3, Int(points.first[0].rounded()))))))
            let outer = tracks.track(item["or"], TrackReader.scalar) ?? .fixed([0])
            if !outer.isAnimated, outer.first[0] <= 0 { return nil }
            animate(&node, .radius, outer.map { [max(0, $0[0])] }, time: time, { .number(clean($0[0])) }, always: true, floor: 1e-6)
            if star, let inner = tracks.track(item["ir"], TrackReader.scalar) {
                animate(&node, .innerRadius, inner.map { [max(0, $0[0])] }, time: time, { .number(clean($0[0])) }, always: true)
            }
            for key in ["os", "is"] {
                if let roundness = tracks.track(item[key], TrackReader.scalar), roundness.isAnimated || roundness.first != [0] {
                    warnings.add(item[key]!, "a polystar's roundness, which a scene cannot hold; its points are sharp", kind: .approximation)
                }
            }
            if let position = tracks.track(item["p"], TrackReader.vector) { animate(&node, .position, position, time: time, pointValue, skip: [0, 0]) }
            if let rotation = tracks.track(item["r"], TrackReader.scalar) {
                animate(&node, .rotation, rotation, time: time, { .degrees(clean($0[0])) }, skip: [0])
            }
            if let rounded = shape.roundness, let radius = tracks.track(rounded["r"], TrackReader.scalar), radius.first != [0] {
                node.set(.cornerRadius, .number(clean(radius.first[0])))
            }
        case "sh":
            node = NodeDraft(id: ids.unique(name, fallback: "path"), shape: .path)
            guard let path = tracks.track(item["ks"], TrackReader.path) else {
                warnings.add(item, "a path without readable vertices; it is left out", kind: .malformed)
                return nil
            }
            guard path.first.count > 1 else { return nil }
            animate(&node, .d, path, time: time, { .text(pathData($0), .doubleQuoted) }, always: true)
            if shape.roundness != nil {
                warnings.add(shape.roundness!, "rounded corners on a path, which a scene cannot hold; its corners are sharp", kind: .approximation)
            }
        default:
            return nil
        }
        if let trim = shape.trim { applyTrim(trim, to: &node, time: time) }
        return node
    }

    private mutating func applyTrim(_ trim: LottieItem, to node: inout NodeDraft, time: TimeMap) {
        var entries: [SceneEntry] = []
        let fraction: ([Double]) -> SceneValue = { .number(clean(min(1, max(0, $0[0] / 100)))) }
        var parts: [(Property, LottieTrack, ([Double]) -> SceneValue, [Double])] = []
        if let start = tracks.track(trim["s"], TrackReader.scalar) { parts.append((.trimStart, start, fraction, [0])) }
        if let end = tracks.track(trim["e"], TrackReader.scalar) { parts.append((.trimEnd, end, fraction, [100])) }
        if let offset = tracks.track(trim["o"], TrackReader.scalar) { parts.append((.trimOffset, offset, { .number(clean($0[0] / 360)) }, [0])) }
        for (property, track, convert, skip) in parts {
            var written: SceneValue?
            animate(&node, property, track, time: time, convert, skip: skip, set: { _, value in written = value })
            if let written { entries.append(SceneEntry(SceneKey(property), written)) }
        }
        if !entries.isEmpty { node.set(.trim, .map(entries, .flow)) }
    }

    // MARK: Styles

    /// Fills and strokes on `node`; a node with only a stroke gets `fill: none`.
    private mutating func applyStyles(_ styles: [LottieItem], to node: inout NodeDraft, time: TimeMap) {
        var filled = false
        for style in styles {
            switch style.string("ty") {
            case "fl":
                filled = true
                let color = tracks.track(style["c"], TrackReader.color) ?? .fixed([0, 0, 0, 1])
                let opacity = tracks.track(style["o"], TrackReader.scalar) ?? .fixed([100])
                animate(&node, .fill, withOpacity(color, opacity), time: time, colorValue, always: true)
                if style.number("r") == 2 { node.set(.fillRule, .word("evenodd")) }
            case "gf":
                filled = true
                gradient(style, on: &node, time: time)
                if style.number("r") == 2 { node.set(.fillRule, .word("evenodd")) }
            case "st", "gs":
                stroke(style, on: &node, time: time)
            default: break
            }
        }
        if !filled { node.set(.fill, .word("none")) }
    }

    /// A colour track whose alpha is the colour's times the opacity's (in percent).
    func withOpacity(_ color: LottieTrack, _ opacity: LottieTrack) -> LottieTrack {
        switch (color, opacity) {
        case let (_, .fixed(o)):
            return color.map { [$0[0], $0[1], $0[2], ($0.count > 3 ? $0[3] : 1) * o[0] / 100] }
        case let (.fixed(c), .keyed(keys)):
            return .keyed(keys.map { key in
                var key = key
                key.value = [c[0], c[1], c[2], (c.count > 3 ? c[3] : 1) * key.value[0] / 100]
                return key
            })
        case let (.keyed(colors), .keyed(opacities)):
            if colors.map(\.frame) == opacities.map(\.frame) {
                return .keyed(zip(colors, opacities).map { c, o in
                    var key = c
                    key.value = [c.value[0], c.value[1], c.value[2], (c.value.count > 3 ? c.value[3] : 1) * o.value[0] / 100]
                    key.timing = [c.timing(0), c.timing(1), c.timing(2), o.timing(0)]
                    return key
                })
            }
            let frames = Array(Set(colors.map(\.frame) + opacities.map(\.frame))).sorted()
            return .keyed(frames.map { frame in
                let c = color.value(at: frame), o = opacity.value(at: frame)
                return LottieKey(frame: frame, value: [c[0], c[1], c[2], (c.count > 3 ? c[3] : 1) * o[0] / 100])
            })
        }
    }

    private mutating func stroke(_ style: LottieItem, on node: inout NodeDraft, time: TimeMap) {
        var entries: [SceneEntry] = []
        func add(_ property: Property, _ value: SceneValue) { entries.append(SceneEntry(SceneKey(property), value)) }
        let opacity = tracks.track(style["o"], TrackReader.scalar) ?? .fixed([100])
        var color: LottieTrack = .fixed([0, 0, 0, 1])
        if style.string("ty") == "gs" {
            warnings.add(style, "a gradient stroke, which a scene cannot hold; it is drawn in its first colour", kind: .approximation)
            if let stops = tracks.track(style["g"]?["k"], TrackReader.numbers), stops.first.count >= 4 {
                color = .fixed([stops.first[1], stops.first[2], stops.first[3], 1])
            }
        } else {
            color = tracks.track(style["c"], TrackReader.color) ?? color
        }
        var written: SceneValue?
        animate(&node, .strokeColor, withOpacity(color, opacity), time: time, colorValue, always: true, set: { _, value in written = value })
        add(.strokeColor, written!)
        let width = tracks.track(style["w"], TrackReader.scalar) ?? .fixed([1])
        animate(&node, .strokeWidth, width.map { [max(0, $0[0])] }, time: time, { .number(clean($0[0])) }, always: true, set: { _, value in written = value })
        add(.strokeWidth, written!)
        let cap = ["1": "butt", "2": "round", "3": "square"][formatSceneNumber(style.number("lc") ?? 2)] ?? "round"
        let join = ["1": "miter", "2": "round", "3": "bevel"][formatSceneNumber(style.number("lj") ?? 2)] ?? "round"
        if cap != "butt" { add(.strokeCap, .word(cap)) }
        if join != "miter" { add(.strokeJoin, .word(join)) }
        if join == "miter", let limit = style.number("ml"), limit >= 1, limit != 10 { add(.strokeMiterLimit, .number(clean(limit))) }
        if let dashes = dashPattern(style) { add(.strokeDash, .list(dashes.map { .number(clean($0)) }, .flow)) }
        node.set(.stroke, .map(entries, .flow))
    }

    /// The dash list, started where the offset falls in the pattern.
    private func dashPattern(_ style: LottieItem) -> [Double]? {
        let items = style.list("d")
        guard !items.isEmpty else { return nil }
        var pattern: [Double] = []
        var offset = 0.0
        for item in items {
            guard let value = tracks.track(item["v"], TrackReader.scalar) else { continue }
            if value.isAnimated { warnings.add(item, "an animated dash, which a scene cannot hold; its first value is kept", kind: .approximation) }
            switch item.string("n") {
            case "o": offset = value.first[0]
            case "d", "g": pattern.append(max(0, value.first[0]))
            default: break
            }
        }
        if pattern.count % 2 == 1 { pattern += pattern }
        let total = pattern.reduce(0, +)
        guard total > 0 else { return nil }
        var shift = offset.truncatingRemainder(dividingBy: total)
        if shift < 0 { shift += total }
        guard shift > 1e-9 else { return pattern }
        // Rotate the pattern by the offset: the part of the dash or gap it falls in first, then the
        // rest, then what came before it, the pair completed with a zero gap or dash.
        var index = 0
        while shift >= pattern[index] {
            shift -= pattern[index]
            index = (index + 1) % pattern.count
        }
        var rotated = [pattern[index] - shift]
        var isDash = index % 2 == 0
        if !isDash { rotated.insert(0, at: 0) }
        for step in 1..<pattern.count { rotated.append(pattern[(index + step) % pattern.count]) }
        rotated.append(shift)
        isDash = rotated.count % 2 == 0
        if !isDash { rotated.append(0) }
        return rotated
    }

    /// A gradient fill: its points and stops (colour and opacity stops merged at the offsets of both).
    private mutating func gradient(_ style: LottieItem, on node: inout NodeDraft, time: TimeMap) {
        let count = Int(style["g"]?.number("p") ?? 0)
        guard count >= 1, let stops = tracks.track(style["g"]?["k"], TrackReader.numbers), stops.first.count >= 4 * count else {
            warnings.add(style, "a gradient without readable stops; it is drawn black", kind: .malformed)
            node.set(.fill, .color(RGBA(0, 0, 0)))
            return
        }
        let opacity = tracks.track(style["o"], TrackReader.scalar) ?? .fixed([100])
        if opacity.isAnimated { warnings.add(style["o"]!, "an animated gradient opacity; its first value is kept", kind: .approximation) }
        let alpha = opacity.first[0] / 100
        let offsets = mergedOffsets(stops.first, count: count)
        let convertStops: ([Double]) -> SceneValue = { values in
            .list(offsets.map { offset in
                let color = gradientColor(values, count: count, at: offset)
                return .list([.number(clean(offset)), .color(RGBA(color[0], color[1], color[2], color[3] * alpha))], .flow)
            }, .flow)
        }
        let start = tracks.track(style["s"], TrackReader.vector) ?? .fixed([0, 0])
        let end = tracks.track(style["e"], TrackReader.vector) ?? .fixed([0, 0])
        var entries: [SceneEntry] = []
        var written: SceneValue?
        let radial = style.number("t") == 2
        if radial {
            if let highlight = tracks.track(style["h"], TrackReader.scalar), highlight.isAnimated || highlight.first != [0] {
                warnings.add(style["h"]!, "a radial gradient's highlight (focal point), which a scene cannot hold; it is drawn centred", kind: .approximation)
            }
            animate(&node, .fillCenter, start, time: time, pointValue, always: true, set: { _, value in written = value })
            let center = written!
            let radius = radiusTrack(start, end)
            animate(&node, .fillRadius, radius, time: time, { .number(clean($0[0])) }, always: true, set: { _, value in written = value })
            entries.append(SceneEntry(SceneKey(.fillRadial), .map([SceneEntry(SceneKey(.fillCenter), center), SceneEntry(SceneKey(.fillRadius), written!)], .flow)))
        } else {
            animate(&node, .fillFrom, start, time: time, pointValue, always: true, set: { _, value in written = value })
            let from = written!
            animate(&node, .fillTo, end, time: time, pointValue, always: true, set: { _, value in written = value })
            entries.append(SceneEntry(SceneKey(.fillLinear), .map([SceneEntry(SceneKey(.fillFrom), from), SceneEntry(SceneKey(.fillTo), written!)], .flow)))
        }
        animate(&node, .fillStops, stops, time: time, convertStops, always: true, set: { _, value in written = value })
        entries.append(SceneEntry(SceneKey(.fillStops), written!))
        node.set(.fill, .map(entries, .block))
    }

    private func radiusTrack(_ start: LottieTrack, _ end: LottieTrack) -> LottieTrack {
        func distance(_ a: [Double], _ b: [Double]) -> [Double] { [max(0.001, hypot(b[0] - a[0], b[1] - a[1]))] }
        switch (start, end) {
        case let (.fixed(a), .fixed(b)): return .fixed(distance(a, b))
        case let (.fixed(a), .keyed): return end.map { distance(a, $0) }
        case let (.keyed, .fixed(b)): return start.map { distance($0, b) }
        case let (.keyed(xs), .keyed(ys)):
            let frames = Array(Set(xs.map(\.frame) + ys.map(\.frame))).sorted()
            return .keyed(frames.map { LottieKey(frame: $0, value: distance(start.value(at: $0), end.value(at: $0))) })
        }
    }
}

/// The offsets of a gradient's colour stops and of its opacity stops, together and in order.
func mergedOffsets(_ values: [Double], count: Int) -> [Double] {
    var offsets = (0..<count).map { values[$0 * 4] }
    let alphaStart = count * 4
    if values.count >= alphaStart + 2 {
        for index in stride(from: alphaStart, to: values.count - 1, by: 2) where !offsets.contains(where: { abs($0 - values[index]) < 1e-6 }) {
            offsets.append(values[index])
        }
    }
    return offsets.map { min(1, max(0, $0)) }.sorted()
}

/// The colour (with its opacity) a gradient's numbers give at `offset`.
func gradientColor(_ values: [Double], count: Int, at offset: Double) -> [Double] {
    func interpolate(_ stops: [(Double, [Double])]) -> [Double] {
        guard let first = stops.first else { return [1] }
        if offset <= first.0 { return first.1 }
        for index in 1..<max(1, stops.count) where offset <= stops[index].0 {
            let a = stops[index - 1], b = stops[index]
            let t = b.0 > a.0 ? (offset - a.0) / (b.0 - a.0) : 1
            return zip(a.1, b.1).map { $0 + ($1 - $0) * t }
        }
        return stops[stops.count - 1].1
    }
    var colors: [(Double, [Double])] = []
    for index in 0..<count {
        let base = index * 4
        colors.append((values[base], [values[base + 1], values[base + 2], values[base + 3]]))
    }
    var alphas: [(Double, [Double])] = []
    let alphaStart = count * 4
    if values.count >= alphaStart + 2 {
        for index in stride(from: alphaStart, to: values.count - 1, by: 2) { alphas.append((values[index], [values[index + 1]])) }
    }
    let color = interpolate(colors)
    let alpha = alphas.isEmpty ? 1 : interpolate(alphas)[0]
    return [color[0], color[1], color[2], min(1, max(0, alpha))]
}
