/// Resource limits on one scene (docs/limits.md). Each is checked as early as the front end or
/// lowering can count it, before the work it bounds, so that a hostile file is rejected quickly
/// with its own rule instead of costing seconds of compilation or gigabytes of output.
public enum SceneLimits {
    /// Nodes in a scene, group children included (rule `too-many-scene-nodes`). The benchmark
    /// scenes have 40,000 nodes; this leaves room above them.
    public static let maxNodes = 100_000
    /// Keyframes and tweens written in all of a scene's timelines (rule `too-many-keyframes`).
    public static let maxKeyframes = 10_000
    /// Drawn copies of one shape: the product of the repeat counts of the shape and its
    /// ancestors (rule `too-many-copies`).
    public static let maxRepeatCopies = 10_000
    /// Path vertices in a scene: every contour of `d`, `points` and `contours`, in base geometry,
    /// states, keyframes and tweens (rule `too-many-vertices`).
    public static let maxPathVertices = 100_000
    /// Segments the compiled timeline may have after easing is baked (`steps(n)` makes n
    /// segments, a spring a chain of cubics), counted before they are built (rule
    /// `too-many-baked-keyframes`).
    public static let maxBakedSegments = 1_000_000
    /// Characters (Unicode scalars) in an identifier: scene name, node id, state, timeline or
    /// var name (rule `identifier-too-long`).
    public static let maxIdentifierLength = 128
    /// Themes in a scene (rule `too-many-themes`): each is the whole scene compiled once more.
    public static let maxThemes = 16
}
