import ChoreoFileAccess
import ChoreoScene
import Testing

/// A tree in memory that remembers every path it was asked about.
private final class RecordingTree: FolderTree {
    var entries: [String: FolderEntry]
    var asked: [[String]] = []
    let linksMayBeAbsolute: Bool

    init(_ entries: [String: FolderEntry], linksMayBeAbsolute: Bool = true) {
        self.entries = entries
        self.linksMayBeAbsolute = linksMayBeAbsolute
    }

    func entry(at path: [String]) -> FolderEntry {
        asked.append(path)
        return entries[path.joined(separator: "/")] ?? .missing
    }
}

private let folder = ["repo", "scenes"]

/// The scene's folder `/repo/scenes` with `art/ball.svg`, `fonts/` and links of every kind.
private func tree(linksMayBeAbsolute: Bool = true) -> RecordingTree {
    RecordingTree([
        "repo": .directory, "repo/scenes": .directory, "repo/secret.txt": .regularFile, "etc/passwd": .regularFile,
        "repo/scenes/art": .directory, "repo/scenes/art/ball.svg": .regularFile,
        "repo/scenes/current": .link("art"),
        "repo/scenes/ball.svg": .link("current/../art/ball.svg"),
        "repo/scenes/up": .link("sub/../.."), "repo/scenes/sub": .directory,
        "repo/scenes/out.svg": .link("../secret.txt"),
        "repo/scenes/abs.svg": .link("/etc/passwd"),
        "repo/scenes/back.svg": .link("../scenes/art/ball.svg"),
        "repo/scenes/loop.svg": .link("loop.svg"),
        "repo/scenes/here": .link("."),
        "repo/scenes/fifo": .other("a FIFO"),
    ], linksMayBeAbsolute: linksMayBeAbsolute)
}

@Test(arguments: [
    ("art/ball.svg", "art/ball.svg"), ("./art//ball.svg", "art/ball.svg"), ("current/ball.svg", "art/ball.svg"), ("ball.svg", "art/ball.svg"),
    // Out to the folders that hold the scene's and back in: only real folders on its own path.
    ("back.svg", "art/ball.svg"),
])
func aFileInsideTheFolderIsFoundThroughLinksInsideIt(_ name: String, _ real: String) throws {
    #expect(try resolveInside(folder, name: name, in: tree()).get() == folder + real.split(separator: "/").map(String.init))
}

@Test(arguments: [
    ("/etc/passwd", SceneFileRefusal.outsideFolder), ("../secret.txt", .outsideFolder), ("art/../../secret.txt", .outsideFolder), ("", .outsideFolder),
    ("up/secret.txt", .linkOutOfFolder), ("up/nothing.txt", .linkOutOfFolder), ("out.svg", .linkOutOfFolder), ("abs.svg", .linkOutOfFolder),
    ("loop.svg", .linkLoop), ("missing.svg", .missing), ("art/ball.svg/x", .missing),
    ("art", .notRegularFile(kind: "a directory")), ("here", .notRegularFile(kind: "a directory")), ("fifo", .notRegularFile(kind: "a FIFO")),
])
func whatLeavesTheFolderIsRefused(_ name: String, _ refusal: SceneFileRefusal) {
    #expect(throws: refusal) { try resolveInside(folder, name: name, in: tree()).get() }
}

/// Nothing outside the folder is looked at: a link out is refused as one whether its target
/// exists or not, so the answer tells nothing about what is there.
@Test(arguments: ["up/secret.txt", "up/nothing.txt", "out.svg", "abs.svg", "back.svg", "ball.svg", "loop.svg"])
func nothingOutsideTheFolderIsLookedAt(_ name: String) {
    let recording = tree()
    _ = resolveInside(folder, name: name, in: recording)
    #expect(recording.asked.allSatisfy { $0.count > folder.count && Array($0.prefix(folder.count)) == folder }, "\(recording.asked)")
}

/// In a repository's tree (a git revision) a link from the root leads out of it.
@Test func aRevisionsLinkFromTheRootLeadsOut() {
    let revision = RecordingTree(["scenes": .directory, "scenes/a.yaml": .link("/etc/passwd"), "scenes/b.yaml": .link("../../x")], linksMayBeAbsolute: false)
    #expect(throws: SceneFileRefusal.linkOutOfFolder) { try resolveInside([], name: "scenes/a.yaml", in: revision).get() }
    #expect(throws: SceneFileRefusal.linkOutOfFolder) { try resolveInside([], name: "scenes/b.yaml", in: revision).get() }
}
