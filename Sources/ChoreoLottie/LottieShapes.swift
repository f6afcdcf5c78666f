import ChoreoJSON
import ChoreoTimeline
import Foundation


/// Builds the shape items (`gr`, `rc`, `el`, `sr`, `sh`, `fl`, `st`, `gf`, `gs`, `tm`, `tr`) of one
/// timeline. Every object starts with `"ty"` (rlottie ignores the keys written before it).
struct LottieShapeBuilder {
    var fps: Double
    var duration: Double
    var options = LottieOptions()
    /// The slots of bound tracks (`LottieTokens`): a bound anchor or size is written through a
    /// group of its own, which players slot.
    var tokenSlots: Set<String> = []

    private func isBound<Value>(_ track: Animated<Value>) -> Bool {
        track.slot.map(tokenSlots.contains) ?? false
    }

    // MARK: Nodes

    /// A node as one `gr`. Lottie draws the first item on top, so children are written top first.
    /// A window the node's layer does not hold (`windowInLayer`) is its opacity dropping to 0.
    func writeGroup<W: JSONSink>(for node: Node, windowInLayer: Bool = false, to w: inout W) {
        var transform = node.transform
        if !windowInLayer { transform.opacity = node.drawnOpacity }
        if transform.position.isAnimated, transform.offset.isAnimated,
            !sameTiming(transform.position, transform.offset)
        {
            // Position and offset move on different clocks: their sum is not one keyframed track,
            // so the offset gets a group of its own around the node (it is added last anyway).
            var placed = transform
            placed.offset = Animated(.zero)
            beginGroup(name: node.id + " offset", to: &w)
            writePlacedGroup(for: node, placed, to: &w)
            writeTransformItem(Transform(position: transform.offset), to: &w)
            endGroup(to: &w)
            return
        }
        writePlacedGroup(for: node, transform, to: &w)
    }

    /// The node's group with `transform`. A bound anchor is a group of its own inside, moved by the
    /// anchor's opposite (`p + R·S·(q − a)` is the outer group's `p + R·S·…` of the inner group's
    /// `q − a`): players slot a group's position, not its anchor.
    private func writePlacedGroup<W: JSONSink>(for node: Node, _ transform: Transform, to w: inout W) {
        beginGroup(name: node.id, to: &w)
        if isBound(transform.anchor) {
            beginGroup(name: node.id + " anchor", to: &w)
            writeContent(of: node, to: &w)
            var shift = transform.anchor.map { Point(-$0.x, -$0.y) }
            shift.slot = transform.anchor.slot
            writeTransformItem(Transform(position: shift), to: &w)
            endGroup(to: &w)
            var placed = transform
            placed.anchor = Animated(.zero)
            writeTransformItem(placed, to: &w)
        } else {
            writeContent(of: node, to: &w)
            writeTransformItem(transform, to: &w)
        }
        endGroup(to: &w)
    }

    /// `group(for:)` as a tree.
    func group(for node: Node) -> JSONValue {
        JSONTreeBuilder.build { writeGroup(for: node, to: &$0) }
    }

    /// The items of a node's group before its `tr`: its shape, its children, or copies of them.
    private func writeContent<W: JSONSink>(of node: Node, to w: inout W) {
        func content(_ w: inout W) {
            switch node.content {
            case let .shape(geometry, style):
                writeShapeItems(geometry, style, to: &w)
            case let .group(children):
                for child in children.reversed() { writeGroup(for: child, to: &w) }
            }
        }
        if let repetition = node.repeat {
            writeCopies(repetition, id: node.id, to: &w, content: content)
        } else {
            content(&w)
        }
    }

    /// `{"ty":"gr","nm":NAME,"it":[`: the items follow, then `endGroup`.
    func beginGroup<W: JSONSink>(name: String, to w: inout W) {
        w.beginObject()
        w.member("ty", "gr")
        w.member("nm", name)
        w.key("it")
        w.beginArray()
    }

    func endGroup<W: JSONSink>(to w: inout W) {
        w.endArray()
        w.endObject()
    }

