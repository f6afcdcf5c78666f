import CCairo
import ChoreoTimeline
import Glibc

/// Draws a timeline at any instant into pixels with cairo: every node as `value(at:)` gives it at
/// that instant (outline, trim, paint, stroke, transform, opacity, repeat, clip, effects), the way
/// the Lottie and SVG outputs draw it.
///
/// The picture is `width` × `height` pixels; the scene is scaled uniformly to fit and centred (as
/// players show a Lottie in a box of another shape). `background`, if any, fills the whole picture
/// under the scene (the scene's own `background:` fills the scene's rectangle above it).
/// Frames come out as straight (not premultiplied) RGBA bytes, row after row.
///
/// Not thread-safe: one rasterizer draws one frame at a time into its own surface.
public final class TimelineRasterizer {
    public let timeline: Timeline
    public let width: Int
    public let height: Int
    public let background: RGBA?
    /// Scene units to pixels.
    private let base: AffineTransform
    private let scale: Double
    private let surface: OpaquePointer
    private let context: OpaquePointer
    /// How far past the picture an effect's offscreen drawing reaches, in pixels: what a blur or
    /// a shadow just outside the picture brings into it.
    private let effectMargin: Int

    /// The largest picture side: cairo's image surfaces stop at 32,767 pixels.
    public static let maximumSide = 16_384

    public init(timeline: Timeline, width: Int, height: Int, background: RGBA? = nil) {
        precondition(width > 0 && height > 0 && width <= Self.maximumSide && height <= Self.maximumSide, "picture size out of range")
        self.timeline = timeline
        self.width = width
        self.height = height
        self.background = background
        let sceneWidth = max(timeline.width, 1e-9), sceneHeight = max(timeline.height, 1e-9)
        let scale = min(Double(width) / sceneWidth, Double(height) / sceneHeight)
        self.scale = scale
        self.base = AffineTransform.translation(
            Point((Double(width) - sceneWidth * scale) / 2, (Double(height) - sceneHeight * scale) / 2))
            .concatenating(.scale(Point(scale, scale)))
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        context = cairo_create(surface)
        let reach = timeline.layers.reduce(0.0) { max($0, $1.largestEffectReach) }
        effectMargin = Int(min((reach * scale).rounded(.up), Double(max(width, height))))
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The picture at `time` (seconds on the global timeline) as straight RGBA, `width × height × 4` bytes.
    public func render(at time: Double) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        render(at: time, into: &pixels)
        return pixels
    }

    /// The picture at `time` written over `pixels` (`width × height × 4` bytes, straight RGBA).
    public func render(at time: Double, into pixels: inout [UInt8]) {
        precondition(pixels.count == width * height * 4)
        let cr = context
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        if let background {
            cairo_set_source_rgba(cr, background.r, background.g, background.b, background.a)
            cairo_paint(cr)
        }
        if let sceneBackground = timeline.background {
            setMatrix(cr, base)
            cairo_rectangle(cr, 0, 0, timeline.width, timeline.height)
            cairo_set_source_rgba(cr, sceneBackground.r, sceneBackground.g, sceneBackground.b, sceneBackground.a)
            cairo_fill(cr)
        }
        var drawing = Drawing(time: time, rasterizer: self)
        drawing.drawList(timeline.layers, on: cr, parent: base, alpha: 1)
        cairo_restore(cr)
        cairo_surface_flush(surface)
        copyUnpremultiplied(from: surface, into: &pixels)
    }

