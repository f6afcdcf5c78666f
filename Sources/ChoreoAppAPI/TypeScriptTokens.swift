import ChoreoJSON
import ChoreoTimeline

/// The TypeScript API's bound values (contract §20): the colour type and its reader, and
/// `NAMELottie`, a typed setter per input that computes the Lottie slots the input moves
/// (`SlotAPIModel`) and hands them to the player's own slot call, gliding where the binding says
/// `animate:`.
enum TypeScriptTokens {
    private static func string(_ text: String) -> String { TextEscaping.javaScriptString(text) }
    /// An input's name as a key of an object literal: `__proto__` computed, so it is an entry of
    /// its own and does not set the object's prototype.
    private static func key(_ name: String) -> String { name == "__proto__" ? "[\(string(name))]" : string(name) }
    private static func number(_ value: Double) -> String { formatNumber(value, decimals: 6) }

    /// `ChoreoColor` and `choreoColor(value)` (channels 0…1, or null for text that is no colour),
    /// `choreoColorHex(value)`.
    static func colorType(_ out: SourceLines, _ model: AppAPIModel) {
        out.line("/** A colour: text as a scene writes one (\"#0A84FF\", \"#0A84FF80\", \"rgb(10 132 255)\", \"rgb(10, 132, 255, 0.5)\", a CSS name), or its channels from 0 to 1. */")
        out.line("export type ChoreoColor = string | { r: number; g: number; b: number; a?: number };")
        out.line("")
        out.line("const choreoColorNames: { [name: string]: number[] } = {")
        out.indent {
            var line = ""
            for (name, color) in model.namedColors {
                let entry = "\(string(name)): [\(Int((color.r * 255).rounded())), \(Int((color.g * 255).rounded())), \(Int((color.b * 255).rounded())), \(formatNumber(color.a))], "
                if line.count + entry.count > 110 {
                    out.line(line.trimmingCharacters(in: .whitespaces))
                    line = ""
                }
                line += entry
            }
            if !line.isEmpty { out.line(line.trimmingCharacters(in: .whitespaces)) }
        }
        out.line("};")
        out.line("")
        out.line("/** A colour's channels from 0 to 1, or null when the text is no colour. */")
        out.line("export function choreoColor(value: ChoreoColor): { r: number; g: number; b: number; a: number } | null {")
        out.indent {
            out.line("if (typeof value !== \"string\") return { r: value.r, g: value.g, b: value.b, a: value.a === undefined ? 1 : value.a };")
            out.line("const text = value.trim().toLowerCase();")
            out.line("const named = choreoColorNames[text];")
            out.line("if (named) return { r: named[0] / 255, g: named[1] / 255, b: named[2] / 255, a: named[3] };")
            out.line("const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text);")
            out.line("if (hex) {")
            out.indent {
                out.line("const digits = hex[1].length <= 4 ? hex[1].split(\"\").map((d) => d + d).join(\"\") : hex[1];")
                out.line("const byte = (i: number) => parseInt(digits.substr(i * 2, 2), 16) / 255;")
                out.line("return { r: byte(0), g: byte(1), b: byte(2), a: digits.length === 8 ? byte(3) : 1 };")
            }
            out.line("}")
            out.line("const rgb = /^rgba?\\(\\s*([^,\\s/]+)[,\\s]+([^,\\s/]+)[,\\s]+([^,\\s/)]+)(?:\\s*[,/]\\s*([^)\\s]+))?\\s*\\)$/.exec(text);")
            out.line("if (!rgb) return null;")
            out.line("const channel = (part: string) => part.charAt(part.length - 1) === \"%\" ? parseFloat(part) / 100 : parseFloat(part) / 255;")
            out.line("const alpha = rgb[4] === undefined ? 1 : rgb[4].charAt(rgb[4].length - 1) === \"%\" ? parseFloat(rgb[4]) / 100 : parseFloat(rgb[4]);")
            out.line("const result = { r: channel(rgb[1]), g: channel(rgb[2]), b: channel(rgb[3]), a: alpha };")
            out.line("if (isNaN(result.r) || isNaN(result.g) || isNaN(result.b) || isNaN(result.a)) return null;")
            out.line("const clamp = (x: number) => Math.min(Math.max(x, 0), 1);")
            out.line("return { r: clamp(result.r), g: clamp(result.g), b: clamp(result.b), a: clamp(result.a) };")
        }
        out.line("}")
        out.line("")
        out.line("/** `#RRGGBB`, or `#RRGGBBAA` when not opaque (black for text that is no colour). */")
        out.line("export function choreoColorHex(value: ChoreoColor): string {")
        out.indent {
            out.line("const color = choreoColor(value) || { r: 0, g: 0, b: 0, a: 1 };")
            out.line("const byte = (x: number) => { const s = Math.round(Math.min(Math.max(x, 0), 1) * 255).toString(16).toUpperCase(); return s.length === 1 ? \"0\" + s : s; };")
            out.line("return \"#\" + byte(color.r) + byte(color.g) + byte(color.b) + (color.a < 1 ? byte(color.a) : \"\");")
        }
        out.line("}")
        out.line("")
    }

