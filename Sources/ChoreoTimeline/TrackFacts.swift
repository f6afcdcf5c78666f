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
        case let .transform(track), let .clipTransform(track), let .maskTransform(track):
            switch track {
            case .opacity: return 0...1
            case .anchor, .position, .positionX, .positionY, .rotation, .scale, .offset: return nil
            }
        case .maskExpand: return nil
        case let .geometry(track), let .clipGeometry(track), let .maskGeometry(track):
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
        case .transform, .geometry, .fill, .stroke, .trim, .clipGeometry, .clipTransform, .blur, .shadow, .maskGeometry,
            .maskTransform, .maskExpand: nil
        }
    }
}

extension TrackPlace {
    /// The track's name after its node's id in a token's name (`bar.size`, `ring.trim.end`,
    /// `label.fill`): the scene's spelling of the property it comes from.
    public var tokenName: String {
        func transform(_ track: TransformTrack) -> String {
            switch track {
            case .anchor: "anchor"
            case .position: "position"
            case .positionX: "position.x"
            case .positionY: "position.y"
            case .rotation: "rotation"
            case .scale: "scale"
            case .offset: "offset"
            case .opacity: "opacity"
            }
        }
        func geometry(_ track: GeometryTrack) -> String {
            switch track {
            case .size: "size"
            case .cornerRadius: "corner-radius"
            case .radius: "radius"
            case .innerRadius: "inner-radius"
            case .path: "d"
            }
        }
        func paint(_ root: String, _ track: PaintTrack) -> String {
            switch track {
            case .color: root
            case .from: root + ".from"
            case .to: root + ".to"
            case .center: root + ".center"
            case .radius: root + ".radius"
            case .stops: root + ".stops"
            }
        }
        switch self {
        case let .transform(track): return transform(track)
        case let .geometry(track): return geometry(track)
        case let .fill(track): return paint("fill", track)
        case let .stroke(track): return paint("stroke", track)
        case .strokeWidth: return "stroke-width"
        case let .trim(track):
            switch track {
            case .start: return "trim.start"
            case .end: return "trim.end"
            case .offset: return "trim.offset"
            }
        case let .clipGeometry(track): return "clip." + geometry(track)
        case let .clipTransform(track): return "clip." + transform(track)
        case let .maskGeometry(track): return "mask." + geometry(track)
        case let .maskTransform(track): return "mask." + transform(track)
        case .maskExpand: return "mask.expand"
        case .blur: return "blur"
        case let .shadow(track):
            switch track {
            case .color: return "shadow.color"
            case .offset: return "shadow.offset"
            case .blur: return "shadow.blur"
            }
        }
    }
}

extension TrackPlace {
    /// Whether the players draw a Lottie slot for a bound track here, as Choreo writes it: a
    /// colour or an opacity, a transform (an anchor as a group position of its own), or a
    /// rectangle's (without rounded corners) or ellipse's size (as a group scale). ThorVG 1.0.4
    /// (the dotLottie players) crashes on a slot on an anchor, a shape's size or position, a trim,
    /// a dash or a time remap, and ignores one on a stroke width (the conformance suite pins each
    /// kind), so a bound track of another kind cannot be a slot.
    public func isSlottedByPlayers(geometry: Geometry?) -> Bool {
        switch self {
        // A position on two axes is Lottie's split position, which no player slots.
        case .transform(.positionX), .transform(.positionY): return false
        case .transform, .fill(.color), .stroke(.color): return true
        case .geometry(.size):
            switch geometry {
            case let .rect(_, cornerRadius)?: return !cornerRadius.isAnimated && cornerRadius.initial == 0
            case .ellipse?: return true
            default: return false
            }
        case .geometry, .fill, .stroke, .strokeWidth, .trim, .clipGeometry, .clipTransform, .blur, .shadow, .maskGeometry,
            .maskTransform, .maskExpand:
            return false
        }
    }
}
