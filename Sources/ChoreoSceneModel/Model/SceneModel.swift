import ChoreoDiagnostics
import ChoreoTimeline

// The scene model: what a valid scene file says, with every value resolved (vars substituted,
// units converted: times in seconds, angles in degrees, colours as RGBA, anchors and
// `units: bounds` resolved to local points, styles inherited from groups). The front end builds
// it from the YAML tree and reports every problem; lowering turns it into a `Timeline` and
// reports nothing but the warnings it alone can see (a looping timeline that jumps at its seam).
//
// Animatable properties are addressed by a `Property` of the property table (PropertyTable.swift),
// written in scenes as a path such as `rotation` or `trim.end`, so that states, tweens and
// keyframes share one mechanism.

public enum PropertyValue: Sendable, Equatable {
    case number(Double)
    case point(Point)
    case color(RGBA)
    case path(PathShape)
    case stops(GradientStops)
}

/// A property of one node: what states, tweens and keyframes animate.
public struct PropertyKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var node: String
    public var property: Property

    public init(node: String, property: Property) {
        self.node = node
        self.property = property
    }

    public static func < (a: PropertyKey, b: PropertyKey) -> Bool {
        a.node != b.node ? a.node < b.node : a.property < b.property
    }

    public var description: String { "\(node).\(property)" }
}

public struct Scene: Sendable {
    public var name: String
    public var size: Point
    public var fps: Double
    public var background: RGBA?
    /// Bottom to top.
    public var layers: [SceneNode]
    /// In file order. A scene without states has none (its first timeline plays on load).
    public var states: [SceneState]
    /// The initial state's name (the first state unless `initial:` names another); nil without states.
    public var initial: String?
    public var transitions: [SceneTransition]
    /// `inputs:`, in file order (contract §17).
    public var inputs: [MachineInput] = []
    /// Where each input was declared.
    public var inputRanges: [String: SourceRange] = [:]
    /// Every `{bind: …}` the scene writes, in file order (contract §20).
    public var bindings: [SceneBinding] = []
    /// The live texts (contract §20), each node already a group of its cells.
    public var liveTexts: [LiveText] = []
    /// `themes:`, in file order.
    public var themes: [SceneTheme] = []
    /// Every var's value (for naming theme slots after the var they come from).
    public var vars: [String: VarValue] = [:]
    /// The unit point of each node whose `anchor:` is a keyword other than `center` (`bottom` is
    /// (0.5, 1)), by node id: its anchor follows the node's animated geometry (contract §16).
    public var keywordAnchors: [String: Point] = [:]
    /// In file order.
    public var timelines: [SceneTimeline]
    /// `budget:`: the most bytes a compiled Lottie, TGS or dotLottie file may have.
    public var budget: OutputBudget?
    /// The font files `fonts:` read: what the output depends on besides the scene file.
    public var fontFiles: [String] = []
    /// The text each state gives a text node (`text:` in a state, contract §13), by state name and
    /// node id.
    public var stateTexts: [String: [String: WrittenText]] = [:]
    /// The scene before the front end split its text nodes into their texts' runs and glyphs:
    /// nodes, states, transitions and timelines keyed by the author's ids only (what `choreo diff`
    /// compares).
    public var authored: AuthoredScene?
    /// Where the scene's map starts: what a finding about the scene as a whole points at.
    public var documentStart = SourceLocation.start

    public init(
        name: String, size: Point, fps: Double, background: RGBA?, layers: [SceneNode], states: [SceneState],
        initial: String?, transitions: [SceneTransition], timelines: [SceneTimeline]
    ) {
        self.name = name
        self.size = size
        self.fps = fps
        self.background = background
        self.layers = layers
        self.states = states
        self.initial = initial
        self.transitions = transitions
        self.timelines = timelines
    }
}

/// A text as a state writes it, and where.
public struct WrittenText: Sendable, Equatable {
    public var text: String
    public var range: SourceRange

