import ChoreoDiagnostics
import ChoreoJSON
import ChoreoScene
import ChoreoYAML

/// A Language Server (LSP 3.17) for Choreo scenes, as a pure message handler: JSON-RPC messages
/// in, messages out (responses and notifications such as `publishDiagnostics`). The `choreo lsp`
/// command owns the stdio loop; this type never reads or writes anything.
///
/// It uses the compiler's own front end: the diagnostics are exactly `choreo lint`'s, with the
/// rule id as `code` and the fix-its as quick-fix code actions.
public final class LanguageServer {
    public struct Configuration: Sendable {
        /// Base URL of the documentation (`…/docs/`); diagnostics link to `diagnostics.md#RULE`.
        /// Nil leaves `codeDescription` out.
        public var documentationBase: String?
        public var version: String
        /// Reads the SVGs of `artwork:` nodes (without it they are errors).
        public var artwork: (any ArtworkLoading)?
        /// Reads the files a scene names (fonts, artwork); without it they are errors.
        public var files: (any SceneFileAccess)?

        public init(documentationBase: String?, version: String) {
            self.documentationBase = documentationBase
            self.version = version
        }
    }

    let configuration: Configuration
    var documents: [String: Document] = [:]
    /// The last diagnostics published for each document, for code actions.
    var published: [String: [Diagnostic]] = [:]
    /// The last YAML tree that could be read for each document: completion and navigation keep
    /// working from it while the text is momentarily broken.
    var lastTree: [String: YAMLNode] = [:]
    /// Where each node an `artwork:` put in a document comes from in its SVG, as of the last lint.
    var artworkElements: [String: [String: ArtworkElement]] = [:]
    var encoding = PositionEncoding.utf16
    /// Documents changed since they were last linted, in the order of their first change: each
    /// is linted once when the edits stop arriving (`publishPendingDiagnostics`), not per edit.
    private var pendingLint: [String] = []
    /// The text each document's diagnostics were made from; linting the same text again is skipped
    /// (an edit undone before the lint ran).
    private var lintedText: [String: String] = [:]
    /// Documents whose `lastTree` is older than their text: a request reads the YAML again (and
    /// only the YAML) instead of waiting for the lint.
    private var staleTree: Set<String> = []
    /// Work done, counted, so tests can tell that an edit re-lints no more than it must: whole
    /// compiles of a document, and YAML reads for requests.
    public private(set) var lintCount = 0
    public private(set) var treeReadCount = 0
    /// Lines of documents split again by edits (`Document.linesSplit`).
    public private(set) var linesSplit = 0
    /// The YAML the lints read: bytes parsed, whole texts read, and entries (a layer, a state's
    /// entry, a keyframe…) read again alone into the tree of the lint before (`LintBase.splicing`).
    public private(set) var lintYAMLBytes = 0
    public private(set) var lintWholeReads = 0
    public private(set) var lintEntryReads = 0
    /// The YAML tree of each document's last lint, for the next lint to splice an edit into.
    var lintBase: [String: LintBase] = [:]
    /// The top-level layers each document's last lint read, for the next to take unchanged.
    var layerCaches: [String: LayerReadCache] = [:]
    /// Top-level layers the front end read in every lint so far (the others it took from the
    /// document's last lint).
    public var layersRead: Int { layersReadInClosedDocuments + layerCaches.values.reduce(0) { $0 + $1.layersRead } }
    private var layersReadInClosedDocuments = 0
    /// The IR nodes of the top-level layers each document's last lint lowered, for the next to
    /// take where nothing they depend on changed.
    var loweringCaches: [String: LayerLoweringCache] = [:]
    /// Top-level layers lowering built in every lint so far (the others it took from the
    /// document's last lint).
    public var layersLowered: Int { layersLoweredInClosedDocuments + loweringCaches.values.reduce(0) { $0 + $1.layersLowered } }
    private var layersLoweredInClosedDocuments = 0
    var shutdownRequested = false
    /// Set by the `exit` notification: the process should end with this status.
    public private(set) var exitStatus: Int32?

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Handles one message (already parsed) and returns the messages to send, in order; a changed
    /// document's diagnostics come at once.
    public func handle(_ message: JSONValue) -> [JSONValue] {
        dispatch(message) + publishPendingDiagnostics()
    }

