import Foundation

/// A JSON value of a Lottie document, with the byte offset where it starts in the file: what the
/// importer reads, and what its diagnostics point into (a JSON pointer, and the line and column
/// the offset falls on).
///
/// Objects keep every member in file order, repeated keys included; a lookup takes the last one,
/// as JavaScript's `JSON.parse` and the players built on it do.
struct LottieJSON: Sendable {
    indirect enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([LottieJSON])
        case object([(key: String, value: LottieJSON)])
    }

    var kind: Kind
    var offset: Int

    subscript(key: String) -> LottieJSON? {
        guard case let .object(members) = kind else { return nil }
        for member in members.reversed() where member.key == key { return member.value }
        return nil
    }

    var number: Double? {
        switch kind {
        case let .number(value): return value
        case let .bool(value): return value ? 1 : 0
        // Some exporters wrap a single number in an array (`"k": [5]`).
        case let .array(items) where items.count == 1: return items[0].number
        default: return nil
        }
    }

    var string: String? {
        if case let .string(text) = kind { return text }
        return nil
    }

    var items: [LottieJSON]? {
        if case let .array(items) = kind { return items }
        return nil
    }

    var isObject: Bool {
        if case .object = kind { return true }
        return false
    }

    /// The numbers of an array (nil when it is not an array of numbers).
    var numbers: [Double]? {
        guard case let .array(items) = kind else { return nil }
        var values: [Double] = []
        values.reserveCapacity(items.count)
        for item in items {
            guard case let .number(value) = item.kind else { return nil }
            values.append(value)
        }
        return values
    }

    /// A boolean the way players read one: `true`, or a non-zero number.
    var isTrue: Bool {
        switch kind {
        case let .bool(value): return value
        case let .number(value): return value != 0
        default: return false
        }
    }
}

/// Why a document could not be read as JSON: where (a byte offset, and the pointer of the value
/// being read) and what was expected.
struct LottieJSONError: Error, Sendable {
    var offset: Int
    var pointer: String
    var message: String
}

/// The document's bytes read as JSON (RFC 8259: no comments, no trailing commas), with a bound on
/// nesting and on the number of values, so that no input runs away with the stack or the memory.
enum LottieJSONReader {
    static let maxDepth = 256
    /// A value costs about 40 bytes in the tree; a 16 MiB document holds at most about 8 million.
    static let maxValues = 8_000_000

