import ChoreoTimeline
import Testing

/// scenes/play-pause.yaml against the play-pause facts: two 4-vertex contours morphing
/// vertex by vertex from the triangle halves to the bars, easeInOut 0.3 s both ways.
@Suite struct PlayPauseSeedTests {
    static let w = 128.0, h = 128.0
    /// The fraction the scene documents for the pause bars.
    static let barW = w * 0.28
    static let barX = (w / 2 - barW) / 2

    /// A, D, E, C and D, B, B, E.
    static let play: [String: [Point]] = [
        "left": [Point(0, 0), Point(w / 2, h / 4), Point(w / 2, 3 * h / 4), Point(0, h)],
        "right": [Point(w / 2, h / 4), Point(w, h / 2), Point(w, h / 2), Point(w / 2, 3 * h / 4)],
    ]

    /// Bars, corners top-left, top-right, bottom-right, bottom-left; the right bar moved by w/2.
    static let pause: [String: [Point]] = [
        "left": [Point(barX, 0), Point(barX + barW, 0), Point(barX + barW, h), Point(barX, h)],
        "right": [
            Point(barX + w / 2, 0), Point(barX + barW + w / 2, 0), Point(barX + barW + w / 2, h),
            Point(barX + w / 2, h),
        ],
    ]

    /// Canvas positions of the vertices of `id`'s only contour at `time`.
    func vertices(_ id: String, in timeline: Timeline, at time: Double, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        -> [Point]
    {
        guard let found = Seed.findNode(id, in: timeline.layers) else {
            Issue.record("no node '\(id)'", sourceLocation: sourceLocation)
            return []
        }
        guard let shape = Seed.pathShape(of: found.node, at: time, sourceLocation: sourceLocation) else { return [] }
        #expect(shape.contours.count == 1, "'\(id)' should be one contour", sourceLocation: sourceLocation)
        guard let contour = shape.contours.first else { return [] }
        #expect(contour.closed, "'\(id)' should be closed", sourceLocation: sourceLocation)
        let matrix = Seed.canvasMatrix(of: found, at: time)
        return contour.vertices.map { matrix.apply($0.point) }
    }

    func expectVertices(
        _ id: String, in timeline: Timeline, at time: Double, equal expected: [Point], _ label: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let actual = vertices(id, in: timeline, at: time, sourceLocation: sourceLocation)
        #expect(actual.count == expected.count, "\(label) \(id): vertex count", sourceLocation: sourceLocation)
        for (index, (a, e)) in zip(actual, expected).enumerated() {
            Seed.expectClose(a, e, tolerance: 1e-6, "\(label) \(id) vertex \(index)", sourceLocation: sourceLocation)
        }
    }

    @Test func posesHoldTheTriangleAndTheBars() throws {
        let timeline = try #require(Seed.compileSeedScene("play-pause"))
        #expect(timeline.width == Self.w && timeline.height == Self.h)
        let paused = try #require(Seed.span(named: "paused", in: timeline))
        let playing = try #require(Seed.span(named: "playing", in: timeline))
        #expect(paused.role == .pose(label: "Play", plays: nil))
        #expect(playing.role == .pose(label: "Pause", plays: nil))
        for id in ["left", "right"] {
            expectVertices(id, in: timeline, at: (paused.start + paused.end) / 2, equal: Self.play[id]!, "paused")
            expectVertices(id, in: timeline, at: (playing.start + playing.end) / 2, equal: Self.pause[id]!, "playing")
        }
    }

    @Test func everyVertexMovesInAStraightEasedLine() throws {
        let timeline = try #require(Seed.compileSeedScene("play-pause"))
        for (name, from, to) in [("paused->playing", Self.play, Self.pause), ("playing->paused", Self.pause, Self.play)] {
            let transition = try #require(Seed.span(named: name, in: timeline))
            #expect(transition.kind == .transition && { if case .transition(_, _, .tap) = transition.role { true } else { false } }())
            // The span holds the whole 0.3 s motion (it may end on a later whole frame).
            #expect(transition.end - transition.start >= 0.3 - 1e-9, "\(name) is shorter than its motion")
            for fraction in [0.25, 0.5, 0.8] {
                let progress = Seed.easeInOut(fraction)
                for id in ["left", "right"] {
                    let expected = zip(from[id]!, to[id]!).map { Seed.lerp($0, $1, progress) }
                    expectVertices(
                        id, in: timeline, at: transition.start + 0.3 * fraction, equal: expected,
                        "\(name) at \(fraction)")
                }
            }
            // The middle of the motion is exactly the midpoint of each vertex's two positions.
            for id in ["left", "right"] {
                let midpoints = zip(from[id]!, to[id]!).map { Seed.lerp($0, $1, 0.5) }
                expectVertices(id, in: timeline, at: transition.start + 0.15, equal: midpoints, "\(name) middle")
            }
        }
    }

    @Test func shapesAreFilledBlack() throws {
        let timeline = try #require(Seed.compileSeedScene("play-pause"))
        for id in ["left", "right"] {
            let found = try #require(Seed.findNode(id, in: timeline.layers))
            guard case let .shape(_, style) = found.node.content, case let .color(color)? = style.fill else {
                Issue.record("'\(id)' should have a solid fill")
                continue
            }
            #expect(color.value(at: 0) == RGBA(0, 0, 0, 1))
            #expect(style.stroke == nil)
        }
    }
}
