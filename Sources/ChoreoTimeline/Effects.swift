/// A drop shadow of a node's drawing (contract §15): the drawing's alpha, blurred, tinted with
/// `color` and moved by `offset`, drawn below the drawing. Values are in the coordinates of the
/// node's parent: the node's own rotation and scale do not turn or grow its shadow.
public struct Shadow: Sendable, Equatable {
    public var color: Animated<RGBA>
    public var offset: Animated<Point>
    /// The Gaussian's standard deviation (CSS `drop-shadow()`'s blur), ≥ 0.
    public var blur: Animated<Double>

    public init(color: Animated<RGBA>, offset: Animated<Point>, blur: Animated<Double>) {
        self.color = color
        self.offset = offset
        self.blur = blur
    }

}

/// What is drawn over a node's finished drawing (its content, copies and clip, before its
/// opacity): a Gaussian blur, then a drop shadow of the blurred drawing.
public struct Effects: Sendable, Equatable {
    /// The standard deviation of a Gaussian blur of the drawing (CSS `blur()`), ≥ 0.
    public var blur: Animated<Double>?
    public var shadow: Shadow?

    public init(blur: Animated<Double>? = nil, shadow: Shadow? = nil) {
        self.blur = blur
        self.shadow = shadow
    }

    /// How far past the drawing's bounds the effects can paint, the most over all time: a
    /// Gaussian's tail past three standard deviations is under 0.2 % and rounds away in 8-bit
    /// channels.
    public var reach: Double {
        func largest(_ track: Animated<Double>?) -> Double {
            guard let track else { return 0 }
            return ([track.initial] + track.segments.flatMap { [$0.from, $0.to] }).map { max(0, $0) }.max() ?? 0
        }
        var reach = 3 * largest(blur)
        if let shadow {
            let offsets = [shadow.offset.initial] + shadow.offset.segments.flatMap { [$0.from, $0.to] }
            let farthest = offsets.map { max(abs($0.x), abs($0.y)) }.max() ?? 0
            reach = max(reach, farthest + 3 * (largest(shadow.blur) + largest(blur)))
        }
        return reach
    }
}

extension Node {
    /// True when this node or one below it has effects.
    public var containsEffects: Bool {
        if effects != nil { return true }
        if case let .group(children) = content { return children.contains { $0.containsEffects } }
        return false
    }
}
