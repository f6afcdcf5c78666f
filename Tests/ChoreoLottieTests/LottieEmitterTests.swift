import ChoreoJSON
import ChoreoTestSupport
import ChoreoTimeline
import Foundation
import Testing

@testable import ChoreoLottie

private let goldenDirectory = repositoryRoot().appendingPathComponent("Tests/ChoreoLottieTests/Golden")

@Suite struct LottieGoldenTests {
    @Test(arguments: SampleTimelines.all.map(\.name))
    func matchesGolden(name: String) throws {
        let timeline = try #require(SampleTimelines.all.first { $0.name == name })
        assertGolden(LottieEmitter.emit(timeline, pretty: true), path: goldenDirectory.appendingPathComponent("\(name).json").path)
    }

    @Test func emissionIsDeterministic() {
        for timeline in SampleTimelines.all {
            #expect(LottieEmitter.emit(timeline) == LottieEmitter.emit(timeline))
        }
    }

    @Test func minifiedAndPrettyOutputsHoldTheSameDocument() throws {
        let timeline = SampleTimelines.easings
        let minified = try JSONSerialization.jsonObject(with: Data(LottieEmitter.emit(timeline).utf8)) as? NSDictionary
        let pretty = try JSONSerialization.jsonObject(with: Data(LottieEmitter.emit(timeline, pretty: true).utf8)) as? NSDictionary
        #expect(minified != nil && minified == pretty)
        #expect(!LottieEmitter.emit(timeline).contains("\n"))
    }
}

@Suite struct LottieStructureTests {
    @Test func typeComesFirstInEveryObject() {
        for timeline in SampleTimelines.all {
            var offenders: [String] = []
            visitObjects(LottieEmitter.document(timeline)) { members in
                if let index = members.firstIndex(where: { $0.0 == "ty" }), index != 0 {
                    offenders.append(members.map(\.0).joined(separator: ","))
                }
            }
            #expect(offenders.isEmpty, "\(timeline.name): \(offenders)")
        }
    }

    @Test func everyLayerIsAPlayerSafeShapeLayer() throws {
        for timeline in SampleTimelines.all {
            let document = LottieEmitter.document(timeline)
            guard case let .array(layers)? = document["layers"] else { Issue.record("no layers"); continue }
            for (index, layer) in layers.enumerated() {
                #expect(layer["ty"] == .int(4))
                #expect(layer["ddd"] == .int(0), "rlottie drops rotation without ddd 0")
                #expect(layer["ind"] == .int(index + 1))
                #expect(layer["st"] == .int(0))
                #expect(layer["sr"] == .int(1))
                #expect(layer["ip"] == .int(0))
                #expect(layer["op"] == document["op"])
            }
        }
    }

    @Test func rootCarriesThePlayerSafeKeys() {
        let document = LottieEmitter.document(SampleTimelines.markers)
        #expect(document["v"] == .string("5.7.4"))
        #expect(document["ver"] == .int(10000))
        #expect(document["fr"] == .number(24))
        #expect(document["ip"] == .int(0))
        #expect(document["op"] == .int(48))
        #expect(document["w"] == .int(100))
        #expect(document["ddd"] == .int(0))
        #expect(document["assets"] == .array([]))
    }

    @Test func stillPictureHasOneFrame() {
        #expect(LottieEmitter.document(SampleTimelines.shapes)["op"] == .int(1))
    }

