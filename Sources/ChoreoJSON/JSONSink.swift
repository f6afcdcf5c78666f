/// Something JSON is written into call by call: `JSONStreamWriter` (UTF-8 bytes, what the
/// emitters write files with) or `JSONTreeBuilder` (the same document as a `JSONValue`, for tests
/// and for code that inspects a piece before writing it). An emitter written against `JSONSink`
/// produces both from one walk, so they cannot disagree.
///
/// Inside an object every value follows a `key`. `number(_:)` is a `.number` (the sink's default
/// decimals), `number(_:places:)` a `.decimal`.
public protocol JSONSink {
    mutating func beginObject()
    mutating func endObject()
    mutating func beginArray()
    mutating func endArray()
    /// An object member's key, a literal that needs no escaping (`"ty"`, `"k"`).
    mutating func key(_ name: StaticString)
    /// An object member's key from data (escaped when written).
    mutating func key(escaping name: String)
    mutating func int(_ value: Int)
    mutating func number(_ value: Double)
    mutating func number(_ value: Double, places: Int)
    mutating func string(_ value: String)
    mutating func bool(_ value: Bool)
    mutating func null()
    /// A subtree built as a `JSONValue`, written as `JSONWriter` writes it.
    mutating func value(_ value: JSONValue)

    /// What was written as the first items of a container, kept to be written again.
    associatedtype Fragment
    /// Starts a fragment: the open container is empty, its first item comes next. Every
    /// `beginFragment` is followed by its `endFragment` (a streaming writer keeps the fragment's
    /// bytes in memory until then).
    mutating func beginFragment() -> Int
    /// The items written since `beginFragment`, in the same container.
    mutating func endFragment(_ start: Int) -> Fragment
    /// Writes a fragment again as the first items of the open, empty container. False when the
    /// sink cannot (a pretty writer at another depth): the caller writes the items itself.
    mutating func insert(_ fragment: Fragment) -> Bool
}

extension JSONSink {
    /// `{…}` around what `body` writes.
    @inlinable
    public mutating func object(_ body: (inout Self) -> Void) {
        beginObject()
        body(&self)
        endObject()
    }

    /// `[…]` around what `body` writes.
    @inlinable
    public mutating func array(_ body: (inout Self) -> Void) {
        beginArray()
        body(&self)
        endArray()
    }

    @inlinable
    public mutating func member(_ name: StaticString, _ value: Int) {
        key(name)
        int(value)
    }

    @inlinable
    public mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    @inlinable
    public mutating func member(_ name: StaticString, number value: Double) {
        key(name)
        number(value)
    }

    @inlinable
    public mutating func member(_ name: StaticString, _ value: JSONValue) {
        key(name)
        self.value(value)
    }

    /// A member whose value `body` writes.
    @inlinable
    public mutating func member(_ name: StaticString, _ body: (inout Self) -> Void) {
        key(name)
        body(&self)
    }
}

/// Builds the `JSONValue` tree that a sequence of `JSONSink` calls describes.
public struct JSONTreeBuilder: JSONSink {
    private struct Container {
        var isObject: Bool
        var items: [JSONValue] = []
        var members: [(String, JSONValue)] = []
        var pendingKey: String?
    }

    private var stack: [Container] = []
    private var result: JSONValue?

    public init() {}

    /// The tree, once every container is closed.
    public var tree: JSONValue { result ?? .null }

    private mutating func add(_ value: JSONValue) {
        guard let last = stack.indices.last else {
            result = value
            return
        }
        if stack[last].isObject {
            let name = stack[last].pendingKey ?? ""
            stack[last].pendingKey = nil
            stack[last].members.append((name, value))
        } else {
            stack[last].items.append(value)
        }
    }

    public mutating func beginObject() { stack.append(Container(isObject: true)) }
    public mutating func endObject() { add(.object(stack.removeLast().members)) }
    public mutating func beginArray() { stack.append(Container(isObject: false)) }
    public mutating func endArray() { add(.array(stack.removeLast().items)) }
    public mutating func key(_ name: StaticString) { stack[stack.count - 1].pendingKey = name.description }
    public mutating func key(escaping name: String) { stack[stack.count - 1].pendingKey = name }
    public mutating func int(_ value: Int) { add(.int(value)) }
    public mutating func number(_ value: Double) { add(.number(value)) }
    public mutating func number(_ value: Double, places: Int) { add(.decimal(value, places: places)) }
    public mutating func string(_ value: String) { add(.string(value)) }
    public mutating func bool(_ value: Bool) { add(.bool(value)) }
    public mutating func null() { add(.null) }
    public mutating func value(_ value: JSONValue) { add(value) }

    public func beginFragment() -> Int { stack.last?.items.count ?? 0 }
    public func endFragment(_ start: Int) -> [JSONValue] { Array(stack.last?.items[start...] ?? []) }
    public mutating func insert(_ fragment: [JSONValue]) -> Bool {
        for item in fragment { add(item) }
        return true
    }

    /// The tree `body` writes.
    public static func build(_ body: (inout JSONTreeBuilder) -> Void) -> JSONValue {
        var builder = JSONTreeBuilder()
        body(&builder)
        return builder.tree
    }
}
