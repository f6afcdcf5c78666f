import ChoreoDiagnostics
import ChoreoYAML

/// The YAML of the text a document was last linted from, kept so the next lint can read again
/// only the layer an edit stayed inside (`splicing`). Kept only for a text whose YAML read
/// without a diagnostic and without aliases: an alias shares nodes between places, and a
/// diagnostic may depend on text far from the edit, so either makes every lint a whole read.
struct LintBase {
    /// The tree as `readYAML` made it (before `artwork:` nodes are expanded into it).
    var root: YAMLNode
    var nodeCount: Int
    /// Where `layers` is among the top-level pairs.
    var layersIndex: Int
    /// Each top-level layer's first and last line (1-based), in order.
    var layerLines: [(first: Int, last: Int)]

    init?(root: YAMLNode, diagnostics: [Diagnostic], file: SourceFile) {
        guard diagnostics.isEmpty, !file.hasYAMLOnlyLineBreaks, case let .mapping(pairs) = root.kind,
            let index = pairs.firstIndex(where: { $0.key.scalar?.value == "layers" && $0.key.scalar?.style == .plain }),
            let items = pairs[index].value.sequence, !root.containsAlias
        else { return nil }
        self.root = root
        nodeCount = root.nodeCount
        layersIndex = index
        layerLines = items.map { ($0.range.start.line, $0.range.end.line) }
    }

    /// What a lint of `document` could reuse: the tree of its text, with the one layer that every
    /// change since this base stayed within read again alone, and the base for the lint after.
    /// Nil when the changes may reach past one layer's lines (then the whole text is read):
    /// a change of the line count, of the first or the last layer, or of a line that is not
    /// indented into its layer's `-` (which could end the list or start another item).
    func splicing(_ document: Document, path: String) -> (read: Splice, base: LintBase)? {
        guard !document.replacedWhole, document.lineDelta == 0, let changed = document.changedLines else { return nil }
        let first = changed.lowerBound + 1, last = changed.upperBound + 1
        // The last layer that starts at or before the first changed line.
        var low = 0, high = layerLines.count - 1
        guard high >= 0, layerLines[0].first <= first else { return nil }
        while low < high {
            let middle = (low + high + 1) / 2
            if layerLines[middle].first <= first { low = middle } else { high = middle - 1 }
        }
        let index = low
        guard index > 0, index + 1 < layerLines.count, layerLines[index - 1].last < layerLines[index].first else { return nil }
        let startLine = layerLines[index].first, endLine = layerLines[index + 1].first - 1
        guard last <= endLine, let dash = Self.dashColumn(document.line(startLine - 1)) else { return nil }
        for line in startLine..<endLine where !Self.isIndented(document.line(line), pastColumn: dash) { return nil }
        let bytes = document.utf8Bytes(lines: (startLine - 1)...(endLine - 1))
        guard let (item, itemCount) = readYAMLSequenceItem(bytes, firstLine: startLine, depth: 1, path: path),
            case var .mapping(pairs) = root.kind, case var .sequence(items) = pairs[layersIndex].value.kind
        else { return nil }
        let old = items[index]
        guard item.range.start == old.range.start else { return nil }
        let count = nodeCount - old.nodeCount + itemCount
        // The reader also counts what a `<<: {…}` merge written in place leaves out of the tree
        // (the `<<` key and its map): at most 2 nodes per 7 bytes (`<<: {}` and a break), so
        // with a third of the text's bytes as margin the whole read would be within the limit too.
        let textBytes = document.text.utf8.count
        guard count + textBytes / 3 <= YAMLLimits.default.nodeLimit(inputBytes: textBytes) else { return nil }
        items[index] = item
        pairs[layersIndex].value.kind = .sequence(items)
        var spliced = root
        spliced.kind = .mapping(pairs)
        var next = self
        next.root = spliced
        next.nodeCount = count
        next.layerLines[index] = (item.range.start.line, item.range.end.line)
        return (Splice(root: spliced, layer: index, bytesRead: bytes.count), next)
    }

    struct Splice {
        var root: YAMLNode
        /// The top-level layer read again, and the YAML bytes read for it.
        var layer: Int
        var bytesRead: Int
    }

    /// The column (0-based) of the `-` that starts a block sequence item on this line: only
    /// spaces before it and a space after it.
    static func dashColumn(_ line: [Unicode.Scalar]) -> Int? {
        var column = 0
        while column < line.count, line[column] == " " { column += 1 }
        guard column + 1 < line.count, line[column] == "-", line[column + 1] == " " else { return nil }
        return column
    }

    /// Whether a line stays inside the item whose `-` is at `column`: blank, a comment, or
    /// indented past the dash with spaces.
    static func isIndented(_ line: [Unicode.Scalar], pastColumn column: Int) -> Bool {
        var indent = 0
        while indent < line.count, line[indent] == " " { indent += 1 }
        if indent == line.count { return true }
        if line[indent] == "#" { return true }
        return indent > column
    }
}
