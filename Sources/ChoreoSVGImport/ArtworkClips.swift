import ChoreoScene
import ChoreoTimeline
import Foundation

// clip-path: a clipPath's shapes as one clip path, clips on clips as nested groups.
extension Mapper {
    // MARK: Clips

    /// The clip `text` refers to, as path data in the coordinates `matrix` maps the element's
    /// into: the contours of every shape the clipPath holds, whose union a scene's clip is (so a
    /// shape of several contours must fill their union under its clip-rule). A clip-path on the
    /// clipPath or on its one shape is one more clip, in `intersected`, which the caller puts on a
    /// group around (clips nested intersect).
    /// The reference of a `clip-path: url(…)`, nil for text that is not one.
    func clipReference(_ text: String) -> String? {
        guard text.hasPrefix("url("), let close = text.firstIndex(of: ")") else { return nil }
        return text[text.index(text.startIndex, offsetBy: 4)..<close].trimmingCharacters(in: CharacterSet(charactersIn: " '\""))
    }

    /// The clipPath element a `clip-path` refers to, nil when it refers to none of this file.
    func clipTarget(_ text: String) -> SVGElement? {
        guard let reference = clipReference(text), reference.hasPrefix("#"), let clip = byID[String(reference.dropFirst())], clip.name == "clipPath" else { return nil }
        return clip
    }

    mutating func clipPath(_ text: String, on element: SVGElement, matrix: Affine, bounds: Box?, intersected: inout [String], visiting: Set<String> = []) throws(SVGReadError) -> String? {
        guard let reference = clipReference(text) else { return nil }
        guard let clip = clipTarget(text) else {
            warn(element, "the clip-path '\(reference)' is not a clipPath of this file; it is left out")
            return nil
        }
        var space = matrix
        // The clipPath's transform is in the user space, outside its objectBoundingBox units.
        if let transform = clip[.transform].flatMap(parseTransform) { space = space.concatenating(transform) }
        if clip[.clipPathUnits] == "objectBoundingBox" {
            guard let bounds, bounds.width > 0, bounds.height > 0 else {
                warn(element, "a clip in objectBoundingBox units on a group is not imported; it is left out")
                return nil
            }
            space = space.concatenating(Affine(a: bounds.width, d: bounds.height, e: bounds.minX, f: bounds.minY))
        }
        let clipID = clip[.id] ?? ""
        guard !visiting.contains(clipID), visiting.count < SVGLimits.maxUseDepth else {
            warn(element, "a clipPath that refers to itself through clip-path is not imported; it is left out")
            return nil
        }
        if let own = clip[.clipPath], own != "none" {
            // The clipPath's own clip-path is in the clipped element's user space, as the clipPath is.
            if let outer = try clipPath(own, on: element, matrix: matrix, bounds: bounds, intersected: &intersected, visiting: visiting.union([clipID])) {
                intersected.append(outer)
            } else {
                return nil
            }
        }
        var outlines: [PathShape] = []
        let clipStyle = clipPathStyle(clip)
        var childClips: [(clip: String, matrix: Affine)] = []
        for (childIndex, child) in clip.children.enumerated() {
            var target = child
            var throughUse = false
            var childMatrix = child[.transform].flatMap(parseTransform) ?? .identity
            if child.name == "use", let href = child[.href], href.hasPrefix("#"), let used = byID[String(href.dropFirst())] {
                childMatrix = childMatrix.concatenating(.translate(parseLength(child[.x]) ?? 0, parseLength(child[.y]) ?? 0))
                    .concatenating(used[.transform].flatMap(parseTransform) ?? .identity)
                target = used
                throughUse = true
            }
            guard target.kind.isShape else { continue }
            let childStyle = clipStyle.child(child, sheet: sheet)
            let shapeStyle = throughUse ? childStyle.child(target, sheet: sheet) : childStyle
            // A shape SVG does not render adds nothing to the clip.
            if shapeStyle[.display] == "none" || shapeStyle[.visibility] == "hidden" || shapeStyle[.visibility] == "collapse" { continue }
            if var outline = shapeOutline(target) {
                outline.contours.removeAll { $0.vertices.count < 2 }
                guard !outline.contours.isEmpty else { continue }
                let evenOdd = shapeStyle[.clipRule] == "evenodd"
                // Worked out once per clipPath shape (and viewport, which its percentages are of),
                // however many elements the clip is used on.
                let key = "\(clipID)\u{0}\(childIndex)\u{0}\(viewport.x)\u{0}\(viewport.y)"
                let fill = clipShapeFills[key] ?? clipShapeFill(outline.contours, evenOdd: evenOdd)
                clipShapeFills[key] = fill
                switch fill {
                case let .contours(contours):
                    outline = PathShape(contours)
                case .crossesItself:
                    warn(element, "clip-rule evenodd on a contour that crosses itself is not imported (a scene's clip is filled nonzero); the clip is left out")
                    return nil
                case .hole:
                    warn(target, evenOdd
                        ? "a clip shape whose contours overlap under clip-rule evenodd is not imported (a scene's clip of several contours is their union, with no holes); the clip is left out"
                        : "a clip shape whose contours cross themselves, or overlap turning opposite ways, is not imported (a scene's clip of several contours is their union, with no holes); the clip is left out")
                    return nil
                }
                outlines.append(outline.transformed(by: space.concatenating(childMatrix)))
                if let own = child[.clipPath] ?? target[.clipPath], own != "none" { childClips.append((own, space.concatenating(childMatrix))) }
            }
        }
        let contours = outlines.flatMap(\.contours)
        guard !contours.isEmpty else {
            // Text clips (and is not imported); anything else that is not a shape SVG leaves
            // out of a clipPath, so without a shape or text the clip shows nothing.
            if clip.children.contains(where: { $0.name == "text" && $0["display"] != "none" }) {
                warn(element, "a clip-path of text is not imported (text is not); the element is left out of its clip")
            } else {
                clipDrawsNothing = true
            }
            return nil
        }
        if let childClip = childClips.first {
            guard outlines.count == 1 else {
                warn(element, "a clip-path of several shapes where a shape has a clip-path of its own is not imported (a scene's clip is one union, clipped as a whole); it is left out")
                return nil
            }
            // A clip-path on the clipPath's shape is in the shape's user space: the clipPath's
            // coordinates and the shape's own transform.
            guard let inner = try clipPath(childClip.clip, on: element, matrix: childClip.matrix, bounds: bounds, intersected: &intersected, visiting: visiting.union([clipID])) else {
                return nil
            }
            intersected.append(inner)
        }
        // Every element a clip is used on writes its outline: its vertices count as a shape's do.
        try count(vertices: contours.reduce(0) { $0 + $1.vertices.count }, at: element)
        return pathData(PathShape(contours.map { Contour($0.vertices, closed: true) }))
    }

