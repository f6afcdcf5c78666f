import ChoreoLanguageServer
import Foundation

/// `choreo lsp`: the stdio loop around `LanguageServer`, which handles the messages. Reads
/// stdin as it arrives, answers each message in order, and ends on `exit` (status 0 after
/// `shutdown`, 1 without) or when stdin closes (1).
func runLanguageServer() -> ExitStatus {
    var configuration = LanguageServer.Configuration(documentationBase: documentationBase(), version: choreoVersion)
    configuration.artwork = artworkLoader
    configuration.files = sceneFileAccess
    let server = LanguageServer(configuration: configuration)
    var framer = MessageFramer()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return .failure }
        framer.append(buffer[..<count])
        // Every message that has arrived, handled as one batch so that queued full-text changes
        // of a document are coalesced (`LanguageServer.handle(bodies:)`).
        var bodies: [[UInt8]] = []
        var failure: MessageFramer.Failure?
        while true {
            do {
                guard let body = try framer.nextMessage() else { break }
                bodies.append(body)
            } catch .bodyTooLarge(let length) {
                Console.error(
                    "choreo: error: lsp: skipped a message of \(length) bytes, more than the \(MessageFramer.maxContentLength) a message may have\n")
            } catch {
                failure = error
                break
            }
        }
        for message in server.handle(bodies: bodies, publishing: false) {
            Console.outFormatted(String(decoding: MessageFramer.frame(message), as: UTF8.self))
        }
        if let status = server.exitStatus { return status == 0 ? .success : .failure }
        // Diagnostics are debounced: a lint starts only once no input has come for a moment, so
        // while someone types, each keystroke's edit is applied and no lint runs for a text the
        // next keystroke replaces; requests (completion, hover) are answered as they arrive.
        if server.hasPendingDiagnostics, !inputArrives(withinMilliseconds: lintDebounceMilliseconds) {
            for message in server.publishPendingDiagnostics() {
                Console.outFormatted(String(decoding: MessageFramer.frame(message), as: UTF8.self))
            }
        }
        if let failure {
            Console.error("choreo: error: lsp: a message header has no valid Content-Length (\(failure))\n")
            return .failure
        }
    }
}

/// How long the input must be quiet before a changed document is linted.
let lintDebounceMilliseconds: Int32 = 30

/// Whether stdin has something to read (or has closed) within the time.
private func inputArrives(withinMilliseconds timeout: Int32) -> Bool {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    while true {
        let ready = poll(&descriptor, 1, timeout)
        if ready < 0, errno == EINTR { continue }
        return ready > 0
    }
}

/// Where diagnostics link to: `$CHOREO_DOCS_URL`, else the `docs/` directory of the source tree
/// the binary was built in or of its install (`docsDirectory`), else nothing.
private func documentationBase() -> String? {
    if let url = ProcessInfo.processInfo.environment["CHOREO_DOCS_URL"], !url.isEmpty { return url }
    return docsDirectory()?.absoluteString
}
