import ChoreoJSON
import ChoreoTimeline

/// The Swift API's bound values (contract §20): an enum per choice input, `Color`, and
/// `LottieSlots`, a typed setter per input that computes the Lottie slots the input moves
/// (`SlotAPIModel`) and hands them to the player's own slot call (dotlottie-ios' `setSlots`, a
/// ThorVG `gen_slot`/`apply_slot`), gliding where the binding says `animate:` as the app's display
/// link calls `tick()`.
enum SwiftTokens {
    private static func string(_ text: String) -> String { TextEscaping.swiftString(text) }
    private static func number(_ value: Double) -> String { formatNumber(value, decimals: 6) }

    /// The type names the namespace declares itself, which a choice's enum must not take.
    static let declaredTypes: Set<String> = ["State", "Transition", "Event", "Input", "Marker", "Inputs", "LottieSlots", "Color"]

    /// The enum of a choice input's values: the input's identifier in UpperCamelCase, or with
    /// `Choice` after it where that is a type the namespace has, or one the file uses from the
    /// language (an input `string` made an `enum String: String` that named itself).
    static func choiceType(_ input: AppAPIModel.Input) -> String {
        let upper = input.name.identifier.prefix(1).uppercased() + input.name.identifier.dropFirst()
        return declaredTypes.contains(upper) || APINames.typeNamesInUse.contains(upper) ? upper + "Choice" : upper
    }

    static func choiceEnums(_ out: SourceLines, _ model: AppAPIModel) {
        for input in model.inputs where input.kind == .choice {
            out.line("/// The choices of \(string(input.name.name)).")
            out.line("public enum \(choiceType(input)): String, CaseIterable, Sendable {")
            out.indent {
                var names = APINames(reserved: AppAPIModel.reserved)
                let identifiers = names.identifiers(for: input.declared.choiceNames, group: "choices")
                for (identifier, choice) in zip(identifiers, input.declared.choices) {
                    out.line("case \(identifier) = \(string(choice.name))")
                }
                out.line("")
                out.line("/// The text a live text shows for it.")
                out.line("public var label: String {")
                out.indent {
                    out.line("switch self {")
                    for (identifier, choice) in zip(identifiers, input.declared.choices) { out.line("case .\(identifier): return \(string(choice.label))") }
                    out.line("}")
                }
                out.line("}")
            }
            out.line("}")
            out.line("")
        }
    }

