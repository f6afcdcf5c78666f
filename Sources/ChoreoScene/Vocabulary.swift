import ChoreoDiagnostics

/// The words of the scene language by place, with a line of documentation each: what editor
/// tooling (`choreo lsp` completion and hover) offers. The key lists are the front end's own
/// (`sceneKeys`, `commonNodeKeys`, `geometryKeys`, `stateOwnKeys`, `triggers`, `namedEasings`…) or,
/// where the front end writes them inline, checked against it by `VocabularyTests`, which compile
/// a scene using every key of every place and one made-up key.
public enum ScenePlace: String, Sendable, CaseIterable {
    case scene, node, stroke, gradient, linearGradient, radialGradient, trim, `repeat`, clip, state, nodeOverrides, a11y
    case transition, nodeTiming, timeline, tween, keyframe, easingMap, spring
}

public enum SceneVocabulary {
    /// The keys a map at `place` may have (for a node, of every shape; see `nodeKeys(shape:)`).
    public static func keys(_ place: ScenePlace) -> [String] {
        switch place {
        case .scene: sceneKeys
        case .node: commonNodeKeys + ["size", "corner-radius", "radius", "sides", "inner-radius", "d", "points", "contours", "closed", "morph", "children"]
        case .stroke: ["color", "width", "cap", "join", "miter-limit", "dash"]
        case .gradient: ["linear", "radial", "stops", "units"]
        case .linearGradient: ["from", "to"]
        case .radialGradient: ["center", "radius"]
        case .trim: ["start", "end", "offset"]
        case .repeat: ["count", "rotation", "offset", "scale", "anchor", "opacity", "delay", "fill"]
        case .clip: ["shape", "size", "corner-radius", "radius", "sides", "inner-radius", "d", "points", "contours", "closed"] + clipTransformKeys
        case .state: stateOwnKeys
        case .nodeOverrides: transformKeys + ["size", "corner-radius", "radius", "inner-radius", "d", "points", "contours", "fill", "stroke", "trim", "clip"]
        case .a11y: ["label"]
        case .transition: ["from", "to", "on", "duration", "delay", "easing", "nodes"]
        case .nodeTiming: ["duration", "delay", "easing"]
        case .timeline: ["duration", "loop", "tweens", "keyframes"]
        case .tween: ["at", "duration", "delay", "easing", "to", "by"]
        case .keyframe: ["at", "value", "easing"]
        case .easingMap: ["cubic-bezier", "steps", "spring"]
        case .spring: ["response", "damping-fraction", "duration", "bounce", "stiffness", "damping", "mass"]
        }
    }

    /// The keys of a node of one shape (`rect`, `ellipse`, `polygon`, `path`, `group`); nil for an
    /// unknown shape.
    public static func nodeKeys(shape: String) -> [String]? {
        guard let kind = ShapeKind(rawValue: shape) else { return nil }
        return commonNodeKeys + geometryKeys(kind)
    }

    /// The properties a keyframe path may name after `node.` for a node of that shape.
    public static func keyframeProperties(shape: String) -> [String] {
        guard let kind = ShapeKind(rawValue: shape) else { return [] }
        return keyframePaths(kind)
    }

    public static let shapes = ShapeKind.allCases.map(\.rawValue)
    public static let triggerNames = triggerKeywords.map(\.0)
    public static let easingNames = namedEasings.map(\.name)
    public static let anchorNames = anchorKeywords.map(\.0)

    /// The values a key takes from a fixed set, with a line about each.
    public static func enumValues(forKey key: String) -> [(value: String, documentation: String)] {
        switch key {
        case "shape":
            return [
                ("rect", "a rectangle: size, corner-radius"), ("ellipse", "an ellipse: size or radius"),
                ("polygon", "a regular polygon or star: sides, radius, inner-radius"),
                ("path", "a path: d (SVG path data), points or contours; closed"), ("group", "a group of children"),
            ]
        case "easing":
            return namedEasings.map { ($0.name, easingDocumentation[$0.name] ?? "") } + [
                ("cubic-bezier(0.2, 0, 0, 1)", "CSS cubic-bezier, SwiftUI timingCurve (write it quoted or as {cubic-bezier: […]})"),
                ("steps(4)", "CSS steps (jump-end)"),
                ("{spring: {}}", "a spring: {response, damping-fraction} or {duration, bounce}, all optional"),
                ("{spring: {stiffness: 170, damping: 15}}", "a spring by physics: SwiftUI interpolatingSpring(mass:stiffness:damping:), mass 1 by default"),
            ]
        case "on":
            return triggerKeywords.map { ($0.0, triggerDocumentation[$0.0] ?? "") }
        case "cap": return [("butt", "the default"), ("round", "rounded ends"), ("square", "square ends past the path")]
        case "join": return [("miter", "the default"), ("round", "rounded corners"), ("bevel", "cut corners")]
        case "fill-rule": return [("nonzero", "the default"), ("evenodd", "holes where contours overlap an odd number of times")]
        case "units": return [("local", "gradient points in the node's coordinates (default)"), ("bounds", "0…1 of the node's bounds")]
        case "anchor": return anchorKeywords.map { ($0.0, "a point of the node's bounds") }
        case "loop", "closed": return [("true", ""), ("false", "")]
        case "morph":
            return [
                ("auto", "poses of different contour or vertex counts are made to correspond (default)"),
                ("index", "vertex by vertex as written: every pose needs the same counts"),
            ]
        case "fill", "background": return [("none", "no fill")]
        default: return []
        }
    }

