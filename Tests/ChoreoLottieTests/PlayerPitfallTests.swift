import ChoreoTimeline
import Foundation
import Testing

@testable import ChoreoLottie

// The generator rules of the shared reference (interactive-lottie-themes-tooling.md §6.6), each
// asserted on emitted documents: the sample timelines, and a hostile timeline whose bounded
// tracks hold out-of-range keyframes and overshooting easings, as a timeline not made by the
// compiler could. The emitter must avoid every pitfall by construction.

/// Opacity, colours, trim, gradient stops, stroke width and corner radius pushed out of range,
/// by keyframe values and by easing overshoot, plus an x handle outside 0…1.
private var hostileTimeline: Timeline {
    let overshoot = Easing.cubic(0.3, -0.8, 0.4, 1.9)
    let stops0 = GradientStops([GradientStop(0, RGBA(1, 0, 0, 0.5)), GradientStop(1, RGBA(0, 0, 1))])
    let stops1 = GradientStops([GradientStop(-0.2, RGBA(1.3, 0, 0, 1)), GradientStop(1.1, RGBA(0, 0.5, -0.2, 0.2))])
    let ring = Node(
        id: "ring",
        transform: Transform(
            position: Animated(Point(50, 50)),
            opacity: Animated(0.2, segments: [Segment(start: 0, end: 1, from: 0.2, to: 1, easing: overshoot)])),
        content: .shape(
            .ellipse(size: Animated(Point(60, 60))),
            Style(
                stroke: Stroke(
                    paint: .color(Animated(RGBA(0, 1, 0), segments: [Segment(start: 0, end: 1, from: RGBA(0, 1, 0), to: RGBA(1.2, 0, 0.5), easing: overshoot)])),
                    width: Animated(8, segments: [Segment(start: 0, end: 1, from: 8, to: 0, easing: overshoot)])),
                trim: Trim(
                    start: Animated(0.5, segments: [Segment(start: 0, end: 1, from: 0.5, to: -0.1, easing: overshoot)]),
                    end: Animated(0.6, segments: [Segment(start: 0, end: 1, from: 0.6, to: 1, easing: .cubic(0.2, 0, 0.4, 1.5))])))))
    let card = Node(
        id: "card", transform: Transform(position: Animated(Point(120, 50))),
        content: .shape(
            .rect(size: Animated(Point(60, 40)), cornerRadius: Animated(10, segments: [Segment(start: 0, end: 1, from: 10, to: 0, easing: overshoot)])),
            Style(fill: .linearGradient(
                from: Animated(Point(-30, 0)), to: Animated(Point(30, 0)),
                stops: Animated(stops0, segments: [Segment(start: 0, end: 1, from: stops0, to: stops1, easing: overshoot)])))))
    let dot = Node(
        id: "dot",
        transform: Transform(
            position: Animated(Point(170, 50), segments: [Segment(start: 0, end: 1, from: Point(170, 50), to: Point(170, 60), easing: .cubic(1.4, 0, -0.2, 1))])),
        content: .shape(
            .ellipse(size: Animated(Point(20, 20))),
            Style(fill: .color(Animated(RGBA(0, 0, 0), segments: [Segment(start: 0, end: 1, from: RGBA(0, 0, 0, 1.4), to: RGBA(1, 1, 1, -0.3), easing: .linear)])))))
    // A filled, stroked shape under a moving trim, and a filled one under a still trim.
    let pie = Node(
        id: "pie", transform: Transform(position: Animated(Point(30, 80))),
        content: .shape(
            .ellipse(size: Animated(Point(30, 30))),
            Style(
                fill: .color(Animated(RGBA(1, 0.5, 0))), stroke: Stroke(paint: .color(Animated(RGBA(0, 0, 0))), width: Animated(2)),
                trim: Trim(end: Animated(0.1, segments: [Segment(start: 0, end: 1, from: 0.1, to: 0.9, easing: .linear)])))))
    let half = Node(
        id: "half", transform: Transform(position: Animated(Point(80, 80))),
        content: .shape(.rect(size: Animated(Point(20, 20)), cornerRadius: Animated(0)), Style(fill: .color(Animated(RGBA(0, 0.5, 1))), trim: Trim(end: Animated(0.5)))))
    return Timeline(name: "hostile", width: 200, height: 100, fps: 30, duration: 1, layers: [ring, card, dot, pie, half], spans: [])
}

private var documents: [(String, Any)] {
    (SampleTimelines.all + [hostileTimeline]).map { timeline in
        (timeline.name, try! JSONSerialization.jsonObject(with: Data(LottieEmitter.emit(timeline).utf8)))
    }
}

