import ChoreoJSON
import ChoreoTimeline
import Foundation

/// Writes an artwork as the scene a person would have written: block-style nodes, flow-style
/// points and stops, colours as hex, numbers at most six decimals. The text is appended as UTF-8
/// to one byte buffer, numbers included (`appendFormattedNumber`), with no `String` per line or
/// per number: an export of megabytes writes tens of thousands of lines.
public enum ArtworkYAMLWriter {
    public static func scene(_ artwork: Artwork, source: String) -> String {
        String(decoding: sceneBytes(artwork, source: source), as: UTF8.self)
    }

    /// `scene` as the UTF-8 bytes it is made of.
    public static func sceneBytes(_ artwork: Artwork, source: String) -> [UInt8] {
        var bytes: [UInt8] = []
        writeScene(artwork, source: source) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// `scene`'s bytes handed to `emit` in order, in one piece or two, as they lie in the
    /// writer's buffers: what `choreo import -o` writes into the file, gathered nowhere first.
    public static func writeScene(_ artwork: Artwork, source: String, to emit: (UnsafeRawBufferPointer) -> Void) {
        var out = YAMLBytes()
        out.append("# Imported from ")
        out.comment(source)
        out.append(" by choreo import.\nchoreo: 1\nsize: ")
        out.point(artwork.size)
        out.append(artwork.nodes.isEmpty ? "\nlayers: []\n" : "\nlayers:\n")
        // Down the groups that are all there is at their level (an export's one root group), to
        // the first list of nodes long enough to be written in two halves at once.
        var chain: [ArtworkNode] = []
        var list = artwork.nodes
        while list.count == 1, case let .group(children) = list[0].geometry, !children.isEmpty {
            chain.append(list[0])
            list = children
        }
        let indent = 2 + 4 * chain.count
        guard list.count >= nodesWrittenInHalves else {
            for node in artwork.nodes { write(node, indent: 2, to: &out) }
            out.withContents(emit)
            return
        }
        // The second half is written into a buffer of its own on another core and handed out
        // after the first: the same bytes as one pass writes, in about half the time.
        let half = list.count / 2
        let secondHalf = WrittenHalf()
        let writing = DispatchGroup()
        let nodes = list
        DispatchQueue.global().async(group: writing) {
            for index in half..<nodes.count { write(nodes[index], indent: indent, to: &secondHalf.out) }
        }
        for (depth, node) in chain.enumerated() { writeFieldsAndChildrenKey(node, indent: 2 + 4 * depth, to: &out) }
        for index in 0..<half { write(list[index], indent: indent, to: &out) }
        out.withContents(emit)
        writing.wait()
        secondHalf.out.withContents(emit)
    }

    /// The second half of the nodes, written on another thread: filled there before its
    /// `DispatchGroup` leaves, read only after `wait()`.
    private final class WrittenHalf: @unchecked Sendable {
        var out = YAMLBytes()
    }

    /// A group's fields and the `children:` key its children follow, as `write` writes them.
    private static func writeFieldsAndChildrenKey(_ node: ArtworkNode, indent: Int, to out: inout YAMLBytes) {
        writeFields(node, indent: indent, to: &out)
        out.blockKey("children", indent + 2)
    }

    /// The nodes alone, as the entries of a `layers:` or `children:` list at `indent`.
    static func write(_ node: ArtworkNode, indent: String, to text: inout String) {
        var out = YAMLBytes()
        write(node, indent: indent.utf8.count, to: &out)
        text += String(decoding: out.bytes, as: UTF8.self)
    }

    private static func write(_ node: ArtworkNode, indent: Int, to out: inout YAMLBytes) {
        writeFields(node, indent: indent, to: &out)
        if case let .group(children) = node.geometry {
            if children.isEmpty {
                out.key("children", indent + 2, "[]")
            } else {
                out.blockKey("children", indent + 2)
                for child in children { write(child, indent: indent + 4, to: &out) }
            }
        }
    }

    /// Everything of a node but its children.
    private static func writeFields(_ node: ArtworkNode, indent: Int, to out: inout YAMLBytes) {
        let inner = indent + 2
        out.spaces(indent)
        out.append("- id: ")
        out.append(node.id)
        out.newline()
        switch node.geometry {
        case .group: out.key("shape", inner, "group")
        case let .rect(width, height, corner):
            out.key("shape", inner, "rect")
            out.key("size", inner, point: Point(width, height))
            if corner > 0 {
                out.key("corner-radius", inner)
                out.number(corner)
                out.newline()
            }
        case let .ellipse(width, height):
            out.key("shape", inner, "ellipse")
            if width == height {
                out.key("radius", inner)
                out.number(width / 2)
            } else {
                out.key("size", inner)
                out.point(Point(width, height))
            }
            out.newline()
        case let .path(data):
            out.key("shape", inner, "path")
            out.key("d", inner)
            out.quoted(data)
            out.newline()
        }
        if let anchor = node.anchor { out.key("anchor", inner, point: anchor) }
        if let position = node.position { out.key("position", inner, point: position) }
        if let rotation = node.rotation {
            out.key("rotation", inner)
            out.number(rotation)
            out.append("deg\n")
        }
        if let scale = node.scale {
            out.key("scale", inner)
            if scale.x == scale.y { out.number(scale.x) } else { out.point(scale) }
            out.newline()
        }
        if let opacity = node.opacity {
            out.key("opacity", inner)
            out.number(opacity)
            out.newline()
        }
        if let fill = node.fill { writePaint(fill, key: "fill", indent: inner, to: &out) }
        if let rule = node.fillRule {
            out.key("fill-rule", inner)
            out.append(rule)
            out.newline()
        }
        if let stroke = node.stroke, case let .color(color) = stroke.paint {
            out.key("stroke", inner)
            out.append("{color: ")
            out.hex(color)
            out.append(", width: ")
            out.number(stroke.width)
            if stroke.cap != "butt" {
                out.append(", cap: ")
                out.append(stroke.cap)
            }
            if stroke.join != "miter" {
                out.append(", join: ")
                out.append(stroke.join)
            }
            if stroke.join == "miter", stroke.miterLimit != 10 {
                out.append(", miter-limit: ")
                out.number(stroke.miterLimit)
            }
            if !stroke.dash.isEmpty {
                out.append(", dash: [")
                for (index, length) in stroke.dash.enumerated() {
                    if index > 0 { out.append(", ") }
                    out.number(length)
                }
                out.append("]")
            }
            out.append("}\n")
        }
        if let clip = node.clip {
            out.key("clip", inner)
            out.append("{shape: path, d: ")
            out.quoted(clip)
            out.append("}\n")
        }
    }

    private static func writePaint(_ paint: ArtworkPaint, key: StaticString, indent: Int, to out: inout YAMLBytes) {
        switch paint {
        case .none: out.key(key, indent, "none")
        case let .color(color):
            out.key(key, indent)
            out.hex(color)
            out.newline()
        case let .linear(from, to, stops):
            out.blockKey(key, indent)
            out.spaces(indent + 2)
            out.append("linear: {from: ")
            out.point(from)
            out.append(", to: ")
            out.point(to)
            out.append("}\n")
            stopList(stops, indent: indent + 2, to: &out)
        case let .radial(center, radius, stops):
            out.blockKey(key, indent)
            out.spaces(indent + 2)
            out.append("radial: {center: ")
            out.point(center)
            out.append(", radius: ")
            out.number(radius)
            out.append("}\n")
            stopList(stops, indent: indent + 2, to: &out)
        }
    }

    /// About how many bytes `write` writes for `node`'s own fields (not its children's) at `depth`
    /// groups deep: every line's indentation and text counted, each number as six bytes. What the
    /// importer's output budget (`SVGLimits.maxOutputBytes`) counts, as each node is made.
    static func estimatedBytes(of node: ArtworkNode, depth: Int) -> Int {
        let number = 6, point = 2 * number + 4, color = 9
        let indent = 2 + 4 * depth, line = indent + 2 + 1
        var bytes = indent + 6 + node.id.utf8.count + 1
        switch node.geometry {
        case .group: bytes += 2 * line + 16 + 9
        case .rect: bytes += 2 * line + 11 + 6 + point
        case .ellipse: bytes += 2 * line + 14 + 8 + number
        case let .path(data): bytes += 2 * line + 11 + 5 + data.utf8.count
        }
        if node.anchor != nil { bytes += line + 8 + point }
        if node.position != nil { bytes += line + 10 + point }
        if node.rotation != nil { bytes += line + 13 + number }
        if node.scale != nil { bytes += line + 7 + point }
        if node.opacity != nil { bytes += line + 9 + number }
        func paint(_ paint: ArtworkPaint) -> Int {
            switch paint {
            case .none, .color: return line + 6 + color
            case let .linear(_, _, stops), let .radial(_, _, stops): return 3 * line + 40 + 2 * point + 10 + stops.count * (number + color + 6)
            }
        }
        if let fill = node.fill { bytes += paint(fill) }
        if node.fillRule != nil { bytes += line + 18 }
        if let stroke = node.stroke { bytes += line + 40 + color + number + stroke.dash.count * (number + 2) }
        if let clip = node.clip { bytes += line + 30 + clip.utf8.count }
        return bytes
    }

    private static func stopList(_ stops: [ArtworkStop], indent: Int, to out: inout YAMLBytes) {
        out.spaces(indent)
        out.append("stops: [")
        for (index, stop) in stops.enumerated() {
            if index > 0 { out.append(", ") }
            out.append("[")
            out.number(stop.offset)
            out.append(", ")
            out.hex(stop.color)
            out.append("]")
        }
        out.append("]\n")
    }
}

/// The writer's byte buffer and the pieces of YAML it appends. The text goes into storage of its
/// own rather than an array: a node is written in a few dozen pieces of a few bytes each, and an
/// array's uniqueness and capacity checks and its generic append (or a `memcpy` call) per piece
/// cost more than the bytes. Every write reserves its room first (`reserve`), and only the
/// `count` bytes written are ever read. The storage is `malloc`'s, grown with `realloc`: past a
/// few hundred kilobytes glibc moves the pages instead of copying the bytes written so far.
private struct YAMLBytes: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    /// Where `appendFormattedNumber` writes numbers before each is copied in: appended to, and
    /// emptied only now and then, since emptying an array costs more than a number's digits.
    private var digits: [UInt8] = []
    /// By a hash of a number's bits, the last number written in that slot and where its digits
    /// end in `digits` (a length of 0 for none since `digits` was emptied).
    private var writtenNumbers = [(bits: UInt64, end: Int, length: Int)](repeating: (0, 0, 0), count: 256)

