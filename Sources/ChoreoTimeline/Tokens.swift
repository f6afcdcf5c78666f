/// What an app feeds a scene (contract §20): its inputs, every track whose value follows one
/// (a *bound track*, a token an app sets: a Lottie slot, a `choreo.set` name, a setter of the app
/// APIs) and the live texts.
///
/// A bound track is stored as the scene shows it with every input at its default; how it moves
/// with each input is a dependence on that input:
/// - a number or colour input moves it affinely: each number of the track (its initial value and
///   the two ends of every segment, `Animated.components`) is its default plus a coefficient times
///   how far each of the input's parameters (a number: the value; a colour: r, g, b, a) is from
///   its default;
/// - a choice or boolean input gives each of its values a change of every number of the track.
///
/// Several inputs on one track add up: a bound value is a linear mix of what the scene writes, so
/// each input moves what it moves whatever the others do. Everything between the inputs and the
/// tracks (mapping a range, the pose a state overrides, a transition's tween, a spring's baked
/// keyframes) is resolved in these numbers; only the drawable range is applied after them
/// (`Animated.clamped(to:)`), as lowering applies it.
public struct Tokens: Sendable, Equatable {
    /// The scene's inputs, in file order (the state machine's too, when the scene has states).
    public var inputs: [MachineInput]
    /// Sorted by slot.
    public var tracks: [BoundTrack]
    /// In the order the scene draws them.
    public var texts: [LiveText]

    public init(inputs: [MachineInput], tracks: [BoundTrack] = [], texts: [LiveText] = []) {
        self.inputs = inputs
        self.tracks = tracks
        self.texts = texts
    }

    public func input(named name: String) -> MachineInput? { inputs.first { $0.name == name } }

    /// The inputs some track or live text follows, in file order.
    public var drivingInputs: [MachineInput] {
        let names = Set(tracks.flatMap { $0.dependences.map(\.input) } + texts.flatMap(\.inputs))
        return inputs.filter { names.contains($0.name) }
    }

    /// Each input's default, by name.
    public var defaultValues: [String: InputValue] {
        Dictionary(inputs.map { ($0.name, $0.initial) }, uniquingKeysWith: { _, last in last })
    }
}

/// One track that follows inputs: where it is, and how it moves with each input.
public struct BoundTrack: Sendable, Equatable {
    /// The token's name: `NODE.PROPERTY` (`bar.size`), the slot id of the Lottie property it is
    /// written to and the name the interactive SVG and the app APIs know it by.
    public var slot: String
    /// The IR node: an index into `Timeline.layers`, then into each group's children.
    public var path: [Int]
    public var place: TrackPlace
    /// How the value glides to a new one when an input changes (`animate:`); nil: it jumps.
    public var glide: Glide?
    public var dependences: [InputDependence]

    public init(slot: String, path: [Int], place: TrackPlace, glide: Glide? = nil, dependences: [InputDependence]) {
        self.slot = slot
        self.path = path
        self.place = place
        self.glide = glide
        self.dependences = dependences
    }
}

/// How one input moves the numbers of one bound track (`Animated.components`).
public struct InputDependence: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
        /// `coefficients[parameter][component]`: a number input has one parameter, its value; a
        /// colour input four, its r, g, b and a (0…1).
        case affine(coefficients: [[Double]])
        /// For each of the input's values (a choice's names in order; a boolean's false, true), what
        /// is added to every component; the default's row is all zeros.
        case table([[Double]])
    }

    public var input: String
    public var change: Change

    public init(input: String, change: Change) {
        self.input = input
        self.change = change
    }
}

/// `animate: {duration, easing}` on a binding: the value moves from where it is to its new value
/// along `progress` (0 at the start, 1 at `duration`; a spring's baked curve may overshoot).
public struct Glide: Sendable, Equatable {
    public var duration: Double
    /// A track from 0 at time 0 to 1 at `duration`.
    public var progress: Animated<Double>

    public init(duration: Double, progress: Animated<Double>) {
        self.duration = duration
        self.progress = progress
    }

    public func fraction(at seconds: Double) -> Double {
        duration <= 0 ? 1 : progress.value(at: min(max(seconds, 0), duration))
    }
}

extension MachineInput {
    /// The numbers a value of an affine input is made of: a number's value, a colour's channels.
    public static func parameters(_ value: InputValue) -> [Double] {
        switch value {
        case let .number(number): [number]
        case let .color(color): [color.r, color.g, color.b, color.a]
        case .boolean, .string: []
        }
    }

    /// The row of a choice or boolean value in a table dependence.
    public func tableRow(of value: InputValue) -> Int? {
        switch value {
        case let .boolean(flag): flag ? 1 : 0
        case let .string(name): choiceNames.firstIndex(of: name)
        case .number, .color: nil
        }
    }

    /// The values a table dependence has a row for, in row order.
    public var tableValues: [InputValue] {
        switch kind {
        case .boolean: [.boolean(false), .boolean(true)]
        case .choice: choiceNames.map { .string($0) }
        case .number, .string, .color: []
        }
    }
}

