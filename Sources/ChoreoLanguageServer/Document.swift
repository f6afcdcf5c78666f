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
    private(set) var text: String
    private(set) var lines: [[Unicode.Scalar]]
    /// The UTF-8 offset in `text` where each line starts: an edit finds its bytes through it and
    /// re-splits only the lines it touches.
    private(set) var lineStarts: [Int]
    /// Lines made from the text so far, counted so a test can tell that an edit re-reads only the
    /// lines it touched.
    private(set) var linesSplit = 0
    /// The size of a text past the file-size limit (`YAMLLimits.defaultMaxFileBytes`), which is
    /// not kept: it is checked before the text is split into lines (an array per line costs many
    /// times the text for short lines), and the document is then empty but for the
    /// `file-too-large` error.
    private(set) var tooLargeBytes: Int?
    /// What changed since `clearChanges()`, for a lint that re-reads only that: the 0-based lines
    /// of the current text whose content may differ, and how many lines the text gained (lines
    /// after the range are the old lines moved by that many). `changedLines` is nil and
    /// `replacedWhole` true once a change replaced the whole text.
    private(set) var changedLines: ClosedRange<Int>?
    private(set) var lineDelta = 0
    private(set) var replacedWhole = false

    init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        self.text = ""
        self.lines = [[]]
        self.lineStarts = [0]
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
        (lines, lineStarts) = Document.splitLinesWithStarts(text.unicodeScalars[...])
        linesSplit += lines.count
        replacedWhole = true
        changedLines = nil
    }

    /// Forgets the changes so far (`changedLines`): the text as it is now is the next one's base.
    mutating func clearChanges() {
        changedLines = nil
        lineDelta = 0
        replacedWhole = false
    }

    /// Records that old lines `first...last` became `first...(last + delta)` and every later line
    /// moved by `delta`, on top of the changes recorded before.
    private mutating func recordChange(first: Int, last: Int, delta: Int) {
        guard !replacedWhole else { return }
        let changedNow = first...max(first, last + delta)
        if let before = changedLines {
            func moved(_ line: Int) -> Int { line < first ? line : line > last ? line + delta : changedNow.upperBound }
            changedLines = min(moved(before.lowerBound), first)...max(moved(before.upperBound), changedNow.upperBound)
        } else {
            changedLines = changedNow
        }
        lineDelta += delta
    }

    static func splitLines(_ text: String) -> [[Unicode.Scalar]] {
        splitLinesWithStarts(text.unicodeScalars[...]).lines
    }

    /// The lines of `text` (breaks at LF, CRLF and CR, as Choreo counts them) and the UTF-8
    /// offset of each line's start within `text`.
    static func splitLinesWithStarts(_ text: Substring.UnicodeScalarView) -> (lines: [[Unicode.Scalar]], starts: [Int]) {
        var lines: [[Unicode.Scalar]] = [[]]
        var starts = [0]
        var offset = 0
        var previousWasCR = false
        for scalar in text {
            offset += UTF8.width(scalar)
            if scalar == "\n" {
                if previousWasCR {
                    starts[starts.count - 1] = offset
                } else {
                    lines.append([])
                    starts.append(offset)
                }
                previousWasCR = false
            } else if scalar == "\r" {
                lines.append([])
                starts.append(offset)
                previousWasCR = true
            } else {
                lines[lines.count - 1].append(scalar)
                previousWasCR = false
            }
        }
        return (lines, starts)
    }

    /// The UTF-8 bytes of 0-based lines, with their line breaks.
    func utf8Bytes(lines range: ClosedRange<Int>) -> [UInt8] {
        let utf8 = text.utf8
        let start = lineStarts[range.lowerBound]
        let end = range.upperBound + 1 < lineStarts.count ? lineStarts[range.upperBound + 1] : utf8.count
        return Array(utf8[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)])
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

    /// Applies an incremental change (`range` in LSP terms) or replaces the whole text. An edit
    /// splices the text's bytes and re-splits only its lines and their neighbours (a CR and an LF
    /// an edit brings together are one line break).
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
        var bytes = Array(text.utf8)
        let from = byteOffset(line: startLine, character: startCharacter, encoding: encoding, textBytes: bytes.count)
        let to = max(from, byteOffset(line: endLine, character: endCharacter, encoding: encoding, textBytes: bytes.count))
        let inserted = Array(newText.utf8)
        guard bytes.count - (to - from) + inserted.count <= YAMLLimits.defaultMaxFileBytes else {
            bytes.replaceSubrange(from..<to, with: inserted)
            replaceText(with: String(decoding: bytes, as: UTF8.self))
            return
        }
        bytes.replaceSubrange(from..<to, with: inserted)
        let delta = inserted.count - (to - from)
        // The lines the edit touches, with one more on each side.
        let touchedFirst = line(containing: from), touchedLast = line(containing: to)
        let first = max(0, touchedFirst - 1)
        let last = min(lines.count - 1, touchedLast + 1)
        let regionStart = lineStarts[first]
        let reachesEnd = last + 1 >= lines.count
        let regionEnd = (reachesEnd ? text.utf8.count : lineStarts[last + 1]) + delta
        text = String(decoding: bytes, as: UTF8.self)
        let region = String(decoding: bytes[regionStart..<regionEnd], as: UTF8.self)
        var (newLines, newStarts) = Document.splitLinesWithStarts(region.unicodeScalars[...])
        if !reachesEnd {
            // The region ends just after a line break: its last, empty line is the next line.
            newLines.removeLast()
            newStarts.removeLast()
        }
        linesSplit += newLines.count
        recordChange(first: touchedFirst, last: touchedLast, delta: newLines.count - (last - first + 1))
        lines.replaceSubrange(first...last, with: newLines)
        lineStarts.replaceSubrange(first...last, with: newStarts.map { $0 + regionStart })
        if delta != 0 {
            for index in (first + newLines.count)..<lineStarts.count { lineStarts[index] += delta }
        }
    }

    /// The 0-based line a UTF-8 offset of the text is in.
    private func line(containing offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The UTF-8 offset in the text of an LSP position, clamped to its line (a line past the end
    /// is the end of the text).
    private func byteOffset(line lineIndex: Int, character: Int, encoding: PositionEncoding, textBytes: Int) -> Int {
        guard lineIndex < lines.count else { return textBytes }
        let index = max(0, lineIndex)
        var offset = lineStarts[index]
        var units = 0
        for scalar in lines[index] {
            let width = encoding == .utf16 ? UTF16.width(scalar) : 1
            if units + width > character { break }
            units += width
            offset += UTF8.width(scalar)
        }
        return offset
    }
}
