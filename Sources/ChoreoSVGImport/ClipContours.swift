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

/// A clipPath shape's fill as a scene's clip holds it: contours whose union it is, or why not.
enum ClipShapeFill: Sendable {
    case contours([Contour])
    /// One contour with a curve, crossing itself under evenodd.
    case crossesItself
    /// A fill with a hole, or whose contours overlap with a curve among them.
    case hole
}

/// `contours` as they are when their union is the fill, else as `contoursOfFill` cuts them.
func clipShapeFill(_ contours: [Contour], evenOdd: Bool) -> ClipShapeFill {
    let crossesItself = evenOdd && contours.count == 1 && contourCrossesItself(contours[0])
    if !crossesItself, contoursFillTheirUnion(contours, evenOdd: evenOdd) { return .contours(contours) }
    // A fill that is not its contours' union may still be the union of other contours (an
    // evenodd star is its five points), worked out for straight edges.
    if let pieces = contoursOfFill(contours, evenOdd: evenOdd) { return .contours(pieces) }
    return crossesItself ? .crossesItself : .hole
}

/// The most vertices `contoursOfFill` cuts: its work grows with the square of the crossings.
private let maxCutVertices = 64

/// The region a shape of straight-edged contours fills under its rule, as contours whose union it
/// is (each turning the same way, none crossing itself), or nil when it has a hole or a curve, or
/// is too large to work out. An evenodd star is its five points. Every edge is cut where another
/// crosses it; a piece is kept where the rule's inside lies on one side of it and not the other,
/// turned to have the inside on its left, and the kept pieces are joined into loops.
func contoursOfFill(_ contours: [Contour], evenOdd: Bool) -> [Contour]? {
    let polygons = contours.map { $0.vertices.map(\.point) }.filter { $0.count >= 3 }
    guard !polygons.isEmpty,
        contours.allSatisfy({ $0.vertices.allSatisfy { $0.inTangent == .zero && $0.outTangent == .zero } }),
        polygons.reduce(0, { $0 + $1.count }) <= maxCutVertices
    else { return nil }
    var points: [Point] = []
    var edges: [(Int, Int)] = []
    for polygon in polygons {
        let base = points.count
        points += polygon
        for index in polygon.indices { edges.append((base + index, base + (index + 1) % polygon.count)) }
    }
    // Where each edge is cut: (parameter along it, point index).
    var cuts: [[(Double, Int)]] = edges.map { [(0, $0.0), (1, $0.1)] }
    for i in edges.indices {
        for j in edges.indices where j > i {
            let a = points[edges[i].0], b = points[edges[i].1], c = points[edges[j].0], d = points[edges[j].1]
            let shared = Set([edges[i].0, edges[i].1]).intersection([edges[j].0, edges[j].1])
            let r = b - a, s = d - c
            let denominator = r.x * s.y - r.y * s.x
            let scale = max(abs(r.x), abs(r.y), abs(s.x), abs(s.y), 1e-12)
            if abs(denominator) <= 1e-12 * scale * scale {
                // Parallel: apart is fine; on one line (overlapping or touching) is not worked out.
                if abs(cross(a, b, c)) <= 1e-9 * scale * scale, segmentsOverlapOnALine(a, b, c, d) { return nil }
                continue
            }
            let t = ((c.x - a.x) * s.y - (c.y - a.y) * s.x) / denominator
            let u = ((c.x - a.x) * r.y - (c.y - a.y) * r.x) / denominator
            let epsilon = 1e-9
            if t < -epsilon || t > 1 + epsilon || u < -epsilon || u > 1 + epsilon { continue }
            if !shared.isEmpty { continue }
            // A crossing at or next to an end (a vertex on another edge) is not worked out.
            if t < epsilon || t > 1 - epsilon || u < epsilon || u > 1 - epsilon { return nil }
            points.append(Point(a.x + t * r.x, a.y + t * r.y))
            cuts[i].append((t, points.count - 1))
            cuts[j].append((u, points.count - 1))
        }
    }
    func winding(_ p: Point) -> Int {
        var total = 0
        for (from, to) in edges {
            let a = points[from], b = points[to]
            if a.y <= p.y, b.y > p.y, cross(a, b, p) > 0 { total += 1 }
            if b.y <= p.y, a.y > p.y, cross(a, b, p) < 0 { total -= 1 }
        }
        return total
    }
    func inside(_ p: Point) -> Bool { evenOdd ? winding(p) % 2 != 0 : winding(p) != 0 }
    var pieces: [(Int, Int)] = []
    for cut in cuts {
        let sorted = cut.sorted { $0.0 < $1.0 }
        for index in 1..<sorted.count {
            let from = sorted[index - 1].1, to = sorted[index].1
            let a = points[from], b = points[to]
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            guard length > 1e-9 else { continue }
            let middle = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
            let normal = Point(-(b.y - a.y) / length, (b.x - a.x) / length)
            let step = min(1e-4, length / 4)
            let left = inside(Point(middle.x + step * normal.x, middle.y + step * normal.y))
            let right = inside(Point(middle.x - step * normal.x, middle.y - step * normal.y))
            if left == right { continue }
            pieces.append(left ? (from, to) : (to, from))
        }
    }
    var outgoing: [Int: [Int]] = [:]
    for (index, piece) in pieces.enumerated() { outgoing[piece.0, default: []].append(index) }
    var used = Array(repeating: false, count: pieces.count)
    var loops: [Contour] = []
    for start in pieces.indices where !used[start] {
        var loop: [Int] = []
        var current = start
        while !used[current] {
            used[current] = true
            loop.append(pieces[current].0)
            guard let next = outgoing[pieces[current].1]?.first(where: { !used[$0] }) else { break }
            current = next
        }
        guard pieces[current].1 == pieces[start].0 else { return nil }
        let contour = Contour(loop.map { BezierVertex(points[$0]) }, closed: true)
        var area = 0.0
        for index in loop.indices {
            let a = points[loop[index]], b = points[loop[(index + 1) % loop.count]]
            area += a.x * b.y - b.x * a.y
        }
        // Inside on the left turns every outline one way; a loop turning the other way is a hole.
        guard area > 0, !contourCrossesItself(contour) else { return nil }
        loops.append(contour)
    }
    return loops.isEmpty ? nil : loops
}

/// Whether two segments on one line share more than a point.
private func segmentsOverlapOnALine(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
    let direction = b - a
    let length = direction.x * direction.x + direction.y * direction.y
    guard length > 0 else { return false }
    func along(_ p: Point) -> Double { ((p.x - a.x) * direction.x + (p.y - a.y) * direction.y) / length }
    let low = min(along(c), along(d)), high = max(along(c), along(d))
    return min(1, high) - max(0, low) > 1e-9
}
