import CXML2
import Foundation

/// The limits every SVG read obeys, whatever the file holds: an attacker's file must cost no more
/// than a legitimate one of the same size.
public enum SVGLimits {
    /// The largest SVG file read (bytes).
    public static let maxFileBytes = 8 * 1024 * 1024
    /// Elements kept from one file; past it the file is refused.
    public static let maxElements = 200_000
    /// Characters of attribute and style text after entity expansion, for the whole file.
    public static let maxExpandedText = 32 * 1024 * 1024
    /// Nodes one import may produce once `use` is expanded (a `use` of a group of `use`s multiplies).
    public static let maxOutputNodes = 100_000
    /// Path vertices one import may produce, after `use` expansion.
    public static let maxOutputVertices = 1_000_000
    /// The scene text one import may write (its nodes, as `ImportedScene` writes them, about):
    /// what a scene file may hold (`YAMLLimits.defaultMaxFileBytes`), so what is imported compiles.
    public static let maxOutputBytes = 8 * 1024 * 1024
    /// How deep `use` may refer through other `use`s.
    public static let maxUseDepth = 16
    /// Style-sheet rules tried on elements, over the whole import: each kind of element (name,
    /// id, classes) tries the rules filed under what it has, once.
    public static let maxStyleRuleTests = 2_000_000
    /// Entity declarations an internal DTD subset may hold.
    public static let maxEntityDeclarations = 256
}

/// One SVG element as the importer sees it: its local name, its attributes (namespace prefixes
/// dropped for SVG and XLink attributes, others left out), where it starts in the file, its
/// element children and, for `<style>`, its text.
public struct SVGElement: Sendable {
    public var name: String {
        didSet { kind = SVGElementKind(name: name) }
    }
    /// What the walk does with the element, by its name.
    private(set) var kind: SVGElementKind
    /// The attributes in document order, each name once: an element has a handful, so a scan
    /// finds one sooner than a dictionary per element could be built and hashed.
    public var attributeList: [SVGAttribute]
    public var children: [SVGElement]
    public var text: String
    public var line: Int
    public var column: Int

    public init(name: String, attributes: [String: String], children: [SVGElement], text: String, line: Int, column: Int) {
        self.name = name
        kind = SVGElementKind(name: name)
        attributeList = attributes.sorted { $0.key < $1.key }.map { SVGAttribute(name: $0.key, value: $0.value) }
        self.children = children
        self.text = text
        self.line = line
        self.column = column
    }

    /// An element without attributes, children or text yet, as the reader fills it in.
    init(name: String, kind: SVGElementKind, line: Int, column: Int) {
        self.name = name
        self.kind = kind
        attributeList = []
        children = []
        text = ""
        self.line = line
        self.column = column
    }