    private func copyUnpremultiplied(from surface: OpaquePointer, into pixels: inout [UInt8]) {
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                // cairo's ARGB32 is a native-endian word: B, G, R, A bytes on little-endian machines.
                let row = data + y * stride
                var o = y * width * 4
                for x in 0..<width {
                    let p = row + x * 4
                    let a = Int(p[3])
                    if a == 255 {
                        out[o] = p[2]; out[o + 1] = p[1]; out[o + 2] = p[0]; out[o + 3] = 255
                    } else if a == 0 {
                        out[o] = 0; out[o + 1] = 0; out[o + 2] = 0; out[o + 3] = 0
                    } else {
                        out[o] = UInt8(min(255, (Int(p[2]) * 255 + a / 2) / a))
                        out[o + 1] = UInt8(min(255, (Int(p[1]) * 255 + a / 2) / a))
                        out[o + 2] = UInt8(min(255, (Int(p[0]) * 255 + a / 2) / a))
                        out[o + 3] = UInt8(a)
                    }
                    o += 4
                }
            }
        }
    }

    /// One frame's walk over the nodes.
    private struct Drawing {
        let time: Double
        unowned let rasterizer: TimelineRasterizer

        init(time: Double, rasterizer: TimelineRasterizer) {
            self.time = time
            self.rasterizer = rasterizer
        }

        /// Draws one list of siblings (the layers, a group's children): a node's parent is found
        /// among them, and a list holding blended nodes is drawn as one group of its own (a group
        /// isolates the blending of what is in it, as an After Effects precomposition does).
        mutating func drawList(_ nodes: [Node], on cr: OpaquePointer, parent: AffineTransform, alpha: Double) {
            let siblings = nodes.hasParents ? nodes.byID : [:]
            for node in nodes {
                var placement = parent
                for ancestor in node.parentChain(among: siblings) { placement = placement.concatenating(ancestor.transform.matrix(at: time)) }
                draw(node, on: cr, parent: placement, alpha: alpha, matteParent: parent)
            }
        }

        /// Draws `node` onto `cr`; `parent` takes the parent's coordinates to the surface's (through
        /// the node's parent chain, if it has one; `matteParent` is the list's own, where a matte
        /// is placed), `alpha` is the opacity inherited from groups that passed theirs down instead
        /// of compositing on their own.
        mutating func draw(_ node: Node, on cr: OpaquePointer, parent: AffineTransform, alpha: Double, matteParent: AffineTransform? = nil) {
            guard node.isShown(at: time) else { return }
            if node.blend != .normal || node.matte != nil {
                // Drawn on its own first, then laid on what is below through its matte, in its blend mode.
                cairo_push_group(cr)
                var plain = node
                plain.blend = .normal
                plain.matte = nil
                draw(plain, on: cr, parent: parent, alpha: alpha)
                if let matte = node.matte {
                    let coverage = matteCoverage(matte, parent: matteParent ?? parent, alpha: alpha)
                    cairo_pop_group_to_source(cr)
                    cairo_save(cr)
                    cairo_identity_matrix(cr)
                    cairo_set_operator(cr, node.blend.cairoOperator)
                    cairo_mask_surface(cr, coverage, 0, 0)
                    cairo_restore(cr)
                    cairo_surface_destroy(coverage)
                } else {
                    cairo_pop_group_to_source(cr)
                    cairo_save(cr)
                    cairo_set_operator(cr, node.blend.cairoOperator)
                    cairo_paint(cr)
                    cairo_restore(cr)
                }
                return
            }
            let opacity = node.transform.opacity.value(at: time) * alpha
            guard opacity > 0 else { return }
            if let effects = node.effects {
                drawWithEffects(node, effects, on: cr, parent: parent, opacity: opacity)
                return
            }
            let matrix = parent.concatenating(node.transform.matrix(at: time))
            guard matrix.isInvertible else { return }
            if opacity < 1 && !node.drawsInOnePass {
                cairo_push_group(cr)
                drawPlaced(node, on: cr, matrix: matrix, alpha: 1)
                cairo_pop_group_to_source(cr)
                cairo_paint_with_alpha(cr, opacity)
            } else {
                drawPlaced(node, on: cr, matrix: matrix, alpha: opacity)
            }
        }

        /// The node's clip, copies and content, its own transform already in `matrix`, through its masks.
        private mutating func drawPlaced(_ node: Node, on cr: OpaquePointer, matrix: AffineTransform, alpha: Double) {
            if !node.masks.isEmpty {
                var plain = node
                plain.masks = []
                cairo_push_group(cr)
                drawPlaced(plain, on: cr, matrix: matrix, alpha: alpha)
                cairo_pop_group_to_source(cr)
                let coverage = maskCoverage(node.masks, matrix: matrix)
                cairo_save(cr)
                cairo_identity_matrix(cr)
                cairo_mask_surface(cr, coverage, 0, 0)
                cairo_restore(cr)
                cairo_surface_destroy(coverage)
                return
            }
            let clipped = node.clip != nil
            if let clip = node.clip {
                let outline = clip.outline(at: time)
                cairo_save(cr)
                setMatrix(cr, matrix)
                cairo_new_path(cr)
                // A clip is the union of its contours, whichever way each turns.
                for contour in outline.contours { appendContour(cr, turnsBackward(contour) ? reversed(contour) : contour, close: true) }
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                cairo_clip(cr)
            }
            if let repeater = node.repeat, repeater.count > 0 {
                for index in 0..<repeater.count {
                    let copyAlpha = repeater.opacity(ofCopy: index)
                    guard copyAlpha > 0 else { continue }
                    let copyMatrix = matrix.concatenating(repeater.matrix(ofCopy: index))
                    guard copyMatrix.isInvertible else { continue }
                    if copyAlpha < 1 && !node.contentDrawsInOnePass {
                        cairo_push_group(cr)
                        drawContent(node, on: cr, matrix: copyMatrix, alpha: alpha)
                        cairo_pop_group_to_source(cr)
                        cairo_paint_with_alpha(cr, copyAlpha)
                    } else {
                        drawContent(node, on: cr, matrix: copyMatrix, alpha: alpha * copyAlpha)
                    }
                }
            } else {
                drawContent(node, on: cr, matrix: matrix, alpha: alpha)
            }
            if clipped { cairo_restore(cr) }
        }

        private mutating func drawContent(_ node: Node, on cr: OpaquePointer, matrix: AffineTransform, alpha: Double) {
            switch node.content {
            case let .group(children):
                if children.contains(where: { $0.blend != .normal }) {
                    cairo_push_group(cr)
                    drawList(children, on: cr, parent: matrix, alpha: alpha)
                    cairo_pop_group_to_source(cr)
                    cairo_paint(cr)
                } else {
                    drawList(children, on: cr, parent: matrix, alpha: alpha)
                }
            case let .shape(geometry, style):
                drawShape(geometry, style, on: cr, matrix: matrix, alpha: alpha)
            }
        }

        // MARK: Masks and mattes

        /// An alpha surface the size of the picture: how much of a node its masks let show, in
        /// order, each combined with what the ones before it left (After Effects' mask modes).
        private func maskCoverage(_ masks: [Mask], matrix: AffineTransform) -> OpaquePointer {
            let width = rasterizer.width, height = rasterizer.height
            let result = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
            let one = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
            defer { cairo_surface_destroy(one) }
            let stride = Int(cairo_image_surface_get_stride(result))
            guard let accumulated = cairo_image_surface_get_data(result), let drawn = cairo_image_surface_get_data(one) else { return result }
            // Before the first mask: nothing, unless the first takes away from or keeps part of everything.
            let startsFull = masks.first.map { $0.mode == .subtract || $0.mode == .intersect } ?? false
            if startsFull { memset(accumulated, 255, stride * height) }
            for mask in masks {
                let opacity = min(max(mask.transform.opacity.value(at: time), 0), 1)
                memset(drawn, 0, stride * height)
                let cr = cairo_create(one)!
                setMatrix(cr, matrix)
                cairo_new_path(cr)
                for contour in mask.outline(at: time).contours {
                    appendContour(cr, turnsBackward(contour) ? reversed(contour) : contour, close: true)
                }
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                cairo_set_source_rgba(cr, 0, 0, 0, 1)
                let expand = mask.expand.value(at: time)
                if expand < 0 {
                    // Pulled in: the outline's inside less a band of the expansion's width along it.
                    cairo_fill_preserve(cr)
                    cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
                    cairo_set_line_width(cr, -2 * expand)
                    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                    cairo_stroke(cr)
                } else if expand > 0 {
                    cairo_fill_preserve(cr)
                    cairo_set_line_width(cr, 2 * expand)
                    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                    cairo_stroke(cr)
                } else {
                    cairo_fill(cr)
                }
                cairo_destroy(cr)
                cairo_surface_flush(one)
                for y in 0..<height {
                    for x in 0..<width {
                        let index = y * stride + x
                        var m = Double(drawn[index]) / 255
                        if mask.inverted { m = 1 - m }
                        m *= opacity
                        let a = Double(accumulated[index]) / 255
                        let combined: Double
                        switch mask.mode {
                        case .add: combined = a + m - a * m
                        case .subtract: combined = a * (1 - m)
                        case .intersect: combined = a * m
                        case .difference: combined = a + m - 2 * a * m
                        }
                        accumulated[index] = UInt8((min(max(combined, 0), 1) * 255).rounded())
                    }
                }
            }
            cairo_surface_mark_dirty(result)
            return result
        }

        /// An alpha surface the size of the picture: how much of a matted node shows, from its
        /// matte's drawing (placed in the node's list) read by the matte's mode.
        private mutating func matteCoverage(_ matte: Matte, parent: AffineTransform, alpha: Double) -> OpaquePointer {
            let width = rasterizer.width, height = rasterizer.height
            let picture = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
            defer { cairo_surface_destroy(picture) }
            let cr = cairo_create(picture)!
            draw(matte.source, on: cr, parent: parent, alpha: 1)
            cairo_destroy(cr)
            cairo_surface_flush(picture)
            let result = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
            let stride = Int(cairo_image_surface_get_stride(result)), pictureStride = Int(cairo_image_surface_get_stride(picture))
            guard let out = cairo_image_surface_get_data(result), let data = cairo_image_surface_get_data(picture) else { return result }
            for y in 0..<height {
                for x in 0..<width {
                    let p = data + y * pictureStride + x * 4
                    let a = Double(p[3]) / 255
                    // Premultiplied B, G, R: straight colour is each over alpha.
                    let r = a > 0 ? Double(p[2]) / 255 / a : 0, g = a > 0 ? Double(p[1]) / 255 / a : 0, b = a > 0 ? Double(p[0]) / 255 / a : 0
                    let coverage = matte.coverage(r: min(r, 1), g: min(g, 1), b: min(b, 1), a: a)
                    out[y * stride + x] = UInt8((min(max(coverage, 0), 1) * 255).rounded())
                }
            }
            cairo_surface_mark_dirty(result)
            return result
        }

        private func drawShape(_ geometry: Geometry, _ style: Style, on cr: OpaquePointer, matrix: AffineTransform, alpha: Double) {
            let outline = style.trim.map { geometry.trimmedOutline(at: time, trim: $0) } ?? geometry.outline(at: time)
            guard !outline.contours.isEmpty else { return }
            setMatrix(cr, matrix)
            cairo_new_path(cr)
            for contour in outline.contours { appendContour(cr, contour, close: contour.closed) }
            if let fill = style.fill {
                setPaint(cr, fill, alpha: alpha)
                cairo_set_fill_rule(cr, style.fillRule == .evenodd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                cairo_fill_preserve(cr)
            }
            if let stroke = style.stroke {
                let width = stroke.width.value(at: time)
                if width > 0 {
                    setPaint(cr, stroke.paint, alpha: alpha)
                    cairo_set_line_width(cr, width)
                    cairo_set_line_cap(cr, stroke.cap == .round ? CAIRO_LINE_CAP_ROUND : stroke.cap == .square ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT)
                    cairo_set_line_join(cr, stroke.join == .round ? CAIRO_LINE_JOIN_ROUND : stroke.join == .bevel ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER)
                    cairo_set_miter_limit(cr, stroke.miterLimit)
                    let dash = stroke.dash
                    if !dash.isEmpty, dash.contains(where: { $0 > 0 }), dash.allSatisfy({ $0 >= 0 }) {
                        dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
                    } else {
                        cairo_set_dash(cr, nil, 0, 0)
                    }
                    cairo_stroke_preserve(cr)
                }
            }
            cairo_new_path(cr)
        }

        private func setPaint(_ cr: OpaquePointer, _ paint: Paint, alpha: Double) {
            switch paint {
            case let .color(color):
                let c = color.value(at: time)
                cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a * alpha)
            case let .linearGradient(from, to, stops):
                let a = from.value(at: time), b = to.value(at: time)
                let pattern = cairo_pattern_create_linear(a.x, a.y, b.x, b.y)
                addStops(pattern, stops.value(at: time), alpha: alpha)
                cairo_set_source(cr, pattern)
                cairo_pattern_destroy(pattern)
            case let .radialGradient(center, radius, stops):
                let c = center.value(at: time), r = max(0, radius.value(at: time))
                let pattern = cairo_pattern_create_radial(c.x, c.y, 0, c.x, c.y, r)
                addStops(pattern, stops.value(at: time), alpha: alpha)
                cairo_set_source(cr, pattern)
                cairo_pattern_destroy(pattern)
            }
        }

        private func addStops(_ pattern: OpaquePointer?, _ stops: GradientStops, alpha: Double) {
            // Offsets that go backwards hold at the largest so far, as SVG and Lottie players do.
            var last = 0.0
            for stop in stops.stops {
                last = max(last, min(max(stop.offset, 0), 1))
                cairo_pattern_add_color_stop_rgba(pattern, last, stop.color.r, stop.color.g, stop.color.b, stop.color.a * alpha)
            }
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        }

        // MARK: Effects

        /// A node with a blur or a shadow: drawn alone into a surface the size of the picture
        /// (plus the effects' reach), blurred, its shadow made from its alpha and put under it,
        /// the two composited with the node's opacity. Effects are in the parent's coordinates.
        private mutating func drawWithEffects(_ node: Node, _ effects: Effects, on cr: OpaquePointer, parent: AffineTransform, opacity: Double) {
            let matrix = parent.concatenating(node.transform.matrix(at: time))
            guard matrix.isInvertible else { return }
            let margin = rasterizer.effectMargin
            let width = rasterizer.width + 2 * margin, height = rasterizer.height + 2 * margin
            let layer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
            defer { cairo_surface_destroy(layer) }
            cairo_surface_set_device_offset(layer, Double(margin), Double(margin))
            // The parent's own clip does not reach the new surface; it applies when the layer is
            // painted back onto `cr`.
            let layerContext = cairo_create(layer)!
            drawPlaced(node, on: layerContext, matrix: matrix, alpha: 1)
            cairo_destroy(layerContext)
            cairo_surface_flush(layer)
            // How the parent's coordinates scale on the picture: the effects' lengths grow with it.
            let parentScale = abs(parent.a * parent.d - parent.b * parent.c).squareRoot()
            guard let data = cairo_image_surface_get_data(layer) else { return }
            let stride = Int(cairo_image_surface_get_stride(layer))
            // The effects work on the drawing's box grown by their reach, not the whole surface.
            guard let drawn = coveredBox(data, width: width, height: height, stride: stride) else { return }
            let blur = max(0, effects.blur?.value(at: time) ?? 0) * parentScale
            let box = drawn.grown(by: blur > 0 ? Int((3 * blur).rounded(.up)) + 1 : 0, width: width, height: height)
            if blur > 0 {
                GaussianBlur(sigma: blur).apply(to: data + box.y * stride + box.x * 4, width: box.width, height: box.height, stride: stride)
            }
            cairo_surface_mark_dirty(layer)
            cairo_save(cr)
            cairo_identity_matrix(cr)
            // The layer's pixel (x, y) is the picture's (x − margin, y − margin).
            func rectangle(_ area: PixelArea, shift: Point = .zero) {
                cairo_rectangle(cr, Double(area.x - margin) + shift.x, Double(area.y - margin) + shift.y, Double(area.width), Double(area.height))
            }
            var shadowPart: (surface: OpaquePointer, area: PixelArea, offset: Point)?
            if let shadow = effects.shadow {
                let color = shadow.color.value(at: time)
                let shadowBlur = max(0, shadow.blur.value(at: time)) * parentScale
                let area = box.grown(by: shadowBlur > 0 ? Int((3 * shadowBlur).rounded(.up)) + 1 : 0, width: width, height: height)
                let shade = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
                if let shadeData = cairo_image_surface_get_data(shade) {
                    let shadeStride = Int(cairo_image_surface_get_stride(shade))
                    // The shadow is the drawing's alpha (after its blur) blurred again, in its colour.
                    for y in box.y..<(box.y + box.height) {
                        for x in box.x..<(box.x + box.width) { shadeData[y * shadeStride + x * 4 + 3] = data[y * stride + x * 4 + 3] }
                    }
                    if shadowBlur > 0 {
                        GaussianBlur(sigma: shadowBlur).apply(
                            to: shadeData + area.y * shadeStride + area.x * 4, width: area.width, height: area.height, stride: shadeStride)
                    }
                    let r = color.r * color.a, g = color.g * color.a, b = color.b * color.a, a = color.a
                    for y in area.y..<(area.y + area.height) {
                        for x in area.x..<(area.x + area.width) {
                            let p = shadeData + y * shadeStride + x * 4
                            let coverage = Double(p[3])
                            p[0] = UInt8((b * coverage).rounded())
                            p[1] = UInt8((g * coverage).rounded())
                            p[2] = UInt8((r * coverage).rounded())
                            p[3] = UInt8((a * coverage).rounded())
                        }
                    }
                    cairo_surface_mark_dirty(shade)
                }
                cairo_surface_set_device_offset(shade, Double(margin), Double(margin))
                shadowPart = (shade, area, parent.applyLinear(shadow.offset.value(at: time)))
            }
            defer { if let shadowPart { cairo_surface_destroy(shadowPart.surface) } }
            // The group holds only what the effects paint.
            cairo_new_path(cr)
            rectangle(box)
            if let shadowPart { rectangle(shadowPart.area, shift: shadowPart.offset) }
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_clip(cr)
            cairo_push_group(cr)
            if let shadowPart {
                cairo_set_source_surface(cr, shadowPart.surface, shadowPart.offset.x, shadowPart.offset.y)
                rectangle(shadowPart.area, shift: shadowPart.offset)
                cairo_fill(cr)
            }
            cairo_set_source_surface(cr, layer, 0, 0)
            rectangle(box)
            cairo_fill(cr)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity)
            cairo_restore(cr)
        }
    }
}

