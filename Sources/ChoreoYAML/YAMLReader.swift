import ChoreoDiagnostics

/// Limits that keep hostile input cheap. Each is documented in docs/limits.md.
public struct YAMLLimits: Sendable {
    public var maxFileBytes: Int
    public var maxDepth: Int
    /// Total nodes after alias expansion.
    public var maxNodes: Int

    public init(maxFileBytes: Int = 8 << 20, maxDepth: Int = 64, maxNodes: Int = 1_000_000) {
        self.maxFileBytes = maxFileBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
    }

    public static let `default` = YAMLLimits()
}

/// Reads one YAML document into a `YAMLNode` tree. Never throws: problems come back as diagnostics,
/// and the root is nil only when nothing usable could be read.
public func readYAML(_ file: SourceFile, limits: YAMLLimits = .default) -> (root: YAMLNode?, diagnostics: [Diagnostic]) {
    // Placeholder until the libyaml reader lands.
    return (nil, [Diagnostic(.error, rule: "yaml-syntax", "YAML reader not implemented", file: file.path, range: .fileStart)])
}
