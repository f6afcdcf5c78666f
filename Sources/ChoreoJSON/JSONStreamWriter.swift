/// Writes JSON straight into one UTF-8 byte buffer as the caller walks its data: no `JSONValue`
/// tree of the whole document, no `String` per number. The bytes are exactly those
/// `JSONWriter` writes for the tree the same calls describe (`JSONWriter` is built on this type),
/// minified or pretty.
///
/// Containers are opened and closed explicitly (`beginObject`/`endObject`, `beginArray`/
/// `endArray`); inside an object every value follows a `key`. Separators and, when pretty,
/// line breaks and indentation are the writer's business. A small subtree built the old way
/// (`JSONValue`) can be written anywhere a value can (`value(_:)`), so code that builds trees
/// still composes with code that streams.
///
/// A writer made with `init(pretty:decimals:chunkSize:to:)` streams: once its buffer holds
/// `chunkSize` bytes it hands them to its output and starts again, so a document is never held
/// whole (the CLI writes Lottie files this way). It hands bytes on only where none can
/// be needed again: at a container's bracket, outside every fragment (a fragment copies the bytes
/// written since `beginFragment`) and outside a pretty all-number array (rewritten on one line
/// at its `]`). The bytes handed on are those an in-memory writer holds, for any chunk size.
public struct JSONStreamWriter: JSONSink {
    /// The text so far (a streaming writer: the text not yet handed to its output).
    public private(set) var bytes: [UInt8]
    public let pretty: Bool
    /// Decimals kept by `number(_:)` (`.number` values of a written subtree too).
    public let decimals: Int

    /// One open container.
    private struct Level {
        var isObject: Bool
        var count = 0
        /// Pretty only: where the container's bracket is (counted from the document's start, so
        /// it survives a flush), and whether every item so far is a number (such an array is
        /// written on one line, `[1, 2]`, as `JSONWriter` does).
        var start: Int
        var onlyNumbers = true
    }

    /// The open containers but the innermost, outermost first.
    private var outer: [Level] = []
    /// The innermost open container when `depth > 0`: out of the array, since every value reads
    /// and updates it (an array element costs a uniqueness check and bounds checks each time).
    private var current = Level(isObject: false, start: 0)
    /// How many containers are open.
    private var depth = 0
    /// A key has been written; its value comes next, without a separator.
    private var afterKey = false

    /// Where a streaming writer hands its bytes; nil: the writer keeps the whole document.
    private let output: ((UnsafeBufferPointer<UInt8>) -> Void)?
    /// How many bytes a streaming writer gathers before handing them on.
    private let chunkSize: Int
    /// Bytes already handed to `output`: `bytes` continues the document from there.
    private var flushedCount = 0
    /// Fragments begun and not yet ended: their bytes must stay in the buffer.
    private var openFragments = 0

