import ChoreoSceneModel
import ChoreoTimeline

// Which properties are bounded, and to what range, is the property table's
// `PropertyDescriptor.drawableRange` (contract §10, "Bounded values stay in bounds"); lowering
// clamps those tracks at every instant (`Animated.clamped(to:)`), whatever an easing's overshoot
// or a spring does between keyframes.

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
