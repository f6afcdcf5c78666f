import ChoreoDiagnostics
import ChoreoSceneSyntax
import ChoreoTimeline
import Testing

/// The editor's edits on small scenes, pinned to the bytes they write.
@Suite struct SceneEditTests {
    let scene = """
        # A comment that stays.
        choreo: 1
        size: [120, 120]

        vars:
          red: "#FF2D55"
          quick: 300ms
          base: &base {fill: $red, opacity: 0.5}

        layers:
          - id: ring          # the ring
            shape: ellipse
            radius: 34
            position: [60, 60]
            fill: $red
          - id: dot
            <<: *base
            shape: ellipse
            radius: 4
            rotation: 0.25turn

        states:
          idle: {}
          big:
            ring: {scale: 2}

        timelines:
          pulse:
            duration: 1s
            keyframes:
              ring.scale:
                - {at: 0s, value: 1}
                - {at: 0.5s, value: 1.2, easing: ease-out}

        """

    func edited(_ result: Result<SceneEdit, SceneEditFailure>, _ document: SceneDocument) throws -> String {
        let edit = try result.get()
        return try #require(edit.applied(to: document))
    }

    @Test func aValueInABlockMapIsReplacedInPlace() throws {
        let document = SceneDocument(text: scene)
        let text = try edited(document.setting(["layers", .index(0), "radius"], to: .number(40.5)), document)
        #expect(text == scene.replacingOccurrences(of: "radius: 34", with: "radius: 40.5"))
    }

    @Test func aValueInAFlowListKeepsItsNeighbours() throws {
        let document = SceneDocument(text: scene)
        let text = try edited(document.setting(["layers", .index(0), "position", .index(1)], to: .number(61)), document)
        #expect(text == scene.replacingOccurrences(of: "position: [60, 60]", with: "position: [60, 61]"))
    }

    @Test func aValueFromAVarIsEditedAtItsDefinitionAndSaysHowManyPlacesReadIt() throws {
        let document = SceneDocument(text: scene)
        let edit = try document.setting(["layers", .index(0), "fill"], to: .color(RGBA(0, 0, 1, 1))).get()
        #expect(edit.places == 2)
        #expect(edit.message.contains("2 places"))
        #expect(edit.applied(to: document) == scene.replacingOccurrences(of: "red: \"#FF2D55\"", with: "red: \"#0000FF\""))
    }

    @Test func aMergedValueIsEditedInTheAnchoredMap() throws {
        let document = SceneDocument(text: scene)
        let edit = try document.setting(["layers", .index(1), "opacity"], to: .number(0.75)).get()
        #expect(edit.places == 1)
        #expect(edit.applied(to: document) == scene.replacingOccurrences(of: "opacity: 0.5}", with: "opacity: 0.75}"))
    }

    @Test func timesAndAnglesKeepTheirUnits() throws {
        let document = SceneDocument(text: scene)
        let time = try edited(document.setting(["vars", "quick"], to: .seconds(0.25)), document)
        #expect(time == scene.replacingOccurrences(of: "quick: 300ms", with: "quick: 250ms"))
        let angle = try edited(document.setting(["layers", .index(1), "rotation"], to: .degrees(180)), document)
        #expect(angle == scene.replacingOccurrences(of: "rotation: 0.25turn", with: "rotation: 0.5turn"))
    }

    @Test func textIsQuotedOnlyWhenItMustBe() throws {
        let document = SceneDocument(text: scene)
        let plain = try edited(document.setting(["layers", .index(0), "shape"], to: .string("rect")), document)
        #expect(plain.contains("shape: rect\n    radius: 34"))
        let quoted = try edited(document.setting(["layers", .index(0), "shape"], to: .string("a: b # c")), document)
        #expect(quoted.contains("shape: \"a: b # c\"\n    radius: 34"))
    }

    @Test func aKeyIsInsertedOnItsOwnLineAtItsSiblingsIndentation() throws {
        let document = SceneDocument(text: scene)
        let text = try edited(document.inserting(SceneKey(.opacity), .number(0.5), into: ["layers", .index(0)]), document)
        #expect(text == scene.replacingOccurrences(of: "    fill: $red\n  - id: dot", with: "    fill: $red\n    opacity: 0.5\n  - id: dot"))
    }

