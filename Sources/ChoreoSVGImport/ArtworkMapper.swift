import ChoreoScene
import ChoreoTimeline
import Foundation

/// The one mapping from SVG to scene nodes: `choreo import` writes what it returns as YAML, and
/// `artwork:` puts it into a scene, so the two cannot disagree.
public enum ArtworkMapper {
    /// Maps the SVG in `bytes`; `element` picks one element (by its SVG id) and what it holds.
    /// `fitting` draws it into a box of that size instead of the SVG's own width and height (its
    /// `viewBox`, or without one its width and height, placed by its `preserveAspectRatio`).
    public static func map(bytes: [UInt8], element: String? = nil, fitting: Point? = nil) -> Result<Artwork, SVGReadError> {
        let root: SVGElement
        let elements: Int
        switch SVGDocumentReader.readCounting(bytes: bytes) {
        case let .success(tree): (root, elements) = tree
        case let .failure(error): return .failure(error)
        }
        var mapper = Mapper(root: root, elements: elements)
        do {
            let artwork = try mapper.run(fragment: element, fitting: fitting)
            return refusingCanvasBeyondSceneLimits(artwork, nodesLeftOut: mapper.nodesLeftOut)
        } catch {
            return .failure(error)
        }
    }
}

/// Elements that draw nothing themselves: definitions, metadata, or content used only by reference.
private let referencedOnlyElements: Set<String> = [
    "defs", "title", "desc", "metadata", "style", "linearGradient", "radialGradient", "clipPath", "symbol",
    "mask", "pattern", "marker", "filter", "stop", "font", "font-face", "color-profile", "cursor", "view",
]

let unsupportedElements: [String: String] = [
    "text": "text is not imported; write it as a text node of the scene",
    "image": "images are not imported",
    "foreignObject": "foreignObject is not imported",
    "animate": "SMIL animation is not imported; animate the nodes with states, tweens or keyframes",
    "animateTransform": "SMIL animation is not imported; animate the nodes with states, tweens or keyframes",
    "animateMotion": "SMIL animation is not imported; animate the nodes with states, tweens or keyframes",
    "animateColor": "SMIL animation is not imported; animate the nodes with states, tweens or keyframes",
    "set": "SMIL animation is not imported; animate the nodes with states, tweens or keyframes",
    "script": "scripts are not imported",
    "video": "video is not imported",
    "audio": "audio is not imported",
    "iframe": "iframe is not imported",
]

let shapeElements: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]

/// What the walk does with an element, decided once per element name as the tree is read, so
/// the walk tests no set of names, and compares no names, per element.
enum SVGElementKind: Sendable {
    /// Outside SVG's namespace: left out.
    case foreign
    case referencedOnly
    /// An element `unsupportedElements` gives a warning for.
    case unsupported
    /// `g` or `a`.
    case group
    /// `switch`: draws its first child whose conditions hold.
    case `switch`
    case svg
    case use
    case rect, circle, ellipse, line, polyline, polygon, path
    /// None of these: left out with a warning.
    case unknown

    init(name: String) {
        if name.hasPrefix("{foreign}") {
            self = .foreign
        } else if referencedOnlyElements.contains(name) {
            self = .referencedOnly
        } else if unsupportedElements[name] != nil {
            self = .unsupported
        } else {
            switch name {
            case "g", "a": self = .group
            case "switch": self = .switch
            case "svg": self = .svg
            case "use": self = .use
            case "rect": self = .rect
            case "circle": self = .circle
            case "ellipse": self = .ellipse
            case "line": self = .line
            case "polyline": self = .polyline
            case "polygon": self = .polygon
            case "path": self = .path
            default: self = .unknown
            }
        }
    }

    /// One of `shapeElements`.
    var isShape: Bool {
        switch self {
        case .rect, .circle, .ellipse, .line, .polyline, .polygon, .path: true
        case .foreign, .referencedOnly, .unsupported, .group, .switch, .svg, .use, .unknown: false
        }
    }
}

let unsupportedEffects: [(property: StyleProperty, name: String, what: String)] = [(.mask, "mask", "masks"), (.filter, "filter", "filters")]
private let markerProperties: [StyleProperty] = [.markerStart, .markerMid, .markerEnd]
private let lineCaps = ["butt", "round", "square"]
private let lineJoins = ["miter", "round", "bevel"]
private let lineJoinsDrawnAsMiter = ["miter-clip", "arcs"]

struct Mapper {
    let root: SVGElement
    var byID: [String: SVGElement] = [:]
    var sheet = StyleSheet()
    var warnings: [ArtworkWarning] = []
    var reserved: Set<String> = []
    /// A bit per length, first and last byte of the ids in `reserved` (`reservedBit`): a generated
    /// id whose bit is clear is none of them, which the bit tells sooner than a hash of the id.
    var reservedBits = [UInt64](repeating: 0, count: reservedBitWords)
    var generated: [String: Int] = [:]
    /// The first few bases of generated ids (`path`, `rect`, `group`…) with their last numbers,
    /// searched before `generated`, which holds only bases seen once these are taken.
    var generatedByBase: [(base: String, count: Int)] = []
    /// Every node id claimed so far, with where its element is: one table answers both whether
    /// an id is taken and where it points.
    var locations: [String: ArtworkLocation] = [:]
    /// Colours by their text: exports repeat a handful of colours on thousands of elements.
    var colors: [Substring: RGBA?] = [:]
    /// Paints by their text, as `paintText` reads them, for the same reason.
    var paintTexts: [String: PaintText] = [:]
    /// The paints of `paintTexts` used last, searched before it: an element's fill and stroke
    /// are mostly texts its neighbours had, which compare equal sooner than a string hashes.
    var recentPaints: [(text: String, parsed: PaintText)] = []
    var nextRecentPaint = 0
    var nodeCount = 0
    var vertexCount = 0
    /// The scene text the nodes kept so far write, about (`keptWithinSceneLimits`).
    var writtenBytes = 0
    /// How deep in groups the nodes being made are (0 for the scene's layers).
    var depth = 0
    var viewport = Point(100, 100)
    /// What a percentage of a length that is neither horizontal nor vertical is of (a circle's
    /// radius, a stroke's width and dashes): the viewport's diagonal over √2.
    var viewportDiagonal: Double { (viewport.x * viewport.x + viewport.y * viewport.y).squareRoot() / 2.squareRoot() }
    /// The ids of the `use` targets being expanded, outermost first: a target among them is a cycle.
    var useStack: [String] = []
    var cyclicTargets: [String: Bool] = [:]
    var resolvedGradients: [String: ResolvedGradient] = [:]
    /// The width and height of the `use` whose target, an `svg`, is the next element mapped.
    var useSizeForNextSVG: (width: String?, height: String?)?
    /// What `rem` and the viewport's units are of, set from the root.
    var relativeLengths = RelativeLengths()
    /// Elements visited working out groups' boxes, over the whole import (`contentBounds`).
    var boundsVisits = 0
    /// `gradientStylesInPlace()`'s answer, once asked for.
    var gradientStyles: [String: ComputedStyle]?
    var clipPathStyles: [String: ComputedStyle] = [:]
    var clipShapeFills: [String: ClipShapeFill] = [:]
    /// Set by `clipPath` when the clip holds nothing that draws (no child, or none SVG lets clip):
    /// SVG then draws nothing of the element, so the caller leaves it out.
    var clipDrawsNothing = false
    /// Set by `gradient` for a radial gradient stretched into an ellipse: the map from the
    /// gradient's own space (where it is a circle) into the shape's coordinates.
    var ellipticalGradientFrame: Affine?
    /// Why each node beyond what a scene can hold was left out (`keptWithinSceneLimits`).
    var nodesLeftOut: [ArtworkWarning] = []
    /// How many elements the tree holds, and whether one is a `use`, counted by `index`: without
    /// a `use`, the elements the SVG makes are the tree's, and need no count of their own.
    var treeElements = 0
    var holdsUse = false

