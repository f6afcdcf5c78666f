import ChoreoJSON

/// JSON Schema pieces for the tools' input and output schemas.
enum Schema {
    static func object(_ properties: [(String, JSONValue)], required: [String] = [], additional: Bool = false) -> JSONValue {
        .object([
            ("type", "object"),
            ("properties", .object(properties)),
            ("required", .array(required.map { .string($0) })),
            ("additionalProperties", .bool(additional)),
        ])
    }

    static func string(_ description: String, enum values: [String]? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", "string"), ("description", .string(description))]
        if let values { members.append(("enum", .array(values.map { .string($0) }))) }
        return .object(members)
    }

    static func integer(_ description: String, minimum: Int? = nil, maximum: Int? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", "integer"), ("description", .string(description))]
        if let minimum { members.append(("minimum", .int(minimum))) }
        if let maximum { members.append(("maximum", .int(maximum))) }
        return .object(members)
    }

    static func number(_ description: String) -> JSONValue {
        .object([("type", "number"), ("description", .string(description))])
    }

    static func boolean(_ description: String) -> JSONValue {
        .object([("type", "boolean"), ("description", .string(description))])
    }

    static func array(_ items: JSONValue, _ description: String, maxItems: Int? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", "array"), ("items", items), ("description", .string(description))]
        if let maxItems { members.append(("maxItems", .int(maxItems))) }
        return .object(members)
    }

    /// A string or null.
    static func optionalString(_ description: String) -> JSONValue {
        .object([("type", .array(["string", "null"])), ("description", .string(description))])
    }

    static func optionalInteger(_ description: String) -> JSONValue {
        .object([("type", .array(["integer", "null"])), ("description", .string(description))])
    }

    static let anyValue: JSONValue = .object([("description", "any JSON value")])

    /// A range of the scene's text, as diagnostics give it: 1-based lines and columns (columns
    /// count Unicode scalars), the end exclusive.
    static let range: JSONValue = object([
        ("line", integer("first line, 1-based")),
        ("column", integer("first column, 1-based, in Unicode scalars")),
        ("endLine", integer("last line")),
        ("endColumn", integer("column just past the end")),
    ], required: ["line", "column", "endLine", "endColumn"])

    static let scenePath = string("The scene file, relative to the directory the server was started in (for example scenes/like-button.yaml). Absolute paths, '..' and links out of that directory are refused.")

    /// A fix-it as `lint --format json` writes it.
    static let fixIt: JSONValue = object([
        ("message", string("what the fix does")),
        ("suggestion", boolean("true when it is a guess that `fix` does not apply by itself")),
        ("edits", array(object([
            ("line", integer("")), ("column", integer("")), ("endLine", integer("")), ("endColumn", integer("")),
            ("replacement", string("the text that replaces the range")),
        ], required: ["line", "column", "endLine", "endColumn", "replacement"]), "text edits")),
    ], required: ["message", "edits"])

    /// A diagnostic as `lint --format json` writes it.
    static let diagnostic: JSONValue = object([
        ("file", string("the scene file")),
        ("line", integer("")), ("column", integer("")), ("endLine", integer("")), ("endColumn", integer("")),
        ("severity", string("error stops compiling; warning and note do not", enum: ["error", "warning", "note"])),
        ("rule", string("the stable rule id; resources/read choreo://docs/diagnostics.md explains each")),
        ("message", string("")),
        ("notes", array(object([
            ("message", string("")), ("file", string("")),
            ("line", optionalInteger("")), ("column", optionalInteger("")),
        ], required: ["message"]), "related places")),
        ("help", optionalString("how to fix it, when the fix is not mechanical")),
        ("fixIts", array(fixIt, "mechanical repairs: apply them with the fix tool, or make the edits yourself")),
    ], required: ["file", "line", "column", "severity", "rule", "message", "fixIts"])

    static let diagnosticList: JSONValue = array(diagnostic, "the diagnostics, in file order")
}
