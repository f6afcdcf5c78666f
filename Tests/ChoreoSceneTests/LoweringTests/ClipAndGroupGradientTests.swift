import ChoreoDiagnostics
import ChoreoTimeline
import Foundation
import Testing

@testable import ChoreoScene

private func compiled(_ text: String) throws -> Timeline {
    let result = compileScene(SourceFile(path: "t.yaml", text: text))
    #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
    return try #require(result.timeline)
}

private func node(_ id: String, in nodes: [Node]) -> Node? {
    for candidate in nodes {
        if candidate.id == id { return candidate }
        if case let .group(children) = candidate.content, let found = node(id, in: children) { return found }
    }
    return nil
}

/// The linear gradient's parameter (0 at `from`, 1 at `to`) at a point of the node's coordinates.
private func gradientParameter(_ node: Node, at local: Point, time: Double) -> Double? {
    guard case let .shape(_, style) = node.content, case let .linearGradient(from, to, _)? = style.fill else { return nil }
    let a = from.value(at: time), b = to.value(at: time)
    let d = b - a, p = local - a
    return (p.x * d.x + p.y * d.y) / (d.x * d.x + d.y * d.y)
}

@Suite struct ClipLoweringTests {
    @Test func aClipIsInTheNodesLocalCoordinatesAndItsKeysAnimate() throws {
        let timeline = try compiled("""
            choreo: 1
            size: [200, 200]
            layers:
              - id: card
                shape: group
                position: [100, 100]
                clip: {shape: rect, size: [120, 80], corner-radius: 8, position: [10, 0], rotation: 90deg}
                children:
                  - {id: disc, shape: ellipse, radius: 60, fill: red}
            states:
              closed: {}
              open: {card: {clip: {size: [160, 100], position: [0, 0]}}}
            transitions:
              - {from: closed, to: open, duration: 1s, easing: linear}
            """)
        let card = try #require(node("card", in: timeline.layers))
        let clip = try #require(card.clip)
        guard case let .rect(size, radius) = clip.geometry else { Issue.record("not a rect clip"); return }
        #expect(size.value(at: 0) == Point(120, 80))
        #expect(radius.value(at: 0) == 8)
        #expect(clip.transform.rotation.value(at: 0) == 90)
        let transition = try #require(timeline.spans.first { $0.kind == .transition })
        #expect(size.value(at: transition.end) == Point(160, 100))
        #expect(clip.transform.position.value(at: transition.end) == Point(0, 0))
        let middle = size.value(at: (transition.start + transition.end) / 2).x
        #expect(middle > 130 && middle < 150)
        // The outline is the rect turned a quarter about its centre, then moved: 80 wide, 120 tall at x = 10.
        let outline = clip.outline(at: 0).contours[0].vertices.map(\.point)
        let xs = outline.map(\.x), ys = outline.map(\.y)
        #expect(abs(xs.min()! - -30) < 1e-6 && abs(xs.max()! - 50) < 1e-6)
        #expect(abs(ys.min()! - -60) < 1e-6 && abs(ys.max()! - 60) < 1e-6)
    }

    @Test func aClipKeyframeOnAnEllipseRadiusAnimatesItsSize() throws {
        let timeline = try compiled("""
            choreo: 1
            size: [100, 100]
            layers:
              - {id: dot, shape: rect, size: [80, 80], position: [50, 50], clip: {shape: ellipse, radius: 10}}
            timelines:
              grow:
                duration: 1s
                keyframes:
                  dot.clip.radius:
                    - {at: 0s, value: 10}
                    - {at: 1s, value: 30}
            """)
        let dot = try #require(node("dot", in: timeline.layers))
        guard case let .ellipse(size)? = dot.clip?.geometry else { Issue.record("not an ellipse clip"); return }
        #expect(size.value(at: 0) == Point(20, 20))
        #expect(size.value(at: timeline.duration) == Point(60, 60))
    }
}

@Suite struct GroupGradientTests {
    static let scene = """
        choreo: 1
        size: [200, 120]
        layers:
          - id: rows
            shape: group
            fill:
              linear: {from: [0, 0.5], to: [1, 0.5]}
              units: bounds
              stops: [[0, "#ff0000"], [1, "#0000ff"]]
            children:
              - {id: r1, shape: rect, size: [160, 20], position: [100, 30]}
              - {id: r2, shape: rect, size: [100, 20], position: [70, 60], rotation: 90deg, scale: 0.5}
              - id: inner
                shape: group
                position: [130, 90]
                anchor: [0, 0]
                rotation: 30deg
                children:
                  - {id: r3, shape: rect, size: [40, 20]}
              - {id: own, shape: rect, size: [20, 20], position: [30, 100], fill: green}
        timelines:
          sweep:
            duration: 1s
            tweens:
              - {at: 0s, duration: 1s, easing: linear, to: {rows: {fill: {linear: {to: [1.5, 0.5]}}}}}
              - {at: 0s, duration: 1s, easing: linear, by: {rows: {fill: {linear: {from: [40, 10]}}}}}
        """

    /// Scene points seen through each child: the gradient's parameter must be the group's, wherever
    /// the child sits, however it is turned or scaled (one continuous sweep).
    @Test func everyInheritingChildShowsItsPartOfOneGradient() throws {
        let timeline = try compiled(Self.scene)
        let rows = try #require(node("rows", in: timeline.layers))
        guard case let .group(children) = rows.content else { Issue.record("not a group"); return }
        // The group's bounds: x 20…180 (r1), y 20…110 (r1 to own), so the gradient runs along y = 65
        // from x = 20 to x = 180 at first; `to:` moves its end by 80 in x (units: bounds), `by:`
        // moves its start by (40, 10) in the group's coordinates.
        for time in [0.0, 0.25, 0.5, 1.0] {
            let from = Point(20 + 40 * time, 65 + 10 * time), to = Point(180 + 80 * time, 65)
            let d = to - from
            func groupParameter(_ p: Point) -> Double { ((p - from).x * d.x + (p - from).y * d.y) / (d.x * d.x + d.y * d.y) }
            for id in ["r1", "r2", "r3"] {
                var chain: [Node] = []
                func find(_ nodes: [Node], _ path: [Node]) {
                    for n in nodes {
                        if n.id == id { chain = path + [n] }
                        if case let .group(c) = n.content { find(c, path + [n]) }
                    }
                }
                find(children, [])
                let toGroup = chain.reversed().reduce(AffineTransform.identity) { $1.transform.matrix(at: time).concatenating($0) }
                let child = chain.last!
                for local in [Point(0, 0), Point(7, -3), Point(-9, 5)] {
                    let scenePoint = toGroup.apply(local)
                    let seen = try #require(gradientParameter(child, at: local, time: time))
                    #expect(abs(seen - groupParameter(scenePoint)) < 1e-9, "\(id) at \(local), t = \(time)")
                }
            }
        }
        let own = try #require(node("own", in: timeline.layers))
        guard case .shape(_, let style) = own.content, case .color? = style.fill else {
            Issue.record("a child with its own fill keeps it")
            return
        }
    }

    @Test func aChildThatMovesUnderItsGroupsGradientIsAnError() {
        let text = Self.scene + "\n      - {at: 0s, duration: 1s, to: {inner: {rotation: 90deg}}}\n"
        let result = compileScene(SourceFile(path: "t.yaml", text: text))
        #expect(result.timeline == nil)
        #expect(result.diagnostics.map(\.rule) == [.groupGradientTransform])
    }
}