    /// The `tr` closing a group: `position + offset + R·S·(q − anchor)` is Lottie's
    /// `p + R·S·(q − a)` with `p = position + offset`.
    func writeTransformItem<W: JSONSink>(_ transform: Transform, to w: inout W) {
        w.beginObject()
        w.member("ty", "tr")
        writeTransformMembers(
            anchor: transform.anchor, position: lottiePosition(transform), scale: transform.scale,
            rotation: transform.orientedRotation(fps: fps, duration: duration), opacity: transform.opacity, to: &w)
        w.endObject()
    }

    /// Lottie's `p`, `position + offset + shift`: one track (its curves kept, as `to`/`ti`), or
    /// the two axes apart (`s: true`).
    func lottiePosition(_ transform: Transform, shift: Point = .zero) -> LottiePosition {
        let offset = transform.offset
        if let axes = transform.axes {
            guard !offset.isAnimated else {
                return .together(sampledTrack(
                    fps: fps, duration: duration, keyTimes: axes.x.keyTimes + axes.y.keyTimes + offset.keyTimes,
                    jumpTimes: Set(axes.x.jumpTimes + axes.y.jumpTimes + offset.jumpTimes)
                ) { transform.positionValue(at: $0) + offset.value(at: $0) + shift })
            }
            let delta = offset.initial + shift
            return .split(x: axes.x.map { $0 + delta.x }, y: axes.y.map { $0 + delta.y })
        }
        var position = offset.isAnimated
            ? combineTracks(transform.position, offset, fps: fps, duration: duration) { $0 + $1 + shift }
            : transform.position.translated(by: offset.initial + shift)
        position.slot = transform.position.slot ?? offset.slot
        return .together(position)
    }

    func writeTransformMembers<W: JSONSink>(
        anchor: Animated<Point>, position: LottiePosition, scale: Animated<Point>,
        rotation: Animated<Double>, opacity: Animated<Double>, to w: inout W
    ) {
        w.key("a")
        writeLottieProperty(anchor, fps: fps, .point(), to: &w)
        w.key("p")
        switch position {
        case let .together(track):
            writeLottieProperty(track, fps: fps, .point(), to: &w)
        case let .split(x, y):
            w.beginObject()
            w.key("s")
            w.bool(true)
            w.key("x")
            writeLottieProperty(x, fps: fps, .scalar(), to: &w)
            w.key("y")
            writeLottieProperty(y, fps: fps, .scalar(), to: &w)
            w.endObject()
        }
        w.key("s")
        writeLottieProperty(scale, fps: fps, .point(times: 100), to: &w)
        w.key("r")
        writeLottieProperty(rotation, fps: fps, .rotation, to: &w)
        w.key("o")
        writeLottieProperty(opacity.playerSafe(TrackPlace.transform(.opacity).boundedRange), fps: fps, .opacityPercent, to: &w)
    }

    /// Explicit copies instead of a repeater (`rp`): `rp` is not in the Lottie 1.0 spec, and
    /// players compose its transform in closed form (position × i, rotation × i), while copy `i`
    /// here is the step applied `i` times. Later copies are drawn on top, so they come first.
    /// The content is walked once; every other copy is its text again (`JSONSink.insert`).
    func writeCopies<W: JSONSink>(
        _ repetition: Repeat, id: String, to w: inout W, content: (inout W) -> Void
    ) {
        guard repetition.count > 0 else { return }
        var fragment: W.Fragment?
        func writeContent(_ w: inout W) {
            if let fragment {
                if !w.insert(fragment) { content(&w) }
                return
            }
            // Only the first copy is a fragment: a streaming writer keeps a fragment's bytes
            // until it ends, so every begun fragment is ended.
            let start = w.beginFragment()
            content(&w)
            fragment = w.endFragment(start)
        }
        for index in (0..<repetition.count).reversed() {
            let opacity = Animated(repetition.opacity(ofCopy: index))
            let name = "\(id) copy \(index)"
            if let placement = decompose(repetition.matrix(ofCopy: index)) {
                beginGroup(name: name, to: &w)
                writeContent(&w)
                w.beginObject()
                w.member("ty", "tr")
                writeTransformMembers(
                    anchor: Animated(.zero), position: .together(Animated(placement.position)), scale: Animated(placement.scale),
                    rotation: Animated(placement.rotation), opacity: opacity, to: &w)
                w.endObject()
                endGroup(to: &w)
                continue
            }
            // Rotation with unequal scale makes a skew that `tr` cannot express: nest the step.
            let step = Transform(
                anchor: Animated(repetition.anchor), position: Animated(repetition.anchor + repetition.offset),
                rotation: Animated(repetition.rotation), scale: Animated(repetition.scale))
            beginGroup(name: name, to: &w)
            for _ in 0..<index { beginGroup(name: name, to: &w) }
            writeContent(&w)
            for _ in 0..<index {
                writeTransformItem(step, to: &w)
                endGroup(to: &w)
            }
            writeTransformItem(Transform(opacity: opacity), to: &w)
            endGroup(to: &w)
        }
    }

