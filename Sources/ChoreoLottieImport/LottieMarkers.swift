import ChoreoSceneModel
import ChoreoSceneSyntax

/// A property that moves, kept so that markers can cut their own spans and poses out of it.
struct MovingProperty {
    var node: String
    var path: String
    var track: LottieTrack
    var time: TimeMap
    var convert: ([Double]) -> SceneValue
    var spatial: Bool
}

extension DocumentImport {
    /// Markers: a marker with a duration (`dr`) is a timeline of that span of the motion; one
    /// without is a pose, a state holding every moving property's value at its frame. The whole
    /// animation stays the timeline `main`, which the initial state `playing` loops; each pose
    /// state is reached from it and back by a jump the app fires (`playing->NAME`).
    mutating func importMarkers() {
        let markers = root.list("markers")
        guard !markers.isEmpty else { return }
        var names = IdentifierRegistry()
        _ = names.unique("main", fallback: "main")
        _ = names.unique("playing", fallback: "playing")
        var poses: [SceneEntry] = []
        for marker in markers {
            guard let frame = marker.number("tm"), frame.isFinite else {
                warnings.add(marker, "a marker without a frame `tm`; it is left out", kind: .malformed)
                continue
            }
            let length = marker.number("dr").flatMap { $0.isFinite ? $0 : nil } ?? 0
            let name = names.unique(marker.string("cm"), fallback: "marker")
            if length > 0 {
                let start = max(startFrame, frame), end = min(endFrame, frame + length)
                guard end > start else {
                    warnings.add(marker, "a marker span outside the animation; it is left out", kind: .malformed)
                    continue
                }
                var keys: [SceneEntry] = []
                for moving in movingProperties {
                    if let list = keyframes(moving, from: start, to: end, loops: false) {
                        keys.append(SceneEntry(SceneKey(name: "\(moving.node).\(moving.path)"), .list(list, .block)))
                    }
                }
                var timeline = [SceneEntry(.duration, frameTime(end - start))]
                if !keys.isEmpty { timeline.append(SceneEntry(.keyframes, .map(keys, .block))) }
                timelines.append(SceneEntry(SceneKey(name: name), .map(timeline, .block)))
            } else if frame < startFrame || frame >= endFrame {
                warnings.add(marker, "a marker outside the animation's frames; it is left out", kind: .malformed)
            } else {
                poses.append(SceneEntry(SceneKey(name: name), .map(pose(at: frame), .block)))
            }
        }
        guard !poses.isEmpty else { return }
        states = [SceneEntry(SceneKey(name: "playing"), .map([SceneEntry(.play, .word("main"))], .flow))] + poses
        for pose in poses {
            transitions.append(.map([SceneEntry(.from, .word("playing")), SceneEntry(.to, .word(pose.key.text)), SceneEntry(.duration, .seconds(0))], .flow))
            transitions.append(.map([SceneEntry(.from, .word(pose.key.text)), SceneEntry(.to, .word("playing")), SceneEntry(.duration, .seconds(0))], .flow))
        }
    }

    /// Every moving property's value at `frame`, as a state writes it: `NODE: {PROPERTY: value}`,
    /// keys in maps (`trim: {end: 0.5}`).
    private func pose(at frame: Double) -> [SceneEntry] {
        var byNode: [(node: String, entries: [SceneEntry])] = []
        for moving in movingProperties {
            if let axes = splitPositions[moving.node], moving.path == Property.positionX.path || moving.path == Property.positionY.path {
                // One point, whichever axes move.
                let point = SceneEntry(SceneKey(.position), pointValue([axes.x.value(at: axes.time.inner(frame))[0], axes.y.value(at: axes.time.inner(frame))[0]]))
                if let index = byNode.firstIndex(where: { $0.node == moving.node }) {
                    if !byNode[index].entries.contains(where: { $0.key == point.key }) { byNode[index].entries.append(point) }
                } else {
                    byNode.append((moving.node, [point]))
                }
                continue
            }
            let value = moving.convert(moving.track.value(at: moving.time.inner(frame)))
            // The keys of the maps the property sits in (`fill.from` is `fill: {linear: {from}}`).
            var parts: [String] = []
            var property = Property(path: moving.path)
            while let current = property {
                parts.insert(current.key, at: 0)
                property = current.parent
            }
            if parts.isEmpty { parts = moving.path.split(separator: ".").map(String.init) }
            var entry = SceneEntry(SceneKey(name: parts[parts.count - 1]), value)
            for part in parts.dropLast().reversed() { entry = SceneEntry(SceneKey(name: part), .map([entry], .flow)) }
            if let index = byNode.firstIndex(where: { $0.node == moving.node }) {
                merge(entry, into: &byNode[index].entries)
            } else {
                byNode.append((moving.node, [entry]))
            }
        }
        return byNode.map { SceneEntry(SceneKey(name: $0.node), .map($0.entries, .flow)) }
    }

    private func merge(_ entry: SceneEntry, into entries: inout [SceneEntry]) {
        guard let index = entries.firstIndex(where: { $0.key == entry.key }), case let .map(existing, style) = entries[index].value,
              case let .map(added, _) = entry.value
        else {
            entries.append(entry)
            return
        }
        var merged = existing
        for child in added { merge(child, into: &merged) }
        entries[index].value = .map(merged, style)
    }
}
