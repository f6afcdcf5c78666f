import ChoreoDiagnostics
import ChoreoScene
import ChoreoSceneSyntax

/// One side's scene file as its author wrote it, for what the model keeps only resolved: which
/// `$var` a value reads, and how an easing or a text key is written.
struct WrittenScene {
    let document: SceneDocument
    /// The maps of the file by where they start (a transition, a tween, a keyframe: the model
    /// keeps where each starts).
    private let mapsByStart: [SourceLocation: SceneNodeID]
    private let nodeMaps: [String: SceneNodeID]

    init(_ file: SourceFile) {
        document = SceneDocument(file)
        var maps: [SourceLocation: SceneNodeID] = [:]
        for id in document.allNodes where document[id].isMap {
            maps[document[id].range.start] = maps[document[id].range.start] ?? id
        }
        mapsByStart = maps
        var nodes: [String: SceneNodeID] = [:]
        for (id, map) in document.nodeMaps where nodes[id] == nil { nodes[id] = map }
        nodeMaps = nodes
    }

    /// The value's text where it is defined (through aliases and `$var`s), on one line.
    func text(_ id: SceneNodeID) -> String {
        let defined = document.definition(of: id)
        let lines = document.text(defined).split(whereSeparator: \.isNewline).map { line in
            String(line.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        }
        return lines.filter { !$0.isEmpty && !$0.hasPrefix("#") }.joined(separator: document[defined].style == .flow ? " " : ", ")
    }

    /// How `key` of the map that starts at `start` is written (`{spring: {duration: 0.5s,
    /// bounce: 0.3}}`, `snappy`), nil where the map does not write it.
    func written(_ key: String, inMapAt start: SourceLocation) -> String? {
        value(key, inMapAt: start).map(text)
    }

    /// The value of `key` in the map that starts at `start`.
    func value(_ key: String, inMapAt start: SourceLocation) -> SceneNodeID? {
        mapsByStart[start].flatMap { document.value(key, in: $0) }
    }

    /// The value at `path` below node `id`'s map (`["stroke", "color"]`).
    func nodeValue(_ id: String, _ path: [String]) -> SceneNodeID? {
        nodeMaps[id].flatMap { walk($0, path) }
    }

    /// The value at `path` below node `id`'s entry in state `state`.
    func poseValue(_ state: String, _ id: String, _ path: [String]) -> SceneNodeID? {
        guard let entry = document.section(SceneKey.states).first(where: { document.scalar($0.key) == state }) else { return nil }
        return walk(entry.value, [id] + path)
    }

    /// Whether node `id` is written as a text node (`shape: text`).
    func isText(_ id: String) -> Bool {
        nodeValue(id, ["shape"]).flatMap(document.scalar) == "text"
    }

    /// The `$var` the value at `id` reads whole, if any.
    func varRead(_ id: SceneNodeID?) -> String? {
        id.flatMap(document.varReference)
    }

    /// Each var's value as written, by name.
    var vars: [String: (text: String, range: SourceRange)] {
        var result: [String: (String, SourceRange)] = [:]
        for entry in document.section(SceneKey.vars) {
            guard let name = document.scalar(entry.key) else { continue }
            result[name] = (text(entry.value), document[entry.key].range)
        }
        return result
    }

    private func walk(_ start: SceneNodeID, _ path: [String]) -> SceneNodeID? {
        var current = start
        for key in path {
            guard let next = document.value(key, in: document.resolved(current)) else { return nil }
            current = next
        }
        return current
    }
}
