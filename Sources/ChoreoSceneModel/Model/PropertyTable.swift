import ChoreoTimeline

// The property table: every key a node (or one of its style and repeat maps) can have, with what
// the rest of the compiler needs to know about it. The front end's node schemas, the state, tween
// and keyframe path checks, the value readers, the model builder's defaults and clamping, the
// baking tolerances, and the key vocabulary of `choreo schema` and `choreo lsp` all come from
// here; a property name is written nowhere else in ChoreoScene (`PropertyTableTests` scans the
// sources for stray literals).

/// The kinds of node a scene can draw.
package enum ShapeKind: String, CaseIterable, Sendable {
    case rect, ellipse, polygon, path, group, text

    /// "a rect node", "an ellipse node".
    package var phrase: String { self == .ellipse ? "an ellipse node" : "a \(rawValue) node" }

    /// One line for editors.
    var documentation: String {
        switch self {
        case .rect: "a rectangle: size, corner-radius"
        case .ellipse: "an ellipse: size or radius"
        case .polygon: "a regular polygon or star: sides, radius, inner-radius"
        case .path: "a path: d (SVG path data), points or contours; closed"
        case .group: "a group of children"
        case .text: "text set in a font from `fonts:` and drawn as glyph outlines: text, font, size"
        }
    }

    /// Names from other tools a designer may write for a shape.
    static let aliases = [
        "rectangle": "rect", "circle": "ellipse", "oval": "ellipse", "star": "polygon", "line": "path", "layer": "group",
    ]
}

/// `morph:` of a path: how poses of different structure morph.
package enum MorphMode: String, Sendable {
    case auto, index
}

/// `units:` of a gradient: where its points are written.
package enum GradientUnits: String, Sendable {
    case bounds, local
}

/// The words a keyword property takes, each with a line for editors, in the order messages list
/// them; `aliases` are other tools' spellings, suggested when written.
package struct Keywords: Sendable {
    /// What the value is called in messages ("unknown line cap 'rounded'").
    package var noun: String
    package var values: [(word: String, documentation: String)]
    package var aliases: [String: String] = [:]
}

/// One property of a node, or one key of a node's `fill`, `stroke`, `trim` or `repeat` map. The
/// raw value is a dense index (0 ..< allCases.count), for arrays indexed by property.
///
/// The order of the cases is the order keys are listed in (node schemas, overrides, keyframe
/// paths, the JSON Schema): identity, transform, geometry, then style, each map's keys after it.
public enum Property: Int, CaseIterable, Sendable, Comparable, CustomStringConvertible {
    case id, shape
    case position, positionX, positionY, anchor, offset, scale, rotation, opacity, orient, parent, visible, blend
    case motionPath, motionPathD, motionPathAt, time, timeOffset, timeStretch
    case mask, maskMode, expand, inverted, matte, matteNode, matteMode
    case size, sides, radius, innerRadius, cornerRadius, d, points, contours, closed, morph, children
    case text, font, align, lineHeight, letterSpacing, maxWidth, perGlyph, perGlyphDelay, a11y, a11yLabel
    case fill, fillLinear, fillFrom, fillTo, fillRadial, fillCenter, fillRadius, fillStops, fillUnits, fillRule
    case stroke, strokeColor, strokeWidth, strokeCap, strokeJoin, strokeMiterLimit, strokeDash
    case trim, trimStart, trimEnd, trimOffset
    case `repeat`, repeatCount, repeatRotation, repeatOffset, repeatScale, repeatAnchor, repeatOpacity, repeatDelay, repeatFill
    case clip, clipShape, clipSize, clipSides, clipRadius, clipInnerRadius, clipCornerRadius, clipD, clipPoints, clipContours
    case clipClosed, clipMorph, clipPosition, clipAnchor, clipScale, clipRotation
    case blur, shadow, shadowColor, shadowOffset, shadowBlur

    /// The descriptor: everything the compiler knows about this property.
    package var descriptor: PropertyDescriptor { Self.descriptors[rawValue] }

    /// The key as written in its map (`end` for `trim.end`).
    package var key: String { Self.keys[rawValue] }

    /// The path as written in keyframe keys and stored in the model: the key, after its root
    /// node key and a dot when it sits in a map (`trim.end`, `fill.from`, `stroke.cap`).
    public var path: String { Self.paths[rawValue] }

    public var description: String { path }

    /// Ordered by path, as the model has always sorted its keys (output order depends on it).
    public static func < (a: Property, b: Property) -> Bool { a.path < b.path }

    /// The property a path names (`trim.end`), nil for none.
    package init?(path: String) {
        guard let found = Self.byPath[path] else { return nil }
        self = found
    }

    /// The map this key sits in (`trim` for `trim.end`, `fill.linear` for `fill.from`).
    package var parent: Property? { descriptor.parent }

