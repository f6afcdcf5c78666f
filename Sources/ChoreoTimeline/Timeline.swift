/// The compiled timeline: Choreo's intermediate representation.
///
/// It is the static scene graph in which every animatable property is an `Animated` function of
/// global time, plus the layout of that global time into spans (each state's pose, each
/// transition, each timeline). Everything the scene language can say has been resolved here:
/// vars and units are gone, styles are inherited, easings are reduced to `Easing`, springs are
/// baked, loops are the steady state. The Lottie and SVG emitters are pure functions of this value
/// and must agree with each other, and with `value(at:)` here, at every instant.
public struct Timeline: Sendable, Equatable {
    public var name: String
    public var width: Double
    public var height: Double
    public var fps: Double
    /// Total length of the global timeline in seconds (a whole number of frames).
    public var duration: Double
    public var background: RGBA?
    /// Drawn bottom to top.
    public var layers: [Node]
    public var spans: [Span]
    /// The accessible name of the whole animation (the scene's name unless the scene gives one).
    public var title: String
    /// The scene's states and transitions; nil for a scene without states (it plays its first
    /// timeline on load).
    public var stateMachine: StateMachine?
    /// The scene's themes, nil without `themes:` (or when compiled for one theme).
    public var themes: Themes?
    /// The theme slot the background colour comes from, if a theme changes it.
    public var backgroundSlot: String?
    /// The scene's inputs and what follows them (bound tracks, live texts); nil for a scene
    /// without inputs.
    public var tokens: Tokens?

    public init(
        name: String, width: Double, height: Double, fps: Double, duration: Double, background: RGBA? = nil,
        layers: [Node], spans: [Span], title: String? = nil, stateMachine: StateMachine? = nil
    ) {
        self.name = name
        self.width = width
        self.height = height
        self.fps = fps
        self.duration = duration
        self.background = background
        self.layers = layers
        self.spans = spans
        self.title = title ?? name
        self.stateMachine = stateMachine
    }

    /// The state shown on load, if the scene has states.
    public var initialState: String? { stateMachine?.initial }

    public func span(named name: String) -> Span? {
        spans.first { $0.name == name }
    }

    /// A span's first frame and its end frame (exclusive) on the global timeline: the numbers a
    /// Lottie marker (`tm`, `tm + dr`) and any frame-based player use.
    public func frames(of span: Span) -> (start: Int, end: Int) {
        (Int((span.start * fps).rounded()), Int((span.end * fps).rounded()))
    }

    /// Number of frames of the global timeline.
    public var frameCount: Int { Int((duration * fps).rounded()) }

    /// True when nothing moves: the scene is a still picture.
    public var isStatic: Bool { !layers.contains { $0.isAnimated } }

    /// The whole scene frozen at one instant: every property constant. A static SVG snapshot is the
    /// SVG emitter applied to this.
    public func frozen(at time: Double) -> Timeline {
        var copy = self
        copy.layers = layers.map { $0.frozen(at: time) }
        copy.duration = 0
        copy.spans = []
        copy.stateMachine = nil
        return copy
    }
}

/// A named stretch of the global timeline, with a Lottie marker of the same name.
public struct Span: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A state's pose, held.
        case pose
        /// A transition `FROM->TO`.
        case transition
        /// A free timeline, optionally looping.
        case timeline
    }

    /// What the span is, with the data its kind has and nothing else.
    public enum Role: Sendable, Equatable {
        /// A state's pose. `label` is the state's accessible label ("Play"), if given; `plays` the
        /// span (marker) of the timeline the state plays while it is shown (`play:`), if any.
        /// Players show the pose span, then play that span, which runs on top of this pose:
        /// looping if that span `loops`, else once, holding its last frame. The preview page does
        /// exactly that.
        case pose(label: String?, plays: String?)
        /// A transition between two states, on its trigger (`.programmatic` without `on:`).
        /// `Timeline.stateMachine` has the same facts as a graph.
        case transition(from: String, to: String, trigger: Trigger)
        /// A timeline; `loops` when its end joins its start seamlessly.
        case timeline(loops: Bool)
    }

    public var name: String
    /// Seconds on the global timeline; both fall on whole frames (`Timeline.frames(of:)`).
    public var start: Double
    public var end: Double
    public var role: Role
    /// What a transition or timeline span does under reduced motion (a pose's is never read).
    public var reducedMotion: ReducedMotion = .fade

    public init(name: String, start: Double, end: Double, role: Role) {
        self.name = name
        self.start = start
        self.end = end
        self.role = role
    }

    public var kind: Kind {
        switch role {
        case .pose: .pose
        case .transition: .transition
        case .timeline: .timeline
        }
    }

    /// True for a looping timeline.
    public var loops: Bool {
        if case .timeline(loops: true) = role { true } else { false }
    }
}

