import ChoreoSceneModel
import ChoreoTimeline

extension LoweringContext {
    /// Contract §16: an anchor keyword is the point of the node's bounds at every instant. A rect's
    /// or ellipse's bounds are its size centred on the origin and a polygon's scale with its radius,
    /// so the anchor is a linear function of the animated size or radius: each of its segments
    /// maps to an anchor segment with the same easing, exactly. An anchor some state, tween or
    /// keyframe animates keeps its own track; a numeric anchor stays where it is written.
    func followKeywordAnchors(_ tracks: inout [String: NodeTracks]) {
        guard !scene.keywordAnchors.isEmpty else { return }
        // By the smaller of the two: a lowering layer by layer has the tracks of a few nodes.
        if tracks.count < scene.keywordAnchors.count {
            for id in Array(tracks.keys) {
                if let unit = scene.keywordAnchors[id] { followKeywordAnchor(id, unit, &tracks) }
            }
        } else {
            for (id, unit) in scene.keywordAnchors { followKeywordAnchor(id, unit, &tracks) }
        }
    }

    private func followKeywordAnchor(_ id: String, _ unit: Point, _ tracks: inout [String: NodeTracks]) {
        guard var own = tracks[id], own[.anchor] == nil, let node = node(id) else { return }
        let anchorAt: (PropertyValue) -> PropertyValue
        let source: Animated<PropertyValue>
        switch node.shape {
        case .rect, .ellipse:
            guard let size = own[.size] else { return }
            source = size
            anchorAt = { value in
                guard case let .point(size) = value else { return value }
                return .point(Point((unit.x - 0.5) * size.x, (unit.y - 0.5) * size.y))
            }
        case .polygon:
            guard let radius = own[.radius], let base = node.base.number(.radius), base != 0,
                let anchor = node.base.point(.anchor)
            else { return }
            source = radius
            anchorAt = { value in
                guard case let .number(r) = value else { return value }
                return .point(Point(anchor.x * r / base, anchor.y * r / base))
            }
        case .path, .group:
            return
        }
        own[.anchor] = Animated(
            anchorAt(source.initial),
            segments: source.segments.map {
                Segment(start: $0.start, end: $0.end, from: anchorAt($0.from), to: anchorAt($0.to), easing: $0.easing)
            })
        tracks[id] = own
    }
}
