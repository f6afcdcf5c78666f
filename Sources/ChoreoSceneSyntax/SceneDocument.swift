import ChoreoDiagnostics
import ChoreoYAML

/// A node of a scene document, by its place in the document's table.
public struct SceneNodeID: Hashable, Comparable, Sendable {
    public let index: Int

    public static func < (a: SceneNodeID, b: SceneNodeID) -> Bool { a.index < b.index }
}

/// One node of a scene file as written: aliases as aliases, `<<` merges as the entries they are.
public struct SceneSyntaxNode: Sendable {
    public enum Kind: Sendable {
        case scalar(YAMLScalar)
        case list([SceneNodeID])
        /// The entries as written, in order, `<<` merges included.
        case map([SceneSyntaxEntry])
        /// `*name`, and the anchored node it reads (nil when no anchor of that name comes before it).
        case alias(String, target: SceneNodeID?)
    }

    public var kind: Kind
    /// The value's own text: after its anchor and tag, quotes and block indicators included. A
    /// block collection's ends with its last child; an empty value (`key:` and nothing) is empty.
    public var range: SourceRange
    /// `range` as UTF-8 offsets into the file's text.
    public var bytes: Range<Int>
    /// How a list or map is written; `.block` for scalars and aliases.
    public var style: CollectionStyle
    public var anchor: String?
    public var tag: String?
    /// The list or map that holds this node (as an item, a key or a value).
    public var parent: SceneNodeID?

    public var scalar: YAMLScalar? {
        if case let .scalar(scalar) = kind { return scalar }
        return nil
    }
}

/// A written `key: value` of a map.
public struct SceneSyntaxEntry: Sendable, Hashable {
    public var key: SceneNodeID
    public var value: SceneNodeID
}

/// A `key: value` of a map as the scene reads it, with where it comes from.
public struct SceneResolvedEntry: Sendable, Hashable {
    public var key: SceneNodeID
    public var value: SceneNodeID
    /// The `<<` value it was merged in through, nil for an entry written in the map itself.
    public var mergedThrough: SceneNodeID?
}

/// A scene file as text that tools read and write: a typed view that never fails (a file that
/// does not parse is a document without a root, with `diagnostics` saying why), with the source
/// range of every key and value, and anchors, aliases, `<<` merges and `$var` references resolved
/// to where they are defined. `SceneEdit` turns changes to it into text edits.
public struct SceneDocument: Sendable {
    public let file: SourceFile
    /// The reader's diagnostics (syntax, duplicate keys, limits): the document's own problems,
    /// not the scene's.
    public let diagnostics: [Diagnostic]
    public let root: SceneNodeID?
    private let nodes: [SceneSyntaxNode]

    public init(_ file: SourceFile, limits: YAMLLimits = .default) {
        self.file = file
        let (tree, diagnostics) = readYAML(file, limits: limits)
        self.diagnostics = diagnostics
        guard tree != nil, let events = readYAMLEvents(file, limits: limits) else {
            nodes = []
            root = nil
            return
        }
        var builder = DocumentBuilder(file: file)
        for event in events { builder.consume(event) }
        nodes = builder.nodes
        root = builder.root
    }

    public init(path: String = "scene.yaml", text: String) {
        self.init(SourceFile(path: path, text: text))
    }

    // MARK: Nodes as written

    public subscript(id: SceneNodeID) -> SceneSyntaxNode { nodes[id.index] }

    /// Every node, in the order their text ends.
    public var allNodes: [SceneNodeID] { nodes.indices.map(SceneNodeID.init) }

