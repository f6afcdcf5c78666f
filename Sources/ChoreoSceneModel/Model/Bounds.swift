import ChoreoTimeline

/// An axis-aligned box in some coordinate space: a node's local geometry, or its footprint on the canvas.
package struct Bounds: Equatable, Sendable {
    package var minX: Double
    package var minY: Double
    package var maxX: Double
    package var maxY: Double

    package static let zero = Bounds(minX: 0, minY: 0, maxX: 0, maxY: 0)

    package init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The box of a size centred on the origin (rect, ellipse).
    package init(centeredSize size: Point) {
        self.init(minX: -abs(size.x) / 2, minY: -abs(size.y) / 2, maxX: abs(size.x) / 2, maxY: abs(size.y) / 2)
    }

    /// The smallest box holding all the points; nil for none.
    init?(points: [Point]) {
        guard let first = points.first else { return nil }
        var box = Bounds(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
        for point in points.dropFirst() { box.include(point) }
        self = box
    }

    package var width: Double { maxX - minX }
    package var height: Double { maxY - minY }
    package var center: Point { Point((minX + maxX) / 2, (minY + maxY) / 2) }

    /// A unit point of the box (SwiftUI's `UnitPoint`): (0, 0) top-left, (1, 1) bottom-right.
    package func point(atUnit unit: Point) -> Point {
        Point(minX + unit.x * width, minY + unit.y * height)
    }

    var corners: [Point] {
        [Point(minX, minY), Point(maxX, minY), Point(maxX, maxY), Point(minX, maxY)]
    }

    mutating func include(_ point: Point) {
        minX = min(minX, point.x)
        minY = min(minY, point.y)
        maxX = max(maxX, point.x)
        maxY = max(maxY, point.y)
    }

    package func union(_ other: Bounds) -> Bounds {
        Bounds(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    package func insetBy(_ amount: Double) -> Bounds {
        Bounds(minX: minX - amount, minY: minY - amount, maxX: maxX + amount, maxY: maxY + amount)
    }

    /// The box around this box's corners after a transform.
    package func applying(_ transform: AffineTransform) -> Bounds {
        Bounds(points: corners.map { transform.apply($0) })!
    }
}

/// The anchor keywords and the unit points they name.
package let anchorKeywords: [(String, Point)] = [
    ("center", Point(0.5, 0.5)), ("top", Point(0.5, 0)), ("bottom", Point(0.5, 1)), ("left", Point(0, 0.5)),
    ("right", Point(1, 0.5)), ("top-left", Point(0, 0)), ("top-right", Point(1, 0)), ("bottom-left", Point(0, 1)),
    ("bottom-right", Point(1, 1)),
]

/// The box around every vertex and control point of a shape.
package func bounds(of shape: PathShape) -> Bounds? {
    var points: [Point] = []
    for contour in shape.contours {
        for vertex in contour.vertices {
            points.append(vertex.point)
        }
    }
    return Bounds(points: points)
}

/// The box around the vertices and Bézier control points (the curve lies inside it).
func controlBounds(of shape: PathShape) -> Bounds? {
    var points: [Point] = []
    for contour in shape.contours {
        for vertex in contour.vertices {
            points += [vertex.point, vertex.point + vertex.inTangent, vertex.point + vertex.outTangent]
        }
    }
    return Bounds(points: points)
}
