import ChoreoScene
import ChoreoTimeline

/// Leaves out what lies entirely outside the canvas: the root `svg` clips to its viewport, so SVG
/// draws nothing of it (Inkscape keeps drafts beside the page), and a scene would hold a node
/// nobody sees, which `lint` reports as off the canvas. Boxes are the nodes' exact geometry
/// through their placement, grown by what a stroke may reach (its miter or square cap), so a
/// node is only left out when nothing of it can touch the canvas. Each one left out warns at
/// its element; a group partly on the canvas keeps what is on it, and is looked into.
func keptOnCanvas(_ nodes: [ArtworkNode], size: Point) -> (nodes: [ArtworkNode], leftOut: [ArtworkWarning]) {
    var boxes: [String: Box] = [:]
    for node in nodes { _ = placedBox(of: node, boxes: &boxes) }
    var leftOut: [ArtworkWarning] = []
    func kept(_ nodes: [ArtworkNode], matrix: Affine) -> [ArtworkNode] {
        var result: [ArtworkNode] = []
        result.reserveCapacity(nodes.count)
        for var node in nodes {
            guard let local = boxes[node.id], let placement = placement(of: node, boxes: boxes) else {
                result.append(node)
                continue
            }
            let box = transformed(local, by: matrix.concatenating(placement))
            if box.maxX <= 0 || box.minX >= size.x || box.maxY <= 0 || box.minY >= size.y {
                leftOut.append(ArtworkWarning(
                    location: node.location, message: "the element lies entirely outside the canvas, where SVG draws nothing of it; it is left out"))
                continue
            }
            if case let .group(children) = node.geometry {
                let inner = kept(children, matrix: matrix.concatenating(placement))
                // Its children were each outside (a box around them all need not be).
                if inner.isEmpty { continue }
                node.geometry = .group(inner)
            }
            result.append(node)
        }
        return result
    }
    let result = kept(nodes, matrix: .identity)
    return (result, leftOut)
}

/// The node's box in its parent's coordinates, recording every node's own box by id; nil for
/// one that has none (a group of nothing, path data that does not read).
private func placedBox(of node: ArtworkNode, boxes: inout [String: Box]) -> Box? {
    var own: Box?
    switch node.geometry {
    case let .group(children):
        for child in children {
            guard let box = placedBox(of: child, boxes: &boxes) else { continue }
            own = own.map { union($0, box) } ?? box
        }
    case let .rect(width, height, _):
        own = Box(minX: -width / 2, minY: -height / 2, maxX: width / 2, maxY: height / 2)
    case let .ellipse(width, height):
        own = Box(minX: -width / 2, minY: -height / 2, maxX: width / 2, maxY: height / 2)
    case let .path(data):
        if case let .success(shape) = parsePathData(data), !shape.contours.isEmpty { own = Box(shape) }
    }
    guard var box = own else { return nil }
    if let stroke = node.stroke, stroke.paint != .none {
        // A join or cap SVG has and a scene has not (miter-clip, arcs) reaches as far as a miter.
        let reach = strokeReach(
            width: stroke.width, cap: LineCap(rawValue: stroke.cap) ?? .square, join: LineJoin(rawValue: stroke.join) ?? .miter,
            miterLimit: stroke.miterLimit)
        box = Box(minX: box.minX - reach, minY: box.minY - reach, maxX: box.maxX + reach, maxY: box.maxY + reach)
    }
    boxes[node.id] = box
    guard let placement = placement(of: node, boxes: boxes) else { return nil }
    return transformed(box, by: placement)
}

/// The node's own coordinates in its parent's, as a scene places a node: `position` is where
/// its anchor lands (without one it stays where its geometry puts it), the anchor is the centre
/// of its bounds unless it says.
private func placement(of node: ArtworkNode, boxes: [String: Box]) -> Affine? {
    if node.position == nil, node.anchor == nil, node.rotation == nil, node.scale == nil { return .identity }
    guard let box = boxes[node.id] else { return nil }
    let anchor = node.anchor ?? Point((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2)
    let position = node.position ?? anchor
    let scale = node.scale ?? Point(1, 1)
    return Affine.translate(position.x, position.y)
        .concatenating(.rotate(degrees: node.rotation ?? 0))
        .concatenating(.scale(scale.x, scale.y))
        .concatenating(.translate(-anchor.x, -anchor.y))
}

private func union(_ a: Box, _ b: Box) -> Box {
    Box(minX: min(a.minX, b.minX), minY: min(a.minY, b.minY), maxX: max(a.maxX, b.maxX), maxY: max(a.maxY, b.maxY))
}

/// The box around `box`'s four corners mapped by `matrix`.
private func transformed(_ box: Box, by matrix: Affine) -> Box {
    let corners = [Point(box.minX, box.minY), Point(box.maxX, box.minY), Point(box.minX, box.maxY), Point(box.maxX, box.maxY)].map(matrix.apply)
    return Box(
        minX: corners.map(\.x).min()!, minY: corners.map(\.y).min()!,
        maxX: corners.map(\.x).max()!, maxY: corners.map(\.y).max()!)
}
