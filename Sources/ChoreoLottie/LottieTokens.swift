import ChoreoJSON
import ChoreoTimeline

/// Bound values as Lottie slots (contract §20): every Lottie property a bound track is written to
/// names its slot (`sid`, the default value inline) and the document's `slots` holds its value at
/// the inputs' defaults; `LottieSlotTemplates` says how each slot's value moves with the inputs,
/// which the app APIs compute and hand to the player's slot call.
///
/// A property gets a slot only where the players draw one: ThorVG 1.0.4 (the dotLottie players)
/// crashes on a slot on an anchor, a rectangle's or an ellipse's size or position, a trim, a dash
/// or a time remap, and ignores one on a stroke width (`Tests/conformance/binding_suite.py` pins
/// each kind). So a bound anchor is written as a group of its own moved by the anchor's opposite,
/// and a bound rectangle (without rounded corners) or ellipse size as a unit shape in a group
/// scaled to the size, its fill and stroke outside the scaled group, so stroke widths stay as they
/// are; both are group positions and scales, which every player slots. A bound track of another
/// kind keeps its value at the defaults in the Lottie outputs, which `--target` reports at its
/// binding (`binding-not-in-lottie`).
///
/// How each slot's value moves is measured as the SVG's is (`probeInputs`): the document is written
/// as a tree at several input values and compared number by number.
public enum LottieTokens {
    /// Whether the timeline has bound tracks.
    public static func applies(to timeline: Timeline) -> Bool {
        guard let tokens = timeline.tokens else { return false }
        return !tokens.tracks.isEmpty || !tokens.texts.isEmpty
    }

    /// The timeline with the slots of bound tracks no player draws taken off (they are written as
    /// their values at the defaults).
    static func drawableSlots(_ timeline: Timeline) -> Timeline {
        guard let tokens = timeline.tokens, !tokens.tracks.isEmpty else { return timeline }
        var result = timeline
        for bound in tokens.tracks {
            guard let node = timeline.node(at: bound.path) else { continue }
            var geometry: Geometry?
            if case let .shape(shape, _) = node.content { geometry = shape }
            if !bound.place.isSlottedByPlayers(geometry: geometry) {
                result.updateNode(at: bound.path) { $0 = $0.rewritingOwnTracks(SlotDropper(place: bound.place)) }
            }
        }
        return result
    }

    /// The ids of the bound tracks' slots (their Lottie properties' ids start with them).
    static func slotIDs(_ timeline: Timeline) -> Set<String> {
        guard let tokens = timeline.tokens else { return [] }
        return Set(tokens.tracks.map(\.slot) + tokens.texts.flatMap { $0.cells.map(\.slot) })
    }

    /// The document (with `slots`) and the templates of its bound slots.
    public static func document(_ timeline: Timeline, options: LottieOptions = LottieOptions()) -> (document: JSONValue, templates: LottieSlotTemplates) {
        let drawable = drawableSlots(timeline)
        let ids = slotIDs(drawable)
        let probed = probeInputs(
            drawable, render: { LottieEmitter.treeWithoutTokens($0, options: options) }, numbers: jsonNumbers,
            sameStructure: { jsonShape($0) == jsonShape($1) })
        let defaults = timeline.tokens?.defaultValues ?? [:]
        let inputs = timeline.tokens?.inputs ?? []
        var index = 0
        var templates: [LottieSlotTemplate] = []
        func isTokenSlot(_ members: [(String, JSONValue)]) -> String? {
            guard let sid = members.first(where: { $0.0 == "sid" })?.1, case let .string(id) = sid else { return nil }
            let owner = ids.first { id == $0 || id.hasPrefix($0 + ".") }
            return owner == nil ? nil : id
        }
        func rebuild(_ value: JSONValue, key: String?) -> JSONValue {
            switch value {
            case let .number(x):
                defer { index += 1 }
                return probed.holes[index] == nil ? .number(x) : .number(probed.value(of: index, at: defaults, inputs: inputs))
            case let .decimal(x, places):
                defer { index += 1 }
                return probed.holes[index] == nil ? .decimal(x, places: places) : .decimal(probed.value(of: index, at: defaults, inputs: inputs), places: places)
            case let .array(items):
                return .array(items.map { rebuild($0, key: key) })
            case let .object(members):
                let start = index
                let rebuilt = members.map { ($0.0, rebuild($0.1, key: $0.0)) }
                if let id = isTokenSlot(members) {
                    let holes = (start..<index).compactMap { number -> LottieSlotHole? in
                        probed.holes[number].map { LottieSlotHole(index: number - start, number: $0, range: key.flatMap(drawnRange)) }
                    }
                    templates.append(LottieSlotTemplate(id: id, property: .object(rebuilt.filter { $0.0 != "sid" }), holes: holes))
                }
                return .object(rebuilt)
            default:
                return value
            }
        }
        var document = rebuild(probed.skeleton, key: nil)
        // Every bound slot's value at the defaults, beside the themes'.
        if case var .object(members) = document, !templates.isEmpty {
            var slots: [(String, JSONValue)] = []
            if let existing = members.firstIndex(where: { $0.0 == "slots" }), case let .object(themed) = members[existing].1 {
                slots = themed
                members.remove(at: existing)
            }
            var seen = Set(slots.map(\.0))
            for template in templates.sorted(by: { $0.id < $1.id }) where seen.insert(template.id).inserted {
                slots.append((template.id, .object([("p", template.property)])))
            }
            members.append(("slots", .object(slots)))
            document = .object(members)
        }
        var unique: [String: LottieSlotTemplate] = [:]
        for template in templates where unique[template.id] == nil { unique[template.id] = template }
        let result = LottieSlotTemplates(
            slots: unique.keys.sorted().map { unique[$0]! }, movers: probed.movers, unfollowed: probed.unfollowed, texts: probed.texts)
        return (document, result)
    }