    @Test func markersHaveIntegerFramesOnePerSpan() throws {
        let document = LottieEmitter.document(SampleTimelines.markers)
        #expect(document["markers"] == .array([
            .object([("cm", "off"), ("tm", 0), ("dr", 12)]),
            .object([("cm", "off->on"), ("tm", 12), ("dr", 12)]),
            .object([("cm", "glow"), ("tm", 24), ("dr", 24)]),
            // Without states the first timeline plays on load; it loops, so its still is its start.
            .object([("cm", "reduced motion"), ("tm", 24), ("dr", 1)]),
        ]))
    }

    @Test func aTimelineThatPlaysAsUsualUnderReducedMotionHasNoReducedMotionMarker() throws {
        var timeline = SampleTimelines.markers
        timeline.spans[2].reducedMotion = .same
        guard case let .array(markers)? = LottieEmitter.document(timeline)["markers"] else { Issue.record("no markers"); return }
        #expect(markers.map { $0["cm"] } == ["off", "off->on", "glow"].map { .string($0) })
        timeline.spans[2].reducedMotion = .none
        guard case let .array(reduced)? = LottieEmitter.document(timeline)["markers"] else { Issue.record("no markers"); return }
        #expect(reduced.last == .object([("cm", "reduced motion"), ("tm", 24), ("dr", 1)]))
    }

    @Test func layersAreWrittenTopFirstWithTheBackgroundLast() throws {
        let document = LottieEmitter.document(SampleTimelines.shapes)
        guard case let .array(layers)? = document["layers"] else { Issue.record("no layers"); return }
        #expect(layers.map { $0["nm"] } == ["arc", "frame", "star", "polygon", "ellipse", "rect", "background"].map { .string($0) })
    }

    @Test func explicitDefaultsAreWritten() {
        let text = LottieEmitter.emit(SampleTimelines.all[0]) + SampleTimelines.all.map { LottieEmitter.emit($0) }.joined()
        #expect(text.contains(#""ty":"rc","d":1,"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[70,40]},"r":{"a":0,"k":10}"#))
        #expect(text.contains(#""c":true,"v":"#))
        #expect(text.contains(#""c":false,"v":"#))
        #expect(!text.contains("-0,") && !text.contains("-0]") && !text.contains("e-"))
    }
}

@Suite struct LottieShapeTests {
    let builder = LottieShapeBuilder(fps: 60, duration: 1)

    @Test func polygonsAndStarsUsePolystarTypes() {
        let polygon = builder.shapeItems(.polygon(sides: 6, radius: Animated(10), innerRadius: nil), Style(fill: .color(Animated(.black))))
        let star = builder.shapeItems(.polygon(sides: 5, radius: Animated(10), innerRadius: Animated(4)), Style(fill: .color(Animated(.black))))
        #expect(polygon[0]["ty"] == "sr" && polygon[0]["sy"] == .int(2) && polygon[0]["ir"] == nil)
        #expect(star[0]["ty"] == "sr" && star[0]["sy"] == .int(1) && star[0]["ir"] != nil)
    }

