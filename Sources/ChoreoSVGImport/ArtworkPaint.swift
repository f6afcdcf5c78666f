import ChoreoScene
import ChoreoTimeline
import Foundation

// Fills and strokes: colours as CSS reads them, gradients with their href chains.
extension Mapper {
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
    mutating func paintText(_ text: String) -> PaintText {
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

    func parsedColor(_ value: String) -> RGBA? {
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
    mutating func gradientStylesInPlace() -> [String: ComputedStyle] {
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
}

/// How many paints `recentPaints` holds.
let recentPaintCount = 4

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
func plainDecimal(_ text: String) -> Double? {
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
