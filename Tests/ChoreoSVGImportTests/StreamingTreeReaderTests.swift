@testable import ChoreoSVGImport
import ChoreoTestSupport
import Foundation
import Testing

/// The tree read as libxml2 parses (a file without a DTD) must be the one read through libxml2's
/// document tree, to the attribute, text, line and column, and so must every refusal.
@Suite struct StreamingTreeReaderTests {
    private typealias Read = Result<(root: SVGElement, elements: Int), SVGReadError>

    private func streamed(_ bytes: [UInt8]) -> Read? {
        StreamingTreeReader.read(bytes: bytes, options: SVGDocumentReader.parseOptions)
    }

    /// The first difference between two reads, nil when they agree.
    private func difference(_ streamed: Read, _ throughTree: Read) -> String? {
        switch (streamed, throughTree) {
        case let (.success(left), .success(right)):
            if left.elements != right.elements { return "elements \(left.elements) against \(right.elements)" }
            return difference(left.root, right.root, at: "/")
        case let (.failure(left), .failure(right)):
            return left == right ? nil : "refused with \(left) against \(right)"
        case let (.success(left), .failure(right)):
            return "read \(left.elements) elements, the tree refused with \(right)"
        case let (.failure(left), .success(right)):
            return "refused with \(left), the tree read \(right.elements) elements"
        }
    }

    private func difference(_ left: SVGElement, _ right: SVGElement, at path: String) -> String? {
        let here = "\(path)\(left.name)"
        if left.name != right.name { return "\(path): <\(left.name)> against <\(right.name)>" }
        if left.line != right.line || left.column != right.column {
            return "\(here): at \(left.line):\(left.column) against \(right.line):\(right.column)"
        }
        let leftAttributes = left.attributeList.map { "\($0.name)=\($0.value) slot \($0.presentedSlot) named \($0.named?.rawValue ?? "-")" }
        let rightAttributes = right.attributeList.map { "\($0.name)=\($0.value) slot \($0.presentedSlot) named \($0.named?.rawValue ?? "-")" }
        if leftAttributes != rightAttributes { return "\(here): attributes \(leftAttributes) against \(rightAttributes)" }
        // What the mapper reads by name is what a lookup by the name's string finds.
        for name in SVGAttributeName.allCases where left[name] != left[name.rawValue] || right[name] != right[name.rawValue] {
            return "\(here): the attribute \(name.rawValue) read by name is not the one its string finds"
        }
        if left.text != right.text { return "\(here): text \(left.text.debugDescription) against \(right.text.debugDescription)" }
        if left.children.count != right.children.count {
            return "\(here): \(left.children.count) children against \(right.children.count)"
        }
        for (index, (leftChild, rightChild)) in zip(left.children, right.children).enumerated() {
            if let found = difference(leftChild, rightChild, at: "\(here)/\(index):") { return found }
        }
        return nil
    }

    /// Reads `bytes` both ways; a difference or a file the streaming reader left to the tree is
    /// returned as a message.
    private func compare(_ bytes: [UInt8]) -> String? {
        guard let streamed = streamed(bytes) else { return "the streaming reader left it to the tree" }
        return difference(streamed, SVGDocumentReader.readThroughDocumentTree(bytes: bytes))
    }

