import ChoreoDiagnostics
import ChoreoScene
import ChoreoTimeline
import ChoreoSVGImport
import Foundation
import Testing

/// Imports `svg` (its content inside a 200 × 200 `viewBox`, as resvg's tests are) and compiles the
/// scene it writes.
private func imported(_ content: String) throws -> Artwork {
    let svg = "<svg viewBox=\"0 0 200 200\" xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">\(content)</svg>"
    let artwork = try ArtworkMapper.map(bytes: Array(svg.utf8)).get()
    let yaml = ImportedScene.text(artwork, source: "test.svg")
    let compilation = compileScene(SourceFile(path: "imported.yaml", text: yaml))
    let errors = compilation.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(errors)\n\(yaml)")
    return artwork
}

private func allNodes(_ nodes: [ArtworkNode]) -> [ArtworkNode] {
    nodes.flatMap { [$0] + allNodes($0.children) }
}

private func node(_ id: String, in artwork: Artwork) -> ArtworkNode? {
    allNodes(artwork.nodes).first { $0.id == id }
}

/// The picture details resvg's peer suite checks, one fix each.
@Suite struct ImportFidelityTests {
    @Test func dashLengthsInPercentOfTheDiagonalAndInEm() throws {
        let artwork = try imported("""
            <circle id="percent" cx="100" cy="100" r="70" fill="none" stroke="green" stroke-width="10" stroke-dasharray="15% 30%"/>
            <g font-size="20"><circle id="em" cx="100" cy="100" r="70" fill="none" stroke="green" stroke-dasharray="2em 1em"/></g>
            <circle id="mm" cx="100" cy="100" r="70" fill="none" stroke="green" stroke-dasharray="5mm 2.5mm"/>
            """)
        #expect(artwork.warnings.isEmpty)
        #expect(node("percent", in: artwork)?.stroke?.dash == [30, 60])
        #expect(node("em", in: artwork)?.stroke?.dash == [40, 20])
        let mm = try #require(node("mm", in: artwork)?.stroke?.dash)
        #expect(abs(mm[0] - 5 * 96 / 25.4) < 1e-9 && abs(mm[1] - 2.5 * 96 / 25.4) < 1e-9)
    }

    @Test func aNegativeOrZeroSumDashListDrawsSolid() throws {
        let artwork = try imported("""
            <rect id="negative" x="40" y="40" width="120" height="120" fill="none" stroke="green" stroke-dasharray="20 40 -20"/>
            <rect id="zero" x="40" y="40" width="120" height="120" fill="none" stroke="green" stroke-dasharray="0 0"/>
            <rect id="odd" x="40" y="40" width="120" height="120" fill="none" stroke="green" stroke-dasharray="10, 20 30"/>
            """)
        #expect(node("negative", in: artwork)?.stroke?.dash == [])
        #expect(node("zero", in: artwork)?.stroke?.dash == [])
        #expect(node("odd", in: artwork)?.stroke?.dash == [10, 20, 30, 10, 20, 30])
    }

    /// A scene's dash list has no offset: the pattern starts where the offset falls in it.
    @Test func dashOffsetStartsThePatternWhereTheOffsetFalls() throws {
        let artwork = try imported("""
            <circle id="inDash" cx="100" cy="100" r="70" fill="none" stroke="green" stroke-dasharray="10 20" stroke-dashoffset="5"/>
            <circle id="inGap" cx="100" cy="100" r="70" fill="none" stroke="green" stroke-dasharray="10 20" stroke-dashoffset="15px"/>
            <circle id="negative" cx="100" cy="100" r="70" fill="none" stroke="green" stroke-dasharray="10 20" stroke-dashoffset="-5"/>
            <circle id="atGap" cx="100" cy="100" r="70" fill="none" stroke="green" stroke-dasharray="10 20" stroke-dashoffset="10"/>
            <circle id="whole" cx="100" cy="100" r="70" fill="none" stroke="green" stroke-dasharray="10 20" stroke-dashoffset="60"/>
            """)
        #expect(artwork.warnings.isEmpty)
        #expect(node("inDash", in: artwork)?.stroke?.dash == [5, 20, 5, 0])
        #expect(node("inGap", in: artwork)?.stroke?.dash == [0, 15, 10, 5])
        #expect(node("negative", in: artwork)?.stroke?.dash == [0, 5, 10, 15])
        #expect(node("atGap", in: artwork)?.stroke?.dash == [0, 20, 10, 0])
        #expect(node("whole", in: artwork)?.stroke?.dash == [10, 20])
    }