public struct Node: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case shape(Geometry, Style)
        /// Children drawn bottom to top; style has already been inherited into them.
        case group([Node])
    }

    public var id: String
    /// The scene node this node was lowered from, and which part of it it is; by default the
    /// scene node whose id this node has.
    public var source: NodeSource
    /// What assistive technology announces for the node (a text node's text); nil for the id.
    public var accessibleName: String?
    public var transform: Transform
    public var content: Content
    public var `repeat`: Repeat? {
        get { repeatBox?.value }
        set { repeatBox = newValue.map(Box.init) }
    }
    /// The shape the node is drawn inside (all its copies and children), in its local coordinates.
    public var clip: ClipShape? {
        get { clipBox?.value }
        set { clipBox = newValue.map(Box.init) }
    }
    // Few nodes repeat or clip: stored out of line, a node is about 440 bytes instead of 1.1 kB
    // (with `Style`'s stroke and trim), which every node of a large scene paid in the IR.
    private var repeatBox: Box<Repeat>?
    private var clipBox: Box<ClipShape>?
    /// Blur and shadow over the node's drawing (`Effects.swift`).
    public var effects: Effects? {
        get { effectsBox?.value }
        set { effectsBox = newValue.map(Box.init) }
    }
    private var effectsBox: Box<Effects>?
    /// A pointer trigger targets the node (`target:`): every output gives it an element or a
    /// layer of its own, named by its id, that takes the pointer.
    public var isTarget = false
    /// Parent, window, blend mode, masks and matte (`Compositing.swift`).
    var traitsBox: Box<LayerTraits>?

    public init(
        id: String, transform: Transform, content: Content, repeat: Repeat? = nil, clip: ClipShape? = nil, source: NodeSource? = nil
    ) {
        self.id = id
        self.source = source ?? NodeSource(node: id)
        self.transform = transform
        self.content = content
        self.repeatBox = `repeat`.map(Box.init)
        self.clipBox = clip.map(Box.init)
    }

    /// True when this node or one below it is a target.
    public var containsTarget: Bool {
        if isTarget { return true }
        if case let .group(children) = content { return children.contains { $0.containsTarget } }
        return false
    }

    /// The node with the nodes `ids` names marked as targets, at any depth.
    public func markingTargets(_ ids: Set<String>) -> Node {
        var node = self
        if ids.contains(id) { node.isTarget = true }
        if case let .group(children) = content { node.content = .group(children.map { $0.markingTargets(ids) }) }
        return node
    }

    /// True when this node or one below it is clipped.
    public var containsClip: Bool {
        if clip != nil { return true }
        if case let .group(children) = content { return children.contains { $0.containsClip } }
        return false
    }

    public var isAnimated: Bool {
        var finder = AnimatedTrackFinder()
        visitOwnTracks(&finder)
        if finder.found { return true }
        if let window, !window.intervals.isEmpty, window != VisibleWindow([.init(start: -.infinity, end: .infinity)]) { return true }
        if matte?.source.isAnimated == true { return true }
        if case let .group(children) = content { return children.contains { $0.isAnimated } }
        return false
    }

    public func frozen(at time: Double) -> Node {
        var copy = rewritingOwnTracks(TrackFreezer(time: time))
        // A position on two axes, or one the node orients along, freezes to one value of each.
        copy.transform = transform.frozen(at: time)
        if case let .group(children) = content { copy.content = .group(children.map { $0.frozen(at: time) }) }
        if let window { copy.window = window.contains(time) ? nil : .hidden }
        if var matte { matte.source = matte.source.frozen(at: time); copy.matte = matte }
        return copy
    }
}


struct TrackFreezer: TrackRewriter {
    let time: Double
    func rewrite<Value: Interpolatable>(_ track: Animated<Value>, at place: TrackPlace) -> Animated<Value> {
        track.frozen(at: time)
    }
}

