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
    var pending: [(nodes: [Node], next: Int)] = [(timeline.layers, 0)]
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

private func isFinite(_ paint: Paint?) -> Bool {
    switch paint {
    case nil: return true
    case let .color(color)?: return isFinite(color)
    case let .linearGradient(from, to, stops)?: return isFinite(from) && isFinite(to) && isFinite(stops)
    case let .radialGradient(center, radius, stops)?: return isFinite(center) && isFinite(radius) && isFinite(stops)
    }
}

private func isFinite(_ node: Node) -> Bool {
    let transform = node.transform
    guard isFinite(transform.anchor), isFinite(transform.position), isFinite(transform.rotation), isFinite(transform.scale),
        isFinite(transform.offset), isFinite(transform.opacity)
    else { return false }
    if let spec = node.repeat {
        let numbers = [spec.anchor.x, spec.anchor.y, spec.rotation, spec.offset.x, spec.offset.y, spec.scale.x, spec.scale.y]
        guard numbers.allSatisfy(\.isFinite), spec.startOpacity.isFinite, spec.endOpacity.isFinite else { return false }
    }
    if let clip = node.clip {
        let t = clip.transform
        guard isFinite(clip.geometry), isFinite(t.anchor), isFinite(t.position), isFinite(t.rotation), isFinite(t.scale)
        else { return false }
    }
    guard case let .shape(geometry, style) = node.content else { return true }
    guard isFinite(geometry), isFinite(style.fill) else { return false }
    if let stroke = style.stroke {
        guard isFinite(stroke.paint), isFinite(stroke.width), stroke.miterLimit.isFinite, stroke.dash.allSatisfy(\.isFinite)
        else { return false }
    }
    if let trim = style.trim {
        guard isFinite(trim.start), isFinite(trim.end), isFinite(trim.offset) else { return false }
    }
    return true
}

private func isFinite(_ geometry: Geometry) -> Bool {
    switch geometry {
    case let .rect(size, radius): return isFinite(size) && isFinite(radius)
    case let .ellipse(size): return isFinite(size)
    case let .polygon(_, radius, inner): return isFinite(radius) && (inner.map(isFinite) ?? true)
    case let .path(shape): return isFinite(shape)
    }
}
