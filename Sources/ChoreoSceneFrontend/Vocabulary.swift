import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline

/// The words of the scene language by place, with a line of documentation each: what editor
/// tooling (`choreo lsp` completion and hover) offers. The keys of nodes and of their style and
/// repeat maps, and their documentation, come from the property table (`Property`); the other
/// key lists are the ones the front end reads maps with (`sceneKeys`, `transitionKeys`,
/// `springKeys`…), so the reader, the schema and completion cannot disagree; `VocabularyTests`
/// still compile a scene using every key of every place and one made-up key.
public enum ScenePlace: String, Sendable, CaseIterable {
    case scene, node, stroke, gradient, linearGradient, radialGradient, trim, `repeat`, clip, state, nodeOverrides, a11y, perGlyph
    case transition, nodeTiming, timeline, tween, keyframe, easingMap, spring
    /// A state's `play: {timeline, loop, bind}`.
    case play
    case shadow
    /// A node's `artwork: {file, prefix}`.
    case artwork
    /// A node's `motion-path: {d, at}`, `time: {offset, stretch}` and `matte: {node, mode}`.
    case motionPath, time, matte
    /// One component of `components:` (`{layers, timelines}`).
    case component
}

public enum SceneVocabulary {
    /// The keys a map at `place` may have (for a node, of every shape; see `nodeKeys(shape:)`).
    public static func keys(_ place: ScenePlace) -> [String] {
        // `artwork:` is read before the property table, so the table does not hold it.
        if place == .node { return Property.nodeKeys.map(\.key) + [artworkKey, useKey] }
        if let properties = properties(place) { return properties.map(\.key) }
        return switch place {
        case .scene: sceneKeys
        case .state: stateOwnKeys
        case .play: playKeys
        case .artwork: [artworkFileKey, artworkPrefixKey]
        case .transition: transitionKeys
        case .nodeTiming: nodeTimingKeys
        case .timeline: timelineKeys
        case .tween: tweenKeys
        case .keyframe: keyframeKeys
        case .easingMap: easingMapKeys
        case .spring: springKeys
        case .component: componentKeys
        case .node, .stroke, .gradient, .linearGradient, .radialGradient, .trim, .repeat, .clip, .nodeOverrides, .shadow, .perGlyph, .a11y,
            .motionPath, .time, .matte:
            []
        }
    }

    /// The properties a place's keys are, for the places the property table describes.
    static func properties(_ place: ScenePlace) -> [Property]? {
        switch place {
        case .node: Property.nodeKeys
        // A state may also give a text node another `text`.
        case .nodeOverrides: Property.nodeKeys.filter { $0.isEverAnimatable || $0 == .text }
        default: mapProperty(place)?.children
        }
    }

    /// The property whose map a place is (`trim` for `.trim`).
    static func mapProperty(_ place: ScenePlace) -> Property? {
        switch place {
        case .stroke: .stroke
        case .gradient: .fill
        case .linearGradient: .fillLinear
        case .radialGradient: .fillRadial
        case .trim: .trim
        case .repeat: .repeat
        case .clip: .clip
        case .shadow: .shadow
        case .motionPath: .motionPath
        case .time: .time
        case .matte: .matte
        case .perGlyph: .perGlyph
        case .a11y: .a11y
        default: nil
        }
    }

    /// The keys of a node of one shape (`rect`, `ellipse`, `polygon`, `path`, `group`); nil for an
    /// unknown shape.
    public static func nodeKeys(shape: String) -> [String]? {
        guard let kind = ShapeKind(rawValue: shape) else { return nil }
        return kind.keys.map(\.key)
    }

    /// The properties a keyframe path may name after `node.` for a node of that shape.
    public static func keyframeProperties(shape: String) -> [String] {
        guard let kind = ShapeKind(rawValue: shape) else { return [] }
        return kind.keyframePaths.map(\.path)
    }

    public static let shapes = ShapeKind.allCases.map(\.rawValue)
    public static let triggerNames = triggerKeywords.map(\.0)
    public static let easingNames = namedEasings.map(\.name)
    public static let anchorNames = anchorKeywords.map(\.0)

    /// The values a key takes from a fixed set, with a line about each.
    /// The words a key takes in `place`: a key two maps share (`mode` on a mask and in a matte)
    /// takes its own map's words there.
    public static func enumValues(forKey key: String, in place: ScenePlace?) -> [(value: String, documentation: String)] {
        if let map = place.flatMap(mapProperty),
            let keywords = Property.allCases.lazy.compactMap({ $0.key == key && $0.parent == map ? $0.descriptor.keywords : nil }).first
        {
            return keywords.values.map { (value: $0.word, documentation: $0.documentation) }
        }
        return enumValues(forKey: key)
    }

