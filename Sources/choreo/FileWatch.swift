import Foundation
import ChoreoScene

/// What a poll sees of a file: editors save by writing a new file and renaming it over the old
/// one, which changes the inode even when the size and the second of the mtime do not.
struct FileStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    /// Nil when the file cannot be seen (in the middle of a rename, or removed).
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = info.st_mtim.tv_sec
        modifiedNanoseconds = info.st_mtim.tv_nsec
    }
}

/// How often `--watch` and `--serve` look at the scene files: often enough that a page reloads
/// well within a second of a save, rarely enough to cost nothing.
let watchInterval: TimeInterval = 0.2

/// Polls `scenes` and the SVG files their `artwork:` nodes name for ever, calling `changed` with
/// the scenes whose file or one of whose SVGs has a stamp that differs from the last poll. A file
/// that disappears is reported when it comes back (an editor's rename is over by the next poll),
/// so a half-saved file is never compiled twice. A scene's SVGs are looked up again each time
/// the scene changes (an edit may name others).
func watchScenes(_ scenes: [String], command: CommandName, changed: ([String]) -> Void) -> Never {
    func artwork(of scene: String) -> [String] {
        (try? readScene(scene, command: command)).map { artworkFiles(in: $0) } ?? []
    }
    var inputs = Dictionary(uniqueKeysWithValues: scenes.map { ($0, artwork(of: $0)) })
    var stamps: [String: FileStamp?] = [:]
    for path in scenes + inputs.values.flatMap({ $0 }) { stamps[path] = FileStamp(path: path) }
    while true {
        Thread.sleep(forTimeInterval: watchInterval)
        var changedFiles: Set<String> = []
        for path in stamps.keys.sorted() {
            let stamp = FileStamp(path: path)
            guard stamp != stamps[path] ?? nil else { continue }
            stamps[path] = stamp
            if stamp != nil { changedFiles.insert(path) }
        }
        let changedScenes = scenes.filter { scene in changedFiles.contains(scene) || inputs[scene, default: []].contains(where: changedFiles.contains) }
        guard !changedScenes.isEmpty else { continue }
        for scene in changedScenes where changedFiles.contains(scene) {
            inputs[scene] = artwork(of: scene)
            for path in inputs[scene, default: []] where stamps[path] == nil { stamps[path] = FileStamp(path: path) }
        }
        changed(changedScenes)
    }
}
