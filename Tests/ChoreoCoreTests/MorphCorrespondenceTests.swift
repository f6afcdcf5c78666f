import Foundation
import Testing

@testable import ChoreoTimeline

// Morphs between poses of different structure (`PathShape.corresponding`): the usual pairs of icons
// morph without a contour crossing itself midway, the alignment minimises travel, contours pair by
// position and area, and a missing contour grows from a point.

// MARK: - Shapes (y down, centred on the origin)

private func polygon(_ points: [(Double, Double)], closed: Bool = true) -> Contour {
    Contour(points.map { BezierVertex(Point($0.0, $0.1)) }, closed: closed)
}

private let circle = ellipseOutline(size: Point(80, 80))
private let star = polygonOutline(sides: 5, radius: 42, innerRadius: 18)
private let square = rectOutline(size: Point(70, 70), cornerRadius: 0)
private let heart = PathShape([
    Contour([
        BezierVertex(Point(0, -14), in: Point(-3, -10), out: Point(3, -10)),
        BezierVertex(Point(20, -32), in: Point(-10, 0), out: Point(10, 0)),
        BezierVertex(Point(38, -10), in: Point(0, -12), out: Point(0, 12)),
        BezierVertex(Point(0, 36), in: Point(12, -16), out: Point(-12, -16)),
        BezierVertex(Point(-38, -10), in: Point(0, 12), out: Point(0, -12)),
        BezierVertex(Point(-20, -32), in: Point(-10, 0), out: Point(10, 0)),
    ], closed: true)
])
/// A filled arrow pointing down (7 corners) and a thick check mark (6 corners), both clockwise on screen.
private let arrow = PathShape([polygon([(-6, -30), (6, -30), (6, 5), (20, 5), (0, 30), (-20, 5), (-6, 5)])])
private let check = PathShape([polygon([(-28, 4), (-20, -4), (-8, 8), (22, -22), (30, -14), (-8, 24)])])
/// The same check drawn counter-clockwise from another corner.
private let checkBackwards = PathShape([polygon([(22, -22), (-8, 8), (-20, -4), (-28, 4), (-8, 24), (30, -14)])])
private let play = PathShape([polygon([(-20, -25), (25, 0), (-20, 25)])])
private let pause = PathShape([
    polygon([(-22, -25), (-6, -25), (-6, 25), (-22, 25)]),
    polygon([(6, -25), (22, -25), (22, 25), (6, 25)]),
])
/// Stroked icons: an arrow as a shaft and a head (two open contours), a check as one open polyline.
private let strokedArrow = PathShape([
    polygon([(0, -20), (0, 18)], closed: false),
    polygon([(-12, 6), (0, 18), (12, 6)], closed: false),
])
private let strokedCheck = PathShape([polygon([(-14, 0), (-4, 10), (16, -12)], closed: false)])

// MARK: - Checks

/// The contour flattened into a polyline (each edge in 16 chords).
private func flattened(_ contour: Contour) -> [Point] {
    var points: [Point] = []
    for edge in contour.edges {
        for k in 0..<16 { points.append(edge.point(at: Double(k) / 16)) }
    }
    if !contour.closed, let last = contour.vertices.last { points.append(last.point) }
    return points
}

private func cross(_ o: Point, _ a: Point, _ b: Point) -> Double {
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
}

/// True when the chords a–b and c–d cross at a point inside both (touching ends do not count).
private func properlyIntersect(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
    let epsilon = 1e-9
    let d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d)
    return ((d1 > epsilon && d2 < -epsilon) || (d1 < -epsilon && d2 > epsilon))
        && ((d3 > epsilon && d4 < -epsilon) || (d3 < -epsilon && d4 > epsilon))
}