    // MARK: Shapes

    /// The shape items of a node, each an element of the open array.
    func writeShapeItems<W: JSONSink>(_ geometry: Geometry, _ style: Style, to w: inout W) {
        if let trim = style.trim, style.fill != nil {
            // A trim never reaches a filled shape (reference §6.6 rule 4): lottie-ios's Core
            // Animation engine cannot trim a fill and falls back to its main-thread engine, and
            // players fill a window through a closed contour's start differently. The trimmed
            // outline is written as the geometry itself, which is what the fill and the stroke
            // draw (the SVG does the same).
            writePathItems(trimmedOutlineTrack(geometry, trim), to: &w)
            if let stroke = style.stroke { writeStrokeItem(stroke, to: &w) }
            if let fill = style.fill { writeFillItem(fill, rule: style.fillRule, to: &w) }
            return
        }
        // Lottie's own primitives start their outline elsewhere (an `el` at 12 o'clock, a `rc` at
        // its top-right corner); where the start matters (trim, dashes) the IR outline is written.
        let startMatters = style.trim != nil || !(style.stroke?.dash.isEmpty ?? true)
        let outlinePolygon = startMatters || options.polygonsAsPaths
        if !startMatters, let size = boundSize(geometry) {
            // A unit shape in a group scaled to the size (a group scale is what players slot); the
            // stroke and fill stay outside, so the stroke keeps its width.
            let isEllipse = if case .ellipse = geometry { true } else { false }
            beginGroup(name: "size", to: &w)
            w.beginObject()
            w.member("ty", isEllipse ? "el" : "rc")
            w.member("d", 1)
            w.staticProperty("p", 0, 0)
            w.staticProperty("s", 1, 1)
            if !isEllipse { w.staticProperty("r", 0) }
            w.endObject()
            w.beginObject()
            w.member("ty", "tr")
            writeTransformMembers(anchor: Animated(.zero), position: .together(Animated(.zero)), scale: size, rotation: Animated(0), opacity: Animated(1), to: &w)
            w.endObject()
            endGroup(to: &w)
            if let stroke = style.stroke { writeStrokeItem(stroke, to: &w) }
            if let fill = style.fill { writeFillItem(fill, rule: style.fillRule, to: &w) }
            return
        }
        switch geometry {
        case let .rect(size, cornerRadius):
            let cornerRadius = cornerRadius.clamped(to: TrackPlace.geometry(.cornerRadius).boundedRange)
            if startMatters {
                writePathItems(combineTracks(size, cornerRadius, fps: fps, duration: duration, rectOutline), to: &w)
            } else {
                w.beginObject()
                w.member("ty", "rc")
                w.member("d", 1)
                w.staticProperty("p", 0, 0)
                w.key("s")
                writeLottieProperty(size, fps: fps, .point(), to: &w)
                w.key("r")
                writeLottieProperty(cornerRadius, fps: fps, .scalar(), to: &w)
                w.endObject()
            }
        case let .ellipse(size):
            if startMatters {
                writePathItems(size.map(ellipseOutline), to: &w)
            } else {
                w.beginObject()
                w.member("ty", "el")
                w.member("d", 1)
                w.staticProperty("p", 0, 0)
                w.key("s")
                writeLottieProperty(size, fps: fps, .point(), to: &w)
                w.endObject()
            }
        case let .polygon(sides, radius, innerRadius):
            if outlinePolygon {
                let outline: Animated<PathShape>
                if let innerRadius {
                    outline = combineTracks(radius, innerRadius, fps: fps, duration: duration) {
                        polygonOutline(sides: sides, radius: $0, innerRadius: $1)
                    }
                } else {
                    outline = radius.map { polygonOutline(sides: sides, radius: $0, innerRadius: nil) }
                }
                writePathItems(outline, to: &w)
            } else {
                w.beginObject()
                w.member("ty", "sr")
                w.member("d", 1)
                w.member("sy", innerRadius == nil ? 2 : 1)
                w.staticProperty("pt", sides)
                w.staticProperty("p", 0, 0)
                w.staticProperty("r", 0)
                w.key("or")
                writeLottieProperty(radius, fps: fps, .scalar(), to: &w)
                w.staticProperty("os", 0)
                if let innerRadius {
                    w.key("ir")
                    writeLottieProperty(innerRadius, fps: fps, .scalar(), to: &w)
                    w.staticProperty("is", 0)
                }
                w.endObject()
            }
        case let .path(shape):
            writePathItems(shape, to: &w)
        }
        if let trim = style.trim {
            writeTrimItem(trim, to: &w)
        }
        // The stroke is drawn over the fill: it comes first.
        if let stroke = style.stroke {
            writeStrokeItem(stroke, to: &w)
        }
        if let fill = style.fill {
            writeFillItem(fill, rule: style.fillRule, to: &w)
        }
    }

