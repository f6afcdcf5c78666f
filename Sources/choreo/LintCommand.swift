import ChoreoDiagnostics
import ChoreoScene
import Foundation

func runLint(_ options: LintOptions) throws(UsageError) -> ExitStatus {
    let paths = try sceneFiles(options.paths, command: .lint)
    // Each file is read and checked on a worker; an unreadable file stops the run as if read first.
    let perFile = concurrentMap(paths, jobs: ProcessInfo.processInfo.activeProcessorCount) {
        path -> Result<(source: SourceFile, diagnostics: [Diagnostic]), UsageError> in
        do throws(UsageError) {
            let source = try readScene(path, command: .lint)
            // With a target, the same checks as `compile --target` (the sticker's size included).
            let diagnostics = options.target == .web
                ? compileScene(source).diagnostics
                : compileAndEmit(source, emit: [], pretty: false, target: options.target).diagnostics
            return .success((source, diagnostics))
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
    switch options.format {
    case .text: Console.out(textRenderer(for: sources).render(diagnostics))
    case .json: Console.out(JSONRenderer.render(diagnostics))
    case .github: Console.out(GitHubRenderer.render(diagnostics))
    case .sarif: Console.out(SARIFRenderer.render(diagnostics, toolVersion: choreoVersion))
    }
    let failing = diagnostics.contains { $0.severity == .error || (options.strict && $0.severity == .warning) }
    return failing ? .failure : .success
}
