import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

/// The keys of a timeline, of one of its tweens, and of a keyframe (a timeline's or a transition's).
let timelineKeys = ["duration", "loop", "tweens", "keyframes", "reduced-motion"]
let tweenKeys = ["at", "duration", "delay", "easing", "to", "by"]
let keyframeKeys = ["at", "value", "easing", "path"]
/// The keys of a keyframe's `path:` (its spatial tangents).
let keyframePathKeys = ["in", "out"]

extension FrontendContext {
    /// The `at` of a tween or keyframe: a time from the start of its owner (a timeline, or a
    /// transition's motion), or a percentage of its duration. A bare fraction of an owner that is
    /// not 1 s long is answered with both readings, since "add the unit" alone would lead to a
    /// time that may not be the one meant.
    func timelineTime(_ node: YAMLNode, of what: String, owner: String, duration: Double?) -> Double? {
        let text = node.scalar?.value.trimmingCharacters(in: .whitespaces) ?? ""
        if text.hasSuffix("%") { return timeWithin(node, length: duration, owner: owner) }
        if let value = Double(text), value > 0, value < 1, let duration, abs(duration - 1) > 1e-9 {
            let seconds = text + "s", fraction = describeNumber(value * duration) + "s"
            let ends = ", which ends at \(describeNumber(duration))s"
            error(
                .missingUnit, "expected \(Dimension.time.expectation), found a bare number", at: node.reportRange,
                help: "\(what)'s 'at' is a time from the start of \(owner)\(ends): write '\(seconds)' for \(text) seconds, or '\(fraction)' (or '\(describeNumber(value * 100))%') for \(text) of the way through",
                fixIts: [seconds, fraction].flatMap { replacing(node, with: $0, message: "write '\($0)'").map(\.asSuggestion) })
            return nil
        }
        return time(node, name: "at")
    }

    func readTimelines(_ node: YAMLNode, names: SceneNames) -> [SceneTimeline] {
        guard let pairs = mapPairs(node, expected: "a map of timelines") else { return [] }
        var timelines: [SceneTimeline] = []
        for pair in pairs {
            guard let name = keyName(pair.key), checkIdentifier(name, what: "timeline name", at: pair.key.reportRange),
                let map = readMap(
                    pair.value, what: "a timeline", allowed: timelineKeys, required: ["duration"])
            else { continue }
            let duration = map.value("duration").flatMap { time($0, name: "duration", bound: .greaterThan(0)) }
            let loop = map.value("loop").flatMap { bool($0, name: "loop") } ?? false
            var tweens: [Tween] = []
            var tweenKeys: Set<PropertyKey> = []
            if let tweensNode = map.value("tweens"), let items = listItems(tweensNode, expected: "a list of tweens") {
                for item in items {
                    if let tween = readTween(item, timeline: name, duration: duration, loop: loop, names: names) {
                        tweens.append(tween)
                        tweenKeys.formUnion(tween.values.keys)
                    }
                }
            }
            var keyframes: [PropertyKey: [Keyframe]] = [:]
            if let keyframesNode = map.value("keyframes") {
                keyframes = readKeyframes(
                    keyframesNode, owner: "timeline '\(name)'", duration: duration, names: names, tweenKeys: tweenKeys,
                    keeping: true)
            }
            let reducedMotion = map.value("reduced-motion").flatMap { readReducedMotion($0) } ?? .fade
            guard let duration else { continue }
            var timeline = SceneTimeline(
                name: name, range: pair.key.reportRange, duration: duration, loop: loop, tweens: tweens, keyframes: keyframes)
            timeline.reducedMotion = reducedMotion
            if let keyframesNode = map.value("keyframes") { timeline.endValueRanges = endValueRanges(keyframesNode, keyframes) }
            timelines.append(timeline)
        }
        return timelines
    }