    /// A rectangle's (without rounded corners) or an ellipse's size when it is bound.
    private func boundSize(_ geometry: Geometry) -> Animated<Point>? {
        switch geometry {
        case let .rect(size, cornerRadius) where isBound(size) && !cornerRadius.isAnimated && cornerRadius.initial == 0: size
        case let .ellipse(size) where isBound(size): size
        default: nil
        }
    }

    /// `writeShapeItems` as trees.
    func shapeItems(_ geometry: Geometry, _ style: Style) -> [JSONValue] {
        items { writeShapeItems(geometry, style, to: &$0) }
    }

    /// The items `body` writes into an array, as trees.
    private func items(_ body: (inout JSONTreeBuilder) -> Void) -> [JSONValue] {
        let tree = JSONTreeBuilder.build { w in
            w.beginArray()
            body(&w)
            w.endArray()
        }
        guard case let .array(items) = tree else { return [] }
        return items
    }

    /// The outline cut by the trim at every instant: static when neither moves, else one value
    /// per frame held until the next (the trimmed outline changes its vertex and contour counts as
    /// the window moves, which no player can interpolate), exact at every whole frame.
    func trimmedOutlineTrack(_ geometry: Geometry, _ trim: Trim) -> Animated<PathShape> {
        guard geometry.isAnimated || trim.isAnimated else { return Animated(geometry.trimmedOutline(at: 0, trim: trim)) }
        let frameCount = max(1, Int((duration * fps).rounded()))
        // One vertex count per contour throughout: lottie-web truncates path keyframes to the first's.
        let shapes = uniformContours((0...frameCount).map { geometry.trimmedOutline(at: Double($0) / fps, trim: trim) })
        let segments = (0..<frameCount).map { frame in
            Segment(
                start: Double(frame) / fps, end: Double(frame + 1) / fps, from: shapes[frame], to: shapes[frame + 1],
                easing: .hold)
        }
        return Animated(shapes[0], segments: segments)
    }

    /// One `sh` per contour (a Lottie path holds a single contour); fills and trims in the same
    /// group treat them as one path. When the contour count changes over time, contours missing
    /// at some instant are written empty there.
    func writePathItems<W: JSONSink>(_ shape: Animated<PathShape>, to w: inout W) {
        var contourCount = shape.initial.contours.count
        for segment in shape.segments {
            contourCount = max(contourCount, segment.from.contours.count, segment.to.contours.count)
        }
        for index in 0..<contourCount {
            let contour = shape.map { $0.contours.indices.contains(index) ? $0.contours[index] : Contour([], closed: false) }
            w.beginObject()
            w.member("ty", "sh")
            w.member("d", 1)
            w.key("ks")
            writeLottieProperty(contour, fps: fps, ContourEncoding(), to: &w)
            w.endObject()
        }
    }

