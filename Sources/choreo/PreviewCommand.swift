import ChoreoSVG
import ChoreoTimeline
import Foundation

/// The preview page for a timeline.
func previewPage(_ timeline: Timeline) -> String {
    // Until ChoreoSVG has its own preview page, the animated SVG inline in a minimal page.
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>\(escapeHTML(timeline.title))</title>
    </head>
    <body>
    \(SVGEmitter.animated(timeline))</body>
    </html>

    """
}

private func escapeHTML(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
}

func runPreview(_ options: PreviewOptions) throws(UsageError) -> ExitStatus {
    guard let (source, timeline) = try compileSingle(options.file, command: .preview) else { return .failure }
    guard isUsableFileName(timeline.name) else {
        Console.error("choreo: error: \(source.path): the scene name '\(timeline.name)' cannot be used as a file name; nothing written\n")
        return .failure
    }
    let path = joinPath(options.outputDirectory, "\(timeline.name).html")
    do throws(OutputError) {
        try prepareDirectory(options.outputDirectory)
        try writeAtomically([OutputFile(path: path, contents: previewPage(timeline))], protecting: Set([FileIdentity(path: source.path)].compactMap { $0 }))
    } catch {
        Console.error("choreo: error: \(error.message)\n")
        return .failure
    }
    Console.out("wrote \(path)\n")
    return .success
}
