import ChoreoJSON
import ChoreoTimeline

/// Renders nodes: base attribute values at `baseTime`, and for every played span an `<animate>` child per
/// property that moves in it. Without played spans it draws the scene frozen at `baseTime` (a snapshot,
/// the same as `Timeline.frozen(at:)` drawn, without copying the timeline): every track is read
/// there and counts as still.
struct SceneRenderer {
    let fps: Double
    let baseTime: Double
    let playedSpans: [PlayedSpan]
    private let spanTimings: [SpanTiming]
    var ids: IdAllocator
    /// The nodes pointer triggers target, by id: each takes the pointer and is a keyboard stop
    /// (the interactive SVG's drawing takes no pointer elsewhere).
    var targets: [String: TriggerTarget] = [:]
    /// Gradients and clip paths in document order, written as children of `<defs>` (depth 2).
    var definitions = MarkupWriter(depth: 2, capacity: 0)

    init(fps: Double, idPrefix: String, baseTime: Double = 0, playedSpans: [PlayedSpan] = []) {
        self.fps = fps
        self.baseTime = baseTime
        self.playedSpans = playedSpans
        self.spanTimings = playedSpans.map(SpanTiming.init)
        self.ids = IdAllocator(prefix: idPrefix)
    }

    var animates: Bool { !playedSpans.isEmpty }

    // MARK: Tracks to SMIL

    /// One animation element per played span in which `frames` moves (and per played span covering one where it
    /// moves, held at `held(played.start)`), added to `list`.
    private func spanAnimations(
        _ target: AnimationTarget, into list: inout AnimationList, frames: (Int) -> SMILKeyframes?,
        held: (Double, inout [UInt8]) -> Void
    ) {
        guard animates else { return }
        if playedSpans.count == 1 && playedSpans[0].covers.isEmpty {
            // The reel: one played span, nothing to cover.
            if let keyframes = frames(0) { list.append(target, keyframes: keyframes, timing: spanTimings[0]) }
            return
        }
        let perSpan = playedSpans.indices.map(frames)
        for (index, played) in playedSpans.enumerated() {
            var keyframes = perSpan[index]
            if keyframes == nil, played.covers.contains(where: { perSpan[$0] != nil }) || holdsAnotherValue(played, held) {
                var values = TextList()
                values.append { held(played.start, &$0) }
                values.appendLastAgain()
                keyframes = SMILKeyframes(keyTimes: [0, 1], values: values, keySplines: nil, discrete: false)
            }
            if let keyframes { list.append(target, keyframes: keyframes, timing: spanTimings[index]) }
        }
    }

    /// The `d` of a moving outline: per played span, its pieces between the span's ends, written as
    /// curves only so that every keyframe has the same commands (SMIL interpolates path data only then).
    func pathDataAnimations(
        into list: inout AnimationList, timings: [[SegmentTiming]], value: (Double) -> PathShape, leftValue: (Double) -> PathShape
    ) {
        spanAnimations(
            .attribute("d"), into: &list,
            frames: { index in
                let played = playedSpans[index]
                let shapes = combinedPieces(
                    timings: timings, start: played.start, end: played.end, fps: fps, tolerance: 0.25, value: value, leftValue: leftValue)
                return smilKeyframes(shapes, duration: played.duration, format: { appendSVGPathData($0, curvesOnly: true, to: &$1) })
            },
            held: { appendSVGPathData(value($0), curvesOnly: true, to: &$1) })
    }

