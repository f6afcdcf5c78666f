import ChoreoArchive
import ChoreoDiagnostics
import ChoreoScene
import Foundation
import Testing

@testable import ChoreoLottieImport

/// Small documents written for these tests: what each Lottie construct becomes in the scene, and
/// that the scene compiles.
@Suite struct LottieImportTests {
    private func imported(_ json: String, source: String = "anim.json") throws -> ImportedLottie {
        try LottieImporter.importDocument(Array(json.utf8), source: source).get()
    }

    /// The scene's text, checked to compile without errors.
    private func scene(_ json: String) throws -> String {
        let text = try imported(json).text()
        let compilation = compileScene(SourceFile(path: "imported.yaml", text: text))
        #expect(!compilation.diagnostics.hasErrors, "\(compilation.diagnostics)\n\(text)")
        return text
    }

    private func document(layers: String, extra: String = "") -> String {
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":100,"nm":"Demo"\#(extra),"layers":[\#(layers)]}"#
    }

    private let transform = #""ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[100,50]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}}"#

    @Test func aShapeLayerBecomesAGroupOfShapesWithItsStyleAndTransform() throws {
        let text = try scene(document(layers: #"""
            {"ty":4,"nm":"Card Layer","ind":1,"ip":0,"op":60,"st":0,\#(transform),"shapes":[
              {"ty":"gr","nm":"Box","it":[
                {"ty":"rc","nm":"Box Path","s":{"a":0,"k":[40,20]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":4}},
                {"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":2,"lj":2},
                {"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":50},"r":1},
                {"ty":"tr","p":{"a":0,"k":[10,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":45},"o":{"a":0,"k":100}}]}]}
            """#))
        #expect(text.contains("size: [200, 100]\nfps: 30\n"))
        #expect(text.contains("  - id: Card-Layer\n    shape: group\n    anchor: [0, 0]\n    position: [100, 50]\n"))
        #expect(text.contains("      - id: Box\n        shape: group\n        anchor: [0, 0]\n        position: [10, 0]\n        rotation: 45deg\n"))
        // The stroke above the fill in Lottie's list: one node, stroked over its fill; the fill's opacity in its colour.
        #expect(text.contains(
            "          - id: Box-Path\n            shape: rect\n            size: [40, 20]\n            corner-radius: 4\n"
                + "            stroke: {color: \"#FF0000\", width: 2, cap: round, join: round}\n            fill: \"#0000FF80\"\n"))
    }

    @Test func keyframesKeepTheirBezierEasingAndHoldsBecomeHold() throws {
        let text = try scene(document(layers: #"""
            {"ty":4,"nm":"Dot","ip":0,"op":60,"st":0,"ks":{"o":{"a":1,"k":[
                {"t":0,"s":[0],"o":{"x":[0.33],"y":[0]},"i":{"x":[0.67],"y":[1]}},
                {"t":15,"s":[100],"h":1},
                {"t":30,"s":[40],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},
                {"t":60,"s":[0]}]},
              "p":{"a":0,"k":[100,50]}},"shapes":[{"ty":"el","s":{"a":0,"k":[10,10]},"p":{"a":0,"k":[0,0]}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}
            """#))
        #expect(text.contains("""
                  Dot.opacity:
                    - {at: 0s, value: 0}
                    - {at: 0.5s, value: 1, easing: {cubic-bezier: [0.33, 0, 0.67, 1]}}
                    - {at: 1s, value: 0.4, easing: hold}
                    - {at: 2s, value: 0}
            """))
        #expect(text.contains("  main:\n    duration: 2s\n    loop: true\n"))
    }

    @Test func aLoopThatEndsElsewhereJumpsBackWithAHoldKeyframe() throws {
        let text = try scene(document(layers: #"""
            {"ty":4,"nm":"Bar","ip":0,"op":60,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,50]},{"t":30,"s":[200,50]}]}},
             "shapes":[{"ty":"rc","s":{"a":0,"k":[10,10]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}
            """#))
        #expect(text.contains("- {at: 1s, value: [200, 50]}\n        - {at: 2s, value: [0, 50], easing: hold}\n"))
    }

    @Test func spatialTangentsBecomeTheKeyframesPath() throws {
        let text = try scene(document(layers: #"""
            {"ty":4,"nm":"Bell","ao":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":1,"k":[
                {"t":0,"s":[20,80],"to":[40,-80],"ti":[-40,-80],"o":{"x":0.4,"y":0},"i":{"x":0.6,"y":1}},
                {"t":30,"s":[180,80],"to":[0,0],"ti":[0,0]},{"t":60,"s":[20,80]}]}},
             "shapes":[{"ty":"el","s":{"a":0,"k":[10,10]},"p":{"a":0,"k":[0,0]}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}
            """#))
        #expect(text.contains("  - id: Bell\n    shape: group\n    anchor: [0, 0]\n    position: [20, 80]\n    orient: auto\n"), "\(text)")
        #expect(text.contains("""
                  Bell.position:
                    - {at: 0s, value: [20, 80], path: {out: [40, -80]}}
                    - {at: 1s, value: [180, 80], path: {in: [-40, -80]}, easing: {cubic-bezier: [0.4, 0, 0.6, 1]}}
                    - {at: 2s, value: [20, 80]}
            """), "\(text)")
    }

    @Test func masksMattesAndBlendModesBecomeTheNodesTraits() throws {
        let square = #"{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[-40,-40],[40,-40],[40,40],[-40,40]],"c":true}"#
        let small = #"{"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[-10,-10],[10,-10],[0,10]],"c":true}"#
        let large = #"{"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[-20,-20],[20,-20],[0,20]],"c":true}"#
        let dot = #""shapes":[{"ty":"el","s":{"a":0,"k":[60,60]},"p":{"a":0,"k":[0,0]}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}]"#
        let text = try scene(document(layers: #"""
            {"ty":4,"nm":"Spot","ind":1,"td":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[100,50]}},\#(dot)},
            {"ty":4,"nm":"Photo","ind":2,"tt":2,"bm":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[100,50]}},"masksProperties":[
                {"mode":"a","pt":{"a":0,"k":\#(square)},"o":{"a":0,"k":100},"x":{"a":0,"k":0}},
                {"mode":"n","pt":{"a":0,"k":\#(square)}},
                {"inv":true,"mode":"s","nm":"Hole","o":{"a":0,"k":50},"x":{"a":0,"k":3},"pt":{"a":1,"k":[
                  {"t":0,"s":[\#(small)],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":30,"s":[\#(large)]}]}}],\#(dot)},
            {"ty":4,"nm":"Unused Matte","ind":3,"td":1,"ip":0,"op":60,"st":0,"ks":{},\#(dot)}
            """#))
        #expect(text.contains("""
              - id: Photo
                shape: group
                anchor: [0, 0]
                position: [100, 50]
                mask:
                  - {shape: path, d: "M -40 -40 L 40 -40 L 40 40 L -40 40 Z"}
                  - {id: Hole, shape: path, d: "M -10 -10 L 10 -10 L 0 10 Z", mode: subtract, opacity: 0.5, expand: 3, inverted: true}
                blend: multiply
                matte: {node: Spot, mode: alpha-inverted}
                children:
            """), "\(text)")
        #expect(text.contains("  - id: Spot\n"))
        // A matte no layer uses is not drawn, as in the players.
        #expect(!text.contains("Unused-Matte"))
        #expect(text.contains("      Hole.d:\n        - {at: 0s, value: \"M -10 -10 L 10 -10 L 0 10 Z\"}\n"))
    }

    @Test func nullsAndLayersAreParentsTheirChildrenNameAndWindowsAreVisible() throws {
        let dot = #""shapes":[{"ty":"el","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]"#
        let text = try scene(document(layers: #"""
            {"ty":3,"nm":"Rig","ind":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[50,50]},{"t":30,"s":[150,50]}]},"o":{"a":0,"k":0}}},
            {"ty":4,"nm":"Arm","ind":2,"parent":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[10,0]},"r":{"a":0,"k":30}},\#(dot)},
            {"ty":4,"nm":"Hand","ind":3,"parent":2,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[20,0]}},\#(dot)},
            {"ty":4,"nm":"Flash","ind":4,"ip":30,"op":60,"st":0,"ks":{"p":{"a":0,"k":[100,20]}},\#(dot)},
            {"ty":4,"nm":"Spark","ind":5,"parent":4,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[5,5]}},\#(dot)}
            """#))
        // A window is the node's `visible:`; parents are named, the null drawing nothing.
        #expect(text.contains("  - id: Spark\n    shape: group\n    anchor: [0, 0]\n    position: [5, 5]\n    parent: Flash\n    children:\n"), "\(text)")
        #expect(text.contains("  - id: Flash\n    shape: group\n    anchor: [0, 0]\n    position: [100, 20]\n    visible: [1s, 2s]\n    children:\n"))
        #expect(text.contains("  - id: Hand\n    shape: group\n    anchor: [0, 0]\n    position: [20, 0]\n    parent: Arm\n    children:\n"))
        #expect(text.contains("  - id: Arm\n    shape: group\n    anchor: [0, 0]\n    position: [10, 0]\n    rotation: 30deg\n    parent: Rig\n    children:\n"))
        #expect(text.contains("  - id: Rig\n    shape: group\n    anchor: [0, 0]\n    position: [50, 50]\n    children: []\ntimelines:\n"))
        #expect(text.contains("      Rig.position:\n        - {at: 0s, value: [50, 50]}\n        - {at: 1s, value: [150, 50]}\n"))
    }

    @Test func windowsAloneStillMakeTheTimelineThatPlaysThem() throws {
        let text = try scene(document(layers: #"""
            {"ty":4,"nm":"Blink","ip":15,"op":45,"st":0,"ks":{"p":{"a":0,"k":[100,50]}},
             "shapes":[{"ty":"el","s":{"a":0,"k":[10,10]},"p":{"a":0,"k":[0,0]}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}
            """#))
        #expect(text.contains("    visible: [0.5s, 1.5s]\n"), "\(text)")
        #expect(text.hasSuffix("timelines:\n  main:\n    duration: 2s\n    loop: true\n"), "\(text)")
    }

    @Test func separateDimensionsKeepEachAxissOwnKeyframesAndEasing() throws {
        let text = try scene(document(layers: #"""
            {"ty":4,"nm":"Ball","ip":0,"op":60,"st":0,"ks":{"p":{"s":true,
                "x":{"a":1,"k":[{"t":0,"s":[20],"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},{"t":60,"s":[180]}]},
                "y":{"a":1,"k":[{"t":0,"s":[80],"o":{"x":[0.2],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[20]},{"t":60,"s":[80]}]}}},
             "shapes":[{"ty":"el","s":{"a":0,"k":[10,10]},"p":{"a":0,"k":[0,0]}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}
            """#, extra: #","markers":[{"tm":30,"cm":"top","dr":0}]"#))
        #expect(text.contains("  - id: Ball\n    shape: group\n    anchor: [0, 0]\n    position: [20, 80]\n"), "\(text)")
        #expect(text.contains("""
                  Ball.position.x:
                    - {at: 0s, value: 20}
                    - {at: 1.999s, value: 180, easing: {cubic-bezier: [0.4, 0, 0.6, 1]}}
                    - {at: 2s, value: 20, easing: hold}
                  Ball.position.y:
                    - {at: 0s, value: 80}
                    - {at: 1s, value: 20, easing: {cubic-bezier: [0.2, 0, 1, 1]}}
                    - {at: 2s, value: 80}
            """), "\(text)")
        // A pose writes the point.
        #expect(text.contains("  top:\n    Ball: {position: [100, 20]}\n"), "\(text)")
    }

    @Test func aBlendModeWithoutACSSNameIsAWarningAtIt() throws {
        let dot = #""shapes":[{"ty":"el","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]"#
        let result = try imported(document(layers: #"""
            {"ty":4,"nm":"Add","bm":16,"ip":0,"op":60,"st":0,"ks":{},\#(dot)},
            {"ty":4,"nm":"Huge","bm":1e300,"ip":0,"op":60,"st":0,"ks":{},\#(dot)}
            """#))
        let found = result.warnings.map { "\($0.location(in: "anim.json")): \($0.message)" }
        #expect(found.contains("anim.json:/layers/0/bm: a blend mode (16) that has no CSS equivalent; the layer is drawn normally"), "\(found)")
        #expect(found.contains { $0.hasPrefix("anim.json:/layers/1/bm: a blend mode (") })
        #expect(!result.text().contains("blend:"))
    }

    @Test func aSegmentCrossingTheAnimationsStartIsCutWithItsExactMotion() {
        // ease-in-out cut at half its time: the part after is a curve of its own, and the value
        // at the cut is the curve's.
        let curve = TimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        let part = curve.part(from: 0.5, to: 1)
        #expect(abs(part.from - 0.5) < 1e-9)
        for t in stride(from: 0.0, through: 1.0, by: 0.125) {
            let whole = curve.progress(at: 0.5 + t / 2)
            let cut = part.from + (part.to - part.from) * part.curve.progress(at: t)
            #expect(abs(whole - cut) < 1e-6, "at \(t)")
        }
    }

    @Test func aTrimBelowTheStrokeTrimsWhatItStrokesAndAnEllipseStartsAtTwelve() throws {
        let text = try scene(document(layers: #"""
            {"ty":4,"nm":"Spinner","ip":0,"op":60,"st":0,\#(transform),"shapes":[
              {"ty":"el","nm":"Ring","s":{"a":0,"k":[40,30]},"p":{"a":0,"k":[0,0]}},
              {"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":1,"lj":1},
              {"ty":"tm","s":{"a":0,"k":0},"e":{"a":1,"k":[{"t":0,"s":[0]},{"t":60,"s":[100]}]},"o":{"a":0,"k":90},"m":1}]}
            """#))
        #expect(text.contains(
            "      - id: Ring\n        shape: ellipse\n        size: [30, 40]\n        rotation: -90deg\n        trim: {end: 0, offset: 0.25}\n"
                + "        stroke: {color: \"#000000\", width: 4}\n        fill: none\n"))
        // The loop starts over from 0: the last keyframe moves a millisecond back for the jump.
        #expect(text.contains("Ring.trim.end:\n        - {at: 0s, value: 0}\n        - {at: 1.999s, value: 1}\n        - {at: 2s, value: 0, easing: hold}\n"))
    }

    @Test func pathsUnderOneFillAreOneOutlineSoTheFillRuleCutsTheirHoles() throws {
        let text = try scene(document(layers: #"""
            {"ty":4,"nm":"Ring","ip":0,"op":60,"st":0,\#(transform),"shapes":[
              {"ty":"el","s":{"a":0,"k":[40,40]},"p":{"a":0,"k":[0,0]}},
              {"ty":"rc","s":{"a":0,"k":[10,10]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},
              {"ty":"fl","nm":"Fill","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"r":2}]}
            """#))
        #expect(text.contains(
            "      - id: Fill\n        shape: path\n"
                + "        d: \"M 0 -20 C 11.0383 -20 20 -11.0383 20 0 C 20 11.0383 11.0383 20 0 20 C -11.0383 20 -20 11.0383 -20 0 C -20 -11.0383 -11.0383 -20 0 -20 Z M 5 -5 L 5 5 L -5 5 L -5 -5 Z\"\n"
                + "        fill: \"#000000\"\n        fill-rule: evenodd\n"))
    }

    @Test func aGradientFillKeepsItsPointsAndMergesItsOpacityStops() throws {
        let text = try scene(document(layers: #"""
            {"ty":4,"nm":"Pill","ip":0,"op":60,"st":0,\#(transform),"shapes":[
              {"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[-20,-10],[20,-10],[20,10],[-20,10]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}},
              {"ty":"gf","o":{"a":0,"k":100},"r":1,"s":{"a":0,"k":[-20,0]},"e":{"a":0,"k":[20,0]},"t":1,
               "g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1,0,1,1,0.5]}}}]}
            """#))
        #expect(text.contains("""
                    d: "M -20 -10 L 20 -10 L 20 10 L -20 10 Z"
                    fill:
                      linear: {from: [-20, 0], to: [20, 0]}
                      stops: [[0, "#FF0000"], [1, "#0000FF80"]]
            """))
    }

    @Test func dashesStartWhereTheOffsetFallsInThePattern() throws {
        let text = try scene(document(layers: #"""
            {"ty":4,"nm":"Line","ip":0,"op":60,"st":0,\#(transform),"shapes":[
              {"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[[0,0],[100,0]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}},
              {"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":1,"lj":1,
               "d":[{"n":"d","v":{"a":0,"k":6}},{"n":"g","v":{"a":0,"k":4}},{"n":"o","v":{"a":0,"k":2}}]}]}
            """#))
        #expect(text.contains("stroke: {color: \"#000000\", width: 2, dash: [4, 4, 2, 0]}"))
    }

    @Test func whatASceneCannotHoldIsAWarningAtItsPointer() throws {
        let result = try imported(document(layers: #"""
            {"ty":4,"nm":"Fx","ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[0,0],"x":"wiggle(2, 10)"}},
             "ef":[{"ty":5,"nm":"Slider Control","en":1}],
             "shapes":[{"ty":"rc","s":{"a":0,"k":[10,10]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"mm","mm":1},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]},
            {"ty":2,"nm":"Photo","refId":"image_0","ip":0,"op":60,"st":0,"ks":{}}
            """#))
        let found = result.warnings.map { "\($0.location(in: "anim.json")): \($0.message)" }
        #expect(found.contains { $0.hasPrefix("anim.json:/layers/0/ks/p/x: an expression") })
        #expect(found.contains { $0.hasPrefix("anim.json:/layers/0/ef/0: an effect (Slider Control)") })
        #expect(found.contains { $0.hasPrefix("anim.json:/layers/0/shapes/1: merge paths") })
        #expect(found.contains { $0.hasPrefix("anim.json:/layers/1: an image layer") })
        #expect(result.warnings.allSatisfy { $0.offset != nil })
    }

    @Test func malformedJSONIsRefusedWithItsPointerLineAndColumn() {
        let json = "{\"fr\": 30,\n \"layers\": [{\"ty\": 4, \"nm\": tru}]}"
        guard case let .failure(error) = LottieImporter.importDocument(Array(json.utf8), source: "bad.json") else {
            Issue.record("accepted")
            return
        }
        #expect(error.location(in: "bad.json") == "bad.json:/layers/0/nm")
        #expect(error.message == "malformed JSON at line 2, column 29: expected 'true'")
    }

    @Test func jsonThatIsNotLottieIsRefused() {
        for (json, message) in [
            ("[1, 2]", "not a Lottie document: the JSON is not an object"),
            ("{\"fr\": 30}", "not a Lottie document: it has no `layers` array"),
            ("{\"fr\": 0, \"ip\": 0, \"op\": 10, \"w\": 10, \"h\": 10, \"layers\": []}", "`fr` (frames per second) must be a number from 1 to 240, as a scene's `fps`"),
        ] {
            guard case let .failure(error) = LottieImporter.importDocument(Array(json.utf8), source: "x.json") else {
                Issue.record("accepted \(json)")
                continue
            }
            #expect(error.message == message)
        }
    }

    @Test func theReaderIsBoundedAndTakesTheLastOfRepeatedKeys() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        guard case let .failure(error) = LottieJSONReader.read(Array(deep.utf8)) else {
            Issue.record("accepted")
            return
        }
        #expect(error.message == "nested more than 256 deep")
        let repeated = try LottieJSONReader.read(Array(#"{"a": 1, "a": 2.5e1, "s": "\u00e9\n"}"#.utf8)).get()
        #expect(repeated["a"]?.number == 25)
        #expect(repeated["s"]?.string == "é\n")
    }

    @Test func idsAreMadeIdentifiersAndUnique() {
        var ids = IdentifierRegistry()
        #expect(ids.unique("Shape Layer 1", fallback: "layer") == "Shape-Layer-1")
        #expect(ids.unique("Shape Layer 1", fallback: "layer") == "Shape-Layer-1-2")
        #expect(ids.unique("360º_degree", fallback: "layer") == "_360-_degree")
        #expect(ids.unique("★", fallback: "layer") == "layer")
        #expect(ids.unique("play", fallback: "layer") == "play-node")
        #expect(ids.unique("null", fallback: "layer") == "null-node")
        #expect(ids.unique("True", fallback: "layer") == "True-node")
    }

    @Test func aDotLottieArchiveImportsItsAnimation() throws {
        var archive = ZipArchive()
        archive.add(path: "manifest.json", data: Array(#"{"version":"2","animations":[{"id":"wave"}]}"#.utf8))
        archive.add(path: "a/wave.json", data: Array(document(layers: #"""
            {"ty":4,"nm":"Wave","ip":0,"op":60,"st":0,\#(transform),"shapes":[{"ty":"el","s":{"a":0,"k":[10,10]},"p":{"a":0,"k":[0,0]}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}
            """#).utf8))
        let result = try LottieImporter.importDocument(archive.bytes(), source: "wave.lottie").get()
        #expect(result.text().contains("  - id: Wave\n"))
        // A damaged archive is refused, not read past its end.
        var damaged = archive.bytes()
        damaged.removeLast(30)
        guard case let .failure(error) = LottieImporter.importDocument(damaged, source: "wave.lottie") else {
            Issue.record("accepted")
            return
        }
        #expect(error.message.hasPrefix("not a dotLottie archive"))
    }
}
