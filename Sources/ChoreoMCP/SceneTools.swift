import ChoreoDiagnostics
import ChoreoJSON
import ChoreoScene
import ChoreoYAML

extension MCPServer {
    /// The scene at a tool's `path`, read through the workspace.
    func loadScene(_ path: String) throws(ToolFailure) -> SourceFile {
        switch workspace.readScene(path) {
        case let .success(file): return file
        case let .failure(error): throw ToolFailure(error.message)
        }
    }

    func compile(_ source: SourceFile, theme: String? = nil, target: PlayerTarget = .web) -> SceneCompilation {
        compileScene(source, theme: theme, target: target, artwork: workspace.artwork, files: workspace.files)
    }

    /// Writes a scene's new text over the bytes it was read with, keeping what it held before
    /// this session first changed it (for `diff`).
    func writeScene(_ path: String, text: String, over original: SourceFile) throws(ToolFailure) {
        if case let .failure(error) = workspace.writeScene(path, text: text, expected: original.bytes) { throw ToolFailure(error.message) }
        if originals[original.path] == nil { originals[original.path] = original }
    }

    /// Diagnostics as `lint --format json` writes them, at most `maxDiagnostics` (the rest counted).
    func diagnosticsJSON(_ diagnostics: [Diagnostic]) -> [(String, JSONValue)] {
        let listed = diagnostics.prefix(limits.maxDiagnostics)
        return [
            ("errors", .int(diagnostics.filter { $0.severity == .error }.count)),
            ("warnings", .int(diagnostics.filter { $0.severity == .warning }.count)),
            ("diagnostics", .array(listed.map(JSONRenderer.object))),
            ("omitted", .int(diagnostics.count - listed.count)),
        ]
    }

    static let diagnosticsSchema: [(String, JSONValue)] = [
        ("errors", Schema.integer("how many errors: 0 means the scene compiles")),
        ("warnings", Schema.integer("how many warnings")),
        ("diagnostics", Schema.diagnosticList),
        ("omitted", Schema.integer("diagnostics past the listing limit, not listed")),
    ]
}

// MARK: schema

extension MCPTools {
    static let schema = MCPTool(
        name: "schema", title: "Scene format schema",
        description: """
            The JSON Schema of Choreo's scene format (the YAML a scene file holds): every key of the \
            document, of nodes, states, transitions, timelines and inputs, with their types. Use it \
            before writing a key you are unsure of; pass 'definition' to get one part only (the \
            names are listed under 'definitions' when you ask without it). For the meaning of each key, \
            read the resource choreo://docs/scene-format.md.
            """,
        inputSchema: Schema.object([
            ("definition", Schema.string("One definition of the schema (for example 'node' or 'transition'); omit for the whole schema.")),
        ]),
        outputSchema: Schema.object([
            ("definition", Schema.optionalString("the definition returned, null for the whole schema")),
            ("definitions", Schema.array(Schema.string(""), "the names 'definition' takes")),
            ("schema", .object([("type", "object"), ("description", "the JSON Schema, or the one definition")])),
        ], required: ["definition", "definitions", "schema"]),
        readOnly: true
    ) { _, arguments throws(ToolFailure) in
        try arguments.allowOnly(["definition"])
        let whole = SceneSchema.schema()
        var names: [String] = []
        if case let .object(members)? = whole["definitions"] { names = members.map(\.0) }
        guard let name = try arguments.string("definition", maxBytes: 128) else {
            return .success(.object([("definition", .null), ("definitions", .array(names.map { .string($0) })), ("schema", whole)]))
        }
        guard let definition = whole["definitions"]?[name] else {
            throw ToolFailure("the schema has no definition '\(String(name.prefix(64)))'; the definitions are \(names.joined(separator: ", "))")
        }
        return .success(.object([("definition", .string(name)), ("definitions", .array(names.map { .string($0) })), ("schema", definition)]))
    }
}

// MARK: lint

