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

/// The code map may name a file by its bare name (or a folder's tail) inside the section of the
/// targets it belongs to, where the heading says which folder to look in; a file of another
/// target, or a shorthand such as `Frontend/…`, sends the reader to the wrong folder, so it must
/// be the full path.
@Test func everyFileInTheCodeMapIsFoundInItsSection() throws {
    let root = repositoryRoot()
    let text = try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
    let start = try #require(text.range(of: "\n## Code map\n"))
    let end = try #require(text.range(of: "\n## Walkthroughs\n", range: start.upperBound..<text.endIndex))
    let fileManager = FileManager.default
    func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return fileManager.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &directory) && directory.boolValue
    }
    /// Every file and folder below `base`, relative to the root, folders ending in `/`.
    func entries(under base: String) -> [String] {
        guard let walk = fileManager.enumerator(atPath: root.appendingPathComponent(base).path) else { return [] }
        return walk.compactMap { $0 as? String }.map { "\(base)/\($0)" }.map { isDirectory($0) ? $0 + "/" : $0 }
    }
    var checked = 0
    var unresolved: [String] = []
    for section in text[start.upperBound..<end.lowerBound].components(separatedBy: "\n### ").dropFirst() {
        let heading = String(section.prefix { $0 != "\n" })
        let targets = heading.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        let folders = targets.flatMap { ["Sources/\($0)", "Plugins/\($0)"] }.filter(isDirectory)
        let known = (folders.isEmpty ? ["Tests"] : folders).flatMap(entries(under:))
        for (index, piece) in section.split(separator: "`", omittingEmptySubsequences: false).enumerated() where index % 2 == 1 {
            var token = String(piece)
            if token.hasSuffix("/…") { token.removeLast() }
            guard !token.contains(" "), !token.hasPrefix("/"), !token.hasPrefix("."),
                token.hasSuffix(".swift") || token.hasSuffix(".py") || token.hasSuffix("/")
            else { continue }
            checked += 1
            if fileManager.fileExists(atPath: root.appendingPathComponent(token).path) { continue }
            if known.filter({ $0.hasSuffix("/" + token) }).count != 1 { unresolved.append("\(token) (under \(heading))") }
        }
    }
    #expect(checked > 100)
    #expect(unresolved.isEmpty, "files in ARCHITECTURE.md's code map not found, or not found once, in their section's folders: \(unresolved)")
}
