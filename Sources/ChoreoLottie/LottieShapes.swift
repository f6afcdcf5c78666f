import ChoreoJSON
import ChoreoTimeline
import Foundation


/// Builds the shape items (`gr`, `rc`, `el`, `sr`, `sh`, `fl`, `st`, `gf`, `gs`, `tm`, `tr`) of one
/// timeline. Every object starts with `"ty"` (rlottie ignores the keys written before it).
struct LottieShapeBuilder {
    var fps: Double
    var duration: Double
    var options = LottieOptions()

    // MARK: Nodes

    /// A node as one `gr`. Lottie draws the first item on top, so children are written top first.
    func group(for node: Node) -> JSONValue {
        var content: [JSONValue]
        switch node.content {
        case let .shape(geometry, style):
            content = shapeItems(geometry, style)
        case let .group(children):
            content = children.reversed().map { group(for: $0) }
        }
        if let repetition = node.repeat {
            content = copies(of: content, repetition, id: node.id)
        }
        let transform = node.transform
        if transform.position.isAnimated, transform.offset.isAnimated,
            !sameTiming(transform.position, transform.offset)
        {
            // Position and offset move on different clocks: their sum is not one keyframed track,
            // so the offset gets a group of its own around the node (it is added last anyway).
            var placed = transform
            placed.offset = Animated(.zero)
            let inner = groupObject(name: node.id, items: content + [transformItem(placed)])
            let shift = Transform(position: transform.offset)
            return groupObject(name: node.id + " offset", items: [inner, transformItem(shift)])
        }
        return groupObject(name: node.id, items: content + [transformItem(transform)])
    }

    func groupObject(name: String, items: [JSONValue]) -> JSONValue {
        .object([("ty", "gr"), ("nm", .string(name)), ("it", .array(items))])
    }

    /// The `tr` closing a group: `position + offset + R·S·(q − anchor)` is Lottie's
    /// `p + R·S·(q − a)` with `p = position + offset`.
    func transformItem(_ transform: Transform) -> JSONValue {
        let position = combineTracks(transform.position, transform.offset, fps: fps, duration: duration, +)
        return .object([("ty", "tr")] + transformMembers(
            anchor: transform.anchor, position: position, scale: transform.scale,
            rotation: transform.rotation, opacity: transform.opacity))
    }

    func transformMembers(
        anchor: Animated<Point>, position: Animated<Point>, scale: Animated<Point>,
        rotation: Animated<Double>, opacity: Animated<Double>
    ) -> [(String, JSONValue)] {
        [
            ("a", lottieProperty(anchor, fps: fps, .point())),
            ("p", lottieProperty(position, fps: fps, .point())),
            ("s", lottieProperty(scale, fps: fps, .point(times: 100))),
            ("r", lottieProperty(rotation, fps: fps, .scalar())),
            ("o", lottieProperty(opacity.playerSafe(0...1), fps: fps, .scalar(times: 100))),
        ]
    }

    /// Explicit copies instead of a repeater (`rp`): `rp` is not in the Lottie 1.0 spec, and
    /// players compose its transform in closed form (position × i, rotation × i), while copy `i`
    /// here is the step applied `i` times. Later copies are drawn on top, so they come first.
    func copies(of content: [JSONValue], _ repetition: Repeat, id: String) -> [JSONValue] {
        guard repetition.count > 0 else { return [] }
        return (0..<repetition.count).reversed().map { index in
            let opacity = Animated(repetition.opacity(ofCopy: index))
            let name = "\(id) copy \(index)"
            if let placement = decompose(repetition.matrix(ofCopy: index)) {
                let transform = JSONValue.object([("ty", "tr")] + transformMembers(
                    anchor: Animated(.zero), position: Animated(placement.position), scale: Animated(placement.scale),
                    rotation: Animated(placement.rotation), opacity: opacity))
                return groupObject(name: name, items: content + [transform])
            }
            // Rotation with unequal scale makes a skew that `tr` cannot express: nest the step.
            let step = Transform(
                anchor: Animated(repetition.anchor), position: Animated(repetition.anchor + repetition.offset),
                rotation: Animated(repetition.rotation), scale: Animated(repetition.scale))
            var items = content
            for _ in 0..<index {
                items = [groupObject(name: name, items: items + [transformItem(step)])]
            }
            return groupObject(name: name, items: items + [transformItem(Transform(opacity: opacity))])
        }
    }

    // MARK: Shapes

