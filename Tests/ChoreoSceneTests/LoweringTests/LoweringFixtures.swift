import ChoreoDiagnostics
import ChoreoTimeline

@testable import ChoreoScene

/// Scene models built in code, so lowering is tested independently of the YAML front end.
enum LoweringFixtures {
    static let noRange = SourceRange.fileStart

    static func range(line: Int) -> SourceRange {
        SourceRange(start: SourceLocation(line: line, column: 3), end: SourceLocation(line: line, column: 8))
    }

    static func transformBase(position: Point, rotation: Double = 0, opacity: Double = 1) -> PropertyValues {
        [
            .anchor: .point(.zero), .position: .point(position), .rotation: .number(rotation),
            .scale: .point(Point(1, 1)), .offset: .point(.zero), .opacity: .number(opacity),
        ]
    }

    static func rect(_ id: String, size: Point, position: Point = .zero, extra: PropertyValues = [:]) -> SceneNode {
        var base = transformBase(position: position)
        base[.size] = .point(size)
        base[.cornerRadius] = .number(0)
        base[.fill] = .color(RGBA(1, 0, 0))
        base.merge(extra) { $1 }
        return SceneNode(id: id, range: noRange, shape: .rect, base: base, fill: .solid)
    }

    static func scene(
        name: String = "test", size: Point = Point(100, 100), layers: [SceneNode], states: [SceneState] = [],
        initial: String? = nil, transitions: [SceneTransition] = [], timelines: [SceneTimeline] = []
    ) -> Scene {
        Scene(
            name: name, size: size, fps: 60, background: nil, layers: layers, states: states,
            initial: initial ?? states.first?.name, transitions: transitions, timelines: timelines)
    }

    static func lowered(_ scene: Scene) -> (Timeline, [Diagnostic]) {
        var bag = DiagnosticBag(file: "test.yaml")
        let timeline = lower(scene, diagnostics: &bag)
        return (timeline, bag.diagnostics)
    }

    // MARK: Spinner (seed-facts.md)

    static let easeInOut = EasingSpec.cubic(0.42, 0, 0.58, 1)

    static func spinnerCircle(_ id: String, color: RGBA) -> SceneNode {
        var base = transformBase(position: Point(110, 110), rotation: 270)
        base[.size] = .point(Point(200, 200))
        base[.strokeColor] = .color(color)
        base[.strokeWidth] = .number(20)
        base[.trimStart] = .number(0)
        base[.trimEnd] = .number(0.03)
        base[.trimOffset] = .number(0)
        return SceneNode(
            id: id, range: noRange, shape: .ellipse, base: base, fill: .none, stroke: StrokeStyle(cap: .round),
            trimmed: true)
    }

    static func tween(at: Double, _ values: [PropertyKey: PropertyValue], relative: Bool = false) -> Tween {
        Tween(at: at, timing: Timing(duration: 0.75, easing: easeInOut), values: values, relative: relative, range: noRange)
    }

    static var spinner: Scene {
        let end = { (node: String) in PropertyKey(node: node, property: .trimEnd) }
        let rotation = { (node: String) in PropertyKey(node: node, property: .rotation) }
        let spin = SceneTimeline(
            name: "spin", range: range(line: 20), duration: 1.9, loop: true,
            tweens: [
                tween(at: 0.75, [end("s1"): .number(1)]),
                tween(at: 1.475, [rotation("s1"): .number(360)], relative: true),
                tween(at: 1.475, [end("s2"): .number(0.8), end("s3"): .number(0.8)]),
                tween(at: 1.5, [end("s1"): .number(0.03), end("s2"): .number(0.03), end("s3"): .number(0.03)]),
                tween(at: 1.5525, [rotation("s2"): .number(360)], relative: true),
                tween(at: 1.725, [rotation("s3"): .number(360)], relative: true),
            ],
            keyframes: [:])
        return scene(
            name: "spinner", size: Point(220, 220),
            layers: [
                spinnerCircle("s3", color: RGBA(bytes: 214, 189, 251)),
                spinnerCircle("s2", color: RGBA(bytes: 244, 132, 177)),
                spinnerCircle("s1", color: RGBA(bytes: 96, 174, 201)),
            ],
            timelines: [spin])
    }

    // MARK: Menu (seed-facts.md)

    static var menu: Scene {
        let w = 20.0, slot = 20.0 / 4, gap = slot / 3, barHeight = slot - gap
        let bars = (0..<4).map { i in
            rect(
                "bar\(i)", size: Point(w, barHeight), position: Point(w / 2, barHeight / 2),
                extra: [.offset: .point(Point(0, slot * Double(i))), .cornerRadius: .number(2)])
        }
        let key = { (node: String, property: Property) in PropertyKey(node: node, property: property) }
        let open = SceneState(
            name: "open", range: noRange,
            overrides: [
                key("bar1", .rotation): .number(45), key("bar1", .offset): .point(Point(w / 4, slot + gap)),
                key("bar2", .rotation): .number(-45), key("bar2", .offset): .point(Point(-w / 4, 2 * slot - gap)),
                key("bar0", .offset): .point(Point(20, 0)), key("bar0", .opacity): .number(0),
                key("bar3", .offset): .point(Point(-20, 3 * slot)), key("bar3", .opacity): .number(0),
            ], label: "Close menu")
        let closed = SceneState(name: "closed", range: noRange, overrides: [:], label: "Open menu")
        let timing = Timing(duration: 0.35, delay: 0.2, easing: easeInOut)
        return scene(
            name: "menu", size: Point(20, 20), layers: bars, states: [closed, open], initial: "closed",
            transitions: [
                SceneTransition(from: "closed", to: "open", trigger: .tap, timing: timing, range: noRange),
                SceneTransition(from: "open", to: "closed", trigger: .tap, timing: timing, range: noRange),
            ])
    }
}

/// Finds a node by id anywhere in the tree.
func findNode(_ id: String, in nodes: [Node]) -> Node? {
    for node in nodes {
        if node.id == id { return node }
        if case let .group(children) = node.content, let found = findNode(id, in: children) { return found }
    }
    return nil
}

func trimEnd(_ id: String, _ timeline: Timeline) -> Animated<Double> {
    guard let node = findNode(id, in: timeline.layers), case let .shape(_, style) = node.content, let trim = style.trim else {
        return Animated(.nan)
    }
    return trim.end
}

/// CSS cubic-bezier evaluated by plain bisection, independent of the IR's Newton solver.
func referenceCubic(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at u: Double) -> Double {
    func coordinate(_ a: Double, _ b: Double, _ s: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
    }
    var low = 0.0, high = 1.0
    for _ in 0..<100 {
        let middle = (low + high) / 2
        if coordinate(x1, x2, middle) < u { low = middle } else { high = middle }
    }
    return coordinate(y1, y2, (low + high) / 2)
}

func referenceEaseInOut(_ u: Double) -> Double { referenceCubic(0.42, 0, 0.58, 1, at: u) }