    public var attributes: [String: String] {
        Dictionary(attributeList.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The value of an attribute the importer reads by name: one byte compared per attribute.
    subscript(_ attribute: SVGAttributeName) -> String? {
        for index in attributeList.indices where attributeList[index].named == attribute { return attributeList[index].value }
        return nil
    }

    public subscript(_ attribute: String) -> String? {
        // Most names differ in length from the one asked for, and their lengths compare at once
        // where comparing the strings would be a call into the runtime.
        // By index, not `for in`: the loop's copy of each entry retained and released its strings.
        let length = attribute.utf8.count
        for index in attributeList.indices where attributeList[index].name.utf8.count == length && attributeList[index].name == attribute {
            return attributeList[index].value
        }
        return nil
    }

    /// Sets `attribute`, replacing an earlier value of the same name (the later one wins).
    mutating func setAttribute(_ attribute: SVGAttribute) {
        if let index = attributeList.firstIndex(where: { $0.name == attribute.name }) {
            attributeList[index].value = attribute.value
        } else {
            attributeList.append(attribute)
        }
    }
}

/// One attribute of an element, with the computed-style slot of the presentation attribute it
/// is (found once per attribute name as the tree is read, not by the cascade per element).
public struct SVGAttribute: Sendable {
    /// Not to be changed once made: `named` is found from it.
    public let name: String
    public var value: String
    /// The slot of the property the attribute presents, -1 for none (`transform` is no
    /// presentation attribute here: the mapper reads it as the element's own).
    let presentedSlot: Int8
    /// Which of the attributes the importer reads by name this is, if any.
    let named: SVGAttributeName?

    public init(name: String, value: String) {
        self.init(name: name, value: value, presentedSlot: presentationSlot(name), named: SVGAttributeName(rawValue: name))
    }

    init(name: String, value: String, presentedSlot: Int8, named: SVGAttributeName?) {
        self.name = name
        self.value = value
        self.presentedSlot = presentedSlot
        self.named = named
    }
}

/// The attributes the importer reads by name (`SVGElement[_:]`), each known by a byte found once
/// per attribute name as the tree is read, where a lookup by string compared strings.
enum SVGAttributeName: String, CaseIterable {
    case id, d, x, y, width, height, rx, ry, r, cx, cy, x1, y1, x2, y2, points, transform, style, href, viewBox
    case preserveAspectRatio, overflow, type, clipPathUnits, offset
    case `class`
    case clipPath = "clip-path"
}

/// A refusal to read a file at all: the whole file is left out, with the reason.
public struct SVGReadError: Error, Sendable, Equatable {
    public var message: String
    public var line: Int
    public var column: Int

    public init(_ message: String, line: Int = 1, column: Int = 1) {
        self.message = message
        self.line = line
        self.column = column
    }
}

/// Reads SVG with libxml2: no network, no external entity or DTD is ever fetched (the loader
/// refuses every one), entities declared inside the file are expanded by the importer itself
/// (their text within `SVGLimits.maxExpandedText`, their elements within `SVGLimits.maxElements`,
/// every reference counted), and nested entity definitions (the billion-laughs shape)
/// are refused before libxml2 sees the file.
public enum SVGDocumentReader {
    public static func read(bytes: [UInt8]) -> Result<SVGElement, SVGReadError> {
        readCounting(bytes: bytes).map(\.root)
    }

    /// `read`, with how many elements the tree holds (the root and every copy an entity
    /// reference made included).
    static func readCounting(bytes: [UInt8]) -> Result<(root: SVGElement, elements: Int), SVGReadError> {
        if bytes.count > SVGLimits.maxFileBytes {
            return .failure(SVGReadError("the SVG file is \(bytes.count) bytes; at most \(SVGLimits.maxFileBytes) are read"))
        }
        if let refusal = refuseDangerousDoctype(bytes) { return .failure(refusal) }
        // A file without a DTD (the usual export) is read as libxml2 parses it, without libxml2's
        // document tree; one with a DTD is read through that tree, whose entity references the
        // converter expands within the limits.
        if let streamed = StreamingTreeReader.read(bytes: bytes, options: parseOptions) { return streamed }
        return readThroughDocumentTree(bytes: bytes)
    }

    /// `readCounting` through libxml2's document tree, whatever the file holds (the reader of a
    /// file with a DTD; its size and DTD already checked).
    static func readThroughDocumentTree(bytes: [UInt8]) -> Result<(root: SVGElement, elements: Int), SVGReadError> {
        installRefusingEntityLoader()
        let document: xmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
                xmlReadMemory($0, Int32(buffer.count), "artwork.svg", nil, parseOptions)
            }
        }
        guard let document else { return .failure(lastParseError()) }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { return .failure(SVGReadError("the file has no root element")) }
        var converter = TreeConverter(document: document, lines: LineIndex(bytes))
        do {
            return svgRoot(try converter.convert(root, depth: 0), elements: converter.factory.elements)
        } catch {
            return .failure(error)
        }
    }

    /// Why libxml2 could not parse the file, from its last error.
    static func lastParseError() -> SVGReadError {
        guard let error = xmlGetLastError() else { return SVGReadError("the SVG is not well-formed XML") }
        let message = error.pointee.message.map { String(cString: $0) }?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "not well-formed XML"
        return SVGReadError("the SVG is not well-formed XML: \(message)", line: max(1, Int(error.pointee.line)))
    }

    /// The tree read, if its root is `<svg>`.
    static func svgRoot(_ root: SVGElement, elements: Int) -> Result<(root: SVGElement, elements: Int), SVGReadError> {
        if root.name != "svg" {
            return .failure(SVGReadError("the root element is <\(root.name)>, not <svg>", line: root.line, column: root.column))
        }
        return .success((root, elements))
    }

