import ChoreoTimeline
import Foundation

/// The lowered property tracks, and on demand the tracks a staggered repeat's copy sees (every
/// span's motion that many seconds later), each shift computed once.
final class LoweredTracks {
    let base: [PropertyKey: Animated<PropertyValue>]
    private let shiftedTracks: (Double) -> [PropertyKey: Animated<PropertyValue>]
    private var cache: [Double: [PropertyKey: Animated<PropertyValue>]] = [:]

    init(base: [PropertyKey: Animated<PropertyValue>], shifted: @escaping (Double) -> [PropertyKey: Animated<PropertyValue>]) {
        self.base = base
        self.shiftedTracks = shifted
    }

    /// Every track, those under a staggered repeat `shift` seconds later.
    func shifted(by shift: Double) -> [PropertyKey: Animated<PropertyValue>] {
        guard shift > 0 else { return base }
        if let tracks = cache[shift] { return tracks }
        let tracks = base.merging(shiftedTracks(shift)) { $1 }
        cache[shift] = tracks
        return tracks
    }
}

/// Builds the IR's scene graph from the scene's nodes and the lowered property tracks.
struct NodeBuilder {
    let tracks: [PropertyKey: Animated<PropertyValue>]
    /// Where a staggered repeat's copies get their tracks; nil builds every copy alike.
    var lowered: LoweredTracks? = nil
    /// How much later than the scene's timing this subtree moves (a staggered copy's delay).
    var shift = 0.0
    /// The solid fill every shape of this subtree has (a copy of a repeat with `fill`).
    var fillOverride: RGBA? = nil

    func node(_ node: SceneNode) -> Node {
        if let stagger = node.stagger, let repetition = node.repeat {
            return staggeredCopies(of: node, repetition, stagger)
        }
        // A node without a position of its own sits at its anchor.
        let placed = node.base[.position] != nil || tracks[PropertyKey(node: node.id, property: .position)] != nil
        let transform = Transform(
            anchor: point(node, .anchor), position: point(node, placed ? .position : .anchor), rotation: number(node, .rotation),
            scale: point(node, .scale), offset: point(node, .offset), opacity: number(node, .opacity))
        let content: Node.Content
        switch node.shape {
        case let .group(children):
            content = .group(children.map { self.node($0) })
        default:
            content = .shape(geometry(node, shape: node.shape), style(node))
        }
        return Node(id: node.id, transform: transform, content: content, repeat: node.repeat, clip: clip(node))
    }

    /// The node's clip: its geometry and transform tracks are the node's `clip.*` properties.
    private func clip(_ node: SceneNode) -> ClipShape? {
        guard let shape = node.clip else { return nil }
        let transform = Transform(
            anchor: point(node, .clipAnchor), position: point(node, .clipPosition), rotation: number(node, .clipRotation),
            scale: point(node, .clipScale))
        return ClipShape(geometry: geometry(node, shape: shape, onClip: true), transform: transform)
    }

    /// A repeat whose copies differ in time or colour, written out copy by copy (contract §10): a
    /// group `ID` of groups `ID copy i`, each the node with its own transform and its tracks
    /// `i × delay` later (and the node's clip), around a group `ID copy i placement` that holds copy
    /// i's repeat step (and its opacity) and the node's content.
    private func staggeredCopies(of node: SceneNode, _ repetition: Repeat, _ stagger: RepeatStagger) -> Node {
        var plain = node
        plain.repeat = nil
        plain.stagger = nil
        let copies = (0..<repetition.count).map { index -> Node in
            var builder = self
            builder.shift = shift + Double(index) * stagger.delay
            if let lowered { builder = NodeBuilder(tracks: lowered.shifted(by: builder.shift), lowered: lowered, shift: builder.shift) }
            builder.fillOverride = stagger.fill(ofCopy: index, count: repetition.count) ?? fillOverride
            let built = builder.node(plain)
            let name = "\(node.id) copy \(index)"
            let placed = placementNodes(
                repetition.matrix(ofCopy: index), opacity: repetition.opacity(ofCopy: index), name: name + " placement",
                content: built.content)
            // The clip is in the node's coordinates (outside the copy's placement), so it cuts
            // each copy as it cuts all of them on a plain repeat, and moves with the copy's transform.
            return Node(id: name, transform: built.transform, content: .group([placed]), clip: built.clip)
        }
        return Node(id: node.id, transform: Transform(), content: .group(copies))
    }

    /// Every property of the IR comes through here: bounded ones leave clamped to their range.
    /// A property the node does not have takes the table's default; the front end gives every
    /// node the properties without one (anchor, position), so a missing one of those, like a
    /// value of the wrong kind, is a broken invariant.
    private func generic(_ node: SceneNode, _ property: Property) -> Animated<PropertyValue> {
        guard let track = tracks[PropertyKey(node: node.id, property: property)] ?? node.base[property].map({ Animated($0) })
            ?? property.defaultValue.map({ Animated($0) })
        else { preconditionFailure("node '\(node.id)' has no \(property) and the property has no default") }
        guard let range = property.descriptor.drawableRange else { return track }
        return clampedWithinRange(track, range) ?? track.clamped(to: range)
    }

