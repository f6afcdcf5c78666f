import ChoreoJSON
import ChoreoScene
import ChoreoTimeline

/// How a diff shows a value: short, in the units of the scene language (seconds, degrees as plain
/// numbers, colours as hex), with numbers through `formatNumber`. Plain text: each output format
/// escapes it for its medium.
enum ValueText {
    static func number(_ value: Double) -> String { formatNumber(value) }

    static func seconds(_ value: Double) -> String { formatNumber(value) + " s" }

    static func point(_ point: Point) -> String { "[\(formatNumber(point.x)), \(formatNumber(point.y))]" }

    static func color(_ color: RGBA) -> String { describeColor(color) }

    static func value(_ value: PropertyValue) -> String {
        switch value {
        case let .number(number): formatNumber(number)
        case let .point(point): Self.point(point)
        case let .color(color): Self.color(color)
        case let .path(path): Self.path(path)
        case let .stops(stops): "gradient(" + stops.stops.map { "\(Self.color($0.color)) \(formatNumber($0.offset))" }.joined(separator: ", ") + ")"
        }
    }

    /// A path as its size and a fingerprint of its points, so two different paths never read the same.
    static func path(_ path: PathShape) -> String {
        let vertices = path.contours.reduce(0) { $0 + $1.vertices.count }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for contour in path.contours {
            for vertex in contour.vertices {
                for number in [vertex.point.x, vertex.point.y, vertex.inTangent.x, vertex.inTangent.y, vertex.outTangent.x, vertex.outTangent.y] {
                    for byte in formatNumber(number).utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
                    hash = (hash ^ 0x2c) &* 0x100_0000_01b3
                }
            }
            hash = (hash ^ (contour.closed ? 1 : 0)) &* 0x100_0000_01b3
        }
        let contours = path.contours.count
        return "path (\(contours) contour\(contours == 1 ? "" : "s"), \(vertices) vertices, #\(String(hash % 0x10000, radix: 16)))"
    }

    static func easing(_ easing: EasingSpec) -> String {
        if let named = namedEasings.first(where: { $0.easing == easing }) { return named.name }
        switch easing {
        case .linear: return "linear"
        case .hold: return "hold"
        case let .cubic(x1, y1, x2, y2): return "cubic-bezier(\([x1, y1, x2, y2].map { formatNumber($0) }.joined(separator: ", ")))"
        case let .steps(count): return "steps(\(count))"
        case let .piecewise(points):
            return "linear(\(points.map { "\(formatNumber($0.y)) \(formatNumber($0.x * 100))%" }.joined(separator: ", ")))"
        case let .spring(response, damping):
            return "spring(response \(formatNumber(response)), damping-fraction \(formatNumber(damping)))"
        }
    }

    static func shape(_ shape: SceneShape) -> String {
        switch shape {
        case .rect: "rect"
        case .ellipse: "ellipse"
        case let .polygon(sides, star, cornerRadius):
            (star ? "star" : "polygon") + " of \(sides) sides" + (cornerRadius != 0 ? ", corner-radius \(formatNumber(cornerRadius))" : "")
        case .path: "path"
        case .group: "group"
        }
    }

    static func strokeStyle(_ stroke: StrokeStyle) -> String {
        var parts = ["cap \(stroke.cap.rawValue)", "join \(stroke.join.rawValue)", "miter-limit \(formatNumber(stroke.miterLimit))"]
        if !stroke.dash.isEmpty { parts.append("dash [" + stroke.dash.map { formatNumber($0) }.joined(separator: ", ") + "]") }
        return parts.joined(separator: ", ")
    }

    static func repeatText(_ value: Repeat) -> String {
        "\(value.count) copies, offset \(point(value.offset)), rotation \(formatNumber(value.rotation)), scale \(point(value.scale)), "
            + "opacity \(formatNumber(value.startOpacity))…\(formatNumber(value.endOpacity))"
    }

    static func stagger(_ stagger: RepeatStagger) -> String {
        var parts = ["delay \(seconds(stagger.delay))"]
        if let fill = stagger.fill { parts.append("fill \(color(fill.first))…\(color(fill.last))") }
        return parts.joined(separator: ", ")
    }

    static func slot(_ value: SlotValue) -> String {
        switch value {
        case let .color(animated): animated.isAnimated ? "animated colour from \(color(animated.initial))" : color(animated.initial)
        case let .opacity(animated), let .length(animated):
            animated.isAnimated ? "animated from \(formatNumber(animated.initial))" : formatNumber(animated.initial)
        }
    }
}
