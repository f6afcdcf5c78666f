/// Where a track sits in an IR node: the one list of a node's animatable properties. A consumer
/// that treats properties differently switches over it, so a track added here is a compile error
/// in each of them until it is handled; one that treats all alike visits them with `TrackVisitor`.
public enum TrackPlace: Sendable, Hashable {
    public enum TransformTrack: Sendable, Hashable, CaseIterable { case anchor, position, positionX, positionY, rotation, scale, offset, opacity }
    public enum GeometryTrack: Sendable, Hashable, CaseIterable { case size, cornerRadius, radius, innerRadius, path }
    public enum PaintTrack: Sendable, Hashable, CaseIterable { case color, from, to, center, radius, stops }
    public enum TrimTrack: Sendable, Hashable, CaseIterable { case start, end, offset }
    public enum ShadowTrack: Sendable, Hashable, CaseIterable { case color, offset, blur }

    case transform(TransformTrack)
    case geometry(GeometryTrack)
    case fill(PaintTrack)
    case stroke(PaintTrack)
    case strokeWidth
    case trim(TrimTrack)
    /// The clip's geometry and transform (its offset and opacity are always the identity's).
    case clipGeometry(GeometryTrack)
    case clipTransform(TransformTrack)
    case blur
    case shadow(ShadowTrack)
    /// A mask's geometry, transform (its opacity the mask's) and expansion, mask by mask.
    case maskGeometry(GeometryTrack)
    case maskTransform(TransformTrack)
    case maskExpand
}

/// Sees every track of a node, each with its place.
public protocol TrackVisitor {
    mutating func visit<Value: Interpolatable>(_ track: Animated<Value>, at place: TrackPlace)
}

/// Makes each track of a node anew from the old one, keeping its type.
public protocol TrackRewriter {
    func rewrite<Value: Interpolatable>(_ track: Animated<Value>, at place: TrackPlace) -> Animated<Value>
}

extension Node {
    /// Visits the node's own tracks (not its children's, nor its matte's), in a fixed order:
    /// transform, clip, masks, effects, geometry, fill, stroke, trim.
    public func visitOwnTracks(_ visitor: inout some TrackVisitor) {
        transform.visitTracks(&visitor) { .transform($0) }
        clip?.visitTracks(&visitor)
        for mask in masks {
            mask.geometry.visitTracks(&visitor) { .maskGeometry($0) }
            mask.transform.visitTracks(&visitor) { .maskTransform($0) }
            visitor.visit(mask.expand, at: .maskExpand)
        }
        if let effects {
            if let blur = effects.blur { visitor.visit(blur, at: .blur) }
            if let shadow = effects.shadow {
                visitor.visit(shadow.color, at: .shadow(.color))
                visitor.visit(shadow.offset, at: .shadow(.offset))
                visitor.visit(shadow.blur, at: .shadow(.blur))
            }
        }
        guard case let .shape(geometry, style) = content else { return }
        geometry.visitTracks(&visitor) { .geometry($0) }
        style.fill?.visitTracks(&visitor) { .fill($0) }
        if let stroke = style.stroke {
            stroke.paint.visitTracks(&visitor) { .stroke($0) }
            visitor.visit(stroke.width, at: .strokeWidth)
        }
        style.trim?.visitTracks(&visitor)
    }

    /// The node with each of its own tracks (not its children's) rewritten.
    public func rewritingOwnTracks(_ rewriter: some TrackRewriter) -> Node {
        var node = self
        node.transform = transform.rewritingTracks(rewriter) { .transform($0) }
        if let clip {
            node.clip = ClipShape(
                geometry: clip.geometry.rewritingTracks(rewriter) { .clipGeometry($0) },
                transform: clip.transform.rewritingTracks(rewriter) { .clipTransform($0) })
        }
        if !masks.isEmpty {
            node.masks = masks.map { mask in
                Mask(
                    geometry: mask.geometry.rewritingTracks(rewriter) { .maskGeometry($0) },
                    transform: mask.transform.rewritingTracks(rewriter) { .maskTransform($0) }, mode: mask.mode,
                    expand: rewriter.rewrite(mask.expand, at: .maskExpand), inverted: mask.inverted)
            }
        }
        if let effects {
            node.effects = Effects(
                blur: effects.blur.map { rewriter.rewrite($0, at: .blur) },
                shadow: effects.shadow.map {
                    Shadow(
                        color: rewriter.rewrite($0.color, at: .shadow(.color)),
                        offset: rewriter.rewrite($0.offset, at: .shadow(.offset)),
                        blur: rewriter.rewrite($0.blur, at: .shadow(.blur)))
                })
        }
        guard case let .shape(geometry, style) = content else { return node }
        var newStyle = style
        newStyle.fill = style.fill?.rewritingTracks(rewriter) { .fill($0) }
        if var stroke = style.stroke {
            stroke.paint = stroke.paint.rewritingTracks(rewriter) { .stroke($0) }
            stroke.width = rewriter.rewrite(stroke.width, at: .strokeWidth)
            newStyle.stroke = stroke
        }
        if let trim = style.trim {
            newStyle.trim = Trim(
                start: rewriter.rewrite(trim.start, at: .trim(.start)), end: rewriter.rewrite(trim.end, at: .trim(.end)),
                offset: rewriter.rewrite(trim.offset, at: .trim(.offset)))
        }
        node.content = .shape(geometry.rewritingTracks(rewriter) { .geometry($0) }, newStyle)
        return node
    }
}

extension ClipShape {
    /// Visits the clip's tracks: its geometry's, then its transform's.
    public func visitTracks(_ visitor: inout some TrackVisitor) {
        geometry.visitTracks(&visitor) { .clipGeometry($0) }
        transform.visitTracks(&visitor) { .clipTransform($0) }
    }

