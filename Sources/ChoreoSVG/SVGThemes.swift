import ChoreoTimeline

/// Themes in the SVG (contract section 11): a themed colour keeps its default as the presentation
/// attribute (renderers without CSS draw the default look) and gets a class whose CSS rule reads
/// it from a custom property, `--choreo-SLOT`, falling back to the default. A `<style>` sets the
/// properties for a theme named `dark` under `prefers-color-scheme: dark`, and for every theme
/// under the class `choreo-theme-NAME` on the root, so a page can force one. Every rule sits in an
/// at-rule of its own, which renderers without custom properties skip (measured: ThorVG 1.0.4's
/// SVG loader draws `fill: var(…)` black, and skips an at-rule's block up to its first `}`).
///
/// Only colours that stay still are themed here: SMIL animation values cannot read custom
/// properties, so a themed colour that animates keeps the default theme's colours in the SVG.
enum SVGThemes {
    /// The class for `property` (`fill`, `stroke`) painted with `color`, if the colour is themed
    /// and still (`style` writes rules only for slots that are still in every theme too; the class
    /// of any other slot matches no rule and the attribute's default stands).
    static func paintClass(_ property: String, _ color: Animated<RGBA>) -> String? {
        guard let slot = color.slot, !color.isAnimated else { return nil }
        return "choreo-\(property)-\(cssName(slot))"
    }

    /// Adds a class to an element's attributes (an element may be themed for fill and stroke).
    static func addClass(_ name: String, to attributes: inout [ShapeAttribute]) {
        if let index = attributes.firstIndex(where: { $0.0 == "class" }), case let .text(classes) = attributes[index].1 {
            attributes[index].1 = .text(classes + " " + name)
        } else {
            attributes.append(("class", .text(name)))
        }
    }

    /// The `<style>` for the themed colours, nil when nothing is themed in the SVG.
    static func style(_ timeline: Timeline) -> Markup? {
        guard let themes = timeline.themes else { return nil }
        let slots = themes.slots.filter { isStill($0.id, in: themes) }
        guard !slots.isEmpty else { return nil }
        var rules: [String] = []
        for slot in slots {
            guard case let .color(track) = slot.defaultValue else { continue }
            let variable = "var(--choreo-\(cssName(slot.id)), \(svgColor(track.initial)))"
            rules.append(".choreo-fill-\(cssName(slot.id)) { fill: \(variable) }")
            rules.append(".choreo-stroke-\(cssName(slot.id)) { stroke: \(variable) }")
        }
        func declarations(_ theme: String) -> String {
            slots.compactMap { slot -> String? in
                guard case let .color(track)? = slot.values[theme] else { return nil }
                return "--choreo-\(cssName(slot.id)): \(svgColor(track.initial))"
            }.joined(separator: "; ")
        }
        for name in themes.names {
            rules.append("svg.choreo-theme-\(cssName(name)) { \(declarations(name)) }")
        }
        // Each rule in an @supports of its own: renderers that do not know custom properties would
        // read a `var()` as an invalid paint and draw black (ThorVG's SVG loader does); they skip
        // an at-rule's block up to its first `}`, so one rule per block keeps them on the
        // presentation attributes, the default look.
        var css = rules.map { "@supports (color: var(--choreo)) { \($0) }" }.joined(separator: " ")
        if themes.names.contains("dark") {
            css += " @media (prefers-color-scheme: dark) { svg { \(declarations("dark")) } }"
        }
        return Markup("style", [("type", "text/css")], raw: css)
    }

    /// A colour slot that is still in the default theme and in every theme.
    private static func isStill(_ id: String, in themes: Themes) -> Bool {
        guard let slot = themes.slot(id), case let .color(track) = slot.defaultValue, !track.isAnimated else { return false }
        return slot.values.values.allSatisfy { value in
            if case let .color(themed) = value { return !themed.isAnimated }
            return false
        }
    }

    /// Slot and theme names as CSS identifiers: anything but letters, digits, `-` and `_` becomes `-`
    /// (`track.fill` → `track-fill`).
    static func cssName(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
                ? scalar : "-"
        }))
    }
}