    /// Where each property's last keyframe writes its value, when it is written in place (not
    /// through an alias, which an edit there would change for every use).
    private func endValueRanges(_ keyframesNode: YAMLNode, _ keyframes: [PropertyKey: [Keyframe]]) -> [PropertyKey: SourceRange] {
        var valueOfLastItem: [SourceRange: SourceRange] = [:]
        for pair in keyframesNode.mapping ?? [] {
            guard let last = pair.value.sequence?.last, last.alias == nil, pair.value.alias == nil,
                let value = last.mapping?.first(where: { $0.key.scalar?.value == "value" })?.value, value.alias == nil
            else { continue }
            valueOfLastItem[startRange(of: last)] = value.range
        }
        var ranges: [PropertyKey: SourceRange] = [:]
        for (key, frames) in keyframes {
            if let last = frames.last, let range = valueOfLastItem[last.range] { ranges[key] = range }
        }
        return ranges
    }

    private func readTween(_ node: YAMLNode, timeline: String, duration: Double?, loop: Bool, names: SceneNames) -> Tween? {
        guard let map = readMap(
            node, what: "a tween", allowed: tweenKeys, required: ["at"])
        else { return nil }
        let at = map.value("at").flatMap { timelineTime($0, of: "a tween", owner: "timeline '\(timeline)'", duration: duration) }
        let timing = self.timing(map, base: Timing(duration: defaultDuration, easing: defaultEasing))
        let valuesEntry: MapEntry
        switch (map.entry("to"), map.entry("by")) {
        case (nil, nil):
            error(.missingKey, "missing 'to' or 'by' for a tween", at: startRange(of: node))
            return nil
        case let (_?, by?):
            error(.conflictingKeys, "a tween takes to: (absolute values) or by: (amounts to add), not both", at: by.key.reportRange)
            return nil
        case let (to?, nil): valuesEntry = to
        case let (nil, by?): valuesEntry = by
        }
        let relative = valuesEntry.name == "by"
        var entries: [MapEntry] = []
        if let pairs = mapPairs(valuesEntry.value, expected: "a map of node ids to properties") {
            for pair in pairs {
                guard let id = keyName(pair.key) else { continue }
                entries.append(MapEntry(name: id, key: pair.key, value: pair.value))
            }
        }
        // Named only in a message about a morph (describing the time costs a formatted number).
        let resolved = readNodeValueMap(
            entries, names: names, mode: relative ? .relative : .absolute,
            definedBy: "the tween at \(at.map { describeNumber($0) + "s" } ?? "?")")
        guard let at, let timing else { return nil }
        if let duration, let atNode = map.value("at") {
            let start = at + timing.delay
            let end = start + timing.duration
            if start > duration + 1e-9 {
                error(
                    .tweenOutsideTimeline,
                    "the tween starts at \(describeNumber(start))s, after the end of timeline '\(timeline)' (\(describeNumber(duration))s)",
                    at: atNode.reportRange)
            } else if !loop, end > duration + 1e-9, !isSpring(timing.easing) {
                error(
                    .tweenOutsideTimeline,
                    "the tween runs until \(describeNumber(end))s, past the end of timeline '\(timeline)' (\(describeNumber(duration))s)",
                    at: atNode.reportRange,
                    help: "lengthen the timeline, shorten the tween, or set loop: true so that it wraps to the start")
            }
        }
        var values: [PropertyKey: PropertyValue] = [:]
        for item in resolved { values[item.key] = item.value }
        return Tween(at: at, timing: timing, values: values, relative: relative, range: startRange(of: node))
    }

    private func isSpring(_ easing: EasingSpec) -> Bool {
        if case .spring = easing { return true }
        return false
    }