    /// Discrete keyframes of a value the played span at `index` derives from its tracks (`texts[i]` from
    /// `times[i]`, seconds into the played span; `atRest(t)` is the value the pose at rest at `t` shows).
    /// Unlike a track's own values, a derived value need not start where the drawing rests, since a
    /// trim growing from nothing is visible from its first instant while the empty pose at rest is
    /// hidden, and a bake per frame or per piece stops short of the pose the played span ends on. So a
    /// played span that plays once ends on its end pose's value, and a value that does not change within
    /// the played span is still written when it is not the one in effect as the played span begins (otherwise
    /// the attribute at rest, or another played span's frozen value, would stay in force).
    private func discreteClipKeyframes(
        _ index: Int, times: [Double], texts: TextList, atRest: (Double, inout [UInt8]) -> Void
    ) -> SMILKeyframes? {
        let played = playedSpans[index]
        var times = times, texts = texts
        if !played.loops {
            times.append(played.duration)
            texts.append { atRest(played.end, &$0) }
        }
        if let keyframes = discreteKeyframes(times: times, texts: texts, duration: played.duration) { return keyframes }
        guard played.duration > 0, !texts.isEmpty, playedSpans.count > 1 || played.begin != nil else { return nil }
        var inEffect: [UInt8] = []
        atRest(played.restTime ?? played.start, &inEffect)
        guard !texts.text(0, equals: inEffect) else { return nil }
        var values = TextList()
        values.append(Array(texts.text(0)))
        values.appendLastAgain()
        return SMILKeyframes(keyTimes: [0, 1], values: values, keySplines: nil, discrete: true)
    }

    /// Whether a played span in which a value stays still holds another value than the one in effect as
    /// it begins (`PlayedSpan.restTime`).
    private func holdsAnotherValue(_ played: PlayedSpan, _ held: (Double, inout [UInt8]) -> Void) -> Bool {
        guard let restTime = played.restTime, played.duration > 0 else { return false }
        var during: [UInt8] = [], before: [UInt8] = []
        held(played.start, &during)
        held(restTime, &before)
        return during != before
    }

    /// The animations of one track, one per played span it moves in (see `spanAnimations`).
    func animations<Value: SVGAnimatable>(
        _ target: AnimationTarget, _ track: Animated<Value>, into list: inout AnimationList, format: (Value, inout [UInt8]) -> Void
    ) {
        guard track.isAnimated else { return }
        spanAnimations(
            target, into: &list,
            frames: { index in
                let played = playedSpans[index]
                return smilKeyframes(pieces(of: track, start: played.start, end: played.end, fps: fps), duration: played.duration, format: format)
            },
            held: { format(track.value(at: $0), &$1) })
    }

    /// `animations` of one attribute or transform, as a list of their own.
    private func animations<Value: SVGAnimatable>(
        _ target: AnimationTarget, _ track: Animated<Value>, format: (Value, inout [UInt8]) -> Void
    ) -> AnimationList {
        var list = AnimationList()
        animations(target, track, into: &list, format: format)
        return list
    }

    // MARK: Nodes

    /// Writes a node: its `<g>` (and one per further transform step that moves), its content.
    mutating func render(_ node: Node, into out: inout MarkupWriter) {
        if node.blend != .normal || node.matte != nil {
            renderComposited(node, into: &out)
            return
        }
        if let effects = node.effects {
            out.start("g")
            out.attribute("filter", "url(#\(effectsFilter(node, effects)))")
            var plain = node
            plain.effects = nil
            render(plain, into: &out)
            out.end()
            return
        }
        let id = ids.make(node.id)
        let placement = self.placement(node.transform, opacity: node.drawnOpacity)
        out.start("g")
        out.attribute("id", id)
        if let target = targets[node.id] {
            out.attribute("data-target", node.id)
            out.attribute("tabindex", "0")
            out.attribute("role", "button")
            out.attribute("aria-label", node.targetName)
            out.attribute("pointer-events", target.hit == .bounds ? "bounding-box" : "visiblePainted")
        } else if let name = node.accessibleName {
            out.attribute("role", "img")
            out.attribute("aria-label", name)
        }
        if let first = placement.levels.first { out.attribute("transform") { appendTransformList(first.texts, to: &$0) } }
        if let opacity = placement.opacity { out.attribute("opacity") { appendSVGOpacity(opacity, to: &$0) } }
        out.animations(placement.opacityAnimations)
        if let first = placement.levels.first { out.animations(first.animations) }
        for level in placement.levels.dropFirst() {
            out.start("g")
            out.attribute("transform") { appendTransformList(level.texts, to: &$0) }
            out.animations(level.animations)
        }
        if node.clip != nil || !node.masks.isEmpty {
            renderCut(node, into: &out)
        } else {
            renderCopies(node, into: &out)
        }
        for _ in placement.levels.dropFirst() { out.end() }
        out.end()
    }

