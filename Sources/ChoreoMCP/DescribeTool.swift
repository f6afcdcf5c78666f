import ChoreoDiagnostics
import ChoreoJSON
import ChoreoSceneSyntax
import ChoreoYAML

extension MCPTools {
    static let describe = MCPTool(
        name: "describe", title: "Outline a scene",
        description: """
            Reads a scene file as written and returns its outline: the nodes (id, shape, parent), \
            states, transitions, inputs, timelines and vars, each with its path (what edit's 'at' \
            takes, like layers[2].fill or states.pressed) and its range in the text. Start here to \
            find where something is before editing it. With 'values: true' it also lists every \
            scalar value with its path and range (where a value comes from a $var, 'definedAt' is \
            where edit changes it). Works on scenes with errors, as long as the YAML reads.
            """,
        inputSchema: Schema.object([
            ("path", Schema.scenePath),
            ("values", Schema.boolean("Also list every scalar value with its path and range.")),
        ], required: ["path"]),
        outputSchema: Schema.object([
            ("path", Schema.string("")),
            ("readable", Schema.boolean("false when the YAML does not read: 'problems' says why, the lists are empty")),
            ("problems", Schema.diagnosticList),
            ("name", Schema.optionalString("the scene's name")),
            ("initial", Schema.optionalString("the initial state")),
            ("nodes", entries([("id", Schema.string("")), ("shape", Schema.optionalString("rect, ellipse, text, path, group (children), artwork…")), ("parent", Schema.optionalString("the group holding it"))])),
            ("states", entries([("name", Schema.string(""))])),
            ("transitions", entries([("from", Schema.optionalString("")), ("to", Schema.optionalString("")), ("on", Schema.optionalString("the trigger")), ("duration", Schema.optionalString("as written"))])),
            ("inputs", entries([("name", Schema.string("")), ("kind", Schema.optionalString("number, boolean, trigger… as written"))])),
            ("timelines", entries([("name", Schema.string("")), ("duration", Schema.optionalString("as written")), ("loop", Schema.optionalString("as written"))])),
            ("vars", entries([("name", Schema.string("")), ("value", Schema.string("as written, cut at 200 characters")), ("places", Schema.integer("how many places read it"))])),
            ("values", entries([("text", Schema.string("the value as written")), ("definedAt", .object([("description", "where a $var's value is written, or null"), ("anyOf", .array([Schema.range, .object([("type", "null")])]))]))])),
            ("omitted", Schema.integer("entries past the listing limit, left out")),
        ], required: ["path", "readable", "problems", "nodes", "states", "transitions", "inputs", "timelines", "vars", "values", "omitted"]),
        readOnly: true
    ) { server, arguments throws(ToolFailure) in
        try arguments.allowOnly(["path", "values"])
        let source = try server.loadScene(try arguments.path())
        let withValues = try arguments.bool("values") ?? false
        return .success(SceneOutline(SceneDocument(source), limit: server.limits.maxListedEntries, values: withValues).json)
    }

    /// A list of entries, each with its path and range and the given fields.
    private static func entries(_ fields: [(String, JSONValue)]) -> JSONValue {
        Schema.array(
            Schema.object(fields + [("path", Schema.string("the path edit's 'at' takes")), ("range", Schema.range)], required: ["path", "range"]),
            "")
    }
}

/// A scene document's parts, with paths and ranges, as `describe` returns them.
struct SceneOutline {
    let document: SceneDocument
    let limit: Int
    private(set) var omitted = 0

    private var members: [(String, JSONValue)] = []

    init(_ document: SceneDocument, limit: Int, values: Bool) {
        self.document = document
        self.limit = limit
        members = [
            ("path", .string(document.file.path)),
            ("readable", .bool(document.root != nil)),
            ("problems", .array(document.diagnostics.prefix(limit).map(JSONRenderer.object))),
        ]
        guard let root = document.root else {
            members += ["nodes", "states", "transitions", "inputs", "timelines", "vars", "values"].map { ($0, .array([])) }
            members.append(("omitted", 0))
            return
        }
        members.append(("name", document.value(SceneKey.name, in: root).flatMap(document.scalar).map { .string($0) } ?? .null))
        members.append(("initial", document.value(SceneKey.initial, in: root).flatMap(document.scalar).map { .string($0) } ?? .null))
        members.append(("nodes", capped(nodes(root))))
        members.append(("states", capped(named(SceneKey.states) { _ in [] })))
        members.append(("transitions", capped(transitions(root))))
        members.append(("inputs", capped(named(SceneKey.inputs) { value in
            [("kind", document.entries(value).first.flatMap { document.scalar($0.key) }.map { .string($0) } ?? .null)]
        })))
        members.append(("timelines", capped(named(SceneKey.timelines) { value in
            [("duration", text(SceneKey.duration, in: value)), ("loop", text(SceneKey.loop, in: value))]
        })))
        members.append(("vars", capped(named(SceneKey.vars) { value in
            [
                ("value", .string(String(String(document.text(value)).prefix(200)))),
                ("places", .int(document.places(readingDefinition: document.resolved(value)))),
            ]
        })))
        members.append(("values", values ? capped(scalarValues(root)) : .array([])))
        members.append(("omitted", .int(omitted)))
    }