    package init(text: String, range: SourceRange) {
        self.text = text
        self.range = range
    }
}

/// A scene kept as it was before a later stage of the front end rewrote it.
public final class AuthoredScene: Sendable {
    public let scene: Scene

    package init(_ scene: Scene) { self.scene = scene }
}

extension Scene {
    /// Each state's position in `states` by name (the first, should a scene built in code repeat a
    /// name), made once by the stages that look states up by name for every transition, span or
    /// state: scanning `states` each time was quadratic in a scene's states (8,000 states and
    /// transitions took seconds to lint).
    public func stateIndicesByName() -> [String: Int] {
        var indices: [String: Int] = [:]
        indices.reserveCapacity(states.count)
        for (index, state) in states.enumerated() where indices[state.name] == nil { indices[state.name] = index }
        return indices
    }

    /// Calls `body` with every key `transition` may move: those either of its states overrides,
    /// each once (`from`'s, then those of `to` that `from` lacks), without building a set of them.
    /// The limit counts of the baked segments and of the output work both walk them.
    package func forEachKey(movedBy transition: SceneTransition, stateIndices: [String: Int], _ body: (PropertyKey) -> Void) {
        let from = stateIndices[transition.from].map { states[$0].overrides } ?? [:]
        let to = stateIndices[transition.to].map { states[$0].overrides } ?? [:]
        for key in from.keys { body(key) }
        for key in to.keys where from[key] == nil { body(key) }
    }
}

public enum SceneShape: Sendable, Equatable {
    case rect
    case ellipse
    /// `sides` and whether `inner-radius` makes it a star; `corner-radius` of polygons is static.
    case polygon(sides: Int, star: Bool, cornerRadius: Double)
    case path
    case group([SceneNode])

    /// A polygon whose `inner-radius` makes it a star.
    package var isStar: Bool {
        if case .polygon(_, true, _) = self { return true }
        return false
    }
}

public enum FillKind: Sendable, Equatable {
    case none
    case solid
    case linear
    case radial
}

/// One node as written in `layers`, with the base value of every animatable property it has.
public struct SceneNode: Sendable, Equatable {
    public var id: String
    /// The node's `id:` value, for notes ("first defined here").
    public var range: SourceRange
    public var shape: SceneShape
    /// Base values of every animatable property that applies to this node, defaults included
    /// (for example `opacity` 1, `rotation` 0, `position` at the anchor when not given).
    public var base: PropertyValues
    public var fill: FillKind
    public var fillRule: FillRule
    /// Nil when the node has no stroke (after inheritance).
    public var stroke: StrokeStyle?
    /// True when the node (or its group) is trimmed; `trim.*` then are in `base`.
    public var trimmed: Bool
    /// A text node's text: its accessible name in the outputs.
    public var accessibleName: String?
    /// Where the node's keys were written and what its reader measured of it, for the model's
    /// checks; nil for a node built in code.
    public var source: SceneNodeSource? {
        get { sourceBox?.value }
        set { sourceBox = newValue.map(SourceBox.init) }
    }
    private var sourceBox: SourceBox?

    private final class SourceBox: Sendable, Equatable {
        let value: SceneNodeSource

        init(_ value: SceneNodeSource) { self.value = value }

        static func == (a: SourceBox, b: SourceBox) -> Bool { a.value == b.value }
    }
    public var `repeat`: Repeat? {
        get { rare?.repeat }
        set { rare = RareParts.make(repeat: newValue, stagger: stagger, clip: clip, origin: origin) }
    }
    /// `repeat.delay` and `repeat.fill`: what makes the copies differ in time and colour.
    public var stagger: RepeatStagger? {
        get { rare?.stagger }
        set { rare = RareParts.make(repeat: `repeat`, stagger: newValue, clip: clip, origin: origin) }
    }
    /// The shape of the node's `clip:` (never a group), nil without one; its geometry and
    /// transform values are in `base` as `clip.size`, `clip.position`, and so on.
    public var clip: SceneShape? {
        get { rare?.clip }
        set { rare = RareParts.make(repeat: `repeat`, stagger: stagger, clip: newValue, origin: origin) }
    }
    /// The node the author wrote that the front end made this one from, for a node no YAML map
    /// defines; nil for a node the author wrote. Lowering gives it to the IR node's `NodeSource`.
    public var origin: SceneNodeOrigin? {
        get { rare?.origin }
        set { rare = RareParts.make(repeat: `repeat`, stagger: stagger, clip: clip, origin: newValue) }
    }