    init() {
        capacity = 4096
        storage = Self.allocated(capacity)
        digits.reserveCapacity(digitsKept + 32)
    }

    deinit { free(storage) }

    private static func allocated(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = malloc(capacity) else { fatalError("out of memory writing YAML") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }

    /// The bytes written so far.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

    /// The bytes written so far, where they are.
    func withContents(_ body: (UnsafeRawBufferPointer) -> Void) {
        body(UnsafeRawBufferPointer(start: storage, count: count))
    }

    /// Room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if extra > capacity - count { grow(toHold: extra) }
    }

    private mutating func grow(toHold extra: Int) {
        var larger = capacity * 2
        while larger - count < extra { larger *= 2 }
        // `realloc` keeps the first `count` bytes, and the storage is gone only once it succeeds.
        guard let moved = realloc(storage, larger) else { fatalError("out of memory writing YAML") }
        storage = moved.assumingMemoryBound(to: UInt8.self)
        capacity = larger
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        reserve(1)
        storage[count] = value
        count += 1
    }

    /// `piece` copied in: a short one byte by byte, where a `memcpy` call would cost more.
    @inline(__always)
    mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        let length = piece.count
        guard length > 0, let source = piece.baseAddress else { return }
        reserve(length)
        let target = storage + count
        if length <= 16 {
            for index in 0..<length { target[index] = source[index] }
        } else {
            target.initialize(from: source, count: length)
        }
        count += length
    }

    /// The text's bytes from its contiguous UTF-8.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// A literal's bytes, straight from where the compiler put them.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    mutating func newline() { byte(UInt8(ascii: "\n")) }

    mutating func spaces(_ count: Int) {
        guard count > 0 else { return }
        reserve(count)
        let target = storage + self.count
        for index in 0..<count { target[index] = UInt8(ascii: " ") }
        self.count += count
    }

    /// `key: ` at `indent`, and `value` with its line break when there is one.
    mutating func key(_ key: StaticString, _ indent: Int, _ value: StaticString? = nil) {
        spaces(indent)
        append(key)
        byte(UInt8(ascii: ":"))
        byte(UInt8(ascii: " "))
        if let value {
            append(value)
            newline()
        }
    }

    /// `key: [x, y]` at `indent`, a line.
    mutating func key(_ key: StaticString, _ indent: Int, point value: Point) {
        self.key(key, indent)
        point(value)
        newline()
    }

    /// `key:` at `indent` and its line break, for a block value on the lines below.
    mutating func blockKey(_ key: StaticString, _ indent: Int) {
        spaces(indent)
        append(key)
        byte(UInt8(ascii: ":"))
        newline()
    }

    /// A number as the importer writes it (`importNumber`).
    mutating func number(_ value: Double) {
        // A value written before (sizes, radii, widths, stops repeat across thousands of nodes)
        // is copied from where its digits still are in `digits`.
        let slot = Int(truncatingIfNeeded: (value.bitPattern &* 0x9E37_79B9_7F4A_7C15) >> 56)
        let known = writtenNumbers[slot]
        if known.length > 0, known.bits == value.bitPattern, known.end <= digits.count {
            copyDigits(from: known.end - known.length, count: known.length)
            return
        }
        if digits.count > digitsKept {
            digits.removeAll(keepingCapacity: true)
            for index in writtenNumbers.indices { writtenNumbers[index].length = 0 }
        }
        let start = digits.count
        appendFormattedNumber(value, decimals: importDecimals, to: &digits)
        writtenNumbers[slot] = (value.bitPattern, digits.count, digits.count - start)
        copyDigits(from: start, count: digits.count - start)
    }

    /// `count` bytes of `digits` from `start` appended, read in place: the storage is reserved
    /// first, so the copy reads `digits` while writing only through the storage's pointer.
    private mutating func copyDigits(from start: Int, count length: Int) {
        reserve(length)
        let target = storage + count
        digits.withUnsafeBufferPointer { written in
            for index in 0..<length { target[index] = written[start + index] }
        }
        count += length
    }

    mutating func point(_ point: Point) {
        byte(UInt8(ascii: "["))
        number(point.x)
        byte(UInt8(ascii: ","))
        byte(UInt8(ascii: " "))
        number(point.y)
        byte(UInt8(ascii: "]"))
    }

    /// `"#RRGGBB"`, or `"#RRGGBBAA"` when the colour is not opaque.
    mutating func hex(_ color: RGBA) {
        func channel(_ value: Double) -> Int { Int((min(1, max(0, value)) * 255).rounded()) }
        byte(UInt8(ascii: "\""))
        byte(UInt8(ascii: "#"))
        twoHexDigits(channel(color.r))
        twoHexDigits(channel(color.g))
        twoHexDigits(channel(color.b))
        let alpha = channel(color.a)
        if alpha != 255 { twoHexDigits(alpha) }
        byte(UInt8(ascii: "\""))
    }

    private mutating func twoHexDigits(_ value: Int) {
        byte(hexDigits[value >> 4])
        byte(hexDigits[value & 15])
    }

    /// A double-quoted scalar: quotes and backslashes escaped, line breaks and tabs as spaces.
    mutating func quoted(_ text: String) {
        byte(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Runs of bytes that need no escape are copied whole.
            var run = 0
            for (index, value) in utf8.enumerated() {
                switch value {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    append(UnsafeBufferPointer(rebasing: utf8[run..<index]))
                    byte(UInt8(ascii: "\\"))
                    byte(value)
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                    append(UnsafeBufferPointer(rebasing: utf8[run..<index]))
                    byte(UInt8(ascii: " "))
                default: continue
                }
                run = index + 1
            }
            append(UnsafeBufferPointer(rebasing: utf8[run...]))
        }
        byte(UInt8(ascii: "\""))
    }

    /// A file name in a YAML comment: one line, printable.
    mutating func comment(_ text: String) {
        for scalar in text.unicodeScalars {
            if scalar.value < 32 || scalar.value == 127 {
                byte(UInt8(ascii: "?"))
            } else {
                append(String(scalar))
            }
        }
    }
}

private let hexDigits = Array("0123456789ABCDEF".utf8)
/// How many bytes of numbers `YAMLBytes` keeps before it empties its scratch array.
private let digitsKept = 4096
/// How many nodes a list needs to be written in two halves at once: below it, starting a thread
/// costs more than writing the second half.
private let nodesWrittenInHalves = 256