    /// `NAMELottie`, when the Lottie has bound slots.
    static func slots(_ out: SourceLines, _ model: AppAPIModel) {
        guard let slots = model.slots else { return }
        let name = model.typeName
        out.line("")
        out.line("/** The player's slot call, as far as this file calls it: text of the Lottie `slots` form, `{\"ID\": {\"p\": PROPERTY}}`. */")
        out.line("export interface LottieSlotCalls {")
        out.indent { out.line("setSlots(slotsJSON: string): unknown;") }
        out.line("}")
        out.line("")
        out.line("const \(name)SlotTemplates: { id: string; parts: string[]; holes: { b: number; d: number; lo: number | null; hi: number | null; a: { [input: string]: number[] }; t: { [input: string]: number[] } }[] }[] = [")
        out.indent {
            for slot in slots.slots {
                let holes = slot.holes.map { hole -> String in
                    let affine = hole.affine.map { "\(key($0.input)): [\($0.coefficients.map(number).joined(separator: ", "))]" }.joined(separator: ", ")
                    let table = hole.table.map { "\(key($0.input)): [\($0.rows.map(number).joined(separator: ", "))]" }.joined(separator: ", ")
                    let low = hole.range.map { number($0.lowerBound) } ?? "null", high = hole.range.map { number($0.upperBound) } ?? "null"
                    return "{ b: \(number(hole.base)), d: \(hole.decimals), lo: \(low), hi: \(high), a: { \(affine) }, t: { \(table) } }"
                }
                out.line("{ id: \(string(slot.id)), parts: [\(slot.parts.map(string).joined(separator: ", "))], holes: [\(holes.joined(separator: ", "))] },")
            }
        }
        out.line("];")
        out.line("")
        out.line("const \(name)SlotMovers: { [input: string]: { ref: number[] | null; rows: number } } = {")
        out.indent {
            for (input, mover) in slots.movers {
                switch mover {
                case let .affine(reference): out.line("\(key(input)): { ref: [\(reference.map(number).joined(separator: ", "))], rows: 0 },")
                case let .table(rows, _): out.line("\(key(input)): { ref: null, rows: \(rows) },")
                }
            }
        }
        out.line("};")
        out.line("")
        out.line("const \(name)SlotGlides: { [input: string]: { dur: number; segs: number[][] } } = {")
        out.indent {
            for (input, glide) in slots.glides { out.line("\(key(input)): \(glideLiteral(glide)),") }
        }
        out.line("};")
        out.line("")
        if !slots.texts.isEmpty { liveTexts(out, name: name, texts: slots.texts) }
        let driving = model.inputs.filter { slots.inputs.contains($0.name.name) }
        let shownByTexts = Set(slots.texts.flatMap(\.inputs))
        out.line("/**")
        out.line(" * The Lottie's bound values (its slots), set through the player's own slot call: each setter works")
        out.line(" * out every slot its input moves and hands them to `setSlots` at once; where the binding glides")
        out.line(" * (`animate:`), once per frame until it arrives. dotlottie-web: `new \(name)Lottie(player)`; ThorVG:")
        out.line(" * `{ setSlots: (json) => animation.apply_slot(animation.gen_slot(json)) }`; lottie-web reads slots when it")
        out.line(" * loads: put `JSON.parse(slotsJSON())` in the animation data's `slots` and load it again.")
        out.line(" */")
        out.line("export class \(name)Lottie {")
        out.indent {
            // Keyed by input names, so without a prototype: an input `__proto__` is an entry like any other.
            out.line("private shown: { [input: string]: number[] } = Object.create(null);")
            if !slots.texts.isEmpty { out.line("private values: { [input: string]: number | string | boolean } = Object.create(null);") }
            out.line("private gliding: { [input: string]: { from: number[]; to: number[]; begin: number } } = Object.create(null);")
            out.line("private waiting = false;")
            out.line("")
            out.line("/** `now`: seconds on any clock; `schedule`: calls back at the next frame (requestAnimationFrame by default). */")
            out.line("constructor(")
            out.indent {
                out.line("readonly player: LottieSlotCalls,")
                out.line("readonly now: () => number = () => new Date().getTime() / 1000,")
                out.line("readonly schedule: (callback: () => void) => unknown = (callback) =>")
                out.line("  typeof requestAnimationFrame === \"function\" ? requestAnimationFrame(() => callback()) : setTimeout(callback, 16),")
            }
            out.line(") {")
            out.indent {
                for input in driving where slots.movers.contains(where: { $0.input == input.name.name }) {
                    out.line("this.shown[\(string(input.name.name))] = \(parametersLiteral(input, slots: slots));")
                }
                for input in driving where shownByTexts.contains(input.name.name) {
                    out.line("this.values[\(string(input.name.name))] = \(valueLiteral(input.initial));")
                }
                if !slots.texts.isEmpty {
                    out.line("for (const cell in \(name)SlotMovers) { const ref = \(name)SlotMovers[cell].ref; if (!(cell in this.shown) && ref) this.shown[cell] = ref.slice(); }")
                }
            }
            out.line("}")
            for input in driving {
                let key = string(input.name.name)
                out.line("")
                out.line("/** Sets \(key) in the slots it moves; with `animated` false it jumps even where the binding glides. */")
                switch input.kind {
                case .number:
                    var value = "value"
                    if let range = input.range {
                        if let step = input.declared.step {
                            value = "\(number(range.lowerBound)) + Math.round((value - \(number(range.lowerBound))) / \(number(step))) * \(number(step))"
                        }
                        value = "Math.min(Math.max(\(value), \(number(range.lowerBound))), \(number(range.upperBound)))"
                    }
                    out.line("\(input.setter)(value: number, animated: boolean = true): void {")
                    out.indent {
                        out.line("if (!isFinite(value)) return;")
                        out.line("const v = \(value.replacingOccurrences(of: "value", with: "value"));")
                        out.line("this.update(\(key), v, [v], animated);")
                    }
                case .boolean:
                    out.line("\(input.setter)(value: boolean, animated: boolean = true): void {")
                    out.indent { out.line("this.update(\(key), value, value ? [0, 1] : [1, 0], animated);") }
                case .choice:
                    let names = input.declared.choiceNames
                    out.line("\(input.setter)(value: \(model.choiceTypeName(input)), animated: boolean = true): void {")
                    out.indent {
                        out.line("const row = [\(names.map(string).joined(separator: ", "))].indexOf(value);")
                        out.line("if (row >= 0) this.update(\(key), value, [\(names.indices.map { _ in "0" }.joined(separator: ", "))].map((_, i) => (i === row ? 1 : 0)), animated);")
                    }
                case .color:
                    out.line("\(input.setter)(value: ChoreoColor, animated: boolean = true): void {")
                    out.indent {
                        out.line("const color = choreoColor(value);")
                        out.line("if (color) this.update(\(key), 0, [color.r, color.g, color.b, color.a], animated);")
                    }
                case .string:
                    out.line("/** A text with another character than the input's `chars`, or longer than it may be, is refused. */")
                    out.line("\(input.setter)(value: string, animated: boolean = true): void {")
                    out.indent {
                        let chars = input.declared.characters.map { string(String($0)) } ?? "null"
                        out.line("const chars: string | null = \(chars);")
                        out.line("const characters = \(model.typeName)Characters(value);")
                        out.line("if (characters.length > \(input.declared.longestText) || (chars !== null && characters.some((c) => chars.indexOf(c) < 0))) return;")
                        out.line("this.update(\(key), value, [], animated);")
                    }
                }
                out.line("}")
            }
            out.line("")
            out.line("/** The slots `inputs` move (all by default) at the values shown now, as `setSlots` takes them. */")
            out.line("slotsJSON(inputs?: string[]): string {")
            out.indent {
                out.line("const parts: string[] = [];")
                out.line("for (const slot of \(name)SlotTemplates) {")
                out.indent {
                    out.line("if (inputs && !slot.holes.some((h) => inputs.some((input) => input in h.a || input in h.t))) continue;")
                    out.line("let text = slot.parts[0];")
                    out.line("slot.holes.forEach((hole, i) => {")
                    out.indent {
                        out.line("let value = hole.b;")
                        out.line("for (const input in hole.a) {")
                        out.indent {
                            out.line("const ref = \(name)SlotMovers[input].ref || [], shown = this.shown[input];")
                            out.line("hole.a[input].forEach((c, k) => { value += c * (shown[k] - ref[k]); });")
                        }
                        out.line("}")
                        out.line("for (const input in hole.t) {")
                        out.indent { out.line("const shown = this.shown[input];") ; out.line("hole.t[input].forEach((row, k) => { value += row * shown[k]; });") }
                        out.line("}")
                        out.line("if (hole.lo !== null && hole.hi !== null) value = Math.min(Math.max(value, hole.lo), hole.hi);")
                        out.line("const scale = Math.pow(10, hole.d), rounded = Math.round(value * scale) / scale;")
                        out.line("text += String(rounded === 0 ? 0 : rounded) + slot.parts[i + 1];")
                    }
                    out.line("});")
                    out.line("parts.push(JSON.stringify(slot.id) + \":{\\\"p\\\":\" + text + \"}\");")
                }
                out.line("}")
                out.line("return \"{\" + parts.join(\",\") + \"}\";")
            }
            out.line("}")
            out.line("")
            out.line("/** Moves the glides on to now and hands on what moved; true while one is still moving. */")
            out.line("tick(): boolean {")
            out.indent {
                out.line("const now = this.now(), moved: string[] = [];")
                out.line("let more = false;")
                out.line("for (const input in this.gliding) {")
                out.indent {
                    out.line("const glide = this.gliding[input], curve = \(name)SlotGlides[input], t = now - glide.begin;")
                    out.line("const u = \(name)Progress(curve, t);")
                    out.line("this.shown[input] = glide.from.map((v, k) => v + (glide.to[k] - v) * u);")
                    out.line("moved.push(input);")
                    out.line("if (t >= curve.dur) delete this.gliding[input]; else more = true;")
                }
                out.line("}")
                out.line("if (moved.length > 0) this.player.setSlots(this.slotsJSON(moved));")
                out.line("return more;")
            }
            out.line("}")
            out.line("")
            out.line("private update(input: string, value: number | string | boolean, to: number[], animated: boolean): void {")
            out.indent {
                if !slots.texts.isEmpty {
                    out.line("this.values[input] = value;")
                    out.line("const cells: string[] = [];")
                    out.line("for (const text of \(name)Texts) {")
                    out.indent {
                        out.line("if (!text.parts.some((part) => part[0] === \"i\" && part[1] === input)) continue;")
                        out.line("\(name)LayOut(text, this.values).forEach((position, i) => { this.shown[text.cells[i]] = position; cells.push(text.cells[i]); });")
                    }
                    out.line("}")
                    out.line("if (cells.length > 0) this.player.setSlots(this.slotsJSON(cells));")
                } else {
                    out.line("void value;")
                }
                out.line("if (input in \(name)SlotMovers) this.move(input, to, animated);")
            }
            out.line("}")
            out.line("")
            out.line("private move(input: string, to: number[], animated: boolean): void {")
            out.indent {
                out.line("const curve = \(name)SlotGlides[input];")
                out.line("if (animated && curve && curve.dur > 0) {")
                out.indent {
                    out.line("this.gliding[input] = { from: this.shown[input].slice(), to: to, begin: this.now() };")
                    out.line("if (!this.waiting) this.frame();")
                    out.line("return;")
                }
                out.line("}")
                out.line("delete this.gliding[input];")
                out.line("this.shown[input] = to;")
                out.line("this.player.setSlots(this.slotsJSON([input]));")
            }
            out.line("}")
            out.line("")
            out.line("private frame(): void {")
            out.indent {
                out.line("this.waiting = this.tick();")
                out.line("if (this.waiting) this.schedule(() => this.frame());")
            }
            out.line("}")
        }
        out.line("}")
        out.line("")
        out.line("/** A glide's progress (0 to 1, a spring may overshoot) `t` seconds after it began. */")
        out.line("function \(name)Progress(curve: { dur: number; segs: number[][] }, t: number): number {")
        out.indent {
            out.line("if (t >= curve.dur) return 1;")
            out.line("for (let i = 0; i < curve.segs.length; i++) {")
            out.indent {
                out.line("const s = curve.segs[i];")
                out.line("if (t < s[1] || i === curve.segs.length - 1) {")
                out.indent {
                    out.line("if (t < s[0]) return s[2];")
                    out.line("let x = s[1] > s[0] ? Math.min(Math.max((t - s[0]) / (s[1] - s[0]), 0), 1) : 1;")
                    out.line("if (s[8]) return s[2];")
                    out.line("let lo = 0, hi = 1, u = x;")
                    out.line("const at = (a: number, b: number, v: number) => 3 * a * v * (1 - v) * (1 - v) + 3 * b * v * v * (1 - v) + v * v * v;")
                    out.line("for (let k = 0; k < 40; k++) { if (at(s[4], s[6], u) < x) lo = u; else hi = u; u = (lo + hi) / 2; }")
                    out.line("x = at(s[5], s[7], u);")
                    out.line("return s[2] + (s[3] - s[2]) * x;")
                }
                out.line("}")
            }
            out.line("}")
            out.line("return 1;")
        }
        out.line("}")
    }

