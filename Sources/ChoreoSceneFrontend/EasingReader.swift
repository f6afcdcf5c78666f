import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

/// SwiftUI's `easeInOut`, the default easing of transitions and tweens.
let defaultEasing = EasingSpec.cubic(0.42, 0, 0.58, 1)
/// SwiftUI's default animation duration.
let defaultDuration = 0.35
/// The keys of an easing written as a map, and of its `spring:`.
let easingMapKeys = ["cubic-bezier", "steps", "spring"]
let springKeys = ["response", "damping-fraction", "duration", "bounce", "stiffness", "damping", "mass"]

extension FrontendContext {
    /// An easing: a name (`ease-in-out`, `snappy`, `cubic-bezier(…)` as text) or a map
    /// `{cubic-bezier: [x1, y1, x2, y2]}`, `{steps: n}`, `{spring: {…}}`.
    func easing(_ node: YAMLNode) -> EasingSpec? {
        if let named = styleVar(node, expected: .easing, colourAllowed: false) {
            guard case let .easing(spec)? = named else { return nil }
            return spec
        }
        if node.scalar != nil, !isNullScalar(node) {
            let text = node.scalar!.value
            switch parseEasingName(text) {
            case let .success(spec): return spec
            case var .failure(problem):
                if text == "spring", node.scalar?.style == .plain, let range = valueTextRange(node) {
                    // The one fix that writes YAML structure rather than a word: a plain scalar
                    // becomes a flow map, valid in block and flow context alike.
                    error(
                        problem.rule, problem.message, at: node.reportRange, help: problem.help,
                        fixIts: [FixIt.replace(range, with: "{spring: {}}", message: "write the default spring: {spring: {}}")])
                    return nil
                }
                problem.replacement = problem.replacement.flatMap { isSafePlainScalar($0) ? $0 : nil }
                report(problem, in: node)
                return nil
            }
        }
        guard let map = readMap(
            node, what: "an easing", allowed: easingMapKeys,
            expected: "an easing such as ease-in-out or {spring: {duration: 0.5s, bounce: 0.3}}")
        else { return nil }
        guard map.entries.count == 1 else {
            if map.entries.isEmpty {
                error(
                    .invalidEasing, "an easing map needs one of cubic-bezier, steps or spring", at: startRange(of: node))
            } else {
                error(
                    .invalidEasing, "an easing map has exactly one key, found \(listing(map.entries.map { "'\($0.name)'" }, conjunction: "and"))",
                    at: map.entries[1].key.reportRange)
            }
            return nil
        }
        let entry = map.entries[0]
        switch entry.name {
        case "cubic-bezier":
            guard let items = listItems(entry.value, expected: "four numbers [x1, y1, x2, y2]") else { return nil }
            guard items.count == 4 else {
                error(.invalidEasing, "cubic-bezier takes four numbers [x1, y1, x2, y2], found \(items.count)", at: entry.value.reportRange)
                return nil
            }
            var values: [Double] = []
            for item in items {
                guard let value = number(item, name: "cubic-bezier") else { return nil }
                values.append(value)
            }
            for i in [0, 2] where !(0...1).contains(values[i]) {
                error(
                    .invalidEasing, "the x values of cubic-bezier must be between 0 and 1, found \(describeNumber(values[i]))",
                    at: items[i].reportRange, help: "only the y values (the 2nd and 4th) may overshoot")
                return nil
            }
            return .cubic(values[0], values[1], values[2], values[3])
        case "steps":
            guard let count = integer(entry.value, name: "steps", bound: .between(1, 1000)) else { return nil }
            return .steps(count)
        default:
            return spring(entry.value)
        }
    }

    /// `{response, damping-fraction}` (defaults 0.5, 0.825), `{duration, bounce}` (0.5s, 0) or
    /// `{stiffness, damping, mass}` (SwiftUI's `interpolatingSpring`; stiffness and damping
    /// required, mass 1).
    private func spring(_ node: YAMLNode) -> EasingSpec? {
        let forms = "a spring takes either response and damping-fraction (SwiftUI's .spring(response:dampingFraction:)), "
            + "duration and bounce (.spring(duration:bounce:)), all optional, "
            + "or stiffness, damping and an optional mass (.interpolatingSpring(mass:stiffness:damping:))"
        guard let map = readMap(
            node, what: "a spring", allowed: springKeys,
            unknownKeyNote: Note(forms, at: nil))
        else {
            return nil
        }
        let forms3: [(name: String, keys: [String])] = [
            ("response and damping-fraction", ["response", "damping-fraction"]), ("duration and bounce", ["duration", "bounce"]),
            ("stiffness, damping and mass", ["stiffness", "damping", "mass"]),
        ]
        let used = forms3.filter { form in form.keys.contains { map.has($0) } }
        if used.count > 1 {
            let second = map.entries.first { used[1].keys.contains($0.name) }!
            error(
                .conflictingKeys,
                "a spring takes \(used[0].name), or \(used[1].name), not both", at: second.key.reportRange,
                help: "write one of the three forms: {response, damping-fraction}, {duration, bounce} or {stiffness, damping, mass}")
            return nil
        }
        let physical = map.has("response") || map.has("damping-fraction")
        let perceptual = map.has("duration") || map.has("bounce")
        if !physical && !perceptual && !used.isEmpty {
            return physicsSpring(map, at: node)
        }
        if perceptual {
            var duration = 0.5, bounce = 0.0
            if let node = map.value("duration") {
                guard let value = time(node, name: "duration", bound: .greaterThan(0)) else { return nil }
                duration = value
            }
            if let node = map.value("bounce") {
                guard let value = number(node, name: "bounce", bound: .between(-0.99, 0.99)) else { return nil }
                bounce = value
            }
            return checkedSettling(springEasing(duration: duration, bounce: bounce), at: node.reportRange)
        }
        var response = 0.5, damping = 0.825
        if let node = map.value("response") {
            // SwiftUI writes the response as plain seconds; a time with a unit is accepted too.
            guard let value = secondsOrNumber(node, name: "response") else { return nil }
            response = value
        }
        if let node = map.value("damping-fraction") {
            guard
                let value = number(
                    node, name: "damping-fraction", bound: .between(SceneLimits.minDampingFraction, SceneLimits.maxDampingFraction))
            else { return nil }
            damping = value
        }
        return checkedSettling(.spring(response: response, dampingFraction: damping), at: node.reportRange)
    }

