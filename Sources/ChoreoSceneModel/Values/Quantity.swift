import ChoreoDiagnostics
import ChoreoTimeline

/// What a number measures. Lengths and fractions are plain numbers (px are unitless).
public enum Dimension: String, Sendable {
    case number
    /// Stored in seconds (`0.35s`, `200ms`, `21f` at the scene's fps).
    case time
    /// Stored in degrees (`45deg`, `0.125turn`, `0.785rad`).
    case angle
}

public struct Quantity: Sendable, Equatable {
    public var value: Double
    public var dimension: Dimension

    public init(_ value: Double, _ dimension: Dimension = .number) {
        self.value = value
        self.dimension = dimension
    }
}

/// The value of a `vars:` entry.
public enum VarValue: Sendable, Equatable {
    case quantity(Quantity)
    case color(RGBA)
    case point(Quantity, Quantity)
}

/// A problem inside one scalar's text. `offset` and `length` count Unicode scalars from the
/// start of the text, so the caller can turn them into a precise source range.
public struct ValueError: Error, Sendable, Equatable {
    public var rule: Rule
    public var message: String
    public var offset: Int
    public var length: Int
    public var help: String?
    /// Text that fixes the problem when written over the `offset`/`length` range (a fix-it).
    public var replacement: String?
    /// Whole values the author may have meant, offered as suggestions (never applied by
    /// `lint --fix`): each is one reading among several.
    public var suggestions: [String] = []

    public init(
        rule: Rule, _ message: String, offset: Int = 0, length: Int = 1, help: String? = nil, replacement: String? = nil
    ) {
        self.rule = rule
        self.message = message
        self.offset = offset
        self.length = length
        self.help = help
        self.replacement = replacement
    }
}

/// What an expression can refer to: the scene's vars (already evaluated) and its frame rate.
public struct ValueEnvironment: Sendable {
    public var vars: [String: VarValue]
    public var fps: Double

    public init(vars: [String: VarValue] = [:], fps: Double = 60) {
        self.vars = vars
        self.fps = fps
    }
}
