import ChoreoSceneModel

/// A key of a scene map as the writer and the editor spell it. Node keys and the keys of their
/// style, trim, repeat, clip and effect maps come from the property table (`SceneKey(.fill)`), the
/// keys of the document, its states, transitions and timelines from the constants below: code that
/// builds or edits a scene names keys through this type, never as string literals, so a renamed key
/// cannot drift between the reader and what tools write.
public struct SceneKey: Hashable, Sendable, CustomStringConvertible {
    public let text: String

    /// A key of the property table, as written in its map (`end` for `trim.end`).
    public init(_ property: Property) {
        text = property.key
    }

    /// A key the tables below do not name: a state's, a var's or a theme's name, a keyframe track
    /// (`heart.scale`), a node id used as a key.
    public init(name: String) {
        text = name
    }

    private init(_ text: StaticString) {
        self.text = "\(text)"
    }

    public var description: String { text }

    // The document.
    public static let choreo = SceneKey("choreo")
    public static let name = SceneKey("name")
    public static let size = SceneKey(.size)
    public static let fps = SceneKey("fps")
    public static let background = SceneKey("background")
    public static let vars = SceneKey("vars")
    public static let themes = SceneKey("themes")
    public static let fonts = SceneKey("fonts")
    public static let layers = SceneKey("layers")
    public static let states = SceneKey("states")
    public static let initial = SceneKey("initial")
    public static let transitions = SceneKey("transitions")
    public static let timelines = SceneKey("timelines")
    public static let inputs = SceneKey("inputs")

    // Nodes: the keys the property table does not hold.
    public static let artwork = SceneKey("artwork")

    // Transitions, timelines, tweens and keyframes.
    public static let from = SceneKey("from")
    public static let to = SceneKey("to")
    public static let on = SceneKey("on")
    public static let duration = SceneKey("duration")
    public static let delay = SceneKey("delay")
    public static let easing = SceneKey("easing")
    public static let nodes = SceneKey("nodes")
    public static let play = SceneKey("play")
    public static let loop = SceneKey("loop")
    public static let tweens = SceneKey("tweens")
    public static let keyframes = SceneKey("keyframes")
    public static let at = SceneKey("at")
    public static let value = SceneKey("value")
    public static let by = SceneKey("by")
    /// A position keyframe's spatial tangents: `path: {in: [dx, dy], out: [dx, dy]}`.
    public static let path = SceneKey("path")
    public static let pathIn = SceneKey("in")
    public static let pathOut = SceneKey("out")

    // Easing maps: `{cubic-bezier: [x1, y1, x2, y2]}` and the three forms of `{spring: {…}}`.
    public static let cubicBezier = SceneKey("cubic-bezier")
    public static let spring = SceneKey("spring")
    public static let response = SceneKey("response")
    public static let dampingFraction = SceneKey("damping-fraction")
    public static let bounce = SceneKey("bounce")
    public static let stiffness = SceneKey("stiffness")
    public static let damping = SceneKey("damping")
    public static let mass = SceneKey("mass")
    /// The spring keys, by form: what one spring map may write together.
    public static let springForms: [String: [SceneKey]] = [
        "response": [response, dampingFraction], "duration": [duration, bounce], "physics": [stiffness, damping, mass],
    ]
}
