import ChoreoDiagnostics
import ChoreoTimeline

// The IR's account of where a node is defined is a plain value, since the timeline depends on
// nothing; here, where both are seen, it converts to and from the diagnostics' `SourceRange`
// (the same 1-based lines and scalar columns).

extension NodeSource.Definition {
    public init(_ range: SourceRange) {
        self.init(startLine: range.start.line, startColumn: range.start.column, endLine: range.end.line, endColumn: range.end.column)
    }
}

extension SourceRange {
    public init(_ definition: NodeSource.Definition) {
        self.init(
            start: SourceLocation(line: definition.startLine, column: definition.startColumn),
            end: SourceLocation(line: definition.endLine, column: definition.endColumn))
    }
}

extension SceneNode {
    /// What the IR node lowered from this node, as `part` of it, says of its source: the author's
    /// node (for a glyph the front end made, the text node and the glyph's index) and where it
    /// is defined. A glyph is always `.glyph`: its text's group holds any repeat, so lowering
    /// never writes out copies of a glyph on its own.
    public func nodeSource(_ part: NodeSource.Part = .node) -> NodeSource {
        let definition = NodeSource.Definition(range)
        switch origin {
        case let .glyph(text, index): return NodeSource(node: text, part: .glyph(index), definition: definition)
        case nil: return NodeSource(node: id, part: part, definition: definition)
        }
    }
}
