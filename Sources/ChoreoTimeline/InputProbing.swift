/// How the numbers of an output move with the inputs (contract §20), found by writing the output
/// at several input values and comparing: the way the SVG's runtime and the app APIs move an
/// output written once.
///
/// Every number an output writes from a bound track is a linear mix of the track's numbers
/// (`Tokens`), so
/// - a number input moves it by a coefficient times the input's change;
/// - a colour input by a coefficient per channel;
/// - a choice or boolean input by an amount per value.
/// The outputs are compared at generic values (each number input inside its range, each colour off
/// the edges), where no bound value happens to equal a pose and no motion is still, so the
/// document has the structure every value shares; the document at the defaults is used instead
/// where it has that structure, so its numbers are exact.
public struct ProbedOutput<Document> {
    /// The document the numbers index into.
    public var skeleton: Document
    /// Its numbers, in order.
    public var numbers: [Double]
    /// The numbers that move, by index.
    public var holes: [Int: ProbedNumber]
    /// The input values the skeleton was written at.
    public var skeletonValues: [String: InputValue]
    /// The inputs that move numbers, and how to read their values (`ProbedNumber`).
    public var movers: [String: ProbeMover]
    /// Inputs whose documents did not compare (another structure): the output does not follow them.
    public var unfollowed: [String]
    /// The live texts, whose cells' positions are movers too (named by their slots).
    public var texts: [LiveText] = []

    /// A number's value with the inputs at `values` (each input not given at the skeleton's value).
    public func value(of index: Int, at values: [String: InputValue], inputs: [MachineInput]) -> Double {
        guard let hole = holes[index] else { return numbers[index] }
        return hole.value(at: values, movers: movers, inputs: inputs, cells: cellParameters(at: values, inputs: inputs))
    }

    /// Every live text's cell positions at `values` (each input not given at its default), by slot.
    public func cellParameters(at values: [String: InputValue], inputs: [MachineInput]) -> [String: [Double]] {
        LiveText.cellParameters(texts, at: values, inputs: inputs)
    }
}

extension LiveText {
    /// The cell positions of `texts` at `values` (each input not given at its default), by slot.
    public static func cellParameters(_ texts: [LiveText], at values: [String: InputValue], inputs: [MachineInput]) -> [String: [Double]] {
        guard !texts.isEmpty else { return [:] }
        var current = Dictionary(inputs.map { ($0.name, $0.initial) }, uniquingKeysWith: { _, last in last })
        for (name, value) in values where current[name] != nil { current[name] = value }
        var result: [String: [Double]] = [:]
        for text in texts {
            for (cell, position) in zip(text.cells, text.cellPositions(of: text.text(at: current))) { result[cell.slot] = [position.x, position.y] }
        }
        return result
    }
}

/// How an input's value is read by the numbers it moves.
public enum ProbeMover: Sendable, Equatable {
    /// A number's value or a colour's channels, and their values in the skeleton.
    case affine(reference: [Double])
    /// A choice's or boolean's rows (`MachineInput.tableRow`), and the skeleton's row.
    case table(rows: Int, reference: Int)
}

/// One number that moves: its value in the skeleton, plus per affine input a coefficient per
/// parameter, plus per table input the change for each of its rows (zero for the skeleton's).
public struct ProbedNumber: Sendable, Equatable {
    public var base: Double
    public var affine: [String: [Double]] = [:]
    public var table: [String: [Double]] = [:]

    public init(base: Double) {
        self.base = base
    }

    /// `cells`: the live texts' cell positions (`LiveText.cellParameters`), movers as inputs are.
    public func value(
        at values: [String: InputValue], movers: [String: ProbeMover], inputs: [MachineInput], cells: [String: [Double]] = [:]
    ) -> Double {
        var result = base
        for (name, coefficients) in affine {
            guard case let .affine(reference)? = movers[name],
                let parameters = cells[name] ?? values[name].map(MachineInput.parameters)
            else { continue }
            for (index, coefficient) in coefficients.enumerated() where index < parameters.count && index < reference.count {
                result += coefficient * (parameters[index] - reference[index])
            }
        }
        for (name, rows) in table {
            guard let input = inputs.first(where: { $0.name == name }), let value = values[name], let row = input.tableRow(of: value),
                row < rows.count
            else { continue }
            result += rows[row]
        }
        return result
    }
}

