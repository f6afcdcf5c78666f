import ChoreoDiagnostics
import ChoreoJSON
import ChoreoScene

/// The docs as resources: the scene format and the diagnostics reference (read by the workspace
/// from the installed docs, listed only when there), and, always, the schema and the rule
/// catalogue, which the binary itself holds.
enum MCPResources {
    struct Page {
        var file: String
        var title: String
        var description: String
    }

    static let pages = [
        Page(file: "scene-format.md", title: "Scene format", description: "The scene format reference: every key of a scene file, with examples. Read before writing a scene."),
        Page(file: "diagnostics.md", title: "Diagnostics reference", description: "Every rule a diagnostic names (the 'rule' of lint's diagnostics): what it means and how to fix it."),
        Page(file: "diagnostics-yaml.md", title: "YAML diagnostics", description: "The YAML reader's rules (yaml-syntax, duplicate-key, tab-indentation…)."),
        Page(file: "limits.md", title: "Limits", description: "The bounds a scene is held to (sizes, counts, durations) and the rules that report them."),
    ]

    static let schemaURI = "choreo://schema/scene.json"
    static let rulesURI = "choreo://rules.json"

    static func uri(_ page: Page) -> String { "choreo://docs/" + page.file }

    static func list(_ workspace: any MCPWorkspace) -> [JSONValue] {
        var resources: [JSONValue] = []
        for page in pages {
            guard let text = workspace.documentation(page.file) else { continue }
            resources.append(.object([
                ("uri", .string(uri(page))), ("name", .string(page.file)), ("title", .string(page.title)),
                ("description", .string(page.description)), ("mimeType", "text/markdown"), ("size", .int(text.utf8.count)),
            ]))
        }
        resources.append(.object([
            ("uri", .string(schemaURI)), ("name", "scene.json"), ("title", "Scene JSON Schema"),
            ("description", "The JSON Schema of a scene file, as `choreo schema` prints it."), ("mimeType", "application/schema+json"),
        ]))
        resources.append(.object([
            ("uri", .string(rulesURI)), ("name", "rules.json"), ("title", "Diagnostic rules"),
            ("description", "Every rule id with its stage, severity and one-line summary."), ("mimeType", "application/json"),
        ]))
        return resources
    }

    /// The contents of the resource at `uri`, nil when there is none.
    static func read(_ uri: String, _ workspace: any MCPWorkspace) -> JSONValue? {
        let text: String
        let mimeType: String
        switch uri {
        case schemaURI:
            text = JSONWriter(pretty: true).string(SceneSchema.schema())
            mimeType = "application/schema+json"
        case rulesURI:
            text = JSONWriter(pretty: true).string(.array(Rule.allCases.map { rule in
                .object([
                    ("rule", .string(rule.rawValue)), ("severity", .string(rule.severity.rawValue)),
                    ("summary", .string(rule.summary)), ("documentation", .string(rule.documentation)),
                ])
            }))
            mimeType = "application/json"
        default:
            guard let page = pages.first(where: { Self.uri($0) == uri }), let found = workspace.documentation(page.file) else { return nil }
            text = found
            mimeType = "text/markdown"
        }
        return .object([("uri", .string(uri)), ("mimeType", .string(mimeType)), ("text", .string(text))])
    }
}