    /// libxml2's parse of `bytes` into its tree and nothing more, with the importer's options: the
    /// floor the importer's cost is measured against (choreo-bench). True when it parsed.
    public static func parseWithLibxml2Only(bytes: [UInt8]) -> Bool {
        installRefusingEntityLoader()
        let document: xmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
                xmlReadMemory($0, Int32(buffer.count), "artwork.svg", nil, parseOptions)
            }
        }
        guard let document else { return false }
        xmlFreeDoc(document)
        return true
    }

    static let parseOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOCDATA.rawValue)

    /// Every external entity, DTD or XInclude libxml2 might want is refused: the importer reads
    /// exactly one file.
    static func installRefusingEntityLoader() {
        xmlSetExternalEntityLoader { _, _, _ in nil }
    }

    /// Refuses, before parsing, an internal DTD subset whose entities refer to other entities or
    /// are parameter entities (the exponential expansions), or that declares too many. Plain
    /// entities (`<!ENTITY ns_svg "http://www.w3.org/2000/svg">`, as Illustrator writes) pass.
    static func refuseDangerousDoctype(_ bytes: [UInt8]) -> SVGReadError? {
        guard let doctype = find(Array("<!DOCTYPE".utf8), in: bytes, from: 0) else { return nil }
        var index = doctype
        var declarations = 0
        var line = 1 + bytes[..<doctype].reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        let marker = Array("<!ENTITY".utf8)
        while let found = find(marker, in: bytes, from: index) {
            line += bytes[index..<found].reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
            declarations += 1
            if declarations > SVGLimits.maxEntityDeclarations {
                return SVGReadError("the DTD declares more than \(SVGLimits.maxEntityDeclarations) entities", line: line)
            }
            var cursor = found + marker.count
            var quote: UInt8? = nil
            var sawPercent = false
            var sawExternal = false
            var word: [UInt8] = []
            while cursor < bytes.count {
                let byte = bytes[cursor]
                if let open = quote {
                    if byte == open { quote = nil } else if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "%") {
                        return SVGReadError("an entity refers to another entity; nested entities are refused (they can expand without bound)", line: line)
                    }
                } else if byte == UInt8(ascii: ">") {
                    break
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "%") {
                    sawPercent = true
                } else if (byte >= 65 && byte <= 90) {
                    word.append(byte)
                    if word == Array("SYSTEM".utf8) || word == Array("PUBLIC".utf8) { sawExternal = true }
                } else {
                    word = []
                }
                cursor += 1
            }
            if sawPercent { return SVGReadError("parameter entities are refused", line: line) }
            if sawExternal { return SVGReadError("external entities (SYSTEM or PUBLIC) are refused: nothing outside the SVG file is read", line: line) }
            index = cursor
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count, start <= haystack.count - needle.count else { return nil }
        return haystack.withUnsafeBufferPointer { bytes in
            let last = bytes.count - needle.count
            var index = start
            while index <= last {
                // The whole file is searched: libc's memchr skips to each candidate first byte.
                guard let hit = memchr(bytes.baseAddress! + index, Int32(needle[0]), last + 1 - index) else { return nil }
                index = bytes.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if (1..<needle.count).allSatisfy({ bytes[index + $0] == needle[$0] }) { return index }
                index += 1
            }
            return nil
        }
    }
}

