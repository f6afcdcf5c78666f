import ChoreoDiagnostics
import ChoreoLottie
import ChoreoSVG
import ChoreoScene
import ChoreoTimeline
import Foundation
import Testing

// Contract §10, "Bounded values stay in bounds": opacity, trim fractions and colour channels stay
// in 0…1 and stroke widths and corner radii ≥ 0 at every instant, whatever a spring or an
// overshooting cubic-bezier does, in the timeline itself and so in both outputs; position and
// scale keep their overshoot.

/// Every bounded property driven past its range: a bouncy spring on opacity and on a solid
/// colour; a cubic-bezier overshoot on trim end (up) and trim start (down), on a stroke colour,
/// a stroke width and a corner radius heading to 0, and on gradient stops; and the same bouncy
/// spring on position and scale, which must keep their overshoot.
private let overshootScene = """
    choreo: 1
    name: overshoot
    size: [200, 200]
    layers:
      - {id: dot, shape: ellipse, size: [40, 40], position: [50, 50], fill: "#808080", opacity: 0.2}
      - {id: ring, shape: ellipse, size: [60, 60], position: [120, 60], stroke: {color: "#00ff00", width: 10}, trim: {start: 0.6, end: 0.2}}
      - {id: card, shape: rect, size: [80, 40], corner-radius: 12, position: [100, 150], fill: {linear: {from: [-40, 0], to: [40, 0]}, stops: [[0, "#ff0000"], [1, "#00ff00"]]}}
      - {id: mover, shape: rect, size: [10, 10], position: [20, 180], fill: black}
    states:
      off: {}
      on:
        dot: {opacity: 1, fill: "#ff0000"}
        ring: {stroke: {color: "#0000ff", width: 0}, trim: {start: 0, end: 1}}
        card: {corner-radius: 0, fill: {stops: [[0, "#0000ff"], [1, "#ff0000"]]}}
        mover: {position: [180, 180], scale: 2}
    transitions:
      - from: off
        to: on
        on: tap
        easing: {spring: {response: 0.5, damping-fraction: 0.3}}
        nodes:
          ring: {easing: "cubic-bezier(0.3, 0, 0.4, 1.8)", duration: 0.5s}
          card: {easing: "cubic-bezier(0.3, 0, 0.4, 1.8)", duration: 0.5s}
      - {from: on, to: off, on: tap}
    """

private func compiledOvershootScene() throws -> Timeline {
    let compilation = compileScene(SourceFile(path: "overshoot.yaml", bytes: Array(overshootScene.utf8)))
    let errors = compilation.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(errors)")
    return try #require(compilation.timeline)
}

private func node(_ id: String, in timeline: Timeline) throws -> Node {
    try #require(timeline.layers.first { $0.id == id })
}

/// Instants every 1/600 s over the whole timeline.
private func denseInstants(_ timeline: Timeline) -> [Double] {
    let count = Int((timeline.duration * 600).rounded(.up))
    return (0...count).map { Double($0) / 600 }
}

private let tolerance = 1e-9