/// The first pair of non-adjacent chords of one contour that cross, if any.
private func selfIntersection(_ contour: Contour) -> (Int, Int)? {
    let points = flattened(contour)
    let chordCount = contour.closed ? points.count : points.count - 1
    guard chordCount > 3 else { return nil }
    func chord(_ i: Int) -> (Point, Point) { (points[i], points[(i + 1) % points.count]) }
    for i in 0..<chordCount {
        for j in stride(from: i + 2, to: chordCount, by: 1) {
            if contour.closed && i == 0 && j == chordCount - 1 { continue }
            let (a, b) = chord(i), (c, d) = chord(j)
            if properlyIntersect(a, b, c, d) { return (i, j) }
        }
    }
    return nil
}

private func morphed(_ from: PathShape, _ to: PathShape) -> (PathShape, PathShape) {
    let poses = PathShape.corresponding([from, to])
    return (poses[0], poses[1])
}

private func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

/// Every point of `shape`'s outline sampled densely lies on `original`'s (within `tolerance`),
/// contours reduced to a point aside.
private func sameOutline(_ shape: PathShape, _ original: PathShape, tolerance: Double = 1e-6) -> Bool {
    let reference = original.contours.flatMap { contour in
        contour.edges.flatMap { edge in (0...400).map { edge.point(at: Double($0) / 400) } }
    }
    let step = original.arcLength / 400 + tolerance
    // A contour that is a point (grown from or shrunk to) is not part of the outline.
    return shape.contours.filter { c in c.vertices.contains { $0.point != c.vertices[0].point } }.allSatisfy { contour in
        flattened(contour).allSatisfy { p in reference.contains { distance($0, p) <= step } }
    }
}

// MARK: - Tests

@Test(arguments: [
    ("circle → star", circle, star), ("star → circle", star, circle),
    ("arrow → check", arrow, check), ("arrow → check drawn backwards", arrow, checkBackwards),
    ("play → pause", play, pause), ("pause → play", pause, play),
    ("square → heart", square, heart), ("heart → square", heart, square),
    ("stroked arrow → check", strokedArrow, strokedCheck),
])
func usualMorphsDoNotCrossThemselvesMidway(name: String, from: PathShape, to: PathShape) {
    let (a, b) = morphed(from, to)
    #expect(a.isMorphCompatible(with: b), "\(name)")
    for k in 1...19 {
        let t = Double(k) / 20
        let frame = PathShape.interpolate(a, b, t)
        for (index, contour) in frame.contours.enumerated() {
            let crossing = selfIntersection(contour)
            #expect(crossing == nil, "\(name): contour \(index) crosses itself at t = \(t), chords \(String(describing: crossing))")
        }
    }
}

@Test func theSelfIntersectionCheckFindsATwistedMorph() {
    // The check itself must be able to fail: the arrow morphed index by index into the check
    // (7 and 6 corners, the last repeated), as the strict morph would, twists through itself.
    var padded = check
    padded.contours[0].vertices.append(padded.contours[0].vertices[5])
    let frame = PathShape.interpolate(arrow, padded, 0.5)
    #expect(selfIntersection(frame.contours[0]) != nil)
    #expect(selfIntersection(polygon([(-10, -10), (10, 13), (10, -10), (-10, 10)])) != nil, "a bow tie")
}

@Test func everyPoseKeepsItsGeometryAndItsOwnVertices() {
    for (from, to) in [(circle, star), (arrow, check), (play, pause), (square, heart), (strokedArrow, strokedCheck)] {
        let (a, b) = morphed(from, to)
        #expect(sameOutline(a, from) && sameOutline(b, to))
        for (original, resampled) in [(from, a), (to, b)] {
            let vertices = resampled.contours.flatMap(\.vertices).map(\.point)
            for vertex in original.contours.flatMap(\.vertices) {
                #expect(vertices.contains(vertex.point), "vertex \(vertex.point) kept exactly")
            }
        }
    }
}

