import ChoreoDiagnostics
import ChoreoDiff
import ChoreoFileAccess
import ChoreoJSON
import ChoreoLottie
import ChoreoScene
import Testing

/// `text` compiled as `choreo diff` compiles each side (the files it names read beside it).
func compiled(_ text: String, path: String = "new.yaml") throws -> ComparedScene {
    let source = SourceFile(path: path, text: text)
    let (compilation, scene) = compileSceneKeepingModel(source, files: SceneFolderFiles())
    let timeline = try #require(compilation.timeline, "\(compilation.diagnostics)")
    return ComparedScene(source: source, scene: try #require(scene), timeline: timeline, lottie: LottieEmitter.emitBytes(timeline))
}

private let base = """
    choreo: 1
    name: switch
    size: [100, 60]
    layers:
      - id: track
        shape: rect
        size: [80, 40]
        position: [50, 30]
        fill: "#E5E5EA"
    states:
      off: {}
      on:
        track: {fill: "#34C759"}
    transitions:
      - from: off
        to: on
        on: tap
        duration: 0.25s
    timelines:
      blink:
        duration: 1s
        keyframes:
          track.opacity:
            - {at: 0s, value: 1}
            - {at: 1s, value: 0.5}

    """

private func changes(_ edit: (String) -> String) throws -> [MotionChange] {
    compareScenes(old: try compiled(base, path: "old.yaml"), new: try compiled(edit(base))).changes
}

@Test func anUnchangedSceneHasNoChanges() throws {
    #expect(try changes { $0 }.isEmpty)
    // Other words for the same motion.
    #expect(try changes { "# note\n" + $0.replacingOccurrences(of: "0.25s", with: "250ms") }.isEmpty)
}

@Test func aPoseKeyChangePointsAtItsOverride() throws {
    let found = try changes { $0.replacingOccurrences(of: "#34C759", with: "#30D158") }
    let pose = try #require(found.first { $0.area == .pose })
    #expect(pose.summary == "pose on.track.fill: #34c759 → #30d158")
    #expect(pose.range?.start.line == 13)
}

@Test func aBaseValueChangePointsAtTheNode() throws {
    let found = try changes { $0.replacingOccurrences(of: "size: [80, 40]", with: "size: [80, 44]") }
    let change = try #require(found.first { $0.area == .base })
    #expect(change.summary == "base track.size: [80, 40] → [80, 44]")
    #expect(change.range?.start.line == 5)
    #expect(found.contains { $0.area == .output && $0.field == "size" } || found.count == 1)
}

@Test func timingChangesAreReportedPerTransitionAndTimeline() throws {
    let found = try changes {
        $0.replacingOccurrences(of: "duration: 0.25s", with: "duration: 0.4s\n    easing: ease-out")
            .replacingOccurrences(of: "{at: 1s, value: 0.5}", with: "{at: 0.8s, value: 0.5}")
    }
    let summaries = found.map(\.summary)
    #expect(summaries.contains("transition off->on: duration 0.25 s → 0.4 s"))
    #expect(summaries.contains("transition off->on: easing linear → ease-out") || summaries.contains { $0.hasPrefix("transition off->on: easing") })
    #expect(summaries.contains("timeline blink: track.opacity keyframe 2 at 1 s → 0.8 s"))
    #expect(found.first { $0.field == "track.opacity keyframe 2 at" }?.range?.start.line == 26)
}

@Test func addedAndRemovedPartsAreReported() throws {
    let found = try changes {
        $0.replacingOccurrences(of: "\nstates:\n", with: "\n  - {id: knob, shape: ellipse, radius: 10, position: [30, 30], fill: white}\nstates:\n")
            .replacingOccurrences(of: "  off: {}\n", with: "  off: {}\n  busy: {}\n")
            .replacingOccurrences(of: "timelines:\n  blink:\n", with: "timelines:\n  flash:\n")
    }
    let summaries = Set(found.map(\.summary))
    #expect(summaries.isSuperset(of: ["node knob: added", "state busy: added", "timeline flash: added", "timeline blink: removed"]))
    #expect(found.first { $0.summary == "timeline blink: removed" }?.range == nil)
}

@Test func anOutputChangeTheModelDoesNotExplainIsStillReported() throws {
    let old = try compiled(base, path: "old.yaml")
    var new = try compiled(base)
    new.lottie.append(UInt8(ascii: " "))
    let found = compareScenes(old: old, new: new).changes.map(\.summary)
    #expect(found == ["output timeline: changed beyond the parts compared", "output Lottie: size \(old.lottie.count) bytes → \(new.lottie.count) bytes"])
}

@Test func transitionsBetweenTheSameStatesAreMatchedByTrigger() throws {
    let two = base.replacingOccurrences(of: "    duration: 0.25s\n", with: "    duration: 0.25s\n  - {from: off, to: on, on: hover, duration: 0.5s}\n")
    let old = try compiled(two, path: "old.yaml")
    // The tap transition's duration changes; the hover one, written first now, does not.
    let reordered = two.replacingOccurrences(of: "  - from: off\n    to: on\n    on: tap\n    duration: 0.25s\n", with: "")
        .replacingOccurrences(of: "  - {from: off, to: on, on: hover, duration: 0.5s}\n", with: "  - {from: off, to: on, on: hover, duration: 0.5s}\n  - {from: off, to: on, on: tap, duration: 0.3s}\n")
    let found = compareScenes(old: old, new: try compiled(reordered)).changes.map(\.summary)
    #expect(found.contains("transition off->on on tap: duration 0.25 s → 0.3 s"), "\(found)")
    #expect(!found.contains { $0.contains("on hover") }, "\(found)")
}

private let sceneWithInputs = """
    choreo: 1
    name: ring
    size: [100, 100]
    inputs:
      progress: {number: 0, range: [0, 1]}
      label: {string: "a"}
    layers:
      - {id: dot, shape: ellipse, size: [20, 20], position: [50, 50]}
    states:
      idle: {}
      done: {dot: {scale: 2}}
    transitions:
      - {from: idle, to: done, when: "progress >= 1"}

    """

@Test func inputsAddedRemovedAndChangedAreReportedWhereTheyAreDeclared() throws {
    let edited = sceneWithInputs
        .replacingOccurrences(of: "range: [0, 1]", with: "range: [0, 100]")
        .replacingOccurrences(of: "label: {string: \"a\"}", with: "muted: {boolean: true}")
    let found = compareScenes(old: try compiled(sceneWithInputs, path: "old.yaml"), new: try compiled(edited, path: "new.yaml")).changes
        .filter { $0.area == .input }
    #expect(found.map(\.summary) == ["input progress: range [0, 1] → [0, 100]", "input muted: added", "input label: removed"])
    #expect(found.first?.range?.start.line == 5)
}

@Test func aChangedDefaultIsReported() throws {
    let edited = sceneWithInputs.replacingOccurrences(of: "{number: 0,", with: "{number: 0.5,")
    let found = compareScenes(old: try compiled(sceneWithInputs, path: "old.yaml"), new: try compiled(edited, path: "new.yaml")).changes
    #expect(found.filter { $0.area == .input }.map(\.summary) == ["input progress: default 0 → 0.5"])
}