/// Byte offsets of line starts, to give an element a column: libxml2 records only its line, so
/// the column is where `<name` first appears on that line.
struct LineIndex {
    let bytes: [UInt8]
    var starts: [Int] = [0]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        // libc's memchr passes over a line's bytes many at a time, where a loop looks at each.
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var index = 0
            while index < buffer.count, let found = memchr(base + index, 10, buffer.count - index) {
                index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(index)
            }
        }
        self.starts = starts
    }

    /// The column of `<name` on `line`, searching from `previous` (the byte offset and column of
    /// the last element found on the same line), so a file on one line costs one pass, not one
    /// pass per element.
    func column(ofElement qualifiedName: String, line: Int, after previous: (offset: Int, column: Int)?) -> (offset: Int, column: Int) {
        guard line >= 1, line <= starts.count else { return (0, 1) }
        let start = starts[line - 1]
        let end = line < starts.count ? starts[line] : bytes.count
        let from = previous.map { max(start, $0.offset) } ?? start
        let fromColumn = previous.map { from == $0.offset ? $0.column : 1 } ?? 1
        var qualifiedName = qualifiedName
        // `<` and the name, compared in place (no array per element).
        return qualifiedName.withUTF8 { name -> (offset: Int, column: Int) in
            let length = name.count + 1
            var index = from
            while index + length <= end {
                if bytes[index] == UInt8(ascii: "<"), name.indices.allSatisfy({ bytes[index + 1 + $0] == name[$0] }) {
                    let next = index + length < bytes.count ? bytes[index + length] : 32
                    if !(next == UInt8(ascii: ":") || next == UInt8(ascii: "-") || next == UInt8(ascii: "_")
                        || (next >= 48 && next <= 57) || (next >= 65 && next <= 90) || (next >= 97 && next <= 122)) {
                        // Columns count Unicode scalars (as scene diagnostics do), not bytes.
                        let scalars = bytes[from..<index].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
                        return (index, fromColumn + scalars)
                    }
                }
                index += 1
            }
            return (start, 1)
        }
    }
}

let svgNamespace = "http://www.w3.org/2000/svg"
private let svgNamespaceBytes = Array(svgNamespace.utf8)

/// Whether libxml2's namespace URI is SVG's as written, read in place: almost every element and
/// many attributes carry it, and a `String` for each was a large part of the tree's cost.
private func isSVGNamespace(_ uri: UnsafePointer<xmlChar>) -> Bool {
    for (offset, byte) in svgNamespaceBytes.enumerated() where uri[offset] != byte { return false }
    return uri[svgNamespaceBytes.count] == 0
}
let xlinkNamespace = "http://www.w3.org/1999/xlink"

/// What both readers of the tree share: elements and text counted against `SVGLimits`, names
/// decoded once per libxml2 pointer, and each element's column found on its line.
struct ElementFactory {
    let lines: LineIndex
    var elements = 0
    var expandedText = 0
    /// The last element's line and byte offset, so two elements on one line get their own columns.
    var lastLine = 0
    var lastOffset = 0
    var lastColumn = 1
    /// Names already read, by libxml2's pointer: it keeps each name once in the parser's
    /// dictionary, and a file uses a few dozen, so most names are found here instead of being
    /// decoded again. libxml2 keeps its names for the whole reading, so a pointer always holds one name.
    var knownNames: [(pointer: UnsafePointer<xmlChar>, name: String, kind: SVGElementKind, presentedSlot: Int8, named: SVGAttributeName?)] = []
    /// By a hash of a name's pointer, the index in `knownNames` to try first (any index; it is
    /// checked against the pointer before it is believed).
    var knownNameHints = [UInt8](repeating: 0, count: 256)
    /// The last namespace URI `isSVGNamespaceCached` read, by libxml2's pointer, and whether it
    /// is SVG's: a file declares its namespaces once, so almost every element and attribute
    /// points at the same URI. libxml2 keeps them for the whole reading, so the pointer keeps its text.
    var lastNamespace: (uri: UnsafePointer<xmlChar>, isSVG: Bool)?

    init(lines: LineIndex) {
        self.lines = lines
    }

    mutating func isSVGNamespaceCached(_ uri: UnsafePointer<xmlChar>) -> Bool {
        if let last = lastNamespace, last.uri == uri { return last.isSVG }
        let isSVG = isSVGNamespace(uri)
        lastNamespace = (uri, isSVG)
        return isSVG
    }

    /// A new element named `name` (with `prefix`, as written) that libxml2 read on `line`, with
    /// its column, counted against `SVGLimits.maxElements`; its attributes and children are the
    /// reader's to add.
    mutating func element(named name: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, line: Int) throws(SVGReadError) -> SVGElement {
        elements += 1
        let (localName, kind, _, _) = knownName(name)
        var qualified = localName
        if let prefix { qualified = String(cString: prefix) + ":" + localName }
        let found = lines.column(ofElement: qualified, line: line, after: line == lastLine ? (lastOffset + 1, lastColumn + 1) : nil)
        let column = found.column
        lastLine = line
        lastOffset = found.offset
        lastColumn = found.column
        if elements > SVGLimits.maxElements {
            throw SVGReadError("the SVG has more than \(SVGLimits.maxElements) elements", line: line, column: column)
        }
        return SVGElement(name: localName, kind: kind, line: line, column: column)
    }