    /// Lottie trims in percent and turns its offset in degrees (360 = the whole path). With
    /// several contours the IR trims their concatenation, which is Lottie's sequential mode.
    func writeTrimItem<W: JSONSink>(_ trim: Trim, to w: inout W) {
        w.beginObject()
        w.member("ty", "tm")
        w.key("s")
        writeLottieProperty(trim.start.playerSafe(TrackPlace.trim(.start).boundedRange), fps: fps, .scalar(times: 100), to: &w)
        w.key("e")
        writeLottieProperty(trim.end.playerSafe(TrackPlace.trim(.end).boundedRange), fps: fps, .scalar(times: 100), to: &w)
        w.key("o")
        writeLottieProperty(trim.offset, fps: fps, .scalar(times: 360), to: &w)
        // Sequential (2), written always: lottie-ios defaults a missing `m` to it and its Core
        // Animation engine cannot draw simultaneous (1) trims; with one contour both agree.
        w.member("m", 2)
        w.endObject()
    }

    // MARK: Paint

    func writeFillItem<W: JSONSink>(_ paint: Paint, rule: FillRule, to w: inout W) {
        let ruleValue = rule == .evenodd ? 2 : 1
        w.beginObject()
        switch paint {
        case let .color(color):
            let color = color.playerSafe(TrackPlace.fill(.color).boundedRange)
            w.member("ty", "fl")
            w.key("c")
            writeLottieProperty(color, fps: fps, .color, to: &w)
            w.key("o")
            writeLottieProperty(alpha(of: color), fps: fps, .scalar(times: 100), to: &w)
            w.member("r", ruleValue)
        default:
            w.member("ty", "gf")
            w.staticProperty("o", 100)
            w.member("r", ruleValue)
            writeGradientMembers(paint, to: &w)
        }
        w.endObject()
    }

    /// A colour's alpha (Lottie keeps it apart, in `o`); for a bound colour its own slot.
    private func alpha(of color: Animated<RGBA>) -> Animated<Double> {
        var alpha = color.map(\.a)
        if isBound(color), let slot = color.slot { alpha.slot = slot + ".alpha" }
        return alpha
    }

    /// `writeFillItem` as a tree.
    func fillItem(_ paint: Paint, rule: FillRule) -> JSONValue {
        JSONTreeBuilder.build { writeFillItem(paint, rule: rule, to: &$0) }
    }

    func writeStrokeItem<W: JSONSink>(_ stroke: Stroke, to w: inout W) {
        w.beginObject()
        switch stroke.paint {
        case let .color(color):
            let color = color.playerSafe(TrackPlace.stroke(.color).boundedRange)
            w.member("ty", "st")
            w.key("c")
            writeLottieProperty(color, fps: fps, .color, to: &w)
            w.key("o")
            writeLottieProperty(alpha(of: color), fps: fps, .scalar(times: 100), to: &w)
        default:
            w.member("ty", "gs")
            w.staticProperty("o", 100)
            writeGradientMembers(stroke.paint, to: &w)
        }
        w.key("w")
        writeLottieProperty(stroke.width.clamped(to: TrackPlace.strokeWidth.boundedRange), fps: fps, .scalar(), to: &w)
        w.member("lc", lineCapCode(stroke.cap))
        w.member("lj", lineJoinCode(stroke.join))
        w.member("ml", number: stroke.miterLimit)
        if !stroke.dash.isEmpty {
            // As in SVG, an odd list of lengths repeats to make dash/gap pairs.
            let lengths = stroke.dash.count.isMultiple(of: 2) ? stroke.dash : stroke.dash + stroke.dash
            // Every entry names itself (`nm`, After Effects' names: dash, gap, dash 2, gap 2, …):
            // lottie-web 5.7 draws nothing at all, for the whole animation, when a dash entry has
            // no `nm`, and draws nothing of the stroke when two entries share one.
            w.key("d")
            w.beginArray()
            for (index, length) in lengths.enumerated() {
                let pair = index / 2 + 1
                w.beginObject()
                w.member("n", index.isMultiple(of: 2) ? "d" : "g")
                w.member("nm", (index.isMultiple(of: 2) ? "dash" : "gap") + (pair > 1 ? " \(pair)" : ""))
                w.staticProperty("v") { $0.number(length) }
                w.endObject()
            }
            w.beginObject()
            w.member("n", "o")
            w.member("nm", "offset")
            w.staticProperty("v", 0)
            w.endObject()
            w.endArray()
        }
        w.endObject()
    }