    /// `Color`: channels from 0 to 1, read from text as a scene writes a colour.
    static func colorType(_ out: SourceLines, _ model: AppAPIModel) {
        guard model.hasColorInput else { return }
        out.line("/// A colour: channels from 0 to 1; `Color(\"#0A84FF\")`, `Color(\"rgb(10 132 255 / 0.5)\")` or a CSS name reads")
        out.line("/// text as a scene writes a colour (nil for text that is none).")
        out.line("public struct Color: Equatable, Sendable {")
        out.indent {
            out.line("public var r: Double, g: Double, b: Double, a: Double")
            out.line("")
            out.line("public init(r: Double, g: Double, b: Double, a: Double = 1) {")
            out.indent { out.line("self.r = r; self.g = g; self.b = b; self.a = a") }
            out.line("}")
            out.line("")
            out.line("public init?(_ text: String) {")
            out.indent {
                out.line("var trimmed = Substring(text.lowercased())")
                out.line("while trimmed.first == \" \" { trimmed = trimmed.dropFirst() }")
                out.line("while trimmed.last == \" \" { trimmed = trimmed.dropLast() }")
                out.line("let lower = String(trimmed)")
                out.line("if let bytes = Color.names[lower] {")
                out.indent { out.line("self.init(r: bytes.0 / 255, g: bytes.1 / 255, b: bytes.2 / 255, a: bytes.3)"); out.line("return") }
                out.line("}")
                out.line("if lower.hasPrefix(\"#\") {")
                out.indent {
                    out.line("var digits = Array(lower.dropFirst())")
                    out.line("if digits.count == 3 || digits.count == 4 { digits = digits.flatMap { [$0, $0] } }")
                    out.line("guard digits.count == 6 || digits.count == 8 else { return nil }")
                    out.line("var bytes: [Double] = []")
                    out.line("var index = 0")
                    out.line("while index < digits.count {")
                    out.indent {
                        out.line("guard let byte = Int(String(digits[index..<(index + 2)]), radix: 16) else { return nil }")
                        out.line("bytes.append(Double(byte) / 255)")
                        out.line("index += 2")
                    }
                    out.line("}")
                    out.line("self.init(r: bytes[0], g: bytes[1], b: bytes[2], a: bytes.count == 4 ? bytes[3] : 1)")
                    out.line("return")
                }
                out.line("}")
                out.line("guard lower.hasPrefix(\"rgb\"), let open = lower.firstIndex(of: \"(\"), lower.hasSuffix(\")\") else { return nil }")
                out.line("let inside = lower[lower.index(after: open)..<lower.index(before: lower.endIndex)]")
                out.line("let fields = inside.split(whereSeparator: { $0 == \",\" || $0 == \" \" || $0 == \"/\" }).map(String.init)")
                out.line("guard fields.count == 3 || fields.count == 4 else { return nil }")
                out.line("func value(_ field: String, scale: Double) -> Double? {")
                out.indent {
                    out.line("if field.hasSuffix(\"%\") { return Double(field.dropLast()).map { $0 / 100 } }")
                    out.line("return Double(field).map { $0 / scale }")
                }
                out.line("}")
                out.line("guard let r = value(fields[0], scale: 255), let g = value(fields[1], scale: 255), let b = value(fields[2], scale: 255),")
                out.line("    let a = fields.count == 4 ? value(fields[3], scale: 1) : 1 else { return nil }")
                out.line("func clamp(_ x: Double) -> Double { min(max(x, 0), 1) }")
                out.line("self.init(r: clamp(r), g: clamp(g), b: clamp(b), a: clamp(a))")
            }
            out.line("}")
            out.line("")
            out.line("/// `#RRGGBB`, or `#RRGGBBAA` when not opaque.")
            out.line("public var hex: String {")
            out.indent {
                out.line("func byte(_ x: Double) -> String {")
                out.indent {
                    out.line("let digits = String(Int((min(max(x, 0), 1) * 255).rounded()), radix: 16, uppercase: true)")
                    out.line("return digits.count == 1 ? \"0\" + digits : digits")
                }
                out.line("}")
                out.line("return \"#\" + byte(r) + byte(g) + byte(b) + (a < 1 ? byte(a) : \"\")")
            }
            out.line("}")
            out.line("")
            out.line("static let names: [String: (Double, Double, Double, Double)] = [")
            out.indent {
                for (name, color) in model.namedColors {
                    out.line("\(string(name)): (\(Int((color.r * 255).rounded())), \(Int((color.g * 255).rounded())), \(Int((color.b * 255).rounded())), \(formatNumber(color.a))),")
                }
            }
            out.line("]")
        }
        out.line("}")
        out.line("")
    }

