import ChoreoTimeline

/// How each line sits in the text box.
public enum TextAlignment: String, Sendable, CaseIterable {
    case start, center, end
}

/// What to set: the text and how its lines are laid out, in scene units.
public struct TextStyle: Sendable, Equatable {
    public var size: Double
    public var alignment: TextAlignment
    /// × size between baselines.
    public var lineHeight: Double
    /// Added after every glyph, in scene units.
    public var letterSpacing: Double
    /// Lines break at spaces to stay within this width; nil for no wrapping.
    public var maxWidth: Double?

    public init(size: Double, alignment: TextAlignment = .start, lineHeight: Double = 1.2, letterSpacing: Double = 0, maxWidth: Double? = nil) {
        self.size = size
        self.alignment = alignment
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
        self.maxWidth = maxWidth
    }
}

/// One glyph set in place: its outline in the text box's coordinates (centre at the origin, y down).
public struct PlacedGlyph: Sendable, Equatable {
    public var outline: PathShape
    /// The characters it draws.
    public var characters: String
    public var line: Int
}

/// Text set into glyph outlines.
public struct TextLayout: Sendable, Equatable {
    /// Every glyph with ink, per line from left to right (right-to-left runs in their visual order).
    public var glyphs: [PlacedGlyph]
    /// The text box: the widest line's advance by the first line's ascent to the last line's descent.
    public var size: Point
    /// Characters the font has no glyph for, each once, in order of appearance.
    public var missingCharacters: [Character]
    /// Words wider than `maxWidth` on their own, which no break at a space can fit.
    public var unbreakableWords: [String]

    /// All glyphs' outlines as one path (one path per glyph run).
    public var outline: PathShape { PathShape(glyphs.flatMap(\.outline.contours)) }
}

extension Font {
    /// Sets `text` (lines broken at `\n`, and at spaces to fit `style.maxWidth`).
    public func layOut(_ text: String, style: TextStyle) -> TextLayout {
        let scale = style.size / unitsPerEm
        var missing: [Character] = []
        var unbreakable: [String] = []
        var lines: [(text: String, glyphs: [ShapedGlyph], width: Double)] = []

        func width(_ glyphs: [ShapedGlyph]) -> Double {
            glyphs.reduce(0) { $0 + $1.advance * scale + style.letterSpacing } - (glyphs.isEmpty ? 0 : style.letterSpacing)
        }

        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard let maxWidth = style.maxWidth else {
                let glyphs = shape(paragraph)
                lines.append((paragraph, glyphs, width(glyphs)))
                continue
            }
            var current = ""
            var currentGlyphs: [ShapedGlyph] = []
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
                let candidate = current.isEmpty ? word : current + " " + word
                let glyphs = shape(candidate)
                if width(glyphs) <= maxWidth || current.isEmpty {
                    current = candidate
                    currentGlyphs = glyphs
                    if current == word, width(glyphs) > maxWidth { unbreakable.append(word) }
                } else {
                    lines.append((current, currentGlyphs, width(currentGlyphs)))
                    current = word
                    currentGlyphs = shape(word)
                    if width(currentGlyphs) > maxWidth { unbreakable.append(word) }
                }
            }
            lines.append((current, currentGlyphs, width(currentGlyphs)))
        }

        let boxWidth = lines.map(\.width).max() ?? 0
        let lineStep = style.lineHeight * style.size
        let ascent = self.ascent * scale, descent = self.descent * scale
        let boxHeight = ascent + Double(max(lines.count - 1, 0)) * lineStep + descent
        var placed: [PlacedGlyph] = []
        for (lineIndex, line) in lines.enumerated() {
            let utf8 = Array(line.text.utf8)
            let startX: Double
            switch style.alignment {
            case .start: startX = 0
            case .center: startX = (boxWidth - line.width) / 2
            case .end: startX = boxWidth - line.width
            }
            let baseline = -boxHeight / 2 + ascent + Double(lineIndex) * lineStep
            var penX = startX - boxWidth / 2
            // Cluster boundaries, for naming the characters a glyph draws.
            let clusters = Array(Set(line.glyphs.map(\.cluster))).sorted()
            var nextCluster: [Int: Int] = [:]
            for (index, cluster) in clusters.enumerated() { nextCluster[cluster] = index + 1 < clusters.count ? clusters[index + 1] : utf8.count }
            for (glyphIndex, shaped) in line.glyphs.enumerated() {
                let first = min(shaped.cluster, utf8.count)
                let characters = String(decoding: utf8[first..<max(min(nextCluster[shaped.cluster] ?? utf8.count, utf8.count), first)], as: UTF8.self)
                if shaped.glyph == 0 {
                    for character in characters where !missing.contains(character) && character != " " { missing.append(character) }
                }
                let originX = penX + shaped.offset.x * scale, originY = baseline + shaped.offset.y * scale
                let contours = outline(glyph: shaped.glyph).map { contour in
                    Contour(
                        contour.vertices.map {
                            BezierVertex(
                                Point(originX + $0.point.x * scale, originY + $0.point.y * scale),
                                in: Point($0.inTangent.x * scale, $0.inTangent.y * scale),
                                out: Point($0.outTangent.x * scale, $0.outTangent.y * scale))
                        }, closed: contour.closed)
                }
                if !contours.isEmpty, shaped.glyph != 0 {
                    placed.append(PlacedGlyph(outline: PathShape(contours), characters: characters, line: lineIndex))
                }
                penX += shaped.advance * scale + (glyphIndex == line.glyphs.count - 1 ? 0 : style.letterSpacing)
            }
        }
        return TextLayout(glyphs: placed, size: Point(boxWidth, boxHeight), missingCharacters: missing, unbreakableWords: unbreakable)
    }
}
