/// What a trigger that arrives while a transition plays does (`interrupt:`, contract §21). The
/// trigger is resolved against the state the running transition leads to: a tap on a switch
/// that is sliding on goes back off.
public enum Interruption: String, Sendable, CaseIterable, Equatable {
    /// Taken at once (as SwiftUI does): the new transition starts from the values on screen, and
    /// a motion still running keeps its speed, fading into the new one.
    case retarget
    /// Waits until the running transition ends, then is taken; a later trigger replaces a waiting
    /// one.
    case finish
    /// Dropped.
    case ignore
}

/// Which part of a target node takes the pointer (`hit:`, contract §21).
public enum HitArea: String, Sendable, CaseIterable, Equatable {
    /// The node's fill and stroke, as drawn.
    case shape
    /// The node's bounding box.
    case bounds
}

/// The node whose drawing fires a pointer trigger (`target:`): only a pointer on that node fires
/// the transition. The node drawn on top wins where targets overlap; a node that is no target never
/// takes the pointer from one.
public struct TriggerTarget: Sendable, Equatable, Hashable {
    /// The node's id.
    public var node: String
    public var hit: HitArea

    public init(node: String, hit: HitArea = .shape) {
        self.node = node
        self.hit = hit
    }
}

/// A spring's motion counts as ended once every property is this close to its rest (contract §21):
/// half a pixel for lengths and positions, half a percent of its travel for the others.
public enum RestTolerance {
    public static let spatial = 0.5
    public static let fraction = 0.005
}
