import CUnibreak

/// `text` cut after every place Unicode's line-breaking rules (UAX #14, by libunibreak) let a
/// line end: after a space, between two ideographs or kana (Japanese and Chinese have no
/// spaces), after a hyphen; never before closing punctuation such as `。`. The pieces joined
/// are `text`; an empty text is one empty piece.
func lineBreakPieces(_ text: String) -> [String] {
    _ = lineBreakTables
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty else { return [text] }
    var breaks = [CChar](repeating: 0, count: bytes.count)
    bytes.withUnsafeBufferPointer { source in
        breaks.withUnsafeMutableBufferPointer { set_linebreaks_utf8(source.baseAddress, source.count, nil, $0.baseAddress) }
    }
    var pieces: [String] = []
    var start = 0
    for index in bytes.indices {
        let status = Int32(breaks[index])
        // A mandatory break inside a paragraph (a line or paragraph separator) is a place to break too.
        guard status == LINEBREAK_ALLOWBREAK || status == LINEBREAK_MUSTBREAK else { continue }
        pieces.append(String(decoding: bytes[start...index], as: UTF8.self))
        start = index + 1
    }
    if start < bytes.count { pieces.append(String(decoding: bytes[start...], as: UTF8.self)) }
    return pieces
}

/// libunibreak's tables, set up once before the first text is broken.
private let lineBreakTables: Void = init_linebreak()
