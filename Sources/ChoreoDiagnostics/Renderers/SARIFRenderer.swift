import ChoreoJSON

/// Renders diagnostics as a SARIF 2.1.0 log, the format code-scanning services ingest.
///
/// One run, tool `choreo`, with a `rules` entry for every rule id that occurs (sorted, so the
/// output does not depend on the order diagnostics came in) and one result per diagnostic. Notes
/// become `relatedLocations`; a help line is appended to the message text; fix-its become `fixes`. Columns count Unicode
/// scalars, which the run declares with `columnKind: unicodeCodePoints`; region ends are exclusive,
/// as in SARIF.
public enum SARIFRenderer {
    public static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/cos02/schemas/sarif-schema-2.1.0.json"

    public static func render(_ diagnostics: [Diagnostic], toolVersion: String? = nil) -> String {
        let ruleIDs = Array(Set(diagnostics.map(\.rule))).sorted()
        var ruleIndex: [Rule: Int] = [:]
        for (index, id) in ruleIDs.enumerated() { ruleIndex[id] = index }

        var driver: [(String, JSONValue)] = [("name", "choreo")]
        if let toolVersion { driver.append(("version", .string(toolVersion))) }
        driver.append(("rules", .array(ruleIDs.map { id in
            .object([("id", .string(id.rawValue)), ("name", .string(id.rawValue))])
        })))
        let run: JSONValue = .object([
            ("tool", .object([("driver", .object(driver))])),
            ("columnKind", "unicodeCodePoints"),
            ("results", .array(diagnostics.map { result($0, ruleIndex: ruleIndex[$0.rule] ?? 0) })),
        ])
        let log: JSONValue = .object([
            ("$schema", .string(schema)),
            ("version", "2.1.0"),
            ("runs", [run]),
        ])
        return JSONWriter(pretty: true).string(log)
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    static func result(_ diagnostic: Diagnostic, ruleIndex: Int) -> JSONValue {
        var text = diagnostic.message
        if let help = diagnostic.help { text += "\nhelp: \(help)" }
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(diagnostic.rule.rawValue)),
            ("ruleIndex", .int(ruleIndex)),
            ("level", .string(level(diagnostic.severity))),
            ("message", .object([("text", .string(text))])),
            ("locations", [.object([("physicalLocation", physicalLocation(diagnostic.file, diagnostic.range))])]),
        ]
        if !diagnostic.notes.isEmpty {
            members.append(("relatedLocations", .array(diagnostic.notes.enumerated().map { index, note in
                var location: [(String, JSONValue)] = [("id", .int(index + 1))]
                location.append(("physicalLocation", physicalLocation(diagnostic.file, note.range)))
                location.append(("message", .object([("text", .string(note.message))])))
                return .object(location)
            })))
        }
        if !diagnostic.fixIts.isEmpty {
            members.append(("fixes", .array(diagnostic.fixIts.map { fix(diagnostic.file, $0) })))
        }
        return .object(members)
    }

    /// A SARIF `fix`: one `artifactChange` for the diagnostic's file, each edit a `replacement`
    /// of its `deletedRegion` (empty for an insertion) by `insertedContent`.
    static func fix(_ file: String, _ fixIt: FixIt) -> JSONValue {
        .object([
            ("description", .object([("text", .string(fixIt.message))])),
            ("artifactChanges", [.object([
                ("artifactLocation", .object([("uri", .string(uriReference(file)))])),
                ("replacements", .array(fixIt.edits.map { edit in
                    .object([
                        ("deletedRegion", region(edit.range)),
                        ("insertedContent", .object([("text", .string(edit.replacement))])),
                    ])
                })),
            ])]),
        ])
    }

    static func region(_ range: SourceRange) -> JSONValue {
        .object([
            ("startLine", .int(range.start.line)),
            ("startColumn", .int(range.start.column)),
            ("endLine", .int(range.end.line)),
            ("endColumn", .int(range.end.column)),
        ])
    }

    static func physicalLocation(_ file: String, _ range: SourceRange?) -> JSONValue {
        var members: [(String, JSONValue)] = [("artifactLocation", .object([("uri", .string(uriReference(file)))]))]
        if let range {
            members.append(("region", .object([
                ("startLine", .int(range.start.line)),
                ("startColumn", .int(range.start.column)),
                ("endLine", .int(range.end.line)),
                ("endColumn", .int(range.end.column)),
            ])))
        }
        return .object(members)
    }

    /// A file path as a relative URI reference: bytes outside the unreserved set and `/` are
    /// percent-encoded, so a space or `#` in a file name cannot change the URI's meaning.
    static func uriReference(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return out
    }
}
