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
        var insets: [String?] = []
        for (index, mask) in masks.enumerated() {
            // A mask pulled in is its outline less a band along it: a mask of its own.
            let pulledIn = animates && mask.expand.isAnimated ? mask.expand.segments.contains { $0.from < 0 || $0.to < 0 } || mask.expand.initial < 0
                : mask.expand.value(at: baseTime) < 0
            insets.append(pulledIn ? insetDefinition(mask, name: "\(name)-mask\(index + 1)") : nil)
        }
        definitions.start("mask")
        definitions.attribute("id", id)
        writeRegion(units: "maskUnits")
        // Before the first mask: nothing shows, unless it takes away from or keeps part of everything.
        writeBackdrop(white: masks.first.map { $0.mode == .subtract || $0.mode == .intersect } ?? false)
        for (index, mask) in masks.enumerated() {
            if let inset = insets[index] {
                definitions.start("g")
                definitions.attribute("mask", "url(#\(inset))")
            }
            switch mask.mode {
            case .intersect:
                // Black where the mask is not; where it is, black as far as its opacity falls short.
                writeMaskPath(mask, color: "black", outside: !mask.inverted, opacity: Animated(1), expands: index, insets: insets)
                writeMaskPath(mask, color: "black", outside: mask.inverted, opacity: mask.transform.opacity.map { 1 - $0 }, expands: index, insets: insets)
            default:
                writeMaskPath(
                    mask, color: mask.mode == .subtract ? "black" : "white", outside: mask.inverted, opacity: mask.transform.opacity,
                    blend: mask.mode == .difference ? "difference" : nil, expands: index, insets: insets)
            }
            if insets[index] != nil { definitions.end() }
        }
        definitions.end()
        return id
    }

    /// One mask's outline (or, `outside`, everything but it) painted `color` at `opacity`, its edge
    /// pushed out by its expansion (a stroke of twice its width); a mask pulled in is cut by its
    /// inset mask around this path instead.
    private mutating func writeMaskPath(
        _ mask: Mask, color: String, outside: Bool, opacity: Animated<Double>, blend: String? = nil, expands index: Int, insets: [String?]
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
        // Pushed out: a stroke as wide as twice the expansion, over the outline (an inset mask
        // around it pulls the outline in while the expansion is negative).
        let pushedOut = animates && mask.expand.isAnimated ? mask.expand.segments.contains { $0.from > 0 || $0.to > 0 } || mask.expand.initial > 0
            : mask.expand.value(at: baseTime) > 0
        let strokes = pushedOut && !outside
        if strokes {
            self.animations(.attribute("stroke-width"), mask.expand.map { max(0, 2 * $0) }, into: &animations, format: appendSVGNumber)
            self.animations(.attribute("stroke-opacity"), opacity, into: &animations, format: appendSVGOpacity)
        }
        definitions.start("path")
        definitions.attribute("d") { appendSVGPathData(shown(outlines.value(at: baseTime, normalised: moves)), curvesOnly: moves, to: &$0) }
        definitions.attribute("fill", color)
        definitions.attribute("fill-rule", outside ? "evenodd" : "nonzero")
        let alpha = opacity.value(at: baseTime)
        if alpha != 1 || opacity.isAnimated { definitions.attribute("fill-opacity") { appendSVGOpacity(alpha, to: &$0) } }
        if strokes {
            definitions.attribute("stroke", color)
            definitions.attribute("stroke-linejoin", "round")
            definitions.attribute("stroke-width") { appendSVGNumber(max(0, 2 * mask.expand.value(at: baseTime)), to: &$0) }
            if alpha != 1 || opacity.isAnimated { definitions.attribute("stroke-opacity") { appendSVGOpacity(alpha, to: &$0) } }
        }
        if let blend { definitions.attribute("style", "mix-blend-mode:\(blend)") }
        definitions.animations(animations)
        definitions.end()
    }

    /// A mask pulling a mask in: white inside its outline, black along it as wide as twice the
    /// (negative) expansion; returns its id.
    private mutating func insetDefinition(_ mask: Mask, name: String) -> String {
        let id = ids.make("\(name)-inset")
        let outlines = ClipOutlines(clip: ClipShape(geometry: mask.geometry, transform: mask.transform))
        let moves = animates && (mask.geometry.isAnimated || mask.transform.isAnimated)
        var animations = AnimationList()
        if moves {
            pathDataAnimations(
                into: &animations, timings: outlines.timings, value: { outlines.value(at: $0, normalised: true) },
                leftValue: { outlines.leftValue(at: $0, normalised: true) })
        }
        let band = mask.expand.map { max(0, -2 * $0) }
        self.animations(.attribute("stroke-width"), band, into: &animations, format: appendSVGNumber)
        definitions.start("mask")
        definitions.attribute("id", id)
        writeRegion(units: "maskUnits")
        definitions.start("path")
        definitions.attribute("d") { appendSVGPathData(outlines.value(at: baseTime, normalised: moves), curvesOnly: moves, to: &$0) }
        definitions.attribute("fill", "white")
        definitions.attribute("stroke", "black")
        definitions.attribute("stroke-linejoin", "round")
        definitions.attribute("stroke-width") { appendSVGNumber(band.value(at: baseTime), to: &$0) }
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