    /// One line about a key at a place, or nil when the key does not belong there.
    public static func documentation(key: String, place: ScenePlace) -> String? {
        guard keys(place).contains(key) else { return nil }
        return placeDocumentation[place]?[key] ?? keyDocumentation[key]
    }

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
        .stroke: ["color": "stroke colour (default black)", "width": "stroke width in px (default 1)"],
        .trim: ["start": "where the visible part starts, 0…1", "end": "where it ends, 0…1", "offset": "shifts start and end, 0…1 wraps"],
        .repeat: ["count": "how many copies (≥ 1)", "rotation": "added per copy", "offset": "moved per copy", "scale": "multiplied per copy", "opacity": "`[first, last]` copy opacity", "delay": "staggers the copies: copy i's animations start i × delay later", "fill": "`[first, last]` solid fill colours blended across the copies"],
        .linearGradient: ["from": "start point of the gradient", "to": "end point of the gradient"],
        .clip: ["shape": "the clip's shape: rect, ellipse, polygon or path", "position": "where the clip's anchor lands in the node's local coordinates"],
        .radialGradient: ["center": "centre of the gradient", "radius": "radius of the gradient"],
        .transition: ["from": "the state the transition starts in", "to": "the state it ends in", "duration": "how long it takes (default 0.35s)", "nodes": "per-node (`node`) and per-property (`node.property`) duration, delay and easing; the most specific wins"],
        .tween: ["at": "when the tween starts on the timeline", "to": "absolute values per node `{node: {property: value}}`", "by": "relative values per node, added to the current ones"],
        .keyframe: ["at": "the time of the keyframe on the timeline", "value": "the property's value at that time", "easing": "the easing from the previous keyframe to this one"],
        .spring: [
            "duration": "perceptual duration (default 0.5s), with bounce", "bounce": "−0.99…0.99 (default 0), with duration",
            "damping": "damping coefficient c > 0, with stiffness (SwiftUI interpolatingSpring)",
        ],
        .nodeTiming: ["duration": "this node's duration in the transition", "delay": "this node's delay"],
    ]

    static let keyDocumentation: [String: String] = [
        "choreo": "the format version: `1` (a plain number)",
        "fps": "frame rate of the Lottie output and of frame units (`21f`), 1…240",
        "background": "a colour that fills the canvas, or `none`",
        "vars": "named values: numbers with units, colours, points, easings, strokes and gradients; used as `$name`",
        "themes": "named sets of var values (`{dark: {accent: \"#0A84FF\"}}`); each theme is the scene with those vars",
        "layers": "the nodes, drawn bottom to top",
        "states": "named poses: per node, the values that differ from the base",
        "initial": "the state shown at rest (default: the first)",
        "transitions": "animated moves between states: from, to, on, duration, delay, easing",
        "timelines": "free animations, optionally looping: tweens and keyframes",
        "id": "the node's name, unique in the scene: states, transitions and keyframes refer to it",
        "shape": "rect, ellipse, polygon, path or group",
        "position": "where the anchor lands in the parent `[x, y]` (SwiftUI position)",
        "anchor": "the local point the node rotates and scales about (a point or a keyword such as center)",
        "offset": "moves the drawing after rotation and scale `[dx, dy]` (SwiftUI .offset)",
        "scale": "a number or `[sx, sy]`; 1 = 100 %",
        "rotation": "an angle, clockwise on screen (`45deg`, `0.125turn`)",
        "opacity": "0…1, the node as a whole",
        "fill": "a colour, `none`, or a gradient {linear|radial, stops}",
        "fill-rule": "nonzero (default) or evenodd",
        "clip": "one shape {shape, geometry, position, rotation, scale, anchor} in local coordinates; the node is drawn only inside it",
        "stroke": "a colour, `none`, or {color, width, cap, join, miter-limit, dash}",
        "trim": "{start, end, offset}: draw part of the outline",
        "repeat": "copies of the node: {count, rotation, offset, scale, anchor, opacity, delay, fill}",
        "size": "`[w, h]` in px",
        "corner-radius": "rounds the corners",
        "radius": "the radius in px",
        "sides": "polygon sides, 3…100",
        "inner-radius": "makes the polygon a star",
        "d": "SVG path data (`M 0 0 L 10 10 Z`)",
        "points": "the path's points `[[x, y], …]`",
        "contours": "several point lists, one per contour",
        "closed": "whether `points` close into a loop",
        "morph": "auto (default): poses with different vertex counts still morph; index: vertex by vertex only",
        "children": "the nodes of the group",
        "cap": "line ends: butt, round, square",
        "join": "corners: miter, round, bevel",
        "miter-limit": "≥ 1 (default 10)",
        "dash": "`[dash, gap, …]` in px",
        "linear": "{from, to}: a linear gradient",
        "radial": "{center, radius}: a radial gradient",
        "stops": "`[[offset, colour], …]`, offsets 0…1 in order",
        "units": "gradient coordinates: local (default) or bounds",
        "a11y": "accessibility: {label}",
        "play": "a timeline played while the scene rests in this state: NAME or {timeline: NAME, loop: true|false}",
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
