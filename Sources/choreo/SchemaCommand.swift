import ChoreoJSON
import ChoreoScene
import Foundation

/// `choreo schema [-o FILE]`: the JSON Schema of the scene format, pretty-printed.
func runSchema(output: String?) -> ExitStatus {
    let text = JSONWriter(pretty: true).string(SceneSchema.schema())
    guard let output else {
        Console.out(text)
        return .success
    }
    do throws(OutputError) {
        try prepareDirectory(URL(fileURLWithPath: output).deletingLastPathComponent().path)
        try writeAtomically([OutputFile(path: output, contents: text)], protecting: [])
        return .success
    } catch {
        Console.error("choreo: error: \(error.message)\n")
        return .failure
    }
}
