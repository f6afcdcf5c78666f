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

/// Polls `paths` for ever, calling `changed` with the files whose stamp differs from the last
/// poll. A file that disappears is reported when it comes back (an editor's rename is over by
/// the next poll), so a half-saved file is never compiled twice.
func watchFiles(_ paths: [String], changed: ([String]) -> Void) -> Never {
    watchFiles(following: { paths }, changed: changed)
}
