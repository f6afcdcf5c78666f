import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

/// A var holding path geometry (contract §16): path data (`check: "M 4 12 L 9 17 L 20 6"`, or a
/// list of commands `[[M, 0, 0], [L, $w, 0]]`), a points list (`[[0, 0], [10, 0], [5, 8]]`) or a
/// list of contours. Kept as written and read at each use, where `closed:` and the property
/// decide what it makes.
struct PathVar {
    enum Kind {
        case pathData, points, contours

        /// The path property that takes this kind.
        var property: Property {
            switch self {
            case .pathData: .d
            case .points: .points
            case .contours: .contours
            }
        }

        var article: String {
            switch self {
            case .pathData: "path data"
            case .points: "a points list"
            case .contours: "a list of contours"
            }
        }

        init?(_ property: Property) {
            switch property {
            case .d: self = .pathData
            case .points: self = .points
            case .contours: self = .contours
            default: return nil
            }
        }
    }

    var kind: Kind
    var value: YAMLNode
}

extension FrontendContext {
    /// What path geometry a var's value is, or nil when it is none: text starting with an `M`
    /// command (`M 4 12`, `m0,0`; not a colour name such as `maroon`), a list of commands, a list
    /// of points, or a list of point lists.
    func pathVarKind(_ value: YAMLNode) -> PathVar.Kind? {
        if let text = value.scalar?.value.trimmingCharacters(in: .whitespaces) {
            let scalars = Array(text.unicodeScalars.prefix(2))
            guard scalars.count == 2, scalars[0] == "M" || scalars[0] == "m" else { return nil }
            return " \t,.-+0123456789".unicodeScalars.contains(scalars[1]) ? .pathData : nil
        }
        guard let items = value.sequence, let first = items.first?.sequence, items.allSatisfy({ $0.sequence != nil }) else {
            return nil
        }
        if let command = first.first?.scalar?.value, command.count == 1, command.first!.isLetter { return .pathData }
        if first.first?.sequence != nil { return .contours }
        return .points
    }

    /// Checks a path var once, where it is defined: its uses then count as errors without a
    /// message of their own when it is broken.
    func readPathVar(_ name: String, value: YAMLNode, kind: PathVar.Kind) {
        guard pathShape(kind.property, value: value, closed: false) != nil else {
            poisonedVars.insert(name)
            return
        }
        pathVars[name] = PathVar(kind: kind, value: value)
    }

    /// The value a path property reads: `written` itself, or the path var it names as `$name`.
    /// Nil after reporting a var of another kind (at the use, with a note at the var), or for a
    /// broken var (reported where it is defined).
    func pathVarValue(_ written: YAMLNode, for property: Property) -> YAMLNode? {
        guard let text = written.scalar?.value, text.utf8.contains(UInt8(ascii: "$")),
            let name = bareVarName(text.trimmingCharacters(in: .whitespaces)),
            let expected = PathVar.Kind(property)
        else { return written }
        if poisonedVars.contains(name) {
            countUseOfReportedVar()
            return nil
        }
        if let variable = pathVars[name], variable.kind == expected { return variable.value }
        let found: String
        if let variable = pathVars[name] {
            found = variable.kind.article
        } else if let style = styleVars[name] {
            found = style.kind.article
        } else if undecidedMapVars[name] != nil {
            found = "a map"
        } else if let value = environment.vars[name] {
            found = value.article
        } else {
            return written
        }
        error(
            .wrongVarType, "'$\(name)' is \(found), not \(expected.article) for '\(property.key)'", at: written.reportRange,
            notes: varRanges[name].map { [Note("'$\(name)' is defined here", at: $0)] } ?? [],
            help: "'d' takes path data, 'points' a list of points [[x, y], …], 'contours' a list of point lists")
        return nil
    }
}

extension VarValue {
    /// What the var holds, for messages: "a number", "a colour", "a point".
    var article: String {
        switch self {
        case .color: "a colour"
        case .point: "a point"
        case .quantity: "a number"
        }
    }
}