extension InputDependence {
    /// What this input adds to each component when it holds `value` (the default adds nothing).
    public func offsets(for value: InputValue, of input: MachineInput, count: Int) -> [Double] {
        switch change {
        case let .affine(coefficients):
            let now = MachineInput.parameters(value), reference = MachineInput.parameters(input.initial)
            var result = [Double](repeating: 0, count: count)
            for parameter in coefficients.indices where parameter < now.count && parameter < reference.count {
                let delta = now[parameter] - reference[parameter]
                if delta == 0 { continue }
                for (index, coefficient) in coefficients[parameter].enumerated() where index < count { result[index] += coefficient * delta }
            }
            return result
        case let .table(rows):
            guard let row = input.tableRow(of: value), row < rows.count else { return [Double](repeating: 0, count: count) }
            return rows[row]
        }
    }
}

// MARK: Components

/// A track value as the numbers it is made of, in a fixed order, so a bound track can be moved
/// number by number (`InputDependence`).
public protocol TrackComponents: Interpolatable {
    func appendComponents(to components: inout [Double])
    /// The same value with its numbers read from `components` from `index` on (advancing it).
    func replacingComponents(_ components: [Double], at index: inout Int) -> Self
    /// What must agree for two values to be the same structure (vertex counts, stop counts).
    var componentLayout: [Int] { get }
}

extension Double: TrackComponents {
    public func appendComponents(to components: inout [Double]) { components.append(self) }
    public func replacingComponents(_ components: [Double], at index: inout Int) -> Double {
        defer { index += 1 }
        return components[index]
    }
    public var componentLayout: [Int] { [] }
}

extension Point: TrackComponents {
    public func appendComponents(to components: inout [Double]) { components += [x, y] }
    public func replacingComponents(_ components: [Double], at index: inout Int) -> Point {
        defer { index += 2 }
        return Point(components[index], components[index + 1])
    }
    public var componentLayout: [Int] { [] }
}

extension RGBA: TrackComponents {
    public func appendComponents(to components: inout [Double]) { components += [r, g, b, a] }
    public func replacingComponents(_ components: [Double], at index: inout Int) -> RGBA {
        defer { index += 4 }
        return RGBA(components[index], components[index + 1], components[index + 2], components[index + 3])
    }
    public var componentLayout: [Int] { [] }
}

extension GradientStops: TrackComponents {
    public func appendComponents(to components: inout [Double]) {
        for stop in stops { components += [stop.offset, stop.color.r, stop.color.g, stop.color.b, stop.color.a] }
    }
    public func replacingComponents(_ components: [Double], at index: inout Int) -> GradientStops {
        GradientStops(stops.map { _ in
            defer { index += 5 }
            return GradientStop(components[index], RGBA(components[index + 1], components[index + 2], components[index + 3], components[index + 4]))
        })
    }
    public var componentLayout: [Int] { [stops.count] }
}

extension PathShape: TrackComponents {
    public func appendComponents(to components: inout [Double]) {
        for contour in contours {
            for vertex in contour.vertices {
                components += [vertex.point.x, vertex.point.y, vertex.inTangent.x, vertex.inTangent.y, vertex.outTangent.x, vertex.outTangent.y]
            }
        }
    }
    public func replacingComponents(_ components: [Double], at index: inout Int) -> PathShape {
        PathShape(contours.map { contour in
            Contour(contour.vertices.map { _ in
                defer { index += 6 }
                let c = components[index..<(index + 6)].map { $0 }
                return BezierVertex(Point(c[0], c[1]), in: Point(c[2], c[3]), out: Point(c[4], c[5]))
            }, closed: contour.closed)
        })
    }
    public var componentLayout: [Int] { contours.map { $0.vertices.count * 2 + ($0.closed ? 1 : 0) } }
}

extension Animated where Value: TrackComponents {
    /// Every number of the track: the initial value, then each segment's `from` and `to`.
    public var components: [Double] {
        var result: [Double] = []
        initial.appendComponents(to: &result)
        for segment in segments {
            segment.from.appendComponents(to: &result)
            segment.to.appendComponents(to: &result)
        }
        return result
    }

    /// The same track with its numbers replaced (same count and order as `components`).
    public func replacingComponents(_ components: [Double]) -> Animated<Value> {
        var index = 0
        var result = Animated(initial.replacingComponents(components, at: &index), slot: slot)
        for segment in segments {
            let from = segment.from.replacingComponents(components, at: &index)
            let to = segment.to.replacingComponents(components, at: &index)
            result.append(Segment(start: segment.start, end: segment.end, from: from, to: to, easing: segment.easing))
        }
        return result
    }

    /// Whether `other` has the same segments (times and easings) and values of the same layout:
    /// then their components correspond one to one.
    public func hasLayout(of other: Animated<Value>) -> Bool {
        guard segments.count == other.segments.count, initial.componentLayout == other.initial.componentLayout else { return false }
        for (a, b) in zip(segments, other.segments) {
            guard a.start == b.start, a.end == b.end, a.easing == b.easing, a.from.componentLayout == b.from.componentLayout,
                a.to.componentLayout == b.to.componentLayout
            else { return false }
        }
        return true
    }
}

