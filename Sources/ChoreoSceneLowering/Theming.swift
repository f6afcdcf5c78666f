import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline

/// Where a themed value sits in the timeline: a node's track, or the background.
private struct ThemedProperty: Hashable, Comparable {
    /// Empty for the background.
    var node: String
    /// A themable track (`TrackPlace.themeSlotName`); nil for the scene's background.
    var track: TrackPlace?

    static let background = ThemedProperty(node: "", track: nil)

    private var name: String { track?.themeSlotName ?? "background" }
    static func < (a: ThemedProperty, b: ThemedProperty) -> Bool { (a.node, a.name) < (b.node, b.name) }
    var label: String { node.isEmpty ? name : "\(node).\(name)" }
}

/// Compares the scene as written (`base`) with the same scene compiled in each theme, and returns
/// `base` with a slot on every property some theme changes and `themes` filled in. A theme may only
/// change what a Lottie slot can hold and a player can swap without re-laying out the animation:
/// solid fill and stroke colours (not their transparency, which Lottie keeps apart from the colour),
/// opacity, stroke width and the background; anything else it
/// changes (geometry, positions, timing) is a `theme-not-slottable` error at the theme's name.
package func attachThemes(
    _ base: Timeline, variants: [(theme: SceneTheme, timeline: Timeline, vars: [String: VarValue])],
    vars: [String: VarValue], diagnostics: inout DiagnosticBag
) -> Timeline {
    guard !variants.isEmpty else { return base }
    var defaults: [ThemedProperty: SlotValue] = [:]
    var themed: [ThemedProperty: [String: SlotValue]] = [:]
    for variant in variants {
        var comparison = ThemeComparison()
        comparison.compare(base, variant.timeline)
        if let problem = comparison.problem {
            diagnostics.error(
                .themeNotSlottable, "theme '\(variant.theme.name)' changes \(problem), which the outputs cannot theme",
                at: variant.theme.range,
                notes: variant.theme.overrideRanges.sorted { $0.value.start < $1.value.start }.map {
                    Note("the theme sets '$\($0.key)' here", at: $0.value)
                },
                help: "a theme may change fill and stroke colours, opacity, stroke widths and the background; keep vars used for sizes, positions and times out of themes")
            continue
        }
        for (property, values) in comparison.differences {
            defaults[property] = values.base
            themed[property, default: [:]][variant.theme.name] = values.theme
        }
    }
    // Every theme gives every slot a value: the default where the theme leaves it alone.
    var slotIds: [ThemedProperty: String] = [:]
    var slots: [String: ThemeSlot] = [:]
    for property in themed.keys.sorted() {
        let baseValue = defaults[property]!
        var values: [String: SlotValue] = [:]
        for variant in variants { values[variant.theme.name] = themed[property]?[variant.theme.name] ?? baseValue }
        // Properties that are one var as written share its name (and so one slot); two properties
        // that only look alike elsewhere keep their own.
        var id = property.label
        if let name = varNamed(for: baseValue, values: values, vars: vars, variants: variants),
            slots[name] == nil || slots[name] == ThemeSlot(id: name, defaultValue: baseValue, values: values)
        {
            id = name
        }
        slotIds[property] = id
        slots[id] = ThemeSlot(id: id, defaultValue: baseValue, values: values)
    }
    var result = base
    result.layers = result.layers.map { applySlots($0, slotIds) }
    if let id = slotIds[.background] { result.backgroundSlot = id }
    result.themes = Themes(names: variants.map(\.theme.name), slots: slots.keys.sorted().map { slots[$0]! })
    return result
}

/// The colour var a still colour is, in the default theme and in every theme, if there is one.
private func varNamed(
    for baseValue: SlotValue, values: [String: SlotValue], vars: [String: VarValue],
    variants: [(theme: SceneTheme, timeline: Timeline, vars: [String: VarValue])]
) -> String? {
    func still(_ value: SlotValue?) -> RGBA? {
        guard case let .color(track)? = value, !track.isAnimated else { return nil }
        return track.initial
    }
    guard let color = still(baseValue) else { return nil }
    return vars.keys.sorted().first { name in
        guard vars[name] == .color(color) else { return false }
        return variants.allSatisfy { variant in
            guard let themedColor = still(values[variant.theme.name]) else { return false }
            return variant.vars[name] == .color(themedColor)
        }
    }
}

