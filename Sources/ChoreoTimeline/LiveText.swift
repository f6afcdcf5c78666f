import Foundation

/// A live text (contract §20): a text node whose text is made of inputs at run time
/// (`text: "{count | int} likes"`).
///
/// The node is a group of *cells*, one per character position up to the longest text it can show.
/// Each cell draws a *strip*: the outline of every character the text can show, character `k` at
/// `k × pitch` below the first, so that a cell shows character `k` when its position is moved up
/// by `k × pitch` (and nothing with `characters.count`, the row past the last); the other rows are
/// then far outside the picture. A cell's position is all that changes, so every output carries a
/// live text the way it carries a bound position: the cell's position is a token (`cells[i].slot`)
/// that outputs measure as they measure an input (`probeInputs`), and the runtimes compute it
/// from the input values by `text(at:)` and `cellPositions(of:)`, which they each implement
/// alike.
public struct LiveText: Sendable, Equatable {
    /// How `{EXPR | FORMAT}` shows a number.
    public enum Format: Sendable, Equatable {
        /// Rounded half away from zero.
        case int
        /// N decimals, rounded half away from zero.
        case fixed(Int)
        /// × 100, rounded half away from zero, with `%`.
        case percent
        /// Rounded, with `,` between thousands.
        case grouped
    }

    public enum Part: Sendable, Equatable {
        case literal(String)
        /// An input's value: a number by its format, a string as it is, a choice by its label.
        case input(String, Format?)
    }

    public struct Cell: Sendable, Equatable {
        /// The token's name, `NODE.char.I`: the Lottie slot of the cell's position.
        public var slot: String
        /// The cell's scene node id.
        public var node: String
        /// The IR node (filled in by lowering).
        public var path: [Int]

        public init(slot: String, node: String, path: [Int] = []) {
            self.slot = slot
            self.node = node
            self.path = path
        }
    }

    /// The text node's id.
    public var node: String
    public var parts: [Part]
    /// The characters it can show, in strip order.
    public var characters: [Character]
    /// Each character's advance (letter spacing included).
    public var advances: [Double]
    /// `(i, j, kerning)`: added to character i's advance when character j follows it.
    public var kerning: [KerningPair]
    public var letterSpacing: Double
    /// The text box's width: the widest text it can show.
    public var boxWidth: Double
    /// `start`, `center` or `end`: where each value sits in the box.
    public var alignment: String
    /// The baseline's y in the node's coordinates.
    public var baseline: Double
    public var pitch: Double
    public var cells: [Cell]
    /// Each choice input's labels, by name.
    public var labels: [String: [String: String]]

    public struct KerningPair: Sendable, Equatable {
        public var first: Int
        public var second: Int
        public var amount: Double

        public init(first: Int, second: Int, amount: Double) {
            self.first = first
            self.second = second
            self.amount = amount
        }
    }

    public init(
        node: String, parts: [Part], characters: [Character], advances: [Double], kerning: [KerningPair], letterSpacing: Double,
        boxWidth: Double, alignment: String, baseline: Double, pitch: Double, cells: [Cell], labels: [String: [String: String]]
    ) {
        self.node = node
        self.parts = parts
        self.characters = characters
        self.advances = advances
        self.kerning = kerning
        self.letterSpacing = letterSpacing
        self.boxWidth = boxWidth
        self.alignment = alignment
        self.baseline = baseline
        self.pitch = pitch
        self.cells = cells
        self.labels = labels
    }

    /// The inputs the text reads, in the order it reads them.
    public var inputs: [String] {
        var names: [String] = []
        for case let .input(name, _) in parts where !names.contains(name) { names.append(name) }
        return names
    }

    /// The text at these input values.
    public func text(at values: [String: InputValue]) -> String {
        var result = ""
        for part in parts {
            switch part {
            case let .literal(text): result += text
            case let .input(name, format):
                switch values[name] {
                case let .number(value)?: result += LiveText.format(value, format ?? .int)
                case let .string(text)?: result += labels[name]?[text] ?? text
                case let .boolean(flag)?: result += flag ? "true" : "false"
                case .color?, nil: break
                }
            }
        }
        return result
    }