    /// The top-level node key this property belongs to.
    package var root: Property { parent?.root ?? self }

    /// The keys of this property's map, in order.
    package var children: [Property] { Self.childLists[rawValue] }

    /// The keys its map must have in layers, whatever the shape.
    package var requiredChildren: [Property] { children.filter { $0.descriptor.requiredOn.count == ShapeKind.allCases.count } }

    /// The keys of `children` and of `requiredChildren`, made once: the front end checks every
    /// node's `stroke`, `fill` and `trim` map against them.
    package var childKeys: [String] { Self.childKeyLists[rawValue] }
    package var requiredChildKeys: [String] { Self.requiredChildKeyLists[rawValue] }

    /// The child of this property's map written `key`.
    package func child(_ key: String) -> Property? { children.first { $0.key == key } }

    /// Whether states, tweens and keyframes may animate this key on a node of `shape`.
    package func isAnimatable(on shape: ShapeKind) -> Bool {
        switch descriptor.animatable {
        case .never: return false
        case .always: return true
        case let .on(shapes): return shapes.contains(shape)
        }
    }

    /// Animatable on some shape.
    package var isEverAnimatable: Bool {
        if case .never = descriptor.animatable { return false }
        return true
    }

    /// Whether a node of `shape` may have this key (top-level keys only).
    package func belongs(to shape: ShapeKind) -> Bool { descriptor.shapes.contains(shape) }

    /// Where values of this property are stored in the model: `points` and `contours` are `d`.
    package var stored: Property { descriptor.storedAs ?? self }

    /// The value a node has when the scene does not say (nil when there is no single one: the
    /// anchor is the centre of the bounds, the position the anchor).
    package var defaultValue: PropertyValue? { descriptor.defaultValue }

    /// The default of a number property (a precondition: it has one).
    package var defaultNumber: Double {
        guard case let .number(number)? = defaultValue else { preconditionFailure("\(self) has no default number") }
        return number
    }

    package var defaultPoint: Point {
        guard case let .point(point)? = defaultValue else { preconditionFailure("\(self) has no default point") }
        return point
    }

    package var defaultColor: RGBA {
        guard case let .color(color)? = defaultValue else { preconditionFailure("\(self) has no default colour") }
        return color
    }

    private static let descriptors: [PropertyDescriptor] = allCases.map { property in
        var descriptor = property.makeDescriptor
        descriptor.drawableRange = property.track?.drawableRange
        return descriptor
    }
    private static let keys: [String] = descriptors.map(\.key)
    private static let paths: [String] = allCases.map { property in
        property.parent == nil ? property.key : "\(property.root.key).\(property.key)"
    }
    private static let byPath: [String: Property] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.path, $0) })
    private static let childLists: [[Property]] = allCases.map { property in allCases.filter { $0.parent == property } }
    private static let childKeyLists: [[String]] = allCases.map { $0.children.map(\.key) }
    private static let requiredChildKeyLists: [[String]] = allCases.map { $0.requiredChildren.map(\.key) }

    /// The node keys (no parent), in order.
    package static let nodeKeys: [Property] = allCases.filter { $0.parent == nil }
}

/// What a property's value is, as written in a scene.
package enum PropertyKind: Sendable {
    /// A number (`Bound` says which); the model holds `.number`.
    case number
    /// An angle with a unit (`45deg`); the model holds degrees as `.number`.
    case angle
    /// `[x, y]`; the model holds `.point`.
    case point
    /// A number or `[sx, sy]`; the model holds `.point`.
    case scale
    /// A point or a keyword naming a point of the bounds (`center`); the model holds `.point`.
    case anchor
    /// A colour; the model holds `.color`.
    case color
    /// A colour, `none`, or a gradient map; the model holds the solid colour as `.color`.
    case paint
    /// A colour, `none`, or a map of the stroke's keys.
    case strokeStyle
    /// `[[offset, colour], …]`; the model holds `.stops`.
    case stops
    /// SVG path data or a list of commands; the model holds `.path`.
    case pathData
    /// `[[x, y], …]`; the model holds `.path`.
    case pointList
    /// A list of point lists; the model holds `.path`.
    case contourList
    /// A whole number.
    case integer
    case boolean
    /// One word of a fixed set (`SceneVocabulary.enumValues(forKey:)`).
    case keyword
    /// A list of numbers.
    case numberList
    /// A list of nodes.
    case nodeList
    /// A name such as a node id.
    case identifier
    /// A map of the property's children.
    case map
    /// A clip: one shape's map (its shape, geometry and transform keys, `clip.KEY`).
    case clipShape
    /// Free text (`text: "Upload"`).
    case text
    /// A time (`0.1s`).
    case time
    /// `[first, last]` colours.
    case colorPair
    /// A number, or `[first, last]` numbers.
    case numberOrRange
    /// `[from, to]` times (`visible: [0.2s, 1s]`).
    case timePair
    /// SVG path data, or a map of the property's children (`motion-path`).
    case pathOrMap
    /// A node, or a list of nodes (`mask:`).
    case nodeOrList

    /// The model stores a `PropertyValue` of this kind.
    package var isModelValue: Bool {
        switch self {
        case .number, .angle, .point, .scale, .anchor, .color, .paint, .stops, .pathData, .pointList, .contourList: true
        default: false
        }
    }
}

