import ChoreoText
import ChoreoTimeline
import Foundation
import Testing

/// Debian's fonts-inter-variable: one wght axis, 100…900, with named instances.
private let interVariable = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"

private func interBytes() throws -> [UInt8]? {
    guard FileManager.default.fileExists(atPath: interVariable) else { return nil }
    return try [UInt8](Data(contentsOf: URL(fileURLWithPath: interVariable)))
}

/// The area a closed outline encloses (by the polygon of its vertices, enough to compare weights).
private func polygonArea(_ path: PathShape) -> Double {
    path.contours.reduce(0) { total, contour in
        let points = contour.vertices.map(\.point)
        let twice = points.indices.reduce(0.0) { sum, i in
            let a = points[i], b = points[(i + 1) % points.count]
            return sum + a.x * b.y - b.x * a.y
        }
        return total + abs(twice) / 2
    }
}

@Suite struct VariableFontTests {
    @Test func weightPicksTheInstanceOfTheWeightAxis() throws {
        guard let bytes = try interBytes() else {
            print("skipped: \(interVariable) is not installed (Debian's fonts-inter-variable)")
            return
        }
        let light = try Font(data: bytes, weight: 300), heavy = try Font(data: bytes, weight: 800)
        #expect(light.weight == 300 && heavy.weight == 800)
        let style = TextStyle(size: 100)
        let thin = light.layOut("Hamburg", style: style), bold = heavy.layOut("Hamburg", style: style)
        #expect(thin.glyphs.count == bold.glyphs.count)
        #expect(thin.outline != bold.outline)
        // Heavier strokes: more ink (the outer contour of H alone is much wider at 800), and wider advances.
        #expect(polygonArea(bold.glyphs[0].outline) > polygonArea(thin.glyphs[0].outline) * 1.5)
        #expect(bold.size.x > thin.size.x)
        #expect(throws: FontError.weightUnavailable(requested: 950, available: 100...900)) { try Font(data: bytes, weight: 950) }
    }

    @Test func theOutlinesDependOnlyOnTheFontsBytes() throws {
        guard let bytes = try interBytes() else {
            print("skipped: \(interVariable) is not installed (Debian's fonts-inter-variable)")
            return
        }
        let style = TextStyle(size: 40)
        let first = try Font(data: bytes, weight: 300).layOut("Hamburg", style: style)
        // Another weight in between leaves nothing behind in FreeType or HarfBuzz.
        _ = try Font(data: bytes, weight: 800).layOut("Hamburg", style: style)
        let again = try Font(data: Array(bytes), weight: 300).layOut("Hamburg", style: style)
        #expect(first == again)
        // The default instance is the font's own default weight, 400, same as asking for it.
        #expect(try Font(data: bytes).layOut("Hamburg", style: style) == Font(data: bytes, weight: 400).layOut("Hamburg", style: style))
    }
}
