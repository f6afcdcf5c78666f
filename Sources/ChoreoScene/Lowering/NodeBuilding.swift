import ChoreoTimeline
import Foundation

/// Builds the IR's scene graph from the scene's nodes and the lowered property tracks.
struct NodeBuilder {
    let tracks: [PropertyKey: Animated<PropertyValue>]

    func node(_ node: SceneNode) -> Node {
        // A node without a position of its own sits at its anchor.
        let placed = node.base[.position] != nil || tracks[PropertyKey(node: node.id, property: .position)] != nil
        let transform = Transform(
            anchor: point(node, .anchor), position: point(node, placed ? .position : .anchor), rotation: number(node, .rotation),
            scale: point(node, .scale), offset: point(node, .offset), opacity: number(node, .opacity))
        let content: Node.Content
        switch node.shape {
        case let .group(children):
            content = .group(children.map { self.node($0) })
        default:
            content = .shape(geometry(node), style(node))
        }
        return Node(id: node.id, transform: transform, content: content, repeat: node.repeat)
    }

    /// Every property of the IR comes through here: bounded ones leave clamped to their range.
    /// A property the node does not have takes the table's default; the front end gives every
    /// node the properties without one (anchor, position), so a missing one of those, like a
    /// value of the wrong kind, is a broken invariant.
    private func generic(_ node: SceneNode, _ property: Property) -> Animated<PropertyValue> {
        guard let track = tracks[PropertyKey(node: node.id, property: property)] ?? node.base[property].map({ Animated($0) })
            ?? property.defaultValue.map({ Animated($0) })
        else { preconditionFailure("node '\(node.id)' has no \(property) and the property has no default") }
        guard let range = property.descriptor.drawableRange else { return track }
        return track.clamped(to: range)
    }

    private func number(_ node: SceneNode, _ property: Property) -> Animated<Double> {
        generic(node, property).map { value in
            guard let number = value.asDouble else { preconditionFailure("\(property) holds \(value), not a number") }
            return number
        }
    }

    private func point(_ node: SceneNode, _ property: Property) -> Animated<Point> {
        generic(node, property).map { value in
            guard let point = value.asPoint else { preconditionFailure("\(property) holds \(value), not a point") }
            return point
        }
    }

    private func color(_ node: SceneNode, _ property: Property) -> Animated<RGBA> {
        generic(node, property).map { value in
            guard let color = value.asColor else { preconditionFailure("\(property) holds \(value), not a colour") }
            return color
        }
    }

    private func stops(_ node: SceneNode) -> Animated<GradientStops> {
        generic(node, .fillStops).map { value in
            guard let stops = value.asStops else { preconditionFailure("fill stops hold \(value), not stops") }
            return stops
        }
    }

    private func path(_ node: SceneNode) -> Animated<PathShape> {
        generic(node, .d).map { value in
            guard let path = value.asPath else { preconditionFailure("path data holds \(value), not a path") }
            return path
        }
    }

    private func geometry(_ node: SceneNode) -> Geometry {
        switch node.shape {
        case .rect:
            return .rect(size: point(node, .size), cornerRadius: number(node, .cornerRadius))
        case .ellipse:
            return .ellipse(size: point(node, .size))
        case let .polygon(sides, star, cornerRadius):
            let radius = number(node, .radius)
            let inner = star ? number(node, .innerRadius) : nil
            guard cornerRadius > 0 else { return .polygon(sides: sides, radius: radius, innerRadius: inner) }
            return .path(roundedPolygonTrack(sides: sides, radius: radius, innerRadius: inner, cornerRadius: cornerRadius))
        case .path:
            return .path(path(node))
        case .group:
            return .path(Animated(PathShape([])))
        }
    }

