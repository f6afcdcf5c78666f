import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoYAML
import Foundation

/// Expands PATH arguments to scene files: a file stands for itself, a directory for every
/// `*.yaml`/`*.yml` below it (hidden entries and symbolic links to directories skipped). The result
/// is sorted and names each file once, so runs report and write in the same order every time.
///
/// What is read must belong to what was named (docs/security.md): below a directory, a link
/// named like a scene must lead (`resolveInside`, the rule for every file a scene names) to a
/// regular file inside that directory and not under a hidden name, which the walk itself skips
/// (a committed `scenes/env.yaml -> /proc/self/environ` would quote the CI job's secrets in an
/// excerpt, `-> ../.git/config` its token); a dangling or looping link, a link out of the
/// directory (to a file or a directory), or a name that is not UTF-8 is an error, never
/// skipped, so `lint --strict` cannot pass over it. A link given on the command line is
/// followed: the user named it.
func sceneFiles(_ paths: [String], command: CommandName) throws(UsageError) -> [String] {
    var files: [String] = []
    for path in paths {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .noSuchFile(path, command: command)
        }
        if isDirectory.boolValue {
            let root = realPath(path) ?? path
            let found = try scenesBelow(path, walked: path, root: pathComponents(root), relative: [], command: command)
            if found.isEmpty { throw .noScenes(path, command: command) }
            files += found
        } else {
            files.append(path)
        }
    }
    // The same file named twice (`a.yaml ./a.yaml`, or through a link) is read once, under the
    // first of its names in sorted order that is not a symbolic link (the file itself, so that
    // `lint --fix` reports and fixes the real file whether or not a link sorts before it).
    var named: [FileIdentity: String] = [:]
    var unidentified: [String] = []
    for path in Array(Set(files)).sorted() {
        guard let identity = FileIdentity(path: path) else {
            unidentified.append(path)
            continue
        }
        if let earlier = named[identity], !isSymbolicLink(earlier) || isSymbolicLink(path) { continue }
        named[identity] = path
    }
    return (Array(named.values) + unidentified).sorted()
}

/// The entries of a directory as raw names (bytes), sorted, so a name that is not UTF-8 is seen
/// rather than dropped or mangled by Foundation.
private func directoryEntries(_ directory: String) -> [[UInt8]]? {
    guard let handle = opendir(directory) else { return nil }
    defer { closedir(handle) }
    var names: [[UInt8]] = []
    while let entry = readdir(handle) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
        if name == Array(".".utf8) || name == Array("..".utf8) { continue }
        names.append(name)
    }
    return names.sorted { $0.lexicographicallyPrecedes($1) }
}

private func isSceneName(_ name: [UInt8]) -> Bool {
    let text = String(decoding: name, as: UTF8.self)
    return text.hasSuffix(".yaml") || text.hasSuffix(".yml")
}

/// The scenes below `directory`, which is `relative` below the directory `walked` names, whose
/// real path is `root`.
private func scenesBelow(_ directory: String, walked: String, root: [String], relative: [String], command: CommandName) throws(UsageError) -> [String] {
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    guard let entries = directoryEntries(directory) else { return [] }
    var found: [String] = []
    for rawName in entries where rawName.first != UInt8(ascii: ".") {
        guard let entry = String(validating: rawName, as: UTF8.self) else {
            // A scene, or a directory that may hold scenes, that cannot be named in a String:
            // reported, so a walk never silently leaves out what it should have checked.
            var status = stat()
            let rawPath = Array(prefix.utf8) + rawName + [0]
            let isDirectory = rawPath.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { lstat($0, &status) == 0 }
            } && status.st_mode & S_IFMT == S_IFDIR
            if isSceneName(rawName) || isDirectory {
                throw .unreadableFile(
                    prefix + String(decoding: rawName, as: UTF8.self),
                    reason: "its \(isDirectory ? "directory" : "file") name is not valid UTF-8; rename it", command: command)
            }
            continue
        }
        let path = prefix + entry
        var status = stat()
        guard lstat(path, &status) == 0 else { continue }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR {
            found += try scenesBelow(path, walked: walked, root: root, relative: relative + [entry], command: command)
            continue
        }
        guard entry.hasSuffix(".yaml") || entry.hasSuffix(".yml") else { continue }
        if kind == S_IFLNK {
            switch resolveInside(root, name: (relative + [entry]).joined(separator: "/"), in: FileSystemTree()) {
            case let .success(target):
                guard !target[root.count...].contains(where: { $0.hasPrefix(".") }) else {
                    throw .unreadableFile(path, reason: "it is a symbolic link to a hidden file, which the walk skips; only links to what it reads are followed", command: command)
                }
            // Following directory links could loop forever, so only real directories are walked;
            // a link to one inside is walked there.
            case .failure(.notRegularFile(kind: "a directory")): continue
            case .failure(.notRegularFile): break
            case .failure(.linkOutOfFolder):
                throw .unreadableFile(path, reason: "it is a symbolic link out of '\(walked)'; only links within the directory are followed", command: command)
            case .failure(.linkLoop): throw .unreadableFile(path, reason: "it is a symbolic link loop", command: command)
            case .failure: throw .unreadableFile(path, reason: "it is a dangling symbolic link", command: command)
            }
        }
        // Regular files, links within the directory, and anything else named like a scene (a FIFO,
        // a device), which `readScene` reports as not a regular file.
        found.append(path)
    }
    return found
}

func isSymbolicLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
}


/// Reads one scene file, or explains why it cannot be read. Only a regular file is read, and at
/// most one byte more than the YAML reader's size limit: `/dev/zero`, a FIFO or
/// `/proc/self/pagemap` (which claims to be a regular file of size 0) cannot make it block or
/// read gigabytes; the reader then reports `file-too-large`.
func readScene(_ path: String, command: CommandName, maxBytes: Int = YAMLLimits.defaultMaxFileBytes) throws(UsageError) -> SourceFile {
    // O_NONBLOCK: opening a FIFO with no writer must not wait; the type is checked right after.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
        throw .unreadableFile(path, reason: String(cString: strerror(errno)), command: command)
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
        throw .unreadableFile(path, reason: String(cString: strerror(errno)), command: command)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
        throw .unreadableFile(path, reason: "not a regular file (\(fileKind(status.st_mode)))", command: command)
    }
    let limit = maxBytes + 1
    var bytes = [UInt8](repeating: 0, count: min(limit, max(Int(status.st_size) + 1, 1 << 16)))
    var count = 0
    while count < limit {
        if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: min(limit, bytes.count * 2) - bytes.count)) }
        let read = bytes.withUnsafeMutableBytes { buffer in
            Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
        }
        if read < 0 {
            if errno == EINTR { continue }
            throw .unreadableFile(path, reason: String(cString: strerror(errno)), command: command)
        }
        if read == 0 { break }
        count += read
    }
    bytes.removeSubrange(count...)
    return SourceFile(path: path, bytes: bytes)
}

/// Reads one FILE argument that must be a scene file, not a directory.
func readSingleScene(_ path: String, command: CommandName) throws(UsageError) -> SourceFile {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw .noSuchFile(path, command: command)
    }
    if isDirectory.boolValue { throw .notAFile(path, command: command) }
    return try readScene(path, command: command)
}

/// A short reason for a Foundation or POSIX error, without Foundation's framing sentence.
func describe(_ error: Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(underlying.code)))
    }
    if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
    return nsError.localizedDescription
}

/// Runs `transform` over `items` on up to `jobs` threads and returns the results in input order.
func concurrentMap<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, _ transform: @escaping @Sendable (T) -> R) -> [R] {
    let work = ConcurrentWork<R>(count: items.count)
    let workers = max(1, min(jobs, items.count))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while true {
            work.lock.lock()
            let index = work.next
            work.next += 1
            work.lock.unlock()
            guard index < items.count else { return }
            let result = transform(items[index])
            work.lock.lock()
            work.results[index] = result
            work.lock.unlock()
        }
    }
    return work.results.map { $0! }
}

/// The shared state of `concurrentMap`'s workers, guarded by `lock`. Results land at their input
/// index, so their order never depends on timing.
private final class ConcurrentWork<R>: @unchecked Sendable {
    var next = 0
    var results: [R?]
    let lock = NSLock()

    init(count: Int) { results = Array(repeating: nil, count: count) }
}
