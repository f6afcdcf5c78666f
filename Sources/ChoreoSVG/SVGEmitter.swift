import ChoreoJSON
import ChoreoTimeline

/// SVG from a compiled timeline: animated (SMIL) for the whole global timeline, or a still snapshot.
///
/// Both are SVG 1.1 that librsvg, cairosvg, ThorVG and Chromium draw alike: absolute path data,
/// one `<g>` per transform step that moves, gradients in `<defs>` in user space, and every stroke
/// property written out (SVG's miter limit default of 4 is not SwiftUI's 10).
public enum SVGEmitter {
    /// The animation: every animated property of the timeline becomes an `<animate>` or
    /// `<animateTransform>` lasting the whole global timeline and repeating forever. Under
    /// `prefers-reduced-motion: reduce` a still copy of the pose at time 0 is shown instead.
    ///
    /// `idPrefix` is put before every XML id, so that several SVGs can share one HTML page.
    public static func animated(_ timeline: Timeline, idPrefix: String = "") -> String {
        guard !timeline.isStatic, timeline.duration > 0 else {
            return snapshot(timeline, at: 0, idPrefix: idPrefix)
        }
        var renderer = SceneRenderer(duration: timeline.duration, fps: timeline.fps, idPrefix: idPrefix)
        let motion = timeline.layers.map { renderer.render($0) }
        let motionDefs = renderer.definitions
        var stillRenderer = SceneRenderer(duration: 0, fps: timeline.fps, idPrefix: idPrefix + "still-")
        let still = timeline.frozen(at: 0).layers.map { stillRenderer.render($0) }
        let css = """
            /* SMIL cannot be paused from CSS, so reduced motion swaps the animated copy for a still \
            copy of the pose at time 0: CSS display beats the display="none" presentation \
            attribute on the still copy, and renderers without CSS keep the animated copy. */ \
            @media (prefers-reduced-motion: reduce) { .choreo-motion { display: none } .choreo-still { display: inline } }
            """
        var children: [Markup] = [Markup("title", text: timeline.title), Markup("style", [("type", "text/css")], raw: css)]
        let definitions = motionDefs + stillRenderer.definitions
        if !definitions.isEmpty { children.append(Markup("defs", children: definitions)) }
        if let background = backgroundMarkup(timeline) { children.append(background) }
        children.append(Markup("g", [("class", "choreo-motion")], children: motion))
        children.append(Markup("g", [("class", "choreo-still"), ("display", "none")], children: still))
        return document(timeline, children: children)
    }

    /// The scene frozen at `time`: no animation elements.
    public static func snapshot(_ timeline: Timeline, at time: Double, idPrefix: String = "") -> String {
        let frozen = timeline.frozen(at: time)
        var renderer = SceneRenderer(duration: 0, fps: timeline.fps, idPrefix: idPrefix)
        let layers = frozen.layers.map { renderer.render($0) }
        var children: [Markup] = [Markup("title", text: timeline.title)]
        if !renderer.definitions.isEmpty { children.append(Markup("defs", children: renderer.definitions)) }
        if let background = backgroundMarkup(timeline) { children.append(background) }
        children += layers
        return document(timeline, children: children)
    }

    private static func document(_ timeline: Timeline, children: [Markup]) -> String {
        let width = formatNumber(timeline.width), height = formatNumber(timeline.height)
        let children = SVGThemes.style(timeline).map { Array(children.prefix(1)) + [$0] + children.dropFirst() } ?? children
        let root = Markup(
            "svg",
            [("xmlns", "http://www.w3.org/2000/svg"), ("version", "1.1"), ("width", width), ("height", height),
             ("viewBox", "0 0 \(width) \(height)"), ("role", "img")],
            children: children)
        return root.rendered
    }

