/// Where the cursor is in the scene's structure, worked out from the text alone (indentation,
/// dashes and the brackets of the current line), so that it works on a half-typed file that YAML
/// cannot read yet.
///
/// `path` runs from the root to the map or list the cursor is in: keys, and `-` for a list item,
/// for example `["layers", "-", "stroke"]`. The cursor is either writing a key of that map
/// (`key` is the text typed so far) or the value of `valueOf`.
struct CursorContext: Equatable {
    var path: [String]
    /// The key whose value is being written, or nil when a key is being written.
    var valueOf: String?
    /// The word typed so far.
    var prefix: String

    /// The context at a 0-based line and scalar column of `lines`.
    static func at(line lineIndex: Int, column: Int, lines: [[Unicode.Scalar]]) -> CursorContext {
        guard lineIndex >= 0, lineIndex < lines.count else { return CursorContext(path: [], valueOf: nil, prefix: "") }
        let line = lines[lineIndex]
        let prefixScalars = Array(line[..<min(column, line.count)])
        let shape = LineShape(prefixScalars)
        var path = blockPath(above: lineIndex, contentColumn: shape.contentColumn, dashColumns: shape.dashColumns, lines: lines)
        path += Array(repeating: "-", count: shape.dashColumns.count)
        // The rest of the line: `key: value`, or flow collections.
        let flow = FlowScan(Array(prefixScalars[min(shape.contentColumn, prefixScalars.count)...]))
        path += flow.path
        return CursorContext(path: path, valueOf: flow.valueOf, prefix: flow.prefix)
    }

    /// The keys and list items that enclose a line's content, from the lines above it.
    private static func blockPath(above lineIndex: Int, contentColumn: Int, dashColumns: [Int], lines: [[Unicode.Scalar]]) -> [String] {
        var path: [String] = []
        // Looking for the parent of a map whose keys start at `target`, or (when `listAt` is set)
        // for the key that owns a list whose dashes are at `listAt`.
        var target = contentColumn
        var listAt: Int? = dashColumns.first
        var index = lineIndex - 1
        while index >= 0, target > 0 || listAt != nil {
            let shape = LineShape(lines[index])
            index -= 1
            guard !shape.isBlank else { continue }
            if let dashColumn = listAt {
                if shape.dashColumns.first == dashColumn { continue }  // a sibling item
                if shape.indent > dashColumn { continue }  // inside a sibling item
                // The first key at or left of the dashes owns the list (`key:` or `- key:`).
                guard let key = shape.openKey else {
                    if shape.contentColumn <= dashColumn { return path.reversed() }
                    continue
                }
                path.append(key)
                if let last = shape.dashColumns.last {
                    path.append("-")
                    listAt = last
                    if shape.dashColumns.count > 1 { path += Array(repeating: "-", count: shape.dashColumns.count - 1) }
                    listAt = shape.dashColumns.first
                } else {
                    listAt = nil
                    target = shape.contentColumn
                }
                continue
            }
            if shape.contentColumn == target, !shape.dashColumns.isEmpty {
                // The first key of our map sits on a `- ` line: the map is a list item.
                path.append(contentsOf: Array(repeating: "-", count: shape.dashColumns.count))
                listAt = shape.dashColumns.first
                continue
            }
            if shape.contentColumn >= target { continue }  // a sibling key, or deeper
            guard let key = shape.openKey else { return path.reversed() }
            path.append(key)
            if !shape.dashColumns.isEmpty {
                path.append(contentsOf: Array(repeating: "-", count: shape.dashColumns.count))
                listAt = shape.dashColumns.first
            } else {
                target = shape.contentColumn
            }
        }
        return path.reversed()
    }
}

/// The layout of one line: indentation, the columns of its `- ` markers, where its content
/// starts, and the key it opens (`key:` with nothing after it but an anchor or a comment).
struct LineShape {
    var indent = 0
    var dashColumns: [Int] = []
    var contentColumn = 0
    var isBlank = true
    var openKey: String?

