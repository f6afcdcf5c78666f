import ChoreoTimeline

/// The glyphs a live text can show (contract §20), each set on its own: its outline with the pen
/// at the origin on the baseline, its advance, and the kerning HarfBuzz puts between two of them.
/// A live text is laid out from these at run time, character by character, so its characters are
/// the ones HarfBuzz gives one glyph each (no ligature joins two).
public struct GlyphSet: Sendable, Equatable {
    public struct Glyph: Sendable, Equatable {
        public var character: Character
        /// Scaled to the text's size; y down, the baseline at 0.
        public var outline: PathShape
        public var advance: Double
    }

    /// In the order asked for.
    public var glyphs: [Glyph]
    /// `kerning[i][j]`: what is added to glyph i's advance when glyph j follows it.
    public var kerning: [[Double]]
    public var ascent: Double
    public var descent: Double
    /// Characters the font has no glyph for.
    public var missing: [Character]
}

extension Font {
    /// Each character set alone at `style.size` (with `style.letterSpacing` added to its advance),
    /// and each pair set together for the kerning between them.
    public func glyphSet(_ characters: [Character], style: TextStyle) -> GlyphSet {
        let scale = style.size / unitsPerEm
        var glyphs: [GlyphSet.Glyph] = []
        var missing: [Character] = []
        var ids: [UInt32] = []
        for character in characters {
            let shaped = shape(String(character))
            guard let first = shaped.first else {
                glyphs.append(GlyphSet.Glyph(character: character, outline: PathShape([]), advance: 0))
                ids.append(0)
                continue
            }
            if shaped.contains(where: { $0.glyph == 0 }), character != " " { missing.append(character) }
            let advance = shaped.reduce(0) { $0 + $1.advance } * scale + style.letterSpacing
            var contours: [Contour] = []
            var penX = 0.0
            for glyph in shaped where glyph.glyph != 0 {
                let originX = penX + glyph.offset.x * scale, originY = glyph.offset.y * scale
                contours += outline(glyph: glyph.glyph).map { contour in
                    Contour(
                        contour.vertices.map {
                            BezierVertex(
                                Point(originX + $0.point.x * scale, originY + $0.point.y * scale),
                                in: Point($0.inTangent.x * scale, $0.inTangent.y * scale),
                                out: Point($0.outTangent.x * scale, $0.outTangent.y * scale))
                        }, closed: contour.closed)
                }
                penX += glyph.advance * scale
            }
            glyphs.append(GlyphSet.Glyph(character: character, outline: PathShape(contours), advance: advance))
            ids.append(first.glyph)
        }
        // The pair's first glyph advances by more or less than alone: that is the kerning.
        var kerning = Array(repeating: Array(repeating: 0.0, count: characters.count), count: characters.count)
        for (i, left) in characters.enumerated() where ids[i] != 0 {
            for (j, right) in characters.enumerated() where ids[j] != 0 {
                let pair = shape(String(left) + String(right))
                guard pair.count == 2, pair[0].glyph == ids[i], pair[1].glyph == ids[j] else { continue }
                let alone = glyphs[i].advance - style.letterSpacing
                let together = pair[0].advance * scale
                if abs(together - alone) > 1e-9 { kerning[i][j] = together - alone }
            }
        }
        return GlyphSet(glyphs: glyphs, kerning: kerning, ascent: ascent * scale, descent: descent * scale, missing: missing)
    }
}