    /// The node's copies and children inside its masks and clip, in its local coordinates.
    private mutating func renderCut(_ node: Node, into out: inout MarkupWriter) {
        if !node.masks.isEmpty {
            // The mask's id is made after the content's ids (as the content is drawn first).
            var masked = MarkupWriter(depth: out.currentDepth + (node.clip == nil ? 1 : 2))
            renderCopies(node, into: &masked)
            let maskId = maskDefinition(node.masks, name: node.id)
            var wrapped = MarkupWriter(depth: out.currentDepth + (node.clip == nil ? 0 : 1))
            wrapped.start("g")
            wrapped.attribute("mask", "url(#\(maskId))")
            wrapped.children(masked)
            wrapped.end()
            if let clip = node.clip {
                let clipId = ids.make("\(node.id)-clip")
                clipPath(clip, id: clipId)
                out.start("g")
                out.attribute("clip-path", "url(#\(clipId))")
                out.children(wrapped)
                out.end()
            } else {
                out.children(wrapped)
            }
            return
        }
        if let clip = node.clip {
            // In the node's local coordinates: inside its transform, around its copies and
            // children. The clip's id is made after the content's ids (as the content is drawn
            // first), so the content is written into a buffer of its own first.
            var clipped = MarkupWriter(depth: out.currentDepth + 1)
            renderCopies(node, into: &clipped)
            let clipId = ids.make("\(node.id)-clip")
            clipPath(clip, id: clipId)
            out.start("g")
            out.attribute("clip-path", "url(#\(clipId))")
            out.children(clipped)
            out.end()
        }
    }

    /// The node's content, or one `<g>` per copy of it.
    private mutating func renderCopies(_ node: Node, into out: inout MarkupWriter) {
        if let repeater = node.repeat, repeater.count > 0 {
            for index in 0..<repeater.count {
                out.start("g")
                if index > 0 {
                    let m = repeater.matrix(ofCopy: index)
                    out.attribute("transform") { bytes in
                        bytes.append(contentsOf: "matrix(".utf8)
                        for (position, value) in [m.a, m.b, m.c, m.d, m.tx, m.ty].enumerated() {
                            if position > 0 { bytes.append(UInt8(ascii: " ")) }
                            appendFormattedNumber(value, decimals: 6, to: &bytes)
                        }
                        bytes.append(UInt8(ascii: ")"))
                    }
                }
                let opacity = repeater.opacity(ofCopy: index)
                if opacity < 1 { out.attribute("opacity") { appendSVGOpacity(opacity, to: &$0) } }
                let name = index == 0 ? node.id : "\(node.id)-copy\(index)"
                renderContent(node, name: name, into: &out)
                out.end()
            }
        } else {
            renderContent(node, name: node.id, into: &out)
        }
    }