    public init(pretty: Bool = false, decimals: Int = 3, capacity: Int = 4096) {
        self.pretty = pretty
        self.decimals = decimals
        output = nil
        chunkSize = .max
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// A streaming writer: every `chunkSize` bytes or so (at the next point where they may be
    /// handed on) the buffer is passed to `output` and emptied; `finish()` passes the rest.
    /// `output` sees the document's bytes in order, exactly once, whatever `chunkSize` is.
    public init(
        pretty: Bool = false, decimals: Int = 3, chunkSize: Int,
        to output: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        self.pretty = pretty
        self.decimals = decimals
        self.output = output
        self.chunkSize = max(1, chunkSize)
        bytes = []
        // A chunk is handed on at the first bracket past `chunkSize`: room for a little more.
        bytes.reserveCapacity(self.chunkSize + min(self.chunkSize, 1 << 16))
    }

    /// The text so far as a `String`.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Hands the buffer over (the writer is left empty), avoiding a copy.
    public mutating func takeBytes() -> [UInt8] {
        var result: [UInt8] = []
        swap(&result, &bytes)
        return result
    }

    /// The whole document's bytes, handed over: a pretty document ends with a line break, as
    /// `JSONWriter`'s does.
    public mutating func finished() -> [UInt8] {
        if pretty { bytes.append(UInt8(ascii: "\n")) }
        return takeBytes()
    }

    /// Ends a streaming writer's document: the rest of it (with a pretty document's final line
    /// break) goes to the output.
    public mutating func finish() {
        if pretty { bytes.append(UInt8(ascii: "\n")) }
        handOn()
    }

    /// Passes the buffer to the output once it holds a chunk. Called only where no byte in the
    /// buffer can be read again: no fragment open, and (called at a bracket) every open array
    /// holds a container, so none is an all-number array that `flattenNumbers` will rewrite.
    private mutating func handOnIfDue() {
        if bytes.count >= chunkSize && openFragments == 0 { handOn() }
    }

    private mutating func handOn() {
        guard let output, !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { output($0) }
        flushedCount += bytes.count
        bytes.removeAll(keepingCapacity: true)
    }

    // MARK: Containers

    public mutating func beginObject() {
        open(isObject: true)
        bytes.append(UInt8(ascii: "{"))
    }

    public mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    public mutating func beginArray() {
        open(isObject: false)
        bytes.append(UInt8(ascii: "["))
    }

    public mutating func endArray() {
        if pretty, depth > 0, current.count > 0, current.onlyNumbers {
            flattenNumbers(from: current.start)
        }
        close(UInt8(ascii: "]"))
    }

    private mutating func open(isObject: Bool) {
        separate(isNumber: false)
        // After `separate`: the enclosing array now holds a container, so is no all-number array.
        handOnIfDue()
        if depth > 0 { outer.append(current) }
        current = Level(isObject: isObject, start: flushedCount + bytes.count)
        depth += 1
    }

    private mutating func close(_ bracket: UInt8) {
        let level = current
        depth -= 1
        if depth > 0 { current = outer.removeLast() }
        if pretty && level.count > 0 && !(level.onlyNumbers && !level.isObject) { newline(depth: depth) }
        bytes.append(bracket)
        handOnIfDue()
    }

    /// Before a value or a key: the comma, and when pretty the line break and indentation.
    private mutating func separate(isNumber: Bool) {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        if current.count > 0 { bytes.append(UInt8(ascii: ",")) }
        current.count += 1
        if pretty {
            if !isNumber { current.onlyNumbers = false }
            newline(depth: depth)
        }
    }

    private mutating func newline(depth: Int) {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<depth { bytes.append(UInt8(ascii: " ")); bytes.append(UInt8(ascii: " ")) }
    }

    /// Rewrites the items of an all-number array written one per line into `[1, 2, 3]`.
    /// `documentStart` is still in the buffer: nothing is handed on inside an all-number array.
    private mutating func flattenNumbers(from documentStart: Int) {
        let start = documentStart - flushedCount
        var flat: [UInt8] = []
        flat.reserveCapacity(bytes.count - start)
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ",") {
                flat.append(UInt8(ascii: ","))
                flat.append(UInt8(ascii: " "))
            } else if byte != UInt8(ascii: "\n") && byte != UInt8(ascii: " ") {
                flat.append(byte)
            }
            index += 1
        }
        bytes.removeSubrange((start + 1)...)
        bytes.append(contentsOf: flat)
    }

    // MARK: Keys

    /// An object member's key, a literal that needs no escaping (`"ty"`, `"k"`).
    public mutating func key(_ name: StaticString) {
        separate(isNumber: false)
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        appendKeyEnd()
    }

    /// An object member's key from data (escaped).
    public mutating func key(escaping name: String) {
        separate(isNumber: false)
        appendString(name)
        appendKeyEnd()
    }

    private mutating func appendKeyEnd() {
        bytes.append(UInt8(ascii: "\""))
        if pretty {
            bytes.append(UInt8(ascii: ":"))
            bytes.append(UInt8(ascii: " "))
        } else {
            bytes.append(UInt8(ascii: ":"))
        }
        afterKey = true
    }

    // MARK: Values

    public mutating func int(_ value: Int) {
        separate(isNumber: true)
        appendInteger(value, to: &bytes)
    }

    /// A number with the writer's default decimals.
    public mutating func number(_ value: Double) {
        separate(isNumber: true)
        appendFormattedNumber(value, decimals: decimals, to: &bytes)
    }

    /// A number with `places` decimals (colours use 4).
    public mutating func number(_ value: Double, places: Int) {
        separate(isNumber: true)
        appendFormattedNumber(value, decimals: places, to: &bytes)
    }

    public mutating func string(_ value: String) {
        separate(isNumber: false)
        appendString(value)
        bytes.append(UInt8(ascii: "\""))
    }

    public mutating func bool(_ value: Bool) {
        separate(isNumber: false)
        appendLiteral(value ? "true" : "false")
    }

    public mutating func null() {
        separate(isNumber: false)
        appendLiteral("null")
    }

    /// A subtree built as a `JSONValue`, written exactly as `JSONWriter` writes it.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case let .bool(b): bool(b)
        case let .int(i): int(i)
        case let .number(d): number(d)
        case let .decimal(d, places): number(d, places: places)
        case let .string(s): string(s)
        case let .array(items):
            beginArray()
            for item in items { self.value(item) }
            endArray()
        case let .object(members):
            beginObject()
            for (name, member) in members {
                key(escaping: name)
                self.value(member)
            }
            endObject()
        }
    }

    // MARK: Fragments

    /// Items written once and copied as bytes wherever they recur (the copies of a repeat).
    public struct Fragment {
        var bytes: [UInt8]
        var count: Int
        var depth: Int
        var onlyNumbers: Bool
    }

    /// Where the fragment starts, counted from the document's start; until `endFragment` the
    /// writer keeps every byte from there.
    public mutating func beginFragment() -> Int {
        openFragments += 1
        return flushedCount + bytes.count
    }

    public mutating func endFragment(_ start: Int) -> Fragment {
        openFragments -= 1
        let level = depth > 0 ? current : nil
        return Fragment(
            bytes: Array(bytes[(start - flushedCount)...]), count: level?.count ?? 0, depth: depth,
            onlyNumbers: level?.onlyNumbers ?? true)
    }

    public mutating func insert(_ fragment: Fragment) -> Bool {
        guard depth > 0, current.count == 0, !afterKey, !pretty || fragment.depth == depth else { return false }
        bytes.append(contentsOf: fragment.bytes)
        current.count = fragment.count
        current.onlyNumbers = fragment.onlyNumbers
        return true
    }

    // MARK: Raw text

    private mutating func appendLiteral(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// The opening quote and the escaped text; the caller writes the closing quote.
    private mutating func appendString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        appendJSONStringContent(s, to: &bytes)
    }
}