    /// The text of a node as written.
    public func text(_ id: SceneNodeID) -> Substring {
        let utf8 = file.text.utf8
        let range = self[id].bytes
        return Substring(utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])
    }

    /// A scalar's value (what the reader reads), nil for anything else.
    public func scalar(_ id: SceneNodeID) -> String? { self[resolved(id)].scalar?.value }

    // MARK: Resolution

    /// The node an alias reads (through aliases of aliases); the node itself otherwise.
    public func resolved(_ id: SceneNodeID) -> SceneNodeID {
        var current = id
        var steps = 0
        while case let .alias(_, target?) = self[current].kind, steps < nodes.count {
            current = target
            steps += 1
        }
        return current
    }

    /// The items of a list, through an alias.
    public func items(_ id: SceneNodeID) -> [SceneNodeID] {
        if case let .list(items) = self[resolved(id)].kind { return items }
        return []
    }

    /// The entries of a map as the scene reads it, through an alias: the written entries, then
    /// what `<<` merges bring that the map does not write (earlier merges winning), each merged
    /// entry as it is defined in its anchored map.
    public func entries(_ id: SceneNodeID) -> [SceneResolvedEntry] {
        var visited = Set<SceneNodeID>()
        return entries(id, visited: &visited)
    }

    private func entries(_ id: SceneNodeID, visited: inout Set<SceneNodeID>) -> [SceneResolvedEntry] {
        let map = resolved(id)
        guard case let .map(written) = self[map].kind, visited.insert(map).inserted else { return [] }
        // As the reader resolves them: explicit keys win over merged ones wherever they are
        // written, merged entries take the place of their `<<`, earlier merge sources win.
        var present = Set(written.compactMap { isMergeKey($0.key) ? nil : self[$0.key].scalar?.value })
        var result: [SceneResolvedEntry] = []
        for entry in written {
            guard isMergeKey(entry.key) else {
                result.append(SceneResolvedEntry(key: entry.key, value: entry.value, mergedThrough: nil))
                continue
            }
            let merge = entry.value
            let sources = self[resolved(merge)].isList ? items(merge) : [merge]
            for source in sources {
                for merged in entries(source, visited: &visited) {
                    guard let key = self[merged.key].scalar?.value, present.insert(key).inserted else { continue }
                    result.append(SceneResolvedEntry(key: merged.key, value: merged.value, mergedThrough: merge))
                }
            }
        }
        return result
    }

    /// The entry of `key` in a map as the scene reads it.
    public func entry(_ key: String, in map: SceneNodeID) -> SceneResolvedEntry? {
        entries(map).first { self[$0.key].scalar?.value == key }
    }

    /// The value of `key` in a map as the scene reads it.
    public func value(_ key: String, in map: SceneNodeID) -> SceneNodeID? { entry(key, in: map)?.value }

    public func value(_ key: SceneKey, in map: SceneNodeID) -> SceneNodeID? { value(key.text, in: map) }

    func isMergeKey(_ id: SceneNodeID) -> Bool {
        let node = self[id]
        guard let scalar = node.scalar, scalar.value == "<<", scalar.style == .plain else { return false }
        return node.tag == nil || node.tag == "!!merge"
    }

    /// The node at a path of keys and indices from the root, through aliases and merges.
    public func node(at path: ScenePath) -> SceneNodeID? {
        guard var current = root else { return nil }
        for component in path.components {
            switch component {
            case let .key(key):
                guard let value = value(key, in: current) else { return nil }
                current = value
            case let .index(index):
                let list = items(current)
                guard list.indices.contains(index) else { return nil }
                current = list[index]
            }
        }
        return current
    }

    /// The name of a `$var` a scalar reads whole (`$red`), nil for anything else.
    public func varReference(_ id: SceneNodeID) -> String? {
        guard let scalar = self[resolved(id)].scalar, scalar.style == .plain, scalar.value.hasPrefix("$") else { return nil }
        let name = scalar.value.dropFirst()
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ isNameScalar($0) }) else { return nil }
        return String(name)
    }

    /// The value a `$name` defines under `vars:`.
    public func varDefinition(_ name: String) -> SceneNodeID? {
        guard let root, let vars = value(SceneKey.vars, in: root) else { return nil }
        return value(name, in: vars)
    }

    /// Where the value read at `id` is defined: through aliases to the anchored node, and through
    /// `$name` references to the var's value (and on, when that is a reference too).
    public func definition(of id: SceneNodeID) -> SceneNodeID {
        var current = resolved(id)
        var seen: Set<SceneNodeID> = [current]
        while let name = varReference(current), let defined = varDefinition(name) {
            let next = resolved(defined)
            guard seen.insert(next).inserted else { break }
            current = next
        }
        return current
    }

    /// How many places of the scene read the node at `definition`: once for each alias, merge and
    /// `$var` reference that brings it in (the `vars:` map itself is where vars are defined, not
    /// a place that reads them). A value written in one place and used nowhere else is 1.
    public func places(readingDefinition definition: SceneNodeID) -> Int {
        guard let root else { return 0 }
        var count = 0
        walkResolved(root) { id in
            if id == definition { count += 1 }
        }
        return count
    }

    /// Visits every node of the scene as it reads: aliases expanded, merges expanded (the maps a
    /// `<<` merges in visited too, for what is added to them), a `$var`
    /// reference followed into the var's value (once per reference, never into a cycle), the
    /// `vars:` map itself left out.
    func walkResolved(_ start: SceneNodeID, _ visit: (SceneNodeID) -> Void) {
        var varsMap: SceneNodeID?
        if let root, let vars = value(SceneKey.vars, in: root) { varsMap = resolved(vars) }
        var following: [String] = []
        func visitMerged(_ map: SceneNodeID) {
            visit(map)
            guard case let .map(written) = self[map].kind else { return }
            for entry in written where isMergeKey(entry.key) {
                for source in self[resolved(entry.value)].isList ? items(entry.value) : [entry.value] { visitMerged(resolved(source)) }
            }
        }
        func walk(_ id: SceneNodeID) {
            let node = resolved(id)
            if node == varsMap { return }
            visit(node)
            switch self[node].kind {
            case .scalar:
                if let name = varReference(node), !following.contains(name), let defined = varDefinition(name) {
                    following.append(name)
                    walk(defined)
                    following.removeLast()
                }
            case let .list(items): for item in items { walk(item) }
            case let .map(written):
                // A map merged in is read here too: a key added to it is read in this map.
                for entry in written where isMergeKey(entry.key) {
                    for source in self[resolved(entry.value)].isList ? items(entry.value) : [entry.value] { visitMerged(resolved(source)) }
                }
                for entry in entries(node) {
                    walk(entry.key)
                    walk(entry.value)
                }
            case .alias: break
            }
        }
        walk(start)
    }

    /// The value of a node as the scene reads it, aliases and merges expanded (`$var` references
    /// left as written), with `replacing`'s nodes read as the values given: what a document
    /// edited at those nodes reads back as.
    public func resolvedValue(_ id: SceneNodeID, replacing: [SceneNodeID: SceneValue] = [:]) -> SceneValue {
        let node = resolved(id)
        if let value = replacing[node] { return value }
        switch self[node].kind {
        case let .scalar(scalar): return .text(scalar.value, scalar.style)
        case let .list(items): return .list(items.map { resolvedValue($0, replacing: replacing) }, self[node].style)
        case .map:
            return .map(
                entries(node).map { entry in
                    SceneEntry(SceneKey(name: self[entry.key].scalar?.value ?? ""), resolvedValue(entry.value, replacing: replacing))
                }, self[node].style)
        case .alias: return .text("", .plain)
        }
    }

    // MARK: The scene's parts

    /// Every node map of `layers:` and the groups' `children:`, depth first, with its id.
    public var nodeMaps: [(id: String, map: SceneNodeID)] {
        guard let root, let layers = value(SceneKey.layers, in: root) else { return [] }
        var result: [(String, SceneNodeID)] = []
        var visited = Set<SceneNodeID>()
        func collect(_ list: SceneNodeID) {
            for item in items(list) {
                let map = resolved(item)
                guard self[map].isMap, visited.insert(map).inserted else { continue }
                if let id = value(SceneKey(.id), in: map).flatMap(scalar) { result.append((id, map)) }
                if let children = value(SceneKey(.children), in: map) { collect(children) }
            }
        }
        collect(layers)
        return result
    }

    /// The map of the node with this id.
    public func nodeMap(id: String) -> SceneNodeID? { nodeMaps.first { $0.id == id }?.map }

    /// The entries of a top-level map (`states`, `timelines`, `vars`) by name.
    public func section(_ key: SceneKey) -> [SceneResolvedEntry] {
        guard let root, let map = value(key, in: root) else { return [] }
        return entries(map)
    }

    // MARK: Lines and columns

    /// The UTF-8 offset of a location.
    func offset(_ location: SourceLocation) -> Int { file.utf8Offset(of: location) ?? file.text.utf8.count }

    func location(_ offset: Int) -> SourceLocation { file.location(atUTF8Offset: offset) }
}