/// Every object of a parsed document with the key path that leads to it.
private func visit(_ value: Any, _ body: ([String: Any]) -> Void) {
    if let object = value as? [String: Any] {
        body(object)
        for child in object.values { visit(child, body) }
    } else if let array = value as? [Any] {
        for child in array { visit(child, body) }
    }
}

private func numbers(_ any: Any?) -> [Double] {
    if let number = any as? NSNumber { return [number.doubleValue] }
    if let array = any as? [Any] { return array.flatMap(numbers) }
    return []
}

/// Static `k`, or every keyframe's `s`, each as one list.
private func propertyValues(_ property: Any?) -> [[Double]] {
    guard let property = property as? [String: Any] else { return [] }
    if (property["a"] as? NSNumber)?.intValue == 1, let keyframes = property["k"] as? [[String: Any]] {
        return keyframes.map { numbers($0["s"]) }
    }
    return [numbers(property["k"])]
}

private func handles(_ property: Any?) -> [(x: [Double], y: [Double])] {
    guard let property = property as? [String: Any], (property["a"] as? NSNumber)?.intValue == 1,
        let keyframes = property["k"] as? [[String: Any]]
    else { return [] }
    return keyframes.flatMap { key in
        ["o", "i"].compactMap { name in
            (key[name] as? [String: Any]).map { (numbers($0["x"]), numbers($0["y"])) }
        }
    }
}

/// The bounded properties of a shape item or transform, with their range in Lottie units.
private func boundedProperties(_ object: [String: Any]) -> [(String, Any?, ClosedRange<Double>)] {
    switch object["ty"] as? String {
    case "tr": return [("tr.o", object["o"], 0...100)]
    case "fl": return [("fl.c", object["c"], 0...1), ("fl.o", object["o"], 0...100)]
    case "st": return [("st.c", object["c"], 0...1), ("st.o", object["o"], 0...100), ("st.w", object["w"], 0...Double.infinity)]
    case "gf", "gs": return [("g.k", (object["g"] as? [String: Any])?["k"], 0...1), ("g.o", object["o"], 0...100)]
    case "tm": return [("tm.s", object["s"], 0...100), ("tm.e", object["e"], 0...100)]
    case "rc": return [("rc.r", object["r"], 0...Double.infinity)]
    default: return []
    }
}

@Suite struct LottiePlayerPitfallTests {
    /// §6.6 rule 1 (and §6.5): ThorVG wraps opacity 120 % to 20 % and colours past 1; no static or
    /// keyframed value of a bounded property leaves its range.
    @Test func boundedValuesAreInRange() {
        for (name, document) in documents {
            var problems: [String] = []
            visit(document) { object in
                for (label, property, range) in boundedProperties(object) {
                    for value in propertyValues(property).joined() where !range.contains(value) {
                        problems.append("\(label) \(value)")
                    }
                }
            }
            #expect(problems.isEmpty, "\(name): \(problems.prefix(10))")
        }
    }

    /// §6.6 rule 2: every handle's x in 0…1 (lottie-android rejects a curve that loops back);
    /// on bounded properties y in 0…1 too, so no player extrapolates past the keyframe values.
    @Test func easingHandlesStayInTheUnitSquareWhereTheyMust() {
        for (name, document) in documents {
            var problems: [String] = []
            visit(document) { object in
                for (key, value) in object {
                    for handle in handles(value) where handle.x.contains(where: { !(0...1).contains($0) }) {
                        problems.append("\(key) x \(handle.x)")
                    }
                }
                // Widths and radii only have a floor; their y may overshoot like a position's.
                for (label, property, range) in boundedProperties(object) where range.upperBound.isFinite {
                    for handle in handles(property) where handle.y.contains(where: { !(0...1).contains($0) }) {
                        problems.append("\(label) y \(handle.y)")
                    }
                }
            }
            #expect(problems.isEmpty, "\(name): \(problems.prefix(10))")
        }
    }

    /// §6.6 rule 3 (§6.2): trim `m` always written, and sequential (2): lottie-ios defaults a
    /// missing `m` to 2 and its Core Animation engine cannot draw simultaneous trims.
    @Test func trimsAlwaysCarrySequentialMode() {
        var trims = 0
        for (name, document) in documents {
            visit(document) { object in
                guard object["ty"] as? String == "tm" else { return }
                trims += 1
                #expect((object["m"] as? NSNumber)?.intValue == 2, "\(name): trim without m: 2")
            }
        }
        #expect(trims >= 2)
    }

