import ChoreoTestSupport
import Foundation
import Testing

// The registry of outputs (`Sources/choreo/OutputKinds.swift`): the file each `--emit` kind writes,
// the usage text and the argument errors all come from one table.

/// `ChoreoPlugin.emitSuffixes`, read from the plugin's source: the plugin cannot link the CLI.
private func pluginEmitSuffixes() throws -> [String: String] {
    let source = try String(
        contentsOf: repositoryRoot().appendingPathComponent("Plugins/ChoreoPlugin/ChoreoPlugin.swift"), encoding: .utf8)
    let start = try #require(source.range(of: "static let emitSuffixes = ["))
    let end = try #require(source.range(of: "]", range: start.upperBound..<source.endIndex))
    let literal = source[start.upperBound..<end.lowerBound]
    var suffixes: [String: String] = [:]
    let pair = try Regex(#""([a-z-]+)": "([a-z.]+)""#)
    for match in literal.matches(of: pair) {
        suffixes[String(match.output[1].substring!)] = String(match.output[2].substring!)
    }
    return suffixes
}

@Test func thePluginNamesEachOutputAsTheCompilerWritesIt() throws {
    let suffixes = try pluginEmitSuffixes()
    #expect(suffixes.count >= 5, "\(suffixes)")
    let sandbox = try Sandbox()
    try sandbox.write("dot.yaml", Scenes.dot)
    for (kind, suffix) in suffixes.sorted(by: { $0.key < $1.key }) {
        let result = try sandbox.run(["compile", "dot.yaml", "-o", "out-\(kind)", "--emit", kind])
        #expect(result.status == 0, "\(result)")
        #expect(sandbox.list("out-\(kind)") == ["dot\(suffix)"], "--emit \(kind)")
    }
}

@Test func anUnknownEmitKindListsEveryKind() throws {
    let sandbox = try Sandbox()
    try sandbox.write("dot.yaml", Scenes.dot)
    let result = try sandbox.run(["compile", "dot.yaml", "--emit", "png"])
    #expect(result.status == 2, "\(result)")
    #expect(
        result.stderr.contains(
            "invalid value 'png' for '--emit': expected lottie, dotlottie, svg, svg-reel, timeline, swift-api or ts-api (comma-separated)"),
        "\(result)")
}

@Test func theHelpListsEveryEmitKind() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["compile", "--help"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("[--emit lottie,dotlottie,svg,svg-reel,timeline,swift-api,ts-api]"), "\(result)")
    #expect(
        result.stdout.contains(
            "  --emit LIST        comma-separated outputs: lottie, dotlottie, svg,\n                     svg-reel, timeline, swift-api, ts-api\n"),
        "\(result)")
}
