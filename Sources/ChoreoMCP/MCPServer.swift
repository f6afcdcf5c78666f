import ChoreoDiagnostics
import ChoreoJSON

/// A Model Context Protocol server (revision 2025-06-18) for Choreo scenes, as a pure message
/// handler: one JSON-RPC message in, at most one message out. `choreo mcp` owns the stdio loop
/// and hands it a workspace; this type never reads or writes a file itself.
///
/// Tools (`tools/list`, `tools/call`) are in `MCPTools`; the docs are resources
/// (`resources/list`, `resources/read`). Requests are answered in the order they arrive, one at a
/// time, so a `notifications/cancelled` can only stop a request still waiting behind another
/// (`handle(lines:)`): its response is left out, as the protocol asks.
public final class MCPServer {
    /// The revisions this server speaks, newest first: a client asking for one of them gets it,
    /// any other client the newest.
    public static let protocolVersions = ["2025-11-25", "2025-06-18"]

    public let version: String
    let workspace: any MCPWorkspace
    let limits: MCPLimits
    /// Set by a successful `initialize`: before it, only `initialize` and `ping` are answered.
    public private(set) var negotiatedVersion: String?
    /// The text each scene had before this session first changed it, for `diff` without `before`.
    var originals: [String: SourceFile] = [:]

    public init(workspace: any MCPWorkspace, version: String, limits: MCPLimits = MCPLimits()) {
        self.workspace = workspace
        self.version = version
        self.limits = limits
    }

    /// Handles the lines that have arrived together, in order. A request that a later
    /// `notifications/cancelled` of the same batch cancels is not run.
    public func handle(lines: [LineFramer.Line]) -> [JSONValue] {
        let parsed: [JSONValue?] = lines.map { line in
            if case let .message(bytes) = line { return JSONParser.parse(bytes) }
            return nil
        }
        var cancelled = Set<String>()
        for message in parsed {
            if let message, message["method"] == .string("notifications/cancelled"), message["id"] == nil,
                let id = message["params"]?["requestId"], JSONRPC.isValidID(id)
            {
                cancelled.insert(Self.key(id))
            }
        }
        var output: [JSONValue] = []
        for (line, message) in zip(lines, parsed) {
            if let message, let id = message["id"], cancelled.contains(Self.key(id)), message["method"] != nil { continue }
            switch line {
            case let .tooLong(bytes):
                output.append(JSONRPC.error(
                    id: .null, code: JSONRPC.invalidRequest,
                    message: "a message of \(bytes) bytes or more was skipped: the limit is \(LineFramer.maxLineBytes) bytes a line"))
            case let .message(bytes):
                if let reply = message.map({ handle($0) }) ?? handle(body: bytes) { output.append(reply) }
            }
        }
        return output
    }

    /// Handles one line's bytes.
    public func handle(body: [UInt8]) -> JSONValue? {
        guard let message = JSONParser.parse(body) else {
            return JSONRPC.error(id: .null, code: JSONRPC.parseError, message: "the message is not valid JSON")
        }
        return handle(message)
    }

    /// Handles one message; nil for a notification, or a response to us (the server sends no
    /// requests, so there are none to read).
    public func handle(_ message: JSONValue) -> JSONValue? {
        guard case .object = message else {
            // Batches were removed from the protocol in 2025-06-18.
            return JSONRPC.error(id: .null, code: JSONRPC.invalidRequest, message: "a message is one JSON object (batches are not part of MCP 2025-06-18)")
        }
        let id = message["id"]
        if let id, !JSONRPC.isValidID(id) {
            return JSONRPC.error(id: .null, code: JSONRPC.invalidRequest, message: "a request's id is a string or an integer")
        }
        guard message["jsonrpc"] == .string("2.0") else {
            return id.map { JSONRPC.error(id: $0, code: JSONRPC.invalidRequest, message: "the message lacks \"jsonrpc\": \"2.0\"") }
        }
        guard case let .string(method)? = message["method"] else {
            if message["result"] != nil || message["error"] != nil { return nil }
            return JSONRPC.error(id: id ?? .null, code: JSONRPC.invalidRequest, message: "the message has no method")
        }
        let params = message["params"] ?? .object([])
        guard case .object = params else {
            return id.map { JSONRPC.error(id: $0, code: JSONRPC.invalidParams, message: "params is an object") }
        }
        guard let id else { return nil }  // notifications: initialized, cancelled, roots changed: nothing to answer
        return request(method, id: id, params: params)
    }

