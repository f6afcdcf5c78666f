import ChoreoSVGImport
import Foundation
import Testing

/// Hostile SVG: every one refused or bounded, quickly, and nothing outside the file read.
@Suite struct HostileSVGTests {
    /// The import and the CPU time of the thread that ran it: the tests run in parallel, and on a
    /// busy machine the wall time measures the neighbours as much as the import.
    private func timed(_ svg: String) -> (Result<Artwork, SVGReadError>, Double) {
        func threadCPUSeconds() -> Double {
            var now = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
            return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        }
        let start = threadCPUSeconds()
        let result = ArtworkMapper.map(bytes: Array(svg.utf8))
        return (result, threadCPUSeconds() - start)
    }

    @Test func billionLaughsIsRefused() {
        var doctype = "<!DOCTYPE svg [\n<!ENTITY lol \"lol\">\n"
        for level in 1...9 { doctype += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n" }
        let (result, seconds) = timed(doctype + "]>\n<svg xmlns=\"http://www.w3.org/2000/svg\"><rect id=\"&lol9;\" width=\"1\" height=\"1\"/></svg>")
        guard case let .failure(error) = result else { Issue.record("accepted"); return }
        #expect(error.message.contains("nested entities are refused"))
        #expect(seconds < 5)
    }

    @Test func externalEntityIsRefusedAndNothingIsRead() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("choreo-svg-secret-\(getpid()).txt")
        try "SECRET".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let svg = "<!DOCTYPE svg [<!ENTITY x SYSTEM \"file://\(secret.path)\">]><svg xmlns=\"http://www.w3.org/2000/svg\"><rect id=\"&x;\" width=\"1\" height=\"1\"/></svg>"
        guard case let .failure(error) = timed(svg).0 else { Issue.record("accepted"); return }
        #expect(error.message.contains("external entities"))
    }

