import ChoreoJSON
import ChoreoTimeline

/// SVG from a compiled timeline: animated (SMIL) for the whole global timeline, or a still snapshot.
///
/// Both are SVG 1.1 that librsvg, cairosvg, ThorVG and Chromium draw alike: absolute path data,
/// one `<g>` per transform step that moves, gradients in `<defs>` in user space, and every stroke
/// property written out (SVG's miter limit default of 4 is not SwiftUI's 10).
public enum SVGEmitter {
    /// The reel: every animated property of the timeline becomes an `<animate>` or
    /// `<animateTransform>` lasting the whole global timeline and repeating forever, every pose,
    /// transition and timeline in turn (for READMEs and demos). Under
    /// `prefers-reduced-motion: reduce` a still copy of the pose at time 0 is shown instead.
    ///
    /// `idPrefix` is put before every XML id, so that several SVGs can share one HTML page.
    public static func animated(_ timeline: Timeline, idPrefix: String = "") -> String {
        guard !timeline.isStatic, timeline.duration > 0 else {
            return snapshot(timeline, at: 0, idPrefix: idPrefix)
        }
        let clip = Clip(start: 0, end: timeline.duration, begin: nil, stop: nil, loops: true)
        return selfPlaying(timeline, clip: clip, idPrefix: idPrefix)
    }

    /// The interactive SVG: at rest it shows the initial state's pose, and pointer input fires the
    /// scene's triggers (see `InteractiveSVG`). A scene without states plays its first timeline
    /// from load instead, looping if the timeline loops, else once, holding its last frame.
    public static func interactive(_ timeline: Timeline, idPrefix: String = "") -> String {
        guard !timeline.isStatic, timeline.duration > 0 else {
            return snapshot(timeline, at: 0, idPrefix: idPrefix)
        }
        if let machine = InteractiveMachine(timeline) {
            return InteractiveSVG.document(timeline, machine: machine, idPrefix: idPrefix)
        }
        guard let first = timeline.spans.first(where: { $0.kind == .timeline && $0.end > $0.start }) else {
            return snapshot(timeline, at: 0, idPrefix: idPrefix)
        }
        let clip = Clip(start: first.start, end: first.end, begin: nil, stop: nil, loops: first.loops)
        return selfPlaying(timeline, clip: clip, idPrefix: idPrefix)
    }

    /// An SVG playing one clip from load, with a still copy of its first instant for reduced motion.
    private static func selfPlaying(_ timeline: Timeline, clip: Clip, idPrefix: String) -> String {
        var renderer = SceneRenderer(fps: timeline.fps, idPrefix: idPrefix, baseTime: clip.start, clips: [clip])
        let motion = timeline.layers.map { renderer.render($0) }
        let motionDefs = renderer.definitions
        var stillRenderer = SceneRenderer(fps: timeline.fps, idPrefix: idPrefix + "still-")
        let still = timeline.frozen(at: clip.start).layers.map { stillRenderer.render($0) }
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
        var renderer = SceneRenderer(fps: timeline.fps, idPrefix: idPrefix)
        let layers = frozen.layers.map { renderer.render($0) }
        var children: [Markup] = [Markup("title", text: timeline.title)]
        if !renderer.definitions.isEmpty { children.append(Markup("defs", children: renderer.definitions)) }
        if let background = backgroundMarkup(timeline) { children.append(background) }
        children += layers
        return document(timeline, children: children)
    }

    static func document(_ timeline: Timeline, children: [Markup], rootAttributes: [(String, String)] = []) -> String {
        let width = formatNumber(timeline.width), height = formatNumber(timeline.height)
        let children = SVGThemes.style(timeline).map { Array(children.prefix(1)) + [$0] + children.dropFirst() } ?? children
        let root = Markup(
            "svg",
            [("xmlns", "http://www.w3.org/2000/svg"), ("version", "1.1"), ("width", width), ("height", height),
             ("viewBox", "0 0 \(width) \(height)"), ("role", "img")] + rootAttributes,
            children: children)
        return root.rendered
    }

