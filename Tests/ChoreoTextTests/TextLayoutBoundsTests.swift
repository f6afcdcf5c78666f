import ChoreoText
import ChoreoTimeline
import Foundation
import Testing

// Text a scene gives is laid out in time linear in its length (within a log factor) and never
// builds outlines the vertex limit refuses. Each timing is a ratio against the same layout at an
// eighth of the size, in this thread's CPU time, so a busy machine does not decide the result:
// linear work grows about 8 times, quadratic work 64 times.

private func threadSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// The fastest of `runs` layouts of `text`, in seconds of this thread's CPU.
private func layoutSeconds(_ font: Font, _ text: String, style: TextStyle, runs: Int = 3) -> Double {
    (0..<runs).map { _ in
        let start = threadSeconds()
        _ = font.layOut(text, style: style)
        return threadSeconds() - start
    }.min()!
}

/// The time to lay out `text(8 × n)` over the time for `text(n)`.
private func growth(_ font: Font, style: TextStyle = TextStyle(size: 10), _ text: (Int) -> String, n: Int) -> Double {
    let small = layoutSeconds(font, text(n), style: style), large = layoutSeconds(font, text(8 * n), style: style, runs: 1)
    return large / max(small, 1e-4)
}

@Suite struct TextLayoutBoundsTests {
    let font: Font

    init() throws {
        font = try Font(data: [UInt8](Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))))
    }

    /// `a` + 14,000 U+0301 (28 KB) took 9–14 s: every glyph of the one cluster made the
    /// cluster's text again. (HarfBuzz's own shaping of such a cluster is quadratic too: the
    /// front end refuses more than 30 marks in a row before shaping, `TextBoundsTests`.) Many
    /// clusters of 30 marks are laid out in linear time, and a cluster's glyphs share its text.
    @Test func clustersOfCombiningMarksAreLaidOutInLinearTime() {
        let ratio = growth(font, { String(repeating: "a" + String(repeating: "\u{301}", count: 30), count: $0 / 30) }, n: 2_000)
        #expect(ratio < 20, "8 × the marks took \(ratio) × the time")
        let layout = font.layOut("a" + String(repeating: "\u{301}", count: 100), style: TextStyle(size: 10))
        #expect(layout.glyphs.allSatisfy { $0.characters.unicodeScalars.count == 101 })
    }

    /// 1.1 MB of alternating embedding controls and Hebrew took 9–15 s: each directional run
    /// copied every glyph shaped before it.
    @Test func manyDirectionalRunsAreShapedInLinearTime() {
        let ratio = growth(font, { String(repeating: "\u{202B}\u{5D0}\u{202C}a", count: $0) }, n: 2_000)
        #expect(ratio < 20, "8 × the runs took \(ratio) × the time")
    }

    /// Wrapping at `max-width` shaped the line again for each word added to it: 16 KB of short
    /// words took 36 s.
    @Test func wrappingALongLineIsShapedInAboutLinearTime() {
        let style = TextStyle(size: 10, maxWidth: 1_000_000)
        let ratio = growth(font, style: style, { String(repeating: ". ", count: $0) }, n: 1_000)
        #expect(ratio < 24, "8 × the words took \(ratio) × the time")
    }

    /// Lines are still filled greedily: as many words as fit, a word wider than the line alone on
    /// its own line, and spaces before a line's first word dropped.
    @Test func wrappingFillsEachLineWithTheWordsThatFit() {
        let style = TextStyle(size: 10, maxWidth: 60)
        let words = "aa bb cc dd ee ff gg hh ii jj kk ll mm".split(separator: " ").map(String.init)
        // The greedy filling, a word at a time, with each candidate line measured on its own.
        var expected: [String] = []
        for word in words {
            if let last = expected.last, font.layOut(last + " " + word, style: TextStyle(size: 10)).size.x <= 60 {
                expected[expected.count - 1] = last + " " + word
            } else {
                expected.append(word)
            }
        }
        let layout = font.layOut(words.joined(separator: " "), style: style)
        #expect(expected.count > 2)
        #expect(layout.size.y == font.layOut(expected.joined(separator: "\n"), style: TextStyle(size: 10)).size.y)
        for (index, line) in expected.enumerated() {
            #expect(layout.glyphs.filter { $0.line == index }.count == font.layOut(line, style: TextStyle(size: 10)).glyphs.count, "\(line)")
        }
        let wide = font.layOut("  \(String(repeating: "W", count: 30)) a", style: style)
        #expect(wide.unbreakableWords == [String(repeating: "W", count: 30)])
        #expect(Set(wide.glyphs.map(\.line)) == [0, 1])
    }

    /// Outlines are counted per glyph id as glyphs are placed, and placing stops past the budget:
    /// 600 KB of text peaked near 1 GB before the scene's vertex limit refused it.
    @Test func placingStopsAtTheVertexBudget() {
        let text = String(repeating: "W", count: 200_000)
        let perGlyph = font.layOut("W", style: TextStyle(size: 10)).vertexCount
        let layout = font.layOut(text, style: TextStyle(size: 10), vertexBudget: 1_000)
        #expect(layout.stoppedAtVertexBudget)
        #expect(layout.glyphs.count == 1_000 / perGlyph)
        #expect(layout.vertexCount == (1_000 / perGlyph + 1) * perGlyph)
        let whole = font.layOut("WW", style: TextStyle(size: 10), vertexBudget: 2 * perGlyph)
        #expect(!whole.stoppedAtVertexBudget && whole.glyphs.count == 2 && whole.vertexCount == 2 * perGlyph)
    }
}

/// 150 corrupted copies of a real font (bytes flipped, zeroed and cut at random, seeded): each is
/// refused with a `FontError` or read, and what is read sets text without a crash or a hang.
@Test func corruptedFontsAreRefusedOrReadNeverFatal() throws {
    let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")))
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int(truncatingIfNeeded: state >> 33)
    }
    var refused = 0
    for round in 0..<150 {
        var bytes = original
        switch round % 3 {
        case 0: for _ in 0..<(1 + next() % 64) { bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next()) }
        case 1: let start = next() % bytes.count; for index in start..<min(bytes.count, start + 1 + next() % 4096) { bytes[index] = 0 }
        default: bytes.removeLast(bytes.count - next() % bytes.count)
        }
        guard let font = try? Font(data: bytes) else {
            refused += 1
            continue
        }
        _ = font.layOut("Hamburgefonstiv 0123 ÀÉÎõü ﬁ", style: TextStyle(size: 12, maxWidth: 40), vertexBudget: 100_000)
    }
    #expect(refused > 0 && refused < 150, "\(refused) of 150 refused")
}
