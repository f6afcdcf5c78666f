import Foundation

/// The magic number for approximating a quarter circle with one cubic Bézier (Lottie's κ).
public let circleKappa = 0.5519150244935105707435627

extension Geometry {
    /// The geometry's outline at an instant, as Bézier contours with the start point and direction
    /// the scene language defines (see `Geometry`). Trim is measured along this outline.
    public func outline(at time: Double) -> PathShape {
        switch self {
        case let .rect(size, cornerRadius):
            return rectOutline(size: size.value(at: time), cornerRadius: cornerRadius.value(at: time))
        case let .ellipse(size):
            return ellipseOutline(size: size.value(at: time))
        case let .polygon(sides, radius, innerRadius):
            return polygonOutline(sides: sides, radius: radius.value(at: time), innerRadius: innerRadius?.value(at: time))
        case let .path(shape):
            return shape.value(at: time)
        }
    }
}

public func rectOutline(size: Point, cornerRadius: Double) -> PathShape {
    let w = abs(size.x) / 2, h = abs(size.y) / 2
    let r = max(0, min(cornerRadius, min(w, h)))
    if r <= 0 {
        return PathShape([
            Contour([BezierVertex(Point(-w, -h)), BezierVertex(Point(w, -h)), BezierVertex(Point(w, h)), BezierVertex(Point(-w, h))], closed: true)
        ])
    }
    let k = r * circleKappa
    let vertices = [
        BezierVertex(Point(-w + r, -h), in: Point(-k, 0)),
        BezierVertex(Point(w - r, -h), out: Point(k, 0)),
        BezierVertex(Point(w, -h + r), in: Point(0, -k)),
        BezierVertex(Point(w, h - r), out: Point(0, k)),
        BezierVertex(Point(w - r, h), in: Point(k, 0)),
        BezierVertex(Point(-w + r, h), out: Point(-k, 0)),
        BezierVertex(Point(-w, h - r), in: Point(0, k)),
        BezierVertex(Point(-w, -h + r), out: Point(0, -k)),
    ]
    return PathShape([Contour(vertices, closed: true)])
}

public func ellipseOutline(size: Point) -> PathShape {
    let rx = abs(size.x) / 2, ry = abs(size.y) / 2
    let kx = rx * circleKappa, ky = ry * circleKappa
    return PathShape([
        Contour([
            BezierVertex(Point(rx, 0), in: Point(0, -ky), out: Point(0, ky)),
            BezierVertex(Point(0, ry), in: Point(kx, 0), out: Point(-kx, 0)),
            BezierVertex(Point(-rx, 0), in: Point(0, ky), out: Point(0, -ky)),
            BezierVertex(Point(0, -ry), in: Point(-kx, 0), out: Point(kx, 0)),
        ], closed: true)
    ])
}

public func polygonOutline(sides: Int, radius: Double, innerRadius: Double?) -> PathShape {
    let n = max(3, sides)
    var vertices: [BezierVertex] = []
    for i in 0..<n {
        let angle = (-90 + 360 * Double(i) / Double(n)) * .pi / 180
        vertices.append(BezierVertex(Point(radius * cos(angle), radius * sin(angle))))
        if let innerRadius {
            let innerAngle = angle + .pi / Double(n)
            vertices.append(BezierVertex(Point(innerRadius * cos(innerAngle), innerRadius * sin(innerAngle))))
        }
    }
    return PathShape([Contour(vertices, closed: true)])
}

