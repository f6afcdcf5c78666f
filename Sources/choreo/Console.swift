import ChoreoJSON
import Foundation

/// How a run ends: 0 clean, 1 a scene had errors (or could not be written), 2 a usage error.
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 2
}

/// The only place the CLI prints. Output is plain text with no colour, so it is the same on a
/// terminal, in a pipe and in tests.
///
/// `out` and `error` pass every line through `TextEscaping.terminalLines`: a file name, a scene
/// name or a message that reaches them unescaped still cannot send a control sequence to the
/// terminal or start a line with `::` (a GitHub Actions workflow command). Only renderers whose
/// format escapes for itself (JSON, SARIF, workflow commands) use `outFormatted`.
enum Console {
    static func out(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardOutput.write(Data(TextEscaping.terminalLines(text).utf8))
    }

    static func error(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardError.write(Data(TextEscaping.terminalLines(text).utf8))
    }

    /// Output a renderer has escaped for its own format, written as it is.
    static func outFormatted(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
