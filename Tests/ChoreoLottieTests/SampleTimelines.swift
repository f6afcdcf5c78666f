import ChoreoTimeline

/// Small hand-built timelines, one per feature the emitter maps. Their Lottie output is kept as
/// golden files, which double as input for the rendering conformance suite
/// (Tests/conformance/lottie_conformance.py Tests/ChoreoLottieTests/Golden).
enum SampleTimelines {
    static let red = RGBA(0.9, 0.2, 0.2)
    static let blue = RGBA(0.2, 0.4, 0.9)
    static let green = RGBA(0.2, 0.7, 0.3)
    static let ink = RGBA(0.1, 0.1, 0.15)

    static var all: [Timeline] {
        [shapes, gradients, strokes, trim, repeats, morph, easings, nestedGroups, markers]
    }

    static func shape(
        _ id: String, _ geometry: Geometry, at position: Point, style: Style, rotation: Double = 0
    ) -> Node {
        Node(id: id, transform: Transform(position: Animated(position), rotation: Animated(rotation)), content: .shape(geometry, style))
    }

    static func constant(_ size: Point) -> Animated<Point> { Animated(size) }

    static func segment<V>(_ start: Double, _ end: Double, _ from: V, _ to: V, _ easing: Easing = .easeInOut) -> Segment<V> {
        Segment(start: start, end: end, from: from, to: to, easing: easing)
    }

    /// Every geometry, static, over a background.
    static var shapes: Timeline {
        let square = Contour([BezierVertex(Point(-30, -30)), BezierVertex(Point(30, -30)), BezierVertex(Point(30, 30)), BezierVertex(Point(-30, 30))], closed: true)
        let hole = Contour([BezierVertex(Point(-12, -12)), BezierVertex(Point(12, -12)), BezierVertex(Point(12, 12)), BezierVertex(Point(-12, 12))], closed: true)
        let curve = Contour([
            BezierVertex(Point(-30, 10), out: Point(20, -40)),
            BezierVertex(Point(30, 10), in: Point(-20, -40)),
        ], closed: false)
        return Timeline(
            name: "shapes", width: 240, height: 180, fps: 60, duration: 0, background: RGBA(0.96, 0.95, 0.9),
            layers: [
                shape("rect", .rect(size: constant(Point(70, 40)), cornerRadius: Animated(10)), at: Point(50, 40), style: Style(fill: .color(Animated(red)))),
                shape("ellipse", .ellipse(size: constant(Point(60, 40))), at: Point(130, 40), style: Style(fill: .color(Animated(blue)))),
                shape("polygon", .polygon(sides: 6, radius: Animated(28), innerRadius: nil), at: Point(200, 40), style: Style(fill: .color(Animated(green)))),
                shape("star", .polygon(sides: 5, radius: Animated(32), innerRadius: Animated(14)), at: Point(50, 125), style: Style(fill: .color(Animated(RGBA(0.95, 0.7, 0.1))))),
                shape("frame", .path(Animated(PathShape([square, hole]))), at: Point(130, 125), style: Style(fill: .color(Animated(ink)), fillRule: .evenodd)),
                shape("arc", .path(Animated(PathShape([curve]))), at: Point(200, 130), style: Style(stroke: Stroke(paint: .color(Animated(ink)), width: Animated(4), cap: .round))),
            ],
            spans: [])
    }

    /// Linear and radial fills (one with a translucent stop) and a gradient stroke.
    static var gradients: Timeline {
        let warm = GradientStops([GradientStop(0, RGBA(0.94, 0.47, 0.87)), GradientStop(1, RGBA(0.94, 0.67, 0.47))])
        let fading = GradientStops([GradientStop(0, RGBA(0.2, 0.4, 0.9)), GradientStop(0.6, RGBA(0.2, 0.8, 0.6, 0.5)), GradientStop(1, RGBA(0.2, 0.8, 0.6, 0))])
        return Timeline(
            name: "gradients", width: 240, height: 120, fps: 30, duration: 1,
            layers: [
                shape("linear", .rect(size: constant(Point(80, 80)), cornerRadius: Animated(0)), at: Point(50, 60),
                      style: Style(fill: .linearGradient(from: Animated(Point(0, -40)), to: Animated(Point(0, 40)), stops: Animated(warm)))),
                shape("radial", .ellipse(size: constant(Point(80, 80))), at: Point(130, 60),
                      style: Style(fill: .radialGradient(center: Animated(.zero), radius: Animated(40), stops: Animated(fading)))),
                shape("ring", .ellipse(size: constant(Point(60, 60))), at: Point(200, 60),
                      style: Style(stroke: Stroke(paint: .linearGradient(from: Animated(Point(-30, 0)), to: Animated(Point(30, 0)), stops: Animated(warm)), width: Animated(10)))),
            ],
            spans: [Span(name: "idle", start: 0, end: 1, role: .pose(label: nil, plays: nil))])
    }

