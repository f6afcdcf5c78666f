import ChoreoSceneModel
import ChoreoSceneSyntax
import ChoreoTimeline

/// An artwork as the scene a person would have written: block-style nodes, flow-style points,
/// strokes, clips and stops, colours as hex, rotations in degrees. `choreo import` prints it with
/// `SceneWriter`; `artwork:` hands its nodes to the front end as they are.
public enum ImportedScene {
    /// The whole scene: a comment naming the SVG, `choreo: 1`, the canvas size and the nodes.
    public static func entries(_ artwork: Artwork) -> [SceneEntry] {
        [
            SceneEntry(.choreo, .number(1)),
            SceneEntry(.size, .point(artwork.size)),
            SceneEntry(.layers, .list(artwork.nodes.map(node), .block)),
        ]
    }

    public static func text(_ artwork: Artwork, source: String) -> String {
        SceneWriter.text(entries(artwork), comment: comment(source))
    }

    public static func bytes(_ artwork: Artwork, source: String) -> [UInt8] {
        SceneWriter.bytes(entries(artwork), comment: comment(source))
    }

    /// The scene's bytes handed to `emit` in order, as they lie in the writer's buffers: what
    /// `choreo import -o` writes into the file, gathered nowhere first.
    public static func write(_ artwork: Artwork, source: String, to emit: (UnsafeRawBufferPointer) -> Void) {
        SceneWriter.write(entries(artwork), comment: comment(source), to: emit)
    }

    private static func comment(_ source: String) -> String { "Imported from \(source) by choreo import." }

    /// One node and its children, as a block map.
    public static func node(_ node: ArtworkNode) -> SceneValue {
        var entries = [SceneEntry(SceneKey(.id), .word(node.id))]
        switch node.geometry {
        case .group: entries.append(SceneEntry(SceneKey(.shape), .word(ShapeKind.group.rawValue)))
        case let .rect(width, height, corner):
            entries.append(SceneEntry(SceneKey(.shape), .word(ShapeKind.rect.rawValue)))
            entries.append(SceneEntry(SceneKey(.size), .point(Point(width, height))))
            if corner > 0 { entries.append(SceneEntry(SceneKey(.cornerRadius), .number(corner))) }
        case let .ellipse(width, height):
            entries.append(SceneEntry(SceneKey(.shape), .word(ShapeKind.ellipse.rawValue)))
            entries.append(width == height
                ? SceneEntry(SceneKey(.radius), .number(width / 2))
                : SceneEntry(SceneKey(.size), .point(Point(width, height))))
        case let .path(data):
            entries.append(SceneEntry(SceneKey(.shape), .word(ShapeKind.path.rawValue)))
            entries.append(SceneEntry(SceneKey(.d), pathData(data)))
        }
        if let anchor = node.anchor { entries.append(SceneEntry(SceneKey(.anchor), .point(anchor))) }
        if let position = node.position { entries.append(SceneEntry(SceneKey(.position), .point(position))) }
        if let rotation = node.rotation { entries.append(SceneEntry(SceneKey(.rotation), .degrees(rotation))) }
        if let scale = node.scale { entries.append(SceneEntry(SceneKey(.scale), .numberOrPoint(scale))) }
        if let opacity = node.opacity { entries.append(SceneEntry(SceneKey(.opacity), .number(opacity))) }
        if let fill = node.fill { entries.append(SceneEntry(SceneKey(.fill), paint(fill))) }
        if let rule = node.fillRule { entries.append(SceneEntry(SceneKey(.fillRule), .word(rule))) }
        if let stroke = node.stroke, stroke.paint != .none {
            var keys = [SceneEntry(SceneKey(.strokeColor), paint(stroke.paint)), SceneEntry(SceneKey(.strokeWidth), .number(stroke.width))]
            if stroke.cap != "butt" { keys.append(SceneEntry(SceneKey(.strokeCap), .word(stroke.cap))) }
            if stroke.join != "miter" { keys.append(SceneEntry(SceneKey(.strokeJoin), .word(stroke.join))) }
            if stroke.join == "miter", stroke.miterLimit != 10 { keys.append(SceneEntry(SceneKey(.strokeMiterLimit), .number(stroke.miterLimit))) }
            if !stroke.dash.isEmpty { keys.append(SceneEntry(SceneKey(.strokeDash), .list(stroke.dash.map(SceneValue.number), .flow))) }
            // A gradient is a map of its own, which a flow map would hold on one long line.
            let style: CollectionStyle = if case .color = stroke.paint { .flow } else { .block }
            entries.append(SceneEntry(SceneKey(.stroke), .map(keys, style)))
        }
        if let clip = node.clip {
            entries.append(SceneEntry(SceneKey(.clip), .map([
                SceneEntry(SceneKey(.clipShape), .word(ShapeKind.path.rawValue)), SceneEntry(SceneKey(.clipD), pathData(clip)),
            ], .flow)))
        }
        if case let .group(children) = node.geometry {
            entries.append(SceneEntry(SceneKey(.children), .list(children.map(Self.node), .block)))
        }
        return .map(entries, .block)
    }

