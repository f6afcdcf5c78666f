import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

/// One `themes:` entry: a name and the vars it overrides (contract section 11).
extension FrontendContext {
    /// Reads `themes:` (after `vars:`): each theme maps var names to values of the var's kind.
    /// An unknown var is `undefined-var`, a value of another kind `wrong-var-type`, each with a
    /// note at the var.
    func readThemes(_ node: YAMLNode) -> [SceneTheme] {
        guard let pairs = mapPairs(node, expected: "a map of theme names to var values") else { return [] }
        var themes: [SceneTheme] = []
        if pairs.count > SceneLimits.maxThemes {
            // Each theme costs a whole compilation: count them before reading any.
            error(
                .tooManyThemes, "\(pairs.count) themes, more than the limit of \(SceneLimits.maxThemes)",
                at: pairs[SceneLimits.maxThemes].key.reportRange, help: "keep at most \(SceneLimits.maxThemes) themes in one scene")
            return []
        }
        // Each theme is a `t/NAME.json` member of the .lottie: names equal ignoring case would be
        // one file where the file system ignores case (macOS, Windows), as scene names would.
        var rangesByFoldedName: [String: (name: String, range: SourceRange)] = [:]
        for pair in pairs {
            guard let name = keyName(pair.key), checkIdentifier(name, what: "theme name", at: pair.key.reportRange) else {
                continue
            }
            if let first = rangesByFoldedName[name.lowercased()] {
                if first.name != name {
                    error(
                        .duplicateID, "the theme name '\(name)' differs from '\(first.name)' only in case",
                        at: pair.key.reportRange, notes: [Note("'\(first.name)' is defined here", at: first.range)],
                        help: "their files in a .lottie would be one file on a file system that ignores case; give the themes names that differ in letters")
                }
                continue
            }
            rangesByFoldedName[name.lowercased()] = (name, pair.key.reportRange)
            guard let entries = mapPairs(pair.value, expected: "a map of var names to values for theme '\(name)'") else {
                continue
            }
            var theme = SceneTheme(name: name, range: pair.key.reportRange)
            for entry in entries {
                guard let varName = keyName(entry.key) else { continue }
                guard let definition = varRanges[varName] else {
                    error(
                        .undefinedVar, "theme '\(name)' sets '$\(varName)', which is not a var of the scene",
                        at: entry.key.reportRange, help: suggestion(for: varName, in: varRanges.keys.sorted()))
                    continue
                }
                if let style = styleVars[varName] {
                    // A slot holds a colour or a number; an easing, stroke or gradient var has none.
                    error(
                        .themeNotSlottable,
                        "theme '\(name)' sets '$\(varName)', which holds \(style.kind.article); a theme changes only vars that hold colours, numbers or points",
                        at: entry.key.reportRange, notes: [Note("'$\(varName)' is defined here", at: definition)],
                        help: style.kind == .easing
                            ? "timing cannot differ between themes; keep easings out of themes"
                            : "theme the colours the \(style.kind == .stroke ? "stroke" : "gradient") is made of, through vars of their own (color: $accent)")
                    continue
                }
                if let holds = pathVars[varName]?.kind.article ?? undecidedMapVars[varName].map({ _ in "a map" }) {
                    error(
                        .themeNotSlottable,
                        "theme '\(name)' sets '$\(varName)', which holds \(holds); a theme changes only vars that hold colours, numbers or points",
                        at: entry.key.reportRange, notes: [Note("'$\(varName)' is defined here", at: definition)])
                    continue
                }
                guard let current = environment.vars[varName] else { continue }  // its own definition failed
                guard let themed = evaluateVar(entry.value, name: varName) else { continue }
                if let mismatch = kindMismatch(current, themed) {
                    error(
                        .wrongVarType, "theme '\(name)' gives '$\(varName)' \(mismatch)", at: entry.value.reportRange,
                        notes: [Note("'$\(varName)' is defined here", at: definition)])
                    continue
                }
                theme.overrideRanges[varName] = entry.key.reportRange
            }
            themes.append(theme)
        }
        return themes
    }

    /// Why a theme's value cannot stand in for a var's, or nil if it can.
    private func kindMismatch(_ current: VarValue, _ themed: VarValue) -> String? {
        func kind(_ value: VarValue) -> String {
            switch value {
            case .color: return "a colour"
            case let .quantity(quantity):
                switch quantity.dimension {
                case .number: return "a number"
                case .time: return "a time"
                case .angle: return "an angle"
                }
            case .point: return "a point"
            }
        }
        switch (current, themed) {
        case (.color, .color), (.point, .point): return nil
        case let (.quantity(a), .quantity(b)) where a.dimension == b.dimension: return nil
        default: return "\(kind(themed)), but the var is \(kind(current))"
        }
    }
}

/// The values `theme` gives its vars, as written: the scene is built again with each read in
/// place of its var's own. Only the entries `readThemes` accepted (those in `overrideRanges`).
package func themeOverrides(_ theme: SceneTheme, in root: YAMLNode) -> [String: YAMLNode] {
    guard let themes = root.mapping?.last(where: { $0.key.scalar?.value == "themes" })?.value.mapping,
        let entries = themes.first(where: { $0.key.reportRange == theme.range })?.value.mapping
    else { return [:] }
    var overrides: [String: YAMLNode] = [:]
    for entry in entries {
        if let name = entry.key.scalar?.value, theme.overrideRanges[name] == entry.key.reportRange { overrides[name] = entry.value }
    }
    return overrides
}