    var json: JSONValue { .object(members) }

    private mutating func capped(_ entries: [JSONValue]) -> JSONValue {
        omitted += max(0, entries.count - limit)
        return .array(Array(entries.prefix(limit)))
    }

    private func entry(_ fields: [(String, JSONValue)], path: ScenePath, node: SceneNodeID) -> JSONValue {
        .object(fields + [("path", .string(path.description)), ("range", rangeJSON(document[node].range))])
    }

    private func text(_ key: SceneKey, in map: SceneNodeID) -> JSONValue {
        document.value(key, in: map).map { .string(String(document.text(document.resolved($0)))) } ?? .null
    }

    /// `layers` and the groups' `children`, depth first.
    private func nodes(_ root: SceneNodeID) -> [JSONValue] {
        var result: [JSONValue] = []
        var visited = Set<SceneNodeID>()
        func collect(_ list: SceneNodeID, path: ScenePath, parent: String?) {
            for (index, item) in document.items(list).enumerated() {
                let map = document.resolved(item)
                guard document[map].isMap, visited.insert(map).inserted, result.count <= limit else { continue }
                let itemPath = path.appending(.index(index))
                let id = document.value(SceneKey(.id), in: map).flatMap(document.scalar)
                var shape = document.value(SceneKey(.shape), in: map).flatMap(document.scalar)
                if shape == nil, document.value(SceneKey.artwork, in: map) != nil { shape = "artwork" }
                if shape == nil, document.value(SceneKey(.children), in: map) != nil { shape = "group" }
                result.append(entry([
                    ("id", .string(id ?? "")), ("shape", shape.map { .string($0) } ?? .null), ("parent", parent.map { .string($0) } ?? .null),
                ], path: itemPath, node: map))
                if let children = document.value(SceneKey(.children), in: map) {
                    collect(children, path: itemPath.appending(SceneKey(.children)), parent: id)
                }
            }
        }
        if let layers = document.value(SceneKey.layers, in: root) { collect(layers, path: [.key(SceneKey.layers.text)], parent: nil) }
        return result
    }

    /// The entries of a top-level map by name.
    private func named(_ key: SceneKey, _ fields: (SceneNodeID) -> [(String, JSONValue)]) -> [JSONValue] {
        document.section(key).prefix(limit + 1).compactMap { entry in
            guard let name = document[entry.key].scalar?.value else { return nil }
            return self.entry([("name", .string(name))] + fields(entry.value), path: [.key(key.text), .key(name)], node: entry.value)
        }
    }

    private func transitions(_ root: SceneNodeID) -> [JSONValue] {
        guard let list = document.value(SceneKey.transitions, in: root) else { return [] }
        return document.items(list).prefix(limit + 1).enumerated().map { index, item in
            entry([
                ("from", text(SceneKey.from, in: item)), ("to", text(SceneKey.to, in: item)),
                ("on", text(SceneKey.on, in: item)), ("duration", text(SceneKey.duration, in: item)),
            ], path: [.key(SceneKey.transitions.text), .index(index)], node: document.resolved(item))
        }
    }

    /// Every scalar as the scene reads it (merged entries and aliases followed, each node once).
    private func scalarValues(_ root: SceneNodeID) -> [JSONValue] {
        var result: [JSONValue] = []
        var seen = Set<SceneNodeID>()
        var stack: [(SceneNodeID, ScenePath)] = [(root, [])]
        while let (id, path) = stack.popLast(), result.count <= limit {
            let node = document.resolved(id)
            switch document[node].kind {
            case .scalar:
                guard seen.insert(node).inserted else { continue }
                let definition = document.definition(of: node)
                result.append(entry([
                    ("text", .string(String(document.text(node)))),
                    ("definedAt", definition == node ? .null : rangeJSON(document[definition].range)),
                ], path: path, node: node))
            case .list:
                for (index, item) in document.items(node).enumerated().reversed() { stack.append((item, path.appending(.index(index)))) }
            case .map:
                for entry in document.entries(node).reversed() {
                    guard let key = document[entry.key].scalar?.value else { continue }
                    stack.append((entry.value, path.appending(.key(key))))
                }
            case .alias: continue
            }
        }
        return result
    }
}

/// A range as diagnostics give it.
func rangeJSON(_ range: SourceRange) -> JSONValue {
    .object([
        ("line", .int(range.start.line)), ("column", .int(range.start.column)),
        ("endLine", .int(range.end.line)), ("endColumn", .int(range.end.column)),
    ])
}
