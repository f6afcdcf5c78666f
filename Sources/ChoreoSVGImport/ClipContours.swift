import ChoreoTimeline

/// Whether a closed contour crosses itself, where evenodd and nonzero fill it differently (a star
/// drawn in one stroke): its segments flattened (curves into a few chords each) and every pair of
/// segments that do not share an end tested. A contour too large to test counts as crossing, so
/// the caller reports it rather than guess.
func contourCrossesItself(_ contour: Contour) -> Bool {
    let vertices = contour.vertices
    guard vertices.count >= 3 else { return false }
    var points: [Point] = []
    let chordsPerCurve = 8
    for index in 0..<vertices.count {
        let start = vertices[index], end = vertices[(index + 1) % vertices.count]
        points.append(start.point)
        guard start.outTangent != .zero || end.inTangent != .zero else { continue }
        let p0 = start.point, p1 = start.point + start.outTangent, p2 = end.point + end.inTangent, p3 = end.point
        for step in 1..<chordsPerCurve {
            let t = Double(step) / Double(chordsPerCurve), u = 1 - t
            points.append(Point(
                u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
                u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y))
        }
    }
    let count = points.count
    guard count <= 2048 else { return true }
    func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
    for i in 0..<count {
        let a = points[i], b = points[(i + 1) % count]
        for j in (i + 2)..<max(i + 2, count) where !(i == 0 && j == count - 1) {
            let c = points[j], d = points[(j + 1) % count]
            let d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d)
            if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        }
    }
    return false
}