    @Test func trimmedEllipseIsWrittenFromTheOutlineStartingAtThreeOClock() throws {
        let items = builder.shapeItems(
            .ellipse(size: Animated(Point(20, 10))),
            Style(stroke: Stroke(paint: .color(Animated(.black))), trim: Trim(end: Animated(0.5))))
        #expect(items.map { $0["ty"] } == ["sh", "tm", "st"])
        let first = JSONWriter().string(try #require(items[0]["ks"]))
        #expect(first.hasPrefix(#"{"a":0,"k":{"c":true,"v":[[10,0],[0,5],[-10,0],[0,-5]]"#))
        #expect(items[1]["e"] == .object([("a", 0), ("k", .number(50))]))
        #expect(items[1]["m"] == .int(2), "sequential even for one contour: lottie-ios CA cannot draw simultaneous")
    }

    @Test func untrimmedEllipseStaysAnEllipse() {
        let items = builder.shapeItems(.ellipse(size: Animated(Point(20, 10))), Style(fill: .color(Animated(.black))))
        #expect(items.map { $0["ty"] } == ["el", "fl"])
    }

    @Test func trimOffsetIsInDegreesAndSeveralContoursTrimInSequence() {
        let two = PathShape([Contour([BezierVertex(.zero), BezierVertex(Point(1, 0))], closed: false),
                             Contour([BezierVertex(.zero), BezierVertex(Point(0, 1))], closed: false)])
        let items = builder.shapeItems(.path(Animated(two)), Style(stroke: Stroke(paint: .color(Animated(.black))), trim: Trim(offset: Animated(0.25))))
        #expect(items.map { $0["ty"] } == ["sh", "sh", "tm", "st"])
        #expect(items[2]["o"] == .object([("a", 0), ("k", .number(90))]))
        #expect(items[2]["m"] == .int(2))
    }

    @Test func strokeIsListedBeforeFillSoItDrawsOnTop() {
        let items = builder.shapeItems(
            .rect(size: Animated(Point(1, 1)), cornerRadius: Animated(0)),
            Style(fill: .color(Animated(.black)), fillRule: .evenodd, stroke: Stroke(paint: .color(Animated(RGBA(1, 0, 0, 0.5))), width: Animated(3), cap: .round, join: .bevel, miterLimit: 4)))
        #expect(items.map { $0["ty"] } == ["rc", "st", "fl"])
        #expect(items[1]["lc"] == .int(2) && items[1]["lj"] == .int(3) && items[1]["ml"] == .number(4))
        #expect(items[1]["o"] == .object([("a", 0), ("k", .number(50))]))
        #expect(items[2]["r"] == .int(2))
    }

    @Test func dashesBecomeDashGapPairsAndForceAnOutline() {
        let items = builder.shapeItems(
            .rect(size: Animated(Point(10, 10)), cornerRadius: Animated(0)),
            Style(stroke: Stroke(paint: .color(Animated(.black)), dash: [4])))
        #expect(items[0]["ty"] == "sh")
        guard case let .array(dashes)? = items[1]["d"] else { Issue.record("no dashes"); return }
        #expect(dashes.map { $0["n"] } == ["d", "g", "o"])
        // lottie-web 5.7 renders nothing when a dash entry lacks its name.
        #expect(dashes.map { $0["nm"] } == ["dash", "gap", "offset"])
    }

    /// lottie-web 5.7.4 draws nothing of a stroke whose dash entries share a name, so a list of
    /// two pairs or more names each pair as After Effects does (dash, gap, dash 2, gap 2).
    @Test func everyDashEntryHasANameOfItsOwn() {
        let items = builder.shapeItems(
            .rect(size: Animated(Point(10, 10)), cornerRadius: Animated(0)),
            Style(stroke: Stroke(paint: .color(Animated(.black)), dash: [1, 2, 3])))
        guard case let .array(dashes)? = items[1]["d"] else { Issue.record("no dashes"); return }
        #expect(dashes.map { $0["n"] } == ["d", "g", "d", "g", "d", "g", "o"])
        #expect(dashes.map { $0["nm"] } == ["dash", "gap", "dash 2", "gap 2", "dash 3", "gap 3", "offset"])
    }

    @Test func gradientStopsCarryAlphaOnlyWhenTranslucent() {
        let opaque = GradientStops([GradientStop(0, RGBA(1, 0, 0)), GradientStop(1, RGBA(0, 0, 1))])
        let translucent = GradientStops([GradientStop(0, RGBA(1, 0, 0)), GradientStop(1, RGBA(0, 0, 1, 0.25))])
        #expect(builder.gradientColors(Animated(opaque)) == .object([
            ("p", 2),
            ("k", .object([("a", 0), ("k", [.number(0), .decimal(1, places: 4), .decimal(0, places: 4), .decimal(0, places: 4),
                                            .number(1), .decimal(0, places: 4), .decimal(0, places: 4), .decimal(1, places: 4)])])),
        ]))
        let text = JSONWriter().string(builder.gradientColors(Animated(translucent)))
        #expect(text == #"{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1,0,1,1,0.25]}}"#)
    }

    /// rlottie draws the opacity of two stops at one offset as a ramp: a hard edge is written as
    /// stops a thousandth apart (ones coinciding at 1 are pushed back from it).
    @Test func coincidentGradientStopsAreWrittenApartSoEveryPlayerDrawsTheEdge() {
        let stops = GradientStops([
            GradientStop(0, RGBA(1, 0, 0, 0.5)), GradientStop(0.5, RGBA(1, 0, 0, 0.5)), GradientStop(0.5, RGBA(0, 0, 1)),
            GradientStop(1, RGBA(0, 0, 1)), GradientStop(1, RGBA(0, 1, 0)),
        ])
        let text = JSONWriter().string(builder.gradientColors(Animated(stops)))
        #expect(text == #"{"p":5,"k":{"a":0,"k":[0,1,0,0,0.5,1,0,0,0.501,0,0,1,0.999,0,0,1,1,0,1,0,0,0.5,0.5,0.5,0.501,1,0.999,1,1,1]}}"#)
    }

    /// ThorVG interpolates held gradient stops: a hold (here a whole second) is written as a
    /// constant stretch and a jump whose hold keyframe lasts less than a frame.
    @Test func heldGradientStopsJumpWithoutALongHoldKeyframe() throws {
        let red = GradientStops([GradientStop(0, RGBA(1, 0, 0)), GradientStop(1, RGBA(1, 0, 0))])
        let blue = GradientStops([GradientStop(0, RGBA(0, 0, 1)), GradientStop(1, RGBA(0, 0, 1))])
        let stops = Animated(red, segments: [Segment(start: 0, end: 1, from: red, to: blue, easing: .hold)])
        let object = try JSONSerialization.jsonObject(with: Data(JSONWriter().string(builder.gradientColors(stops)).utf8))
        let keys = try #require(((object as? [String: Any])?["k"] as? [String: Any])?["k"] as? [[String: Any]])
        let frames = keys.map { ($0["t"] as? Double) ?? -1 }
        for (index, key) in keys.enumerated() where (key["h"] as? Int) == 1 && index + 1 < keys.count {
            #expect(frames[index + 1] - frames[index] < 1, "a hold over \(frames[index + 1] - frames[index]) frames")
        }
        // Red until the end of the second, blue from then on.
        let firstBlue = try #require(keys.firstIndex { (($0["s"] as? [Double]) ?? [])[1] == 0 })
        #expect(frames[firstBlue] == 60)
        #expect(keys[..<firstBlue].allSatisfy { (($0["s"] as? [Double]) ?? [])[1] == 1 })
    }

    /// lottie-web keeps a path's first keyframe's vertex count and closedness: shapes baked frame by
    /// frame are padded to one count per contour and one closedness, drawing the same outlines.
    @Test func uniformContoursKeepOneVertexCountAndTheDrawing() {
        let a = BezierVertex(Point(0, 0), out: Point(1, 0)), b = BezierVertex(Point(10, 0), in: Point(-1, 0))
        let c = BezierVertex(Point(10, 10)), d = BezierVertex(Point(0, 10), out: Point(0, -2))
        let shapes = [
            PathShape([Contour([a, b], closed: false)]),
            PathShape([Contour([a, b, c, d], closed: true), Contour([c, d], closed: false)]),
            PathShape([]),
        ]
        let uniform = uniformContours(shapes)
        #expect(Set(uniform.map { $0.contours.map(\.vertices.count) }) == [[5, 2]])
        #expect(Set(uniform.flatMap { $0.contours.map(\.closed) }) == [false])
        // The closed square is written open with its closing segment explicit (d's handle kept,
        // back to a's point with a's in handle).
        #expect(uniform[1].contours[0].vertices == [a, b, c, d, BezierVertex(a.point, in: a.inTangent)])
        // The short open contour repeats its last point, without handles between the copies.
        #expect(uniform[0].contours[0].vertices == [a, BezierVertex(b.point, in: b.inTangent)]
            + Array(repeating: BezierVertex(b.point), count: 3))
        #expect(withoutRepeatedVertices(PathShape([uniform[0].contours[0]])) == PathShape([Contour([a, b], closed: false)]))
        // Contours missing from a shape are a point repeated (they draw nothing).
        #expect(uniform[0].contours[1].vertices == [BezierVertex(c.point), BezierVertex(c.point)])
        #expect(uniform[2].contours.allSatisfy { Set($0.vertices.map(\.point)).count == 1 })
        // A contour closed everywhere stays closed; the closing handle moves to the last copy.
        let closed = uniformContours([PathShape([Contour([a, b, d], closed: true)]), PathShape([Contour([a, b, c, d], closed: true)])])
        #expect(closed[0].contours[0].closed && closed[1].contours[0].closed)
        #expect(closed[0].contours[0].vertices == [a, b, BezierVertex(d.point, in: d.inTangent), BezierVertex(d.point, out: d.outTangent)])
    }

    @Test func radialGradientEndsOneRadiusRightOfItsCentre() {
        let fill = builder.fillItem(
            .radialGradient(center: Animated(Point(5, 6)), radius: Animated(10), stops: Animated(GradientStops([]))), rule: .nonzero)
        #expect(fill["ty"] == "gf" && fill["t"] == .int(2))
        #expect(fill["e"] == .object([("a", 0), ("k", [.number(15), .number(6)])]))
    }

    @Test func repeatCopiesComposeTheStepAndFadeLinearly() throws {
        let node = Node(
            id: "n", transform: .identity,
            content: .shape(.rect(size: Animated(Point(2, 2)), cornerRadius: Animated(0)), Style(fill: .color(Animated(.black)))),
            repeat: Repeat(count: 3, anchor: Point(10, 0), rotation: 90, offset: Point(0, 5), startOpacity: 1, endOpacity: 0))
        guard case let .array(items)? = builder.group(for: node)["it"] else { Issue.record("no items"); return }
        #expect(items.count == 4)
        // Last copy first (on top). Copy 2 = step∘step: about (10,0) rotate 180°, and the offset
        // applied once before the second rotation.
        let expected = node.repeat!.matrix(ofCopy: 2)
        let placement = try #require(decompose(expected))
        #expect(items[0]["nm"] == "n copy 2")
        let transform = try #require(lastItem(items[0]))
        #expect(transform["p"] == .object([("a", 0), ("k", [.number(placement.position.x), .number(placement.position.y)])]))
        #expect(abs(abs(placement.rotation) - 180) < 1e-9)
        #expect(transform["o"] == .object([("a", 0), ("k", .number(0))]))
        #expect(try #require(lastItem(items[1]))["o"] == .object([("a", 0), ("k", .number(50))]))
        #expect(try #require(lastItem(items[2]))["o"] == .object([("a", 0), ("k", .number(100))]))
    }

    @Test func skewingRepeatStepsAreNested() {
        let node = Node(
            id: "n", transform: .identity,
            content: .shape(.rect(size: Animated(Point(2, 2)), cornerRadius: Animated(0)), Style(fill: .color(Animated(.black)))),
            repeat: Repeat(count: 3, rotation: 30, scale: Point(2, 1)))
        guard case let .array(items)? = builder.group(for: node)["it"] else { Issue.record("no items"); return }
        // Copy 2: opacity group > step group > step group > content.
        guard case let .array(outer)? = items[0]["it"], case let .array(middle)? = outer[0]["it"], case let .array(inner)? = middle[0]["it"] else {
            Issue.record("copy 2 is not nested twice"); return
        }
        #expect(inner.map { $0["ty"] } == ["rc", "fl", "tr"])
        #expect(middle.last?["r"] == .object([("a", 0), ("k", .number(30))]))
    }

    @Test func positionAndOffsetOnDifferentClocksGetTheirOwnGroups() {
        let group = builder.group(for: SampleTimelines.nestedGroups.layers[0])
        let text = JSONWriter().string(group)
        #expect(text.contains(#""nm":"front offset""#))
        let aligned = Node(
            id: "m",
            transform: Transform(
                position: Animated(.zero, segments: [Segment(start: 0, end: 1, from: .zero, to: Point(10, 0), easing: .linear)]),
                offset: Animated(.zero, segments: [Segment(start: 0, end: 1, from: Point(1, 1), to: Point(2, 2), easing: .linear)])),
            content: .group([]))
        let merged = JSONWriter().string(builder.group(for: aligned))
        #expect(!merged.contains("offset"))
        #expect(merged.contains(#""s":[1,1]"#) && merged.contains(#""s":[12,2]"#))
    }

    private func lastItem(_ group: JSONValue) -> JSONValue? {
        guard case let .array(items)? = group["it"] else { return nil }
        return items.last
    }
}

