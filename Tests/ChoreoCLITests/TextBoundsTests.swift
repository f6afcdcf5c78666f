import ChoreoTestSupport
import Foundation
import Testing

// Text and fonts arrive in pull requests: a scene's text is refused at the vertex limit before
// its outlines are built, and laid out in time about linear in its length, end to end.

private func textScene(_ text: String, extra: String = "") -> String {
    "choreo: 1\nsize: [100, 100]\nfonts:\n  ui: {file: font.ttf}\nlayers:\n  - {id: t, shape: text, text: \"\(text)\", font: ui, size: 1, position: [50, 50]\(extra)}\n"
}

/// 600 KB of text peaked near 1 GB, and 7 MB crashed under a 3 GiB cap, before the vertex limit
/// refused them: every glyph's outline was built first.
@Test(arguments: [600_000, 7_000_000])
func textPastTheVertexLimitIsRefusedBeforeItsOutlinesAreBuilt(_ length: Int) throws {
    let sandbox = try Sandbox()
    try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")).write(to: sandbox.url("font.ttf"))
    try sandbox.write("text.yaml", textScene(String(repeating: "W", count: length)))
    let run = try measuredRun(["lint", "text.yaml"], in: sandbox)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.contains("[too-many-vertices]"), "\(run.stdout.prefix(500))")
    #expect(run.kilobytes < 512_000, "peak \(run.kilobytes) KB")
    #expect(run.cpuSeconds < 10, "\(run.cpuSeconds) s of CPU")
}

/// `a` + 14,000 U+0301 took 9–14 s: the layout made the cluster's text for each of its glyphs,
/// and HarfBuzz merges a cluster's marks one at a time. More than 30 marks in a row (Unicode's
/// stream-safe limit) are refused before shaping; 30 are drawn.
@Test func moreThanThirtyCombiningMarksInARowAreRefusedBeforeShaping() throws {
    let sandbox = try Sandbox()
    try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")).write(to: sandbox.url("font.ttf"))
    try sandbox.write("many.yaml", textScene("a" + String(repeating: "\u{301}", count: 14_000)))
    let many = try measuredRun(["lint", "many.yaml"], in: sandbox)
    #expect(many.status == 1)
    #expect(many.stdout.contains("error: the text has more than 30 combining marks in a row"), "\(many.stdout.prefix(300))")
    #expect(many.cpuSeconds < 2, "\(many.cpuSeconds) s of CPU")
    try sandbox.write("thirty.yaml", textScene(String(repeating: "a" + String(repeating: "\u{301}", count: 30) + " ", count: 3)))
    let thirty = try sandbox.run(["lint", "thirty.yaml"])
    #expect(thirty.status == 0, "\(thirty)")
}
