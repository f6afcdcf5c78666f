/// Limits that keep hostile input cheap. Each is documented, with the reason for its value, in
/// docs/limits.md.
public struct YAMLLimits: Sendable {
    /// Scene files are hand-written text; 8 MiB is far beyond any real scene and still cheap to read.
    public static let defaultMaxFileBytes = 8 << 20
    /// libyaml 0.2.5 spends time quadratic in flow nesting depth and has no depth limit of its own.
    public static let defaultMaxDepth = 64
    /// Counted after alias expansion, so a "billion laughs" file cannot blow up later stages.
    public static let defaultMaxNodes = 1_000_000

    /// Files larger than this many bytes are rejected before parsing.
    public var maxFileBytes: Int
    /// The most collections that may be open inside one another.
    public var maxDepth: Int
    /// Total nodes after alias expansion.
    public var maxNodes: Int

    public init(
        maxFileBytes: Int = defaultMaxFileBytes, maxDepth: Int = defaultMaxDepth, maxNodes: Int = defaultMaxNodes
    ) {
        self.maxFileBytes = maxFileBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
    }

    public static let `default` = YAMLLimits()
}
