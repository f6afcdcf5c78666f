import ChoreoTestSupport
import Foundation
import Testing

// `artwork:` through the binary: the depfile lists the SVG, and `--watch` recompiles when it changes.

private let badge = """
    <svg width="40" height="20" xmlns="http://www.w3.org/2000/svg">
      <rect id="plate" width="40" height="20" fill="#335"/>
      <g id="dot" transform="translate(30 10)"><circle r="4" fill="#F44"/></g>
    </svg>
    """

private let artworkScene = """
    choreo: 1
    name: badge
    size: [40, 20]
    layers:
      - {id: badge, artwork: art/badge.svg}
    states:
      idle: {}
      alert: {dot: {scale: 2}}
    transitions:
      - {from: idle, to: alert, on: tap, duration: 0.2s}
    """

@Test func depfileListsTheArtworkSVGBesideTheScene() throws {
    let sandbox = try Sandbox()
    try sandbox.write("scene.yaml", artworkScene)
    try sandbox.write("art/badge.svg", badge)
    let result = try sandbox.run(["compile", "scene.yaml", "-o", "out", "--emit", "lottie", "--depfile", "deps.d"])
    #expect(result.status == 0, "\(result)")
    #expect(sandbox.read("deps.d") == "out/badge.json: scene.yaml art/badge.svg\n")
}

@Test func compileWatchRecompilesWhenTheArtworkChanges() throws {
    let sandbox = try Sandbox()
    try sandbox.write("scene.yaml", artworkScene)
    try sandbox.write("art/badge.svg", badge)
    let watcher = try RunningChoreo(["compile", "scene.yaml", "--watch", "-o", "out", "--emit", "lottie"], in: sandbox.root)
    func wroteLines() -> Int { watcher.stdout.split(separator: "\n").filter { $0.hasPrefix("wrote ") }.count }
    #expect(watcher.waitUntil { wroteLines() == 1 }, "stdout: \(watcher.stdout)")
    let before = sandbox.read("out/badge.json")
    try sandbox.write("art/badge.svg", badge.replacingOccurrences(of: "#F44", with: "#4F4"))
    #expect(watcher.waitUntil(.seconds(10)) { wroteLines() == 2 }, "stdout: \(watcher.stdout)")
    #expect(sandbox.read("out/badge.json") != before)
    #expect(watcher.interrupt(within: .seconds(2)) == 0)
}