@Suite struct LottieKeyframeTests {
    @Test func easingsMapToOneHandleForEveryDimension() {
        let track = Animated(Point(0, 0), segments: [
            Segment(start: 0, end: 1, from: .zero, to: Point(10, 0), easing: .cubic(0.42, 0, 0.58, 1)),
            Segment(start: 1, end: 2, from: Point(10, 0), to: Point(20, 0), easing: .linear),
            Segment(start: 2, end: 3, from: Point(20, 0), to: Point(30, 0), easing: .hold),
        ])
        let text = JSONWriter().string(lottieProperty(track, fps: 10, .point()))
        #expect(text == #"{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0.42,"y":0},"i":{"x":0.58,"y":1}},"#
            + #"{"t":10,"s":[10,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":20,"s":[20,0],"h":1},{"t":30,"s":[30,0]}]}"#)
    }

    @Test func overshootingHandlesAreKept() {
        let track = Animated(0.0, segments: [Segment(start: 0, end: 1, from: 0, to: 1, easing: .cubic(0.34, 1.56, 0.64, 1))])
        let text = JSONWriter().string(lottieProperty(track, fps: 30, .scalar(times: 100)))
        #expect(text == #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0.34,"y":1.56},"i":{"x":0.64,"y":1}},{"t":30,"s":[100]}]}"#)
    }

