import ChoreoJSON
import ChoreoTimeline

// The outlines the SVG draws and animates: a geometry's and a clip's, at the instants their tracks
// move, and the contour helpers they share.

/// Whether a closed contour turns counter-clockwise on screen (negative area with y down), its
/// curves measured by a few chords each.
func turnsBackward(_ contour: Contour) -> Bool {
    let vertices = contour.vertices
    var area = 0.0
    var previous = vertices.first?.point ?? .zero
    for index in vertices.indices {
        let start = vertices[index], end = vertices[(index + 1) % vertices.count]
        let p0 = start.point, p1 = start.point + start.outTangent, p2 = end.point + end.inTangent, p3 = end.point
        for step in 1...8 {
            let t = Double(step) / 8, u = 1 - t
            let point = Point(
                u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
                u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y)
            area += previous.x * point.y - point.x * previous.y
            previous = point
        }
    }
    return area < 0
}

/// The same closed contour drawn the other way round, from the same first vertex.
func reversedContour(_ contour: Contour) -> Contour {
    guard let first = contour.vertices.first else { return contour }
    let order = [first] + contour.vertices.dropFirst().reversed()
    return Contour(order.map { BezierVertex($0.point, in: $0.outTangent, out: $0.inTangent) }, closed: contour.closed)
}

/// A clip's outline in its node's coordinates as a function of time: the geometry's outline moved
/// by the clip's transform, with the timings of every track either depends on.
struct ClipOutlines {
    let clip: ClipShape

    /// From the one track walk: the clip's geometry and the four transform tracks `leftValue`
    /// builds its matrix from (a clip's offset is always the identity's, and opacity moves no
    /// outline).
    var timings: [[SegmentTiming]] {
        var collector = OutlineTimings { place in
            switch place {
            case .clipGeometry: return true
            case let .clipTransform(track):
                switch track {
                case .anchor, .position, .rotation, .scale: return true
                case .offset, .opacity, .positionX, .positionY: return false
                }
            case .transform, .geometry, .fill, .stroke, .strokeWidth, .trim, .blur, .shadow, .maskGeometry, .maskTransform,
                .maskExpand:
                return false
            }
        }
        clip.visitTracks(&collector)
        return collector.timings
    }

    func value(at time: Double, normalised: Bool) -> PathShape {
        closed(GeometryOutlines(clip.geometry).value(at: time, normalised: normalised).applying(clip.transform.matrix(at: time)))
    }

    func leftValue(at time: Double, normalised: Bool) -> PathShape {
        let t = clip.transform
        let matrix = Transform(
            anchor: Animated(t.anchor.leftValue(at: time)), position: Animated(t.position.leftValue(at: time)),
            rotation: Animated(t.rotation.leftValue(at: time)), scale: Animated(t.scale.leftValue(at: time))
        ).matrix(at: time)
        return closed(GeometryOutlines(clip.geometry).leftValue(at: time, normalised: normalised).applying(matrix))
    }

    /// A clip region is the inside of its outline: an open path clips as if closed.
    private func closed(_ shape: PathShape) -> PathShape {
        PathShape(shape.contours.map { Contour($0.vertices, closed: true) })
    }
}

/// The segment timings of the tracks a walk visits at the places `keeps` accepts, one list per
/// track, in the walk's order.
private struct OutlineTimings: TrackVisitor {
    let keeps: (TrackPlace) -> Bool
    var timings: [[SegmentTiming]] = []

    init(keeps: @escaping (TrackPlace) -> Bool) { self.keeps = keeps }

    mutating func visit<Value: Interpolatable>(_ track: Animated<Value>, at place: TrackPlace) {
        if keeps(place) { timings.append(track.timings) }
    }
}

/// A geometry's outline as a function of time, from the right (`value`) or the left (`leftValue`,
/// the limit just before a jump), with the segment timings of every track it depends on.
struct GeometryOutlines {
    let geometry: Geometry

    init(_ geometry: Geometry) { self.geometry = geometry }

    var isAnimated: Bool { geometry.isAnimated }

    /// From the one track walk, so a geometry track the IR gains moves the outline's keys too.
    var timings: [[SegmentTiming]] {
        var collector = OutlineTimings { _ in true }
        geometry.visitTracks(&collector) { .geometry($0) }
        return collector.timings
    }

    func value(at time: Double, normalised: Bool) -> PathShape { outline(time, left: false, normalised: normalised) }

    func leftValue(at time: Double, normalised: Bool) -> PathShape { outline(time, left: true, normalised: normalised) }

    private func outline(_ time: Double, left: Bool, normalised: Bool) -> PathShape {
        func at<V>(_ track: Animated<V>) -> V { left ? track.leftValue(at: time) : track.value(at: time) }
        switch geometry {
        case let .rect(size, radius):
            let shape = rectOutline(size: at(size), cornerRadius: at(radius))
            return normalised ? eightVertexRect(shape) : shape
        case let .ellipse(size): return ellipseOutline(size: at(size))
        case let .polygon(sides, radius, inner): return polygonOutline(sides: sides, radius: at(radius), innerRadius: inner.map { at($0) })
        case let .path(shape): return at(shape)
        }
    }

    /// A sharp rectangle has 4 vertices and a rounded one 8; a morph between them needs one
    /// command list, so sharp corners are doubled (same start point, same direction).
    private func eightVertexRect(_ shape: PathShape) -> PathShape {
        guard let contour = shape.contours.first, contour.vertices.count == 4 else { return shape }
        let v = contour.vertices
        return PathShape([Contour([v[0], v[1], v[1], v[2], v[2], v[3], v[3], v[0]], closed: true)])
    }
}
