import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoTestSupport
import Foundation
import Testing

@testable import ChoreoScene

// `compileScene(_:target:)`: what each player family cannot play, positioned at the YAML causing it.

let playerTargetRuleIDs: [Rule] = [.iosStrokeNonuniformScale, .androidGroupOpacity, .tgsTooLong, .tgsTooLarge]

private func findings(_ text: String, _ target: PlayerTarget) -> [String] {
    compileScene(SourceFile(path: "t.yaml", text: text), target: target).diagnostics.map {
        "\($0.range.start) \($0.severity.rawValue) \($0.rule)"
    }
}

@Test func everyPlayerTargetRuleIsDocumented() throws {
    let docs = try String(contentsOf: repositoryRoot().appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
    for rule in playerTargetRuleIDs {
        #expect(docs.contains("## `\(rule)`"), "docs/diagnostics.md lacks a section for \(rule)")
    }
}

@Test func aTrimmedFilledShapeIsNoLongerAnIOSProblem() {
    // The emitter writes a trimmed fill as its trimmed outline (no trim shares a group with a fill),
    // which lottie-ios's Core Animation engine plays.
    let scene = """
        choreo: 1
        size: [100, 100]
        layers:
          - id: pair
            shape: group
            trim: {end: 0.5}
            stroke: {color: black, width: 2}
            children:
              - {id: open, shape: ellipse, radius: 10, fill: none}
              - {id: full, shape: ellipse, radius: 20, fill: red}
        """
    #expect(findings(scene, .lottieIOS) == [])
    #expect(findings(scene, .web) == [])
}

@Test func aStrokeStyleInheritedFromAGroupIsReportedWhereTheScaleIs() {
    let scene = """
        choreo: 1
        size: [100, 100]
        layers:
          - id: pair
            shape: group
            position: [50, 50]
            stroke: {color: black, width: 2}
            children:
              - {id: plain, shape: ellipse, radius: 10, fill: none}
              - {id: squashed, shape: ellipse, radius: 20, fill: none, scale: [1, 0.5]}
        """
    // Only `squashed` is scaled unevenly; the stroke it inherits is the group's.
    #expect(findings(scene, .lottieIOS) == ["10:64 error ios-stroke-nonuniform-scale"])
    #expect(findings(scene, .lottieAndroid) == [])
}

@Test func anUnevenScaleOfAnEnclosingGroupOrARepeatCountsForAStroke() {
    let grouped = """
        choreo: 1
        size: [100, 100]
        layers:
          - id: holder
            shape: group
            position: [50, 50]
            scale: [1, 3]
            children:
              - {id: line, shape: rect, size: [20, 2], stroke: {color: black, width: 1}}
        """
    #expect(findings(grouped, .lottieIOS) == ["7:5 error ios-stroke-nonuniform-scale"])
    let repeated = """
        choreo: 1
        size: [100, 100]
        layers:
          - id: rung
            shape: rect
            size: [20, 2]
            position: [50, 10]
            stroke: {color: black, width: 1}
            repeat: {count: 4, offset: [0, 10], scale: [1, 0.8]}
        """
    #expect(findings(repeated, .lottieIOS) == ["9:5 error ios-stroke-nonuniform-scale"])
    // A uniform scale, or an uneven one on a fill only, is fine.
    #expect(findings(repeated.replacingOccurrences(of: "scale: [1, 0.8]", with: "scale: 0.8"), .lottieIOS) == [])
    #expect(findings(grouped.replacingOccurrences(of: "stroke: {color: black, width: 1}", with: "fill: black"), .lottieIOS) == [])
}

@Test func fadingCopiesWithAFillAndAStrokeAreReportedForAndroid() {
    let scene = """
        choreo: 1
        size: [100, 100]
        layers:
          - id: dot
            shape: ellipse
            radius: 5
            position: [10, 50]
            fill: red
            stroke: {color: black, width: 1}
            repeat: {count: 5, offset: [20, 0], opacity: [1, 0.2]}
        """
    #expect(findings(scene, .lottieAndroid) == ["10:5 error android-group-opacity"])
    // The node's own opacity covers every copy: copies may overlap one another.
    let faded = scene.replacingOccurrences(of: ", opacity: [1, 0.2]}", with: "}").replacingOccurrences(of: "    fill: red\n", with: "    fill: red\n    opacity: 0.5\n")
    let fadedFindings = compileScene(SourceFile(path: "t.yaml", text: faded), target: .lottieAndroid).diagnostics
    #expect(fadedFindings.map { "\($0.range.start) \($0.rule)" } == ["9:5 android-group-opacity"])
    #expect(fadedFindings.first?.message.hasPrefix("'dot', drawn 5 times by its repeat, is made translucent") == true, "\(fadedFindings)")
    // One paint per copy: nothing overlaps inside a copy.
    #expect(findings(scene.replacingOccurrences(of: "    stroke: {color: black, width: 1}\n", with: ""), .lottieAndroid) == [])
}

@Test func aTimelineCrossingThreeSecondsIsReportedForTelegram() {
    let scene = """
        choreo: 1
        size: [100, 100]
        layers:
          - {id: dot, shape: ellipse, radius: 5, position: [50, 50], fill: red}
        timelines:
          intro:
            duration: 2s
            tweens:
              - {at: 0s, duration: 2s, to: {dot: {opacity: 0.5}}}
          outro:
            duration: 1.5s
            tweens:
              - {at: 0s, duration: 1.5s, to: {dot: {opacity: 1}}}
        """
    // 2 s + 1.5 s: the second timeline, line 10, runs past 3 s.
    #expect(findings(scene, .tgs) == ["10:3 error tgs-too-long"])
    #expect(compileScene(SourceFile(path: "t.yaml", text: scene), target: .tgs).timeline == nil)
    #expect(compileScene(SourceFile(path: "t.yaml", text: scene), target: .web).timeline != nil)
}

@Test func aClippedNodeIsReportedForTelegramAtItsClip() {
    let scene = """
        choreo: 1
        size: [100, 100]
        layers:
          - id: card
            shape: group
            clip: {shape: rect, size: [40, 40]}
            children:
              - {id: dot, shape: ellipse, radius: 30, position: [50, 50], fill: red}
        """
    // Telegram stickers may not use masks: tgs-clip at the clip key, the web target unaffected.
    #expect(findings(scene, .tgs) == ["6:5 error tgs-clip"])
    #expect(findings(scene, .lottieIOS) == [])
    #expect(compileScene(SourceFile(path: "t.yaml", text: scene), target: .tgs).timeline == nil)
    #expect(compileScene(SourceFile(path: "t.yaml", text: scene), target: .web).timeline != nil)
}

@Test func effectsAPlayerCannotDrawAreReportedAtTheirKey() {
    let scene = """
        choreo: 1
        size: [100, 100]
        layers:
          - id: card
            shape: rect
            size: [40, 40]
            shadow: {offset: [0, 4], blur: 6}
            blur: 2
        """
    // rlottie (Telegram) draws neither; lottie-ios parses only the Drop Shadow; web and Android draw both.
    #expect(findings(scene, .tgs) == ["7:5 error effect-not-drawn", "8:5 error effect-not-drawn"])
    #expect(findings(scene, .lottieIOS) == ["8:5 error effect-not-drawn"])
    #expect(findings(scene, .lottieAndroid) == [])
    #expect(findings(scene, .web) == [])
}

@Test func aChoreoYAMLFileIsNamedWithoutItsDoubleExtension() {
    #expect(defaultSceneName("app/Sources/spinner.choreo.yaml") == "spinner")
    #expect(defaultSceneName("toggle button.choreo.yml") == "toggle-button")
    #expect(defaultSceneName("plain.yaml") == "plain")
    #expect(defaultSceneName("v1.2.yaml") == "v1-2")
}

@Test func aBindingIsReportedWhereThePlayersReadNoSlots() {
    let scene = """
        choreo: 1
        size: [100, 100]
        inputs:
          progress: {number: 0, range: [0, 1]}
          accent: {color: "#0A84FF"}
        layers:
          - {id: bar, shape: rect, size: [10, {bind: progress, to: [4, 80]}], position: [50, 90], anchor: bottom, fill: {bind: accent}}
        """
    // lottie-ios, lottie-android and Telegram read no slots: each binding is reported there, at the binding.
    let expected = ["7:39 error binding-without-slots", "7:113 error binding-without-slots"]
    #expect(findings(scene, .lottieIOS) == expected)
    #expect(findings(scene, .lottieAndroid) == expected)
    #expect(findings(scene, .tgs) == expected)
    #expect(findings(scene, .web) == [])
    let message = compileScene(SourceFile(path: "t.yaml", text: scene), target: .lottieIOS).diagnostics.first?.message
    #expect(message == "this value follows 'progress', but lottie-ios reads no slots: it would always show its default")
}

@Test func leavingALoopFarFromThePoseIsALottieJumpWarningForPlainLottieTargets() {
    let scene = """
        choreo: 1
        size: [100, 100]
        layers:
          - {id: dot, shape: ellipse, radius: 10, position: [50, 50], fill: red}
        states:
          idle: {}
          busy: {play: {timeline: bob, loop: true}}
        transitions:
          - {from: idle, to: busy, on: tap}
          - {from: busy, to: idle, on: tap}
        timelines:
          bob: {duration: 1s, keyframes: {dot.position: [{at: 0s, value: [50, 50]}, {at: 0.5s, value: [50, 20]}, {at: 1s, value: [50, 50]}]}}
        """
    // Out of `busy` a plain Lottie app seeks busy->idle, whose first frame is the pose: `dot` is
    // up to 30 px away from it. A warning: the scene still compiles.
    #expect(findings(scene, .lottieIOS) == ["10:5 warning lottie-jump"])
    let compiled = compileScene(SourceFile(path: "t.yaml", text: scene), target: .lottieIOS)
    #expect(compiled.timeline != nil)
    #expect(compiled.diagnostics.first?.message.contains("'dot' jumps 30 px") == true, "\(compiled.diagnostics.first?.message ?? "")")
    // The dotLottie and the interactive SVG start from what is on screen.
    #expect(findings(scene, .web) == [])
}

/// A text that rolls is clipped to its text box by the front end, not by the scene: `tgs-clip`
/// says so and stands at the `change:` that asks for the roll.
@Test func aRollingTextIsReportedForTelegramAtItsChange() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("choreo-tgs-roll-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        .write(to: folder.appendingPathComponent("fonts/DejaVuSans.ttf"))
    let scene = """
        choreo: 1
        size: [100, 60]
        fonts:
          ui: {file: fonts/DejaVuSans.ttf}
        layers:
          - {id: count, shape: text, text: "3", font: ui, size: 20, position: [50, 30]}
        states:
          three: {}
          four: {count: {text: "4"}}
        transitions:
          - {from: three, to: four, on: tap, change: roll-up}
          - {from: four, to: three, on: tap}
        """
    let compilation = compileScene(SourceFile(path: folder.appendingPathComponent("t.yaml").path, text: scene), target: .tgs, files: SceneFolderFiles())
    let found = compilation.diagnostics.map { "\($0.range.start) \($0.severity.rawValue) \($0.rule)" }
    #expect(found == ["11:46 error tgs-clip"], "\(compilation.diagnostics)")
    #expect(compilation.diagnostics.first?.message
        == "'count' is clipped to its text box because its text rolls here ('change: roll-up'); a clip is a Lottie mask, which Telegram stickers may not use")
    #expect(compilation.diagnostics.first?.help == "use 'change: fade' (a cross-fade needs no clip), or compile this scene for another target")
}

