import ChoreoJSON
import ChoreoTimeline
import ChoreoTimelineJSON
import Foundation
import Testing

// The IR's own behaviour: easing pieces, track evaluation, outlines, matrices, the JSON dump.

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

private func closePoint(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

@Test(arguments: [(0.0, 0.3), (0.2, 0.7), (0.5, 1.0), (0.13, 0.14)])
func easingPieceKeepsTheOriginalMotion(u0: Double, u1: Double) {
    for easing in [Easing.easeInOut, .cubic(0.2, -0.5, 0.3, 1.6), .linear] {
        let (piece, p0, p1) = easing.piece(from: u0, to: u1)
        #expect(close(p0, easing.progress(u0), 1e-9))
        #expect(close(p1, easing.progress(u1), 1e-9))
        for k in 0...20 {
            let v = Double(k) / 20
            let original = easing.progress(u0 + (u1 - u0) * v)
            let fromPiece = p0 + (p1 - p0) * piece.progress(v)
            #expect(close(original, fromPiece, 1e-6), "\(easing) piece \(u0)…\(u1) at \(v)")
        }
    }
}

@Test func holdPieceJumpsOnlyWhenItReachesTheEnd() {
    #expect(Easing.hold.piece(from: 0, to: 0.5) == (.hold, 0, 0))
    #expect(Easing.hold.piece(from: 0.5, to: 1) == (.hold, 0, 1))
}

@Test func animatedValueHoldsBetweenSegmentsAndJumpsAtTheirStarts() {
    let track = Animated(
        0.0,
        segments: [
            Segment(start: 1, end: 2, from: 0, to: 10, easing: .linear),
            Segment(start: 3, end: 4, from: 50, to: 60, easing: .hold),
        ])
    #expect(track.value(at: 0) == 0)
    #expect(track.value(at: 1.5) == 5)
    #expect(track.value(at: 2.5) == 10)
    #expect(track.value(at: 3) == 50)
    #expect(track.value(at: 3.99) == 50)
    #expect(track.value(at: 4) == 60)
    #expect(track.value(at: 100) == 60)
    #expect(track.isAnimated)
    #expect(track.keyTimes == [1, 2, 3, 4])
    #expect(track.frozen(at: 1.5) == Animated(5))
    #expect(!Animated(3.0, segments: [Segment(start: 0, end: 1, from: 3, to: 3, easing: .linear)]).isAnimated)
}

@Test func ellipseOutlineStartsAtThreeOClockAndRunsClockwise() {
    let contour = ellipseOutline(size: Point(20, 10)).contours[0]
    #expect(contour.vertices.map(\.point) == [Point(10, 0), Point(0, 5), Point(-10, 0), Point(0, -5)])
    // Clockwise on screen (y down): from 3 o'clock the curve heads down.
    #expect(contour.vertices[0].outTangent.y > 0)
    #expect(close(contour.vertices[0].outTangent.y, 5 * circleKappa))
}

@Test func rectOutlineStartsAtTheTopLeftCornerAfterItsRounding() {
    let sharp = rectOutline(size: Point(20, 10), cornerRadius: 0).contours[0]
    #expect(sharp.vertices.map(\.point) == [Point(-10, -5), Point(10, -5), Point(10, 5), Point(-10, 5)])
    let rounded = rectOutline(size: Point(20, 10), cornerRadius: 100).contours[0]
    #expect(rounded.vertices.count == 8)
    #expect(rounded.vertices[0].point == Point(-5, -5), "the radius is clamped to half the shorter side")
}

@Test func polygonOutlineStartsAtTwelveOClock() {
    let star = polygonOutline(sides: 5, radius: 10, innerRadius: 4).contours[0]
    #expect(star.vertices.count == 10)
    #expect(closePoint(star.vertices[0].point, Point(0, -10)))
    #expect(star.vertices[1].point.x > 0)
    #expect(close((star.vertices[1].point.x * star.vertices[1].point.x + star.vertices[1].point.y * star.vertices[1].point.y).squareRoot(), 4))
}

@Test func transformMatrixAppliesAnchorScaleRotationThenPosition() {
    let transform = Transform(
        anchor: Animated(Point(10, 0)), position: Animated(Point(100, 100)), rotation: Animated(90),
        scale: Animated(Point(2, 1)), offset: Animated(Point(0, 5)))
    let matrix = transform.matrix(at: 0)
    #expect(closePoint(matrix.apply(Point(10, 0)), Point(100, 105)), "the anchor lands on position + offset")
    // (11, 0) → (1, 0) → scaled (2, 0) → rotated 90° clockwise (0, 2) → placed (100, 107).
    #expect(closePoint(matrix.apply(Point(11, 0)), Point(100, 107)))
}

@Test func repeatMatrixComposesOneStepPerCopy() {
    let info = Repeat(count: 4, anchor: Point(0, 10), rotation: 90)
    #expect(info.matrix(ofCopy: 0) == .identity)
    #expect(closePoint(info.matrix(ofCopy: 1).apply(Point(0, 0)), Point(10, 10)))
    #expect(closePoint(info.matrix(ofCopy: 2).apply(Point(0, 0)), Point(0, 20)))
    #expect(close(info.opacity(ofCopy: 3), 1))
    #expect(close(Repeat(count: 3, startOpacity: 1, endOpacity: 0).opacity(ofCopy: 1), 0.5))
}

private let sample = Timeline(
    name: "demo", width: 40, height: 20, fps: 60, duration: 0.5, background: RGBA(0, 0, 0),
    layers: [
        Node(
            id: "dot",
            transform: Transform(
                position: Animated(Point(10, 10)),
                opacity: Animated(1, segments: [Segment(start: 0, end: 0.5, from: 1, to: 1.0 / 3, easing: .easeInOut)])),
            content: .shape(.ellipse(size: Animated(Point(4, 4))), Style(fill: .color(Animated(RGBA(1, 0, 0)))))),
    ],
    spans: [Span(name: "fade", start: 0, end: 0.5, role: .timeline(loops: true))], title: "Demo")

@Test func timelineJSONIsCompleteAndDeterministic() throws {
    let text = TimelineJSON.encode(sample)
    #expect(text == TimelineJSON.encode(sample))
    let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    #expect(parsed?["choreo-timeline"] as? Int == 1)
    #expect(parsed?["frames"] as? Int == 30)
    #expect(parsed?["title"] as? String == "Demo")
    let spans = parsed?["spans"] as? [[String: Any]]
    #expect(spans?.first?["endFrame"] as? Int == 30)
    #expect(spans?.first?["loops"] as? Bool == true)
    #expect(text.contains("\"to\": 0.333333"))
    #expect(text.contains("\"cubic-bezier\": [0.42, 0, 0.58, 1]"))
    #expect(text.contains("\"position\": [10, 10]"))
    #expect(text.hasPrefix("{\n  \"choreo-timeline\": 1,\n  \"name\": \"demo\""))
    #expect(!TimelineJSON.encode(sample, pretty: false).contains("\n"))
}

// MARK: The IR's invariants

private func segment(_ start: Double, _ end: Double) -> Segment<Double> {
    Segment(start: start, end: end, from: 0, to: 1, easing: .linear)
}

@Test func animatedSegmentsMustBeSortedAndMustNotOverlap() {
    #expect(Animated<Double>.areOrdered([segment(0, 1), segment(1, 2), segment(2, 2), segment(3, 4)]))
    #expect(Animated<Double>.areOrdered([segment(0, 1), segment(1 - 1e-12, 2)]), "float noise below a nanosecond is not an overlap")
    #expect(!Animated<Double>.areOrdered([segment(0, 1), segment(0.5, 2)]), "overlapping")
    #expect(!Animated<Double>.areOrdered([segment(2, 3), segment(0, 1)]), "out of order")
    #expect(!Animated<Double>.areOrdered([segment(1, 0)]), "ending before it starts")
    var track = Animated(0.0, segments: [segment(0, 1)])
    track.append(segment(1, 2))
    track.append(contentsOf: [segment(2, 3)])
    #expect(track.segments.map(\.end) == [1, 2, 3])
}

@Test func constructingAnOverlappingTrackStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
        _ = Animated(0.0, segments: [segment(0, 1), segment(0.5, 2)])
    }
    await #expect(processExitsWith: .failure) {
        var track = Animated(0.0, segments: [segment(0, 1)])
        track.append(segment(0.5, 2))
    }
}

