@testable import ChoreoSVGImport
import Testing

/// The YAML writer copies a number it has written before instead of formatting it again, and
/// forgets those copies as its scratch space is emptied: every number must still read as the
/// importer formats it, however many repeat and however many do not.
@Suite struct ImportYAMLNumberTests {
    @Test func repeatedAndDistinctNumbersAreWrittenAsFormatted() throws {
        // Thousands of sizes, some repeating every few rects and some never, so the writer's
        // scratch space of digits fills and is emptied several times.
        var sizes: [(width: Double, height: Double)] = []
        for index in 0..<4000 {
            let width = Double(index % 37) + 0.25
            let height = Double(index) / 7 + 1
            sizes.append((width, height))
        }
        let rects = sizes.enumerated().map { index, size in
            "<rect id=\"r\(index)\" x=\"0\" y=\"0\" width=\"\(size.width)\" height=\"\(size.height)\" fill=\"#123456\"/>"
        }
        let svg = "<svg viewBox=\"0 0 2000 2000\" xmlns=\"http://www.w3.org/2000/svg\">\(rects.joined())</svg>"
        let artwork = try ArtworkMapper.map(bytes: Array(svg.utf8)).get()
        let yaml = ImportedScene.text(artwork, source: "numbers.svg")
        let written = yaml.split(separator: "\n").filter { $0.hasPrefix("    size: ") }.map(String.init)
        let expected = sizes.map { "    size: [\(importNumber($0.width)), \(importNumber($0.height))]" }
        #expect(written == expected)
    }
}
