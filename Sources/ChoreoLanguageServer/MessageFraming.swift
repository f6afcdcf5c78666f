import ChoreoJSON

/// The base protocol's framing: `Content-Length: N\r\n` (other headers ignored), a blank line,
/// then N bytes of JSON. Bytes go in as they arrive; whole message bodies come out.
public struct MessageFramer: Sendable {
    /// A larger message is refused (the stream is then unusable): no editor sends 64 MiB of scene.
    public static let maxContentLength = 64 << 20

    public enum Failure: Error, Equatable, Sendable {
        case missingContentLength
        case invalidContentLength(String)
    }

    private var buffer: [UInt8] = []
    private var start = 0

    public init() {}

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message body, nil when more bytes are needed.
    public mutating func nextMessage() throws(Failure) -> [UInt8]? {
        guard let headerEnd = findHeaderEnd() else { return nil }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
            let value = parts[1].trimmingSpaces
            guard let number = Int(value), number >= 0, number <= Self.maxContentLength else {
                throw .invalidContentLength(String(value))
            }
            length = number
        }
        guard let length else { throw .missingContentLength }
        let bodyStart = headerEnd + 4
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<bodyStart + length])
        start = bodyStart + length
        if start > 1 << 16 {
            buffer.removeFirst(start)
            start = 0
        }
        return body
    }

    private func findHeaderEnd() -> Int? {
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 { return index }
            index += 1
        }
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