    /// `elements`: how many elements the tree holds.
    init(root: SVGElement, elements: Int) {
        self.root = root
        // The tables keyed by id grow to about one entry per element: sized once, they are never
        // rehashed while they fill.
        byID.reserveCapacity(elements)
        reserved.reserveCapacity(elements)
        locations.reserveCapacity(elements)
        index(root)
        sheet.indexRules()
    }

    mutating func index(_ element: SVGElement) {
        treeElements += 1
        if element.kind == .use { holdsUse = true }
        if let id = element[.id] {
            // The first element of an id keeps it: a later one puts the first back (one lookup
            // for the usual unique id instead of two).
            if let first = byID.updateValue(element, forKey: id) {
                byID[id] = first
            } else {
                let reservedID = identifier(from: id)
                let (word, bit) = reservedBit(reservedID)
                reservedBits[word] |= bit
                reserved.insert(reservedID)
            }
        }
        if element.kind == .referencedOnly, element.name == "style" {
            if let type = element[.type], type != "text/css" { return }
            for reason in sheet.add(css: element.text) { warn(element, reason) }
        }
        // By index: a `for in` copy of each child retained and released its fields.
        for position in element.children.indices { index(element.children[position]) }
    }

    mutating func warn(_ element: SVGElement, _ message: String) {
        let warning = ArtworkWarning(location: ArtworkLocation(line: element.line, column: element.column), message: message)
        if !warnings.contains(warning) { warnings.append(warning) }
    }

    mutating func run(fragment: String?, fitting: Point? = nil) throws(SVGReadError) -> Artwork {
        let rootStyle = ComputedStyle().child(root, sheet: sheet)
        let width = parseLength(root[.width])
        let height = parseLength(root[.height])
        var viewBox = parseNumberList(root[.viewBox] ?? "").flatMap { $0.count == 4 && $0[2] > 0 && $0[3] > 0 ? $0 : nil }
        var size = Point(width ?? viewBox?[2] ?? 100, height ?? viewBox?[3] ?? 100)
        let unsized = viewBox == nil && (width == nil || height == nil) && fitting == nil
        guard size.x > 0, size.y > 0 else {
            throw SVGReadError("the SVG's width and height must be greater than 0 (SVG draws nothing for it)", line: root.line, column: root.column)
        }
        if let fitting {
            viewBox = viewBox ?? [0, 0, size.x, size.y]
            size = fitting
        }
        viewport = viewBox.map { Point($0[2], $0[3]) } ?? size
        relativeLengths = RelativeLengths(rootFontSize: fontSize(rootStyle[.fontSize]), viewport: viewport)
        var pending = Affine.identity
        if let viewBox {
            pending = viewBoxTransform(viewBox, preserveAspectRatio: root[.preserveAspectRatio], width: size.x, height: size.y)
        }
        var counted: [String: Int] = [:]
        var counting: Set<String> = []
        let made = holdsUse ? expandedCount(root, memo: &counted, inProgress: &counting) : treeElements
        if made > SVGLimits.maxOutputNodes {
            throw SVGReadError("the SVG makes more than \(SVGLimits.maxOutputNodes) nodes (with every use expanded)", line: root.line, column: root.column)
        }
        var nodes: [ArtworkNode]
        if let fragment {
            guard let target = byID[fragment] else {
                throw SVGReadError("the SVG has no element with id '\(fragment)'")
            }
            let style = ancestorsStyle(of: fragment) ?? rootStyle
            let ancestorTransform = ancestorsTransform(of: fragment) ?? .identity
            nodes = []
            if var node = try walk(target, parentStyle: style, pending: pending.concatenating(ancestorTransform), useDepth: 0), try keptWithinSceneLimits(&node) {
                nodes.append(node)
            }
        } else {
            nodes = []
            /// Where the first node made is, kept or not: the root's clip groups are placed there.
            /// Nil while nothing is made, so the root's clip and opacity have nothing to hold (nodes
            /// left out for the scene's limits count: the groups holding them are kept or left out).
            var firstLocation: ArtworkLocation?
            if rootStyle[.display] != "none" {
                for child in root.children {
                    guard var node = try walk(child, parentStyle: rootStyle, pending: pending, useDepth: 0) else { continue }
                    if firstLocation == nil { firstLocation = node.location }
                    if try keptWithinSceneLimits(&node) { nodes.append(consume node) }
                }
            }
            // A background colour on the root (CSS's, which browsers and resvg paint) fills the
            // canvas under the drawing, inside the root's clip and opacity as the root's own paint.
            if rootStyle[.display] != "none", let text = rootStyle[.backgroundColor], let color = color(text, style: rootStyle), color.a > 0 {
                var background = ArtworkNode(
                    id: claimID(for: SVGElement(name: "rect", attributes: [:], children: [], text: "", line: root.line, column: root.column), fallback: "background"),
                    location: ArtworkLocation(line: root.line, column: root.column), geometry: .rect(width: size.x, height: size.y, cornerRadius: 0))
                background.position = Point(size.x / 2, size.y / 2)
                background.fill = .color(color)
                firstLocation = background.location
                if try keptWithinSceneLimits(&background) { nodes.insert(background, at: 0) }
            }
            // A clip-path on the root clips the drawing as a whole: one group holds it.
            if let clip = rootStyle[.clipPath], clip != "none", firstLocation != nil, !nodes.isEmpty {
                var intersected: [String] = []
                clipDrawsNothing = false
                if let outline = try clipPath(clip, on: root, matrix: pending, bounds: nil, intersected: &intersected) {
                    let wrapped = try clippedInside(nodes, by: intersected, at: firstLocation)
                    var group = ArtworkNode(id: claimID(for: root, fallback: "artwork"), location: ArtworkLocation(line: root.line, column: root.column), geometry: .group(wrapped))
                    group.clip = outline
                    nodes = try keptWithinSceneLimits(&group) ? [group] : []
                } else if clipDrawsNothing {
                    // Nothing is drawn, so nothing is left out for the limits.
                    nodes = []
                    nodesLeftOut = []
                    firstLocation = nil
                }
            }
            // Opacity on the root applies to the drawing as a whole: one group holds it.
            if let opacity = rootStyle[.opacity].flatMap(parseOpacity), opacity < 1, firstLocation != nil, !nodes.isEmpty {
                var group = ArtworkNode(id: claimID(for: root, fallback: "artwork"), location: ArtworkLocation(line: root.line, column: root.column), geometry: .group(nodes))
                group.opacity = opacity
                nodes = try keptWithinSceneLimits(&group) ? [group] : []
            }
            let onCanvas = keptOnCanvas(nodes, size: size)
            nodes = onCanvas.nodes
            for warning in onCanvas.leftOut where !warnings.contains(warning) { warnings.append(warning) }
        }
        if unsized {
            // SVG sizes it to a viewport the file does not give (a browser's <img> draws it at
            // the box it is put in, 1:1, whatever that box is): the scene's canvas is a guess.
            warn(root, "the svg has no viewBox and no \(width == nil && height == nil ? "width or height" : width == nil ? "width" : "height"); it is imported at \(importNumber(size.x)) × \(importNumber(size.y)) (give it a viewBox)")
        }
        return Artwork(size: size, nodes: nodes, warnings: warnings, locations: locations)
    }

