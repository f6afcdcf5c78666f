import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline

/// Finds out how the scene moves with each input its bindings read (contract §20) and returns
/// `base` with `tokens.tracks` filled in and each bound track's slot set.
///
/// `compile(name, value)` is the whole scene compiled again with one input at another value (nil
/// when that has errors). The scene is compiled at a few values of each input and the timelines
/// compared track by track: every number of a track is a linear mix of the values the scene
/// writes, bindings included, so
/// - a number input moves each number by a coefficient times its change, measured between two
///   values inside its range (not at its default, where a bound value may equal a state's and a
///   motion be still);
/// - a colour input likewise, channel by channel;
/// - a choice or boolean input gives each of its values its own numbers.
/// Where the comparison finds more than numbers changing (the segments of a motion, the nodes, a
/// value's structure), the input changes how the scene moves, which no output can follow: a
/// `binding-motion` error at the input's first binding.
package func attachTokens(
    _ base: Timeline, scene: Scene, diagnostics: inout DiagnosticBag, compile: (String, InputProbe) -> Timeline?
) -> Timeline {
    guard var tokens = base.tokens else { return base }
    var result = base
    var builders: [TrackKey: BoundTrackBuilder] = [:]
    let bound = Set(scene.bindings.map(\.input))
    for input in scene.inputs where bound.contains(input.name) {
        let site = scene.bindings.first { $0.input == input.name }!
        var problem: String?
        func variant(_ value: InputValue) -> Timeline? {
            guard let timeline = compile(input.name, .value(value)) else {
                problem = problem ?? "the scene has errors with \(input.name) = \(describe(value))"
                return nil
            }
            return timeline
        }
        func blended(_ weights: [Double]) -> Timeline? {
            guard let timeline = compile(input.name, .blend(weights)) else {
                problem = problem ?? "the scene has errors with a mix of the values of \(input.name)"
                return nil
            }
            return timeline
        }
        switch input.kind {
        case .number:
            guard case let .number(x0) = input.initial else { continue }
            let (p1, p2): (Double, Double)
            if let range = input.range {
                guard range.upperBound > range.lowerBound else { continue }
                let width = range.upperBound - range.lowerBound
                (p1, p2) = (range.lowerBound + 0.382 * width, range.lowerBound + 0.786 * width)
            } else {
                (p1, p2) = (x0 + 1.382, x0 + 2.786)
            }
            guard let first = variant(.number(p1)), let second = variant(.number(p2)) else { break }
            problem = compareTimelines(first, second) { key, a, b in
                let coefficients = zip(a.components, b.components).map { ($1 - $0) / (p2 - p1) }
                let reference = a.components.enumerated().map { $1 + coefficients[$0] * (x0 - p1) }
                builders[key, default: BoundTrackBuilder()].add(
                    InputDependence(input: input.name, change: .affine(coefficients: [coefficients])), generic: a,
                    source: first.node(at: key.path), atDefault: reference)
            }
        case .color:
            guard case let .color(c0) = input.initial else { continue }
            let channels = [c0.r, c0.g, c0.b, c0.a]
            let directions = channels.map { $0 < 0.5 ? 1.0 : -1.0 }
            let start = zip(channels, directions).map { $0 + 0.21 * $1 }
            func color(_ c: [Double]) -> InputValue { .color(RGBA(c[0], c[1], c[2], c[3])) }
            guard let origin = variant(color(start)) else { break }
            var columns: [TrackKey: [[Double]]] = [:]
            var generic: [TrackKey: TrackSummary] = [:]
            for channel in 0..<4 {
                var moved = start
                moved[channel] += 0.17 * directions[channel]
                guard let timeline = variant(color(moved)) else { break }
                if let found = compareTimelines(origin, timeline, visit: { key, a, b in
                    generic[key] = a
                    var list = columns[key] ?? Array(repeating: [Double](repeating: 0, count: a.components.count), count: 4)
                    list[channel] = zip(a.components, b.components).map { ($1 - $0) / (0.17 * directions[channel]) }
                    columns[key] = list
                }) {
                    problem = found
                    break
                }
            }
            if problem == nil {
                for (key, coefficients) in columns {
                    let a = generic[key]!
                    let reference = a.components.enumerated().map { index, value in
                        value + (0..<4).reduce(0) { $0 + coefficients[$1][index] * (channels[$1] - start[$1]) }
                    }
                    builders[key, default: BoundTrackBuilder()].add(
                        InputDependence(input: input.name, change: .affine(coefficients: coefficients)), generic: a,
                        source: origin.node(at: key.path), atDefault: reference)
                }
            }
        case .choice, .boolean:
            // Measured around a mix of every value (each binding's value a blend of its values), where
            // no value equals a pose: each value is the mix moved all the way to it.
            let count = input.tableValues.count
            guard count > 1, let defaultRow = input.tableRow(of: input.initial) else { continue }
            let mixture = tableBlend(count)
            guard let origin = blended(mixture) else { break }
            var toward: [[TrackKey: [Double]]] = []
            var summaries: [TrackKey: TrackSummary] = [:]
            for row in 0..<count {
                var weights = mixture.map { $0 * (1 - tableBlendStep) }
                weights[row] += tableBlendStep
                guard let timeline = blended(weights) else { break }
                var moved: [TrackKey: [Double]] = [:]
                if let found = compareTimelines(origin, timeline, visit: { key, a, b in
                    summaries[key] = a
                    moved[key] = zip(a.components, b.components).map { ($1 - $0) / tableBlendStep }
                }) {
                    problem = found
                    break
                }
                toward.append(moved)
            }
            if problem == nil, toward.count == count {
                for (key, a) in summaries {
                    let zero = [Double](repeating: 0, count: a.components.count)
                    // Each value's numbers: the mix's plus the way to that value.
                    let values = (0..<count).map { row in zip(a.components, toward[row][key] ?? zero).map { $0 + $1 } }
                    let rows = values.map { zip($0, values[defaultRow]).map { $0 - $1 } }
                    builders[key, default: BoundTrackBuilder()].add(
                        InputDependence(input: input.name, change: .table(rows)), generic: a,
                        source: origin.node(at: key.path), atDefault: values[defaultRow])
                }
            }
        case .string:
            continue
        }
        if let problem {
            diagnostics.error(
                .bindingMotion, "'\(input.name)' changes how the scene moves, not only its values, which no output can follow: \(problem)",
                at: site.range, help: "bind values that move the same way whatever the input is (states and timelines animate on top of a binding's value)")
        }
    }
    guard !builders.isEmpty else { return result }
    // Slots named after the node and property, made unique in the (rare) case of repeated ids.
    var used: [String: Int] = [:]
    var tracks: [BoundTrack] = []
    // A live text's cells move with its inputs by its layout, which the outputs measure themselves.
    let cellPaths = Set(tokens.texts.flatMap { $0.cells.map(\.path) })
    for key in builders.keys.sorted() where !(cellPaths.contains(key.path) && key.place == .transform(.position)) {
        let builder = builders[key]!
        guard let node = base.node(at: key.path), let source = builder.source else { continue }
        if builder.mismatched {
            let inputs = Set(builder.dependences.map(\.input))
            if let site = scene.bindings.first(where: { inputs.contains($0.input) }) {
                diagnostics.error(
                    .bindingMotion, "the inputs bound to '\(node.id).\(key.place.tokenName)' change how it moves, not only its values, which no output can follow",
                    at: site.range, help: "bind values that move the same way whatever the inputs are")
            }
            continue
        }
        var slot = node.id + "." + key.place.tokenName
        if let count = used[slot] {
            used[slot] = count + 1
            slot += "#\(count + 1)"
        } else {
            used[slot] = 1
        }
        let glide = glideOf(key.place, node: node, inputs: builder.dependences.map(\.input), scene: scene)
        tracks.append(BoundTrack(slot: slot, path: key.path, place: key.place, glide: glide, dependences: builder.dependences))
        // The track written is the one the variants measured, at the defaults: the same values as
        // the base compile's wherever both have the same segments.
        result.updateNode(at: key.path) { node in
            node = node.rewritingOwnTracks(
                SlotAssigner(place: key.place, slot: slot, components: builder.atDefault, layout: builder.generic, source: source))
        }
    }
    tokens.tracks = tracks.sorted { $0.slot < $1.slot }
    result.tokens = tokens
    reportTracksNotInLottie(tokens.tracks, in: result, scene: scene, diagnostics: &diagnostics)
    return result
}

