// The number syntax the value language shares: path data, colour components and expressions read
// their numbers with these two scanners, so `1e3`, `.5` and `2em` mean one thing everywhere.

/// Where the digits and an optional fraction at `start` end (`12`, `12.5`, `.5`, `12.`); `start`
/// itself when there are none.
package func endOfDecimal(in scalars: [Unicode.Scalar], from start: Int) -> Int {
    var position = start
    while position < scalars.count, isDigit(scalars[position]) { position += 1 }
    if position < scalars.count, scalars[position] == "." {
        position += 1
        while position < scalars.count, isDigit(scalars[position]) { position += 1 }
    }
    return position
}

/// Where an exponent at `start` ends: `e` or `E`, an optional sign, at least one digit. `start`
/// itself when there is none, so that the `e` of `2em` or of a bare `3e` is left to what follows.
package func endOfExponent(in scalars: [Unicode.Scalar], from start: Int) -> Int {
    guard start < scalars.count, scalars[start] == "e" || scalars[start] == "E" else { return start }
    var position = start + 1
    if position < scalars.count, scalars[position] == "-" || scalars[position] == "+" { position += 1 }
    guard position < scalars.count, isDigit(scalars[position]) else { return start }
    while position < scalars.count, isDigit(scalars[position]) { position += 1 }
    return position
}
