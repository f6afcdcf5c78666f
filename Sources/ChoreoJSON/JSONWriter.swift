/// Writes `JSONValue` trees as text: minified by default, indented with two spaces when pretty.
///
/// The output depends only on the tree: numbers go through `formatNumber`, strings are escaped
/// the same way every time, and no key is ever reordered. It is `JSONStreamWriter` writing the
/// tree, so a document streamed with the same calls has the same bytes.
public struct JSONWriter: Sendable {
    public var pretty: Bool
    /// Decimals kept for `.number` values.
    public var decimals: Int

    public init(pretty: Bool = false, decimals: Int = 3) {
        self.pretty = pretty
        self.decimals = decimals
    }

    public func string(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// The text as UTF-8; when pretty it ends with a line break.
    public func bytes(_ value: JSONValue) -> [UInt8] {
        var writer = JSONStreamWriter(pretty: pretty, decimals: decimals)
        writer.value(value)
        return writer.finished()
    }
}
