/// Resource limits on one scene (docs/limits.md). Each is checked as early as the front end or
/// lowering can count it, before the work it bounds, so that a hostile file is rejected quickly
/// with its own rule instead of costing seconds of compilation or gigabytes of output.
///
/// The amplification limits (nodes, keyframes, copies, vertices, baked segments) grow with the
/// input: each is its constant below (the floor every small scene gets) or a share of the file's
/// bytes, whichever is larger (`nodeLimit(inputBytes:)` and its siblings). The share is what a
/// person can write by hand in those bytes, with room to spare, so a large honest scene is never
/// rejected for its size alone, while what multiplies without bytes (aliases, `steps(n)`,
/// springs, nested repeats) is still refused, from a count, before the work.
public enum SceneLimits {
    /// Nodes in a scene, group children included (rule `too-many-scene-nodes`): at least this
    /// many, and one per `inputBytesPerNode` bytes of the file (a node takes about 40 bytes to
    /// write). The benchmark scenes have 40,000 nodes; the floor leaves room above them.
    public static let maxNodes = 100_000
    public static let inputBytesPerNode = 64

    public static func nodeLimit(inputBytes: Int) -> Int { max(maxNodes, inputBytes / inputBytesPerNode) }
    /// Keyframes and tweens in all of a scene's timelines, aliased lists counted each time they are
    /// used (rule `too-many-keyframes`): at least this many, and one per `inputBytesPerKeyframe`
    /// bytes (a keyframe takes about 25 bytes to write).
    public static let maxKeyframes = 10_000
    public static let inputBytesPerKeyframe = 64

    public static func keyframeLimit(inputBytes: Int) -> Int { max(maxKeyframes, inputBytes / inputBytesPerKeyframe) }
    /// Drawn copies of one shape: the product of the repeat counts of the shape and its
    /// ancestors (rule `too-many-copies`); at least this many, and one per
    /// `inputBytesPerRepeatCopy` bytes.
    public static let maxRepeatCopies = 10_000
    public static let inputBytesPerRepeatCopy = 64

    public static func repeatCopyLimit(inputBytes: Int) -> Int {
        max(maxRepeatCopies, inputBytes / inputBytesPerRepeatCopy)
    }
    /// Path vertices in a scene: every contour of `d`, `points` and `contours`, in base geometry,
    /// states, keyframes and tweens, aliased paths counted each time they are used (rule
    /// `too-many-vertices`); at least this many, and one per `inputBytesPerPathVertex` bytes (a
    /// vertex of path data takes 4 to 10 bytes to write).
    public static let maxPathVertices = 100_000
    public static let inputBytesPerPathVertex = 16

    public static func pathVertexLimit(inputBytes: Int) -> Int {
        max(maxPathVertices, inputBytes / inputBytesPerPathVertex)
    }
    /// Segments the compiled timeline may have after easing is baked (`steps(n)` makes n
    /// segments, a spring a chain of cubics), counted before they are built (rule
    /// `too-many-baked-keyframes`): at least this many, and `bakedSegmentsPerInputByte` per byte.
    /// The heavy benchmark scene (every node moved by a cubic and a `snappy` spring of 22 baked
    /// pieces, 40 bytes a node) bakes 0.26 segments a byte; `steps(1000)` on every node, 1,000
    /// segments for each 30 or so bytes, is refused at any size.
    public static let maxBakedSegments = 1_000_000
    public static let bakedSegmentsPerInputByte = 1

    public static func bakedSegmentLimit(inputBytes: Int) -> Int {
        max(maxBakedSegments, inputBytes * bakedSegmentsPerInputByte)
    }
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
    /// The longest text a live text may show and a string input may hold, in characters: every
    /// character position is a set of glyph outlines in every output.
    public static let maxLiveTextLength = 64
    /// The characters one live text may show (each is a glyph outline per position).
    public static let maxLiveTextCharacters = 256
}

/// "" when `limit` is its floor (a small file), else " for a file of N bytes": a limit that grew
/// with the input says so, since the same content in a smaller file gets a smaller one.
package func limitExplanation(_ limit: Int, floor: Int, inputBytes: Int) -> String {
    limit > floor ? " for a file of \(inputBytes) bytes" : ""
}