    /// Caps, joins, dashes and an animated width.
    static var strokes: Timeline {
        let zigzag = Contour([BezierVertex(Point(-40, 20)), BezierVertex(Point(-15, -20)), BezierVertex(Point(10, 20)), BezierVertex(Point(40, -20))], closed: false)
        return Timeline(
            name: "strokes", width: 240, height: 120, fps: 30, duration: 1,
            layers: [
                shape("zigzag", .path(Animated(PathShape([zigzag]))), at: Point(55, 60),
                      style: Style(stroke: Stroke(paint: .color(Animated(ink)), width: Animated(6), cap: .square, join: .bevel))),
                shape("dashed", .rect(size: constant(Point(60, 60)), cornerRadius: Animated(8)), at: Point(135, 60),
                      style: Style(fill: .color(Animated(RGBA(0.9, 0.9, 1))), stroke: Stroke(paint: .color(Animated(blue)), width: Animated(4), dash: [10, 6]))),
                shape("pulse", .ellipse(size: constant(Point(50, 50))), at: Point(205, 60),
                      style: Style(stroke: Stroke(
                        paint: .color(Animated(red)), width: Animated(2, segments: [segment(0, 0.5, 2, 12), segment(0.5, 1, 12, 2)]),
                        join: .round))),
            ],
            spans: [Span(name: "pulse", start: 0, end: 1, role: .timeline(loops: true))])
    }

    /// A spinner arc: the trim end grows, then the start catches up, while the offset turns.
    static var trim: Timeline {
        let trim = Trim(
            start: Animated(0, segments: [segment(0.5, 1, 0, 1)]),
            end: Animated(0, segments: [segment(0, 0.5, 0, 1)]),
            offset: Animated(0, segments: [segment(0, 1, 0, 0.25, .linear)]))
        return Timeline(
            name: "trim", width: 120, height: 120, fps: 60, duration: 1,
            layers: [
                shape("arc", .ellipse(size: constant(Point(80, 80))), at: Point(60, 60),
                      style: Style(stroke: Stroke(paint: .color(Animated(blue)), width: Animated(8), cap: .round), trim: trim)),
            ],
            spans: [Span(name: "spin", start: 0, end: 1, role: .timeline(loops: true))])
    }

    /// Eight rotated translucent copies (the badge), and a repeat whose step scales unevenly
    /// while rotating (written as nested steps).
    static var repeats: Timeline {
        let petal = Node(
            id: "petal", transform: Transform(position: Animated(Point(60, 30))),
            content: .shape(.ellipse(size: constant(Point(14, 34))), Style(fill: .color(Animated(blue)))))
        let badge = Node(
            id: "badge", transform: .identity, content: .group([petal]),
            repeat: Repeat(count: 8, anchor: Point(60, 60), rotation: 45, startOpacity: 0.5, endOpacity: 0.5))
        let bar = Node(
            id: "bar", transform: .identity,
            content: .shape(.rect(size: constant(Point(30, 8)), cornerRadius: Animated(0)), Style(fill: .color(Animated(red)))),
            repeat: Repeat(count: 4, anchor: .zero, rotation: 20, offset: Point(0, 14), scale: Point(1.1, 0.9), startOpacity: 1, endOpacity: 0.4))
        let bars = Node(id: "bars", transform: Transform(position: Animated(Point(180, 30))), content: .group([bar]))
        return Timeline(name: "repeats", width: 240, height: 120, fps: 30, duration: 0, layers: [badge, bars], spans: [])
    }

