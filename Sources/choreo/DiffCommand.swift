import ChoreoDiagnostics
import ChoreoDiff
import ChoreoFileAccess
import ChoreoJSON
import ChoreoLottie
import ChoreoMedia
import ChoreoScene
import ChoreoYAML
import Foundation

/// `choreo diff`'s exit statuses: the changes found are the result, not a failure of the run.
extension ExitStatus {
    static let noChanges = ExitStatus.success
    static let changes = ExitStatus.failure
    /// A usage error, or a side that does not compile (its diagnostics are printed).
    static let diffError = ExitStatus.usage
}

/// A side's scene after compiling: the compared scene, or the diagnostics that stopped it.
private enum CompiledSide: Sendable {
    case compiled(ComparedScene)
    case failed(SourceFile, [Diagnostic])
}

func runDiff(_ options: DiffOptions) throws(UsageError) -> ExitStatus {
    var pairs: [(old: SourceFile?, new: SourceFile?)]
    var matchByName = false
    var artworkChanged = false
    var gitRevision: String?
    var topLevel: String?
    switch options.sides {
    case let .paths(old, new): (pairs, matchByName) = try pathPairs(old: old, new: new)
    case let .git(revision, paths):
        (pairs, artworkChanged, topLevel) = try gitPairs(revision: revision, paths: paths)
        gitRevision = revision
    }
    // The scenes' paths are from the repository's top, and so are the files they name: the
    // working tree's side reads them from there (the directories written are named from here).
    let htmlDirectory = options.htmlDirectory
    let workingTreeFiles: any SceneFileAccess = topLevel.map { SceneFolderFiles(base: $0) } ?? sceneFileAccess
    // A file with the same bytes on both sides cannot have changed (the output is a function of
    // the bytes and of the SVGs it draws), so it is not compiled: `--git` compiles only what the
    // working tree changed, and an unchanged scene with errors (a test fixture) stops nothing.
    pairs.removeAll { pair in
        guard let old = pair.old, let new = pair.new, old.bytes == new.bytes else { return false }
        return !(artworkChanged && mayUseArtwork(old.bytes))
    }
    // Both sides of every pair compile on the workers; results come back in input order. A
    // scene read at a revision reads the files it names there too.
    let inputs: [(SourceFile, any SceneFileAccess)?] = pairs.flatMap { pair in
        [
            pair.old.map { old in
                (old, gitRevision.map { revision in
                    RevisionFiles(revision: revision, sceneName: String(old.path.dropFirst(revision.count + 1)))
                } ?? workingTreeFiles)
            },
            pair.new.map { ($0, workingTreeFiles) },
        ]
    }
    let compiled = concurrentMap(inputs, jobs: ProcessInfo.processInfo.activeProcessorCount) { input in
        input.map { compileSide($0.0, files: $0.1) }
    }
    var failed = false
    var sides: [(old: ComparedScene?, new: ComparedScene?)] = []
    for index in pairs.indices {
        var pair: (old: ComparedScene?, new: ComparedScene?) = (nil, nil)
        for (slot, side) in [compiled[2 * index], compiled[2 * index + 1]].enumerated() {
            switch side {
            case let .compiled(scene)?: if slot == 0 { pair.old = scene } else { pair.new = scene }
            case let .failed(source, diagnostics)?:
                failed = true
                Console.error(textRenderer(for: [source]).render(diagnostics.cappedPerFile()))
            case nil: break
            }
        }
        sides.append(pair)
    }
    if failed {
        Console.error("choreo: error: a scene does not compile; nothing compared\n")
        return .diffError
    }
    // Directories are matched by scene name, which only compiling tells.
    if matchByName {
        sides = try matchedByName(old: sides.compactMap(\.old), new: sides.compactMap(\.new))
    }
    let diffs = sides.map { compareScenes(old: $0.old, new: $0.new) }
    // The before/after animations, made once for the media directory and the pages.
    var clips: [String: [DiffMedia.Clip]] = [:]
    if options.mediaDirectory != nil || htmlDirectory != nil {
        for (diff, side) in zip(diffs, sides) where diff.hasChanges {
            guard let old = side.old, let new = side.new, isUsableFileName(diff.name) else { continue }
            do throws(MediaError) {
                clips[diff.name] = try DiffMedia.clips(diff, old: old.timeline, new: new.timeline)
            } catch {
                Console.error("choreo: error: cannot draw \(TextEscaping.terminal(diff.name))'s motion: \(error.message)\n")
                return .diffError
            }
        }
    }
    var links: [String: [DiffRenderer.MediaLink]] = [:]
    if let mediaDirectory = options.mediaDirectory {
        let base = options.mediaURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? mediaDirectory
        for (name, sceneClips) in clips {
            links[name] = sceneClips.map {
                DiffRenderer.MediaLink(span: $0.span, animation: "\(base)/\($0.fileStem).webp", still: "\(base)/\($0.fileStem).png")
            }
        }
        guard writeMedia(clips, into: mediaDirectory, sides: sides, base: topLevel) else { return .diffError }
    }
    let report = DiffRenderer.render(diffs, format: options.format, media: links)
    switch options.format {
    case .text, .markdown: Console.out(report)
    case .json, .github: Console.outFormatted(report)
    }
    if let directory = htmlDirectory {
        guard writePages(diffs, sides: sides, clips: clips, into: directory, base: topLevel) else { return .diffError }
    }
    return diffs.contains(where: \.hasChanges) ? .changes : .noChanges
}

