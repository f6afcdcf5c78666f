import ChoreoTimeline
import Testing

/// scenes/spinner.yaml against the spinner facts. The expected values come from a simulation of
/// the seed's timer, written here from the facts: every 1.9 s the same tweens start, each
/// easeInOut 0.75 s, a new tween on a property taking over from its value at that instant (the
/// contract's retargeting rule). After the first cycle the motion is periodic (rotations modulo
/// 360°), and that steady state is what the compiled loop must show.
@Suite struct SpinnerSeedTests {
    static let cycle = 1.9
    static let tweenDuration = 0.75

    enum Change {
        case to(Double)
        case by(Double)
    }

    struct TimedTween {
        var at: Double
        var property: String
        var change: Change
    }

    /// The facts' schedule, one entry per property.
    static let schedule: [TimedTween] = [
        TimedTween(at: 0.75, property: "s1.trim.end", change: .to(1.0)),
        TimedTween(at: 1.475, property: "s1.rotation", change: .by(360)),
        TimedTween(at: 1.475, property: "s2.trim.end", change: .to(0.8)),
        TimedTween(at: 1.475, property: "s3.trim.end", change: .to(0.8)),
        TimedTween(at: 1.5, property: "s1.trim.end", change: .to(0.03)),
        TimedTween(at: 1.5, property: "s2.trim.end", change: .to(0.03)),
        TimedTween(at: 1.5, property: "s3.trim.end", change: .to(0.03)),
        TimedTween(at: 1.5525, property: "s2.rotation", change: .by(360)),
        TimedTween(at: 1.725, property: "s3.rotation", change: .by(360)),
    ]

    static func initialValue(_ property: String) -> Double {
        property.hasSuffix("rotation") ? 270 : 0.03
    }

    /// The property's value at `time` seconds after the first cycle started (cycles 0, 1, 2, …).
    static func simulated(_ property: String, at time: Double) -> Double {
        var value = initialValue(property)
        var running: (start: Double, from: Double, to: Double)?
        func valueOfRunning(at t: Double) -> Double? {
            guard let running else { return nil }
            let u = min(max((t - running.start) / tweenDuration, 0), 1)
            return Seed.lerp(running.from, running.to, Seed.easeInOut(u))
        }
        let cycles = Int(time / cycle) + 1
        let starts = (0..<cycles).flatMap { k in
            schedule.filter { $0.property == property }.map { (Double(k) * cycle + $0.at, $0.change) }
        }.sorted { $0.0 < $1.0 }
        for (start, change) in starts where start <= time {
            value = valueOfRunning(at: start) ?? value
            switch change {
            case let .to(target): running = (start, value, target)
            case let .by(delta): running = (start, value, value + delta)
            }
        }
        return valueOfRunning(at: time) ?? value
    }

    /// Steady state at `t` seconds into a loop (taken from the fourth cycle).
    static func steady(_ property: String, at t: Double) -> Double {
        simulated(property, at: 3 * cycle + t)
    }

    func trimEnd(_ id: String, _ timeline: Timeline, at time: Double) throws -> Double {
        let node = try #require(Seed.findNode(id, in: timeline.layers)).node
        guard case let .shape(_, style) = node.content, let trim = style.trim else {
            Issue.record("'\(id)' should be trimmed")
            return .nan
        }
        return trim.end.value(at: time)
    }

    func rotation(_ id: String, _ timeline: Timeline, at time: Double) throws -> Double {
        try #require(Seed.findNode(id, in: timeline.layers)).node.transform.rotation.value(at: time)
    }

    @Test func simulationMatchesTheFactsHandWorkedValues() {
        // S1 end half-way through its fill: 0.03 + 0.97 × Seed.easeInOut(0.5), and Seed.easeInOut(0.5) = 0.5.
        Seed.expectClose(Self.steady("s1.trim.end", at: 1.125), 0.03 + 0.97 * 0.5, tolerance: 1e-9, "s1 end at 1.125")
        Seed.expectClose(Self.steady("s1.trim.end", at: 1.8), 1 - 0.97 * Seed.easeInOut(0.3 / 0.75), tolerance: 1e-12, "s1 end at 1.8")
        Seed.expectClose(Self.steady("s1.trim.end", at: 0.5), 0.03, tolerance: 1e-12, "s1 end at rest")
    }