    var traitsBox: TraitsBox?

    /// `repeat`, `stagger`, `clip` and `origin`, which few nodes have, behind one optional
    /// reference: inline they were 200 of a node's 328 bytes, and a large scene's nodes are held
    /// in several arrays through lowering (8.7 MB at 10,000 nodes).
    private var rare: RareParts?

    private final class RareParts: Sendable, Equatable {
        let `repeat`: Repeat?
        let stagger: RepeatStagger?
        let clip: SceneShape?
        let origin: SceneNodeOrigin?

        init(repeat: Repeat?, stagger: RepeatStagger?, clip: SceneShape?, origin: SceneNodeOrigin?) {
            self.repeat = `repeat`
            self.stagger = stagger
            self.clip = clip
            self.origin = origin
        }

        static func make(repeat: Repeat?, stagger: RepeatStagger?, clip: SceneShape?, origin: SceneNodeOrigin?) -> RareParts? {
            `repeat` == nil && stagger == nil && clip == nil && origin == nil
                ? nil : RareParts(repeat: `repeat`, stagger: stagger, clip: clip, origin: origin)
        }

        static func == (a: RareParts, b: RareParts) -> Bool {
            a.repeat == b.repeat && a.stagger == b.stagger && a.clip == b.clip && a.origin == b.origin
        }
    }

    public init(
        id: String, range: SourceRange, shape: SceneShape, base: PropertyValues, fill: FillKind,
        fillRule: FillRule = .nonzero, stroke: StrokeStyle? = nil, trimmed: Bool = false, repeat: Repeat? = nil,
        stagger: RepeatStagger? = nil
    ) {
        self.id = id
        self.range = range
        self.shape = shape
        self.base = base
        self.fill = fill
        self.fillRule = fillRule
        self.stroke = stroke
        self.trimmed = trimmed
        self.rare = RareParts.make(repeat: `repeat`, stagger: stagger, clip: nil, origin: nil)
    }
}

/// Which part of an author's node a node the front end made is.
public enum SceneNodeOrigin: Sendable, Equatable {
    /// Glyph `index` (from 0, in reading order) of the text node `text`, which `per-glyph:` motion
    /// split into one path per glyph.
    case glyph(of: String, index: Int)
}

/// What the scene file says about one node beyond its values: where its keys were written (the
/// model's checks report there) and its measured geometry. The front end fills it in while it
/// reads the node; `SceneNode` keeps it behind one reference, so that a node stays small through
/// lowering.
public struct SceneNodeSource: Sendable, Equatable {
    /// The shape as written: a text node is a path in the model.
    package var kind: ShapeKind
    /// The geometry's box in the node's own coordinates: a group's is its children's, placed; a
    /// text's is its laid-out lines', which its values do not give back.
    package var localBounds = Bounds.zero
    /// The clip's box in the node's coordinates; nil without a clip, or when the clip had errors.
    package var clipBounds: Bounds?
    /// Where `position:` was written.
    package var positionRange: SourceRange?
    /// Whether `anchor:` was written (else the anchor is the centre of the bounds).
    package var anchorWritten = false
    package var anchorKeyword: AnchorKeyword?
    /// Where `repeat.fill` was written.
    package var repeatFillRange: SourceRange?
    /// True when the node's definition had errors. The front end checks the model it built before
    /// it refuses such a scene, so the checks skip these nodes instead of reporting consequences.
    package var hadErrors = false
    /// Where each key of the node's own map was written (where it is used, for a key merged in
    /// through an alias), in file order: the source map that checks of the lowered timeline point
    /// back through, without the YAML tree.
    package var keyRanges: [KeyRange] = []

