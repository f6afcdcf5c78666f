import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoScene
import Foundation
import Synchronization

func runLint(_ options: LintOptions) throws(UsageError) -> ExitStatus {
    let paths = try sceneFiles(options.paths, command: .lint)
    // Each file is read and checked on a worker; an unreadable file stops the run as if read first.
    let perFile = concurrentMap(paths, jobs: ProcessInfo.processInfo.activeProcessorCount) {
        path -> Result<(source: SourceFile, diagnostics: [Diagnostic]), UsageError> in
        do throws(UsageError) {
            let source = try readScene(path, command: .lint)
            var (checked, diagnostics) = options.fix ? fixInPlace(source) : (source, compileScene(source, artwork: artworkLoader, files: sceneFileAccess).diagnostics)
            // With a target, the same checks as `compile --target` (the sticker's size included),
            // on the file as fixed.
            if options.target != .web, !diagnostics.hasErrors {
                diagnostics = compileOnly(checked, target: options.target).diagnostics
            }
            return .success((checked, diagnostics))
        } catch {
            return .failure(error)
        }
    }
    var sources: [SourceFile] = []
    var diagnostics: [Diagnostic] = []
    // Files are already in path order and each file's diagnostics in report order.
    for result in perFile {
        switch result {
        case let .success(file):
            sources.append(file.source)
            diagnostics += file.diagnostics
        case let .failure(error): throw error
        }
    }
    if options.fix {
        // What changed goes to stdout before what is left in the text format; the machine formats
        // keep stdout to one document, so the changes go to stderr there.
        let report = fixReports.withLock { reports in sources.compactMap { reports[$0.path] }.joined() }
        if options.format == .text { Console.out(report) } else { Console.error(report) }
    }
    // Failing is decided on every diagnostic; printing is bounded per file.
    let failing = fixWriteFailed.withLock { $0 } || diagnostics.hasErrors || (options.strict && diagnostics.hasWarnings)
    diagnostics = diagnostics.cappedPerFile()
    switch options.format {
    case .text: Console.out(textRenderer(for: sources).render(diagnostics))
    case .json: Console.outFormatted(JSONRenderer.render(diagnostics))
    case .github: Console.outFormatted(GitHubRenderer.render(diagnostics))
    case .sarif: Console.outFormatted(SARIFRenderer.render(diagnostics, toolVersion: choreoVersion))
    }
    return failing ? .failure : .success
}

/// What `--fix` did to each file, keyed by path: filled by the workers, printed in path order.
private let fixReports = Mutex<[String: String]>([:])
/// Set when a fixed file could not be written back; the run then exits with 1.
private let fixWriteFailed = Mutex(false)

/// `lint --fix` for one file: applies the fix-its (`fixScene`), writes the file back atomically if
/// it changed, and returns the fixed text with the diagnostics that are left. A file that is not
/// valid UTF-8 is left alone (its text is a repair, not what is on disk).
private func fixInPlace(_ source: SourceFile) -> (source: SourceFile, diagnostics: [Diagnostic]) {
    guard source.isValidUTF8 else {
        fixReports.withLock { $0[source.path] = "not fixed \(source.path): the file is not valid UTF-8\n" }
        return (source, compileScene(source, artwork: artworkLoader, files: sceneFileAccess).diagnostics)
    }
    // What the file is now, to check right before it is replaced; a scene named through a link
    // is fixed in the file the link points to (the walk allowed reading it, so writing it).
    let target = isSymbolicLink(source.path) ? realPath(source.path) ?? source.path : source.path
    let stamp = FileStamp(path: target)
    let result = fixScene(source) { compileScene($0, artwork: artworkLoader, files: sceneFileAccess).diagnostics }
    var report = ""
    for fix in result.applied {
        report += "fixed \(source.path):\(fix.location.line):\(fix.location.column): '\(fix.old)' → '\(fix.new)' [\(fix.rule)]\n"
    }
    guard result.changed else {
        fixReports.withLock { $0[source.path] = report }
        return (source, result.remaining)
    }
    do throws(OutputError) {
        try replaceFixedScene(target, read: source.bytes, stamp: stamp, with: result.file.text)
    } catch {
        // Nothing was replaced: report the original file's diagnostics, not the fixed text's.
        fixReports.withLock { $0[source.path] = "not fixed \(source.path): \(error.message)\n" }
        fixWriteFailed.withLock { $0 = true }
        return (source, compileScene(source, artwork: artworkLoader, files: sceneFileAccess).diagnostics)
    }
    let count = result.applied.count
    report += "\(source.path): applied \(count) fix\(count == 1 ? "" : "es"), \(result.remaining.count) diagnostic\(result.remaining.count == 1 ? "" : "s") left\n"
    fixReports.withLock { $0[source.path] = report }
    return (result.file, result.remaining)
}
