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
    private let lineTexts: [Substring]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        let decoded = String(decoding: bytes, as: UTF8.self)
        self.text = decoded
        self.isValidUTF8 = Self.validate(bytes)
        self.lineTexts = Self.splitLines(decoded)
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The number of lines (a trailing newline does not start another line).
    public var lineCount: Int { lineTexts.count }

    /// The text of a 1-based line without its line break, or "" past the end.
    public func line(_ number: Int) -> Substring {
        guard number >= 1, number <= lineTexts.count else { return "" }
        return lineTexts[number - 1]
    }

    private static func splitLines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var lineStart = text.startIndex
        var index = text.startIndex
        let scalars = text.unicodeScalars
        var scalarIndex = scalars.startIndex
        while scalarIndex != scalars.endIndex {
            let scalar = scalars[scalarIndex]
            if scalar == "\n" || scalar == "\r" {
                index = scalarIndex
                lines.append(text[lineStart..<index])
                var next = scalars.index(after: scalarIndex)
                if scalar == "\r", next != scalars.endIndex, scalars[next] == "\n" {
                    next = scalars.index(after: next)
                }
                scalarIndex = next
                lineStart = next
            } else {
                scalarIndex = scalars.index(after: scalarIndex)
            }
        }
        if lineStart != text.endIndex { lines.append(text[lineStart...]) }
        return lines
    }

    private static func validate(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