    /// Counts `count` more bytes of attribute or element text against `SVGLimits.maxExpandedText`.
    mutating func countText(_ count: Int, line: Int, column: Int) throws(SVGReadError) {
        expandedText += count
        if expandedText > SVGLimits.maxExpandedText {
            throw SVGReadError("the SVG's text expands to more than \(SVGLimits.maxExpandedText) bytes", line: line, column: column)
        }
    }

    /// Whether an element of this local name keeps its text (a style sheet's, a text's, a title's).
    static func keepsText(_ localName: String) -> Bool {
        localName == "style" || localName == "text" || localName == "tspan" || localName == "title"
    }

    /// Adds an attribute read as `entry` to `element`: `namespaced` when written with a prefix
    /// (`xlink:href`), which may map onto a plain name already given.
    static func add(_ entry: SVGAttribute, namespaced: Bool, to element: inout SVGElement, sawNamespaced: inout Bool) {
        // Names are unique among an element's attributes (libxml2 refuses a repeated one) until a
        // namespaced one (`xlink:href`, `svg:fill`) maps onto a plain name.
        if namespaced {
            sawNamespaced = true
            // `href` wins over `xlink:href` when both are given, as SVG 2 says.
            if entry.name == "href", element[.href] != nil { return }
        }
        if sawNamespaced { element.setAttribute(entry) } else { element.attributeList.append(entry) }
    }

    /// The name at `pointer` with, were it an element's, its kind and, were it an attribute's,
    /// the computed-style slot it presents.
    mutating func knownName(_ pointer: UnsafePointer<xmlChar>) -> (name: String, kind: SVGElementKind, presentedSlot: Int8, named: SVGAttributeName?) {
        // A hash of the pointer picks where to look first: one comparison finds most names,
        // where the scan below compares every name kept before the one asked for.
        let hint = Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: pointer)) &* 0x9E37_79B9_7F4A_7C15) >> 56)
        let hinted = Int(knownNameHints[hint])
        if hinted < knownNames.count, knownNames[hinted].pointer == pointer {
            return (knownNames[hinted].name, knownNames[hinted].kind, knownNames[hinted].presentedSlot, knownNames[hinted].named)
        }
        for (index, known) in knownNames.enumerated() where known.pointer == pointer {
            knownNameHints[hint] = UInt8(index)
            return (known.name, known.kind, known.presentedSlot, known.named)
        }
        let name = String(cString: pointer)
        let kind = SVGElementKind(name: name)
        let slot = presentationSlot(name)
        let named = SVGAttributeName(rawValue: name)
        if knownNames.count < 64 {
            knownNameHints[hint] = UInt8(knownNames.count)
            knownNames.append((pointer, name, kind, slot, named))
        }
        return (name, kind, slot, named)
    }
}

/// The tree of a document libxml2 has built, for a file with a DTD (whose entities libxml2
/// keeps as references, expanded here).
private struct TreeConverter {
    let document: xmlDocPtr
    var factory: ElementFactory

    init(document: xmlDocPtr, lines: LineIndex) {
        self.document = document
        factory = ElementFactory(lines: lines)
    }