    public static func enumValues(forKey key: String) -> [(value: String, documentation: String)] {
        if let keywords = Property.allCases.lazy.compactMap({ $0.key == key ? $0.descriptor.keywords : nil }).first {
            return keywords.values.map { (value: $0.word, documentation: $0.documentation) }
        }
        switch key {
        case "easing":
            return namedEasings.map { ($0.name, easingDocumentation[$0.name] ?? "") } + [
                ("cubic-bezier(0.2, 0, 0, 1)", "CSS cubic-bezier, SwiftUI timingCurve (write it quoted or as {cubic-bezier: […]})"),
                ("steps(4)", "CSS steps (jump-end)"),
                ("{spring: {}}", "a spring: {response, damping-fraction} or {duration, bounce}, all optional"),
                ("{spring: {stiffness: 170, damping: 15}}", "a spring by physics: SwiftUI interpolatingSpring(mass:stiffness:damping:), mass 1 by default"),
            ]
        case "on":
            return triggerKeywords.map { ($0.0, triggerDocumentation[$0.0] ?? "") }
        case "change": return TextChange.allCases.map { ($0.rawValue, $0.documentation) }
        case "exit": return LoopExit.allCases.map { ($0.rawValue, loopExitDocumentation($0)) }
        case "hit": return HitArea.allCases.map { ($0.rawValue, hitAreaDocumentation($0)) }
        case "interrupt": return Interruption.allCases.map { ($0.rawValue, interruptionDocumentation($0)) }
        case "reduced-motion": return ReducedMotion.allCases.map { ($0.rawValue, reducedMotionDocumentation($0)) }
        case Property.anchor.key: return anchorKeywords.map { ($0.0, "a point of the node's bounds") }
        case "loop", Property.closed.key: return [("true", ""), ("false", "")]
        case Property.fill.key, "background": return [("none", "no fill")]
        default: return []
        }
    }

    /// One line about a key at a place, or nil when the key does not belong there.
    public static func documentation(key: String, place: ScenePlace) -> String? {
        guard keys(place).contains(key) else { return nil }
        if place == .node, key == artworkKey { return artworkDocumentation }
        if place == .node, key == useKey { return useDocumentation }
        if let properties = properties(place) { return properties.first { $0.key == key }?.descriptor.documentation }
        return placeDocumentation[place]?[key] ?? keyDocumentation[key]
    }

    static let useDocumentation =
        "a component's name from `components:`: the node is a group of the component's nodes (ids prefixed with this node's), its timelines joining the scene's"

    static let artworkDocumentation =
        "an SVG file beside the scene (`icons/bell.svg`, `icons/bell.svg#clapper` for one element, or `{file, prefix}`): the node is a group of the SVG's elements, read at every compile"

    static let triggerDocumentation: [String: String] = [
        "tap": "a click or tap on the drawing", "press": "pointer down", "release": "pointer up",
        "hover": "the pointer enters the drawing", "hover-end": "the pointer leaves the drawing",
        "complete": "the state the transition leaves has been fully reached",
    ]

    static let easingDocumentation: [String: String] = [
        "linear": "constant speed", "ease": "CSS ease (0.25, 0.1, 0.25, 1)",
        "ease-in": "SwiftUI easeIn (0.42, 0, 1, 1)", "ease-out": "SwiftUI easeOut (0, 0, 0.58, 1)",
        "ease-in-out": "SwiftUI easeInOut (0.42, 0, 0.58, 1), the default", "hold": "jumps at the end (a hold keyframe)",
        "smooth": "SwiftUI .smooth: a spring, duration 0.5s, bounce 0", "snappy": "SwiftUI .snappy: a spring, bounce 0.15",
        "bouncy": "SwiftUI .bouncy: a spring, bounce 0.3",
    ]

    /// Documentation where a key means something different from its usual meaning.
    static let placeDocumentation: [ScenePlace: [String: String]] = [
        .scene: ["size": "the canvas `[w, h]` in px; both > 0 (required)", "name": "the scene's name: output file names, Lottie `nm`"],
        .transition: ["theme": "the theme the transition switches to", "from": "the state the transition starts in, or `any` (every state but `to`)", "to": "the state it ends in", "duration": "how long it takes (default 0.35s)", "nodes": "per-node (`node`) and per-property (`node.property`) duration, delay and easing; the most specific wins", "play": "a timeline played once from the transition's start, on top of the moving pose", "keyframes": "keyframes replacing the motion of their properties; `at` within the motion (`40%` of its duration)"],
        .play: ["timeline": "the timeline the state plays", "loop": "true or false: loops the timeline here, whatever it says itself", "bind": "a number input with a range: the timeline's position follows it instead of playing (its range laid over the timeline)"],
        .tween: ["at": "when the tween starts on the timeline (a time, or `40%` of its duration)", "to": "absolute values per node `{node: {property: value}}`", "by": "relative values per node, added to the current ones"],
        .keyframe: ["at": "the time of the keyframe on the timeline or in the transition (a time, or `40%` of its duration)", "value": "the property's value at that time", "easing": "the easing from the previous keyframe to this one"],
        .spring: [
            "duration": "perceptual duration (default 0.5s), with bounce", "bounce": "−0.99…0.99 (default 0), with duration",
            "damping": "damping coefficient c > 0, with stiffness (SwiftUI interpolatingSpring)",
        ],
        .nodeTiming: ["duration": "this node's duration in the transition", "delay": "this node's delay"],
        .artwork: [
            artworkFileKey: "the SVG file, relative to the scene's folder (`#id` after it for one element)",
            artworkPrefixKey: "put before every node id the SVG brings, so one SVG can be used twice (`bell-`)",
        ],
    ]