    @Test func aKeyInAFlowMapGoesAfterAComma() throws {
        let document = SceneDocument(text: scene)
        let text = try edited(document.inserting(SceneKey(.opacity), .number(0), into: ["states", "big", "ring"]), document)
        #expect(text.contains("ring: {scale: 2, opacity: 0}\n"))
        let empty = try edited(document.inserting(SceneKey(name: "ring"), .map([SceneEntry(SceneKey(.scale), .number(3))], .flow), into: ["states", "idle"]), document)
        #expect(empty.contains("idle: {ring: {scale: 3}}\n"))
    }

    @Test func aKeyframeIsInsertedInTimeOrderInItsNeighboursStyle() throws {
        let document = SceneDocument(text: scene)
        let text = try edited(document.insertingKeyframe(timeline: "pulse", track: "ring.scale", at: 0.25, value: .number(1.5)), document)
        #expect(text.contains("""
                    - {at: 0s, value: 1}
                    - {at: 0.25s, value: 1.5}
                    - {at: 0.5s, value: 1.2, easing: ease-out}
            """))
        let newTrack = try edited(document.insertingKeyframe(timeline: "pulse", track: "ring.opacity", at: 1, value: .number(0)), document)
        #expect(newTrack.hasSuffix("""
                    - {at: 0.5s, value: 1.2, easing: ease-out}
                  ring.opacity:
                    - {at: 1s, value: 0}

            """))
    }

    @Test func anEntryIsRemovedWithItsLines() throws {
        let document = SceneDocument(text: scene)
        let text = try edited(document.removing(["layers", .index(0), "radius"]), document)
        #expect(text == scene.replacingOccurrences(of: "    radius: 34\n    position", with: "    position"))
        let first = try edited(document.removing(["layers", .index(0), "id"]), document)
        #expect(first.contains("  - shape: ellipse\n    radius: 34"))
        let flow = try edited(document.removing(["timelines", "pulse", "keyframes", "ring.scale", .index(1), "easing"]), document)
        #expect(flow.contains("- {at: 0.5s, value: 1.2}\n"))
    }

    @Test func renamingANodeRenamesWhatNamesIt() throws {
        let document = SceneDocument(text: scene)
        let edit = try document.renamingNode("ring", to: "halo").get()
        let text = try #require(edit.applied(to: document))
        #expect(text.contains("- id: halo          # the ring"))
        #expect(text.contains("halo: {scale: 2}"))
        #expect(text.contains("halo.scale:"))
        #expect(!text.contains("ring:") && !text.contains("ring.") && !text.contains("id: ring"))
        #expect(document.renamingNode("ring", to: "dot") == .failure(.keyExists("dot")))
        #expect(document.renamingNode("ring", to: "9x") == .failure(.invalidName("9x")))
    }

    @Test func aFileThatDoesNotParseIsADocumentWithoutARoot() {
        let document = SceneDocument(text: "a: [1, 2\n")
        #expect(document.root == nil)
        #expect(!document.diagnostics.isEmpty)
        #expect(document.setting(["a"], to: .number(1)) == .failure(.unreadable))
    }

    @Test func everyKeyAndValueKnowsItsRange() throws {
        let document = SceneDocument(text: scene)
        let fill = try #require(document.node(at: ["layers", .index(0), "fill"]))
        #expect(document.text(fill) == "$red")
        #expect(document[fill].range.description == "15:11-15:15")
        let definition = document.definition(of: fill)
        #expect(document.text(definition) == "\"#FF2D55\"")
        let anchored = try #require(document.node(at: ["layers", .index(1), "fill"]))
        #expect(document.text(anchored) == "$red")
        #expect(document.places(readingDefinition: definition) == 2)
    }
}

extension Result where Success == SceneEdit, Failure == SceneEditFailure {
    static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case let (.failure(x), .failure(y)): return x == y
        default: return false
        }
    }
}
