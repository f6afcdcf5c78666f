/// Parses an easing written as a string: `linear`, `ease`, `ease-in`, `ease-out`,
/// `ease-in-out`, `hold`, `smooth`, `snappy`, `bouncy`, `cubic-bezier(x1, y1, x2, y2)`,
/// `steps(n)`. Rule: `unknown-easing` (with a did-you-mean help) or `invalid-easing`.
public func parseEasingName(_ text: String) -> Result<EasingSpec, ValueError> {
    .failure(ValueError(rule: "unknown-easing", "easings are not implemented yet"))
}

/// SwiftUI's `spring(duration:bounce:)` as a spring spec: response = duration, damping fraction
/// 1 − bounce for bounce ≥ 0, 1 / (1 + bounce) below.
public func springEasing(duration: Double, bounce: Double) -> EasingSpec {
    .spring(response: duration, dampingFraction: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
}