private func compileSide(_ source: SourceFile, files: any SceneFileAccess) -> CompiledSide {
    let (compilation, scene) = compileSceneKeepingModel(source, artwork: artworkLoader, files: files)
    guard let timeline = compilation.timeline, let scene, !compilation.diagnostics.hasErrors else {
        return .failed(source, compilation.diagnostics)
    }
    return .compiled(ComparedScene(source: source, scene: scene, timeline: timeline, lottie: LottieEmitter.emitBytes(timeline)))
}

// MARK: Files and directories

/// The pair of sides for `diff OLD NEW`: two files, or every scene of two directories, each on a
/// side of its own, to be matched by name once compiled (`matchedByName`).
private func pathPairs(old: String, new: String) throws(UsageError) -> (pairs: [(old: SourceFile?, new: SourceFile?)], byName: Bool) {
    let oldIsDirectory = try isDirectory(old), newIsDirectory = try isDirectory(new)
    switch (oldIsDirectory, newIsDirectory) {
    case (false, false):
        return ([(try readScene(old, command: .diff), try readScene(new, command: .diff))], false)
    case (true, true):
        let oldFiles = try sceneFiles([old], command: .diff), newFiles = try sceneFiles([new], command: .diff)
        var pairs: [(old: SourceFile?, new: SourceFile?)] = []
        for path in oldFiles { pairs.append((try readScene(path, command: .diff), nil)) }
        for path in newFiles { pairs.append((nil, try readScene(path, command: .diff))) }
        return (pairs, true)
    default:
        throw .invalidValue(option: "NEW", value: new, expected: oldIsDirectory ? "a directory, as OLD is" : "a file, as OLD is", command: .diff)
    }
}

private func isDirectory(_ path: String) throws(UsageError) -> Bool {
    var directory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &directory) else { throw .noSuchFile(path, command: .diff) }
    return directory.boolValue
}

/// The compiled scenes of two directories paired by scene name, in NEW's path order, then the
/// scenes only OLD has.
private func matchedByName(old: [ComparedScene], new: [ComparedScene]) throws(UsageError) -> [(old: ComparedScene?, new: ComparedScene?)] {
    func byName(_ scenes: [ComparedScene]) throws(UsageError) -> [String: ComparedScene] {
        var named: [String: ComparedScene] = [:]
        for scene in scenes {
            let name = scene.timeline.name
            if let other = named[name] { throw .duplicateSceneName(name, other.source.path, scene.source.path, command: .diff) }
            named[name] = scene
        }
        return named
    }
    let oldByName = try byName(old), newByName = try byName(new)
    return new.map { (oldByName[$0.timeline.name], $0) } + old.filter { newByName[$0.timeline.name] == nil }.map { ($0, nil) }
}

