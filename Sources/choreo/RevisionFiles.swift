import ChoreoFileAccess
import ChoreoScene
import Foundation

/// The files a scene read at a git revision names (`choreo diff --git`'s old side), read from
/// that revision's tree under the same containment rule as the working tree's (`resolveInside`):
/// the old side draws its fonts and SVGs as they were at REV, and a committed link out of the
/// scene's folder is refused there too.
struct RevisionFiles: SceneFileAccess {
    let revision: String
    /// The scene's path from the repository's top (`scenes/bell.yaml`).
    let sceneName: String

    func read(_ name: String, besideScene scenePath: String, limit: Int) -> SceneFileRead {
        let folder = pathComponents((sceneName as NSString).deletingLastPathComponent)
        let tree = RevisionTree(revision: revision)
        switch resolveInside(folder, name: name, in: tree) {
        case let .success(path): return tree.read(path, limit: limit)
        case let .failure(refusal): return .refused(refusal)
        }
    }

    func readInstalledFont(at path: String, limit: Int) -> SceneFileRead {
        sceneFileAccess.readInstalledFont(at: path, limit: limit)
    }
}

/// A revision's tree as `git ls-tree` lists it, from the repository's top.
struct RevisionTree: FolderTree {
    let revision: String

    var linksMayBeAbsolute: Bool { false }

    /// The entry's mode and object, nil when the tree has none of that path.
    private func listed(_ path: [String]) -> (mode: String, object: String)? {
        let name = path.joined(separator: "/")
        guard let listing = try? git(["--literal-pathspecs", "ls-tree", "-z", "--full-tree", "--end-of-options", revision, "--", name], what: ""),
            let line = listing.split(separator: 0).first.map({ String(decoding: $0, as: UTF8.self) }),
            let tab = line.firstIndex(of: "\t"), String(line[line.index(after: tab)...]) == name
        else { return nil }
        let fields = line[..<tab].split(separator: " ")
        guard fields.count == 3 else { return nil }
        return (String(fields[0]), String(fields[2]))
    }

    func entry(at path: [String]) -> FolderEntry {
        guard let (mode, object) = listed(path) else { return .missing }
        switch mode {
        case "040000": return .directory
        case "100644", "100755": return .regularFile
        case "120000":
            guard let target = try? git(["cat-file", "blob", object], what: "", limit: 4096, cutting: true) else { return .missing }
            return .link(String(decoding: target, as: UTF8.self))
        case "160000": return .other("a submodule")
        default: return .other("not a file")
        }
    }

    func read(_ path: [String], limit: Int) -> SceneFileRead {
        guard let (mode, object) = listed(path), mode == "100644" || mode == "100755" else { return .refused(.missing) }
        guard let bytes = try? git(["cat-file", "blob", object], what: "", limit: limit + 1, cutting: true) else {
            return .refused(.unreadable(reason: "git cat-file failed"))
        }
        return bytes.count > limit ? .refused(.tooLarge) : .bytes(bytes)
    }
}

/// True when the scene's text names an `artwork:` (a changed SVG may change its drawing).
func mayUseArtwork(_ bytes: [UInt8]) -> Bool {
    let key = Array("artwork:".utf8)
    guard bytes.count >= key.count else { return false }
    return (0...(bytes.count - key.count)).contains { bytes[$0..<($0 + key.count)].elementsEqual(key) }
}