    private func request(_ method: String, id: JSONValue, params: JSONValue) -> JSONValue {
        if method == "initialize" { return JSONRPC.response(id: id, result: initialize(params)) }
        if method == "ping" { return JSONRPC.response(id: id, result: .object([])) }
        guard negotiatedVersion != nil else {
            return JSONRPC.error(id: id, code: JSONRPC.invalidRequest, message: "the session is not initialized: send initialize first")
        }
        switch method {
        case "tools/list": return JSONRPC.response(id: id, result: .object([("tools", .array(MCPTools.all.map(\.definition)))]))
        case "tools/call":
            guard case let .string(name)? = params["name"] else {
                return JSONRPC.error(id: id, code: JSONRPC.invalidParams, message: "tools/call needs the tool's name")
            }
            guard let tool = MCPTools.all.first(where: { $0.name == name }) else {
                return JSONRPC.error(
                    id: id, code: JSONRPC.invalidParams,
                    message: "unknown tool '\(String(name.prefix(64)))'; the tools are \(MCPTools.all.map(\.name).joined(separator: ", "))")
            }
            let arguments = params["arguments"] ?? .object([])
            guard case .object = arguments else {
                return JSONRPC.response(id: id, result: ToolResult.failure("the arguments are an object").json(limit: limits.maxResultBytes))
            }
            return JSONRPC.response(id: id, result: call(tool, ToolArguments(arguments, limits: limits)).json(limit: limits.maxResultBytes))
        case "resources/list": return JSONRPC.response(id: id, result: .object([("resources", .array(MCPResources.list(workspace)))]))
        case "resources/templates/list": return JSONRPC.response(id: id, result: .object([("resourceTemplates", .array([]))]))
        case "resources/read":
            guard case let .string(uri)? = params["uri"] else {
                return JSONRPC.error(id: id, code: JSONRPC.invalidParams, message: "resources/read needs the resource's uri")
            }
            guard let contents = MCPResources.read(uri, workspace) else {
                return JSONRPC.error(
                    id: id, code: -32002, message: "no resource at that uri; resources/list names them",
                    data: .object([("uri", .string(String(uri.prefix(256))))]))
            }
            return JSONRPC.response(id: id, result: .object([("contents", .array([contents]))]))
        default:
            return JSONRPC.error(id: id, code: JSONRPC.methodNotFound, message: "no method '\(String(method.prefix(64)))' (this server has tools and resources)")
        }
    }

    private func initialize(_ params: JSONValue) -> JSONValue {
        var version = Self.protocolVersions[0]
        if case let .string(asked)? = params["protocolVersion"], Self.protocolVersions.contains(asked) { version = asked }
        negotiatedVersion = version
        return .object([
            ("protocolVersion", .string(version)),
            ("capabilities", .object([
                ("tools", .object([("listChanged", false)])),
                ("resources", .object([("subscribe", false), ("listChanged", false)])),
            ])),
            ("serverInfo", .object([("name", "choreo"), ("title", "Choreo motion compiler"), ("version", .string(self.version))])),
            ("instructions", .string(MCPTools.instructions)),
        ])
    }

    private func call(_ tool: MCPTool, _ arguments: ToolArguments) -> ToolResult {
        do throws(ToolFailure) {
            return try tool.run(self, arguments)
        } catch {
            return .failure(error.message)
        }
    }

    private static func key(_ id: JSONValue) -> String {
        switch id {
        case let .string(text): return "s" + text
        case let .int(number): return "i\(number)"
        default: return ""
        }
    }
}
