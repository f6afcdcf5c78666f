import ChoreoDiagnostics

/// A theme of the scene (`themes:`): a name and the vars it gives other values. The values
/// themselves stay with the front end (`themeOverrides(_:in:)`), which builds the scene again
/// with them read in place of the vars' own.
public struct SceneTheme: Sendable {
    public var name: String
    public var range: SourceRange
    /// Where each override is written, by var name.
    package var overrideRanges: [String: SourceRange] = [:]

    package init(name: String, range: SourceRange) {
        self.name = name
        self.range = range
    }
}
