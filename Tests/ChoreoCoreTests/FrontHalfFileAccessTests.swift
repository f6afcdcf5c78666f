import ChoreoTestSupport
import Foundation
import Testing

/// The compiler's front half (bytes to timeline) opens no file and reads no working directory:
/// every file a scene names goes through the `SceneFileAccess` the program hands it, which holds
/// the one containment rule (docs/security.md). A file API in these targets would be a second
/// way in, with its own rule, as fonts and artwork each had one.
@Test func theFrontHalfOpensNoFile() throws {
    let root = repositoryRoot()
    let targets = ["ChoreoYAML", "ChoreoDiagnostics", "ChoreoSceneModel", "ChoreoSceneSyntax", "ChoreoSceneFrontend", "ChoreoSceneLowering", "ChoreoScene"]
    let forbidden = ["FileManager", "FileHandle", "fopen(", "opendir(", "realpath(", "lstat(", "openat(", "contentsOfFile", "Data(contentsOf",
                     "String(contentsOf", "currentDirectoryPath", "getcwd(", "chdir(", "resolvingSymlinksInPath"]
    var found: [String] = []
    var files = 0
    for target in targets {
        let folder = root.appendingPathComponent("Sources/\(target)")
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { continue }
        for case let path as String in walk where path.hasSuffix(".swift") {
            files += 1
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                for name in forbidden where code.contains(name) { found.append("Sources/\(target)/\(path):\(number + 1): \(name)") }
            }
        }
    }
    #expect(files > 50)
    #expect(found.isEmpty, "file access in the front half: \(found)")
}
