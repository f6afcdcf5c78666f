import ChoreoJSON
import Foundation

/// One file the CLI is about to write.
struct OutputFile: Sendable {
    var path: String
    /// Writes the file's bytes into its open temporary file. Called once, when this file's turn
    /// comes: an output is emitted only then, straight into the file (in chunks, for the
    /// streaming emitters), so a scene's outputs are never all in memory at once.
    var write: @Sendable (FileOutput) -> Void

    /// A file whose bytes `write` emits when the file is written.
    init(path: String, write: @escaping @Sendable (FileOutput) -> Void) {
        self.path = path
        self.write = write
    }

    /// A file whose bytes are already made.
    init(path: String, bytes: [UInt8]) {
        self.init(path: path) { $0.write(bytes) }
    }

    init(path: String, contents: String) {
        self.init(path: path, bytes: Array(contents.utf8))
    }
}

/// The open temporary file one output is being written into, a chunk at a time. The first failed
/// write is kept and every later one skipped: an emitter cannot stop halfway, so the failure is
/// read once it is done (and the temporary file removed).
final class FileOutput {
    private let descriptor: Int32
    /// Why a write failed (`strerror`), nil while every write has succeeded.
    private(set) var failure: String?

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func write(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard failure == nil, let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
                return
            }
            offset += written
        }
    }

    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    /// Marks the output as failed without writing it (an emitter that finds it cannot make its
    /// file): the temporary file is removed and nothing replaces the target.
    func fail(_ reason: String) {
        if failure == nil { failure = reason }
    }
}

/// Why an output could not be written. Each is reported on stderr and makes the run exit with 1.
enum OutputError: Error, Equatable {
    case isDirectory(String)
    case overwritesInput(String)
    case directoryIsAFile(String)
    case cannotCreateDirectory(String, reason: String)
    case cannotWrite(String, reason: String)
    case notARegularFile(String, kind: String)
    case unrepresentableInDepfile(String, character: Unicode.Scalar, column: Int, reason: String)
    case readOnly(String)
    case hardLinked(String, links: Int)
    case ownerWouldChange(String)
    case changedWhileFixing(String)