    /// `LottieSlots`, when the Lottie has bound slots.
    static func slots(_ out: SourceLines, _ model: AppAPIModel) {
        guard let slots = model.slots else { return }
        let shownByTexts = Set(slots.texts.flatMap(\.inputs))
        let driving = model.inputs.filter { slots.inputs.contains($0.name.name) && ($0.kind != .string || shownByTexts.contains($0.name.name)) }
        let moving = Set(slots.movers.map(\.input))
        out.line("")
        out.line("/// The Lottie's bound values (its slots), set through the player's own slot call: each setter works")
        out.line("/// out every slot its input moves and hands them to `setSlots` as text of the Lottie `slots` form")
        out.line("/// (`{\"ID\": {\"p\": PROPERTY}}`; dotlottie-ios: `animation.setSlots(json)`). Where the binding glides")
        out.line("/// (`animate:`), the value moves as `tick()` is called, once a frame (a display link) while it")
        out.line("/// returns true; `now` is seconds on any steady clock.")
        out.line("public final class LottieSlots {")
        out.indent {
            out.line("struct Hole: Sendable { let b: Double; let d: Int; let lo: Double?; let hi: Double?; let a: [(String, [Double])]; let t: [(String, [Double])] }")
            out.line("struct Template: Sendable { let id: String; let parts: [String]; let holes: [Hole] }")
            out.line("struct Glide: Sendable { let duration: Double; let segments: [[Double]] }")
            out.line("enum LiveValue: Sendable { case number(Double), text(String), flag(Bool) }")
            if !slots.texts.isEmpty { liveTextTypes(out, texts: slots.texts) }
            out.line("")
            out.line("static let templates: [Template] = [")
            out.indent {
                for slot in slots.slots {
                    let holes = slot.holes.map { hole -> String in
                        let affine = hole.affine.map { "(\(string($0.input)), [\($0.coefficients.map(number).joined(separator: ", "))])" }.joined(separator: ", ")
                        let table = hole.table.map { "(\(string($0.input)), [\($0.rows.map(number).joined(separator: ", "))])" }.joined(separator: ", ")
                        let low = hole.range.map { number($0.lowerBound) } ?? "nil", high = hole.range.map { number($0.upperBound) } ?? "nil"
                        return "Hole(b: \(number(hole.base)), d: \(hole.decimals), lo: \(low), hi: \(high), a: [\(affine)], t: [\(table)])"
                    }
                    out.line("Template(id: \(string(slot.id)), parts: [\(slot.parts.map(string).joined(separator: ", "))], holes: [\(holes.joined(separator: ", "))]),")
                }
            }
            out.line("]")
            out.line("static let references: [String: [Double]] = [")
            out.indent {
                for (input, mover) in slots.movers {
                    if case let .affine(reference) = mover { out.line("\(string(input)): [\(reference.map(number).joined(separator: ", "))],") }
                }
                if !slots.movers.contains(where: { if case .affine = $0.mover { true } else { false } }) { out.line(":") }
            }
            out.line("]")
            out.line("static let glides: [String: Glide] = [")
            out.indent {
                for (input, glide) in slots.glides {
                    let segments = glide.progress.segments.map { segment -> String in
                        let easing: String
                        switch segment.easing {
                        case .linear: easing = "0, 0, 1, 1, 0"
                        case let .cubic(x1, y1, x2, y2): easing = "\(number(x1)), \(number(y1)), \(number(x2)), \(number(y2)), 0"
                        case .hold: easing = "0, 0, 1, 1, 1"
                        }
                        return "[\(number(segment.start)), \(number(segment.end)), \(number(segment.from)), \(number(segment.to)), \(easing)]"
                    }
                    out.line("\(string(input)): Glide(duration: \(number(glide.duration)), segments: [\(segments.joined(separator: ", "))]),")
                }
                if slots.glides.isEmpty { out.line(":") }
            }
            out.line("]")
            out.line("")
            out.line("public let setSlots: (String) -> Void")
            out.line("public let now: () -> Double")
            out.line("private var shown: [String: [Double]] = [:]")
            out.line("private var gliding: [String: (from: [Double], to: [Double], begin: Double)] = [:]")
            if !slots.texts.isEmpty { out.line("private var values: [String: LiveValue] = [:]") }
            out.line("")
            out.line("public init(setSlots: @escaping (String) -> Void, now: @escaping () -> Double) {")
            out.indent {
                out.line("self.setSlots = setSlots")
                out.line("self.now = now")
                for input in driving where moving.contains(input.name.name) {
                    out.line("shown[\(string(input.name.name))] = \(TypeScriptTokens.parametersLiteral(input, slots: slots))")
                }
                for input in driving where shownByTexts.contains(input.name.name) {
                    let value: String
                    switch input.initial {
                    case let .number(x): value = ".number(\(number(x)))"
                    case let .boolean(flag): value = ".flag(\(flag))"
                    case let .string(text): value = ".text(\(string(text)))"
                    case .color: continue
                    }
                    out.line("values[\(string(input.name.name))] = \(value)")
                }
            }
            out.line("}")
            for input in driving {
                let key = string(input.name.name)
                out.line("")
                out.line("/// Sets \(key) in the slots it moves; with `animated` false it jumps even where the binding glides.")
                switch input.kind {
                case .number:
                    out.line("public func \(input.setter)(_ value: Double, animated: Bool = true) {")
                    out.indent {
                        out.line("guard value.isFinite else { return }")
                        var value = "value"
                        if let range = input.range {
                            if let step = input.declared.step {
                                value = "\(number(range.lowerBound)) + ((value - \(number(range.lowerBound))) / \(number(step))).rounded() * \(number(step))"
                            }
                            value = "min(max(\(value), \(number(range.lowerBound))), \(number(range.upperBound)))"
                        }
                        out.line("let v = \(value)")
                        out.line("update(\(key), .number(v), to: [v], animated: animated)")
                    }
                case .boolean:
                    out.line("public func \(input.setter)(_ value: Bool, animated: Bool = true) {")
                    out.indent { out.line("update(\(key), .flag(value), to: value ? [0, 1] : [1, 0], animated: animated)") }
                case .choice:
                    out.line("public func \(input.setter)(_ value: \(choiceType(input)), animated: Bool = true) {")
                    out.indent {
                        out.line("let row = \(choiceType(input)).allCases.firstIndex(of: value) ?? 0")
                        out.line("update(\(key), .text(value.rawValue), to: \(choiceType(input)).allCases.indices.map { $0 == row ? 1 : 0 }, animated: animated)")
                    }
                case .color:
                    out.line("public func \(input.setter)(_ value: Color, animated: Bool = true) {")
                    out.indent { out.line("update(\(key), nil, to: [value.r, value.g, value.b, value.a].map { min(max($0, 0), 1) }, animated: animated)") }
                case .string:
                    out.line("/// A text with another character than the input's `chars`, or longer than it may be, is refused.")
                    out.line("public func \(input.setter)(_ value: String, animated: Bool = true) {")
                    out.indent {
                        let chars = input.declared.characters.map { string(String($0)) } ?? "nil"
                        out.line("let chars: String? = \(chars)")
                        out.line("guard value.count <= \(input.declared.longestText), chars.map({ allowed in value.allSatisfy { allowed.contains($0) } }) ?? true else { return }")
                        out.line("update(\(key), .text(value), to: [], animated: animated)")
                    }
                }
                out.line("}")
            }
            out.line("")
            out.line("/// The slots `inputs` move (all when nil) at the values shown now, as `setSlots` takes them.")
            out.line("public func slotsJSON(_ inputs: [String]? = nil) -> String {")
            out.indent {
                out.line("var entries: [String] = []")
                out.line("for template in LottieSlots.templates {")
                out.indent {
                    out.line("if let inputs = inputs, !template.holes.contains(where: { hole in inputs.contains { name in hole.a.contains { $0.0 == name } || hole.t.contains { $0.0 == name } } }) { continue }")
                    out.line("var text = template.parts[0]")
                    out.line("for (index, hole) in template.holes.enumerated() {")
                    out.indent {
                        out.line("var value = hole.b")
                        out.line("for (input, coefficients) in hole.a {")
                        out.indent {
                            out.line("let reference = LottieSlots.references[input] ?? [], current = shown[input] ?? []")
                            out.line("for (k, coefficient) in coefficients.enumerated() where k < reference.count && k < current.count { value += coefficient * (current[k] - reference[k]) }")
                        }
                        out.line("}")
                        out.line("for (input, rows) in hole.t {")
                        out.indent {
                            out.line("let weights = shown[input] ?? []")
                            out.line("for (k, row) in rows.enumerated() where k < weights.count { value += row * weights[k] }")
                        }
                        out.line("}")
                        out.line("if let low = hole.lo, let high = hole.hi { value = min(max(value, low), high) }")
                        out.line("text += LottieSlots.format(value, decimals: hole.d) + template.parts[index + 1]")
                    }
                    out.line("}")
                    out.line("entries.append(\"\\\"\" + template.id + \"\\\":{\\\"p\\\":\" + text + \"}\")")
                }
                out.line("}")
                out.line("return \"{\" + entries.joined(separator: \",\") + \"}\"")
            }
            out.line("}")
            out.line("")
            out.line("/// Moves the glides on to now and hands on what moved; true while one is still moving.")
            out.line("@discardableResult")
            out.line("public func tick() -> Bool {")
            out.indent {
                out.line("let time = now()")
                out.line("var moved: [String] = []")
                out.line("var more = false")
                out.line("for (input, glide) in gliding {")
                out.indent {
                    out.line("guard let curve = LottieSlots.glides[input] else { continue }")
                    out.line("let u = LottieSlots.progress(curve, time - glide.begin)")
                    out.line("shown[input] = zip(glide.from, glide.to).map { $0 + ($1 - $0) * u }")
                    out.line("moved.append(input)")
                    out.line("if time - glide.begin >= curve.duration { gliding[input] = nil } else { more = true }")
                }
                out.line("}")
                out.line("if !moved.isEmpty { setSlots(slotsJSON(moved)) }")
                out.line("return more")
            }
            out.line("}")
            out.line("")
            out.line("private func update(_ input: String, _ value: LiveValue?, to target: [Double], animated: Bool) {")
            out.indent {
                if !slots.texts.isEmpty {
                    out.line("if let value { values[input] = value }")
                    out.line("var cells: [String] = []")
                    out.line("for text in LottieSlots.texts where text.parts.contains(where: { $0[0] == \"i\" && $0[1] == input }) {")
                    out.indent {
                        out.line("for (index, position) in text.layOut(values).enumerated() {")
                        out.indent { out.line("shown[text.cells[index]] = position") ; out.line("cells.append(text.cells[index])") }
                        out.line("}")
                    }
                    out.line("}")
                    out.line("if !cells.isEmpty { setSlots(slotsJSON(cells)) }")
                } else {
                    out.line("_ = value")
                }
                out.line("if LottieSlots.references[input] != nil || LottieSlots.templates.contains(where: { $0.holes.contains { $0.t.contains { $0.0 == input } } }) {")
                out.indent { out.line("move(input, to: target, animated: animated)") }
                out.line("}")
            }
            out.line("}")
            out.line("")
            out.line("private func move(_ input: String, to target: [Double], animated: Bool) {")
            out.indent {
                out.line("if animated, let curve = LottieSlots.glides[input], curve.duration > 0 {")
                out.indent {
                    out.line("gliding[input] = (from: shown[input] ?? target, to: target, begin: now())")
                    out.line("return")
                }
                out.line("}")
                out.line("gliding[input] = nil")
                out.line("shown[input] = target")
                out.line("setSlots(slotsJSON([input]))")
            }
            out.line("}")
            out.line("")
            out.line("/// A number of a slot as JSON writes it: `decimals` digits at most, no `-0`.")
            out.line("static func format(_ value: Double, decimals: Int) -> String {")
            out.indent {
                out.line("var scale = 1.0")
                out.line("for _ in 0..<decimals { scale *= 10 }")
                out.line("let rounded = (value * scale).rounded() / scale")
                out.line("if rounded == 0 || !rounded.isFinite { return \"0\" }")
                out.line("if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }")
                out.line("return String(rounded)")
            }
            out.line("}")
            out.line("")
            out.line("/// A glide's progress (0 to 1, a spring may overshoot) `t` seconds after it began.")
            out.line("static func progress(_ curve: Glide, _ t: Double) -> Double {")
            out.indent {
                out.line("if t >= curve.duration { return 1 }")
                out.line("for (index, s) in curve.segments.enumerated() where t < s[1] || index == curve.segments.count - 1 {")
                out.indent {
                    out.line("if t < s[0] || s[8] != 0 { return s[2] }")
                    out.line("let x = s[1] > s[0] ? min(max((t - s[0]) / (s[1] - s[0]), 0), 1) : 1")
                    out.line("func at(_ a: Double, _ b: Double, _ v: Double) -> Double { 3 * a * v * (1 - v) * (1 - v) + 3 * b * v * v * (1 - v) + v * v * v }")
                    out.line("var low = 0.0, high = 1.0, u = x")
                    out.line("for _ in 0..<40 {")
                    out.indent {
                        out.line("if at(s[4], s[6], u) < x { low = u } else { high = u }")
                        out.line("u = (low + high) / 2")
                    }
                    out.line("}")
                    out.line("return s[2] + (s[3] - s[2]) * at(s[5], s[7], u)")
                }
                out.line("}")
                out.line("return 1")
            }
            out.line("}")
        }
        out.line("}")
    }

