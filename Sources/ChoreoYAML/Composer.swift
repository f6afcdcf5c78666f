import ChoreoDiagnostics

/// Builds the `YAMLNode` tree from parse events, resolving anchors, aliases and `<<` merge keys,
/// and enforcing the depth and node-count limits.
///
/// It is iterative (an explicit stack of open collections), so no input can overflow the call
/// stack, and it can stop after any event: the reader stops feeding it as soon as `consume`
/// returns false.
struct Composer {
    private struct Frame {
        enum Kind { case sequence, mapping }
        var kind: Kind
        var isFlow: Bool
        var properties: NodeProperties
        var start: SourceLocation
        var startEventEnd: SourceLocation
        /// A sequence's items.
        var items: [YAMLNode] = []
        /// A mapping's pairs, made as each value arrives (no list of keys and values to pair up
        /// afterwards), and the key waiting for its value.
        var pairs: [YAMLPair] = []
        var pendingKey: YAMLNode?
        /// This collection plus everything below it, with aliases counted expanded.
        var expandedSize = 1
    }

    private struct Anchor {
        /// Nil while the anchored collection is still open (an alias to it would be recursive).
        var node: YAMLNode?
        var expandedSize: Int
        var range: SourceRange
    }

    let file: SourceFile
    let limits: YAMLLimits
    private(set) var diagnostics: DiagnosticBag
    private var stack: [Frame] = []
    private var anchors: [String: Anchor] = [:]
    private var totalNodes = 0
    private var documentCount = 0
    private var documentRoot: YAMLNode?
    /// Set when a limit stopped composition; the result then has no root.
    private var hitLimit = false

    init(file: SourceFile, limits: YAMLLimits) {
        self.file = file
        self.limits = limits
        self.nodeLimit = limits.nodeLimit(inputBytes: file.bytes.count)
        self.diagnostics = DiagnosticBag(file: file.path)
    }

    /// `limits.nodeLimit(inputBytes:)` for this file.
    private let nodeLimit: Int

    /// The composed document, or nil if there was none or a limit was hit.
    var root: YAMLNode? { hitLimit ? nil : documentRoot }

    /// Takes the next event. Returns false when reading should stop.
    mutating func consume(_ event: YAMLEvent) -> Bool {
        switch event {
        case .streamStart, .documentEnd:
            return true
        case .streamEnd:
            if documentCount == 0 { reportEmptyFile() }
            return true
        case let .documentStart(range):
            documentCount += 1
            if documentCount > 1 {
                diagnostics.error(
                    .multipleDocuments, "a scene file holds one YAML document, but a second one starts here",
                    at: range, help: "remove the '---' and everything after it, or move it to its own file")
                return false
            }
            return true
        case let .alias(name, range):
            return resolveAlias(name, at: range)
        case let .scalar(scalar, properties, range):
            let range = scalar.style == .literal || scalar.style == .folded ? blockScalarRange(range) : range
            return finish(YAMLNode(.scalar(scalar), range: range, tag: properties.tag), expandedSize: 1, properties: properties)
        case let .sequenceStart(properties, isFlow, range):
            return open(.sequence, properties: properties, isFlow: isFlow, range: range)
        case let .mappingStart(properties, isFlow, range):
            return open(.mapping, properties: properties, isFlow: isFlow, range: range)
        case let .sequenceEnd(range), let .mappingEnd(range):
            return close(endRange: range)
        }
    }

    // MARK: Collections

    private mutating func open(_ kind: Frame.Kind, properties: NodeProperties, isFlow: Bool, range: SourceRange) -> Bool {
        if stack.count >= limits.maxDepth {
            diagnostics.error(
                .nestingTooDeep,
                "collections are nested more than \(limits.maxDepth) levels deep",
                at: range,
                help: "flatten the structure; a scene never needs this much nesting")
            hitLimit = true
            return false
        }
        guard countNodes(1, at: range, anchor: nil) else { return false }
        if let anchor = properties.anchor {
            // Registered now so that an alias inside the collection is seen as recursive.
            anchors[anchor] = Anchor(node: nil, expandedSize: 0, range: anchorRange(anchor, near: range.start))
        }
        stack.append(
            Frame(kind: kind, isFlow: isFlow, properties: properties, start: range.start, startEventEnd: range.end))
        return true
    }

