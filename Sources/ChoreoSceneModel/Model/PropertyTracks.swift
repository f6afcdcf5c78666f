import ChoreoTimeline

extension Property {
    /// The IR track a property's values are lowered into, nil for a key that is not a track of
    /// its own (an id, a keyword, a map, a repeat's step, a text's setting). The facts the back
    /// half also needs (the drawable range) live on the track (`TrackPlace`), and the property
    /// table reads them from there.
    package var track: TrackPlace? {
        switch self {
        case .position: .transform(.position)
        case .positionX: .transform(.positionX)
        case .positionY: .transform(.positionY)
        case .expand: .maskExpand
        case .anchor: .transform(.anchor)
        case .offset: .transform(.offset)
        case .scale: .transform(.scale)
        case .rotation: .transform(.rotation)
        case .opacity: .transform(.opacity)
        case .size: .geometry(.size)
        case .radius: .geometry(.radius)
        case .innerRadius: .geometry(.innerRadius)
        case .cornerRadius: .geometry(.cornerRadius)
        case .d, .points, .contours: .geometry(.path)
        case .fill: .fill(.color)
        case .fillFrom: .fill(.from)
        case .fillTo: .fill(.to)
        case .fillCenter: .fill(.center)
        case .fillRadius: .fill(.radius)
        case .fillStops: .fill(.stops)
        case .strokeColor: .stroke(.color)
        case .strokeWidth: .strokeWidth
        case .trimStart: .trim(.start)
        case .trimEnd: .trim(.end)
        case .trimOffset: .trim(.offset)
        case .clipSize, .clipRadius, .clipInnerRadius, .clipCornerRadius, .clipD, .clipPoints, .clipContours:
            clippedNodeKey?.track.flatMap { if case let .geometry(track) = $0 { .clipGeometry(track) } else { nil } }
        case .clipPosition, .clipAnchor, .clipScale, .clipRotation:
            clippedNodeKey?.track.flatMap { if case let .transform(track) = $0 { .clipTransform(track) } else { nil } }
        case .blur: .blur
        case .shadowColor: .shadow(.color)
        case .shadowOffset: .shadow(.offset)
        case .shadowBlur: .shadow(.blur)
        case .id, .shape, .sides, .closed, .morph, .children, .text, .font, .align, .lineHeight, .letterSpacing, .maxWidth,
            .perGlyph, .perGlyphDelay, .a11y, .a11yLabel, .fillLinear, .fillRadial, .fillUnits, .fillRule, .stroke, .strokeCap,
            .strokeJoin, .strokeMiterLimit, .strokeDash, .trim, .repeat, .repeatCount, .repeatRotation, .repeatOffset,
            .repeatScale, .repeatAnchor, .repeatOpacity, .repeatDelay, .repeatFill, .clip, .clipShape, .clipSides, .clipClosed,
            .clipMorph, .shadow, .orient, .parent, .visible, .blend, .motionPath, .motionPathD, .time, .timeOffset, .timeStretch,
            .mask, .maskMode, .inverted, .matte, .matteNode, .matteMode:
            nil
        // Lowered into the position, along the path.
        case .motionPathAt: nil
        }
    }
}
