import CXML2
import Foundation

/// Reads a file without a DTD into the importer's tree as libxml2 parses it: each element is
/// built from libxml2's start-tag callback, its attribute values read in place, so libxml2's own
/// document tree (a node per element, attribute and text, then freed) is never built.
///
/// A DTD is the one thing this reader does not read: libxml2 keeps entity references of a DTD's
/// entities for the tree, whose converter expands them within the limits, so on meeting one the
/// parse stops and `read` returns nil for `SVGDocumentReader` to read the file through the tree.
enum StreamingTreeReader {
    /// The tree, or its refusal; nil when the file has a DTD.
    static func read(bytes: [UInt8], options: Int32) -> Result<(root: SVGElement, elements: Int), SVGReadError>? {
        // libxml2's global state, set once (xmlReadMemory does this itself; a context made first must too).
        xmlInitParser()
        SVGDocumentReader.installRefusingEntityLoader()
        guard let context = xmlNewParserCtxt() else { return .failure(SVGReadError("the SVG could not be read: out of memory")) }
        defer { xmlFreeParserCtxt(context) }
        // The tree lives behind a pointer the callbacks reach through the parser: a class's
        // stored properties would be checked for exclusive access on every callback.
        let tree = UnsafeMutablePointer<StreamingTree>.allocate(capacity: 1)
        tree.initialize(to: StreamingTree(context: context, lines: LineIndex(bytes)))
        defer {
            tree.deinitialize(count: 1)
            tree.deallocate()
        }
        context.pointee._private = UnsafeMutableRawPointer(tree)
        installCallbacks(context.pointee.sax)
        let document: xmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
                xmlCtxtReadMemory(context, $0, Int32(buffer.count), "artwork.svg", nil, options)
            }
        }
        // The document holds the XML declaration's facts alone: every element went to the tree.
        if let document { xmlFreeDoc(document) }
        if tree.pointee.metDoctype { return nil }
        guard document != nil else { return .failure(SVGDocumentReader.lastParseError()) }
        if let failure = tree.pointee.failure { return .failure(failure) }
        guard let root = tree.pointee.root else { return .failure(SVGReadError("the file has no root element")) }
        return SVGDocumentReader.svgRoot(root, elements: tree.pointee.factory.elements)
    }

    /// The tree's callbacks in place of libxml2's tree-building ones; every other callback
    /// (the document's start, errors) stays libxml2's.
    private static func installCallbacks(_ handler: UnsafeMutablePointer<xmlSAXHandler>) {
        handler.pointee.internalSubset = { context, _, _, _ in
            guard let context else { return }
            streamingTree(context)?.pointee.metDoctype = true
            xmlStopParser(context.assumingMemoryBound(to: xmlParserCtxt.self))
        }
        handler.pointee.startElementNs = { context, localName, prefix, uri, _, _, attributeCount, _, attributes in
            guard let context, let localName else { return }
            streamingTree(context)?.pointee.start(localName, prefix: prefix, uri: uri, attributeCount: Int(attributeCount), attributes: attributes)
        }
        handler.pointee.endElementNs = { context, _, _, _ in
            guard let context else { return }
            streamingTree(context)?.pointee.end()
        }
        let characters: charactersSAXFunc = { context, text, length in
            guard let context, let text else { return }
            streamingTree(context)?.pointee.characters(text, count: Int(length))
        }
        handler.pointee.characters = characters
        handler.pointee.ignorableWhitespace = characters
        handler.pointee.cdataBlock = characters
        // Comments and processing instructions are not part of the picture.
        handler.pointee.comment = nil
        handler.pointee.processingInstruction = nil
    }
}

/// The tree a callback's parser builds.
private func streamingTree(_ context: UnsafeMutableRawPointer) -> UnsafeMutablePointer<StreamingTree>? {
    let tree: UnsafeMutableRawPointer? = context.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private
    return tree?.assumingMemoryBound(to: StreamingTree.self)
}

