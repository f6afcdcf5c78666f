import ChoreoJSON
import ChoreoTimeline

// What After Effects keeps on a layer, in SVG: a parent's transform repeated around each node
// that follows it (`renderList`), a blend mode as CSS `mix-blend-mode` on a `<g>` around the node
// (a group holding blended nodes isolates them, `renderContent`), masks as a `<mask>` painted in
// luminance, and a track matte as a `<mask>` holding the matte's own drawing (`mask-type: alpha`
// for an alpha matte; an inverted one over white, through a filter). A window is the node's
// opacity dropping to 0 outside it (`Node.drawnOpacity`, which `placement` animates).

/// Half the side of the square a mask's region and its background cover, in the masked node's
/// units: masks and mattes cut nothing off at their region's edge.
private let maskReach = 100_000.0

extension SceneRenderer {
    /// The end of the last played span: a sampled track covers the global timeline up to here.
    var playedEnd: Double { playedSpans.map(\.end).max() ?? baseTime }

    /// Writes one list of siblings (the layers, a group's children): each node that follows a
    /// parent inside `<g>`s that repeat the transforms of its parent chain (not their opacity).
    mutating func renderList(_ nodes: [Node], into out: inout MarkupWriter) {
        let siblings = nodes.hasParents ? nodes.byID : [:]
        for node in nodes {
            let chain = node.parentChain(among: siblings)
            var opened = 0
            for ancestor in chain {
                let placement = self.placement(ancestor.transform, opacity: Animated(1))
                for level in placement.levels {
                    out.start("g")
                    if !level.texts.isEmpty { out.attribute("transform") { appendTransformList(level.texts, to: &$0) } }
                    out.animations(level.animations)
                    opened += 1
                }
            }
            render(node, into: &out)
            for _ in 0..<opened { out.end() }
        }
    }

    /// A node with a blend mode or a track matte: its drawing in a `<g>` that blends it and shows
    /// it through its matte, which lies in the node's parent's coordinates.
    mutating func renderComposited(_ node: Node, into out: inout MarkupWriter) {
        var plain = node
        plain.blend = .normal
        plain.matte = nil
        var drawing = MarkupWriter(depth: out.currentDepth + 1)
        render(plain, into: &drawing)
        out.start("g")
        if node.blend != .normal { out.attribute("style", "mix-blend-mode:\(node.blend.rawValue)") }
        if let matte = node.matte {
            let id = matteDefinition(matte, name: node.id)
            out.attribute("mask", "url(#\(id))")
        }
        out.children(drawing)
        out.end()
    }

    /// A `<mask>` holding the matte's drawing, read by its mode; returns its id.
    private mutating func matteDefinition(_ matte: Matte, name: String) -> String {
        var source = MarkupWriter(depth: matte.mode == .alpha || matte.mode == .luma ? 3 : 4)
        renderList([matte.source], into: &source)
        let id = ids.make("\(name)-matte")
        var filter: String?
        if matte.mode == .alphaInverted || matte.mode == .lumaInverted {
            // The matte made black, its alpha (or luminance × alpha) kept, over white: the mask
            // lets the node show where the matte is not.
            let filterId = ids.make("\(name)-matte-ink")
            definitions.start("filter")
            definitions.attribute("id", filterId)
            writeRegion(units: "filterUnits")
            definitions.attribute("color-interpolation-filters", "sRGB")
            definitions.start("feColorMatrix")
            definitions.attribute("type", "matrix")
            definitions.attribute(
                "values", matte.mode == .alphaInverted
                    ? "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0" : "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0.2125 0.7154 0.0721 0 0")
            definitions.end()
            if matte.mode == .lumaInverted {
                definitions.start("feComposite")
                definitions.attribute("in2", "SourceAlpha")
                definitions.attribute("operator", "in")
                definitions.end()
            }
            definitions.end()
            filter = filterId
        }
        definitions.start("mask")
        definitions.attribute("id", id)
        writeRegion(units: "maskUnits")
        if matte.mode == .alpha { definitions.attribute("style", "mask-type:alpha") }
        if let filter {
            writeBackdrop(white: true)
            definitions.start("g")
            definitions.attribute("filter", "url(#\(filter))")
            definitions.children(source)
            definitions.end()
        } else {
            definitions.children(source)
        }
        definitions.end()
        return id
    }

