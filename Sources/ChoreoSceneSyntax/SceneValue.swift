import ChoreoDiagnostics
import ChoreoJSON
import ChoreoTimeline
import ChoreoYAML

/// How a list or map is written: on lines of its own (`block`) or inline (`flow`, `[x, y]` and
/// `{color: "#FF3B30", width: 2}`).
public enum CollectionStyle: Sendable, Hashable {
    case block, flow
}

/// A scene, or a piece of one, built in code: what `SceneWriter` prints, `SceneEdit` writes into
/// a file, and the SVG importer hands the front end for `artwork:`. Values are typed where the
/// writer formats them (numbers, quantities, colours), so every tool writes a number one way.
public indirect enum SceneValue: Sendable, Hashable {
    /// A plain number, at most six decimals (`formatNumber`).
    case number(Double)
    /// A number with its unit, written together (`45deg`, `300ms`).
    case quantity(Double, unit: String)
    /// A colour, written `"#RRGGBB"`, or `"#RRGGBBAA"` when it is not opaque.
    case color(RGBA)
    /// Text in the given style: a plain word (`ease-out`, `none`, a node id) or quoted text. A
    /// quoted value is written on one line (line breaks escaped).
    case text(String, ScalarStyle)
    case list([SceneValue], CollectionStyle)
    case map([SceneEntry], CollectionStyle)

    /// Text written plain when it reads back as the same string, double-quoted otherwise.
    public static func string(_ text: String) -> SceneValue {
        .text(text, isPlainSafe(text) ? .plain : .doubleQuoted)
    }

    /// A word written as it is (`none`, `round`, an id).
    public static func word(_ text: String) -> SceneValue { .text(text, .plain) }

    /// `[x, y]`.
    public static func point(_ point: Point) -> SceneValue { .list([.number(point.x), .number(point.y)], .flow) }

    /// A number, or `[x, y]` when the two differ (`scale`).
    public static func numberOrPoint(_ point: Point) -> SceneValue { point.x == point.y ? .number(point.x) : .point(point) }

    /// A time in seconds (`0.3s`).
    public static func seconds(_ value: Double) -> SceneValue { .quantity(value, unit: "s") }

    /// An angle in degrees (`45deg`).
    public static func degrees(_ value: Double) -> SceneValue { .quantity(value, unit: "deg") }

    /// The entries of a map, the items of a list; empty for a scalar.
    public var entries: [SceneEntry] {
        if case let .map(entries, _) = self { return entries }
        return []
    }

    public var items: [SceneValue] {
        if case let .list(items, _) = self { return items }
        return []
    }

    /// The value of `key` in a map.
    public subscript(key: SceneKey) -> SceneValue? {
        entries.first { $0.key == key }?.value
    }

    /// The text the reader reads for a scalar (`#FF3B30` for a colour, `45deg`); nil for a list or map.
    public var scalarText: String? {
        switch self {
        case let .number(value): return formatSceneNumber(value)
        case let .quantity(value, unit): return formatSceneNumber(value) + unit
        case let .color(color): return hexColor(color)
        case let .text(text, _): return text
        case .list, .map: return nil
        }
    }

    /// How the scalar is written: quoted for colours and quoted text.
    public var scalarStyle: ScalarStyle {
        switch self {
        case .color: return .doubleQuoted
        case let .text(_, style): return style
        default: return .plain
        }
    }
}

/// One `key: value` of a map built in code.
public struct SceneEntry: Sendable, Hashable {
    public var key: SceneKey
    public var value: SceneValue

    public init(_ key: SceneKey, _ value: SceneValue) {
        self.key = key
        self.value = value
    }
}

/// Numbers as scenes built in code write them: at most six decimals.
public let sceneNumberDecimals = 6

func formatSceneNumber(_ value: Double) -> String { formatNumber(value, decimals: sceneNumberDecimals) }

/// `#RRGGBB`, or `#RRGGBBAA` when the colour is not opaque.
public func hexColor(_ color: RGBA) -> String {
    func channel(_ value: Double) -> Int { Int((min(1, max(0, value)) * 255).rounded()) }
    var text = "#"
    for value in [color.r, color.g, color.b] { text += twoHexDigits(channel(value)) }
    let alpha = channel(color.a)
    if alpha != 255 { text += twoHexDigits(alpha) }
    return text
}

private func twoHexDigits(_ value: Int) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[value >> 4], digits[value & 15]])
}

/// Whether text reads back as the same string when written as a plain scalar, in block and in flow
/// context: no indicator first, nothing that ends or comments a plain scalar inside, nothing YAML
/// or the scene reader would take for another type (`true`, `null`, `~`). Conservative: text
/// that fails is quoted.
public func isPlainSafe(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
    if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) {
        // A negative number is plain: `-12`, `-0.5s`.
        guard first == "-", let second = text.unicodeScalars.dropFirst().first, ("0"..."9").contains(second) || second == "."
        else { return false }
    }
    if first == " " || last == " " || last == ":" { return false }
    for scalar in text.unicodeScalars where scalar.value < 0x20 || scalar == "," || scalar == "[" || scalar == "]"
        || scalar == "{" || scalar == "}" || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0xFEFF
        || scalar.value == 0x2028 || scalar.value == 0x2029
    {
        return false
    }
    if text.contains(": ") || text.contains(" #") { return false }
    if ["~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE", "yes", "no", "on", "off"].contains(text) {
        return false
    }
    return true
}

extension SceneValue {
    /// The value as the YAML reader would read what `SceneWriter` writes for it, every node at
    /// `range`: how a scene built in code (an `artwork:`'s drawing) joins a scene read from text
    /// without being written and read again.
    public func yamlNode(at range: SourceRange) -> YAMLNode {
        switch self {
        case let .list(items, _): return YAMLNode(.sequence(items.map { $0.yamlNode(at: range) }), range: range)
        case let .map(entries, _):
            return YAMLNode(.mapping(entries.map { entry in
                YAMLPair(key: YAMLNode(.scalar(YAMLScalar(entry.key.text)), range: range), value: entry.value.yamlNode(at: range))
            }), range: range)
        default:
            let style: ScalarStyle
            switch scalarStyle {
            case .literal, .folded: style = .doubleQuoted
            case let written: style = written
            }
            return YAMLNode(.scalar(YAMLScalar(scalarText ?? "", style: style)), range: range)
        }
    }
}