extension SourceFile {
    /// The location of a UTF-8 offset, the end of a text that ends with a line break being the
    /// start of the line after it (where `utf8Offset(of:)` puts it).
    func location(atUTF8Offset offset: Int) -> SourceLocation {
        if offset >= text.utf8.count, let last = text.utf8.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") {
            return SourceLocation(line: lineCount + 1, column: 1)
        }
        return location(ofUTF8Offset: offset)
    }
}

extension SceneSyntaxNode {
    public var isMap: Bool {
        if case .map = kind { return true }
        return false
    }

    public var isList: Bool {
        if case .list = kind { return true }
        return false
    }
}

func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
}

/// Where a node is in a scene: keys and list indices from the root (`layers[2].fill`,
/// `timelines.burst.keyframes["ring.scale"][1].at`).
public struct ScenePath: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    public enum Component: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
        case key(String)
        case index(Int)

        public init(stringLiteral key: String) { self = .key(key) }
        public init(integerLiteral index: Int) { self = .index(index) }
    }

    public var components: [Component]

    public init(_ components: [Component]) {
        self.components = components
    }

    public init(arrayLiteral elements: Component...) {
        components = elements
    }

    public func appending(_ component: Component) -> ScenePath { ScenePath(components + [component]) }
    public func appending(_ key: SceneKey) -> ScenePath { appending(.key(key.text)) }

    public var parent: ScenePath { ScenePath(Array(components.dropLast())) }
    public var last: Component? { components.last }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case let .key(key) where !key.isEmpty && key.unicodeScalars.allSatisfy(isNameScalar):
                text += text.isEmpty ? key : "." + key
            case let .key(key):
                // Quoted, `"` and `\` escaped, so `ScenePath(parsing:)` reads it back.
                var escaped = ""
                for scalar in key.unicodeScalars {
                    if scalar == "\\" || scalar == "\"" { escaped += "\\" }
                    escaped.unicodeScalars.append(scalar)
                }
                text += "[\"\(escaped)\"]"
            case let .index(index): text += "[\(index)]"
            }
        }
        return text
    }
}

