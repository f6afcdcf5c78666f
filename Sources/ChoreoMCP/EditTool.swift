import ChoreoDiagnostics
import ChoreoJSON
import ChoreoSceneSyntax
import ChoreoYAML

extension MCPTools {
    static let edit = MCPTool(
        name: "edit", title: "Edit a scene's values",
        description: """
            Changes values of a scene file in place, through Choreo's scene editor: only the bytes of \
            the values changed (or the lines of an entry added or removed) change; comments, key \
            order, quoting, units and layout stay as written. Operations, applied in order: \
            {op: 'set', at, value} replaces the value at a path (a value read from a $var, an anchor \
            or a merge is changed where it is defined, and 'places' says how many places read it); \
            {op: 'insert', at, key, value, after?} adds a key to the map at 'at'; {op: 'insert', at, \
            value, index?} adds an item to the list at 'at'; {op: 'remove', at} removes an entry or \
            item; {op: 'rename', node, to} renames a node and every state, transition and timeline \
            that names it. Paths are as describe gives them: layers[0].fill, states.pressed.heart.scale, \
            transitions[1].duration. Values are JSON: strings are written as YAML text ('0.3s', \
            '#FF3B30', 'ease-out'), numbers as numbers, lists and maps as YAML collections. All \
            operations apply or none; the result is checked and its diagnostics returned, so lint \
            need not follow. 'dryRun: true' returns the edits without writing.
            """,
        inputSchema: Schema.object([
            ("path", Schema.scenePath),
            ("operations", Schema.array(Schema.object([
                ("op", Schema.string("what to do", enum: ["set", "insert", "remove", "rename"])),
                ("at", Schema.string("the path of the value to set, the map or list to insert into, or the entry or item to remove")),
                ("value", Schema.anyValue),
                ("key", Schema.string("insert into a map: the new key")),
                ("after", Schema.string("insert into a map: the key to insert after (default: after the last)")),
                ("index", Schema.integer("insert into a list: the new item's index (default: at the end)", minimum: 0)),
                ("node", Schema.string("rename: the node's id")),
                ("to", Schema.string("rename: the new id")),
            ], required: ["op"]), "the changes, applied in order", maxItems: 100)),
            ("dryRun", Schema.boolean("Return the edits without writing the file.")),
        ], required: ["path", "operations"]),
        outputSchema: Schema.object([
            ("path", Schema.string("")),
            ("written", Schema.boolean("whether the file was rewritten")),
            ("changes", Schema.array(Schema.object([
                ("op", Schema.string("")),
                ("at", Schema.string("the path, or the node renamed")),
                ("message", Schema.string("what changed")),
                ("places", Schema.integer("how many places of the scene read the text changed (a $var's uses, an anchor's aliases); 1 for a value written once")),
                ("edits", Schema.array(Schema.object([
                    ("line", Schema.integer("")), ("column", Schema.integer("")), ("endLine", Schema.integer("")), ("endColumn", Schema.integer("")),
                    ("replacement", Schema.string("")),
                ], required: ["line", "column", "endLine", "endColumn", "replacement"]), "the text edits, in the text as it was before this operation")),
            ], required: ["op", "at", "message", "places", "edits"]), "one entry per operation")),
        ] + MCPServer.diagnosticsSchema, required: ["path", "written", "changes", "errors", "warnings", "diagnostics", "omitted"]),
        readOnly: false, destructive: true
    ) { server, arguments throws(ToolFailure) in
        try arguments.allowOnly(["path", "operations", "dryRun"])
        let path = try arguments.path()
        let dryRun = try arguments.bool("dryRun") ?? false
        guard case let .array(operations)? = arguments.value["operations"], !operations.isEmpty else {
            throw ToolFailure("'operations' is a non-empty list of {op, at, …}")
        }
        guard operations.count <= server.limits.maxEditOperations else {
            throw ToolFailure("'operations' has \(operations.count) items; at most \(server.limits.maxEditOperations) are taken in one call")
        }
        let original = try server.loadScene(path)
        guard original.isValidUTF8 else { throw ToolFailure("the file is not valid UTF-8; it is left as it is") }
        var current = original
        var changes: [JSONValue] = []
        for (index, operation) in operations.enumerated() {
            let document = SceneDocument(current)
            let edit: SceneEdit
            let subject: String
            do throws(ToolFailure) {
                (edit, subject) = try sceneEdit(operation, in: document, limits: server.limits)
            } catch {
                throw ToolFailure("operation \(index + 1): \(error.message); nothing was written")
            }
            guard let text = edit.applied(to: document) else { throw ToolFailure("operation \(index + 1): its edits do not apply; nothing was written") }
            guard text.utf8.count <= YAMLLimits.defaultMaxFileBytes else {
                throw ToolFailure("operation \(index + 1): the file would be larger than the \(YAMLLimits.defaultMaxFileBytes) bytes a scene may have; nothing was written")
            }
            let edited = SourceFile(path: current.path, text: text)
            guard SceneDocument(edited).root != nil else {
                throw ToolFailure("operation \(index + 1): the file would no longer read as YAML; nothing was written")
            }
            changes.append(.object([
                ("op", operation["op"] ?? .null), ("at", .string(subject)), ("message", .string(edit.message)), ("places", .int(edit.places)),
                ("edits", .array(edit.edits.map { edit in
                    .object([
                        ("line", .int(edit.range.start.line)), ("column", .int(edit.range.start.column)),
                        ("endLine", .int(edit.range.end.line)), ("endColumn", .int(edit.range.end.column)),
                        ("replacement", .string(edit.replacement)),
                    ])
                })),
            ]))
            current = edited
        }
        let changed = current.text != original.text
        if changed, !dryRun { try server.writeScene(path, text: current.text, over: original) }
        return .success(.object([
            ("path", .string(original.path)), ("written", .bool(changed && !dryRun)), ("changes", .array(changes)),
        ] + server.diagnosticsJSON(server.compile(current).diagnostics)))
    }