    static func read(_ bytes: [UInt8]) -> Result<LottieJSON, LottieJSONError> {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            do throws(LottieJSONError) {
                // A UTF-8 byte order mark is allowed before the value.
                if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { reader.index = 3 }
                let value = try reader.value(depth: 0)
                reader.skipSpace()
                guard reader.index == buffer.count else { throw reader.failure("more text after the JSON value") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var values = 0
        /// The keys and indices down to the value being read, for the pointer of an error.
        var path: [String] = []

        func failure(_ message: String) -> LottieJSONError {
            LottieJSONError(offset: index, pointer: LottiePointer.join(path), message: message)
        }

        mutating func skipSpace() {
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
                index += 1
            }
        }

        mutating func value(depth: Int) throws(LottieJSONError) -> LottieJSON {
            guard depth < LottieJSONReader.maxDepth else { throw failure("nested more than \(LottieJSONReader.maxDepth) deep") }
            values += 1
            guard values <= LottieJSONReader.maxValues else { throw failure("more than \(LottieJSONReader.maxValues) values") }
            skipSpace()
            guard index < bytes.count else { throw failure("the document ends where a value was expected") }
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "{"): return LottieJSON(kind: try object(depth: depth), offset: start)
            case UInt8(ascii: "["): return LottieJSON(kind: try array(depth: depth), offset: start)
            case UInt8(ascii: "\""): return LottieJSON(kind: .string(try string()), offset: start)
            case UInt8(ascii: "t"): try literal("true"); return LottieJSON(kind: .bool(true), offset: start)
            case UInt8(ascii: "f"): try literal("false"); return LottieJSON(kind: .bool(false), offset: start)
            case UInt8(ascii: "n"): try literal("null"); return LottieJSON(kind: .null, offset: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return LottieJSON(kind: .number(try number()), offset: start)
            default: throw failure("expected a value, found \(describe(bytes[index]))")
            }
        }

        mutating func object(depth: Int) throws(LottieJSONError) -> LottieJSON.Kind {
            index += 1
            var members: [(key: String, value: LottieJSON)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key in double quotes") }
                let key = try string()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':' after the key \"\(key)\"") }
                index += 1
                path.append(key)
                let item = try value(depth: depth + 1)
                path.removeLast()
                members.append((key, item))
                skipSpace()
                guard index < bytes.count else { throw failure("the document ends inside an object") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                } else {
                    throw failure("expected ',' or '}' in an object, found \(describe(bytes[index]))")
                }
            }
        }

        mutating func array(depth: Int) throws(LottieJSONError) -> LottieJSON.Kind {
            index += 1
            var items: [LottieJSON] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                path.append(String(items.count))
                let item = try value(depth: depth + 1)
                path.removeLast()
                items.append(item)
                skipSpace()
                guard index < bytes.count else { throw failure("the document ends inside an array") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                } else {
                    throw failure("expected ',' or ']' in an array, found \(describe(bytes[index]))")
                }
            }
        }

        mutating func literal(_ word: StaticString) throws(LottieJSONError) {
            let length = word.utf8CodeUnitCount
            guard index + length <= bytes.count else { throw failure("expected '\(word)'") }
            for offset in 0..<length where bytes[index + offset] != word.utf8Start[offset] { throw failure("expected '\(word)'") }
            index += length
        }

        mutating func number() throws(LottieJSONError) -> Double {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            // The common case, digits with an optional fraction, is summed here; exponents and
            // long digit runs go through strtod for the correctly rounded value.
            var mantissa: UInt64 = 0
            var digits = 0
            var fractionDigits = 0
            let integerStart = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] - 0x30)
                digits += 1
                index += 1
            }
            guard index > integerStart else { throw failure("expected a digit") }
            guard !(bytes[integerStart] == 0x30 && index - integerStart > 1) else {
                index = integerStart
                throw failure("a number may not start with 0")
            }
            var simple = true
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                let fractionStart = index
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] - 0x30)
                    digits += 1
                    fractionDigits += 1
                    index += 1
                }
                guard index > fractionStart else { throw failure("expected a digit after '.'") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                simple = false
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                let exponentStart = index
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
                guard index > exponentStart else { throw failure("expected a digit in the exponent") }
            }
            let negative = bytes[start] == UInt8(ascii: "-")
            // Up to 15 digits and a power of ten up to 22, one division is correctly rounded.
            if simple, digits <= 15, fractionDigits <= 22 {
                let value = Double(mantissa) / powersOfTen[fractionDigits]
                return negative ? -value : value
            }
            var text = [CChar](repeating: 0, count: index - start + 1)
            for offset in 0..<(index - start) { text[offset] = CChar(bitPattern: bytes[start + offset]) }
            let value = strtod(text, nil)
            guard value.isFinite else {
                index = start
                throw failure("a number beyond what a double holds")
            }
            return value
        }

        mutating func string() throws(LottieJSONError) -> String {
            index += 1
            let start = index
            // Without escapes the string is its bytes (checked as UTF-8 below).
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let run = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    index += 1
                    guard let text = String(validating: run, as: UTF8.self) else {
                        index = start
                        throw failure("a string that is not UTF-8")
                    }
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                guard byte >= 0x20 else { throw failure("a control character inside a string") }
                index += 1
            }
            var out = Array(bytes[start..<index])
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    guard let text = String(validating: out, as: UTF8.self) else { throw failure("a string that is not UTF-8") }
                    return text
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { break }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800..<0xDC00).contains(scalar) {
                            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                                throw failure("a lone surrogate in a \\u escape")
                            }
                            index += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate in a \\u escape") }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else if (0xDC00..<0xE000).contains(scalar) {
                            throw failure("a lone surrogate in a \\u escape")
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { throw failure("an invalid \\u escape") }
                        out.append(contentsOf: Array(String(Character(unicode)).utf8))
                    default: throw failure("an unknown escape '\\\(Character(Unicode.Scalar(escape)))'")
                    }
                default:
                    guard byte >= 0x20 else {
                        index -= 1
                        throw failure("a control character inside a string")
                    }
                    out.append(byte)
                }
            }
            throw failure("the document ends inside a string")
        }

        mutating func hex4() throws(LottieJSONError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw failure("expected four hex digits after \\u") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                default: throw failure("expected four hex digits after \\u")
                }
                value = value * 16 + digit
                index += 1
            }
            return value
        }

        func describe(_ byte: UInt8) -> String {
            byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: "byte 0x%02X", byte)
        }
    }
}

private let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

/// JSON pointers (RFC 6901) as diagnostics name them: `/layers/3/ef/0`.
enum LottiePointer {
    static func join(_ tokens: [String]) -> String {
        tokens.isEmpty ? "" : tokens.map(escape).joined()
    }

    static func escape(_ token: String) -> String {
        "/" + token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}

/// The line and column (1-based, columns in bytes) of a byte offset.
func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
        line += 1
        lineStart = index + 1
    }
    return (line, offset - lineStart + 1)
}
