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
            return .success((source, compileScene(source).diagnostics))
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
    // Failing is decided on every diagnostic; printing is bounded per file.
    let failing = diagnostics.contains { $0.severity == .error || (options.strict && $0.severity == .warning) }
    diagnostics = diagnostics.cappedPerFile()
    switch options.format {
    case .text: Console.out(textRenderer(for: sources).render(diagnostics))
    case .json: Console.outFormatted(JSONRenderer.render(diagnostics))
    case .github: Console.outFormatted(GitHubRenderer.render(diagnostics))
    case .sarif: Console.outFormatted(SARIFRenderer.render(diagnostics, toolVersion: choreoVersion))
    }
    return failing ? .failure : .success
}