    /// A zero-length dash draws a dot with round and square caps, so an offset into a gap cannot be
    /// written that way for them: the warning says so, at the element.
    @Test func dashOffsetIntoAGapWithRoundCapsWarns() throws {
        let artwork = try imported("""

            <line id="dots" x1="20" y1="100" x2="180" y2="100" stroke="green" stroke-linecap="round" stroke-dasharray="10 20" stroke-dashoffset="15"/>
            <line id="fine" x1="20" y1="150" x2="180" y2="150" stroke="green" stroke-linecap="round" stroke-dasharray="10 20" stroke-dashoffset="5"/>
            """)
        #expect(artwork.warnings.map(\.message) == [
            "a stroke-dashoffset that starts the stroke inside a gap is not imported with round or square caps; the dashes start at the path's start"
        ])
        #expect(artwork.warnings.first?.location == ArtworkLocation(line: 2, column: 1))
        #expect(node("fine", in: artwork)?.stroke?.dash == [5, 20, 5, 0])
    }

    /// A symbol is a viewport: the use's width and height (or 100 %) size it, its content is
    /// clipped to it, and its own opacity composites the content.
    @Test func aSymbolClipsToItsViewportAndKeepsItsOpacity() throws {
        let artwork = try imported("""
            <symbol id="symbol1" opacity="0.5"><rect id="rect1" x="20" y="20" width="160" height="160" fill="green"/></symbol>
            <use id="use1" xlink:href="#symbol1" x="10" y="10" width="100" height="100"/>
            <symbol id="shown" overflow="visible"><rect id="rect2" x="20" y="20" width="160" height="160"/></symbol>
            <use id="use2" xlink:href="#shown" width="100" height="100"/>
            """)
        #expect(artwork.warnings.isEmpty)
        let use = try #require(node("use1", in: artwork))
        #expect(use.opacity == 0.5)
        #expect(use.position == Point(10, 10))
        #expect(use.clip == "M 0 0 L 100 0 L 100 100 L 0 100 Z")
        #expect(node("use2", in: artwork)?.clip == nil)
    }

    @Test func aSymbolViewBoxIsFittedIntoTheUseRectAndClippedThere() throws {
        let artwork = try imported("""
            <symbol id="symbol1" viewBox="-50 -50 150 150"><rect id="rect1" x="20" y="20" width="160" height="160" fill="green"/></symbol>
            <use id="use1" xlink:href="#symbol1" x="50" y="50" width="100" height="100"/>
            """)
        let use = try #require(node("use1", in: artwork))
        #expect(use.scale.map { abs($0.x - 2.0 / 3) < 1e-12 } == true)
        #expect(use.clip == "M -50 -50 L 100 -50 L 100 100 L -50 100 Z")
    }

    /// A clip-path on the clipPath intersects: a group around the clipped shape takes the
    /// shape's placement and the clipPath's own clip, the shape keeps the clipPath's outline.
    @Test func aClipPathsOwnClipPathIntersects() throws {
        let artwork = try imported("""
            <clipPath id="round"><circle cx="100" cy="100" r="60"/></clipPath>
            <clipPath id="square" clip-path="url(#round)"><rect x="50" y="50" width="100" height="100"/></clipPath>
            <rect id="rect1" x="0" y="0" width="200" height="200" fill="green" clip-path="url(#square)"/>
            """)
        #expect(artwork.warnings.isEmpty)
        let outer = try #require(artwork.nodes.first)
        #expect(outer.id == "clip1")
        #expect(outer.position == Point(100, 100))
        #expect(outer.clip?.hasPrefix("M 60 0 C") == true)
        let shape = try #require(outer.children.first)
        #expect(shape.id == "rect1" && shape.position == nil)
        #expect(shape.clip == "M -50 -50 L 50 -50 L 50 50 L -50 50 Z")
    }

    @Test func aClipPathOnTheRootSvgClipsTheWholeDrawing() throws {
        let svg = """
            <svg id="svg1" viewBox="0 0 200 200" clip-path="url(#c)" xmlns="http://www.w3.org/2000/svg">
            <clipPath id="c"><rect x="50" y="50" width="100" height="100"/></clipPath>
            <rect id="rect1" width="200" height="200" fill="green"/>
            </svg>
            """
        let artwork = try ArtworkMapper.map(bytes: Array(svg.utf8)).get()
        #expect(artwork.nodes.map(\.id) == ["svg1"])
        #expect(artwork.nodes.first?.clip == "M 50 50 L 150 50 L 150 150 L 50 150 Z")
    }

    /// A clipPath's transform is applied in user space, outside its objectBoundingBox units.
    @Test func aClipPathTransformIsOutsideItsBoundingBoxUnits() throws {
        let artwork = try imported("""
            <clipPath id="c" clipPathUnits="objectBoundingBox" transform="translate(10 0)"><rect x="0.25" y="0.25" width="0.5" height="0.5"/></clipPath>
            <path id="p" d="M 0 0 H 200 V 200 H 0 Z" clip-path="url(#c)"/>
            """)
        #expect(node("p", in: artwork)?.clip == "M 60 50 L 160 50 L 160 150 L 60 150 Z")
    }

    /// Evenodd and nonzero fill a contour that crosses itself differently, and a scene's clip is
    /// a union of contours: a straight-edged one is cut into the contours its fill is the union of
    /// (an evenodd star is its five points, joined at the inner pentagon's corners), inherited
    /// clip-rule included; one with a curve is reported; one that does not cross is kept.
    @Test func anEvenoddClipThatCrossesItselfIsCutIntoItsFillOrWarns() throws {
        let artwork = try imported("""
            <g clip-rule="evenodd"><clipPath id="star"><path d="M 100 15 l 50 160 l -130 -100 l 160 0 l -130 100 z"/></clipPath></g>
            <clipPath id="curved" clip-rule="evenodd"><path d="M 100 15 l 50 160 l -130 -100 l 160 0 c -40 30 -90 70 -130 100 z"/></clipPath>
            <clipPath id="plain"><path d="M 0 0 H 100 V 100 Z" clip-rule="evenodd"/></clipPath>
            <path id="starred" d="M 0 0 H 200 V 200 H 0 Z" clip-path="url(#star)"/>
            <rect id="bent" width="200" height="200" clip-path="url(#curved)"/>
            <rect id="kept" width="200" height="200" clip-path="url(#plain)"/>
            """)
        #expect(artwork.warnings.map(\.message) == [
            "clip-rule evenodd on a contour that crosses itself is not imported (a scene's clip is filled nonzero); the clip is left out"
        ])
        // The star's outline and its pentagon's edges, one loop that turns one way: the pentagon,
        // outside under evenodd, is left out under nonzero too.
        #expect(node("starred", in: artwork)?.clip == "M 100 15 L 118.75 75 L 81.25 75 L 69.379845 112.984496 L 100 136.538462 L 130.620155 112.984496 L 118.75 75 L 180 75 L 130.620155 112.984496 L 150 175 L 100 136.538462 L 50 175 L 69.379845 112.984496 L 20 75 L 81.25 75 Z")
        #expect(node("bent", in: artwork)?.clip == nil)
        #expect(node("kept", in: artwork)?.clip != nil)
    }

    /// A clipPath with nothing that clips (no child, a line, an image, a hidden shape) shows
    /// nothing of its element, as SVG draws it; a clipPath of text, which is not imported, warns.
    @Test func aClipOfNothingLeavesItsElementOutAndOneOfTextWarns() throws {
        let artwork = try imported("""
            <clipPath id="none"/>
            <clipPath id="thin"><line x1="0" y1="0" x2="100" y2="100"/><image width="10" height="10"/><rect width="50" height="50" display="none"/></clipPath>
            <clipPath id="words"><text x="10" y="50">clip</text></clipPath>
            <rect id="gone" width="200" height="200" clip-path="url(#none)"/>
            <g id="alsogone" clip-path="url(#thin)"><rect width="20" height="20"/></g>
            <rect id="drawn" width="200" height="200" clip-path="url(#words)"/>
            """)
        #expect(artwork.warnings.map(\.message) == ["a clip-path of text is not imported (text is not); the element is left out of its clip"])
        #expect(artwork.nodes.map(\.id) == ["drawn"])
    }

    /// A clip-path on a clipPath's shape is in that shape's user space, its own transform included.
    @Test func aClipPathOnAClipShapeTakesTheShapesTransform() throws {
        let artwork = try imported("""
            <clipPath id="round"><circle cx="50" cy="50" r="40"/></clipPath>
            <clipPath id="square"><rect width="100" height="100" transform="translate(20 30)" clip-path="url(#round)"/></clipPath>
            <path id="p" d="M 0 0 H 200 V 200 H 0 Z" clip-path="url(#square)"/>
            """)
        #expect(artwork.warnings.isEmpty)
        let outer = try #require(artwork.nodes.first)
        #expect(outer.clip?.hasPrefix("M 110 80 C") == true, "\(outer.clip ?? "")")
    }

    /// A clipPath of several shapes clips to their union: each shape's contours, in its own
    /// transform, make one clip of several contours.
    @Test func aClipPathOfSeveralShapesIsTheUnionOfTheirContours() throws {
        let artwork = try imported("""
            <clipPath id="two"><rect x="10" y="10" width="50" height="50"/><rect x="20" y="0" width="10" height="10" transform="translate(100 100)"/></clipPath>
            <clipPath id="holes"><path d="M 0 0 H 100 V 100 H 0 Z M 150 150 H 160 V 160 H 150 Z M 20 20 H 80 V 80 H 20 Z"/></clipPath>
            <rect id="both" width="200" height="200" clip-path="url(#two)"/>
            <rect id="nested" width="200" height="200" clip-path="url(#holes)"/>
            """)
        #expect(artwork.warnings.isEmpty)
        #expect(node("both", in: artwork)?.clip == "M -90 -90 L -40 -90 L -40 -40 L -90 -40 Z M 20 0 L 30 0 L 30 10 L 20 10 Z")
        // Nested contours turning the same way fill their union under nonzero: the outer square.
        #expect(node("nested", in: artwork)?.clip?.components(separatedBy: "M").count == 4)
    }

    /// Where a shape's fill is not its contours' union (a hole: contours nested under evenodd, or
    /// turning opposite ways under nonzero), or a shape of several has a clip-path of its own, the
    /// clip is reported and left out, never drawn as something else.
    @Test func aClipWhoseUnionIsNotItsFillWarns() throws {
        let artwork = try imported("""
            <clipPath id="ring"><path d="M 0 0 H 100 V 100 H 0 Z M 20 20 H 80 V 80 H 20 Z" clip-rule="evenodd"/></clipPath>
            <clipPath id="cut"><path d="M 0 0 H 100 V 100 H 0 Z M 20 20 V 80 H 80 V 20 Z"/></clipPath>
            <clipPath id="apart"><path d="M 0 0 H 10 V 10 H 0 Z M 20 20 H 30 V 30 H 20 Z" clip-rule="evenodd"/></clipPath>
            <clipPath id="round"><circle cx="50" cy="50" r="40"/></clipPath>
            <clipPath id="mixed"><rect width="50" height="50" clip-path="url(#round)"/><rect x="100" width="50" height="50"/></clipPath>
            <rect id="ringed" width="200" height="200" clip-path="url(#ring)"/>
            <rect id="cutout" width="200" height="200" clip-path="url(#cut)"/>
            <rect id="kept" width="200" height="200" clip-path="url(#apart)"/>
            <rect id="mixedup" width="200" height="200" clip-path="url(#mixed)"/>
            """)
        #expect(artwork.warnings.map(\.message) == [
            "a clip shape whose contours overlap under clip-rule evenodd is not imported (a scene's clip of several contours is their union, with no holes); the clip is left out",
            "a clip shape whose contours cross themselves, or overlap turning opposite ways, is not imported (a scene's clip of several contours is their union, with no holes); the clip is left out",
            "a clip-path of several shapes where a shape has a clip-path of its own is not imported (a scene's clip is one union, clipped as a whole); it is left out",
        ])
        // Each at the shape that cannot be held, the last at the element clipped.
        #expect(artwork.warnings.map(\.location.line) == [1, 2, 9])
        #expect(node("ringed", in: artwork)?.clip == nil)
        #expect(node("cutout", in: artwork)?.clip == nil)
        #expect(node("kept", in: artwork)?.clip != nil)
        #expect(node("mixedup", in: artwork)?.clip == nil)
    }

    /// Percentages inside a nested svg are of its viewport (its viewBox, else its own size), not
    /// the root's.
    @Test func percentagesInsideANestedSvgAreOfItsViewport() throws {
        let artwork = try imported("""
            <svg id="sized" x="50" y="50" width="100" height="100"><circle id="c1" cx="100%" cy="100%" r="10%" fill="green"/></svg>
            <svg id="boxed" width="50%" height="50%" viewBox="0 0 400 400"><rect id="r1" width="50%" height="25%" fill="green"/></svg>
            """)
        #expect(artwork.warnings.isEmpty)
        #expect(node("c1", in: artwork)?.position == Point(100, 100))
        #expect(node("c1", in: artwork)?.geometry == .ellipse(width: 20, height: 20))
        #expect(node("r1", in: artwork)?.geometry == .rect(width: 200, height: 100, cornerRadius: 0))
    }

    /// CSS's background-color on the root, which browsers and resvg paint, is a rect of the
    /// canvas under the drawing.
    @Test func aBackgroundColourOnTheRootIsARectUnderTheDrawing() throws {
        let svg = "<svg style=\"background-color: #0000ff80\" viewBox=\"-100 -100 200 200\" xmlns=\"http://www.w3.org/2000/svg\"><rect id=\"r\" x=\"-80\" y=\"-80\" width=\"160\" height=\"160\" fill=\"green\"/></svg>"
        let artwork = try ArtworkMapper.map(bytes: Array(svg.utf8)).get()
        #expect(artwork.warnings.isEmpty)
        #expect(artwork.nodes.map(\.id) == ["background1", "r"])
        #expect(artwork.nodes.first?.geometry == .rect(width: 200, height: 200, cornerRadius: 0))
        #expect(artwork.nodes.first?.position == Point(100, 100))
        #expect(artwork.nodes.first?.fill == .color(RGBA(0, 0, 1, 128.0 / 255)))
    }

    /// Without a viewBox, width or height SVG leaves the size to the page: the guess is reported.
    @Test func anSvgWithoutASizeWarns() throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"160\" height=\"160\"/></svg>"
        let artwork = try ArtworkMapper.map(bytes: Array(svg.utf8)).get()
        #expect(artwork.size == Point(100, 100))
        #expect(artwork.warnings.map(\.message) == ["the svg has no viewBox and no width or height; it is imported at 100 × 100 (give it a viewBox)"])
        #expect(artwork.warnings.first?.location == ArtworkLocation(line: 1, column: 1))
        let sized = try ArtworkMapper.map(bytes: Array(svg.utf8), fitting: Point(50, 50)).get()
        #expect(sized.warnings.isEmpty)
    }

    /// A focal radius draws a ring that a scene's radial gradient (which starts at its centre) cannot.
    @Test func aRadialGradientsFocalRadiusWarns() throws {
        let artwork = try imported("""
            <radialGradient id="g" fr="0.2"><stop offset="0" stop-color="white"/><stop offset="1" stop-color="green"/></radialGradient>
            <rect id="r" x="20" y="20" width="160" height="160" fill="url(#g)"/>
            """)
        #expect(artwork.warnings.map(\.message) == ["a radial gradient's focal radius (fr) is not imported; it starts from the centre"])
    }

    /// `em` is the font size in place (16 without one), `ex` half of it.
    @Test func emAndExLengthsAreOfTheFontSize() throws {
        let artwork = try imported("""
            <g font-size="20">
              <rect id="em" x="1em" y="1em" width="8em" height="4em" rx="1em" fill="green"/>
              <rect id="ex" x="2ex" y="2ex" width="16ex" height="8ex" fill="green" stroke="black" stroke-width="1ex"/>
            </g>
            <circle id="medium" cx="100" cy="100" r="2em" fill="green"/>
            """)
        #expect(artwork.warnings.isEmpty)
        #expect(node("em", in: artwork)?.geometry == .rect(width: 160, height: 80, cornerRadius: 20))
        #expect(node("em", in: artwork)?.position == Point(100, 60))
        #expect(node("ex", in: artwork)?.geometry == .rect(width: 160, height: 80, cornerRadius: 0))
        #expect(node("ex", in: artwork)?.stroke?.width == 10)
        #expect(node("medium", in: artwork)?.geometry == .ellipse(width: 64, height: 64))
    }

    /// A percentage of a stroke's width is of the viewport's diagonal over √2, as SVG has it.
    @Test func aStrokeWidthInPercentIsOfTheDiagonal() throws {
        let svg = "<svg viewBox=\"0 0 300 100\" xmlns=\"http://www.w3.org/2000/svg\"><rect id=\"r\" x=\"20\" y=\"20\" width=\"60\" height=\"60\" fill=\"none\" stroke=\"green\" stroke-width=\"10%\"/></svg>"
        let artwork = try ArtworkMapper.map(bytes: Array(svg.utf8)).get()
        let width = try #require(artwork.nodes.first?.stroke?.width)
        #expect(abs(width - (300.0 * 300 + 100 * 100).squareRoot() / 2.squareRoot() / 10) < 1e-9)
    }

    /// `!important` outranks later rules, more specific ones and `style=""`; an important
    /// `style=""` declaration outranks an important rule.
    @Test func importantDeclarationsOutrankTheRest() throws {
        let artwork = try imported("""
            <style>
              #a { fill: green !important; }
              #a { fill: red; }
              rect.b { fill: green !important }
              #b { fill: red }
              #c { fill: red !important }
            </style>
            <rect id="a" x="0" y="0" width="50" height="50"/>
            <rect id="b" class="b" x="50" y="0" width="50" height="50" style="fill: red"/>
            <rect id="c" x="100" y="0" width="50" height="50" style="fill: green !important"/>
            """)
        #expect(artwork.warnings.isEmpty)
        for id in ["a", "b", "c"] { #expect(node(id, in: artwork)?.fill == .color(RGBA(0, 128.0 / 255, 0, 1)), "\(id)") }
    }

    /// SVG 2's CSS `transform` replaces the attribute: units, `translateX` and friends are read;
    /// one the importer cannot read leaves the attribute's, with a warning.
    @Test func aCSSTransformReplacesTheAttribute() throws {
        let artwork = try imported("""
            <style>#sheet { transform: translateX(40px) rotate(0.25turn) }</style>
            <rect id="sheet" x="0" y="0" width="20" height="10" transform="translate(100 100)" fill="green"/>
            <rect id="inline" x="0" y="0" width="20" height="10" style="transform: scale(2)" transform="translate(100 100)" fill="green"/>
            <rect id="unread" x="0" y="0" width="20" height="10" style="transform: perspective(10px)" transform="translate(100 100)" fill="green"/>
            """)
        #expect(node("sheet", in: artwork)?.position == Point(35, 10))
        #expect(node("sheet", in: artwork)?.rotation == 90)
        #expect(node("inline", in: artwork)?.position == Point(20, 10))
        #expect(node("inline", in: artwork)?.scale == Point(2, 2))
        #expect(node("unread", in: artwork)?.position == Point(110, 105))
        #expect(artwork.warnings.map(\.message) == ["the CSS transform 'perspective(10px)' is not one the importer reads; the element's transform attribute applies instead"])
    }

    /// A stop's `currentColor` is the `color` where the gradient is written, not where it is used.
    @Test func aStopsCurrentColorIsTheColourWhereTheGradientIsWritten() throws {
        let artwork = try imported("""
            <g color="green"><defs><linearGradient id="g"><stop offset="0" stop-color="yellow"/><stop offset="1" stop-color="currentColor"/></linearGradient></defs></g>
            <rect id="r" x="20" y="20" width="160" height="160" color="red" fill="url(#g)"/>
            """)
        guard case let .linear(_, _, stops) = node("r", in: artwork)?.fill else {
            Issue.record("no linear gradient")
            return
        }
        #expect(stops.map(\.color) == [RGBA(1, 1, 0, 1), RGBA(0, 128.0 / 255, 0, 1)])
    }

    /// A clip shape SVG does not render (hidden, or display none by a style sheet) adds nothing:
    /// a clip of nothing else draws nothing of its element.
    @Test func aHiddenClipShapeAddsNothingToTheClip() throws {
        let artwork = try imported("""
            <style>.gone { display: none }</style>
            <clipPath id="hidden"><rect x="0" y="0" width="100" height="100" visibility="hidden"/></clipPath>
            <clipPath id="half"><rect x="0" y="0" width="100" height="200"/><rect class="gone" x="100" y="0" width="100" height="200"/></clipPath>
            <rect id="nothing" x="0" y="0" width="200" height="200" fill="red" clip-path="url(#hidden)"/>
            <rect id="left" x="0" y="0" width="200" height="200" fill="green" clip-path="url(#half)"/>
            """)
        #expect(node("nothing", in: artwork) == nil)
        #expect(node("left", in: artwork)?.clip == "M -100 -100 L 0 -100 L 0 100 L -100 100 Z")
    }

    /// A use's width and height size the svg it draws (its viewBox fitted into them).
    @Test func aUsesSizeReplacesTheSvgsItDraws() throws {
        let artwork = try imported("""
            <defs><svg id="inner" viewBox="0 0 200 200"><circle id="c" cx="100" cy="100" r="80" fill="green"/></svg></defs>
            <use id="u" href="#inner" width="100" height="150"/>
            """)
        let inner = try #require(node("inner", in: artwork))
        #expect(inner.scale == Point(0.5, 0.5))
        #expect(inner.position == Point(0, 25))
    }

    /// CSS clamps `rgb()`'s components and alpha; `url()` with a `none` fallback paints nothing, quietly.
    @Test func coloursSVGClampsOrFallsBackOn() throws {
        let artwork = try imported("""
            <rect id="over" width="10" height="10" fill="rgb(-10%, 50%, 120%)"/>
            <rect id="alpha" width="10" height="10" fill="rgba(0, 127, 0, 2)"/>
            <rect id="clear" width="10" height="10" fill="rgba(0, 300, 0, -1)"/>
            <rect id="gone" width="10" height="10" fill="url(#missing) none"/>
            """)
        #expect(node("over", in: artwork)?.fill == .color(RGBA(0, 0.5, 1, 1)))
        #expect(node("alpha", in: artwork)?.fill == .color(RGBA(0, 127.0 / 255, 0, 1)))
        #expect(node("clear", in: artwork)?.fill == .color(RGBA(0, 1, 0, 0)))
        #expect(node("gone", in: artwork)?.fill == ArtworkPaint.none)
        #expect(artwork.warnings.isEmpty)
    }

    /// `reflect` and `repeat` are drawn by stretching the gradient over every period the shape
    /// reaches; a shape inside one period needs nothing; too many periods pad, with a warning.
    @Test func repeatedAndReflectedGradientsAreLaidOutPeriodByPeriod() throws {
        let artwork = try imported("""
            <linearGradient id="reflect" x1=".4" x2=".6" spreadMethod="reflect"><stop offset="0" stop-color="white"/><stop offset="1" stop-color="black"/></linearGradient>
            <radialGradient id="repeat" spreadMethod="repeat"><stop offset="0.5" stop-color="white"/><stop offset="1" stop-color="black"/></radialGradient>
            <linearGradient id="within" spreadMethod="repeat"><stop offset="0" stop-color="white"/><stop offset="1" stop-color="black"/></linearGradient>
            <linearGradient id="fine" x1="0" x2=".01" spreadMethod="repeat"><stop offset="0" stop-color="white"/><stop offset="1" stop-color="black"/></linearGradient>
            <rect id="a" x="20" y="20" width="160" height="160" fill="url(#reflect)"/>
            <rect id="b" x="20" y="20" width="160" height="160" fill="url(#repeat)"/>
            <rect id="c" x="20" y="20" width="160" height="160" fill="url(#within)"/>
            <rect id="d" x="20" y="20" width="160" height="160" fill="url(#fine)"/>
            """)
        let white = RGBA(1, 1, 1, 1), black = RGBA(0, 0, 0, 1)
        guard case let .linear(from, to, reflected)? = node("a", in: artwork)?.fill,
            case let .radial(center, radius, repeated)? = node("b", in: artwork)?.fill,
            case let .linear(_, _, within)? = node("c", in: artwork)?.fill
        else {
            Issue.record("the gradients are missing")
            return
        }
        #expect(from == Point(-80, -80) && to == Point(80, -80))
        #expect(reflected.map(\.offset) == [0, 0.2, 0.4, 0.6, 0.8, 1])
        #expect(reflected.map(\.color) == [white, black, white, black, white, black])
        // The radius (80) reaches the corners (113 away) in two periods; each holds white to its middle.
        #expect(center == Point(0, 0) && radius == 160)
        #expect(repeated.map(\.offset) == [0, 0.25, 0.5, 0.5, 0.75, 1])
        #expect(repeated.map(\.color) == [white, white, black, white, white, black])
        #expect(within.map(\.offset) == [0, 1])
        #expect(artwork.warnings.map(\.message) == ["spreadMethod 'repeat' over more than 32 periods of the gradient is not imported; it pads its end colours"])
    }

    /// A group's objectBoundingBox is the box of what it holds through their transforms, a use's
    /// target included; display none leaves a child out of it, visibility hidden does not.
    @Test func aClipInBoundingBoxUnitsOnAGroupIsOfItsContentsBox() throws {
        let artwork = try imported("""
            <clipPath id="c" clipPathUnits="objectBoundingBox"><rect x="0" y="0" width="0.5" height="1"/></clipPath>
            <rect id="dot" width="20" height="20"/>
            <g id="g" clip-path="url(#c)">
              <rect x="40" y="40" width="40" height="40" fill="green"/>
              <rect x="0" y="0" width="200" height="200" display="none"/>
              <rect x="60" y="60" width="20" height="20" visibility="hidden"/>
              <use href="#dot" x="100" y="100" transform="translate(20 0)"/>
            </g>
            """)
        #expect(artwork.warnings.isEmpty)
        // The box runs from (40, 40) to (140, 120): its left half is 40 to 90.
        #expect(node("g", in: artwork)?.clip == "M 40 40 L 90 40 L 90 120 L 40 120 Z")
    }

    /// `rem` is of the root's font size, `Q` a quarter millimetre, the viewport units of the root
    /// viewport; a unit of the font's metrics cannot be sized without the font, and says so
    /// rather than leaving the shape out quietly.
    @Test func cssRelativeUnitsAreSizedOrWarnedAbout() throws {
        let svg = """
            <svg viewBox="0 0 200 100" font-size="10" xmlns="http://www.w3.org/2000/svg">
            <rect id="rem" width="4rem" height="2rem" font-size="64" fill="green"/>
            <rect id="q" width="40Q" height="40Q" fill="green"/>
            <rect id="viewport" width="10vw" height="10vh" rx="1vmin" fill="green"/>
            <rect id="metric" width="9ch" height="10" fill="green"/>
            </svg>
            """
        let artwork = try ArtworkMapper.map(bytes: Array(svg.utf8)).get()
        #expect(node("rem", in: artwork)?.geometry == .rect(width: 40, height: 20, cornerRadius: 0))
        guard case let .rect(width, _, _)? = node("q", in: artwork)?.geometry else {
            Issue.record("no rect for Q")
            return
        }
        #expect(abs(width - 10 * 96 / 25.4) < 1e-9)
        #expect(node("viewport", in: artwork)?.geometry == .rect(width: 20, height: 10, cornerRadius: 1))
        #expect(node("metric", in: artwork) == nil)
        #expect(artwork.warnings.map(\.message) == ["the width '9ch' is in ch, a unit of the font's metrics, which the importer cannot size without the font; it is taken as 0"])
    }

    /// SVG draws path data up to its first error; the scene gets that start, with a warning.
    @Test func pathDataWithAnErrorIsDrawnUpToIt() throws {
        let artwork = try imported("""
            <path id="hash" d="M 30 40 L 110 160 L 150#80" fill="none" stroke="green"/>
            <path id="arc" d="M 100 100 h -25 a 25 25 0 -1 0 25 -25 z" fill="green"/>
            <path id="start" d="A 5 5 0 0 1 50 50" fill="green"/>
            """)
        #expect(node("hash", in: artwork)?.geometry == .path("M 30 40 L 110 160"))
        #expect(node("arc", in: artwork)?.geometry == .path("M 100 100 h -25"))
        #expect(node("start", in: artwork) == nil)
        #expect(artwork.warnings.map(\.message) == [
            "the path data is not valid (expected a number after 'L', found '#'); it is drawn up to the error, as SVG draws it",
            "the path data is not valid (expected an arc flag (0 or 1) after 'a'); it is drawn up to the error, as SVG draws it",
            "the path data is not valid (path data must start with M); the path is left out",
        ])
    }

    /// What CSS refuses but a scene's colour would accept is not drawn as if valid: the
    /// declaration is ignored, as CSS ignores it, so the inherited paint or the initial one
    /// (black) applies, with a warning that names the colour.
    @Test func paintsCSSRefusesAreIgnoredAsCSSIgnoresThem() throws {
        let artwork = try imported("""
            <linearGradient id="g"><stop offset="0" stop-color="white"/><stop offset="1" stop-color="black"/></linearGradient>
            <rect id="mixed" width="10" height="10" fill="rgba(0, 50%, 0, 0.5)"/>
            <rect id="percentages" width="10" height="10" fill="rgb(0%, 50%, 0%)"/>
            <rect id="icc" width="10" height="10" fill="url(#g) green icc-color(acmecmyk, 0.11, 0.48, 0.83, 0.00)"/>
            <g fill="blue"><rect id="template" width="10" height="10" style="fill:replacecolour1"/></g>
            <rect id="stroked" width="10" height="10" fill="none" stroke="replacecolour2"/>
            """)
        #expect(node("mixed", in: artwork)?.fill == nil)
        #expect(node("percentages", in: artwork)?.fill == .color(RGBA(0, 0.5, 0, 1)))
        #expect(node("icc", in: artwork)?.fill == nil)
        #expect(node("template", in: artwork)?.fill == .color(RGBA(0, 0, 1, 1)))
        #expect(node("stroked", in: artwork)?.stroke == nil)
        #expect(artwork.warnings.map(\.message) == [
            "the colour 'rgba(0, 50%, 0, 0.5)' is not valid; it is ignored, as SVG ignores it (the inherited or initial paint applies)",
            "the colour 'url(#g) green icc-color(acmecmyk, 0.11, 0.48, 0.83, 0.00)' is not valid; it is ignored, as SVG ignores it (the inherited or initial paint applies)",
            "the colour 'replacecolour1' is not valid; it is ignored, as SVG ignores it (the inherited or initial paint applies)",
            "the colour 'replacecolour2' is not valid; it is ignored, as SVG ignores it (the inherited or initial paint applies)",
        ])
    }
}