    /// The computed style the element with `id` inherits from its ancestors.
    func ancestorsStyle(of id: String) -> ComputedStyle? {
        var style = ComputedStyle().child(root, sheet: sheet)
        func search(_ element: SVGElement, _ inherited: ComputedStyle) -> ComputedStyle? {
            for child in element.children {
                if child[.id] == id { return inherited }
                if let found = search(child, inherited.child(child, sheet: sheet)) { return found }
            }
            return nil
        }
        style = search(root, style) ?? style
        return style
    }

    func ancestorsTransform(of id: String) -> Affine? {
        func search(_ element: SVGElement, _ matrix: Affine) -> Affine? {
            for child in element.children {
                if child[.id] == id { return matrix }
                let next = matrix.concatenating(parseTransform(child[.transform] ?? "") ?? .identity)
                if let found = search(child, next) { return found }
            }
            return nil
        }
        return search(root, .identity)
    }

    // MARK: Walking

    /// The node `element` becomes, nil when it draws nothing or is left out.
    mutating func walk(_ element: SVGElement, parentStyle: ComputedStyle, pending: Affine, useDepth: Int) throws(SVGReadError) -> ArtworkNode? {
        switch element.kind {
        case .foreign, .referencedOnly: return nil
        case .unsupported:
            warn(element, unsupportedElements[element.name]! + "; it is left out of the drawing")
            return nil
        case .group, .switch, .svg, .use, .rect, .circle, .ellipse, .line, .polyline, .polygon, .path, .unknown: break
        }
        if !conditionsHold(element) { return nil }
        let style = parentStyle.child(element, sheet: sheet)
        if sheet.matches.exhausted {
            throw SVGReadError("the SVG's style sheet is tried on its elements more than \(SVGLimits.maxStyleRuleTests) times (rules × the elements they may match)", line: element.line, column: element.column)
        }
        if style[.display] == "none" { return nil }
        nodeCount += 1
        if nodeCount > SVGLimits.maxOutputNodes {
            throw SVGReadError("the SVG makes more than \(SVGLimits.maxOutputNodes) nodes (with every use expanded)", line: element.line, column: element.column)
        }
        for (property, name, what) in unsupportedEffects {
            if let value = style[property], value != "none" { warn(element, "\(what) are not imported; the element is drawn without its \(name)") }
        }
        if let animation = style[.animation] ?? style[.animationName], animation != "none" {
            warn(element, "CSS animation is not imported; animate the nodes with states, tweens or keyframes")
        }
        let own = ownTransform(of: element, css: style[.transform], warning: true)
        switch element.kind {
        case .group, .switch, .svg, .use:
            return try group(element, style: style, pending: pending, own: own, useDepth: useDepth)
        case .rect, .circle, .ellipse, .line, .polyline, .polygon, .path:
            return try shape(element, style: style, parentStyle: parentStyle, total: pending.concatenating(own))
        case .foreign, .referencedOnly, .unsupported, .unknown:
            warn(element, "<\(element.name)> is not an SVG drawing element the importer knows; it is left out")
            return nil
        }
    }

