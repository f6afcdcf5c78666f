import ChoreoJSON
import ChoreoTimeline

// A node's effects as an SVG filter (contract §15): `feGaussianBlur` for `blur`, then a drop
// shadow for `shadow` (the shadow of the blurred drawing, as the Lottie layer applies its
// effects in order). The filter sits on a `<g>` around the node's own, so its values are in the
// parent's coordinates, as the scene's are.

extension SceneRenderer {
    /// Writes the node's filter into the definitions and returns its id.
    mutating func effectsFilter(_ node: Node, _ effects: Effects) -> String {
        let id = ids.make("\(node.id)-effects")
        let region = filterRegion(node, effects)
        let number: (Double, inout [UInt8]) -> Void = { appendSVGNumber(max($0, 0), to: &$1) }
        func animated(_ attribute: String, _ track: Animated<Double>, format: (Double, inout [UInt8]) -> Void) -> AnimationList {
            var list = AnimationList()
            animations(.attribute(attribute), track, into: &list, format: format)
            return list
        }
        definitions.start("filter")
        definitions.attribute("id", id)
        definitions.attribute("filterUnits", "userSpaceOnUse")
        definitions.attribute("x", number: region.x)
        definitions.attribute("y", number: region.y)
        definitions.attribute("width", number: region.width)
        definitions.attribute("height", number: region.height)
        // Lottie players blur the layer's sRGB pixels; SVG filters default to linear RGB.
        definitions.attribute("color-interpolation-filters", "sRGB")
        var drawing = "SourceGraphic"
        if let blur = effects.blur {
            definitions.start("feGaussianBlur")
            definitions.attribute("stdDeviation") { number(blur.value(at: baseTime), &$0) }
            definitions.attribute("result", "blurred")
            definitions.animations(animated("stdDeviation", blur, format: number))
            definitions.end()
            drawing = "blurred"
        }
        if let shadow = effects.shadow {
            // feDropShadow spelled out: librsvg 2.54 draws nothing for an element with one.
            let offset = shadow.offset.value(at: baseTime), color = shadow.color.value(at: baseTime)
            definitions.start("feGaussianBlur")
            definitions.attribute("in", drawing == "SourceGraphic" ? "SourceAlpha" : drawing)
            definitions.attribute("stdDeviation") { number(shadow.blur.value(at: baseTime), &$0) }
            definitions.animations(animated("stdDeviation", shadow.blur, format: number))
            definitions.end()
            definitions.start("feOffset")
            definitions.attribute("dx", number: offset.x)
            definitions.attribute("dy", number: offset.y)
            definitions.attribute("result", "shadow-shape")
            definitions.animations(animated("dx", shadow.offset.map(\.x), format: appendSVGNumber))
            definitions.animations(animated("dy", shadow.offset.map(\.y), format: appendSVGNumber))
            definitions.end()
            definitions.start("feFlood")
            definitions.attribute("flood-color") { appendSVGColor(color, to: &$0) }
            definitions.attribute("flood-opacity") { appendSVGOpacity(color.a, to: &$0) }
            var colorAnimations = AnimationList()
            animations(.attribute("flood-color"), shadow.color, into: &colorAnimations, format: appendSVGColor)
            colorAnimations.append(contentsOf: animated("flood-opacity", shadow.color.map(\.a), format: appendSVGOpacity))
            definitions.animations(colorAnimations)
            definitions.end()
            definitions.start("feComposite")
            definitions.attribute("in2", "shadow-shape")
            definitions.attribute("operator", "in")
            definitions.end()
            definitions.start("feMerge")
            definitions.start("feMergeNode")
            definitions.end()
            definitions.start("feMergeNode")
            definitions.attribute("in", drawing)
            definitions.end()
            definitions.end()
        }
        definitions.end()
        return id
    }

    /// The filter's region in the parent's coordinates: the node's drawing at the instants it is
    /// shown (its base time, and spread through every played span), grown by how far the effects reach.
    /// A filter draws nothing outside its region, and the default (10 % of the bounding box) would
    /// cut a blur wider than a tenth of the node.
    private func filterRegion(_ node: Node, _ effects: Effects) -> (x: Double, y: Double, width: Double, height: Double) {
        var times = [baseTime]
        let samplesPerSpan = max(2, min(32, 256 / max(playedSpans.count, 1)))
        for played in playedSpans {
            for step in 0...samplesPerSpan { times.append(played.start + (played.end - played.start) * Double(step) / Double(samplesPerSpan)) }
        }
        var bounds = DrawingBounds()
        for time in times { bounds.add(node, at: time, through: .identity) }
        // Room for an overshooting easing between the samples, and for antialiasing.
        let margin = effects.reach * 1.25 + 2
        guard bounds.isValid else { return (-margin, -margin, 2 * margin, 2 * margin) }
        let slackX = (bounds.maxX - bounds.minX) * 0.1, slackY = (bounds.maxY - bounds.minY) * 0.1
        return (
            bounds.minX - margin - slackX, bounds.minY - margin - slackY,
            bounds.maxX - bounds.minX + 2 * (margin + slackX), bounds.maxY - bounds.minY + 2 * (margin + slackY)
        )
    }
}

/// The box around a drawing's outlines' points and control points (which hold every cubic),
/// strokes included.
private struct DrawingBounds {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    var isValid: Bool { minX <= maxX && minY <= maxY }

    mutating func add(_ node: Node, at time: Double, through parent: AffineTransform) {
        let placed = parent.concatenating(node.transform.matrix(at: time))
        let copies = node.repeat.map { repetition in (0..<max(repetition.count, 1)).map { repetition.matrix(ofCopy: $0) } } ?? [.identity]
        for copy in copies {
            let matrix = placed.concatenating(copy)
            switch node.content {
            case let .shape(geometry, style):
                let halfStroke = (style.stroke?.width.value(at: time) ?? 0) / 2
                let scale = max(abs(matrix.a) + abs(matrix.c), abs(matrix.b) + abs(matrix.d))
                for contour in geometry.outline(at: time).contours {
                    for vertex in contour.vertices {
                        for local in [vertex.point, vertex.point + vertex.inTangent, vertex.point + vertex.outTangent] {
                            let p = matrix.apply(local)
                            minX = min(minX, p.x - halfStroke * scale)
                            maxX = max(maxX, p.x + halfStroke * scale)
                            minY = min(minY, p.y - halfStroke * scale)
                            maxY = max(maxY, p.y + halfStroke * scale)
                        }
                    }
                }
            case let .group(children):
                for child in children { add(child, at: time, through: matrix) }
            }
        }
    }
}
