import ChoreoDiagnostics
import ChoreoJSON
import ChoreoScene
import ChoreoYAML

extension LanguageServer {
    /// The document and the Choreo location of a request's `textDocument` and `position`.
    func target(_ params: JSONValue) -> (document: Document, line: Int, column: Int)? {
        guard case let .string(uri)? = params["textDocument"]?["uri"], let document = documents[uri],
            case let .int(line)? = params["position"]?["line"], case let .int(character)? = params["position"]?["character"]
        else { return nil }
        let location = document.location(line: line, character: character, encoding: encoding)
        return (document, location.line - 1, location.column - 1)
    }

    func index(for document: Document) -> SceneIndex {
        SceneIndex(root: lastTree[document.uri], lines: document.lines)
    }

    /// The word at a scalar column: letters, digits, `_`, `-`, `.` and a leading `$`, `*` or `&`.
    static func word(in line: [Unicode.Scalar], at column: Int) -> (text: String, start: Int, end: Int)? {
        func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-.$*&".unicodeScalars.contains(scalar)
        }
        guard !line.isEmpty else { return nil }
        var start = min(column, line.count)
        var end = start
        while start > 0, isWordScalar(line[start - 1]) { start -= 1 }
        while end < line.count, isWordScalar(line[end]) { end += 1 }
        guard start < end else { return nil }
        return (String(String.UnicodeScalarView(line[start..<end])), start, end)
    }

    // MARK: Hover

    func hover(_ params: JSONValue) -> JSONValue {
        guard let (document, line, column) = target(params),
            let word = Self.word(in: document.line(line), at: column)
        else { return .null }
        let context = CursorContext.at(line: line, column: word.end, lines: document.lines)
        let index = index(for: document)
        var text: String?
        let isKey = context.valueOf == nil && document.line(line)[word.end...].first == ":"
        if word.text.hasPrefix("$") {
            let name = String(word.text.dropFirst())
            let file = SourceFile(path: Self.path(of: document.uri), text: document.text)
            if let root = lastTree[document.uri], let value = sceneInsight(root: root, file: file, resolveModel: false).vars[name] {
                // A code span is safe here: a word has no backticks.
                text = "`$\(name)` = \(describeVarValue(value))"
            } else if index.vars.contains(where: { $0.name == name }) {
                text = "`$\(name)`: a var whose value has an error"
            }
        } else if isKey, let place = Self.place(of: context.path, index: index) {
            if let doc = SceneVocabulary.documentation(key: word.text, place: place) {
                text = "**\(TextEscaping.markdown(word.text))**: \(doc)"
            } else if place == .state || place == .nodeOverrides || place == .node, let node = index.node(word.text) {
                text = nodeHover(node.id, shape: node.shape, document: document)
            }
        } else if let key = context.valueOf,
            let value = SceneVocabulary.enumValues(forKey: key, in: Self.place(of: context.path, index: index)).first(where: { $0.value == word.text }),
            !value.documentation.isEmpty
        {
            text = "**\(TextEscaping.markdown(word.text))**: \(value.documentation)"
        } else if context.valueOf == "bind" || context.valueOf == "text", let input = index.inputs.first(where: { $0.name == word.text }) {
            text = "input **\(TextEscaping.markdown(input.name))**: \(Self.inputDetail(input.kind)) (line \(input.range.start.line))"
        } else if let node = nodeReference(word.text, context: context, index: index) {
            text = nodeHover(node.id, shape: node.shape, document: document)
        } else if let state = index.states.first(where: { $0.name == word.text }) {
            text = "state **\(TextEscaping.markdown(state.name))** (line \(state.range.start.line))"
        } else if let timeline = index.timelines.first(where: { $0.name == word.text }) {
            text = "timeline **\(TextEscaping.markdown(timeline.name))** (line \(timeline.range.start.line))"
        }
        guard let text else { return .null }
        let range = SourceRange(
            start: SourceLocation(line: line + 1, column: word.start + 1), end: SourceLocation(line: line + 1, column: word.end + 1))
        return .object([
            ("contents", .object([("kind", "markdown"), ("value", .string(text))])),
            ("range", document.range(range, encoding: encoding)),
        ])
    }

    private func nodeHover(_ id: String, shape: String?, document: Document) -> String {
        let file = SourceFile(path: Self.path(of: document.uri), text: document.text)
        if let root = lastTree[document.uri], let scene = sceneInsight(root: root, file: file, files: configuration.files).scene,
            let description = describeNode(id, in: scene)
        {
            return description
        }
        // Scene text is escaped: a hover is Markdown, and an image or a `command:` link in it
        // would render (and run) in the editor.
        return "node **\(TextEscaping.markdown(id))**" + (shape.map { ": \(TextEscaping.markdown($0))" } ?? "")
            + " (the scene has errors; its style is not resolved)"
    }

    /// A node named by a word: an id, or the node part of a keyframe path `id.property`.
    private func nodeReference(_ word: String, context: CursorContext, index: SceneIndex) -> (id: String, range: SourceRange, shape: String?)? {
        if let node = index.node(word) { return node }
        if let dot = word.firstIndex(of: "."), let node = index.node(String(word[..<dot])) { return node }
        return nil
    }

    // MARK: Places

    /// The kind of map a path leads to, for key completion and key documentation.
    static func place(of path: [String], index: SceneIndex) -> ScenePlace? {
        var place = ScenePlace.scene
        var position = 0
        while position < path.count {
            let step = path[position]
            position += 1
            switch (place, step) {
            case (.scene, "layers"), (.node, "children"):
                guard position < path.count, path[position] == "-" else { return nil }
                position += 1
                place = .node
            case (.scene, "states"):
                guard position < path.count else { return nil }  // the map of state names
                position += 1
                place = .state
            case (.state, "a11y"): place = .a11y
            case (.state, "play"): place = .play
            case (.state, _): place = .nodeOverrides
            case (.scene, "transitions"):
                guard position < path.count, path[position] == "-" else { return nil }
                position += 1
                place = .transition
            case (.transition, "nodes"):
                guard position < path.count else { return nil }
                position += 1
                place = .nodeTiming
            case (.scene, "timelines"):
                guard position < path.count else { return nil }
                position += 1
                place = .timeline
            case (.timeline, "tweens"):
                guard position < path.count, path[position] == "-" else { return nil }
                position += 1
                place = .tween
            case (.tween, "to"), (.tween, "by"):
                guard position < path.count else { return nil }
                position += 1
                place = .nodeOverrides
            case (.timeline, "keyframes"), (.transition, "keyframes"):
                guard position + 1 < path.count, path[position + 1] == "-" else { return nil }
                position += 2
                place = .keyframe
            case (.node, "stroke"), (.nodeOverrides, "stroke"): place = .stroke
            case (.node, "fill"), (.nodeOverrides, "fill"): place = .gradient
            case (.gradient, "linear"): place = .linearGradient
            case (.gradient, "radial"): place = .radialGradient
            case (.node, "trim"), (.nodeOverrides, "trim"): place = .trim
            case (.node, "repeat"): place = .repeat
            case (.node, "clip"): place = .clip
            case (.node, "shadow"), (.nodeOverrides, "shadow"): place = .shadow
            case (.node, "artwork"): place = .artwork
            case (.node, "matte"): place = .matte
            case (.node, "time"): place = .time
            case (.node, "motion-path"), (.nodeOverrides, "motion-path"): place = .motionPath
            case (_, "easing"): place = .easingMap
            case (.easingMap, "spring"): place = .spring
            default: return nil
            }
        }
        return place
    }

    // MARK: Completion

    func completion(_ params: JSONValue) -> JSONValue {
        guard let (document, line, column) = target(params) else { return .null }
        let context = CursorContext.at(line: line, column: column, lines: document.lines)
        let index = index(for: document)
        var items: [(label: String, kind: Int, detail: String)] = []
        // A set: a large scene offers tens of thousands of labels (every node × its properties).
        var labels = Set<String>()
        func add(_ label: String, kind: Int, detail: String = "") {
            if labels.insert(label).inserted { items.append((label, kind, detail)) }
        }
        // Kinds: 5 field, 6 variable, 12 value, 13 enum member, 14 keyword, 18 reference.
        var prefix = context.prefix
        if context.valueOf == "text", let hole = Self.openLiveTextHole(context.prefix) {
            // Inside `{…}` of a live text: an input's name, then after `|` a format.
            if let bar = hole.lastIndex(of: "|") {
                prefix = String(hole[hole.index(after: bar)...]).trimmingCharacters(in: " ")
                for format in liveTextFormats { add(format, kind: 13, detail: "live text format") }
            } else {
                prefix = String(hole).trimmingCharacters(in: " ")
                for input in index.inputs { add(input.name, kind: 6, detail: Self.inputDetail(input.kind)) }
            }
        } else if context.prefix.hasPrefix("$") {
            for entry in index.vars { add("$" + entry.name, kind: 6, detail: "var") }
        } else if context.prefix.hasPrefix("*") {
            for entry in index.anchors { add("*" + entry.name, kind: 18, detail: "anchor") }
        } else if let key = context.valueOf {
            let parent = Self.place(of: context.path, index: index)
            switch key {
            case "from" where parent == .transition, "to" where parent == .transition:
                for state in index.states { add(state.name, kind: 12, detail: "state") }
            case "initial" where parent == .scene:
                for state in index.states { add(state.name, kind: 12, detail: "state") }
            case "play":
                for timeline in index.timelines { add(timeline.name, kind: 12, detail: "timeline") }
            case "bind":
                for input in index.inputs { add(input.name, kind: 6, detail: Self.inputDetail(input.kind)) }
            case "font" where parent == .node:
                for font in index.fonts { add(font.name, kind: 12, detail: "font") }
            default:
                for value in SceneVocabulary.enumValues(forKey: key, in: parent) { add(value.value, kind: 13, detail: value.documentation) }
            }
        } else if context.path.count == 3, ["timelines", "transitions"].contains(context.path.first), context.path[2] == "keyframes" {
            // Keyframe paths: `node.property`.
            for node in index.nodes {
                for property in SceneVocabulary.keyframeProperties(shape: node.shape ?? "") {
                    add("\(node.id).\(property)", kind: 5, detail: "keyframe track")
                }
            }
        } else if let place = Self.place(of: context.path, index: index) {
            var keys = SceneVocabulary.keys(place)
            if place == .node, let shape = shapeOfItem(line: line, document: document), let shapeKeys = SceneVocabulary.nodeKeys(shape: shape) {
                keys = shapeKeys
            }
            for key in keys { add(key, kind: 5, detail: SceneVocabulary.documentation(key: key, place: place) ?? "") }
            if place == .state {
                for node in index.nodes { add(node.id, kind: 18, detail: "node") }
            }
        } else if let last = context.path.last, (last == "to" || last == "by"), context.path.contains("tweens") {
            for node in index.nodes { add(node.id, kind: 18, detail: "node") }
        } else if context.path.count == 3, context.path[0] == "transitions", context.path[2] == "nodes" {
            for node in index.nodes { add(node.id, kind: 18, detail: "node") }
            // Per-property timing: `node.property`, the paths of keyframe keys.
            for node in index.nodes {
                for property in SceneVocabulary.keyframeProperties(shape: node.shape ?? "") {
                    add("\(node.id).\(property)", kind: 5, detail: "property timing")
                }
            }
        }
        let filtered = items.filter { prefix.isEmpty || $0.label.hasPrefix(prefix) || $0.label.lowercased().contains(prefix.lowercased()) }
        return .object([
            ("isIncomplete", false),
            ("items", .array(filtered.map { item in
                var members: [(String, JSONValue)] = [("label", .string(item.label)), ("kind", .int(item.kind))]
                if !item.detail.isEmpty { members.append(("detail", .string(item.detail))) }
                return .object(members)
            })),
        ])
    }

    /// The text typed inside a live text's `{` that is not closed yet, nil outside one.
    static func openLiveTextHole(_ typed: String) -> Substring? {
        guard let open = typed.lastIndex(of: "{") else { return nil }
        let hole = typed[typed.index(after: open)...]
        return hole.contains("}") ? nil : hole
    }

    static func inputDetail(_ kind: String?) -> String { kind.map { "\($0) input" } ?? "input" }

    /// The `shape:` of the list item the line belongs to, if written: looked for on the line and
    /// on the lines of the same item above and below.
    private func shapeOfItem(line: Int, document: Document) -> String? {
        func shape(in scalars: [Unicode.Scalar]) -> String? {
            let text = String(String.UnicodeScalarView(scalars))
            guard let range = text.range(of: "shape:") else { return nil }
            let rest = text[range.upperBound...].drop(while: { $0 == " " })
            let word = rest.prefix { $0.isLetter }
            return word.isEmpty ? nil : String(word)
        }
        if let found = shape(in: document.line(line)) { return found }
        let indent = LineShape(document.line(line)).contentColumn
        var index = line - 1
        while index >= 0 {
            let shapeOfLine = LineShape(document.line(index))
            if !shapeOfLine.isBlank, shapeOfLine.contentColumn < indent { break }
            if let found = shape(in: document.line(index)) { return found }
            if !shapeOfLine.dashColumns.isEmpty { break }
            index -= 1
        }
        index = line + 1
        while index < document.lines.count {
            let shapeOfLine = LineShape(document.line(index))
            if !shapeOfLine.isBlank, shapeOfLine.contentColumn < indent || !shapeOfLine.dashColumns.isEmpty { break }
            if let found = shape(in: document.line(index)) { return found }
            index += 1
        }
        return nil
    }

    // MARK: Definition

    func definition(_ params: JSONValue) -> JSONValue {
        guard let (document, line, column) = target(params),
            let word = Self.word(in: document.line(line), at: column)
        else { return .null }
        let index = index(for: document)
        let context = CursorContext.at(line: line, column: word.end, lines: document.lines)
        var range: SourceRange?
        if word.text.hasPrefix("$") {
            range = index.vars.first { $0.name == String(word.text.dropFirst()) }?.range
        } else if word.text.hasPrefix("*") {
            let name = String(word.text.dropFirst())
            range = index.anchors.last { $0.name == name && $0.range.start < SourceLocation(line: line + 1, column: word.start + 1) }?.range
        } else if let key = context.valueOf, ["from", "to", "initial"].contains(key) {
            range = index.states.first { $0.name == word.text }?.range
        } else if context.valueOf == "play" {
            range = index.timelines.first { $0.name == word.text }?.range
        } else if let node = nodeReference(word.text, context: context, index: index) {
            range = node.range
        } else if let element = artworkElement(word.text, in: document.uri) {
            return element
        } else if let state = index.states.first(where: { $0.name == word.text }) {
            range = state.range
        } else if let timeline = index.timelines.first(where: { $0.name == word.text }) {
            range = timeline.range
        }
        guard let range else { return .null }
        return .object([("uri", .string(document.uri)), ("range", document.range(range, encoding: encoding))])
    }

    /// An artwork node's element in its SVG (the word may be `clapper.rotation`), as an LSP location.
    private func artworkElement(_ word: String, in uri: String) -> JSONValue? {
        guard let elements = artworkElements[uri] else { return nil }
        let id = word.firstIndex(of: ".").map { String(word[..<$0]) } ?? word
        guard let element = elements[id] else { return nil }
        // A document's path comes from its file: URI, so the SVG's is absolute too.
        let uri = element.file.hasPrefix("/") ? "file://" + percentEncodedPath(element.file) : element.file
        let position: JSONValue = .object([("line", .int(element.location.line - 1)), ("character", .int(element.location.column - 1))])
        return .object([("uri", .string(uri)), ("range", .object([("start", position), ("end", position)]))])
    }

    // MARK: Code actions

    func codeActions(_ params: JSONValue) -> JSONValue {
        guard case let .string(uri)? = params["textDocument"]?["uri"], let document = documents[uri],
            let requested = params["range"], case let .int(startLine)? = requested["start"]?["line"],
            case let .int(endLine)? = requested["end"]?["line"]
        else { return .array([]) }
        var actions: [JSONValue] = []
        // Read once, and only when there is an action to offer: each says how many places it changes.
        var scene: SceneDocument?
        for diagnostic in published[uri] ?? [] where !diagnostic.fixIts.isEmpty {
            // Offered when the requested lines touch the diagnostic's lines.
            guard diagnostic.range.start.line - 1 <= endLine, diagnostic.range.end.line - 1 >= startLine else { continue }
            if scene == nil { scene = SceneDocument(SourceFile(path: uri, text: document.text)) }
            for (position, fixIt) in diagnostic.fixIts.enumerated() {
                let edit = SceneEdit(fixIt, in: scene!)
                let edits: [JSONValue] = edit.edits.map { edit in
                    .object([("range", document.range(edit.range, encoding: encoding)), ("newText", .string(edit.replacement))])
                }
                actions.append(.object([
                    ("title", .string(edit.title)),
                    ("kind", "quickfix"),
                    ("diagnostics", [lspDiagnostic(diagnostic, in: document)]),
                    ("isPreferred", .bool(position == 0 && !fixIt.isSuggestion)),
                    ("edit", .object([("changes", .object([(uri, .array(edits))]))])),
                ]))
            }
        }
        // The preview's timing edits, unless the client asked for other kinds only.
        let kinds: [String]?
        if case let .array(only)? = params["context"]?["only"] {
            kinds = only.compactMap { if case let .string(kind) = $0 { kind } else { nil } }
        } else {
            kinds = nil
        }
        if kinds?.contains(where: { $0 == "refactor.rewrite" || "refactor.rewrite".hasPrefix($0 + ".") }) ?? true, isTimingLine(document.clampedLine(startLine), uri: uri) {
            if scene == nil { scene = SceneDocument(SourceFile(path: uri, text: document.text)) }
            actions += timingActions(scene!, in: document, line: document.clampedLine(startLine))
        }
        return .array(actions)
    }
}