    private func style(_ node: SceneNode) -> Style {
        let fill: Paint?
        switch node.fill {
        case .none: fill = nil
        case .solid: fill = .color(color(node, .fill))
        case .linear:
            fill = .linearGradient(
                from: point(node, .fillFrom), to: point(node, .fillTo), stops: stops(node))
        case .radial:
            fill = .radialGradient(
                center: point(node, .fillCenter), radius: number(node, .fillRadius),
                stops: stops(node))
        }
        let stroke = node.stroke.map { style in
            Stroke(
                paint: .color(color(node, .strokeColor)), width: number(node, .strokeWidth),
                cap: style.cap, join: style.join, miterLimit: style.miterLimit, dash: style.dash)
        }
        let trim = node.trimmed
            ? Trim(
                start: number(node, .trimStart), end: number(node, .trimEnd), offset: number(node, .trimOffset))
            : nil
        return Style(fill: fill, fillRule: node.fillRule, stroke: stroke, trim: trim)
    }
}

/// A polygon or star with rounded corners as a path track. The outline is affine in the radii
/// (for a fixed corner radius), so mapping the radius track keyframe by keyframe is exact when
/// one radius animates; when both do, the inner radius is sampled at the outer one's keyframes.
func roundedPolygonTrack(
    sides: Int, radius: Animated<Double>, innerRadius: Animated<Double>?, cornerRadius: Double
) -> Animated<PathShape> {
    if let innerRadius, innerRadius.isAnimated, !radius.isAnimated {
        let outer = radius.initial
        return innerRadius.map { roundedPolygonOutline(sides: sides, radius: outer, innerRadius: $0, cornerRadius: cornerRadius) }
    }
    return Animated(
        roundedPolygonOutline(
            sides: sides, radius: radius.initial, innerRadius: innerRadius?.value(at: -.infinity), cornerRadius: cornerRadius),
        segments: radius.segments.map { segment in
            Segment(
                start: segment.start, end: segment.end,
                from: roundedPolygonOutline(
                    sides: sides, radius: segment.from, innerRadius: innerRadius?.value(at: segment.start),
                    cornerRadius: cornerRadius),
                to: roundedPolygonOutline(
                    sides: sides, radius: segment.to, innerRadius: innerRadius?.value(at: segment.end), cornerRadius: cornerRadius),
                easing: segment.easing)
        })
}

/// A regular polygon (or star) whose corners are circular arcs of `cornerRadius`, each arc one
/// cubic. Like `polygonOutline`, it is centred on the origin and runs clockwise from 12 o'clock:
/// its first vertex is where the first corner's rounding begins.
func roundedPolygonOutline(sides: Int, radius: Double, innerRadius: Double?, cornerRadius: Double) -> PathShape {
    let corners = polygonOutline(sides: sides, radius: radius, innerRadius: innerRadius).contours[0].vertices.map(\.point)
    let count = corners.count
    var vertices: [BezierVertex] = []
    for index in 0..<count {
        let corner = corners[index]
        let previous = corners[(index + count - 1) % count], next = corners[(index + 1) % count]
        let toPrevious = previous - corner, toNext = next - corner
        let lengthPrevious = hypot(toPrevious.x, toPrevious.y), lengthNext = hypot(toNext.x, toNext.y)
        guard lengthPrevious > 0, lengthNext > 0 else {
            vertices.append(BezierVertex(corner))
            continue
        }
        let d1 = toPrevious * (1 / lengthPrevious), d2 = toNext * (1 / lengthNext)
        let cosine = min(max(d1.x * d2.x + d1.y * d2.y, -1), 1)
        let interior = acos(cosine)
        let turn = Double.pi - interior
        guard interior > 1e-9, turn > 1e-9 else {
            vertices.append(BezierVertex(corner))
            continue
        }
        // The arc touches both edges `cut` away from the corner; never past half an edge.
        let cut = min(cornerRadius / tan(interior / 2), lengthPrevious / 2, lengthNext / 2)
        let arcRadius = cut * tan(interior / 2)
        let handle = 4.0 / 3.0 * tan(turn / 4) * arcRadius
        let entry = corner + d1 * cut, exit = corner + d2 * cut
        vertices.append(BezierVertex(entry, out: d1 * -handle))
        vertices.append(BezierVertex(exit, in: d2 * -handle))
    }
    return PathShape([Contour(vertices, closed: true)])
}