// MARK: git

/// The pairs for `diff --git REV [PATH…]`: every scene file below PATH (default: the whole
/// repository) that differs between the working tree and REV, by its path from the
/// repository's top, which is also what GitHub's annotations name. Only files that are Choreo
/// scenes (a `choreo:` key at the top) take part, unless named on the command line. When an SVG
/// differs, so may every scene that names an `artwork:` (`artworkChanged`): those take part too.
private func gitPairs(revision: String, paths: [String]) throws(UsageError) -> (pairs: [(old: SourceFile?, new: SourceFile?)], artworkChanged: Bool, topLevel: String) {
    let printed = try git(["rev-parse", "--show-toplevel"], what: "this is not a git repository (diff --git runs in one)")
    let topLevel = String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .newlines)
    _ = try git(["rev-parse", "--verify", "--quiet", "--end-of-options", "\(revision)^{commit}"], what: "no commit '\(revision)' in this repository")
    // `:/` is the whole repository whatever the current directory.
    let pathspecs = paths.isEmpty ? [":/"] : paths
    // Only files that differ from REV can have changed: the tracked ones git diff names, and the
    // untracked ones (not ignored). Each is read from the working tree and, if REV has it, with
    // git show. Paths are from the repository's top.
    let differing = try git(["diff", "--name-only", "-z", "--no-renames", "--no-ext-diff", "--no-relative", "--end-of-options", revision, "--"] + pathspecs, what: "git diff failed")
    let untracked = try git(["ls-files", "-z", "--full-name", "--others", "--exclude-standard", "--"] + pathspecs, what: "git ls-files failed")
    let listedOld = try git(["ls-tree", "-r", "-z", "--full-name", "--name-only", "--end-of-options", revision, "--"] + pathspecs, what: "git ls-tree failed")
    let listedNew = try git(["ls-files", "-z", "--full-name", "--cached", "--others", "--exclude-standard", "--"] + pathspecs, what: "git ls-files failed")
    func names(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
    }
    let named = Set(paths), oldNames = Set(names(listedOld))
    var pairs: [(old: SourceFile?, new: SourceFile?)] = []
    var candidates = Set(names(differing)).union(names(untracked))
    let artworkChanged = (differing + [0] + untracked).split(separator: 0).contains { $0.count > 4 && String(decoding: $0, as: UTF8.self).lowercased().hasSuffix(".svg") }
    let top = pathComponents(realPath(topLevel) ?? topLevel)
    if artworkChanged {
        for name in Set(names(listedNew)).intersection(oldNames).subtracting(candidates) {
            // Read as the scene itself would be: a link out of the repository is reported below, not read here.
            guard case let .success(path) = resolveInside(top, name: name, in: FileSystemTree()),
                case let .success(bytes) = readRegularFile(path, atMost: YAMLLimits.defaultMaxFileBytes + 1), mayUseArtwork(bytes)
            else { continue }
            candidates.insert(name)
        }
    }
    // A PATH that names nothing is a mistake, not "no changes".
    if !paths.isEmpty, names(listedNew).isEmpty, oldNames.isEmpty {
        throw .gitFailed("no Choreo scene at '\(paths.joined(separator: " "))' in the working tree or at \(revision)", command: .diff)
    }
    for name in candidates.sorted() {
        let file = topLevel + "/" + name
        let new = try workingTreeScene(name, top: top)
        var old: SourceFile?
        if oldNames.contains(name) {
            let bytes = try revisionScene(name, at: revision)
            old = SourceFile(path: "\(revision):\(name)", bytes: bytes)
        }
        let explicitlyNamed = named.contains(name) || named.contains(file)
        guard explicitlyNamed || [old, new].contains(where: { $0.map { isChoreoScene($0.bytes) } ?? false }) else { continue }
        if old != nil || new != nil { pairs.append((old, new)) }
    }
    return (pairs, artworkChanged, topLevel)
}

