import ChoreoJSON
import ChoreoSceneModel

/// The timing of a scene as written, for a tool that edits it by hand (the preview's time ruler
/// and easing editor): every transition's and timeline's durations, delays, easings, keyframe and
/// tween times, each with the path an edit writes to, the text as written, its value, and how many
/// places read it. Read from the text alone: what is written, defaults where a key is left out.
public struct SceneTimingOutline: Sendable {
    /// A time as written at `path` (nil text: not written, `seconds` the default).
    public struct Time: Sendable {
        public var path: ScenePath
        public var text: String?
        /// The time in seconds; nil when the text is not a time read alone (an expression).
        public var seconds: Double?
        /// For a percentage (`at: 60%`): the duration in seconds it is a fraction of.
        public var percentOf: Double? {
            didSet {
                guard let percentOf, let text, text.hasSuffix("%"), let percent = Double(text.dropLast()) else { return }
                seconds = percent / 100 * percentOf
            }
        }
        public var places: Int
    }

    /// An easing as written at `path`.
    public struct EasingField: Sendable {
        public var path: ScenePath
        public var text: String?
        /// What it reads as: nil when it cannot be read alone (a var of another kind, an error).
        public var spec: EasingSpec?
        /// How a spring map is written: `response` (response, damping-fraction), `duration`
        /// (duration, bounce) or `physics` (stiffness, damping, mass); nil otherwise.
        public var springForm: String?
        /// The spring map's parameters as written (plain numbers).
        public var springParameters: [(String, Double)]
        /// Whether it is written `{cubic-bezier: [x1, y1, x2, y2]}`.
        public var cubicList: Bool
        public var places: Int
    }

    public struct Bar: Sendable {
        /// What the bar times: `transition`, a node or property of `nodes:`, or `tween N`.
        public var label: String
        public var delay: Time
        public var duration: Time
        /// A tween's start (`at`), nil for a transition's bars.
        public var at: Time?
        public var easing: EasingField?
    }

    public struct Keyframe: Sendable {
        public var at: Time
        public var path: ScenePath
    }

    public struct Track: Sendable {
        public var name: String
        public var keyframes: [Keyframe]
    }

    public struct Item: Sendable {
        /// `transition` or `timeline`.
        public var kind: String
        /// A transition: `FROM->TO` (and ` on TRIGGER` when it has one); a timeline: its name.
        public var title: String
        public var from: String?, to: String?, trigger: String?
        public var path: ScenePath
        /// A timeline's `duration`.
        public var length: Time?
        public var bars: [Bar]
        public var tracks: [Track]
    }

    public var fps: Double
    public var items: [Item]
    public var states: [String]
}

extension SceneDocument {
    /// Default transition and tween duration, as the reader has it (SwiftUI's).
    static let defaultDuration = 0.35

    public var timingOutline: SceneTimingOutline {
        var outline: [SceneTimingOutline.Item] = []
        if let root, let list = value(SceneKey.transitions, in: root) {
            for (index, transition) in items(list).enumerated() where self[resolved(transition)].isMap {
                outline.append(transitionItem(transition, path: ScenePath([.key(SceneKey.transitions.text), .index(index)])))
            }
        }
        for entry in section(SceneKey.timelines) {
            guard let name = self[entry.key].scalar?.value, self[resolved(entry.value)].isMap else { continue }
            outline.append(timelineItem(entry.value, name: name, path: ScenePath([.key(SceneKey.timelines.text), .key(name)])))
        }
        let states = section(SceneKey.states).compactMap { self[$0.key].scalar?.value }
        return SceneTimingOutline(fps: framesPerSecond, items: outline, states: states)
    }

    private func transitionItem(_ map: SceneNodeID, path: ScenePath) -> SceneTimingOutline.Item {
        let from = value(SceneKey.from, in: map).flatMap(scalar)
        let to = value(SceneKey.to, in: map).flatMap(scalar)
        let trigger = value(SceneKey.on, in: map).flatMap(scalar)
        let delay = time(in: map, key: SceneKey.delay, path: path, default: 0)
        let duration = time(in: map, key: SceneKey.duration, path: path, default: Self.defaultDuration)
        var bars = [SceneTimingOutline.Bar(label: "transition", delay: delay, duration: duration, at: nil,
            easing: easingField(in: map, path: path))]
        if let nodes = value(SceneKey.nodes, in: map) {
            for entry in entries(nodes) {
                guard let name = self[entry.key].scalar?.value, self[resolved(entry.value)].isMap else { continue }
                let entryPath = path.appending(SceneKey.nodes).appending(.key(name))
                // A key left out takes the transition's value, and is written into the entry.
                var ownDelay = time(in: entry.value, key: SceneKey.delay, path: entryPath, default: delay.seconds ?? 0)
                if ownDelay.text == nil { ownDelay.places = 1 }
                let ownDuration = time(in: entry.value, key: SceneKey.duration, path: entryPath, default: duration.seconds ?? Self.defaultDuration)
                bars.append(SceneTimingOutline.Bar(label: name, delay: ownDelay, duration: ownDuration, at: nil,
                    easing: easingField(in: entry.value, path: entryPath)))
            }
        }
        let title = (from ?? "?") + "->" + (to ?? "?") + (trigger.map { " on \($0)" } ?? "")
        return SceneTimingOutline.Item(kind: "transition", title: title, from: from, to: to, trigger: trigger, path: path, length: nil,
            bars: bars, tracks: tracks(in: map, path: path, percentOf: duration.seconds))
    }

