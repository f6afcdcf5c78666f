/// How a transition changes the text of a text node whose states set different `text:`
/// (contract §13).
public enum TextChange: String, Sendable, CaseIterable {
    /// The old glyphs fade out while the new fade in.
    case fade
    /// The old line slides up out of the text box and the new one up into it, clipped to the box.
    case rollUp = "roll-up"
    /// As `rollUp`, downwards.
    case rollDown = "roll-down"
    /// The outlines morph into each other through the path correspondence (contract §10).
    case morph

    /// What each keyword does, for the schema, completion and messages.
    public var documentation: String {
        switch self {
        case .fade: "the old text fades out while the new fades in (default)"
        case .rollUp: "the old line slides up out of the text box and the new one rises into it"
        case .rollDown: "the old line slides down out of the text box and the new one drops into it"
        case .morph: "the glyph outlines morph into the new text's"
        }
    }
}
