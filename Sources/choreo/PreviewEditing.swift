import ChoreoDiagnostics
import ChoreoJSON
import ChoreoScene
import ChoreoSVG
import ChoreoTimeline
import Foundation

// The preview page edits the scene by hand (contract §24): a handle dragged on the page becomes a
// `POST /edit` whose JSON names the edit (`ScenePageEditRequest`), and the server makes it with
// `SceneEdit` and writes the file. The file is the source of truth, so every write is guarded:
// the page says which bytes it edited (their hash), and the file is replaced (atomically, by a
// rename in its directory) only while it still holds them; a file saved by an editor meanwhile is
// never overwritten, and the page reloads and says why. Only the page the server served can ask:
// it carries a token made for this session, and the browser's Origin must be this server's.

/// The hash the page sends back to say which bytes it saw: FNV-1a over the bytes, and their count.
/// Not a defence against an attacker (the token and the origin are): a check that the file is
/// still what the page was made from.
func sceneHash(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
    }
    return String(hash, radix: 16) + "-" + String(bytes.count)
}

/// A request's line and headers, for the edit handler.
struct HTTPRequestHead {
    var method = ""
    var target = ""
    /// Header names lowercased; the first of each name.
    var headers: [String: String] = [:]

    init(_ head: String) {
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let parts = (lines.first ?? "").split(separator: " ", omittingEmptySubsequences: false)
        if parts.count == 3 {
            method = String(parts[0])
            target = String(parts[1])
        }
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            if headers[name] == nil { headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces) }
        }
    }

    var contentLength: Int? {
        guard let text = headers["content-length"], text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}

/// The page's editing session: what it was made from, and the writes it asked for.
final class PreviewEditing: @unchecked Sendable {
    let path: String
    let port: UInt16
    let readOnly: Bool
    /// Made once per run, from the system's random source: the page gets it, a page of another
    /// site cannot read it.
    let token: String
    private let lock = NSLock()
    private var source: SourceFile?
    private var timeline: Timeline?
    /// The bytes before each edit, newest last; and the bytes undone, for redo.
    private var undoStack: [[UInt8]] = []
    private var redoStack: [[UInt8]] = []
    /// The hash of the bytes the last write here left: undo and redo write only over those, so a
    /// change saved by an editor after it is never undone away.
    private var writtenHash: String?
    /// At most this many edits are kept to undo, and at most `historyBytes` of earlier files
    /// (a scene may be megabytes: a hundred of them must not hold a gigabyte).
    private static let historyLimit = 100
    private static let historyBytes = 64 * 1024 * 1024