    /// `{stiffness, damping, mass}`: SwiftUI's `interpolatingSpring(mass:stiffness:damping:)`,
    /// which is the same damped oscillator as the other forms (response 2π·√(m/k), damping
    /// fraction c / (2·√(k·m))), so it bakes exactly as they do.
    private func physicsSpring(_ map: MapEntries, at node: YAMLNode) -> EasingSpec? {
        guard let stiffnessNode = map.value("stiffness"), let dampingNode = map.value("damping") else {
            let missing = map.has("stiffness") ? "damping" : "stiffness"
            error(
                .missingKey, "a spring given by stiffness needs both 'stiffness' and 'damping'; '\(missing)' is missing",
                at: startRange(of: node), help: "for example {spring: {stiffness: 170, damping: 15}} (mass defaults to 1)")
            return nil
        }
        guard let stiffness = number(stiffnessNode, name: "stiffness", bound: .greaterThan(0)),
            let damping = number(dampingNode, name: "damping", bound: .greaterThan(0))
        else { return nil }
        var mass = 1.0
        if let massNode = map.value("mass") {
            guard let value = number(massNode, name: "mass", bound: .greaterThan(0)) else { return nil }
            mass = value
        }
        let spec = physicsSpringEasing(mass: mass, stiffness: stiffness, damping: damping)
        guard case let .spring(response, dampingFraction) = spec else { return nil }
        guard response <= SceneLimits.maxTime else {
            error(
                .valueTooLarge,
                "this spring's period 2π·√(mass/stiffness) is \(describeNumber(response.rounded()))s, beyond the limit of \(describeNumber(SceneLimits.maxTime))s",
                at: stiffnessNode.reportRange, help: "use a larger stiffness or a smaller mass")
            return nil
        }
        guard dampingFraction >= SceneLimits.minDampingFraction, dampingFraction <= SceneLimits.maxDampingFraction else {
            error(
                .outOfRange,
                "this spring's damping ratio damping / (2·√(stiffness·mass)) is \(describeNumber(dampingFraction)), outside \(describeNumber(SceneLimits.minDampingFraction))…\(describeNumber(SceneLimits.maxDampingFraction))",
                at: dampingNode.reportRange,
                help: "a damping of \(describeNumber(2 * (stiffness * mass).squareRoot())) is critically damped (no overshoot) for this stiffness and mass")
            return nil
        }
        return checkedSettling(spec, at: map.entries.first.map { $0.key.reportRange } ?? node.reportRange)
    }

    /// A spring whose settling time is within `SceneLimits.maxTime` (a long response with a low or
    /// a very high damping fraction settles after hours), else nil with `value-too-large`.
    private func checkedSettling(_ easing: EasingSpec, at range: SourceRange) -> EasingSpec? {
        guard case let .spring(response, dampingFraction) = easing else { return easing }
        let settling = SpringCurve(response: response, dampingFraction: dampingFraction).settlingDuration
        guard settling <= SceneLimits.maxTime else {
            error(
                .valueTooLarge,
                "this spring settles after \(describeNumber(settling.rounded()))s, beyond the limit of \(describeNumber(SceneLimits.maxTime))s",
                at: range, help: "use a shorter response or duration, or a damping fraction nearer 1")
            return nil
        }
        return easing
    }

    /// A positive duration written either as SwiftUI's plain seconds (`0.5`) or as a time (`0.5s`).
    private func secondsOrNumber(_ node: YAMLNode, name: String) -> Double? {
        if let text = node.scalar?.value, !usesPoisonedVar(text),
            case let .success(quantity) = evaluateExpression(text, environment: environment), quantity.dimension == .number
        {
            guard quantity.value.isFinite, quantity.value > 0 else {
                error(.outOfRange, "'\(name)' must be greater than 0s, found \(describeNumber(quantity.value))", at: node.reportRange)
                return nil
            }
            guard checkMagnitude(quantity.value, .time, name: name, at: node.reportRange) else { return nil }
            return quantity.value
        }
        return time(node, name: name, bound: .greaterThan(0))
    }

    /// Reads `duration`, `delay` and `easing` from a map, on top of `base`.
    func timing(_ map: MapEntries, base: Timing) -> Timing? {
        var timing = base
        var ok = true
        if let node = map.value("duration") {
            if let value = time(node, name: "duration") { timing.duration = value } else { ok = false }
        }
        if let node = map.value("delay") {
            if let value = time(node, name: "delay") { timing.delay = value } else { ok = false }
        }
        if let node = map.value("easing") {
            if let value = easing(node) { timing.easing = value } else { ok = false }
        }
        return ok ? timing : nil
    }
}