    private mutating func close(endRange: SourceRange) -> Bool {
        guard let frame = stack.popLast() else { return true }
        // A block collection's end event sits at the next token, often on a later line; the node
        // really ends with its last child.
        let last = frame.kind == .sequence ? frame.items.last : (frame.pendingKey ?? frame.pairs.last?.value)
        let end = frame.isFlow ? endRange.end : (last.map { $0.reportRangeEnd } ?? frame.startEventEnd)
        let range = SourceRange(start: frame.start, end: end)
        let node: YAMLNode
        switch frame.kind {
        case .sequence:
            if frame.isFlow {
                for item in frame.items { reportSplitFunction(item) }
            }
            node = YAMLNode(.sequence(frame.items), range: range, tag: frame.properties.tag)
        case .mapping:
            if frame.isFlow {
                for pair in frame.pairs {
                    reportSplitFunction(pair.key)
                    reportSplitFunction(pair.value)
                }
                if let key = frame.pendingKey { reportSplitFunction(key) }
            }
            node = YAMLNode(.mapping(resolveMapping(frame.pairs)), range: range, tag: frame.properties.tag)
        }
        return finish(node, expandedSize: frame.expandedSize, properties: frame.properties, alreadyCounted: true)
    }

    /// Hands a completed node to its parent (or makes it the document root) and records its anchor.
    private mutating func finish(
        _ node: YAMLNode, expandedSize: Int, properties: NodeProperties, alreadyCounted: Bool = false
    ) -> Bool {
        if !alreadyCounted {
            guard countNodes(expandedSize, at: node.range, anchor: nil) else { return false }
        }
        if let anchor = properties.anchor {
            anchors[anchor] = Anchor(node: node, expandedSize: expandedSize, range: anchorRange(anchor, near: node.range.start))
        }
        attach(node, expandedSize: expandedSize)
        return true
    }

    private mutating func attach(_ node: YAMLNode, expandedSize: Int) {
        if stack.isEmpty {
            if documentCount <= 1 { documentRoot = node }
            if isNullDocument(node) { reportEmptyFile() }
        } else {
            let top = stack.count - 1
            switch stack[top].kind {
            case .sequence:
                stack[top].items.append(node)
            case .mapping:
                if let key = stack[top].pendingKey.take() {
                    stack[top].pairs.append(YAMLPair(key: key, value: node))
                } else {
                    stack[top].pendingKey = node
                }
            }
            stack[stack.count - 1].expandedSize += expandedSize
        }
    }

    // MARK: Aliases and limits

    private mutating func resolveAlias(_ name: String, at range: SourceRange) -> Bool {
        guard let anchor = anchors[name] else {
            let known = anchors.keys.sorted()
            let match = closestMatch(to: name, in: known)
            // The alias text is `*name` exactly; the fix rewrites the name after the star.
            var nameRange = range
            nameRange.start.column += 1
            let fixIts = match.flatMap { match in
                file.text(in: nameRange) == name ? [FixIt.replace(nameRange, with: match, message: "replace '*\(name)' with '*\(match)'")] : nil
            } ?? []
            diagnostics.error(
                .undefinedAlias, "alias '*\(name)' refers to no anchor defined before it", at: range,
                help: match.map { "did you mean '*\($0)'?" }
                    ?? "define the anchor with '&\(name)' on a node earlier in the file",
                fixIts: fixIts)
            attach(YAMLNode(.scalar(YAMLScalar("")), range: range, alias: range), expandedSize: 1)
            return true
        }
        guard var node = anchor.node else {
            diagnostics.error(
                .undefinedAlias, "alias '*\(name)' is used inside the node it refers to", at: range,
                notes: [Note("anchor '&\(name)' defined here", at: anchor.range)],
                help: "a node cannot contain itself; copy the part you need instead")
            attach(YAMLNode(.scalar(YAMLScalar("")), range: range, alias: range), expandedSize: 1)
            return true
        }
        guard countNodes(anchor.expandedSize, at: range, anchor: (name, anchor.range)) else { return false }
        node.alias = range
        attach(node, expandedSize: anchor.expandedSize)
        return true
    }

