import ChoreoDiagnostics
import ChoreoJSON
import ChoreoTestSupport
import ChoreoYAML
import Foundation
import Testing

@testable import ChoreoScene

/// A YAML tree as JSON, reading plain scalars by YAML 1.2's core schema as yaml-language-server
/// does (quoted scalars stay strings): what a schema-aware editor validates.
func jsonInstance(_ node: YAMLNode) -> JSONValue {
    switch node.kind {
    case let .mapping(pairs): return .object(pairs.map { ($0.key.scalar?.value ?? "", jsonInstance($0.value)) })
    case let .sequence(items): return .array(items.map(jsonInstance))
    case let .scalar(scalar):
        guard scalar.style == .plain else { return .string(scalar.value) }
        let text = scalar.value
        if ["", "~", "null", "Null", "NULL"].contains(text) { return .null }
        if ["true", "True", "TRUE"].contains(text) { return .bool(true) }
        if ["false", "False", "FALSE"].contains(text) { return .bool(false) }
        if let value = Int(text) { return .int(value) }
        if text.range(of: #"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$"#, options: .regularExpression) != nil,
            let value = Double(text)
        {
            return .number(value)
        }
        return .string(text)
    }
}

/// The Python that validates: the conformance venv's (scripts/test.sh makes it, with jsonschema
/// from Tests/conformance/requirements.txt), else the system's.
private func python() -> String {
    let venv = repositoryRoot().appendingPathComponent(".venv/bin/python").path
    return FileManager.default.isExecutableFile(atPath: venv) ? venv : "/usr/bin/env"
}

/// Validates each file against the schema with Python's jsonschema (Draft 7); the names that fail.
private func invalidInstances(_ instances: [(String, JSONValue)]) throws -> Set<String> {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("choreo-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try JSONWriter(pretty: true).string(SceneSchema.schema()).write(to: directory.appendingPathComponent("schema.json"), atomically: true, encoding: .utf8)
    for (name, instance) in instances {
        try JSONWriter().string(instance).write(to: directory.appendingPathComponent(name + ".json"), atomically: true, encoding: .utf8)
    }
    let script = """
        import json, pathlib, sys, jsonschema
        d = pathlib.Path(sys.argv[1])
        schema = json.loads((d / "schema.json").read_text())
        jsonschema.Draft7Validator.check_schema(schema)
        v = jsonschema.Draft7Validator(schema)
        for f in sorted(d.glob("*.json")):
            if f.name != "schema.json" and not v.is_valid(json.loads(f.read_text())):
                print(f.name[:-5])
        """
    let process = Process()
    let interpreter = python()
    process.executableURL = URL(fileURLWithPath: interpreter)
    process.arguments = (interpreter == "/usr/bin/env" ? ["python3"] : []) + ["-c", script, directory.path]
    let output = Pipe()
    process.standardOutput = output
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "jsonschema failed: \(errorText)")
    return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
}

private func instance(_ url: URL) throws -> JSONValue {
    let file = SourceFile(path: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
    return jsonInstance(try #require(readYAML(file).root, "\(url.lastPathComponent) is not YAML"))
}

@Test func everySceneAndValidFixtureValidatesAgainstTheSchema() throws {
    var instances: [(String, JSONValue)] = []
    let scenes = repositoryRoot().appendingPathComponent("scenes")
    for name in try FileManager.default.contentsOfDirectory(atPath: scenes.path).sorted() where name.hasSuffix(".yaml") {
        instances.append(("scene-" + name, try instance(scenes.appendingPathComponent(name))))
    }
    for url in frontendFixtureFiles("valid") {
        instances.append(("valid-" + url.lastPathComponent, try instance(url)))
    }
    #expect(instances.count >= 10)
    let failing = try invalidInstances(instances)
    #expect(failing.isEmpty, "valid scenes the schema rejects: \(failing.sorted())")
}

/// Invalid fixtures whose only problem is an unknown key, a wrong type or a bad enum value.
let schemaRejectedFixtures = [
    "unknown-key-keyframe-path.yaml", "unknown-key-node.yaml", "unknown-key-scene.yaml", "unknown-key-spring.yaml",
    "unknown-key-stroke.yaml", "unknown-key-transition.yaml", "unknown-value-anchor.yaml", "unknown-value-cap.yaml",
    "unknown-value-fill-rule.yaml", "unknown-value-matte-mode.yaml", "unknown-value-shape.yaml", "unknown-value-text-change.yaml", "unknown-value-trigger.yaml", "wrong-type-layers-map.yaml",
    "wrong-type-list-for-number.yaml", "wrong-type-node-not-map.yaml", "wrong-type-point.yaml", "wrong-type-scene-list.yaml",
    "wrong-type-stop.yaml", "wrong-type-yes-for-boolean.yaml",
]

@Test func keyTypeAndEnumMistakesAreRejectedByTheSchemaToo() throws {
    var instances: [(String, JSONValue)] = []
    for name in schemaRejectedFixtures {
        let url = frontendFixturesDirectory("invalid").appendingPathComponent(name)
        let rules = Set(expectations(in: try String(contentsOf: url, encoding: .utf8)).map { String($0.split(separator: " ").last!) })
        #expect(rules.isSubset(of: [Rule.unknownKey, .wrongType, .unknownValue, .missingKey].map(\.rawValue)), "\(name) has other problems: \(rules)")
        instances.append((String(name.dropLast(5)), try instance(url)))
    }
    let failing = try invalidInstances(instances)
    let accepted = Set(instances.map(\.0)).subtracting(failing)
    #expect(accepted.isEmpty, "the schema accepts: \(accepted.sorted())")
}

@Test func everyKeyOfTheVocabularyHasAValueType() {
    #expect(SceneSchema.untypedKeys.isEmpty, "\(SceneSchema.untypedKeys)")
}
