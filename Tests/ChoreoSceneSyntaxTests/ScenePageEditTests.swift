import ChoreoSceneSyntax
import Testing

/// The preview's edits by hand (a handle dragged, a node moved), pinned to the bytes they write:
/// only the edited value changes, in the unit the file writes it in, snapped to frames unless free.
@Suite struct ScenePageEditTests {
    let scene = """
        # Comments stay where they are.
        choreo: 1
        size: [200, 200]
        fps: 60

        vars:
          quick: &quick 250ms   # shared
          soft: {cubic-bezier: [0.2, 0, 0, 1]}

        layers:
          - id: dot
            shape: ellipse
            radius: 10
            position: [100, 100]
          - id: bar
            shape: rect
            size: [40, 10]
            position: [100, 160]

        states:
          idle: {}
          open:
            dot:
              offset: [0, -20]   # up a bit
            bar: {opacity: 0.5}

        transitions:
          - from: idle
            to: open
            duration: 300ms
            delay: 6f
            easing: {spring: {response: 0.4, damping-fraction: 0.8}}
            nodes:
              bar: {duration: *quick, easing: $soft}
          - {from: open, to: idle, delay: $quick, duration: 0.5s, easing: ease-out}

        timelines:
          pulse:
            duration: 2s
            keyframes:
              dot.scale:
                - {at: 0%, value: 1}
                - at: 50%     # the peak
                  value: 1.4
                - {at: 100%, value: 1}

        """

    func applied(_ edit: ScenePageEdit, _ text: String? = nil, position: (String, String) -> (x: Double, y: Double)? = { _, _ in nil }) throws -> (SceneEdit, String) {
        let document = SceneDocument(text: text ?? scene)
        let result = try document.edit(for: edit, position: position).get()
        return (result, try #require(result.applied(to: document)))
    }

    /// `text` is `scene` with exactly one occurrence of `old` replaced by `new`.
    func expectOnly(_ text: String, replaced old: String, with new: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(scene.components(separatedBy: old).count == 2, "'\(old)' is not unique in the scene", sourceLocation: sourceLocation)
        #expect(text == scene.replacingOccurrences(of: old, with: new), sourceLocation: sourceLocation)
    }

    @Test func aTimeKeepsItsUnitAndSnapsToAFrame() throws {
        // 0.41 s is frame 24.6: snapped to frame 25, 416.67 ms, written in whole ms.
        let (_, ms) = try applied(.time(path: ["transitions", .index(0), "duration"], seconds: 0.41, snap: true, percentOf: nil))
        expectOnly(ms, replaced: "duration: 300ms", with: "duration: 417ms")
        let (_, free) = try applied(.time(path: ["transitions", .index(0), "duration"], seconds: 0.41, snap: false, percentOf: nil))
        expectOnly(free, replaced: "duration: 300ms", with: "duration: 410ms")
        let (_, frames) = try applied(.time(path: ["transitions", .index(0), "delay"], seconds: 0.2, snap: true, percentOf: nil))
        expectOnly(frames, replaced: "delay: 6f", with: "delay: 12f")
        let (_, seconds) = try applied(.time(path: ["transitions", .index(1), "duration"], seconds: 0.7, snap: true, percentOf: nil))
        expectOnly(seconds, replaced: "duration: 0.5s, easing", with: "duration: 0.7s, easing")
        let (_, thirds) = try applied(.time(path: ["transitions", .index(1), "duration"], seconds: 0.71, snap: true, percentOf: nil))
        expectOnly(thirds, replaced: "duration: 0.5s, easing", with: "duration: 0.717s, easing")
    }

    @Test func aPercentageStaysAPercentageOfItsDuration() throws {
        let (_, text) = try applied(.time(path: ["timelines", "pulse", "keyframes", "dot.scale", .index(1), "at"], seconds: 1.5, snap: true, percentOf: 2))
        expectOnly(text, replaced: "at: 50%     # the peak", with: "at: 75%     # the peak")
        let document = SceneDocument(text: scene)
        let unknown = document.edit(for: .time(path: ["timelines", "pulse", "keyframes", "dot.scale", .index(1), "at"], seconds: 1, snap: true, percentOf: nil))
        #expect(throws: SceneEditFailure.self) { try unknown.get() }
    }

    @Test func aTimeFromAnAnchorIsEditedWhereItIsDefinedAndSaysSo() throws {
        let (edit, text) = try applied(.time(path: ["transitions", .index(0), "nodes", "bar", "duration"], seconds: 0.1, snap: true, percentOf: nil))
        #expect(edit.places == 2)
        expectOnly(text, replaced: "quick: &quick 250ms   # shared", with: "quick: &quick 100ms   # shared")
    }

    @Test func aTimeNotWrittenIsAddedInItsNeighboursUnit() throws {
        let (_, text) = try applied(.time(path: ["transitions", .index(0), "nodes", "bar", "delay"], seconds: 0.1, snap: true, percentOf: nil))
        expectOnly(text, replaced: "bar: {duration: *quick, easing: $soft}", with: "bar: {duration: *quick, easing: $soft, delay: 100ms}")
        let document = SceneDocument(text: scene)
        #expect(throws: SceneEditFailure.self) {
            try document.edit(for: .time(path: ["transitions", .index(0), "nodes", "dot", "delay"], seconds: 0.1, snap: true, percentOf: nil)).get()
        }
    }

    @Test func aCubicBezierListChangesNumberByNumber() throws {
        let (edit, text) = try applied(.cubic(path: ["transitions", .index(0), "nodes", "bar", "easing"], points: [0.3, 0, 0.1, 1.004], snap: true))
        #expect(edit.places == 1)
        expectOnly(text, replaced: "soft: {cubic-bezier: [0.2, 0, 0, 1]}", with: "soft: {cubic-bezier: [0.3, 0, 0.1, 1]}")
    }