/// A warning at each binding whose value the Lottie outputs cannot carry as a slot the players
/// draw (`TrackPlace.isSlottedByPlayers`): there it stays at its default.
private func reportTracksNotInLottie(_ tracks: [BoundTrack], in timeline: Timeline, scene: Scene, diagnostics: inout DiagnosticBag) {
    var reported: Set<SourceRange> = []
    for track in tracks {
        guard let node = timeline.node(at: track.path) else { continue }
        var geometry: Geometry?
        if case let .shape(shape, _) = node.content { geometry = shape }
        guard !track.place.isSlottedByPlayers(geometry: geometry) else { continue }
        let inputs = Set(track.dependences.map(\.input))
        let sites = scene.bindings.filter { $0.node == node.source.node && inputs.contains($0.input) }
        guard let site = sites.first(where: { $0.property.track == track.place }) ?? sites.first, reported.insert(site.range).inserted else { continue }
        diagnostics.warning(
            .bindingNotInLottie,
            "'\(node.source.node).\(track.place.tokenName)' follows '\(site.input)' in the SVG, but the Lottie outputs show it at its default: the dotLottie players (ThorVG) \(slotProblem(track.place, geometry: geometry))",
            at: site.range,
            help: "bind what players slot (a position, scale, rotation, opacity or colour, the size of a rectangle without rounded corners or of an ellipse), or drive it with a bound timeline: play: {timeline: NAME, bind: \(site.input)}")
    }
}

