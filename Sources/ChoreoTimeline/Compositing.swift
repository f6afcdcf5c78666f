import Foundation

/// What After Effects and Lottie keep on a layer rather than in its transform or shapes: the layer
/// it is parented to, its in and out points, its blend mode, its masks and its track matte. Few
/// nodes have any of them, so a node keeps them out of line (`Node.layerTraits`).
public struct LayerTraits: Sendable, Equatable {
    /// The id of the sibling whose transform (not its opacity) this node's is placed in.
    public var parent: String?
    /// When the node is drawn; nil for always.
    public var window: VisibleWindow?
    public var blend: BlendMode = .normal
    /// Applied in order, each to what the ones before it left (After Effects' mask list).
    public var masks: [Mask] = []
    public var matte: Matte?

    public init(parent: String? = nil, window: VisibleWindow? = nil, blend: BlendMode = .normal, masks: [Mask] = [], matte: Matte? = nil) {
        self.parent = parent
        self.window = window
        self.blend = blend
        self.masks = masks
        self.matte = matte
    }

    var isEmpty: Bool { parent == nil && window == nil && blend == .normal && masks.isEmpty && matte == nil }
}

/// How a node's drawing combines with what is below it: CSS's `mix-blend-mode` (and Lottie's
/// layer `bm`, in this order from 0).
public enum BlendMode: String, CaseIterable, Sendable {
    case normal, multiply, screen, overlay, darken, lighten
    case colorDodge = "color-dodge", colorBurn = "color-burn", hardLight = "hard-light", softLight = "soft-light"
    case difference, exclusion, hue, saturation, color, luminosity
}

/// The stretches of the global timeline in which a node is drawn (After Effects' in and out
/// points, one pair per span that shows the node's window), sorted, each `start ..< end`.
public struct VisibleWindow: Sendable, Equatable {
    public struct Interval: Sendable, Equatable {
        public var start: Double
        public var end: Double

        public init(start: Double, end: Double) {
            self.start = start
            self.end = end
        }
    }

    public var intervals: [Interval]

    public init(_ intervals: [Interval]) { self.intervals = intervals }

    /// Never drawn.
    public static let hidden = VisibleWindow([])

    public func contains(_ time: Double) -> Bool {
        intervals.contains { time >= $0.start && time < $0.end }
    }

    /// The window as a step track (1 where drawn, 0 elsewhere, jumping at each bound), the form
    /// a player that has no window for a node multiplies into its opacity.
    public func shownTrack() -> Animated<Double> {
        var track = Animated(contains(0) ? 1.0 : 0.0)
        var current = track.initial
        for interval in intervals {
            for (time, value) in [(interval.start, 1.0), (interval.end, 0.0)] where time > 0 && value != current {
                track.append(Segment(start: time, end: time, from: value, to: value, easing: .linear))
                current = value
            }
        }
        return track
    }
}

/// How a mask combines with the masks before it (Lottie's mask modes `a`, `s`, `i`, `f`).
public enum MaskMode: String, CaseIterable, Sendable {
    case add, subtract, intersect, difference
}

/// One mask of a node (`mask:` in scenes, Lottie's `masksProperties`): a closed outline in the
/// node's local coordinates (inside its transform, around its copies and children), with its
/// opacity (the transform's), how far its edge is pushed out (`expand`, px; negative pulls it in)
/// and how it combines with the masks before it. The transform's `offset` is zero.
public struct Mask: Sendable, Equatable {
    public var geometry: Geometry
    public var transform: Transform
    public var mode: MaskMode
    public var expand: Animated<Double>
    public var inverted: Bool

    public init(geometry: Geometry, transform: Transform = .identity, mode: MaskMode = .add, expand: Animated<Double> = Animated(0), inverted: Bool = false) {
        self.geometry = geometry
        self.transform = transform
        self.mode = mode
        self.expand = expand
        self.inverted = inverted
    }

    public var isAnimated: Bool { geometry.isAnimated || transform.isAnimated || expand.isAnimated }

    /// The mask's outline in the node's local coordinates at an instant (its contours closed).
    public func outline(at time: Double) -> PathShape {
        let shape = geometry.outline(at: time).applying(transform.matrix(at: time))
        return PathShape(shape.contours.map { Contour($0.vertices, closed: true) })
    }

    public func frozen(at time: Double) -> Mask {
        Mask(geometry: geometry.rewritingTracks(TrackFreezer(time: time)) { .maskGeometry($0) }, transform: transform.frozen(at: time), mode: mode, expand: expand.frozen(at: time), inverted: inverted)
    }
}