    @Test func aJumpAtASpanStartIsHeldUntilJustBefore() {
        let track = Animated(0.0, segments: [
            Segment(start: 0, end: 1, from: 0, to: 1, easing: .linear),
            Segment(start: 1, end: 2, from: 5, to: 6, easing: .linear),
        ])
        let keys = lottieKeys(track, fps: 10)
        #expect(keys.map(\.frame) == [0, 10 - jumpLeadFrames, 10, 20])
        // The motion into the jump is cut at its value 0.01 frame before, so whole frames are exact.
        #expect(keys.map(\.value) == [0, 0.999, 5, 6])
        #expect(keys[1].easing == .hold)
        #expect(keys[3].easing == nil)
    }

    @Test func gapsAreHeldAndAnInitialValueBeforeAJumpIsKept() {
        let track = Animated(3.0, segments: [
            Segment(start: 1, end: 2, from: 0, to: 1, easing: .linear),
            Segment(start: 3, end: 4, from: 1, to: 2, easing: .linear),
        ])
        let keys = lottieKeys(track, fps: 10)
        #expect(keys.map(\.frame) == [10 - jumpLeadFrames, 10, 20, 30, 40])
        #expect(keys.map(\.value) == [3, 0, 1, 1, 2])
        #expect(keys.map(\.easing) == [.hold, .linear, .hold, .linear, nil])
    }