    mutating func group(_ element: SVGElement, style: ComputedStyle, pending: Affine, own: Affine, useDepth: Int) throws(SVGReadError) -> ArtworkNode? {
        var matrix = own
        var content: [SVGElement] = element.kind == .switch ? chosenByConditions(element.children) : element.children
        var contentStyle = style
        /// A nested `svg` clips to its viewport (unless `overflow` shows it): the viewport's box in
        /// the coordinates of what it holds.
        var viewportClip: Box?
        /// A symbol's own opacity, which composites its content as the use's does.
        var symbolOpacity = 1.0
        /// What percentages inside a new viewport are of: its viewBox's size, else its own.
        var innerViewport: Point?
        if element.kind == .svg {
            // A use's width and height, when it gives them, replace those of the svg it draws.
            let sizeFromUse = useSizeForNextSVG
            useSizeForNextSVG = nil
            let x = parseLength(element[.x], percentOf: viewport.x) ?? 0
            let y = parseLength(element[.y], percentOf: viewport.y) ?? 0
            let width = parseLength(sizeFromUse?.width, percentOf: viewport.x) ?? parseLength(element[.width], percentOf: viewport.x) ?? viewport.x
            let height = parseLength(sizeFromUse?.height, percentOf: viewport.y) ?? parseLength(element[.height], percentOf: viewport.y) ?? viewport.y
            guard width > 0, height > 0 else { return nil }
            let placed = placeViewport(x: x, y: y, width: width, height: height, viewBox: element[.viewBox], preserveAspectRatio: element[.preserveAspectRatio])
            matrix = matrix.concatenating(placed.matrix)
            viewportClip = overflowShows(style[.overflow] ?? element[.overflow]) ? nil : placed.clip
            innerViewport = viewBoxSize(element[.viewBox]) ?? Point(width, height)
        }
        if element.kind == .use {
            guard let href = element[.href] else { return nil }
            guard href.hasPrefix("#"), let target = byID[String(href.dropFirst())] else {
                warn(element, href.hasPrefix("#")
                    ? "use refers to '\(href)', which is not in the file; it is left out"
                    : "use refers to '\(href)' outside the file; nothing outside the SVG is read, so it is left out")
                return nil
            }
            // A target that reaches an outer target is itself in a cycle through it, so checking
            // each target once (remembered) and the stack finds every cycle.
            let targetID = target[.id] ?? ""
            let cyclic = cyclicTargets[targetID] ?? containsUse(of: [targetID], in: target)
            cyclicTargets[targetID] = cyclic
            if cyclic || useStack.contains(targetID) {
                // SVG draws nothing for a use in a cycle: leaving it out is the same picture.
                return nil
            }
            guard useDepth < SVGLimits.maxUseDepth else {
                warn(element, "use refers through more than \(SVGLimits.maxUseDepth) other uses (or to itself); it is left out")
                return nil
            }
            let x = parseLength(element[.x], percentOf: viewport.x) ?? 0
            let y = parseLength(element[.y], percentOf: viewport.y) ?? 0
            if target.name == "symbol" {
                // A symbol is drawn as a nested svg would be: a viewport the use's width and
                // height size (the symbol's own, or 100 %), clipped unless its overflow shows.
                contentStyle = style.child(target, sheet: sheet)
                content = target.children
                let width = parseLength(element[.width], percentOf: viewport.x) ?? parseLength(target[.width], percentOf: viewport.x) ?? viewport.x
                let height = parseLength(element[.height], percentOf: viewport.y) ?? parseLength(target[.height], percentOf: viewport.y) ?? viewport.y
                guard width > 0, height > 0 else { return nil }
                let placed = placeViewport(x: x, y: y, width: width, height: height, viewBox: target[.viewBox], preserveAspectRatio: target[.preserveAspectRatio])
                matrix = matrix.concatenating(placed.matrix)
                viewportClip = overflowShows(contentStyle[.overflow] ?? target[.overflow]) ? nil : placed.clip
                symbolOpacity = contentStyle[.opacity].flatMap(parseOpacity) ?? 1
                innerViewport = viewBoxSize(target[.viewBox]) ?? Point(width, height)
            } else {
                matrix = matrix.concatenating(.translate(x, y))
                content = [target]
                if target.kind == .svg { useSizeForNextSVG = (element[.width], element[.height]) }
            }
        }
        let combined = pending.concatenating(matrix)
        let id = claimID(for: element, fallback: element.kind == .use ? "use" : "group")
        var node = ArtworkNode(id: id, location: ArtworkLocation(line: element.line, column: element.column), geometry: .group([]))
        var childPending = combined
        var clipMatrix = combined
        if !combined.isIdentity, let similarity = combined.similarity {
            setTransform(&node, combined, similarity)
            childPending = .identity
            clipMatrix = .identity
        } else if combined.isIdentity {
            childPending = .identity
            clipMatrix = .identity
        }
        applyOpacity(&node, style)
        if symbolOpacity < 1 { node.opacity = (node.opacity ?? 1) * symbolOpacity }
        var children: [ArtworkNode] = []
        children.reserveCapacity(content.count)
        if element.kind == .use, let target = element[.href].map({ String($0.dropFirst()) }) { useStack.append(target) }
        defer { if element.kind == .use { useStack.removeLast() } }
        let outerViewport = viewport
        if let innerViewport { viewport = innerViewport }
        /// Where the first child made is, kept or not: the group's clip groups are placed there.
        var firstLocation: ArtworkLocation?
        let leftOutBefore = nodesLeftOut.count
        depth += 1
        for child in content {
            if element.kind == .use && child.name == "symbol" { continue }
            guard var node = try walk(child, parentStyle: contentStyle, pending: childPending, useDepth: useDepth + (element.kind == .use ? 1 : 0)) else { continue }
            if firstLocation == nil { firstLocation = node.location }
            if try keptWithinSceneLimits(&node) { children.append(consume node) }
        }
        depth -= 1
        viewport = outerViewport
        // Left unread when the target was not drawn (display none, say).
        useSizeForNextSVG = nil
        // A group that holds nothing drawn draws nothing: written, it would be a node with no
        // bounds, off the canvas wherever it is placed.
        if children.isEmpty { return nil }
        node.geometry = .group(children)
        if let clip = style[.clipPath], clip != "none" {
            var intersected: [String] = []
            clipDrawsNothing = false
            // Only a clip in objectBoundingBox units reads the group's box, which costs a walk of it.
            let inBoxUnits = clipTarget(clip)?[.clipPathUnits] == "objectBoundingBox"
            let bounds = inBoxUnits && element.kind == .group ? contentBounds(of: element, style: style) : nil
            node.clip = try clipPath(clip, on: element, matrix: clipMatrix, bounds: bounds, intersected: &intersected)
            if clipDrawsNothing {
                // Nothing of the group is drawn, so none of what it holds is left out for the limits.
                nodesLeftOut.removeLast(nodesLeftOut.count - leftOutBefore)
                return nil
            }
            if node.clip != nil { node.geometry = .group(try clippedInside(children, by: intersected, at: firstLocation)) }
        } else if let box = viewportClip {
            let outline = rectOutline(x: box.minX, y: box.minY, width: box.width, height: box.height, rx: 0, ry: 0)
            try count(vertices: outline.contours.reduce(0) { $0 + $1.vertices.count }, at: element)
            node.clip = pathData(outline.transformed(by: clipMatrix))
        }
        return node
    }

    /// How many elements `element` becomes with every `use` expanded, saturating just past the
    /// limit: counted once per use target, so a `use` bomb is refused before anything is built.
    func expandedCount(_ element: SVGElement, memo: inout [String: Int], inProgress: inout Set<String>) -> Int {
        var total = 1
        if element.kind == .use, let href = element[.href], href.hasPrefix("#") {
            let id = String(href.dropFirst())
            if let known = memo[id] {
                total += known
            } else if !inProgress.contains(id), let target = byID[id] {
                inProgress.insert(id)
                let count = expandedCount(target, memo: &memo, inProgress: &inProgress)
                inProgress.remove(id)
                memo[id] = count
                total += count
            }
        }
        for child in element.children {
            total += expandedCount(child, memo: &memo, inProgress: &inProgress)
            if total > SVGLimits.maxOutputNodes { return SVGLimits.maxOutputNodes + 1 }
        }
        return min(total, SVGLimits.maxOutputNodes + 1)
    }