@Test func theAlignmentMinimisesTravel() {
    // The square again, drawn from its bottom-right corner counter-clockwise with a point added
    // in the middle of every side: the best alignment moves nothing at all.
    let corners = [(35.0, 35.0), (0, 35), (-35, 35), (-35, 0), (-35, -35), (0, -35), (35, -35), (35, 0)]
    let sameSquare = PathShape([polygon(corners)])
    let (a, b) = morphed(square, sameSquare)
    #expect(a.contours[0].vertices.count == 8)
    for (u, v) in zip(a.contours[0].vertices, b.contours[0].vertices) {
        #expect(distance(u.point, v.point) < 1e-6, "\(u.point) travels to \(v.point)")
    }
    // Index by index (the strict morph) the same pair would travel a long way.
    let indexTravel = zip(square.contours[0].vertices, [0, 2, 4, 6].map { sameSquare.contours[0].vertices[$0] })
        .map { distance($0.point, $1.point) }.reduce(0, +)
    #expect(indexTravel > 100)
}

@Test func theStartPointMayLieInsideAnEdge() {
    // A triangle turned so that no corner points at one of the circle's vertices (3, 6, 9 and 12
    // o'clock): each corner travels to the circle's point in its own direction, 10 away, which lies
    // inside an edge of the circle.
    let corners: [(Double, Double)] = [-45.0, 75, 195].map { (degrees: Double) -> (Double, Double) in
        let radians = degrees * Double.pi / 180
        return (30 * cos(radians), 30 * sin(radians))
    }
    let triangle = PathShape([polygon(corners)])
    let (a, b) = morphed(triangle, circle)
    for corner in triangle.contours[0].vertices {
        let index = a.contours[0].vertices.firstIndex { $0.point == corner.point }!
        let partner = b.contours[0].vertices[index].point
        #expect(distance(corner.point, partner) < 10.5, "corner \(corner.point) → \(partner)")
    }
}

@Test func contoursPairByPositionAndAreaAndAMissingOneGrowsFromItsPartnersCentre() {
    let small = { (x: Double, y: Double) in PathShape([polygon([(x - 5, y - 5), (x + 5, y - 5), (x + 5, y + 5), (x - 5, y + 5)])]).contours[0] }
    let big = { (x: Double, y: Double) in PathShape([polygon([(x - 15, y - 15), (x + 15, y - 15), (x + 15, y + 15), (x - 15, y + 15)])]).contours[0] }
    // Pose A: a small square on the left, a big one on the right.
    let a = PathShape([small(-30, 0), big(30, 0)])
    // Pose B: circles, big one first, plus a third contour with no partner in A.
    let circleAt = { (x: Double, y: Double, r: Double) in
        Contour(ellipseOutline(size: Point(2 * r, 2 * r)).contours[0].vertices.map {
            BezierVertex($0.point + Point(x, y), in: $0.inTangent, out: $0.outTangent)
        }, closed: true)
    }
    let b = PathShape([circleAt(34, 2, 17), circleAt(-28, 0, 6), circleAt(10, 40, 4)])
    let poses = PathShape.corresponding([a, b])
    let (a2, b2) = (poses[0], poses[1])
    #expect(a2.contours.count == 3 && a2.isMorphCompatible(with: b2))
    func centre(_ contour: Contour) -> Point {
        contour.vertices.reduce(Point.zero) { $0 + $1.point } * (1 / Double(contour.vertices.count))
    }
    // B has the most contours, so its order is kept: big, small, extra.
    #expect(distance(centre(b2.contours[0]), Point(34, 2)) < 1)
    #expect(distance(centre(a2.contours[0]), Point(30, 0)) < 1, "the big square pairs with the big circle")
    #expect(distance(centre(a2.contours[1]), Point(-30, 0)) < 1, "the small square pairs with the small circle")
    // The third circle grows from a point at the centre of A's contour nearest to it (the big square).
    #expect(a2.contours[2].vertices.allSatisfy { distance($0.point, Point(30, 0)) < 1e-9 && $0.inTangent == .zero })
    #expect(a2.contours[2].vertices.count == b2.contours[2].vertices.count)
}

