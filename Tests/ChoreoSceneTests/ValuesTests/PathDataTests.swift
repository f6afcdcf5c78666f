import ChoreoTimeline
import Foundation
import Testing

@testable import ChoreoScene

private func path(_ text: String) -> PathShape? { try? parsePathData(text).get() }

private func failure(_ text: String) -> ValueError? {
    if case let .failure(error) = parsePathData(text) { return error }
    return nil
}

private func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

@Test func straightSegmentsKeepZeroTangents() {
    let shape = path("M 10 20 L 30 20 H 40 V 50 l -5 -5 h -1 v 2")
    #expect(
        shape
            == PathShape([
                Contour(
                    [
                        BezierVertex(Point(10, 20)), BezierVertex(Point(30, 20)), BezierVertex(Point(40, 20)),
                        BezierVertex(Point(40, 50)), BezierVertex(Point(35, 45)), BezierVertex(Point(34, 45)),
                        BezierVertex(Point(34, 47)),
                    ], closed: false)
            ]))
}

@Test func closeMergesAFinalPointEqualToTheFirst() {
    let triangle = path("M0 0 L10 0 L10 10 Z")
    #expect(
        triangle
            == PathShape([
                Contour([BezierVertex(Point(0, 0)), BezierVertex(Point(10, 0)), BezierVertex(Point(10, 10))], closed: true)
            ]))
    // The closing curve's in-tangent moves to the first vertex.
    let drop = path("M0 0 L10 0 C10 5 5 10 0 0 Z")
    #expect(
        drop
            == PathShape([
                Contour(
                    [
                        BezierVertex(Point(0, 0), in: Point(5, 10)),
                        BezierVertex(Point(10, 0), out: Point(0, 5)),
                    ], closed: true)
            ]))
}

@Test func cubicTangentsAreRelativeToTheirVertices() {
    let shape = path("M 1 1 C 2 3 4 5 6 7 c 1 0 2 0 3 3")
    #expect(
        shape
            == PathShape([
                Contour(
                    [
                        BezierVertex(Point(1, 1), out: Point(1, 2)),
                        BezierVertex(Point(6, 7), in: Point(-2, -2), out: Point(1, 0)),
                        BezierVertex(Point(9, 10), in: Point(-1, -3)),
                    ], closed: false)
            ]))
}

@Test func smoothCubicReflectsThePreviousControlPoint() {
    let shape = path("M0 0 C 0 10 10 10 10 0 S 20 -10 20 0")
    // Reflection of (10, 10) about (10, 0) is (10, -10): out-tangent (0, -10).
    #expect(shape?.contours.first?.vertices[1] == BezierVertex(Point(10, 0), in: Point(0, 10), out: Point(0, -10)))
    #expect(shape?.contours.first?.vertices[2] == BezierVertex(Point(20, 0), in: Point(0, -10)))
    // Without a previous C, S's first control point is the current point.
    #expect(path("M0 0 S 5 5 10 0")?.contours.first?.vertices[0].outTangent == Point.zero)
}

@Test func quadraticsBecomeExactCubics() {
    let shape = path("M0 0 Q 30 60 60 0 T 120 0")
    let vertices = shape?.contours.first?.vertices ?? []
    #expect(vertices.count == 3)
    #expect(close(vertices[0].outTangent, Point(20, 40)))
    #expect(close(vertices[1].inTangent, Point(-20, 40)))
    // T reflects (30, 60) about (60, 0) to (90, -60).
    #expect(close(vertices[1].outTangent, Point(20, -40)))
    #expect(close(vertices[2].inTangent, Point(-20, -40)))
}