extension MCPTools {
    static let lint = MCPTool(
        name: "lint", title: "Check a scene",
        description: """
            Checks a scene file (or text you pass instead of the file's) exactly as `choreo lint` \
            does and returns every diagnostic as data: rule id, severity, message, the range it is \
            about, notes, help, and fix-its (the text edits that repair it). Use it after every change; \
            'errors: 0' means the scene compiles. Apply the fix-its with the fix tool, or make other \
            changes with edit. Each rule is explained in the resource choreo://docs/diagnostics.md.
            """,
        inputSchema: Schema.object([
            ("path", Schema.scenePath),
            ("text", Schema.string("The scene's text to check instead of the file's (the file's folder still holds its fonts and artwork); nothing is written.")),
        ], required: ["path"]),
        outputSchema: Schema.object([("path", Schema.string(""))] + MCPServer.diagnosticsSchema, required: ["path", "errors", "warnings", "diagnostics", "omitted"]),
        readOnly: true
    ) { server, arguments throws(ToolFailure) in
        try arguments.allowOnly(["path", "text"])
        let path = try arguments.path()
        var source = try server.loadScene(path)
        if let text = try arguments.string("text", maxBytes: YAMLLimits.defaultMaxFileBytes) {
            source = SourceFile(path: source.path, text: text)
        }
        let diagnostics = server.compile(source).diagnostics
        return .success(.object([("path", .string(source.path))] + server.diagnosticsJSON(diagnostics)))
    }
}

// MARK: fix

extension MCPTools {
    static let fix = MCPTool(
        name: "fix", title: "Apply a scene's fix-its",
        description: """
            Applies the fix-its of a scene's diagnostics, as `choreo lint --fix` does: each \
            diagnostic's first fix-it that is not a suggestion, in rounds until none is left, and \
            writes the file back (comments and layout kept). Returns what was changed and the \
            diagnostics left, which need an edit of yours. Use after lint shows fix-its; \
            'dryRun: true' reports without writing.
            """,
        inputSchema: Schema.object([
            ("path", Schema.scenePath),
            ("dryRun", Schema.boolean("Report what would change without writing the file.")),
        ], required: ["path"]),
        outputSchema: Schema.object([
            ("path", Schema.string("")),
            ("written", Schema.boolean("whether the file was rewritten")),
            ("applied", Schema.array(Schema.object([
                ("rule", Schema.string("")), ("line", Schema.integer("")), ("column", Schema.integer("")),
                ("message", Schema.string("what the fix did")), ("old", Schema.string("text before")), ("new", Schema.string("text after")),
            ], required: ["rule", "line", "column", "message", "old", "new"]), "the fixes applied, in order")),
        ] + MCPServer.diagnosticsSchema, required: ["path", "written", "applied", "errors", "warnings", "diagnostics", "omitted"]),
        readOnly: false, destructive: true
    ) { server, arguments throws(ToolFailure) in
        try arguments.allowOnly(["path", "dryRun"])
        let path = try arguments.path()
        let dryRun = try arguments.bool("dryRun") ?? false
        let source = try server.loadScene(path)
        guard source.isValidUTF8 else { throw ToolFailure("the file is not valid UTF-8; it is left as it is") }
        let result = fixScene(source) { server.compile($0).diagnostics }
        if result.changed, !dryRun { try server.writeScene(path, text: result.file.text, over: source) }
        let applied: [JSONValue] = result.applied.map { fix in
            .object([
                ("rule", .string(fix.rule.rawValue)), ("line", .int(fix.location.line)), ("column", .int(fix.location.column)),
                ("message", .string(fix.message)), ("old", .string(fix.old)), ("new", .string(fix.new)),
            ])
        }
        return .success(.object([
            ("path", .string(source.path)), ("written", .bool(result.changed && !dryRun)), ("applied", .array(applied)),
        ] + server.diagnosticsJSON(result.remaining)))
    }
}