    /// Adds `vertices` to what the import makes, refusing the file past the limit.
    mutating func count(vertices: Int, at element: SVGElement) throws(SVGReadError) {
        vertexCount += vertices
        if vertexCount > SVGLimits.maxOutputVertices {
            throw SVGReadError("the SVG makes more than \(SVGLimits.maxOutputVertices) path vertices (with every use expanded)", line: element.line, column: element.column)
        }
    }

    /// A clipPath's computed style (its ancestors' `clip-rule` inherited), once per clipPath.
    mutating func clipPathStyle(_ clip: SVGElement) -> ComputedStyle {
        let id = clip[.id] ?? ""
        if let known = clipPathStyles[id] { return known }
        let style = (ancestorsStyle(of: id) ?? ComputedStyle()).child(clip, sheet: sheet)
        clipPathStyles[id] = style
        return style
    }

    func shapeOutline(_ element: SVGElement) -> PathShape? {
        let number = { (name: SVGAttributeName) -> Double in parseLength(element[name]) ?? 0 }
        switch element.name {
        case "rect":
            let width = number(.width), height = number(.height)
            guard width > 0, height > 0 else { return nil }
            let rx = min(parseLength(element[.rx]) ?? parseLength(element[.ry]) ?? 0, width / 2)
            let ry = min(parseLength(element[.ry]) ?? parseLength(element[.rx]) ?? 0, height / 2)
            return rectOutline(x: number(.x), y: number(.y), width: width, height: height, rx: rx, ry: ry)
        case "circle": return number(.r) > 0 ? ellipseOutline(cx: number(.cx), cy: number(.cy), rx: number(.r), ry: number(.r)) : nil
        case "ellipse": return number(.rx) > 0 && number(.ry) > 0 ? ellipseOutline(cx: number(.cx), cy: number(.cy), rx: number(.rx), ry: number(.ry)) : nil
        case "polygon", "polyline":
            guard let numbers = parseNumberList(element[.points] ?? ""), numbers.count >= 6 else { return nil }
            return PathShape([Contour(stride(from: 0, to: numbers.count - 1, by: 2).map { BezierVertex(Point(numbers[$0], numbers[$0 + 1])) }, closed: true)])
        case "path":
            if case let .success(shape) = parsePathData(element[.d] ?? "") { return shape }
            return nil
        default: return nil
        }
    }
}