/// Why ThorVG cannot draw a slot here.
private func slotProblem(_ place: TrackPlace, geometry: Geometry?) -> String {
    switch place {
    case .strokeWidth: "ignore a slot on a stroke width"
    case .trim: "crash on a slot on a trim"
    case .geometry(.size):
        if case .rect = geometry { "crash on a slot on a rectangle's size, which Choreo writes as a group's scale only without rounded corners" } else { "crash on a slot on a shape's size" }
    case .geometry: "crash on a slot on a shape's geometry"
    case .fill, .stroke: "draw no slot on a gradient"
    case .clipGeometry, .clipTransform, .maskGeometry, .maskTransform, .maskExpand: "crash on a slot on a mask"
    case .blur, .shadow: "draw no slot on an effect"
    case .transform(.positionX), .transform(.positionY): "draw no slot on a split position"
    case .transform: "draw it"
    }
}

/// How `attachTokens` asks for the scene at another input value.
package enum InputProbe {
    /// The input at this value.
    case value(InputValue)
    /// A choice's or boolean's bindings as this blend of their values (a weight per value).
    case blend([Double])
}

private func describe(_ value: InputValue) -> String {
    switch value {
    case let .boolean(flag): flag ? "true" : "false"
    case let .number(number): "\(number)"
    case let .string(text): text
    case let .color(color): color.hexText
    }
}

/// The glide of the binding that moves this track: one written for this node and property, else
/// any of the node's bindings to the same inputs.
private func glideOf(_ place: TrackPlace, node: Node, inputs: [String], scene: Scene) -> Glide? {
    let sites = scene.bindings.filter { $0.node == node.source.node && inputs.contains($0.input) && $0.glide != nil }
    guard let timing = (sites.first { $0.property.track == place } ?? sites.first)?.glide else { return nil }
    let duration = effectiveDuration(timing)
    let segments = loweredSegments(
        from: .number(0), to: .number(1), start: 0, duration: duration, easing: timing.easing, tolerance: 1e-3
    ).map { segment -> Segment<Double> in
        guard case let .number(from) = segment.from, case let .number(to) = segment.to else { preconditionFailure("a number track") }
        return Segment(start: segment.start, end: segment.end, from: from, to: to, easing: segment.easing)
    }
    return Glide(duration: duration, progress: Animated(0, segments: segments))
}

/// A track's place in the IR.
struct TrackKey: Hashable, Comparable {
    var path: [Int]
    var place: TrackPlace

    static func < (a: TrackKey, b: TrackKey) -> Bool {
        if a.path != b.path { return a.path.lexicographicallyPrecedes(b.path) }
        return a.place.tokenName < b.place.tokenName
    }
}

/// A track's numbers and what must agree for them to correspond.
struct TrackSummary {
    var components: [Double]
    var layout: TrackLayout
}

struct TrackLayout: Equatable {
    var times: [Double]
    var easings: [Easing]
    var values: [[Int]]
}

private struct BoundTrackBuilder {
    var dependences: [InputDependence] = []
    /// The layout every dependence was measured on, the node of the compilation it was measured
    /// in, and the track's numbers at the defaults.
    var generic: TrackLayout?
    var source: Node?
    var atDefault: [Double] = []
    /// Set when two inputs measured the track on different layouts.
    var mismatched = false