/// The working tree's scene `name` (a path from the repository's top, whose real path is
/// `top`), nil when the working tree has none. Read under the rules `lint` walks a directory
/// with (`sceneFiles`): a link must lead to a regular file inside the repository, not under a
/// hidden name; anything else is an error, never read (a pull request replacing a scene by a
/// link to `/proc/self/environ` would have it quoted in the job's log).
private func workingTreeScene(_ name: String, top: [String]) throws(UsageError) -> SourceFile? {
    let shown = TextEscaping.terminal(name)
    let path: [String]
    switch resolveInside(top, name: name, in: FileSystemTree()) {
    case let .success(resolved): path = resolved
    case .failure(.missing): return nil
    case .failure(.linkOutOfFolder):
        throw .unreadableFile(shown, reason: "it is a symbolic link out of the repository; only links within it are followed", command: .diff)
    case .failure(.linkLoop): throw .unreadableFile(shown, reason: "it is a symbolic link loop", command: .diff)
    case let .failure(.notRegularFile(kind)): throw .unreadableFile(shown, reason: "not a regular file (\(kind))", command: .diff)
    case let .failure(refusal): throw .unreadableFile(shown, reason: refusal.reason, command: .diff)
    }
    guard !path[top.count...].contains(where: { $0.hasPrefix(".") }) else {
        throw .unreadableFile(shown, reason: "it is a symbolic link to a hidden file; only links to what the diff itself reads are followed", command: .diff)
    }
    switch readRegularFile(path, atMost: YAMLLimits.defaultMaxFileBytes + 1) {
    case let .success(bytes): return SourceFile(path: name, bytes: bytes)
    case .failure(.missing): return nil
    case let .failure(refusal): throw .unreadableFile(shown, reason: refusal.reason, command: .diff)
    }
}

/// The scene `name` at `revision`, under the same rule in the revision's tree: a committed link
/// is followed only to a file inside the repository.
private func revisionScene(_ name: String, at revision: String) throws(UsageError) -> [UInt8] {
    let tree = RevisionTree(revision: revision)
    let shown = TextEscaping.terminal(name)
    switch resolveInside([], name: name, in: tree) {
    case let .success(path):
        switch tree.read(path, limit: YAMLLimits.defaultMaxFileBytes + 1) {
        case let .bytes(bytes): return bytes
        case .refused(.tooLarge):
            // One byte past the limit, for the YAML reader to report as too large.
            return try git(["cat-file", "blob", "\(revision):\(path.joined(separator: "/"))"], what: "cannot read \(shown) at \(revision)",
                limit: YAMLLimits.defaultMaxFileBytes + 1, cutting: true)
        case let .refused(refusal): throw .unreadableFile("\(revision):\(shown)", reason: refusal.reason, command: .diff)
        }
    case .failure(.linkOutOfFolder):
        throw .unreadableFile("\(revision):\(shown)", reason: "it is a symbolic link out of the repository; only links within it are followed", command: .diff)
    case let .failure(refusal): throw .unreadableFile("\(revision):\(shown)", reason: refusal.reason, command: .diff)
    }
}

/// True when a line of the file starts with `choreo:`: the key every scene has at its top level.
private func isChoreoScene(_ bytes: [UInt8]) -> Bool {
    let key = Array("choreo:".utf8)
    var lineStart = true
    for index in bytes.indices {
        if lineStart, bytes[index...].starts(with: key) { return true }
        lineStart = bytes[index] == UInt8(ascii: "\n")
    }
    return false
}