@Suite struct ConditionalProcessingTests {
    /// Illustrator's export: a `foreignObject` that asks for Illustrator's extension, then the drawing.
    @Test func aSwitchDrawsItsFirstChildWhoseConditionsHold() throws {
        let artwork = try imported("""
            <switch>
              <foreignObject requiredExtensions="http://ns.adobe.com/AdobeIllustrator/10.0/" x="0" y="0" width="1" height="1"/>
              <g id="drawing"><rect id="shown" width="10" height="10" fill="green"/></g>
              <rect id="second" width="10" height="10" fill="red"/>
            </switch>
            <switch>
              <rect id="french" systemLanguage="fr" width="10" height="10" fill="red"/>
              <rect id="english" systemLanguage="de, en-GB" width="10" height="10" fill="green"/>
            </switch>
            <rect id="extension" requiredExtensions="" width="10" height="10" fill="red"/>
            """)
        #expect(node("shown", in: artwork) != nil)
        #expect(node("second", in: artwork) == nil)
        #expect(node("french", in: artwork) == nil)
        #expect(node("english", in: artwork) != nil)
        #expect(node("extension", in: artwork) == nil)
        #expect(artwork.warnings.isEmpty, "\(artwork.warnings)")
    }

    @Test func aGroupThatHoldsNothingDrawnIsLeftOut() throws {
        let artwork = try imported("""
            <g id="empty"><g id="nested"/><rect id="hidden" width="10" height="10" display="none"/></g>
            <g id="kept"><rect id="r" width="10" height="10"/></g>
            """)
        #expect(artwork.nodes.map(\.id) == ["kept"])
    }
}