    init(path: String, port: UInt16, readOnly: Bool) {
        self.path = path
        self.port = port
        self.readOnly = readOnly
        var generator = SystemRandomNumberGenerator()
        token = (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
    }

    /// The hash of the bytes an edit is writing: the edit compiles them itself, the watcher must
    /// not (two compiles of one write made the page reload twice).
    private var writingHash: String?

    /// Whether the watcher can leave `bytes` alone: they were compiled last, or an edit here is
    /// writing them and compiles them next.
    func alreadyCompiled(_ bytes: [UInt8]) -> Bool {
        let hash = sceneHash(bytes)
        lock.lock()
        defer { lock.unlock() }
        return source.map { sceneHash($0.bytes) } == hash || writingHash == hash
    }

    func compiled(_ source: SourceFile, timeline: Timeline?) {
        lock.lock()
        defer { lock.unlock() }
        self.source = source
        if let timeline { self.timeline = timeline }
    }

    /// What the page's editor needs, as a JSON text safe inside a `<script>` element.
    func pageData(for source: SourceFile) -> String {
        lock.lock()
        // History counts only while the file is what the last edit here wrote.
        let current = writtenHash == sceneHash(source.bytes)
        let counts = current ? (undoStack.count, redoStack.count) : (0, 0)
        lock.unlock()
        let outline = SceneDocument(source).timingOutline
        let value = JSONValue.object([
            ("token", .string(token)), ("hash", .string(sceneHash(source.bytes))), ("readOnly", .bool(readOnly)),
            ("undo", .int(counts.0)), ("redo", .int(counts.1)), ("outline", outline.json),
        ])
        return TextEscaping.scriptJSON(JSONWriter(decimals: 6).string(value))
    }

    /// `GET /snapshot?t=SECONDS`: the last good timeline drawn at that instant, as SVG.
    func snapshot(query: String) -> HTTPResponse {
        var time: Double?
        for pair in query.split(separator: "&") where pair.hasPrefix("t=") {
            time = Double(pair.dropFirst(2)).flatMap { $0.isFinite ? $0 : nil }
        }
        lock.lock()
        let timeline = self.timeline
        lock.unlock()
        guard let timeline else { return HTTPResponse(status: "404 Not Found", body: "the scene has not compiled yet\n") }
        guard let time, time >= 0, time <= max(timeline.duration, 0) + 1 else {
            return HTTPResponse(status: "400 Bad Request", body: "t is a time in seconds within the scene's timeline\n")
        }
        return HTTPResponse(status: "200 OK", contentType: "image/svg+xml", body: SVGEmitter.snapshot(timeline, at: time, idPrefix: "snap-"))
    }

    /// `POST /edit`: checks where it comes from, reads the request, makes the edit and writes it.
    func handle(_ head: HTTPRequestHead, body: [UInt8], preview: LivePreview, inputs: [String]) -> HTTPResponse {
        // A browser names the page that sent a request; only this server's own page may edit.
        let origins = ["http://127.0.0.1:\(port)", "http://localhost:\(port)"]
        guard let origin = head.headers["origin"], origins.contains(origin) else {
            return answer("403 Forbidden", ["error": .string("edits come only from the preview page this server serves")])
        }
        if let site = head.headers["sec-fetch-site"], site != "same-origin" {
            return answer("403 Forbidden", ["error": .string("edits come only from the preview page this server serves")])
        }
        guard head.headers["content-type"]?.lowercased().hasPrefix("application/json") == true else {
            return answer("415 Unsupported Media Type", ["error": .string("an edit request is JSON")])
        }
        let request: ScenePageEditRequest
        switch ScenePageEditRequest.parse(body) {
        case let .success(parsed): request = parsed
        case let .failure(invalid): return answer("400 Bad Request", ["error": .string(invalid.reason)])
        }
        guard request.token == token else {
            return answer("403 Forbidden", ["error": .string("the page's session token is not this server's; reload the page")])
        }
        guard !readOnly else {
            return answer("403 Forbidden", ["error": .string("the preview was started with --read-only: nothing is written")])
        }
        return write(request, preview: preview, inputs: inputs)
    }

    private static let editQueue = NSLock()

    private func write(_ request: ScenePageEditRequest, preview: LivePreview, inputs: [String]) -> HTTPResponse {
        // One edit at a time: each reads the file, checks it and replaces it.
        Self.editQueue.lock()
        defer { Self.editQueue.unlock() }
        let stamp = FileStamp(path: path)
        let current: SourceFile
        do throws(UsageError) {
            current = try readScene(path, command: .preview)
        } catch {
            return answer("409 Conflict", ["conflict": true, "reason": .string("the scene file cannot be read now: \(error.render())")])
        }
        guard sceneHash(current.bytes) == request.base else {
            return answer("409 Conflict", [
                "conflict": true,
                "reason": .string("the scene file changed on disk since the page was made (saved in an editor?); nothing was written, and the page shows the file as it is now"),
            ])
        }
        var text: String
        var message: String
        var places = 1
        lock.lock()
        if writtenHash != request.base {
            undoStack = []
            redoStack = []
        }
        let history = (undo: undoStack.last, redo: redoStack.last)
        lock.unlock()
        switch request.edit {
        case .undo:
            guard let before = history.undo else {
                return answer("409 Conflict", ["error": "there is nothing to undo: the file has changed since the last edit made here"])
            }
            text = String(decoding: before, as: UTF8.self)
            message = "undid the last edit"
        case .redo:
            guard let after = history.redo else {
                return answer("409 Conflict", ["error": "there is nothing to redo"])
            }
            text = String(decoding: after, as: UTF8.self)
            message = "redid the edit"
        default:
            let document = SceneDocument(current)
            let lookup = { (state: String, node: String) in self.position(of: node, in: state) }
            switch document.edit(for: request.edit, position: lookup) {
            case let .failure(failure):
                return answer("422 Unprocessable Content", ["error": .string(failure.description)])
            case let .success(edit):
                if edit.places > 1, !request.confirm {
                    return answer("200 OK", ["confirm": true, "places": .int(edit.places), "message": .string(edit.message)])
                }
                guard let applied = edit.applied(to: document) else {
                    return answer("422 Unprocessable Content", ["error": "the edit does not apply to the file"])
                }
                text = applied
                message = edit.message
                places = edit.places
            }
        }
        lock.lock()
        writingHash = sceneHash(Array(text.utf8))
        lock.unlock()
        do throws(OutputError) {
            try replaceFixedScene(path, read: current.bytes, stamp: stamp, with: text)
        } catch {
            lock.lock()
            writingHash = nil
            lock.unlock()
            return answer("409 Conflict", ["conflict": true, "reason": .string(error.message)])
        }
        lock.lock()
        switch request.edit {
        case .undo:
            undoStack.removeLast()
            redoStack.append(current.bytes)
        case .redo:
            redoStack.removeLast()
            undoStack.append(current.bytes)
        default:
            undoStack.append(current.bytes)
            redoStack = []
            var kept = undoStack.reduce(0) { $0 + $1.count }
            while undoStack.count > Self.historyLimit || (undoStack.count > 1 && kept > Self.historyBytes) {
                kept -= undoStack.removeFirst().count
            }
        }
        writtenHash = sceneHash(Array(text.utf8))
        lock.unlock()
        Console.out("edited \(path): \(message)\n")
        // Compiled now, so the page that reloads on this answer finds the new motion.
        let version = preview.rebuild(path, inputs: inputs)
        lock.lock()
        writingHash = nil
        lock.unlock()
        return answer("200 OK", [
            "ok": true, "version": .int(version), "hash": .string(sceneHash(Array(text.utf8))), "message": .string(message),
            "places": .int(places),
        ])
    }

    /// Where node `id` is in state `state`'s pose, as compiled.
    private func position(of id: String, in state: String) -> (x: Double, y: Double)? {
        lock.lock()
        let timeline = self.timeline
        lock.unlock()
        guard let timeline, let pose = timeline.spans.first(where: { $0.kind == .pose && $0.name == state }) else { return nil }
        func find(_ nodes: [Node]) -> Node? {
            for node in nodes {
                if node.id == id { return node }
                if case let .group(children) = node.content, let found = find(children) { return found }
            }
            return nil
        }
        guard let node = find(timeline.layers) else { return nil }
        let point = node.transform.position.value(at: pose.start)
        return (point.x, point.y)
    }

    private func answer(_ status: String, _ members: KeyValuePairs<String, JSONValue>) -> HTTPResponse {
        HTTPResponse(
            status: status, contentType: "application/json",
            body: JSONWriter(decimals: 6).string(.object(members.map { ($0.key, $0.value) })))
    }
}
