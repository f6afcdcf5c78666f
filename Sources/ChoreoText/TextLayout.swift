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
    /// Lines break where Unicode's line-breaking rules allow (spaces, between ideographs) to stay
    /// within this width; nil for no wrapping.
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
    /// Pieces of text between two places a line may break that are wider than `maxWidth` on
    /// their own.
    public var unbreakableWords: [String]
    /// The path vertices of the glyphs placed (their outlines' vertices, counted per glyph id).
    public var vertexCount = 0
    /// True when placing stopped past the vertex budget `layOut` was given: `glyphs` holds only
    /// the glyphs placed before, and `vertexCount` is past the budget.
    public var stoppedAtVertexBudget = false

    /// All glyphs' outlines as one path (one path per glyph run).
    public var outline: PathShape { PathShape(glyphs.flatMap(\.outline.contours)) }
}

/// `line` without the spaces at its end.
private func trailingSpacesDropped(_ line: some StringProtocol) -> String {
    var end = line.endIndex
    while end > line.startIndex, line[line.index(before: end)] == " " { end = line.index(before: end) }
    return String(line[..<end])
}

extension Font {
    /// Sets `text` (lines broken at `\n`, and where Unicode's line-breaking rules allow to fit
    /// `style.maxWidth`). Glyphs are placed until their outlines' vertices pass `vertexBudget`,
    /// counted per glyph id before an outline is built (`stoppedAtVertexBudget`): what the
    /// scene's vertex limit refuses is never built. What this font has no glyph for is set in the
    /// first of `fallbacks` that has, scaled to the same size.
    public func layOut(_ text: String, style: TextStyle, vertexBudget: Int = .max, fallbacks: [Font] = []) -> TextLayout {
        let scale = style.size / unitsPerEm
        func font(of glyph: ShapedGlyph) -> Font { glyph.font == 0 ? self : fallbacks[glyph.font - 1] }
        var missing: [Character] = []
        var missingSet: Set<Character> = []
        var unbreakable: [String] = []
        var lines: [(text: String, glyphs: [ShapedGlyph], width: Double)] = []

        func width(_ glyphs: [ShapedGlyph]) -> Double {
            glyphs.reduce(0) { $0 + $1.advance * scale + style.letterSpacing } - (glyphs.isEmpty ? 0 : style.letterSpacing)
        }

        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard let maxWidth = style.maxWidth else {
                let glyphs = shape(paragraph, fallbacks: fallbacks)
                lines.append((paragraph, glyphs, width(glyphs)))
                continue
            }
            // Lines break where Unicode's rules let them (at spaces, between ideographs, after
            // hyphens): each piece between two such places ends with its spaces, which hang past
            // the edge of a broken line unmeasured, as in CSS; the paragraph's last line keeps them.
            // Each line takes as many of the next pieces as fit (the first whatever its width, with
            // the spaces that open a paragraph). A line is found by shaping it with 1, 2, 4, … more
            // pieces, then halving between the last that fit and the first that did not: a line of
            // n pieces is shaped O(log n) times over its length, where adding a piece at a time
            // shaped it n times (quadratic: 16 KB of short words took 36 s).
            let pieces = lineBreakPieces(paragraph)
            var shaped: [Int: (text: String, glyphs: [ShapedGlyph], width: Double)] = [:]
            var first = 0
            func line(_ count: Int) -> (text: String, glyphs: [ShapedGlyph], width: Double) {
                if let known = shaped[count] { return known }
                let text = trailingSpacesDropped(pieces[first..<first + count].joined())
                let glyphs = shape(text, fallbacks: fallbacks)
                let set = (text, glyphs, width(glyphs))
                shaped[count] = set
                return set
            }
            while first < pieces.count {
                shaped = [:]
                let available = pieces.count - first
                let leading = pieces[first...].prefix(while: { trailingSpacesDropped($0).isEmpty }).count
                let minimum = min(leading + 1, available)
                var fitting = minimum, tooMany: Int?
                while fitting < available {
                    let trial = min(fitting * 2, available)
                    if line(trial).width <= maxWidth { fitting = trial } else {
                        tooMany = trial
                        break
                    }
                }
                if var high = tooMany {
                    while high - fitting > 1 {
                        let middle = (fitting + high) / 2
                        if line(middle).width <= maxWidth { fitting = middle } else { high = middle }
                    }
                }
                var set = line(fitting)
                if fitting == minimum, set.width > maxWidth { unbreakable.append(trailingSpacesDropped(pieces[first + fitting - 1])) }
                if first + fitting == pieces.count {
                    let whole = pieces[first...].joined()
                    if whole != set.text {
                        let glyphs = shape(whole, fallbacks: fallbacks)
                        set = (whole, glyphs, width(glyphs))
                    }
                }
                lines.append(set)
                first += fitting
            }
        }

