import ChoreoTimeline
import Foundation
import Testing

/// `PathShape.trimmed(start:end:offset:)`: trim as geometry, cut at arc-length positions.
@Suite struct TrimmingTests {
    /// A 100 × 100 square from (0, 0), clockwise: length 400, corners every 100.
    let square = PathShape([
        Contour([BezierVertex(Point(0, 0)), BezierVertex(Point(100, 0)), BezierVertex(Point(100, 100)), BezierVertex(Point(0, 100))], closed: true)
    ])

    func points(_ shape: PathShape) -> [[Point]] { shape.contours.map { $0.vertices.map(\.point) } }

    func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-6) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    @Test func cutsStraightEdgesAtTheirLengths() {
        let piece = square.trimmed(start: 0.125, end: 0.375, offset: 0)
        #expect(piece.contours.count == 1 && piece.contours[0].closed == false)
        let expected = [Point(50, 0), Point(100, 0), Point(100, 50)]
        #expect(zip(points(piece)[0], expected).allSatisfy { close($0, $1) } && points(piece)[0].count == 3, "\(points(piece))")
        #expect(abs(piece.arcLength - 100) < 1e-6)
    }

    @Test func reversedEndsAreSwappedAndClamped() {
        #expect(square.trimmed(start: 0.375, end: 0.125, offset: 0) == square.trimmed(start: 0.125, end: 0.375, offset: 0))
        #expect(abs(square.trimmed(start: -1, end: 0.25, offset: 0).arcLength - 100) < 1e-6)
    }

    @Test func emptyAndFullWindows() {
        #expect(square.trimmed(start: 0.3, end: 0.3, offset: 0.2).contours.isEmpty)
        #expect(square.trimmed(start: 0, end: 1, offset: 0.3) == square)
    }

    @Test func offsetWrapsThroughTheStartOfAClosedContourInOnePiece() {
        // 0.8…1.1 of a closed square: from (0, 80) up to (0, 0), then along the top to (40, 0).
        let piece = square.trimmed(start: 0.6, end: 0.9, offset: 0.2)
        #expect(piece.contours.count == 1, "\(points(piece))")
        let expected = [Point(0, 80), Point(0, 0), Point(40, 0)]
        #expect(points(piece)[0].count == 3 && zip(points(piece)[0], expected).allSatisfy { close($0, $1) }, "\(points(piece))")
        // A negative offset wraps the same way.
        #expect(points(square.trimmed(start: 0.6, end: 0.9, offset: -0.8)) == points(piece))
    }

    @Test func severalContoursAreTrimmedAsOnePathEndToEnd() {
        let bars = PathShape([
            Contour([BezierVertex(Point(0, 0)), BezierVertex(Point(100, 0))], closed: false),
            Contour([BezierVertex(Point(0, 10)), BezierVertex(Point(300, 10))], closed: false),
        ])
        // Total 400: 0.2…0.5 is 80…200, the last 20 of the first bar and the first 100 of the second.
        let piece = bars.trimmed(start: 0.2, end: 0.5, offset: 0)
        #expect(piece.contours.count == 2)
        #expect(close(points(piece)[0][0], Point(80, 0)) && close(points(piece)[0][1], Point(100, 0)))
        #expect(close(points(piece)[1][0], Point(0, 10)) && close(points(piece)[1][1], Point(100, 10)))
        // Wrapping past the end of the last contour continues at the start of the first, separately.
        let wrapped = bars.trimmed(start: 0.9, end: 1, offset: 0.05)
        #expect(wrapped.contours.count == 2, "\(points(wrapped))")
        #expect(close(points(wrapped)[0][0], Point(280, 10)) && close(points(wrapped)[1][1], Point(20, 0)), "\(points(wrapped))")
    }

    @Test func curvesAreSplitExactlyAtArcLengthPositions() {
        // A circle of radius 50 (4 cubics): half of it, from 3 o'clock to 9 o'clock through 6.
        let circle = ellipseOutline(size: Point(100, 100))
        let half = circle.trimmed(start: 0, end: 0.5, offset: 0)
        #expect(abs(half.arcLength - circle.arcLength / 2) < 1e-6)
        let vertices = half.contours[0].vertices
        #expect(close(vertices.first!.point, Point(50, 0)) && close(vertices.last!.point, Point(-50, 0), 1e-6), "\(vertices)")
        // An eighth: ends at 45° (on the cubic approximation, within its 0.03 % radius error).
        let eighth = circle.trimmed(start: 0, end: 0.125, offset: 0)
        let end = eighth.contours[0].vertices.last!.point
        #expect(abs((end.x * end.x + end.y * end.y).squareRoot() - 50) < 0.05 && abs(end.x - end.y) < 1e-6, "\(end)")
        // The pieces lie on the original curve: the split cubic's midpoint is on the circle too.
        let part = eighth.contours[0].vertices
        let p0 = part[0].point, p1 = p0 + part[0].outTangent, p3 = part[1].point, p2 = p3 + part[1].inTangent
        let mid = Point((p0.x + 3 * p1.x + 3 * p2.x + p3.x) / 8, (p0.y + 3 * p1.y + 3 * p2.y + p3.y) / 8)
        #expect(abs((mid.x * mid.x + mid.y * mid.y).squareRoot() - 50) < 0.05, "\(mid)")
    }

    @Test func arcLengthOfACircleIsItsCircumference() {
        let circle = ellipseOutline(size: Point(100, 100))
        // κ-cubics overshoot the circle by at most 0.027 %, so the length is within 0.03 %.
        #expect(abs(circle.arcLength - .pi * 100) / (.pi * 100) < 3e-4, "\(circle.arcLength)")
    }

    @Test func geometryTrimmedOutlineFollowsTheTrimTracks() {
        let geometry = Geometry.rect(size: Animated(Point(100, 100)), cornerRadius: Animated(0))
        let trim = Trim(start: Animated(0), end: Animated(0.25), offset: Animated(0))
        // The rect's outline starts at its top-left corner (-50, -50) and runs clockwise.
        let piece = geometry.trimmedOutline(at: 0, trim: trim)
        #expect(points(piece) == [[Point(-50, -50), Point(50, -50)]])
    }
}
