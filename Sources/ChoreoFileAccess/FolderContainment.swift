import ChoreoSceneFrontend

/// What a folder tree holds at a path, without following a link there: the working tree's
/// `lstat`, or a git revision's tree entry.
public enum FolderEntry: Sendable, Hashable {
    case missing
    case directory
    case regularFile
    /// A symbolic link and the text it holds.
    case link(String)
    /// Anything else (a FIFO, a device, a socket, a submodule), with what it is.
    case other(String)
}

/// A tree of folders that `resolveInside` walks: paths are component lists from its root (the
/// file system's `/`, or a repository's top).
public protocol FolderTree {
    func entry(at path: [String]) -> FolderEntry
    /// Whether a link may name a path from the root (`/…`): on a file system it may; in a
    /// repository such a link leads out of it.
    var linksMayBeAbsolute: Bool { get }
}

/// The most links one name is followed through: past it, a loop (as the kernel's `ELOOP`).
private let maximumLinks = 40

/// The one containment rule for a file a scene names: `name` (relative, `/`-separated) taken
/// from `folder` (a real path: no link on it) component by component, each link replaced by what
/// it names, must end at a regular file inside `folder`. Nothing outside `folder` but the
/// folders that hold it is ever looked at, so a link out is refused as one, whether or not its
/// target exists. Returns the file's real path.
public func resolveInside(_ folder: [String], name: String, in tree: some FolderTree) -> Result<[String], SceneFileRefusal> {
    let written = name.split(separator: "/", omittingEmptySubsequences: true)
    guard !name.hasPrefix("/"), !written.isEmpty, !written.contains("..") else { return .failure(.outsideFolder) }
    var current = folder
    // The components still to take, the next one last.
    var pending = written.reversed().map(String.init)
    var links = 0
    /// Whether `path` is `folder` or a folder holding it: real folders, known without a look.
    func holdsFolder(_ path: [String]) -> Bool { path.count <= folder.count && Array(folder.prefix(path.count)) == path }
    func isInside(_ path: [String]) -> Bool { path.count > folder.count && Array(path.prefix(folder.count)) == folder }
    while let component = pending.popLast() {
        if component.isEmpty || component == "." { continue }
        if component == ".." {
            guard !current.isEmpty || tree.linksMayBeAbsolute else { return .failure(.linkOutOfFolder) }
            if !current.isEmpty { current.removeLast() }
            continue
        }
        current.append(component)
        if holdsFolder(current) { continue }
        guard isInside(current) else { return .failure(.linkOutOfFolder) }
        let isLast = !pending.contains { !$0.isEmpty && $0 != "." }
        switch tree.entry(at: current) {
        case .missing: return .failure(.missing)
        case .directory:
            if isLast { return .failure(.notRegularFile(kind: "a directory")) }
        case .regularFile:
            if !isLast { return .failure(.missing) }
        case let .link(target):
            links += 1
            guard links <= maximumLinks else { return .failure(.linkLoop) }
            current.removeLast()
            if target.hasPrefix("/") {
                guard tree.linksMayBeAbsolute else { return .failure(.linkOutOfFolder) }
                current = []
            }
            pending += target.split(separator: "/", omittingEmptySubsequences: true).reversed().map(String.init)
        case let .other(kind):
            return .failure(isLast ? .notRegularFile(kind: kind) : .missing)
        }
    }
    // Links can end at the folder, or a folder holding it.
    guard isInside(current) else { return .failure(current == folder ? .notRegularFile(kind: "a directory") : .linkOutOfFolder) }
    return .success(current)
}

extension SceneFileRefusal {
    /// Why the file was not read, in words, for a message that names the file itself.
    public var reason: String {
        switch self {
        case .outsideFolder: "it is not named relative to the folder, inside it"
        case .missing: "it does not exist"
        case .linkOutOfFolder: "it is reached through a link out of the folder"
        case .linkLoop: "it is reached through a symbolic link loop"
        case let .notRegularFile(kind): "not a regular file (\(kind))"
        case .tooLarge: "it is larger than the limit"
        case let .unreadable(reason): reason
        }
    }
}