    /// Whether a changed document waits for its lint (`publishPendingDiagnostics`).
    public var hasPendingDiagnostics: Bool { !pendingLint.isEmpty }

    /// Lints each changed document once and returns its `publishDiagnostics`.
    public func publishPendingDiagnostics() -> [JSONValue] {
        let uris = pendingLint
        pendingLint = []
        return uris.compactMap { uri in
            guard let document = documents[uri], lintedText[uri] != document.text || document.tooLargeBytes != nil else { return nil }
            return publishDiagnostics(uri)
        }
    }

    private func dispatch(_ message: JSONValue) -> [JSONValue] {
        guard case let .string(method)? = message["method"] else { return [] }  // a response to us: ignored
        let id = message["id"]
        let params = message["params"] ?? .null
        if let id {
            if shutdownRequested, method != "exit" {
                return [errorResponse(id: id, code: -32600, message: "the server is shutting down")]
            }
            return request(method, id: id, params: params)
        }
        return notification(method, params: params)
    }

    /// Handles one message body; a body that is not JSON gets a parse error response.
    public func handle(body: [UInt8]) -> [JSONValue] {
        dispatch(body: body) + publishPendingDiagnostics()
    }

    private func dispatch(body: [UInt8]) -> [JSONValue] {
        guard let message = JSONParser.parse(body) else {
            return [errorResponse(id: .null, code: -32700, message: "the message is not valid JSON")]
        }
        guard case .object = message else {
            return [errorResponse(id: .null, code: -32600, message: "a message is a JSON object")]
        }
        return dispatch(message)
    }

    /// Handles the messages that have arrived together, in order, up to `exit`. A `didChange`
    /// whose document the next message replaces whole (a full-text `didChange` of the same
    /// document) is skipped: only the newest text matters. Changed documents are linted once,
    /// after the whole batch (requests in it are answered first, from the YAML alone), or, with
    /// `publishing: false`, when the caller asks (`publishPendingDiagnostics`): the stdio loop
    /// waits for the edits to pause first, so a lint never runs for a text already replaced.
    public func handle(bodies: [[UInt8]], publishing: Bool = true) -> [JSONValue] {
        let messages = bodies.map { JSONParser.parse($0) }
        var output: [JSONValue] = []
        for (index, message) in messages.enumerated() {
            if exitStatus != nil { break }
            guard let message, case .object = message else {
                output += dispatch(body: bodies[index])
                continue
            }
            if index + 1 < messages.count, let next = messages[index + 1], let uri = Self.changedDocument(message),
                Self.changedDocument(next) == uri, Self.replacesWholeText(next)
            {
                continue
            }
            output += dispatch(message)
        }
        if publishing { output += publishPendingDiagnostics() }
        return output
    }

    /// The document a `didChange` notification changes.
    private static func changedDocument(_ message: JSONValue) -> String? {
        guard message["method"] == .string("textDocument/didChange"), message["id"] == nil,
            case let .string(uri)? = message["params"]?["textDocument"]?["uri"]
        else { return nil }
        return uri
    }

    /// Whether a `didChange` holds a change without a range: the whole new text.
    private static func replacesWholeText(_ message: JSONValue) -> Bool {
        guard case let .array(changes)? = message["params"]?["contentChanges"] else { return false }
        return changes.contains { $0["range"] == nil && $0["text"] != nil }
    }

    private func markChanged(_ uri: String) {
        if !pendingLint.contains(uri) { pendingLint.append(uri) }
        staleTree.insert(uri)
    }

    /// A document over the size limit is refused when it arrives, not after the pause that lints
    /// wait for: there is nothing to lint, and a session that ends first still hears why.
    private func refusedAtOnce(_ uri: String) -> [JSONValue] {
        guard documents[uri]?.tooLargeBytes != nil else { return [] }
        pendingLint.removeAll { $0 == uri }
        return [publishDiagnostics(uri)]
    }

    /// Reads the YAML of a document changed since its last lint, so that a request answers from
    /// the text as it is without waiting for the lint.
    private func refreshTree(_ params: JSONValue) {
        guard case let .string(uri)? = params["textDocument"]?["uri"], staleTree.contains(uri), let document = documents[uri]
        else { return }
        staleTree.remove(uri)
        guard document.tooLargeBytes == nil else { return }
        treeReadCount += 1
        if let root = readYAML(SourceFile(path: Self.path(of: uri), text: document.text)).root { lastTree[uri] = root }
    }