// MARK: Applying inputs

extension Timeline {
    /// The inputs an app sets: the tokens' list, else the state machine's.
    public var inputs: [MachineInput] { tokens?.inputs ?? stateMachine?.inputs ?? [] }

    /// The node at a `BoundTrack.path`.
    public func node(at path: [Int]) -> Node? {
        guard let first = path.first, layers.indices.contains(first) else { return nil }
        var node = layers[first]
        for index in path.dropFirst() {
            guard case let .group(children) = node.content, children.indices.contains(index) else { return nil }
            node = children[index]
        }
        return node
    }

    /// Rewrites the node at `path` (nothing when there is none).
    public mutating func updateNode(at path: [Int], _ body: (inout Node) -> Void) {
        guard let first = path.first, layers.indices.contains(first) else { return }
        func update(_ node: inout Node, _ rest: ArraySlice<Int>) {
            guard let index = rest.first else { return body(&node) }
            guard case var .group(children) = node.content, children.indices.contains(index) else { return }
            update(&children[index], rest.dropFirst())
            node.content = .group(children)
        }
        update(&layers[first], path.dropFirst())
    }

    /// The scene as it rests with these input values (the defaults for those not given): every
    /// bound track moved and every live text showing its value. Without tokens, the timeline itself.
    ///
    /// `blends` gives a choice or boolean input as a mix of its values instead (a weight per value,
    /// in row order): each bound value is that mix of the values its binding gives them, which is
    /// how outputs are measured where no value is special (`probeInputs`).
    public func applyingInputs(_ values: [String: InputValue], blends: [String: [Double]] = [:]) -> Timeline {
        guard let tokens else { return self }
        var result = self
        var current = tokens.defaultValues
        for (name, value) in values where current[name] != nil { current[name] = value }
        for bound in tokens.tracks {
            result.updateNode(at: bound.path) { node in
                node = node.rewritingOwnTracks(
                    InputApplier(place: bound.place, dependences: bound.dependences, inputs: tokens.inputs, values: current, blends: blends))
            }
        }
        for text in tokens.texts { text.apply(current, to: &result) }
        return result
    }
}

/// Moves one track of a node by the inputs' values.
private struct InputApplier: TrackRewriter {
    let place: TrackPlace
    let dependences: [InputDependence]
    let inputs: [MachineInput]
    let values: [String: InputValue]
    let blends: [String: [Double]]

    func rewrite<Value: Interpolatable>(_ track: Animated<Value>, at place: TrackPlace) -> Animated<Value> {
        guard place == self.place, let numeric = track as? any BoundTrackValue else { return track }
        return numeric.moved(by: dependences, inputs: inputs, values: values, blends: blends, range: place.drawableRange) as! Animated<Value>
    }
}

/// A track whose numbers an input can move (every IR track type).
protocol BoundTrackValue {
    func moved(
        by dependences: [InputDependence], inputs: [MachineInput], values: [String: InputValue], blends: [String: [Double]],
        range: ClosedRange<Double>?
    ) -> Any
}

extension Animated: BoundTrackValue where Value: TrackComponents {
    func moved(
        by dependences: [InputDependence], inputs: [MachineInput], values: [String: InputValue], blends: [String: [Double]],
        range: ClosedRange<Double>?
    ) -> Any {
        var numbers = components
        for dependence in dependences {
            if case let .table(rows) = dependence.change, let weights = blends[dependence.input] {
                for (row, weight) in zip(rows, weights) {
                    for index in row.indices where index < numbers.count { numbers[index] += weight * row[index] }
                }
                continue
            }
            guard let input = inputs.first(where: { $0.name == dependence.input }), let value = values[dependence.input] else { continue }
            for (index, offset) in dependence.offsets(for: value, of: input, count: numbers.count).enumerated() { numbers[index] += offset }
        }
        if let range { numbers = numbers.map { min(max($0, range.lowerBound), range.upperBound) } }
        return replacingComponents(numbers)
    }
}

extension Timeline {
    /// The timeline with the bound tracks' slots taken off (the theme slots stay): for outputs that
    /// carry bindings other than by slot, such as the SVG.
    public func removingTokenSlots() -> Timeline {
        guard let tokens, !tokens.tracks.isEmpty else { return self }
        var result = self
        for bound in tokens.tracks {
            result.updateNode(at: bound.path) { node in node = node.rewritingOwnTracks(SlotRemover(place: bound.place)) }
        }
        return result
    }
}

private struct SlotRemover: TrackRewriter {
    let place: TrackPlace

    func rewrite<Value: Interpolatable>(_ track: Animated<Value>, at place: TrackPlace) -> Animated<Value> {
        guard place == self.place else { return track }
        var result = track
        result.slot = nil
        return result
    }
}
