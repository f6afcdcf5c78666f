import ChoreoTimeline

/// Where an SVG element starts in its file (libxml2's line; the column of its `<`).
public struct ArtworkLocation: Sendable, Hashable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// Something of the SVG the scene cannot hold, at its element; the message says what becomes of
/// it (left out of the drawing, drawn without its filter, …).
public struct ArtworkWarning: Sendable, Hashable {
    public var location: ArtworkLocation
    public var message: String
}

/// A paint as a scene writes it.
public enum ArtworkPaint: Sendable, Hashable {
    case none
    case color(RGBA)
    case linear(from: Point, to: Point, stops: [ArtworkStop])
    case radial(center: Point, radius: Double, stops: [ArtworkStop])
}

public struct ArtworkStop: Sendable, Hashable {
    public var offset: Double
    public var color: RGBA
}

public struct ArtworkStroke: Sendable, Hashable {
    public var paint: ArtworkPaint
    public var width: Double
    public var cap: String
    public var join: String
    public var miterLimit: Double
    public var dash: [Double]
}

public enum ArtworkGeometry: Sendable, Hashable {
    case group([ArtworkNode])
    case rect(width: Double, height: Double, cornerRadius: Double)
    case ellipse(width: Double, height: Double)
    /// Path data as the scene reads it: the SVG's own text when it needed no change.
    case path(String)
}

/// One node of the scene the SVG becomes: the one mapping `choreo import` writes as YAML and
/// `artwork:` puts into a scene.
public struct ArtworkNode: Sendable, Hashable {
    public var id: String
    public var location: ArtworkLocation
    public var geometry: ArtworkGeometry
    public var position: Point?
    public var anchor: Point?
    public var rotation: Double?
    public var scale: Point?
    public var opacity: Double?
    public var fill: ArtworkPaint?
    public var fillRule: String?
    public var stroke: ArtworkStroke?
    /// A clip: one closed contour's path data, in the node's local coordinates.
    public var clip: String?

    public var children: [ArtworkNode] {
        if case let .group(children) = geometry { return children }
        return []
    }
}

/// A whole SVG as a scene: its canvas, its nodes, and what was left out.
public struct Artwork: Sendable {
    public var size: Point
    public var nodes: [ArtworkNode]
    public var warnings: [ArtworkWarning]
    /// Node ids to where their element is in the SVG, for go-to-definition.
    public var locations: [String: ArtworkLocation]
}