/// A clip (`clip:` in scenes): the node is drawn only inside `geometry` placed by `transform`, both in
/// the node's local coordinates (inside its repeat and its children, before the node's own
/// transform). The transform's `offset` is zero and its `opacity` 1: a clip has no style.
public struct ClipShape: Sendable, Equatable {
    public var geometry: Geometry
    public var transform: Transform

    public init(geometry: Geometry, transform: Transform = .identity) {
        self.geometry = geometry
        self.transform = transform
    }

    /// The clip's outline in the node's local coordinates at an instant.
    public func outline(at time: Double) -> PathShape {
        geometry.outline(at: time).applying(transform.matrix(at: time))
    }
}

/// A node's placement in its parent. A local point `q` lands at
/// `position + offset + rotate(rotation) · scale · (q − anchor)` in the parent's coordinates.
/// Rotation is in degrees, clockwise on screen; scale 1 is 100 %; opacity 0…1 applies to the node
/// as a whole (its content composites first, then fades).
public struct Transform: Sendable, Equatable {
    public var anchor: Animated<Point>
    public var position: Animated<Point>
    public var rotation: Animated<Double>
    public var scale: Animated<Point>
    public var offset: Animated<Point>
    public var opacity: Animated<Double>
    /// The position as two tracks of their own (`Compositing.swift`); `position` is then unused
    /// (zero), and `positionValue(at:)` reads the axes.
    public var axes: PositionAxes? {
        get { axesBox?.value }
        set { axesBox = newValue.map(Box.init) }
    }
    private var axesBox: Box<PositionAxes>?
    /// The node turns with the direction its position travels in (After Effects' auto-orient),
    /// added to `rotation` (`rotationValue(at:)`).
    public var autoOrient = false

    public init(
        anchor: Animated<Point> = Animated(.zero), position: Animated<Point> = Animated(.zero),
        rotation: Animated<Double> = Animated(0), scale: Animated<Point> = Animated(Point(1, 1)),
        offset: Animated<Point> = Animated(.zero), opacity: Animated<Double> = Animated(1), axes: PositionAxes? = nil,
        autoOrient: Bool = false
    ) {
        self.anchor = anchor
        self.position = position
        self.rotation = rotation
        self.scale = scale
        self.offset = offset
        self.opacity = opacity
        self.axesBox = axes.map(Box.init)
        self.autoOrient = autoOrient
    }

    public static let identity = Transform()

    public var isAnimated: Bool {
        anchor.isAnimated || position.isAnimated || rotation.isAnimated || scale.isAnimated
            || offset.isAnimated || opacity.isAnimated || (axes.map { $0.x.isAnimated || $0.y.isAnimated } ?? false)
    }

    /// Frozen, a node that orients along its path keeps the angle it has at that instant; a
    /// position on two axes stays on two.
    public func frozen(at time: Double) -> Transform {
        Transform(
            anchor: anchor.frozen(at: time), position: position.frozen(at: time),
            rotation: Animated(rotationValue(at: time), slot: rotation.slot), scale: scale.frozen(at: time),
            offset: offset.frozen(at: time), opacity: opacity.frozen(at: time),
            axes: axes.map { PositionAxes(x: $0.x.frozen(at: time), y: $0.y.frozen(at: time)) })
    }
}

/// What a shape node draws, in its local coordinates.
public enum Geometry: Sendable, Equatable {
    /// Centred on the local origin. Its outline starts at the top-left corner (after the corner's
    /// rounding) and runs clockwise.
    case rect(size: Animated<Point>, cornerRadius: Animated<Double>)
    /// Centred on the local origin; `size` is the full width and height. Its outline starts at
    /// 3 o'clock and runs clockwise, as SwiftUI's `Circle` and SVG's `<circle>`.
    case ellipse(size: Animated<Point>)
    /// A regular polygon (`innerRadius == nil`) or star, centred on the local origin, first point
    /// at 12 o'clock, clockwise. Polygons with rounded corners are lowered to `.path`.
    case polygon(sides: Int, radius: Animated<Double>, innerRadius: Animated<Double>?)
    /// Bézier contours. All values of the track have the same contour and vertex counts.
    case path(Animated<PathShape>)

}

