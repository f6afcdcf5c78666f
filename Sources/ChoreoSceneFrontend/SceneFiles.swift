// The front end opens no file: the program that compiles hands it a `SceneFileAccess`, and every
// file a scene names (a font, an SVG of `artwork:`) is read through it, under one rule (docs/security.md).

/// Reads the files a scene names for the compiler: `SceneFolderFiles` (ChoreoFileAccess) for
/// files beside the scene, the CLI's reader of a git revision for `choreo diff --git`. Without
/// one, a font file or an `artwork:` is an error.
public protocol SceneFileAccess: Sendable {
    /// The file `name` names (as the scene writes it: relative, `/` between folders) in the folder
    /// of the scene at `scenePath` (its `SourceFile`'s path): a regular file inside that folder,
    /// links followed only within it; at most `limit` bytes, and `tooLarge` past them.
    func read(_ name: String, besideScene scenePath: String, limit: Int) -> SceneFileRead
    /// A font file fontconfig found for a `family:` (an absolute path of the machine's fonts):
    /// a regular file, at most `limit` bytes.
    func readInstalledFont(at path: String, limit: Int) -> SceneFileRead
}

/// A file's bytes, or why they were not read.
public enum SceneFileRead: Sendable, Hashable {
    case bytes([UInt8])
    case refused(SceneFileRefusal)
}

/// Why a file a scene names was not read. What lies outside the scene's folder is never looked
/// at, so no answer tells whether something exists there.
public enum SceneFileRefusal: Error, Sendable, Hashable {
    /// An absolute path, a `..`, or an empty name.
    case outsideFolder
    /// Nothing of that name inside the folder (or a file where a folder should be).
    case missing
    /// A link on the way leads out of the folder.
    case linkOutOfFolder
    /// Links that lead to each other without end.
    case linkLoop
    /// A directory, a FIFO, a device or a socket (`kind` says which).
    case notRegularFile(kind: String)
    /// Larger than the limit asked for.
    case tooLarge
    /// The system refused to open or read it (`reason`, as `strerror` says it).
    case unreadable(reason: String)
}

/// The sentence for a refused file in a diagnostic: `what` is the kind of file ("font file"),
/// `shown` its name as the scene writes it, `limit` what `tooLarge` was past.
func refusalMessage(_ refusal: SceneFileRefusal, what: String, shown: String, limit: String) -> (message: String, help: String?) {
    switch refusal {
    case .outsideFolder:
        let article = "aeiou".contains(what.first ?? "x") ? "an" : "a"
        return ("\(article) \(what) is named relative to the scene's folder and stays inside it", nil)
    case .missing:
        return ("the \(what) '\(shown)' does not exist", "check the path: it is relative to the scene file's folder")
    case .linkOutOfFolder:
        return ("the \(what) '\(shown)' is reached through a link out of the scene's folder; only files inside the folder are read",
            "copy the file into the scene's folder")
    case .linkLoop:
        return ("the \(what) '\(shown)' is reached through links that lead to each other without end", nil)
    case let .notRegularFile(kind):
        return ("the \(what) '\(shown)' is not a regular file (\(kind))", nil)
    case .tooLarge:
        return ("the \(what) '\(shown)' is larger than \(limit)", nil)
    case let .unreadable(reason):
        return ("the \(what) '\(shown)' cannot be read (\(reason))", nil)
    }
}