    /// A `<mask>` of a node's masks, in its local coordinates, painted in luminance over black
    /// (white where the node shows): each mask paints its outline (pushed out or pulled in by its
    /// expansion) white to add, black to subtract, black outside it to intersect, white in the
    /// difference blend for a difference; returns its id.
    mutating func maskDefinition(_ masks: [Mask], name: String) -> String {
        let id = ids.make("\(name)-mask")
        // Each path a mask paints, with the band its expansion cuts from it (a mask of its own).
        let painted: [[(outside: Bool, cut: String?)]] = masks.enumerated().map { index, mask in
            let sides = mask.mode == .intersect ? [!mask.inverted, mask.inverted] : [mask.inverted]
            return sides.enumerated().map { side, outside in
                let band = expansionBand(mask, outside: outside, cuts: true)
                return (outside, band.isNever ? nil : cutDefinition(mask, band: band, name: "\(name)-mask\(index + 1)-\(side + 1)"))
            }
        }
        definitions.start("mask")
        definitions.attribute("id", id)
        writeRegion(units: "maskUnits")
        // Before the first mask: nothing shows, unless it takes away from or keeps part of everything.
        writeBackdrop(white: masks.first.map { $0.mode == .subtract || $0.mode == .intersect } ?? false)
        for (mask, paths) in zip(masks, painted) {
            switch mask.mode {
            case .intersect:
                // Black where the mask is not; where it is, black as far as its opacity falls short.
                writeMaskPath(mask, color: "black", outside: paths[0].outside, opacity: Animated(1), cut: paths[0].cut)
                writeMaskPath(mask, color: "black", outside: paths[1].outside, opacity: mask.transform.opacity.map { 1 - $0 }, cut: paths[1].cut)
            default:
                writeMaskPath(
                    mask, color: mask.mode == .subtract ? "black" : "white", outside: paths[0].outside, opacity: mask.transform.opacity,
                    blend: mask.mode == .difference ? "difference" : nil, cut: paths[0].cut)
            }
        }
        definitions.end()
        return id
    }

    /// How wide the band along a mask's outline is that its expansion adds to a painted path
    /// (`cuts` false) or cuts from it: pushing the outline out widens what is inside it and narrows
    /// what is outside, pulling it in the other way round. Never below zero.
    private func expansionBand(_ mask: Mask, outside: Bool, cuts: Bool) -> ExpansionBand {
        let fromPushingOut = outside == cuts
        let sign: Double = fromPushingOut ? 1 : -1
        // Clamped exactly: a segment crossing zero (or overshooting past it) is split where it does.
        let width = mask.expand.map { 2 * sign * $0 }.clamped(to: 0...Double.infinity)
        let ever = animates && width.isAnimated
            ? width.initial > 0 || width.segments.contains { $0.from > 0 || $0.to > 0 }
            : width.value(at: baseTime) > 0
        return ExpansionBand(width: width, isNever: !ever)
    }