    static let keyDocumentation: [String: String] = [
        "inputs": "values the app sets: `{progress: {number: 0, range: [0, 1]}, muted: {boolean: false}, label: {string: \"\"}}`",
        "when": "a guard: `\"progress >= 1\"`, `\"muted and count < 3\"`; without `on:` taken as soon as it holds",
        "set": "inputs the transition sets: `{count: 3}`, `{count: +1}`, `{muted: toggle}`",
        "emit": "an event the transition tells the app (`choreo:event`, dotLottie `CustomEvent`)",
        "change": "how a text that differs between the two states changes: fade (default), roll-up, roll-down or morph",
        "target": "a node: only a pointer on its drawing fires the transition's trigger (tap, press, release, hover, hover-end)",
        "hit": "which part of the target takes the pointer: shape (its fill and stroke, default) or bounds",
        "interrupt": "what a trigger arriving while the transition plays does: retarget (default), finish or ignore",
        "exit": "out of a state that loops a timeline: now (default) or cycle-end (waits for the running cycle to end)",
        "reduced-motion": "for a viewer who asks for reduced motion: fade (default: the poses cross-fade), none (jump) or same (play as usual)",
        "choreo": "the format version: `1` (a plain number)",
        "fps": "frame rate of the Lottie output and of frame units (`21f`), 1…240",
        "background": "a colour that fills the canvas, or `none`",
        "vars": "named values: numbers with units, colours, points, easings, strokes and gradients; used as `$name` (or parked for a YAML alias, read where the alias puts it)",
        "themes": "named sets of var values (`{dark: {accent: \"#0A84FF\"}}`); each theme is the scene with those vars",
        "layers": "the nodes, drawn bottom to top",
        "components": "pieces written once, each {layers, timelines}, placed by nodes with `use:` (`{id: star-1, use: star}`)",
        "path": "a position keyframe's spatial tangents {in, out}: the handles of the curve arriving at it and leaving it, relative to its value",
        "states": "named poses: per node, the values that differ from the base",
        "initial": "the state shown at rest (default: the first)",
        "transitions": "animated moves between states: from, to, on, duration, delay, easing",
        "timelines": "free animations, optionally looping: tweens and keyframes",
        "budget": "the most bytes a compiled Lottie, TGS or dotLottie may have: `64KiB`, `500KB` or a number of bytes",
        "fonts": "named fonts for text nodes: {file: PATH} next to the scene, or {family: NAME}; weight, index",
        "a11y": "accessibility: {label}",
        "play": "a timeline played while the scene rests in this state: NAME or {timeline: NAME, loop: true|false, bind: INPUT} (bind: its position follows a number input across its range)",
        "label": "text for assistive technology",
        "on": "the trigger: tap, hover or complete",
        "delay": "wait before starting",
        "duration": "how long it takes",
        "easing": "an easing name, cubic-bezier(…), steps(n), {spring: {…}} or an easing `$var`",
        "loop": "true to loop the timeline seamlessly",
        "tweens": "moves `{at, duration, to|by, easing}`",
        "keyframes": "`node.property: [{at, value, easing}, …]`",
        "cubic-bezier": "`[x1, y1, x2, y2]`, x in 0…1",
        "steps": "a number of steps (jump-end)",
        "spring": "{response, damping-fraction}, {duration, bounce} or {stiffness, damping, mass}",
        "stiffness": "spring stiffness k > 0 (SwiftUI interpolatingSpring), with damping",
        "mass": "spring mass > 0 (default 1), with stiffness and damping",
        "response": "SwiftUI spring response in seconds (default 0.5)",
        "damping-fraction": "SwiftUI dampingFraction (default 0.825; 1 = no overshoot)",
    ]
}

/// What each `hit:` value takes the pointer with, for completion.
func hitAreaDocumentation(_ hit: HitArea) -> String {
    switch hit {
    case .shape: "the node's fill and stroke, as drawn (default)"
    case .bounds: "the node's bounding box"
    }
}

/// What each `interrupt:` value does with a trigger during the transition, for completion.
func interruptionDocumentation(_ interrupt: Interruption) -> String {
    switch interrupt {
    case .retarget: "taken at once: the next transition starts from the values on screen (default)"
    case .finish: "waits until the transition ends (a later trigger replaces it)"
    case .ignore: "dropped"
    }
}

/// What each `exit:` value does, for completion.
func loopExitDocumentation(_ exit: LoopExit) -> String {
    switch exit {
    case .now: "the transition starts at once, from the values on screen in the SVG and the preview (default)"
    case .cycleEnd: "the transition starts when the loop's running cycle ends, so nothing pops"
    }
}
