import ChoreoDiagnostics
import ChoreoJSON
import ChoreoScene
import ChoreoSVG
import Foundation

// `choreo preview FILE --serve`: the preview page over HTTP/1.1 on 127.0.0.1, recompiled when the
// scene changes. The server answers `/` (the page, from memory), `/version` (a number the page
// polls to know when to reload), `/snapshot?t=SECONDS` (the scene drawn at an instant) and
// `POST /edit` (a handle dragged on the page, written into FILE: PreviewEditing.swift); it never
// opens a file because of a URL, so no spelling of a path (`/../`, `%2e%2e`, an absolute URL) can
// reach the disk, and the one file it writes is the scene it was started on.

/// The page being served and its version, shared by the watching thread and the request handlers.
final class LivePreview: @unchecked Sendable {
    private let lock = NSLock()
    private var version = 0
    private var page = ""
    /// The last page that showed a picture, kept while the scene has errors.
    private var lastGoodPage: String?
    /// The font files the scene read when it was last compiled: the server follows them too.
    let dependencies = SceneDependencies()
    /// The page's editing session: the scene's bytes as last compiled, the timeline drawn from
    /// them, the token the page sends back, undo and redo.
    let editing: PreviewEditing

    init(editing: PreviewEditing) {
        self.editing = editing
    }

    var current: (version: Int, page: String) {
        lock.lock()
        defer { lock.unlock() }
        return (version, page)
    }

    /// One rebuild at a time: the watcher's and an edit's would otherwise publish out of order.
    private let rebuilding = NSLock()

    /// Compiles the scene and publishes the new page (the picture, or the diagnostics). From the
    /// watcher (`onlyIfChanged`), bytes already compiled (the page's own edit) are not compiled again.
    @discardableResult
    func rebuild(_ path: String, inputs assignments: [String] = [], onlyIfChanged: Bool = false) -> Int {
        rebuilding.lock()
        defer { rebuilding.unlock() }
        let next: String
        let diagnosticsText: String?
        do throws(UsageError) {
            let source = try readSingleScene(path, command: .preview)
            if onlyIfChanged, editing.alreadyCompiled(source.bytes) { return current.version }
            let compilation = compileScene(source, artwork: artworkLoader, files: sceneFileAccess)
            dependencies.record(compilation.inputFiles, for: path)
            let rendered = textRenderer(for: [source]).render(compilation.diagnostics.cappedPerFile())
            Console.error(rendered)
            let timeline = compilation.diagnostics.hasErrors ? nil : compilation.timeline
            editing.compiled(source, timeline: timeline)
            if let timeline {
                do {
                    let inputs = try parseInputAssignments(assignments, of: timeline, command: .preview)
                    next = try PreviewPage.withEditor(PreviewPage.html(timeline, inputs: inputs), data: editing.pageData(for: source))
                    diagnosticsText = nil
                } catch let error as UsageError {
                    next = ""
                    diagnosticsText = error.render()
                } catch {
                    next = ""
                    diagnosticsText = "choreo: error: \((error as? PreviewAssetsMissing)?.message ?? "\(error)")\n"
                }
            } else {
                next = ""
                diagnosticsText = rendered
            }
        } catch {
            next = ""
            diagnosticsText = error.render()
            Console.error(diagnosticsText ?? "")
        }
        lock.lock()
        defer { lock.unlock() }
        version += 1
        if let diagnosticsText {
            page = Self.errorPage(diagnosticsText, keptPicture: lastGoodPage != nil)
        } else {
            lastGoodPage = next
            page = next
        }
        page = Self.injectReload(into: page, version: version)
        Console.out(diagnosticsText == nil ? "compiled \(path) (version \(version))\n" : "errors in \(path) (version \(version))\n")
        return version
    }