    /// An input's value as TypeScript writes it.
    static func valueLiteral(_ value: InputValue) -> String {
        switch value {
        case let .number(x): number(x)
        case let .boolean(flag): flag ? "true" : "false"
        case let .string(text): string(text)
        case .color: "0"
        }
    }

    /// `NAMETexts` and the functions that lay them out (as the interactive SVG's runtime does).
    static func liveTexts(_ out: SourceLines, name: String, texts: [LiveText]) {
        out.line("interface \(name)LiveText { parts: (string | number)[][]; chars: string[]; adv: number[]; kern: number[][]; ls: number; box: number; align: string; base: number; pitch: number; cells: string[]; labels: { [input: string]: { [name: string]: string } } }")
        out.line("")
        out.line("const \(name)Texts: \(name)LiveText[] = [")
        out.indent {
            for text in texts { out.line(text.runtimeLiteral(string: string, number: number) + ",") }
        }
        out.line("];")
        out.line("")
        out.line("/** A text's characters (code points), as the compiler counts them for Latin and most scripts. */")
        out.line("function \(name)Characters(text: string): string[] {")
        out.indent {
            out.line("const result: string[] = [];")
            out.line("for (let i = 0; i < text.length; i++) {")
            out.indent {
                out.line("const unit = text.charCodeAt(i);")
                out.line("if (unit >= 0xd800 && unit < 0xdc00 && i + 1 < text.length) { result.push(text.substr(i, 2)); i++; } else result.push(text.charAt(i));")
            }
            out.line("}")
            out.line("return result;")
        }
        out.line("}")
        out.line("")
        out.line("/** A number as a live text's format shows it (rounded half away from zero). */")
        out.line("function \(name)Format(value: number, kind: string | number, decimals: string | number): string {")
        out.indent {
            out.line("if (!isFinite(value)) return \"\";")
            out.line("let scaled = Math.abs(value);")
            out.line("const places = kind === \"fixed\" ? Number(decimals) : 0;")
            out.line("if (kind === \"percent\") scaled *= 100;")
            out.line("for (let i = 0; i < places; i++) scaled *= 10;")
            out.line("const units = Math.floor(scaled + 0.5);")
            out.line("let digits = units.toFixed(0);")
            out.line("if (places > 0) {")
            out.indent {
                out.line("while (digits.length <= places) digits = \"0\" + digits;")
                out.line("digits = digits.slice(0, digits.length - places) + \".\" + digits.slice(digits.length - places);")
            }
            out.line("}")
            out.line("if (kind === \"grouped\") digits = digits.replace(/\\B(?=(\\d{3})+$)/g, \",\");")
            out.line("return (value < 0 && units > 0 ? \"-\" : \"\") + digits + (kind === \"percent\" ? \"%\" : \"\");")
        }
        out.line("}")
        out.line("")
        out.line("/** Where each cell of `text` goes to show the text at `values`. */")
        out.line("function \(name)LayOut(text: \(name)LiveText, values: { [input: string]: number | string | boolean }): number[][] {")
        out.indent {
            out.line("const shown = text.parts.map((part) => {")
            out.indent {
                out.line("if (part[0] === \"l\") return String(part[1]);")
                out.line("const value = values[String(part[1])], labels = text.labels[String(part[1])];")
                out.line("if (typeof value === \"number\") return \(name)Format(value, part[2], part[3]);")
                out.line("if (typeof value === \"boolean\") return value ? \"true\" : \"false\";")
                out.line("return labels && labels[value] !== undefined ? labels[value] : value;")
            }
            out.line("}).join(\"\");")
            out.line("const rows = \(name)Characters(shown).map((c) => { const k = text.chars.indexOf(c); return k < 0 ? text.chars.length : k; });")
            out.line("const pens: number[] = [];")
            out.line("let pen = 0;")
            out.line("for (let i = 0; i < rows.length && i < text.cells.length; i++) {")
            out.indent {
                out.line("pens.push(pen);")
                out.line("if (rows[i] >= text.adv.length) continue;")
                out.line("pen += text.adv[rows[i]];")
                out.line("if (i + 1 < rows.length && rows[i + 1] < text.adv.length) {")
                out.indent {
                    out.line("for (let k = 0; k < text.kern.length; k++) {")
                    out.indent { out.line("if (text.kern[k][0] === rows[i] && text.kern[k][1] === rows[i + 1]) { pen += text.kern[k][2]; break; }") }
                    out.line("}")
                }
                out.line("}")
            }
            out.line("}")
            out.line("const width = pens.length > 0 ? pen - text.ls : 0;")
            out.line("const start = text.align === \"center\" ? -width / 2 : text.align === \"end\" ? text.box / 2 - width : -text.box / 2;")
            out.line("return text.cells.map((_, i) => (i < pens.length ? [start + pens[i], text.base - rows[i] * text.pitch] : [0, text.base - text.chars.length * text.pitch]));")
        }
        out.line("}")
        out.line("")
    }

