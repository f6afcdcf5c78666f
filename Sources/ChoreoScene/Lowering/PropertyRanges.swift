import ChoreoTimeline

/// The range every number of a property must stay in when it is drawn (contract §10, "Bounded
/// values stay in bounds"): the one place that says which properties are bounded. Lowering clamps
/// these tracks at every instant (`Animated.clamped(to:)`), whatever an easing's overshoot or a
/// spring does between keyframes; the others (position, scale, rotation, size, radii) keep their
/// overshoot. `trim.offset` wraps around the outline, so it has no range.
let drawableRanges: [PropertyPath: ClosedRange<Double>] = [
    "opacity": 0...1,
    "trim.start": 0...1,
    "trim.end": 0...1,
    "fill": 0...1,
    "stroke.color": 0...1,
    // Offsets and channels of every stop.
    "fill.stops": 0...1,
    "stroke.width": 0...Double.infinity,
    "corner-radius": 0...Double.infinity,
    "clip.corner-radius": 0...Double.infinity,
    // SVG rejects a negative gradient radius.
    "fill.radius": 0...Double.infinity,
]

extension PropertyValue: ClampableComponents {
    public var clampableComponents: [Double] { components }

    public func replacingComponents(_ components: [Double]) -> PropertyValue {
        switch self {
        case .number: return .number(components[0])
        case .point: return .point(Point(components[0], components[1]))
        case let .color(color): return .color(color.replacingComponents(components))
        case let .stops(stops): return .stops(stops.replacingComponents(components))
        case .path: return self
        }
    }
}
