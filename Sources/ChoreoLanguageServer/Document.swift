import ChoreoDiagnostics
import ChoreoJSON
import ChoreoYAML

/// How LSP positions count characters in a line: UTF-16 code units (the protocol's default) or
/// Unicode scalars (`utf-32`, which is how Choreo's own columns count).
public enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf32 = "utf-32"
}

/// One open text document: its text, split into lines, with conversions between LSP positions
/// (0-based line, 0-based character in the negotiated encoding) and Choreo's `SourceLocation`
/// (1-based line, 1-based column in Unicode scalars).
struct Document {
    var uri: String
    var version: Int
    private(set) var text: String {
        didSet { lines = Document.splitLines(text) }
    }
    private(set) var lines: [[Unicode.Scalar]]
    /// The size of a text past the file-size limit (`YAMLLimits.defaultMaxFileBytes`), which is
    /// not kept: it is checked before the text is split into lines (an array per line costs many
    /// times the text for short lines), and the document is then empty but for the
    /// `file-too-large` error.
    private(set) var tooLargeBytes: Int?

    init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        self.text = ""
        self.lines = [[]]
        replaceText(with: text)
    }

    /// Keeps `newText`, or only its size when it is over the file-size limit.
    mutating func replaceText(with newText: String) {
        let bytes = newText.utf8.count
        if bytes > YAMLLimits.defaultMaxFileBytes {
            tooLargeBytes = bytes
            text = ""
        } else {
            tooLargeBytes = nil
            text = newText
        }
    }

    static func splitLines(_ text: String) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = [[]]
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if !previousWasCR { lines.append([]) }
                previousWasCR = false
            } else if scalar == "\r" {
                lines.append([])
                previousWasCR = true
            } else {
                lines[lines.count - 1].append(scalar)
                previousWasCR = false
            }
        }
        return lines
    }

    /// The scalars of a 0-based line, or none past the end.
    func line(_ index: Int) -> [Unicode.Scalar] {
        index >= 0 && index < lines.count ? lines[index] : []
    }

    /// An LSP position for a Choreo location. Line 1 skips a byte order mark, as Choreo counts.
    func position(_ location: SourceLocation, encoding: PositionEncoding) -> JSONValue {
        let lineIndex = max(0, location.line - 1)
        var scalars = line(lineIndex)
        if lineIndex == 0, scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        let count = max(0, min(location.column - 1, scalars.count))
        var character = 0
        for scalar in scalars[..<count] {
            character += encoding == .utf16 ? UTF16.width(scalar) : 1
        }
        // A column past the end of the line (an end-of-line range) stays past it.
        character += max(0, location.column - 1 - scalars.count)
        return .object([("line", .int(lineIndex)), ("character", .int(character))])
    }

    func range(_ range: SourceRange, encoding: PositionEncoding) -> JSONValue {
        .object([("start", position(range.start, encoding: encoding)), ("end", position(range.end, encoding: encoding))])
    }

    /// A client's 0-based line held to the document (one past its last line at most), so that no
    /// arithmetic on it can overflow: positions arrive as any 64-bit integer.
    func clampedLine(_ lineIndex: Int) -> Int { min(max(lineIndex, 0), lines.count) }

    /// The Choreo location of an LSP position (clamped to the document and the line).
    func location(line requestedLine: Int, character: Int, encoding: PositionEncoding) -> SourceLocation {
        let lineIndex = clampedLine(requestedLine)
        var scalars = line(lineIndex)
        if lineIndex == 0, scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var units = 0
        var column = 1
        for scalar in scalars {
            let width = encoding == .utf16 ? UTF16.width(scalar) : 1
            if units + width > character { break }
            units += width
            column += 1
        }
        return SourceLocation(line: lineIndex + 1, column: column)
    }

    /// Applies an incremental change (`range` in LSP terms) or replaces the whole text.
    mutating func apply(change: JSONValue, encoding: PositionEncoding) {
        guard case let .string(newText)? = change["text"] else { return }
        guard let range = change["range"], let start = range["start"], let end = range["end"],
            case let .int(startLine)? = start["line"], case let .int(startCharacter)? = start["character"],
            case let .int(endLine)? = end["line"], case let .int(endCharacter)? = end["character"]
        else {
            replaceText(with: newText)
            return
        }
        // An edit of a text that was not kept cannot be applied; only a whole new text replaces it.
        guard tooLargeBytes == nil else { return }
        let from = scalarOffset(line: startLine, character: startCharacter, encoding: encoding)
        let to = max(from, scalarOffset(line: endLine, character: endCharacter, encoding: encoding))
        var scalars = Array(text.unicodeScalars)
        scalars.replaceSubrange(min(from, scalars.count)..<min(to, scalars.count), with: newText.unicodeScalars)
        replaceText(with: String(String.UnicodeScalarView(scalars)))
    }

    /// The offset in the text's scalars of an LSP position, clamped to its line.
    private func scalarOffset(line lineIndex: Int, character: Int, encoding: PositionEncoding) -> Int {
        let scalars = Array(text.unicodeScalars)
        var offset = 0
        var currentLine = 0
        while currentLine < lineIndex, offset < scalars.count {
            if scalars[offset] == "\n" {
                currentLine += 1
            } else if scalars[offset] == "\r" {
                if offset + 1 < scalars.count, scalars[offset + 1] == "\n" { offset += 1 }
                currentLine += 1
            }
            offset += 1
        }
        var units = 0
        while offset < scalars.count, scalars[offset] != "\n", scalars[offset] != "\r" {
            let width = encoding == .utf16 ? UTF16.width(scalars[offset]) : 1
            if units + width > character { break }
            units += width
            offset += 1
        }
        return offset
    }
}
