import ChoreoJSON
import ChoreoTimeline
import ChoreoYAML
import Foundation

/// The one printer of scenes built in code (`choreo import`, and every tool that writes a new
/// key or value through `SceneEdit`), in the style of the repository's scenes: two spaces of
/// indentation, a list's items two spaces in from its key, a block map's first key on its item's
/// `- ` line, flow collections as `[x, y]` and `{color: "#FF3B30", width: 2}`, numbers with at most
/// six decimals, colours as quoted hex.
///
/// The text is appended as UTF-8 to byte buffers, numbers included, with no `String` per line or
/// per number: an import of megabytes writes tens of thousands of lines. A long block list (a
/// drawing's nodes) is written in two halves at once, the second into a buffer of its own on
/// another core, handed out after the first: the same bytes as one pass writes, in about half the
/// time.
public struct SceneWriter: ~Copyable {
    /// Pieces already finished, in order, and the one being written.
    private var finished: [ByteBuffer] = []
    private var out = ByteBuffer()
    private var numbers = NumberCache()
    /// Set in a writer that writes the second half of a list: it splits no list again.
    private let isHalf: Bool

    public init() {
        isHalf = false
    }

    private init(half: Void) {
        isHalf = true
    }

    // MARK: Whole documents

    /// A whole scene: an optional comment line (`# Imported from …`), then the map's entries.
    public static func text(_ scene: [SceneEntry], comment: String? = nil) -> String {
        String(decoding: bytes(scene, comment: comment), as: UTF8.self)
    }

