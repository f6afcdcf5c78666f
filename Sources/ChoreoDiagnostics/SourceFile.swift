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
    /// Whether the text has NEL (U+0085), LINE SEPARATOR (U+2028) or PARAGRAPH SEPARATOR (U+2029),
    /// which libyaml counts as line breaks and this file's line table does not.
    public let hasYAMLOnlyLineBreaks: Bool

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
        (self.lineBounds, self.hasYAMLOnlyLineBreaks) = Self.lineBounds(decoded)
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

    /// Lines end at `\n`, `\r\n` and a lone `\r`: where editors, the Language Server Protocol
    /// and GitHub end them, so a position the program reports is the line a person or a tool opens.
    /// This is the program's one line table: the YAML reader converts libyaml's marks into it
    /// (libyaml also ends lines at NEL, U+2028 and U+2029, `hasYAMLOnlyLineBreaks`), and the fixer,
    /// the renderers and the language server read positions through it.
    private static func lineBounds(_ text: String) -> (lines: [(start: Int, end: Int)], hasYAMLOnlyLineBreaks: Bool) {
        var lines: [(start: Int, end: Int)] = []
        var hasYAMLOnlyLineBreaks = false
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
                    hasYAMLOnlyLineBreaks = true
                } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                    hasYAMLOnlyLineBreaks = true
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
        return (lines, hasYAMLOnlyLineBreaks)
    }

    /// The UTF-8 offset in `text` of a line and column; a column just past the end of a line is
    /// its line break, line `lineCount + 1` column 1 the end of the text. Nil when the position is
    /// not in the file.
    public func utf8Offset(of location: SourceLocation) -> Int? {
        guard location.line >= 1, location.column >= 1 else { return nil }
        guard location.line <= lineBounds.count else {
            return location.line == lineBounds.count + 1 && location.column == 1 ? text.utf8.count : nil
        }
        let bounds = lineBounds[location.line - 1]
        var offset = bounds.start
        var column = 1
        var text = text
        return text.withUTF8 { bytes -> Int? in
            if location.line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset += 3 }
            while column < location.column {
                guard offset < bounds.end else { return nil }
                offset += 1
                while offset < bounds.end, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
                column += 1
            }
            return offset
        }
    }

    /// The line and column of a UTF-8 offset in `text` (columns in Unicode scalars, line 1 after a
    /// byte order mark). An offset past the end is the end of the last line.
    public func location(ofUTF8Offset offset: Int) -> SourceLocation {
        guard !lineBounds.isEmpty else { return .start }
        // The last line starting at or before the offset.
        var low = 0, high = lineBounds.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineBounds[middle].start <= offset { low = middle } else { high = middle - 1 }
        }
        let bounds = lineBounds[low]
        var text = text
        let column = text.withUTF8 { bytes -> Int in
            var index = bounds.start
            if low == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]), offset >= 3 { index += 3 }
            let end = min(max(offset, index), bounds.end)
            var column = 1
            while index < end {
                if bytes[index] & 0xC0 != 0x80 { column += 1 }
                index += 1
            }
            return column
        }
        return SourceLocation(line: low + 1, column: column)
    }
}
