import ChoreoTimeline
import Foundation
import Testing

@testable import ChoreoText

private let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

/// The leftmost x of the ink of the glyph drawing `characters`.
private func left(of characters: String, in layout: TextLayout) -> Double? {
    layout.glyphs.first { $0.characters == characters }.map { $0.outline.contours.flatMap(\.vertices).map(\.point.x).min()! }
}

@Suite struct BidiTests {
    @Test func aLeftToRightLineWithAnArabicRunSplitsWhereTheDirectionChanges() {
        let line = "Total: 42 ر.س"
        let runs = directionalRuns(line)
        let texts = runs.map { String(decoding: Array(line.utf8)[$0.utf8], as: UTF8.self) }
        #expect(texts == ["Total: 42 ", "ر.س"])
        #expect(runs.map(\.rightToLeft) == [false, true])
    }

    @Test func aRightToLeftLineWithLatinPutsTheLatinRunLeftOfTheHebrew() {
        let line = "שלום world"
        let runs = directionalRuns(line)
        let texts = runs.map { String(decoding: Array(line.utf8)[$0.utf8], as: UTF8.self) }
        #expect(texts == ["world", "שלום "])
        #expect(runs.map(\.rightToLeft) == [false, true])
    }

    @Test func oneDirectionIsOneRun() {
        #expect(directionalRuns("Hello").count == 1)
        #expect(directionalRuns("مرحبا بالعالم").map(\.rightToLeft) == [true])
        #expect(directionalRuns("").isEmpty)
    }

    @Test func eachRunIsShapedInItsDirectionAndTheRunsSitInVisualOrder() throws {
        let font = try Font(data: [UInt8](Data(contentsOf: URL(fileURLWithPath: dejaVuSans))))
        let mixed = font.layOut("Total: 42 ر.س", style: TextStyle(size: 40))
        // Latin reads left to right, then the Arabic run right to left: its first letter is rightmost.
        let t = try #require(left(of: "T", in: mixed)), two = try #require(left(of: "2", in: mixed))
        let reh = try #require(left(of: "ر", in: mixed)), seen = try #require(left(of: "س", in: mixed))
        #expect(t < two && two < seen && seen < reh)

        let hebrew = font.layOut("שלום world", style: TextStyle(size: 40))
        let w = try #require(left(of: "w", in: hebrew)), d = try #require(left(of: "d", in: hebrew))
        let shin = try #require(left(of: "ש", in: hebrew)), mem = try #require(left(of: "ם", in: hebrew))
        #expect(w < d && d < mem && mem < shin)
    }
}