    /// `s`, `e`, `t` and `g` of a gradient. A radial gradient's end point lies one radius to the
    /// right of its centre.
    func writeGradientMembers<W: JSONSink>(_ paint: Paint, to w: inout W) {
        switch paint {
        case .color:
            return
        case let .linearGradient(from, to, stops):
            w.key("s")
            writeLottieProperty(from, fps: fps, .point(), to: &w)
            w.key("e")
            writeLottieProperty(to, fps: fps, .point(), to: &w)
            w.member("t", 1)
            w.key("g")
            writeGradientColors(stops, to: &w)
        case let .radialGradient(center, radius, stops):
            let end = combineTracks(center, radius, fps: fps, duration: duration) { Point($0.x + $1, $0.y) }
            w.key("s")
            writeLottieProperty(center, fps: fps, .point(), to: &w)
            w.key("e")
            writeLottieProperty(end, fps: fps, .point(), to: &w)
            w.member("t", 2)
            w.staticProperty("h", 0)
            w.staticProperty("a", 0)
            w.key("g")
            writeGradientColors(stops, to: &w)
        }
    }

    /// `{p: count, k: [offset, r, g, b, …]}`, followed by `[offset, alpha, …]` when any stop is
    /// ever translucent (players treat a missing alpha part as opaque). Holds become jumps
    /// (`holdsAsJumps`): ThorVG interpolates held gradient stops.
    func writeGradientColors<W: JSONSink>(_ stops: Animated<GradientStops>, to w: inout W) {
        let stops = stops.playerSafe(TrackPlace.fill(.stops).boundedRange).holdsAsJumps
        let values = [stops.initial] + stops.segments.flatMap { [$0.from, $0.to] }
        let withAlpha = values.contains { $0.stops.contains { $0.color.a < 1 } }
        w.beginObject()
        w.member("p", stops.initial.stops.count)
        w.key("k")
        writeLottieProperty(stops, fps: fps, GradientEncoding(withAlpha: withAlpha), to: &w)
        w.endObject()
    }

    /// `writeGradientColors` as a tree.
    func gradientColors(_ stops: Animated<GradientStops>) -> JSONValue {
        JSONTreeBuilder.build { writeGradientColors(stops, to: &$0) }
    }
}

/// A contour as Lottie's bezier object `{"c":closed,"v":[…],"i":[…],"o":[…]}`; a keyframe's
/// value is that object in an array.
struct ContourEncoding: LottieEncoding {
    func writeStatic<W: JSONSink>(_ contour: Contour, to w: inout W) {
        w.beginObject()
        w.key("c")
        w.bool(contour.closed)
        w.key("v")
        writePoints(contour, .point, to: &w)
        w.key("i")
        writePoints(contour, .inTangent, to: &w)
        w.key("o")
        writePoints(contour, .outTangent, to: &w)
        w.endObject()
    }

    func writeKeyframe<W: JSONSink>(_ contour: Contour, to w: inout W) {
        w.beginArray()
        writeStatic(contour, to: &w)
        w.endArray()
    }

    private enum Part { case point, inTangent, outTangent }

    // A switch, not a key path: key path reads are not inlined, and this runs per vertex.
    private func writePoints<W: JSONSink>(_ contour: Contour, _ part: Part, to w: inout W) {
        w.beginArray()
        for vertex in contour.vertices {
            let point: Point
            switch part {
            case .point: point = vertex.point
            case .inTangent: point = vertex.inTangent
            case .outTangent: point = vertex.outTangent
            }
            w.beginArray()
            w.number(point.x)
            w.number(point.y)
            w.endArray()
        }
        w.endArray()
    }
}