    init(_ scalars: [Unicode.Scalar]) {
        var index = 0
        while index < scalars.count, scalars[index] == " " { index += 1 }
        indent = index
        guard index < scalars.count, scalars[index] != "#" else {
            contentColumn = index
            return
        }
        isBlank = false
        while index < scalars.count, scalars[index] == "-", index + 1 == scalars.count || scalars[index + 1] == " " {
            dashColumns.append(index)
            index += 1
            while index < scalars.count, scalars[index] == " " { index += 1 }
        }
        contentColumn = index
        // `key:` then nothing, an anchor, a tag or a comment.
        var keyEnd = index
        while keyEnd < scalars.count, scalars[keyEnd] != ":" { keyEnd += 1 }
        guard keyEnd < scalars.count, keyEnd > index else { return }
        let key = String(String.UnicodeScalarView(scalars[index..<keyEnd])).trimmingCharacters(in: " ")
        guard !key.contains(" "), !key.hasPrefix("{"), !key.hasPrefix("[") else { return }
        var rest = Array(scalars[(keyEnd + 1)...])
        while rest.first == " " { rest.removeFirst() }
        if rest.first == "&" || rest.first == "!" {
            while let first = rest.first, first != " " { _ = first; rest.removeFirst() }
            while rest.first == " " { rest.removeFirst() }
        }
        if rest.isEmpty || rest.first == "#" { openKey = key }
    }
}

/// Scans the content of the cursor's line up to the cursor: `key: value` and flow collections
/// `{…}` `[…]`, tracking which key each open bracket belongs to.
struct FlowScan {
    var path: [String] = []
    var valueOf: String?
    var prefix = ""

    init(_ scalars: [Unicode.Scalar]) {
        enum Frame { case map(pendingKey: String?), list }
        var frames: [Frame] = [.map(pendingKey: nil)]
        // Whether each open bracket added a path component: a `{` that opens the line's own
        // map (`- {id: a}`) does not, as the line's place already is that map.
        var added: [Bool] = []
        var token: [Unicode.Scalar] = []
        var quote: Unicode.Scalar?
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if let open = quote {
                token.append(scalar)
                if scalar == open { quote = nil }
                continue
            }
            switch scalar {
            case "\"", "'":
                quote = scalar
                token.append(scalar)
            case "{", "[":
                let owner: String?
                switch frames[frames.count - 1] {
                case let .map(pendingKey): owner = pendingKey
                case .list: owner = "-"
                }
                if let owner { path.append(owner) }
                added.append(owner != nil)
                frames.append(scalar == "{" ? .map(pendingKey: nil) : .list)
                token = []
            case "}", "]":
                if frames.count > 1 {
                    frames.removeLast()
                    if added.removeLast() { path.removeLast() }
                }
                token = []
            case ",":
                if case .map = frames[frames.count - 1] { frames[frames.count - 1] = .map(pendingKey: nil) }
                token = []
            case ":" where index == scalars.count || scalars[index] == " ":
                if case .map(nil) = frames[frames.count - 1] {
                    let key = String(String.UnicodeScalarView(token)).trimmingCharacters(in: " ")
                    frames[frames.count - 1] = .map(pendingKey: key)
                    token = []
                } else {
                    token.append(scalar)
                }
            case "#" where token.isEmpty || token.last == " ":
                // A comment: nothing after it is structure.
                index = scalars.count
                token = []
            default:
                token.append(scalar)
            }
        }
        prefix = String(String.UnicodeScalarView(token)).trimmingCharacters(in: " ")
        switch frames[frames.count - 1] {
        case let .map(pendingKey): valueOf = pendingKey
        case .list: valueOf = path.count >= 2 ? path[path.count - 2] : path.last
        }
        if case .list = frames[frames.count - 1] {
            // Inside `[…]` the cursor writes an item value of the key that owns the list.
            valueOf = path.last == "-" && path.count >= 2 ? path[path.count - 2] : valueOf
        }
    }
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        var text = Substring(self)
        while text.first == set { text.removeFirst() }
        while text.last == set { text.removeLast() }
        return String(text)
    }
}
