import ChoreoJSON
import ChoreoSceneSyntax
import ChoreoTimeline
import Foundation

/// An axis-aligned box in user units: an element's bounding box, for objectBoundingBox units.
struct Box {
    var minX: Double, minY: Double, maxX: Double, maxY: Double
    var width: Double { maxX - minX }
    var height: Double { maxY - minY }

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The exact box of the outline: segment ends and the extremes of every cubic.
    init(_ shape: PathShape) {
        var box = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for contour in shape.contours {
            let count = contour.vertices.count
            for index in 0..<count {
                let start = contour.vertices[index]
                box.include(start.point)
                guard index + 1 < count || contour.closed else { continue }
                let end = contour.vertices[(index + 1) % count]
                let p0 = start.point, p1 = start.point + start.outTangent, p2 = end.point + end.inTangent, p3 = end.point
                func curvePoint(at t: Double) -> Point {
                    let u = 1 - t
                    return Point(
                        u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
                        u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y)
                }
                // Closure literals, not a local function that mutates `box`: the compiler then
                // knows the access is not escaping and checks it statically, not on every point.
                forEachCubicTurningParameter(p0.x, p1.x, p2.x, p3.x) { box.include(curvePoint(at: $0)) }
                forEachCubicTurningParameter(p0.y, p1.y, p2.y, p3.y) { box.include(curvePoint(at: $0)) }
            }
        }
        if !box.minX.isFinite { box = Box(minX: 0, minY: 0, maxX: 0, maxY: 0) }
        self = box
    }

    private mutating func include(_ point: Point) {
        minX = min(minX, point.x)
        minY = min(minY, point.y)
        maxX = max(maxX, point.x)
        maxY = max(maxY, point.y)
    }
}

/// The cubic that follows a quarter of an ellipse closely (the usual 0.5523 handle).
private let kappa = 4 * (2.squareRoot() - 1) / 3

func rectOutline(x: Double, y: Double, width: Double, height: Double, rx: Double, ry: Double) -> PathShape {
    if rx <= 0 || ry <= 0 {
        return PathShape([Contour([
            BezierVertex(Point(x, y)), BezierVertex(Point(x + width, y)),
            BezierVertex(Point(x + width, y + height)), BezierVertex(Point(x, y + height)),
        ], closed: true)])
    }
    let hx = rx * kappa, hy = ry * kappa
    let right = x + width, bottom = y + height
    return PathShape([Contour([
        BezierVertex(Point(x + rx, y), in: Point(-hx, 0)),
        BezierVertex(Point(right - rx, y), out: Point(hx, 0)),
        BezierVertex(Point(right, y + ry), in: Point(0, -hy)),
        BezierVertex(Point(right, bottom - ry), out: Point(0, hy)),
        BezierVertex(Point(right - rx, bottom), in: Point(hx, 0)),
        BezierVertex(Point(x + rx, bottom), out: Point(-hx, 0)),
        BezierVertex(Point(x, bottom - ry), in: Point(0, hy)),
        BezierVertex(Point(x, y + ry), out: Point(0, -hy)),
    ], closed: true)])
}

/// A rect's or an ellipse's outline, as its parameters: a shape written as its primitive never
/// needs the outline built.
enum BasicOutline {
    case rect(x: Double, y: Double, width: Double, height: Double, rx: Double, ry: Double)
    case ellipse(cx: Double, cy: Double, rx: Double, ry: Double)

    var shape: PathShape {
        switch self {
        case let .rect(x, y, width, height, rx, ry): rectOutline(x: x, y: y, width: width, height: height, rx: rx, ry: ry)
        case let .ellipse(cx, cy, rx, ry): ellipseOutline(cx: cx, cy: cy, rx: rx, ry: ry)
        }
    }

    /// The vertices `shape` has, without building it.
    var vertexCount: Int {
        switch self {
        case let .rect(_, _, _, _, rx, ry): rx <= 0 || ry <= 0 ? 4 : 8
        case .ellipse: 4
        }
    }
}

func ellipseOutline(cx: Double, cy: Double, rx: Double, ry: Double) -> PathShape {
    let hx = rx * kappa, hy = ry * kappa
    return PathShape([Contour([
        BezierVertex(Point(cx + rx, cy), in: Point(0, -hy), out: Point(0, hy)),
        BezierVertex(Point(cx, cy + ry), in: Point(hx, 0), out: Point(-hx, 0)),
        BezierVertex(Point(cx - rx, cy), in: Point(0, hy), out: Point(0, -hy)),
        BezierVertex(Point(cx, cy - ry), in: Point(-hx, 0), out: Point(hx, 0)),
    ], closed: true)])
}

extension PathShape {
    func transformed(by matrix: Affine) -> PathShape {
        PathShape(contours.map { contour in
            Contour(contour.vertices.map {
                BezierVertex(matrix.apply($0.point), in: matrix.applyLinear($0.inTangent), out: matrix.applyLinear($0.outTangent))
            }, closed: contour.closed)
        })
    }
}

/// A number as the importer writes it, as `SceneWriter` writes every number: at most six
/// decimals, so sums of exact inputs print as the person would have typed them (`12.5`, not
/// `12.500000000001`).
func importNumber(_ value: Double) -> String { formatNumber(value, decimals: sceneNumberDecimals) }

/// Path data for `shape`: straight segments as `L`, curved ones as `C`, closed contours ending in `Z`.
func pathData(_ shape: PathShape) -> String {
    var parts: [String] = []
    func point(_ p: Point) -> String { "\(importNumber(p.x)) \(importNumber(p.y))" }
    for contour in shape.contours where !contour.vertices.isEmpty {
        let vertices = contour.vertices
        parts.append("M \(point(vertices[0].point))")
        let segments = contour.closed ? vertices.count : vertices.count - 1
        for index in 0..<segments {
            let start = vertices[index], end = vertices[(index + 1) % vertices.count]
            if start.outTangent == .zero && end.inTangent == .zero {
                if index == vertices.count - 1 { continue }
                parts.append("L \(point(end.point))")
            } else {
                parts.append("C \(point(start.point + start.outTangent)) \(point(end.point + end.inTangent)) \(point(end.point))")
            }
        }
        if contour.closed { parts.append("Z") }
    }
    return parts.joined(separator: " ")
}
