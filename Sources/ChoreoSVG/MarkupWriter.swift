import ChoreoJSON
import ChoreoTimeline

/// Writes XML straight into UTF-8 bytes as the caller walks the drawing (one buffer, a
/// drawing's pieces, or an output it hands them to): the
/// same text `Markup.rendered` gives for the tree the same calls describe (two-space indentation,
/// attributes in the order given, `/>` for an element without children), without the tree.
///
/// `start` opens an element, `attribute` adds to it until its first child or its `end`. A small
/// subtree built the old way (`Markup`) can be written wherever an element can (`element(_:)`).
struct MarkupWriter {
    private(set) var bytes: [UInt8] = []
    /// The open elements: name, and whether a child has been written (the start tag is closed).
    private var open: [(name: String, hasChildren: Bool)] = []
    /// The depth of the first element written (a fragment written to be placed inside others).
    private let baseDepth: Int

    /// Where a document's writer hands its bytes on (the streaming entry points, `SVGEmitter.
    /// interactive(_:idPrefix:to:)`); nil: everything stays in `bytes`.
    private let output: ((UnsafeBufferPointer<UInt8>) -> Void)?

    /// A drawing writer's full pieces, in order, before `bytes` (see `drawing(depth:)`).
    private var sealedPieces: [[UInt8]] = []
    /// The size at which a drawing writer seals its buffer as a piece; nil: one buffer.
    private let pieceSize: Int?

    init(depth: Int = 0, capacity: Int = 4096) {
        baseDepth = depth
        output = nil
        pieceSize = nil
        bytes.reserveCapacity(capacity)
    }

    /// A writer for a drawing that is written before the definitions it collects and so is held
    /// whole until the document is put together: its bytes are kept in pieces of about
    /// `pieceSize`, sealed at the end of an element, instead of one array grown by doubling, whose
    /// spare capacity and old and new buffers while it grows made the peak memory of `choreo
    /// compile` up to twice the drawing's size. The bytes are the same.
    static func drawing(depth: Int, pieceSize: Int = 1 << 20) -> MarkupWriter {
        MarkupWriter(depth: depth, pieceSize: max(1, pieceSize))
    }

    private init(depth: Int, pieceSize: Int) {
        baseDepth = depth
        output = nil
        self.pieceSize = pieceSize
        bytes.reserveCapacity(pieceSize + pieceSize / 16)
    }

    /// A root writer that hands its bytes to `output` at each `children` (the parts drawn into
    /// writers of their own, the largest part of a document, are handed on as they are, never
    /// copied) and at `finish`.
    init(output: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        baseDepth = 0
        self.output = output
        pieceSize = nil
        bytes.reserveCapacity(1 << 12)
    }

    var isEmpty: Bool { bytes.isEmpty && sealedPieces.isEmpty }

    /// How many bytes the writer holds.
    var byteCount: Int { sealedPieces.reduce(bytes.count) { $0 + $1.count } }

    private var depth: Int { baseDepth + open.count }

    /// The depth of the next element written (its indentation, in steps of two spaces).
    var currentDepth: Int { depth }

    /// Before a child of the innermost open element: ends its start tag.
    private mutating func beginChild() {
        guard let last = open.indices.last, !open[last].hasChildren else { return }
        open[last].hasChildren = true
        bytes.append(UInt8(ascii: ">"))
        bytes.append(UInt8(ascii: "\n"))
    }

    private mutating func indent(_ depth: Int) {
        for _ in 0..<depth {
            bytes.append(0x20)
            bytes.append(0x20)
        }
    }

    mutating func start(_ name: String) {
        beginChild()
        indent(depth)
        bytes.append(UInt8(ascii: "<"))
        bytes.append(contentsOf: name.utf8)
        open.append((name, false))
    }

    /// `name="value"`, the value escaped.
    mutating func attribute(_ name: String, _ value: String) {
        attributeStart(name)
        TextEscaping.appendXML(value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `name="…"` with a number (`formatNumber`'s digits).
    mutating func attribute(_ name: String, number value: Double, decimals: Int = 3) {
        attributeStart(name)
        appendFormattedNumber(value, decimals: decimals, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `name="…"` with a value `body` appends as bytes (it must need no escaping: numbers,
    /// path data).
    mutating func attribute(_ name: String, _ body: (inout [UInt8]) -> Void) {
        attributeStart(name)
        body(&bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func attributes(_ list: [(String, String)]) {
        for (name, value) in list { attribute(name, value) }
    }

    private mutating func attributeStart(_ name: String) {
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: name.utf8)
        bytes.append(UInt8(ascii: "="))
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func end() {
        let element = open.removeLast()
        if element.hasChildren {
            indent(depth)
            bytes.append(UInt8(ascii: "<"))
            bytes.append(UInt8(ascii: "/"))
            bytes.append(contentsOf: element.name.utf8)
            bytes.append(UInt8(ascii: ">"))
        } else {
            bytes.append(UInt8(ascii: "/"))
            bytes.append(UInt8(ascii: ">"))
        }
        bytes.append(UInt8(ascii: "\n"))
        if let pieceSize, bytes.count >= pieceSize { sealPiece(pieceSize) }
    }

    private mutating func sealPiece(_ pieceSize: Int) {
        var next: [UInt8] = []
        next.reserveCapacity(pieceSize + pieceSize / 16)
        swap(&next, &bytes)
        sealedPieces.append(next)
    }

    /// An element built as a `Markup`, written as `Markup` writes itself.
    mutating func element(_ markup: Markup) {
        beginChild()
        markup.write(into: &bytes, indent: depth)
    }

    /// Animation elements made before their element was started, as its children.
    mutating func animations(_ list: AnimationList) {
        guard !list.isEmpty else { return }
        beginChild()
        let depth = self.depth
        for index in 0..<list.count {
            indent(depth)
            bytes.append(contentsOf: list.element(index))
        }
    }

    /// `<defs>` holding the definitions the renderers wrote (at depth 2, this writer's depth
    /// inside the root), if there are any.
    mutating func definitions(_ parts: MarkupWriter...) {
        definitions(parts)
    }

    mutating func definitions(_ parts: [MarkupWriter]) {
        guard parts.contains(where: { !$0.isEmpty }) else { return }
        start("defs")
        for part in parts { children(part) }
        end()
    }

    /// Children written by another writer whose depth is this one's current depth.
    mutating func children(_ other: MarkupWriter) {
        guard !other.isEmpty else { return }
        beginChild()
        guard let output else {
            for piece in other.sealedPieces { bytes.append(contentsOf: piece) }
            bytes.append(contentsOf: other.bytes)
            return
        }
        handOn()
        for piece in other.sealedPieces { piece.withUnsafeBufferPointer { output($0) } }
        if !other.bytes.isEmpty { other.bytes.withUnsafeBufferPointer { output($0) } }
    }

    /// A streaming writer's bytes so far go to its output.
    mutating func handOn() {
        guard let output, !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { output($0) }
        bytes.removeAll(keepingCapacity: true)
    }

    /// Hands the buffer over.
    mutating func takeBytes() -> [UInt8] {
        var result: [UInt8] = []
        if !sealedPieces.isEmpty {
            result.reserveCapacity(byteCount)
            for piece in sealedPieces { result.append(contentsOf: piece) }
            sealedPieces = []
            result.append(contentsOf: bytes)
            bytes = []
            return result
        }
        swap(&result, &bytes)
        return result
    }
}
