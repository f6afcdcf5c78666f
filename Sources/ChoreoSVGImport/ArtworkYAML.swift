import ChoreoTimeline

/// Writes an artwork as the scene a person would have written: block-style nodes, flow-style
/// points and stops, colours as hex, numbers at most six decimals.
public enum ArtworkYAMLWriter {
    public static func scene(_ artwork: Artwork, source: String) -> String {
        var out = "# Imported from \(comment(source)) by choreo import.\nchoreo: 1\n"
        out += "size: [\(importNumber(artwork.size.x)), \(importNumber(artwork.size.y))]\n"
        out += "layers:\n"
        if artwork.nodes.isEmpty { out = String(out.dropLast()) + " []\n" }
        for node in artwork.nodes { write(node, indent: "  ", to: &out) }
        return out
    }

    /// The nodes alone, as the entries of a `layers:` or `children:` list at `indent`.
    static func write(_ node: ArtworkNode, indent: String, to out: inout String) {
        let inner = indent + "  "
        out += "\(indent)- id: \(node.id)\n"
        func line(_ key: String, _ value: String) { out += "\(inner)\(key): \(value)\n" }
        switch node.geometry {
        case .group: line("shape", "group")
        case let .rect(width, height, corner):
            line("shape", "rect")
            line("size", point(Point(width, height)))
            if corner > 0 { line("corner-radius", importNumber(corner)) }
        case let .ellipse(width, height):
            line("shape", "ellipse")
            if width == height { line("radius", importNumber(width / 2)) } else { line("size", point(Point(width, height))) }
        case let .path(data):
            line("shape", "path")
            line("d", quoted(data))
        }
        if let anchor = node.anchor { line("anchor", point(anchor)) }
        if let position = node.position { line("position", point(position)) }
        if let rotation = node.rotation { line("rotation", importNumber(rotation) + "deg") }
        if let scale = node.scale { line("scale", scale.x == scale.y ? importNumber(scale.x) : point(scale)) }
        if let opacity = node.opacity { line("opacity", importNumber(opacity)) }
        if let fill = node.fill { writePaint(fill, key: "fill", indent: inner, to: &out) }
        if let rule = node.fillRule { line("fill-rule", rule) }
        if let stroke = node.stroke, case let .color(color) = stroke.paint {
            var parts = ["color: \(hex(color))", "width: \(importNumber(stroke.width))"]
            if stroke.cap != "butt" { parts.append("cap: \(stroke.cap)") }
            if stroke.join != "miter" { parts.append("join: \(stroke.join)") }
            if stroke.join == "miter", stroke.miterLimit != 10 { parts.append("miter-limit: \(importNumber(stroke.miterLimit))") }
            if !stroke.dash.isEmpty { parts.append("dash: [\(stroke.dash.map(importNumber).joined(separator: ", "))]") }
            line("stroke", "{\(parts.joined(separator: ", "))}")
        }
        if let clip = node.clip { line("clip", "{shape: path, d: \(quoted(clip))}") }
        if case let .group(children) = node.geometry {
            if children.isEmpty {
                line("children", "[]")
            } else {
                out += "\(inner)children:\n"
                for child in children { write(child, indent: inner + "  ", to: &out) }
            }
        }
    }

    private static func writePaint(_ paint: ArtworkPaint, key: String, indent: String, to out: inout String) {
        switch paint {
        case .none: out += "\(indent)\(key): none\n"
        case let .color(color): out += "\(indent)\(key): \(hex(color))\n"
        case let .linear(from, to, stops):
            out += "\(indent)\(key):\n\(indent)  linear: {from: \(point(from)), to: \(point(to))}\n"
            out += "\(indent)  stops: \(stopList(stops))\n"
        case let .radial(center, radius, stops):
            out += "\(indent)\(key):\n\(indent)  radial: {center: \(point(center)), radius: \(importNumber(radius))}\n"
            out += "\(indent)  stops: \(stopList(stops))\n"
        }
    }

    private static func stopList(_ stops: [ArtworkStop]) -> String {
        "[" + stops.map { "[\(importNumber($0.offset)), \(hex($0.color))]" }.joined(separator: ", ") + "]"
    }

    static func point(_ point: Point) -> String { "[\(importNumber(point.x)), \(importNumber(point.y))]" }

    /// `"#RRGGBB"`, or `"#RRGGBBAA"` when the colour is not opaque.
    static func hex(_ color: RGBA) -> String {
        func byte(_ value: Double) -> String {
            let clamped = Int((min(1, max(0, value)) * 255).rounded())
            let digits = String(clamped, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        let alpha = Int((min(1, max(0, color.a)) * 255).rounded())
        return "\"#" + byte(color.r) + byte(color.g) + byte(color.b) + (alpha == 255 ? "" : byte(color.a)) + "\""
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n", "\r", "\t": result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A file name in a YAML comment: one line, printable.
    private static func comment(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 32 || $0.value == 127 ? "?" : Character($0) })
    }
}
