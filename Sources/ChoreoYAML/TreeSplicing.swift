import ChoreoDiagnostics

// Editors re-read a document after every keystroke. When an edit stays inside one item of a
// block sequence, that item's lines can be read alone and put in place of the old item; these
// are the pieces for that. Whether an edit is local is the caller's to decide: these only read,
// count and move nodes.

extension YAMLNode {
    /// Nodes in the tree, every key, value and item: what the reader charged against
    /// `YAMLLimits.maxNodes` for a tree without aliases (which it counts once per use) and
    /// without `<<` merges (whose key and map it counts but leaves out of the tree).
    public var nodeCount: Int {
        var count = 0
        var pending = [self]
        while let node = pending.popLast() {
            count += 1
            switch node.kind {
            case .scalar: break
            case let .sequence(items): pending += items
            case let .mapping(pairs):
                for pair in pairs { pending += [pair.key, pair.value] }
            }
        }
        return count
    }

    /// Whether any node in the tree was reached through an alias (`*name`): such a tree shares
    /// nodes between places, so one place cannot be read again alone.
    public var containsAlias: Bool {
        var pending = [self]
        while let node = pending.popLast() {
            if node.alias != nil { return true }
            switch node.kind {
            case .scalar: break
            case let .sequence(items): pending += items
            case let .mapping(pairs):
                for pair in pairs { pending += [pair.key, pair.value] }
            }
        }
        return false
    }

    /// The same tree with every range (and alias range) `lines` lines further down.
    public func shiftingLines(by lines: Int) -> YAMLNode {
        guard lines != 0 else { return self }
        var node = self
        node.range = Self.shift(range, by: lines)
        if let alias { node.alias = Self.shift(alias, by: lines) }
        switch kind {
        case .scalar: break
        case let .sequence(items): node.kind = .sequence(items.map { $0.shiftingLines(by: lines) })
        case let .mapping(pairs):
            node.kind = .mapping(pairs.map { YAMLPair(key: $0.key.shiftingLines(by: lines), value: $0.value.shiftingLines(by: lines)) })
        }
        return node
    }

    private static func shift(_ range: SourceRange, by lines: Int) -> SourceRange {
        var range = range
        range.start.line += lines
        range.end.line += lines
        return range
    }
}

/// Reads `bytes`, the lines of one item of a block sequence (from the line of its `-` to the line
/// before the next item), as the reader would read them in place, starting at line `firstLine`
/// of their file and `depth` collections deep (the sequence's own depth: 1 for a list under a
/// top-level key). Nil unless the lines are exactly one item read without a single diagnostic:
/// a problem, or text that is not one item, is for a whole read to report.
public func readYAMLSequenceItem(
    _ bytes: [UInt8], firstLine: Int, depth: Int, path: String, limits: YAMLLimits = .default
) -> (item: YAMLNode, nodeCount: Int)? {
    guard let root = readYAMLFragment(bytes, depth: depth, path: path, limits: limits),
        case let .sequence(items) = root.kind, items.count == 1
    else { return nil }
    let item = items[0]
    guard !item.containsAlias else { return nil }
    return (item.shiftingLines(by: firstLine - 1), item.nodeCount)
}

/// Lines of a file read on their own as the reader would read them `depth` collections deep (its
/// depth limit lowered by as much): nil on any diagnostic, a tag on the root, or a line break only
/// YAML counts (the fragment's lines would not be the file's).
public func readYAMLFragment(_ bytes: [UInt8], depth: Int, path: String, limits: YAMLLimits) -> YAMLNode? {
    var fragmentLimits = limits
    fragmentLimits.maxDepth = limits.maxDepth - depth
    guard fragmentLimits.maxDepth > 1 else { return nil }
    let file = SourceFile(path: path, bytes: bytes)
    guard file.isValidUTF8, !file.hasYAMLOnlyLineBreaks else { return nil }
    let (root, diagnostics) = readYAML(file, limits: fragmentLimits)
    guard diagnostics.isEmpty, let root, root.tag == nil else { return nil }
    return root
}

/// Two trees are equal when they read the same everywhere, ranges included. Lists and maps that
/// share their storage (the parts of a spliced tree the splice did not touch) compare at once.
extension YAMLNode: Equatable {
    public static func == (a: YAMLNode, b: YAMLNode) -> Bool {
        guard a.range == b.range, a.tag == b.tag, a.alias == b.alias else { return false }
        switch (a.kind, b.kind) {
        case let (.scalar(x), .scalar(y)): return x == y
        case let (.sequence(x), .sequence(y)): return x == y
        case let (.mapping(x), .mapping(y)): return x == y
        default: return false
        }
    }
}

extension YAMLPair: Equatable {
    public static func == (a: YAMLPair, b: YAMLPair) -> Bool { a.key == b.key && a.value == b.value }
}
