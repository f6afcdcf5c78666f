/// Writes `JSONValue` trees as text: minified by default, indented with two spaces when pretty.
///
/// The output depends only on the tree: numbers go through `formatNumber`, strings are escaped
/// the same way every time, and no key is ever reordered.
public struct JSONWriter: Sendable {
    public var pretty: Bool
    /// Decimals kept for `.number` values.
    public var decimals: Int

    public init(pretty: Bool = false, decimals: Int = 3) {
        self.pretty = pretty
        self.decimals = decimals
    }

    public func string(_ value: JSONValue) -> String {
        // UTF-8 bytes first, one String at the end: appending to a String piece by piece costs
        // several times more per byte.
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(value, into: &out, depth: 0)
        if pretty { out.append(UInt8(ascii: "\n")) }
        return String(decoding: out, as: UTF8.self)
    }

    private func append(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    private func newline(_ out: inout [UInt8], depth: Int) {
        guard pretty else { return }
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    private func write(_ value: JSONValue, into out: inout [UInt8], depth: Int) {
        switch value {
        case .null: append("null", to: &out)
        case let .bool(b): append(b ? "true" : "false", to: &out)
        case let .int(i): out.append(contentsOf: String(i).utf8)
        case let .number(d): appendFormattedNumber(d, decimals: decimals, to: &out)
        case let .decimal(d, places): appendFormattedNumber(d, decimals: places, to: &out)
        case let .string(s): writeString(s, into: &out)
        case let .array(items):
            if items.isEmpty { append("[]", to: &out); return }
            // Arrays of plain numbers stay on one line even when pretty: they are points and colours.
            let flat = items.allSatisfy { item in
                switch item { case .int, .number, .decimal: return true; default: return false }
            }
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { append(pretty && flat ? ", " : ",", to: &out) }
                if !flat { newline(&out, depth: depth + 1) }
                write(item, into: &out, depth: depth + 1)
            }
            if !flat { newline(&out, depth: depth) }
            out.append(UInt8(ascii: "]"))
        case let .object(members):
            if members.isEmpty { append("{}", to: &out); return }
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, depth: depth + 1)
                writeString(member.0, into: &out)
                append(pretty ? ": " : ":", to: &out)
                write(member.1, into: &out, depth: depth + 1)
            }
            newline(&out, depth: depth)
            out.append(UInt8(ascii: "}"))
        }
    }

    private func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Nearly every string (keys, ids) needs no escape: copy its bytes in one go.
        // 0x7F, 0xC2, 0xD8 and 0xE2 start DEL, the C1 controls, U+061C and the other
        // `TextEscaping.isTerminalControl` scalars, escaped so JSON printed to a terminal is inert.
        if !s.utf8.contains(where: {
            $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2
        }) {
            out.append(contentsOf: s.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": append("\\\"", to: &out)
            case "\\": append("\\\\", to: &out)
            case "\n": append("\\n", to: &out)
            case "\r": append("\\r", to: &out)
            case "\t": append("\\t", to: &out)
            case "\u{08}": append("\\b", to: &out)
            case "\u{0C}": append("\\f", to: &out)
            default:
                if TextEscaping.isTerminalControl(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    append("\\u", to: &out)
                    out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 4 - hex.count))
                    out.append(contentsOf: hex.utf8)
                } else {
                    out.append(contentsOf: String(scalar).utf8)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
