import ChoreoTimeline

/// Hand-built timelines covering every track kind the SVG emitter handles. They stand in for the
/// compiler front end, and the browser suite renders the files the export test writes from them.
enum SVGFixtures {
    static let red = RGBA(bytes: 230, 57, 70), blue = RGBA(bytes: 29, 53, 87), green = RGBA(bytes: 42, 157, 143)
    static let yellow = RGBA(bytes: 233, 196, 106), white = RGBA(1, 1, 1)

    static func twoStateSpans(poseLength: Double = 0.5, transition: Double = 1) -> [Span] {
        let t1 = poseLength, t2 = t1 + transition, t3 = t2 + poseLength, t4 = t3 + transition
        return [
            Span(name: "closed", start: 0, end: t1, role: .pose(label: nil, plays: nil)),
            Span(name: "closed->open", start: t1, end: t2, role: .transition(from: "closed", to: "open", trigger: .tap)),
            Span(name: "open", start: t2, end: t3, role: .pose(label: "Open", plays: nil)),
            Span(name: "open->closed", start: t3, end: t4, role: .transition(from: "open", to: "closed", trigger: .tap)),
        ]
    }

    /// A value that goes a→b over the first transition (0.5…1.5) and back over the second (2…3).
    static func there<V: Interpolatable>(_ a: V, _ b: V, easing: Easing = .easeInOut) -> Animated<V> {
        Animated(a, segments: [
            Segment(start: 0.5, end: 1.5, from: a, to: b, easing: easing),
            Segment(start: 2, end: 3, from: b, to: a, easing: easing),
        ])
    }

    static func solid(_ color: RGBA) -> Style { Style(fill: .color(Animated(color))) }

    static var still: Timeline {
        Timeline(
            name: "still", width: 120, height: 80, fps: 30, duration: 0, background: white,
            layers: [
                Node(id: "card", transform: Transform(position: Animated(Point(60, 40)), rotation: Animated(10)),
                     content: .shape(.rect(size: Animated(Point(80, 40)), cornerRadius: Animated(8)),
                                     Style(fill: .color(Animated(blue)), stroke: Stroke(paint: .color(Animated(red)), width: Animated(4), join: .round)))),
                Node(id: "dot", transform: Transform(position: Animated(Point(30, 30)), opacity: Animated(0.5)),
                     content: .shape(.ellipse(size: Animated(Point(20, 20))), solid(yellow))),
            ],
            spans: [], title: "A still card")
    }

    static var transforms: Timeline {
        Timeline(
            name: "transforms", width: 160, height: 120, fps: 30, duration: 3, background: white,
            layers: [
                Node(id: "bar", transform: Transform(
                    anchor: Animated(Point(-30, 0)),
                    position: there(Point(40, 60), Point(120, 60)),
                    rotation: there(0, 90),
                    scale: there(Point(1, 1), Point(0.5, 1.5), easing: .linear),
                    offset: Animated(.zero, segments: [Segment(start: 2, end: 2, from: Point(0, 20), to: Point(0, 20), easing: .linear)]),
                    opacity: there(1, 0.4, easing: .hold)),
                     content: .shape(.rect(size: Animated(Point(60, 16)), cornerRadius: Animated(0)), solid(red))),
            ],
            spans: twoStateSpans(), title: "Transforms")
    }

    static var paints: Timeline {
        Timeline(
            name: "paints", width: 120, height: 120, fps: 30, duration: 3, background: white,
            layers: [
                Node(id: "ring", transform: Transform(position: Animated(Point(60, 60))),
                     content: .shape(.ellipse(size: Animated(Point(70, 70))), Style(
                        fill: .color(there(green, RGBA(bytes: 233, 196, 106, alpha: 0.5))),
                        stroke: Stroke(paint: .color(there(blue, red, easing: .linear)), width: there(2, 12), cap: .round)))),
            ],
            spans: twoStateSpans(), title: "Paints")
    }

    static let triangle = PathShape([Contour([
        BezierVertex(Point(-20, -25)), BezierVertex(Point(25, 0)), BezierVertex(Point(-20, 25)), BezierVertex(Point(-20, 0)),
    ], closed: true)])
    static let bar = PathShape([Contour([
        BezierVertex(Point(-20, -25)), BezierVertex(Point(0, -25)), BezierVertex(Point(0, 25)), BezierVertex(Point(-20, 25)),
    ], closed: true)])

    static var morph: Timeline {
        Timeline(
            name: "morph", width: 160, height: 80, fps: 30, duration: 3, background: white,
            layers: [
                Node(id: "play", transform: Transform(position: Animated(Point(40, 40))),
                     content: .shape(.path(there(triangle, bar)), solid(blue))),
                Node(id: "box", transform: Transform(position: Animated(Point(115, 40))),
                     content: .shape(.rect(size: there(Point(40, 40), Point(60, 30)), cornerRadius: there(0, 12)), solid(red))),
            ],
            spans: twoStateSpans(), title: "Morphs")
    }