    /// The diagnostics in place of the picture, escaped for HTML (scene text is untrusted).
    static func errorPage(_ diagnostics: String, keptPicture: Bool) -> String {
        let note = keptPicture ? "<p>The picture comes back when the errors are fixed.</p>" : ""
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>choreo preview: errors</title>
            <style>body{font:14px system-ui,sans-serif;margin:2em}pre{background:#fff4f4;border:1px solid #e0a0a0;padding:1em;white-space:pre-wrap}</style>
            </head><body><h1>The scene has errors</h1>\(note)
            <pre id="choreo-diagnostics">\(TextEscaping.xml(diagnostics))</pre>
            </body></html>

            """
    }

    /// A small script that polls `/version` and reloads the page when the scene was recompiled.
    static func injectReload(into page: String, version: Int) -> String {
        let script = """
            <script>(function(){var v=\(version);setInterval(function(){fetch("/version",{cache:"no-store"}).then(function(r){return r.text()}).then(function(t){if(Number(t)!==v&&!window.choreoEditing)location.reload()}).catch(function(){})},300)})();</script>

            """
        guard let end = page.range(of: "</body>", options: .backwards) else { return page + script }
        return page.replacingCharacters(in: end.lowerBound..<end.lowerBound, with: script)
    }
}

/// The longest request head (request line and headers) read; a longer one gets 431.
let maximumRequestHead = 8 * 1024
/// Connections handled at once; more are closed at once (a local preview has one or two readers).
let maximumConnections = 16
/// How long a client has to send its whole request (head and body), however it trickles in: a
/// timeout per `recv` let a client sending a byte a second hold its slot for ever.
let requestHeadDeadline: Duration = .seconds(5)

func runPreviewServer(_ options: PreviewOptions) throws(UsageError) -> ExitStatus {
    // The scene must exist at start; later it may vanish for a moment while an editor saves.
    _ = try readSingleScene(options.file, command: .preview)
    signal(SIGPIPE, SIG_IGN)
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else {
        Console.error("choreo: error: cannot open a socket: \(String(cString: strerror(errno)))\n")
        return .failure
    }
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = options.port.bigEndian
    // Loopback only: the page is for this machine's browser, never the network.
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(listener, 16) == 0 else {
        Console.error("choreo: error: cannot listen on 127.0.0.1:\(options.port): \(String(cString: strerror(errno)))\n")
        close(listener)
        return .failure
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    let port = UInt16(bigEndian: address.sin_port)
    // Compiled once the port is ours, so a port in use is reported before any compile output.
    let preview = LivePreview(editing: PreviewEditing(path: options.file, port: port, readOnly: options.readOnly))
    preview.rebuild(options.file, inputs: options.inputs)
    TemporaryFiles.shared.stopCleanlyOnSignal {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        Console.error("choreo: stopped serving\n")
    }
    Console.out("serving http://127.0.0.1:\(port)/\n")

    let slots = DispatchSemaphore(value: maximumConnections)
    let acceptor = Thread {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED || errno == EMFILE || errno == ENFILE {
                    if errno != EINTR { Thread.sleep(forTimeInterval: 0.05) }
                    continue
                }
                return
            }
            let deadline = ContinuousClock.now + requestHeadDeadline
            guard slots.wait(timeout: .now()) == .success else {
                close(connection)
                continue
            }
            // A thread each, not a dispatch queue: the queue's few workers block in `poll`, and
            // connections waiting for one had their deadlines pass before being read at all.
            Thread {
                serveConnection(connection, deadline: deadline, preview: preview, inputs: options.inputs)
                slots.signal()
            }.start()
        }
    }
    acceptor.start()
    watchFiles(following: { [options.file] + preview.dependencies.allFiles }) { changed in
        preview.rebuild(options.file, inputs: options.inputs, onlyIfChanged: changed == [options.file])
    }
}

/// Reads one request, answers it and closes the connection (`Connection: close`: no keep-alive
/// state to get wrong, and the page's polls are tiny).
///
/// A client that sends nothing (a browser's speculative connection) or trickles its head cannot
/// hold a slot past `deadline`, `requestHeadDeadline` after it was accepted.
private func serveConnection(_ connection: Int32, deadline: ContinuousClock.Instant, preview: LivePreview, inputs: [String]) {
    defer { close(connection) }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))

    var head: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 2048)
    let terminator: [UInt8] = Array("\r\n\r\n".utf8)
    var body: [UInt8] = []
    while true {
        let end = firstRange(of: terminator, in: head)
        if let end, end <= maximumRequestHead {
            body = Array(head[(end + terminator.count)...])
            head.removeSubrange(end...)
            break
        }
        if end != nil || head.count > maximumRequestHead {
            send(connection, HTTPResponse(status: "431 Request Header Fields Too Large", body: "request head too large\n"), head: false)
            drainBeforeClose(connection)
            return
        }
        guard waitUntilReadable(connection, before: deadline) else { return }
        let count = recv(connection, &buffer, buffer.count, 0)
        if count <= 0 { return }
        head.append(contentsOf: buffer[0..<count])
    }
    let headText = String(decoding: head, as: UTF8.self)
    var response = respond(to: headText, preview: preview)
    if response.isEdit {
        // The body, as long as Content-Length says, read under the same deadline as the head.
        let request = HTTPRequestHead(headText)
        if let length = request.contentLength, length <= ScenePageEditRequest.maximumBytes {
            while body.count < length {
                guard waitUntilReadable(connection, before: deadline) else { return }
                let count = recv(connection, &buffer, buffer.count, 0)
                if count <= 0 { return }
                body.append(contentsOf: buffer[0..<count])
            }
            response.response = preview.editing.handle(request, body: Array(body.prefix(length)), preview: preview, inputs: inputs)
        } else {
            response.response = request.contentLength == nil
                ? HTTPResponse(status: "411 Length Required", body: "an edit request says its Content-Length\n")
                : HTTPResponse(status: "413 Content Too Large", body: "an edit request is at most \(ScenePageEditRequest.maximumBytes) bytes\n")
        }
    }
    send(connection, response.response, head: response.headOnly)
    drainBeforeClose(connection)
}

/// Reads and drops what the client still sends (a request body, the rest of an oversized head),
/// for at most half a second and 64 KiB: closing a socket with unread input sends a reset, which
/// can destroy the response before the client has read it.
private func drainBeforeClose(_ connection: Int32) {
    var timeout = timeval(tv_sec: 0, tv_usec: 500_000)
    setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var buffer = [UInt8](repeating: 0, count: 4096)
    var total = 0
    while total < 64 * 1024 {
        let count = recv(connection, &buffer, buffer.count, 0)
        if count <= 0 { return }
        total += count
    }
}

/// Waits for input on `connection` until `deadline`; false when it passes first (or on an error).
private func waitUntilReadable(_ connection: Int32, before deadline: ContinuousClock.Instant) -> Bool {
    while true {
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { return false }
        let milliseconds = Int32(min(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1, 60_000))
        var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready > 0 { return true }
        if ready < 0, errno != EINTR { return false }
    }
}

private func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
        return start
    }
    return nil
}

struct HTTPResponse {
    var status: String
    var contentType = "text/plain; charset=utf-8"
    var extraHeaders: [String] = []
    var body: String
}

/// The answer to one request head: GET and HEAD of `/`, `/version` and `/snapshot`, and POST of
/// `/edit` (`isEdit`: its body is read and handled next), from a Host that names this machine.
func respond(to head: String, preview: LivePreview) -> (response: HTTPResponse, headOnly: Bool, isEdit: Bool) {
    let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
    let parts = (lines.first ?? "").split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else {
        return (HTTPResponse(status: "400 Bad Request", body: "bad request\n"), false, false)
    }
    let method = parts[0]
    let headOnly = method == "HEAD"
    let target = parts[1]
    let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    guard method == "GET" || headOnly || (method == "POST" && path == "/edit") else {
        return (HTTPResponse(status: "405 Method Not Allowed", extraHeaders: ["Allow: GET, HEAD"], body: "only GET and HEAD (and POST of /edit)\n"), false, false)
    }
    // A page on another site whose name resolves to 127.0.0.1 (DNS rebinding) sends its own name.
    for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == "host" else { continue }
        var host = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces).lowercased()
        if let portColon = host.lastIndex(of: ":"), host[portColon...].dropFirst().allSatisfy(\.isNumber) {
            host = String(host[..<portColon])
        }
        guard host == "127.0.0.1" || host == "localhost" else {
            return (HTTPResponse(status: "403 Forbidden", body: "this server answers only to 127.0.0.1 and localhost\n"), headOnly, false)
        }
    }
    if method == "POST" { return (HTTPResponse(status: "500 Internal Server Error", body: ""), false, true) }
    let (version, page) = preview.current
    switch path {
    case "/":
        return (HTTPResponse(status: "200 OK", contentType: "text/html; charset=utf-8", body: page), headOnly, false)
    case "/version":
        return (HTTPResponse(status: "200 OK", body: "\(version)"), headOnly, false)
    case "/snapshot":
        let query = target.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""
        return (preview.editing.snapshot(query: String(query)), headOnly, false)
    default:
        return (HTTPResponse(status: "404 Not Found", body: "not found\n"), headOnly, false)
    }
}

private func send(_ connection: Int32, _ response: HTTPResponse, head headOnly: Bool) {
    let body = Array(response.body.utf8)
    var text = "HTTP/1.1 \(response.status)\r\n"
    text += "Content-Type: \(response.contentType)\r\n"
    text += "Content-Length: \(body.count)\r\n"
    text += "X-Content-Type-Options: nosniff\r\n"
    text += "Cache-Control: no-store\r\n"
    text += "Referrer-Policy: no-referrer\r\n"
    for header in response.extraHeaders { text += header + "\r\n" }
    text += "Connection: close\r\n\r\n"
    var bytes = Array(text.utf8)
    if !headOnly { bytes += body }
    var offset = 0
    while offset < bytes.count {
        let sent = bytes[offset...].withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if sent <= 0 {
            if sent < 0, errno == EINTR { continue }
            return
        }
        offset += sent
    }
    shutdown(connection, Int32(SHUT_WR))
}