    /// About how many bytes the scene's text takes for `node`'s own fields (not its children's) at
    /// `depth` groups deep: every line's indentation and text counted, each number as six bytes.
    /// What the importer's output budget (`SVGLimits.maxOutputBytes`) counts, as each node is made.
    static func estimatedBytes(of node: ArtworkNode, depth: Int) -> Int {
        let number = 6, point = 2 * number + 4, color = 9
        let indent = 2 + 4 * depth, line = indent + 2 + 1
        var bytes = indent + 6 + node.id.utf8.count + 1
        switch node.geometry {
        case .group: bytes += 2 * line + 16 + 9
        case .rect: bytes += 2 * line + 11 + 6 + point
        case .ellipse: bytes += 2 * line + 14 + 8 + number
        case let .path(data): bytes += 2 * line + 11 + 5 + data.utf8.count
        }
        if node.anchor != nil { bytes += line + 8 + point }
        if node.position != nil { bytes += line + 10 + point }
        if node.rotation != nil { bytes += line + 13 + number }
        if node.scale != nil { bytes += line + 7 + point }
        if node.opacity != nil { bytes += line + 9 + number }
        func paint(_ paint: ArtworkPaint) -> Int {
            switch paint {
            case .none, .color: return line + 6 + color
            case let .linear(_, _, stops), let .radial(_, _, stops): return 3 * line + 40 + 2 * point + 10 + stops.count * (number + color + 6)
            }
        }
        if let fill = node.fill { bytes += paint(fill) }
        if node.fillRule != nil { bytes += line + 18 }
        if let stroke = node.stroke { bytes += line + 40 + paint(stroke.paint) + number + stroke.dash.count * (number + 2) }
        if let clip = node.clip { bytes += line + 30 + clip.utf8.count }
        return bytes
    }

    private static func paint(_ paint: ArtworkPaint) -> SceneValue {
        switch paint {
        case .none: return .word("none")
        case let .color(color): return .color(color)
        case let .linear(from, to, stops):
            return .map([
                SceneEntry(SceneKey(.fillLinear), .map([SceneEntry(SceneKey(.fillFrom), .point(from)), SceneEntry(SceneKey(.fillTo), .point(to))], .flow)),
                SceneEntry(SceneKey(.fillStops), stopList(stops)),
            ], .block)
        case let .radial(center, radius, stops):
            return .map([
                SceneEntry(SceneKey(.fillRadial), .map([SceneEntry(SceneKey(.fillCenter), .point(center)), SceneEntry(SceneKey(.fillRadius), .number(radius))], .flow)),
                SceneEntry(SceneKey(.fillStops), stopList(stops)),
            ], .block)
        }
    }

    private static func stopList(_ stops: [ArtworkStop]) -> SceneValue {
        .list(stops.map { .list([.number($0.offset), .color($0.color)], .flow) }, .flow)
    }

    /// Path data on one line: an SVG's line breaks and tabs between commands are spaces to it.
    private static func pathData(_ data: String) -> SceneValue {
        guard data.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }) else {
            return .text(data, .doubleQuoted)
        }
        let bytes = data.utf8.map { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") ? UInt8(ascii: " ") : $0 }
        return .text(String(decoding: bytes, as: UTF8.self), .doubleQuoted)
    }
}