    private func svgFiles(under directory: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "svg" }.sorted { $0.path < $1.path }
    }

    /// Every SVG of the repository's tests and scenes, and of the resvg suite where ../shared is
    /// beside the repository.
    @Test func everySVGOnDiskReadsAlikeBothWays() throws {
        let root = repositoryRoot()
        var files = svgFiles(under: root.appendingPathComponent("Tests")) + svgFiles(under: root.appendingPathComponent("scenes"))
        let peer = root.deletingLastPathComponent().appendingPathComponent("shared/peer-suites/resvg")
        if FileManager.default.fileExists(atPath: peer.path) {
            files += svgFiles(under: peer)
        } else {
            print("skipped the resvg suite: \(peer.path) is absent (../shared is not beside the repository)")
        }
        #expect(files.count >= 50)
        var compared = 0, withDTD = 0
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            guard bytes.count <= SVGLimits.maxFileBytes, SVGDocumentReader.refuseDangerousDoctype(bytes) == nil else { continue }
            if streamed(bytes) == nil {
                // Only a file with a DTD is left to the tree.
                #expect(String(decoding: bytes, as: UTF8.self).contains("<!DOCTYPE"), "\(file.path)")
                withDTD += 1
                continue
            }
            compared += 1
            if let found = compare(bytes) { Issue.record("\(file.path): \(found)") }
        }
        #expect(compared >= 50)
        print("streaming and tree readers agree on \(compared) SVG files (\(withDTD) with a DTD read through the tree)")
    }

    /// What a file can hold that the two readers handle by different code: escapes in attribute
    /// values, text split by comments, CDATA and character references, namespaces, elements
    /// sharing a line, non-ASCII text, limits.
    @Test(arguments: [
        #"<svg xmlns="http://www.w3.org/2000/svg"><path id="a&amp;b" d="M0 0&#x20;L1 1" class="x&#38;y &lt;z&gt; &quot;q&apos;"/></svg>"#,
        #"<svg xmlns="http://www.w3.org/2000/svg"><style>.a{fill:red}<!-- gap -->.b{fill:blue}<![CDATA[.c>d{fill:green}]]>&amp;&#65;</style></svg>"#,
        ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:s="http://www.w3.org/2000/svg" xmlns:x="urn:other"><use xlink:href="#a" href="#b"/><use href="#b" xlink:href="#a"/><rect s:fill="red" x:fill="blue" xml:space="preserve"/><x:thing fill="red"><rect/></x:thing><s:rect width="1"/></svg>"##,
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect/><rect/><g><rect/></g>\n  <circle r=\"1\"/><circle r=\"2\"/>\n<text x=\"1\">héllo <tspan>wörld</tspan> ✓</text><title>Ü</title></svg>",
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><path d=\"M0\n0\tL1\r\n1\"/><rect fill=\"  red  \"/></svg>",
        #"<?xml version="1.0" encoding="ISO-8859-1"?><svg xmlns="http://www.w3.org/2000/svg"><text>caf\#u{E9}</text></svg>"#,
        #"<svg><rect/></svg>"#,
        #"<g xmlns="http://www.w3.org/2000/svg"><rect/></g>"#,
        #"<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>"#,
        #"<svg xmlns="http://www.w3.org/2000/svg"><rect a="1" a="2"/></svg>"#,
        #"<svg xmlns="http://www.w3.org/2000/svg"><rect fill="&undefined;"/></svg>"#,
        #"<?xml version="1.0"?><!-- only a comment -->"#,
        "",
        #"<svg xmlns="http://www.w3.org/2000/svg"/>"#,
        #"<?xml-stylesheet href="a.css"?><svg xmlns="http://www.w3.org/2000/svg"><?pi data?><rect/></svg>"#,
    ])
    func trickyFilesReadAlikeBothWays(_ svg: String) {
        let bytes: [UInt8] = svg.contains("ISO-8859-1") ? Array(svg.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }) : Array(svg.utf8)
        #expect(compare(bytes) == nil, "\(compare(bytes) ?? "")")
    }

    /// Over the element limit both readers refuse with the same message. (The text limit is for
    /// entities: a file the import reads, without them, is smaller than it.)
    @Test func limitsRefuseAlikeBothWays() {
        let many = "<svg xmlns=\"http://www.w3.org/2000/svg\">" + String(repeating: "<g/>", count: SVGLimits.maxElements) + "</svg>"
        let tooMany = compare(Array(many.utf8))
        #expect(tooMany == nil, "\(tooMany ?? "")")
        if case .failure(let error)? = streamed(Array(many.utf8)) {
            #expect(error.message == "the SVG has more than \(SVGLimits.maxElements) elements")
        } else {
            Issue.record("a file of more than \(SVGLimits.maxElements) elements was read")
        }
        // Over the limit and not well-formed: refused as not well-formed, as through the tree.
        let broken = many + "<"
        #expect(compare(Array(broken.utf8)) == nil)
        if case .failure(let error)? = streamed(Array(broken.utf8)) {
            #expect(error.message.hasPrefix("the SVG is not well-formed XML"))
        }
    }

    /// A file with a DTD is left to the tree, whose converter expands its entities; a DTD the
    /// bytes do not show as ASCII (another encoding) is met by libxml2 and left to the tree too.
    @Test func aFileWithADTDIsReadThroughTheTree() throws {
        let withEntity = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY w "12">]><svg xmlns="http://www.w3.org/2000/svg"><rect width="&w;" height="3"/></svg>"#
        #expect(streamed(Array(withEntity.utf8)) == nil)
        let read = try SVGDocumentReader.read(bytes: Array(withEntity.utf8)).get()
        #expect(read.children.first?["width"] == "12")
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in withEntity.replacingOccurrences(of: "<?xml version=\"1.0\"?>", with: "").utf16 {
            utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        #expect(streamed(utf16) == nil)
        let wide = try SVGDocumentReader.read(bytes: utf16).get()
        #expect(wide.children.first?["width"] == "12")
    }

    /// Random export-shaped files (a seeded generator): nested groups, every kind of attribute
    /// value, escapes, comments, text and line breaks anywhere whitespace may go.
    @Test func randomFilesReadAlikeBothWays() {
        var generator = SeededRandom(state: 0x5EED_5EED)
        let names = ["g", "rect", "path", "circle", "text", "tspan", "style", "title", "use", "defs", "linearGradient", "stop", "x:odd"]
        let attributes = ["id", "class", "fill", "stroke", "d", "transform", "style", "xlink:href", "href", "x:odd", "xml:lang", "opacity"]
        let values = ["", "red", "#fff", "a&amp;b", "&#x26;&#38;", "&lt;&gt;", "M0 0L1 1z", "translate(1 2)", "fill:red;stroke:blue", "#a", "é✓", "  spaced\tout\n", "&quot;'", "1e3"]
        let texts = ["", "hello", "a&amp;b", "<!-- c -->", "<![CDATA[x<y]]>", "\n  ", "&#233;", "<?pi x?>", "ü"]
        func pick<T>(_ list: [T]) -> T { list[Int(generator.next() % UInt64(list.count))] }
        func element(depth: Int) -> String {
            let name = pick(names)
            var used = Set<String>()
            var tag = "<\(name)"
            for _ in 0..<Int(generator.next() % 5) {
                let attribute = pick(attributes)
                guard used.insert(attribute).inserted else { continue }
                tag += (generator.next() % 4 == 0 ? "\n  " : " ") + "\(attribute)=\"\(pick(values))\""
            }
            let childCount = depth > 3 ? 0 : Int(generator.next() % 4)
            if childCount == 0, generator.next() % 2 == 0 { return tag + "/>" }
            var body = ""
            for _ in 0..<childCount {
                body += pick(texts) + element(depth: depth + 1)
            }
            return tag + ">" + body + pick(texts) + "</\(name)>"
        }
        var compared = 0
        for _ in 0..<400 {
            var body = ""
            for _ in 0..<Int(1 + generator.next() % 6) { body += element(depth: 0) + (generator.next() % 2 == 0 ? "\n" : "") }
            let svg = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:x="urn:x">"# + body + "</svg>"
            if let found = compare(Array(svg.utf8)) {
                Issue.record("\(found)\n\(svg)")
                return
            }
            compared += 1
        }
        #expect(compared == 400)
    }
}
