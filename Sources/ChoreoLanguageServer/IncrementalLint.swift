import ChoreoDiagnostics
import ChoreoYAML

/// The YAML of the text a document was last linted from, kept so the next lint can read again
/// only the entry an edit stayed inside (`splicing`): a layer, a transition, a state's entry for
/// one node, a keyframe, a var. Kept only for a text whose YAML read without a diagnostic and
/// without aliases: an alias shares nodes between places, and a diagnostic may depend on text far
/// from the edit, so either makes every lint a whole read.
struct LintBase {
    /// The tree as `readYAML` made it (before `artwork:` nodes are expanded into it).
    var root: YAMLNode
    var nodeCount: Int
    /// Whether the text may hold a `<<` merge: the reader puts a merged map's entries among a
    /// map's own, so no entry of a map is read alone then (a list's items still are).
    var mayMerge: Bool

    init?(root: YAMLNode, diagnostics: [Diagnostic], file: SourceFile) {
        guard diagnostics.isEmpty, !file.hasYAMLOnlyLineBreaks, case .mapping = root.kind, !root.containsAlias else { return nil }
        self.root = root
        nodeCount = root.nodeCount
        mayMerge = Self.mentionsMerge(file.bytes[...])
    }

    /// What a lint of `document` could reuse: the tree of its text, with the innermost entry of a
    /// block map or item of a block list that every change since this base stayed within read
    /// again alone, and the base for the lint after. Nil when the changes may reach past one
    /// entry's lines (then the whole text is read): a change of the line count, of lines outside
    /// any entry, or of a line not indented into its entry (which could end it or start another).
    func splicing(_ document: Document, path: String) -> (read: Splice, base: LintBase)? {
        guard !document.replacedWhole, document.lineDelta == 0, let changed = document.changedLines else { return nil }
        var reading = Reading(document: document, path: path, first: changed.lowerBound + 1, last: changed.upperBound + 1, mayMerge: mayMerge)
        guard reading.isBlockCollection(root), let (spliced, oldCount, newCount) = reading.splice(root, depth: 0, endLine: document.lines.count)
        else { return nil }
        let count = nodeCount - oldCount + newCount
        // The reader also counts what a `<<: {…}` merge written in place leaves out of the tree
        // (the `<<` key and its map): at most 2 nodes per 7 bytes (`<<: {}` and a break), so
        // with a third of the text's bytes as margin the whole read would be within the limit too.
        let textBytes = document.text.utf8.count
        guard count + textBytes / 3 <= YAMLLimits.default.nodeLimit(inputBytes: textBytes) else { return nil }
        var next = self
        next.root = spliced
        next.nodeCount = count
        next.mayMerge = mayMerge || reading.readMerge
        return (Splice(root: spliced, bytesRead: reading.bytesRead), next)
    }

    struct Splice {
        var root: YAMLNode
        /// The YAML bytes read for the entry read again.
        var bytesRead: Int
    }

    /// One descent of `splicing` through the tree to the entry the changed lines are in.
    private struct Reading {
        let document: Document
        let path: String
        /// The changed lines (1-based).
        let first: Int, last: Int
        let mayMerge: Bool
        var bytesRead = 0
        var readMerge = false

        /// `node` (a block collection `depth` deep whose lines end at `endLine`) with the child
        /// the changes are in read again, deeper where they stay within one of its children;
        /// and the nodes of what was replaced and of what replaced it.
        mutating func splice(_ node: YAMLNode, depth: Int, endLine: Int) -> (node: YAMLNode, old: Int, new: Int)? {
            switch node.kind {
            case .scalar: return nil
            case var .sequence(items):
                guard let (index, childEnd) = child(items.map(\.range.start), lastLines: items.map(\.range.end.line), endLine: endLine),
                    let dash = LintBase.dashColumn(document.line(items[index].range.start.line - 1)),
                    dash < items[index].range.start.column - 1, indented(from: items[index].range.start.line, to: childEnd, pastColumn: dash)
                else { return nil }
                let old = items[index]
                if isBlockCollection(old), let (inner, oldCount, newCount) = splice(old, depth: depth + 1, endLine: childEnd) {
                    items[index] = inner
                    return (Self.replacing(node, with: .sequence(items), lastEnd: items[items.count - 1].range.end), oldCount, newCount)
                }
                let bytes = bytesOf(from: old.range.start.line, to: childEnd)
                guard let (item, count) = readYAMLSequenceItem(bytes, firstLine: old.range.start.line, depth: depth, path: path),
                    item.range.start == old.range.start
                else { return nil }
                noteRead(bytes)
                items[index] = item
                return (Self.replacing(node, with: .sequence(items), lastEnd: items[items.count - 1].range.end), old.nodeCount, count)
            case var .mapping(pairs):
                guard !mayMerge,
                    let (index, childEnd) = child(pairs.map(\.key.range.start), lastLines: pairs.map(\.value.range.end.line), endLine: endLine)
                else { return nil }
                let key = pairs[index].key.range.start
                // The key starts its line, and the entry's other lines are indented past it.
                guard LintBase.indent(of: document.line(key.line - 1)) == key.column - 1,
                    indented(from: key.line, to: childEnd, pastColumn: key.column - 1)
                else { return nil }
                let old = pairs[index]
                if isBlockCollection(old.value), old.value.range.start.line > key.line,
                    let (inner, oldCount, newCount) = splice(old.value, depth: depth + 1, endLine: childEnd)
                {
                    pairs[index].value = inner
                    return (Self.replacing(node, with: .mapping(pairs), lastEnd: pairs[pairs.count - 1].value.range.end), oldCount, newCount)
                }
                let bytes = bytesOf(from: key.line, to: childEnd)
                guard let (pair, count) = readYAMLMapEntry(bytes, firstLine: key.line, depth: depth, path: path),
                    pair.key.range.start == key, let name = pair.key.scalar?.value
                else { return nil }
                // A key changed to one of its neighbours' is the whole read's duplicate-key error.
                if name != old.key.scalar?.value {
                    guard !pairs.indices.contains(where: { $0 != index && pairs[$0].key.scalar?.value == name }) else { return nil }
                }
                noteRead(bytes)
                pairs[index] = pair
                return (Self.replacing(node, with: .mapping(pairs), lastEnd: pairs[pairs.count - 1].value.range.end),
                    old.key.nodeCount + old.value.nodeCount, count)
            }
        }