@Test func arcsBecomeQuarterCubics() throws {
    // A full circle of radius 10 as two half arcs: four 90° pieces, merged on Z.
    let circle = try #require(path("M 10 0 A 10 10 0 0 1 -10 0 A 10 10 0 0 1 10 0 Z"))
    let vertices = try #require(circle.contours.first?.vertices)
    #expect(circle.contours.first?.closed == true)
    #expect(vertices.count == 4)
    let k = 4.0 / 3 * tan(Double.pi / 8) * 10
    #expect(close(vertices[0].point, Point(10, 0)))
    #expect(close(vertices[0].outTangent, Point(0, k)))
    #expect(close(vertices[1].point, Point(0, 10)))
    #expect(close(vertices[1].inTangent, Point(k, 0)))
    #expect(close(vertices[2].point, Point(-10, 0)))
    #expect(close(vertices[3].point, Point(0, -10)))
    #expect(close(vertices[0].inTangent, Point(0, -k)))
}

@Test func arcsCorrectTooSmallRadiiAndDegenerateToLines() throws {
    // Radius 1 cannot span 20 units: scaled up to 10, a half circle in two pieces, centre (10, 0).
    let scaled = try #require(path("M0 0 A 1 1 0 0 0 20 0"))
    let vertices = try #require(scaled.contours.first?.vertices)
    #expect(vertices.count == 3)
    #expect(close(vertices[1].point, Point(10, 10)))
    #expect(close(vertices[2].point, Point(20, 0)))
    // Zero radius: a straight line; zero length: nothing.
    #expect(path("M0 0 A 0 5 0 0 1 10 10") == PathShape([Contour([BezierVertex(Point(0, 0)), BezierVertex(Point(10, 10))], closed: false)]))
    #expect(path("M0 0 L 5 5 A 3 3 0 0 1 5 5")?.contours.first?.vertices.count == 2)
    // Large-arc flag: 270° is three pieces.
    let large = try #require(path("M 10 0 A 10 10 0 1 1 0 -10"))
    #expect(large.contours.first?.vertices.count == 4)
}

@Test func parsesCompactNumbersAndImplicitCommands() {
    let compact = path("M1.5.5-1-2,3e1 4l1 1 2 2m5,5 1 1z")
    #expect(
        compact
            == PathShape([
                Contour(
                    [
                        BezierVertex(Point(1.5, 0.5)), BezierVertex(Point(-1, -2)), BezierVertex(Point(30, 4)),
                        BezierVertex(Point(31, 5)), BezierVertex(Point(33, 7)),
                    ], closed: false),
                Contour([BezierVertex(Point(38, 12)), BezierVertex(Point(39, 13))], closed: true),
            ]))
    // Arc flags need no separators.
    #expect(path("M0 0a5 5 0 0010 0")?.contours.first?.vertices.last?.point == Point(10, 0))
}

@Test func newMoveStartsAnotherOpenContourAndDrawingAfterZStartsAtTheStart() {
    let shape = path("M0 0 L 1 0 M 5 5 L 6 6 Z l 1 0")
    #expect(shape?.contours.count == 3)
    #expect(shape?.contours.map(\.closed) == [false, true, false])
    #expect(shape?.contours[2].vertices.map(\.point) == [Point(5, 5), Point(6, 5)])
}

@Test(arguments: [
    ("L 0 0", 0, "path data must start with M"),
    ("  10 10", 2, "path data must start with M"),
    ("M 0 0 L", 7, "expected a number after 'L', found the end"),
    ("M 0 0 L 5 x", 10, "expected a number after 'L', found 'x'"),
    ("M 0 0 C 1 2 3 4 5", 17, "expected a number after 'C', found the end"),
    ("M 0 0 X 1", 6, "unknown path command 'X'"),
    ("M 0 0 A 5 5 0 2 1 9 9", 14, "expected an arc flag (0 or 1) after 'A'"),
    ("M 0 0 Z 4", 8, "unexpected '4' in path data"),
    ("", 0, "path data is empty"),
])
func rejectsMalformedPathData(text: String, offset: Int, message: String) {
    let error = failure(text)
    #expect(error?.rule == .invalidPathData, "\(text)")
    #expect(error?.offset == offset, "\(text)")
    #expect(error?.message == message, "\(text)")
}
