import Foundation

/// How a run ends: 0 clean, 1 a scene had errors (or could not be written), 2 a usage error.
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 2
}

/// The only place the CLI prints. Output is plain text with no colour, so it is the same on a
/// terminal, in a pipe and in tests.
enum Console {
    static func out(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardError.write(Data(text.utf8))
    }
}
