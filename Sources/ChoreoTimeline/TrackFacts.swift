/// What every consumer of a track needs to know of it beyond its values: the range its drawn
/// values stay in and whether a theme may change it. Lowering clamps to the range (through the
/// property table, which reads it here) and the emitters hold their output to it, so both use one
/// fact.
extension TrackPlace {
    /// The range every number of the drawn value lies in (contract §10, "Bounded values stay in
    /// bounds"): lowering clamps each track to it at every instant. Nil for a track that keeps an
    /// easing's or a spring's overshoot.
    public var drawableRange: ClosedRange<Double>? {
        switch self {
        case let .transform(track), let .clipTransform(track):
            switch track {
            case .opacity: return 0...1
            case .anchor, .position, .rotation, .scale, .offset: return nil
            }
        case let .geometry(track), let .clipGeometry(track):
            switch track {
            case .cornerRadius: return 0...Double.infinity
            case .size, .radius, .innerRadius, .path: return nil
            }
        case let .fill(track), let .stroke(track):
            switch track {
            // Colours and the offsets and channels of every stop.
            case .color, .stops: return 0...1
            // SVG rejects a negative gradient radius.
            case .radius: return 0...Double.infinity
            case .from, .to, .center: return nil
            }
        case .strokeWidth, .blur: return 0...Double.infinity
        case let .trim(track):
            switch track {
            case .start, .end: return 0...1
            case .offset: return nil
            }
        case let .shadow(track):
            switch track {
            case .color: return 0...1
            case .blur: return 0...Double.infinity
            case .offset: return nil
            }
        }
    }

    /// `drawableRange` of a track that has one.
    public var boundedRange: ClosedRange<Double> {
        guard let range = drawableRange else { preconditionFailure("\(self) has no drawable range") }
        return range
    }

    /// The name a theme slot of this track ends in (`NODE.NAME`, contract §11), nil for a track no
    /// theme may change: a theme changes only what a Lottie slot holds and a player swaps without
    /// laying the animation out again (a solid fill's or stroke's colour, a node's opacity, a
    /// stroke's width).
    public var themeSlotName: String? {
        switch self {
        case .transform(.opacity): "opacity"
        case .fill(.color): "fill"
        case .stroke(.color): "stroke"
        case .strokeWidth: "stroke-width"
        case .transform, .geometry, .fill, .stroke, .trim, .clipGeometry, .clipTransform, .blur, .shadow: nil
        }
    }
}