/// Builds a document's table of nodes from the parse events.
private struct DocumentBuilder {
    let file: SourceFile
    let utf8: [UInt8]
    var nodes: [SceneSyntaxNode] = []
    var root: SceneNodeID?
    private var anchors: [String: SceneNodeID] = [:]

    private struct Frame {
        var isMap: Bool
        var isFlow: Bool
        var properties: NodeProperties
        var start: Int
        var children: [SceneNodeID] = []
    }

    private var stack: [Frame] = []

    init(file: SourceFile) {
        self.file = file
        utf8 = Array(file.text.utf8)
    }

    mutating func consume(_ event: YAMLEvent) {
        switch event {
        case .streamStart, .streamEnd, .documentStart, .documentEnd: break
        case let .alias(name, range):
            let start = offset(range.start), end = offset(range.end)
            add(SceneSyntaxNode(
                kind: .alias(name, target: anchors[name]), range: range, bytes: start..<end, style: .block))
        case let .scalar(scalar, properties, range):
            var start = offset(range.start)
            var end = offset(range.end)
            if properties.anchor != nil || properties.tag != nil { start = skippingProperties(start, end: end) }
            if scalar.style == .literal || scalar.style == .folded {
                while end > start, utf8[end - 1] == UInt8(ascii: "\n") || utf8[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            }
            let id = add(SceneSyntaxNode(
                kind: .scalar(scalar), range: SourceRange(start: location(start), end: location(end)), bytes: start..<end,
                style: .block, anchor: properties.anchor, tag: properties.tag))
            if let anchor = properties.anchor { anchors[anchor] = id }
        case let .sequenceStart(properties, isFlow, range), let .mappingStart(properties, isFlow, range):
            var start = offset(range.start)
            if properties.anchor != nil || properties.tag != nil { start = skippingProperties(start, end: utf8.count) }
            var isMap = false
            if case .mappingStart = event { isMap = true }
            stack.append(Frame(isMap: isMap, isFlow: isFlow, properties: properties, start: start))
        case let .sequenceEnd(range), let .mappingEnd(range):
            guard let frame = stack.popLast() else { return }
            let end: Int
            if frame.isFlow {
                end = offset(range.end)
            } else {
                end = frame.children.last.map { nodes[$0.index].bytes.upperBound } ?? frame.start
            }
            let kind: SceneSyntaxNode.Kind
            if frame.isMap {
                var entries: [SceneSyntaxEntry] = []
                var index = 0
                while index + 1 < frame.children.count {
                    entries.append(SceneSyntaxEntry(key: frame.children[index], value: frame.children[index + 1]))
                    index += 2
                }
                kind = .map(entries)
            } else {
                kind = .list(frame.children)
            }
            let id = add(SceneSyntaxNode(
                kind: kind, range: SourceRange(start: location(frame.start), end: location(end)), bytes: frame.start..<end,
                style: frame.isFlow ? .flow : .block, anchor: frame.properties.anchor, tag: frame.properties.tag))
            for child in frame.children { nodes[child.index].parent = id }
            if let anchor = frame.properties.anchor { anchors[anchor] = id }
        }
    }

    @discardableResult
    private mutating func add(_ node: SceneSyntaxNode) -> SceneNodeID {
        let id = SceneNodeID(index: nodes.count)
        nodes.append(node)
        if stack.isEmpty {
            if root == nil { root = id }
        } else {
            stack[stack.count - 1].children.append(id)
        }
        return id
    }

    private func offset(_ location: SourceLocation) -> Int { file.utf8Offset(of: location) ?? utf8.count }

    private func location(_ offset: Int) -> SourceLocation { file.location(atUTF8Offset: offset) }

    /// Past a node's `&anchor` and `!tag` and the space, line breaks and comments after them.
    private func skippingProperties(_ start: Int, end: Int) -> Int {
        var index = start
        while index < end {
            let byte = utf8[index]
            if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "!") {
                while index < end, !isSpaceOrBreak(utf8[index]), !isFlowIndicator(utf8[index]) { index += 1 }
            } else if isSpaceOrBreak(byte) {
                index += 1
            } else if byte == UInt8(ascii: "#") {
                while index < end, utf8[index] != UInt8(ascii: "\n"), utf8[index] != UInt8(ascii: "\r") { index += 1 }
            } else {
                break
            }
        }
        return index
    }
}

func isSpaceOrBreak(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
}

func isFlowIndicator(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
}