    public static func bytes(_ scene: [SceneEntry], comment: String? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        write(scene, comment: comment) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// The scene's bytes handed to `emit` in order, in as many pieces as they lie in the writer's
    /// buffers: what a command writes into a file, gathered nowhere first.
    public static func write(_ scene: [SceneEntry], comment: String? = nil, to emit: (UnsafeRawBufferPointer) -> Void) {
        var writer = SceneWriter()
        if let comment { writer.comment(comment) }
        for entry in scene { writer.entry(entry, indent: 0) }
        writer.emit(emit)
    }

    // MARK: Pieces, for editors

    /// A value as it is written after `key: ` or `- ` on one line: a scalar, or a collection in flow style.
    public static func inline(_ value: SceneValue) -> String {
        var writer = SceneWriter()
        writer.flow(value)
        return writer.text
    }

    /// `key: value` entries as the lines of a block map at `indent` (each line ending in a line
    /// break), block collections on lines of their own below their key.
    public static func lines(_ entries: [SceneEntry], indent: Int) -> String {
        var writer = SceneWriter()
        for entry in entries { writer.entry(entry, indent: indent) }
        return writer.text
    }

    /// One item of a block list at `indent` (`- ` and the value), ending in a line break.
    public static func item(_ value: SceneValue, indent: Int) -> String {
        var writer = SceneWriter()
        writer.item(value, indent: indent)
        return writer.text
    }

    /// A scalar's text in the given style, for replacing a value in place: plain (when the text
    /// reads back as itself), single- or double-quoted.
    public static func scalar(_ text: String, style: ScalarStyle) -> String {
        var writer = SceneWriter()
        switch style {
        case .plain where isPlainSafe(text): writer.out.append(text)
        case .singleQuoted: writer.singleQuoted(text)
        default: writer.doubleQuoted(text)
        }
        return writer.text
    }

    // MARK: Writing

    private var text: String {
        var bytes: [UInt8] = []
        for piece in finished { bytes.append(contentsOf: piece.bytes) }
        bytes.append(contentsOf: out.bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func emit(_ body: (UnsafeRawBufferPointer) -> Void) {
        for piece in finished { piece.withContents(body) }
        out.withContents(body)
    }

    /// A comment line: one line, printable.
    private mutating func comment(_ text: String) {
        out.append("# ")
        for scalar in text.unicodeScalars {
            if scalar.value < 32 || scalar.value == 127 || scalar.value == 0x85 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                out.byte(UInt8(ascii: "?"))
            } else {
                out.append(String(scalar))
            }
        }
        out.newline()
    }

    private mutating func entry(_ entry: SceneEntry, indent: Int) {
        out.spaces(indent)
        entryAfterIndent(entry, indent: indent)
    }

    /// `key: value` with the key already indented (or after a `- `), the value on the same line or
    /// on lines below at `indent + 2`.
    private mutating func entryAfterIndent(_ entry: SceneEntry, indent: Int) {
        out.append(entry.key.text)
        out.byte(UInt8(ascii: ":"))
        switch entry.value {
        case let .map(entries, .block) where !entries.isEmpty:
            out.newline()
            for child in entries { self.entry(child, indent: indent + 2) }
        case let .list(items, .block) where !items.isEmpty:
            out.newline()
            blockList(items, indent: indent + 2)
        default:
            out.byte(UInt8(ascii: " "))
            flow(entry.value)
            out.newline()
        }
    }

    private mutating func item(_ value: SceneValue, indent: Int) {
        out.spaces(indent)
        out.byte(UInt8(ascii: "-"))
        switch value {
        case let .map(entries, .block) where !entries.isEmpty:
            out.byte(UInt8(ascii: " "))
            entryAfterIndent(entries[0], indent: indent + 2)
            for child in entries.dropFirst() { entry(child, indent: indent + 2) }
        case let .list(items, .block) where !items.isEmpty:
            out.newline()
            blockList(items, indent: indent + 2)
        default:
            out.byte(UInt8(ascii: " "))
            flow(value)
            out.newline()
        }
    }

    private mutating func blockList(_ items: [SceneValue], indent: Int) {
        guard !isHalf, items.count >= itemsWrittenInHalves else {
            for item in items { self.item(item, indent: indent) }
            return
        }
        let half = items.count / 2
        let secondHalf = WrittenHalf()
        let writing = DispatchGroup()
        DispatchQueue.global().async(group: writing) {
            var writer = SceneWriter(half: ())
            for index in half..<items.count { writer.item(items[index], indent: indent) }
            secondHalf.pieces = writer.finished + [writer.out]
        }
        for index in 0..<half { item(items[index], indent: indent) }
        writing.wait()
        finished.append(out)
        finished += secondHalf.pieces
        out = ByteBuffer()
    }

    /// A value on one line.
    private mutating func flow(_ value: SceneValue) {
        switch value {
        case let .number(number): numbers.append(number, to: out)
        case let .quantity(number, unit):
            numbers.append(number, to: out)
            out.append(unit)
        case let .color(color): hex(color)
        case let .text(text, style):
            switch style {
            case .plain: out.append(text)
            case .singleQuoted: singleQuoted(text)
            case .doubleQuoted, .literal, .folded: doubleQuoted(text)
            }
        case let .list(items, _):
            out.byte(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.commaSpace() }
                flow(item)
            }
            out.byte(UInt8(ascii: "]"))
        case let .map(entries, _):
            out.byte(UInt8(ascii: "{"))
            for (index, entry) in entries.enumerated() {
                if index > 0 { out.commaSpace() }
                out.append(entry.key.text)
                out.byte(UInt8(ascii: ":"))
                out.byte(UInt8(ascii: " "))
                flow(entry.value)
            }
            out.byte(UInt8(ascii: "}"))
        }
    }

    private mutating func hex(_ color: RGBA) {
        func channel(_ value: Double) -> Int { Int((min(1, max(0, value)) * 255).rounded()) }
        out.byte(UInt8(ascii: "\""))
        out.byte(UInt8(ascii: "#"))
        twoHexDigits(channel(color.r))
        twoHexDigits(channel(color.g))
        twoHexDigits(channel(color.b))
        let alpha = channel(color.a)
        if alpha != 255 { twoHexDigits(alpha) }
        out.byte(UInt8(ascii: "\""))
    }

    private mutating func twoHexDigits(_ value: Int) {
        out.byte(hexDigits[value >> 4])
        out.byte(hexDigits[value & 15])
    }

    /// A double-quoted scalar on one line: quotes and backslashes escaped, and every character
    /// YAML or a terminal would take for a line break or a control as an escape.
    private mutating func doubleQuoted(_ text: String) {
        out.byte(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Runs of bytes that need no escape are copied whole.
            var run = 0
            var index = 0
            while index < utf8.count {
                let value = utf8[index]
                var escape: String?
                var length = 1
                switch value {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case UInt8(ascii: "\n"): escape = "\\n"
                case UInt8(ascii: "\r"): escape = "\\r"
                case UInt8(ascii: "\t"): escape = "\\t"
                case 0..<0x20, 0x7F: escape = "\\x" + String(hexDigitPair(Int(value)))
                case 0xC2 where index + 1 < utf8.count && utf8[index + 1] == 0x85:
                    escape = "\\N"
                    length = 2
                case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    escape = utf8[index + 2] == 0xA8 ? "\\L" : "\\P"
                    length = 3
                case 0xEF where index + 2 < utf8.count && utf8[index + 1] == 0xBB && utf8[index + 2] == 0xBF:
                    escape = "\\uFEFF"
                    length = 3
                default: break
                }
                if let escape {
                    out.append(UnsafeBufferPointer(rebasing: utf8[run..<index]))
                    out.append(escape)
                    run = index + length
                }
                index += length
            }
            out.append(UnsafeBufferPointer(rebasing: utf8[run...]))
        }
        out.byte(UInt8(ascii: "\""))
    }

    private mutating func singleQuoted(_ text: String) {
        // A single-quoted scalar has no escapes but `''`: text with a line break or a control is double-quoted.
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x85 || $0.value == 0x2028 || $0.value == 0x2029 || $0.value == 0xFEFF })
        else { return doubleQuoted(text) }
        out.byte(UInt8(ascii: "'"))
        out.append(text.replacingOccurrences(of: "'", with: "''"))
        out.byte(UInt8(ascii: "'"))
    }
}