    static func backgroundMarkup(_ timeline: Timeline) -> Markup? {
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

/// A stretch of the global timeline that the SVG plays as one group of SMIL animations: the whole
/// timeline looping (the reel), a transition played once, a state's played timeline.
struct Clip {
    var start: Double
    var end: Double
    /// `begin` (nil: at load), and `end` if the clip can be stopped early.
    var begin: String?
    var stop: String?
    var loops: Bool
    /// Clips whose moving properties this clip writes too, held at their values at its start if
    /// it does not move them itself: a transition leaving a state that plays a timeline must
    /// cover whatever that timeline left frozen.
    var covers: [Int] = []

    var duration: Double { end - start }

    /// The SMIL timing attributes of every animation of the clip.
    var timing: [(String, String)] {
        var result: [(String, String)] = []
        if let begin { result.append(("begin", begin)) }
        if let stop { result.append(("end", stop)) }
        result.append(("dur", durationText(duration) + "s"))
        result.append(loops ? ("repeatCount", "indefinite") : ("fill", "freeze"))
        return result
    }
}

/// Renders nodes: base attribute values at `baseTime`, and for every clip an `<animate>` child per
/// property that moves in it. Without clips every property is written at `baseTime` (a frozen
/// timeline is constant, so that is a snapshot).
struct SceneRenderer {
    let fps: Double
    let baseTime: Double
    let clips: [Clip]
    var ids: IdAllocator
    /// Gradients, in document order.
    private(set) var definitions: [Markup] = []

    init(fps: Double, idPrefix: String, baseTime: Double = 0, clips: [Clip] = []) {
        self.fps = fps
        self.baseTime = baseTime
        self.clips = clips
        self.ids = IdAllocator(prefix: idPrefix)
    }

    private var animates: Bool { !clips.isEmpty }

    // MARK: Tracks to SMIL

    /// One animation element per clip in which `frames` moves (and per clip covering one where it
    /// moves, held at `held(clip.start)`).
    private func clipAnimations(
        _ element: String, _ target: [(String, String)], frames: (Int) -> SMILKeyframes?, held: (Double) -> String
    ) -> [Markup] {
        guard animates else { return [] }
        let perClip = clips.indices.map(frames)
        var result: [Markup] = []
        for (index, clip) in clips.enumerated() {
            var keyframes = perClip[index]
            if keyframes == nil, clip.covers.contains(where: { perClip[$0] != nil }) {
                let value = held(clip.start)
                keyframes = SMILKeyframes(keyTimes: [0, 1], values: [value, value], keySplines: nil, discrete: false)
            }
            if let keyframes {
                result.append(Markup(element, target + keyframes.attributes(duration: clip.duration, timing: clip.timing)))
            }
        }
        return result
    }

    /// `<animate>`s of one attribute following one track.
    private func animations<Value: SVGAnimatable>(_ attribute: String, _ track: Animated<Value>, format: @escaping (Value) -> String) -> [Markup] {
        guard track.isAnimated else { return [] }
        return clipAnimations(
            "animate", [("attributeName", attribute)],
            frames: { index in
                let clip = clips[index]
                return smilKeyframes(pieces(of: track, start: clip.start, end: clip.end, fps: fps), duration: clip.duration, format: format)
            },
            held: { format(track.value(at: $0)) })
    }

    private func transformAnimations<Value: SVGAnimatable>(_ type: String, _ track: Animated<Value>, format: @escaping (Value) -> String) -> [Markup] {
        guard track.isAnimated else { return [] }
        return clipAnimations(
            "animateTransform", [("attributeName", "transform"), ("type", type)],
            frames: { index in
                let clip = clips[index]
                return smilKeyframes(pieces(of: track, start: clip.start, end: clip.end, fps: fps), duration: clip.duration, format: format)
            },
            held: { format(track.value(at: $0)) })
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
        if let clip = node.clip {
            // In the node's local coordinates: inside its transform, around its copies and children.
            let clipId = ids.make("\(node.id)-clip")
            definitions.append(clipPath(clip, id: clipId))
            content = [Markup("g", [("clip-path", "url(#\(clipId))")], children: content)]
        }
        return placed(content, transform: node.transform, id: id)
    }

    /// A `<clipPath>` holding the clip's outline with its transform applied (a clip path's children
    /// cannot be `<g>`s, so the transform is baked into the path data), animated like a shape's `d`.
    private func clipPath(_ clip: ClipShape, id: String) -> Markup {
        let outlines = ClipOutlines(clip: clip)
        let moves = animates && clip.isAnimated
        var pathAttributes = [("d", svgPathData(outlines.value(at: baseTime, normalised: moves), curvesOnly: moves))]
        var animations: [Markup] = []
        if moves {
            animations = clipAnimations(
                "animate", [("attributeName", "d")],
                frames: { index in
                    let window = clips[index]
                    let shapes = combinedPieces(
                        timings: outlines.timings, start: window.start, end: window.end, fps: fps, tolerance: 0.25,
                        value: { outlines.value(at: $0, normalised: true) }, leftValue: { outlines.leftValue(at: $0, normalised: true) })
                    return smilKeyframes(shapes, duration: window.duration, format: { svgPathData($0, curvesOnly: true) })
                },
                held: { svgPathData(outlines.value(at: $0, normalised: true), curvesOnly: true) })
        }
        pathAttributes.append(("clip-rule", "nonzero"))
        return Markup(
            "clipPath", [("id", id), ("clipPathUnits", "userSpaceOnUse")], children: [Markup("path", pathAttributes, children: animations)])
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
        var animations: [Markup] = []
    }

    /// Wraps `content` in the node's transform, `translate(position) translate(offset) rotate(r)
    /// scale(s) translate(−anchor)`: consecutive static steps share one `<g>`, each animated step
    /// gets its own so that its `<animateTransform>`s replace only that step.
    private func placed(_ content: [Markup], transform: Transform, id: String) -> Markup {
        func translateText(_ p: Point) -> String? { p == .zero ? nil : "translate(\(formatNumber(p.x)) \(formatNumber(p.y)))" }
        let pointValues: (Point) -> String = { "\(formatNumber($0.x)) \(formatNumber($0.y))" }
        var steps: [TransformStep] = []
        let positionAnimations = transformAnimations("translate", transform.position, format: pointValues)
        let offsetAnimations = transformAnimations("translate", transform.offset, format: pointValues)
        let position = transform.position.value(at: baseTime), offset = transform.offset.value(at: baseTime)
        if positionAnimations.isEmpty && offsetAnimations.isEmpty {
            steps.append(TransformStep(text: translateText(position + offset)))
        } else {
            steps.append(TransformStep(text: "translate(\(pointValues(position)))", animations: positionAnimations))
            steps.append(TransformStep(text: "translate(\(pointValues(offset)))", animations: offsetAnimations))
        }
        let rotation = transform.rotation.value(at: baseTime)
        let rotationAnimations = transformAnimations("rotate", transform.rotation) { formatNumber($0) }
        steps.append(TransformStep(
            text: rotation == 0 && rotationAnimations.isEmpty ? nil : "rotate(\(formatNumber(rotation)))", animations: rotationAnimations))
        let scale = transform.scale.value(at: baseTime)
        let scaleAnimations = transformAnimations("scale", transform.scale, format: pointValues)
        steps.append(TransformStep(
            text: scale == Point(1, 1) && scaleAnimations.isEmpty ? nil : "scale(\(pointValues(scale)))", animations: scaleAnimations))
        let negatedAnchor = transform.anchor.map { Point(0, 0) - $0 }
        let anchorAnimations = transformAnimations("translate", negatedAnchor, format: pointValues)
        let anchorBase = negatedAnchor.value(at: baseTime)
        steps.append(TransformStep(
            text: anchorAnimations.isEmpty ? translateText(anchorBase) : "translate(\(pointValues(anchorBase)))", animations: anchorAnimations))

        // Group the steps into `<g>` levels.
        var levels: [(texts: [String], animations: [Markup])] = []
        var pending: [String] = []
        for step in steps {
            if !step.animations.isEmpty {
                if !pending.isEmpty { levels.append((pending, [])) }
                pending = []
                levels.append(([step.text ?? ""], step.animations))
            } else if let text = step.text {
                pending.append(text)
            }
        }
        if !pending.isEmpty { levels.append((pending, [])) }

        var inner = content
        for level in levels.dropFirst().reversed() {
            inner = [Markup("g", [("transform", level.texts.joined(separator: " "))], children: level.animations + inner)]
        }
        var attributes: [(String, String)] = [("id", id)]
        var animations: [Markup] = []
        if let first = levels.first {
            attributes.append(("transform", first.texts.joined(separator: " ")))
            animations += first.animations
        }
        let opacity = transform.opacity.value(at: baseTime)
        let opacityAnimations = self.animations("opacity", transform.opacity) { svgOpacity($0) }
        if opacity != 1 || !opacityAnimations.isEmpty { attributes.append(("opacity", svgOpacity(opacity))) }
        return Markup("g", attributes, children: opacityAnimations + animations + inner)
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
            attributes.append(("d", trimmedPathData(geometry.trimmedOutline(at: baseTime, trim: trim))))
            if trimMode == .bakedGeometry {
                // The trimmed outline changes its vertex count as the window moves, which SMIL
                // cannot interpolate: one value per frame, shown from its frame's instant.
                animations += clipAnimations(
                    "animate", [("attributeName", "d")],
                    frames: { index in
                        let clip = clips[index]
                        let frameCount = max(1, Int((clip.duration * fps).rounded()))
                        let changes = (0..<frameCount).map { frame -> (Double, String) in
                            let time = Double(frame) / fps
                            return (time, trimmedPathData(geometry.trimmedOutline(at: clip.start + time, trim: trim)))
                        }
                        return discreteKeyframes(changes, duration: clip.duration)
                    },
                    held: { trimmedPathData(geometry.trimmedOutline(at: $0, trim: trim)) })
            }
        case .none, .dash:
            attributes.append(("d", svgPathData(outlines.value(at: baseTime, normalised: geometryMoves), curvesOnly: geometryMoves)))
        }
        if geometryMoves {
            animations += clipAnimations(
                "animate", [("attributeName", "d")],
                frames: { index in
                    let clip = clips[index]
                    let shapes = combinedPieces(
                        timings: outlines.timings, start: clip.start, end: clip.end, fps: fps, tolerance: 0.25,
                        value: { outlines.value(at: $0, normalised: true) }, leftValue: { outlines.leftValue(at: $0, normalised: true) })
                    return smilKeyframes(shapes, duration: clip.duration, format: { svgPathData($0, curvesOnly: true) })
                },
                held: { svgPathData(outlines.value(at: $0, normalised: true), curvesOnly: true) })
        }

        if let fill = style.fill {
            paint(fill, property: "fill", name: name, attributes: &attributes, animations: &animations)
        } else {
            attributes.append(("fill", "none"))
        }
        attributes.append(("fill-rule", style.fillRule.rawValue))

        if let stroke = style.stroke {
            paint(stroke.paint, property: "stroke", name: name, attributes: &attributes, animations: &animations)
            attributes.append(("stroke-width", formatNumber(stroke.width.value(at: baseTime))))
            animations += self.animations("stroke-width", stroke.width) { formatNumber($0) }
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
            let length = shape.arcLength
            let low = min(start, end), high = max(start, end)
            let visible = min(max(high - low, 0), 1) * length
            return NumberVector([visible, length - visible, -(low + offset) * length])
        }
        let value: (Double) -> NumberVector = {
            dash(outlines.value(at: $0, normalised: false), trim.start.value(at: $0), trim.end.value(at: $0), trim.offset.value(at: $0))
        }
        let initial = value(baseTime)
        attributes.append(("stroke-dasharray", "\(formatNumber(initial.values[0])) \(formatNumber(initial.values[1]))"))
        attributes.append(("stroke-dashoffset", formatNumber(initial.values[2])))
        let empty = 1e-6
        guard animates, trim.isAnimated || outlines.isAnimated else {
            if initial.values[0] < empty { attributes.append(("visibility", "hidden")) }
            return
        }
        let dashes = clips.map { clip in
            combinedPieces(
                timings: outlines.timings + [trim.start.timings, trim.end.timings, trim.offset.timings],
                start: clip.start, end: clip.end, fps: fps, tolerance: 0.25, value: value,
                leftValue: {
                    dash(outlines.leftValue(at: $0, normalised: false), trim.start.leftValue(at: $0), trim.end.leftValue(at: $0), trim.offset.leftValue(at: $0))
                })
        }
        let lengths: (NumberVector) -> String = { "\(formatNumber($0.values[0])) \(formatNumber($0.values[1]))" }
        animations += clipAnimations(
            "animate", [("attributeName", "stroke-dasharray")],
            frames: { smilKeyframes(dashes[$0], duration: clips[$0].duration, format: lengths) }, held: { lengths(value($0)) })
        animations += clipAnimations(
            "animate", [("attributeName", "stroke-dashoffset")],
            frames: { index in smilKeyframes(dashes[index], duration: clips[index].duration, format: { formatNumber($0.values[2]) }) },
            held: { formatNumber(value($0).values[2]) })
        func changes(_ pieces: [Piece<NumberVector>]) -> [(Double, String)] {
            pieces.map { piece in (piece.start, piece.from.values[0] < empty && piece.to.values[0] < empty ? "hidden" : "visible") }
        }
        // A clip playing from load sets the base value from its first interval (one that starts
        // empty but grows is visible); otherwise the base value is the drawing at rest.
        let hiddenAtRest = clips.first.map { $0.begin == nil && $0.start == baseTime } == true
            ? changes(dashes[0]).first?.1 == "hidden" : initial.values[0] < empty
        if hiddenAtRest { attributes.append(("visibility", "hidden")) }
        animations += clipAnimations(
            "animate", [("attributeName", "visibility")],
            frames: { discreteKeyframes(changes(dashes[$0]), duration: clips[$0].duration) },
            held: { value($0).values[0] < empty ? "hidden" : "visible" })
    }

    // MARK: Paint

    private mutating func paint(_ paint: Paint, property: String, name: String, attributes: inout [(String, String)], animations: inout [Markup]) {
        switch paint {
        case let .color(color):
            let initial = color.value(at: baseTime)
            attributes.append((property, svgColor(initial)))
            if let themed = SVGThemes.paintClass(property, color) { SVGThemes.addClass(themed, to: &attributes) }
            animations += self.animations(property, color, format: svgColor)
            let alphaAnimations = self.animations("\(property)-opacity", color.map { $0.a }, format: svgOpacity)
            if initial.a < 1 || !alphaAnimations.isEmpty { attributes.append(("\(property)-opacity", svgOpacity(initial.a))) }
            animations += alphaAnimations
        case let .linearGradient(from, to, stops):
            let gradientId = ids.make("\(name)-\(property)")
            var children: [Markup] = []
            var gradientAttributes: [(String, String)] = [("id", gradientId), ("gradientUnits", "userSpaceOnUse")]
            for (name, track) in [("x1", from.map(\.x)), ("y1", from.map(\.y)), ("x2", to.map(\.x)), ("y2", to.map(\.y))] {
                gradientAttributes.append((name, formatNumber(track.value(at: baseTime))))
                children += self.animations(name, track) { formatNumber($0) }
            }
            definitions.append(Markup("linearGradient", gradientAttributes, children: children + stopMarkup(stops)))
            attributes.append((property, "url(#\(gradientId))"))
        case let .radialGradient(center, radius, stops):
            let gradientId = ids.make("\(name)-\(property)")
            var children: [Markup] = []
            var gradientAttributes: [(String, String)] = [("id", gradientId), ("gradientUnits", "userSpaceOnUse")]
            for (name, track) in [("cx", center.map(\.x)), ("cy", center.map(\.y)), ("r", radius)] {
                gradientAttributes.append((name, formatNumber(track.value(at: baseTime))))
                children += self.animations(name, track) { formatNumber($0) }
            }
            definitions.append(Markup("radialGradient", gradientAttributes, children: children + stopMarkup(stops)))
            attributes.append((property, "url(#\(gradientId))"))
        }
    }

    private func stopMarkup(_ stops: Animated<GradientStops>) -> [Markup] {
        let initial = stops.value(at: baseTime).stops
        return initial.indices.map { index in
            let stop = initial[index]
            let offset = stops.map { $0.stops.indices.contains(index) ? $0.stops[index].offset : 0 }
            let color = stops.map { $0.stops.indices.contains(index) ? $0.stops[index].color : RGBA.black }
            var attributes: [(String, String)] = [("offset", formatNumber(stop.offset)), ("stop-color", svgColor(stop.color))]
            let alphaAnimations = self.animations("stop-opacity", color.map(\.a), format: svgOpacity)
            if stop.color.a < 1 || !alphaAnimations.isEmpty { attributes.append(("stop-opacity", svgOpacity(stop.color.a))) }
            let animations = self.animations("offset", offset) { formatNumber($0) } + self.animations("stop-color", color, format: svgColor)
                + alphaAnimations
            return Markup("stop", attributes, children: animations)
        }
    }
}

/// A clip's outline in its node's coordinates as a function of time: the geometry's outline moved
/// by the clip's transform, with the timings of every track either depends on.
struct ClipOutlines {
    let clip: ClipShape

    var timings: [[SegmentTiming]] {
        let t = clip.transform
        return GeometryOutlines(clip.geometry).timings + [t.anchor.timings, t.position.timings, t.rotation.timings, t.scale.timings]
    }

    func value(at time: Double, normalised: Bool) -> PathShape {
        closed(GeometryOutlines(clip.geometry).value(at: time, normalised: normalised).applying(clip.transform.matrix(at: time)))
    }

    func leftValue(at time: Double, normalised: Bool) -> PathShape {
        let t = clip.transform
        let matrix = Transform(
            anchor: Animated(t.anchor.leftValue(at: time)), position: Animated(t.position.leftValue(at: time)),
            rotation: Animated(t.rotation.leftValue(at: time)), scale: Animated(t.scale.leftValue(at: time))
        ).matrix(at: time)
        return closed(GeometryOutlines(clip.geometry).leftValue(at: time, normalised: normalised).applying(matrix))
    }

    /// A clip region is the inside of its outline: an open path clips as if closed.
    private func closed(_ shape: PathShape) -> PathShape {
        PathShape(shape.contours.map { Contour($0.vertices, closed: true) })
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