    /// True when `element` or what it holds uses one of `ids`, directly or through other uses
    /// (a cycle SVG draws nothing for); each id is visited once, so this is linear in the file.
    func containsUse(of ids: [String], in element: SVGElement) -> Bool {
        var visited: Set<String> = []
        var pending: [SVGElement] = [element]
        let targets = Set(ids)
        while let current = pending.popLast() {
            if current.name == "use", let href = current[.href], href.hasPrefix("#") {
                let id = String(href.dropFirst())
                if targets.contains(id) { return true }
                if visited.insert(id).inserted, let next = byID[id] { pending.append(next) }
            }
            pending += current.children
        }
        return false
    }

    /// The length of a shape's attribute `name`, nil for none. A unit of the font's metrics is
    /// valid CSS, which SVG sizes: taken as no length (as an invalid one is), it would draw a
    /// different picture without a word, so it warns.
    mutating func shapeLength(_ element: SVGElement, _ name: SVGAttributeName, percentOf reference: Double, style: ComputedStyle) -> Double? {
        let text = element[name]
        if let length = parseLength(text, percentOf: reference) { return length }
        guard let text else { return nil }
        if let length = relativeLength(text, fontSize: { fontSize(style[.fontSize]) }, relativeTo: relativeLengths) { return length }
        if let unit = fontMetricUnit(text) {
            warn(element, "the \(name.rawValue) '\(text)' is in \(unit), a unit of the font's metrics, which the importer cannot size without the font; it is taken as 0")
        }
        return nil
    }

    /// The element's own transform: CSS's `transform` when it has one the importer reads, else the
    /// attribute's (identity for none or an invalid one, which SVG ignores).
    mutating func ownTransform(of element: SVGElement, css: String?, warning: Bool) -> Affine {
        if let css {
            if let parsed = parseCSSTransform(css) { return parsed }
            if warning { warn(element, "the CSS transform '\(css)' is not one the importer reads; the element's transform attribute applies instead") }
        }
        guard let text = element[.transform] else { return .identity }
        if let parsed = parseTransform(text) { return parsed }
        if warning { warn(element, "the transform '\(text)' is not valid; it is ignored, as SVG ignores it") }
        return .identity
    }

    /// The objectBoundingBox of a group: the box of the geometry it holds (strokes left out), in its
    /// own user space. An element with display none adds nothing; a hidden one counts, as in SVG.
    /// Nil when it holds nothing, or something whose box the importer does not work out (a nested
    /// svg, a symbol, text, an image), or when working it out has visited more elements, over the
    /// whole import, than the import may make nodes.
    mutating func contentBounds(of element: SVGElement, style: ComputedStyle) -> Box? {
        var box: Box?
        guard accumulateContentBounds(of: element, style: style, matrix: .identity, useDepth: 0, into: &box) else { return nil }
        return box
    }

    /// Adds the boxes of what `element` holds, through `matrix`, to `box`; false for content
    /// whose box the importer does not work out.
    mutating func accumulateContentBounds(of element: SVGElement, style: ComputedStyle, matrix: Affine, useDepth: Int, into box: inout Box?) -> Bool {
        for child in element.children {
            boundsVisits += 1
            guard boundsVisits <= SVGLimits.maxOutputNodes else { return false }
            switch child.kind {
            case .foreign, .referencedOnly, .unknown: continue
            case .unsupported, .svg: return false
            case .group, .switch, .use, .rect, .circle, .ellipse, .line, .polyline, .polygon, .path: break
            }
            if !conditionsHold(child) { continue }
            let childStyle = style.child(child, sheet: sheet)
            if childStyle[.display] == "none" { continue }
            var target = child, targetStyle = childStyle
            var childMatrix = matrix.concatenating(ownTransform(of: child, css: childStyle[.transform], warning: false))
            if child.kind == .use {
                guard useDepth < SVGLimits.maxUseDepth, let href = child[.href], href.hasPrefix("#"), let used = byID[String(href.dropFirst())] else { continue }
                guard used.kind == .group || used.kind == .switch || used.kind.isShape else { return false }
                target = used
                targetStyle = childStyle.child(used, sheet: sheet)
                if targetStyle[.display] == "none" { continue }
                childMatrix = childMatrix.concatenating(.translate(parseLength(child[.x]) ?? 0, parseLength(child[.y]) ?? 0))
                    .concatenating(ownTransform(of: used, css: targetStyle[.transform], warning: false))
            }
            if target.kind == .switch {
                var chosen = target
                chosen.children = chosenByConditions(target.children)
                guard accumulateContentBounds(of: chosen, style: targetStyle, matrix: childMatrix, useDepth: useDepth + (child.kind == .use ? 1 : 0), into: &box) else { return false }
                continue
            }
            if target.kind == .group {
                guard accumulateContentBounds(of: target, style: targetStyle, matrix: childMatrix, useDepth: useDepth + (child.kind == .use ? 1 : 0), into: &box) else { return false }
                continue
            }
            guard let outline = shapeOutline(target), !outline.contours.isEmpty else { continue }
            let shapeBox = Box(outline.transformed(by: childMatrix))
            box = box.map { Box(minX: min($0.minX, shapeBox.minX), minY: min($0.minY, shapeBox.minY), maxX: max($0.maxX, shapeBox.maxX), maxY: max($0.maxY, shapeBox.maxY)) } ?? shapeBox
        }
        return true
    }

    mutating func applyOpacity(_ node: inout ArtworkNode, _ style: ComputedStyle) {
        if let opacity = style[.opacity].flatMap(parseOpacity), opacity < 1 { node.opacity = opacity }
    }

    func setTransform(_ node: inout ArtworkNode, _ matrix: Affine, _ similarity: (rotation: Double, scale: Double)) {
        node.anchor = Point(0, 0)
        node.position = Point(matrix.e, matrix.f)
        if abs(similarity.rotation) > 1e-9 { node.rotation = similarity.rotation }
        if abs(similarity.scale - 1) > 1e-12 { node.scale = Point(similarity.scale, similarity.scale) }
    }

    /// The one child of a `switch` that SVG draws: the first element whose conditions hold
    /// (none, when none does). Text between them and comments are no children here.
    func chosenByConditions(_ children: [SVGElement]) -> [SVGElement] {
        for child in children where child.kind != .foreign && conditionsHold(child) { return [child] }
        return []
    }

    /// SVG's conditional processing: an element is drawn only when every test it carries holds.
    /// No extension is supported (Illustrator's `foreignObject` fallback asks for its own), every
    /// feature string is taken as supported (SVG 2 dropped `requiredFeatures`, and librsvg and
    /// browsers ignore it), and the language is English, as a renderer with no user to ask takes it.
    func conditionsHold(_ element: SVGElement) -> Bool {
        // An empty list is false too: it names nothing that could be supported.
        if element["requiredExtensions"] != nil { return false }
        if let languages = element["systemLanguage"] {
            let tags = languages.split(separator: ",").map { trimmedWhitespace($0).lowercased() }
            return tags.contains { $0 == "en" || $0.hasPrefix("en-") }
        }
        return true
    }

