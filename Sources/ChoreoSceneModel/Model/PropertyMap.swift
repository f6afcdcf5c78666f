import ChoreoTimeline

/// Values keyed by `Property`, in place of a `[Property: Value]` dictionary: the subscript, `keys`,
/// `values`, `count` and `for (key, value) in` that code used of the dictionary, without hashing
/// and with iteration in property order: the table's order, by id (not `Property`'s `<`, which
/// compares paths, the order sorted keys and their outputs follow), so deterministic.
///
/// A scene has a few of these per node (base values, where they were written), each holding
/// about 10 of the table's 66 properties: an array of 66 optionals would be four times the
/// dictionary's size, so the values are stored packed, in property order, and a 128-bit mask says
/// which properties are present. A property's slot is the number of present properties before it
/// (a population count), so lookups take a few instructions and one array read.
///
/// The subscript and what it uses are `@inlinable`: the front end and lowering (other modules)
/// read and write these maps for every property of every node, and unspecialized, every write
/// paid type-metadata lookups and a generic array insert. `storedValues` is written only by this
/// type's own code, so `values` stays read-only outside it.
public struct PropertyMap<Value> {
    /// Bit `p` of `low` (p < 64) or `high` (p - 64) is set when property `p` has a value.
    @usableFromInline internal var low: UInt64 = 0
    @usableFromInline internal var high: UInt64 = 0
    @usableFromInline internal var storedValues: [Value] = []
    /// The present properties' values, in property order.
    @inlinable public var values: [Value] { storedValues }

    public init() {}

    /// An empty map with room for `capacity` values before it grows.
    public init(minimumCapacity capacity: Int) {
        storedValues.reserveCapacity(capacity)
    }

    /// The same map in an array of exactly its size: for a map filled once and then kept, such
    /// as a node's base values, which the front end fills in a roomier one.
    public func compacted() -> PropertyMap {
        guard values.capacity > values.count else { return self }
        var result = self
        result.storedValues = values.withUnsafeBufferPointer { Array($0) }
        return result
    }

    @inlinable public var count: Int { storedValues.count }
    @inlinable public var isEmpty: Bool { storedValues.isEmpty }

    @inlinable
    public subscript(property: Property) -> Value? {
        get {
            guard contains(property) else { return nil }
            return storedValues[slot(of: property)]
        }
        set {
            let slot = slot(of: property)
            switch (contains(property), newValue) {
            case let (true, value?): storedValues[slot] = value
            case (true, nil):
                storedValues.remove(at: slot)
                toggle(property)
            case let (false, value?):
                storedValues.insert(value, at: slot)
                toggle(property)
            case (false, nil): break
            }
        }
    }

    @inlinable
    public subscript(property: Property, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[property] ?? defaultValue() }
        set { self[property] = newValue }
    }

    @inlinable
    public func contains(_ property: Property) -> Bool {
        let bit = property.rawValue
        return bit < 64 ? low & (1 << UInt64(bit)) != 0 : high & (1 << UInt64(bit - 64)) != 0
    }

    /// The present properties, in property order.
    public var keys: [Property] {
        var keys: [Property] = []
        keys.reserveCapacity(values.count)
        var word = low
        while word != 0 {
            keys.append(Property(rawValue: word.trailingZeroBitCount)!)
            word &= word - 1
        }
        word = high
        while word != 0 {
            keys.append(Property(rawValue: 64 + word.trailingZeroBitCount)!)
            word &= word - 1
        }
        return keys
    }

    /// The same keys with their values transformed.
    public func mapValues<T>(_ transform: (Value) throws -> T) rethrows -> PropertyMap<T> {
        var result = PropertyMap<T>()
        result.low = low
        result.high = high
        result.storedValues = try values.map(transform)
        return result
    }

    /// The index in `values` of `property`'s value, present or not: how many present properties
    /// come before it.
    @inlinable
    internal func slot(of property: Property) -> Int {
        let bit = property.rawValue
        if bit < 64 { return (low & ((1 << UInt64(bit)) - 1)).nonzeroBitCount }
        let below: UInt64 = bit == 64 ? 0 : (1 << UInt64(bit - 64)) - 1
        return low.nonzeroBitCount + (high & below).nonzeroBitCount
    }

    @inlinable
    internal mutating func toggle(_ property: Property) {
        let bit = property.rawValue
        if bit < 64 { low ^= 1 << UInt64(bit) } else { high ^= 1 << UInt64(bit - 64) }
    }

    /// How many properties the mask can hold; `PropertyMapTests` checks the table fits.
    package static var capacity: Int { 128 }
}

extension PropertyMap: Sequence {
    public struct Iterator: IteratorProtocol {
        fileprivate let keys: [Property]
        fileprivate let values: [Value]
        fileprivate var index = 0

        public mutating func next() -> (key: Property, value: Value)? {
            guard index < values.count else { return nil }
            defer { index += 1 }
            return (keys[index], values[index])
        }
    }

    /// `(key, value)` pairs in property order.
    public func makeIterator() -> Iterator { Iterator(keys: keys, values: values) }

    public var underestimatedCount: Int { values.count }
}

extension PropertyMap: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (Property, Value)...) {
        self.init()
        for (property, value) in elements {
            precondition(self[property] == nil, "\(property) is given twice")
            self[property] = value
        }
    }
}

extension PropertyMap: Equatable where Value: Equatable {
    public static func == (a: PropertyMap, b: PropertyMap) -> Bool {
        a.low == b.low && a.high == b.high && a.values == b.values
    }
}

extension PropertyMap: Sendable where Value: Sendable {}

/// A node's values: base values in the model, what states and timelines set.
public typealias PropertyValues = PropertyMap<PropertyValue>

/// The model's values keyed by property: a wrong kind is a broken invariant, not a default.
extension PropertyMap where Value == PropertyValue {
    package func number(_ property: Property) -> Double? {
        guard let value = self[property] else { return nil }
        guard case let .number(number) = value else { preconditionFailure("\(property) holds \(value), not a number") }
        return number
    }

    package func point(_ property: Property) -> Point? {
        guard let value = self[property] else { return nil }
        guard case let .point(point) = value else { preconditionFailure("\(property) holds \(value), not a point") }
        return point
    }

    package func path(_ property: Property) -> PathShape? {
        guard let value = self[property] else { return nil }
        guard case let .path(path) = value else { preconditionFailure("\(property) holds \(value), not a path") }
        return path
    }
}

extension PropertyMap {
    /// `Dictionary.merge`: `other`'s values added, `combine` choosing where both have one.
    public mutating func merge<S: Sequence>(
        _ other: S, uniquingKeysWith combine: (Value, Value) throws -> Value
    ) rethrows where S.Element == (key: Property, value: Value) {
        for (property, value) in other {
            self[property] = try self[property].map { try combine($0, value) } ?? value
        }
    }
}