/// Runs git with `arguments` in the current directory and returns its standard output, at most
/// `limit` bytes. With `cutting`, a larger output is cut there (a file's bytes, one past the
/// YAML reader's limit so that it reports `file-too-large`); without, a larger output is an
/// error (a listing cut short would silently leave scenes out of the diff). A non-zero exit is
/// a usage error saying `what`, with git's own message.
func git(_ arguments: [String], what: String, limit: Int = maximumGitListing, cutting: Bool = false) throws(UsageError) -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { throw .gitFailed("cannot run git: \(describe(error))", command: .diff) }
    let errorText = ErrorCollector()
    let errorsRead = DispatchSemaphore(value: 0)
    Thread {
        errorText.bytes = Array(errors.fileHandleForReading.readDataToEndOfFile().prefix(4096))
        errorsRead.signal()
    }.start()
    var bytes: [UInt8] = []
    while bytes.count < limit {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        bytes += chunk.prefix(limit - bytes.count)
    }
    if bytes.count >= limit, process.isRunning { process.terminate() }
    // Drain what is left so git never blocks on a full pipe.
    _ = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    errorsRead.wait()
    if bytes.count >= limit, !cutting {
        throw .gitFailed(
            "git printed more than \(limit >> 20) MiB for '\(TextEscaping.terminal(arguments.prefix(2).joined(separator: " ")))'; name fewer paths after --git REV",
            command: .diff)
    }
    guard process.terminationStatus == 0 || bytes.count >= limit else {
        let message = String(decoding: errorText.bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        throw .gitFailed(what + (message.isEmpty ? "" : " (git: \(message))"), command: .diff)
    }
    return bytes
}

/// The most a git listing (`diff --name-only`, `ls-files`, `ls-tree`) may print.
let maximumGitListing = 64 << 20

private final class ErrorCollector: @unchecked Sendable {
    var bytes: [UInt8] = []
}

// MARK: --html

/// The media files of every scene's clips: NAME-N.webp and NAME-N.png.
private func mediaFiles(_ clips: [String: [DiffMedia.Clip]], into directory: String) -> [OutputFile] {
    clips.keys.sorted().flatMap { name in
        clips[name]!.flatMap { clip in
            [OutputFile(path: joinPath(directory, clip.fileStem + ".webp"), bytes: clip.webp),
             OutputFile(path: joinPath(directory, clip.fileStem + ".png"), bytes: clip.poster)]
        }
    }
}

/// The files of the scenes on either side, which no output may replace: their paths are from
/// `base` when given (the repository's top for `--git`).
private func inputIdentities(_ sides: [(old: ComparedScene?, new: ComparedScene?)], base: String?) -> Set<FileIdentity> {
    Set(sides.flatMap { [$0.old, $0.new] }.compactMap { (side: ComparedScene?) -> FileIdentity? in
        guard let path = side?.source.path else { return nil }
        return FileIdentity(path: base.map { $0 + "/" + path } ?? path)
    })
}

private func writeMedia(_ clips: [String: [DiffMedia.Clip]], into directory: String, sides: [(old: ComparedScene?, new: ComparedScene?)], base: String?) -> Bool {
    writeDiffFiles(mediaFiles(clips, into: directory), into: directory, sides: sides, base: base)
}

/// Writes a diff's files into `directory` (created if missing), never over a scene it compared;
/// reports each file, or the error, on stderr.
private func writeDiffFiles(_ files: [OutputFile], into directory: String, sides: [(old: ComparedScene?, new: ComparedScene?)], base: String?) -> Bool {
    do throws(OutputError) {
        try prepareDirectory(directory)
        let inputs = inputIdentities(sides, base: base)
        try writeAtomically(files, protecting: inputs)
    } catch {
        Console.error("choreo: error: \(error.message)\n")
        return false
    }
    for file in files { Console.error("wrote \(TextEscaping.terminal(file.path))\n") }
    return true
}

private func writePages(
    _ diffs: [SceneDiff], sides: [(old: ComparedScene?, new: ComparedScene?)], clips: [String: [DiffMedia.Clip]], into directory: String,
    base: String?
) -> Bool {
    var files: [OutputFile] = []
    for (diff, side) in zip(diffs, sides) where diff.hasChanges {
        guard let old = side.old, let new = side.new, isUsableFileName(diff.name) else { continue }
        let media = clips[diff.name] ?? []
        files.append(OutputFile(path: joinPath(directory, diff.name + ".html"), contents: DiffPage.html(diff, old: old.timeline, new: new.timeline, media: media)))
        files += mediaFiles([diff.name: media], into: directory)
    }
    return writeDiffFiles(files, into: directory, sides: sides, base: base)
}