@Test func posesOfOneStructureMorphAsWrittenAmongThemselves() {
    // Two squares of 4 corners and a heart: the squares' morph is still corner to corner.
    let tilted = PathShape([polygon([(-30, -40), (40, -30), (30, 40), (-40, 30)])])
    let poses = PathShape.corresponding([square, tilted, heart])
    #expect(poses[0].isMorphCompatible(with: poses[1]) && poses[1].isMorphCompatible(with: poses[2]))
    let halfway = PathShape.interpolate(poses[0], poses[1], 0.5)
    let asWritten = PathShape.interpolate(square, tilted, 0.5)
    let vertices = halfway.contours[0].vertices.map(\.point)
    for corner in asWritten.contours[0].vertices {
        #expect(vertices.contains { distance($0, corner.point) < 1e-9 }, "corner \(corner.point) of the written morph")
    }
    #expect(sameOutline(halfway, asWritten))
}

@Test func equalStructuresComeBackUnchangedAndTheResultIsDeterministic() {
    let tilted = PathShape([polygon([(-30, -40), (40, -30), (30, 40), (-40, 30)])])
    #expect(PathShape.corresponding([square, tilted, square]) == [square, tilted, square])
    #expect(PathShape.corresponding([circle, star, heart]) == PathShape.corresponding([circle, star, heart]))
}

@Test func nestedContoursAreNotReversed() {
    // A ring (outer clockwise, inner counter-clockwise) into a disc and a dot: the inner contour
    // keeps its direction, or the nonzero rule would fill the hole.
    let outer = rectOutline(size: Point(80, 80), cornerRadius: 0).contours[0]
    let inner = Contour(rectOutline(size: Point(30, 30), cornerRadius: 0).contours[0].vertices.reversed(), closed: true)
    let ring = PathShape([outer, inner])
    let target = PathShape([circle.contours[0], star.contours[0]])
    let poses = PathShape.corresponding([ring, target])
    func signedArea(_ contour: Contour) -> Double {
        let points = flattened(contour)
        return points.indices.reduce(0) { sum, i in
            let a = points[i], b = points[(i + 1) % points.count]
            return sum + a.x * b.y - b.x * a.y
        } / 2
    }
    #expect(signedArea(poses[0].contours[1]) < 0, "the hole still winds the other way")
    #expect(signedArea(poses[0].contours[0]) > 0)
}