    private static func backgroundMarkup(_ timeline: Timeline) -> Markup? {
        guard let background = timeline.background else { return nil }
        var attributes: [(String, String)] = [
            ("x", "0"), ("y", "0"), ("width", formatNumber(timeline.width)), ("height", formatNumber(timeline.height)),
            ("fill", svgColor(background)),
        ]
        if let themed = SVGThemes.paintClass("fill", Animated(background, slot: timeline.backgroundSlot)) {
            SVGThemes.addClass(themed, to: &attributes)
        }
        if background.a < 1 { attributes.append(("fill-opacity", svgOpacity(background.a))) }
        return Markup("rect", attributes)
    }
}

/// Renders nodes; with `duration > 0` animated properties get SMIL children, otherwise every
/// property is written at time 0 (a frozen timeline is constant, so that is a snapshot).
struct SceneRenderer {
    let duration: Double
    let fps: Double
    var ids: IdAllocator
    /// Gradients, in document order.
    private(set) var definitions: [Markup] = []

    init(duration: Double, fps: Double, idPrefix: String) {
        self.duration = duration
        self.fps = fps
        self.ids = IdAllocator(prefix: idPrefix)
    }

    private var animates: Bool { duration > 0 }

    // MARK: Tracks to SMIL

    private func keyframes<Value: SVGAnimatable>(_ track: Animated<Value>, format: (Value) -> String) -> SMILKeyframes? {
        guard animates, track.isAnimated else { return nil }
        return smilKeyframes(pieces(of: track, duration: duration, fps: fps), duration: duration, format: format)
    }

    private func animate(_ attribute: String, _ frames: SMILKeyframes?) -> Markup? {
        guard let frames else { return nil }
        return Markup("animate", [("attributeName", attribute)] + frames.attributes(duration: duration))
    }

    private func animateTransform(_ type: String, _ frames: SMILKeyframes) -> Markup {
        Markup("animateTransform", [("attributeName", "transform"), ("type", type)] + frames.attributes(duration: duration))
    }

    // MARK: Nodes

    mutating func render(_ node: Node) -> Markup {
        let id = ids.make(node.id)
        var content: [Markup]
        if let repeater = node.repeat, repeater.count > 0 {
            content = []
            for index in 0..<repeater.count {
                var attributes: [(String, String)] = []
                if index > 0 {
                    let m = repeater.matrix(ofCopy: index)
                    attributes.append(("transform", "matrix(\([m.a, m.b, m.c, m.d, m.tx, m.ty].map { formatNumber($0, decimals: 6) }.joined(separator: " ")))"))
                }
                let opacity = repeater.opacity(ofCopy: index)
                if opacity < 1 { attributes.append(("opacity", svgOpacity(opacity))) }
                let name = index == 0 ? node.id : "\(node.id)-copy\(index)"
                content.append(Markup("g", attributes, children: renderContent(node, name: name)))
            }
        } else {
            content = renderContent(node, name: node.id)
        }
        return placed(content, transform: node.transform, id: id)
    }

    /// `name` (the node id, or the copy's) names the node's gradients.
    private mutating func renderContent(_ node: Node, name: String) -> [Markup] {
        switch node.content {
        case let .shape(geometry, style): return [shape(geometry, style, name: name)]
        case let .group(children): return children.map { render($0) }
        }
    }

    /// One transform step: a static transform-list item, or an animated one with its base value.
    private struct TransformStep {
        var text: String?
        var animation: Markup?
    }