    /// A `<clipPath>` holding the clip's outline with its transform applied (a clip path's children
    /// cannot be `<g>`s, so the transform is baked into the path data), animated like a shape's
    /// `d`, added to the definitions. Each contour is a `<path>` of its own: a clipPath shows the
    /// union of its children, which is what a clip of several contours means (one path of them
    /// all would be filled nonzero, and a contour inside another turning the other way would cut
    /// a hole). The contours are also turned one way, as they are at the base time: librsvg 2.54
    /// joins a clipPath's children into one path filled by one rule, which is their union only then.
    mutating func clipPath(_ clip: ClipShape, id: String) {
        let outlines = ClipOutlines(clip: clip)
        let moves = animates && clip.isAnimated
        let base = outlines.value(at: baseTime, normalised: moves).contours
        let count = max(1, base.count)
        let turned = base.map { turnsBackward($0) }
        func part(_ shape: PathShape, _ index: Int) -> PathShape {
            guard count > 1 else { return shape }
            guard index < shape.contours.count else { return PathShape([]) }
            let contour = shape.contours[index]
            return PathShape([turned[index] ? reversedContour(contour) : contour])
        }
        definitions.start("clipPath")
        definitions.attribute("id", id)
        definitions.attribute("clipPathUnits", "userSpaceOnUse")
        for index in 0..<count {
            var animations = AnimationList()
            if moves {
                pathDataAnimations(
                    into: &animations, timings: outlines.timings,
                    value: { part(outlines.value(at: $0, normalised: true), index) },
                    leftValue: { part(outlines.leftValue(at: $0, normalised: true), index) })
            }
            definitions.start("path")
            definitions.attribute("d") {
                appendSVGPathData(part(outlines.value(at: baseTime, normalised: moves), index), curvesOnly: moves, to: &$0)
            }
            definitions.attribute("clip-rule", "nonzero")
            definitions.animations(animations)
            definitions.end()
        }
        definitions.end()
    }

    /// `name` (the node id, or the copy's) names the node's gradients.
    private mutating func renderContent(_ node: Node, name: String, into out: inout MarkupWriter) {
        switch node.content {
        case let .shape(geometry, style): shape(geometry, style, name: name, into: &out)
        case let .group(children):
            if children.contains(where: { $0.blend != .normal }) {
                // A group isolates the blending of what is in it (an After Effects precomposition).
                out.start("g")
                out.attribute("style", "isolation:isolate")
                renderList(children, into: &out)
                out.end()
            } else {
                renderList(children, into: &out)
            }
        }
    }

    /// One item of a transform list, written as bytes when the `<g>` is.
    enum TransformText {
        case translate(Point)
        case rotate(Double)
        case scale(Point)

        func append(to bytes: inout [UInt8]) {
            switch self {
            case let .translate(p):
                bytes.append(contentsOf: "translate(".utf8)
                appendSVGPoint(p, to: &bytes)
            case let .rotate(angle):
                bytes.append(contentsOf: "rotate(".utf8)
                appendSVGAngle(angle, to: &bytes)
            case let .scale(s):
                bytes.append(contentsOf: "scale(".utf8)
                appendSVGScale(s, to: &bytes)
            }
            bytes.append(UInt8(ascii: ")"))
        }
    }

