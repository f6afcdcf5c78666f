import ChoreoTimeline
import Foundation

/// Builds the IR's scene graph from the scene's nodes and the lowered property tracks.
struct NodeBuilder {
    let tracks: [PropertyKey: Animated<PropertyValue>]

    func node(_ node: SceneNode) -> Node {
        let transform = Transform(
            anchor: point(node, "anchor", default: .zero),
            position: node.base["position"] == nil && tracks[key(node, "position")] == nil
                ? point(node, "anchor", default: .zero) : point(node, "position", default: .zero),
            rotation: number(node, "rotation", default: 0),
            scale: point(node, "scale", default: Point(1, 1)),
            offset: point(node, "offset", default: .zero),
            opacity: number(node, "opacity", default: 1))
        let content: Node.Content
        switch node.shape {
        case let .group(children):
            content = .group(children.map { self.node($0) })
        default:
            content = .shape(geometry(node), style(node))
        }
        return Node(id: node.id, transform: transform, content: content, repeat: node.repeat)
    }

    private func key(_ node: SceneNode, _ property: PropertyPath) -> PropertyKey {
        PropertyKey(node: node.id, property: property)
    }

    /// Every property of the IR comes through here: bounded ones leave clamped to their range.
    private func generic(_ node: SceneNode, _ property: PropertyPath) -> Animated<PropertyValue>? {
        guard let track = tracks[key(node, property)] ?? node.base[property].map({ Animated($0) }) else { return nil }
        guard let range = drawableRanges[property] else { return track }
        return track.clamped(to: range)
    }

    private func number(_ node: SceneNode, _ property: PropertyPath, default value: Double) -> Animated<Double> {
        generic(node, property)?.map { $0.asDouble ?? value } ?? Animated(value)
    }

    private func point(_ node: SceneNode, _ property: PropertyPath, default value: Point) -> Animated<Point> {
        generic(node, property)?.map { $0.asPoint ?? value } ?? Animated(value)
    }

    private func color(_ node: SceneNode, _ property: PropertyPath, default value: RGBA) -> Animated<RGBA> {
        generic(node, property)?.map { $0.asColor ?? value } ?? Animated(value)
    }

    private func stops(_ node: SceneNode) -> Animated<GradientStops> {
        let fallback = GradientStops([GradientStop(0, .black), GradientStop(1, .black)])
        return generic(node, "fill.stops")?.map { $0.asStops ?? fallback } ?? Animated(fallback)
    }

    private func geometry(_ node: SceneNode) -> Geometry {
        switch node.shape {
        case .rect:
            return .rect(size: point(node, "size", default: .zero), cornerRadius: number(node, "corner-radius", default: 0))
        case .ellipse:
            return .ellipse(size: point(node, "size", default: .zero))
        case let .polygon(sides, star, cornerRadius):
            let radius = number(node, "radius", default: 0)
            let inner = star ? number(node, "inner-radius", default: 0) : nil
            guard cornerRadius > 0 else { return .polygon(sides: sides, radius: radius, innerRadius: inner) }
            return .path(roundedPolygonTrack(sides: sides, radius: radius, innerRadius: inner, cornerRadius: cornerRadius))
        case .path:
            return .path(generic(node, "d")?.map { $0.asPath ?? PathShape([]) } ?? Animated(PathShape([])))
        case .group:
            return .path(Animated(PathShape([])))
        }
    }

    private func style(_ node: SceneNode) -> Style {
        let fill: Paint?
        switch node.fill {
        case .none: fill = nil
        case .solid: fill = .color(color(node, "fill", default: .black))
        case .linear:
            fill = .linearGradient(
                from: point(node, "fill.from", default: .zero), to: point(node, "fill.to", default: .zero), stops: stops(node))
        case .radial:
            fill = .radialGradient(
                center: point(node, "fill.center", default: .zero), radius: number(node, "fill.radius", default: 0),
                stops: stops(node))
        }
        let stroke = node.stroke.map { style in
            Stroke(
                paint: .color(color(node, "stroke.color", default: .black)), width: number(node, "stroke.width", default: 1),
                cap: style.cap, join: style.join, miterLimit: style.miterLimit, dash: style.dash)
        }
        let trim = node.trimmed
            ? Trim(
                start: number(node, "trim.start", default: 0), end: number(node, "trim.end", default: 1),
                offset: number(node, "trim.offset", default: 0))
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