    /// Wraps `content` in the node's transform, `translate(position) translate(offset) rotate(r)
    /// scale(s) translate(−anchor)`: consecutive static steps share one `<g>`, each animated step
    /// gets its own so that its `<animateTransform>` replaces only that step.
    private func placed(_ content: [Markup], transform: Transform, id: String) -> Markup {
        func translateText(_ p: Point) -> String? { p == .zero ? nil : "translate(\(formatNumber(p.x)) \(formatNumber(p.y)))" }
        func pointValues(_ p: Point) -> String { "\(formatNumber(p.x)) \(formatNumber(p.y))" }
        var steps: [TransformStep] = []
        let positionFrames = keyframes(transform.position, format: pointValues)
        let offsetFrames = keyframes(transform.offset, format: pointValues)
        let position = transform.position.value(at: 0), offset = transform.offset.value(at: 0)
        if positionFrames == nil && offsetFrames == nil {
            steps.append(TransformStep(text: translateText(position + offset)))
        } else {
            steps.append(TransformStep(text: "translate(\(pointValues(position)))", animation: positionFrames.map { animateTransform("translate", $0) }))
            steps.append(TransformStep(text: "translate(\(pointValues(offset)))", animation: offsetFrames.map { animateTransform("translate", $0) }))
        }
        let rotation = transform.rotation.value(at: 0)
        let rotationFrames = keyframes(transform.rotation) { formatNumber($0) }
        steps.append(TransformStep(
            text: rotation == 0 && rotationFrames == nil ? nil : "rotate(\(formatNumber(rotation)))",
            animation: rotationFrames.map { animateTransform("rotate", $0) }))
        let scale = transform.scale.value(at: 0)
        let scaleFrames = keyframes(transform.scale, format: pointValues)
        steps.append(TransformStep(
            text: scale == Point(1, 1) && scaleFrames == nil ? nil : "scale(\(pointValues(scale)))",
            animation: scaleFrames.map { animateTransform("scale", $0) }))
        let negatedAnchor = transform.anchor.map { Point(0, 0) - $0 }
        let anchorFrames = keyframes(negatedAnchor, format: pointValues)
        let anchorBase = negatedAnchor.value(at: 0)
        steps.append(TransformStep(
            text: anchorFrames == nil ? translateText(anchorBase) : "translate(\(pointValues(anchorBase)))",
            animation: anchorFrames.map { animateTransform("translate", $0) }))

        // Group the steps into `<g>` levels.
        var levels: [(texts: [String], animation: Markup?)] = []
        var pending: [String] = []
        for step in steps {
            if let animation = step.animation {
                if !pending.isEmpty { levels.append((pending, nil)) }
                pending = []
                levels.append(([step.text ?? ""], animation))
            } else if let text = step.text {
                pending.append(text)
            }
        }
        if !pending.isEmpty { levels.append((pending, nil)) }

        var inner = content
        for level in levels.dropFirst().reversed() {
            inner = [Markup("g", [("transform", level.texts.joined(separator: " "))], children: (level.animation.map { [$0] } ?? []) + inner)]
        }
        var attributes: [(String, String)] = [("id", id)]
        var animations: [Markup] = []
        if let first = levels.first {
            attributes.append(("transform", first.texts.joined(separator: " ")))
            if let animation = first.animation { animations.append(animation) }
        }
        let opacity = transform.opacity.value(at: 0)
        let opacityFrames = keyframes(transform.opacity) { svgOpacity($0) }
        if opacity != 1 || opacityFrames != nil { attributes.append(("opacity", svgOpacity(opacity))) }
        if let animation = animate("opacity", opacityFrames) { animations.insert(animation, at: 0) }
        return Markup("g", attributes, children: animations + inner)
    }

    // MARK: Shapes

