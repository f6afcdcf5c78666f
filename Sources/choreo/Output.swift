import Foundation

/// One file the CLI is about to write.
struct OutputFile: Sendable {
    var path: String
    var bytes: [UInt8]

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    init(path: String, contents: String) {
        self.init(path: path, bytes: Array(contents.utf8))
    }
}

/// Why an output could not be written. Each is reported on stderr and makes the run exit with 1.
enum OutputError: Error, Equatable {
    case isDirectory(String)
    case overwritesInput(String)
    case directoryIsAFile(String)
    case cannotCreateDirectory(String, reason: String)
    case cannotWrite(String, reason: String)
    case unrepresentableInDepfile(String)

    var message: String {
        switch self {
        case let .isDirectory(path): "cannot write '\(path)': it is a directory"
        case let .overwritesInput(path): "refusing to write '\(path)': it is one of the input files"
        case let .directoryIsAFile(path): "cannot use '\(path)' as the output directory: it is a file"
        case let .cannotCreateDirectory(path, reason): "cannot create output directory '\(path)': \(reason)"
        case let .cannotWrite(path, reason): "cannot write '\(path)': \(reason)"
        case let .unrepresentableInDepfile(path): "cannot write the depfile: the path '\(path)' has a line break, which Make and Ninja cannot read"
        }
    }
}

/// The identity of a file on disk (device and inode), so an output that is an input under another
/// spelling, a symbolic link or a hard link is still recognised.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// `directory/name` without doubling a trailing slash.
func joinPath(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
}

/// Creates the output directory (and its parents) unless it exists.
func prepareDirectory(_ path: String) throws(OutputError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
        if !isDirectory.boolValue { throw .directoryIsAFile(path) }
        return
    }
    do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
        throw .cannotCreateDirectory(path, reason: describe(error))
    }
}

/// Writes a scene's outputs so that a reader never sees a partial file: every file is first written
/// in full to a temporary file beside its target, and only when all of them are written are they
/// renamed over the targets. On any failure the temporary files are removed and the old outputs
/// stay as they were.
///
/// There is no `fsync`: a rename of a fully written file is atomic for readers, which is the
/// promise (docs/cli.md); surviving a power cut is not promised, and a flush per file made many
/// small scenes wait on the disk.
func writeAtomically(_ files: [OutputFile], protecting inputs: Set<FileIdentity>) throws(OutputError) {
    for file in files {
        var info = stat()
        guard stat(file.path, &info) == 0 else { continue }
        if info.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(file.path) }
        if inputs.contains(FileIdentity(info)) { throw .overwritesInput(file.path) }
    }
    var staged: [(temporary: String, target: String)] = []
    func discardStaged() {
        for entry in staged { unlink(entry.temporary) }
    }
    for (index, file) in files.enumerated() {
        let temporary = temporaryPath(beside: file.path, index: index)
        if let reason = writeFile(temporary, file.bytes) {
            discardStaged()
            throw .cannotWrite(file.path, reason: reason)
        }
        staged.append((temporary, file.path))
    }
    for (index, entry) in staged.enumerated() where rename(entry.temporary, entry.target) != 0 {
        let reason = String(cString: strerror(errno))
        for later in staged[index...] { unlink(later.temporary) }
        throw .cannotWrite(entry.target, reason: reason)
    }
}

/// `dir/.name.PID-INDEX.tmp` for `dir/name`: hidden, in the target's directory (a rename across
/// file systems would not be atomic), and unique per process and file.
private func temporaryPath(beside path: String, index: Int) -> String {
    guard let slash = path.lastIndex(of: "/") else { return ".\(path).\(getpid())-\(index).tmp" }
    let nameStart = path.index(after: slash)
    return "\(path[..<nameStart]).\(path[nameStart...]).\(getpid())-\(index).tmp"
}

/// Writes a new file; returns the reason on failure.
private func writeFile(_ path: String, _ contents: [UInt8]) -> String? {
    // A temporary left behind by a crashed run with the same process id is ours to replace.
    unlink(path)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    var failure: String?
    contents.withUnsafeBufferPointer { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
                return
            }
            offset += written
        }
    }
    if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
    if failure != nil { unlink(path) }
    return failure
}
