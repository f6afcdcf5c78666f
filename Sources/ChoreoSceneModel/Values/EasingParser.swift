import ChoreoDiagnostics
import ChoreoTimeline

/// Parses an easing written as a string: `linear`, `ease`, `ease-in`, `ease-out`,
/// `ease-in-out`, `hold`, `smooth`, `snappy`, `bouncy`, `cubic-bezier(x1, y1, x2, y2)`,
/// `steps(n)`, CSS's `linear(…)`. Rule: `unknown-easing` (with a did-you-mean help, and
/// Material 3's easing tokens as their curves) or `invalid-easing`.
public func parseEasingName(_ text: String) -> Result<EasingSpec, ValueError> {
    let scalars = Array(text.unicodeScalars)
    var start = 0, end = scalars.count
    while start < end, isSpace(scalars[start]) { start += 1 }
    while end > start, isSpace(scalars[end - 1]) { end -= 1 }
    let word = String(String.UnicodeScalarView(scalars[start..<end]))
    if let easing = namedEasings.first(where: { $0.name == word })?.easing {
        return .success(easing)
    }
    if let open = scalars[start..<end].firstIndex(of: "(") {
        var nameEnd = open
        while nameEnd > start, isSpace(scalars[nameEnd - 1]) { nameEnd -= 1 }
        let name = String(String.UnicodeScalarView(scalars[start..<nameEnd]))
        if name == "cubic-bezier" || name == "steps" {
            return parseEasingFunction(name, scalars: scalars, open: open, end: end)
        }
        if name == "linear" { return parseLinearFunction(scalars: scalars, open: open, end: end) }
        return .failure(
            ValueError(
                rule: .unknownEasing, "unknown easing function '\(name)'", offset: start,
                length: max(1, nameEnd - start),
                help: closestMatch(to: name, in: ["cubic-bezier", "steps", "linear"]).map { "did you mean '\($0)(…)'?" }
                    ?? "easing functions are 'cubic-bezier(x1, y1, x2, y2)', 'steps(n)' and 'linear(…)'"))
    }
    if let token = Material3Easing(word) {
        var problem = ValueError(
            rule: .unknownEasing, "unknown easing '\(word)'", offset: start, length: max(1, end - start), help: token.help)
        problem.suggestions = [token.curve]
        return .failure(problem)
    }
    if let family = EasingFamily(word) {
        var problem = ValueError(
            rule: .unknownEasing, "unknown easing '\(word)'", offset: start, length: max(1, end - start), help: family.help)
        problem.suggestions = family.suggestions
        return .failure(problem)
    }
    return .failure(
        ValueError(
            rule: .unknownEasing, word.isEmpty ? "expected an easing" : "unknown easing '\(word)'", offset: start,
            length: max(1, end - start), help: easingHelp(for: word), replacement: easingReplacement(for: word)))
}

/// A Material 3 easing token (`emphasized-decelerate`, `md.sys.motion.easing.standard`, Compose's
/// `EmphasizedDecelerateEasing`, and the legacy `FastOutSlowInEasing` family): offered as the
/// cubic-bezier the tokens define (material-foundation/material-tokens), a suggestion since the
/// name stays Material's. `emphasized` is a two-part path in Material 3; its one-curve form is the
/// one the web tokens use.
struct Material3Easing {
    static let curves: [(token: String, curve: String)] = [
        ("emphasized", "cubic-bezier(0.2, 0, 0, 1)"),
        ("emphasized-decelerate", "cubic-bezier(0.05, 0.7, 0.1, 1)"),
        ("emphasized-accelerate", "cubic-bezier(0.3, 0, 0.8, 0.15)"),
        ("standard", "cubic-bezier(0.2, 0, 0, 1)"),
        ("standard-decelerate", "cubic-bezier(0, 0, 0, 1)"),
        ("standard-accelerate", "cubic-bezier(0.3, 0, 1, 1)"),
        ("legacy", "cubic-bezier(0.4, 0, 0.2, 1)"),
        ("legacy-decelerate", "cubic-bezier(0, 0, 0.2, 1)"),
        ("legacy-accelerate", "cubic-bezier(0.4, 0, 1, 1)"),
        ("fast-out-slow-in", "cubic-bezier(0.4, 0, 0.2, 1)"),
        ("linear-out-slow-in", "cubic-bezier(0, 0, 0.2, 1)"),
        ("fast-out-linear-in", "cubic-bezier(0.4, 0, 1, 1)"),
    ]

    let token: String
    let curve: String