    func shapeItems(_ geometry: Geometry, _ style: Style) -> [JSONValue] {
        if let trim = style.trim, style.fill != nil {
            // A trim never reaches a filled shape (reference §6.6 rule 4): lottie-ios's Core
            // Animation engine cannot trim a fill and falls back to its main-thread engine, and
            // players fill a window through a closed contour's start differently. The trimmed
            // outline is written as the geometry itself, which is what the fill and the stroke
            // draw (the SVG does the same).
            var items = pathItems(trimmedOutlineTrack(geometry, trim))
            if let stroke = style.stroke { items.append(strokeItem(stroke)) }
            if let fill = style.fill { items.append(fillItem(fill, rule: style.fillRule)) }
            return items
        }
        // Lottie's own primitives start their outline elsewhere (an `el` at 12 o'clock, a `rc` at
        // its top-right corner); where the start matters (trim, dashes) the IR outline is written.
        let startMatters = style.trim != nil || !(style.stroke?.dash.isEmpty ?? true)
        let outlinePolygon = startMatters || options.polygonsAsPaths
        var items: [JSONValue] = []
        switch geometry {
        case let .rect(size, cornerRadius):
            let cornerRadius = cornerRadius.clamped(to: 0...Double.infinity)
            if startMatters {
                items = pathItems(combineTracks(size, cornerRadius, fps: fps, duration: duration, rectOutline))
            } else {
                items = [.object([
                    ("ty", "rc"), ("d", 1), ("p", staticProperty([0, 0])),
                    ("s", lottieProperty(size, fps: fps, .point())),
                    ("r", lottieProperty(cornerRadius, fps: fps, .scalar())),
                ])]
            }
        case let .ellipse(size):
            if startMatters {
                items = pathItems(size.map(ellipseOutline))
            } else {
                items = [.object([
                    ("ty", "el"), ("d", 1), ("p", staticProperty([0, 0])),
                    ("s", lottieProperty(size, fps: fps, .point())),
                ])]
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
                items = pathItems(outline)
            } else {
                var members: [(String, JSONValue)] = [
                    ("ty", "sr"), ("d", 1), ("sy", .int(innerRadius == nil ? 2 : 1)), ("pt", staticProperty(.int(sides))),
                    ("p", staticProperty([0, 0])), ("r", staticProperty(0)),
                    ("or", lottieProperty(radius, fps: fps, .scalar())), ("os", staticProperty(0)),
                ]
                if let innerRadius {
                    members += [("ir", lottieProperty(innerRadius, fps: fps, .scalar())), ("is", staticProperty(0))]
                }
                items = [.object(members)]
            }
        case let .path(shape):
            items = pathItems(shape)
        }
        if let trim = style.trim {
            items.append(trimItem(trim))
        }
        // The stroke is drawn over the fill: it comes first.
        if let stroke = style.stroke {
            items.append(strokeItem(stroke))
        }
        if let fill = style.fill {
            items.append(fillItem(fill, rule: style.fillRule))
        }
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
    func pathItems(_ shape: Animated<PathShape>) -> [JSONValue] {
        let contourCount = ([shape.initial] + shape.segments.flatMap { [$0.from, $0.to] }).map(\.contours.count).max() ?? 0
        return (0..<contourCount).map { index in
            let contour = shape.map { $0.contours.indices.contains(index) ? $0.contours[index] : Contour([], closed: false) }
            return .object([("ty", "sh"), ("d", 1), ("ks", lottieProperty(contour, fps: fps, contourEncoding))])
        }
    }

    var contourEncoding: LottieEncoding<Contour> {
        LottieEncoding(dimensions: 1, staticValue: bezier, keyframeValue: { [bezier($0)] })
    }

    func bezier(_ contour: Contour) -> JSONValue {
        func points(_ path: KeyPath<BezierVertex, Point>) -> JSONValue {
            .array(contour.vertices.map { [.number($0[keyPath: path].x), .number($0[keyPath: path].y)] })
        }
        return .object([
            ("c", .bool(contour.closed)), ("v", points(\.point)), ("i", points(\.inTangent)), ("o", points(\.outTangent)),
        ])
    }

    /// Lottie trims in percent and turns its offset in degrees (360 = the whole path). With
    /// several contours the IR trims their concatenation, which is Lottie's sequential mode.
    func trimItem(_ trim: Trim) -> JSONValue {
        .object([
            ("ty", "tm"),
            ("s", lottieProperty(trim.start.playerSafe(0...1), fps: fps, .scalar(times: 100))),
            ("e", lottieProperty(trim.end.playerSafe(0...1), fps: fps, .scalar(times: 100))),
            ("o", lottieProperty(trim.offset, fps: fps, .scalar(times: 360))),
            // Sequential (2), written always: lottie-ios defaults a missing `m` to it and its Core
            // Animation engine cannot draw simultaneous (1) trims; with one contour both agree.
            ("m", 2),
        ])
    }

    // MARK: Paint

    func fillItem(_ paint: Paint, rule: FillRule) -> JSONValue {
        let ruleValue: JSONValue = .int(rule == .evenodd ? 2 : 1)
        switch paint {
        case let .color(color):
            let color = color.playerSafe(0...1)
            return .object([
                ("ty", "fl"), ("c", lottieProperty(color, fps: fps, .color)),
                ("o", lottieProperty(color.map(\.a), fps: fps, .scalar(times: 100))), ("r", ruleValue),
            ])
        default:
            return .object([("ty", "gf"), ("o", staticProperty(100)), ("r", ruleValue)] + gradientMembers(paint))
        }
    }

    func strokeItem(_ stroke: Stroke) -> JSONValue {
        var members: [(String, JSONValue)]
        switch stroke.paint {
        case let .color(color):
            let color = color.playerSafe(0...1)
            members = [
                ("ty", "st"), ("c", lottieProperty(color, fps: fps, .color)),
                ("o", lottieProperty(color.map(\.a), fps: fps, .scalar(times: 100))),
            ]
        default:
            members = [("ty", "gs"), ("o", staticProperty(100))] + gradientMembers(stroke.paint)
        }
        members += [
            ("w", lottieProperty(stroke.width.clamped(to: 0...Double.infinity), fps: fps, .scalar())),
            ("lc", .int(lineCapCode(stroke.cap))), ("lj", .int(lineJoinCode(stroke.join))),
            ("ml", .number(stroke.miterLimit)),
        ]
        if !stroke.dash.isEmpty {
            // As in SVG, an odd list of lengths repeats to make dash/gap pairs.
            let lengths = stroke.dash.count.isMultiple(of: 2) ? stroke.dash : stroke.dash + stroke.dash
            // Every entry names itself (`nm`, After Effects' names): lottie-web 5.7 draws nothing
            // at all, for the whole animation, when a dash entry has no `nm`.
            var dashes: [JSONValue] = lengths.enumerated().map { index, length in
                let (kind, name) = index.isMultiple(of: 2) ? ("d", "dash") : ("g", "gap")
                return .object([("n", .string(kind)), ("nm", .string(name)), ("v", staticProperty(.number(length)))])
            }
            dashes.append(.object([("n", "o"), ("nm", "offset"), ("v", staticProperty(0))]))
            members.append(("d", .array(dashes)))
        }
        return .object(members)
    }

    /// `s`, `e`, `t` and `g` of a gradient. A radial gradient's end point lies one radius to the
    /// right of its centre.
    func gradientMembers(_ paint: Paint) -> [(String, JSONValue)] {
        switch paint {
        case .color:
            return []
        case let .linearGradient(from, to, stops):
            return [
                ("s", lottieProperty(from, fps: fps, .point())), ("e", lottieProperty(to, fps: fps, .point())),
                ("t", 1), ("g", gradientColors(stops)),
            ]
        case let .radialGradient(center, radius, stops):
            let end = combineTracks(center, radius, fps: fps, duration: duration) { Point($0.x + $1, $0.y) }
            return [
                ("s", lottieProperty(center, fps: fps, .point())), ("e", lottieProperty(end, fps: fps, .point())),
                ("t", 2), ("h", staticProperty(0)), ("a", staticProperty(0)), ("g", gradientColors(stops)),
            ]
        }
    }

    /// `{p: count, k: [offset, r, g, b, …]}`, followed by `[offset, alpha, …]` when any stop is
    /// ever translucent (players treat a missing alpha part as opaque). Holds become jumps
    /// (`holdsAsJumps`): ThorVG interpolates held gradient stops.
    func gradientColors(_ stops: Animated<GradientStops>) -> JSONValue {
        let stops = stops.playerSafe(0...1).holdsAsJumps
        let values = [stops.initial] + stops.segments.flatMap { [$0.from, $0.to] }
        let withAlpha = values.contains { $0.stops.contains { $0.color.a < 1 } }
        let flatten: (GradientStops) -> JSONValue = { gradient in
            var numbers: [JSONValue] = []
            for stop in gradient.stops {
                numbers += [
                    .number(stop.offset), .decimal(stop.color.r, places: 4), .decimal(stop.color.g, places: 4),
                    .decimal(stop.color.b, places: 4),
                ]
            }
            if withAlpha {
                for stop in gradient.stops { numbers += [.number(stop.offset), .decimal(stop.color.a, places: 4)] }
            }
            return .array(numbers)
        }
        return .object([
            ("p", .int(stops.initial.stops.count)),
            ("k", lottieProperty(stops, fps: fps, LottieEncoding(dimensions: 1, staticValue: flatten, keyframeValue: flatten))),
        ])
    }
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
func decompose(_ m: ChoreoTimeline.AffineTransform) -> (position: Point, rotation: Double, scale: Point)? {
    let scaleX = (m.a * m.a + m.b * m.b).squareRoot()
    guard scaleX > 1e-12 else { return nil }
    let angle = atan2(m.b, m.a)
    let scaleY = (m.a * m.d - m.b * m.c) / scaleX
    let tolerance = 1e-9 * max(1, abs(scaleX), abs(scaleY))
    guard abs(m.c + sin(angle) * scaleY) <= tolerance, abs(m.d - cos(angle) * scaleY) <= tolerance else { return nil }
    return (Point(m.tx, m.ty), angle * 180 / .pi, Point(scaleX, scaleY))
}
