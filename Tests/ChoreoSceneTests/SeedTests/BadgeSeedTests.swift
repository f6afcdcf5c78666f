import ChoreoTimeline
import Foundation
import Testing

/// scenes/badge.yaml against the badge facts: the seed's hexagon with quadratic corners, its
/// gradient over the badge's square, and eight half-transparent mountain symbols rotated about
/// the square's bottom centre, then scaled to a quarter about the top centre and moved down.
@Suite struct BadgeSeedTests {
    static let side = 300.0
    static let adjustment = 0.085
    static let xOffset = side * (1 - 0.832) / 2
    static let hexWidth = side * 0.832

    /// HexagonParameters.segments as (line, curve, control) in unit coordinates.
    static let segments: [(line: Point, curve: Point, control: Point)] = [
        (Point(0.60, 0.05), Point(0.40, 0.05), Point(0.50, 0.00)),
        (Point(0.05, 0.20 + adjustment), Point(0.00, 0.30 + adjustment), Point(0.00, 0.25 + adjustment)),
        (Point(0.00, 0.70 - adjustment), Point(0.05, 0.80 - adjustment), Point(0.00, 0.75 - adjustment)),
        (Point(0.40, 0.95), Point(0.60, 0.95), Point(0.50, 1.00)),
        (Point(0.95, 0.80 - adjustment), Point(1.00, 0.70 - adjustment), Point(1.00, 0.75 - adjustment)),
        (Point(1.00, 0.30 + adjustment), Point(0.95, 0.20 + adjustment), Point(1.00, 0.25 + adjustment)),
    ]