    /// Charges `count` nodes against the node limit; false (after reporting) when that is too many.
    private mutating func countNodes(_ count: Int, at range: SourceRange, anchor: (name: String, range: SourceRange)?) -> Bool {
        totalNodes += count
        guard totalNodes > nodeLimit else { return true }
        var notes: [Note] = []
        if let anchor {
            notes.append(Note("anchor '&\(anchor.name)' expands to \(count) nodes", at: anchor.range))
        }
        diagnostics.error(
            .tooManyNodes,
            "the document has more than \(nodeLimit) nodes once aliases are expanded",
            at: range, notes: notes,
            help: anchor == nil ? "split the scene into smaller files" : "aliases to large anchors multiply; reuse smaller pieces")
        hitLimit = true
        return false
    }

    // MARK: Mappings

    /// Reports duplicate explicit keys and splices in `<<` merges
    /// (explicit keys win over merged ones, and earlier merge sources over later ones).
    private mutating func resolveMapping(_ explicit: [YAMLPair]) -> [YAMLPair] {
        // Maps in scenes are small (a node has about 6 keys): comparing each key with the ones
        // before it costs less than hashing every key into a dictionary made for every map.
        if explicit.count <= 16 {
            for (index, pair) in explicit.enumerated() {
                guard let text = pair.key.scalar?.value,
                    let first = explicit[..<index].first(where: { $0.key.scalar?.value == text })
                else { continue }
                reportDuplicateKey(text, at: pair.key.reportRange, first: first.key.reportRange)
            }
        } else {
            var firstKeyRange: [String: SourceRange] = [:]
            for pair in explicit {
                guard let text = pair.key.scalar?.value else { continue }
                if let first = firstKeyRange[text] {
                    reportDuplicateKey(text, at: pair.key.reportRange, first: first)
                } else {
                    firstKeyRange[text] = pair.key.reportRange
                }
            }
        }

        guard explicit.contains(where: { isMergeKey($0.key) }) else { return explicit }
        var present = Set(explicit.compactMap { isMergeKey($0.key) ? nil : $0.key.scalar?.value })
        var result: [YAMLPair] = []
        for pair in explicit {
            guard isMergeKey(pair.key) else {
                result.append(pair)
                continue
            }
            for source in mergeSources(pair.value) {
                for merged in source where !(merged.key.scalar.map { present.contains($0.value) } ?? false) {
                    if let text = merged.key.scalar?.value { present.insert(text) }
                    result.append(merged)
                }
            }
        }
        return result
    }

    private mutating func reportDuplicateKey(_ text: String, at range: SourceRange, first: SourceRange) {
        diagnostics.error(
            .duplicateKey, "duplicate key '\(text)' in this map", at: range, notes: [Note("first defined here", at: first)],
            help: "remove one of them; YAML would silently keep only one")
    }

    private func isMergeKey(_ key: YAMLNode) -> Bool {
        guard let scalar = key.scalar, scalar.value == "<<", scalar.style == .plain else { return false }
        return key.tag == nil || key.tag == "!!merge"
    }

