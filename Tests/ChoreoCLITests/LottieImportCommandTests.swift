import Foundation
import Testing

/// `choreo import` on Lottie documents, through the built binary: what it writes, what it prints
/// and with what status.
@Suite struct LottieImportCommandTests {
    private let bouncingDot = #"""
        {"v":"5.7.4","fr":30,"ip":0,"op":30,"w":100,"h":100,"nm":"Bounce","layers":[
          {"ty":4,"nm":"Dot","ip":0,"op":30,"st":0,
           "ks":{"p":{"a":1,"k":[{"t":0,"s":[50,20],"o":{"x":[0.33],"y":[0]},"i":{"x":[0.67],"y":[1]}},{"t":15,"s":[50,80]},{"t":30,"s":[50,20]}]},
                 "o":{"a":0,"k":100,"x":"wiggle(1, 5)"}},
           "ef":[{"ty":5,"nm":"Slider Control","en":1}],
           "shapes":[{"ty":"el","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]}},{"ty":"fl","c":{"a":0,"k":[1,0.2,0.2,1]},"o":{"a":0,"k":100}}]}]}
        """#

    /// lottie-unsupported: a warning per thing left out, at its JSON pointer; the scene compiles.
    @Test func aDocumentBecomesASceneThatCompilesWithWarningsAtPointers() throws {
        let sandbox = try Sandbox()
        try sandbox.write("bounce.json", bouncingDot)
        let imported = try sandbox.run(["import", "bounce.json", "-o", "bounce.yaml"])
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stderr == """
            bounce.json:/layers/0/ef/0: warning: an effect (Slider Control), which this importer does not map; it is left out [lottie-unsupported]
            bounce.json:/layers/0/ks/o/x: warning: an expression, which a scene cannot hold: the property keeps its keyframes' values [lottie-unsupported]

            """)
        let scene = try #require(sandbox.read("bounce.yaml"))
        #expect(scene.hasPrefix("# Imported from bounce.json by choreo import.\nchoreo: 1\nname: Bounce\nsize: [100, 100]\nfps: 30\n"))
        #expect(scene.contains("""
                  Dot.position:
                    - {at: 0s, value: [50, 20]}
                    - {at: 0.5s, value: [50, 80], easing: {cubic-bezier: [0.33, 0, 0.67, 1]}}
                    - {at: 1s, value: [50, 20]}
            """))
        let compiled = try sandbox.run(["compile", "bounce.yaml", "--emit", "lottie", "-o", "out"])
        #expect(compiled.status == 0, "\(compiled)")
        #expect(compiled.stderr.isEmpty, "\(compiled)")
    }

    /// lottie-refused: malformed JSON, with its pointer, line and column; nothing written.
    @Test func malformedJSONIsRefusedAndNothingIsWritten() throws {
        let sandbox = try Sandbox()
        try sandbox.write("broken.lot", "{\"fr\": 30,\n \"layers\": [{\"ty\": 4, \"nm\": tru}]}")
        let result = try sandbox.run(["import", "broken.lot", "-o", "broken.yaml"])
        #expect(result.status == 1)
        #expect(result.stderr == "broken.lot:/layers/0/nm: error: malformed JSON at line 2, column 29: expected 'true' [lottie-refused]\n")
        #expect(!sandbox.exists("broken.yaml"))
    }
}
