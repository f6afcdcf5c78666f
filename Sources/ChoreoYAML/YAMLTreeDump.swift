import ChoreoDiagnostics

extension YAMLNode: CustomDebugStringConvertible {
    /// The tree, one node a line with its range, for tests and debugging:
    /// ```
    /// mapping @1:1-2:9
    ///   key scalar plain "size" @1:1-1:5
    ///   value sequence @1:7-1:15
    ///     scalar plain "10" @1:8-1:10
    /// ```
    /// Aliased nodes show `alias @…` (where `*name` was written); tags show as `tag !!str`.
    public var debugDescription: String {
        var lines: [String] = []
        // An explicit stack keeps the dump iterative, like the composer.
        var pending: [(node: YAMLNode, label: String, depth: Int)] = [(self, "", 0)]
        while let (node, label, depth) = pending.popLast() {
            lines.append(String(repeating: "  ", count: depth) + label + node.headerDescription)
            switch node.kind {
            case .scalar:
                break
            case let .sequence(items):
                for item in items.reversed() { pending.append((item, "", depth + 1)) }
            case let .mapping(pairs):
                for pair in pairs.reversed() {
                    pending.append((pair.value, "value ", depth + 1))
                    pending.append((pair.key, "key ", depth + 1))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private var headerDescription: String {
        var text: String
        switch kind {
        case let .scalar(scalar): text = "scalar \(scalar.style.rawValue) \(quoted(scalar.value))"
        case .sequence: text = "sequence"
        case .mapping: text = "mapping"
        }
        text += " @\(range)"
        if let tag { text += " tag \(tag)" }
        if let alias { text += " alias @\(alias)" }
        return text
    }
}

/// A double-quoted, escaped rendering so that whitespace and control characters are visible.
private func quoted(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\0": out += "\\0"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}