private func applySlots(_ node: Node, _ ids: [ThemedProperty: String]) -> Node {
    var slotted = node.rewritingOwnTracks(SlotSetter(node: node.id, ids: ids))
    if case let .group(children) = node.content { slotted.content = .group(children.map { applySlots($0, ids) }) }
    return slotted
}

/// Gives each themed track of one node its slot id.
private struct SlotSetter: TrackRewriter {
    let node: String
    let ids: [ThemedProperty: String]

    func rewrite<Value: Interpolatable>(_ track: Animated<Value>, at place: TrackPlace) -> Animated<Value> {
        guard place.themeSlotName != nil, let slot = ids[ThemedProperty(node: node, track: place)] else { return track }
        var slotted = track
        slotted.slot = slot
        return slotted
    }
}

/// Walks two compilations of one scene side by side.
private struct ThemeComparison {
    /// The first thing the theme changes that cannot be a slot, described for the message.
    var problem: String?
    var differences: [ThemedProperty: (base: SlotValue, theme: SlotValue)] = [:]

    mutating func compare(_ base: Timeline, _ theme: Timeline) {
        if base.spans != theme.spans || base.duration != theme.duration {
            problem = "the timing of the animation"
            return
        }
        if base.background != theme.background {
            guard let a = base.background, let b = theme.background else {
                problem = "whether the scene has a background"
                return
            }
            guard a.a == b.a else {
                problem = "the transparency of the background"
                return
            }
            differences[.background] = (.color(Animated(a)), .color(Animated(b)))
        }
        compare(base.layers, theme.layers)
    }

    private mutating func compare(_ base: [Node], _ theme: [Node]) {
        guard base.count == theme.count else {
            problem = "the number of nodes"
            return
        }
        for (a, b) in zip(base, theme) where problem == nil { compare(a, b) }
    }

    private mutating func note(_ node: String, _ track: TrackPlace, _ a: SlotValue, _ b: SlotValue) {
        if a != b { differences[ThemedProperty(node: node, track: track)] = (a, b) }
    }

    private mutating func compare(_ a: Node, _ b: Node) {
        var ta = a.transform, tb = b.transform
        note(a.id, .transform(.opacity), .opacity(ta.opacity), .opacity(tb.opacity))
        ta.opacity = Animated(0)
        tb.opacity = Animated(0)
        guard ta == tb else {
            problem = "the placement (position, scale, rotation or anchor) of '\(a.id)'"
            return
        }
        guard a.clip == b.clip else {
            problem = "the clip of '\(a.id)'"
            return
        }
        guard a.repeat == b.repeat else {
            problem = "the repeat of '\(a.id)'"
            return
        }
        switch (a.content, b.content) {
        case let (.group(ca), .group(cb)):
            compare(ca, cb)
        case let (.shape(ga, sa), .shape(gb, sb)):
            guard ga == gb else {
                problem = "the geometry of '\(a.id)'"
                return
            }
            var restA = sa, restB = sb
            switch (sa.fill, sb.fill) {
            case let (.color(ca)?, .color(cb)?):
                guard ca.map(\.a) == cb.map(\.a) else {
                    problem = "the transparency of the fill of '\(a.id)'"
                    return
                }
                note(a.id, .fill(.color), .color(ca), .color(cb))
                restA.fill = nil
                restB.fill = nil
            default: break
            }
            if var strokeA = sa.stroke, var strokeB = sb.stroke {
                if case let .color(ca) = strokeA.paint, case let .color(cb) = strokeB.paint {
                    guard ca.map(\.a) == cb.map(\.a) else {
                        problem = "the transparency of the stroke of '\(a.id)'"
                        return
                    }
                    note(a.id, .stroke(.color), .color(ca), .color(cb))
                    strokeA.paint = .color(Animated(.black))
                    strokeB.paint = .color(Animated(.black))
                }
                note(a.id, .strokeWidth, .length(strokeA.width), .length(strokeB.width))
                strokeA.width = Animated(0)
                strokeB.width = Animated(0)
                restA.stroke = strokeA
                restB.stroke = strokeB
            }
            guard restA == restB else {
                problem = "the gradient, trim or stroke style of '\(a.id)'"
                return
            }
        default:
            problem = "the structure of '\(a.id)'"
        }
    }
}
