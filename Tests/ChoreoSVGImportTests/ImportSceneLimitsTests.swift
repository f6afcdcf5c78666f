import ChoreoDiagnostics
import ChoreoScene
import ChoreoTimeline
import ChoreoSVGImport
import Testing

/// What the SVG import fuzzer found: SVGs whose import was a scene the compiler rejects. An import
/// must always compile, so what a scene cannot hold is left out with a warning, or refused.
@Suite struct ImportSceneLimitsTests {
    private func importCompiles(_ svg: String) throws -> Artwork {
        let artwork = try ArtworkMapper.map(bytes: Array(svg.utf8)).get()
        let yaml = ImportedScene.text(artwork, source: "fuzz.svg")
        let errors = compileScene(SourceFile(path: "imported.yaml", text: yaml)).diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors)\n\(yaml)")
        return artwork
    }

    @Test(arguments: [
        "<rect id=\"far\" x=\"290071992547409930\" width=\"10\" height=\"10\"/>",
        "<rect id=\"huge\" width=\"9007199254740993198\" height=\"10\" fill=\"none\" stroke=\"black\"/>",
        "<g transform=\"translate(1e300 0)\"><circle id=\"gone\" r=\"5\"/></g>",
        "<rect id=\"tiny\" width=\"1e-9\" height=\"10\"/>",
    ])
    func aNodeBeyondTheSceneLimitsIsLeftOutWithAWarning(_ content: String) throws {
        let artwork = try importCompiles("<svg viewBox=\"0 0 200 200\" xmlns=\"http://www.w3.org/2000/svg\">\n\(content)<rect id=\"kept\" width=\"1\" height=\"1\"/></svg>")
        #expect(artwork.warnings.map(\.message) == [
            "the element's geometry or placement is beyond what a scene can hold (numbers at most 1000000 in either direction, sizes that round to more than 0); it is left out"
        ])
        #expect(artwork.warnings.first?.location.line == 2)
        #expect(artwork.nodes.last?.id == "kept")
    }

    /// Inkscape writes seven decimals: a fraction of seven digits is no number of seven digits.
    @Test(arguments: [
        "M 2.9980469,1.0009766 L 14.9980469,1.0009766 L 8.0000001,12.9999999 Z",
        "M1.5.5 999999.1234567.5 L3 3Z",
        "M 999999.9999999,0 L 0,999999.9999999 L 0,0 Z",
    ])
    func pathNumbersWithLongFractionsAreKept(_ d: String) throws {
        let artwork = try importCompiles("<svg viewBox=\"0 0 20 20\" xmlns=\"http://www.w3.org/2000/svg\"><path id=\"p\" d=\"\(d)\"/></svg>")
        #expect(artwork.warnings.isEmpty, "\(artwork.warnings)")
        #expect(artwork.nodes.map(\.id) == ["p"])
    }

    @Test(arguments: ["M 1000000.5,0 L 0,1 L 0,0 Z", "M 0,0 L 12345678.25,1 Z"])
    func pathNumbersPastTheLimitAreStillLeftOut(_ d: String) throws {
        let artwork = try importCompiles("<svg viewBox=\"0 0 20 20\" xmlns=\"http://www.w3.org/2000/svg\"><path id=\"p\" d=\"\(d)\"/><rect id=\"kept\" width=\"1\" height=\"1\"/></svg>")
        #expect(artwork.nodes.map(\.id) == ["kept"])
        #expect(artwork.warnings.count == 1)
    }

    @Test func aRadialGradientWithAZeroTransformPaintsItsLastStop() throws {
        let artwork = try importCompiles("""
            <svg viewBox="0 0 200 200" xmlns="http://www.w3.org/2000/svg">
            <radialGradient id="g" gradientTransform="matrix(0 0 0 0 0 0)"><stop offset="0" stop-color="white"/><stop offset="1" stop-color="green"/></radialGradient>
            <rect id="r" x="20" y="20" width="160" height="160" fill="url(#g)"/>
            </svg>
            """)
        #expect(artwork.nodes.first?.fill == .color(RGBA(0, 128.0 / 255, 0, 1)))
    }

    @Test func aCanvasBeyondTheLimitIsRefused() {
        let result = ArtworkMapper.map(bytes: Array("<svg viewBox=\"0 0 21e57 200\" xmlns=\"http://www.w3.org/2000/svg\"/>".utf8))
        guard case let .failure(error) = result else { Issue.record("accepted"); return }
        #expect(error.message == "the SVG's size is beyond what a scene can hold (each side above 0 and at most 1000000)")
    }
}
