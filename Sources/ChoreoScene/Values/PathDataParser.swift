import ChoreoTimeline

/// Parses SVG path data (M L H V C S Q T A Z, absolute and relative) into Bézier contours.
/// Quadratic segments become exact cubics; arcs become cubics (at most 90° each); `Z` closes a
/// contour (a final point equal to the first is merged into it). A contour without `Z` is open.
/// Rule: `invalid-path-data`, pointing at the offending character.
public func parsePathData(_ text: String) -> Result<PathShape, ValueError> {
    .failure(ValueError(rule: "invalid-path-data", "path data is not implemented yet"))
}
