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