@Test func pastSixtyFourContoursTheyPairInOrderAndStillKeepTheirGeometry() {
    // 70 squares into 35 triangles: the plain rules (no quadratic search) still give one
    // structure, every pose keeps its outline, and the 35 missing triangles are points.
    func square(_ i: Int) -> Contour {
        let x = Double(i % 10) * 10, y = Double(i / 10) * 10
        return polygon([(x, y), (x + 6, y), (x + 6, y + 6), (x, y + 6)])
    }
    func triangle(_ i: Int) -> Contour {
        let x = Double(i % 10) * 10, y = Double(i / 10) * 10
        return polygon([(x, y), (x + 6, y + 3), (x, y + 6)])
    }
    let many = PathShape((0..<70).map(square)), fewer = PathShape((0..<35).map(triangle))
    let (a, b) = morphed(many, fewer)
    #expect(a.isMorphCompatible(with: b) && a.contours.count == 70)
    for k in 0..<70 { #expect(sameOutline(PathShape([a.contours[k]]), PathShape([square(k)])), "square \(k) kept") }
    for k in 0..<35 { #expect(sameOutline(PathShape([b.contours[k]]), PathShape([triangle(k)])), "triangle \(k) pairs with square \(k)") }
    #expect(b.contours[35...].allSatisfy { c in c.vertices.allSatisfy { $0.point == c.vertices[0].point } })
}

// MARK: - Many poses

/// Pose `i` of a many-pose morph: two polygons side by side whose corner counts change from pose
/// to pose (36 structures), each turned a little further, so no two poses' corners line up.
private func manyPosePose(_ i: Int) -> PathShape {
    func regular(_ centreX: Double, _ sides: Int, _ turn: Double) -> Contour {
        polygon((0..<sides).map { k in
            let angle = turn + 2 * Double.pi * Double(k) / Double(sides)
            return (centreX + 15 * cos(angle), 15 * sin(angle))
        })
    }
    return PathShape([regular(-20, 3 + i % 6, 0.1 * Double(i)), regular(20, 3 + (i / 6 + i) % 6, 0.13 * Double(i))])
}

private func vertexTotal(_ shapes: [PathShape]) -> Int { shapes.reduce(0) { $0 + $1.contours.reduce(0) { $0 + $1.vertices.count } } }

@Test func manyPosesShareAStructureThatGrowsLinearlyWithTheirCount() {
    let few = PathShape.corresponding((0..<17).map(manyPosePose))
    let many = PathShape.corresponding((0..<34).map(manyPosePose))
    // Each contour needs only as many vertices as its largest pose has (8 here), not the union of
    // every pose's corners.
    #expect(few.allSatisfy { $0.isMorphCompatible(with: few[0]) } && many.allSatisfy { $0.isMorphCompatible(with: many[0]) })
    #expect(many[0].contours.map(\.vertices.count) == [8, 8])
    #expect(Double(vertexTotal(many)) <= 2.3 * Double(vertexTotal(few)), "\(vertexTotal(few)) → \(vertexTotal(many))")
    #expect(PathShape.corresponding((0..<34).map(manyPosePose)) == many, "deterministic")
    // The count the vertex limit is given is the count the poses come out with.
    var counted = 0
    _ = PathShape.corresponding((0..<34).map(manyPosePose)) { counted = $0; return true }
    #expect(counted == vertexTotal(many))
    #expect(PathShape.corresponding((0..<34).map(manyPosePose)) { _ in false } == nil)
}

@Test func splitPosesKeepTheirGeometryAndTheirOwnVertices() {
    let originals = (0..<34).map(manyPosePose)
    let poses = PathShape.corresponding(originals)
    for (original, pose) in zip(originals, poses) {
        #expect(sameOutline(pose, original, tolerance: 1e-9))
        let vertices = pose.contours.flatMap(\.vertices).map(\.point)
        for vertex in original.contours.flatMap(\.vertices) { #expect(vertices.contains(vertex.point)) }
    }
}

@Test(arguments: [3, 7, 8, 13, 40])
func splittingAContourLeavesEveryPointOfItWhereItWas(count: Int) {
    // Curves as well as lines: each piece of the split contour is its edge between two parameters.
    for contour in [heart.contours[0], circle.contours[0], square.contours[0], strokedCheck.contours[0]] {
        let measured = MeasuredContour(contour, sampled: false)
        let cuts = MorphPlan.splitCuts(measured, shift: 0.37, count: count)
        #expect(cuts.count == max(count, contour.vertices.count))
        let split = contour.resampled(at: cuts, edges: measured.edges)
        var largestError = 0.0
        for (k, edge) in split.edges.enumerated() {
            let from = cuts[k], to = cuts[(k + 1) % cuts.count]
            let end = to.edge == from.edge && to.parameter > from.parameter ? to.parameter : 1
            let original = measured.edges[from.edge]
            for step in 0...200 {
                let s = Double(step) / 200
                let point = edge.point(at: s)
                if original.isLine {
                    // A piece of a line stays a line with zero tangents: the same points, paced differently.
                    let a = original.point(at: from.parameter), b = original.point(at: end)
                    let along = min(max(((point.x - a.x) * (b.x - a.x) + (point.y - a.y) * (b.y - a.y))
                        / max((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y), 1e-300), 0), 1)
                    largestError = max(largestError, distance(point, Point(a.x + along * (b.x - a.x), a.y + along * (b.y - a.y))))
                } else {
                    largestError = max(largestError, distance(point, original.point(at: from.parameter + s * (end - from.parameter))))
                }
            }
        }
        #expect(largestError <= 1e-9, "\(largestError)")
    }
}
