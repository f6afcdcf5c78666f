import ChoreoSVG
import ChoreoTimeline
import Foundation

func runPreview(_ options: PreviewOptions) throws(UsageError) -> ExitStatus {
    let outputDirectory = options.outputDirectory ?? "."
    guard let (source, timeline) = try compileSingle(options.file, command: .preview) else { return .failure }
    guard isUsableFileName(timeline.name) else {
        Console.error("choreo: error: \(source.path): the scene name '\(timeline.name)' cannot be used as a file name; nothing written\n")
        return .failure
    }
    let path = joinPath(outputDirectory, "\(timeline.name).html")
    let inputs = try parseInputAssignments(options.inputs, of: timeline, command: .preview)
    let page: String
    do {
        page = try PreviewPage.html(timeline, inputs: inputs)
    } catch {
        Console.error("choreo: error: \(error.message)\n")
        return .failure
    }
    do throws(OutputError) {
        try prepareDirectory(outputDirectory)
        try writeAtomically([OutputFile(path: path, contents: page)], protecting: Set([FileIdentity(path: source.path)].compactMap { $0 }))
    } catch {
        Console.error("choreo: error: \(error.message)\n")
        return .failure
    }
    Console.out("wrote \(path)\n")
    return .success
}