@Test func boundedPropertiesStayInRangeAtEveryInstantOfTheTimeline() throws {
    let timeline = try compiledOvershootScene()
    let dot = try node("dot", in: timeline), ring = try node("ring", in: timeline), card = try node("card", in: timeline)
    guard case let .shape(_, dotStyle) = dot.content, case let .color(dotFill)? = dotStyle.fill,
        case let .shape(_, ringStyle) = ring.content, let ringStroke = ringStyle.stroke, case let .color(ringColor) = ringStroke.paint,
        let trim = ringStyle.trim,
        case let .shape(cardGeometry, cardStyle) = card.content, case let .rect(_, cornerRadius) = cardGeometry,
        case let .linearGradient(_, _, stops)? = cardStyle.fill
    else {
        Issue.record("unexpected node shapes")
        return
    }
    func inUnit(_ x: Double) -> Bool { x >= -tolerance && x <= 1 + tolerance }
    var worst: [String: Double] = [:]
    func check(_ label: String, _ value: Double, _ ok: Bool) {
        if !ok { worst[label] = value }
    }
    for t in denseInstants(timeline) {
        let opacity = dot.transform.opacity.value(at: t)
        check("dot.opacity", opacity, inUnit(opacity))
        for (label, color) in [("dot.fill", dotFill.value(at: t)), ("ring.stroke.color", ringColor.value(at: t))] {
            for channel in [color.r, color.g, color.b, color.a] { check(label, channel, inUnit(channel)) }
        }
        for stop in stops.value(at: t).stops {
            for channel in [stop.offset, stop.color.r, stop.color.g, stop.color.b, stop.color.a] {
                check("card.fill.stops", channel, inUnit(channel))
            }
        }
        check("ring.trim.start", trim.start.value(at: t), inUnit(trim.start.value(at: t)))
        check("ring.trim.end", trim.end.value(at: t), inUnit(trim.end.value(at: t)))
        check("ring.stroke.width", ringStroke.width.value(at: t), ringStroke.width.value(at: t) >= -tolerance)
        check("card.corner-radius", cornerRadius.value(at: t), cornerRadius.value(at: t) >= -tolerance)
    }
    #expect(worst.isEmpty, "out of range: \(worst)")
}

@Test func clampedMotionsStillReachTheirBoundsAndLegalOvershootIsKept() throws {
    let timeline = try compiledOvershootScene()
    let dot = try node("dot", in: timeline), mover = try node("mover", in: timeline), ring = try node("ring", in: timeline)
    let instants = denseInstants(timeline)
    // Clamping holds the bound; it does not stop the motion short of it.
    #expect(instants.contains { dot.transform.opacity.value(at: $0) == 1 })
    guard case let .shape(_, ringStyle) = ring.content, let trim = ringStyle.trim else {
        Issue.record("ring is not trimmed")
        return
    }
    #expect(instants.contains { trim.end.value(at: $0) == 1 })
    #expect(instants.contains { trim.start.value(at: $0) == 0 })
    // Position and scale overshoot as the spring says.
    #expect(instants.contains { mover.transform.position.value(at: $0).x > 180.5 })
    #expect(instants.contains { mover.transform.scale.value(at: $0).x > 2.005 })
}

// MARK: Outputs

/// Every object of a parsed JSON document, depth first.
private func visit(_ value: Any, _ body: ([String: Any]) -> Void) {
    if let object = value as? [String: Any] {
        body(object)
        for child in object.values { visit(child, body) }
    } else if let array = value as? [Any] {
        for child in array { visit(child, body) }
    }
}

/// Every number a Lottie property takes: its static `k`, or every keyframe's `s` (and `e`).
private func lottieValues(_ property: Any?) -> [Double] {
    guard let property = property as? [String: Any] else { return [] }
    func numbers(_ any: Any?) -> [Double] {
        if let number = any as? NSNumber { return [number.doubleValue] }
        if let array = any as? [Any] { return array.flatMap(numbers) }
        return []
    }
    if (property["a"] as? NSNumber)?.intValue == 1, let keyframes = property["k"] as? [[String: Any]] {
        return keyframes.flatMap { numbers($0["s"]) + numbers($0["e"]) }
    }
    return numbers(property["k"])
}

/// The y of every easing handle of an animated Lottie property.
private func lottieHandleYs(_ property: Any?) -> [Double] {
    guard let property = property as? [String: Any], (property["a"] as? NSNumber)?.intValue == 1,
        let keyframes = property["k"] as? [[String: Any]]
    else { return [] }
    return keyframes.flatMap { key in
        ["o", "i"].flatMap { ((key[$0] as? [String: Any])?["y"] as? [NSNumber] ?? []).map(\.doubleValue) }
    }
}

