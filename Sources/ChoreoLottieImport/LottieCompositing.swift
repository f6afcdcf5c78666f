import ChoreoSceneModel
import ChoreoSceneSyntax
import ChoreoTimeline

extension DocumentImport {
    /// A layer's masks (`masksProperties`) as the node's `mask:` list, in its local coordinates:
    /// each an outline with its mode, opacity, expansion and inversion; a mask that moves gets an
    /// id its keyframes name. Masks of mode `n` (none) are skipped, as the players skip them.
    mutating func applyMasks(_ layer: LottieItem, to node: inout NodeDraft, time: TimeMap) {
        var masks: [SceneValue] = []
        for item in layer.list("masksProperties") where item.json.isObject {
            let code = item.string("mode") ?? "a"
            let modes: [String: MaskMode] = ["a": .add, "s": .subtract, "i": .intersect, "f": .difference]
            if code == "n" { continue }
            var mode = modes[code]
            if mode == nil {
                warnings.add(item["mode"] ?? item, "a mask of mode `\(code)` (lighten or darken), which a scene cannot hold; it adds", kind: .mask)
                mode = .add
            }
            guard let path = tracks.track(item["pt"], TrackReader.path), path.first.count > 1 else {
                warnings.add(item, "a mask without readable vertices; it is left out", kind: .malformed)
                continue
            }
            var mask = NodeDraft(id: ids.unique((item.string("nm") ?? "mask"), fallback: "mask"), shape: .path)
            let keyframesBefore = keyframes.count
            animate(&mask, .d, path, time: time, { .text(pathData($0), .doubleQuoted) }, always: true)
            if mode != .add { mask.set(.maskMode, .word(mode!.rawValue)) }
            if let opacity = tracks.track(item["o"], TrackReader.scalar) {
                animate(&mask, .opacity, opacity, time: time, { .number(clean(min(1, max(0, $0[0] / 100)))) }, skip: [100])
            }
            if let expand = tracks.track(item["x"], TrackReader.scalar) {
                animate(&mask, .expand, expand, time: time, { .number(clean($0[0])) }, skip: [0])
            }
            if item.json["inv"]?.isTrue == true { mask.set(.inverted, .word("true")) }
            // An id only where keyframes name it.
            if keyframes.count == keyframesBefore { mask.entries.removeFirst() }
            masks.append(.map(mask.entries, .flow))
        }
        if masks.isEmpty { return }
        node.set(.mask, masks.count == 1 ? masks[0] : .list(masks, .block))
    }

    /// A layer's blend mode (`bm`, CSS's order from 0) as `blend:`; add (16) and hard mix (17)
    /// have no CSS mode and are drawn normally, with a warning.
    func blendMode(_ layer: LottieItem) -> SceneValue? {
        guard let code = layer.number("bm"), code != 0 else { return nil }
        let modes = BlendMode.allCases
        guard code == code.rounded(), code > 0, code < Double(modes.count) else {
            warnings.add(layer["bm"]!, "a blend mode (\(formatSceneNumber(code))) that has no CSS equivalent; the layer is drawn normally", kind: .blend)
            return nil
        }
        return .word(modes[Int(code)].rawValue)
    }

    /// Lottie's matte modes (`tt` 1…4).
    static func matteMode(_ code: Double?) -> MatteMode? {
        switch code {
        case 1: return .alpha
        case 2: return .alphaInverted
        case 3: return .luma
        case 4: return .lumaInverted
        default: return nil
        }
    }
}

/// `value` (a node's map) with `key` set to `entry`, a new key before the children.
func setting(_ key: SceneKey, _ entry: SceneValue, on value: SceneValue) -> SceneValue {
    guard case .map(var entries, let style) = value else { return value }
    if let index = entries.firstIndex(where: { $0.key == key }) {
        entries[index].value = entry
    } else {
        entries.insert(SceneEntry(key, entry), at: entries.firstIndex { $0.key == SceneKey(.children) } ?? entries.endIndex)
    }
    return .map(entries, style)
}