        let boxWidth = lines.map(\.width).max() ?? 0
        let lineStep = style.lineHeight * style.size
        let ascent = self.ascent * scale, descent = self.descent * scale
        let boxHeight = ascent + Double(max(lines.count - 1, 0)) * lineStep + descent
        var placed: [PlacedGlyph] = []
        var vertexCount = 0
        /// Each glyph id's vertex count, found once from its (cached) outline.
        var verticesOfGlyph: [UInt64: Int] = [:]
        placing: for (lineIndex, line) in lines.enumerated() {
            let utf8 = Array(line.text.utf8)
            let startX: Double
            switch style.alignment {
            case .start: startX = 0
            case .center: startX = (boxWidth - line.width) / 2
            case .end: startX = boxWidth - line.width
            }
            let baseline = -boxHeight / 2 + ascent + Double(lineIndex) * lineStep
            var penX = startX - boxWidth / 2
            // Cluster boundaries, for naming the characters a glyph draws. Each cluster's text is
            // made once and shared by its glyphs: a cluster of 14,000 combining marks has 14,001
            // glyphs, and making its text for each was quadratic.
            let clusters = Array(Set(line.glyphs.map(\.cluster))).sorted()
            var nextCluster: [Int: Int] = [:]
            for (index, cluster) in clusters.enumerated() { nextCluster[cluster] = index + 1 < clusters.count ? clusters[index + 1] : utf8.count }
            var clusterTexts: [Int: String] = [:]
            var reportedMissing: Set<Int> = []
            for (glyphIndex, shaped) in line.glyphs.enumerated() {
                let characters: String
                if let known = clusterTexts[shaped.cluster] {
                    characters = known
                } else {
                    let first = min(shaped.cluster, utf8.count)
                    characters = String(decoding: utf8[first..<max(min(nextCluster[shaped.cluster] ?? utf8.count, utf8.count), first)], as: UTF8.self)
                    clusterTexts[shaped.cluster] = characters
                }
                if shaped.glyph == 0, reportedMissing.insert(shaped.cluster).inserted {
                    for character in characters where character != " " && missingSet.insert(character).inserted { missing.append(character) }
                }
                if shaped.glyph != 0 {
                    let key = UInt64(shaped.font) << 32 | UInt64(shaped.glyph)
                    let vertices = verticesOfGlyph[key] ?? font(of: shaped).outline(glyph: shaped.glyph).reduce(0) { $0 + $1.vertices.count }
                    verticesOfGlyph[key] = vertices
                    vertexCount += vertices
                    if vertexCount > vertexBudget { break placing }
                }
                let originX = penX + shaped.offset.x * scale, originY = baseline + shaped.offset.y * scale
                let glyphFont = font(of: shaped)
                let glyphScale = style.size / glyphFont.unitsPerEm
                let contours = glyphFont.outline(glyph: shaped.glyph).map { contour in
                    Contour(
                        contour.vertices.map {
                            BezierVertex(
                                Point(originX + $0.point.x * glyphScale, originY + $0.point.y * glyphScale),
                                in: Point($0.inTangent.x * glyphScale, $0.inTangent.y * glyphScale),
                                out: Point($0.outTangent.x * glyphScale, $0.outTangent.y * glyphScale))
                        }, closed: contour.closed)
                }
                if !contours.isEmpty, shaped.glyph != 0 {
                    placed.append(PlacedGlyph(outline: PathShape(contours), characters: characters, line: lineIndex))
                }
                penX += shaped.advance * scale + (glyphIndex == line.glyphs.count - 1 ? 0 : style.letterSpacing)
            }
        }
        var layout = TextLayout(glyphs: placed, size: Point(boxWidth, boxHeight), missingCharacters: missing, unbreakableWords: unbreakable)
        layout.vertexCount = vertexCount
        layout.stoppedAtVertexBudget = vertexCount > vertexBudget
        return layout
    }
}

extension Font {
    /// `text` shaped in this font, then what it has no glyph for shaped again in each of
    /// `fallbacks` in turn: a run of clusters holding a glyph this font lacks is shaped whole in
    /// the fallback (so a letter and its marks come from one font), its advances and offsets
    /// scaled to this font's units. A glyph no font has stays this font's glyph 0.
    func shape(_ text: String, fallbacks: [Font]) -> [ShapedGlyph] {
        var glyphs = shape(text)
        guard !fallbacks.isEmpty else { return glyphs }
        let utf8 = Array(text.utf8)
        for (index, fallback) in fallbacks.enumerated() {
            let lacking = Set(glyphs.filter { $0.glyph == 0 }.map(\.cluster))
            guard !lacking.isEmpty else { break }
            let clusters = Set(glyphs.map(\.cluster)).sorted()
            var clusterEnd: [Int: Int] = [:]
            for (position, cluster) in clusters.enumerated() { clusterEnd[cluster] = position + 1 < clusters.count ? clusters[position + 1] : utf8.count }
            let scale = unitsPerEm / fallback.unitsPerEm
            var result: [ShapedGlyph] = []
            result.reserveCapacity(glyphs.count)
            var start = 0
            while start < glyphs.count {
                guard lacking.contains(glyphs[start].cluster) else {
                    result.append(glyphs[start])
                    start += 1
                    continue
                }
                var end = start
                while end < glyphs.count, lacking.contains(glyphs[end].cluster) { end += 1 }
                let runClusters = glyphs[start..<end].map(\.cluster)
                let lower = runClusters.min()!, upper = max(min(clusterEnd[runClusters.max()!] ?? utf8.count, utf8.count), lower)
                for shaped in fallback.shape(String(decoding: utf8[lower..<upper], as: UTF8.self)) {
                    let offset = Point(shaped.offset.x * scale, shaped.offset.y * scale)
                    result.append(ShapedGlyph(
                        glyph: shaped.glyph, cluster: shaped.cluster + lower, advance: shaped.advance * scale, offset: offset,
                        font: shaped.glyph == 0 ? 0 : index + 1))
                }
                start = end
            }
            glyphs = result
        }
        return glyphs
    }
}