    /// The spinner pattern: trim end grows, then trim start catches up, while the offset turns.
    static var trim: Timeline {
        let end = Animated(0.0, segments: [Segment(start: 0, end: 1, from: 0, to: 1, easing: .easeInOut)])
        let start = Animated(0.0, segments: [Segment(start: 1, end: 2, from: 0, to: 1, easing: .easeInOut)])
        let offset = Animated(0.0, segments: [Segment(start: 0, end: 2, from: 0, to: 0.5, easing: .linear)])
        return Timeline(
            name: "trim", width: 120, height: 120, fps: 30, duration: 2, background: white,
            layers: [
                Node(id: "arc", transform: Transform(position: Animated(Point(60, 60))),
                     content: .shape(.ellipse(size: Animated(Point(80, 80))), Style(
                        stroke: Stroke(paint: .color(Animated(blue)), width: Animated(8), cap: .round),
                        trim: Trim(start: start, end: end, offset: offset)))),
                Node(id: "square", transform: Transform(position: Animated(Point(60, 60))),
                     content: .shape(.rect(size: Animated(Point(30, 30)), cornerRadius: Animated(0)), Style(
                        stroke: Stroke(paint: .color(Animated(red)), width: Animated(3)),
                        trim: Trim(start: Animated(0.25), end: Animated(0.25, segments: [Segment(start: 0.5, end: 1.5, from: 0.25, to: 1, easing: .linear)]))))),
            ],
            spans: [Span(name: "spin", start: 0, end: 2, role: .timeline(loops: true))], title: "Spinner")
    }

    static var gradient: Timeline {
        let stopsA = GradientStops([GradientStop(0, red), GradientStop(1, blue)])
        let stopsB = GradientStops([GradientStop(0.3, yellow), GradientStop(1, green)])
        return Timeline(
            name: "gradient", width: 160, height: 80, fps: 30, duration: 3, background: white,
            layers: [
                Node(id: "band", transform: Transform(position: Animated(Point(45, 40))),
                     content: .shape(.rect(size: Animated(Point(70, 60)), cornerRadius: Animated(6)), Style(
                        fill: .linearGradient(from: there(Point(-35, 0), Point(0, -30)), to: Animated(Point(35, 0)), stops: there(stopsA, stopsB))))),
                Node(id: "glow", transform: Transform(position: Animated(Point(120, 40))),
                     content: .shape(.ellipse(size: Animated(Point(60, 60))), Style(
                        fill: .radialGradient(center: Animated(.zero), radius: there(10, 30), stops: Animated(GradientStops([
                            GradientStop(0, yellow), GradientStop(1, RGBA(bytes: 233, 196, 106, alpha: 0)),
                        ])))))),
            ],
            spans: twoStateSpans(), title: "Gradients")
    }

    static var repeated: Timeline {
        Timeline(
            name: "repeated", width: 120, height: 120, fps: 30, duration: 3, background: white,
            layers: [
                Node(id: "petal", transform: Transform(position: Animated(Point(60, 60)), rotation: there(0, 45)),
                     content: .shape(.rect(size: Animated(Point(8, 30)), cornerRadius: Animated(4)), Style(
                        fill: .color(Animated(blue)))),
                     repeat: Repeat(count: 8, anchor: Point(0, 0), rotation: 45, offset: .zero, startOpacity: 1, endOpacity: 0.3)),
            ],
            spans: twoStateSpans(), title: "Repeater")
    }

    /// Overshooting easing (a back-out curve), which keySplines cannot carry directly.
    static var overshoot: Timeline {
        Timeline(
            name: "overshoot", width: 200, height: 60, fps: 30, duration: 3, background: white,
            layers: [
                Node(id: "ball", transform: Transform(position: there(Point(30, 30), Point(150, 30), easing: .cubic(0.3, -0.6, 0.4, 1.6)),
                                                     rotation: there(0, 180, easing: .cubic(0.34, 1.56, 0.64, 1))),
                     content: .shape(.rect(size: Animated(Point(24, 24)), cornerRadius: Animated(4)), solid(green))),
            ],
            spans: twoStateSpans(), title: "Overshoot")
    }

    /// Nested groups with group opacity (overlapping children fade as one).
    static var groups: Timeline {
        Timeline(
            name: "groups", width: 120, height: 80, fps: 30, duration: 3, background: white,
            layers: [
                Node(id: "pair", transform: Transform(position: Animated(Point(60, 40)), opacity: there(1, 0.5)),
                     content: .group([
                        Node(id: "left", transform: Transform(position: Animated(Point(-10, 0))), content: .shape(.ellipse(size: Animated(Point(40, 40))), solid(red))),
                        Node(id: "right", transform: Transform(position: there(Point(10, 0), Point(25, 0))), content: .shape(.ellipse(size: Animated(Point(40, 40))), solid(blue))),
                     ])),
            ],
            spans: twoStateSpans(), title: "Group opacity")
    }

    static var all: [Timeline] { [still, transforms, paints, morph, trim, gradient, repeated, overshoot, groups] }
}