    private mutating func shape(_ geometry: Geometry, _ style: Style, name: String) -> Markup {
        let outlines = GeometryOutlines(geometry)
        var attributes: [(String, String)] = []
        var animations: [Markup] = []
        let trimMode = self.trimMode(geometry, style)
        let geometryMoves = animates && geometry.isAnimated && trimMode != .geometry && trimMode != .bakedGeometry
        switch trimMode {
        case .geometry, .bakedGeometry:
            let trim = style.trim ?? Trim()
            attributes.append(("d", trimmedPathData(geometry.trimmedOutline(at: 0, trim: trim))))
            if trimMode == .bakedGeometry {
                // The trimmed outline changes its vertex count as the window moves, which SMIL
                // cannot interpolate: one value per frame, shown from its frame's instant.
                let frameCount = max(1, Int((duration * fps).rounded()))
                let changes = (0..<frameCount).map { frame -> (Double, String) in
                    let time = Double(frame) / fps
                    return (time, trimmedPathData(geometry.trimmedOutline(at: time, trim: trim)))
                }
                if let animation = animate("d", discreteKeyframes(changes, duration: duration)) { animations.append(animation) }
            }
        case .none, .dash:
            attributes.append(("d", svgPathData(outlines.value(at: 0, normalised: geometryMoves), curvesOnly: geometryMoves)))
        }
        if geometryMoves {
            let shapes = combinedPieces(
                timings: outlines.timings, duration: duration, fps: fps, tolerance: 0.25,
                value: { outlines.value(at: $0, normalised: true) }, leftValue: { outlines.leftValue(at: $0, normalised: true) })
            if let frames = smilKeyframes(shapes, duration: duration, format: { svgPathData($0, curvesOnly: true) }) {
                animations.append(Markup("animate", [("attributeName", "d")] + frames.attributes(duration: duration)))
            }
        }

        if let fill = style.fill {
            paint(fill, property: "fill", name: name, attributes: &attributes, animations: &animations)
        } else {
            attributes.append(("fill", "none"))
        }
        attributes.append(("fill-rule", style.fillRule.rawValue))

        if let stroke = style.stroke {
            paint(stroke.paint, property: "stroke", name: name, attributes: &attributes, animations: &animations)
            attributes.append(("stroke-width", formatNumber(stroke.width.value(at: 0))))
            if let animation = animate("stroke-width", keyframes(stroke.width) { formatNumber($0) }) { animations.append(animation) }
            attributes.append(("stroke-linecap", stroke.cap.rawValue))
            attributes.append(("stroke-linejoin", stroke.join.rawValue))
            attributes.append(("stroke-miterlimit", formatNumber(stroke.miterLimit)))
            if trimMode != .dash, !stroke.dash.isEmpty {
                attributes.append(("stroke-dasharray", stroke.dash.map { formatNumber($0) }.joined(separator: " ")))
            }
        }
        if trimMode == .dash, let trim = style.trim {
            trimAttributes(trim, outlines: outlines, attributes: &attributes, animations: &animations)
        }
        return Markup("path", attributes, children: animations)
    }

    /// How a trimmed shape is drawn.
    private enum TrimMode {
        /// No trim.
        case none
        /// A still trimmed outline as the path (fill and stroke both cut, as in SwiftUI and Lottie).
        case geometry
        /// A moving trim on an unfilled single contour: a dash of the stroke (smooth in SMIL).
        case dash
        /// A moving trim that cuts a fill or several contours (an SVG dash restarts on every
        /// subpath), or a dashed stroke: the trimmed outline baked per frame.
        case bakedGeometry
    }

    private func trimMode(_ geometry: Geometry, _ style: Style) -> TrimMode {
        guard let trim = style.trim else { return .none }
        guard animates, trim.isAnimated || geometry.isAnimated else { return .geometry }
        let contourCount = geometry.outline(at: 0).contours.count
        // The dash trick needs the stroke's dash pattern for itself, so a dashed stroke is trimmed
        // as geometry instead, and keeps its own pattern.
        let dashed = !(style.stroke?.dash.isEmpty ?? true)
        return style.fill == nil && contourCount == 1 && !dashed ? .dash : .bakedGeometry
    }

    /// Path data of a trimmed outline; an empty trim draws nothing (a lone moveto has no caps).
    private func trimmedPathData(_ shape: PathShape) -> String {
        shape.contours.isEmpty ? "M0 0" : svgPathData(shape, curvesOnly: false)
    }