    /// `LiveText` (its layout, as the interactive SVG's runtime does it) and `texts`.
    static func liveTextTypes(_ out: SourceLines, texts: [LiveText]) {
        out.line("struct LiveText: Sendable {")
        out.indent {
            out.line("let parts: [[String]]; let chars: [Character]; let adv: [Double]; let kern: [(Int, Int, Double)]; let ls: Double")
            out.line("let box: Double; let align: String; let base: Double; let pitch: Double; let cells: [String]; let labels: [String: [String: String]]")
            out.line("")
            out.line("/// Where each cell goes to show the text at `values`.")
            out.line("func layOut(_ values: [String: LiveValue]) -> [[Double]] {")
            out.indent {
                out.line("var shown = \"\"")
                out.line("for part in parts {")
                out.indent {
                    out.line("if part[0] == \"l\" { shown += part[1]; continue }")
                    out.line("switch values[part[1]] {")
                    out.line("case let .number(value)?: shown += LiveText.format(value, kind: part[2], decimals: Int(part[3]) ?? 0)")
                    out.line("case let .text(text)?: shown += labels[part[1]]?[text] ?? text")
                    out.line("case let .flag(flag)?: shown += flag ? \"true\" : \"false\"")
                    out.line("case nil: break")
                    out.line("}")
                }
                out.line("}")
                out.line("let rows = shown.map { chars.firstIndex(of: $0) ?? chars.count }")
                out.line("var pens: [Double] = []")
                out.line("var pen = 0.0")
                out.line("for (index, row) in rows.enumerated() where index < cells.count {")
                out.indent {
                    out.line("pens.append(pen)")
                    out.line("guard row < adv.count else { continue }")
                    out.line("pen += adv[row]")
                    out.line("if index + 1 < rows.count, rows[index + 1] < adv.count { pen += kern.first { $0.0 == row && $0.1 == rows[index + 1] }?.2 ?? 0 }")
                }
                out.line("}")
                out.line("let width = pens.isEmpty ? 0 : pen - ls")
                out.line("let start = align == \"center\" ? -width / 2 : align == \"end\" ? box / 2 - width : -box / 2")
                out.line("return cells.indices.map { index in")
                out.indent {
                    out.line("index < pens.count ? [start + pens[index], base - Double(rows[index]) * pitch] : [0, base - Double(chars.count) * pitch]")
                }
                out.line("}")
            }
            out.line("}")
            out.line("")
            out.line("/// A number as a live text's format shows it (rounded half away from zero).")
            out.line("static func format(_ value: Double, kind: String, decimals: Int) -> String {")
            out.indent {
                out.line("guard value.isFinite else { return \"\" }")
                out.line("var scaled = abs(value)")
                out.line("let places = kind == \"fixed\" ? decimals : 0")
                out.line("if kind == \"percent\" { scaled *= 100 }")
                out.line("for _ in 0..<places { scaled *= 10 }")
                out.line("let units = (scaled + 0.5).rounded(.down)")
                out.line("var digits = units < 1e18 ? String(UInt64(units)) : String(units)")
                out.line("if places > 0 {")
                out.indent {
                    out.line("while digits.count <= places { digits = \"0\" + digits }")
                    out.line("digits.insert(\".\", at: digits.index(digits.endIndex, offsetBy: -places))")
                }
                out.line("}")
                out.line("if kind == \"grouped\" {")
                out.indent {
                    out.line("var grouped = \"\"")
                    out.line("for (index, digit) in digits.enumerated() {")
                    out.indent { out.line("if index > 0, (digits.count - index) % 3 == 0 { grouped += \",\" }") ; out.line("grouped.append(digit)") }
                    out.line("}")
                    out.line("digits = grouped")
                }
                out.line("}")
                out.line("return (value < 0 && units > 0 ? \"-\" : \"\") + digits + (kind == \"percent\" ? \"%\" : \"\")")
            }
            out.line("}")
        }
        out.line("}")
        out.line("")
        out.line("static let texts: [LiveText] = [")
        out.indent {
            for text in texts {
                let parts = text.parts.map { part -> String in
                    switch part {
                    case let .literal(literal): return "[\"l\", \(string(literal))]"
                    case let .input(name, format):
                        let (kind, decimals): (String, Int)
                        switch format {
                        case .int?, nil: (kind, decimals) = ("int", 0)
                        case let .fixed(count)?: (kind, decimals) = ("fixed", count)
                        case .percent?: (kind, decimals) = ("percent", 0)
                        case .grouped?: (kind, decimals) = ("grouped", 0)
                        }
                        return "[\"i\", \(string(name)), \"\(kind)\", \"\(decimals)\"]"
                    }
                }
                let kerning = text.kerning.map { "(\($0.first), \($0.second), \(number($0.amount)))" }
                let labels = text.labels.keys.sorted().map { input in
                    "\(string(input)): [" + text.labels[input]!.keys.sorted().map { "\(string($0)): \(string(text.labels[input]![$0]!))" }.joined(separator: ", ") + "]"
                }
                out.line("LiveText(")
                out.indent {
                    out.line("parts: [\(parts.joined(separator: ", "))],")
                    out.line("chars: [\(text.characters.map { string(String($0)) }.joined(separator: ", "))],")
                    out.line("adv: [\(text.advances.map(number).joined(separator: ", "))], kern: [\(kerning.joined(separator: ", "))], ls: \(number(text.letterSpacing)),")
                    out.line("box: \(number(text.boxWidth)), align: \(string(text.alignment)), base: \(number(text.baseline)), pitch: \(number(text.pitch)),")
                    out.line("cells: [\(text.cells.map { string($0.slot) }.joined(separator: ", "))], labels: [\(labels.isEmpty ? ":" : labels.joined(separator: ", "))]),")
                }
            }
        }
        out.line("]")
        out.line("")
    }
}