    /// A `keyframes:` map of a timeline or, `owner` naming it, of a transition (whose `duration`
    /// is its motion's, so that `at: 100%` is where the motion ends). `keeping`: the map is a
    /// timeline's, whose pairs the document's next build may take (`KeyframesRead`).
    func readKeyframes(
        _ node: YAMLNode, owner: String, duration: Double?, names: SceneNames, tweenKeys: Set<PropertyKey>,
        keeping: Bool = false
    ) -> [PropertyKey: [Keyframe]] {
        guard let pairs = mapPairs(node, expected: "a map of node.property keys to keyframe lists") else { return [:] }
        let last = keeping ? layerCache?.keyframes[owner].flatMap { $0.duration == duration ? $0 : nil } : nil
        var reading = keeping && layerCache != nil ? KeyframesRead(duration: duration) : nil
        defer { if let reading { layerCache?.keyframesBuilding[owner] = reading } }
        var result: [PropertyKey: [Keyframe]] = [:]
        var directSource: [PropertyKey: String] = [:]
        var keyTexts: [PropertyKey: String] = [:]
        for (pairIndex, pair) in pairs.enumerated() {
            let read: KeyframesRead.PairRead
            if let taken = takenKeyframePair(last?.pairs[pairIndex], pair: pair, names: names) {
                read = taken
            } else {
                let marks = diagnosticMarks, verticesBefore = pathVertexCount, bindingsBefore = bindingSites.count
                if reading != nil { enabledByOverrides = [] }
                let pairRead = readKeyframePair(pair, owner: owner, duration: duration, names: names)
                let enabled = enabledByOverrides ?? []
                enabledByOverrides = nil
                layerCache?.keyframePairsRead += 1
                guard let (target, keyText, perKey) = pairRead else { continue }
                read = KeyframesRead.PairRead(
                    pair: pair, node: target, keyText: keyText, perKey: perKey.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value) },
                    enabled: enabled,
                    // A pair with bindings is read again, so that they are recorded again.
                    takeable: marks.diagnosticsSince(self) == 0 && pathVertexCount == verticesBefore && bindingSites.count == bindingsBefore
                        && perKey.keys.allSatisfy { $0.node == target })
            }
            reading?.pairs[pairIndex] = read
            let keyText = read.keyText
            for (key, frames) in read.perKey {
                if key.node == read.node {
                    if let earlier = directSource[key] {
                        error(
                            .conflictingKeys, "'\(keyText)' animates the same property as '\(earlier)'", at: pair.key.reportRange)
                        continue
                    }
                    directSource[key] = keyText
                } else if directSource[key] != nil {
                    continue  // a node's own keyframes win over its group's
                }
                result[key] = frames
                keyTexts[key] = keyText
            }
        }
        for key in result.keys.sorted() where tweenKeys.contains(key) {
            let text = keyTexts[key] ?? key.description
            let range = pairs.first { $0.key.scalar?.value == text }?.key.reportRange ?? node.reportRange
            error(
                .conflictingKeys, "'\(key)' is animated by both keyframes and tweens in \(owner)", at: range,
                help: "animate one property with keyframes or with tweens, not both")
        }
        return result
    }

    /// One `node.property: [keyframes]` pair: the node it names, its key text and its keyframes
    /// by the property each animates (a group's style key: those of the children inheriting it);
    /// nil when it names no node or property it can animate (reported).
    private func readKeyframePair(
        _ pair: YAMLPair, owner: String, duration: Double?, names: SceneNames
    ) -> (node: String, keyText: String, perKey: [PropertyKey: [Keyframe]])? {
        guard let keyText = keyName(pair.key) else { return nil }
        guard let dot = keyText.firstIndex(of: ".") else {
            error(
                .wrongType, "a keyframe key names a node and a property, such as '\(keyText).opacity'",
                at: pair.key.reportRange)
            return nil
        }
        let id = String(keyText[..<dot])
        let path = String(keyText[keyText.index(after: dot)...])
        let idCount = id.unicodeScalars.count
        let idRange = rangeInScalar(pair.key, offset: 0, length: idCount)
        let pathRange = rangeInScalar(pair.key, offset: idCount + 1, length: path.unicodeScalars.count)
        guard let target = lookupNode(
            id, at: idRange, names: names, fixing: { self.replacing(in: pair.key, offset: 0, length: idCount, with: $0) }) else { return nil }
        let paths = target.shape.keyframePaths.map(\.path)
        // `card.clip.size`: the clip's own property, checked against the clip's shape.
        var clipProperty: String?
        if path == Property.clip.key || path.hasPrefix(Property.clip.key + ".") {
            guard let clip = target.clip else {
                // A clip that could not be read has its own error: it is not missing.
                if target.clipRange == nil {
                    error(
                        .unknownProperty, "node '\(id)' has no clip to animate", at: pathRange,
                        help: "give it a clip in layers, for example clip: {shape: rect, size: [100, 100]}")
                }
                return nil
            }
            let property = String(path.dropFirst(Property.clip.key.count + 1))
            guard checkClipProperty(property, clip: clip, target: target, at: pair.key, range: pathRange) else { return nil }
            clipProperty = property
        }
        guard clipProperty != nil || paths.contains(path) else {
            if !path.contains("."), !target.shape.animatableKeys.map(\.key).contains(path) {
                reportNotAnimatable(
                    path, target: target, at: pathRange, candidates: paths,
                    fixing: { self.replacing(in: pair.key, offset: idCount + 1, length: path.unicodeScalars.count, with: $0) })
            } else if let fixed = Property(path: path), fixed.parent != nil, !fixed.isEverAnimatable, fixed.root.isEverAnimatable {
                error(.unknownProperty, "'\(path)' cannot be animated; set it on the node in layers", at: pathRange)
            } else {
                let match = guessName(path, in: paths)
                error(
                    .unknownKey, "unknown property '\(path)' for \(target.shape.phrase)", at: pathRange,
                    help: match.map { "did you mean '\($0)'?" },
                    fixIts: match.map { replacing(in: pair.key, offset: idCount + 1, length: path.unicodeScalars.count, with: $0) } ?? [])
            }
            return nil
        }
        guard let items = listItems(pair.value, expected: "a list of keyframes {at, value, easing}") else { return nil }
        if items.isEmpty {
            error(.outOfRange, "'\(keyText)' needs at least one keyframe", at: pair.key.reportRange)
            return nil
        }
        var perKey: [PropertyKey: [Keyframe]] = [:]
        var previousAt: Double?
        for item in items {
            guard let map = readMap(item, what: "a keyframe", allowed: keyframeKeys, required: ["at", "value"]) else {
                continue
            }
            let atNode = map.value("at")
            let at = atNode.flatMap { timelineTime($0, of: "a keyframe", owner: owner, duration: duration) }
            var easing = EasingSpec.linear
            if let easingNode = map.value("easing") {
                guard let value = self.easing(easingNode) else { continue }
                easing = value
            }
            if let at, let atNode {
                if let previousAt, at <= previousAt {
                    error(
                        .keyframeOrder,
                        at == previousAt
                            ? "two keyframes of '\(keyText)' are at \(describeNumber(at))s"
                            : "keyframes must be in time order: \(describeNumber(at))s comes after \(describeNumber(previousAt))s",
                        at: atNode.reportRange,
                        help: at == previousAt ? "for a jump, use easing: hold on the later keyframe and a slightly later time" : nil)
                }
                if let duration, at > duration + 1e-9 {
                    error(
                        .keyframeOutsideTimeline,
                        "the keyframe at \(describeNumber(at))s is after the end of \(owner) (\(describeNumber(duration))s)",
                        at: atNode.reportRange,
                        help: "a keyframe's 'at' is a time from the start of \(owner), which ends at \(describeNumber(duration))s: move the keyframe to \(describeNumber(duration))s or earlier, or lengthen its 'duration'")
                }
                previousAt = max(previousAt ?? at, at)
            }
            var pathIn: Point?, pathOut: Point?
            if let pathNode = map.value("path") {
                if clipProperty != nil || path != Property.position.key {
                    error(
                        .unknownProperty, "only a position's keyframes take 'path' (the curve the node travels along)", at: map.key("path")!.reportRange,
                        help: "give the node's position keyframes path: {in: [dx, dy], out: [dx, dy]}")
                } else if let tangents = readMap(pathNode, what: "a keyframe's path", allowed: keyframePathKeys) {
                    pathIn = tangents.value("in").flatMap { point($0, name: "in") }
                    pathOut = tangents.value("out").flatMap { point($0, name: "out") }
                }
            }
            guard let valueNode = map.value("value") else { continue }
            let leaf: RawOverride?
            if let clipProperty {
                leaf = readClipLeaf(clipProperty, value: valueNode, target: target, mode: .absolute)
            } else {
                // `paths` holds only paths of the table.
                leaf = readLeaf(Property(path: path)!, value: valueNode, target: target, mode: .absolute)
            }
            guard let raw = leaf else { continue }
            // Named only in a message about a morph (describing the time costs a formatted number).
            for resolved in resolve(raw, definedBy: "the keyframe at \(at.map { describeNumber($0) + "s" } ?? "?")") {
                guard let at else { continue }
                perKey[resolved.key, default: []].append(
                    Keyframe(at: at, value: resolved.value, easing: easing, range: startRange(of: item), pathIn: pathIn, pathOut: pathOut))
            }
        }
        return (target.id, keyText, perKey)
    }

}