    /// One operation as an edit of the document, and what it is about (its path, or the node).
    private static func sceneEdit(_ operation: JSONValue, in document: SceneDocument, limits: MCPLimits) throws(ToolFailure) -> (SceneEdit, String) {
        let arguments = ToolArguments(operation, limits: limits)
        guard case .object = operation else { throw ToolFailure("an operation is an object {op, at, …}") }
        let op = try arguments.requiredString("op", maxBytes: 16)
        if op == "rename" {
            try arguments.allowOnly(["op", "node", "to"])
            let node = try arguments.requiredString("node", maxBytes: 256), new = try arguments.requiredString("to", maxBytes: 256)
            return (try result(document.renamingNode(node, to: new)), node)
        }
        let at = try arguments.requiredString("at", maxBytes: limits.maxPathBytes)
        guard let path = ScenePath(parsing: at) else {
            throw ToolFailure("'\(String(at.prefix(80)))' is not a path: keys joined by '.', list indices as [2], other keys quoted as [\"ring.scale\"] (describe lists them)")
        }
        switch op {
        case "set":
            try arguments.allowOnly(["op", "at", "value"])
            guard !path.components.isEmpty else { throw ToolFailure("'at' is empty: set a value inside the scene") }
            return (try result(document.setting(path, to: try sceneValue(operation["value"], named: "value"))), at)
        case "insert":
            try arguments.allowOnly(["op", "at", "value", "key", "after", "index"])
            let value = try sceneValue(operation["value"], named: "value")
            if let key = try arguments.string("key", maxBytes: 256) {
                try checkKey(key)
                let after = try arguments.string("after", maxBytes: 256).map { SceneKey(name: $0) }
                return (try result(document.inserting(SceneKey(name: key), value, into: path, after: after)), at)
            }
            return (try result(document.inserting(value, intoList: path, at: try arguments.int("index", in: 0...1_000_000))), at)
        case "remove":
            try arguments.allowOnly(["op", "at"])
            guard !path.components.isEmpty else { throw ToolFailure("'at' is empty: remove an entry or item inside the scene") }
            return (try result(document.removing(path)), at)
        default:
            throw ToolFailure("'op' is set, insert, remove or rename, not '\(String(op.prefix(16)))'")
        }
    }

    /// Keys are written as they are: names, node ids and tracks (`heart.scale`) only.
    private static func checkKey(_ key: String) throws(ToolFailure) {
        let allowed = key.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0) }
        guard !key.isEmpty, key.utf8.count <= 256, allowed else {
            throw ToolFailure("'\(String(key.prefix(64)))' is not a key the editor writes: letters, digits, '_', '-' and '.' only")
        }
    }

    private static func result(_ result: Result<SceneEdit, SceneEditFailure>) throws(ToolFailure) -> SceneEdit {
        switch result {
        case let .success(edit): return edit
        case let .failure(failure): throw ToolFailure(failure.description)
        }
    }

    /// A JSON value as the scene value the writer prints.
    static func sceneValue(_ json: JSONValue?, named name: String) throws(ToolFailure) -> SceneValue {
        guard let json else { throw ToolFailure("'\(name)' is required") }
        switch json {
        case .null: return .word("null")
        case let .bool(flag): return .word(flag ? "true" : "false")
        case let .int(number): return .number(Double(number))
        case let .number(number), let .decimal(number, _): return .number(number)
        case let .string(text):
            guard !text.isEmpty else { return .text("", .doubleQuoted) }
            return .string(text)
        case let .array(items):
            var values: [SceneValue] = []
            for item in items { values.append(try sceneValue(item, named: name)) }
            let scalarsOnly = values.allSatisfy { if case .list = $0 { return false }; if case .map = $0 { return false }; return true }
            return .list(values, scalarsOnly ? .flow : .block)
        case let .object(members):
            var entries: [SceneEntry] = []
            for (key, value) in members {
                try checkKey(key)
                entries.append(SceneEntry(SceneKey(name: key), try sceneValue(value, named: name)))
            }
            return .map(entries, .block)
        }
    }
}