@Suite struct GradientPaintTests {
    /// A gradient stroke is a scene's gradient stroke, in the node's coordinates (a rect's centre
    /// is its origin).
    @Test func aGradientStrokeIsKept() throws {
        let artwork = try imported("""
            <linearGradient id="g" gradientUnits="userSpaceOnUse" x1="10" y1="10" x2="60" y2="10"><stop offset="0" stop-color="white"/><stop offset="1" stop-color="black"/></linearGradient>
            <rect id="r" x="10" y="10" width="50" height="50" fill="none" stroke="url(#g)" stroke-width="4"/>
            """)
        #expect(artwork.warnings.isEmpty, "\(artwork.warnings)")
        guard case let .linear(from, to, stops)? = node("r", in: artwork)?.stroke?.paint else { Issue.record("no gradient stroke"); return }
        #expect(from == Point(-25, -25) && to == Point(25, -25))
        #expect(stops.map(\.color) == [RGBA(1, 1, 1, 1), RGBA(0, 0, 0, 1)])
    }

    /// A radial gradient on an uneven box is an ellipse: the fill is drawn in a node scaled along
    /// the ellipse's axes, where the gradient is a circle, and the stroke as it was (an uneven
    /// scale would stretch its width).
    @Test func aRadialGradientStretchedIntoAnEllipseIsDrawnAsOne() throws {
        let artwork = try imported("""
            <radialGradient id="g"><stop offset="0" stop-color="white"/><stop offset="1" stop-color="black"/></radialGradient>
            <rect id="r" width="100" height="25" fill="url(#g)" stroke="red"/>
            """)
        #expect(artwork.warnings.isEmpty, "\(artwork.warnings)")
        let group = try #require(node("r", in: artwork))
        #expect(group.position == Point(50, 12.5) && group.anchor == Point(0, 0))
        #expect(group.children.map(\.id) == ["r-fill", "r-stroke"])
        let fill = try #require(node("r-fill", in: artwork))
        // The box maps the unit square: scale (100, 25), whose even part, 50, goes into the circle.
        #expect(fill.scale == Point(2, 0.5))
        #expect(fill.position == Point(-50, -12.5))
        guard case let .radial(center, radius, _)? = fill.fill else { Issue.record("no radial gradient"); return }
        #expect(abs(center.x - 25) < 1e-9 && abs(center.y - 25) < 1e-9 && abs(radius - 25) < 1e-9)
        #expect(node("r-stroke", in: artwork)?.stroke?.paint == .color(RGBA(1, 0, 0, 1)))
    }
}