@Test func lottieOutputWritesOnlyInRangeBoundedValues() throws {
    let timeline = try compiledOvershootScene()
    let document = try JSONSerialization.jsonObject(with: Data(LottieEmitter.emit(timeline).utf8))
    var problems: [String] = []
    var checked = 0
    func expectRange(_ label: String, _ values: [Double], _ range: ClosedRange<Double>) {
        checked += values.count
        for value in values where !range.contains(value) { problems.append("\(label) \(value)") }
    }
    visit(document) { object in
        switch object["ty"] as? String {
        case "tr":
            expectRange("transform opacity", lottieValues(object["o"]), 0...100)
            expectRange("transform opacity easing y", lottieHandleYs(object["o"]), 0...1)
        case "fl", "st":
            expectRange("colour", lottieValues(object["c"]), 0...1)
            expectRange("colour easing y", lottieHandleYs(object["c"]), 0...1)
            expectRange("paint opacity", lottieValues(object["o"]), 0...100)
            if object["ty"] as? String == "st" { expectRange("stroke width", lottieValues(object["w"]), 0...Double.infinity) }
        case "gf", "gs":
            let gradient = object["g"] as? [String: Any]
            expectRange("gradient stops", lottieValues(gradient?["k"]), 0...1)
            expectRange("gradient easing y", lottieHandleYs(gradient?["k"]), 0...1)
        case "tm":
            expectRange("trim start", lottieValues(object["s"]), 0...100)
            expectRange("trim end", lottieValues(object["e"]), 0...100)
            expectRange("trim easing y", lottieHandleYs(object["s"]) + lottieHandleYs(object["e"]), 0...1)
        case "rc":
            expectRange("corner radius", lottieValues(object["r"]), 0...Double.infinity)
        default:
            break
        }
    }
    #expect(checked > 100, "the scene's bounded properties are keyframed")
    #expect(problems.isEmpty, "\(problems.prefix(20))")
}

/// The numbers of every `values` list and static attribute named `attribute` in SVG markup.
private func svgNumbers(_ svg: String, attribute: String) -> [Double] {
    var result: [Double] = []
    let animated = try! NSRegularExpression(pattern: "attributeName=\"\(attribute)\"[^>]*?values=\"([^\"]*)\"")
    for match in animated.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)) {
        let list = String(svg[Range(match.range(at: 1), in: svg)!])
        result += list.split(separator: ";").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }
    let plain = try! NSRegularExpression(pattern: " \(attribute)=\"([-0-9.e]+)\"")
    for match in plain.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)) {
        result += [Double(String(svg[Range(match.range(at: 1), in: svg)!]))].compactMap { $0 }
    }
    return result
}

@Test func svgOutputWritesOnlyInRangeBoundedValues() throws {
    let timeline = try compiledOvershootScene()
    let svg = SVGEmitter.animated(timeline)
    for attribute in ["opacity", "fill-opacity", "stroke-opacity", "stop-opacity", "offset"] {
        let values = svgNumbers(svg, attribute: attribute)
        #expect(values.allSatisfy { (0...1).contains($0) }, "\(attribute): \(values.filter { !(0...1).contains($0) })")
    }
    let widths = svgNumbers(svg, attribute: "stroke-width")
    #expect(!widths.isEmpty)
    #expect(widths.allSatisfy { $0 >= 0 }, "stroke-width: \(widths.filter { $0 < 0 })")
    let bytes = try NSRegularExpression(pattern: "rgb\\((-?[0-9.]+),(-?[0-9.]+),(-?[0-9.]+)\\)")
        .matches(in: svg, range: NSRange(svg.startIndex..., in: svg))
        .flatMap { match in (1...3).map { Double(String(svg[Range(match.range(at: $0), in: svg)!]))! } }
    #expect(!bytes.isEmpty)
    #expect(bytes.allSatisfy { (0...255).contains($0) })
}