    /// Whether any of the clip's tracks moves.
    public var isAnimated: Bool {
        var finder = AnimatedTrackFinder()
        visitTracks(&finder)
        return finder.found
    }
}

extension Trim {
    func visitTracks(_ visitor: inout some TrackVisitor) {
        visitor.visit(start, at: .trim(.start))
        visitor.visit(end, at: .trim(.end))
        visitor.visit(offset, at: .trim(.offset))
    }

    /// Whether the trim's start, end or offset moves.
    public var isAnimated: Bool {
        var finder = AnimatedTrackFinder()
        visitTracks(&finder)
        return finder.found
    }
}

/// Whether any track a walk visits moves: how a node, a clip, a geometry or a trim answers
/// `isAnimated`, through the one walk.
struct AnimatedTrackFinder: TrackVisitor {
    var found = false
    mutating func visit<Value: Interpolatable>(_ track: Animated<Value>, at place: TrackPlace) {
        if track.isAnimated { found = true }
    }
}

extension Transform {
    func visitTracks(_ visitor: inout some TrackVisitor, _ place: (TrackPlace.TransformTrack) -> TrackPlace) {
        visitor.visit(anchor, at: place(.anchor))
        visitor.visit(position, at: place(.position))
        if let axes {
            visitor.visit(axes.x, at: place(.positionX))
            visitor.visit(axes.y, at: place(.positionY))
        }
        visitor.visit(rotation, at: place(.rotation))
        visitor.visit(scale, at: place(.scale))
        visitor.visit(offset, at: place(.offset))
        visitor.visit(opacity, at: place(.opacity))
    }

    func rewritingTracks(_ rewriter: some TrackRewriter, _ place: (TrackPlace.TransformTrack) -> TrackPlace) -> Transform {
        Transform(
            anchor: rewriter.rewrite(anchor, at: place(.anchor)), position: rewriter.rewrite(position, at: place(.position)),
            rotation: rewriter.rewrite(rotation, at: place(.rotation)), scale: rewriter.rewrite(scale, at: place(.scale)),
            offset: rewriter.rewrite(offset, at: place(.offset)), opacity: rewriter.rewrite(opacity, at: place(.opacity)),
            axes: axes.map {
                PositionAxes(x: rewriter.rewrite($0.x, at: place(.positionX)), y: rewriter.rewrite($0.y, at: place(.positionY)))
            }, autoOrient: autoOrient)
    }
}

extension Geometry {
    /// Visits the geometry's tracks, each at the place `place` gives it (a node's own geometry or
    /// its clip's); for the outlines an emitter rebuilds from a geometry alone.
    package func visitTracks(_ visitor: inout some TrackVisitor, _ place: (TrackPlace.GeometryTrack) -> TrackPlace) {
        switch self {
        case let .rect(size, radius):
            visitor.visit(size, at: place(.size))
            visitor.visit(radius, at: place(.cornerRadius))
        case let .ellipse(size):
            visitor.visit(size, at: place(.size))
        case let .polygon(_, radius, inner):
            visitor.visit(radius, at: place(.radius))
            if let inner { visitor.visit(inner, at: place(.innerRadius)) }
        case let .path(shape):
            visitor.visit(shape, at: place(.path))
        }
    }

    /// Whether any of the geometry's tracks moves.
    public var isAnimated: Bool {
        var finder = AnimatedTrackFinder()
        visitTracks(&finder) { .geometry($0) }
        return finder.found
    }

    func rewritingTracks(_ rewriter: some TrackRewriter, _ place: (TrackPlace.GeometryTrack) -> TrackPlace) -> Geometry {
        switch self {
        case let .rect(size, radius):
            return .rect(size: rewriter.rewrite(size, at: place(.size)), cornerRadius: rewriter.rewrite(radius, at: place(.cornerRadius)))
        case let .ellipse(size):
            return .ellipse(size: rewriter.rewrite(size, at: place(.size)))
        case let .polygon(sides, radius, inner):
            return .polygon(
                sides: sides, radius: rewriter.rewrite(radius, at: place(.radius)),
                innerRadius: inner.map { rewriter.rewrite($0, at: place(.innerRadius)) })
        case let .path(shape):
            return .path(rewriter.rewrite(shape, at: place(.path)))
        }
    }
}

extension Paint {
    func visitTracks(_ visitor: inout some TrackVisitor, _ place: (TrackPlace.PaintTrack) -> TrackPlace) {
        switch self {
        case let .color(color):
            visitor.visit(color, at: place(.color))
        case let .linearGradient(from, to, stops):
            visitor.visit(from, at: place(.from))
            visitor.visit(to, at: place(.to))
            visitor.visit(stops, at: place(.stops))
        case let .radialGradient(center, radius, stops):
            visitor.visit(center, at: place(.center))
            visitor.visit(radius, at: place(.radius))
            visitor.visit(stops, at: place(.stops))
        }
    }

    func rewritingTracks(_ rewriter: some TrackRewriter, _ place: (TrackPlace.PaintTrack) -> TrackPlace) -> Paint {
        switch self {
        case let .color(color):
            return .color(rewriter.rewrite(color, at: place(.color)))
        case let .linearGradient(from, to, stops):
            return .linearGradient(
                from: rewriter.rewrite(from, at: place(.from)), to: rewriter.rewrite(to, at: place(.to)),
                stops: rewriter.rewrite(stops, at: place(.stops)))
        case let .radialGradient(center, radius, stops):
            return .radialGradient(
                center: rewriter.rewrite(center, at: place(.center)), radius: rewriter.rewrite(radius, at: place(.radius)),
                stops: rewriter.rewrite(stops, at: place(.stops)))
        }
    }
}
