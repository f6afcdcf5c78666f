import Foundation

/// The files each scene's last compilation read besides itself (its fonts), kept for `--watch`
/// and `preview --serve`, which follow them too: the compiling thread writes, the watching one reads.
final class SceneDependencies: @unchecked Sendable {
    private let lock = NSLock()
    private var filesByScene: [String: [String]] = [:]

    func record(_ files: [String], for scene: String) {
        lock.lock()
        defer { lock.unlock() }
        filesByScene[scene] = files
    }

    /// Every file some scene depends on, each once, in a stable order.
    var allFiles: [String] {
        lock.lock()
        defer { lock.unlock() }
        return Array(Set(filesByScene.values.joined())).sorted()
    }

    /// The scenes that read `file`.
    func scenes(reading file: String) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return filesByScene.filter { $0.value.contains(file) }.map(\.key).sorted()
    }
}

/// Polls the files `following()` names for ever (asked again at every poll, so a font a scene
/// starts to use is followed from its next compilation on), calling `changed` with the files
/// whose stamp differs from the last poll. A file seen for the first time is only noted; one that
/// disappears is reported when it comes back.
func watchFiles(following: () -> [String], changed: ([String]) -> Void) -> Never {
    var stamps: [String: FileStamp?] = [:]
    for path in following() { stamps[path] = FileStamp(path: path) }
    while true {
        Thread.sleep(forTimeInterval: watchInterval)
        var changedPaths: [String] = []
        for path in following() {
            let stamp = FileStamp(path: path)
            guard let previous = stamps[path] else {
                stamps[path] = stamp
                continue
            }
            guard stamp != previous else { continue }
            stamps[path] = stamp
            if stamp != nil { changedPaths.append(path) }
        }
        if !changedPaths.isEmpty { changed(changedPaths) }
    }
}