public enum Paint: Sendable, Equatable {
    case color(Animated<RGBA>)
    /// Points are in the node's local coordinates (`units: bounds` has been resolved).
    case linearGradient(from: Animated<Point>, to: Animated<Point>, stops: Animated<GradientStops>)
    case radialGradient(center: Animated<Point>, radius: Animated<Double>, stops: Animated<GradientStops>)

}

public enum FillRule: String, Sendable { case nonzero, evenodd }
public enum LineCap: String, Sendable { case butt, round, square }
public enum LineJoin: String, Sendable { case miter, round, bevel }

/// How far past its outline a stroke `width` wide may paint: half its width, `miterLimit`
/// half-widths at a miter join, √2 half-widths at a square cap's corners. The importer leaving
/// out what is off the canvas and `lint`'s off-canvas check both judge by this bound, so an
/// imported scene is never one `lint` calls off the canvas.
public func strokeReach(width: Double, cap: LineCap, join: LineJoin, miterLimit: Double) -> Double {
    width / 2 * max(join == .miter ? max(miterLimit, 1) : 1, cap == .square ? 2.squareRoot() : 1)
}

public struct Stroke: Sendable, Equatable {
    public var paint: Paint
    public var width: Animated<Double>
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    /// Dash and gap lengths in px; empty for a solid line.
    public var dash: [Double]

    public init(
        paint: Paint, width: Animated<Double> = Animated(1), cap: LineCap = .butt, join: LineJoin = .miter,
        miterLimit: Double = 10, dash: [Double] = []
    ) {
        self.paint = paint
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dash = dash
    }
}

/// SwiftUI's `trim(from:to:)`: only the part of the outline between `start` and `end` (fractions
/// of its length, measured from the geometry's start point) is drawn, shifted along by `offset`.
public struct Trim: Sendable, Equatable {
    public var start: Animated<Double>
    public var end: Animated<Double>
    public var offset: Animated<Double>

    public init(start: Animated<Double> = Animated(0), end: Animated<Double> = Animated(1), offset: Animated<Double> = Animated(0)) {
        self.start = start
        self.end = end
        self.offset = offset
    }

}

public struct Style: Sendable, Equatable {
    public var fill: Paint?
    public var fillRule: FillRule
    public var stroke: Stroke? {
        get { strokeBox?.value }
        set { strokeBox = newValue.map(Box.init) }
    }
    public var trim: Trim? {
        get { trimBox?.value }
        set { trimBox = newValue.map(Box.init) }
    }
    // Stored out of line: most shapes have no stroke or trim (see `Node`'s repeat and clip).
    private var strokeBox: Box<Stroke>?
    private var trimBox: Box<Trim>?

    public init(fill: Paint? = nil, fillRule: FillRule = .nonzero, stroke: Stroke? = nil, trim: Trim? = nil) {
        self.fill = fill
        self.fillRule = fillRule
        self.strokeBox = stroke.map(Box.init)
        self.trimBox = trim.map(Box.init)
    }

}

/// `count` copies of a node's content; copy `i` (from 0) is transformed `i` times by
/// "about `anchor`: scale, rotate, then move by `offset`". Each copy composites on its own, at an
/// opacity running linearly from `startOpacity` (copy 0) to `endOpacity` (the last copy).
public struct Repeat: Sendable, Equatable {
    public var count: Int
    public var anchor: Point
    public var rotation: Double
    public var offset: Point
    public var scale: Point
    public var startOpacity: Double
    public var endOpacity: Double

    public init(
        count: Int, anchor: Point = .zero, rotation: Double = 0, offset: Point = .zero, scale: Point = Point(1, 1),
        startOpacity: Double = 1, endOpacity: Double = 1
    ) {
        self.count = count
        self.anchor = anchor
        self.rotation = rotation
        self.offset = offset
        self.scale = scale
        self.startOpacity = startOpacity
        self.endOpacity = endOpacity
    }

    public func opacity(ofCopy index: Int) -> Double {
        count <= 1 ? startOpacity : Double.interpolate(startOpacity, endOpacity, Double(index) / Double(count - 1))
    }
}

/// An immutable value stored out of line, compared by value: the rarely present parts of the IR's
/// `Node` and `Style`, whose setters replace the box (so copies never share a change).
final class Box<Value: Sendable & Equatable>: Sendable, Equatable {
    let value: Value

    init(_ value: Value) { self.value = value }

    static func == (a: Box, b: Box) -> Bool { a.value == b.value }
}
