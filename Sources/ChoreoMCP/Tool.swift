import ChoreoJSON

/// One tool: what `tools/list` shows a model, and the handler `tools/call` runs.
struct MCPTool: Sendable {
    var name: String
    var title: String
    /// What it does, when to use it, what it returns: written for a model choosing a tool.
    var description: String
    var inputSchema: JSONValue
    var outputSchema: JSONValue
    /// Whether it only reads (no file is written): `readOnlyHint`.
    var readOnly: Bool
    /// Whether it may overwrite what was there (`edit`, `fix` rewrite the scene): `destructiveHint`.
    var destructive: Bool = false
    var run: @Sendable (MCPServer, ToolArguments) throws(ToolFailure) -> ToolResult

    var definition: JSONValue {
        .object([
            ("name", .string(name)),
            ("title", .string(title)),
            ("description", .string(description)),
            ("inputSchema", inputSchema),
            ("outputSchema", outputSchema),
            ("annotations", .object([
                ("title", .string(title)),
                ("readOnlyHint", .bool(readOnly)),
                ("destructiveHint", .bool(destructive)),
                ("idempotentHint", .bool(readOnly || !destructive)),
                ("openWorldHint", false),
            ])),
        ])
    }
}

/// Why a call failed, in words that tell the model what to change; it becomes a result with
/// `isError: true` (not a protocol error), so the model reads it.
struct ToolFailure: Error {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}

/// What a tool returns: its structured content (matching its output schema), the same as JSON
/// text for clients that read only text, and any pictures.
struct ToolResult {
    var structured: JSONValue?
    var images: [(data: [UInt8], mimeType: String)] = []
    var errorMessage: String?

    static func success(_ structured: JSONValue, images: [(data: [UInt8], mimeType: String)] = []) -> ToolResult {
        ToolResult(structured: structured, images: images)
    }

    static func failure(_ message: String) -> ToolResult {
        ToolResult(structured: nil, errorMessage: message)
    }

    /// The `tools/call` result, or an error result when it would be larger than `limit` bytes.
    func json(limit: Int) -> JSONValue {
        guard let structured else {
            return .object([
                ("content", .array([.object([("type", "text"), ("text", .string(errorMessage ?? "the tool failed"))])])),
                ("isError", true),
            ])
        }
        let text = JSONWriter(decimals: LineFramer.resultDecimals).string(structured)
        let imageBytes = images.reduce(0) { $0 + ($1.data.count + 2) / 3 * 4 }
        if text.utf8.count + imageBytes > limit {
            return ToolResult.failure(
                "the result is \(text.utf8.count + imageBytes) bytes, more than the \(limit) a result may have; ask for less (a smaller size, one state, a narrower path)"
            ).json(limit: limit)
        }
        var content: [JSONValue] = images.map { image in
            .object([("type", "image"), ("data", .string(base64(image.data))), ("mimeType", .string(image.mimeType))])
        }
        content.append(.object([("type", "text"), ("text", .string(text))]))
        return .object([("content", .array(content)), ("structuredContent", structured), ("isError", false)])
    }
}

/// RFC 4648 base64, with padding.
func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index + 2 < bytes.count {
        let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
        out += [alphabet[Int(chunk >> 18 & 63)], alphabet[Int(chunk >> 12 & 63)], alphabet[Int(chunk >> 6 & 63)], alphabet[Int(chunk & 63)]]
        index += 3
    }
    let rest = bytes.count - index
    if rest == 1 {
        let chunk = UInt32(bytes[index]) << 16
        out += [alphabet[Int(chunk >> 18 & 63)], alphabet[Int(chunk >> 12 & 63)], UInt8(ascii: "="), UInt8(ascii: "=")]
    } else if rest == 2 {
        let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
        out += [alphabet[Int(chunk >> 18 & 63)], alphabet[Int(chunk >> 12 & 63)], alphabet[Int(chunk >> 6 & 63)], UInt8(ascii: "=")]
    }
    return String(decoding: out, as: UTF8.self)
}

/// A call's arguments, read with checks that say what was wrong: a missing or mistyped argument
/// is a `ToolFailure` naming it.
struct ToolArguments {
    let value: JSONValue
    let limits: MCPLimits

    init(_ value: JSONValue, limits: MCPLimits) {
        self.value = value
        self.limits = limits
    }

    func string(_ name: String, maxBytes: Int? = nil) throws(ToolFailure) -> String? {
        guard let found = value[name], found != .null else { return nil }
        guard case let .string(text) = found else { throw ToolFailure("'\(name)' is a string") }
        if let maxBytes, text.utf8.count > maxBytes {
            throw ToolFailure("'\(name)' is \(text.utf8.count) bytes; at most \(maxBytes) are taken")
        }
        return text
    }

    func requiredString(_ name: String, maxBytes: Int? = nil) throws(ToolFailure) -> String {
        guard let text = try string(name, maxBytes: maxBytes) else { throw ToolFailure("'\(name)' is required") }
        return text
    }

    /// A scene's path: relative to the directory the server was started in.
    func path(_ name: String = "path") throws(ToolFailure) -> String {
        let path = try requiredString(name, maxBytes: limits.maxPathBytes)
        guard !path.isEmpty else { throw ToolFailure("'\(name)' is empty: name a scene file relative to the server's directory") }
        return path
    }

    func optionalPath(_ name: String) throws(ToolFailure) -> String? {
        guard value[name] != nil, value[name] != .null else { return nil }
        return try path(name)
    }

    func bool(_ name: String) throws(ToolFailure) -> Bool? {
        guard let found = value[name], found != .null else { return nil }
        guard case let .bool(flag) = found else { throw ToolFailure("'\(name)' is true or false") }
        return flag
    }

    func int(_ name: String, in range: ClosedRange<Int>) throws(ToolFailure) -> Int? {
        guard let found = value[name], found != .null else { return nil }
        let number: Int
        switch found {
        case let .int(value): number = value
        case let .number(value) where value.rounded() == value && abs(value) < 1e15: number = Int(value)
        default: throw ToolFailure("'\(name)' is a whole number")
        }
        guard range.contains(number) else { throw ToolFailure("'\(name)' is \(number); it is from \(range.lowerBound) to \(range.upperBound)") }
        return number
    }

    func strings(_ name: String, maxCount: Int) throws(ToolFailure) -> [String]? {
        guard let found = value[name], found != .null else { return nil }
        guard case let .array(items) = found else { throw ToolFailure("'\(name)' is a list of strings") }
        guard items.count <= maxCount else { throw ToolFailure("'\(name)' has \(items.count) items; at most \(maxCount) are taken") }
        var result: [String] = []
        for item in items {
            guard case let .string(text) = item, text.utf8.count <= limits.maxPathBytes else {
                throw ToolFailure("'\(name)' is a list of short strings")
            }
            result.append(text)
        }
        return result
    }

    /// Rejects names the schema does not list: a misspelt argument is a mistake to hear about.
    func allowOnly(_ names: [String]) throws(ToolFailure) {
        guard case let .object(members) = value else { return }
        for (key, _) in members where !names.contains(key) {
            throw ToolFailure("unknown argument '\(String(key.prefix(64)))'; this tool takes \(names.map { "'\($0)'" }.joined(separator: ", "))")
        }
    }
}