@Test func masksAPlayerDrawsOtherwiseAreReportedAtTheMask() {
    let scene = """
        choreo: 1
        size: [100, 100]
        layers:
          - id: badge
            shape: rect
            size: [40, 40]
            mask: [{shape: ellipse, radius: 20, opacity: 0.5}, {shape: rect, size: [10, 40], mode: difference, expand: 2}]
        """
    // lottie-ios: a difference, an expansion and a mask's opacity; lottie-android: the first two.
    #expect(findings(scene, .lottieIOS) == ["7:5 error mask-not-drawn", "7:5 error mask-not-drawn", "7:5 error mask-not-drawn"])
    #expect(findings(scene, .lottieAndroid) == ["7:5 error mask-not-drawn", "7:5 error mask-not-drawn"])
    #expect(findings(scene, .web) == [])
    let plain = """
        choreo: 1
        size: [100, 100]
        layers:
          - {id: badge, shape: rect, size: [40, 40], mask: [{shape: ellipse, radius: 20}, {shape: rect, size: [10, 40], mode: subtract}]}
        """
    #expect(findings(plain, .lottieIOS) == [])
    #expect(findings(plain, .lottieAndroid) == [])
}

@Test func masksMattesAndBlendModesAreRefusedForTelegram() {
    let scene = """
        choreo: 1
        size: [100, 100]
        layers:
          - {id: spot, shape: ellipse, radius: 15, position: [50, 50], fill: white}
          - {id: photo, shape: rect, size: [40, 40], position: [50, 50], matte: {node: spot}}
          - {id: glow, shape: ellipse, radius: 10, position: [50, 50], blend: screen}
          - {id: card, shape: rect, size: [20, 20], position: [50, 50], mask: {shape: ellipse, radius: 8}}
        """
    #expect(findings(scene, .tgs) == ["5:66 error tgs-compositing", "6:64 error tgs-compositing", "7:65 error tgs-compositing"])
    #expect(findings(scene, .web) == [])
}
