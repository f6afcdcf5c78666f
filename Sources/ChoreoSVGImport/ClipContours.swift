import ChoreoTimeline

/// A contour as points: its vertices, with each curve cut into `chordsPerCurve` chords.
private func flattened(_ contour: Contour, chordsPerCurve: Int = 8) -> [Point] {
    let vertices = contour.vertices
    var points: [Point] = []
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
    return points
}

/// The most points the clip checks below flatten: past it a clip counts as not representable, so
/// the caller reports it rather than guess (and the pairwise tests stay bounded).
private let maxCheckedPoints = 2048

private func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }

/// Whether segments a–b and c–d cross at a point inside both (touching ends or collinear overlap
/// do not count).
private func segmentsCross(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
    let d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d)
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}

/// Whether a closed contour crosses itself, where evenodd and nonzero fill it differently (a star
/// drawn in one stroke): its segments flattened (curves into a few chords each) and every pair of
/// segments that do not share an end tested. A contour too large to test counts as crossing, so
/// the caller reports it rather than guess.
func contourCrossesItself(_ contour: Contour) -> Bool {
    guard contour.vertices.count >= 3 else { return false }
    let points = flattened(contour)
    let count = points.count
    guard count <= maxCheckedPoints else { return true }
    for i in 0..<count {
        let a = points[i], b = points[(i + 1) % count]
        for j in (i + 2)..<max(i + 2, count) where !(i == 0 && j == count - 1) {
            if segmentsCross(a, b, points[j], points[(j + 1) % count]) { return true }
        }
    }
    return false
}

/// Whether the union of `contours`' insides, which is what a scene's clip of several contours
/// shows, is the region SVG fills for them as one shape under its clip-rule. Each contour must not
/// cross itself; two contours that overlap (their edges cross, or one holds a point of the other)
/// must, under nonzero, turn the same way (turning opposite ways the overlap is a hole), and under
/// evenodd cannot overlap at all (the overlap is a hole). Contours apart, or touching only along
/// their edges, are their union under either rule.
func contoursFillTheirUnion(_ contours: [Contour], evenOdd: Bool) -> Bool {
    guard contours.count > 1 else { return true }
    let polygons = contours.map { flattened($0) }
    guard polygons.reduce(0, { $0 + $1.count }) <= maxCheckedPoints else { return false }
    if contours.contains(where: contourCrossesItself) { return false }
    func area(_ points: [Point]) -> Double {
        var sum = 0.0
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }
    func box(_ points: [Point]) -> (Point, Point) {
        var low = points[0], high = points[0]
        for p in points {
            low = Point(min(low.x, p.x), min(low.y, p.y))
            high = Point(max(high.x, p.x), max(high.y, p.y))
        }
        return (low, high)
    }
    /// Whether `p` lies inside the polygon (crossing parity; the polygons here do not cross
    /// themselves, so parity is inside).
    func holds(_ polygon: [Point], _ p: Point) -> Bool {
        var inside = false
        for index in polygon.indices {
            let a = polygon[index], b = polygon[(index + 1) % polygon.count]
            if (a.y > p.y) != (b.y > p.y), p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) { inside.toggle() }
        }
        return inside
    }
    func overlap(_ first: [Point], _ second: [Point]) -> Bool {
        for i in first.indices {
            let a = first[i], b = first[(i + 1) % first.count]
            for j in second.indices where segmentsCross(a, b, second[j], second[(j + 1) % second.count]) { return true }
        }
        return first.contains { holds(second, $0) } || second.contains { holds(first, $0) }
    }
    let usable = polygons.filter { $0.count >= 2 }
    let signs = usable.map { area($0) }
    let boxes = usable.map(box)
    for i in usable.indices {
        for j in usable.indices where j > i {
            let (lowA, highA) = boxes[i], (lowB, highB) = boxes[j]
            if highA.x <= lowB.x || highB.x <= lowA.x || highA.y <= lowB.y || highB.y <= lowA.y { continue }
            guard overlap(usable[i], usable[j]) else { continue }
            if evenOdd || signs[i] * signs[j] < 0 { return false }
        }
    }
    return true
}
