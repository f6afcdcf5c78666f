import ChoreoJSON
import ChoreoTimeline

// Lowering works on one generic track type, `Animated<PropertyValue>`, so that poses,
// transitions, tweens, keyframes, retargeting and loops are written once for every kind of
// value; the typed tracks of the IR are extracted at the very end.

extension PropertyValue: Interpolatable {
    /// Component by component. Values of different kinds (which validation rules out) jump at the end.
    public static func interpolate(_ from: PropertyValue, _ to: PropertyValue, _ progress: Double) -> PropertyValue {
        switch (from, to) {
        case let (.number(a), .number(b)): return .number(.interpolate(a, b, progress))
        case let (.point(a), .point(b)): return .point(.interpolate(a, b, progress))
        case let (.number(a), .point(b)): return .point(.interpolate(Point(a, a), b, progress))
        case let (.point(a), .number(b)): return .point(.interpolate(a, Point(b, b), progress))
        case let (.color(a), .color(b)): return .color(.interpolate(a, b, progress))
        case let (.path(a), .path(b)) where a.isMorphCompatible(with: b): return .path(.interpolate(a, b, progress))
        case let (.stops(a), .stops(b)) where a.stops.count == b.stops.count: return .stops(.interpolate(a, b, progress))
        default: return progress >= 1 ? to : from
        }
    }

    /// A position along a curve (`Spatial.swift`); any other value in a straight line.
    public static func interpolate(_ from: PropertyValue, _ to: PropertyValue, _ progress: Double, along tangents: SpatialTangents) -> PropertyValue {
        guard case let (.point(a), .point(b)) = (from, to) else { return interpolate(from, to, progress) }
        return .point(Point.interpolate(a, b, progress, along: tangents))
    }

    public static func spatialPiece(
        _ from: PropertyValue, _ to: PropertyValue, _ tangents: SpatialTangents, _ p0: Double, _ p1: Double
    ) -> (from: PropertyValue, to: PropertyValue, tangents: SpatialTangents?) {
        guard case let (.point(a), .point(b)) = (from, to) else { return (interpolate(from, to, p0), interpolate(from, to, p1), nil) }
        let piece = Point.spatialPiece(a, b, tangents, p0, p1)
        return (.point(piece.from), .point(piece.to), piece.tangents)
    }
}

extension PropertyValue {
    /// `value + delta`, for `by:` tweens. Only numbers, points and colours can be added.
    package func adding(_ delta: PropertyValue) -> PropertyValue {
        switch (self, delta) {
        case let (.number(a), .number(b)): return .number(a + b)
        case let (.point(a), .point(b)): return .point(a + b)
        case let (.point(a), .number(b)): return .point(a + Point(b, b))
        case let (.color(a), .color(b)): return .color(RGBA(a.r + b.r, a.g + b.g, a.b + b.b, a.a + b.a))
        default: return delta
        }
    }

    /// Every number the value is made of, in a fixed order (for distances between values).
    package var components: [Double] {
        switch self {
        case let .number(x): return [x]
        case let .point(p): return [p.x, p.y]
        case let .color(c): return [c.r, c.g, c.b, c.a]
        case let .path(shape):
            return shape.contours.flatMap { contour in
                contour.vertices.flatMap {
                    [$0.point.x, $0.point.y, $0.inTangent.x, $0.inTangent.y, $0.outTangent.x, $0.outTangent.y]
                }
            }
        case let .stops(stops): return stops.stops.flatMap { [$0.offset, $0.color.r, $0.color.g, $0.color.b, $0.color.a] }
        }
    }

    /// The largest difference between corresponding components (infinite when the shapes differ).
    package func distance(to other: PropertyValue) -> Double {
        let a = components, b = other.components
        guard a.count == b.count else { return .infinity }
        return zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1)) }
    }

    /// The value shifted by whole turns (rotations only).
    package func shiftedByTurns(_ turns: Double) -> PropertyValue {
        if case let .number(x) = self { return .number(x + 360 * turns) }
        return self
    }

    package var asDouble: Double? {
        switch self {
        case let .number(x): return x
        case let .point(p): return p.x
        default: return nil
        }
    }

    package var asPoint: Point? {
        switch self {
        case let .point(p): return p
        case let .number(x): return Point(x, x)
        default: return nil
        }
    }

    package var asColor: RGBA? {
        if case let .color(c) = self { return c }
        return nil
    }

    package var asPath: PathShape? {
        if case let .path(p) = self { return p }
        return nil
    }

    package var asStops: GradientStops? {
        if case let .stops(s) = self { return s }
        return nil
    }

    /// A short human-readable form for diagnostics: `0.2`, `[10, 20]`, `#ff0000`.
    package var diagnosticText: String {
        switch self {
        case let .number(x): return formatNumber(x)
        case let .point(p): return "[\(formatNumber(p.x)), \(formatNumber(p.y))]"
        case let .color(c):
            let bytes = [c.r, c.g, c.b].map { String(format2hex(Int((min(max($0, 0), 1) * 255).rounded()))) }
            let alpha = c.a < 1 ? " at opacity \(formatNumber(c.a))" : ""
            return "#" + bytes.joined() + alpha
        case .path: return "a different path"
        case .stops: return "different gradient stops"
        }
    }
}

extension PropertyValue {
    /// The value as a scene writes it for `property` (`1.1`, `45deg`, `[80, 50]`, `"#ff2d55"`), for
    /// a fix-it that writes it; nil for what one does not write (paths, gradient stops,
    /// translucent colours).
    package func sceneText(for property: Property) -> String? {
        switch (self, property.descriptor.kind) {
        case let (.number(x), .angle): return formatNumber(x) + "deg"
        case let (.number(x), _): return formatNumber(x)
        case let (.point(p), .scale) where p.x == p.y: return formatNumber(p.x)
        case let (.point(p), _): return "[\(formatNumber(p.x)), \(formatNumber(p.y))]"
        case let (.color(c), _) where c.a >= 1: return "\"\(diagnosticText)\""
        default: return nil
        }
    }
}

private func format2hex(_ value: Int) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[(value / 16) % 16], digits[value % 16]])
}

/// Rotations are compared modulo a full turn: 370° and 10° look the same.
package func angleDifference(_ a: Double, _ b: Double) -> Double {
    var d = (a - b).truncatingRemainder(dividingBy: 360)
    if d > 180 { d -= 360 }
    if d < -180 { d += 360 }
    return abs(d)
}
