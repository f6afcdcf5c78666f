/// A JSON document as an ordered tree.
///
/// Objects keep their keys in the order they were built, because the players we target care
/// (rlottie skips every key written before `"ty"`), and because output must be byte-for-byte
/// deterministic. Build objects in a fixed order; never from an unsorted dictionary.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number rounded to the writer's default number of decimals.
    case number(Double)
    /// A number rounded to an explicit number of decimals (colours use 4).
    case decimal(Double, places: Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.decimal(a, p), .decimal(b, q)): return a == b && p == q
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The value for `key` in an object (first match), or nil.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first(where: { $0.0 == key })?.1
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByFloatLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(floatLiteral value: Double) { self = .number(value) }
}