    /// A node key and where it was written.
    package struct KeyRange: Sendable, Equatable {
        package var property: Property
        package var range: SourceRange

        package init(_ property: Property, _ range: SourceRange) {
            self.property = property
            self.range = range
        }
    }

    /// Where `property`'s key was written in the node's own map.
    package func keyRange(_ property: Property) -> SourceRange? {
        keyRanges.first { $0.property == property }?.range
    }

    /// An `anchor:` keyword: the word, where it stands, and the range a fix-it may rewrite (a
    /// plain scalar's, else nil).
    package struct AnchorKeyword: Sendable, Equatable {
        package var word: String
        package var range: SourceRange
        package var editable: SourceRange?

        package init(word: String, range: SourceRange, editable: SourceRange?) {
            self.word = word
            self.range = range
            self.editable = editable
        }
    }

    package init(
        kind: ShapeKind, localBounds: Bounds = .zero, clipBounds: Bounds? = nil, positionRange: SourceRange? = nil,
        anchorWritten: Bool = false, anchorKeyword: AnchorKeyword? = nil, repeatFillRange: SourceRange? = nil,
        hadErrors: Bool = false
    ) {
        self.kind = kind
        self.localBounds = localBounds
        self.clipBounds = clipBounds
        self.positionRange = positionRange
        self.anchorWritten = anchorWritten
        self.anchorKeyword = anchorKeyword
        self.repeatFillRange = repeatFillRange
        self.hadErrors = hadErrors
    }
}

/// How a repeat's copies differ beyond their placement (contract §10): copy `i` runs every
/// animation of the node (its descendants' included) `i × delay` later, and its shapes' solid
/// fill is `fill` blended from the first colour (copy 0) to the last.
public struct RepeatStagger: Sendable, Equatable {
    /// Seconds; 0 for none.
    public var delay: Double
    public var fill: (first: RGBA, last: RGBA)?

    public init(delay: Double = 0, fill: (first: RGBA, last: RGBA)? = nil) {
        self.delay = delay
        self.fill = fill
    }

    public static func == (a: RepeatStagger, b: RepeatStagger) -> Bool {
        a.delay == b.delay && a.fill?.first == b.fill?.first && a.fill?.last == b.fill?.last
    }

    /// The solid fill of copy `index` of `count`, if the repeat blends one.
    public func fill(ofCopy index: Int, count: Int) -> RGBA? {
        guard let fill else { return nil }
        return RGBA.interpolate(fill.first, fill.last, count <= 1 ? 0 : Double(index) / Double(count - 1))
    }
}

/// The static part of a stroke (colour and width are animatable properties).
public struct StrokeStyle: Sendable, Equatable {
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    public var dash: [Double]
    /// A gradient the stroke is painted with instead of its colour, in the node's local
    /// coordinates (`units: bounds` resolved); set in layers, not animated.
    public var gradient: StrokeGradient?

    public init(cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10, dash: [Double] = [], gradient: StrokeGradient? = nil) {
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dash = dash
        self.gradient = gradient
    }
}

/// A stroke's gradient, in the node's local coordinates.
public enum StrokeGradient: Sendable, Equatable {
    case linear(from: Point, to: Point, stops: GradientStops)
    case radial(center: Point, radius: Double, stops: GradientStops)
}

/// An easing as the scene language knows it, before lowering reduces it to `Easing`.
public enum EasingSpec: Sendable, Equatable {
    case linear
    case cubic(Double, Double, Double, Double)
    case hold
    /// CSS `steps(n)` with jump-end: the value moves in `count` equal jumps, the last at the end.
    case steps(Int)
    /// SwiftUI's spring(response:dampingFraction:), mass 1, starting at rest.
    case spring(response: Double, dampingFraction: Double)
    /// CSS `linear(…)`: progress runs along straight lines through these points (x the fraction
    /// of the duration, from 0 to 1 in order; y the fraction of the motion, which may overshoot);
    /// two points at one x jump there.
    case piecewise([Point])
}

