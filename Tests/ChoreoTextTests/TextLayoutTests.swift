import ChoreoText
import ChoreoTimeline
import Foundation
import Testing

private let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

private func loadDejaVu() throws -> Font {
    let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dejaVuSans)))
    return try Font(data: data)
}

@Suite struct TextLayoutTests {
    @Test func setsLatinIntoOutlinesWithTheFontsMetrics() throws {
        let font = try loadDejaVu()
        #expect(font.familyName == "DejaVu Sans")
        #expect(font.unitsPerEm == 2048)
        let layout = font.layOut("Hi", style: TextStyle(size: 20))
        #expect(layout.glyphs.map(\.characters) == ["H", "i"])
        #expect(layout.missingCharacters.isEmpty)
        // The box is centred: its glyphs' ink lies within ±width/2.
        let xs = layout.outline.contours.flatMap(\.vertices).map(\.point.x)
        #expect(xs.min()! >= -layout.size.x / 2 && xs.max()! <= layout.size.x / 2)
        #expect(abs(layout.size.y - (font.ascent + font.descent) * 20 / 2048) < 1e-9)
    }

    @Test func kerningPairsAreCloserThanTheirAdvances() throws {
        let font = try loadDejaVu()
        let kerned = font.layOut("AV", style: TextStyle(size: 100)).size.x
        let apart = font.layOut("A", style: TextStyle(size: 100)).size.x + font.layOut("V", style: TextStyle(size: 100)).size.x
        #expect(kerned < apart - 1)
    }

    @Test func namesTheCharactersTheFontLacks() throws {
        let font = try loadDejaVu()
        let layout = font.layOut("a\u{10900}b\u{10900}", style: TextStyle(size: 10))
        #expect(layout.missingCharacters == ["\u{10900}"])
    }

    @Test func wrapsAtSpacesWithinMaxWidthAndReportsWordsThatCannotFit() throws {
        let font = try loadDejaVu()
        let one = font.layOut("aaa bbb ccc", style: TextStyle(size: 10))
        let wrapped = font.layOut("aaa bbb ccc", style: TextStyle(size: 10, maxWidth: one.size.x * 0.7))
        #expect(Set(wrapped.glyphs.map(\.line)) == [0, 1])
        #expect(wrapped.size.x <= one.size.x * 0.7)
        #expect(wrapped.unbreakableWords.isEmpty)
        let narrow = font.layOut("aaa bbb", style: TextStyle(size: 10, maxWidth: 5))
        #expect(narrow.unbreakableWords == ["aaa", "bbb"])
        let lines = font.layOut("a\nb\nc", style: TextStyle(size: 10))
        #expect(Set(lines.glyphs.map(\.line)) == [0, 1, 2])
    }