    // Not `Animated.map`: the generic one, called across modules, looks up type metadata for every
    // segment (6% of lowering a large scene); this one is in the module, so it is specialised for
    // each value type. The slot is dropped, as `map` drops it.
    private func typed<Value>(
        _ node: SceneNode, _ property: Property, _ kind: String, _ convert: (PropertyValue) -> Value?
    ) -> Animated<Value> {
        func value(_ value: PropertyValue) -> Value {
            guard let typed = convert(value) else { preconditionFailure("\(property) holds \(value), not \(kind)") }
            return typed
        }
        let track = generic(node, property)
        return Animated(value(track.initial), segments: track.segments.map { segment in
            Segment(start: segment.start, end: segment.end, from: value(segment.from), to: value(segment.to), easing: segment.easing)
        })
    }

    private func number(_ node: SceneNode, _ property: Property) -> Animated<Double> { typed(node, property, "a number", \.asDouble) }
    private func point(_ node: SceneNode, _ property: Property) -> Animated<Point> { typed(node, property, "a point", \.asPoint) }
    private func color(_ node: SceneNode, _ property: Property) -> Animated<RGBA> { typed(node, property, "a colour", \.asColor) }

    private func stops(_ node: SceneNode) -> Animated<GradientStops> {
        generic(node, .fillStops).map { value in
            guard let stops = value.asStops else { preconditionFailure("fill stops hold \(value), not stops") }
            return stops
        }
    }

    private func path(_ node: SceneNode, _ property: Property) -> Animated<PathShape> {
        generic(node, property).map { value in
            guard let path = value.asPath else { preconditionFailure("path data holds \(value), not a path") }
            return path
        }
    }

    /// The geometry of `shape` from the node's own properties (`size`) or its clip's (`clip.size`).
    private func geometry(_ node: SceneNode, shape: SceneShape, onClip: Bool = false) -> Geometry {
        func key(_ property: Property) -> Property { onClip ? property.onClip! : property }
        switch shape {
        case .rect:
            return .rect(size: point(node, key(.size)), cornerRadius: number(node, key(.cornerRadius)))
        case .ellipse:
            return .ellipse(size: point(node, key(.size)))
        case let .polygon(sides, star, cornerRadius):
            let radius = number(node, key(.radius))
            let inner = star ? number(node, key(.innerRadius)) : nil
            guard cornerRadius > 0 else { return .polygon(sides: sides, radius: radius, innerRadius: inner) }
            return .path(roundedPolygonTrack(sides: sides, radius: radius, innerRadius: inner, cornerRadius: cornerRadius))
        case .path:
            return .path(path(node, key(.d)))
        case .group:
            return .path(Animated(PathShape([])))
        }
    }

    private func style(_ node: SceneNode) -> Style {
        let fill: Paint?
        switch node.fill {
        case .none: fill = nil
        case .solid: fill = .color(fillOverride.map { Animated($0) } ?? color(node, .fill))
        case .linear:
            fill = .linearGradient(
                from: point(node, .fillFrom), to: point(node, .fillTo), stops: stops(node))
        case .radial:
            fill = .radialGradient(
                center: point(node, .fillCenter), radius: number(node, .fillRadius),
                stops: stops(node))
        }
        let stroke = node.stroke.map { style in
            Stroke(
                paint: .color(color(node, .strokeColor)), width: number(node, .strokeWidth),
                cap: style.cap, join: style.join, miterLimit: style.miterLimit, dash: style.dash)
        }
        let trim = node.trimmed
            ? Trim(
                start: number(node, .trimStart), end: number(node, .trimEnd), offset: number(node, .trimOffset))
            : nil
        return Style(fill: fill, fillRule: node.fillRule, stroke: stroke, trim: trim)
    }
}

/// A polygon or star with rounded corners as a path track. The outline is affine in the radii
/// (for a fixed corner radius), so mapping the radius track keyframe by keyframe is exact when
/// one radius animates; when both do, the inner radius is sampled at the outer one's keyframes.
func roundedPolygonTrack(
    sides: Int, radius: Animated<Double>, innerRadius: Animated<Double>?, cornerRadius: Double
) -> Animated<PathShape> {
    if let innerRadius, innerRadius.isAnimated, !radius.isAnimated {
        let outer = radius.initial
        return innerRadius.map { roundedPolygonOutline(sides: sides, radius: outer, innerRadius: $0, cornerRadius: cornerRadius) }
    }
    return Animated(
        roundedPolygonOutline(
            sides: sides, radius: radius.initial, innerRadius: innerRadius?.value(at: -.infinity), cornerRadius: cornerRadius),
        segments: radius.segments.map { segment in
            Segment(
                start: segment.start, end: segment.end,
                from: roundedPolygonOutline(
                    sides: sides, radius: segment.from, innerRadius: innerRadius?.value(at: segment.start),
                    cornerRadius: cornerRadius),
                to: roundedPolygonOutline(
                    sides: sides, radius: segment.to, innerRadius: innerRadius?.value(at: segment.end), cornerRadius: cornerRadius),
                easing: segment.easing)
        })
}

