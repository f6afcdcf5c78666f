/// The scene's themes (contract section 11): named sets of values for the properties that depend
/// on a themed var. A themed property carries its slot id (`Animated.slot`) and its default value
/// (the scene as written); each theme gives every slot a value.
public struct Themes: Sendable, Equatable {
    /// Theme names, in file order.
    public var names: [String]
    /// Sorted by id.
    public var slots: [ThemeSlot]

    public init(names: [String], slots: [ThemeSlot]) {
        self.names = names
        self.slots = slots
    }

    public func slot(_ id: String) -> ThemeSlot? {
        slots.first { $0.id == id }
    }
}

/// One themed value: what it is in the default theme and in each theme.
public struct ThemeSlot: Sendable, Equatable {
    /// The var's name when the value is that var as written (`ink`), else `NODE.PROPERTY`.
    public var id: String
    public var defaultValue: SlotValue
    /// Theme name → value, for every theme.
    public var values: [String: SlotValue]

    public init(id: String, defaultValue: SlotValue, values: [String: SlotValue]) {
        self.id = id
        self.defaultValue = defaultValue
        self.values = values
    }
}

/// The kinds of value a theme can change: the ones a Lottie slot can hold.
public enum SlotValue: Sendable, Equatable {
    /// A fill or stroke colour.
    case color(Animated<RGBA>)
    /// A node's opacity, 0…1.
    case opacity(Animated<Double>)
    /// A stroke width, in px.
    case length(Animated<Double>)
}
