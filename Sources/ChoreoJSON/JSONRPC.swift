/// JSON-RPC 2.0 messages as the language server and the MCP server send them: one spelling of a
/// response, an error and a notification, and the error codes the specification reserves.
public enum JSONRPC {
    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603

    public static func response(id: JSONValue, result: JSONValue) -> JSONValue {
        .object([("jsonrpc", "2.0"), ("id", id), ("result", result)])
    }

    public static func error(id: JSONValue, code: Int, message: String, data: JSONValue? = nil) -> JSONValue {
        var error: [(String, JSONValue)] = [("code", .int(code)), ("message", .string(message))]
        if let data { error.append(("data", data)) }
        return .object([("jsonrpc", "2.0"), ("id", id), ("error", .object(error))])
    }

    public static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        .object([("jsonrpc", "2.0"), ("method", .string(method)), ("params", params)])
    }

    /// Whether a value may be a request's id: a string or an integer (null only in an error about
    /// a message whose id could not be read).
    public static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .string, .int: return true
        default: return false
        }
    }
}
