import Foundation

/// `text.trimmingCharacters(in: .whitespaces)`, on the bytes where that gives the same: spaces and
/// tabs are the only ASCII members of `.whitespaces`, so when what is left starts and ends with
/// ASCII the bytes decide. Foundation's trimming goes through `NSString` and was a large part of
/// the import's cost (opacities, transforms, paint references); a non-ASCII edge (it may be a
/// Unicode space) is still left to Foundation, so the result never differs.
func trimmedSpacesAndTabs(_ text: String) -> String { trimmedSpacesAndTabs(Substring(text)) }

func trimmedSpacesAndTabs(_ text: Substring) -> String {
    let utf8 = text.utf8
    func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    guard let first = utf8.firstIndex(where: { !isSpaceOrTab($0) }) else { return "" }
    let last = utf8.lastIndex(where: { !isSpaceOrTab($0) })!
    guard utf8[first] < 0x80, utf8[last] < 0x80 else { return text.trimmingCharacters(in: .whitespaces) }
    return String(text[first...last])
}

/// `text.trimmingCharacters(in: CharacterSet(charactersIn: "'\""))` on the bytes: both quotes are
/// single ASCII bytes, which no other character's UTF-8 holds, so the bytes give the same.
func trimmedQuotes(_ text: String) -> String {
    let utf8 = text.utf8
    func isQuote(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") }
    guard let first = utf8.first, let last = utf8.last, isQuote(first) || isQuote(last) else { return text }
    var start = utf8.startIndex, end = utf8.endIndex
    while start < end, isQuote(utf8[start]) { utf8.formIndex(after: &start) }
    while end > start, isQuote(utf8[utf8.index(before: end)]) { utf8.formIndex(before: &end) }
    return String(Substring(utf8[start..<end]))
}
