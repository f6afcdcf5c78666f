import ChoreoTimeline

/// A new viewport (a nested `svg`, or a `symbol` drawn by a `use`): where its content is drawn and
/// the box it clips that content to, in the content's own coordinates.
struct Viewport {
    /// From the content's coordinates to its parent's: the viewport's `x`, `y`, then its `viewBox`
    /// fitted by `preserveAspectRatio`.
    var matrix: Affine
    /// The viewport's box in the content's coordinates.
    var clip: Box
}

/// The viewport at `x`, `y` of `width` × `height` (both greater than 0), with the `viewBox` text
/// when it has a valid one.
func placeViewport(x: Double, y: Double, width: Double, height: Double, viewBox: String?, preserveAspectRatio: String?) -> Viewport {
    var matrix = Affine.translate(x, y)
    var clip = Box(minX: 0, minY: 0, maxX: width, maxY: height)
    if let box = parseNumberList(viewBox ?? ""), box.count == 4, box[2] > 0, box[3] > 0 {
        let fit = viewBoxTransform(box, preserveAspectRatio: preserveAspectRatio, width: width, height: height)
        matrix = matrix.concatenating(fit)
        clip = Box(minX: -fit.e / fit.a, minY: -fit.f / fit.d, maxX: (width - fit.e) / fit.a, maxY: (height - fit.f) / fit.d)
    }
    return Viewport(matrix: matrix, clip: clip)
}

/// Whether a viewport's `overflow` (CSS's, on the `svg` or `symbol`) shows what lies outside it:
/// SVG clips it unless `overflow` is `visible` or `auto`.
func overflowShows(_ value: String?) -> Bool {
    value == "visible" || value == "auto"
}

/// The size of a valid `viewBox` (four numbers, a positive width and height).
func viewBoxSize(_ text: String?) -> Point? {
    guard let box = parseNumberList(text ?? ""), box.count == 4, box[2] > 0, box[3] > 0 else { return nil }
    return Point(box[2], box[3])
}