/// Where states, tweens and keyframes may animate a key.
enum Animatability: Sendable {
    case never
    case always
    case on([ShapeKind])
}

/// The largest error allowed when a property's curve is baked into keyframes, in its own units.
package enum BakingTolerance: Sendable {
    case absolute(Double)
    /// This many pixels along the node's outline, as a fraction of the outline's length.
    case alongOutline(Double)
}

package struct PropertyDescriptor: Sendable {
    /// The key as written in its map.
    var key: String
    /// The map the key sits in; nil for a node key.
    var parent: Property?
    package var kind: PropertyKind
    /// The shapes whose nodes have this key (node keys only).
    package var shapes: [ShapeKind] = ShapeKind.allCases
    /// The shapes on which the key must be written in layers (`size` on a rect); every shape for
    /// a key its map must have (`count` in `repeat`).
    package var requiredOn: [ShapeKind] = []
    var animatable: Animatability = .never
    /// A group's value applies to each child that does not set its own (style keys).
    package var inherited = false
    /// The model property its values are stored as (`d` for `points`).
    var storedAs: Property?
    /// The value when the scene does not say, for properties with one.
    var defaultValue: PropertyValue?
    /// The range of a number written in layers.
    package var bound: Bound = .any
    /// The range of an absolute value written in a state, tween `to:` or keyframe (`by:` amounts
    /// may span the range's width either way).
    package var animatedBound: Bound = .any
    /// The range every number of the drawn value is clamped to: its IR track's
    /// (`TrackPlace.drawableRange`), which the emitters read too.
    package var drawableRange: ClosedRange<Double>?
    /// Gradient geometry: with `units: bounds`, written in units of the node's bounds.
    package var inGradientUnits = false
    package var bakingTolerance: BakingTolerance = defaultTolerance
    static let defaultTolerance = BakingTolerance.absolute(0.5)

    /// Whether the value is a length or a position in pixels: those, and only those, are baked to
    /// the default half-pixel tolerance.
    package var isInPixels: Bool {
        if case let .absolute(value) = bakingTolerance, case let .absolute(pixels) = Self.defaultTolerance { return value == pixels }
        return false
    }
    /// The words of a keyword property.
    package var keywords: Keywords?
    /// One line for editors (hover, completion, JSON Schema descriptions).
    package var documentation: String
}

/// The shapes a clip can be.
private let clipShapes: [ShapeKind] = [.rect, .ellipse, .polygon, .path]

extension Property {
    /// The node key a key of a clip is (`size` for `clip.size`): a clip's map is read as a node.
    package var clippedNodeKey: Property? {
        switch self {
        case .clipSize: .size
        case .clipSides: .sides
        case .clipRadius: .radius
        case .clipInnerRadius: .innerRadius
        case .clipCornerRadius: .cornerRadius
        case .clipD: .d
        case .clipPoints: .points
        case .clipContours: .contours
        case .clipClosed: .closed
        case .clipMorph: .morph
        case .clipPosition: .position
        case .clipAnchor: .anchor
        case .clipScale: .scale
        case .clipRotation: .rotation
        default: nil
        }
    }

    /// The clip key of a node key (`clip.size` for `size`), nil for a key a clip does not have.
    package var onClip: Property? { Property.clip.children.first { $0.clippedNodeKey == self } }