    mutating func convert(_ node: xmlNodePtr, depth: Int) throws(SVGReadError) -> SVGElement {
        let line = Int(xmlGetLineNo(node))
        var element = try factory.element(named: node.pointee.name, prefix: node.pointee.ns?.pointee.prefix, line: line)
        let localName = element.name
        let column = element.column
        if let namespace = node.pointee.ns?.pointee.href, !factory.isSVGNamespaceCached(namespace),
            expandedNamespace(String(cString: namespace)) != svgNamespace {
            element.name = "{foreign}" + localName
        }
        var attribute = node.pointee.properties
        var count = 0
        while let current = attribute {
            count += 1
            attribute = current.pointee.next
        }
        element.attributeList.reserveCapacity(count)
        count = 0
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { count += 1 }
            child = current.pointee.next
        }
        element.children.reserveCapacity(count)
        var sawNamespaced = false
        attribute = node.pointee.properties
        while let current = attribute {
            defer { attribute = current.pointee.next }
            let known = factory.knownName(current.pointee.name)
            if let namespace = current.pointee.ns?.pointee.href, !factory.isSVGNamespaceCached(namespace) {
                let uri = String(cString: namespace)
                let expanded = expandedNamespace(uri)
                if expanded != xlinkNamespace, expanded != svgNamespace { continue }
            }
            let value = try text(of: current.pointee.children, line: line, column: column)
            let entry = SVGAttribute(name: known.name, value: value, presentedSlot: known.presentedSlot, named: known.named)
            ElementFactory.add(entry, namespaced: current.pointee.ns != nil, to: &element, sawNamespaced: &sawNamespaced)
        }
        let keepsText = ElementFactory.keepsText(localName)
        child = node.pointee.children
        while let current = child {
            defer { child = current.pointee.next }
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                element.children.append(try convert(current, depth: depth + 1))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_ENTITY_REF_NODE:
                if keepsText {
                    element.text += try text(of: current, line: line, column: column, single: true)
                } else if current.pointee.type == XML_ENTITY_REF_NODE {
                    element.children += try entityElements(current, depth: depth).map { relocated($0, line: line, column: column) }
                }
            default:
                break
            }
        }
        return element
    }

    /// The elements an internal entity holds, where it is referenced (`<g>&shapes;</g>`), as if
    /// written there: libxml2 parsed the entity's text once, and each reference converts it
    /// again, so every copy counts against `SVGLimits.maxElements` (an entity referring to
    /// another was refused before parsing, so one reference is one copy).
    mutating func entityElements(_ reference: xmlNodePtr, depth: Int) throws(SVGReadError) -> [SVGElement] {
        guard let entity = xmlGetDocEntity(document, reference.pointee.name) else { return [] }
        var result: [SVGElement] = []
        var node = entity.pointee.children
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(try convert(current, depth: depth + 1)) }
            node = current.pointee.next
        }
        return result
    }

    /// An entity's element placed where it is referenced (libxml2 numbers the entity's own lines
    /// from 0): at the element holding the reference, so a warning points into the file.
    private func relocated(_ element: SVGElement, line: Int, column: Int) -> SVGElement {
        var copy = element
        copy.line = line
        copy.column = column
        copy.children = element.children.map { relocated($0, line: line, column: column) }
        return copy
    }

    /// A namespace URI written through an entity (`xmlns="&ns_svg;"`, as Illustrator does) as
    /// the entity's text: libxml2 keeps it unexpanded when entities are not substituted.
    func expandedNamespace(_ uri: String) -> String {
        guard uri.hasPrefix("&"), uri.hasSuffix(";"), uri.count > 2,
            let entity = xmlGetDocEntity(document, String(uri.dropFirst().dropLast())), let content = entity.pointee.content
        else { return uri }
        return String(cString: content)
    }

    /// The text of an attribute's or element's children, entity references expanded here (one
    /// level: nested entities were refused), counted against `SVGLimits.maxExpandedText`.
    mutating func text(of first: xmlNodePtr?, line: Int, column: Int, single: Bool = false) throws(SVGReadError) -> String {
        // The usual attribute: one text node, read once.
        if let first, first.pointee.type == XML_TEXT_NODE, single || first.pointee.next == nil, let content = first.pointee.content {
            let piece = String(cString: content)
            try factory.countText(piece.utf8.count, line: line, column: column)
            return piece
        }
        var result = ""
        var node = first
        while let current = node {
            var piece = ""
            if current.pointee.type == XML_ENTITY_REF_NODE {
                if let entity = xmlGetDocEntity(document, current.pointee.name), let content = entity.pointee.content {
                    piece = String(cString: content)
                }
            } else if let content = current.pointee.content {
                piece = String(cString: content)
            }
            try factory.countText(piece.utf8.count, line: line, column: column)
            result += piece
            if single { break }
            node = current.pointee.next
        }
        return result
    }
}
