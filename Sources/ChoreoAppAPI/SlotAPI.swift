import ChoreoJSON
import ChoreoLottie
import ChoreoTimeline

/// What the app APIs need to set a Lottie's bound values (contract §20): each slot's property as
/// text around the numbers that move, how each number moves with each input, and each input's
/// glide. The Swift and TypeScript APIs both write their setters from this.
public struct SlotAPIModel: Sendable {
    public struct Slot: Sendable {
        public var id: String
        /// The property's JSON text between the numbers that move (one more part than holes).
        public var parts: [String]
        public var holes: [Hole]
    }

    public struct Hole: Sendable {
        public var base: Double
        /// Decimals the number is written with.
        public var decimals: Int
        public var range: ClosedRange<Double>?
        /// Per affine input, a coefficient per parameter.
        public var affine: [(input: String, coefficients: [Double])]
        /// Per choice or boolean input, the change for each of its values.
        public var table: [(input: String, rows: [Double])]
    }

    public var slots: [Slot]
    /// How each input that moves a slot is read: a number's and a colour's values in the slots'
    /// defaults; a choice's or boolean's row count.
    public var movers: [(input: String, mover: ProbeMover)]
    /// The glide of the bindings of each input that has one.
    public var glides: [(input: String, glide: Glide)]
    /// The live texts: their cells are movers too, named by their slots, whose two numbers are
    /// the cell's position (`LiveText.cellPositions`).
    public var texts: [LiveText]

    /// Nil when the timeline has no bound slot.
    public init?(_ timeline: Timeline) {
        guard LottieTokens.applies(to: timeline) else { return nil }
        let templates = LottieTokens.document(timeline).templates
        guard !templates.slots.isEmpty else { return nil }
        slots = templates.slots.map { SlotAPIModel.slot($0) }
        movers = templates.movers.keys.sorted().map { ($0, templates.movers[$0]!) }
        texts = templates.texts
        let tracks = timeline.tokens?.tracks ?? []
        glides = movers.compactMap { name, _ in
            tracks.first { $0.glide != nil && $0.dependences.contains { $0.input == name } }?.glide.map { (name, $0) }
        }
    }

    /// The inputs that move some slot, by a binding or a live text (and the live texts' cells).
    public var inputs: [String] { movers.map(\.input) + texts.flatMap(\.inputs) }

    private static func slot(_ template: LottieSlotTemplate) -> Slot {
        var parts: [String] = []
        var text = ""
        var holes: [Hole] = []
        var index = 0
        let byIndex = Dictionary(uniqueKeysWithValues: template.holes.map { ($0.index, $0) })
        func number(_ value: Double, decimals: Int) {
            if let hole = byIndex[index] {
                parts.append(text)
                text = ""
                holes.append(Hole(
                    base: hole.number.base, decimals: decimals, range: hole.range,
                    affine: hole.number.affine.keys.sorted().map { ($0, hole.number.affine[$0]!) },
                    table: hole.number.table.keys.sorted().map { ($0, hole.number.table[$0]!) }))
            } else {
                text += formatNumber(value, decimals: decimals)
            }
            index += 1
        }
        func walk(_ value: JSONValue) {
            switch value {
            case let .number(x): number(x, decimals: 3)
            case let .decimal(x, places): number(x, decimals: places)
            case let .array(items):
                text += "["
                for (offset, item) in items.enumerated() {
                    if offset > 0 { text += "," }
                    walk(item)
                }
                text += "]"
            case let .object(members):
                text += "{"
                for (offset, member) in members.enumerated() {
                    if offset > 0 { text += "," }
                    text += JSONWriter().string(.string(member.0)) + ":"
                    walk(member.1)
                }
                text += "}"
            default:
                text += JSONWriter().string(value)
            }
        }
        walk(template.property)
        parts.append(text)
        return Slot(id: template.id, parts: parts, holes: holes)
    }
}