    init?(_ word: String) {
        var letters = String(word.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) })
        for prefix in ["mdsysmotioneasing", "motioneasing"] where letters.hasPrefix(prefix) { letters.removeFirst(prefix.count) }
        if letters.hasSuffix("easing"), letters != "easing" { letters.removeLast("easing".count) }
        guard let found = Self.curves.first(where: { $0.token.replacingOccurrences(of: "-", with: "") == letters }) else { return nil }
        token = found.token
        curve = found.curve
    }

    var help: String {
        let form = token == "emphasized" ? " (in one curve, as the web tokens write it)" : ""
        return "Material 3's '\(token)' easing is \"\(curve)\"\(form)"
    }
}

/// An easings.net name (`ease-in-out-back`, `easeOutElastic`, `ease-in-sine`): a CSS keyword with
/// a family Choreo has no name for. The nearest name alone (`ease-in-out`) would drop what the
/// family adds, the overshoot of `back` or the wobble of `elastic`, so it is never a fix-it: a
/// `back` curve is offered as its exact cubic-bezier (easings.net's, the values CSS-Tricks gives)
/// or a bouncy spring, `elastic` and `bounce` as springs, the others as the nearest name to adjust.
struct EasingFamily {
    static let families = ["sine", "quad", "cubic", "quart", "quint", "expo", "circ", "back", "elastic", "bounce"]
    /// easings.net's `easeInBack`, `easeOutBack`, `easeInOutBack`.
    static let backCurves = [
        "ease-in": "cubic-bezier(0.36, 0, 0.66, -0.56)", "ease-out": "cubic-bezier(0.34, 1.56, 0.64, 1)",
        "ease-in-out": "cubic-bezier(0.68, -0.6, 0.32, 1.6)",
    ]

    let base: String
    let family: String

    init?(_ word: String) {
        let letters = String(word.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != "." && $0 != " " })
        for (prefix, base) in [("easeinout", "ease-in-out"), ("easein", "ease-in"), ("easeout", "ease-out")] where letters.hasPrefix(prefix) {
            let rest = String(letters.dropFirst(prefix.count))
            guard Self.families.contains(rest) else { return nil }
            self.base = base
            self.family = rest
            return
        }
        return nil
    }

    var help: String {
        switch family {
        case "back":
            let curve = Self.backCurves[base]!
            return "'\(base)' alone would drop the overshoot: write \"\(curve)\" (easings.net's \(family) curve) or the bouncy spring 'bouncy'"
        case "elastic", "bounce":
            return "Choreo has no \(family) curve: a spring bounces, 'bouncy' or {spring: {duration: 0.6s, bounce: 0.5}}"
        default:
            return "Choreo has no \(family) curve by name: '\(base)' is the nearest named easing, or write the curve as \"cubic-bezier(x1, y1, x2, y2)\""
        }
    }

    var suggestions: [String] {
        switch family {
        case "back": [Self.backCurves[base]!, "bouncy"]
        case "elastic", "bounce": ["bouncy"]
        default: [base]
        }
    }
}

/// A cubic-bézier easing, checking that x1 and x2 lie in 0…1 (the curve must be a function of
/// time; only y may overshoot). Errors have offset 0: the caller points at the offending value.
public func cubicEasing(x1: Double, y1: Double, x2: Double, y2: Double) -> Result<EasingSpec, ValueError> {
    for (name, value) in [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)] where !value.isFinite {
        return .failure(ValueError(rule: .invalidEasing, "cubic-bezier \(name) must be a finite number"))
    }
    for (name, value) in [("x1", x1), ("x2", x2)] where value < 0 || value > 1 {
        return .failure(
            ValueError(
                rule: .invalidEasing, "cubic-bezier \(name) is \(formatValue(value)), outside 0…1",
                help: "x values are fractions of the duration and must lie in 0…1; only y1 and y2 may overshoot"))
    }
    return .success(.cubic(x1, y1, x2, y2))
}

/// The most steps `steps(n)` may have (the `steps:` key allows at most 1,000).
public let maxStepsCount = 10_000

/// `steps(n)`, checking that n is a whole number from 1 to `maxStepsCount`.
public func stepsEasing(count: Double) -> Result<EasingSpec, ValueError> {
    guard count.isFinite, count >= 1, count == count.rounded(), count <= Double(maxStepsCount) else {
        return .failure(
            ValueError(
                rule: .invalidEasing,
                "steps needs a whole number of steps from 1 to \(maxStepsCount); got \(formatValue(count))"))
    }
    return .success(.steps(Int(count)))
}