    /// The range a property's numbers are drawn in, by its key: percent opacity, colour channels.
    private static func drawnRange(_ key: String) -> ClosedRange<Double>? {
        switch key {
        case "o": 0...100
        case "c": 0...1
        default: nil
        }
    }
}

/// How the bound slots of a Lottie move with the inputs: what the app APIs compute.
public struct LottieSlotTemplates: Sendable, Equatable {
    /// Sorted by id.
    public var slots: [LottieSlotTemplate]
    /// How each input that moves a slot is read (`ProbeMover`).
    public var movers: [String: ProbeMover]
    /// Inputs whose values change the document's structure, which no slot value can follow.
    public var unfollowed: [String]
    /// The live texts, whose cells' positions move slots as inputs do (by their slot ids).
    public var texts: [LiveText] = []

    /// The slots an input moves.
    public func slots(movedBy input: String) -> [LottieSlotTemplate] {
        slots.filter { slot in slot.holes.contains { $0.number.affine[input] != nil || $0.number.table[input] != nil } }
    }

    /// `{ID: {"p": PROPERTY}}` for `ids` at these input values: the slot data players take.
    public func slotData(_ ids: [String], values: [String: InputValue], inputs: [MachineInput]) -> JSONValue {
        let cells = LiveText.cellParameters(texts, at: values, inputs: inputs)
        return .object(slots.filter { ids.contains($0.id) }.map { ($0.id, .object([("p", $0.property(at: values, movers: movers, inputs: inputs, cells: cells))])) })
    }
}

/// One slot: its property at the defaults, and the numbers in it that move.
public struct LottieSlotTemplate: Sendable, Equatable {
    public var id: String
    /// The Lottie property (`{"a":0,"k":…}` or keyframes), without its `sid`.
    public var property: JSONValue
    public var holes: [LottieSlotHole]

    /// The property with the inputs at `values`.
    public func property(
        at values: [String: InputValue], movers: [String: ProbeMover], inputs: [MachineInput], cells: [String: [Double]] = [:]
    ) -> JSONValue {
        var index = 0
        let byIndex = Dictionary(uniqueKeysWithValues: holes.map { ($0.index, $0) })
        func walk(_ value: JSONValue) -> JSONValue {
            switch value {
            case let .number(x):
                defer { index += 1 }
                return byIndex[index].map { .number($0.value(at: values, movers: movers, inputs: inputs, cells: cells)) } ?? .number(x)
            case let .decimal(x, places):
                defer { index += 1 }
                return byIndex[index].map { .decimal($0.value(at: values, movers: movers, inputs: inputs, cells: cells), places: places) }
                    ?? .decimal(x, places: places)
            case let .array(items): return .array(items.map(walk))
            case let .object(members): return .object(members.map { ($0.0, walk($0.1)) })
            default: return value
            }
        }
        return walk(property)
    }
}

/// A number of a slot's property that moves: its place among the property's numbers, how it
/// moves, and the range it is drawn in.
public struct LottieSlotHole: Sendable, Equatable {
    public var index: Int
    public var number: ProbedNumber
    public var range: ClosedRange<Double>?

    public func value(
        at values: [String: InputValue], movers: [String: ProbeMover], inputs: [MachineInput], cells: [String: [Double]] = [:]
    ) -> Double {
        let value = number.value(at: values, movers: movers, inputs: inputs, cells: cells)
        guard let range else { return value }
        return min(max(value, range.lowerBound), range.upperBound)
    }
}

/// The numbers of a JSON tree, in order (`int`s are structure: counts, flags).
func jsonNumbers(_ value: JSONValue) -> [Double] {
    var result: [Double] = []
    func walk(_ value: JSONValue) {
        switch value {
        case let .number(x), let .decimal(x, _): result.append(x)
        case let .array(items): items.forEach(walk)
        case let .object(members): members.forEach { walk($0.1) }
        default: break
        }
    }
    walk(value)
    return result
}

/// The tree with every number zero: what two trees must share for their numbers to correspond.
func jsonShape(_ value: JSONValue) -> JSONValue {
    switch value {
    case .number: .number(0)
    case let .decimal(_, places): .decimal(0, places: places)
    case let .array(items): .array(items.map(jsonShape))
    case let .object(members): .object(members.map { ($0.0, jsonShape($0.1)) })
    default: value
    }
}

private struct SlotDropper: TrackRewriter {
    let place: TrackPlace

    func rewrite<Value: Interpolatable>(_ track: Animated<Value>, at place: TrackPlace) -> Animated<Value> {
        guard place == self.place else { return track }
        var result = track
        result.slot = nil
        return result
    }
}