    /// Trim as a dash of the trimmed length with a gap completing the outline's length, shifted by
    /// the start: one dash per period, so a trim that wraps past the start point wraps here too.
    /// Lengths are absolute (not `pathLength`) for the renderers that ignore `pathLength`. An empty
    /// trim is hidden, since a zero-length dash still draws a round or square cap.
    private func trimAttributes(_ trim: Trim, outlines: GeometryOutlines, attributes: inout [(String, String)], animations: inout [Markup]) {
        func dash(_ shape: PathShape, _ start: Double, _ end: Double, _ offset: Double) -> NumberVector {
            let length = outlineLength(shape)
            let low = min(start, end), high = max(start, end)
            let visible = min(max(high - low, 0), 1) * length
            return NumberVector([visible, length - visible, -(low + offset) * length])
        }
        let value: (Double) -> NumberVector = {
            dash(outlines.value(at: $0, normalised: false), trim.start.value(at: $0), trim.end.value(at: $0), trim.offset.value(at: $0))
        }
        let initial = value(0)
        attributes.append(("stroke-dasharray", "\(formatNumber(initial.values[0])) \(formatNumber(initial.values[1]))"))
        attributes.append(("stroke-dashoffset", formatNumber(initial.values[2])))
        let empty = 1e-6
        guard animates, trim.isAnimated || outlines.isAnimated else {
            if initial.values[0] < empty { attributes.append(("visibility", "hidden")) }
            return
        }
        let dashes = combinedPieces(
            timings: outlines.timings + [trim.start.timings, trim.end.timings, trim.offset.timings],
            duration: duration, fps: fps, tolerance: 0.25, value: value,
            leftValue: {
                dash(outlines.leftValue(at: $0, normalised: false), trim.start.leftValue(at: $0), trim.end.leftValue(at: $0), trim.offset.leftValue(at: $0))
            })
        if let animation = animate("stroke-dasharray", smilKeyframes(dashes, duration: duration, format: { "\(formatNumber($0.values[0])) \(formatNumber($0.values[1]))" })) {
            animations.append(animation)
        }
        if let animation = animate("stroke-dashoffset", smilKeyframes(dashes, duration: duration, format: { formatNumber($0.values[2]) })) {
            animations.append(animation)
        }
        let changes = dashes.map { piece -> (Double, String) in
            (piece.start, piece.from.values[0] < empty && piece.to.values[0] < empty ? "hidden" : "visible")
        }
        // The base value is the track's first: an interval that starts empty but grows is visible.
        if changes.first?.1 == "hidden" { attributes.append(("visibility", "hidden")) }
        if let animation = animate("visibility", discreteKeyframes(changes, duration: duration)) { animations.append(animation) }
    }

    // MARK: Paint

    private mutating func paint(_ paint: Paint, property: String, name: String, attributes: inout [(String, String)], animations: inout [Markup]) {
        switch paint {
        case let .color(color):
            let initial = color.value(at: 0)
            attributes.append((property, svgColor(initial)))
            if let themed = SVGThemes.paintClass(property, color) { SVGThemes.addClass(themed, to: &attributes) }
            if let animation = animate(property, keyframes(color, format: svgColor)) { animations.append(animation) }
            let alphaFrames = keyframes(color.map { $0.a }, format: svgOpacity)
            if initial.a < 1 || alphaFrames != nil { attributes.append(("\(property)-opacity", svgOpacity(initial.a))) }
            if let animation = animate("\(property)-opacity", alphaFrames) { animations.append(animation) }
        case let .linearGradient(from, to, stops):
            let gradientId = ids.make("\(name)-\(property)")
            var children: [Markup] = []
            var gradientAttributes: [(String, String)] = [("id", gradientId), ("gradientUnits", "userSpaceOnUse")]
            for (name, track) in [("x1", from.map(\.x)), ("y1", from.map(\.y)), ("x2", to.map(\.x)), ("y2", to.map(\.y))] {
                gradientAttributes.append((name, formatNumber(track.value(at: 0))))
                if let animation = animate(name, keyframes(track) { formatNumber($0) }) { children.append(animation) }
            }
            definitions.append(Markup("linearGradient", gradientAttributes, children: children + stopMarkup(stops)))
            attributes.append((property, "url(#\(gradientId))"))
        case let .radialGradient(center, radius, stops):
            let gradientId = ids.make("\(name)-\(property)")
            var children: [Markup] = []
            var gradientAttributes: [(String, String)] = [("id", gradientId), ("gradientUnits", "userSpaceOnUse")]
            for (name, track) in [("cx", center.map(\.x)), ("cy", center.map(\.y)), ("r", radius)] {
                gradientAttributes.append((name, formatNumber(track.value(at: 0))))
                if let animation = animate(name, keyframes(track) { formatNumber($0) }) { children.append(animation) }
            }
            definitions.append(Markup("radialGradient", gradientAttributes, children: children + stopMarkup(stops)))
            attributes.append((property, "url(#\(gradientId))"))
        }
    }

