import ChoreoSVGImport
import ChoreoTimeline
import Testing

/// The importer reads lengths, transforms, inline styles and attributes on their bytes where the
/// text allows it and by characters where it does not: both must read alike.
@Suite struct ImportByteReadingTests {
    private func imported(_ content: String) throws -> Artwork {
        let svg = "<svg viewBox=\"0 0 200 200\" xmlns=\"http://www.w3.org/2000/svg\" xmlns:svg=\"http://www.w3.org/2000/svg\">\(content)</svg>"
        return try ArtworkMapper.map(bytes: Array(svg.utf8)).get()
    }

    private func node(_ id: String, in artwork: Artwork) -> ArtworkNode? {
        func all(_ nodes: [ArtworkNode]) -> [ArtworkNode] { nodes.flatMap { [$0] + all($0.children) } }
        return all(artwork.nodes).first { $0.id == id }
    }

    @Test func lengthsWithUnitsPercentagesAndSpaces() throws {
        let artwork = try imported("""
            <rect id="inch" x="0" y="0" width="1in" height=" 10mm " fill="blue"/>
            <rect id="percent" x="0" y="0" width="50%" height="12px" fill="blue"/>
            <rect id="two" x="0" y="0" width="5 6" height="10" fill="blue"/>
            <rect id="unknown" x="0" y="0" width="5zz" height="10" fill="blue"/>
            <rect id="em" x="0" y="0" width="5em" height="10" fill="blue"/>
            """)
        guard case let .rect(width, height, _)? = node("inch", in: artwork)?.geometry else {
            Issue.record("no rect for inch")
            return
        }
        #expect(width == 96)
        #expect(abs(height - 10 * 96 / 25.4) < 1e-9)
        guard case let .rect(halfWidth, pixels, _)? = node("percent", in: artwork)?.geometry else {
            Issue.record("no rect for percent")
            return
        }
        #expect(halfWidth == 100 && pixels == 12)
        // Two numbers, or a unit CSS does not have, are not a length: the rect has no width.
        #expect(node("two", in: artwork) == nil)
        #expect(node("unknown", in: artwork) == nil)
        // An `em` is of the font size, 16 where none is given.
        #expect(node("em", in: artwork)?.geometry == .rect(width: 80, height: 10, cornerRadius: 0))
    }

    @Test func transformsOnBytesAndAMalformedOne() throws {
        let artwork = try imported("""
            <rect id="moved" transform=" translate(10,20)\trotate(90) " width="10" height="10" fill="blue"/>
            <rect id="broken" transform="translate&#10;(10)" width="10" height="10" fill="blue"/>
            <rect id="accented" transform="translate(5) scale(é)" width="10" height="10" fill="blue"/>
            """)
        let moved = try #require(node("moved", in: artwork))
        #expect(abs((moved.rotation ?? 0) - 90) < 1e-9)
        #expect(abs((moved.position?.x ?? 0) - 5) < 1e-9 && abs((moved.position?.y ?? 0) - 25) < 1e-9)
        // A line break (written as a reference, which XML keeps) before `(` is not a space or tab around the name: the list is malformed.
        #expect(artwork.warnings.contains { $0.message == "the transform 'translate\n(10)' is not valid; it is ignored, as SVG ignores it" })
        #expect(artwork.warnings.contains { $0.message == "the transform 'translate(5) scale(é)' is not valid; it is ignored, as SVG ignores it" })
    }

    @Test func inlineStylesAndTheLaterOfTwoAttributes() throws {
        let artwork = try imported("""
            <rect id="styled" width="10" height="10" style="FILL: #00ff00 !important ; ;opacity:0.5"/>
            <rect id="commented" width="10" height="10" style="fill: red; /* fill: blue; */ stroke: none"/>
            <rect id="twice" width="10" height="10" svg:fill="red" fill="blue"/>
            """)
        #expect(node("styled", in: artwork)?.fill == .color(RGBA(0, 1, 0, 1)))
        #expect(node("styled", in: artwork)?.opacity == 0.5)
        #expect(node("commented", in: artwork)?.fill == .color(RGBA(1, 0, 0, 1)))
        #expect(node("twice", in: artwork)?.fill == .color(RGBA(0, 0, 1, 1)))
    }

    @Test func classListsOnBytesAndByCharacters() throws {
        let artwork = try imported("""
            <style>.a{fill:#ff0000}.b{stroke:#0000ff}.é{fill:#00ff00}.ab{opacity:0.5}</style>
            <rect id="both" class=" b&#9;a " width="10" height="10"/>
            <rect id="prefix" class="abc" width="10" height="10"/>
            <rect id="accented" class="x é" width="10" height="10"/>
            """)
        let both = try #require(node("both", in: artwork))
        #expect(both.fill == .color(RGBA(1, 0, 0, 1)))
        #expect(both.stroke?.paint == .color(RGBA(0, 0, 1, 1)))
        // A class is a whole word of the list: `abc` is neither `a` nor `ab`.
        #expect(node("prefix", in: artwork)?.fill == nil && node("prefix", in: artwork)?.opacity == nil)
        #expect(node("accented", in: artwork)?.fill == .color(RGBA(0, 1, 0, 1)))
    }

    @Test func opacitiesOfDigitsAndOtherNumbers() throws {
        let artwork = try imported("""
            <rect id="plain" opacity="0.25" width="10" height="10" fill="blue"/>
            <rect id="leading" opacity=".5" width="10" height="10" fill="blue"/>
            <rect id="exponent" opacity="5e-1" width="10" height="10" fill="blue"/>
            <rect id="percent" opacity="40%" width="10" height="10" fill="blue"/>
            <rect id="over" opacity="1.5" width="10" height="10" fill="blue"/>
            """)
        #expect(node("plain", in: artwork)?.opacity == 0.25)
        #expect(node("leading", in: artwork)?.opacity == 0.5)
        #expect(node("exponent", in: artwork)?.opacity == 0.5)
        #expect(node("percent", in: artwork)?.opacity == 0.4)
        #expect(node("over", in: artwork)?.opacity == nil)
    }

    @Test func generatedIdsSkipTheFilesOwnAndRepeatedIdsGetNumbers() throws {
        let artwork = try imported("""
            <rect width="10" height="10"/>
            <rect id="rect1" width="10" height="10"/>
            <rect id="same" width="10" height="10"/>
            <rect id="same" width="10" height="10"/>
            <rect id="1st" width="10" height="10"/>
            """)
        #expect(artwork.nodes.map(\.id) == ["rect2", "rect1", "same", "same1", "_1st"])
        #expect(artwork.locations["same"]?.line == artwork.locations["rect1"].map { $0.line + 1 })
    }
}
