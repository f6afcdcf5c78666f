import Foundation
import Testing

// `choreo snapshot` and `choreo preview`.

@Test func snapshotOfABrokenSceneExitsOneAndWritesNothing() throws {
    let sandbox = try Sandbox()
    try sandbox.write("broken.yaml", Scenes.broken)
    let result = try sandbox.run(["snapshot", "broken.yaml", "--at", "0s", "-o", "still.svg"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.hasPrefix("broken.yaml:"))
    #expect(!sandbox.exists("still.svg"))
}

@Test func snapshotTimesInEveryUnitAgree() throws {
    let sandbox = try Sandbox()
    try sandbox.write("pulse.yaml", Scenes.pulse)
    // The default fps is 60, so 30f, 500ms and 0.5s are one instant.
    var outputs: [String] = []
    for (index, time) in ["0.5s", "500ms", "30f"].enumerated() {
        let result = try sandbox.run(["snapshot", "pulse.yaml", "--at", time, "-o", "stills/\(index).svg"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "wrote stills/\(index).svg\n")
        outputs.append(try #require(sandbox.read("stills/\(index).svg")))
    }
    #expect(Set(outputs).count == 1)
    #expect(outputs[0].contains("<svg"))
    let start = try sandbox.run(["snapshot", "pulse.yaml", "--at", "0s", "-o", "start.svg"])
    #expect(start.status == 0)
    #expect(sandbox.read("start.svg") != outputs[0], "opacity differs between 0s and 0.5s")
}

@Test func snapshotPastTheEndIsAUsageError() throws {
    let sandbox = try Sandbox()
    try sandbox.write("pulse.yaml", Scenes.pulse)
    let result = try sandbox.run(["snapshot", "pulse.yaml", "--at", "5s", "-o", "late.svg"])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderr.contains("time 5s is past the end of the timeline"), "\(result)")
    #expect(!sandbox.exists("late.svg"))
}

@Test func snapshotOfAStateUsesItsPose() throws {
    let sandbox = try Sandbox()
    try sandbox.write("toggle.yaml", Scenes.toggle)
    #expect(try sandbox.run(["snapshot", "toggle.yaml", "--state", "off", "-o", "off.svg"]).status == 0)
    #expect(try sandbox.run(["snapshot", "toggle.yaml", "--state", "on", "-o", "on.svg"]).status == 0)
    #expect(try sandbox.run(["snapshot", "toggle.yaml", "--at", "0s", "-o", "zero.svg"]).status == 0)
    let off = try #require(sandbox.read("off.svg"))
    #expect(off != sandbox.read("on.svg"), "the two poses differ by a rotation")
    #expect(off == sandbox.read("zero.svg"), "the first pose starts the timeline")
    let typo = try sandbox.run(["snapshot", "toggle.yaml", "--state", "onn", "-o", "x.svg"])
    #expect(typo.status == 2)
    #expect(typo.stderr.contains("no state named 'onn'; did you mean 'on'? (states: off, on)"), "\(typo)")
}

/// A state left by a guard on an input's default (`on -> off when "not on"`) is still drawn as
/// asked: only inputs given on the command line move the machine on from it.
@Test func snapshotOfAStateLeftByAGuardOnItsDefaultIsThatState() throws {
    let sandbox = try Sandbox()
    try sandbox.write("switch.yaml", """
        choreo: 1
        size: [120, 80]
        inputs:
          on: {boolean: false}
        layers:
          - {id: knob, shape: ellipse, radius: 15, position: [46, 40], fill: white}
        states:
          off: {}
          on: {knob: {position: [74, 40]}}
        transitions:
          - {from: off, to: on, when: "on"}
          - {from: on, to: off, when: "not on"}
        """)
    #expect(try sandbox.run(["snapshot", "switch.yaml", "--state", "on", "-o", "on.svg"]).status == 0)
    #expect(try sandbox.run(["snapshot", "switch.yaml", "--state", "on", "--input", "on=false", "-o", "settled.svg"]).status == 0)
    #expect(try sandbox.run(["snapshot", "switch.yaml", "--state", "off", "-o", "off.svg"]).status == 0)
    let on = try #require(sandbox.read("on.svg"))
    #expect(on.contains("translate(74 40)"), "\(on)")
    #expect(sandbox.read("settled.svg") == sandbox.read("off.svg"), "with the input given, the guard leaves 'on'")
}

@Test func snapshotRefusesToOverwriteItsInput() throws {
    let sandbox = try Sandbox()
    try sandbox.write("dot.yaml", Scenes.dot)
    let result = try sandbox.run(["snapshot", "dot.yaml", "--at", "0s", "-o", "dot.yaml"])
    #expect(result.status == 1, "\(result)")
    #expect(sandbox.read("dot.yaml") == Scenes.dot)
}

@Test func previewWritesAnHTMLPageNamedAfterTheScene() throws {
    let sandbox = try Sandbox()
    try sandbox.write("toggle.yaml", Scenes.toggle)
    let result = try sandbox.run(["preview", "toggle.yaml", "-o", "site"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "wrote site/toggle.html\n")
    let page = try #require(sandbox.read("site/toggle.html"))
    #expect(page.lowercased().hasPrefix("<!doctype html>"))
    #expect(page.contains("<svg"))
}