    @Test func structureMatchesTheSeed() throws {
        let timeline = try #require(Seed.compileSeedScene("spinner"))
        #expect(timeline.width == 220 && timeline.height == 220)
        Seed.expectClose(try #require(timeline.background), RGBA(bytes: 41, 42, 48), "background")
        #expect(timeline.layers.map(\.id) == ["s3", "s2", "s1"])
        let loop = try #require(Seed.span(named: "spin", in: timeline))
        let colors = ["s3": RGBA(bytes: 214, 189, 251), "s2": RGBA(bytes: 244, 132, 177), "s1": RGBA(bytes: 96, 174, 201)]
        for node in timeline.layers {
            guard case let .shape(.ellipse(size), style) = node.content else {
                Issue.record("'\(node.id)' should be an ellipse")
                continue
            }
            #expect(size.value(at: 0) == Point(200, 200))
            #expect(style.fill == nil)
            let stroke = try #require(style.stroke)
            guard case let .color(color) = stroke.paint else {
                Issue.record("'\(node.id)' should have a solid stroke")
                continue
            }
            Seed.expectClose(color.value(at: 0), colors[node.id]!, "\(node.id) stroke colour")
            #expect(!color.isAnimated)
            #expect(stroke.width.value(at: 0) == 20 && !stroke.width.isAnimated)
            #expect(stroke.cap == .round)
            let trim = try #require(style.trim)
            #expect(trim.start.value(at: 0) == 0 && !trim.start.isAnimated)
            // At rest (1 s into the loop no rotation is running) the arc starts at 12 o'clock: the
            // outline's start (3 o'clock, (100, 0) locally) is rotated by 270° about the circle's
            // centre (110, 110).
            Seed.expectClose(
                node.transform.matrix(at: loop.start + 1).apply(Point(100, 0)), Point(110, 10), tolerance: 1e-9,
                "\(node.id) start")
        }
    }

    @Test func loopIsTheSteadyStateOfTheSeedsTimer() throws {
        let timeline = try #require(Seed.compileSeedScene("spinner"))
        let loop = try #require(Seed.span(named: "spin", in: timeline))
        #expect(loop.kind == .timeline && loop.loops)
        Seed.expectClose(loop.end - loop.start, Self.cycle, tolerance: 1e-9, "loop length")

        var instants = stride(from: 0.0, to: Self.cycle, by: 0.05).map { $0 }
        instants += [1.125, 1.5 + 0.3, 1.49, 1.51, 1.6, 0.2, 0.34, 1.74, 1.89]
        for t in instants {
            for id in ["s1", "s2", "s3"] {
                Seed.expectClose(
                    try trimEnd(id, timeline, at: loop.start + t), Self.steady("\(id).trim.end", at: t), tolerance: 1e-6,
                    "\(id) trim end at \(t) s")
                let angle = try rotation(id, timeline, at: loop.start + t)
                let expected = Self.steady("\(id).rotation", at: t)
                #expect(
                    Seed.angularDistance(angle, expected) <= 1e-4,
                    "\(id) rotation at \(t) s: got \(angle), expected \(expected) modulo 360")
            }
        }
        // The facts' worked example, spelled out: S1 end at 1.125 s and at 1.5 + 0.3 s.
        Seed.expectClose(try trimEnd("s1", timeline, at: loop.start + 1.125), 0.515, tolerance: 1e-6, "s1 end at 1.125 s")
        Seed.expectClose(
            try trimEnd("s1", timeline, at: loop.start + 1.8), 1 - 0.97 * Seed.easeInOut(0.4), tolerance: 1e-6,
            "s1 end at 1.8 s")
    }

    @Test func loopIsSeamless() throws {
        let timeline = try #require(Seed.compileSeedScene("spinner"))
        let loop = try #require(Seed.span(named: "spin", in: timeline))
        for id in ["s1", "s2", "s3"] {
            let startEnd = try trimEnd(id, timeline, at: loop.start)
            let lastEnd = try trimEnd(id, timeline, at: loop.end - 1e-7)
            Seed.expectClose(lastEnd, startEnd, tolerance: 1e-5, "\(id) trim end across the seam")
            let startAngle = try rotation(id, timeline, at: loop.start)
            let lastAngle = try rotation(id, timeline, at: loop.end - 1e-7)
            #expect(
                Seed.angularDistance(startAngle, lastAngle) <= 1e-3,
                "\(id) rotation across the seam: \(lastAngle) then \(startAngle)")
        }
    }
}