    /// The table itself.
    fileprivate var makeDescriptor: PropertyDescriptor {
        let colorTolerance = BakingTolerance.absolute(1.0 / 255)
        switch self {
        case .id:
            return .init(
                key: "id", kind: .identifier, requiredOn: ShapeKind.allCases,
                documentation: "the node's name, unique in the scene: states, transitions and keyframes refer to it")
        case .shape:
            return .init(
                key: "shape", kind: .keyword, requiredOn: ShapeKind.allCases,
                keywords: Keywords(
                    noun: "shape", values: ShapeKind.allCases.map { ($0.rawValue, $0.documentation) }, aliases: ShapeKind.aliases),
                documentation: "rect, ellipse, polygon, path, group or text")

        case .position:
            return .init(
                key: "position", kind: .point, animatable: .always,
                documentation: "where the anchor lands in the parent `[x, y]` (SwiftUI position)")
        case .anchor:
            return .init(
                key: "anchor", kind: .anchor, animatable: .always,
                documentation: "the local point the node rotates and scales about (a point or a keyword such as center)")
        case .offset:
            return .init(
                key: "offset", kind: .point, animatable: .always, defaultValue: .point(.zero),
                documentation: "moves the drawing after rotation and scale `[dx, dy]` (SwiftUI .offset)")
        case .scale:
            return .init(
                key: "scale", kind: .scale, animatable: .always, defaultValue: .point(Point(1, 1)),
                bakingTolerance: .absolute(0.005), documentation: "a number or `[sx, sy]`; 1 = 100 %")
        case .rotation:
            return .init(
                key: "rotation", kind: .angle, animatable: .always, defaultValue: .number(0), bakingTolerance: .absolute(0.1),
                documentation: "an angle, clockwise on screen (`45deg`, `0.125turn`)")
        case .opacity:
            return .init(
                key: "opacity", kind: .number, animatable: .always, defaultValue: .number(1), bound: .between(0, 1),
                animatedBound: .between(0, 1), bakingTolerance: colorTolerance,
                documentation: "0…1, the node as a whole (on a mask: the mask's opacity)")
        case .positionX:
            return .init(
                key: "x", parent: .position, kind: .number, animatable: .always, defaultValue: .number(0),
                documentation: "the position's x alone, with keyframes and easing of its own (After Effects' separate dimensions)")
        case .positionY:
            return .init(
                key: "y", parent: .position, kind: .number, animatable: .always, defaultValue: .number(0),
                documentation: "the position's y alone, with keyframes and easing of its own (After Effects' separate dimensions)")
        case .orient:
            return .init(
                key: "orient", kind: .keyword,
                keywords: Keywords(
                    noun: "orientation",
                    values: [("none", "the node keeps its rotation (default)"), ("auto", "the node turns with the direction it moves in (After Effects' auto-orient)")]),
                documentation: "auto: the node turns with the direction its position moves in, added to its rotation")
        case .parent:
            return .init(
                key: "parent", kind: .identifier,
                documentation: "a sibling whose transform (not its opacity) this node follows, without being drawn inside it (After Effects' parenting)")
        case .visible:
            return .init(
                key: "visible", kind: .timePair,
                documentation: "`[in, out]`: the node is drawn only from in until out of each span's clock (After Effects' in and out points)")
        case .blend:
            return .init(
                key: "blend", kind: .keyword,
                keywords: Keywords(
                    noun: "blend mode",
                    values: BlendMode.allCases.map { ($0.rawValue, $0 == .normal ? "the default" : "CSS mix-blend-mode: \($0.rawValue)") },
                    aliases: ["add": "screen", "colour": "color", "dodge": "color-dodge", "burn": "color-burn"]),
                documentation: "how the node's drawing combines with what is below it (CSS mix-blend-mode, Lottie's layer blend mode)")
        case .motionPath:
            return .init(
                key: "motion-path", kind: .pathOrMap, animatable: .always,
                documentation: "path data the node's position travels along, or {d, at}: `at` is how far along it (0…1)")
        case .motionPathD:
            return .init(
                key: "d", parent: .motionPath, kind: .pathData, requiredOn: ShapeKind.allCases,
                documentation: "the path, in the parent's coordinates (SVG path data)")
        case .motionPathAt:
            return .init(
                key: "at", parent: .motionPath, kind: .number, animatable: .always, defaultValue: .number(0), bound: .between(0, 1),
                animatedBound: .between(0, 1), bakingTolerance: .absolute(0.001),
                documentation: "how far along the path the node is: 0 at its start, 1 at its end (a fraction of its length)")
        case .time:
            return .init(
                key: "time", kind: .map, shapes: [.group],
                documentation: "{offset, stretch}: the group's animations in timelines start offset later and run stretch times as long")
        case .timeOffset:
            return .init(
                key: "offset", parent: .time, kind: .time, bound: .any,
                documentation: "how much later the group's animations start (After Effects' layer start time)")
        case .timeStretch:
            return .init(
                key: "stretch", parent: .time, kind: .number, bound: .greaterThan(0),
                documentation: "how many times as long the group's animations take (2 = half speed; After Effects' time stretch)")
        case .mask:
            return .init(
                key: "mask", kind: .nodeOrList,
                documentation: "a shape or a list of shapes the node is drawn inside, each with mode, opacity, expand (After Effects' masks)")
        case .maskMode:
            return .init(
                key: "mode", kind: .keyword, shapes: [.rect, .ellipse, .polygon, .path],
                keywords: Keywords(
                    noun: "mask mode",
                    values: [
                        (MaskMode.add.rawValue, "adds the mask's inside (default)"),
                        (MaskMode.subtract.rawValue, "cuts the mask's inside out"),
                        (MaskMode.intersect.rawValue, "keeps only where the mask and the masks before it overlap"),
                        (MaskMode.difference.rawValue, "where either the mask or the masks before it are, not both"),
                    ]),
                documentation: "on a mask: how it combines with the masks before it")
        case .expand:
            return .init(
                key: "expand", kind: .number, shapes: [.rect, .ellipse, .polygon, .path], animatable: .on([.rect, .ellipse, .polygon, .path]),
                defaultValue: .number(0),
                documentation: "on a mask: how far its edge is pushed out, in px (negative pulls it in)")
        case .inverted:
            return .init(
                key: "inverted", kind: .boolean, shapes: [.rect, .ellipse, .polygon, .path],
                documentation: "on a mask: its outside counts instead of its inside")
        case .matte:
            return .init(
                key: "matte", kind: .map,
                documentation: "{node, mode}: the node is drawn only where a sibling's drawing lets it (After Effects' track matte)")
        case .matteNode:
            return .init(
                key: "node", parent: .matte, kind: .identifier, requiredOn: ShapeKind.allCases,
                documentation: "the sibling whose drawing is the matte; it is not drawn itself")
        case .matteMode:
            return .init(
                key: "mode", parent: .matte, kind: .keyword,
                keywords: Keywords(
                    noun: "matte mode",
                    values: [
                        (MatteMode.alpha.rawValue, "where the matte is opaque (default)"),
                        (MatteMode.alphaInverted.rawValue, "where the matte is transparent"),
                        (MatteMode.luma.rawValue, "as bright as the matte is"),
                        (MatteMode.lumaInverted.rawValue, "as dark as the matte is"),
                    ]),
                documentation: "alpha (default), alpha-inverted, luma or luma-inverted")

        case .size:
            return .init(
                key: "size", kind: .point, shapes: [.rect, .ellipse, .text], requiredOn: [.rect, .text], animatable: .on([.rect, .ellipse]),
                defaultValue: .point(.zero), bound: .greaterThan(0), animatedBound: .atLeast(0),
                documentation: "`[w, h]` in px; on text, one number: the font size in scene units")
        case .sides:
            return .init(
                key: "sides", kind: .integer, shapes: [.polygon], requiredOn: [.polygon], bound: .between(3, 100),
                documentation: "polygon sides, 3…100")
        case .radius:
            return .init(
                key: "radius", kind: .number, shapes: [.ellipse, .polygon], requiredOn: [.polygon],
                animatable: .on([.ellipse, .polygon]), defaultValue: .number(0), bound: .greaterThan(0), animatedBound: .atLeast(0),
                documentation: "the radius in px")
        case .innerRadius:
            return .init(
                key: "inner-radius", kind: .number, shapes: [.polygon], animatable: .on([.polygon]), defaultValue: .number(0),
                bound: .greaterThan(0), animatedBound: .atLeast(0), documentation: "makes the polygon a star")
        case .cornerRadius:
            return .init(
                key: "corner-radius", kind: .number, shapes: [.rect, .polygon], animatable: .on([.rect]), defaultValue: .number(0),
                bound: .atLeast(0), animatedBound: .atLeast(0),
                documentation: "rounds the corners")
        case .d:
            return .init(
                key: "d", kind: .pathData, shapes: [.path], animatable: .on([.path]), defaultValue: .path(PathShape([])),
                documentation: "SVG path data (`M 0 0 L 10 10 Z`)")
        case .points:
            return .init(
                key: "points", kind: .pointList, shapes: [.path], animatable: .on([.path]), storedAs: .d,
                documentation: "the path's points `[[x, y], …]`")
        case .contours:
            return .init(
                key: "contours", kind: .contourList, shapes: [.path], animatable: .on([.path]), storedAs: .d,
                documentation: "several point lists, one per contour")
        case .closed:
            return .init(key: "closed", kind: .boolean, shapes: [.path], documentation: "whether `points` close into a loop")
        case .morph:
            return .init(
                key: "morph", kind: .keyword, shapes: [.path],
                keywords: Keywords(
                    noun: "morph mode",
                    values: [
                        (MorphMode.auto.rawValue, "poses of different contour or vertex counts are made to correspond (default)"),
                        (MorphMode.index.rawValue, "vertex by vertex as written: every pose needs the same counts"),
                    ]),
                documentation: "auto (default): poses with different vertex counts still morph; index: vertex by vertex only")
        case .children:
            return .init(
                key: "children", kind: .nodeList, shapes: [.group], requiredOn: [.group], documentation: "the nodes of the group")
        case .text:
            return .init(
                key: "text", kind: .text, shapes: [.text], requiredOn: [.text],
                documentation: "the text to set; `\\n` breaks a line")
        case .font:
            return .init(
                key: "font", kind: .identifier, shapes: [.text], requiredOn: [.text], documentation: "a font's name from `fonts:`")
        case .align:
            return .init(
                key: "align", kind: .keyword, shapes: [.text],
                keywords: Keywords(
                    noun: "alignment",
                    values: [
                        ("start", "each line starts at the text box's left edge (default)"),
                        ("center", "each line is centred in the text box"),
                        ("end", "each line ends at the text box's right edge"),
                    ], aliases: ["left": "start", "centre": "center", "middle": "center", "right": "end"]),
                documentation: "start | center | end: each line within the text box")
        case .lineHeight:
            return .init(
                key: "line-height", kind: .number, shapes: [.text], defaultValue: .number(1.2), bound: .between(0, 100),
                documentation: "baseline to baseline, × size (default 1.2)")
        case .letterSpacing:
            return .init(
                key: "letter-spacing", kind: .number, shapes: [.text], defaultValue: .number(0), bound: .between(-1000, 1000),
                documentation: "added between glyphs, in scene units")
        case .maxWidth:
            return .init(
                key: "max-width", kind: .number, shapes: [.text], bound: .greaterThan(0),
                documentation: "lines break at spaces to stay this wide")
        case .perGlyph:
            return .init(
                key: "per-glyph", kind: .map, shapes: [.text],
                documentation: "{delay}: every animation of the node moves each glyph about its own centre, glyph i delay × i later")
        case .perGlyphDelay:
            return .init(
                key: "delay", parent: .perGlyph, kind: .time, requiredOn: ShapeKind.allCases, bound: .atLeast(0),
                documentation: "how much later each glyph's animations start than the glyph before")
        case .a11y:
            return .init(
                key: "a11y", kind: .map, shapes: [.text],
                documentation: "{label}: the text node's accessible name in place of its text")
        case .a11yLabel:
            return .init(
                key: "label", parent: .a11y, kind: .text, requiredOn: ShapeKind.allCases,
                documentation: "what a screen reader says (the SVG's aria-label, the Lottie layer's name)")

        case .fill:
            return .init(
                key: "fill", kind: .paint, animatable: .always, inherited: true, defaultValue: .color(.black),
                bakingTolerance: colorTolerance, documentation: "a colour, `none`, or a gradient {linear|radial, stops}")
        case .fillLinear:
            return .init(key: "linear", parent: .fill, kind: .map, animatable: .always, documentation: "{from, to}: a linear gradient")
        case .fillFrom:
            return .init(
                key: "from", parent: .fillLinear, kind: .point, requiredOn: ShapeKind.allCases, animatable: .always, defaultValue: .point(.zero),
                inGradientUnits: true, documentation: "start point of the gradient")
        case .fillTo:
            return .init(
                key: "to", parent: .fillLinear, kind: .point, requiredOn: ShapeKind.allCases, animatable: .always, defaultValue: .point(.zero),
                inGradientUnits: true, documentation: "end point of the gradient")
        case .fillRadial:
            return .init(key: "radial", parent: .fill, kind: .map, animatable: .always, documentation: "{center, radius}: a radial gradient")
        case .fillCenter:
            return .init(
                key: "center", parent: .fillRadial, kind: .point, requiredOn: ShapeKind.allCases, animatable: .always, defaultValue: .point(.zero),
                inGradientUnits: true, documentation: "centre of the gradient")
        case .fillRadius:
            return .init(
                key: "radius", parent: .fillRadial, kind: .number, requiredOn: ShapeKind.allCases, animatable: .always, defaultValue: .number(0),
                bound: .greaterThan(0), animatedBound: .atLeast(0),
                inGradientUnits: true, documentation: "radius of the gradient")
        case .fillStops:
            return .init(
                key: "stops", parent: .fill, kind: .stops, requiredOn: ShapeKind.allCases, animatable: .always,
                defaultValue: .stops(GradientStops([GradientStop(0, .black), GradientStop(1, .black)])),
                bakingTolerance: colorTolerance, documentation: "`[[offset, colour], …]`, offsets 0…1 in order")
        case .fillUnits:
            return .init(
                key: "units", parent: .fill, kind: .keyword,
                keywords: Keywords(
                    noun: "gradient units",
                    values: [
                        (GradientUnits.bounds.rawValue, "0…1 of the node's bounds"),
                        (GradientUnits.local.rawValue, "gradient points in the node's coordinates (default)"),
                    ]),
                documentation: "gradient coordinates: local (default) or bounds")
        case .fillRule:
            return .init(
                key: "fill-rule", kind: .keyword, inherited: true,
                keywords: Keywords(
                    noun: "fill rule",
                    values: [(FillRule.nonzero.rawValue, "the default"), (FillRule.evenodd.rawValue, "holes where contours overlap an odd number of times")],
                    aliases: ["even-odd": "evenodd", "non-zero": "nonzero"]),
                documentation: "nonzero (default) or evenodd")

        case .stroke:
            return .init(
                key: "stroke", kind: .strokeStyle, animatable: .always, inherited: true,
                documentation: "a colour, `none`, or {color, width, cap, join, miter-limit, dash}")
        case .strokeColor:
            return .init(
                key: "color", parent: .stroke, kind: .color, animatable: .always, defaultValue: .color(.black),
                bakingTolerance: colorTolerance, documentation: "stroke colour (default black)")
        case .strokeWidth:
            return .init(
                key: "width", parent: .stroke, kind: .number, animatable: .always, defaultValue: .number(1), bound: .atLeast(0),
                animatedBound: .atLeast(0), documentation: "stroke width in px (default 1)")
        case .strokeCap:
            return .init(
                key: "cap", parent: .stroke, kind: .keyword,
                keywords: Keywords(
                    noun: "line cap",
                    values: [(LineCap.butt.rawValue, "the default"), (LineCap.round.rawValue, "rounded ends"), (LineCap.square.rawValue, "square ends past the path")],
                    aliases: ["rounded": "round"]),
                documentation: "line ends: butt, round, square")
        case .strokeJoin:
            return .init(
                key: "join", parent: .stroke, kind: .keyword,
                keywords: Keywords(
                    noun: "line join",
                    values: [(LineJoin.miter.rawValue, "the default"), (LineJoin.round.rawValue, "rounded corners"), (LineJoin.bevel.rawValue, "cut corners")],
                    aliases: ["mitre": "miter", "rounded": "round"]),
                documentation: "corners: miter, round, bevel")
        case .strokeMiterLimit:
            return .init(
                key: "miter-limit", parent: .stroke, kind: .number, defaultValue: .number(10), bound: .atLeast(1),
                documentation: "≥ 1 (default 10)")
        case .strokeDash:
            return .init(key: "dash", parent: .stroke, kind: .numberList, bound: .atLeast(0), documentation: "`[dash, gap, …]` in px")

        case .trim:
            return .init(key: "trim", kind: .map, animatable: .always, inherited: true, documentation: "{start, end, offset}: draw part of the outline")
        case .trimStart:
            return .init(
                key: "start", parent: .trim, kind: .number, animatable: .always, defaultValue: .number(0), bound: .between(0, 1),
                animatedBound: .between(0, 1), bakingTolerance: .alongOutline(0.5),
                documentation: "where the visible part starts, 0…1")
        case .trimEnd:
            return .init(
                key: "end", parent: .trim, kind: .number, animatable: .always, defaultValue: .number(1), bound: .between(0, 1),
                animatedBound: .between(0, 1), bakingTolerance: .alongOutline(0.5),
                documentation: "where it ends, 0…1")
        case .trimOffset:
            // It wraps around the outline, so it has no range.
            return .init(
                key: "offset", parent: .trim, kind: .number, animatable: .always, defaultValue: .number(0),
                bakingTolerance: .alongOutline(0.5), documentation: "shifts start and end, 0…1 wraps")

        case .repeat:
            return .init(
                key: "repeat", kind: .map, documentation: "copies of the node: {count, rotation, offset, scale, anchor, opacity, delay, fill}")
        case .repeatCount:
            return .init(key: "count", parent: .repeat, kind: .integer, requiredOn: ShapeKind.allCases, bound: .between(1, 1000), documentation: "how many copies (≥ 1)")
        case .repeatRotation:
            return .init(key: "rotation", parent: .repeat, kind: .angle, documentation: "added per copy")
        case .repeatOffset:
            return .init(key: "offset", parent: .repeat, kind: .point, documentation: "moved per copy")
        case .repeatScale:
            return .init(key: "scale", parent: .repeat, kind: .scale, documentation: "multiplied per copy")
        case .repeatAnchor:
            return .init(
                key: "anchor", parent: .repeat, kind: .anchor,
                documentation: "the local point the node rotates and scales about (a point or a keyword such as center)")
        case .repeatOpacity:
            return .init(
                key: "opacity", parent: .repeat, kind: .numberOrRange, bound: .between(0, 1),
                documentation: "`[first, last]` copy opacity")
        case .repeatDelay:
            return .init(
                key: "delay", parent: .repeat, kind: .time, bound: .atLeast(0),
                documentation: "staggers the copies: copy i's animations start i × delay later")
        case .repeatFill:
            return .init(
                key: "fill", parent: .repeat, kind: .colorPair,
                documentation: "`[first, last]` solid fill colours blended across the copies")

        case .clip:
            return .init(
                key: "clip", kind: .clipShape, animatable: .always,
                documentation: "one shape {shape, geometry, position, rotation, scale, anchor} in local coordinates; the node is drawn only inside it")
        // A clip's keys are a node's, for the clip's shape: read by the same readers into a node of
        // their own (`NodeInfo.clip`), stored on the owner as `clip.KEY`.
        case .clipShape:
            return .init(
                key: "shape", parent: .clip, kind: .keyword, shapes: clipShapes, requiredOn: ShapeKind.allCases,
                keywords: Keywords(
                    noun: "clip shape", values: ShapeKind.allCases.map { ($0.rawValue, $0.documentation) },
                    aliases: ["rectangle": "rect", "circle": "ellipse", "oval": "ellipse", "star": "polygon"]),
                documentation: "the clip's shape: rect, ellipse, polygon or path")
        case .clipSize, .clipSides, .clipRadius, .clipInnerRadius, .clipCornerRadius, .clipD, .clipPoints, .clipContours,
            .clipClosed, .clipMorph, .clipPosition, .clipAnchor, .clipScale, .clipRotation:
            let node = clippedNodeKey!
            var descriptor = node.makeDescriptor
            // Not `node.descriptor`: this runs while the table itself is being made.
            let nodeHasEveryShape = descriptor.shapes.count == ShapeKind.allCases.count
            descriptor.parent = .clip
            descriptor.shapes = descriptor.shapes.filter(clipShapes.contains)
            if case let .on(shapes) = descriptor.animatable { descriptor.animatable = .on(shapes.filter(clipShapes.contains)) }
            if case .always = descriptor.animatable { descriptor.animatable = .on(clipShapes) }
            if nodeHasEveryShape { descriptor.shapes = clipShapes }
            descriptor.storedAs = descriptor.storedAs.map { _ in .clipD }
            // Baked with the default tolerance, not the node property's.
            descriptor.bakingTolerance = PropertyDescriptor.defaultTolerance
            if self == .clipPosition { descriptor.documentation = "where the clip's anchor lands in the node's local coordinates" }
            return descriptor

        // Effects (contract §15): over the node's drawing as a whole, so a group's are its own,
        // not passed on to its children.
        case .blur:
            return .init(
                key: "blur", kind: .number, animatable: .always, defaultValue: .number(0), bound: .atLeast(0),
                animatedBound: .atLeast(0),
                documentation: "a Gaussian blur of the node's drawing: the standard deviation in scene units (CSS blur())")
        case .shadow:
            return .init(
                key: "shadow", kind: .map, animatable: .always,
                documentation: "{color, offset, blur}: a drop shadow of the node's drawing, in the parent's coordinates")
        case .shadowColor:
            return .init(
                key: "color", parent: .shadow, kind: .color, animatable: .always, defaultValue: .color(RGBA(0, 0, 0, 0.3)),
                bakingTolerance: colorTolerance, documentation: "shadow colour (default rgba(0, 0, 0, 0.3))")
        case .shadowOffset:
            return .init(
                key: "offset", parent: .shadow, kind: .point, animatable: .always, defaultValue: .point(.zero),
                documentation: "`[dx, dy]` from the drawing, in the parent's coordinates (default [0, 0])")
        case .shadowBlur:
            return .init(
                key: "blur", parent: .shadow, kind: .number, animatable: .always, defaultValue: .number(0), bound: .atLeast(0),
                animatedBound: .atLeast(0),
                documentation: "the shadow's standard deviation in scene units, as CSS drop-shadow()'s blur (default 0)")
        }
    }
}