/// `{spring: {duration, bounce}}`, checking duration > 0 and −1 < bounce < 1 (bounce 1 never
/// settles; bounce −1 has no damping ratio).
public func checkedSpringEasing(duration: Double, bounce: Double) -> Result<EasingSpec, ValueError> {
    guard duration.isFinite, duration > 0, duration <= SceneLimits.maxTime else {
        return .failure(
            ValueError(rule: .invalidEasing, "a spring's duration must be greater than 0s and at most \(formatValue(SceneLimits.maxTime))s; got \(formatValue(duration))s"))
    }
    guard bounce.isFinite, bounce >= -0.99, bounce <= 0.99 else {
        return .failure(
            ValueError(
                rule: .invalidEasing, "a spring's bounce must lie between -0.99 and 0.99; got \(formatValue(bounce))",
                help: "0 is no bounce (.smooth), 0.3 is .bouncy"))
    }
    return .success(springEasing(duration: duration, bounce: bounce))
}

/// `{spring: {response, damping-fraction}}`, checking response > 0 and damping fraction > 0
/// (an undamped spring never settles).
public func checkedSpringEasing(response: Double, dampingFraction: Double) -> Result<EasingSpec, ValueError> {
    guard response.isFinite, response > 0, response <= SceneLimits.maxTime else {
        return .failure(
            ValueError(rule: .invalidEasing, "a spring's response must be greater than 0s and at most \(formatValue(SceneLimits.maxTime))s; got \(formatValue(response))s"))
    }
    guard dampingFraction.isFinite, dampingFraction >= SceneLimits.minDampingFraction,
        dampingFraction <= SceneLimits.maxDampingFraction
    else {
        return .failure(
            ValueError(
                rule: .invalidEasing, "a spring's damping fraction must be from \(formatValue(SceneLimits.minDampingFraction)) to \(formatValue(SceneLimits.maxDampingFraction)); got \(formatValue(dampingFraction))",
                help: "1 is critically damped (no overshoot); SwiftUI's default is 0.825"))
    }
    return .success(.spring(response: response, dampingFraction: dampingFraction))
}