    /// One mask's outline (or, `outside`, everything but it) painted `color` at `opacity`, widened
    /// by the band its expansion adds (a stroke) and cut by the mask `cut`.
    private mutating func writeMaskPath(
        _ mask: Mask, color: String, outside: Bool, opacity: Animated<Double>, blend: String? = nil, cut: String?
    ) {
        let outlines = ClipOutlines(clip: ClipShape(geometry: mask.geometry, transform: mask.transform))
        let moves = animates && (mask.geometry.isAnimated || mask.transform.isAnimated)
        let frame = PathShape([Contour(
            [BezierVertex(Point(-maskReach, -maskReach)), BezierVertex(Point(maskReach, -maskReach)), BezierVertex(Point(maskReach, maskReach)),
             BezierVertex(Point(-maskReach, maskReach))], closed: true)])
        func shown(_ shape: PathShape) -> PathShape { outside ? PathShape(frame.contours + shape.contours) : shape }
        var animations = AnimationList()
        if moves {
            pathDataAnimations(
                into: &animations, timings: outlines.timings, value: { shown(outlines.value(at: $0, normalised: true)) },
                leftValue: { shown(outlines.leftValue(at: $0, normalised: true)) })
        }
        animations.append(contentsOf: {
            var list = AnimationList()
            self.animations(.attribute("fill-opacity"), opacity, into: &list, format: appendSVGOpacity)
            return list
        }())
        // The band the expansion adds: a stroke over the outline as wide as twice the expansion
        // (half of it falls on the side already painted).
        let band = expansionBand(mask, outside: outside, cuts: false)
        if !band.isNever {
            self.animations(.attribute("stroke-width"), band.width, into: &animations, format: appendSVGNumber)
            self.animations(.attribute("stroke-opacity"), opacity, into: &animations, format: appendSVGOpacity)
        }
        definitions.start("path")
        definitions.attribute("d") { appendSVGPathData(shown(outlines.value(at: baseTime, normalised: moves)), curvesOnly: moves, to: &$0) }
        definitions.attribute("fill", color)
        definitions.attribute("fill-rule", outside ? "evenodd" : "nonzero")
        let alpha = opacity.value(at: baseTime)
        if alpha != 1 || opacity.isAnimated { definitions.attribute("fill-opacity") { appendSVGOpacity(alpha, to: &$0) } }
        if !band.isNever {
            definitions.attribute("stroke", color)
            definitions.attribute("stroke-linejoin", "round")
            definitions.attribute("stroke-width") { appendSVGNumber(band.width.value(at: baseTime), to: &$0) }
            if alpha != 1 || opacity.isAnimated { definitions.attribute("stroke-opacity") { appendSVGOpacity(alpha, to: &$0) } }
        }
        if let cut { definitions.attribute("mask", "url(#\(cut))") }
        if let blend { definitions.attribute("style", "mix-blend-mode:\(blend)") }
        definitions.animations(animations)
        definitions.end()
    }

    /// A mask cutting a band along a mask's outline from a path: white everywhere but the band,
    /// a black stroke over the outline as wide as `band` (half of it falls on the side the path
    /// does not paint); returns its id.
    private mutating func cutDefinition(_ mask: Mask, band: ExpansionBand, name: String) -> String {
        let id = ids.make("\(name)-cut")
        let outlines = ClipOutlines(clip: ClipShape(geometry: mask.geometry, transform: mask.transform))
        let moves = animates && (mask.geometry.isAnimated || mask.transform.isAnimated)
        var animations = AnimationList()
        if moves {
            pathDataAnimations(
                into: &animations, timings: outlines.timings, value: { outlines.value(at: $0, normalised: true) },
                leftValue: { outlines.leftValue(at: $0, normalised: true) })
        }
        self.animations(.attribute("stroke-width"), band.width, into: &animations, format: appendSVGNumber)
        definitions.start("mask")
        definitions.attribute("id", id)
        writeRegion(units: "maskUnits")
        writeBackdrop(white: true)
        definitions.start("path")
        definitions.attribute("d") { appendSVGPathData(outlines.value(at: baseTime, normalised: moves), curvesOnly: moves, to: &$0) }
        definitions.attribute("fill", "none")
        definitions.attribute("stroke", "black")
        definitions.attribute("stroke-linejoin", "round")
        definitions.attribute("stroke-width") { appendSVGNumber(band.width.value(at: baseTime), to: &$0) }
        definitions.animations(animations)
        definitions.end()
        definitions.end()
        return id
    }

    /// A mask's or filter's region in user space, far past anything drawn.
    private mutating func writeRegion(units: String) {
        definitions.attribute(units, "userSpaceOnUse")
        definitions.attribute("x", number: -maskReach)
        definitions.attribute("y", number: -maskReach)
        definitions.attribute("width", number: 2 * maskReach)
        definitions.attribute("height", number: 2 * maskReach)
    }

    /// A black (or white) square under everything a mask paints.
    private mutating func writeBackdrop(white: Bool) {
        definitions.start("rect")
        definitions.attribute("x", number: -maskReach)
        definitions.attribute("y", number: -maskReach)
        definitions.attribute("width", number: 2 * maskReach)
        definitions.attribute("height", number: 2 * maskReach)
        definitions.attribute("fill", white ? "white" : "black")
        definitions.end()
    }
}

/// The band along a mask's outline that its expansion adds to or cuts from a painted path.
private struct ExpansionBand {
    /// Twice the expansion (a stroke's width), where it adds or cuts; zero elsewhere.
    var width: Animated<Double>
    /// The band is zero all the time.
    var isNever: Bool
}
