import Foundation
import Testing

// `compile --watch` and `preview --serve` follow the font files a scene reads, not only the scene.

private let textScene = """
    choreo: 1
    size: [100, 40]
    fonts:
      ui: {file: fonts/ui.ttf}
    layers:
      - {id: label, shape: text, text: "Hi", font: ui, size: 20, position: [50, 20], fill: black}
    """

/// Puts a font at `fonts/ui.ttf` by writing a new file and renaming it over the old, as editors
/// and `cp` into place do.
private func installFont(_ sandbox: Sandbox, from system: String) throws {
    try FileManager.default.createDirectory(at: sandbox.url("fonts"), withIntermediateDirectories: true)
    let temporary = sandbox.url("fonts/ui.ttf.new")
    try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/\(system)")).write(to: temporary)
    #expect(rename(temporary.path, sandbox.url("fonts/ui.ttf").path) == 0)
}

@Suite("--watch and --serve follow font files")
struct FontWatchTests {
    @Test func compileWatchRecompilesWhenAFontTheSceneReadsChanges() throws {
        let sandbox = try Sandbox()
        try installFont(sandbox, from: "DejaVuSans.ttf")
        try sandbox.write("scene.yaml", textScene)
        let watcher = try RunningChoreo(["compile", "scene.yaml", "--watch", "-o", "out"], in: sandbox.root)
        func wroteLines() -> Int { watcher.stdout.split(separator: "\n").filter { $0.hasPrefix("wrote ") }.count }
        #expect(watcher.waitUntil { wroteLines() == 2 }, "stdout: \(watcher.stdout)")
        let regular = sandbox.read("out/scene.json")
        try installFont(sandbox, from: "DejaVuSans-Bold.ttf")
        #expect(watcher.waitUntil(.seconds(10)) { wroteLines() == 4 }, "stdout: \(watcher.stdout)")
        #expect(sandbox.read("out/scene.json") != regular, "the bold glyphs are in the output")
        #expect(watcher.interrupt(within: .seconds(2)) == 0)
    }

    @Test func previewServeReloadsWhenAFontTheSceneReadsChanges() throws {
        let sandbox = try Sandbox()
        try installFont(sandbox, from: "DejaVuSans.ttf")
        try sandbox.write("scene.yaml", textScene)
        let (server, port) = try startServer(sandbox, "scene.yaml")
        defer { withExtendedLifetime(server) {} }
        #expect(try get(port, "/version").body == "1")
        try installFont(sandbox, from: "DejaVuSans-Bold.ttf")
        var version = ""
        for _ in 0..<30 where version != "2" {
            Thread.sleep(forTimeInterval: 0.1)
            version = try get(port, "/version").body
        }
        #expect(version == "2")
    }
}