/// How a track matte's drawing lets the node show (Lottie's `tt` 1…4).
public enum MatteMode: String, CaseIterable, Sendable {
    case alpha
    case alphaInverted = "alpha-inverted"
    case luma
    case lumaInverted = "luma-inverted"
}

/// A track matte (`matte:` in scenes, Lottie's `tt` and `td`): the node is drawn where `source`'s
/// drawing lets it, by the mode. The source is a node of its own in the same coordinates as the
/// node (its sibling's), drawn only as the matte.
public struct Matte: Sendable, Equatable {
    public var source: Node
    public var mode: MatteMode

    public init(source: Node, mode: MatteMode) {
        self.source = source
        self.mode = mode
    }

    /// How much of the node shows through a matte pixel of straight colour `(r, g, b)` and alpha `a`.
    public func coverage(r: Double, g: Double, b: Double, a: Double) -> Double {
        switch mode {
        case .alpha: return a
        case .alphaInverted: return 1 - a
        case .luma: return Matte.luminance(r, g, b) * a
        case .lumaInverted: return 1 - Matte.luminance(r, g, b) * a
        }
    }

    /// The luminance a luma matte reads (Rec. 709 weights on sRGB values, as SVG's luminance mask).
    public static func luminance(_ r: Double, _ g: Double, _ b: Double) -> Double {
        0.2125 * r + 0.7154 * g + 0.0721 * b
    }
}

/// A node's position as two tracks of its own, each with its own keyframes and easing (After
/// Effects' "separate dimensions", Lottie's split position `s: true`).
public struct PositionAxes: Sendable, Equatable {
    public var x: Animated<Double>
    public var y: Animated<Double>

    public init(x: Animated<Double>, y: Animated<Double>) {
        self.x = x
        self.y = y
    }
}

extension Node {
    public var layerTraits: LayerTraits {
        get { traitsBox?.value ?? LayerTraits() }
        set { traitsBox = newValue.isEmpty ? nil : Box(newValue) }
    }

    /// The sibling whose transform this node's is placed in (After Effects' parenting: the
    /// transform only, not the opacity), nil for none.
    public var parent: String? {
        get { traitsBox?.value.parent }
        set { layerTraits.parent = newValue }
    }

    public var window: VisibleWindow? {
        get { traitsBox?.value.window }
        set { layerTraits.window = newValue }
    }

    public var blend: BlendMode {
        get { traitsBox?.value.blend ?? .normal }
        set { layerTraits.blend = newValue }
    }

    public var masks: [Mask] {
        get { traitsBox?.value.masks ?? [] }
        set { layerTraits.masks = newValue }
    }

    public var matte: Matte? {
        get { traitsBox?.value.matte }
        set { layerTraits.matte = newValue }
    }

    /// Whether the node is drawn at an instant (its window).
    public func isShown(at time: Double) -> Bool { window?.contains(time) ?? true }
}

extension Transform {
    /// Where the anchor lands at an instant, from the position track or the two axes.
    public func positionValue(at time: Double) -> Point {
        if let axes { return Point(axes.x.value(at: time), axes.y.value(at: time)) }
        return position.value(at: time)
    }

    /// The rotation at an instant, the direction of travel added when the node orients along its path.
    public func rotationValue(at time: Double) -> Double {
        rotation.value(at: time) + (autoOrient ? orientation(at: time) : 0)
    }

    /// The angle in degrees, clockwise on screen, of the direction the position travels in at
    /// `time`: while it stands still, the direction it last moved in (or, before it first moves,
    /// the one it will start in); 0 for a position that never moves.
    public func orientation(at time: Double) -> Double {
        let track: Animated<Point> = axes.map { axes in
            // Sampled: the axes move on clocks of their own.
            combinedAxes(axes)
        } ?? position
        guard let direction = track.direction(at: time) else { return 0 }
        return atan2Degrees(direction.y, direction.x)
    }

    private func combinedAxes(_ axes: PositionAxes) -> Animated<Point> {
        var times = Set(axes.x.keyTimes + axes.y.keyTimes).sorted()
        if times.isEmpty { return Animated(Point(axes.x.initial, axes.y.initial)) }
        // Enough steps between key times that the direction is the curve's.
        var dense: [Double] = []
        for (a, b) in zip(times, times.dropFirst()) {
            for k in 0..<16 { dense.append(a + (b - a) * Double(k) / 16) }
        }
        dense.append(times.removeLast())
        var track = Animated(Point(axes.x.value(at: dense[0]), axes.y.value(at: dense[0])))
        for (a, b) in zip(dense, dense.dropFirst()) where b > a {
            track.append(Segment(start: a, end: b, from: Point(axes.x.value(at: a), axes.y.value(at: a)), to: Point(axes.x.value(at: b), axes.y.value(at: b)), easing: .linear))
        }
        return track
    }
}