    var message: String {
        switch self {
        case let .isDirectory(path): "cannot write '\(path)': it is a directory"
        case let .overwritesInput(path): "refusing to write '\(path)': it is one of the input files"
        case let .directoryIsAFile(path): "cannot use '\(path)' as the output directory: it is a file"
        case let .cannotCreateDirectory(path, reason): "cannot create output directory '\(path)': \(reason)"
        case let .cannotWrite(path, reason): "cannot write '\(path)': \(reason)"
        case let .notARegularFile(path, kind): "refusing to replace '\(path)': it is \(kind), not a regular file"
        case let .readOnly(path): "refusing to rewrite '\(path)': it is read-only"
        case let .hardLinked(path, links):
            "refusing to rewrite '\(path)': it has \(links) hard links, which a rewrite would split into copies; fix one copy and link the others to it"
        case let .ownerWouldChange(path): "refusing to rewrite '\(path)': it belongs to another user, and the rewritten file would be yours"
        case let .changedWhileFixing(path): "refusing to rewrite '\(path)': it changed while it was being fixed; run lint --fix again"
        case let .unrepresentableInDepfile(path, character, column, reason):
            "cannot write the depfile: the path '\(TextEscaping.terminal(path))' has '\(TextEscaping.terminal(String(character)))' at character \(column), \(reason); Make and Ninja cannot both read it, rename the file"
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
/// stay as they were. The files are made one after another (each `OutputFile.write` runs when its
/// temporary file is open), so only the output being written is in memory, and of a streamed one
/// only a chunk.
///
/// There is no `fsync`: a rename of a fully written file is atomic for readers, which is the
/// promise (docs/cli.md); surviving a power cut is not promised, and a flush per file made many
/// small scenes wait on the disk.
func writeAtomically(_ files: [OutputFile], protecting inputs: Set<FileIdentity>) throws(OutputError) {
    for file in files {
        // lstat: the target itself, not what a link points to. Only a regular file is replaced
        // (`snapshot -o /dev/null` as root replaced the device with a file).
        var info = stat()
        guard lstat(file.path, &info) == 0 else { continue }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .isDirectory(file.path)
        case S_IFLNK: throw .notARegularFile(file.path, kind: "a symbolic link")
        case S_IFCHR: throw .notARegularFile(file.path, kind: "a character device")
        case S_IFBLK: throw .notARegularFile(file.path, kind: "a block device")
        case S_IFIFO: throw .notARegularFile(file.path, kind: "a FIFO")
        case S_IFSOCK: throw .notARegularFile(file.path, kind: "a socket")
        default: throw .notARegularFile(file.path, kind: "a special file")
        }
        if inputs.contains(FileIdentity(info)) { throw .overwritesInput(file.path) }
    }
    for file in files { TemporaryFiles.shared.sweepStale(in: directoryOf(file.path)) }
    var staged: [(temporary: String, target: String)] = []
    func discardStaged() {
        for entry in staged { TemporaryFiles.shared.remove(entry.temporary) }
    }
    for file in files {
        let temporary: String
        switch writeTemporary(beside: file.path, file.write) {
        case let .success(path): temporary = path
        case let .failure(failure):
            discardStaged()
            throw .cannotWrite(file.path, reason: failure.reason)
        }
        staged.append((temporary, file.path))
    }
    for (index, entry) in staged.enumerated() {
        if rename(entry.temporary, entry.target) != 0 {
            let reason = String(cString: strerror(errno))
            for later in staged[index...] { TemporaryFiles.shared.remove(later.temporary) }
            throw .cannotWrite(entry.target, reason: reason)
        }
        TemporaryFiles.shared.forget(entry.temporary)
    }
}

/// `lint --fix`'s write-back of one scene: atomically (a temporary file renamed over it), and only
/// when that keeps the file what it was: a read-only file, one with several hard links (a rename
/// would leave the other names with the old text) or one whose owner the replacement could not
/// keep is refused; the replacement gets the file's mode, owner and group. Right before the
/// rename the file must still be what was fixed (`stamp` and the bytes read), or an edit saved
/// meanwhile would be lost.
func replaceFixedScene(_ path: String, read original: [UInt8], stamp: FileStamp?, with text: String) throws(OutputError) {
    var info = stat()
    guard lstat(path, &info) == 0 else { throw .cannotWrite(path, reason: String(cString: strerror(errno))) }
    guard info.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path, kind: "not a regular file") }
    if info.st_mode & 0o222 == 0 || access(path, W_OK) != 0 { throw .readOnly(path) }
    if info.st_nlink > 1 { throw .hardLinked(path, links: Int(info.st_nlink)) }
    let temporary: String
    switch writeTemporary(beside: path, { $0.write(Array(text.utf8)) }) {
    case let .success(written): temporary = written
    case let .failure(failure): throw .cannotWrite(path, reason: failure.reason)
    }
    var staged = stat()
    if stat(temporary, &staged) != 0 || ((staged.st_uid != info.st_uid || staged.st_gid != info.st_gid)
        && chown(temporary, info.st_uid, info.st_gid) != 0)
    {
        TemporaryFiles.shared.remove(temporary)
        throw .ownerWouldChange(path)
    }
    chmod(temporary, info.st_mode & 0o7777)
    guard let stamp, FileStamp(path: path) == stamp, (try? readScene(path, command: .lint))?.bytes == original else {
        TemporaryFiles.shared.remove(temporary)
        throw .changedWhileFixing(path)
    }
    if rename(temporary, path) != 0 {
        let reason = String(cString: strerror(errno))
        TemporaryFiles.shared.remove(temporary)
        throw .cannotWrite(path, reason: reason)
    }
    TemporaryFiles.shared.forget(temporary)
}

