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

private let unsupportedElements: [String: String] = [
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

private let shapeElements: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]

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

private let unsupportedEffects: [(property: StyleProperty, name: String, what: String)] = [(.mask, "mask", "masks"), (.filter, "filter", "filters")]
private let markerProperties: [StyleProperty] = [.markerStart, .markerMid, .markerEnd]
private let lineCaps = ["butt", "round", "square"]
private let lineJoins = ["miter", "round", "bevel"]
private let lineJoinsDrawnAsMiter = ["miter-clip", "arcs"]

private struct Mapper {
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
    private var gradientStyles: [String: ComputedStyle]?
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

    private mutating func index(_ element: SVGElement) {
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
    private func ancestorsStyle(of id: String) -> ComputedStyle? {
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

    private func ancestorsTransform(of id: String) -> Affine? {
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

    // MARK: Ids

    mutating func claimID(for element: SVGElement, fallback: String) -> String {
        let location = ArtworkLocation(line: element.line, column: element.column)
        var base: String
        if let raw = element[.id], !raw.isEmpty {
            base = identifier(from: raw)
            if claim(base, at: location) { return base }
        } else {
            base = fallback
        }
        while true {
            let (candidate, word, bit) = numberedID(base, nextCount(for: base))
            if reservedBits[word] & bit == 0 || !reserved.contains(candidate), claim(candidate, at: location) { return candidate }
        }
    }

    /// Claims `id` for the element at `location`; false, and the earlier claim kept, when it is taken.
    private mutating func claim(_ id: String, at location: ArtworkLocation) -> Bool {
        guard let earlier = locations.updateValue(location, forKey: id) else { return true }
        locations[id] = earlier
        return false
    }

    /// The next number of the ids generated from `base`, counted in place (one lookup). A base
    /// is counted in one place only: in `generatedByBase` if it was among the first few seen.
    private mutating func nextCount(for base: String) -> Int {
        for index in generatedByBase.indices where generatedByBase[index].base == base {
            generatedByBase[index].count += 1
            return generatedByBase[index].count
        }
        if generatedByBase.count < generatedBasesKept {
            generatedByBase.append((base, 1))
            return 1
        }
        func increment(_ count: inout Int) -> Int {
            count += 1
            return count
        }
        return increment(&generated[base, default: 0])
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
    private func expandedCount(_ element: SVGElement, memo: inout [String: Int], inProgress: inout Set<String>) -> Int {
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
    private func containsUse(of ids: [String], in element: SVGElement) -> Bool {
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
    private mutating func shapeLength(_ element: SVGElement, _ name: SVGAttributeName, percentOf reference: Double, style: ComputedStyle) -> Double? {
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
    private mutating func ownTransform(of element: SVGElement, css: String?, warning: Bool) -> Affine {
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
    private mutating func contentBounds(of element: SVGElement, style: ComputedStyle) -> Box? {
        var box: Box?
        guard accumulateContentBounds(of: element, style: style, matrix: .identity, useDepth: 0, into: &box) else { return nil }
        return box
    }

    /// Adds the boxes of what `element` holds, through `matrix`, to `box`; false for content
    /// whose box the importer does not work out.
    private mutating func accumulateContentBounds(of element: SVGElement, style: ComputedStyle, matrix: Affine, useDepth: Int, into box: inout Box?) -> Bool {
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

    private mutating func applyOpacity(_ node: inout ArtworkNode, _ style: ComputedStyle) {
        if let opacity = style[.opacity].flatMap(parseOpacity), opacity < 1 { node.opacity = opacity }
    }

    private func setTransform(_ node: inout ArtworkNode, _ matrix: Affine, _ similarity: (rotation: Double, scale: Double)) {
        node.anchor = Point(0, 0)
        node.position = Point(matrix.e, matrix.f)
        if abs(similarity.rotation) > 1e-9 { node.rotation = similarity.rotation }
        if abs(similarity.scale - 1) > 1e-12 { node.scale = Point(similarity.scale, similarity.scale) }
    }

    /// The one child of a `switch` that SVG draws: the first element whose conditions hold
    /// (none, when none does). Text between them and comments are no children here.
    private func chosenByConditions(_ children: [SVGElement]) -> [SVGElement] {
        for child in children where child.kind != .foreign && conditionsHold(child) { return [child] }
        return []
    }

    /// SVG's conditional processing: an element is drawn only when every test it carries holds.
    /// No extension is supported (Illustrator's `foreignObject` fallback asks for its own), every
    /// feature string is taken as supported (SVG 2 dropped `requiredFeatures`, and librsvg and
    /// browsers ignore it), and the language is English, as a renderer with no user to ask takes it.
    private func conditionsHold(_ element: SVGElement) -> Bool {
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
    private mutating func ellipticalFill(of node: ArtworkNode, frame: Affine, outline: PathShape, localToNode: Affine, element: SVGElement) throws(SVGReadError) -> ArtworkNode? {
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
    private static func outlineOrParsed(_ outline: PathShape?, pathData: String?) -> PathShape {
        if let outline { return outline }
        return (try? parsePathData(pathData ?? "").get()) ?? PathShape([])
    }

    /// `children` inside one group per clip in `clips` (each in the coordinates the children are
    /// in), each group placed at `location` (the first child's, kept or not) and kept within the
    /// scene's limits as it is made, but for the outermost when `keepingOutermost` is false (its
    /// caller places it first).
    private mutating func clippedInside(_ children: [ArtworkNode], by clips: [String], at location: ArtworkLocation?, keepingOutermost: Bool = true) throws(SVGReadError) -> [ArtworkNode] {
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
    private mutating func keptWithinSceneLimits(_ node: inout ArtworkNode) throws(SVGReadError) -> Bool {
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
    private mutating func clippedAround(_ shape: ArtworkNode, by clips: [String], element: SVGElement) throws(SVGReadError) -> ArtworkNode? {
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

    // MARK: Paint

    /// The paint `text` gives, nil for an invalid colour (warned unless `quiet`).
    mutating func paint(_ text: String, opacity: Double, style: ComputedStyle, element: SVGElement, bounds: @autoclosure () -> Box, matrix: Affine, quiet: Bool = false, allowsEllipse: Bool = false) -> ArtworkPaint? {
        // `none`, the stroke of most shapes, compares equal at once: it is never looked up.
        if text == "none" { return ArtworkPaint.none }
        var parsed: PaintText?
        // By index: a `for in` copy of each entry retained and released its text and paint.
        for index in recentPaints.indices where recentPaints[index].text == text {
            parsed = recentPaints[index].parsed
            break
        }
        if parsed == nil {
            if let known = paintTexts[text] {
                parsed = known
            } else {
                parsed = paintText(text)
                paintTexts[text] = parsed
            }
            if recentPaints.count < recentPaintCount {
                recentPaints.append((text, parsed!))
            } else {
                recentPaints[nextRecentPaint] = (text, parsed!)
                nextRecentPaint = (nextRecentPaint + 1) % recentPaintCount
            }
        }
        var value: String
        switch parsed! {
        case .none: return ArtworkPaint.none
        case let .color(known, parsedColor):
            guard var color = parsedColor ?? color(known, style: style) else {
                if !quiet { warn(element, "the colour '\(known)' is not valid; it is ignored, as SVG ignores it (the inherited or initial paint applies)") }
                return nil
            }
            color.a *= opacity
            return .color(color)
        case let .reference(reference, fallback, server):
            if let server {
                if server.name == "linearGradient" || server.name == "radialGradient" {
                    let painted = gradient(server, opacity: opacity, bounds: bounds(), matrix: matrix, user: element, allowsEllipse: allowsEllipse)
                    // A gradient without stops paints with the fallback colour when there is one.
                    if painted != .none || fallback.isEmpty { return painted }
                } else {
                    warn(element, "\(server.name == "pattern" ? "patterns" : "the paint server <\(server.name)>") cannot be imported; \(fallback.isEmpty ? "the paint is left out" : "its fallback colour is used")")
                }
            } else if !reference.hasPrefix("#") {
                warn(element, "the paint '\(reference)' is outside the file; nothing outside the SVG is read")
            }
            if fallback.isEmpty || fallback == "none" { return ArtworkPaint.none }
            value = fallback
        }
        guard var color = color(value, style: style) else {
            warn(element, "the colour '\(value)' is not understood; the paint is left out")
            return ArtworkPaint.none
        }
        color.a *= opacity
        return .color(color)
    }

    /// What a paint's text says, before any reference is looked up: a colour's is parsed here
    /// unless it is `currentColor`, which depends on the style.
    private mutating func paintText(_ text: String) -> PaintText {
        let value = String(trimmedWhitespace(text))
        if value == "none" { return .none }
        if value.hasPrefix("url(") {
            // In ASCII text a byte is a character: the search needs no grapheme breaking.
            let close = (value.utf8.allSatisfy { $0 < 0x80 } ? value.utf8.firstIndex(of: UInt8(ascii: ")")) : value.firstIndex(of: ")")) ?? value.endIndex
            let reference = trimmedQuotes(trimmedSpacesAndTabs(value[value.index(value.startIndex, offsetBy: 4)..<close]))
            let fallback = close < value.endIndex ? trimmedSpacesAndTabs(value[value.index(after: close)...]) : ""
            // SVG 1.1's ICC colour after a fallback makes the whole paint invalid in CSS (Chromium's
            // and resvg's reading): drawing the gradient would differ from them without a word.
            if fallback.contains("icc-color(") { return .color(value, parsed: .some(nil)) }
            return .reference(reference, fallback: fallback, server: reference.hasPrefix("#") ? byID[String(reference.dropFirst())] : nil)
        }
        if trimmedWhitespace(value).lowercased() == "currentcolor" { return .color(value, parsed: nil) }
        return .color(value, parsed: .some(color(value, style: ComputedStyle())))
    }

    mutating func color(_ text: String, style: ComputedStyle) -> RGBA? {
        let value = trimmedWhitespace(text)
        if let known = colors[value] { return known }
        if value.lowercased() == "currentcolor" {
            let current = style[.color] ?? "black"
            return current.lowercased() == "currentcolor" ? RGBA(0, 0, 0, 1) : color(current, style: ComputedStyle())
        }
        let parsed = parsedColor(String(value))
        colors[value] = parsed
        return parsed
    }

    private func parsedColor(_ value: String) -> RGBA? {
        // CSS refuses this where a scene's colours accept it: drawn, it would differ from SVG quietly.
        if mixesNumbersAndPercentages(value) { return nil }
        if case let .success(color) = parseColor(value, environment: ValueEnvironment()) { return color }
        return hslColor(value) ?? clampedRGBColor(value)
    }

    /// The gradient's attributes with those it inherits through `href` filled in, and the stops of
    /// the first gradient in the chain that has any, with that gradient.
    func gradientChain(_ server: SVGElement) -> (attributes: [String: String], stops: [SVGElement], stopsOwner: SVGElement) {
        var attributes = server.attributes
        var stops = server.children.filter { $0.name == "stop" }
        var stopsOwner = server
        var current = server
        var seen: Set<String> = [server[.id] ?? ""]
        while let href = current[.href], href.hasPrefix("#"), let next = byID[String(href.dropFirst())], seen.count < 32,
            !seen.contains(String(href.dropFirst())) {
            seen.insert(String(href.dropFirst()))
            guard next.name == "linearGradient" || next.name == "radialGradient" else { break }
            for key in ["gradientUnits", "gradientTransform", "spreadMethod"] where attributes[key] == nil {
                attributes[key] = next[key]
            }
            if next.name == server.name {
                for key in ["x1", "y1", "x2", "y2", "cx", "cy", "r", "fx", "fy", "fr"] where attributes[key] == nil {
                    attributes[key] = next[key]
                }
            }
            if stops.isEmpty {
                stops = next.children.filter { $0.name == "stop" }
                stopsOwner = next
            }
            current = next
        }
        return (attributes, stops, stopsOwner)
    }

    /// The computed style of every gradient with an id, in its place in the tree: what a stop's
    /// `currentColor` takes its `color` from. Made by one walk, the first time a stop needs it.
    private mutating func gradientStylesInPlace() -> [String: ComputedStyle] {
        if let known = gradientStyles { return known }
        var styles: [String: ComputedStyle] = [:]
        func walk(_ element: SVGElement, _ style: ComputedStyle) {
            for child in element.children {
                let childStyle = style.child(child, sheet: sheet)
                if child.name == "linearGradient" || child.name == "radialGradient", let id = child[.id], styles[id] == nil {
                    styles[id] = childStyle
                }
                walk(child, childStyle)
            }
        }
        walk(root, ComputedStyle().child(root, sheet: sheet))
        gradientStyles = styles
        return styles
    }

    /// A gradient's attributes (its `href` chain's included) and stops, before any opacity: the
    /// same for every shape it paints, so worked out once per gradient.
    mutating func resolvedGradient(_ server: SVGElement) -> ResolvedGradient {
        let key = server[.id] ?? ""
        if let resolved = resolvedGradients[key] { return resolved }
        let (attributes, stopElements, stopsOwner) = gradientChain(server)
        let ownerStyle = ComputedStyle().child(stopsOwner, sheet: sheet)
        var stops: [ArtworkStop] = []
        var lastOffset = 0.0
        for stop in stopElements {
            var style = ownerStyle.child(stop, sheet: sheet)
            if let stopColor = style[.stopColor], trimmedWhitespace(stopColor).lowercased() == "currentcolor" {
                // `color` is inherited from where the gradient is written, not from what it paints.
                let inPlace = stopsOwner[.id].flatMap { gradientStylesInPlace()[$0] } ?? ownerStyle
                style = inPlace.child(stop, sheet: sheet)
            }
            var offset = String(trimmedWhitespace(stop[.offset] ?? "0"))
            var divisor = 1.0
            if offset.hasSuffix("%") {
                offset.removeLast()
                divisor = 100
            }
            let value = min(1, max(lastOffset, (Double(offset) ?? 0) / divisor))
            lastOffset = value
            var color = self.color(style[.stopColor] ?? "black", style: style) ?? RGBA(0, 0, 0, 1)
            color.a *= style[.stopOpacity].flatMap(parseOpacity) ?? 1
            stops.append(ArtworkStop(offset: value, color: color))
        }
        let resolved = ResolvedGradient(attributes: attributes, stops: stops)
        resolvedGradients[key] = resolved
        return resolved
    }

    /// A radial gradient's paint in the coordinates `matrix` maps the shape's into. Stretched
    /// into an ellipse (and `allowsEllipse`), its centre and radius are in the gradient's own
    /// space instead, and `ellipticalGradientFrame` maps that space into the shape's.
    mutating func gradient(_ server: SVGElement, opacity: Double, bounds: Box, matrix: Affine, user: SVGElement, allowsEllipse: Bool = false) -> ArtworkPaint {
        let resolved = resolvedGradient(server)
        var stops = resolved.stops
        if opacity != 1 { for index in stops.indices { stops[index].color.a *= opacity } }
        if stops.isEmpty { return .none }
        if stops.count == 1 { return .color(stops[0].color) }
        let spread: GradientSpread
        if let known = GradientSpread(resolved.spreadMethod) {
            spread = known
        } else {
            warn(user, "spreadMethod '\(resolved.spreadMethod ?? "")' is not valid; the gradient pads its end colours, as SVG does")
            spread = .pad
        }
        /// The periods of a repeated or reflected gradient that cover the painted box, given each
        /// corner's gradient parameter; nil to pad (one period covers it, or too many would).
        func periods(_ parameter: (Point) -> Double, from origin: Double? = nil) -> (first: Int, count: Int)? {
            guard spread != .pad else { return nil }
            var parameters = corners(of: bounds, through: matrix).map(parameter)
            if let origin { parameters.append(origin) }
            guard let periods = spreadPeriods(covering: parameters) else { return nil }
            let count = periods.last - periods.first
            guard count <= maxSpreadPeriods else {
                warn(user, "spreadMethod '\(resolved.spreadMethod ?? "")' over more than \(maxSpreadPeriods) periods of the gradient is not imported; it pads its end colours")
                return nil
            }
            return (periods.first, count)
        }
        let objectBounds = resolved.gradientUnits != "userSpaceOnUse"
        var space = matrix
        if objectBounds {
            guard bounds.width > 0, bounds.height > 0 else { return .none }
            space = space.concatenating(Affine(a: bounds.width, d: bounds.height, e: bounds.minX, f: bounds.minY))
        }
        if let text = resolved.gradientTransform, let transform = parseTransform(text) {
            space = space.concatenating(transform)
        }
        func length(_ given: String?, _ fallback: String, _ reference: Double) -> Double {
            let text = given ?? fallback
            if objectBounds, text.hasSuffix("%") { return (Double(text.dropLast()) ?? 0) / 100 }
            return parseLength(text, percentOf: reference) ?? 0
        }
        if server.name == "linearGradient" {
            let start = Point(length(resolved.x1, "0%", viewport.x), length(resolved.y1, "0%", viewport.y))
            let end = Point(length(resolved.x2, "100%", viewport.x), length(resolved.y2, "0%", viewport.y))
            if start == end { return .color(stops[stops.count - 1].color) }
            let from = space.apply(start)
            let isoline = space.applyLinear(Point(-(end.y - start.y), end.x - start.x))
            let reach = space.apply(end) - from
            let along = isoline.x * isoline.x + isoline.y * isoline.y
            guard along > 0 else { return .color(stops[stops.count - 1].color) }
            let shift = (reach.x * isoline.x + reach.y * isoline.y) / along
            let to = Point(from.x + reach.x - shift * isoline.x, from.y + reach.y - shift * isoline.y)
            let axis = to - from
            let axisLengthSquared = axis.x * axis.x + axis.y * axis.y
            if let (first, count) = periods({ (($0.x - from.x) * axis.x + ($0.y - from.y) * axis.y) / axisLengthSquared }) {
                let start = Double(first), end = Double(first + count)
                return .linear(
                    from: Point(from.x + axis.x * start, from.y + axis.y * start), to: Point(from.x + axis.x * end, from.y + axis.y * end),
                    stops: spreadStops(stops, first: first, count: count, spread: spread))
            }
            return .linear(from: from, to: to, stops: stops)
        }
        let diagonal = viewportDiagonal
        let center = Point(length(resolved.cx, "50%", viewport.x), length(resolved.cy, "50%", viewport.y))
        let radius = length(resolved.r, "50%", diagonal)
        guard radius > 0 else { return .color(stops[stops.count - 1].color) }
        let focal = Point(resolved.fx == nil ? center.x : length(resolved.fx, "50%", viewport.x), resolved.fy == nil ? center.y : length(resolved.fy, "50%", viewport.y))
        if abs(focal.x - center.x) > 1e-9 || abs(focal.y - center.y) > 1e-9 {
            warn(user, "a radial gradient's focal point (fx, fy) is not imported; it is centred")
        }
        if length(resolved.fr, "0%", diagonal) > 0 {
            warn(user, "a radial gradient's focal radius (fr) is not imported; it starts from the centre")
        }
        let scale: Double
        if let similarity = space.similarity {
            scale = similarity.scale
        } else if allowsEllipse, space.axisDecomposition != nil, let inverse = space.inverted {
            // Stretched into an ellipse: the circle in the gradient's own space, which the
            // caller draws the shape in (`ellipticalGradientFrame`).
            ellipticalGradientFrame = space
            if let (_, count) = periods({ let p = inverse.apply($0); return ((p.x - center.x) * (p.x - center.x) + (p.y - center.y) * (p.y - center.y)).squareRoot() / radius }, from: 0) {
                return .radial(center: center, radius: radius * Double(count), stops: spreadStops(stops, first: 0, count: count, spread: spread))
            }
            return .radial(center: center, radius: radius, stops: stops)
        } else {
            scale = abs(space.determinant).squareRoot()
            warn(user, "a radial gradient stretched into an ellipse (by an uneven box or transform) on a stroke is not imported as such; it is drawn as a circle")
        }
        let centre = space.apply(center), scaledRadius = radius * scale
        // A radial gradient's parameter starts at its centre (0), so its periods start at the first.
        if let (_, count) = periods({ (($0.x - centre.x) * ($0.x - centre.x) + ($0.y - centre.y) * ($0.y - centre.y)).squareRoot() / scaledRadius }, from: 0) {
            return .radial(center: centre, radius: scaledRadius * Double(count), stops: spreadStops(stops, first: 0, count: count, spread: spread))
        }
        return .radial(center: centre, radius: scaledRadius, stops: stops)
    }

    // MARK: Clips

    /// The clip `text` refers to, as path data in the coordinates `matrix` maps the element's
    /// into: the contours of every shape the clipPath holds, whose union a scene's clip is (so a
    /// shape of several contours must fill their union under its clip-rule). A clip-path on the
    /// clipPath or on its one shape is one more clip, in `intersected`, which the caller puts on a
    /// group around (clips nested intersect).
    /// The reference of a `clip-path: url(…)`, nil for text that is not one.
    private func clipReference(_ text: String) -> String? {
        guard text.hasPrefix("url("), let close = text.firstIndex(of: ")") else { return nil }
        return text[text.index(text.startIndex, offsetBy: 4)..<close].trimmingCharacters(in: CharacterSet(charactersIn: " '\""))
    }

    /// The clipPath element a `clip-path` refers to, nil when it refers to none of this file.
    private func clipTarget(_ text: String) -> SVGElement? {
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
    private mutating func clipPathStyle(_ clip: SVGElement) -> ComputedStyle {
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

/// How many bases of generated ids `generatedByBase` holds.
private let generatedBasesKept = 8

/// `Mapper.reservedBits` is 4,096 bits: 4 of an id's length, 4 of its first byte, 4 of its last.
private let reservedBitWords = 64

/// Where an id's bit is in `Mapper.reservedBits`.
private func reservedBit(_ id: String) -> (word: Int, bit: UInt64) {
    let utf8 = id.utf8
    return reservedBit(length: utf8.count, first: utf8.first ?? 0, last: utf8.last ?? 0)
}

private func reservedBit(length: Int, first: UInt8, last: UInt8) -> (word: Int, bit: UInt64) {
    let key = (length & 15) << 8 | Int(first & 15) << 4 | Int(last & 15)
    return (key >> 6, 1 << UInt64(key & 63))
}

/// `base` followed by the decimal digits of `number` (at least 1), and the id's `reservedBit`:
/// the digits written straight after the base's bytes, where a string of the number and a
/// concatenation would each be a call into the runtime.
private func numberedID(_ base: String, _ number: Int) -> (id: String, word: Int, bit: UInt64) {
    // Up to 20 digits, last digit at the end.
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var count = 0
    var rest = number.magnitude
    withUnsafeMutableBytes(of: &digits) { buffer in
        repeat {
            buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            count += 1
        } while rest > 0
    }
    var base = base
    return base.withUTF8 { baseBytes in
        withUnsafeBytes(of: &digits) { buffer in
            let id = String(unsafeUninitializedCapacity: baseBytes.count + count) { target in
                _ = target.initialize(fromContentsOf: baseBytes)
                for index in 0..<count { target[baseBytes.count + index] = buffer[24 - count + index] }
                return baseBytes.count + count
            }
            let (word, bit) = reservedBit(length: baseBytes.count + count, first: baseBytes.first ?? buffer[24 - count], last: buffer[23])
            return (id, word, bit)
        }
    }
}

/// How many paints `recentPaints` holds.
private let recentPaintCount = 4

/// A paint's text as `paint` reads it before looking anything up.
enum PaintText {
    case none
    /// A colour's text and, unless it is `currentColor`, the colour it is (nil when invalid).
    case color(String, parsed: RGBA??)
    /// A `url()` paint: the reference as written, the fallback after it ("" for none) and the
    /// element of the file it refers to, if any.
    case reference(String, fallback: String, server: SVGElement?)
}

/// A gradient's attributes (its `href` chain's included) and stops, each attribute looked up
/// once per gradient instead of in a dictionary on every use, and shared by every use.
final class ResolvedGradient {
    let stops: [ArtworkStop]
    let gradientUnits: String?
    let gradientTransform: String?
    let spreadMethod: String?
    let x1: String?, y1: String?, x2: String?, y2: String?
    let cx: String?, cy: String?, r: String?, fx: String?, fy: String?, fr: String?

    init(attributes: [String: String], stops: [ArtworkStop]) {
        self.stops = stops
        gradientUnits = attributes["gradientUnits"]
        gradientTransform = attributes["gradientTransform"]
        spreadMethod = attributes["spreadMethod"]
        x1 = attributes["x1"]
        y1 = attributes["y1"]
        x2 = attributes["x2"]
        y2 = attributes["y2"]
        cx = attributes["cx"]
        cy = attributes["cy"]
        r = attributes["r"]
        fx = attributes["fx"]
        fy = attributes["fy"]
        fr = attributes["fr"]
    }
}

/// `hsl(120, 100%, 25%)` and `hsla(…, 0.5)`, which SVG exports use and a scene's colours do not.
func hslColor(_ text: String) -> RGBA? {
    let lower = text.lowercased()
    guard lower.hasPrefix("hsl"), let open = lower.firstIndex(of: "("), let close = lower.lastIndex(of: ")") else { return nil }
    let parts = lower[lower.index(after: open)..<close].split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" })
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard parts.count == 3 || parts.count == 4 else { return nil }
    func percent(_ part: String) -> Double? { part.hasSuffix("%") ? Double(part.dropLast()).map { $0 / 100 } : Double(part) }
    guard let hue = Double(parts[0].replacingOccurrences(of: "deg", with: "")), let saturation = percent(parts[1]), let lightness = percent(parts[2])
    else { return nil }
    let alpha = parts.count == 4 ? (parseOpacity(parts[3]) ?? 1) : 1
    let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 360
    let s = min(1, max(0, saturation)), l = min(1, max(0, lightness))
    let q = l < 0.5 ? l * (1 + s) : l + s - l * s, p = 2 * l - q
    func channel(_ t: Double) -> Double {
        let t = t < 0 ? t + 1 : t > 1 ? t - 1 : t
        if t < 1.0 / 6 { return p + (q - p) * 6 * t }
        if t < 0.5 { return q }
        if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
        return p
    }
    return RGBA(channel(h + 1.0 / 3), channel(h), channel(h - 1.0 / 3), alpha)
}

/// Whether `value` is `rgb()` or `rgba()` of commas whose three components mix numbers and
/// percentages, which CSS's syntax refuses.
func mixesNumbersAndPercentages(_ value: String) -> Bool {
    guard value.contains(","), value.lowercased().hasPrefix("rgb"), let open = value.firstIndex(of: "(") else { return false }
    let components = value[value.index(after: open)...].split(separator: ",").prefix(3)
        .map { trimmedWhitespace($0).hasSuffix("%") || trimmedWhitespace($0).hasSuffix("%)") }
    return components.contains(true) && components.contains(false)
}

/// `rgb()` and `rgba()` of commas with components out of range, which CSS clamps (the scene's own
/// colours refuse them): three numbers or three percentages, never a mix, and an alpha as a
/// number or a percentage.
func clampedRGBColor(_ text: String) -> RGBA? {
    let lower = text.lowercased()
    guard lower.hasPrefix("rgb"), let open = lower.firstIndex(of: "("), lower.hasSuffix(")"),
        lower[..<open] == "rgb" || lower[..<open] == "rgba"
    else { return nil }
    let parts = lower[lower.index(after: open)..<lower.index(before: lower.endIndex)].split(separator: ",", omittingEmptySubsequences: false)
        .map { trimmedWhitespace($0) }
    guard parts.count == 3 || parts.count == 4 else { return nil }
    let percentages = parts[0].hasSuffix("%")
    var channels: [Double] = []
    for part in parts[..<3] {
        guard part.hasSuffix("%") == percentages, let number = parseSingleNumber(percentages ? part.dropLast() : part) else { return nil }
        channels.append(min(1, max(0, percentages ? number / 100 : number / 255)))
    }
    var alpha = 1.0
    if parts.count == 4 {
        let part = parts[3]
        guard let number = parseSingleNumber(part.hasSuffix("%") ? part.dropLast() : part) else { return nil }
        alpha = min(1, max(0, part.hasSuffix("%") ? number / 100 : number))
    }
    return RGBA(channels[0], channels[1], channels[2], alpha)
}

/// How many numbers path data holds at most: the places a number can start.
func numberCount(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes in
        var count = 0
        var inNumber = false
        for byte in bytes {
            let numeric = (byte >= 48 && byte <= 57) || byte == 46
            if numeric && !inNumber { count += 1 }
            inNumber = numeric
        }
        return count
    }
}

func parseOpacity(_ text: String) -> Double? {
    // A single digit (the initial `1` most elements have) needs no number reading.
    if text.utf8.count == 1, let digit = text.utf8.first, digit >= 48 && digit <= 57 { return min(1, Double(digit - 48)) }
    if let plain = plainDecimal(text) { return min(1, max(0, plain)) }
    var value = trimmedSpacesAndTabs(text)
    var divisor = 1.0
    if value.hasSuffix("%") {
        value.removeLast()
        divisor = 100
    }
    guard let number = Double(value), number.isFinite else { return nil }
    return min(1, max(0, number / divisor))
}

/// `text` as a number when it is only digits and at most one point (`1`, `0.8`, `.5`), which is
/// what opacities almost always are: read on the bytes, where `Double(String)` would be a libc
/// call. Anything else is nil, left to the general reading.
private func plainDecimal(_ text: String) -> Double? {
    var digits = 0, points = 0
    for byte in text.utf8 {
        if byte >= 48 && byte <= 57 {
            digits += 1
        } else if byte == UInt8(ascii: ".") {
            points += 1
        } else {
            return nil
        }
    }
    guard digits > 0, points <= 1 else { return nil }
    return parseSingleNumber(Substring(text))
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

/// A node id made from an SVG id: characters an identifier cannot hold become `-`, and a leading
/// digit or `-` gets an `_` in front.
public func identifier(from raw: String) -> String {
    if isIdentifier(raw) { return raw }
    var result = ""
    for scalar in raw.unicodeScalars {
        let ok = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9") || scalar == "_" || scalar == "-"
        result.unicodeScalars.append(ok ? scalar : "-")
    }
    if result.isEmpty { return "_" }
    if let first = result.unicodeScalars.first, (first >= "0" && first <= "9") || first == "-" { result = "_" + result }
    return String(result.prefix(64))
}

/// Whether `raw` is already what `identifier(from:)` makes of it: the usual id, returned as it is.
private func isIdentifier(_ raw: String) -> Bool {
    let utf8 = raw.utf8
    guard let first = utf8.first, utf8.count <= 64, !(first >= 48 && first <= 57), first != UInt8(ascii: "-") else { return false }
    return utf8.allSatisfy { byte in
        (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}