extension Animated where Value == Point {
    /// The direction of travel at `time` (see `Transform.orientation`), nil when it never moves.
    public func direction(at time: Double) -> Point? {
        var before: Point?
        for segment in segments {
            if segment.end <= time {
                if let d = segment.direction(at: segment.end) { before = d }
                continue
            }
            if segment.start <= time, let d = segment.direction(at: time) { return d }
            if before != nil { return before }
            if let d = segment.direction(at: segment.start) { return d }
        }
        return before
    }
}

func atan2Degrees(_ y: Double, _ x: Double) -> Double {
    let degrees = atan2(y, x) * 180 / .pi
    return degrees == 0 ? 0 : degrees
}

extension Node {
    /// The nodes whose transforms this node's is placed in, outermost first (its parent's parent
    /// before its parent), found among its siblings by id; empty without a parent. A chain that
    /// loops (the front end refuses one) stops where it would.
    public func parentChain(among siblings: [String: Node]) -> [Node] {
        var chain: [Node] = []
        var seen: Set<String> = [id]
        var current = parent
        while let id = current, let next = siblings[id], !seen.contains(id) {
            chain.insert(next, at: 0)
            seen.insert(id)
            current = next.parent
        }
        return chain
    }

    /// The opacity the node is drawn with: its own, and 0 outside its window.
    public var drawnOpacity: Animated<Double> {
        guard let window else { return transform.opacity }
        return transform.opacity.shown(in: window)
    }
}

extension [Node] {
    /// The nodes by id, for parent chains (the first of each id).
    public var byID: [String: Node] {
        var result: [String: Node] = [:]
        for node in self where result[node.id] == nil { result[node.id] = node }
        return result
    }

    /// Whether some node of the list has a parent, so the list's parent chains are worth looking up.
    public var hasParents: Bool { contains { $0.parent != nil } }
}

extension Animated where Value == Double {
    /// The track where `window` shows the node, 0 elsewhere: each stretch outside the window is a
    /// jump to 0 and back, each segment inside is kept exactly (cut where the window cuts it).
    public func shown(in window: VisibleWindow) -> Animated<Double> {
        var boundaries: [(time: Double, shown: Bool)] = []
        for interval in window.intervals {
            boundaries.append((interval.start, true))
            boundaries.append((interval.end, false))
        }
        var result = Animated(window.contains(0) ? initial : 0, slot: slot)
        var lastEnd = -Double.infinity
        // Each stretch between two boundaries is shown or hidden throughout.
        var times = [0.0] + boundaries.map(\.time).filter { $0 > 0 }
        times.append(contentsOf: segments.flatMap { [$0.start, $0.end] })
        times = Array(Set(times)).sorted()
        for (a, b) in zip(times, times.dropFirst()) where b > a {
            let visible = window.contains(a)
            let from = visible ? value(at: a) : 0
            let to = visible ? value(at: b - min(1e-9, (b - a) / 2)) : 0
            // Within [a, b) the track is one segment's piece or a constant.
            if let segment = segments.first(where: { $0.start <= a && $0.end >= b && $0.end > $0.start }), visible {
                let duration = segment.end - segment.start
                let piece = segment.part(from: (a - segment.start) / duration, to: (b - segment.start) / duration, start: a, end: b)
                appendJoining(&result, piece, lastEnd: &lastEnd)
            } else {
                appendJoining(&result, Segment(start: a, end: b, from: from, to: to, easing: .linear), lastEnd: &lastEnd)
            }
        }
        // After the last boundary the value stays: a jump there if the window changes it.
        if let last = times.last, last > 0 {
            let value = window.contains(last) ? self.value(at: last) : 0
            appendJoining(&result, Segment(start: last, end: last, from: value, to: value, easing: .linear), lastEnd: &lastEnd)
        }
        return result
    }

    private func appendJoining(_ track: inout Animated<Double>, _ segment: Segment<Double>, lastEnd: inout Double) {
        let current = track.segments.last?.to ?? track.initial
        if segment.from == current, segment.to == current, segment.easing != .hold {
            lastEnd = segment.end
            return
        }
        track.append(segment)
        lastEnd = segment.end
    }

}