/// Writes an output of `timeline` at several input values and compares their numbers (see
/// `ProbedOutput`). `render` writes the output of a timeline; `numbers` reads its numbers in
/// order; `sameStructure` says whether two documents differ in their numbers only.
public func probeInputs<Document>(
    _ timeline: Timeline, render: (Timeline) -> Document, numbers: (Document) -> [Double], sameStructure: (Document, Document) -> Bool
) -> ProbedOutput<Document> {
    guard let tokens = timeline.tokens else {
        let document = render(timeline)
        return ProbedOutput(skeleton: document, numbers: numbers(document), holes: [:], skeletonValues: [:], movers: [:], unfollowed: [])
    }
    let driving = tokens.inputs.filter { input in tokens.tracks.contains { $0.dependences.contains { $0.input == input.name } } }
    var values = tokens.defaultValues
    // Choices and booleans as a mix of their values (`tableBlend`), where none is special (a
    // scale of 1 the SVG leaves out, say): every document is written with the others so mixed.
    var blends: [String: [Double]] = [:]
    for input in driving {
        if let probe = genericProbes(input).first { values[input.name] = probe }
        if input.kind == .choice || input.kind == .boolean, input.tableValues.count > 1 { blends[input.name] = tableBlend(input.tableValues.count) }
    }
    var skeleton = render(timeline.applyingInputs(values, blends: blends))
    // The document at the defaults, where it has the structure the others share.
    let atDefaults = render(timeline)
    if sameStructure(skeleton, atDefaults) {
        skeleton = atDefaults
        values = tokens.defaultValues
        blends = [:]
    }
    let base = numbers(skeleton)
    var result = ProbedOutput(skeleton: skeleton, numbers: base, holes: [:], skeletonValues: values, movers: [:], unfollowed: [])
    func variant(_ name: String, _ value: InputValue) -> [Double]? {
        var assigned = values
        assigned[name] = value
        let document = render(timeline.applyingInputs(assigned, blends: blends))
        return sameStructure(skeleton, document) ? numbers(document) : nil
    }
    for input in driving {
        switch input.kind {
        case .number:
            guard case let .number(p1)? = values[input.name] else { continue }
            let candidates = genericProbes(input).compactMap { probe -> Double? in if case let .number(x) = probe, x != p1 { x } else { nil } }
            guard let p2 = candidates.first else { continue }
            guard let moved = variant(input.name, .number(p2)) else {
                result.unfollowed.append(input.name)
                continue
            }
            for index in base.indices where moved[index] != base[index] {
                result.holes[index, default: ProbedNumber(base: base[index])].affine[input.name] = [(moved[index] - base[index]) / (p2 - p1)]
            }
            result.movers[input.name] = .affine(reference: [p1])
        case .color:
            guard case let .color(start)? = values[input.name] else { continue }
            let channels = [start.r, start.g, start.b, start.a]
            var columns: [Int: [Double]] = [:]
            var followed = true
            for channel in 0..<4 {
                var shifted = channels
                let step = shifted[channel] < 0.5 ? 0.4 : -0.4
                shifted[channel] += step
                guard let moved = variant(input.name, .color(RGBA(shifted[0], shifted[1], shifted[2], shifted[3]))) else {
                    followed = false
                    break
                }
                for index in base.indices where moved[index] != base[index] {
                    columns[index, default: [0, 0, 0, 0]][channel] = (moved[index] - base[index]) / step
                }
            }
            guard followed else {
                result.unfollowed.append(input.name)
                continue
            }
            for (index, column) in columns { result.holes[index, default: ProbedNumber(base: base[index])].affine[input.name] = column }
            result.movers[input.name] = .affine(reference: channels)
        case .choice, .boolean:
            // Around a mix of every value, where no value equals a pose: each value is the mix
            // moved all the way to it (the numbers are linear in the mix's weights).
            let count = input.tableValues.count
            guard count > 1, let reference = values[input.name].flatMap(input.tableRow(of:)) else { continue }
            let mixture = tableBlend(count)
            func blended(_ weights: [Double]) -> [Double]? {
                var mixed = blends
                mixed[input.name] = weights
                let document = render(timeline.applyingInputs(values, blends: mixed))
                return sameStructure(skeleton, document) ? numbers(document) : nil
            }
            guard let origin = blended(mixture) else {
                result.unfollowed.append(input.name)
                continue
            }
            var rows: [Int: [Double]] = [:]
            var followed = true
            for row in 0..<count {
                var weights = mixture.map { $0 * (1 - tableBlendStep) }
                weights[row] += tableBlendStep
                guard let moved = blended(weights) else {
                    followed = false
                    break
                }
                for index in base.indices {
                    let value = origin[index] + (moved[index] - origin[index]) / tableBlendStep
                    // Rounding noise of the extrapolation is no motion.
                    if abs(value - base[index]) > 1e-9 * max(1, abs(base[index])) {
                        rows[index, default: [Double](repeating: 0, count: count)][row] = value - base[index]
                    }
                }
            }
            guard followed else {
                result.unfollowed.append(input.name)
                continue
            }
            for (index, list) in rows { result.holes[index, default: ProbedNumber(base: base[index])].table[input.name] = list }
            result.movers[input.name] = .table(rows: count, reference: reference)
        case .string:
            continue
        }
    }
    // Each live text cell moves its numbers as a two-number input would: its position. Every
    // number follows one cell at most (its own element's), so two documents per axis find them
    // all: one with every cell moved by 1, one with cell i moved by i + 1, whose ratio names it.
    result.texts = tokens.texts
    let cells = tokens.texts.flatMap(\.cells)
    if !cells.isEmpty {
        let resting = timeline.applyingInputs(values, blends: blends)
        let positions = cells.map { resting.node(at: $0.path)?.transform.position.value(at: 0) }
        func moved(axis: Int, by step: (Int) -> Double) -> [Double]? {
            var document = resting
            for (index, cell) in cells.enumerated() {
                guard let position = positions[index] else { continue }
                let delta = step(index)
                document.updateNode(at: cell.path) { node in
                    var track = Animated(Point(position.x + (axis == 0 ? delta : 0), position.y + (axis == 1 ? delta : 0)))
                    track.slot = node.transform.position.slot
                    node.transform.position = track
                }
            }
            let written = render(document)
            return sameStructure(skeleton, written) ? numbers(written) : nil
        }
        var columns: [Int: (cell: Int, column: [Double])] = [:]
        for axis in 0..<2 {
            guard let uniform = moved(axis: axis, by: { _ in 1 }), let ramp = moved(axis: axis, by: { Double($0 + 1) }) else { continue }
            for index in base.indices where uniform[index] != base[index] {
                let coefficient = uniform[index] - base[index]
                let cell = Int(((ramp[index] - base[index]) / coefficient).rounded()) - 1
                guard cells.indices.contains(cell), columns[index].map({ $0.cell == cell }) ?? true else { continue }
                var column = columns[index]?.column ?? [0, 0]
                column[axis] = coefficient
                columns[index] = (cell, column)
            }
        }
        for (index, found) in columns {
            result.holes[index, default: ProbedNumber(base: base[index])].affine[cells[found.cell].slot] = found.column
        }
        for (index, cell) in cells.enumerated() {
            guard let position = positions[index] else { continue }
            result.movers[cell.slot] = .affine(reference: [position.x, position.y])
        }
    }
    return result
}