public struct SceneState: Sendable, Equatable {
    public var name: String
    public var range: SourceRange
    /// Only the properties the state changes.
    public var overrides: [PropertyKey: PropertyValue]
    /// Where each override was written, for notes (mismatched morphs).
    public var overrideRanges: [PropertyKey: SourceRange]
    /// The state's `a11y: {label}`.
    public var label: String?
    /// A timeline played on top of the state's pose while it is shown (`play:`).
    public var play: String?
    /// The long form's `loop:`; nil plays the timeline as it says (`loop:` of the timeline).
    public var playLoop: Bool?
    /// The long form's `bind:`: the number input the played timeline's position follows, and
    /// where it was written.
    public var playBind: PlayBind?
    /// The list form's timelines (`play: [a, {timeline: b, loop: true}]`), each on its own clock,
    /// the later winning where two animate one property. Empty for the one-timeline forms (and a
    /// list of one), which `play` and `playLoop` hold.
    public var playLayers: [PlayLayer] = []

    public struct PlayLayer: Sendable, Equatable {
        public var timeline: String
        /// The entry's `loop:`; nil plays the timeline as it says.
        public var loop: Bool?
        public var range: SourceRange

        package init(timeline: String, loop: Bool?, range: SourceRange) {
            self.timeline = timeline
            self.loop = loop
            self.range = range
        }
    }

    public struct PlayBind: Sendable, Equatable {
        public var input: String
        public var range: SourceRange

        package init(input: String, range: SourceRange) {
            self.input = input
            self.range = range
        }
    }

    public init(
        name: String, range: SourceRange, overrides: [PropertyKey: PropertyValue],
        overrideRanges: [PropertyKey: SourceRange] = [:], label: String? = nil, play: String? = nil
    ) {
        self.name = name
        self.range = range
        self.overrides = overrides
        self.overrideRanges = overrideRanges
        self.label = label
        self.play = play
    }
}

public struct Timing: Sendable, Equatable {
    /// Seconds.
    public var duration: Double
    public var delay: Double
    public var easing: EasingSpec

    public init(duration: Double, delay: Double = 0, easing: EasingSpec) {
        self.duration = duration
        self.delay = delay
        self.easing = easing
    }
}

public struct SceneTransition: Sendable, Equatable {
    public var from: String
    public var to: String
    /// `.programmatic` without `on:`.
    public var trigger: Trigger
    public var timing: Timing
    /// Timing overrides by node (`nodes: {top: {delay: 0s}}`) and by property
    /// (`nodes: {top.opacity: {easing: ease-out}}`, keyed `top.opacity`), each already merged with
    /// what it refines (a property's entry with its node's, a node's with `timing`).
    public var nodeTiming: [String: Timing]
    public var range: SourceRange
    /// The timeline played once from the transition's start, on top of the moving pose (`play:`).
    public var play: String?
    /// Keyframes replacing the motion of their properties (`keyframes:`), times from the end of
    /// `timing.delay`; a first or last keyframe left out is the source or destination pose.
    public var keyframes: [PropertyKey: [Keyframe]]
    /// `when:`.
    public var guardCondition: TransitionGuard?
    /// `set:`, `theme:`, `emit:`.
    public var actions: [TransitionAction] = []
    /// `change:`: how the text of a text node that differs between the two states changes.
    public var textChange: TextChange = .fade
    /// `exit:`: out of a looping state, at once or when the running cycle ends.
    public var exit: LoopExit = .now
    /// Where `exit:` is written, and the fix-it that removes it.
    public var exitSource: ExitSource?
    /// `reduced-motion:`: what the transition does for a viewer who asks for reduced motion.
    public var reducedMotion: ReducedMotion = .fade
    /// `target:` and `hit:`: the node a pointer trigger must land on, and where `target:` is written.
    public var target: TriggerTarget?
    public var targetRange: SourceRange?
    /// `interrupt:`: what a trigger arriving while this transition plays does.
    public var interrupt: Interruption = .retarget

