import ChoreoScene
import ChoreoTimeline

/// The most tokens cut back from an error before giving up: an arc's seven numbers and its
/// letter, with room to spare. Each try is a parse, so the bound keeps a broken path linear.
private let maxTokensCutBack = 16

/// Path data longer than this is cut back a whole command at a time (at most twice): a parse
/// per token of a long path would cost seconds.
private let tokenByTokenLimit = 65_536

/// What SVG draws of path data with an error: every segment before it. The longest start of
/// `text` that ends before the error (`errorOffset`, in Unicode scalars, where the scene's parser
/// stopped) and parses, with its shape; nil when no start does or it draws nothing.
func pathDataBeforeError(_ text: String, errorOffset: Int) -> (text: String, shape: PathShape)? {
    var prefix = Substring(String(String.UnicodeScalarView(text.unicodeScalars.prefix(errorOffset))))
    var tries = 0
    for _ in 0..<maxTokensCutBack {
        prefix = prefix.dropLast(while: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard let last = prefix.last else { return nil }
        if case let .success(shape) = parsePathData(String(prefix)) {
            return shape.contours.isEmpty ? nil : (String(prefix), shape)
        }
        // Cut the last token: a command letter, or a number with its sign and exponent.
        let before = prefix.count
        if prefix.utf8.count > tokenByTokenLimit {
            // The last command, its letter and all its numbers, or nothing is left to try.
            guard tries < 2, let letter = prefix.lastIndex(where: { $0.isLetter && $0 != "e" && $0 != "E" }) else { return nil }
            tries += 1
            prefix = prefix[..<letter]
        } else if last.isLetter, last != "e", last != "E" {
            prefix = prefix.dropLast()
        } else {
            prefix = prefix.dropLast(while: { $0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "-" || $0 == "+" })
        }
        // Text that is neither (what the parser would have stopped at) cannot be cut further.
        if prefix.count == before { return nil }
    }
    return nil
}

private extension Substring {
    func dropLast(while predicate: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
