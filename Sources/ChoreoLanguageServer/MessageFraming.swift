import ChoreoJSON
import ChoreoYAML

/// The base protocol's framing: `Content-Length: N\r\n` (other headers ignored), a blank line,
/// then N bytes of JSON. Bytes go in as they arrive; whole message bodies come out.
///
/// Both parts are bounded before they are held: a header at `maxHeaderBytes`, scanned for its
/// end once (a header that never ended was scanned again from its start on every read), and a
/// body at `maxContentLength`, checked on the header's `Content-Length` before the body is read;
/// a longer body is skipped as it arrives, never buffered, and the stream stays usable.
public struct MessageFramer: Sendable {
    /// The largest body read: a document at the file-size limit (`YAMLLimits.defaultMaxFileBytes`),
    /// JSON-escaped to up to twice its size, and the message around it.
    public static let maxContentLength = 2 * YAMLLimits.defaultMaxFileBytes + (64 << 10)
    /// The longest header: two short fields in practice.
    public static let maxHeaderBytes = 8 << 10

    public enum Failure: Error, Equatable, Sendable {
        case missingContentLength
        case invalidContentLength(String)
        /// No blank line within `maxHeaderBytes`: the stream cannot be framed any more.
        case headerTooLong
        /// A body of this many bytes, more than `maxContentLength`: it is skipped, and the next
        /// message is read after it.
        case bodyTooLarge(Int)
    }

    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the header's end goes on: the bytes before it hold no `\r\n\r\n` start.
    private var scanned = 0
    /// Bytes of an oversized body still to be dropped as they arrive.
    private var skipping = 0

    public init() {}

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        guard skipping > 0 else {
            buffer.append(contentsOf: bytes)
            return
        }
        let arrived = Array(bytes)
        let dropped = min(skipping, arrived.count)
        skipping -= dropped
        buffer.append(contentsOf: arrived[dropped...])
    }

    /// The next complete message body, nil when more bytes are needed.
    public mutating func nextMessage() throws(Failure) -> [UInt8]? {
        guard let headerEnd = try findHeaderEnd() else { return nil }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
            let value = parts[1].trimmingSpaces
            guard value.utf8.count <= 20, let number = Int(value), number >= 0 else {
                throw .invalidContentLength(String(value.prefix(40)))
            }
            length = number
        }
        guard let length else { throw .missingContentLength }
        let bodyStart = headerEnd + 4
        if length > Self.maxContentLength {
            let held = min(length, buffer.count - bodyStart)
            consume(upTo: bodyStart + held)
            skipping = length - held
            throw .bodyTooLarge(length)
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<bodyStart + length])
        consume(upTo: bodyStart + length)
        return body
    }

    /// Drops the bytes before `end`: the next message starts there.
    private mutating func consume(upTo end: Int) {
        start = end
        scanned = end
        if start > 1 << 16 || start == buffer.count {
            buffer.removeFirst(start)
            start = 0
            scanned = 0
        }
    }

    private mutating func findHeaderEnd() throws(Failure) -> Int? {
        var index = max(start, scanned)
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                guard index - start <= Self.maxHeaderBytes else { throw .headerTooLong }
                return index
            }
            index += 1
        }
        scanned = index
        if buffer.count - start > Self.maxHeaderBytes { throw .headerTooLong }
        return nil
    }

    /// One message framed for writing.
    public static func frame(_ message: JSONValue) -> [UInt8] {
        let body = Array(JSONWriter().string(message).utf8)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