    mutating func add(_ dependence: InputDependence, generic summary: TrackSummary, source node: Node?, atDefault numbers: [Double]) {
        if generic == nil {
            generic = summary.layout
            source = node
            atDefault = numbers
        } else if generic != summary.layout {
            mismatched = true
            return
        }
        dependences.append(dependence)
    }
}

/// A track that can be summarised (every IR track type).
private protocol SummarisedTrack {
    var summary: TrackSummary { get }
}

extension Animated: SummarisedTrack where Value: TrackComponents {
    var summary: TrackSummary {
        var values = [initial.componentLayout]
        var times: [Double] = []
        var easings: [Easing] = []
        for segment in segments {
            times += [segment.start, segment.end]
            easings.append(segment.easing)
            values += [segment.from.componentLayout, segment.to.componentLayout]
        }
        return TrackSummary(components: components, layout: TrackLayout(times: times, easings: easings, values: values))
    }
}

private struct TrackCollector: TrackVisitor {
    var tracks: [(TrackPlace, TrackSummary)] = []

    mutating func visit<Value: Interpolatable>(_ track: Animated<Value>, at place: TrackPlace) {
        guard let summarised = track as? any SummarisedTrack else { return }
        tracks.append((place, summarised.summary))
    }
}

/// Walks two compilations of one scene side by side and hands `visit` each track whose numbers
/// differ; returns what differs besides numbers, if anything (then it stops).
private func compareTimelines(_ a: Timeline, _ b: Timeline, visit: (TrackKey, TrackSummary, TrackSummary) -> Void) -> String? {
    if a.spans != b.spans || a.duration != b.duration { return "the timing of the animation changes" }
    guard a.layers.count == b.layers.count else { return "the number of nodes changes" }
    func compare(_ x: Node, _ y: Node, path: [Int]) -> String? {
        guard x.id == y.id else { return "'\(x.id)' becomes '\(y.id)'" }
        var left = TrackCollector(), right = TrackCollector()
        x.visitOwnTracks(&left)
        y.visitOwnTracks(&right)
        guard left.tracks.count == right.tracks.count else { return "what '\(x.id)' draws changes" }
        for ((place, first), (otherPlace, second)) in zip(left.tracks, right.tracks) {
            guard place == otherPlace else { return "what '\(x.id)' draws changes" }
            guard first.layout == second.layout else {
                return "the motion of '\(x.id).\(place.tokenName)' changes (its keyframes, not only their values)"
            }
            if first.components != second.components { visit(TrackKey(path: path, place: place), first, second) }
        }
        switch (x.content, y.content) {
        case let (.group(xs), .group(ys)):
            guard xs.count == ys.count else { return "the children of '\(x.id)' change" }
            for (index, (cx, cy)) in zip(xs, ys).enumerated() {
                if let problem = compare(cx, cy, path: path + [index]) { return problem }
            }
            return nil
        case (.shape, .shape):
            return nil
        default:
            return "what '\(x.id)' is changes"
        }
    }
    for (index, (x, y)) in zip(a.layers, b.layers).enumerated() {
        if let problem = compare(x, y, path: [index]) { return problem }
    }
    return nil
}

/// Gives one track of a node its slot. A track whose segments differ from those measured (a
/// motion still at the defaults, which the compilation at the defaults wrote with fewer keyframes)
/// is the measured compilation's track with its numbers at the defaults.
private struct SlotAssigner: TrackRewriter {
    let place: TrackPlace
    let slot: String
    let components: [Double]
    let layout: TrackLayout?
    let source: Node

    func rewrite<Value: Interpolatable>(_ track: Animated<Value>, at place: TrackPlace) -> Animated<Value> {
        guard place == self.place else { return track }
        var result = track
        if let summarised = track as? any SummarisedTrack, summarised.summary.layout != layout {
            var finder = TrackFinder(place: place)
            source.visitOwnTracks(&finder)
            if let measured = finder.found as? Animated<Value>, let numeric = measured as? any ComponentReplacing {
                result = numeric.replacing(components) as! Animated<Value>
            }
        }
        result.slot = slot
        return result
    }
}

private struct TrackFinder: TrackVisitor {
    let place: TrackPlace
    var found: Any?

    mutating func visit<Value: Interpolatable>(_ track: Animated<Value>, at place: TrackPlace) {
        if place == self.place { found = track }
    }
}

private protocol ComponentReplacing {
    func replacing(_ components: [Double]) -> Any
}

extension Animated: ComponentReplacing where Value: TrackComponents {
    func replacing(_ components: [Double]) -> Any { replacingComponents(components) }
}
