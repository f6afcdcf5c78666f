import Foundation

/// A value that can be animated: interpolated linearly between two values of the same shape.
public protocol Interpolatable: Sendable, Equatable {
    static func interpolate(_ from: Self, _ to: Self, _ progress: Double) -> Self
    /// The value at arc-length fraction `progress` of a curve (`Spatial.swift`): a position's.
    static func interpolate(_ from: Self, _ to: Self, _ progress: Double, along tangents: SpatialTangents) -> Self
    /// The part of a curve between two arc-length fractions (`Spatial.swift`).
    static func spatialPiece(
        _ from: Self, _ to: Self, _ tangents: SpatialTangents, _ p0: Double, _ p1: Double
    ) -> (from: Self, to: Self, tangents: SpatialTangents?)
}

extension Double: Interpolatable {
    public static func interpolate(_ from: Double, _ to: Double, _ progress: Double) -> Double {
        from + (to - from) * progress
    }
}

public struct Point: Interpolatable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(0, 0)

    public static func interpolate(_ from: Point, _ to: Point, _ progress: Double) -> Point {
        Point(Double.interpolate(from.x, to.x, progress), Double.interpolate(from.y, to.y, progress))
    }

    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }

    public var description: String { "(\(x), \(y))" }
}

/// A colour with straight (not premultiplied) components in 0…1, in sRGB.
public struct RGBA: Interpolatable, Hashable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// From 0…255 components, as designers write them in `rgb()`.
    public init(bytes r: Double, _ g: Double, _ b: Double, alpha: Double = 1) {
        self.init(r / 255, g / 255, b / 255, alpha)
    }

    public static let black = RGBA(0, 0, 0)

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque: the colour as a scene writes it, each channel
    /// clamped and rounded to a byte.
    public var hexText: String {
        func byte(_ component: Double) -> String {
            let value = Int((min(max(component, 0), 1) * 255).rounded())
            let digits = String(value, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "#" + byte(r) + byte(g) + byte(b) + (a < 1 ? byte(a) : "")
    }

    public static func interpolate(_ from: RGBA, _ to: RGBA, _ progress: Double) -> RGBA {
        RGBA(
            Double.interpolate(from.r, to.r, progress), Double.interpolate(from.g, to.g, progress),
            Double.interpolate(from.b, to.b, progress), Double.interpolate(from.a, to.a, progress))
    }
}

/// One vertex of a Bézier contour, with tangents relative to the vertex (Lottie's convention):
/// the curve leaving this vertex has its first control point at `point + outTangent`, the curve
/// arriving at it has its second control point at `point + inTangent`. Zero tangents are corners.
public struct BezierVertex: Interpolatable, Hashable {
    public var point: Point
    public var inTangent: Point
    public var outTangent: Point

    public init(_ point: Point, in inTangent: Point = .zero, out outTangent: Point = .zero) {
        self.point = point
        self.inTangent = inTangent
        self.outTangent = outTangent
    }

    public static func interpolate(_ from: BezierVertex, _ to: BezierVertex, _ progress: Double) -> BezierVertex {
        BezierVertex(
            .interpolate(from.point, to.point, progress),
            in: .interpolate(from.inTangent, to.inTangent, progress),
            out: .interpolate(from.outTangent, to.outTangent, progress))
    }
}

public struct Contour: Interpolatable, Hashable {
    public var vertices: [BezierVertex]
    public var closed: Bool

    public init(_ vertices: [BezierVertex], closed: Bool) {
        self.vertices = vertices
        self.closed = closed
    }

    /// Vertex-by-vertex; both contours must have the same vertex count (validation guarantees it).
    public static func interpolate(_ from: Contour, _ to: Contour, _ progress: Double) -> Contour {
        Contour(zip(from.vertices, to.vertices).map { .interpolate($0, $1, progress) }, closed: from.closed)
    }
}

/// Path geometry: one or more contours, filled with the nonzero rule unless a style says otherwise.
public struct PathShape: Interpolatable, Hashable {
    public var contours: [Contour]

    public init(_ contours: [Contour]) { self.contours = contours }

    public static func interpolate(_ from: PathShape, _ to: PathShape, _ progress: Double) -> PathShape {
        PathShape(zip(from.contours, to.contours).map { .interpolate($0, $1, progress) })
    }

    /// True when the two shapes can morph: same contour count, same vertex counts, same closedness.
    package func isMorphCompatible(with other: PathShape) -> Bool {
        contours.count == other.contours.count
            && zip(contours, other.contours).allSatisfy {
                $0.vertices.count == $1.vertices.count && $0.closed == $1.closed
            }
    }
}

public struct GradientStop: Hashable, Sendable {
    /// 0…1 along the gradient.
    public var offset: Double
    public var color: RGBA

    public init(_ offset: Double, _ color: RGBA) {
        self.offset = offset
        self.color = color
    }
}

/// The stops of a gradient; animating them interpolates stop by stop (same count required).
public struct GradientStops: Interpolatable, Hashable {
    public var stops: [GradientStop]

    public init(_ stops: [GradientStop]) { self.stops = stops }

    public static func interpolate(_ from: GradientStops, _ to: GradientStops, _ progress: Double) -> GradientStops {
        GradientStops(
            zip(from.stops, to.stops).map {
                GradientStop(.interpolate($0.offset, $1.offset, progress), .interpolate($0.color, $1.color, progress))
            })
    }
}
