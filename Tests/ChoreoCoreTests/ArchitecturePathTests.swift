import ChoreoTestSupport
import Foundation
import Testing

/// The walkthroughs in ARCHITECTURE.md are followed literally by someone new to the code, so every
/// path they name must exist, and a file must be named by its full path (a bare `NodeTree.swift`
/// leaves the reader to guess the target).
@Test func everyPathInTheWalkthroughsExists() throws {
    let root = repositoryRoot()
    let text = try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
    let start = try #require(text.range(of: "\n## Walkthroughs\n"))
    let end = try #require(text.range(of: "\n## ", range: start.upperBound..<text.endIndex))
    let section = text[start.upperBound..<end.lowerBound]
    var paths: [String] = []
    var bareFiles: [String] = []
    for (index, piece) in section.split(separator: "`", omittingEmptySubsequences: false).enumerated() where index % 2 == 1 {
        let token = String(piece)
        if token.contains(" ") { continue }
        if token.contains("/") {
            paths.append(token)
        } else if token.hasSuffix(".swift") || token.hasSuffix(".py"),
            !FileManager.default.fileExists(atPath: root.appendingPathComponent(token).path) {
            bareFiles.append(token)
        }
    }
    #expect(paths.count > 20)
    let missing = paths.filter { !FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
    #expect(missing.isEmpty, "paths in ARCHITECTURE.md's walkthroughs that do not exist: \(missing)")
    #expect(bareFiles.isEmpty, "files in ARCHITECTURE.md's walkthroughs named without their directory: \(bareFiles)")
}