    /// Japanese and Chinese have no spaces: lines break between ideographs and kana, as
    /// Unicode's line-breaking rules allow, but never before closing punctuation (`。`, `、`).
    @Test func japaneseAndChineseWrapBetweenCharacters() throws {
        let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
        guard let data = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: cjk))) else {
            print("skipped: \(cjk) is not installed (fonts-noto-cjk)")
            return
        }
        let font = try Font(data: data)
        for text in ["日本語の文章は、空白なしで折り返します。", "中文的段落没有空格，也会换行。"] {
            // Four ideographs of 10 (an em each) fit in 42.
            let wrapped = font.layOut(text, style: TextStyle(size: 10, maxWidth: 42))
            #expect(wrapped.unbreakableWords.isEmpty, "\(text)")
            #expect(wrapped.size.x <= 42, "\(text)")
            let lines = Dictionary(grouping: wrapped.glyphs, by: \.line).sorted { $0.key < $1.key }.map { $0.value.map(\.characters).joined() }
            #expect(lines.count >= text.count / 4, "\(lines)")
            #expect(lines.joined() == text.filter { $0 != " " }, "\(lines)")
            for line in lines.dropFirst() { #expect(!["。", "、", "，"].contains(line.first.map(String.init) ?? ""), "\(lines)") }
        }
    }

    /// What the font lacks is set in the fallback given, at the same size: Noto Sans CJK's
    /// ideographs are an em wide, and their outlines sit in that em.
    @Test func whatTheFontLacksIsSetInAFallbackAtTheSameSize() throws {
        let path = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
        guard let data = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) else {
            print("skipped: \(path) is not installed (fonts-noto-cjk)")
            return
        }
        let font = try loadDejaVu(), cjk = try Font(data: data)
        #expect(font.layOut("Hi 日本", style: TextStyle(size: 10)).missingCharacters == ["日", "本"])
        let mixed = font.layOut("Hi 日本", style: TextStyle(size: 10), fallbacks: [cjk])
        #expect(mixed.missingCharacters.isEmpty)
        #expect(mixed.glyphs.map(\.characters) == ["H", "i", "日", "本"])
        let latin = font.layOut("Hi ", style: TextStyle(size: 10)).size.x
        #expect(abs(mixed.size.x - (latin + 20)) < 1e-9, "\(mixed.size.x) vs \(latin) + 20")
        let ideograph = mixed.glyphs[2].outline.contours.flatMap(\.vertices).map(\.point)
        let left = -mixed.size.x / 2 + latin
        #expect(ideograph.allSatisfy { $0.x >= left - 1e-9 && $0.x <= left + 10 }, "\(ideograph)")
        // Lines break between the fallback's ideographs as between the font's own letters.
        let wrapped = font.layOut("日本語の文章", style: TextStyle(size: 10, maxWidth: 21), fallbacks: [cjk])
        #expect(wrapped.missingCharacters.isEmpty && wrapped.unbreakableWords.isEmpty)
        #expect(Set(wrapped.glyphs.map(\.line)) == [0, 1, 2])
    }

    /// Unicode's rules break after a hyphen too; spaces at the end of a broken line are not measured.
    @Test func linesBreakAfterHyphensAndHangTheirSpaces() throws {
        let font = try loadDejaVu()
        let word = font.layOut("well-", style: TextStyle(size: 10)).size.x
        let wrapped = font.layOut("well-known", style: TextStyle(size: 10, maxWidth: word + 1))
        let lines = Dictionary(grouping: wrapped.glyphs, by: \.line).sorted { $0.key < $1.key }.map { $0.value.map(\.characters).joined() }
        #expect(lines == ["well-", "known"])
        let spaced = font.layOut("aaa     aaa", style: TextStyle(size: 10, maxWidth: font.layOut("aaa", style: TextStyle(size: 10)).size.x))
        #expect(spaced.unbreakableWords.isEmpty)
        #expect(spaced.size.x == font.layOut("aaa", style: TextStyle(size: 10)).size.x)
    }

    @Test func refusesFontsOverTheSizeBoundAndBytesThatAreNoFont() {
        #expect(throws: FontError.tooLarge(bytes: Font.maximumBytes + 1)) { try Font(data: [UInt8](repeating: 0, count: Font.maximumBytes + 1)) }
        #expect(throws: FontError.self) { try Font(data: Array("not a font".utf8)) }
        #expect(throws: FontError.self) { try Font(data: []) }
    }

    @Test func aStaticFontHasOnlyItsOwnWeight() throws {
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dejaVuSans)))
        #expect(throws: FontError.weightUnavailable(requested: 700, available: 400...400)) { try Font(data: data, weight: 700) }
        #expect(try Font(data: data, weight: 400).weight == 400)
    }

    @Test func fontconfigFindsInstalledFamiliesOnly() {
        let found = findInstalledFont(family: "DejaVu Sans", weight: 700)
        #expect(found?.family == "DejaVu Sans")
        #expect(found?.file.hasSuffix("DejaVuSans-Bold.ttf") == true)
        #expect(findInstalledFont(family: "No Such Family Anywhere", weight: 400) == nil)
    }
}