    @Test func keysThatChangeNothingAreDropped() {
        // A motion between equal values, the hold key before a jump that repeats the held value,
        // and a last key equal to the held one before it: each costs bytes and changes no frame.
        let track = Animated(0.0, segments: [
            Segment(start: 0, end: 1, from: 0, to: 4, easing: .easeInOut),
            Segment(start: 1, end: 2, from: 4, to: 4, easing: .easeInOut),
            Segment(start: 2, end: 3, from: 9, to: 9, easing: .linear),
        ])
        let keys = lottieKeys(track, fps: 10)
        #expect(keys.map(\.frame) == [0, 10, 20])
        #expect(keys.map(\.value) == [0, 4, 9])
        #expect(keys.map(\.easing) == [.easeInOut, .hold, nil])
        for frame in 0...30 {
            #expect(evaluate(keys, atFrame: Double(frame)) == track.value(at: Double(frame) / 10), "frame \(frame)")
        }
    }

    @Test func zeroLengthSegmentsAreJumps() {
        let track = Animated(0.0, segments: [Segment(start: 1, end: 1, from: 0, to: 4, easing: .linear)])
        let keys = lottieKeys(track, fps: 10)
        #expect(keys.map(\.frame) == [10 - jumpLeadFrames, 10])
        #expect(keys.map(\.value) == [0, 4])
    }