    /// `texts` separated by spaces.
    func appendTransformList(_ texts: [TransformText], to bytes: inout [UInt8]) {
        for (index, text) in texts.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: " ")) }
            text.append(to: &bytes)
        }
    }

    /// One transform step: a static transform-list item, or an animated one with its base value.
    private struct TransformStep {
        var text: TransformText?
        var animations = AnimationList()
    }

    /// One `<g>` of a node's placement: its transform list and the animations of its one moving
    /// step, if any.
    struct Level {
        var texts: [TransformText]
        var animations = AnimationList()
    }

    /// How a node is placed: `<g>` levels (the first is the node's own `<g>`), each with its
    /// transform list and animations, and the node's opacity.
    struct Placement {
        var levels: [Level] = []
        var opacity: Double?
        var opacityAnimations = AnimationList()
    }

    /// The node's transform, `translate(position) translate(offset) rotate(r) scale(s)
    /// translate(−anchor)`: consecutive static steps share one `<g>`, each animated step gets its
    /// own so that its `<animateTransform>`s replace only that step.
    func placement(_ transform: Transform, opacity opacityTrack: Animated<Double>) -> Placement {
        func translateText(_ p: Point) -> TransformText? { p == .zero ? nil : .translate(p) }
        var steps: [TransformStep] = []
        steps.reserveCapacity(5)
        // SMIL moves in straight lines: a curved motion is written frame by frame; the two axes of
        // a position each have a translation of their own.
        let positionTrack = transform.axes.map { $0.x.map { Point($0, 0) } } ?? transform.position.straightened(fps: fps)
        let positionAnimations = animations(.transform("translate"), positionTrack, format: appendSVGPoint)
        let axisYAnimations = transform.axes.map { animations(.transform("translate"), $0.y.map { Point(0, $0) }, format: appendSVGPoint) }
            ?? AnimationList()
        let offsetAnimations = animations(.transform("translate"), transform.offset, format: appendSVGPoint)
        let position = transform.positionValue(at: baseTime), offset = transform.offset.value(at: baseTime)
        if positionAnimations.isEmpty && offsetAnimations.isEmpty && axisYAnimations.isEmpty {
            steps.append(TransformStep(text: translateText(position + offset)))
        } else if transform.axes != nil {
            steps.append(TransformStep(text: .translate(Point(position.x, 0)), animations: positionAnimations))
            steps.append(TransformStep(text: .translate(Point(0, position.y)), animations: axisYAnimations))
            steps.append(TransformStep(text: .translate(offset), animations: offsetAnimations))
        } else {
            steps.append(TransformStep(text: .translate(position), animations: positionAnimations))
            steps.append(TransformStep(text: .translate(offset), animations: offsetAnimations))
        }
        let rotationTrack = animates ? transform.orientedRotation(fps: fps, duration: playedEnd) : transform.rotation
        let rotation = transform.rotationValue(at: baseTime)
        let rotationAnimations = animations(.transform("rotate"), rotationTrack, format: appendSVGAngle)
        steps.append(TransformStep(
            text: rotation == 0 && rotationAnimations.isEmpty ? nil : .rotate(rotation), animations: rotationAnimations))
        let scale = transform.scale.value(at: baseTime)
        let scaleAnimations = animations(.transform("scale"), transform.scale, format: appendSVGScale)
        steps.append(TransformStep(
            text: scale == Point(1, 1) && scaleAnimations.isEmpty ? nil : .scale(scale), animations: scaleAnimations))
        let negatedAnchor = transform.anchor.map { Point(0, 0) - $0 }
        let anchorAnimations = animations(.transform("translate"), negatedAnchor, format: appendSVGPoint)
        let anchorBase = negatedAnchor.value(at: baseTime)
        steps.append(TransformStep(
            text: anchorAnimations.isEmpty ? translateText(anchorBase) : .translate(anchorBase), animations: anchorAnimations))

        // Group the steps into `<g>` levels.
        var placement = Placement()
        var pending: [TransformText] = []
        for step in steps {
            if !step.animations.isEmpty {
                if !pending.isEmpty { placement.levels.append(Level(texts: pending)) }
                pending = []
                placement.levels.append(Level(texts: step.text.map { [$0] } ?? [], animations: step.animations))
            } else if let text = step.text {
                pending.append(text)
            }
        }
        if !pending.isEmpty { placement.levels.append(Level(texts: pending)) }

        let opacity = opacityTrack.value(at: baseTime)
        placement.opacityAnimations = self.animations(.attribute("opacity"), opacityTrack, format: appendSVGOpacity)
        if opacity != 1 || !placement.opacityAnimations.isEmpty { placement.opacity = opacity }
        return placement
    }

    // MARK: Shapes

    private mutating func shape(_ geometry: Geometry, _ style: Style, name: String, into out: inout MarkupWriter) {
        let outlines = GeometryOutlines(geometry)
        // `d` comes first, written as bytes; the other attributes follow.
        let pathData: (shape: PathShape, curvesOnly: Bool, trimmed: Bool)
        var attributes: [ShapeAttribute] = []
        attributes.reserveCapacity(10)
        var animations = AnimationList()
        let trimMode = self.trimMode(geometry, style)
        let geometryMoves = animates && geometry.isAnimated && trimMode != .geometry && trimMode != .bakedGeometry
        switch trimMode {
        case .geometry, .bakedGeometry:
            let trim = style.trim ?? Trim()
            pathData = (geometry.trimmedOutline(at: baseTime, trim: trim), false, true)
            if trimMode == .bakedGeometry {
                // The trimmed outline changes its vertex count as the window moves, which SMIL
                // cannot interpolate: one value per frame, shown from its frame's instant.
                spanAnimations(
                    .attribute("d"), into: &animations,
                    frames: { index in
                        let played = playedSpans[index]
                        let frameCount = max(1, Int((played.duration * fps).rounded()))
                        var times: [Double] = []
                        var texts = TextList()
                        for frame in 0..<frameCount {
                            let time = Double(frame) / fps
                            times.append(time)
                            texts.append { appendTrimmedPathData(geometry.trimmedOutline(at: played.start + time, trim: trim), to: &$0) }
                        }
                        return discreteClipKeyframes(index, times: times, texts: texts) {
                            appendTrimmedPathData(geometry.trimmedOutline(at: $0, trim: trim), to: &$1)
                        }
                    },
                    held: { appendTrimmedPathData(geometry.trimmedOutline(at: $0, trim: trim), to: &$1) })
            }
        case .none, .dash:
            pathData = (outlines.value(at: baseTime, normalised: geometryMoves), geometryMoves, false)
        }
        if geometryMoves {
            pathDataAnimations(
                into: &animations, timings: outlines.timings,
                value: { outlines.value(at: $0, normalised: true) }, leftValue: { outlines.leftValue(at: $0, normalised: true) })
        }

        if let fill = style.fill {
            paint(fill, property: "fill", name: name, attributes: &attributes, animations: &animations)
        } else {
            attributes.append(("fill", .text("none")))
        }
        attributes.append(("fill-rule", .text(style.fillRule.rawValue)))

        if let stroke = style.stroke {
            paint(stroke.paint, property: "stroke", name: name, attributes: &attributes, animations: &animations)
            attributes.append(("stroke-width", .number(stroke.width.value(at: baseTime))))
            self.animations(.attribute("stroke-width"), stroke.width, into: &animations, format: appendSVGNumber)
            attributes.append(("stroke-linecap", .text(stroke.cap.rawValue)))
            attributes.append(("stroke-linejoin", .text(stroke.join.rawValue)))
            attributes.append(("stroke-miterlimit", .number(stroke.miterLimit)))
            if trimMode != .dash, !stroke.dash.isEmpty {
                attributes.append(("stroke-dasharray", .numbers(stroke.dash)))
            }
        }
        if trimMode == .dash, let trim = style.trim {
            trimAttributes(trim, outlines: outlines, attributes: &attributes, animations: &animations)
        }
        out.start("path")
        out.attribute("d") { bytes in
            if pathData.trimmed {
                appendTrimmedPathData(pathData.shape, to: &bytes)
            } else {
                appendSVGPathData(pathData.shape, curvesOnly: pathData.curvesOnly, to: &bytes)
            }
        }
        for (name, value) in attributes { value.write(name, into: &out) }
        out.animations(animations)
        out.end()
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

    /// Trim as a dash of the trimmed length with a gap completing the outline's length, shifted by
    /// the start: one dash per period, so a trim that wraps past the start point wraps here too.
    /// Lengths are absolute (not `pathLength`) for the renderers that ignore `pathLength`. An empty
    /// trim is hidden, since a zero-length dash still draws a round or square cap. The dash is
    /// written to the numbers' precision and the gap rounded up, so that a period is never shorter
    /// than the outline: a shorter one would start the next dash just before the path's end, a
    /// sliver a round cap draws as a dot (59.422 written for 59.42222).
    private func trimAttributes(_ trim: Trim, outlines: GeometryOutlines, attributes: inout [ShapeAttribute], animations: inout AnimationList) {
        func dash(_ shape: PathShape, _ start: Double, _ end: Double, _ offset: Double) -> NumberVector {
            let length = shape.arcLength
            let low = min(start, end), high = max(start, end)
            let visible = (min(max(high - low, 0), 1) * length * svgNumberScale).rounded() / svgNumberScale
            let gap = (max(length - visible, 0) * svgNumberScale).rounded(.up) / svgNumberScale
            return NumberVector([visible, gap, -(low + offset) * length])
        }
        let value: (Double) -> NumberVector = {
            dash(outlines.value(at: $0, normalised: false), trim.start.value(at: $0), trim.end.value(at: $0), trim.offset.value(at: $0))
        }
        let initial = value(baseTime)
        attributes.append(("stroke-dasharray", .numbers([initial.values[0], initial.values[1]])))
        attributes.append(("stroke-dashoffset", .number(initial.values[2])))
        let empty = 1e-6
        guard animates, trim.isAnimated || outlines.isAnimated else {
            if initial.values[0] < empty { attributes.append(("visibility", .text("hidden"))) }
            return
        }
        let dashes = playedSpans.map { played in
            combinedPieces(
                timings: outlines.timings + [trim.start.timings, trim.end.timings, trim.offset.timings],
                start: played.start, end: played.end, fps: fps, tolerance: 0.25, value: value,
                leftValue: {
                    dash(outlines.leftValue(at: $0, normalised: false), trim.start.leftValue(at: $0), trim.end.leftValue(at: $0), trim.offset.leftValue(at: $0))
                })
        }
        let lengths: (NumberVector, inout [UInt8]) -> Void = { dash, out in
            appendSVGNumber(dash.values[0], to: &out)
            out.append(UInt8(ascii: " "))
            appendSVGNumber(dash.values[1], to: &out)
        }
        spanAnimations(
            .attribute("stroke-dasharray"), into: &animations,
            frames: { smilKeyframes(dashes[$0], duration: playedSpans[$0].duration, format: lengths) }, held: { lengths(value($0), &$1) })
        spanAnimations(
            .attribute("stroke-dashoffset"), into: &animations,
            frames: { index in smilKeyframes(dashes[index], duration: playedSpans[index].duration, format: { appendSVGNumber($0.values[2], to: &$1) }) },
            held: { appendSVGNumber(value($0).values[2], to: &$1) })
        func hidden(_ piece: Piece<NumberVector>) -> Bool { piece.from.values[0] < empty && piece.to.values[0] < empty }
        func visibility(_ hidden: Bool) -> String { hidden ? "hidden" : "visible" }
        // A span playing from load sets the base value from its first interval (one that starts
        // empty but grows is visible); otherwise the base value is the drawing at rest.
        let hiddenAtRest = playedSpans.first.map { $0.begin == nil && $0.start == baseTime } == true
            ? dashes[0].first.map(hidden) == true : initial.values[0] < empty
        if hiddenAtRest { attributes.append(("visibility", .text("hidden"))) }
        spanAnimations(
            .attribute("visibility"), into: &animations,
            frames: { index in
                var texts = TextList()
                for piece in dashes[index] { texts.append(Array(visibility(hidden(piece)).utf8)) }
                return discreteClipKeyframes(index, times: dashes[index].map(\.start), texts: texts) {
                    $1.append(contentsOf: visibility(value($0).values[0] < empty).utf8)
                }
            },
            held: { $1.append(contentsOf: visibility(value($0).values[0] < empty).utf8) })
    }

    // MARK: Paint

    private mutating func paint(_ paint: Paint, property: String, name: String, attributes: inout [ShapeAttribute], animations: inout AnimationList) {
        switch paint {
        case let .color(color):
            let initial = color.value(at: baseTime)
            attributes.append((property, .color(initial)))
            // A snapshot's colours are still: themed even if they move elsewhere on the timeline.
            if color.slot != nil, let themed = SVGThemes.paintClass(property, animates ? color : color.frozen(at: baseTime)) {
                SVGThemes.addClass(themed, to: &attributes)
            }
            var alphaAnimations = AnimationList()
            if animates && color.isAnimated {
                self.animations(.attribute(property), color, into: &animations, format: appendSVGColor)
                self.animations(.attribute("\(property)-opacity"), color.map { $0.a }, into: &alphaAnimations, format: appendSVGOpacity)
            }
            if initial.a < 1 || !alphaAnimations.isEmpty { attributes.append(("\(property)-opacity", .opacity(initial.a))) }
            animations.append(contentsOf: alphaAnimations)
        case let .linearGradient(from, to, stops):
            gradient("linearGradient", property: property, name: name, attributes: &attributes, stops: stops, tracks: [
                ("x1", from.map(\.x)), ("y1", from.map(\.y)), ("x2", to.map(\.x)), ("y2", to.map(\.y)),
            ])
        case let .radialGradient(center, radius, stops):
            gradient("radialGradient", property: property, name: name, attributes: &attributes, stops: stops, tracks: [
                ("cx", center.map(\.x)), ("cy", center.map(\.y)), ("r", radius),
            ])
        }
    }

    /// A gradient in the definitions, in user space, its geometry from `tracks`; the shape's paint
    /// refers to it.
    private mutating func gradient(
        _ element: String, property: String, name: String, attributes: inout [ShapeAttribute], stops: Animated<GradientStops>,
        tracks: [(String, Animated<Double>)]
    ) {
        let gradientId = ids.make("\(name)-\(property)")
        var children = AnimationList()
        var gradientAttributes: [(String, String)] = [("id", gradientId), ("gradientUnits", "userSpaceOnUse")]
        for (name, track) in tracks {
            gradientAttributes.append((name, formatNumber(track.value(at: baseTime))))
            animations(.attribute(name), track, into: &children, format: appendSVGNumber)
        }
        definitions.start(element)
        definitions.attributes(gradientAttributes)
        definitions.animations(children)
        writeStops(stops, into: &definitions)
        definitions.end()
        attributes.append((property, .text("url(#\(gradientId))")))
    }

    private func writeStops(_ stops: Animated<GradientStops>, into out: inout MarkupWriter) {
        let initial = stops.value(at: baseTime).stops
        for index in initial.indices {
            let stop = initial[index]
            let offset = stops.map { $0.stops.indices.contains(index) ? $0.stops[index].offset : 0 }
            let color = stops.map { $0.stops.indices.contains(index) ? $0.stops[index].color : RGBA.black }
            let alphaAnimations = self.animations(.attribute("stop-opacity"), color.map(\.a), format: appendSVGOpacity)
            out.start("stop")
            out.attribute("offset", number: stop.offset)
            out.attribute("stop-color") { appendSVGColor(stop.color, to: &$0) }
            if stop.color.a < 1 || !alphaAnimations.isEmpty { out.attribute("stop-opacity") { appendSVGOpacity(stop.color.a, to: &$0) } }
            var animations = self.animations(.attribute("offset"), offset, format: appendSVGNumber)
            self.animations(.attribute("stop-color"), color, into: &animations, format: appendSVGColor)
            animations.append(contentsOf: alphaAnimations)
            out.animations(animations)
            out.end()
        }
    }
}

extension Node {
    /// A target's accessible name: its label (or text), else the first text inside it, else its id.
    var targetName: String {
        if let name = accessibleName { return name }
        func text(in node: Node) -> String? {
            if let name = node.accessibleName { return name }
            guard case let .group(children) = node.content else { return nil }
            return children.lazy.compactMap(text(in:)).first
        }
        return text(in: self) ?? id
    }
}