/// A rectangle of a surface's pixels.
struct PixelArea: Equatable {
    var x: Int, y: Int, width: Int, height: Int

    /// Grown by `margin` on every side, kept within `width` × `height`.
    func grown(by margin: Int, width: Int, height: Int) -> PixelArea {
        let left = max(0, x - margin), top = max(0, y - margin)
        let right = min(width, x + self.width + margin), bottom = min(height, y + self.height + margin)
        return PixelArea(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// The smallest rectangle holding every pixel with some coverage (alpha above 0); nil for none.
func coveredBox(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) -> PixelArea? {
    var minX = width, minY = height, maxX = -1, maxY = -1
    for y in 0..<height {
        let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        var first = -1
        for x in 0..<width where row[x] != 0 {
            first = x
            break
        }
        guard first >= 0 else { continue }
        var last = first
        for x in Swift.stride(from: width - 1, to: first, by: -1) where row[x] != 0 {
            last = x
            break
        }
        minY = min(minY, y)
        maxY = y
        minX = min(minX, first)
        maxX = max(maxX, last)
    }
    guard maxY >= 0 else { return nil }
    return PixelArea(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
}

private func setMatrix(_ cr: OpaquePointer, _ m: AffineTransform) {
    var matrix = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
    cairo_set_matrix(cr, &matrix)
}

private func appendContour(_ cr: OpaquePointer, _ contour: Contour, close: Bool) {
    let vertices = contour.vertices
    guard let first = vertices.first else { return }
    cairo_move_to(cr, first.point.x, first.point.y)
    let count = close ? vertices.count : vertices.count - 1
    guard count > 0 else { return }
    for index in 0..<count {
        let from = vertices[index], to = vertices[(index + 1) % vertices.count]
        if from.outTangent == .zero && to.inTangent == .zero {
            cairo_line_to(cr, to.point.x, to.point.y)
        } else {
            let c1 = from.point + from.outTangent, c2 = to.point + to.inTangent
            cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, to.point.x, to.point.y)
        }
    }
    if close { cairo_close_path(cr) }
}

/// Whether a contour turns counter-clockwise on screen (y down), by the area of its control polygon.
private func turnsBackward(_ contour: Contour) -> Bool {
    var points: [Point] = []
    let vertices = contour.vertices
    for index in vertices.indices {
        let from = vertices[index], to = vertices[(index + 1) % vertices.count]
        points.append(from.point)
        if from.outTangent != .zero || to.inTangent != .zero {
            points.append(from.point + from.outTangent)
            points.append(to.point + to.inTangent)
        }
    }
    var area = 0.0
    for index in points.indices {
        let a = points[index], b = points[(index + 1) % points.count]
        area += a.x * b.y - b.x * a.y
    }
    return area < 0
}

private func reversed(_ contour: Contour) -> Contour {
    Contour(contour.vertices.reversed().map { BezierVertex($0.point, in: $0.outTangent, out: $0.inTangent) }, closed: contour.closed)
}

extension AffineTransform {
    /// cairo refuses a matrix that flattens the plane (and then draws nothing more): such a node
    /// has no area and is skipped.
    var isInvertible: Bool {
        let determinant = a * d - b * c
        return determinant.isFinite && abs(determinant) > 1e-12 && tx.isFinite && ty.isFinite
    }
}

extension Node {
    /// True when drawing the node touches each pixel once, so its opacity can go into its paint
    /// instead of a group: one shape with a fill or a stroke, or a group with one such child.
    var drawsInOnePass: Bool {
        if effects != nil { return false }
        if let repeater = `repeat`, repeater.count > 1 { return false }
        return contentDrawsInOnePass
    }

    var contentDrawsInOnePass: Bool {
        switch content {
        case let .shape(_, style): return style.fill == nil || style.stroke == nil
        case let .group(children): return children.count == 1 && children[0].drawsInOnePass
        }
    }

    /// The farthest any effect below this node paints past the drawing, in the node's parent's units.
    var largestEffectReach: Double {
        var reach = effects?.reach ?? 0
        if case let .group(children) = content {
            for child in children { reach = max(reach, child.largestEffectReach) }
        }
        return reach
    }
}

extension BlendMode {
    /// cairo's operator of the same blend (the separable and non-separable blend modes of the
    /// W3C's Compositing and Blending, which CSS's `mix-blend-mode` names).
    var cairoOperator: cairo_operator_t {
        switch self {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        }
    }
}