/// A regular polygon (or star) whose corners are circular arcs of `cornerRadius`, each arc one
/// cubic. Like `polygonOutline`, it is centred on the origin and runs clockwise from 12 o'clock:
/// its first vertex is where the first corner's rounding begins.
package func roundedPolygonOutline(sides: Int, radius: Double, innerRadius: Double?, cornerRadius: Double) -> PathShape {
    let corners = polygonOutline(sides: sides, radius: radius, innerRadius: innerRadius).contours[0].vertices.map(\.point)
    let count = corners.count
    var vertices: [BezierVertex] = []
    for index in 0..<count {
        let corner = corners[index]
        let previous = corners[(index + count - 1) % count], next = corners[(index + 1) % count]
        let toPrevious = previous - corner, toNext = next - corner
        let lengthPrevious = hypot(toPrevious.x, toPrevious.y), lengthNext = hypot(toNext.x, toNext.y)
        guard lengthPrevious > 0, lengthNext > 0 else {
            vertices.append(BezierVertex(corner))
            continue
        }
        let d1 = toPrevious * (1 / lengthPrevious), d2 = toNext * (1 / lengthNext)
        let cosine = min(max(d1.x * d2.x + d1.y * d2.y, -1), 1)
        let interior = acos(cosine)
        let turn = Double.pi - interior
        guard interior > 1e-9, turn > 1e-9 else {
            vertices.append(BezierVertex(corner))
            continue
        }
        // The arc touches both edges `cut` away from the corner; never past half an edge.
        let cut = min(cornerRadius / tan(interior / 2), lengthPrevious / 2, lengthNext / 2)
        let arcRadius = cut * tan(interior / 2)
        let handle = 4.0 / 3.0 * tan(turn / 4) * arcRadius
        let entry = corner + d1 * cut, exit = corner + d2 * cut
        vertices.append(BezierVertex(entry, out: d1 * -handle))
        vertices.append(BezierVertex(exit, in: d2 * -handle))
    }
    return PathShape([Contour(vertices, closed: true)])
}

/// A 2-D affine transform `[a c tx; b d ty]`, mapping (x, y) to (a·x + c·y + tx, b·x + d·y + ty).
public struct AffineTransform: Sendable, Equatable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ p: Point) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: p.x, ty: p.y)
    }

    public static func scale(_ s: Point) -> AffineTransform {
        AffineTransform(a: s.x, b: 0, c: 0, d: s.y, tx: 0, ty: 0)
    }

    /// Clockwise on screen (y points down).
    public static func rotation(degrees: Double) -> AffineTransform {
        let r = degrees * .pi / 180
        return AffineTransform(a: cos(r), b: sin(r), c: -sin(r), d: cos(r), tx: 0, ty: 0)
    }

    /// `self` applied after `other`: (self ∘ other)(p) = self(other(p)).
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + c * other.b, b: b * other.a + d * other.b,
            c: a * other.c + c * other.d, d: b * other.c + d * other.d,
            tx: a * other.tx + c * other.ty + tx, ty: b * other.tx + d * other.ty + ty)
    }

    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }
}

extension Transform {
    /// The matrix taking local coordinates to the parent's at an instant (opacity aside).
    public func matrix(at time: Double) -> AffineTransform {
        let toOrigin = AffineTransform.translation(Point(0, 0) - anchor.value(at: time))
        let scaled = AffineTransform.scale(scale.value(at: time))
        let rotated = AffineTransform.rotation(degrees: rotationValue(at: time))
        let placed = AffineTransform.translation(positionValue(at: time) + offset.value(at: time))
        return placed.concatenating(rotated).concatenating(scaled).concatenating(toOrigin)
    }
}

extension Repeat {
    /// The extra transform of copy `index` (0 is untransformed).
    public func matrix(ofCopy index: Int) -> AffineTransform {
        let step = AffineTransform.translation(anchor + offset)
            .concatenating(.rotation(degrees: rotation))
            .concatenating(.scale(scale))
            .concatenating(.translation(Point(0, 0) - anchor))
        var result = AffineTransform.identity
        for _ in 0..<index { result = step.concatenating(result) }
        return result
    }
}

extension AffineTransform {
    /// The linear part applied to a vector (a tangent, a difference of points).
    public func applyLinear(_ v: Point) -> Point {
        Point(a * v.x + c * v.y, b * v.x + d * v.y)
    }

    /// The inverse, nil when the transform flattens the plane (a zero scale).
    public var inverted: AffineTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        let ia = d / determinant, ib = -b / determinant, ic = -c / determinant, id = a / determinant
        return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }
}

extension PathShape {
    /// Every vertex mapped by `transform`, tangents by its linear part (they are relative).
    public func applying(_ transform: AffineTransform) -> PathShape {
        if transform == .identity { return self }
        return PathShape(contours.map { contour in
            Contour(
                contour.vertices.map {
                    BezierVertex(
                        transform.apply($0.point), in: transform.applyLinear($0.inTangent), out: transform.applyLinear($0.outTangent))
                }, closed: contour.closed)
        })
    }
}