    private func request(_ method: String, id: JSONValue, params: JSONValue) -> [JSONValue] {
        if method.hasPrefix("textDocument/") { refreshTree(params) }
        switch method {
        case "initialize": return [response(id: id, result: initialize(params))]
        case "shutdown":
            shutdownRequested = true
            return [response(id: id, result: .null)]
        case "textDocument/hover": return [response(id: id, result: hover(params))]
        case "textDocument/completion": return [response(id: id, result: completion(params))]
        case "textDocument/definition": return [response(id: id, result: definition(params))]
        case "textDocument/codeAction": return [response(id: id, result: codeActions(params))]
        default: return [errorResponse(id: id, code: -32601, message: "unsupported method '\(method)'")]
        }
    }

    private func notification(_ method: String, params: JSONValue) -> [JSONValue] {
        switch method {
        case "exit":
            exitStatus = shutdownRequested ? 0 : 1
            return []
        case "textDocument/didOpen":
            guard let item = params["textDocument"], case let .string(uri)? = item["uri"],
                case let .string(text)? = item["text"]
            else { return [] }
            let version: Int
            if case let .int(number)? = item["version"] { version = number } else { version = 0 }
            documents[uri] = Document(uri: uri, version: version, text: text)
            lintedText[uri] = nil
            markChanged(uri)
            return refusedAtOnce(uri)
        case "textDocument/didChange":
            guard let item = params["textDocument"], case let .string(uri)? = item["uri"], var document = documents[uri],
                case let .array(changes)? = params["contentChanges"]
            else { return [] }
            let splitBefore = document.linesSplit
            for change in changes { document.apply(change: change, encoding: encoding) }
            linesSplit += document.linesSplit - splitBefore
            if case let .int(version)? = item["version"] { document.version = version }
            documents[uri] = document
            markChanged(uri)
            return refusedAtOnce(uri)
        case "textDocument/didClose":
            guard case let .string(uri)? = params["textDocument"]?["uri"] else { return [] }
            documents[uri] = nil
            published[uri] = nil
            lastTree[uri] = nil
            lintedText[uri] = nil
            lintBase[uri] = nil
            layersReadInClosedDocuments += layerCaches[uri]?.layersRead ?? 0
            layerCaches[uri] = nil
            layersLoweredInClosedDocuments += loweringCaches[uri]?.layersLowered ?? 0
            loweringCaches[uri] = nil
            staleTree.remove(uri)
            pendingLint.removeAll { $0 == uri }
            return [notificationMessage("textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", [])]))]
        default:
            return []  // initialized, didSave, $/cancelRequest, setTrace…: nothing to do
        }
    }

    private func initialize(_ params: JSONValue) -> JSONValue {
        if case let .array(offered)? = params["capabilities"]?["general"]?["positionEncodings"],
            offered.contains(.string("utf-32"))
        {
            encoding = .utf32
        }
        return .object([
            ("capabilities", .object([
                ("positionEncoding", .string(encoding.rawValue)),
                // Incremental: an edit sends its range and new text, not the whole document.
                ("textDocumentSync", .object([("openClose", true), ("change", 2)])),
                ("hoverProvider", true),
                ("completionProvider", .object([("triggerCharacters", ["$", "*", ".", ":", " "])])),
                ("definitionProvider", true),
                ("codeActionProvider", .object([("codeActionKinds", ["quickfix", "refactor.rewrite"])])),
            ])),
            ("serverInfo", .object([("name", "choreo"), ("version", .string(configuration.version))])),
        ])
    }

    // MARK: Diagnostics

    /// The file path a URI stands for (`file:///a/b.yaml` → `/a/b.yaml`), for diagnostics.
    static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        return percentDecoded(String(uri.dropFirst("file://".count)))
    }

    func publishDiagnostics(_ uri: String) -> JSONValue {
        guard let document = documents[uri] else { return .null }
        lintCount += 1
        lintedText[uri] = document.text
        let diagnostics: [Diagnostic]
        if let bytes = document.tooLargeBytes {
            lastTree[uri] = nil
            lintBase[uri] = nil
            diagnostics = [fileTooLargeDiagnostic(path: Self.path(of: uri), byteCount: bytes)]
        } else {
            // The tree for requests is read when a request comes (`refreshTree`), not here: a
            // lint is not followed by a request often enough to pay a second YAML read for it.
            let path = Self.path(of: uri)
            let file = SourceFile(path: path, text: document.text)
            let read: (root: YAMLNode?, diagnostics: [Diagnostic])
            if let base = lintBase[uri], let (splice, next) = base.splicing(document, path: path) {
                read = (splice.root, [])
                lintBase[uri] = next
                lintEntryReads += 1
                lintYAMLBytes += splice.bytesRead
            } else {
                read = readYAML(file)
                lintBase[uri] = read.root.flatMap { LintBase(root: $0, diagnostics: read.diagnostics, file: file) }
                lintWholeReads += 1
                lintYAMLBytes += file.bytes.count
            }
            documents[uri]?.clearChanges()
            // As many as the CLI prints for a file, then its `too-many-diagnostics` note: one
            // hostile line made a single message of tens of megabytes.
            let cache = layerCaches[uri] ?? LayerReadCache()
            layerCaches[uri] = cache
            let loweringCache = loweringCaches[uri] ?? LayerLoweringCache()
            loweringCaches[uri] = loweringCache
            let compilation = compileScene(
                file, read: read, artwork: configuration.artwork, files: configuration.files, layerCache: cache, loweringCache: loweringCache)
            diagnostics = compilation.diagnostics.cappedPerFile()
            artworkElements[uri] = compilation.artwork.elements.isEmpty ? nil : compilation.artwork.elements
        }
        published[uri] = diagnostics
        return notificationMessage("textDocument/publishDiagnostics", .object([
            ("uri", .string(uri)),
            ("version", .int(document.version)),
            ("diagnostics", .array(diagnostics.map { lspDiagnostic($0, in: document) })),
        ]))
    }

    func lspDiagnostic(_ diagnostic: Diagnostic, in document: Document) -> JSONValue {
        var message = diagnostic.message
        if let help = diagnostic.help { message += "\nhelp: \(help)" }
        var members: [(String, JSONValue)] = [
            ("range", document.range(diagnostic.range, encoding: encoding)),
            ("severity", .int(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3)),
            ("code", .string(diagnostic.rule.rawValue)),
        ]
        if let base = configuration.documentationBase {
            members.append(("codeDescription", .object([("href", .string(Self.documentationLink(rule: diagnostic.rule, base: base)))])))
        }
        members.append(("source", "choreo"))
        members.append(("message", .string(message)))
        let related = diagnostic.notes.map { note -> JSONValue in
            .object([
                ("location", .object([
                    ("uri", .string(document.uri)),
                    ("range", document.range(note.range ?? diagnostic.range, encoding: encoding)),
                ])),
                ("message", .string(note.message)),
            ])
        }
        if !related.isEmpty { members.append(("relatedInformation", .array(related))) }
        return .object(members)
    }

    static func documentationLink(rule: Rule, base: String) -> String {
        (base.hasSuffix("/") ? base : base + "/") + rule.documentation
    }

    // MARK: Messages

    func response(id: JSONValue, result: JSONValue) -> JSONValue { JSONRPC.response(id: id, result: result) }

    func errorResponse(id: JSONValue, code: Int, message: String) -> JSONValue { JSONRPC.error(id: id, code: code, message: message) }

    func notificationMessage(_ method: String, _ params: JSONValue) -> JSONValue { JSONRPC.notification(method, params) }
}

/// `%20` → space; invalid escapes stay as written.
/// A path as the path of a file: URI: bytes other than unreserved characters and `/` as `%XX`.
func percentEncodedPath(_ path: String) -> String {
    var out = ""
    for byte in path.utf8 {
        let scalar = Unicode.Scalar(byte)
        if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || "-._~/".unicodeScalars.contains(scalar) {
            out.unicodeScalars.append(scalar)
        } else {
            out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
    }
    return out
}

func percentDecoded(_ text: String) -> String {
    var bytes: [UInt8] = []
    let utf8 = Array(text.utf8)
    var index = 0
    while index < utf8.count {
        if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
            let value = UInt8(String(decoding: utf8[index + 1...index + 2], as: UTF8.self), radix: 16)
        {
            bytes.append(value)
            index += 3
        } else {
            bytes.append(utf8[index])
            index += 1
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}