    private func stopMarkup(_ stops: Animated<GradientStops>) -> [Markup] {
        let initial = stops.value(at: 0).stops
        return initial.indices.map { index in
            let stop = initial[index]
            let offset = stops.map { $0.stops.indices.contains(index) ? $0.stops[index].offset : 0 }
            let color = stops.map { $0.stops.indices.contains(index) ? $0.stops[index].color : RGBA.black }
            var attributes: [(String, String)] = [("offset", formatNumber(stop.offset)), ("stop-color", svgColor(stop.color))]
            let alphaFrames = keyframes(color.map(\.a), format: svgOpacity)
            if stop.color.a < 1 || alphaFrames != nil { attributes.append(("stop-opacity", svgOpacity(stop.color.a))) }
            let animations = [
                animate("offset", keyframes(offset) { formatNumber($0) }), animate("stop-color", keyframes(color, format: svgColor)),
                animate("stop-opacity", alphaFrames),
            ].compactMap { $0 }
            return Markup("stop", attributes, children: animations)
        }
    }
}

/// A geometry's outline as a function of time, from the right (`value`) or the left (`leftValue`,
/// the limit just before a jump), with the segment timings of every track it depends on.
struct GeometryOutlines {
    let geometry: Geometry

    init(_ geometry: Geometry) { self.geometry = geometry }

    var isAnimated: Bool { geometry.isAnimated }

    var timings: [[SegmentTiming]] {
        switch geometry {
        case let .rect(size, radius): return [size.timings, radius.timings]
        case let .ellipse(size): return [size.timings]
        case let .polygon(_, radius, inner): return [radius.timings, inner?.timings ?? []]
        case let .path(shape): return [shape.timings]
        }
    }

    func value(at time: Double, normalised: Bool) -> PathShape { outline(time, left: false, normalised: normalised) }

    func leftValue(at time: Double, normalised: Bool) -> PathShape { outline(time, left: true, normalised: normalised) }

    private func outline(_ time: Double, left: Bool, normalised: Bool) -> PathShape {
        func at<V>(_ track: Animated<V>) -> V { left ? track.leftValue(at: time) : track.value(at: time) }
        switch geometry {
        case let .rect(size, radius):
            let shape = rectOutline(size: at(size), cornerRadius: at(radius))
            return normalised ? eightVertexRect(shape) : shape
        case let .ellipse(size): return ellipseOutline(size: at(size))
        case let .polygon(sides, radius, inner): return polygonOutline(sides: sides, radius: at(radius), innerRadius: inner.map { at($0) })
        case let .path(shape): return at(shape)
        }
    }

    /// A sharp rectangle has 4 vertices and a rounded one 8; a morph between them needs one
    /// command list, so sharp corners are doubled (same start point, same direction).
    private func eightVertexRect(_ shape: PathShape) -> PathShape {
        guard let contour = shape.contours.first, contour.vertices.count == 4 else { return shape }
        let v = contour.vertices
        return PathShape([Contour([v[0], v[1], v[1], v[2], v[2], v[3], v[3], v[0]], closed: true)])
    }
}
