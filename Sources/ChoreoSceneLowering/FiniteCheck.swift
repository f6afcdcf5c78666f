import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline

/// The last line of defence behind the numeric limits (docs/limits.md): the emitters write a
/// non-finite number as 0 (`formatNumber`), so an infinity or NaN that some computation still
/// produced would silently become a wrong picture (`scale: 1e308` wrote `"s":[0,0]`). Every
/// number of the compiled timeline is checked; the first node holding a non-finite one is an
/// error (`non-finite`) and nothing is written.
///
/// Nodes are visited in document order (a group before its children) with a stack of positions in
/// the timeline's own arrays: copying the nodes onto a stack, as this did, copied every top-level
/// `Node` (about a kilobyte each) and was the peak of lint's memory.
func firstNodeWithNonFiniteValue(_ timeline: Timeline) -> String? {
    firstNodeWithNonFiniteValue(timeline.layers)
}

/// `firstNodeWithNonFiniteValue` of these layers and the nodes below them.
func firstNodeWithNonFiniteValue(_ layers: [Node]) -> String? {
    var pending: [(nodes: [Node], next: Int)] = [(layers, 0)]
    while let (nodes, next) = pending.last {
        guard next < nodes.count else {
            pending.removeLast()
            continue
        }
        pending[pending.count - 1].next = next + 1
        let node = nodes[next]
        if !isFinite(node) { return node.id }
        if case let .group(children) = node.content { pending.append((children, 0)) }
    }
    return nil
}

/// True when `value` has no infinite or NaN component. Interpolating a value with itself halfway
/// gives it back exactly when every component is finite (∞ − ∞ is NaN, and NaN ≠ NaN).
private func isFinite<V: Interpolatable>(_ value: V) -> Bool {
    V.interpolate(value, value, 0.5) == value
}

private func isFinite<V: Interpolatable>(_ animated: Animated<V>) -> Bool {
    isFinite(animated.initial)
        && animated.segments.allSatisfy { $0.start.isFinite && $0.end.isFinite && isFinite($0.from) && isFinite($0.to) }
}

/// Every track of the node, and the numbers of its repeat and stroke that are not tracks.
private func isFinite(_ node: Node) -> Bool {
    var check = FiniteTrackCheck()
    node.visitOwnTracks(&check)
    guard check.allFinite else { return false }
    if let spec = node.repeat {
        let numbers = [spec.anchor.x, spec.anchor.y, spec.rotation, spec.offset.x, spec.offset.y, spec.scale.x, spec.scale.y]
        guard numbers.allSatisfy(\.isFinite), spec.startOpacity.isFinite, spec.endOpacity.isFinite else { return false }
    }
    if case let .shape(_, style) = node.content, let stroke = style.stroke {
        guard stroke.miterLimit.isFinite, stroke.dash.allSatisfy(\.isFinite) else { return false }
    }
    return true
}

/// The visitor's method is generic and called from another module, so it runs unspecialized:
/// there every track paid type-metadata lookups (its segments' array, the closure), more than
/// the check itself. The types nearly every track has are checked through their concrete type,
/// which the compiler specializes; the rest stay generic.
private struct FiniteTrackCheck: TrackVisitor {
    var allFinite = true
    mutating func visit<Value: Interpolatable>(_ track: Animated<Value>, at place: TrackPlace) {
        guard allFinite else { return }
        if Value.self == Double.self {
            allFinite = isFinite(unsafeBitCast(track, to: Animated<Double>.self))
        } else if Value.self == Point.self {
            allFinite = isFinite(unsafeBitCast(track, to: Animated<Point>.self))
        } else if Value.self == RGBA.self {
            allFinite = isFinite(unsafeBitCast(track, to: Animated<RGBA>.self))
        } else {
            allFinite = isFinite(track)
        }
    }
}