/// A repeat copy's placement (any affine matrix) as IR transforms: one group when the matrix is a
/// rotation and a scale along the rotated axes, else two, by the singular value decomposition
/// M = R(θ)·diag(sx, sy)·R(φ) (an outer group rotating by θ and scaling, an inner one by φ).
func placementNodes(_ matrix: ChoreoTimeline.AffineTransform, opacity: Double, name: String, content: Node.Content) -> Node {
    let a: Double = matrix.a, b: Double = matrix.b, c: Double = matrix.c, d: Double = matrix.d
    let position = Point(matrix.tx, matrix.ty)
    let columnLength: Double = (a * a + b * b).squareRoot()
    let otherLength: Double = (c * c + d * d).squareRoot()
    let dot: Double = a * c + b * d
    if columnLength > 1e-12, abs(dot) <= 1e-9 * max(1, columnLength * otherLength) {
        let theta = atan2(b, a)
        let sy: Double = -sin(theta) * c + cos(theta) * d
        return Node(
            id: name,
            transform: Transform(
                position: Animated(position), rotation: Animated(theta * 180 / .pi), scale: Animated(Point(columnLength, sy)),
                opacity: Animated(opacity)),
            content: content)
    }
    let e: Double = (a + d) / 2, f: Double = (a - d) / 2, g: Double = (b + c) / 2, h: Double = (b - c) / 2
    let q: Double = (e * e + h * h).squareRoot(), r: Double = (f * f + g * g).squareRoot()
    let a1 = atan2(g, f), a2 = atan2(h, e)
    let theta = (a2 + a1) / 2, phi = (a2 - a1) / 2
    let inner = Node(id: name + " turn", transform: Transform(rotation: Animated(phi * 180 / .pi)), content: content)
    return Node(
        id: name,
        transform: Transform(
            position: Animated(position), rotation: Animated(theta * 180 / .pi), scale: Animated(Point(q + r, q - r)),
            opacity: Animated(opacity)),
        content: .group([inner]))
}

/// `track.clamped(to: range)` for the common case of numbers and colours that stay inside `range`
/// at every instant: the same track, with consecutive holds of one value merged as `clamped`
/// merges them, without the arrays of components `clamped` makes for every value (8% of lowering
/// a large scene). Nil when a value is of another kind or some motion leaves the range; then
/// `clamped` splits it.
func clampedWithinRange(_ track: Animated<PropertyValue>, _ range: ClosedRange<Double>) -> Animated<PropertyValue>? {
    guard staysWithin(range, track.initial, track.initial, progress: nil) else { return nil }
    var parts: [Segment<PropertyValue>] = []
    parts.reserveCapacity(track.segments.count)
    for segment in track.segments {
        // As `Segment.clampedParts`: a held or instant segment only needs its ends inside; a
        // motion, every progress its easing reaches.
        let isMotion = segment.end - segment.start > 0 && segment.easing != .hold
        guard staysWithin(range, segment.from, segment.to, progress: isMotion ? segment.easing.progressRange : nil) else {
            return nil
        }
        if let last = parts.last, last.from == last.to, segment.from == segment.to, last.to == segment.from,
            last.end == segment.start
        {
            parts[parts.count - 1].end = segment.end
        } else {
            parts.append(segment)
        }
    }
    return Animated(track.initial, segments: parts, slot: track.slot)
}

/// Whether every component of the motion from `a` to `b` stays in `range` at the lowest and
/// highest `progress` its easing reaches (and so at every one between), computed as
/// `clampedParts` computes it; with no progress, whether `a` and `b` themselves are inside. False
/// for values other than numbers and colours, and for a pair of different kinds.
private func staysWithin(
    _ range: ClosedRange<Double>, _ a: PropertyValue, _ b: PropertyValue, progress: (lowest: Double, highest: Double)?
) -> Bool {
    func within(_ x: Double, _ y: Double) -> Bool {
        guard let progress else { return range.contains(x) && range.contains(y) }
        return range.contains(x + (y - x) * progress.lowest) && range.contains(x + (y - x) * progress.highest)
    }
    switch (a, b) {
    case let (.number(x), .number(y)):
        return within(x, y)
    case let (.color(x), .color(y)):
        return within(x.r, y.r) && within(x.g, y.g) && within(x.b, y.b) && within(x.a, y.a)
    default:
        return false
    }
}
