import ChoreoText
import ChoreoTimeline
import Foundation
import Testing

private let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

/// Live text (contract §20): the formats, and a text laid out cell by cell from a glyph set
/// landing where HarfBuzz sets the same text written literally.
@Suite struct LiveTextTests {
    @Test(arguments: [
        (2.5, LiveText.Format.int, "3"), (-2.5, .int, "-3"), (-0.4, .int, "0"), (0.125, .fixed(2), "0.13"),
        (-0.005, .fixed(2), "-0.01"), (0.42, .percent, "42%"), (0.425, .percent, "43%"), (1, .percent, "100%"),
        (1_234_567.4, .grouped, "1,234,567"), (999, .grouped, "999"), (-1000, .grouped, "-1,000"), (3, .fixed(0), "3"),
        (0.05, .fixed(3), "0.050"),
    ])
    func formatsRoundHalfAwayFromZero(value: Double, format: LiveText.Format, shown: String) {
        #expect(LiveText.format(value, format) == shown)
    }

    /// The cells of `{count | grouped} likes` at 12,345 put each glyph where the literal text's
    /// layout puts it (centred, as a literal text box is), kerning included ("AV" kerns in DejaVu).
    @Test func cellsLandWhereTheLiteralTextSetsItsGlyphs() throws {
        let font = try Font(data: [UInt8](Data(contentsOf: URL(fileURLWithPath: dejaVuSans))))
        let style = TextStyle(size: 20, alignment: .center)
        let characters = Array("0123456789, likesAV")
        let set = font.glyphSet(characters, style: style)
        #expect(set.missing.isEmpty)
        var kerning: [LiveText.KerningPair] = []
        for (i, row) in set.kerning.enumerated() {
            for (j, amount) in row.enumerated() where amount != 0 { kerning.append(LiveText.KerningPair(first: i, second: j, amount: amount)) }
        }
        #expect(!kerning.isEmpty)
        let text = LiveText(
            node: "t", parts: [.input("count", .grouped), .literal(" likes AV")], characters: characters, advances: set.glyphs.map(\.advance),
            kerning: kerning, letterSpacing: 0, boxWidth: 200, alignment: "center", baseline: 0, pitch: 1000,
            cells: (0..<16).map { LiveText.Cell(slot: "t.char.\($0)", node: "t-char-\($0)") }, labels: [:])
        let shown = text.text(at: ["count": .number(12345)])
        #expect(shown == "12,345 likes AV")
        let positions = text.cellPositions(of: shown)
        let literal = font.layOut(shown, style: style)
        // Each literal glyph's leftmost point, against the cell's pen plus its glyph's own.
        let drawn = Array(shown).enumerated().filter { $0.element != " " }
        #expect(literal.glyphs.count == drawn.count)
        for (glyph, (index, character)) in zip(literal.glyphs, drawn) {
            let row = characters.firstIndex(of: character)!
            let own = set.glyphs[row].outline.contours.flatMap(\.vertices).map(\.point.x).min()!
            let placed = glyph.outline.contours.flatMap(\.vertices).map(\.point.x).min()!
            #expect(abs(positions[index].x + own - placed) < 1e-6, "\(character) at \(index)")
            #expect(abs(positions[index].y + Double(row) * 1000) < 1e-9)
        }
        // Past the text, a cell shows the row after the last: nothing.
        #expect(positions[15].y == -Double(characters.count) * 1000)
    }
}