    /// `value` as `format` shows it.
    public static func format(_ value: Double, _ format: Format) -> String {
        guard value.isFinite else { return "" }
        let decimals: Int
        var scaled = abs(value)
        switch format {
        case .int, .grouped: decimals = 0
        case let .fixed(count): decimals = count
        case .percent:
            decimals = 0
            scaled *= 100
        }
        for _ in 0..<decimals { scaled *= 10 }
        // Half away from zero: the magnitude rounded half up.
        let units = (scaled + 0.5).rounded(.down)
        var digits = units < 1e18 ? String(UInt64(units)) : String(format: "%.0f", units)
        if decimals > 0 {
            while digits.count <= decimals { digits = "0" + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        if format == .grouped {
            var grouped = ""
            for (index, digit) in digits.enumerated() {
                if index > 0, (digits.count - index) % 3 == 0 { grouped += "," }
                grouped.append(digit)
            }
            digits = grouped
        }
        let sign = value < 0 && units > 0 ? "-" : ""
        return sign + digits + (format == .percent ? "%" : "")
    }

    /// Where each cell goes to show `text` (its characters outside `characters` as blanks): the
    /// pen position of its character on the baseline, moved up to its row of the strip.
    public func cellPositions(of text: String) -> [Point] {
        let rows = text.map { characters.firstIndex(of: $0) ?? characters.count }
        var pens: [Double] = []
        var pen = 0.0
        for (index, row) in rows.enumerated() where index < cells.count {
            pens.append(pen)
            guard row < advances.count else { continue }
            pen += advances[row]
            if index + 1 < rows.count, rows[index + 1] < advances.count {
                pen += kerning.first { $0.first == row && $0.second == rows[index + 1] }?.amount ?? 0
            }
        }
        let width = pens.isEmpty ? 0 : pen - letterSpacing
        let start: Double
        switch alignment {
        case "center": start = -width / 2
        case "end": start = boxWidth / 2 - width
        default: start = -boxWidth / 2
        }
        return cells.indices.map { index in
            guard index < pens.count else { return Point(0, baseline - Double(characters.count) * pitch) }
            return Point(start + pens[index], baseline - Double(rows[index]) * pitch)
        }
    }

    /// Puts every cell where the text at `values` has it.
    func apply(_ values: [String: InputValue], to timeline: inout Timeline) {
        for (cell, position) in zip(cells, cellPositions(of: text(at: values))) {
            timeline.updateNode(at: cell.path) { node in
                var track = Animated(position)
                track.slot = node.transform.position.slot
                node.transform.position = track
            }
        }
    }
}

extension LiveText {
    /// The text as the runtimes read it (`tokens.js`, the app APIs): a JavaScript object literal,
    /// with `string` escaping text for the medium it goes into and `number` writing a number.
    ///
    /// `{parts: [["l", TEXT] | ["i", INPUT, FORMAT, DECIMALS]], chars, adv, kern: [[I, J, AMOUNT]],
    /// ls, box, align, base, pitch, cells: [SLOT], labels: {INPUT: {NAME: LABEL}}}`.
    public func runtimeLiteral(string: (String) -> String, number: (Double) -> String) -> String {
        let parts = self.parts.map { part -> String in
            switch part {
            case let .literal(text): return "[\(string("l")), \(string(text))]"
            case let .input(name, format):
                let (kind, decimals): (String, Int)
                switch format {
                case .int?, nil: (kind, decimals) = ("int", 0)
                case let .fixed(count)?: (kind, decimals) = ("fixed", count)
                case .percent?: (kind, decimals) = ("percent", 0)
                case .grouped?: (kind, decimals) = ("grouped", 0)
                }
                return "[\(string("i")), \(string(name)), \(string(kind)), \(decimals)]"
            }
        }
        let kerning = self.kerning.map { "[\($0.first), \($0.second), \(number($0.amount))]" }
        let labels = self.labels.keys.sorted().map { input in
            let names = self.labels[input]!.keys.sorted().map { "\(string($0)): \(string(self.labels[input]![$0]!))" }
            return "\(string(input)): {\(names.joined(separator: ", "))}"
        }
        return "{parts: [\(parts.joined(separator: ", "))], chars: [\(characters.map { string(String($0)) }.joined(separator: ", "))], "
            + "adv: [\(advances.map(number).joined(separator: ", "))], kern: [\(kerning.joined(separator: ", "))], "
            + "ls: \(number(letterSpacing)), box: \(number(boxWidth)), align: \(string(alignment)), base: \(number(baseline)), "
            + "pitch: \(number(pitch)), cells: [\(cells.map { string($0.slot) }.joined(separator: ", "))], labels: {\(labels.joined(separator: ", "))}}"
    }
}