    /// XInclude is not processed: an `xi:include` of a local file draws nothing and reads nothing.
    @Test func xIncludeIsNotProcessed() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("choreo-svg-xinclude-\(getpid()).svg")
        try "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect id=\"SECRET\" width=\"5\" height=\"5\"/></svg>".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xi=\"http://www.w3.org/2001/XInclude\" viewBox=\"0 0 9 9\">"
            + "<xi:include href=\"\(secret.path)\"/><xi:include href=\"file:///etc/passwd\" parse=\"text\"/><rect id=\"own\" width=\"1\" height=\"1\"/></svg>"
        let artwork = try ArtworkMapper.map(bytes: Array(svg.utf8)).get()
        #expect(artwork.nodes.map(\.id) == ["own"])
        let text = ImportedScene.text(artwork, source: "x.svg")
        #expect(!text.contains("SECRET") && !text.contains("root:"))
    }

    @Test func plainEntitiesAsIllustratorWritesThemAreExpanded() throws {
        let svg = "<!DOCTYPE svg [<!ENTITY ns_svg \"http://www.w3.org/2000/svg\"><!ENTITY red \"#FF0000\">]><svg xmlns=\"&ns_svg;\"><rect width=\"1\" height=\"1\" fill=\"&red;\"/></svg>"
        let artwork = try ArtworkMapper.map(bytes: Array(svg.utf8)).get()
        #expect(artwork.nodes.first?.fill == .color(.init(1, 0, 0, 1)))
    }

    /// An internal entity's elements are expanded where it is referenced, as if written there.
    @Test func entitiesHoldingElementsAreExpandedAtEachReference() throws {
        let svg = """
            <!DOCTYPE svg [<!ENTITY pair "<rect width='20' height='20' fill='green'/><circle r='5'/>">]>
            <svg viewBox="0 0 200 200" xmlns="http://www.w3.org/2000/svg"><g id="a">&pair;</g><g id="b" transform="translate(100 0)">&pair;</g></svg>
            """
        let artwork = try ArtworkMapper.map(bytes: Array(svg.utf8)).get()
        #expect(artwork.warnings.isEmpty)
        #expect(artwork.nodes.map { $0.children.map(\.id) } == [["rect1", "circle1"], ["rect2", "circle2"]])
        // What a warning says of an entity's element points at the element that references it.
        let text = "<!DOCTYPE svg [<!ENTITY t \"<text>hi</text>\">]>\n<svg viewBox=\"0 0 9 9\" xmlns=\"http://www.w3.org/2000/svg\">\n  <g>&t;</g></svg>"
        let warned = try ArtworkMapper.map(bytes: Array(text.utf8)).get()
        #expect(warned.warnings.map(\.location) == [ArtworkLocation(line: 3, column: 3)])
    }

    /// Every copy an entity's references make counts in the element limit: a few bytes of
    /// references cannot make millions of elements.
    @Test func entityElementsReferencedManyTimesAreBounded() {
        let entity = String(repeating: "<rect width='1' height='1'/>", count: 1000)
        let svg = "<!DOCTYPE svg [<!ENTITY many \"\(entity)\">]><svg xmlns=\"http://www.w3.org/2000/svg\"><g>"
            + String(repeating: "&many;", count: 1000) + "</g></svg>"
        let (result, seconds) = timed(svg)
        guard case let .failure(error) = result else { Issue.record("accepted"); return }
        #expect(error.message.contains("elements") || error.message.contains("entit"), "\(error.message)")
        #expect(seconds < 5)
    }

    @Test func millionVertexPathIsBounded() {
        let points = String(repeating: "L1 1", count: 1_100_000)
        let (result, seconds) = timed("<svg xmlns=\"http://www.w3.org/2000/svg\"><path d=\"M0 0\(points)\"/></svg>")
        guard case let .failure(error) = result else { Issue.record("accepted"); return }
        #expect(error.message.contains("bytes") || error.message.contains("vertices"))
        #expect(seconds < 5)
    }

    @Test func useBombIsBounded() {
        var defs = "<rect id=\"u0\" width=\"1\" height=\"1\"/>"
        for level in 1...12 { defs += "<g id=\"u\(level)\">" + String(repeating: "<use href=\"#u\(level - 1)\"/>", count: 10) + "</g>" }
        let (result, seconds) = timed("<svg xmlns=\"http://www.w3.org/2000/svg\"><defs>\(defs)</defs><use href=\"#u12\"/></svg>")
        guard case let .failure(error) = result else { Issue.record("accepted"); return }
        #expect(error.message.contains("nodes"))
        #expect(seconds < 5)
    }

    /// What an SVG makes is counted before anything is built, with a `use` or without one: the
    /// tree's own elements past the limit are refused as uses expanded past it are, at one more.
    @Test(arguments: [false, true]) func elementsPastTheNodeLimitAreRefusedBeforeTheWalk(withUse: Bool) {
        // `total` elements made in all, the root's included; a use counts itself and its target.
        func svg(making total: Int) -> String {
            let descriptions = total - (withUse ? 3 : 1)
            let use = withUse ? "<desc id=\"d\"/><use href=\"#d\"/>" : ""
            return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">" + String(repeating: "<desc/>", count: descriptions - (withUse ? 1 : 0)) + use + "</svg>"
        }
        let limit = SVGLimits.maxOutputNodes
        #expect(throws: Never.self) { try ArtworkMapper.map(bytes: Array(svg(making: limit).utf8)).get() }
        let (result, seconds) = timed(svg(making: limit + 1))
        guard case let .failure(error) = result else { Issue.record("accepted"); return }
        #expect(error.message == "the SVG makes more than \(limit) nodes (with every use expanded)")
        #expect(error.line == 1 && error.column == 1)
        #expect(seconds < 5)
    }

    @Test func selfReferringUseIsLeftOut() throws {
        let artwork = try ArtworkMapper.map(bytes: Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><g id=\"a\"><use href=\"#a\"/></g></svg>".utf8)).get()
        // The use is left out, so the group holds nothing drawn and is left out too.
        #expect(artwork.nodes.isEmpty)
    }

    @Test func deepNestingIsRefused() {
        let depth = 100_000
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\">" + String(repeating: "<g>", count: depth) + String(repeating: "</g>", count: depth) + "</svg>"
        let (result, seconds) = timed(svg)
        guard case .failure = result else { Issue.record("accepted"); return }
        #expect(seconds < 5)
    }

    @Test func hrefOutsideTheFileIsNotFollowed() throws {
        let artwork = try ArtworkMapper.map(bytes: Array("""
            <svg xmlns="http://www.w3.org/2000/svg"><use href="/etc/passwd#x"/><use href="https://example.com/a.svg#b"/><rect width="1" height="1" fill="url(other.svg#g)"/></svg>
            """.utf8)).get()
        #expect(artwork.warnings.filter { $0.message.contains("outside the file") }.count == 3)
    }

    /// A minified export is one line: finding each element's column must not rescan the line.
    @Test func manyElementsOnOneLineAreQuick() throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\">" + String(repeating: "<rect width=\"1\" height=\"1\"/>", count: 20_000) + "<text/></svg>"
        let (result, seconds) = timed(svg)
        let artwork = try result.get()
        #expect(artwork.warnings.first?.location == ArtworkLocation(line: 1, column: 41 + 20_000 * 28))
        #expect(seconds < 5)
    }

    /// Every group clipped in objectBoundingBox units reads its whole subtree for its box: nested
    /// deep, that would be quadratic, so the walks share one budget across the import.
    @Test func nestedGroupsClippedToTheirBoxesAreQuick() throws {
        let depth = 250
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\"><clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\"><rect width=\"1\" height=\"1\"/></clipPath>"
            + String(repeating: "<g clip-path=\"url(#c)\">", count: depth)
            // As many rects as the scene written for them can hold: indented 250 groups deep, a
            // line is a kilobyte.
            + String(repeating: "<rect width=\"1\" height=\"1\"/>", count: 1_000)
            + String(repeating: "</g>", count: depth) + "</svg>"
        let (result, seconds) = timed(svg)
        _ = try result.get()
        #expect(seconds < 5)
    }

    /// Finding what SVG draws of broken path data parses the start again per token cut: a long
    /// path is cut a command at a time instead.
    @Test func aLongPathWithAnErrorAtItsEndIsQuick() throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><path d=\"M 0 0 " + String(repeating: "L 1 1 ", count: 100_000) + "a 1 1 0 0 0 x\"/></svg>"
        let (result, seconds) = timed(svg)
        let artwork = try result.get()
        #expect(artwork.warnings.first?.message.hasSuffix("it is drawn up to the error, as SVG draws it") == true)
        #expect(seconds < 5)
    }

    /// `leaf` (an element with id `u0`) drawn `copies` × 1,000 times through three levels of
    /// groups of ten uses, under `style`.
    private func useBomb(_ leaf: String, style: String = "", defs: String = "", copies: Int) -> String {
        var body = leaf
        for level in 1...3 { body += "<g id=\"u\(level)\">" + String(repeating: "<use href=\"#u\(level - 1)\"/>", count: 10) + "</g>" }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><style>\(style)</style><defs>\(defs)\(body)</defs>"
            + String(repeating: "<use href=\"#u3\"/>", count: copies) + "</svg>"
    }

    /// Rules are tried only on elements that have their id, a class or the type they name, and
    /// once per kind of element, not once per copy a `use` makes: 6,000 rules that match nothing
    /// and 6,000 that all match cost about what one rule costs (before: each of 4,000 copies tried
    /// every rule, 40 to 100 times the time).
    @Test func styleRulesAreTriedOnlyWhereTheyMayMatch() throws {
        let leaf = "<rect id=\"u0\" class=\"a b\" width=\"1\" height=\"1\"/>"
        func cpu(_ style: String) throws -> Double {
            let (result, seconds) = timed(useBomb(leaf, style: style, copies: 4))
            _ = try result.get()
            return seconds
        }
        let baseline = min(try cpu("#n{fill:red}"), try cpu("#n{fill:red}"))
        let unmatched = try cpu((0..<6000).map { "#n\($0){fill:red} .c\($0){fill:red} ellipse{fill:red}" }.joined())
        let matched = try cpu((0..<6000).map { "rect{fill:#\(String(format: "%06x", $0))} .a{stroke:red}" }.joined())
        #expect(unmatched < 4 * baseline + 0.05, "\(unmatched) s against \(baseline) s for one rule")
        #expect(matched < 4 * baseline + 0.05, "\(matched) s against \(baseline) s for one rule")
        // The last rule of the most specific selector wins, as before.
        let artwork = try ArtworkMapper.map(bytes: Array(useBomb(leaf, style: (0..<6000).map { "rect{fill:#\(String(format: "%06x", $0))}" }.joined() + ".a{fill:#00ff00}", copies: 1).utf8)).get()
        func firstShape(_ nodes: [ArtworkNode]) -> ArtworkNode? {
            guard let first = nodes.first else { return nil }
            if case .group = first.geometry { return firstShape(first.children) }
            return first
        }
        #expect(firstShape(artwork.nodes)?.fill == .color(.init(0, 1, 0, 1)))
    }

    /// Rules tried on many kinds of element count in one budget over the import.
    @Test func styleRulesTriedPastTheBudgetRefuseTheFile() {
        let rules = String(repeating: ".c{fill:red}", count: 1000)
        let elements = (0...SVGLimits.maxStyleRuleTests / 1000).map { "<rect class=\"c k\($0)\" width=\"1\" height=\"1\"/>" }.joined()
        let (result, seconds) = timed("<svg xmlns=\"http://www.w3.org/2000/svg\"><style>\(rules)</style>\(elements)</svg>")
        guard case let .failure(error) = result else { Issue.record("accepted"); return }
        #expect(error.message.contains("style sheet is tried on its elements more than \(SVGLimits.maxStyleRuleTests) times"))
        #expect(seconds < 5)
    }

    /// A paint, a dash list or a clip is written for every node that has it: what the nodes
    /// write is counted as they are made (before: 400 stops × 10,000 rects wrote 160 MB).
    @Test(arguments: ["stops", "dashes"]) func paintMultipliedByUseIsBounded(_ kind: String) {
        let stops = (0..<400).map { "<stop offset=\"\(Double($0) / 400)\" stop-color=\"#\(String(format: "%06x", $0 * 997))\"/>" }.joined()
        let svg = kind == "stops"
            ? useBomb("<rect id=\"u0\" width=\"1\" height=\"1\" fill=\"url(#g)\"/>", defs: "<linearGradient id=\"g\">\(stops)</linearGradient>", copies: 10)
            : useBomb("<rect id=\"u0\" width=\"1\" height=\"1\"/>", style: "rect{stroke:red;stroke-dasharray:" + (1...400).map(String.init).joined(separator: " ") + "}", copies: 10)
        let (result, seconds) = timed(svg)
        guard case let .failure(error) = result else { Issue.record("accepted"); return }
        #expect(error.message.hasPrefix("the scene the SVG makes would be larger than 8 MiB"))
        #expect(seconds < 5)
    }

    /// What the importer may write is what a scene file may hold: an import past it would not compile.
    @Test func outputBudgetIsTheSceneFileLimit() {
        #expect(SVGLimits.maxOutputBytes == 8 * 1024 * 1024)
    }

    /// Every element a clip is used on writes its outline: its vertices count in the limit
    /// (before: a 2,000-vertex clip on 1,000 used rects was 2 million vertices, accepted).
    @Test func clipOutlinesCountInTheVertexLimit() {
        let outline = "M0 0" + String(repeating: "L1 0L1 1L0 1L0 0", count: 500) + "Z"
        let svg = useBomb("<path id=\"u0\" d=\"M0 0L1 0L1 1Z\" clip-path=\"url(#c)\"/>", defs: "<clipPath id=\"c\"><path d=\"\(outline)\"/></clipPath>", copies: 1)
        let (result, seconds) = timed(svg)
        guard case let .failure(error) = result else { Issue.record("accepted"); return }
        #expect(error.message.contains("more than \(SVGLimits.maxOutputVertices) path vertices"))
        #expect(seconds < 5)
    }

    @Test func fileOverEightMebibytesIsRefused() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\"><!--" + String(repeating: "x", count: SVGLimits.maxFileBytes) + "--></svg>"
        guard case let .failure(error) = timed(svg).0 else { Issue.record("accepted"); return }
        #expect(error.message.contains("at most"))
    }
}

@Suite struct RefusedSVGTests {
    /// A zero or negative size draws nothing; the scene it made did not compile before.
    @Test(arguments: ["width=\"0\" height=\"0\"", "width=\"-50\" height=\"-100\""])
    func nonPositiveSizeIsRefused(_ size: String) {
        let result = ArtworkMapper.map(bytes: Array("<svg xmlns=\"http://www.w3.org/2000/svg\" \(size)><rect width=\"1\" height=\"1\"/></svg>".utf8))
        guard case let .failure(error) = result else { Issue.record("accepted"); return }
        #expect(error.message.contains("greater than 0"))
    }
}
