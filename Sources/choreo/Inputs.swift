import ChoreoDiagnostics
import Foundation

/// Expands PATH arguments to scene files: a file stands for itself, a directory for every
/// `*.yaml`/`*.yml` below it (hidden entries and symbolic links to directories skipped). The result
/// is sorted and names each file once, so runs report and write in the same order every time.
func sceneFiles(_ paths: [String], command: CommandName) throws(UsageError) -> [String] {
    var files: [String] = []
    for path in paths {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .noSuchFile(path, command: command)
        }
        if isDirectory.boolValue {
            let found = scenesBelow(path)
            if found.isEmpty { throw .noScenes(path, command: command) }
            files += found
        } else {
            files.append(path)
        }
    }
    // The same file named twice (`a.yaml ./a.yaml`, or through a link) is compiled once, under
    // the first of its names in sorted order.
    var seen = Set<FileIdentity>()
    return Array(Set(files)).sorted().filter { path in
        guard let identity = FileIdentity(path: path) else { return true }
        return seen.insert(identity).inserted
    }
}

private func scenesBelow(_ directory: String) -> [String] {
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
    var found: [String] = []
    for entry in entries.sorted() where !entry.hasPrefix(".") {
        let path = prefix + entry
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
        if isDirectory.boolValue {
            // Following directory links could loop forever, so only real directories are walked.
            if type != .typeSymbolicLink { found += scenesBelow(path) }
        } else if entry.hasSuffix(".yaml") || entry.hasSuffix(".yml") {
            found.append(path)
        }
    }
    return found
}

/// Reads one scene file, or explains why it cannot be read.
func readScene(_ path: String, command: CommandName) throws(UsageError) -> SourceFile {
    do {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return SourceFile(path: path, bytes: Array(data))
    } catch {
        throw .unreadableFile(path, reason: describe(error), command: command)
    }
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
