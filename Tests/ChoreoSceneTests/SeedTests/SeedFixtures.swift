import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoScene
import ChoreoTestSupport
import ChoreoTimeline
import Foundation
import Testing

// Support for the seed fidelity tests. The expected numbers in these tests come from
// /work/shared/reference/seed-facts.md and are computed here independently of the scene files
// and of the compiler: easings are solved by a bisection of our own, transforms are written out
// as rotations and translations by hand. Only the compiled timeline is read through the IR's API.

/// Helpers of the seed tests, in a namespace of their own so they never collide with other
/// suites' helpers in this test target.
enum Seed {
    /// Compiles `scenes/NAME.yaml` and records every diagnostic as a test issue.
    static func compileSeedScene(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Timeline? {
        let relativePath = "scenes/\(name).yaml"
        let url = repositoryRoot().appendingPathComponent(relativePath)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("cannot read \(url.path)", sourceLocation: sourceLocation)
            return nil
        }
        let compilation = compileScene(SourceFile(path: relativePath, bytes: Array(data)), files: SceneFolderFiles())
        for diagnostic in compilation.diagnostics {
            Issue.record(
                "\(relativePath):\(diagnostic.range.start): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]",
                sourceLocation: sourceLocation)
        }
        if compilation.timeline == nil && compilation.diagnostics.isEmpty {
            Issue.record("\(relativePath) compiled to no timeline and no diagnostics", sourceLocation: sourceLocation)
        }
        return compilation.timeline
    }

    /// The node with `id` anywhere in the tree, with the chain of its ancestors (outermost first).
    static func findNode(_ id: String, in nodes: [Node], ancestors: [Node] = []) -> (node: Node, ancestors: [Node])? {
        for node in nodes {
            if node.id == id { return (node, ancestors) }
            if case let .group(children) = node.content,
                let found = findNode(id, in: children, ancestors: ancestors + [node])
            {
                return found
            }
        }
        return nil
    }

    static func span(named name: String, in timeline: Timeline, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Span? {
        let span = timeline.spans.first { $0.name == name }
        if span == nil {
            Issue.record(
                "no span named '\(name)'; spans are \(timeline.spans.map(\.name))", sourceLocation: sourceLocation)
        }
        return span
    }

    /// CSS `cubic-bezier(x1, y1, x2, y2)` at time fraction `u`, solved by bisection on x(s) so that it
    /// shares nothing with the compiler's Newton solver.
    static func cssCubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at u: Double) -> Double {
        if u <= 0 { return 0 }
        if u >= 1 { return 1 }
        func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if bezier(x1, x2, mid) < u { low = mid } else { high = mid }
        }
        return bezier(y1, y2, (low + high) / 2)
    }

    /// SwiftUI's `easeInOut` timing curve.
    static func easeInOut(_ u: Double) -> Double { cssCubicBezier(0.42, 0, 0.58, 1, at: u) }

    static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
    static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point { Point(lerp(a.x, b.x, t), lerp(a.y, b.y, t)) }

    /// A clockwise-on-screen rotation (y points down) of `p` about `pivot`.
    static func rotate(_ p: Point, degrees: Double, about pivot: Point = .zero) -> Point {
        let r = degrees * .pi / 180
        let dx = p.x - pivot.x, dy = p.y - pivot.y
        return Point(pivot.x + dx * cos(r) - dy * sin(r), pivot.y + dx * sin(r) + dy * cos(r))
    }

    /// `degrees` reduced to [0, 360).
    static func normalizedDegrees(_ degrees: Double) -> Double {
        let r = degrees.truncatingRemainder(dividingBy: 360)
        return r < 0 ? r + 360 : r
    }

    /// The difference of two angles on the circle, in [0, 180].
    static func angularDistance(_ a: Double, _ b: Double) -> Double {
        let d = abs(normalizedDegrees(a) - normalizedDegrees(b))
        return min(d, 360 - d)
    }

    static func expectClose(
        _ actual: Double, _ expected: Double, tolerance: Double = 1e-6, _ what: @autoclosure () -> String = "",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(
            abs(actual - expected) <= tolerance, "\(what()): got \(actual), expected \(expected)",
            sourceLocation: sourceLocation)
    }

    static func expectClose(
        _ actual: Point, _ expected: Point, tolerance: Double = 1e-6, _ what: @autoclosure () -> String = "",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(
            abs(actual.x - expected.x) <= tolerance && abs(actual.y - expected.y) <= tolerance,
            "\(what()): got \(actual), expected \(expected)", sourceLocation: sourceLocation)
    }

    /// The local outline of a path node's geometry at `time`; nil (with an issue) for other shapes.
    static func pathShape(of node: Node, at time: Double, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> PathShape? {
        guard case let .shape(.path(shape), _) = node.content else {
            Issue.record("node '\(node.id)' is not a path: \(node.content)", sourceLocation: sourceLocation)
            return nil
        }
        return shape.value(at: time)
    }

    /// The matrix from a node's local coordinates to the canvas at `time`, composed through its
    /// ancestors (repeat copies aside).
    static func canvasMatrix(of found: (node: Node, ancestors: [Node]), at time: Double) -> ChoreoTimeline.AffineTransform {
        var matrix = found.node.transform.matrix(at: time)
        for ancestor in found.ancestors.reversed() {
            matrix = ancestor.transform.matrix(at: time).concatenating(matrix)
        }
        return matrix
    }

    static func expectClose(
        _ actual: RGBA, _ expected: RGBA, tolerance: Double = 1e-9, _ what: @autoclosure () -> String = "",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let close = [actual.r - expected.r, actual.g - expected.g, actual.b - expected.b, actual.a - expected.a]
            .allSatisfy { abs($0) <= tolerance }
        #expect(close, "\(what()): got \(actual), expected \(expected)", sourceLocation: sourceLocation)
    }
}
