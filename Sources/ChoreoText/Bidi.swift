import CFriBidi

/// A stretch of a line in one direction: its UTF-8 bytes in the line, shaped as one HarfBuzz run.
struct DirectionalRun: Equatable {
    var utf8: Range<Int>
    var rightToLeft: Bool
}

/// Splits a line into directional runs in visual order (left to right), by the Unicode
/// bidirectional algorithm (FriBidi): the line's direction is its first strong character's,
/// and a run is a stretch of characters at one resolved embedding level (so "Total: 42 ر.س" is
/// the left-to-right "Total: 42 " then the right-to-left "ر.س").
func directionalRuns(_ line: String) -> [DirectionalRun] {
    let scalars = line.unicodeScalars.map { FriBidiChar($0.value) }
    guard !scalars.isEmpty else { return [] }
    let count = FriBidiStrIndex(scalars.count)
    var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
    var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
    var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
    var visualToLogical = (0..<count).map { $0 }
    fribidi_get_bidi_types(scalars, count, &types)
    fribidi_get_bracket_types(scalars, count, types, &brackets)
    var direction = choreo_fribidi_paragraph_from_text()
    let levelled = fribidi_get_par_embedding_levels_ex(types, brackets, count, &direction, &levels)
    // Rule L1 (trailing and separator whitespace back to the line's level) happens in reordering.
    guard levelled > 0, fribidi_reorder_line(0, types, count, 0, direction, &levels, nil, &visualToLogical) > 0 else {
        return [DirectionalRun(utf8: 0..<line.utf8.count, rightToLeft: false)]
    }
    var visualPosition = [Int](repeating: 0, count: scalars.count)
    for (visual, logical) in visualToLogical.enumerated() { visualPosition[Int(logical)] = visual }

    var byteOffsets: [Int] = [0]
    byteOffsets.reserveCapacity(scalars.count + 1)
    for scalar in line.unicodeScalars { byteOffsets.append(byteOffsets.last! + UTF8.width(scalar)) }

    var runs: [(run: DirectionalRun, visual: Int)] = []
    var start = 0
    for index in 1...scalars.count where index == scalars.count || levels[index] != levels[start] {
        let run = DirectionalRun(utf8: byteOffsets[start]..<byteOffsets[index], rightToLeft: levels[start] % 2 == 1)
        runs.append((run, visualPosition[start..<index].min()!))
        start = index
    }
    return runs.sorted { $0.visual < $1.visual }.map(\.run)
}
