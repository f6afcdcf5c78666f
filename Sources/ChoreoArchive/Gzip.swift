/// gzip (RFC 1952) files, as Telegram's `.tgs` stickers are. The header holds no file name and a
/// zero modification time, so the same input always gives the same bytes.
public enum Gzip {
    public static func compress(_ bytes: [UInt8]) -> [UInt8] {
        // ID1 ID2, CM = 8 (deflate), FLG = 0, MTIME = 0, XFL = 2 (best compression), OS = 3 (Unix).
        var output: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 2, 3]
        output += Deflate.compressRaw(bytes)
        output.appendLittleEndian(crc32(bytes))
        output.appendLittleEndian(UInt32(truncatingIfNeeded: bytes.count))
        return output
    }
}

extension Array where Element == UInt8 {
    mutating func appendLittleEndian(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func appendLittleEndian(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(truncatingIfNeeded: value >> 8))
    }
}
