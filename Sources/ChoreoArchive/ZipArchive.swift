/// A ZIP archive writer (PKWARE APPNOTE 6.3), as much of the format as dotLottie needs: entries in
/// the order they are added, Deflate-compressed unless asked to store them (dotLottie asks for
/// Deflate, even where a tiny member grows by a few bytes), no ZIP64,
/// no extra fields, and a fixed timestamp (1980-01-01 00:00, the format's epoch) so that archives
/// are byte-for-byte deterministic.
public struct ZipArchive {
    public enum Method: UInt16 {
        case stored = 0
        case deflated = 8
    }

    public struct Entry {
        public let path: String
        public let method: Method
        public let crc: UInt32
        public let uncompressedSize: Int
        public let compressedSize: Int
        let localHeaderOffset: Int
    }

    /// ZIP without ZIP64 addresses at most 4 GiB and 65,535 entries.
    public static let maximumSize = Int(UInt32.max)
    public static let maximumEntries = Int(UInt16.max)

    /// Whether members of these paths and sizes fit in one archive, however well they compress:
    /// Deflate adds at most 5 bytes per 16 KiB block and a few more per stream to stored data, and
    /// each entry has a 30-byte local and a 46-byte central header. `add` traps past the limit, so
    /// a caller with sizes that come from untrusted input asks first.
    public static func canHold(_ members: [(path: String, size: Int)]) -> Bool {
        guard members.count < maximumEntries else { return false }
        var total = 22  // end of central directory record
        for member in members {
            let worstCompressed = member.size + 5 * (member.size / 16_384 + 1) + 16
            guard member.size < maximumSize else { return false }
            total += worstCompressed + 30 + 46 + 2 * member.path.utf8.count
            guard total < maximumSize else { return false }
        }
        return true
    }

    public private(set) var entries: [Entry] = []
    private var body: [UInt8] = []

    public init() {}

    /// Adds a file. `path` uses `/` as separator and must be relative (dotLottie: `manifest.json`,
    /// `a/NAME.json`, `s/NAME.json`, `t/NAME.json`).
    public mutating func add(path: String, data: [UInt8], method: Method = .deflated) {
        precondition(!path.isEmpty && !path.hasPrefix("/") && !path.contains("\\"), "ZIP entry paths are relative with '/' separators")
        precondition(entries.count < Self.maximumEntries, "too many ZIP entries")
        let payload = method == .deflated ? Deflate.compressRaw(data) : data
        let entry = Entry(
            path: path, method: method, crc: crc32(data), uncompressedSize: data.count,
            compressedSize: payload.count, localHeaderOffset: body.count)
        precondition(body.count + payload.count < Self.maximumSize, "ZIP archive over 4 GiB")

        let name = Array(path.utf8)
        body.appendLittleEndian(UInt32(0x0403_4B50))  // local file header signature
        body.appendLittleEndian(Self.versionNeeded)
        body.appendLittleEndian(Self.flags)
        body.appendLittleEndian(method.rawValue)
        body.appendLittleEndian(Self.dosTime)
        body.appendLittleEndian(Self.dosDate)
        body.appendLittleEndian(entry.crc)
        body.appendLittleEndian(UInt32(entry.compressedSize))
        body.appendLittleEndian(UInt32(entry.uncompressedSize))
        body.appendLittleEndian(UInt16(name.count))
        body.appendLittleEndian(UInt16(0))  // extra field length
        body += name
        body += payload
        entries.append(entry)
    }

    /// The whole archive: the entries, the central directory and its end record.
    public func bytes() -> [UInt8] {
        var output = body
        let directoryOffset = output.count
        for entry in entries {
            let name = Array(entry.path.utf8)
            output.appendLittleEndian(UInt32(0x0201_4B50))  // central directory header signature
            output.appendLittleEndian(UInt16(0x0314))  // made by: Unix, spec 2.0
            output.appendLittleEndian(Self.versionNeeded)
            output.appendLittleEndian(Self.flags)
            output.appendLittleEndian(entry.method.rawValue)
            output.appendLittleEndian(Self.dosTime)
            output.appendLittleEndian(Self.dosDate)
            output.appendLittleEndian(entry.crc)
            output.appendLittleEndian(UInt32(entry.compressedSize))
            output.appendLittleEndian(UInt32(entry.uncompressedSize))
            output.appendLittleEndian(UInt16(name.count))
            output.appendLittleEndian(UInt16(0))  // extra field length
            output.appendLittleEndian(UInt16(0))  // comment length
            output.appendLittleEndian(UInt16(0))  // disk number start
            output.appendLittleEndian(UInt16(0))  // internal attributes
            output.appendLittleEndian(UInt32(0o100644) << 16)  // external attributes: a regular file, rw-r--r--
            output.appendLittleEndian(UInt32(entry.localHeaderOffset))
            output += name
        }
        let directorySize = output.count - directoryOffset
        output.appendLittleEndian(UInt32(0x0605_4B50))  // end of central directory signature
        output.appendLittleEndian(UInt16(0))  // this disk
        output.appendLittleEndian(UInt16(0))  // disk with the directory
        output.appendLittleEndian(UInt16(entries.count))
        output.appendLittleEndian(UInt16(entries.count))
        output.appendLittleEndian(UInt32(directorySize))
        output.appendLittleEndian(UInt32(directoryOffset))
        output.appendLittleEndian(UInt16(0))  // comment length
        return output
    }

    private static let versionNeeded: UInt16 = 20
    /// Bit 11: names are UTF-8.
    private static let flags: UInt16 = 1 << 11
    private static let dosTime: UInt16 = 0
    /// 1980-01-01: (year - 1980) << 9 | month << 5 | day.
    private static let dosDate: UInt16 = (1 << 5) | 1
}