@Suite struct StretchedStrokeTests {
    /// Under an uneven scale or a skew SVG stretches a stroke with its shape: the node takes the
    /// stretch (a turn, then a scale along two axes), so its width and dashes stretch as SVG's do.
    @Test func aStrokeUnderAnUnevenScaleIsStretchedWithItsShape() throws {
        let artwork = try imported("""
            <g transform="translate(50 40) rotate(30) scale(2 1)"><rect id="r" width="10" height="10" fill="none" stroke="black" stroke-width="2" stroke-dasharray="4 2"/></g>
            """)
        #expect(artwork.warnings.isEmpty, "\(artwork.warnings)")
        let r = try #require(node("r", in: artwork))
        #expect(r.position == Point(50, 40) && r.anchor == Point(0, 0))
        #expect(abs((r.rotation ?? 0) - 30) < 1e-9)
        let scale = try #require(r.scale)
        #expect(abs(scale.x - 2) < 1e-9 && abs(scale.y - 1) < 1e-9)
        #expect(r.stroke?.width == 2 && r.stroke?.dash == [4, 2])
    }

    /// A skew has no turn and scale that make it alone: what is left (a turn or a mirror, which
    /// keeps lengths) is applied to the coordinates.
    @Test func aStrokeUnderASkewIsStretchedWithItsShape() throws {
        let artwork = try imported("""
            <path id="p" transform="skewX(30)" d="M 10 10 L 60 10 L 60 60" fill="none" stroke="black" stroke-width="3"/>
            """)
        #expect(artwork.warnings.isEmpty, "\(artwork.warnings)")
        let p = try #require(node("p", in: artwork))
        #expect(p.stroke?.width == 3)
        let scale = try #require(p.scale)
        // skewX(30)'s axes stretch by the singular values of [[1, tan 30°], [0, 1]]: their product is 1.
        #expect(abs(scale.x * scale.y - 1) < 1e-9 && scale.x != scale.y)
    }
}

@Suite struct CanvasTests {
    /// The root `svg` clips to its viewport: what lies entirely outside it is never drawn, so it is
    /// left out (with a warning), and a group partly on the canvas keeps only what is on it.
    @Test func whatLiesEntirelyOutsideTheCanvasIsLeftOut() throws {
        let artwork = try imported("""
            <rect id="draft" x="300" y="20" width="50" height="50"/>
            <g id="pair" transform="translate(150 0)"><rect id="in" x="10" y="10" width="20" height="20"/><rect id="out" x="60" y="10" width="20" height="20"/></g>
            <circle id="edge" cx="-10" cy="100" r="10" fill="none" stroke="black" stroke-width="4"/>
            <g id="far" transform="translate(0 -1000)"><rect id="back" x="10" y="1010" width="20" height="20" transform="translate(0 5)"/></g>
            """)
        #expect(allNodes(artwork.nodes).map(\.id) == ["pair", "in", "edge", "far", "back"])
        #expect(artwork.warnings.map(\.message) == Array(repeating: "the element lies entirely outside the canvas, where SVG draws nothing of it; it is left out", count: 2))
        #expect(artwork.warnings.map(\.location.line) == [1, 2])
    }
}
