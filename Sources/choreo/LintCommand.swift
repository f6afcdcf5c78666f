import ChoreoDiagnostics
import ChoreoScene
import Foundation

func runLint(_ options: LintOptions) throws(UsageError) -> ExitStatus {
    let paths = try sceneFiles(options.paths, command: .lint)
    var sources: [SourceFile] = []
    for path in paths { sources.append(try readScene(path, command: .lint)) }
    let perFile = concurrentMap(sources, jobs: ProcessInfo.processInfo.activeProcessorCount) {
        compileScene($0).diagnostics
    }
    // Files are already in path order and each file's diagnostics in report order.
    let diagnostics = perFile.flatMap { $0 }
    switch options.format {
    case .text: Console.out(textRenderer(for: sources).render(diagnostics))
    case .json: Console.out(JSONRenderer.render(diagnostics))
    case .github: Console.out(GitHubRenderer.render(diagnostics))
    case .sarif: Console.out(SARIFRenderer.render(diagnostics, toolVersion: choreoVersion))
    }
    let failing = diagnostics.contains { $0.severity == .error || (options.strict && $0.severity == .warning) }
    return failing ? .failure : .success
}