    public struct ExitSource: Sendable, Equatable {
        public var range: SourceRange
        public var removal: [FixIt]

        package init(range: SourceRange, removal: [FixIt]) {
            self.range = range
            self.removal = removal
        }
    }

    public init(
        from: String, to: String, trigger: Trigger, timing: Timing, nodeTiming: [String: Timing] = [:],
        range: SourceRange, play: String? = nil, keyframes: [PropertyKey: [Keyframe]] = [:]
    ) {
        self.from = from
        self.to = to
        self.trigger = trigger
        self.timing = timing
        self.nodeTiming = nodeTiming
        self.range = range
        self.play = play
        self.keyframes = keyframes
    }

    /// The timing a property moves with: the most specific entry of `nodeTiming` (`top.stroke.width`,
    /// then `top.stroke`, then `top`), else the transition's own (contract §9).
    public func timing(for key: PropertyKey) -> Timing {
        // Most transitions refine nothing: no key text to build for each property they move.
        if nodeTiming.isEmpty { return timing }
        var path = key.property.path
        while true {
            if let timing = nodeTiming["\(key.node).\(path)"] { return timing }
            guard let dot = path.lastIndex(of: ".") else { break }
            path = String(path[..<dot])
        }
        return nodeTiming[key.node] ?? timing
    }
}

public struct Tween: Sendable, Equatable {
    /// Seconds from the timeline's start.
    public var at: Double
    public var timing: Timing
    /// `to:` values are absolute; `by:` values (`relative`) are added to the value at the start.
    public var values: [PropertyKey: PropertyValue]
    public var relative: Bool
    public var range: SourceRange

    public init(at: Double, timing: Timing, values: [PropertyKey: PropertyValue], relative: Bool, range: SourceRange) {
        self.at = at
        self.timing = timing
        self.values = values
        self.relative = relative
        self.range = range
    }
}

public struct Keyframe: Sendable, Equatable {
    public var at: Double
    public var value: PropertyValue
    /// The easing of the motion arriving at this keyframe (After Effects' "ease into"), linear by default.
    public var easing: EasingSpec
    public var range: SourceRange
    /// A position keyframe's spatial tangents (`path: {in, out}`), relative to its value: the
    /// curve arriving at it leaves the previous keyframe towards `value + pathIn`, the one leaving
    /// it heads out towards `value + pathOut` (After Effects' motion path handles).
    public var pathIn: Point?
    public var pathOut: Point?

    public init(at: Double, value: PropertyValue, easing: EasingSpec = .linear, range: SourceRange, pathIn: Point? = nil, pathOut: Point? = nil) {
        self.at = at
        self.value = value
        self.easing = easing
        self.range = range
        self.pathIn = pathIn
        self.pathOut = pathOut
    }
}

public struct SceneTimeline: Sendable, Equatable {
    public var name: String
    public var range: SourceRange
    /// Seconds.
    public var duration: Double
    public var loop: Bool
    public var tweens: [Tween]
    public var keyframes: [PropertyKey: [Keyframe]]
    /// `reduced-motion:`: what the timeline does for a viewer who asks for reduced motion.
    public var reducedMotion: ReducedMotion = .fade
    /// How much later than the keyframes and tweens say each of these properties moves: in a loop
    /// the delay wraps round the cycle, as a staggered repeat's does; played once, the motion
    /// starts that much later and its span is lengthened for it (the glyphs of a per-glyph text
    /// in a looping timeline, contract §13).
    public var delays: [PropertyKey: Double] = [:]
    /// Where the value each property ends on is written, when a last keyframe's `value:` writes it
    /// (for fix-its that change where the timeline ends).
    public var endValueRanges: [PropertyKey: SourceRange] = [:]