/// The content of a JSON string literal (without quotes): `"`, `\` and control characters
/// escaped, and every `TextEscaping.isTerminalControl` scalar written as `\uXXXX`, so JSON printed
/// to a terminal is inert; the `[` of `##[` is written `\u005b`, so JSON printed to a GitHub
/// Actions log holds no legacy workflow command (`TextEscaping.terminal`).
public func appendJSONStringContent(_ s: String, to out: inout [UInt8]) {
    // Nearly every string (keys, ids) needs no escape: copy its bytes in one go.
    // 0x7F, 0xC2, 0xD8 and 0xE2 start DEL, the C1 controls, U+061C and the other
    // `TextEscaping.isTerminalControl` scalars; `#` may start `##[`.
    if !s.utf8.contains(where: {
        $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2
            || $0 == UInt8(ascii: "#")
    }) {
        out.append(contentsOf: s.utf8)
        return
    }
    func append(_ text: StaticString) { text.withUTF8Buffer { out.append(contentsOf: $0) } }
    var hashes = 0
    for scalar in s.unicodeScalars {
        defer { hashes = scalar == "#" ? hashes + 1 : 0 }
        if hashes >= 2 && scalar == "[" {
            append("\\u005b")
            continue
        }
        switch scalar {
        case "\"": append("\\\"")
        case "\\": append("\\\\")
        case "\n": append("\\n")
        case "\r": append("\\r")
        case "\t": append("\\t")
        case "\u{08}": append("\\b")
        case "\u{0C}": append("\\f")
        default:
            if TextEscaping.isTerminalControl(scalar) {
                let hex = String(scalar.value, radix: 16)
                append("\\u")
                out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 4 - hex.count))
                out.append(contentsOf: hex.utf8)
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
    }
}
