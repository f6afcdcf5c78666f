import ChoreoJSON
import ChoreoYAML

/// MCP's stdio framing: one JSON-RPC message per line, ended by `\n` (a `\r` before it is
/// dropped), no line break inside a message. Bytes go in as they arrive; whole lines come out.
///
/// A line is bounded before it is held: past `maxLineBytes` its bytes are dropped as they
/// arrive, never buffered, and the next line after it is read as usual, so one oversized
/// message costs an error response, not the session. Empty lines are skipped.
public struct LineFramer: Sendable {
    /// The longest message read: a scene at the file-size limit (`YAMLLimits.defaultMaxFileBytes`),
    /// JSON-escaped to up to twice its size, and the request around it (as the language server's).
    public static let maxLineBytes = 2 * YAMLLimits.defaultMaxFileBytes + (64 << 10)

    /// What `nextLine` found.
    public enum Line: Equatable, Sendable {
        case message([UInt8])
        /// A line longer than `maxLineBytes`, with the bytes it had when it ended (or, for a line
        /// still arriving, when it passed the limit): it was dropped.
        case tooLong(Int)
    }

    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the next line break goes on: the bytes before it hold none.
    private var scanned = 0
    /// Bytes of an oversized line dropped so far, nil while no line is being dropped.
    private var dropping: Int?
    /// Whether an oversized line has been reported: once per line, when it passes the limit.
    private var reportedDrop = false

    public let maxLineBytes: Int

    public init(maxLineBytes: Int = LineFramer.maxLineBytes) {
        self.maxLineBytes = maxLineBytes
    }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        guard dropping != nil else {
            buffer.append(contentsOf: bytes)
            return
        }
        // Dropping an oversized line: only what follows its end is kept.
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            if byte == 0x0A {
                dropping = nil
                reportedDrop = false
                while let rest = iterator.next() { buffer.append(rest) }
                return
            }
            dropping! += 1
        }
    }

    /// The next whole line (or the report of a dropped one), nil when more bytes are needed.
    public mutating func nextLine() -> Line? {
        while true {
            if let dropped = dropping {
                guard !reportedDrop else { return nil }
                reportedDrop = true
                return .tooLong(dropped)
            }
            var index = max(start, scanned)
            while index < buffer.count, buffer[index] != 0x0A { index += 1 }
            guard index < buffer.count else {
                scanned = index
                if buffer.count - start > maxLineBytes {
                    // The line is already too long and has not ended: drop it as it goes on arriving.
                    dropping = buffer.count - start
                    consume(upTo: buffer.count)
                    continue
                }
                return nil
            }
            var end = index
            if end > start, buffer[end - 1] == 0x0D { end -= 1 }
            let length = end - start
            let line = Array(buffer[start..<end])
            consume(upTo: index + 1)
            if length > maxLineBytes { return .tooLong(length) }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            return .message(line)
        }
    }

    /// The bytes held that no line has taken yet: what a stream that closed mid-line left.
    public var pendingBytes: Int { buffer.count - start }

    private mutating func consume(upTo end: Int) {
        start = end
        scanned = end
        if start > 1 << 16 || start == buffer.count {
            buffer.removeFirst(start)
            start = 0
            scanned = 0
        }
    }

    /// One message framed for writing: its JSON on one line (the writer escapes every line break
    /// inside strings), and the line break. Numbers keep six decimals, as in the tools' text.
    public static func frame(_ message: JSONValue) -> String { JSONWriter(decimals: resultDecimals).string(message) + "\n" }

    /// The decimals numbers keep in what the server writes.
    static let resultDecimals = 6
}
