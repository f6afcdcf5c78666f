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
        var out = ""
        out.reserveCapacity(1024)
        write(value, into: &out, depth: 0)
        if pretty { out.append("\n") }
        return out
    }

    private func newline(_ out: inout String, depth: Int) {
        guard pretty else { return }
        out.append("\n")
        out.append(String(repeating: "  ", count: depth))
    }

    private func write(_ value: JSONValue, into out: inout String, depth: Int) {
        switch value {
        case .null: out.append("null")
        case let .bool(b): out.append(b ? "true" : "false")
        case let .int(i): out.append(String(i))
        case let .number(d): out.append(formatNumber(d, decimals: decimals))
        case let .decimal(d, places): out.append(formatNumber(d, decimals: places))
        case let .string(s): writeString(s, into: &out)
        case let .array(items):
            if items.isEmpty { out.append("[]"); return }
            // Arrays of plain numbers stay on one line even when pretty: they are points and colours.
            let flat = items.allSatisfy { item in
                switch item { case .int, .number, .decimal: return true; default: return false }
            }
            out.append("[")
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(pretty && flat ? ", " : ",") }
                if !flat { newline(&out, depth: depth + 1) }
                write(item, into: &out, depth: depth + 1)
            }
            if !flat { newline(&out, depth: depth) }
            out.append("]")
        case let .object(members):
            if members.isEmpty { out.append("{}"); return }
            out.append("{")
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(",") }
                newline(&out, depth: depth + 1)
                writeString(member.0, into: &out)
                out.append(pretty ? ": " : ":")
                write(member.1, into: &out, depth: depth + 1)
            }
            newline(&out, depth: depth)
            out.append("}")
        }
    }

    private func writeString(_ s: String, into out: inout String) {
        out.append("\"")
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case "\u{08}": out.append("\\b")
            case "\u{0C}": out.append("\\f")
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out.append("\\u")
                    out.append(String(repeating: "0", count: 4 - hex.count))
                    out.append(hex)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out.append("\"")
    }
}