    @Test func aJumpAtTimeZeroNeedsNoInitialKey() {
        let track = Animated(7.0, segments: [Segment(start: 0, end: 1, from: 0, to: 1, easing: .linear)])
        #expect(lottieKeys(track, fps: 10).map(\.frame) == [0, 10])
    }

    @Test func tracksOnDifferentClocksCombineExactlyAtWholeFrames() {
        let size = Animated(Point(10, 10), segments: [Segment(start: 0, end: 1, from: Point(10, 10), to: Point(40, 20), easing: .easeInOut)])
        let radius = Animated(0.0, segments: [
            Segment(start: 0.5, end: 1.5, from: 0, to: 5, easing: .linear),
            Segment(start: 1.5, end: 2, from: 1, to: 2, easing: .linear),
        ])
        let combined = combineTracks(size, radius, fps: 10, duration: 2) { rectOutline(size: $0, cornerRadius: $1) }
        for frame in 0...20 {
            let time = Double(frame) / 10
            #expect(combined.value(at: time) == rectOutline(size: size.value(at: time), cornerRadius: radius.value(at: time)), "frame \(frame)")
        }
        // The jump of the radius at 1.5 s stays a jump.
        #expect(combined.jumpTimes == [1.5])
    }

    @Test func staticTracksAreNotKeyframed() {
        let track = Animated(2.0, segments: [Segment(start: 0, end: 1, from: 2, to: 2, easing: .linear)])
        #expect(lottieProperty(track, fps: 10, .scalar()) == .object([("a", 0), ("k", .number(2))]))
    }

    /// The emitted keyframes, evaluated the way players do, agree with the IR at every frame.
    @Test(arguments: SampleTimelines.all.map(\.name))
    func keyframesReproduceTheTimelineAtEveryFrame(name: String) throws {
        let timeline = try #require(SampleTimelines.all.first { $0.name == name })
        var tracks: [(String, Animated<Double>)] = []
        func collect(_ node: Node) {
            tracks.append(("\(node.id).rotation", node.transform.rotation))
            tracks.append(("\(node.id).opacity", node.transform.opacity))
            tracks.append(("\(node.id).x", node.transform.position.map(\.x)))
            if case let .group(children) = node.content { children.forEach(collect) }
            if case let .shape(_, style) = node.content, let trim = style.trim {
                tracks += [("\(node.id).trim.start", trim.start), ("\(node.id).trim.end", trim.end), ("\(node.id).trim.offset", trim.offset)]
            }
        }
        timeline.layers.forEach(collect)
        for (label, track) in tracks where track.isAnimated {
            let keys = lottieKeys(track, fps: timeline.fps)
            for frame in 0...timeline.frameCount {
                let expected = track.value(at: Double(frame) / timeline.fps)
                let actual = evaluate(keys, atFrame: Double(frame))
                #expect(abs(expected - actual) < 1e-6, "\(label) at frame \(frame): \(actual) ≠ \(expected)")
            }
        }
    }

    private func evaluate(_ keys: [LottieKey<Double>], atFrame frame: Double) -> Double {
        guard let first = keys.first else { return 0 }
        if frame < first.frame { return first.value }
        for (key, next) in zip(keys, keys.dropFirst()) where frame < next.frame {
            guard frame >= key.frame else { continue }
            let u = (frame - key.frame) / (next.frame - key.frame)
            switch key.easing {
            case .hold?, nil: return key.value
            case let easing?: return key.value + (next.value - key.value) * easing.progress(u)
            }
        }
        return keys.last!.value
    }
}

private func visitObjects(_ value: JSONValue, _ visit: ([(String, JSONValue)]) -> Void) {
    switch value {
    case let .object(members):
        visit(members)
        members.forEach { visitObjects($0.1, visit) }
    case let .array(items):
        items.forEach { visitObjects($0, visit) }
    default:
        break
    }
}