    /// §6.6 rule 4 (§6.2): no trim in a group that fills (lottie-ios's Core Animation engine
    /// cannot trim a filled shape): a filled, trimmed node is written as its trimmed outline.
    @Test func trimsNeverReachAFill() {
        var filledTrimmedGroups = 0
        for (name, document) in documents {
            visit(document) { object in
                guard object["ty"] as? String == "gr", let items = object["it"] as? [[String: Any]] else { return }
                let types = Set(items.compactMap { $0["ty"] as? String })
                #expect(!(types.contains("tm") && (types.contains("fl") || types.contains("gf"))), "\(name): \(object["nm"] ?? "")")
                if name == "hostile", ["pie", "half"].contains(object["nm"] as? String ?? "") {
                    filledTrimmedGroups += 1
                    #expect(types.contains("sh") && types.contains("fl"))
                }
            }
        }
        #expect(filledTrimmedGroups == 2)
    }

    /// The trimmed outline written for a filled shape is the timeline's trimmed outline at every
    /// frame (a pie slice growing from 10 % to 90 % of the circle).
    @Test func aFilledTrimIsWrittenAsTheTrimmedOutlineOfEveryFrame() throws {
        let timeline = hostileTimeline
        let pie = try #require(timeline.layers.first { $0.id == "pie" })
        guard case let .shape(geometry, style) = pie.content, let trim = style.trim else { return }
        let builder = LottieShapeBuilder(fps: timeline.fps, duration: timeline.duration)
        let track = builder.trimmedOutlineTrack(geometry, trim)
        var counts = Set<[Int]>()
        for frame in 0...timeline.frameCount {
            let time = Double(frame) / timeline.fps
            // Padded to one vertex count (lottie-web keeps the first keyframe's), drawing the same.
            let value = track.value(at: time)
            #expect(withoutRepeatedVertices(value) == geometry.trimmedOutline(at: time, trim: trim), "frame \(frame)")
            counts.insert(value.contours.map(\.vertices.count))
        }
        #expect(counts.count == 1, "vertex counts \(counts)")
        let items = builder.shapeItems(geometry, style)
        #expect(items.compactMap { $0["ty"] } == ["sh", "st", "fl"])
    }

    /// §6.6 rule 6 (§6.2: lottie-ios crashes on a short colour array): `g.p` is the colour-stop
    /// count, every value of `g.k` has exactly 4·p numbers (+ 2·p with alpha stops), the same in
    /// every keyframe, and alpha-stop offsets lie in 0…1.
    @Test func gradientArraysHaveExactlyTheRightLength() {
        var gradients = 0
        for (name, document) in documents {
            visit(document) { object in
                guard let type = object["ty"] as? String, type == "gf" || type == "gs",
                    let g = object["g"] as? [String: Any], let p = (g["p"] as? NSNumber)?.intValue
                else { return }
                gradients += 1
                let values = propertyValues(g["k"])
                let lengths = Set(values.map(\.count))
                #expect(lengths.count == 1, "\(name): gradient keyframes of different lengths \(lengths)")
                #expect(lengths.allSatisfy { $0 == 4 * p || $0 == 6 * p }, "\(name): gradient of \(p) stops with \(lengths)")
                for value in values where value.count == 6 * p {
                    let alphaOffsets = stride(from: 4 * p, to: 6 * p, by: 2).map { value[$0] }
                    #expect(alphaOffsets.allSatisfy { (0...1).contains($0) })
                }
            }
        }
        #expect(gradients >= 3)
    }

    /// §6.6 rule 5 (§6.1, §6.2): only the shape items every player draws natively; no merge paths,
    /// rounded-corner modifiers, repeaters, effects or expressions; only shape layers.
    @Test func onlyPlayerSafeItemsAreWritten() {
        let allowed: Set<String> = ["gr", "rc", "el", "sr", "sh", "fl", "st", "gf", "gs", "tm", "tr"]
        for (name, document) in documents {
            var found: Set<String> = []
            visit(document) { object in
                if let type = object["ty"] as? String { found.insert(type) }
                #expect(object["ef"] == nil && !(object["x"] is String), "\(name): effects or expressions")
            }
            #expect(found.isSubset(of: allowed), "\(name): \(found.subtracting(allowed).sorted())")
            let layers = ((document as? [String: Any])?["layers"] as? [[String: Any]]) ?? []
            #expect(layers.allSatisfy { ($0["ty"] as? NSNumber)?.intValue == 4 })
        }
    }
}

/// The shape without the zero-length pieces `uniformContours` pads with (a vertex repeating the
/// previous point, with no handle between them); the dropped vertex's out handle is kept.
func withoutRepeatedVertices(_ shape: PathShape) -> PathShape {
    PathShape(
        shape.contours.map { contour in
            var vertices: [BezierVertex] = []
            for vertex in contour.vertices {
                if let last = vertices.last, last.point == vertex.point, last.outTangent == .zero, vertex.inTangent == .zero {
                    vertices[vertices.count - 1].outTangent = vertex.outTangent
                } else {
                    vertices.append(vertex)
                }
            }
            return Contour(vertices, closed: contour.closed)
        })
}