    // MARK: Shapes

    mutating func shape(_ element: SVGElement, style: ComputedStyle, parentStyle: ComputedStyle, total: Affine) throws(SVGReadError) -> ArtworkNode? {
        if style[.visibility] == "hidden" || style[.visibility] == "collapse" { return nil }
        for marker in markerProperties {
            if let value = style[marker], value != "none" { warn(element, "markers are not imported; the shape is drawn without them") }
        }
        func length(_ name: SVGAttributeName, _ reference: Double) -> Double? { shapeLength(element, name, percentOf: reference, style: style) }
        func number(_ name: SVGAttributeName, _ reference: Double) -> Double { shapeLength(element, name, percentOf: reference, style: style) ?? 0 }
        var node = ArtworkNode(id: "", location: ArtworkLocation(line: element.line, column: element.column), geometry: .group([]))
        /// Nil for path data kept as written, which is counted, not built, until a gradient or a
        /// clip needs its box (`outlineOrParsed`).
        var outline: PathShape?
        /// A rect's or an ellipse's outline, built only where the shape is not written as its
        /// primitive (most are).
        var basicOutline: BasicOutline?
        var outlineVertices = 0
        /// The path data the node writes, when it is not the element's own (what SVG draws of
        /// path data with an error).
        var pathDataWritten: String?
        var localToNode = Affine.identity
        /// The shape's box in its own coordinates; nil for one of path data or points, whose box
        /// is found from its outline only when a gradient or a clip needs it.
        var bounds: Box?
        var primitive: ArtworkGeometry?
        var primitiveCenter = Point.zero
        switch element.kind {
        case .rect:
            let width = number(.width, viewport.x), height = number(.height, viewport.y)
            guard width > 0, height > 0 else { return nil }
            let x = number(.x, viewport.x), y = number(.y, viewport.y)
            var rx = length(.rx, viewport.x), ry = length(.ry, viewport.y)
            if rx == nil || rx! < 0 { rx = ry }
            if ry == nil || ry! < 0 { ry = rx }
            let cornerX = min(max(rx ?? 0, 0), width / 2), cornerY = min(max(ry ?? 0, 0), height / 2)
            bounds = Box(minX: x, minY: y, maxX: x + width, maxY: y + height)
            basicOutline = .rect(x: x, y: y, width: width, height: height, rx: cornerX, ry: cornerY)
            if abs(cornerX - cornerY) < 1e-12 {
                primitive = .rect(width: width, height: height, cornerRadius: cornerX)
                primitiveCenter = Point(x + width / 2, y + height / 2)
            }
        case .circle, .ellipse:
            let cx = number(.cx, viewport.x), cy = number(.cy, viewport.y)
            var rx: Double, ry: Double
            if element.kind == .circle {
                rx = number(.r, viewportDiagonal)
                ry = rx
            } else {
                let givenX = length(.rx, viewport.x), givenY = length(.ry, viewport.y)
                // A negative radius is invalid and counts as `auto`: the other radius.
                let validX = givenX.flatMap { $0 >= 0 ? $0 : nil }, validY = givenY.flatMap { $0 >= 0 ? $0 : nil }
                rx = validX ?? validY ?? 0
                ry = validY ?? validX ?? 0
            }
            guard rx > 0, ry > 0 else { return nil }
            bounds = Box(minX: cx - rx, minY: cy - ry, maxX: cx + rx, maxY: cy + ry)
            basicOutline = .ellipse(cx: cx, cy: cy, rx: rx, ry: ry)
            primitive = .ellipse(width: 2 * rx, height: 2 * ry)
            primitiveCenter = Point(cx, cy)
        case .line:
            let start = Point(number(.x1, viewport.x), number(.y1, viewport.y))
            let end = Point(number(.x2, viewport.x), number(.y2, viewport.y))
            outline = PathShape([Contour([BezierVertex(start), BezierVertex(end)], closed: false)])
            bounds = nil
        case .polyline, .polygon:
            // Points are read up to the first invalid one, and an odd last coordinate is dropped, as SVG does.
            let numbers = numberListPrefix(element[.points] ?? "")
            guard numbers.count >= 4 else { return nil }
            let points = stride(from: 0, to: numbers.count - 1, by: 2).map { BezierVertex(Point(numbers[$0], numbers[$0 + 1])) }
            outline = PathShape([Contour(points, closed: element.kind == .polygon)])
            bounds = nil
        default:
            guard let text = element[.d], !trimmedWhitespace(text).isEmpty else { return nil }
            // Counted before parsing, so a path past the limit costs one scan, not a parse. Runs
            // of digits are apart, so a text has at most half its bytes' runs (rounded up): a
            // path that short cannot pass the limit, and is not scanned for it.
            let runsAtMost = (text.utf8.count + 1) / 2
            if vertexCount + runsAtMost / 2 > SVGLimits.maxOutputVertices, vertexCount + numberCount(text) / 2 > SVGLimits.maxOutputVertices {
                throw SVGReadError("the SVG makes more than \(SVGLimits.maxOutputVertices) path vertices (with every use expanded)", line: element.line, column: element.column)
            }
            // Under a similarity the text is written as it is: only whether it draws and how many
            // vertices it makes are needed, which counting tells without building the shape.
            if total.similarity != nil, let counted = pathDataVertexCount(text) {
                outline = nil
                outlineVertices = counted
            } else {
                switch parsePathData(text) {
                case let .success(parsed): outline = parsed
                case let .failure(error):
                    guard let before = pathDataBeforeError(text, errorOffset: error.offset) else {
                        warn(element, "the path data is not valid (\(error.message)); the path is left out")
                        return nil
                    }
                    warn(element, "the path data is not valid (\(error.message)); it is drawn up to the error, as SVG draws it")
                    outline = before.shape
                    pathDataWritten = before.text
                }
            }
            if outline?.contours.isEmpty ?? (outlineVertices == 0) { return nil }
            bounds = nil
        }
        if let basicOutline {
            outlineVertices = basicOutline.vertexCount
        } else if let outline {
            outlineVertices = outline.contours.reduce(0) { $0 + $1.vertices.count }
        }
        /// The text of path data counted but not built, for an outline or a box asked for later.
        let countedPathData = outline == nil && basicOutline == nil ? element[.d] : nil
        try count(vertices: outlineVertices, at: element)
        node.id = claimID(for: element, fallback: element.name)
        var strokeScale = 1.0
        if let primitive, let similarity = total.similarity {
            node.geometry = primitive
            let center = total.apply(primitiveCenter)
            node.position = center
            if abs(similarity.rotation) > 1e-9 { node.rotation = similarity.rotation }
            if abs(similarity.scale - 1) > 1e-12 { node.scale = Point(similarity.scale, similarity.scale) }
            localToNode = .translate(-primitiveCenter.x, -primitiveCenter.y)
        } else if element.kind == .path, let text = pathDataWritten ?? element[.d], let similarity = total.similarity {
            node.geometry = .path(String(trimmedWhitespace(text)))
            if !total.isIdentity { setTransform(&node, total, similarity) }
        } else if total.similarity == nil, style[.stroke] != "none", let axes = total.axisDecomposition {
            // Under a skew or an uneven scale SVG stretches the stroke with the shape: the node
            // takes the stretch (a turn, then a scale along two axes) and its coordinates what is
            // left, which keeps lengths, so its stroke and dashes are stretched as SVG's are.
            if let basicOutline { outline = basicOutline.shape }
            node.geometry = .path(pathData(Self.outlineOrParsed(outline, pathData: countedPathData).transformed(by: axes.rest)))
            node.anchor = Point(0, 0)
            node.position = Point(total.e, total.f)
            if abs(axes.rotation) > 1e-9 { node.rotation = axes.rotation }
            node.scale = axes.scale
            localToNode = axes.rest
        } else {
            if let similarity = total.similarity {
                strokeScale = similarity.scale
            } else {
                strokeScale = abs(total.determinant).squareRoot()
                if style[.stroke] != "none" {
                    warn(element, "the stroke is under a skew or an uneven scale; it is drawn with one even width")
                }
            }
            if let basicOutline { outline = basicOutline.shape }
            node.geometry = .path(pathData(Self.outlineOrParsed(outline, pathData: countedPathData).transformed(by: total)))
            localToNode = total
        }
        // The box a gradient or a clip is laid out on, found only when one asks. It reads the
        // path text, not the element: a closure holding the element copied it for every shape.
        func shapeBox() -> Box { bounds ?? Box(Self.outlineOrParsed(outline, pathData: countedPathData)) }
        applyOpacity(&node, style)
        let fillOpacity = style[.fillOpacity].flatMap(parseOpacity) ?? 1
        // An invalid colour is a declaration CSS ignores: the value is what the element inherits
        // (its parent's, when that is valid), else the property's initial one.
        ellipticalGradientFrame = nil
        let fill: ArtworkPaint = paint(style[.fill] ?? "black", opacity: fillOpacity, style: style, element: element, bounds: shapeBox(), matrix: localToNode, allowsEllipse: true)
            ?? paint(parentStyle[.fill] ?? "black", opacity: fillOpacity, style: style, element: element, bounds: shapeBox(), matrix: localToNode, quiet: true, allowsEllipse: true)
            ?? paint("black", opacity: fillOpacity, style: style, element: element, bounds: shapeBox(), matrix: localToNode) ?? ArtworkPaint.none
        let fillFrame = ellipticalGradientFrame
        ellipticalGradientFrame = nil
        if style[.fillRule] == "evenodd" { node.fillRule = "evenodd" }
        let strokeOpacity = style[.strokeOpacity].flatMap(parseOpacity) ?? 1
        let strokePaint: ArtworkPaint = paint(style[.stroke] ?? "none", opacity: strokeOpacity, style: style, element: element, bounds: shapeBox(), matrix: localToNode)
            ?? paint(parentStyle[.stroke] ?? "none", opacity: strokeOpacity, style: style, element: element, bounds: shapeBox(), matrix: localToNode, quiet: true)
            ?? ArtworkPaint.none
        let diagonal = viewportDiagonal
        let givenWidth = style[.strokeWidth]
        let width = (parseLength(givenWidth, percentOf: diagonal) ?? relativeLength(givenWidth, fontSize: { fontSize(style[.fontSize]) }, relativeTo: relativeLengths) ?? 1) * strokeScale
        if strokePaint != .none, width > 0 {
            // An invalid keyword is ignored, as SVG ignores it: the initial value applies.
            let cap = style[.strokeLinecap].flatMap { lineCaps.contains($0) ? $0 : nil } ?? "butt"
            let dashes = strokeDashes(
                array: style[.strokeDasharray], offset: style[.strokeDashoffset], cap: cap,
                context: DashLengthContext(diagonal: diagonal, fontSize: fontSize(style[.fontSize]), relativeLengths: relativeLengths),
                scale: strokeScale)
            if let reason = dashes.unsupported { warn(element, reason) }
            let dash = dashes.lengths
            let join = style[.strokeLinejoin].flatMap { lineJoins.contains($0) ? $0 : lineJoinsDrawnAsMiter.contains($0) ? "miter" : nil } ?? "miter"
            node.stroke = ArtworkStroke(
                paint: strokePaint, width: width, cap: cap, join: join,
                miterLimit: max(1, Double(style[.strokeMiterlimit] ?? "4") ?? 4), dash: dash)
            node.fill = fill
        } else if fill != .color(RGBA(0, 0, 0, 1)) {
            node.fill = fill
        }
        if let frame = fillFrame, let ellipse = try ellipticalFill(of: node, frame: frame, outline: basicOutline?.shape ?? Self.outlineOrParsed(outline, pathData: countedPathData), localToNode: localToNode, element: element) {
            // Clipped in the shape's coordinates, placed as the shape was.
            node = ellipse
        }
        if let clip = style[.clipPath], clip != "none" {
            var intersected: [String] = []
            clipDrawsNothing = false
            node.clip = try clipPath(clip, on: element, matrix: localToNode, bounds: shapeBox(), intersected: &intersected)
            if clipDrawsNothing { return nil }
            if node.clip != nil, !intersected.isEmpty { return try clippedAround(node, by: intersected, element: element) }
        }
        return node
    }