extension ShapeKind {
    /// The node keys a node of this shape has, in order.
    package var keys: [Property] { Self.keyLists[self]! }

    /// The keys a node of this shape must have in layers.
    package var requiredKeys: [Property] { keys.filter { $0.descriptor.requiredOn.contains(self) } }

    /// The node keys a state or tween may animate on a node of this shape.
    package var animatableKeys: [Property] { Self.animatableLists[self]! }

    /// The paths a keyframe key may name: the animatable model properties (`points` and
    /// `contours` too, which are written as `d` is).
    package var keyframePaths: [Property] { Self.keyframeLists[self]! }

    private static let keyLists = Dictionary(
        uniqueKeysWithValues: allCases.map { shape in (shape, Property.nodeKeys.filter { $0.belongs(to: shape) }) })
    private static let animatableLists = Dictionary(
        uniqueKeysWithValues: allCases.map { shape in (shape, shape.keys.filter { $0.isAnimatable(on: shape) }) })
    private static let keyframeLists = Dictionary(
        uniqueKeysWithValues: allCases.map { shape in
            (shape, Property.allCases.filter { property in
                // A clip's keys depend on the clip's shape, not the node's: every node may name them.
                property.descriptor.kind.isModelValue
                    && (property.root == .clip ? property.isEverAnimatable : property.isAnimatable(on: shape))
                    && (property.parent != nil || property.belongs(to: shape))
            })
        })
}
