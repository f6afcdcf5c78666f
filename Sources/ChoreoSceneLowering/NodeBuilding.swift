import ChoreoSceneModel
import ChoreoTimeline
import Foundation

/// The lowered tracks of one node's animated properties: a handful (a transition moves two or
/// three), so a linear search finds one faster than hashing a `PropertyKey` (two strings) would.
package struct NodeTracks {
    private(set) var entries: [(property: Property, track: Animated<PropertyValue>)] = []

    subscript(property: Property) -> Animated<PropertyValue>? {
        get {
            // By index: iterating the entries would copy (retain and release) every track passed.
            for index in entries.indices where entries[index].property == property { return entries[index].track }
            return nil
        }
        set {
            if let index = entries.firstIndex(where: { $0.property == property }) {
                if let newValue { entries[index].track = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((property, newValue))
            }
        }
    }
}

/// The lowered property tracks by node id, and on demand the tracks a staggered repeat's copy
/// sees (every span's motion that many seconds later), each shift computed once.
///
/// When no repeat is written out copy by copy (`consumable`), `NodeBuilder` reads each node's
/// tracks exactly once, so they are handed over and dropped here: the generic tracks are freed
/// while the IR's typed ones are built, instead of both being held until lowering ends.
package final class LoweredTracks {
    private var base: [String: NodeTracks]
    private let consumable: Bool
    private let shiftedTracks: (Double) -> [String: NodeTracks]
    private var cache: [Double: [String: NodeTracks]] = [:]

    package init(base: [String: NodeTracks], consumable: Bool, shifted: @escaping (Double) -> [String: NodeTracks]) {
        self.base = base
        self.consumable = consumable
        self.shiftedTracks = shifted
    }

    /// Hands over the tracks of the next nodes to be built (a lowering layer by layer), dropping
    /// whatever the last ones did not read.
    func replaceBase(with tracks: [String: NodeTracks]) {
        base = tracks
    }

    /// The tracks of node `id`, those under a staggered repeat `shift` seconds later.
    func tracks(of id: String, shift: Double) -> NodeTracks {
        guard shift > 0 else { return (consumable ? base.removeValue(forKey: id) : base[id]) ?? NodeTracks() }
        if cache[shift] == nil {
            // The shifted tracks replace the base ones property by property.
            var merged: [String: NodeTracks] = [:]
            for (node, shifted) in shiftedTracks(shift) {
                var own = base[node] ?? NodeTracks()
                for entry in shifted.entries { own[entry.property] = entry.track }
                merged[node] = own
            }
            cache[shift] = merged
        }
        return cache[shift]?[id] ?? base[id] ?? NodeTracks()
    }
}

/// `a == b`, compared in this module: `Animated`'s synthesised `==` is generic code of another
/// module, which looks up type metadata for every segment it compares (4% of lint of a large scene
/// when every node's tracks were compared with the previous node's). Tracks that share storage
/// are equal at once, as `Array`'s `==` has it.
package func sameTrack(_ a: Animated<PropertyValue>, _ b: Animated<PropertyValue>) -> Bool {
    guard a.initial == b.initial, a.slot == b.slot, a.segments.count == b.segments.count else { return false }
    return a.segments.withUnsafeBufferPointer { x in
        b.segments.withUnsafeBufferPointer { y in
            if x.baseAddress == y.baseAddress { return true }
            for (s, t) in zip(x, y) where s.start != t.start || s.end != t.end || s.from != t.from || s.to != t.to || s.easing != t.easing || s.spatial != t.spatial {
                return false
            }
            return true
        }
    }
}

/// The last typed track made for each property, with the generic track it was made from: nodes
/// that move alike get equal generic tracks (`buildTracks` makes them share storage), and then
/// share the clamped, typed one too instead of each clamping and converting its own copy.
/// One array per value type, indexed by the property's raw value (not reached through key paths:
/// a key path read per property was 2% of lint).
package final class TypedTrackReuse {
    struct Entry<Value: Interpolatable> {
        var source: Animated<PropertyValue>
        var typed: Animated<Value>
    }
    var numbers: [Entry<Double>?] = Array(repeating: nil, count: Property.allCases.count)
    var points: [Entry<Point>?] = Array(repeating: nil, count: Property.allCases.count)
    var colors: [Entry<RGBA>?] = Array(repeating: nil, count: Property.allCases.count)
}

/// Builds the IR's scene graph from the scene's nodes and the lowered property tracks.
struct NodeBuilder {
    let lowered: LoweredTracks
    var reuse = TypedTrackReuse()
    /// How much later than the scene's timing this subtree moves (a staggered copy's delay).
    var shift = 0.0
    /// The solid fill every shape of this subtree has (a copy of a repeat with `fill`).
    var fillOverride: RGBA? = nil
    /// The clock of every span of the global timeline, for the nodes' `visible:` windows.
    var spanClocks: [SpanClock] = []

    func node(_ node: SceneNode) -> Node {
        if let stagger = node.stagger, let repetition = node.repeat {
            return staggeredCopies(of: node, repetition, stagger)
        }
        let own = NodeProperties(node: node, tracks: lowered.tracks(of: node.id, shift: shift), reuse: reuse)
        let traits = node.traits
        var transform = self.transform(own)
        transform.autoOrient = traits.orients
        if traits.orients, let path = traits.motionPath, !transform.position.isAnimated {
            // A node standing on its path faces along it there: a rotation, in every output.
            let progress = own.number(.motionPathAt).initial
            if let direction = path.direction(atFraction: progress) {
                let angle = atan2(direction.y, direction.x) * 180 / .pi
                transform.rotation = transform.rotation.map { $0 + angle }
            }
            transform.autoOrient = false
        }
        let content: Node.Content
        switch node.shape {
        case let .group(children):
            content = .group(attachingMattes(children.map { self.node($0) }, written: children))
        default:
            content = .shape(geometry(own, shape: node.shape), style(own))
        }
        var built = Node(
            id: node.id, transform: transform, content: content, repeat: node.repeat, clip: clip(own), source: node.nodeSource())
        built.accessibleName = node.accessibleName
        built.effects = own.effects
        if !traits.isEmpty {
            var layer = LayerTraits(parent: traits.parent, blend: traits.blend, masks: traits.masks.map(mask))
            layer.window = traits.visible.map(window)
            // The matte's node is attached by the list the node is in (`attachingMattes`).
            built.layerTraits = layer
        }
        return built
    }

    /// The node's transform: its position from the position track, the two axes, or its motion path.
    private func transform(_ own: NodeProperties) -> Transform {
        let node = own.node
        var transform = Transform(
            anchor: own.point(.anchor), rotation: own.number(.rotation), scale: own.point(.scale), offset: own.point(.offset),
            opacity: own.number(.opacity))
        if let path = node.traits.motionPath {
            transform.position = path.motion(progress: own.number(.motionPathAt))
        } else if node.base[.positionX] != nil {
            transform.axes = PositionAxes(x: own.number(.positionX), y: own.number(.positionY))
        } else {
            // A node without a position of its own sits at its anchor.
            let placed = node.base[.position] != nil || own.tracks[.position] != nil
            transform.position = own.point(placed ? .position : .anchor)
        }
        return transform
    }

    /// One of a node's masks: its shape node's geometry and transform (the transform's opacity
    /// is the mask's), its expansion, mode and inversion.
    private func mask(_ node: SceneNode) -> Mask {
        let own = NodeProperties(node: node, tracks: lowered.tracks(of: node.id, shift: shift), reuse: reuse)
        return Mask(
            geometry: geometry(own, shape: node.shape), transform: transform(own), mode: node.traits.maskMode ?? .add,
            expand: own.number(.expand), inverted: node.traits.inverted)
    }

    /// The global times a `visible:` window shows a node: in each span, from `start` to `end` of
    /// the span's clock (a pose's clock stays at 0).
    private func window(_ window: TimeWindow) -> VisibleWindow {
        var intervals: [VisibleWindow.Interval] = []
        for clock in spanClocks {
            let interval: VisibleWindow.Interval?
            if clock.runs {
                let start = max(window.start, 0), end = min(window.end, clock.length)
                interval = end > start ? .init(start: clock.start + start, end: clock.start + end) : nil
            } else {
                interval = window.start <= 0 && window.end > 0 ? .init(start: clock.start, end: clock.start + clock.length) : nil
            }
            guard let interval else { continue }
            // Spans follow each other: a window open across a boundary is one interval.
            if let last = intervals.last, abs(last.end - interval.start) < 1e-9 {
                intervals[intervals.count - 1].end = interval.end
            } else {
                intervals.append(interval)
            }
        }
        return VisibleWindow(intervals)
    }

    /// The nodes of one list with each matte's node moved into the node it is the matte of: a
    /// matte is drawn only as a matte (several nodes may share one, each with its copy).
    func attachingMattes(_ nodes: [Node], written: [SceneNode]) -> [Node] {
        let references = written.map(\.traits.matte)
        let sources = Set(references.compactMap { $0?.node })
        guard !sources.isEmpty, nodes.count == written.count else { return nodes }
        let byID = Dictionary(nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return zip(nodes, references).compactMap { node, reference in
            if sources.contains(node.id) { return nil }
            guard let reference, let source = byID[reference.node] else { return node }
            var matted = node
            matted.matte = Matte(source: source, mode: reference.mode)
            return matted
        }
    }
}

/// One span's clock, for `visible:` windows: a transition's and a timeline's run from 0 at the
/// span's start, a pose's stays at 0.
struct SpanClock {
    var start: Double
    var length: Double
    var runs: Bool

    init(_ plan: PlannedSpan) {
        start = plan.span.start
        length = plan.span.end - plan.span.start
        if case .pose = plan.content { runs = false } else { runs = true }
    }
}

extension NodeBuilder {

    /// The node's clip: its geometry and transform tracks are the node's `clip.*` properties.
    private func clip(_ own: NodeProperties) -> ClipShape? {
        guard let shape = own.node.clip else { return nil }
        let transform = Transform(
            anchor: own.point(.clipAnchor), position: own.point(.clipPosition), rotation: own.number(.clipRotation),
            scale: own.point(.clipScale))
        return ClipShape(geometry: geometry(own, shape: shape, onClip: true), transform: transform)
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
            builder.fillOverride = stagger.fill(ofCopy: index, count: repetition.count) ?? fillOverride
            let built = builder.node(plain)
            let name = "\(node.id) copy \(index)"
            let placed = placementNodes(
                repetition.matrix(ofCopy: index), opacity: repetition.opacity(ofCopy: index), name: name + " placement",
                content: built.content, source: node.nodeSource(.copyPlacement(index)))
            // The clip is in the node's coordinates (outside the copy's placement), so it cuts
            // each copy as it cuts all of them on a plain repeat, and moves with the copy's transform.
            var copy = Node(
                id: name, transform: built.transform, content: .group([placed]), clip: built.clip,
                source: node.nodeSource(.copy(index)))
            copy.effects = built.effects
            return copy
        }
        return Node(id: node.id, transform: Transform(), content: .group(copies), source: node.nodeSource())
    }

    /// The geometry of `shape` from the node's own properties (`size`) or its clip's (`clip.size`).
    private func geometry(_ own: NodeProperties, shape: SceneShape, onClip: Bool = false) -> Geometry {
        func key(_ property: Property) -> Property { onClip ? property.onClip! : property }
        switch shape {
        case .rect:
            return .rect(size: own.point(key(.size)), cornerRadius: own.number(key(.cornerRadius)))
        case .ellipse:
            return .ellipse(size: own.point(key(.size)))
        case let .polygon(sides, star, cornerRadius):
            let radius = own.number(key(.radius))
            let inner = star ? own.number(key(.innerRadius)) : nil
            guard cornerRadius > 0 else { return .polygon(sides: sides, radius: radius, innerRadius: inner) }
            return .path(roundedPolygonTrack(sides: sides, radius: radius, innerRadius: inner, cornerRadius: cornerRadius))
        case .path:
            return .path(own.path(key(.d)))
        case .group:
            return .path(Animated(PathShape([])))
        }
    }

    /// A stroke's gradient (static), else its colour's track.
    private func strokePaint(_ gradient: StrokeGradient?, color own: NodeProperties) -> Paint {
        switch gradient {
        case nil: .color(own.color(.strokeColor))
        case let .linear(from, to, stops)?: .linearGradient(from: Animated(from), to: Animated(to), stops: Animated(stops))
        case let .radial(center, radius, stops)?: .radialGradient(center: Animated(center), radius: Animated(radius), stops: Animated(stops))
        }
    }

    private func style(_ own: NodeProperties) -> Style {
        let node = own.node
        let fill: Paint?
        switch node.fill {
        case .none: fill = nil
        case .solid: fill = .color(fillOverride.map { Animated($0) } ?? own.color(.fill))
        case .linear:
            fill = .linearGradient(
                from: own.point(.fillFrom), to: own.point(.fillTo), stops: own.stops())
        case .radial:
            fill = .radialGradient(
                center: own.point(.fillCenter), radius: own.number(.fillRadius),
                stops: own.stops())
        }
        let stroke = node.stroke.map { style in
            Stroke(
                paint: strokePaint(style.gradient, color: own), width: own.number(.strokeWidth),
                cap: style.cap, join: style.join, miterLimit: style.miterLimit, dash: style.dash)
        }
        let trim = node.trimmed
            ? Trim(
                start: own.number(.trimStart), end: own.number(.trimEnd), offset: own.number(.trimOffset))
            : nil
        return Style(fill: fill, fillRule: node.fillRule, stroke: stroke, trim: trim)
    }
}

/// One node's properties as the IR wants them: its lowered tracks, else its base values, else
/// the property table's defaults.
package struct NodeProperties {
    let node: SceneNode
    let tracks: NodeTracks
    let reuse: TypedTrackReuse

    /// Every property of the IR comes through here: bounded ones leave clamped to their range.
    /// A property the node does not have takes the table's default; the front end gives every
    /// node the properties without one (anchor, position), so a missing one of those, like a
    /// value of the wrong kind, is a broken invariant.
    func generic(_ property: Property) -> Animated<PropertyValue> {
        let track = tracks[property] ?? Animated(staticValue(property))
        guard let range = property.descriptor.drawableRange else { return track }
        return clampedToRange(track, range)
    }

    /// The node's own value of a property it does not animate, else the table's default.
    private func staticValue(_ property: Property) -> PropertyValue {
        guard let value = node.base[property] ?? property.defaultValue else {
            preconditionFailure("node '\(node.id)' has no \(property) and the property has no default")
        }
        return value
    }

    private func value<Value>(_ value: PropertyValue, _ property: Property, _ convert: (PropertyValue) -> Value?) -> Value {
        guard let typed = convert(value) else { preconditionFailure("\(property) holds \(value), not \(Value.self)") }
        return typed
    }

    // The typed tracks are made in this module, not by the generic `Animated.map` called across
    // modules (which looks up type metadata for every segment: 6% of lowering a large scene). A
    // property without a track is its value, clamped; one with a track is converted and clamped
    // in one pass (`typedClamped`). The slot is dropped, as `map` drops it.

    func number(_ property: Property) -> Animated<Double> {
        guard let source = tracks[property] else {
            let number = value(staticValue(property), property, \.asDouble)
            guard let range = property.descriptor.drawableRange else { return Animated(number) }
            return Animated(range.contains(number) ? number : number.clamped(to: range))
        }
        if let entry = reuse.numbers[property.rawValue], sameTrack(entry.source, source) { return entry.typed }
        let typed: Animated<Double>
        if let range = property.descriptor.drawableRange {
            typed = typedClamped(source, range, property, \.asDouble) { if case let .number(x) = $0 { x } else { nil } }
        } else {
            typed = converted(source, property, \.asDouble)
        }
        reuse.numbers[property.rawValue] = TypedTrackReuse.Entry(source: source, typed: typed)
        return typed
    }

    func point(_ property: Property) -> Animated<Point> {
        // No point property is bounded (the table gives a range to numbers, colours and stops).
        guard property.descriptor.drawableRange == nil else { return converted(generic(property), property, \.asPoint) }
        guard let source = tracks[property] else { return Animated(value(staticValue(property), property, \.asPoint)) }
        if let entry = reuse.points[property.rawValue], sameTrack(entry.source, source) { return entry.typed }
        let typed = converted(source, property, \.asPoint)
        reuse.points[property.rawValue] = TypedTrackReuse.Entry(source: source, typed: typed)
        return typed
    }

    func color(_ property: Property) -> Animated<RGBA> {
        guard let source = tracks[property] else {
            let color = value(staticValue(property), property, \.asColor)
            guard let range = property.descriptor.drawableRange else { return Animated(color) }
            return Animated(color.isWithin(range) ? color : color.clamped(to: range))
        }
        if let entry = reuse.colors[property.rawValue], sameTrack(entry.source, source) { return entry.typed }
        let typed: Animated<RGBA>
        if let range = property.descriptor.drawableRange {
            typed = typedClamped(source, range, property, \.asColor) { if case let .color(c) = $0 { c } else { nil } }
        } else {
            typed = converted(source, property, \.asColor)
        }
        reuse.colors[property.rawValue] = TypedTrackReuse.Entry(source: source, typed: typed)
        return typed
    }

    /// The track with every value converted, segment for segment.
    private func converted<Value>(
        _ track: Animated<PropertyValue>, _ property: Property, _ convert: (PropertyValue) -> Value?
    ) -> Animated<Value> {
        var segments: [Segment<Value>] = []
        segments.reserveCapacity(track.segments.count)
        for segment in track.segments {
            segments.append(
                Segment(
                    start: segment.start, end: segment.end, from: value(segment.from, property, convert),
                    to: value(segment.to, property, convert), easing: segment.easing, spatial: segment.spatial))
        }
        return Animated(value(track.initial, property, convert), segments: segments)
    }

    /// `clampedToRange(track, range)` converted to `Value`, in one pass over the segments: each is
    /// converted, kept when it stays inside `range` and otherwise split by `Segment.clampedParts`
    /// (the typed value's components are the generic one's, in the same order, so the parts are
    /// the same numbers). `exactly` takes only the one kind of value whose components those are;
    /// a track holding any other kind is clamped as a generic track, then converted by `convert`.
    private func typedClamped<Value: RangeCheckable>(
        _ track: Animated<PropertyValue>, _ range: ClosedRange<Double>, _ property: Property,
        _ convert: (PropertyValue) -> Value?, exactly: (PropertyValue) -> Value?
    ) -> Animated<Value> {
        var parts: [Segment<Value>] = []
        parts.reserveCapacity(track.segments.count)
        for segment in track.segments {
            guard let from = exactly(segment.from), let to = exactly(segment.to) else {
                return converted(clampedToRange(track, range), property, convert)
            }
            let typed = Segment(start: segment.start, end: segment.end, from: from, to: to, easing: segment.easing)
            // As `Segment.clampedParts`: a held or instant segment only needs its ends inside; a
            // motion, every progress its easing reaches.
            if Value.staysWithin(range, from, to, progress: segment.clampingProgress) {
                appendMergingHolds(typed, to: &parts)
            } else {
                for part in typed.clampedParts(to: range) { appendMergingHolds(part, to: &parts) }
            }
        }
        guard let initial = exactly(track.initial) else { return converted(clampedToRange(track, range), property, convert) }
        return Animated(initial.isWithin(range) ? initial : initial.clamped(to: range), segments: parts)
    }

    func stops() -> Animated<GradientStops> {
        generic(.fillStops).map { value in
            guard let stops = value.asStops else { preconditionFailure("fill stops hold \(value), not stops") }
            return stops
        }
    }

    func path(_ property: Property) -> Animated<PathShape> {
        generic(property).map { value in
            guard let path = value.asPath else { preconditionFailure("path data holds \(value), not a path") }
            return path
        }
    }
}

/// A value whose every component can be checked against a drawable range without making the
/// `clampableComponents` array: the number and the colour of bounded tracks.
protocol RangeCheckable: ClampableComponents {
    /// Whether every component of the motion from `a` to `b` stays in `range` at the lowest and
    /// highest `progress` its easing reaches (and so at every one between), computed as
    /// `Segment.clampedParts` computes it; with no progress, whether `a` and `b` are inside.
    static func staysWithin(
        _ range: ClosedRange<Double>, _ a: Self, _ b: Self, progress: (lowest: Double, highest: Double)?) -> Bool
}

extension RangeCheckable {
    /// Whether every component is inside `range` (`clamped(to:)` returns such a value as it is).
    func isWithin(_ range: ClosedRange<Double>) -> Bool { Self.staysWithin(range, self, self, progress: nil) }
}

extension Double: RangeCheckable {
    static func staysWithin(
        _ range: ClosedRange<Double>, _ a: Double, _ b: Double, progress: (lowest: Double, highest: Double)?
    ) -> Bool {
        componentStaysWithin(range, a, b, progress: progress)
    }
}

extension RGBA: RangeCheckable {
    static func staysWithin(
        _ range: ClosedRange<Double>, _ a: RGBA, _ b: RGBA, progress: (lowest: Double, highest: Double)?
    ) -> Bool {
        componentStaysWithin(range, a.r, b.r, progress: progress) && componentStaysWithin(range, a.g, b.g, progress: progress)
            && componentStaysWithin(range, a.b, b.b, progress: progress) && componentStaysWithin(range, a.a, b.a, progress: progress)
    }
}

/// Appends `part`, merging it into the last segment when both hold one value and join (as
/// `Animated.clamped` merges the holds of a bound).
private func appendMergingHolds<Value>(_ part: Segment<Value>, to parts: inout [Segment<Value>]) {
    if let last = parts.last, part.mergesAsHold(after: last) {
        parts[parts.count - 1].end = part.end
    } else {
        parts.append(part)
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
package func placementNodes(
    _ matrix: ChoreoTimeline.AffineTransform, opacity: Double, name: String, content: Node.Content, source: NodeSource? = nil
) -> Node {
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
            content: content, source: source)
    }
    let e: Double = (a + d) / 2, f: Double = (a - d) / 2, g: Double = (b + c) / 2, h: Double = (b - c) / 2
    let q: Double = (e * e + h * h).squareRoot(), r: Double = (f * f + g * g).squareRoot()
    let a1 = atan2(g, f), a2 = atan2(h, e)
    let theta = (a2 + a1) / 2, phi = (a2 - a1) / 2
    let inner = Node(id: name + " turn", transform: Transform(rotation: Animated(phi * 180 / .pi)), content: content, source: source)
    return Node(
        id: name,
        transform: Transform(
            position: Animated(position), rotation: Animated(theta * 180 / .pi), scale: Animated(Point(q + r, q - r)),
            opacity: Animated(opacity)),
        content: .group([inner]), source: source)
}

/// `track.clamped(to: range)`, without `clamped`'s arrays of components for the segments that
/// stay inside `range` at every instant (most of them: 8% of lowering a large scene went to
/// those): such a segment is kept as it is, which is what `Segment.clampedParts` gives for it (a
/// motion within range is itself; a held or instant one, its ends clamped, which changes nothing);
/// the others are split by `clampedParts`. Consecutive holds of one value are merged as `clamped`
/// merges them, so the result is `clamped`'s.
package func clampedToRange(_ track: Animated<PropertyValue>, _ range: ClosedRange<Double>) -> Animated<PropertyValue> {
    var parts: [Segment<PropertyValue>] = []
    parts.reserveCapacity(track.segments.count)
    func add(_ part: Segment<PropertyValue>) { appendMergingHolds(part, to: &parts) }
    for segment in track.segments {
        // As `Segment.clampedParts`: a held or instant segment only needs its ends inside; a
        // motion, every progress its easing reaches.
        if staysWithin(range, segment.from, segment.to, progress: segment.clampingProgress) {
            add(segment)
        } else {
            for part in segment.clampedParts(to: range) { add(part) }
        }
    }
    let initial = staysWithin(range, track.initial, track.initial, progress: nil) ? track.initial : track.initial.clamped(to: range)
    return Animated(initial, segments: parts, slot: track.slot)
}

/// Whether every component of the motion from `a` to `b` stays in `range` at the lowest and
/// highest `progress` its easing reaches (and so at every one between), computed as
/// `clampedParts` computes it; with no progress, whether `a` and `b` themselves are inside. False
/// for values other than numbers and colours, and for a pair of different kinds.
private func staysWithin(
    _ range: ClosedRange<Double>, _ a: PropertyValue, _ b: PropertyValue, progress: (lowest: Double, highest: Double)?
) -> Bool {
    switch (a, b) {
    case let (.number(x), .number(y)):
        return Double.staysWithin(range, x, y, progress: progress)
    case let (.color(x), .color(y)):
        return RGBA.staysWithin(range, x, y, progress: progress)
    default:
        return false
    }
}