    /// Two poses of one path and the transition between them (vertex-by-vertex morph).
    static var morph: Timeline {
        let triangle = PathShape([Contour([
            BezierVertex(Point(-30, -35)), BezierVertex(Point(35, 0)), BezierVertex(Point(35, 0)), BezierVertex(Point(-30, 35)),
        ], closed: true)])
        let square = PathShape([Contour([
            BezierVertex(Point(-30, -30)), BezierVertex(Point(30, -30)), BezierVertex(Point(30, 30)), BezierVertex(Point(-30, 30)),
        ], closed: true)])
        let track = Animated(triangle, segments: [segment(0.5, 1, triangle, square)])
        return Timeline(
            name: "morph", width: 120, height: 120, fps: 60, duration: 1.5,
            layers: [shape("icon", .path(track), at: Point(60, 60), style: Style(fill: .color(Animated(ink))))],
            spans: [
                Span(name: "play", start: 0, end: 0.5, role: .pose(label: nil, plays: nil)),
                Span(name: "play->pause", start: 0.5, end: 1, role: .transition(from: "play", to: "pause", trigger: .tap)),
                Span(name: "pause", start: 1, end: 1.5, role: .pose(label: nil, plays: nil)),
            ])
    }

    /// One mover per easing: linear, ease-in-out, overshooting cubic and hold; the last one also
    /// jumps back at the start of the second span.
    static var easings: Timeline {
        func mover(_ id: String, row: Double, _ easing: Easing, color: RGBA) -> Node {
            let from = Point(20, row), to = Point(160, row)
            return Node(
                id: id, transform: Transform(position: Animated(from, segments: [segment(0, 1, from, to, easing), segment(1, 2, from, to, easing)])),
                content: .shape(.rect(size: constant(Point(20, 16)), cornerRadius: Animated(3)), Style(fill: .color(Animated(color)))))
        }
        return Timeline(
            name: "easings", width: 200, height: 120, fps: 30, duration: 2,
            layers: [
                mover("linear", row: 20, .linear, color: ink),
                mover("ease", row: 45, .easeInOut, color: blue),
                mover("overshoot", row: 70, .cubic(0.34, 1.56, 0.64, 1), color: red),
                mover("hold", row: 95, .hold, color: green),
            ],
            spans: [
                Span(name: "first", start: 0, end: 1, role: .timeline(loops: false)),
                Span(name: "second", start: 1, end: 2, role: .timeline(loops: false)),
            ])
    }

    /// A half-transparent rotated group of overlapping children, one of which moves by position
    /// and offset on different clocks, inside a scaled outer group.
    static var nestedGroups: Timeline {
        let back = shape("back", .rect(size: constant(Point(60, 60)), cornerRadius: Animated(0)), at: Point(-15, 0), style: Style(fill: .color(Animated(blue))))
        let front = Node(
            id: "front",
            transform: Transform(
                position: Animated(Point(15, 0), segments: [segment(0, 1, Point(15, 0), Point(15, 20))]),
                offset: Animated(.zero, segments: [segment(0.5, 1.5, .zero, Point(20, 0), .linear)])),
            content: .shape(.ellipse(size: constant(Point(50, 50))), Style(fill: .color(Animated(red)))))
        let inner = Node(
            id: "inner",
            transform: Transform(
                rotation: Animated(0, segments: [segment(0, 1.5, 0, 30)]),
                opacity: Animated(0.5, segments: [segment(0, 1.5, 0.5, 1)])),
            content: .group([back, front]))
        let outer = Node(
            id: "outer",
            transform: Transform(anchor: Animated(.zero), position: Animated(Point(100, 70)), scale: Animated(Point(1.2, 1.2))),
            content: .group([inner]))
        return Timeline(
            name: "nested-groups", width: 200, height: 140, fps: 30, duration: 1.5,
            layers: [outer], spans: [Span(name: "drift", start: 0, end: 1.5, role: .timeline(loops: false))])
    }

    /// Several spans of different kinds: a pose, a transition, a looping timeline; a colour
    /// and opacity that jump at span starts.
    static var markers: Timeline {
        let color = Animated(blue, segments: [segment(0.5, 1, blue, red), segment(1, 2, green, blue, .linear)])
        let opacity = Animated(1.0, segments: [segment(1, 1.5, 0.4, 1), segment(1.5, 2, 1, 0.4)])
        let dot = Node(
            id: "dot", transform: Transform(position: Animated(Point(50, 50)), opacity: opacity),
            content: .shape(.ellipse(size: constant(Point(60, 60))), Style(fill: .color(color))))
        return Timeline(
            name: "markers", width: 100, height: 100, fps: 24, duration: 2,
            layers: [dot],
            spans: [
                Span(name: "off", start: 0, end: 0.5, role: .pose(label: "Off", plays: nil)),
                Span(name: "off->on", start: 0.5, end: 1, role: .transition(from: "off", to: "on", trigger: .programmatic)),
                Span(name: "glow", start: 1, end: 2, role: .timeline(loops: true)),
            ])
    }
}