        /// A block collection with new children: it ends where its last child ends, which an edit
        /// of that child's last line moves.
        private static func replacing(_ node: YAMLNode, with kind: YAMLNode.Kind, lastEnd: SourceLocation) -> YAMLNode {
            var copy = node
            copy.kind = kind
            copy.range.end = lastEnd
            return copy
        }

        /// The child whose lines hold every changed line, and its last line (the line before the
        /// next child, or the collection's `endLine`): nil unless the changes start at or after
        /// the child's first line, stay before the next child, and the child shares no line with
        /// the one before it (a flow collection's entries do).
        private func child(_ starts: [SourceLocation], lastLines: [Int], endLine: Int) -> (index: Int, endLine: Int)? {
            guard let firstStart = starts.first, firstStart.line <= first else { return nil }
            var low = 0, high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle].line <= first { low = middle } else { high = middle - 1 }
            }
            let childEnd = low + 1 < starts.count ? starts[low + 1].line - 1 : endLine
            guard last <= childEnd, low == 0 || lastLines[low - 1] < starts[low].line, low + 1 >= starts.count || lastLines[low] < starts[low + 1].line
            else { return nil }
            return (low, childEnd)
        }

        /// Whether the lines after `startLine` up to `endLine` are each blank, a comment, or
        /// indented past `column`.
        private func indented(from startLine: Int, to endLine: Int, pastColumn column: Int) -> Bool {
            guard startLine < endLine else { return true }
            for line in startLine..<endLine where !LintBase.isIndented(document.line(line), pastColumn: column) { return false }
            return true
        }

        /// Whether `node` is a map or a list written in block style (its first line does not
        /// open it with `{` or `[`).
        func isBlockCollection(_ node: YAMLNode) -> Bool {
            if case .scalar = node.kind { return false }
            let line = document.line(node.range.start.line - 1)
            let column = node.range.start.column - 1
            guard column < line.count else { return false }
            return line[column] != "{" && line[column] != "["
        }

        /// The UTF-8 bytes of 1-based lines `first...last`.
        private func bytesOf(from first: Int, to last: Int) -> [UInt8] {
            document.utf8Bytes(lines: (first - 1)...(last - 1))
        }

        private mutating func noteRead(_ bytes: [UInt8]) {
            bytesRead += bytes.count
            if LintBase.mentionsMerge(bytes[...]) { readMerge = true }
        }
    }

    /// Whether bytes hold `<<`, which any merge key is spelt with.
    static func mentionsMerge(_ bytes: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "<"), previous == byte { return true }
            previous = byte
        }
        return false
    }

    /// The column (0-based) of the `-` that starts a block sequence item on this line: only
    /// spaces before it and a space after it.
    static func dashColumn(_ line: [Unicode.Scalar]) -> Int? {
        let column = indent(of: line)
        guard column + 1 < line.count, line[column] == "-", line[column + 1] == " " else { return nil }
        return column
    }

    /// The spaces a line starts with.
    static func indent(of line: [Unicode.Scalar]) -> Int {
        var column = 0
        while column < line.count, line[column] == " " { column += 1 }
        return column
    }

    /// Whether a line stays inside the item whose `-` is at `column`: blank, a comment, or
    /// indented past the dash with spaces.
    static func isIndented(_ line: [Unicode.Scalar], pastColumn column: Int) -> Bool {
        let indent = indent(of: line)
        if indent == line.count { return true }
        if line[indent] == "#" { return true }
        return indent > column
    }
}

/// `readYAMLSequenceItem` for one entry of a block map (from its key's line to the line before
/// the next entry; `depth` the map's own depth, 0 for the top-level map): the key and its value,
/// and the nodes of both. Nil for a `<<` merge, which a map does not keep as an entry.
func readYAMLMapEntry(
    _ bytes: [UInt8], firstLine: Int, depth: Int, path: String, limits: YAMLLimits = .default
) -> (pair: YAMLPair, nodeCount: Int)? {
    guard let root = readYAMLFragment(bytes, depth: depth, path: path, limits: limits), !root.containsAlias,
        case let .mapping(pairs) = root.kind, pairs.count == 1, pairs[0].key.scalar?.value != "<<"
    else { return nil }
    let pair = YAMLPair(key: pairs[0].key.shiftingLines(by: firstLine - 1), value: pairs[0].value.shiftingLines(by: firstLine - 1))
    return (pair, pair.key.nodeCount + pair.value.nodeCount)
}