/// The tree under construction: the open elements, innermost last, and the children each has
/// so far (given to it when it ends, so no open element's array is copied on append).
private struct StreamingTree {
    let context: xmlParserCtxtPtr
    var factory: ElementFactory
    var open: [SVGElement] = []
    var openKeepsText: [Bool] = []
    var openChildren: [[SVGElement]] = []
    var root: SVGElement?
    /// The first limit the file went past. The parse goes on without building, so a file that is
    /// also not well-formed is refused for that, as through libxml2's tree.
    var failure: SVGReadError?
    var metDoctype = false

    init(context: xmlParserCtxtPtr, lines: LineIndex) {
        self.context = context
        factory = ElementFactory(lines: lines)
    }

    mutating func start(_ localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?,
                        attributeCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard failure == nil else { return }
        // libxml2's line of the start tag just read, as its tree records an element's.
        let line = Int(context.pointee.input?.pointee.line ?? 1)
        do {
            var element = try factory.element(named: localName, prefix: prefix, line: line)
            let name = element.name
            if let uri, !factory.isSVGNamespaceCached(uri), String(cString: uri) != svgNamespace {
                element.name = "{foreign}" + name
            }
            element.attributeList.reserveCapacity(attributeCount)
            var sawNamespaced = false
            if let attributes {
                for index in 0..<attributeCount {
                    // Five pointers an attribute: local name, prefix, namespace URI, value, value's end.
                    let fields = attributes + 5 * index
                    guard let attributeName = fields[0], let valueStart = fields[3], let valueEnd = fields[4] else { continue }
                    let namespace = fields[2]
                    if let namespace, !factory.isSVGNamespaceCached(namespace) {
                        let uri = String(cString: namespace)
                        if uri != xlinkNamespace, uri != svgNamespace { continue }
                    }
                    let known = factory.knownName(attributeName)
                    let length = valueStart.distance(to: valueEnd)
                    try factory.countText(length, line: line, column: element.column)
                    let entry = SVGAttribute(name: known.name, value: attributeValue(valueStart, count: length), presentedSlot: known.presentedSlot, named: known.named)
                    ElementFactory.add(entry, namespaced: namespace != nil, to: &element, sawNamespaced: &sawNamespaced)
                }
            }
            open.append(consume element)
            openKeepsText.append(ElementFactory.keepsText(name))
            openChildren.append([])
        } catch {
            failure = error
        }
    }

    mutating func end() {
        guard failure == nil, !open.isEmpty else { return }
        openKeepsText.removeLast()
        open[open.count - 1].children = openChildren.removeLast()
        // Moved, not copied: `removeLast` hands over the element it removes.
        if openChildren.isEmpty {
            root = open.removeLast()
        } else {
            let parent = openChildren.count - 1
            // Room for a few at the first: an array grown from empty one child at a time is
            // allocated at one, two and four children, and most groups hold a handful.
            if openChildren[parent].isEmpty { openChildren[parent].reserveCapacity(4) }
            openChildren[parent].append(open.removeLast())
        }
    }

    mutating func characters(_ text: UnsafePointer<xmlChar>, count: Int) {
        guard failure == nil, let innermost = open.indices.last, openKeepsText[innermost] else { return }
        do {
            try factory.countText(count, line: open[innermost].line, column: open[innermost].column)
            open[innermost].text += String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
        } catch {
            failure = error
        }
    }
}

/// An attribute's value as libxml2 hands it to the start-tag callback. Without entity
/// substitution it writes an ampersand the file escaped (`&amp;`, `&#38;`) as `&#38;` for the
/// tree's builder to decode, and every other reference already decoded; so that one is decoded
/// here, and a DTD's entities never reach this reader.
private func attributeValue(_ start: UnsafePointer<xmlChar>, count: Int) -> String {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    guard memchr(start, Int32(UInt8(ascii: "&")), count) != nil else { return String(decoding: bytes, as: UTF8.self) }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(count)
    let escaped = Array("&#38;".utf8)
    var index = 0
    while index < count {
        if bytes[index] == UInt8(ascii: "&"), index + escaped.count <= count, bytes[index..<(index + escaped.count)].elementsEqual(escaped) {
            decoded.append(UInt8(ascii: "&"))
            index += escaped.count
        } else {
            decoded.append(bytes[index])
            index += 1
        }
    }
    return String(decoding: decoded, as: UTF8.self)
}
