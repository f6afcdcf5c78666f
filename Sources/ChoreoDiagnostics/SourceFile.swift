/// A position in a source file, as an editor shows it: 1-based line, 1-based column counted in
/// Unicode scalars (so `é` or `→` count once, and a tab counts as one column).
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static let start = SourceLocation(line: 1, column: 1)

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        a.line != b.line ? a.line < b.line : a.column < b.column
    }

    public var description: String { "\(line):\(column)" }
}

/// A half-open range `[start, end)` in one file. A range that is a single point has `start == end`.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    public var start: SourceLocation
    public var end: SourceLocation

    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = max(start, end)
    }

    public init(_ location: SourceLocation) {
        self.init(start: location, end: location)
    }

    /// The start of a file, for problems that belong to the whole file (it is empty, not UTF-8).
    public static let fileStart = SourceRange(.start)

    public var description: String { "\(start)-\(end)" }
}

/// The text of one scene file with a table of its lines, so diagnostics can quote them.
public struct SourceFile: Sendable {
    /// The path as the user gave it (never made absolute, so outputs stay machine-independent).
    public let path: String
    /// The decoded text. Invalid UTF-8 has been repaired with U+FFFD; `isValidUTF8` says whether it had to be.
    public let text: String
    public let isValidUTF8: Bool
    /// The bytes exactly as read.
    public let bytes: [UInt8]
    /// Each line as UTF-8 offsets into `text`, without its line break: two integers a line rather
    /// than a `Substring` (the table is built for every file, quoted only for diagnostics).
    private let lineBounds: [(start: Int, end: Int)]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var decoded = String(decoding: bytes, as: UTF8.self)
        // Decoding repairs invalid UTF-8 with U+FFFD, so the bytes come back unchanged exactly
        // when they were valid. Compared as two buffers, without stopping early (a loop the
        // compiler vectorises): through `String.UTF8View` this was 40 instructions a byte, 1.3% of
        // linting a large scene.
        self.isValidUTF8 = decoded.withUTF8 { text in
            bytes.withUnsafeBufferPointer { original in
                guard text.count == original.count else { return false }
                var difference: UInt8 = 0
                for index in 0..<original.count { difference |= text[index] ^ original[index] }
                return difference == 0
            }
        }
        self.text = decoded
        self.lineBounds = Self.lineBounds(decoded)
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The number of lines (a trailing newline does not start another line).
    public var lineCount: Int { lineBounds.count }

    /// The text of a 1-based line without its line break, or "" past the end.
    public func line(_ number: Int) -> Substring {
        guard number >= 1, number <= lineBounds.count else { return "" }
        let bounds = lineBounds[number - 1]
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: bounds.start)
        let end = utf8.index(start, offsetBy: bounds.end - bounds.start)
        let line = text[start..<end]
        // A byte order mark is not a column: libyaml and editors count line 1 from after it, so
        // a quoted line 1 must not show it either, or the caret lands one column off.
        if number == 1, line.unicodeScalars.first == "\u{FEFF}" {
            return line[line.unicodeScalars.index(after: line.unicodeScalars.startIndex)...]
        }
        return line
    }

    /// Lines end where libyaml ends them, so a diagnostic's line (libyaml's mark) quotes the
    /// right text: at `\n`, `\r\n`, a lone `\r`, and also at NEL (U+0085), LINE SEPARATOR
    /// (U+2028) and PARAGRAPH SEPARATOR (U+2029), which YAML 1.1 counts as line breaks
    /// (libyaml's `IS_BREAK`). All are found by a byte scan of the UTF-8.
    private static func lineBounds(_ text: String) -> [(start: Int, end: Int)] {
        var lines: [(start: Int, end: Int)] = []
        var text = text
        text.withUTF8 { bytes in
            var lineStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                var breakLength = 0
                if byte == UInt8(ascii: "\n") {
                    breakLength = 1
                } else if byte == UInt8(ascii: "\r") {
                    breakLength = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") ? 2 : 1
                } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 {
                    breakLength = 2
                } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                    bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
                {
                    breakLength = 3
                }
                if breakLength > 0 {
                    lines.append((lineStart, index))
                    index += breakLength
                    lineStart = index
                } else {
                    index += 1
                }
            }
            if lineStart != bytes.count { lines.append((lineStart, bytes.count)) }
        }
        return lines
    }
}
