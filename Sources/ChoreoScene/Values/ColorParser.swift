import ChoreoTimeline

/// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA`, `rgb(214 189 251)`, `rgb(214, 189, 251, 0.5)`
/// (also `rgba(…)` and `/ alpha`), CSS named colours, or `$var` holding a colour.
/// Rule: `invalid-color` (an unknown name gets a did-you-mean help).
public func parseColor(_ text: String, environment: ValueEnvironment) -> Result<RGBA, ValueError> {
    .failure(ValueError(rule: "invalid-color", "colours are not implemented yet"))
}

/// The CSS named colours, sorted by name.
public let cssNamedColors: [(name: String, color: RGBA)] = []
