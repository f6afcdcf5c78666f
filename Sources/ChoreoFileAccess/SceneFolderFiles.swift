import ChoreoSceneFrontend
import Foundation

/// The files a scene names, read from the file system under the one containment rule
/// (`resolveInside`): what `choreo` hands the compiler. A scene's path is taken as the system
/// takes it (relative to the working directory), or relative to `base` when given (`choreo diff
/// --git` names scenes from the repository's top without changing the working directory).
public struct SceneFolderFiles: SceneFileAccess {
    public let base: String?

    public init(base: String? = nil) {
        self.base = base
    }

    public func read(_ name: String, besideScene scenePath: String, limit: Int) -> SceneFileRead {
        let directory = (scenePath as NSString).deletingLastPathComponent
        let located = scenePath.hasPrefix("/") || base == nil ? directory : joined(base!, directory)
        guard let folder = realPath(located.isEmpty ? "." : located) else { return .refused(.missing) }
        switch resolveInside(pathComponents(folder), name: name, in: FileSystemTree()) {
        case let .success(path): return readRegularFile(path, limit: limit)
        case let .failure(refusal): return .refused(refusal)
        }
    }

    public func readInstalledFont(at path: String, limit: Int) -> SceneFileRead {
        guard let real = realPath(path) else { return .refused(.missing) }
        return readRegularFile(pathComponents(real), limit: limit)
    }
}

private func joined(_ base: String, _ path: String) -> String {
    path.isEmpty ? base : base.hasSuffix("/") ? base + path : base + "/" + path
}

/// The canonical absolute path (every link resolved), or nil if it does not resolve.
public func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// The components of an absolute path (`/a/b` → `["a", "b"]`).
public func pathComponents(_ absolute: String) -> [String] {
    absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
}

/// The file system from `/`, as `lstat` and `readlink` see it.
public struct FileSystemTree: FolderTree {
    public init() {}

    public var linksMayBeAbsolute: Bool { true }

    public func entry(at path: [String]) -> FolderEntry {
        let absolute = "/" + path.joined(separator: "/")
        var status = stat()
        guard lstat(absolute, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regularFile
        case S_IFLNK:
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(absolute, &buffer, buffer.count - 1)
            guard length >= 0 else { return .missing }
            return .link(String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
        default: return .other(fileKind(status.st_mode))
        }
    }
}

/// What a mode that is not a regular file's is, in words.
public func fileKind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFDIR: "a directory"
    case S_IFLNK: "a symbolic link"
    default: "not a file"
    }
}

/// Opens the file at `path` (a real path) one component at a time from `/`, never following a
/// link (a link put in place after the check is refused, not followed), checks it is a regular
/// file, and reads at most `limit` bytes (one more tells a larger file).
public func readRegularFile(_ path: [String], limit: Int) -> SceneFileRead {
    switch readRegularFile(path, atMost: limit + 1) {
    case let .success(bytes): return bytes.count > limit ? .refused(.tooLarge) : .bytes(bytes)
    case let .failure(refusal): return .refused(refusal)
    }
}

/// `readRegularFile`'s first `count` bytes at most, whatever size the file has or claims
/// (`/proc` files claim 0): what a reader that reports a file's size itself asks for.
public func readRegularFile(_ path: [String], atMost count: Int) -> Result<[UInt8], SceneFileRefusal> {
    var directory = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directory >= 0 else { return .failure(.unreadable(reason: String(cString: strerror(errno)))) }
    defer { close(directory) }
    for (index, component) in path.enumerated() {
        let isLast = index == path.count - 1
        // O_NONBLOCK: opening a FIFO with no writer must not wait; the type is checked right after.
        let flags = isLast ? O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC : O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
        let next = openat(directory, component, flags)
        guard next >= 0 else {
            return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : errno == ELOOP ? .linkLoop : .unreadable(reason: String(cString: strerror(errno))))
        }
        close(directory)
        directory = next
    }
    var status = stat()
    guard fstat(directory, &status) == 0 else { return .failure(.unreadable(reason: String(cString: strerror(errno)))) }
    guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegularFile(kind: fileKind(status.st_mode))) }
    var bytes = [UInt8](repeating: 0, count: min(count, max(Int(status.st_size) + 1, 1 << 16)))
    var filled = 0
    while filled < count {
        if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: min(count, bytes.count * 2) - bytes.count)) }
        let read = bytes.withUnsafeMutableBytes { buffer in Glibc.read(directory, buffer.baseAddress! + filled, buffer.count - filled) }
        if read < 0 {
            if errno == EINTR { continue }
            return .failure(.unreadable(reason: String(cString: strerror(errno))))
        }
        if read == 0 { break }
        filled += read
    }
    bytes.removeSubrange(filled...)
    return .success(bytes)
}