private func hexDigitPair(_ value: Int) -> [Character] {
    let digits = Array("0123456789ABCDEF")
    return [digits[value >> 4], digits[value & 15]]
}

/// The second half of a list, written on another thread: filled there before its
/// `DispatchGroup` leaves, read only after `wait()`.
private final class WrittenHalf: @unchecked Sendable {
    var pieces: [ByteBuffer] = []
}

private let hexDigits = Array("0123456789ABCDEF".utf8)
/// How many items a block list needs to be written in two halves at once: below it, starting a
/// thread costs more than writing the second half.
private let itemsWrittenInHalves = 256

/// A byte buffer the writer appends to. The text goes into storage of its own rather than an
/// array: a node is written in a few dozen pieces of a few bytes each, and an array's uniqueness
/// and capacity checks and its generic append (or a `memcpy` call) per piece cost more than the
/// bytes. Every write reserves its room first (`reserve`), and only the `count` bytes written are
/// ever read. The storage is `malloc`'s, grown with `realloc`: past a few hundred kilobytes glibc
/// moves the pages instead of copying the bytes written so far.
private final class ByteBuffer: @unchecked Sendable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 4096
        guard let memory = malloc(capacity) else { fatalError("out of memory writing a scene") }
        storage = memory.assumingMemoryBound(to: UInt8.self)
    }

    deinit { free(storage) }

    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

    func withContents(_ body: (UnsafeRawBufferPointer) -> Void) {
        body(UnsafeRawBufferPointer(start: storage, count: count))
    }

    @inline(__always)
    func reserve(_ extra: Int) {
        if extra > capacity - count { grow(toHold: extra) }
    }

    private func grow(toHold extra: Int) {
        var larger = capacity * 2
        while larger - count < extra { larger *= 2 }
        // `realloc` keeps the first `count` bytes, and the storage is gone only once it succeeds.
        guard let moved = realloc(storage, larger) else { fatalError("out of memory writing a scene") }
        storage = moved.assumingMemoryBound(to: UInt8.self)
        capacity = larger
    }

    @inline(__always)
    func byte(_ value: UInt8) {
        reserve(1)
        storage[count] = value
        count += 1
    }

    /// `piece` copied in: a short one byte by byte, where a `memcpy` call would cost more.
    @inline(__always)
    func append(_ piece: UnsafeBufferPointer<UInt8>) {
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

    func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    func newline() { byte(UInt8(ascii: "\n")) }

    func commaSpace() {
        byte(UInt8(ascii: ","))
        byte(UInt8(ascii: " "))
    }

    func spaces(_ count: Int) {
        guard count > 0 else { return }
        reserve(count)
        let target = storage + self.count
        for index in 0..<count { target[index] = UInt8(ascii: " ") }
        self.count += count
    }

    /// `length` bytes from `source`, read in place.
    @inline(__always)
    func copy(from source: UnsafeBufferPointer<UInt8>, start: Int, length: Int) {
        reserve(length)
        let target = storage + count
        for index in 0..<length { target[index] = source[start + index] }
        count += length
    }
}

/// Numbers as the writer formats them, the digits of recent ones kept: sizes, radii, widths and
/// stops repeat across thousands of nodes, and copying digits costs less than formatting them.
private struct NumberCache {
    /// Where `appendFormattedNumber` writes numbers before each is copied out: appended to, and
    /// emptied only now and then, since emptying an array costs more than a number's digits.
    private var digits: [UInt8] = []
    /// By a hash of a number's bits, the last number written in that slot and where its digits
    /// end in `digits` (a length of 0 for none since `digits` was emptied).
    private var written = [(bits: UInt64, end: Int, length: Int)](repeating: (0, 0, 0), count: 256)

    init() {
        digits.reserveCapacity(digitsKept + 32)
    }

    mutating func append(_ value: Double, to out: ByteBuffer) {
        let slot = Int(truncatingIfNeeded: (value.bitPattern &* 0x9E37_79B9_7F4A_7C15) >> 56)
        let known = written[slot]
        if known.length > 0, known.bits == value.bitPattern, known.end <= digits.count {
            digits.withUnsafeBufferPointer { out.copy(from: $0, start: known.end - known.length, length: known.length) }
            return
        }
        if digits.count > digitsKept {
            digits.removeAll(keepingCapacity: true)
            for index in written.indices { written[index].length = 0 }
        }
        let start = digits.count
        appendFormattedNumber(value, decimals: sceneNumberDecimals, to: &digits)
        written[slot] = (value.bitPattern, digits.count, digits.count - start)
        digits.withUnsafeBufferPointer { out.copy(from: $0, start: start, length: $0.count - start) }
    }
}

/// How many bytes of numbers `NumberCache` keeps before it empties its scratch array.
private let digitsKept = 4096