/// The directory part of a path (`.` for a bare name).
private func directoryOf(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// The marker in every temporary file's name: `dir/.NAME.choreo-tmp-XXXXXX` for `dir/NAME`.
let temporaryMarker = ".choreo-tmp-"

/// How old a temporary file must be before a run removes it as left behind by a killed run: far
/// longer than emitting into it and writing it take (an output is emitted straight into its
/// temporary file, and the largest scene the limits allow takes seconds), so a concurrent run's
/// temporary is never taken.
let staleTemporaryAge: TimeInterval = 15 * 60

struct WriteFailure: Error { var reason: String }

/// Writes `contents` to a new temporary file beside `path`, named by `mkstemp` (random, created
/// exclusively, so two runs never share one, even with the same process id in different PID
/// namespaces), hidden, and in the target's directory (a rename across file systems would not
/// be atomic). It is registered with `TemporaryFiles`, which removes it on SIGINT/SIGTERM.
/// `contents` writes the bytes into it.
private func writeTemporary(beside path: String, _ contents: (FileOutput) -> Void) -> Result<String, WriteFailure> {
    let slash = path.lastIndex(of: "/")
    let nameStart = slash.map { path.index(after: $0) } ?? path.startIndex
    var template = Array("\(path[..<nameStart]).\(path[nameStart...])\(temporaryMarker)XXXXXX".utf8CString)
    let descriptor = TemporaryFiles.shared.create(&template)
    guard descriptor >= 0 else { return .failure(WriteFailure(reason: String(cString: strerror(errno)))) }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // mkstemp creates the file 0600; outputs are ordinary files (0644 less the umask).
    fchmod(descriptor, 0o644 & ~processUmask)
    let output = FileOutput(descriptor: descriptor)
    contents(output)
    var failure = output.failure
    if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
    if let failure {
        TemporaryFiles.shared.remove(temporary)
        return .failure(WriteFailure(reason: failure))
    }
    return .success(temporary)
}

/// The process's umask, read once at start (reading it means setting it).
let processUmask: mode_t = {
    let mask = umask(0o022)
    umask(mask)
    return mask
}()

/// The temporary files this run has created and not yet renamed or removed. On SIGINT or SIGTERM
/// they are removed before the process exits (the signal is handled on a dispatch queue, not in
/// an async signal handler, so taking the lock is safe). A run killed with SIGKILL leaves them;
/// the next run that writes to the same directory sweeps those older than `staleTemporaryAge`.
final class TemporaryFiles: @unchecked Sendable {
    static let shared = TemporaryFiles()

    private let lock = NSLock()
    private var live: Set<String> = []
    private var swept: Set<String> = []
    private var signalSources: [DispatchSourceSignal] = []
    /// Set by the long-running modes (`compile --watch`, `preview --serve`): Ctrl-C is how they
    /// are meant to end, so after the sweep this runs and the process exits 0, not 130.
    private var cleanStop: (@Sendable () -> Void)?

    /// Makes SIGINT and SIGTERM a clean stop: temporaries swept, `stop` run, exit status 0.
    func stopCleanlyOnSignal(_ stop: @escaping @Sendable () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        cleanStop = stop
    }

    /// Installs the SIGINT/SIGTERM handlers; call once, before any thread writes.
    func installSignalHandlers() {
        _ = processUmask
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self] in
                // The lock is never released: the process ends here, and no new temporary may be
                // registered after the sweep.
                lock.lock()
                for path in live { unlink(path) }
                live.removeAll()
                if let cleanStop {
                    cleanStop()
                    _exit(0)
                }
                // End as the signal would have ended us (a shell sees 130 or 143). libdispatch keeps
                // the signal blocked in every thread, so this thread unblocks it and raises it to
                // itself with the default action; `_exit` is the fallback.
                signal(signalNumber, SIG_DFL)
                var set = sigset_t()
                sigemptyset(&set)
                sigaddset(&set, signalNumber)
                pthread_sigmask(SIG_UNBLOCK, &set, nil)
                raise(signalNumber)
                _exit(128 + signalNumber)
            }
            source.resume()
            signalSources.append(source)
        }
    }

    /// `mkstemp(template)`, the new file registered before the lock is released.
    func create(_ template: inout [CChar]) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if descriptor >= 0 { live.insert(String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        return descriptor
    }

    func remove(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        unlink(path)
        live.remove(path)
    }

    /// The file was renamed into place: no longer ours to remove.
    func forget(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        live.remove(path)
    }

    /// Removes `.NAME.choreo-tmp-XXXXXX` regular files older than `staleTemporaryAge` in
    /// `directory`, once per directory and run.
    func sweepStale(in directory: String) {
        lock.lock()
        let first = swept.insert(directory).inserted
        lock.unlock()
        guard first, let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let now = Date().timeIntervalSince1970
        for entry in entries where entry.hasPrefix(".") && entry.contains(temporaryMarker) {
            let path = joinPath(directory, entry)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if now - Double(info.st_mtim.tv_sec) > staleTemporaryAge { unlink(path) }
        }
    }
}
