import ChoreoDiagnostics

/// One libyaml parse event, translated to Swift so the composer never sees C types.
/// Ranges are already converted to 1-based lines and columns.
public enum YAMLEvent: Sendable {
    case streamStart
    case streamEnd
    case documentStart(range: SourceRange)
    case documentEnd
    case alias(name: String, range: SourceRange)
    case scalar(YAMLScalar, properties: NodeProperties, range: SourceRange)
    case sequenceStart(properties: NodeProperties, isFlow: Bool, range: SourceRange)
    case sequenceEnd(range: SourceRange)
    case mappingStart(properties: NodeProperties, isFlow: Bool, range: SourceRange)
    case mappingEnd(range: SourceRange)
}

/// The anchor and tag written before a node, if any.
public struct NodeProperties: Sendable {
    public var anchor: String?
    public var tag: String?

    static let none = NodeProperties(anchor: nil, tag: nil)
}

/// A libyaml failure, in Swift terms, for `syntaxDiagnostic(for:in:)`.
struct LibYAMLFailure: Sendable {
    enum Stage: Sendable { case reader, scanner, parser, other }

    var stage: Stage
    var problem: String
    /// Where the problem is. Reader failures only know a byte offset, which is converted first.
    var problemLocation: SourceLocation
    var context: String?
    var contextLocation: SourceLocation?
    /// The offending code point, for reader failures such as control characters.
    var problemValue: Int?
}