/// SwiftUI's `spring(duration:bounce:)` as a spring spec: response = duration, damping fraction
/// 1 − bounce for bounce ≥ 0, 1 / (1 + bounce) below.
public func springEasing(duration: Double, bounce: Double) -> EasingSpec {
    .spring(response: duration, dampingFraction: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
}

/// SwiftUI's `interpolatingSpring(mass:stiffness:damping:)` as a spring spec: the oscillator
/// m·x″ + c·x′ + k·x = 0 has ω₀ = √(k/m) and ζ = c / (2·√(k·m)), so response = 2π/ω₀.
public func physicsSpringEasing(mass: Double, stiffness: Double, damping: Double) -> EasingSpec {
    let omega = (stiffness / mass).squareRoot()
    return .spring(response: 2 * .pi / omega, dampingFraction: damping / (2 * (stiffness * mass).squareRoot()))
}

/// The easing names, sorted, with what each stands for.
public let namedEasings: [(name: String, easing: EasingSpec)] = [
    ("bouncy", springEasing(duration: 0.5, bounce: 0.3)),
    ("ease", .cubic(0.25, 0.1, 0.25, 1)),
    ("ease-in", .cubic(0.42, 0, 1, 1)),
    ("ease-in-out", .cubic(0.42, 0, 0.58, 1)),
    ("ease-out", .cubic(0, 0, 0.58, 1)),
    ("hold", .hold),
    ("linear", .linear),
    ("smooth", springEasing(duration: 0.5, bounce: 0)),
    ("snappy", springEasing(duration: 0.5, bounce: 0.15)),
]

/// SwiftUI and CSS spellings that are not Choreo names, mapped to the name they mean.
private let easingAliases: [String: String] = [
    "easein": "ease-in", "easeout": "ease-out", "easeinout": "ease-in-out", "ease_in": "ease-in",
    "ease_out": "ease-out", "ease_in_out": "ease-in-out", "default": "smooth",
    "step": "hold", "none": "linear",
]

/// What `spring` alone means to people who know SwiftUI: a spring with default parameters, which
/// Choreo writes as a map; the named presets are springs too.
let springWordHelp = "a spring is a map: write {spring: {}} for the default spring (response 0.5, damping-fraction 0.825), "
    + "{spring: {duration: 0.5s, bounce: 0.3}}, or a preset: 'smooth', 'snappy' or 'bouncy'"

private func easingHelp(for word: String) -> String {
    if word.lowercased() == "spring" || word.lowercased() == ".spring" { return springWordHelp }
    let bare = word.hasPrefix(".") ? String(word.dropFirst()) : word
    if let name = namedEasings.first(where: { $0.name == bare.lowercased() })?.name ?? easingAliases[bare.lowercased()] {
        return "did you mean '\(name)'?"
    }
    if let match = closestMatch(to: bare, in: namedEasings.map(\.name)) {
        return "did you mean '\(match)'?"
    }
    return "easings are " + namedEasings.map { "'\($0.name)'" }.joined(separator: ", ")
        + ", 'cubic-bezier(x1, y1, x2, y2)', 'steps(n)' or a {spring: …} map"
}

/// The easing name a misspelt one should be replaced with, when the guess is sure enough to fix.
private func easingReplacement(for word: String) -> String? {
    if word.lowercased() == "spring" || word.lowercased() == ".spring" { return nil }
    let bare = word.hasPrefix(".") ? String(word.dropFirst()) : word
    if let name = namedEasings.first(where: { $0.name == bare.lowercased() })?.name ?? easingAliases[bare.lowercased()] {
        return name
    }
    return closestMatch(to: bare, in: namedEasings.map(\.name))
}

private func parseEasingFunction(_ name: String, scalars: [Unicode.Scalar], open: Int, end: Int)
    -> Result<EasingSpec, ValueError>
{
    guard end > open + 1, scalars[end - 1] == ")" else {
        return .failure(
            ValueError(rule: .invalidEasing, "expected ')' to close '\(name)('", offset: end, length: 1))
    }
    // Arguments are separated by commas (CSS) or spaces.
    var arguments: [(text: String, offset: Int, length: Int)] = []
    var index = open + 1
    while index < end - 1 {
        if isSpace(scalars[index]) || scalars[index] == "," {
            index += 1
            continue
        }
        let start = index
        while index < end - 1, !isSpace(scalars[index]), scalars[index] != "," { index += 1 }
        arguments.append((String(String.UnicodeScalarView(scalars[start..<index])), start, index - start))
    }
    func relocate(_ error: ValueError, to argument: (text: String, offset: Int, length: Int)) -> ValueError {
        var error = error
        error.offset = argument.offset
        error.length = argument.length
        return error
    }
    func numbers() -> Result<[Double], ValueError> {
        var values: [Double] = []
        for argument in arguments {
            guard let value = Double(argument.text), value.isFinite else {
                return .failure(
                    ValueError(
                        rule: .invalidEasing, "'\(argument.text)' is not a number", offset: argument.offset,
                        length: argument.length))
            }
            values.append(value)
        }
        return .success(values)
    }
    let whole = (offset: open, length: end - open)
    if name == "steps" {
        var counted = arguments
        if counted.count == 2, counted[1].text == "end" || counted[1].text == "jump-end" {
            counted.removeLast()
        } else if counted.count == 2 {
            return .failure(
                ValueError(
                    rule: .invalidEasing, "only jump-end steps are supported, not '\(counted[1].text)'",
                    offset: counted[1].offset, length: counted[1].length, help: "write 'steps(\(counted[0].text))'"))
        }
        guard counted.count == 1 else {
            return .failure(
                ValueError(
                    rule: .invalidEasing, "'steps(…)' takes one whole number, as in 'steps(4)'",
                    offset: whole.offset, length: whole.length))
        }
        guard let count = Double(counted[0].text) else {
            return .failure(
                ValueError(
                    rule: .invalidEasing, "'\(counted[0].text)' is not a number", offset: counted[0].offset,
                    length: counted[0].length))
        }
        return stepsEasing(count: count).mapError { relocate($0, to: counted[0]) }
    }
    guard arguments.count == 4 else {
        return .failure(
            ValueError(
                rule: .invalidEasing, "'cubic-bezier(…)' takes four numbers, not \(arguments.count)",
                offset: whole.offset, length: whole.length, help: "for example cubic-bezier(0.2, 0, 0, 1)"))
    }
    switch numbers() {
    case let .failure(error):
        return .failure(error)
    case let .success(values):
        return cubicEasing(x1: values[0], y1: values[1], x2: values[2], y2: values[3]).mapError { error in
            // The only range errors are on x1 and x2.
            relocate(error, to: arguments[error.message.contains("x2") ? 2 : 0])
        }
    }
}

/// A number for messages: integers without a fraction, others as Swift prints them.
func formatValue(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

/// The most points a `linear(…)` easing may have.
public let maxLinearEasingPoints = 1_000

/// CSS's `linear(…)` (CSS Easing Functions Level 2): stops `OUTPUT [INPUT% [INPUT%]]`, separated
/// by commas. A missing first input is 0%, a missing last one 100%; an input smaller than one
/// before it is raised to it; the other missing inputs are spread evenly between their neighbours.
/// The result runs from x = 0 to x = 1, with the output there as CSS's own extrapolation gives it.
private func parseLinearFunction(scalars: [Unicode.Scalar], open: Int, end: Int) -> Result<EasingSpec, ValueError> {
    guard end > open + 1, scalars[end - 1] == ")" else {
        return .failure(ValueError(rule: .invalidEasing, "expected ')' to close 'linear('", offset: end, length: 1))
    }
    var stops: [(output: Double, input: Double?)] = []
    var index = open + 1
    while index < end - 1 {
        // One stop: up to the next comma.
        var tokens: [(text: String, offset: Int)] = []
        while index < end - 1, scalars[index] != "," {
            if isSpace(scalars[index]) {
                index += 1
                continue
            }
            let start = index
            while index < end - 1, !isSpace(scalars[index]), scalars[index] != "," { index += 1 }
            tokens.append((String(String.UnicodeScalarView(scalars[start..<index])), start))
        }
        let stopEnd = index
        index += 1
        guard let first = tokens.first else {
            return .failure(ValueError(rule: .invalidEasing, "'linear(…)' has an empty stop", offset: stopEnd, length: 1,
                                       help: "write stops as 'OUTPUT' or 'OUTPUT INPUT%', as in 'linear(0, 0.8 60%, 1)'"))
        }
        guard let output = Double(first.text), output.isFinite else {
            return .failure(ValueError(rule: .invalidEasing, "'\(first.text)' is not a number", offset: first.offset,
                                       length: first.text.unicodeScalars.count))
        }
        guard tokens.count <= 3 else {
            return .failure(ValueError(rule: .invalidEasing, "a stop of 'linear(…)' is a number and at most two percentages",
                                       offset: tokens[3].offset, length: tokens[3].text.unicodeScalars.count))
        }
        if tokens.count == 1 { stops.append((output, nil)) }
        for token in tokens.dropFirst() {
            guard token.text.hasSuffix("%"), let percent = Double(token.text.dropLast()), percent.isFinite else {
                return .failure(ValueError(rule: .invalidEasing, "'\(token.text)' is not a percentage", offset: token.offset,
                                           length: token.text.unicodeScalars.count,
                                           help: "a stop's input is a percentage of the duration, as in '0.8 60%'"))
            }
            guard (0...100).contains(percent) else {
                return .failure(ValueError(rule: .invalidEasing, "'\(token.text)' is outside 0%…100%", offset: token.offset,
                                           length: token.text.unicodeScalars.count,
                                           help: "a stop's input is a point of the motion, from its start (0%) to its end (100%)"))
            }
            stops.append((output, percent / 100))
        }
    }
    let whole = (offset: open, length: end - open)
    guard stops.count >= 2 else {
        return .failure(ValueError(rule: .invalidEasing, "'linear(…)' needs at least two stops, as in 'linear(0, 1)'",
                                   offset: whole.offset, length: whole.length))
    }
    guard stops.count <= maxLinearEasingPoints else {
        return .failure(ValueError(rule: .invalidEasing, "'linear(…)' has \(stops.count) stops, more than \(maxLinearEasingPoints)",
                                   offset: whole.offset, length: whole.length))
    }
    var inputs = stops.map(\.input)
    if inputs[0] == nil { inputs[0] = 0 }
    if inputs[inputs.count - 1] == nil { inputs[inputs.count - 1] = max(1, inputs.compactMap { $0 }.max() ?? 1) }
    var largest = 0.0
    for position in inputs.indices {
        guard let input = inputs[position] else { continue }
        largest = max(largest, input)
        inputs[position] = largest
    }
    var position = 0
    while position < inputs.count {
        guard inputs[position] == nil else {
            position += 1
            continue
        }
        var next = position
        while inputs[next] == nil { next += 1 }
        let from = inputs[position - 1]!, to = inputs[next]!
        for missing in position..<next { inputs[missing] = from + (to - from) * Double(missing - position + 1) / Double(next - position + 1) }
        position = next
    }
    let points = zip(inputs, stops).map { Point($0!, $1.output) }
    /// CSS's output at `x`: along the segment of the last point at or before x (the first two
    /// points before the first, the last two after the last).
    func output(at x: Double) -> Double {
        var a = points.lastIndex { $0.x <= x } ?? 0
        if a == points.count - 1 { a -= 1 }
        let pointA = points[a], pointB = points[a + 1]
        guard pointB.x != pointA.x else { return pointB.y }
        return pointA.y + (x - pointA.x) / (pointB.x - pointA.x) * (pointB.y - pointA.y)
    }
    var result = [Point(0, output(at: 0))]
    result += points.filter { $0.x > 0 && $0.x < 1 }
    result.append(Point(1, output(at: 1)))
    return .success(.piecewise(result))
}
