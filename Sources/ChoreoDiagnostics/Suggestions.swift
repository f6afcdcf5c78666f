/// "Did you mean" support: the closest candidate to a misspelled word, if it is close enough to be
/// a plausible typo (at most a third of the word's length in edits, and at least one).
public func closestMatch<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
    let limit = max(1, word.count / 3)
    var best: (name: String, distance: Int)?
    let lowered = word.lowercased()
    for candidate in candidates {
        let distance = editDistance(lowered, candidate.lowercased(), limit: limit)
        guard distance <= limit else { continue }
        // Ties go to the alphabetically first candidate so suggestions are deterministic.
        if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.name) {
            best = (candidate, distance)
        }
    }
    return best?.name
}

/// Damerau–Levenshtein distance (adjacent transpositions count as one edit), giving up early
/// above `limit`.
func editDistance(_ a: String, _ b: String, limit: Int = .max) -> Int {
    let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
    if abs(x.count - y.count) > limit { return limit + 1 }
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var previousPrevious = [Int](repeating: 0, count: y.count + 1)
    var previous = Array(0...y.count)
    var current = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
        current[0] = i
        var rowMinimum = current[0]
        for j in 1...y.count {
            let cost = x[i - 1] == y[j - 1] ? 0 : 1
            var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                value = min(value, previousPrevious[j - 2] + 1)
            }
            current[j] = value
            rowMinimum = min(rowMinimum, value)
        }
        if rowMinimum > limit { return limit + 1 }
        (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[y.count]
}