/// A mix of `count` values with unequal weights adding up to 1, where no value is special.
public func tableBlend(_ count: Int) -> [Double] {
    let raw: [Double] = (0..<count).map { (index: Int) -> Double in
        let cycle = 0.618 * Double(index % 5)
        return 1 + cycle + 0.1 * Double(index)
    }
    let total = raw.reduce(0, +)
    return raw.map { $0 / total }
}

/// How far a mix is moved toward one value to measure it.
public let tableBlendStep = 0.5

/// The values an input is compared at: two inside a number's range (or past its default when it
/// has none); a colour off the edges of every channel.
public func genericProbes(_ input: MachineInput) -> [InputValue] {
    switch input.kind {
    case .number:
        guard case let .number(x0) = input.initial else { return [] }
        if let range = input.range {
            guard range.upperBound > range.lowerBound else { return [] }
            let width = range.upperBound - range.lowerBound
            return [.number(range.lowerBound + 0.382 * width), .number(range.lowerBound + 0.786 * width)]
        }
        return [.number(x0 + 1.382), .number(x0 + 2.786)]
    case .color:
        guard case let .color(c) = input.initial else { return [] }
        func off(_ value: Double) -> Double { value < 0.5 ? value + 0.21 : value - 0.21 }
        return [.color(RGBA(off(c.r), off(c.g), off(c.b), off(c.a)))]
    case .boolean, .string, .choice:
        return []
    }
}