    /// A shape whose fill is a radial gradient stretched into an ellipse (`frame` maps the
    /// gradient's space, where `node.fill` is its circle, into the node's coordinates) as a group
    /// placed as the shape was, holding the fill drawn in a node scaled along the ellipse's axes
    /// (its outline mapped back, so it draws where it did, and the gradient is a circle in its
    /// coordinates) and the stroke, if any, drawn as it was: an uneven scale would stretch its width.
    /// Nil when the frame cannot be drawn so (it flattens the plane).
    mutating func ellipticalFill(of node: ArtworkNode, frame: Affine, outline: PathShape, localToNode: Affine, element: SVGElement) throws(SVGReadError) -> ArtworkNode? {
        guard case let .radial(center, radius, stops)? = node.fill, let axes = frame.axisDecomposition else { return nil }
        // Only the ratio of the axes needs the node's scale: the even part of it (`even`) goes
        // into the circle, so the node's coordinates stay near the shape's, whose numbers are
        // written to six decimals (an object-bounding-box gradient's space is the unit square).
        let even = (axes.scale.x * axes.scale.y).squareRoot()
        let scale = Point(axes.scale.x / even, axes.scale.y / even)
        let placement = Affine.translate(frame.e, frame.f).concatenating(.rotate(degrees: axes.rotation)).concatenating(.scale(scale.x, scale.y))
        guard let unplaced = placement.inverted else { return nil }
        // Named after the shape (`bulb-fill`, `bulb-stroke`), numbered only when that is taken.
        func synthetic(_ suffix: String) -> SVGElement {
            SVGElement(name: "path", attributes: ["id": "\(node.id)-\(suffix)"], children: [], text: "", line: element.line, column: element.column)
        }
        var filled = ArtworkNode(
            id: claimID(for: synthetic("fill"), fallback: "\(node.id)-fill"), location: node.location,
            geometry: .path(pathData(outline.transformed(by: unplaced.concatenating(localToNode)))))
        filled.anchor = Point(0, 0)
        filled.position = Point(frame.e, frame.f)
        if abs(axes.rotation) > 1e-9 { filled.rotation = axes.rotation }
        filled.scale = scale
        let restCenter = axes.rest.apply(center)
        filled.fill = .radial(center: Point(restCenter.x * even, restCenter.y * even), radius: radius * even, stops: stops)
        filled.fillRule = node.fillRule
        var children: [ArtworkNode] = []
        depth += 1
        defer { depth -= 1 }
        if try keptWithinSceneLimits(&filled) { children.append(filled) }
        if let stroke = node.stroke {
            var stroked = ArtworkNode(id: claimID(for: synthetic("stroke"), fallback: "\(node.id)-stroke"), location: node.location, geometry: node.geometry)
            stroked.stroke = stroke
            if case .path = node.geometry {} else { stroked.position = .zero }
            if try keptWithinSceneLimits(&stroked) { children.append(stroked) }
        }
        var group = node
        group.geometry = .group(children)
        group.fill = nil
        group.fillRule = nil
        group.stroke = nil
        // A shape's position places its centre, which its own coordinates have at 0, 0; a
        // group's anchor is the centre of what it holds unless it says.
        if group.position != nil, group.anchor == nil { group.anchor = Point(0, 0) }
        return group
    }