    @Test func aNamedEasingBecomesTheCurveWrittenAsAString() throws {
        let (_, text) = try applied(.cubic(path: ["transitions", .index(1), "easing"], points: [0.25, 0.1, 0.25, 1], snap: true))
        expectOnly(text, replaced: "easing: ease-out}", with: "easing: \"cubic-bezier(0.25, 0.1, 0.25, 1)\"}")
    }

    @Test func aSpringKeepsItsFormAndChangesOnlyItsNumbers() throws {
        let (_, text) = try applied(.spring(path: ["transitions", .index(0), "easing"], parameters: ["response": 0.55, "damping-fraction": 0.8], snap: true))
        expectOnly(text, replaced: "response: 0.4, damping", with: "response: 0.55, damping")
        // Another form replaces the whole easing value (the spring map), nothing around it.
        let (_, other) = try applied(.spring(path: ["transitions", .index(0), "easing"], parameters: ["duration": 0.5, "bounce": 0.3], snap: true))
        expectOnly(other, replaced: "{spring: {response: 0.4, damping-fraction: 0.8}}", with: "{spring: {duration: 0.5s, bounce: 0.3}}")
    }

    @Test func movingANodeChangesItsOffsetInThatState() throws {
        let (_, text) = try applied(.move(state: "open", node: "dot", dx: 4.4, dy: -10.2, snap: true))
        expectOnly(text, replaced: "offset: [0, -20]   # up a bit", with: "offset: [4, -30]   # up a bit")
        let (_, free) = try applied(.move(state: "open", node: "dot", dx: 4.4, dy: 0, snap: false))
        expectOnly(free, replaced: "offset: [0, -20]", with: "offset: [4.4, -20]")
    }

    @Test func movingANodeAStateDoesNotPoseWritesItsPosition() throws {
        let where_ = { (_: String, node: String) -> (x: Double, y: Double)? in node == "bar" ? (100, 160) : nil }
        let (_, text) = try applied(.move(state: "open", node: "bar", dx: 10, dy: 0, snap: true), position: where_)
        expectOnly(text, replaced: "bar: {opacity: 0.5}", with: "bar: {opacity: 0.5, position: [110, 160]}")
        let (_, idle) = try applied(.move(state: "idle", node: "bar", dx: 0, dy: -5, snap: true), position: where_)
        expectOnly(idle, replaced: "idle: {}", with: "idle: {bar: {position: [100, 155]}}")
        let document = SceneDocument(text: scene)
        #expect(throws: SceneEditFailure.self) { try document.edit(for: .move(state: "open", node: "nobody", dx: 1, dy: 0, snap: true)).get() }
        #expect(throws: SceneEditFailure.self) { try document.edit(for: .move(state: "gone", node: "dot", dx: 1, dy: 0, snap: true)).get() }
    }

    @Test func theOutlineReadsEveryTimeWithItsPathAndPlaces() throws {
        let outline = SceneDocument(text: scene).timingOutline
        #expect(outline.fps == 60)
        #expect(outline.states == ["idle", "open"])
        let transition = try #require(outline.items.first)
        #expect(transition.title == "idle->open")
        #expect(transition.bars.map(\.label) == ["transition", "bar"])
        #expect(transition.bars[0].delay.seconds == 0.1)
        #expect(transition.bars[0].duration.text == "300ms")
        #expect(transition.bars[1].duration.places == 2)
        #expect(transition.bars[0].easing?.springForm == "response")
        let pulse = try #require(outline.items.last)
        #expect(pulse.kind == "timeline")
        #expect(pulse.tracks.first?.keyframes.map(\.at.seconds) == [0, 1, 2])
        #expect(pulse.tracks.first?.keyframes[1].path == ["timelines", "pulse", "keyframes", "dot.scale", .index(1)])
    }

    @Test func requestsAreReadStrictlyAndBounded() throws {
        func parse(_ text: String) -> Result<ScenePageEditRequest, ScenePageEditRequest.Invalid> { ScenePageEditRequest.parse(Array(text.utf8)) }
        let good = try parse(#"{"token": "t", "base": "h", "op": "time", "path": ["transitions", 0, "duration"], "seconds": 0.5, "snap": false}"#).get()
        #expect(good.edit == .time(path: ["transitions", .index(0), "duration"], seconds: 0.5, snap: false, percentOf: nil))
        for bad in [
            #"{"base": "h", "op": "undo"}"#, #"{"token": "t", "base": "h", "op": "erase"}"#,
            #"{"token": "t", "base": "h", "op": "time", "path": [], "seconds": 1}"#,
            #"{"token": "t", "base": "h", "op": "time", "path": ["a", -1], "seconds": 1}"#,
            #"{"token": "t", "base": "h", "op": "time", "path": ["a"], "seconds": -1}"#,
            #"{"token": "t", "base": "h", "op": "cubic", "path": ["a"], "points": [2, 0, 0, 1]}"#,
            #"{"token": "t", "base": "h", "op": "spring", "path": ["a"], "parameters": {"response": 1, "bounce": 0.2}}"#,
            #"{"token": "t", "base": "h", "op": "move", "state": "s", "node": "n", "dx": 1e9, "dy": 0}"#,
            "[1, 2]", "{",
        ] {
            #expect(throws: ScenePageEditRequest.Invalid.self, "\(bad)") { try parse(bad).get() }
        }
        let huge = #"{"token": "t", "base": "h", "op": "undo", "pad": ""# + String(repeating: "x", count: ScenePageEditRequest.maximumBytes) + "\"}"
        #expect(throws: ScenePageEditRequest.Invalid.self) { try parse(huge).get() }
    }
}
