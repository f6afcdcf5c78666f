import ChoreoDiagnostics
import ChoreoTimeline
import Testing

@testable import ChoreoScene

private let card = """
    choreo: 1
    size: [100, 100]
    background: $paper
    vars:
      ink: "#1C1C1E"
      paper: white
      line: 2
      shade: 0.5
    themes:
      dark: {ink: white, paper: "#1C1C1E", line: 3}
      dim: {shade: 0.2}
    layers:
      - {id: a, shape: rect, size: [20, 20], position: [30, 50], fill: $ink, stroke: {color: $ink, width: $line}}
      - {id: b, shape: rect, size: [20, 20], position: [70, 50], fill: $ink, opacity: $shade}
      - {id: c, shape: rect, size: [20, 20], position: [50, 20], fill: "#FF0000"}
    states:
      rest: {}
      lit: {c: {fill: $ink}}
    transitions:
      - {from: rest, to: lit, on: tap}
    """

private func style(_ timeline: Timeline, _ index: Int) -> Style? {
    if case let .shape(_, style) = timeline.layers[index].content { return style }
    return nil
}

@Test func propertiesAThemeChangesBecomeSlotsNamedAfterTheirVar() throws {
    let compiled = frontendCompile(card)
    #expect(compiled.diagnostics.isEmpty, "\(compiled.diagnostics)")
    let timeline = try #require(compiled.timeline)
    let themes = try #require(timeline.themes)
    #expect(themes.names == ["dark", "dim"])
    // `a` and `b` are filled with $ink as written: one shared slot. `c` animates into $ink, which
    // is not the var as written: a slot of its own.
    #expect(themes.slots.map(\.id) == ["a.stroke-width", "b.opacity", "c.fill", "ink", "paper"])
    if case let .color(fill)? = style(timeline, 0)?.fill { #expect(fill.slot == "ink") } else { Issue.record("a has no fill") }
    if case let .color(stroke)? = style(timeline, 0)?.stroke?.paint { #expect(stroke.slot == "ink") }
    #expect(style(timeline, 0)?.stroke?.width.slot == "a.stroke-width")
    #expect(timeline.layers[1].transform.opacity.slot == "b.opacity")
    #expect(timeline.backgroundSlot == "paper")
    // Values: default inline, each theme its own; a theme that leaves a slot alone keeps the default.
    let ink = try #require(themes.slot("ink"))
    #expect(ink.defaultValue == .color(Animated(RGBA(28 / 255, 28 / 255, 30 / 255))))
    #expect(ink.values["dark"] == .color(Animated(RGBA(1, 1, 1))))
    #expect(ink.values["dim"] == ink.defaultValue)
    #expect(themes.slot("b.opacity")?.values["dim"] == .opacity(Animated(0.2)))
    #expect(themes.slot("a.stroke-width")?.values["dark"] == .length(Animated(3)))
    if case let .color(track)? = themes.slot("c.fill")?.values["dark"] {
        #expect(track.isAnimated && track.value(at: timeline.duration) == RGBA(1, 1, 1))
    } else {
        Issue.record("c.fill is not a colour slot")
    }
}

@Test func compilingForAThemeGivesThatThemesValuesAndNoSlots() throws {
    let dark = try #require(compileScene(SourceFile(path: "card.yaml", text: card), theme: "dark").timeline)
    #expect(dark.themes == nil)
    #expect(dark.background == RGBA(28 / 255, 28 / 255, 30 / 255))
    if case let .color(fill)? = style(dark, 0)?.fill { #expect(fill == Animated(RGBA(1, 1, 1))) }
    let missing = compileScene(SourceFile(path: "card.yaml", text: card), theme: "sepia")
    #expect(missing.timeline == nil && missing.diagnostics.isEmpty && missing.themeNames == ["dark", "dim"])
}

@Test func aSceneWithoutThemesHasNone() throws {
    let plain = card.replacingOccurrences(of: "themes:\n  dark: {ink: white, paper: \"#1C1C1E\", line: 3}\n  dim: {shade: 0.2}\n", with: "")
    #expect(!plain.contains("themes"))
    let timeline = try #require(frontendCompile(plain).timeline)
    #expect(timeline.themes == nil)
}