    /// `outline`, or for path data counted but not built (`pathData`), its shape: the count proved it parses.
    static func outlineOrParsed(_ outline: PathShape?, pathData: String?) -> PathShape {
        if let outline { return outline }
        return (try? parsePathData(pathData ?? "").get()) ?? PathShape([])
    }

    /// `children` inside one group per clip in `clips` (each in the coordinates the children are
    /// in), each group placed at `location` (the first child's, kept or not) and kept within the
    /// scene's limits as it is made, but for the outermost when `keepingOutermost` is false (its
    /// caller places it first).
    mutating func clippedInside(_ children: [ArtworkNode], by clips: [String], at location: ArtworkLocation?, keepingOutermost: Bool = true) throws(SVGReadError) -> [ArtworkNode] {
        if children.isEmpty { return [] }
        var nodes = children
        for (index, clip) in clips.enumerated() {
            var wrapper = ArtworkNode(id: claimID(for: SVGElement(name: "g", attributes: [:], children: [], text: "", line: 0, column: 0), fallback: "clip"),
                location: location ?? ArtworkLocation(line: 1, column: 1), geometry: .group(nodes))
            wrapper.clip = clip
            let placedByCaller = !keepingOutermost && index == clips.count - 1
            if placedByCaller {
                nodes = [wrapper]
            } else {
                nodes = try keptWithinSceneLimits(&wrapper) ? [wrapper] : []
            }
        }
        return nodes
    }

    /// True when a scene can hold `node` (made so if its gradient is too small to write); false,
    /// and why noted in `nodesLeftOut`, when it is left out.
    /// Also counts what the node writes (`ImportedScene.estimatedBytes`), refusing the file
    /// past `SVGLimits.maxOutputBytes`: a paint, a dash list or a clip is written once for each
    /// node that has it, and `use` makes many nodes of one element.
    mutating func keptWithinSceneLimits(_ node: inout ArtworkNode) throws(SVGReadError) -> Bool {
        if let warning = sceneLimitWarning(fixing: &node) {
            nodesLeftOut.append(warning)
            return false
        }
        writtenBytes += ImportedScene.estimatedBytes(of: node, depth: depth)
        if writtenBytes > SVGLimits.maxOutputBytes {
            throw SVGReadError(
                "the scene the SVG makes would be larger than \(SVGLimits.maxOutputBytes / (1024 * 1024)) MiB (with every use expanded), more than a scene file may hold",
                line: node.location.line, column: node.location.column)
        }
        return true
    }

    /// A clipped shape whose clip intersects `clips`: groups around it take its placement, so
    /// every clip is in the same coordinates (the shape's local ones).
    mutating func clippedAround(_ shape: ArtworkNode, by clips: [String], element: SVGElement) throws(SVGReadError) -> ArtworkNode? {
        var inner = shape
        inner.position = nil
        inner.anchor = nil
        inner.rotation = nil
        inner.scale = nil
        let location = inner.location
        guard try keptWithinSceneLimits(&inner), var outer = try clippedInside([inner], by: clips, at: location, keepingOutermost: false).first else { return nil }
        outer.location = ArtworkLocation(line: element.line, column: element.column)
        outer.position = shape.position
        outer.anchor = shape.anchor
        outer.rotation = shape.rotation
        outer.scale = shape.scale
        return outer
    }

}
/// The transform a `viewBox` and `preserveAspectRatio` give a viewport of `width` × `height`.
func viewBoxTransform(_ viewBox: [Double], preserveAspectRatio: String?, width: Double, height: Double) -> Affine {
    let words = (preserveAspectRatio ?? "xMidYMid meet").split(separator: " ").map(String.init).filter { $0 != "defer" }
    let align = words.first ?? "xMidYMid"
    let slice = words.count > 1 && words[1] == "slice"
    var scaleX = width / viewBox[2], scaleY = height / viewBox[3]
    if align != "none" {
        let scale = slice ? max(scaleX, scaleY) : min(scaleX, scaleY)
        scaleX = scale
        scaleY = scale
    }
    var x = -viewBox[0] * scaleX, y = -viewBox[1] * scaleY
    let spareX = width - viewBox[2] * scaleX, spareY = height - viewBox[3] * scaleY
    if align.contains("xMid") { x += spareX / 2 } else if align.contains("xMax") { x += spareX }
    if align.contains("YMid") { y += spareY / 2 } else if align.contains("YMax") { y += spareY }
    return Affine(a: scaleX, d: scaleY, e: x, f: y)
}