    private func timelineItem(_ map: SceneNodeID, name: String, path: ScenePath) -> SceneTimingOutline.Item {
        let length = time(in: map, key: SceneKey.duration, path: path, default: 0)
        var bars: [SceneTimingOutline.Bar] = []
        if let tweens = value(SceneKey.tweens, in: map) {
            for (index, tween) in items(tweens).enumerated() where self[resolved(tween)].isMap {
                let tweenPath = path.appending(SceneKey.tweens).appending(.index(index))
                var at = time(in: tween, key: SceneKey.at, path: tweenPath, default: 0)
                if at.text?.hasSuffix("%") == true { at.percentOf = length.seconds }
                bars.append(SceneTimingOutline.Bar(
                    label: "tween \(index + 1)", delay: time(in: tween, key: SceneKey.delay, path: tweenPath, default: 0),
                    duration: time(in: tween, key: SceneKey.duration, path: tweenPath, default: Self.defaultDuration), at: at,
                    easing: easingField(in: tween, path: tweenPath)))
            }
        }
        return SceneTimingOutline.Item(kind: "timeline", title: name, from: nil, to: nil, trigger: nil, path: path, length: length,
            bars: bars, tracks: tracks(in: map, path: path, percentOf: length.seconds))
    }

    private func tracks(in map: SceneNodeID, path: ScenePath, percentOf: Double?) -> [SceneTimingOutline.Track] {
        guard let keyframes = value(SceneKey.keyframes, in: map) else { return [] }
        return entries(keyframes).compactMap { entry in
            guard let name = self[entry.key].scalar?.value else { return nil }
            let trackPath = path.appending(SceneKey.keyframes).appending(.key(name))
            var frames: [SceneTimingOutline.Keyframe] = []
            for (index, item) in items(entry.value).enumerated() where self[resolved(item)].isMap {
                let itemPath = trackPath.appending(.index(index))
                var at = time(in: item, key: SceneKey.at, path: itemPath, default: 0)
                if at.text?.hasSuffix("%") == true { at.percentOf = percentOf }
                frames.append(SceneTimingOutline.Keyframe(at: at, path: itemPath))
            }
            return SceneTimingOutline.Track(name: name, keyframes: frames)
        }
    }

    /// The time written for `key` in `map` (the default when it is not).
    func time(in map: SceneNodeID, key: SceneKey, path: ScenePath, default fallback: Double) -> SceneTimingOutline.Time {
        let timePath = path.appending(key)
        guard let written = value(key, in: map) else {
            return SceneTimingOutline.Time(path: timePath, text: nil, seconds: fallback, percentOf: nil, places: 1)
        }
        let defined = definition(of: written)
        let text = scalar(defined)
        let time = text.flatMap { seconds(ofTime: $0) }
        return SceneTimingOutline.Time(path: timePath, text: text, seconds: time, percentOf: nil, places: places(readingDefinition: defined))
    }

