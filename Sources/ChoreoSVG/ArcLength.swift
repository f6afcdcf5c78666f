import ChoreoTimeline

/// The length of an outline, as trim measures it: every edge is a cubic Bézier (corners have zero
/// tangents), integrated with 5-point Gauss–Legendre over 16 sub-intervals per edge, accurate far
/// below a pixel, so a dash pattern of this period ends where the renderer's path ends.
func outlineLength(_ shape: PathShape) -> Double {
    var total = 0.0
    for contour in shape.contours {
        let vertices = contour.vertices
        guard vertices.count > 1 else { continue }
        let edgeCount = contour.closed ? vertices.count : vertices.count - 1
        for index in 0..<edgeCount {
            let from = vertices[index], to = vertices[(index + 1) % vertices.count]
            total += cubicLength(from.point, from.point + from.outTangent, to.point + to.inTangent, to.point)
        }
    }
    return total
}

private let gaussNodes: [(Double, Double)] = [
    (0, 0.5688888888888889),
    (-0.5384693101056831, 0.47862867049936647), (0.5384693101056831, 0.47862867049936647),
    (-0.906179845938664, 0.23692688505618908), (0.906179845938664, 0.23692688505618908),
]

private func cubicLength(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> Double {
    func speed(_ s: Double) -> Double {
        let t = 1 - s
        let dx = 3 * t * t * (p1.x - p0.x) + 6 * t * s * (p2.x - p1.x) + 3 * s * s * (p3.x - p2.x)
        let dy = 3 * t * t * (p1.y - p0.y) + 6 * t * s * (p2.y - p1.y) + 3 * s * s * (p3.y - p2.y)
        return (dx * dx + dy * dy).squareRoot()
    }
    let parts = 16
    var length = 0.0
    for part in 0..<parts {
        let a = Double(part) / Double(parts), b = Double(part + 1) / Double(parts)
        let half = (b - a) / 2, middle = (a + b) / 2
        for (node, weight) in gaussNodes { length += weight * half * speed(middle + half * node) }
    }
    return length
}
