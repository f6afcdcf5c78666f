import ChoreoTimeline
import Foundation
import Testing

/// scenes/menu-to-x.yaml against the menu-to-x facts and the seed's modifier order,
/// `rect.offset(y: slot × i).rotationEffect(θ).offset(adjustment)`: four bars sharing the top bar's
/// frame, bar i drawn moved down by slot × i inside it, so the middle two turn about the top bar's
/// centre together with their slot shift, then move by the seed's adjustment.
@Suite struct MenuToXSeedTests {
    static let w = 20.0, h = 20.0
    static let slot = h / 4
    static let gap = slot / 3
    static let barHeight = slot - gap
    static let delay = 0.2, duration = 0.35

    struct Pose: Equatable {
        var rotation: Double
        /// The seed's outer `.offset`, applied after the rotation.
        var adjustment: Point
        var opacity: Double
    }

    static let closed: [Pose] = (0..<4).map { _ in Pose(rotation: 0, adjustment: .zero, opacity: 1) }
    static let open: [Pose] = [
        Pose(rotation: 0, adjustment: Point(20, 0), opacity: 0),
        Pose(rotation: 45, adjustment: Point(w / 4, gap), opacity: 1),
        Pose(rotation: -45, adjustment: Point(-w / 4, -gap), opacity: 1),
        Pose(rotation: 0, adjustment: Point(-20, 0), opacity: 0),
    ]

    static func interpolate(_ a: Pose, _ b: Pose, _ p: Double) -> Pose {
        Pose(
            rotation: Seed.lerp(a.rotation, b.rotation, p), adjustment: Seed.lerp(a.adjustment, b.adjustment, p),
            opacity: Seed.lerp(a.opacity, b.opacity, p))
    }

    /// Bar `index`'s corners on the canvas: the top bar's frame (x 0…w, y 0…barHeight) moved down
    /// by slot × index, rotated about the top bar's centre, then moved by the adjustment.
    static func corners(_ pose: Pose, index: Int) -> [Point] {
        let centre = Point(w / 2, barHeight / 2)
        let shift = slot * Double(index)
        let drawn = [Point(0, shift), Point(w, shift), Point(w, shift + barHeight), Point(0, shift + barHeight)]
        return drawn.map { Seed.rotate($0, degrees: pose.rotation, about: centre) + pose.adjustment }
    }

    func expectPose(
        _ index: Int, in timeline: Timeline, at time: Double, equals pose: Pose, _ label: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        guard let found = Seed.findNode("bar\(index)", in: timeline.layers) else {
            Issue.record("no node 'bar\(index)'", sourceLocation: sourceLocation)
            return
        }
        let transform = found.node.transform
        Seed.expectClose(transform.rotation.value(at: time), pose.rotation, tolerance: 1e-6, "\(label) bar\(index) rotation", sourceLocation: sourceLocation)
        Seed.expectClose(transform.opacity.value(at: time), pose.opacity, tolerance: 1e-6, "\(label) bar\(index) opacity", sourceLocation: sourceLocation)
        // The rect is centred on its local origin: its frame corners are (±w/2, ±barHeight/2).
        let local = [
            Point(-Self.w / 2, -Self.barHeight / 2), Point(Self.w / 2, -Self.barHeight / 2),
            Point(Self.w / 2, Self.barHeight / 2), Point(-Self.w / 2, Self.barHeight / 2),
        ]
        let matrix = Seed.canvasMatrix(of: found, at: time)
        for (corner, (l, expected)) in zip(local, Self.corners(pose, index: index)).enumerated() {
            Seed.expectClose(matrix.apply(l), expected, tolerance: 1e-6, "\(label) bar\(index) corner \(corner)", sourceLocation: sourceLocation)
        }
    }