    public init(
        name: String, range: SourceRange, duration: Double, loop: Bool, tweens: [Tween],
        keyframes: [PropertyKey: [Keyframe]]
    ) {
        self.name = name
        self.range = range
        self.duration = duration
        self.loop = loop
        self.tweens = tweens
        self.keyframes = keyframes
    }
}

/// A value that follows an input (`{bind: INPUT, …}`, contract §20), where it was written. The
/// model holds the value the binding has at the compiled input values; lowering and the token
/// builder find out how the tracks move from compiling again at other values.
public struct SceneBinding: Sendable, Equatable {
    public var input: String
    /// The node whose value it is, and which of its properties (a key of a map, `trim.end`).
    public var node: String
    public var property: Property
    /// The binding's map.
    public var range: SourceRange
    /// `animate: {duration, easing}`: how the value glides to a new one when the input changes.
    public var glide: Timing?

    public init(input: String, node: String, property: Property, range: SourceRange, glide: Timing? = nil) {
        self.input = input
        self.node = node
        self.property = property
        self.range = range
        self.glide = glide
    }
}

/// What a node has of After Effects' layer: parenting, its in and out points, a blend mode, the
/// direction it faces, a motion path, its group's clock, masks and a track matte (contract §22).
/// Few nodes have any, so a node keeps them behind one reference (`SceneNode.traits`).
public struct SceneLayerTraits: Sendable, Equatable {
    /// The id of the sibling whose transform the node follows.
    public var parent: String?
    /// `visible: [in, out]`, seconds of each span's clock (after the enclosing groups' `time:`).
    public var visible: TimeWindow?
    public var blend: BlendMode = .normal
    /// `orient: auto`.
    public var orients = false
    /// `motion-path`: the path the position travels along; how far is the `motion-path.at` property.
    public var motionPath: PathShape?
    /// A group's `time: {offset, stretch}` (its descendants' animations in timelines).
    public var time: TimeMap?
    /// `mask:`, each mask a shape node in the node's local coordinates (never drawn).
    public var masks: [SceneNode] = []
    /// For a node that is a mask: how it combines with the masks before it, and whether its
    /// outside counts.
    public var maskMode: MaskMode?
    public var inverted = false
    /// `matte: {node, mode}`.
    public var matte: MatteReference?

    public init() {}

    package var isEmpty: Bool { self == SceneLayerTraits() }
}

/// `[in, out]` seconds.
public struct TimeWindow: Sendable, Equatable {
    public var start: Double
    public var end: Double

    public init(start: Double, end: Double) {
        self.start = start
        self.end = end
    }
}

/// A group's clock: a time `t` of its parent is `(t − offset) / stretch` of the group's.
public struct TimeMap: Sendable, Equatable {
    public var offset: Double
    public var stretch: Double

    public init(offset: Double = 0, stretch: Double = 1) {
        self.offset = offset
        self.stretch = stretch
    }

    /// A time of the group's clock on its parent's.
    public func outer(_ time: Double) -> Double { offset + stretch * time }
}

public struct MatteReference: Sendable, Equatable {
    public var node: String
    public var mode: MatteMode

    public init(node: String, mode: MatteMode) {
        self.node = node
        self.mode = mode
    }
}

extension SceneNode {
    public var traits: SceneLayerTraits {
        get { traitsBox?.value ?? SceneLayerTraits() }
        set { traitsBox = newValue.isEmpty ? nil : TraitsBox(newValue) }
    }

    /// The node's masks (`mask:`), shape nodes in its local coordinates.
    public var masks: [SceneNode] { traitsBox?.value.masks ?? [] }
}

final class TraitsBox: Sendable, Equatable {
    let value: SceneLayerTraits

    init(_ value: SceneLayerTraits) { self.value = value }

    static func == (a: TraitsBox, b: TraitsBox) -> Bool { a.value == b.value }
}
