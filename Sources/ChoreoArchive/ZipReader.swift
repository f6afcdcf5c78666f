import CZlib

/// Reads the members of a ZIP archive (a dotLottie) from its central directory, stored or
/// Deflate-compressed, within bounds: an archive is untrusted, so every size it claims is checked
/// before anything is allocated, and inflating stops at the member's declared size.
public struct ZipReader {
    public struct Member: Sendable {
        public let path: String
        let method: UInt16
        let compressedSize: Int
        let uncompressedSize: Int
        let localHeaderOffset: Int
        let crc: UInt32
    }

    public struct ReadError: Error, Sendable, Equatable {
        public let message: String
    }

    public static let maxMembers = 4096

    public let members: [Member]
    private let bytes: [UInt8]

    public init(_ bytes: [UInt8]) throws(ReadError) {
        self.bytes = bytes
        // The end of central directory record: its signature within the last 64 KiB + 22 bytes.
        let minimum = 22
        guard bytes.count >= minimum else { throw ReadError(message: "too short to be a ZIP archive") }
        var end = -1
        var index = bytes.count - minimum
        let floor = max(0, bytes.count - minimum - 0xFFFF)
        while index >= floor {
            if bytes[index] == 0x50, bytes[index + 1] == 0x4B, bytes[index + 2] == 0x05, bytes[index + 3] == 0x06 {
                end = index
                break
            }
            index -= 1
        }
        guard end >= 0 else { throw ReadError(message: "no ZIP central directory (not a ZIP archive, or a truncated one)") }
        let count = Int(Self.u16(bytes, end + 10))
        let directoryOffset = Int(Self.u32(bytes, end + 16))
        guard count <= Self.maxMembers else { throw ReadError(message: "more than \(Self.maxMembers) members") }
        var members: [Member] = []
        var cursor = directoryOffset
        for _ in 0..<count {
            guard cursor >= 0, cursor + 46 <= bytes.count, Self.u32(bytes, cursor) == 0x0201_4B50 else {
                throw ReadError(message: "a damaged ZIP central directory")
            }
            let method = Self.u16(bytes, cursor + 10)
            let crc = Self.u32(bytes, cursor + 16)
            let compressed = Int(Self.u32(bytes, cursor + 20))
            let uncompressed = Int(Self.u32(bytes, cursor + 24))
            let nameLength = Int(Self.u16(bytes, cursor + 28))
            let extraLength = Int(Self.u16(bytes, cursor + 30))
            let commentLength = Int(Self.u16(bytes, cursor + 32))
            let localOffset = Int(Self.u32(bytes, cursor + 42))
            guard cursor + 46 + nameLength <= bytes.count else { throw ReadError(message: "a damaged ZIP central directory") }
            let path = String(decoding: bytes[(cursor + 46)..<(cursor + 46 + nameLength)], as: UTF8.self)
            members.append(Member(path: path, method: method, compressedSize: compressed, uncompressedSize: uncompressed, localHeaderOffset: localOffset, crc: crc))
            cursor += 46 + nameLength + extraLength + commentLength
        }
        self.members = members
    }

    public func member(_ path: String) -> Member? { members.first { $0.path == path } }

    /// A member's bytes, refused past `limit` bytes (as declared, and as inflated), when damaged,
    /// or when its CRC-32 does not match.
    public func read(_ member: Member, limit: Int) throws(ReadError) -> [UInt8] {
        guard member.uncompressedSize <= limit else {
            throw ReadError(message: "'\(member.path)' is \(member.uncompressedSize) bytes, more than the limit of \(limit)")
        }
        let local = member.localHeaderOffset
        guard local >= 0, local + 30 <= bytes.count, Self.u32(bytes, local) == 0x0403_4B50 else {
            throw ReadError(message: "a damaged ZIP member '\(member.path)'")
        }
        let start = local + 30 + Int(Self.u16(bytes, local + 26)) + Int(Self.u16(bytes, local + 28))
        guard start + member.compressedSize <= bytes.count else { throw ReadError(message: "a truncated ZIP member '\(member.path)'") }
        let data: [UInt8]
        switch member.method {
        case 0:
            data = Array(bytes[start..<(start + member.compressedSize)])
        case 8:
            data = try inflate(start: start, count: member.compressedSize, expected: member.uncompressedSize, path: member.path)
        default:
            throw ReadError(message: "'\(member.path)' is compressed with method \(member.method), which is not Deflate")
        }
        guard data.count == member.uncompressedSize, crc32(data) == member.crc else {
            throw ReadError(message: "'\(member.path)' does not match its size or checksum")
        }
        return data
    }

    private func inflate(start: Int, count: Int, expected: Int, path: String) throws(ReadError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ReadError(message: "zlib could not start inflating '\(path)'")
        }
        defer { inflateEnd(&stream) }
        // One byte more than declared: a member that inflates past its size is caught, not followed.
        var output = [UInt8](repeating: 0, count: expected + 1)
        let status = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress! + start)
                stream.avail_in = uInt(count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == expected else {
            throw ReadError(message: "'\(path)' does not inflate to its declared size")
        }
        output.removeLast()
        return output
    }

    private static func u16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        guard offset + 2 <= bytes.count else { return 0 }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func u32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        guard offset + 4 <= bytes.count else { return 0 }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}
