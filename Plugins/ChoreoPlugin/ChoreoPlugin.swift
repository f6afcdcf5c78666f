import Foundation
import PackagePlugin

/// Compiles every `*.choreo.yaml` (or `*.choreo.yml`) among a target's source files into Lottie
/// JSON at build time. The outputs land in the plugin's work directory and SwiftPM bundles them as
/// resources of the target, so the app loads them with `Bundle.module.url(forResource: NAME,
/// withExtension: "json")`.
///
/// Each scene is one build command: only a changed scene is recompiled. Choreo is given the
/// scene's absolute path, so its `path:line:col: error: …` lines point at the file wherever the
/// build log is read (`swift build`, Xcode), and an error exits 1, which fails the build.
@main
struct ChoreoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let sources = target as? SourceModuleTarget else { return [] }
        let choreo = try context.tool(named: "choreo").url
        let outputDirectory = context.pluginWorkDirectoryURL.appending(path: "Choreo", directoryHint: .isDirectory)
        // `directoryURL` needs tools version 6.1; this package is 6.0.
        let configURL = URL(fileURLWithPath: String(describing: sources.directory)).appending(path: PluginConfiguration.fileName)
        let configuration = try PluginConfiguration(contentsOf: configURL)
        return sources.sourceFiles.compactMap { file -> Command? in
            let scene = file.url
            guard isSceneFile(scene.lastPathComponent) else { return nil }
            let name = sceneName(of: scene)
            return .buildCommand(
                displayName: "Compiling \(scene.lastPathComponent) with Choreo",
                executable: choreo,
                arguments: ["compile", scene.path, "-o", outputDirectory.path] + configuration.arguments,
                inputFiles: configuration.exists ? [scene, configURL] : [scene],
                outputFiles: configuration.outputNames(for: name).map { outputDirectory.appending(path: $0) })
        }
    }
}

/// `choreo-plugin.json` beside a target's sources, optional: `{"emit": ["lottie", "svg"],
/// "target": "lottie-ios"}`. `emit` is passed to `--emit` (default `["lottie"]`) and `target` to
/// `--target` (default `web`); the plugin needs both to know the files each scene produces.
struct PluginConfiguration {
    static let fileName = "choreo-plugin.json"
    /// The file each `--emit` kind writes for a scene `NAME`.
    static let emitSuffixes = [
        "lottie": ".json", "svg": ".svg", "svg-reel": ".reel.svg", "timeline": ".timeline.json", "dotlottie": ".lottie",
    ]

    var exists = false
    var emit = ["lottie"]
    var target: String?

    init(contentsOf url: URL) throws {
        guard let data = FileManager.default.contents(atPath: url.path) else { return }
        exists = true
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw PluginError("\(url.path): expected a JSON object such as {\"emit\": [\"lottie\"], \"target\": \"lottie-ios\"}")
        }
        for key in object.keys.sorted() where key != "emit" && key != "target" {
            throw PluginError("\(url.path): unknown key '\(key)'; the keys are emit and target")
        }
        if let value = object["emit"] {
            guard let kinds = value as? [String], !kinds.isEmpty else {
                throw PluginError("\(url.path): 'emit' is a non-empty list of strings, such as [\"lottie\", \"svg\"]")
            }
            for kind in kinds where Self.emitSuffixes[kind] == nil {
                throw PluginError("\(url.path): unknown emit kind '\(kind)'; known: \(Self.emitSuffixes.keys.sorted().joined(separator: ", "))")
            }
            emit = kinds
        }
        if let value = object["target"] {
            guard let text = value as? String else { throw PluginError("\(url.path): 'target' is a string, such as \"lottie-ios\"") }
            target = text
        }
    }

    var arguments: [String] {
        ["--emit", emit.joined(separator: ",")] + (target.map { ["--target", $0] } ?? [])
    }

    func outputNames(for name: String) -> [String] {
        var names = emit.compactMap { Self.emitSuffixes[$0].map { name + $0 } }
        if target == "tgs" { names.append(name + ".tgs") }
        return names
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

func isSceneFile(_ fileName: String) -> Bool {
    fileName.hasSuffix(".choreo.yaml") || fileName.hasSuffix(".choreo.yml")
}

/// The name Choreo gives the scene's outputs, which SwiftPM must know before the command runs:
/// the top-level `name:` when it is written on a line of its own (`name: spinner`), otherwise the
/// file name without `.choreo.yaml`, made an identifier (the compiler's default, docs/scene-format.md).
/// A `name:` written another way (inside a flow map, through an alias) is not seen here; the build
/// then stops with a missing-output error naming the file expected (docs/swiftpm-plugin.md).
func sceneName(of scene: URL) -> String {
    if let text = try? String(contentsOf: scene, encoding: .utf8) {
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) where line.hasPrefix("name:") {
            var value = line.dropFirst("name:".count)
            if let comment = value.range(of: " #") { value = value[..<comment.lowerBound] }
            var trimmed = value.trimmingCharacters(in: .whitespaces)
            if trimmed.count >= 2, let first = trimmed.first, first == "\"" || first == "'", trimmed.last == first {
                trimmed = String(trimmed.dropFirst().dropLast())
            }
            if !trimmed.isEmpty { return trimmed }
        }
    }
    var stem = scene.lastPathComponent
    for suffix in [".choreo.yaml", ".choreo.yml", ".yaml", ".yml"] where stem.hasSuffix(suffix) {
        stem.removeLast(suffix.count)
        break
    }
    return identifier(from: stem)
}

/// The compiler's rule for turning a file stem into a scene name (`sanitizedIdentifier`).
func identifier(from stem: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in stem.unicodeScalars {
        let ok = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "_" || scalar == "-"
        out.append(ok ? scalar : "-")
    }
    var result = String(out)
    while result.hasPrefix("-") { result.removeFirst() }
    while result.hasSuffix("-") { result.removeLast() }
    guard let first = result.unicodeScalars.first else { return "scene" }
    if ("0"..."9").contains(first) { result = "_" + result }
    return result
}