/// Gradient stops flattened as Lottie wants them: `[offset, r, g, b, …]` and, `withAlpha`,
/// `[offset, alpha, …]` after them.
struct GradientEncoding: LottieEncoding {
    var withAlpha: Bool
    /// ThorVG interpolates held gradient stops (`holdsAsJumps`): a constant stretch stays a motion.
    var constantStretchesMayHold: Bool { false }

    /// Two stops at one offset (a hard edge) are written `hardEdgeGap` apart: rlottie draws the
    /// opacity of coincident stops as a ramp from the first to the stop after them, so a hard
    /// edge between translucent and opaque colours came out soft, while ThorVG and lottie-web draw
    /// it hard. A thousandth of the gradient's length (the finest offset the output writes) is an
    /// edge in every player.
    static let hardEdgeGap = 0.001

    /// The offsets as written: each at least `hardEdgeGap` past the one before, pushed back from
    /// 1 when the last ones coincide there.
    static func writtenOffsets(_ stops: [GradientStop]) -> [Double] {
        var offsets = stops.map(\.offset)
        guard offsets.count > 1 else { return offsets }
        for index in 1..<offsets.count where offsets[index] < offsets[index - 1] + hardEdgeGap {
            offsets[index] = offsets[index - 1] + hardEdgeGap
        }
        var limit = 1.0
        for index in offsets.indices.reversed() {
            offsets[index] = max(min(offsets[index], limit), 0)
            limit = offsets[index] - hardEdgeGap
        }
        return offsets
    }

    func writeStatic<W: JSONSink>(_ gradient: GradientStops, to w: inout W) {
        let offsets = Self.writtenOffsets(gradient.stops)
        w.beginArray()
        for (stop, offset) in zip(gradient.stops, offsets) {
            w.number(offset)
            w.number(stop.color.r, places: 4)
            w.number(stop.color.g, places: 4)
            w.number(stop.color.b, places: 4)
        }
        if withAlpha {
            for (stop, offset) in zip(gradient.stops, offsets) {
                w.number(offset)
                w.number(stop.color.a, places: 4)
            }
        }
        w.endArray()
    }

    func writeKeyframe<W: JSONSink>(_ gradient: GradientStops, to w: inout W) { writeStatic(gradient, to: &w) }
}

func lineCapCode(_ cap: LineCap) -> Int {
    switch cap {
    case .butt: return 1
    case .round: return 2
    case .square: return 3
    }
}

func lineJoinCode(_ join: LineJoin) -> Int {
    switch join {
    case .miter: return 1
    case .round: return 2
    case .bevel: return 3
    }
}

/// Two tracks with the same segment times and easings (their sum is then one keyframed track).
func sameTiming<A, B>(_ a: Animated<A>, _ b: Animated<B>) -> Bool {
    a.segments.count == b.segments.count
        && zip(a.segments, b.segments).allSatisfy { $0.start == $1.start && $0.end == $1.end && $0.easing == $1.easing }
}

/// A copy's placement as Lottie transform values (`a` = 0), or nil when the matrix has a skew.
// Foundation has an `AffineTransform` too; ours is the timeline's.
/// A transform's `p`: one track, or Lottie's split position (`s: true`, each axis its own keyframes).
enum LottiePosition {
    case together(Animated<Point>)
    case split(x: Animated<Double>, y: Animated<Double>)
}

func decompose(_ m: ChoreoTimeline.AffineTransform) -> (position: Point, rotation: Double, scale: Point)? {
    let scaleX = (m.a * m.a + m.b * m.b).squareRoot()
    guard scaleX > 1e-12 else { return nil }
    let angle = atan2(m.b, m.a)
    let scaleY = (m.a * m.d - m.b * m.c) / scaleX
    let tolerance = 1e-9 * max(1, abs(scaleX), abs(scaleY))
    guard abs(m.c + sin(angle) * scaleY) <= tolerance, abs(m.d - cos(angle) * scaleY) <= tolerance else { return nil }
    return (Point(m.tx, m.ty), angle * 180 / .pi, Point(scaleX, scaleY))
}