    /// The input's default as the numbers the slots read: a number's value, a colour's channels,
    /// a choice's or boolean's weight per value.
    static func parametersLiteral(_ input: AppAPIModel.Input, slots: SlotAPIModel) -> String {
        switch input.initial {
        case let .number(value): return "[\(number(value))]"
        case let .color(color): return "[\(number(color.r)), \(number(color.g)), \(number(color.b)), \(number(color.a))]"
        case .boolean, .string:
            let row = input.declared.tableRow(of: input.initial) ?? 0
            return "[\(input.declared.tableValues.indices.map { $0 == row ? "1" : "0" }.joined(separator: ", "))]"
        }
    }

    /// `{dur, segs: [[start, end, from, to, x1, y1, x2, y2, hold]…]}`.
    static func glideLiteral(_ glide: Glide) -> String {
        let segments = glide.progress.segments.map { segment -> String in
            let easing: String
            switch segment.easing {
            case .linear: easing = "0, 0, 1, 1, 0"
            case let .cubic(x1, y1, x2, y2): easing = "\(number(x1)), \(number(y1)), \(number(x2)), \(number(y2)), 0"
            case .hold: easing = "0, 0, 1, 1, 1"
            }
            return "[\(number(segment.start)), \(number(segment.end)), \(number(segment.from)), \(number(segment.to)), \(easing)]"
        }
        return "{ dur: \(number(glide.duration)), segs: [\(segments.joined(separator: ", "))] }"
    }
}