@Test func aSpanHasTheDataOfItsKindOnly() {
    let pose = Span(name: "open", start: 0, end: 0.1, role: .pose(label: "Open", plays: "pulse"))
    let transition = Span(name: "a->b", start: 0.1, end: 0.5, role: .transition(from: "a", to: "b", trigger: .tap))
    let loop = Span(name: "pulse", start: 0.5, end: 1.5, role: .timeline(loops: true))
    #expect([pose, transition, loop].map(\.kind) == [.pose, .transition, .timeline])
    #expect([pose, transition, loop].map(\.loops) == [false, false, true])
    let timeline = Timeline(name: "t", width: 10, height: 10, fps: 60, duration: 1.5, layers: [], spans: [pose, transition, loop])
    #expect(timeline.frames(of: transition) == (start: 6, end: 30))
    let json = TimelineJSON.encode(timeline, pretty: false)
    #expect(json.contains(#""name":"a->b","kind":"transition","start":0.1,"end":0.5,"startFrame":6,"endFrame":30,"loops":false,"label":null,"plays":null,"fromState":"a","toState":"b","trigger":"tap""#), "\(json)")
    #expect(json.contains(#""name":"open","kind":"pose","start":0,"end":0.1,"startFrame":0,"endFrame":6,"loops":false,"label":"Open","plays":"pulse","fromState":null"#), "\(json)")
}