    static func same(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    static func badgePoint(_ unit: Point) -> Point { Point(hexWidth * unit.x + xOffset, side * unit.y) }

    /// BadgeSymbol's two polygons in the symbol's own square of side S + 120.
    static let symbolContours: [[Point]] = {
        let width = side + 120, height = width * 0.75
        let spacing = width * 0.030, middle = width * 0.5
        let topWidth = width * 0.226, topHeight = height * 0.488
        return [
            [
                Point(middle, spacing), Point(middle - topWidth, topHeight - spacing),
                Point(middle, topHeight / 2 + spacing), Point(middle + topWidth, topHeight - spacing),
            ],
            [
                Point(middle, topHeight / 2 + spacing * 3), Point(middle - topWidth, topHeight + spacing),
                Point(spacing, height - spacing), Point(width - spacing, height - spacing),
                Point(middle + topWidth, topHeight + spacing),
            ],
        ]
    }()

    /// Where a point of the symbol's square lands on the canvas in copy `index`.
    static func symbolPointOnCanvas(_ p: Point, copy index: Int) -> Point {
        let inBadge = Point(p.x - 60, p.y - 60)
        let rotated = Seed.rotate(inBadge, degrees: 45 * Double(index), about: Point(side / 2, side))
        // scaleEffect(1/4, anchor: .top), then moved down by S/4.
        return Point(side / 2 + (rotated.x - side / 2) / 4, rotated.y / 4 + side / 4)
    }

    @Test func badgeIsStatic() throws {
        let timeline = try #require(Seed.compileSeedScene("badge"))
        #expect(timeline.width == Self.side && timeline.height == Self.side)
        #expect(timeline.isStatic)
        #expect(timeline.layers.map(\.id) == ["background", "symbols"])
    }

    @Test func hexagonFollowsHexagonParameters() throws {
        let timeline = try #require(Seed.compileSeedScene("badge"))
        let found = try #require(Seed.findNode("background", in: timeline.layers))
        let shape = try #require(Seed.pathShape(of: found.node, at: 0))
        #expect(shape.contours.count == 1)
        let contour = try #require(shape.contours.first)
        let matrix = Seed.canvasMatrix(of: found, at: 0)
        let vertices = contour.vertices.map {
            BezierVertex(matrix.apply($0.point), in: $0.inTangent, out: $0.outTangent)
        }
        func verticesAt(_ p: Point) -> [BezierVertex] {
            vertices.filter { Self.same($0.point, p) }
        }
        let start = Point(Self.hexWidth * 0.95 + Self.xOffset, Self.side * (0.20 + Self.adjustment))
        Seed.expectClose(try #require(vertices.first).point, start, tolerance: 1e-9, "the path's start")
        for (index, segment) in Self.segments.enumerated() {
            let line = Self.badgePoint(segment.line), curve = Self.badgePoint(segment.curve)
            let control = Self.badgePoint(segment.control)
            // addQuadCurve as a cubic: control points two thirds of the way to the quadratic's.
            let atLine = verticesAt(line)
            #expect(atLine.count == 1, "segment \(index): one vertex at the line's end \(line)")
            if let vertex = atLine.first {
                Seed.expectClose(vertex.inTangent, .zero, tolerance: 1e-9, "segment \(index) straight line in")
                Seed.expectClose(vertex.outTangent, (control - line) * (2.0 / 3), tolerance: 1e-9, "segment \(index) curve out")
            }
            let atCurve = verticesAt(curve)
            #expect(!atCurve.isEmpty, "segment \(index): a vertex at the curve's end \(curve)")
            let expectedIn = (control - curve) * (2.0 / 3)
            #expect(
                atCurve.contains { Self.same($0.inTangent, expectedIn) },
                "segment \(index): curve arriving at \(curve) with tangent \(expectedIn); found \(atCurve)")
        }
        var seedPoints = [start]
        for segment in Self.segments {
            seedPoints.append(Self.badgePoint(segment.line))
            seedPoints.append(Self.badgePoint(segment.curve))
        }
        let strays = vertices.filter { vertex in !seedPoints.contains { Self.same(vertex.point, $0) } }
        #expect(strays.isEmpty, "vertices outside the seed's points: \(strays)")
    }

    @Test func gradientRunsOverTheBadgesSquare() throws {
        let timeline = try #require(Seed.compileSeedScene("badge"))
        let found = try #require(Seed.findNode("background", in: timeline.layers))
        guard case let .shape(_, style) = found.node.content,
            case let .linearGradient(from, to, stops)? = style.fill
        else {
            Issue.record("the background should have a linear gradient fill")
            return
        }
        let matrix = Seed.canvasMatrix(of: found, at: 0)
        Seed.expectClose(matrix.apply(from.value(at: 0)), Point(Self.side * 0.5, 0), tolerance: 1e-9, "gradient start")
        Seed.expectClose(matrix.apply(to.value(at: 0)), Point(Self.side * 0.5, Self.side * 0.6), tolerance: 1e-9, "gradient end")
        let values = stops.value(at: 0).stops
        #expect(values.map(\.offset) == [0, 1])
        if values.count == 2 {
            Seed.expectClose(values[0].color, RGBA(bytes: 239, 120, 221), "gradient start colour")
            Seed.expectClose(values[1].color, RGBA(bytes: 239, 172, 120), "gradient end colour")
        }
    }

    @Test func eightSymbolsRotateAboutTheBottomCentre() throws {
        let timeline = try #require(Seed.compileSeedScene("badge"))
        let group = try #require(Seed.findNode("symbols", in: timeline.layers))
        let mountain = try #require(Seed.findNode("mountain", in: timeline.layers))
        #expect(mountain.ancestors.map(\.id) == ["symbols"])
        let rep = try #require(group.node.repeat)
        #expect(rep.count == 8)
        for index in 0..<8 {
            Seed.expectClose(rep.opacity(ofCopy: index), 0.5, tolerance: 1e-12, "copy \(index) opacity")
        }
        #expect(group.node.transform.opacity.value(at: 0) == 1)
        #expect(mountain.node.transform.opacity.value(at: 0) == 1)
        Seed.expectClose(group.node.transform.scale.value(at: 0), Point(0.25, 0.25), tolerance: 1e-12, "group scale")

        guard case let .shape(_, style) = mountain.node.content, case let .color(color)? = style.fill else {
            Issue.record("the mountain should have a solid fill")
            return
        }
        Seed.expectClose(color.value(at: 0), RGBA(bytes: 79, 79, 191), "symbol colour")

        let shape = try #require(Seed.pathShape(of: mountain.node, at: 0))
        #expect(shape.contours.map(\.vertices.count) == [4, 5])
        #expect(shape.contours.allSatisfy { $0.closed })
        let groupMatrix = group.node.transform.matrix(at: 0)
        let mountainMatrix = mountain.node.transform.matrix(at: 0)
        for index in 0..<8 {
            let matrix = groupMatrix.concatenating(rep.matrix(ofCopy: index)).concatenating(mountainMatrix)
            for (c, (contour, expected)) in zip(shape.contours, Self.symbolContours).enumerated() {
                for (v, (vertex, point)) in zip(contour.vertices, expected).enumerated() {
                    Seed.expectClose(
                        matrix.apply(vertex.point), Self.symbolPointOnCanvas(point, copy: index), tolerance: 1e-9,
                        "copy \(index) contour \(c) vertex \(v)")
                }
            }
        }
    }
}
