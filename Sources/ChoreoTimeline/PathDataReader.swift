/// Path data's separators, commands, numbers and arc flags read from UTF-8 bytes: no `String`,
/// `Character` or per-number allocation, so an SVG export's megabytes of `d` read at the speed of
/// the bytes. The scene's path parser (`parsePathData`) reads its tokens with it, and through it
/// `choreo import` does too, so path syntax has one reader.
///
/// The number syntax is the value language's (`12`, `-.5`, `12.`, `1e-3`; an `e` without digits
/// is not an exponent), with no separator needed where a sign or a second point starts the next
/// number (`-.5-.5`, `0.5.5`). Every byte is looked at a bounded number of times, so the cost is
/// linear in the input.
public struct PathDataReader: Sendable {
    public let bytes: [UInt8]
    /// The byte offset of the next byte to read.
    public var position = 0

    public init(_ text: String) { bytes = Array(text.utf8) }

    public var isAtEnd: Bool { position >= bytes.count }

    /// The byte at `position`; only when not `isAtEnd`.
    public var current: UInt8 { bytes[position] }

    /// Skips spaces, tabs, line breaks and commas.
    public mutating func skipSeparators() {
        let bytes = self.bytes
        var position = self.position
        defer { self.position = position }
        bytes.withUnsafeBufferPointer { Self.skipSeparators(in: $0, at: &position) }
    }

    /// `skipSeparators` on bytes the caller holds (the importer reads attribute values in place).
    public static func skipSeparators(in bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","): position += 1
            default: return
            }
        }
    }

    /// Whether a number (a digit, a point or a sign) starts at `index`.
    public func startsNumber(at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        return isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
    }

    /// One of the path commands `MLHVCSQTAZ`, in either case.
    public static func isCommand(_ byte: UInt8) -> Bool {
        switch byte | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "c"),
            UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "z"):
            return true
        default: return false
        }
    }

    /// Reads a number at `position` (separators are the caller's to skip): its value, correctly
    /// rounded as `Double(String)` rounds it, infinite when it overflows, NaN when even that
    /// cannot read it. Nil, with `position` left where it was, when no digit is there.
    public mutating func readNumber() -> Double? {
        let bytes = self.bytes
        var position = self.position
        defer { self.position = position }
        return bytes.withUnsafeBufferPointer { Self.readNumber(in: $0, at: &position) }
    }

    /// `readNumber` on bytes the caller holds, without an array of them: one number syntax for
    /// path data and for what the importer reads from attributes in place.
    public static func readNumber(in bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> Double? {
        let start = position
        var negative = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
            negative = bytes[position] == UInt8(ascii: "-")
            position += 1
        }
        // Up to 19 significant digits fit a UInt64; `exponent` scales them to the number's value.
        var significand: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var truncated = false
        var digits = 0
        while position < bytes.count, isDigit(bytes[position]) {
            let digit = UInt64(bytes[position] &- UInt8(ascii: "0"))
            if significantDigits < 19 {
                significand = significand &* 10 &+ digit
                if significand > 0 { significantDigits += 1 }
            } else {
                truncated = truncated || digit != 0
                exponent += 1
            }
            digits += 1
            position += 1
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            while position < bytes.count, isDigit(bytes[position]) {
                let digit = UInt64(bytes[position] &- UInt8(ascii: "0"))
                if significantDigits < 19 {
                    significand = significand &* 10 &+ digit
                    if significand > 0 { significantDigits += 1 }
                    exponent -= 1
                } else {
                    truncated = truncated || digit != 0
                }
                digits += 1
                position += 1
            }
        }
        guard digits > 0 else {
            position = start
            return nil
        }
        if let end = endOfExponent(in: bytes, from: position) {
            // Past five digits the exponent is beyond any double's; `Double(String)` says which way.
            var written = 0
            var index = position + 1
            let exponentNegative = bytes[index] == UInt8(ascii: "-")
            if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            while index < end {
                if written < 100_000 { written = written * 10 + Int(bytes[index] &- UInt8(ascii: "0")) }
                index += 1
            }
            exponent += exponentNegative ? -written : written
            position = end
        }
        if significand == 0 && !truncated { return negative ? -0.0 : 0 }
        // Clinger's fast path: a significand below 2^53 and a power of ten up to 1e22 are both exact
        // doubles, so one multiplication or division rounds once, correctly.
        if !truncated, significand <= 1 << 53, exponent >= -22, exponent <= 22 {
            let magnitude =
                exponent >= 0
                ? Double(significand) * exactPowersOfTen[exponent] : Double(significand) / exactPowersOfTen[-exponent]
            return negative ? -magnitude : magnitude
        }
        return Double(String(decoding: bytes[start..<position], as: UTF8.self)) ?? .nan
    }

    /// Reads an arc flag, `0` or `1`, which needs no separator after it (`a1 1 0 00.5.5`); nil,
    /// with `position` unchanged, when neither is there.
    public mutating func readFlag() -> Bool? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "0") || bytes[position] == UInt8(ascii: "1") else {
            return nil
        }
        position += 1
        return bytes[position - 1] == UInt8(ascii: "1")
    }

    /// Where an exponent at `start` ends (`e` or `E`, an optional sign, at least one digit), or nil
    /// when there is none, so that the `e` of a bare `3e` is left to what follows.
    private static func endOfExponent(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, bytes[start] | 0x20 == UInt8(ascii: "e") else { return nil }
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { return nil }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        return index
    }

    /// The Unicode scalar offset of the byte offset `byteOffset`, for diagnostics, which count in
    /// scalars.
    public func scalarOffset(ofByte byteOffset: Int) -> Int {
        var count = 0
        for byte in bytes[..<min(byteOffset, bytes.count)] where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// The Unicode scalar that starts at byte offset `byteOffset`, for diagnostics that quote it.
    public func scalar(atByte byteOffset: Int) -> Unicode.Scalar {
        var end = byteOffset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[byteOffset..<end], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
    }

    /// The text of the bytes in `range`, for diagnostics that quote it.
    public func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    private func isDigit(_ byte: UInt8) -> Bool { Self.isDigit(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
]