    /// The maps a `<<` value merges in, in priority order; reports anything that is not a map.
    private mutating func mergeSources(_ value: YAMLNode) -> [[YAMLPair]] {
        switch value.kind {
        case let .mapping(pairs):
            return [usedThroughAlias(pairs, of: value)]
        case let .sequence(items):
            var sources: [[YAMLPair]] = []
            var reported = Set<SourceRange>()
            for item in items {
                if let pairs = item.mapping {
                    sources.append(usedThroughAlias(pairs, of: item))
                } else {
                    // Items of an aliased list have their ranges at the anchor; report the use.
                    var item = item
                    if item.alias == nil { item.alias = value.alias }
                    if reported.insert(item.reportRange).inserted { reportInvalidMerge(item) }
                }
            }
            return sources
        case .scalar:
            reportInvalidMerge(value)
            return []
        }
    }

    /// Merged pairs that came through `*name` point at it, so later stages report where they are used.
    private func usedThroughAlias(_ pairs: [YAMLPair], of source: YAMLNode) -> [YAMLPair] {
        guard let alias = source.alias else { return pairs }
        return pairs.map { pair in
            var pair = pair
            if pair.key.alias == nil { pair.key.alias = alias }
            if pair.value.alias == nil { pair.value.alias = alias }
            return pair
        }
    }

    private mutating func reportInvalidMerge(_ node: YAMLNode) {
        diagnostics.error(
            .invalidMerge, "a '<<' merge takes a map or a list of maps, not \(node.kindDescription)",
            at: node.reportRange, help: "merge an anchored map, like '<<: *base', or a list of them, like '<<: [*a, *b]'")
    }

    // MARK: Pitfalls and empty documents

    /// In a flow collection a comma ends a plain scalar, so `[rgb(1, 2, 3)]` is three items.
    /// libyaml accepts that silently; the cut-off `rgb(1` is what gives it away.
    private mutating func reportSplitFunction(_ child: YAMLNode) {
        // The parenthesis count is a cheap byte scan; looking at the source line is not, so it
        // comes second (this runs on every plain scalar in every flow collection).
        guard let scalar = child.scalar, scalar.style == .plain, child.alias == nil,
            hasUnclosedParenthesis(scalar.value),
            let call = FunctionCallPitfall.find(in: file, at: child.range.start)
        else { return }
        diagnostics.error(
            .yamlSyntax,
            "a comma inside [...] or {...} ends a plain scalar, so '\(scalar.value)' is cut short here",
            at: call.range,
            help: "quote it: \"\(call.text)\"", fixIts: call.quotingFixIt(in: file))
    }

    private func hasUnclosedParenthesis(_ text: String) -> Bool {
        var depth = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "(") { depth += 1 } else if byte == UInt8(ascii: ")") { depth -= 1 }
        }
        return depth > 0
    }

    private func isNullDocument(_ node: YAMLNode) -> Bool {
        guard let scalar = node.scalar, scalar.style == .plain, node.tag == nil else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.value)
    }

    private mutating func reportEmptyFile() {
        diagnostics.error(
            .emptyFile, "the file has no content", at: .fileStart,
            help: "a scene is a map with at least 'choreo', 'size' and 'layers'")
        documentRoot = nil
    }

    /// A block scalar's end mark is past its final line break, at the start of the next line;
    /// end it on its last line of text instead.
    private func blockScalarRange(_ range: SourceRange) -> SourceRange {
        var end = range.end
        while end.column == 1, end.line > range.start.line {
            let previous = end.line - 1
            end = SourceLocation(line: previous, column: file.columnScalars(ofLine: previous).count + 1)
        }
        return SourceRange(start: range.start, end: end)
    }

    private func anchorRange(_ name: String, near start: SourceLocation) -> SourceRange {
        let scalars = file.columnScalars(ofLine: start.line)
        let marker = Array(("&" + name).unicodeScalars)
        var index = max(0, start.column - 1)
        while index + marker.count <= scalars.count {
            if Array(scalars[index..<index + marker.count]) == marker {
                return SourceRange(
                    start: SourceLocation(line: start.line, column: index + 1),
                    end: SourceLocation(line: start.line, column: index + 1 + marker.count))
            }
            index += 1
        }
        return SourceRange(start)
    }
}

extension YAMLNode {
    fileprivate var reportRangeEnd: SourceLocation { (alias ?? range).end }
}
