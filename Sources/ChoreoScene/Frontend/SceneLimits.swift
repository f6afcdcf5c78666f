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
    /// The largest time anywhere in a scene, in seconds: a duration, a delay, an `at:`, a spring's
    /// response or settling time, and the whole compiled timeline (rule `value-too-large`). Times
    /// become whole frames (an `Int`), so an unbounded time would trap or allocate without bound.
    public static let maxTime: Double = 3600
    /// The largest magnitude of a plain number (a coordinate, a size, a scale, an opacity, …) and of
    /// an angle in degrees, and of every coordinate in path data (rule `value-too-large`). A
    /// million pixels is far beyond any canvas; products of such values stay finite.
    public static let maxMagnitude: Double = 1_000_000
    /// The smallest and largest spring damping fraction (rule `out-of-range`). A spring with damping
    /// ζ swings about 2.2 / ζ times before it settles, and each swing is baked; below 0.01 a single
    /// spring would bake hundreds of thousands of segments. Above 100 it creeps for hundreds of
    /// responses; `maxTime` bounds the settling time as well.
    public static let minDampingFraction: Double = 0.01
    public static let maxDampingFraction: Double = 100
    /// The combined output work (`estimatedOutputWork`: copies × vertices × baked keyframes, summed
    /// over shapes) a scene may ask for: at least `minOutputWork`, and `outputWorkPerInputByte`
    /// per byte of the scene file (rule `output-too-large`).
    public static let minOutputWork = 500_000
    public static let outputWorkPerInputByte = 20

    public static func outputWorkLimit(inputBytes: Int) -> Int {
        max(minOutputWork, outputWorkPerInputByte * inputBytes)
    }
    /// Themes in a scene (rule `too-many-themes`): each is the whole scene compiled once more.
    public static let maxThemes = 16
}
