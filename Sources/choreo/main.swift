import Foundation

/// Runs one command line and returns how the process should exit. Everything the CLI does starts
/// here; the libraries below never print or exit.
func run(_ arguments: [String]) -> ExitStatus {
    let invocation: Invocation
    switch parseArguments(arguments) {
    case let .success(parsed): invocation = parsed
    case let .failure(error):
        Console.error(error.render())
        return .usage
    }
    // The commands that write interactive SVGs need their runtime from the resource bundle.
    if let missing = missingInteractiveRuntime(for: invocation) {
        Console.error("choreo: error: \(missing)\n")
        return .failure
    }
    do throws(UsageError) {
        switch invocation {
        case .help(nil):
            Console.out(globalHelp)
            return .success
        case let .help(command?):
            Console.out(commandHelp(command))
            return .success
        case .version:
            Console.out("choreo \(choreoVersion)\n")
            return .success
        case let .compile(options): return try options.watch ? runCompileWatching(options) : runCompile(options)
        case let .lint(options): return try runLint(options)
        case let .diff(options): return try runDiff(options)
        case let .snapshot(options): return try runSnapshot(options)
        case let .render(options): return try runRender(options)
        case let .preview(options): return try options.serve ? runPreviewServer(options) : runPreview(options)
        case .lsp: return runLanguageServer()
        case let .mcp(directory): return runMCPServer(directory: directory)
        case let .schema(output): return runSchema(output: output)
        case let .importSVG(input, output): return try runImport(input: input, output: output)
        }
    } catch {
        Console.error(error.render())
        return .usage
    }
}

TemporaryFiles.shared.installSignalHandlers()
exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
