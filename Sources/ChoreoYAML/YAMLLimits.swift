/// Limits that keep hostile input cheap. Each is documented, with the reason for its value, in
/// docs/limits.md.
public struct YAMLLimits: Sendable {
    /// Scene files are hand-written text; 8 MiB is far beyond any real scene and still cheap to read.
    public static let defaultMaxFileBytes = 8 << 20
    /// libyaml 0.2.5 spends time quadratic in flow nesting depth and has no depth limit of its own.
    public static let defaultMaxDepth = 64
    /// Counted after alias expansion, so a "billion laughs" file cannot blow up later stages.
    public static let defaultMaxNodes = 1_000_000
    /// A node takes at least 2 bytes to write (`1,`), a scene's about 10; a file may have one node
    /// per 4 bytes when that is more than `maxNodes`, so no large file written out in full is
    /// refused, while aliases still cannot multiply it.
    public static let defaultInputBytesPerNode = 4

    /// Files larger than this many bytes are rejected before parsing.
    public var maxFileBytes: Int
    /// The most collections that may be open inside one another.
    public var maxDepth: Int
    /// Total nodes after alias expansion: at least this many (the floor).
    public var maxNodes: Int
    /// Above the floor, one node per this many bytes of the file; 0 keeps the limit at `maxNodes`.
    public var inputBytesPerNode: Int

    public init(
        maxFileBytes: Int = defaultMaxFileBytes, maxDepth: Int = defaultMaxDepth, maxNodes: Int = defaultMaxNodes,
        inputBytesPerNode: Int = defaultInputBytesPerNode
    ) {
        self.maxFileBytes = maxFileBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.inputBytesPerNode = inputBytesPerNode
    }

    /// The node limit for a file of `inputBytes` bytes.
    public func nodeLimit(inputBytes: Int) -> Int {
        inputBytesPerNode > 0 ? max(maxNodes, inputBytes / inputBytesPerNode) : maxNodes
    }

    public static let `default` = YAMLLimits()
}
