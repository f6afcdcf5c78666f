import ChoreoScene
import ChoreoTimeline
import ChoreoYAML
import Foundation

/// The SVG importer reading `artwork:` files at a git revision, for a scene read there with
/// `git show REV:NAME`: the old side of `choreo diff --git` draws the SVG as it was at REV, not
/// as the working tree has it.
struct RevisionArtworkLoader: ArtworkLoading {
    let revision: String
    /// The scene's path from the repository's top (`scenes/bell.yaml`).
    let sceneName: String
    /// The path the scene's `SourceFile` has (`REV:scenes/bell.yaml`).
    let scenePath: String

    func artwork(from bytes: [UInt8], element: String?, fittingInto size: Point?) -> Result<LoadedArtwork, ArtworkFinding> {
        artworkLoader.artwork(from: bytes, element: element, fittingInto: size)
    }

    func artworkFile(at path: String) -> ArtworkFileContents? {
        // The front end joined the scene's folder (as `scenePath` names it) and the artwork's path.
        let folder = (scenePath as NSString).deletingLastPathComponent
        let relative = folder.isEmpty ? path : String(path.dropFirst(folder.count + 1))
        let components = ((sceneName as NSString).deletingLastPathComponent + "/" + relative)
            .split(separator: "/").filter { $0 != "." }
        let name = components.joined(separator: "/")
        guard let bytes = try? git(["show", "--end-of-options", "\(revision):\(name)"], what: "", limit: maximumGitArtworkBytes + 1) else {
            return .missing
        }
        return .bytes(bytes)
    }
}

/// One more than this is refused by the front end as too large; git is not asked for more.
private let maximumGitArtworkBytes = 8 * 1024 * 1024

/// True when the scene's text names an `artwork:` (a changed SVG may change its drawing).
func mayUseArtwork(_ bytes: [UInt8]) -> Bool {
    let key = Array("artwork:".utf8)
    guard bytes.count >= key.count else { return false }
    return (0...(bytes.count - key.count)).contains { bytes[$0..<($0 + key.count)].elementsEqual(key) }
}
