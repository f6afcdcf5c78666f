/// Where an IR node comes from in the scene: the scene node it was lowered from and which part of
/// it the node is. What looks at the timeline and points back into the scene (the `--target`
/// checks, `diff`, SVG artwork) reads this instead of taking the node's id apart; no output writes
/// it, so two scenes that draw the same are the same bytes.
public struct NodeSource: Sendable, Equatable {
    /// Which part of its scene node an IR node draws.
    public enum Part: Sendable, Equatable {
        /// The scene node itself (for a staggered repeat, the group of its copies).
        case node
        /// Copy `index` (from 0) of the node's staggered or coloured `repeat:`: the node with its
        /// own transform and clip, its tracks later by `index` delays.
        case copy(Int)
        /// The group or groups placing copy `index` by its repeat step (and its opacity): the
        /// repeat's, not the node's, transform.
        case copyPlacement(Int)
    }

    /// The scene node's id.
    public var node: String
    public var part: Part

    public init(node: String, part: Part = .node) {
        self.node = node
        self.part = part
    }

    /// True for a node that lowering wrote out for one copy of a repeat (its copy or placement).
    public var isRepeatCopy: Bool {
        if case .node = part { false } else { true }
    }
}