    func easingField(in map: SceneNodeID, path: ScenePath) -> SceneTimingOutline.EasingField? {
        let easingPath = path.appending(SceneKey.easing)
        guard let written = value(SceneKey.easing, in: map) else {
            return SceneTimingOutline.EasingField(path: easingPath, text: nil, spec: nil, springForm: nil, springParameters: [], cubicList: false, places: 1)
        }
        let defined = definition(of: written)
        var field = SceneTimingOutline.EasingField(
            path: easingPath, text: nil, spec: nil, springForm: nil, springParameters: [], cubicList: false, places: places(readingDefinition: defined))
        if let text = scalar(defined) {
            field.text = text
            if case let .success(spec) = parseEasingName(text) { field.spec = spec }
            return field
        }
        // A map is shown as written (`{spring: {…}}`), its lines joined, 120 characters at most.
        let lines = text(defined).split(whereSeparator: \.isNewline).map { $0.drop { $0 == " " } }
        field.text = String(lines.joined(separator: " ").prefix(120))
        guard self[resolved(defined)].isMap else { return field }
        if let list = value(SceneKey.cubicBezier, in: defined) {
            let numbers = items(list).compactMap { scalar(definition(of: $0)).flatMap(Double.init) }
            if numbers.count == 4 {
                field.spec = .cubic(numbers[0], numbers[1], numbers[2], numbers[3])
                field.cubicList = true
            }
            return field
        }
        guard let spring = value(SceneKey.spring, in: defined), self[resolved(spring)].isMap else { return field }
        var parameters: [(String, Double)] = []
        for entry in entries(spring) {
            guard let key = self[entry.key].scalar?.value, let text = scalar(definition(of: entry.value)) else { continue }
            guard let number = Double(text) ?? seconds(ofTime: text) else { return field }
            parameters.append((key, number))
        }
        field.springParameters = parameters
        let keys = Set(parameters.map(\.0))
        let number = { (key: SceneKey, fallback: Double) in parameters.first { $0.0 == key.text }?.1 ?? fallback }
        if keys.contains(SceneKey.stiffness.text) || keys.contains(SceneKey.damping.text) {
            field.springForm = "physics"
            field.spec = physicsSpringEasing(
                mass: number(.mass, 1), stiffness: number(.stiffness, 1), damping: number(.damping, 1))
        } else if keys.contains(SceneKey.duration.text) || keys.contains(SceneKey.bounce.text) {
            field.springForm = "duration"
            field.spec = springEasing(duration: number(.duration, 0.5), bounce: number(.bounce, 0))
        } else {
            field.springForm = "response"
            field.spec = .spring(response: number(.response, 0.5), dampingFraction: number(.dampingFraction, 0.825))
        }
        return field
    }
}

// MARK: JSON for the page

extension SceneTimingOutline {
    /// The outline as JSON: paths as arrays of keys and indices.
    public var json: JSONValue {
        .object([
            ("fps", .number(fps)),
            ("states", .array(states.map { .string($0) })),
            ("items", .array(items.map(\.json))),
        ])
    }
}

extension ScenePath {
    public var json: JSONValue {
        .array(components.map { component in
            switch component {
            case let .key(key): return .string(key)
            case let .index(index): return .int(index)
            }
        })
    }

    /// A path from its JSON (an array of strings and integers), nil for anything else.
    public init?(json: JSONValue) {
        guard case let .array(parts) = json, parts.count <= 64 else { return nil }
        var components: [Component] = []
        for part in parts {
            switch part {
            case let .string(key): components.append(.key(key))
            case let .int(index) where index >= 0: components.append(.index(index))
            default: return nil
            }
        }
        self.init(components)
    }
}

private func optional(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }

extension SceneTimingOutline.Time {
    var json: JSONValue {
        .object([
            ("path", path.json), ("text", text.map { .string($0) } ?? .null), ("seconds", optional(seconds)),
            ("percentOf", optional(percentOf)), ("places", .int(places)),
        ])
    }
}

extension SceneTimingOutline.EasingField {
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("path", path.json), ("text", text.map { .string($0) } ?? .null), ("places", .int(places))]
        switch spec {
        case let .cubic(x1, y1, x2, y2)?:
            members += [("kind", "cubic"), ("points", .array([x1, y1, x2, y2].map { .number($0) })), ("cubicList", .bool(cubicList))]
        case .linear?:
            members += [("kind", "cubic"), ("points", [0.0, 0.0, 1.0, 1.0]), ("cubicList", false)]
        case let .spring(response, dampingFraction)?:
            members += [("kind", "spring"), ("response", .number(response)), ("dampingFraction", .number(dampingFraction)),
                ("form", springForm.map { .string($0) } ?? "preset"),
                ("parameters", .object(springParameters.map { ($0.0, .number($0.1)) }))]
        case .hold?: members.append(("kind", "hold"))
        case .steps?: members.append(("kind", "steps"))
        case .piecewise?: members.append(("kind", "piecewise"))
        case nil: members.append(("kind", text == nil ? "default" : "other"))
        }
        return .object(members)
    }
}

extension SceneTimingOutline.Item {
    var json: JSONValue {
        .object([
            ("kind", .string(kind)), ("title", .string(title)), ("from", from.map { .string($0) } ?? .null),
            ("to", to.map { .string($0) } ?? .null), ("trigger", trigger.map { .string($0) } ?? .null), ("path", path.json),
            ("length", length?.json ?? .null),
            ("bars", .array(bars.map { bar in
                .object([
                    ("label", .string(bar.label)), ("delay", bar.delay.json), ("duration", bar.duration.json),
                    ("at", bar.at?.json ?? .null), ("easing", bar.easing?.json ?? .null),
                ])
            })),
            ("tracks", .array(tracks.map { track in
                .object([("name", .string(track.name)), ("keyframes", .array(track.keyframes.map { .object([("at", $0.at.json), ("path", $0.path.json)]) }))])
            })),
        ])
    }
}
