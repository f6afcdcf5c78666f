import ChoreoDiagnostics
import ChoreoScene
import ChoreoYAML

/// The names a scene defines and where: node ids, states, timelines, vars and anchors. Built
/// from the YAML tree (the last one that could be read) and, for anchors, from the text.
struct SceneIndex {
    var nodes: [(id: String, range: SourceRange, shape: String?)] = []
    var states: [(name: String, range: SourceRange)] = []
    var timelines: [(name: String, range: SourceRange)] = []
    var fonts: [(name: String, range: SourceRange)] = []
    var vars: [(name: String, range: SourceRange)] = []
    var anchors: [(name: String, range: SourceRange)] = []
    /// Inputs with their kind as written (`number`, `choice`…), nil while it is not yet written.
    var inputs: [(name: String, range: SourceRange, kind: String?)] = []

    init(root: YAMLNode?, lines: [[Unicode.Scalar]]) {
        if let pairs = root?.mapping {
            for pair in pairs {
                guard let key = pair.key.scalar?.value, pair.key.alias == nil else { continue }
                switch key {
                case "layers": collectNodes(pair.value)
                case "states": states = Self.keys(of: pair.value)
                case "timelines": timelines = Self.keys(of: pair.value)
                case "fonts": fonts = Self.keys(of: pair.value)
                case "vars": vars = Self.keys(of: pair.value)
                case "inputs": inputs = Self.inputs(of: pair.value)
                default: break
                }
            }
        }
        anchors = Self.anchors(in: lines)
    }

    private mutating func collectNodes(_ list: YAMLNode) {
        for item in list.sequence ?? [] {
            guard let pairs = item.mapping, item.alias == nil else { continue }
            var id: (String, SourceRange)?
            var shape: String?
            for pair in pairs {
                switch pair.key.scalar?.value {
                case "id": if let value = pair.value.scalar?.value { id = (value, pair.value.reportRange) }
                case "shape": shape = pair.value.scalar?.value
                case "children": collectNodes(pair.value)
                default: break
                }
            }
            if let id { nodes.append((id.0, id.1, shape)) }
        }
    }

    private static func keys(of node: YAMLNode) -> [(name: String, range: SourceRange)] {
        (node.mapping ?? []).compactMap { pair in
            guard let name = pair.key.scalar?.value, pair.key.alias == nil else { return nil }
            return (name, pair.key.range)
        }
    }

    private static func inputs(of node: YAMLNode) -> [(name: String, range: SourceRange, kind: String?)] {
        (node.mapping ?? []).compactMap { pair in
            guard let name = pair.key.scalar?.value, pair.key.alias == nil else { return nil }
            let kind = pair.value.mapping?.lazy.compactMap { $0.key.scalar?.value }.first { inputKindKeys.contains($0) }
            return (name, pair.key.range, kind)
        }
    }

    /// `&name` outside quotes and comments: YAML anchors, which the tree does not keep.
    private static func anchors(in lines: [[Unicode.Scalar]]) -> [(name: String, range: SourceRange)] {
        var found: [(String, SourceRange)] = []
        for (lineIndex, line) in lines.enumerated() {
            var quote: Unicode.Scalar?
            var index = 0
            while index < line.count {
                let scalar = line[index]
                if let open = quote {
                    if scalar == open { quote = nil }
                } else if scalar == "\"" || scalar == "'" {
                    quote = scalar
                } else if scalar == "#", index == 0 || line[index - 1] == " " {
                    break
                } else if scalar == "&", index == 0 || " [{,:-".unicodeScalars.contains(line[index - 1]) {
                    var end = index + 1
                    while end < line.count, !" ,[]{}".unicodeScalars.contains(line[end]) { end += 1 }
                    if end > index + 1 {
                        let name = String(String.UnicodeScalarView(line[(index + 1)..<end]))
                        found.append((name, SourceRange(
                            start: SourceLocation(line: lineIndex + 1, column: index + 1),
                            end: SourceLocation(line: lineIndex + 1, column: end + 1))))
                    }
                    index = end
                    continue
                }
                index += 1
            }
        }
        return found
    }

    func node(_ id: String) -> (id: String, range: SourceRange, shape: String?)? { nodes.first { $0.id == id } }
}