    @Test func barsAreTheSeedsRoundedRects() throws {
        let timeline = try #require(Seed.compileSeedScene("menu-to-x"))
        #expect(timeline.width == Self.w && timeline.height == Self.h)
        #expect(timeline.layers.map(\.id) == ["bar0", "bar1", "bar2", "bar3"])
        for node in timeline.layers {
            guard case let .shape(.rect(size, cornerRadius), style) = node.content else {
                Issue.record("'\(node.id)' should be a rect")
                continue
            }
            Seed.expectClose(size.value(at: 0), Point(Self.w, Self.barHeight), tolerance: 1e-9, "\(node.id) size")
            #expect(cornerRadius.value(at: 0) == 2)
            guard case let .color(color)? = style.fill else {
                Issue.record("'\(node.id)' should have a solid fill")
                continue
            }
            Seed.expectClose(color.value(at: 0), RGBA(bytes: 255, 59, 48), "\(node.id) fill")
        }
    }

    @Test func posesMatchTheFacts() throws {
        let timeline = try #require(Seed.compileSeedScene("menu-to-x"))
        let closed = try #require(Seed.span(named: "closed", in: timeline))
        let open = try #require(Seed.span(named: "open", in: timeline))
        for i in 0..<4 {
            expectPose(i, in: timeline, at: (closed.start + closed.end) / 2, equals: Self.closed[i], "closed")
            expectPose(i, in: timeline, at: (open.start + open.end) / 2, equals: Self.open[i], "open")
        }
    }

    @Test func transitionsWaitForTheDelayThenEaseInOut() throws {
        let timeline = try #require(Seed.compileSeedScene("menu-to-x"))
        for (name, from, to) in [("closed->open", Self.closed, Self.open), ("open->closed", Self.open, Self.closed)] {
            let transition = try #require(Seed.span(named: name, in: timeline))
            #expect(transition.kind == .transition && { if case .transition(_, _, .tap) = transition.role { true } else { false } }())
            for i in 0..<4 {
                expectPose(i, in: timeline, at: transition.start + Self.delay / 2, equals: from[i], "\(name) during the delay")
                for fraction in [0.25, 0.5, 0.9] {
                    let time = transition.start + Self.delay + Self.duration * fraction
                    let pose = Self.interpolate(from[i], to[i], Seed.easeInOut(fraction))
                    expectPose(i, in: timeline, at: time, equals: pose, "\(name) at \(fraction)")
                }
            }
            // Bar 1 half-way: rotated by exactly 22.5°, its corners where the seed puts them.
            let middle = transition.start + Self.delay + Self.duration / 2
            let bar1 = try #require(Seed.findNode("bar1", in: timeline.layers)).node
            Seed.expectClose(bar1.transform.rotation.value(at: middle), 22.5, tolerance: 1e-6, "\(name) bar1 mid rotation")
            expectPose(1, in: timeline, at: middle, equals: Self.interpolate(from[1], to[1], 0.5), "\(name) middle")
        }
    }

    /// The open pose is an X: the two middle bars' centres nearly meet (they are 0.64 px apart in
    /// the seed), instead of being w/2 apart as they would be if the slot shift did not turn.
    @Test func openPoseCrossesTheMiddleBars() throws {
        let timeline = try #require(Seed.compileSeedScene("menu-to-x"))
        let open = try #require(Seed.span(named: "open", in: timeline))
        let time = (open.start + open.end) / 2
        func centre(_ id: String) throws -> Point {
            let found = try #require(Seed.findNode(id, in: timeline.layers))
            return Seed.canvasMatrix(of: found, at: time).apply(.zero)
        }
        let c1 = try centre("bar1"), c2 = try centre("bar2")
        let expected1 = Seed.rotate(Point(Self.w / 2, Self.barHeight / 2 + Self.slot), degrees: 45, about: Point(Self.w / 2, Self.barHeight / 2)) + Point(Self.w / 4, Self.gap)
        Seed.expectClose(c1, expected1, tolerance: 1e-9, "bar1 centre")
        let distance = ((c1.x - c2.x) * (c1.x - c2.x) + (c1.y - c2.y) * (c1.y - c2.y)).squareRoot()
        #expect(distance < 1, "middle bars' centres are \(distance) px apart")
    }
}
