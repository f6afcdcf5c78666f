import ChoreoDiagnostics
import ChoreoScene
import ChoreoSVGImport
import Foundation
import Testing

/// Imports `svg` and compiles the scene it writes: the import must be a scene the compiler accepts.
private func importAndCompile(_ svg: String) throws -> (yaml: String, artwork: Artwork) {
    let artwork = try ArtworkMapper.map(bytes: Array(svg.utf8)).get()
    let yaml = ImportedScene.text(artwork, source: "test.svg")
    let compilation = compileScene(SourceFile(path: "imported.yaml", text: yaml))
    let errors = compilation.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(errors)\n\(yaml)")
    #expect(compilation.timeline != nil)
    return (yaml, artwork)
}

@Suite struct DesignToolImportTests {
    /// Figma writes its clip paths and gradients in a `defs` at the end of the file.
    @Test func figmaClipAndGradientDefinedAtTheEnd() throws {
        let (yaml, artwork) = try importAndCompile("""
            <svg width="24" height="24" viewBox="0 0 24 24" fill="none" xmlns="http://www.w3.org/2000/svg">
            <g clip-path="url(#clip0_1_2)">
            <path d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2z" fill="url(#paint0_linear_1_2)"/>
            </g>
            <defs>
            <linearGradient id="paint0_linear_1_2" x1="2" y1="2" x2="22" y2="22" gradientUnits="userSpaceOnUse">
            <stop stop-color="#FF5F6D"/>
            <stop offset="1" stop-color="#FFC371"/>
            </linearGradient>
            <clipPath id="clip0_1_2">
            <rect width="24" height="24" fill="white"/>
            </clipPath>
            </defs>
            </svg>
            """)
        #expect(artwork.warnings.isEmpty)
        #expect(yaml.contains("linear: {from: [2, 2], to: [22, 22]}"))
        #expect(yaml.contains("stops: [[0, \"#FF5F6D\"], [1, \"#FFC371\"]]"))
        #expect(yaml.contains("clip: {shape: path, d: \"M 0 0 L 24 0 L 24 24 L 0 24 Z\"}"))
        #expect(yaml.contains("d: \"M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2z\""))
    }

    /// Illustrator styles its shapes with classes in a `<style>` sheet.
    @Test func illustratorStyleClasses() throws {
        let (yaml, artwork) = try importAndCompile("""
            <?xml version="1.0" encoding="utf-8"?>
            <svg version="1.1" id="Layer_1" xmlns="http://www.w3.org/2000/svg" x="0px" y="0px" viewBox="0 0 100 100">
            <style type="text/css">
            \t.st0{fill:#E94E1B;}
            \t.st1{fill:none;stroke:#1D1D1B;stroke-width:4;stroke-linecap:round;stroke-miterlimit:10;}
            \t#Dot, circle.big { fill: #00A19A }
            </style>
            <rect x="10" y="10" class="st0" width="80" height="30"/>
            <line class="st1" x1="10" y1="60" x2="90" y2="60"/>
            <circle id="Dot" cx="50" cy="80" r="5" style="opacity:0.5"/>
            </svg>
            """)
        #expect(artwork.warnings.isEmpty)
        #expect(yaml.contains("size: [80, 30]"))
        #expect(yaml.contains("position: [50, 25]"))
        #expect(yaml.contains("fill: \"#E94E1B\""))
        #expect(yaml.contains("stroke: {color: \"#1D1D1B\", width: 4, cap: round}"))
        #expect(yaml.contains("- id: Dot"))
        #expect(yaml.contains("fill: \"#00A19A\""))
        #expect(yaml.contains("opacity: 0.5"))
    }

    /// Sketch nests groups, each with its own translate; a skew is applied to the coordinates.
    @Test func sketchNestedTransforms() throws {
        let (yaml, _) = try importAndCompile("""
            <svg width="40px" height="40px" viewBox="0 0 40 40" version="1.1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
                <title>icon</title>
                <g id="Page-1" stroke="none" stroke-width="1" fill="none" fill-rule="evenodd">
                    <g id="Artboard" transform="translate(-20.000000, -10.000000)" fill="#4A90E2">
                        <g id="Group" transform="translate(20.000000, 10.000000) rotate(90 10 10)">
                            <rect id="Rectangle" x="0" y="0" width="20" height="10"></rect>
                            <rect id="Skewed" transform="skewX(45)" x="0" y="20" width="10" height="10"></rect>
                        </g>
                    </g>
                </g>
            </svg>
            """)
        #expect(yaml.contains("- id: Page-1"))
        #expect(yaml.contains("fill-rule: evenodd"))
        #expect(yaml.contains("rotation: 90deg"))
        #expect(yaml.contains("position: [40, 10]"))
        #expect(yaml.contains("d: \"M 20 20 L 30 20 L 40 30 L 30 30 Z\""))
    }

    /// SVGO packs arc flags and numbers together (`a1 1 0 00.5.5`); the data is kept as written.
    @Test func svgoPackedArcFlags() throws {
        let (yaml, _) = try importAndCompile("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 2a10 10 0 100 20 10 10 0 100-20zm0 3a1 1 0 01.5.5"/></svg>
            """)
        #expect(yaml.contains("d: \"M12 2a10 10 0 100 20 10 10 0 100-20zm0 3a1 1 0 01.5.5\""))
    }

    @Test func unsupportedContentIsAWarningAtItsElement() throws {
        let (_, artwork) = try importAndCompile("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <rect width="4" height="4"/>
                <text x="1" y="2">Bell</text>
              <rect width="4" height="4" mask="url(#m)"/><image href="a.png"/>
              <animate attributeName="x"/>
            </svg>
            """)
        let found = artwork.warnings.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        #expect(found.contains { $0.hasPrefix("3:5 text is not imported") })
        #expect(found.contains { $0.hasPrefix("4:3 masks are not imported") })
        #expect(found.contains { $0.hasPrefix("4:46 images are not imported") })
        #expect(found.contains { $0.hasPrefix("5:3 SMIL animation") })
    }

    @Test func idsAreMadeValidAndUnique() throws {
        let (yaml, _) = try importAndCompile("""
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24">
              <defs><circle id="1dot" cx="2" cy="2" r="1"/></defs>
              <rect id="a b" width="2" height="2"/><rect id="a-b" width="2" height="2"/>
              <use xlink:href="#1dot" x="5"/><use href="#1dot" x="10"/>
            </svg>
            """)
        #expect(yaml.contains("- id: a-b\n"))
        #expect(yaml.contains("- id: a-b1\n"))
        #expect(yaml.contains("- id: _1dot\n"))
        #expect(yaml.contains("- id: _1dot1\n"))
    }

    @Test func viewBoxScalesToTheSize() throws {
        let (yaml, _) = try importAndCompile("""
            <svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 24 24"><rect x="2" y="2" width="4" height="4" fill="currentColor" color="tomato" stroke-dasharray="1 2" stroke="red"/></svg>
            """)
        #expect(yaml.contains("size: [48, 48]"))
        #expect(yaml.contains("position: [8, 8]"))
        #expect(yaml.contains("scale: 2"))
        #expect(yaml.contains("fill: \"#FF6347\""))
        #expect(yaml.contains("dash: [1, 2]"))
    }
}
