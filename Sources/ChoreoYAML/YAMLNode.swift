import ChoreoDiagnostics

/// How a scalar was written. Quoted and block scalars are always strings to the scene schema;
/// only plain scalars may be read as numbers, booleans or null (and only where the schema expects one).
public enum ScalarStyle: String, Sendable {
    case plain, singleQuoted, doubleQuoted, literal, folded

    public var isQuoted: Bool { self != .plain }
}

public struct YAMLScalar: Sendable, Equatable {
    public var value: String
    public var style: ScalarStyle

    public init(_ value: String, style: ScalarStyle = .plain) {
        self.value = value
        self.style = style
    }
}

public struct YAMLPair: Sendable {
    public var key: YAMLNode
    public var value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// A node of the YAML tree, untyped: every scalar is text and the scene schema decides what it
/// means. Every node knows where it came from, so later stages can point at it.
///
/// Aliases are resolved: a node reached through `*name` is a copy of the anchored node, whose
/// `range` points at the anchored text and whose `alias` points at the `*name` that used it.
/// `<<` merge keys are resolved too: the merged pairs appear in the mapping (explicit keys win).
///
/// Stored compactly (a large scene has hundreds of thousands of nodes): the range as four 32-bit
/// numbers, and the tag and alias, which few nodes have, behind one optional reference. A node
/// takes 48 bytes instead of 112.
public struct YAMLNode: Sendable {
    public enum Kind: Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    /// The tag and alias of the few nodes that have one.
    private final class Extras: Sendable {
        let tag: String?
        let alias: SourceRange?

        init(tag: String?, alias: SourceRange?) {
            self.tag = tag
            self.alias = alias
        }

        static func make(tag: String?, alias: SourceRange?) -> Extras? {
            tag == nil && alias == nil ? nil : Extras(tag: tag, alias: alias)
        }
    }

    public var kind: Kind
    private var start: PackedLocation
    private var end: PackedLocation
    private var extras: Extras?

    public init(_ kind: Kind, range: SourceRange, tag: String? = nil, alias: SourceRange? = nil) {
        self.kind = kind
        self.start = PackedLocation(range.start)
        self.end = PackedLocation(range.end)
        self.extras = Extras.make(tag: tag, alias: alias)
    }

    /// The node's own text, from its first to just past its last character.
    public var range: SourceRange {
        get { SourceRange(start: start.location, end: end.location) }
        set {
            start = PackedLocation(newValue.start)
            end = PackedLocation(newValue.end)
        }
    }

    /// An explicit tag (`!!str`), if one was written.
    public var tag: String? {
        get { extras?.tag }
        set { extras = Extras.make(tag: newValue, alias: extras?.alias) }
    }

    /// Where the node was used through an alias, if it was.
    public var alias: SourceRange? {
        get { extras?.alias }
        set { extras = Extras.make(tag: extras?.tag, alias: newValue) }
    }

    public var scalar: YAMLScalar? {
        if case let .scalar(s) = kind { return s }
        return nil
    }

    public var sequence: [YAMLNode]? {
        if case let .sequence(items) = kind { return items }
        return nil
    }

    public var mapping: [YAMLPair]? {
        if case let .mapping(pairs) = kind { return pairs }
        return nil
    }

    /// The node without its children: an empty list or map (a scalar as it is) with the same
    /// range, tag and alias. For readers that release a subtree they are done with while keeping
    /// what a message about the node would need.
    public var hollow: YAMLNode {
        var node = self
        switch kind {
        case .scalar: break
        case .sequence: node.kind = .sequence([])
        case .mapping: node.kind = .mapping([])
        }
        return node
    }

    /// "a scalar", "a list" or "a map", for messages.
    public var kindDescription: String {
        switch kind {
        case .scalar: return "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a map"
        }
    }

    /// The range to report a problem with this node at: where it is used (the alias) if it came
    /// through one, else its own text.
    public var reportRange: SourceRange { alias ?? range }
}

/// A line and column in 32 bits each: files are at most `YAMLLimits.maxFileBytes` (8 MiB) long,
/// so neither can overflow; larger values (only ever built by hand) saturate.
private struct PackedLocation: Sendable {
    var line: UInt32
    var column: UInt32

    init(_ location: SourceLocation) {
        line = UInt32(clamping: location.line)
        column = UInt32(clamping: location.column)
    }

    var location: SourceLocation { SourceLocation(line: Int(line), column: Int(column)) }
}
