import ChoreoDiagnostics
import Foundation
import ChoreoJSON

/// `choreo diff --format`.
public enum DiffFormat: String, Sendable, CaseIterable {
    case text, json, github, markdown
}

/// The renderings of a diff: pure functions from scene diffs to text. Scenes without changes are
/// left out of every format but JSON, which lists each compared scene. Scene text reaches each
/// medium only through its escaper (`TextEscaping`, `JSONWriter`, `GitHubRenderer.command`).
public enum DiffRenderer {
    /// `media`: links to each changed scene's before/after pictures (`--media`), by scene name,
    /// which the Markdown shows under its table and GitHub's format as one notice per span.
    public static func render(_ diffs: [SceneDiff], format: DiffFormat, media: [String: [MediaLink]] = [:]) -> String {
        switch format {
        case .text: text(diffs)
        case .json: json(diffs)
        case .github: github(diffs, media: media)
        case .markdown: markdown(diffs, media: media)
        }
    }

    /// Where a changed span's animation and its still are, as the report links them.
    public struct MediaLink: Sendable, Equatable {
        public var span: String
        public var animation: String
        public var still: String

        public init(span: String, animation: String, still: String) {
            self.span = span
            self.animation = animation
            self.still = still
        }
    }

    /// A link target as Markdown and a workflow command take it: every byte outside the URL
    /// characters that need no escaping percent-encoded (spaces, brackets, quotes, controls).
    static func linkTarget(_ url: String) -> String {
        let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/:?#@!$&'*+,;=%".utf8)
        var out = ""
        for byte in url.utf8 {
            if kept.contains(byte) && byte != UInt8(ascii: "'") { out.append(Character(Unicode.Scalar(byte))) } else { out += String(format: "%%%02X", byte) }
        }
        return out
    }

    /// The file a change is in: NEW's path, OLD's for a removed scene.
    static func file(_ diff: SceneDiff) -> String { diff.newPath ?? diff.oldPath ?? diff.name }

    static func sizeLine(_ diff: SceneDiff) -> String? {
        guard let old = diff.oldLottieBytes, let new = diff.newLottieBytes, old != new else { return nil }
        let delta = new - old
        return "Lottie output \(old) → \(new) bytes (\(delta > 0 ? "+" : "")\(delta))"
    }

    /// Compiler style: a header per changed scene, then `FILE:LINE: area subject: detail`.
    /// Names, paths and values are escaped where they enter a line (`TextEscaping.terminal`): a
    /// file name holding a line break and `::error …` cannot start a line of its own.
    public static func text(_ diffs: [SceneDiff]) -> String {
        let changed = diffs.filter(\.hasChanges)
        guard !changed.isEmpty else { return "no changes in the compiled motion\n" }
        var out = ""
        for diff in changed {
            out += "\(TextEscaping.terminal(diff.name, lineStart: true)) (\(TextEscaping.terminal(header(diff)))):\n"
            for change in diff.changes where change.area != .output || change.field != "size" {
                let place = change.range.map { "\(file(diff)):\($0.start.line)" } ?? file(diff)
                out += "  \(TextEscaping.terminal(place)): \(TextEscaping.terminal(change.summary))\n"
            }
            if let size = sizeLine(diff) { out += "  \(size)\n" }
        }
        let count = changed.reduce(0) { $0 + $1.changes.count }
        out += "\(changed.count) scene\(changed.count == 1 ? "" : "s") changed, \(count) change\(count == 1 ? "" : "s")\n"
        return out
    }

    private static func header(_ diff: SceneDiff) -> String {
        switch (diff.oldPath, diff.newPath) {
        case let (old?, new?): old == new ? new : "\(old) → \(new)"
        case let (nil, new?): "\(new), added"
        case let (old?, nil): "\(old), removed"
        case (nil, nil): ""
        }
    }

    /// `{scenes: [{name, old, new, changed, lottieBytes: {old, new}, changes: [{area, kind,
    /// subject, field, old, new, line, column, summary}]}]}`; a missing side or value is null.
    public static func json(_ diffs: [SceneDiff]) -> String {
        JSONWriter(pretty: true).string(.object([("scenes", .array(diffs.map(object)))])) + "\n"
    }

    /// One scene's changes as `json` writes them (the MCP server's `diff` returns it too).
    public static func object(_ diff: SceneDiff) -> JSONValue {
        func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }
        func optional(_ number: Int?) -> JSONValue { number.map { .int($0) } ?? .null }
        return .object([
            ("name", .string(diff.name)),
            ("old", optional(diff.oldPath)),
            ("new", optional(diff.newPath)),
            ("changed", .bool(diff.hasChanges)),
            ("lottieBytes", .object([("old", optional(diff.oldLottieBytes)), ("new", optional(diff.newLottieBytes))])),
            ("changes", .array(diff.changes.map { change in
                .object([
                    ("area", .string(change.area.rawValue)),
                    ("kind", .string(change.kind.rawValue)),
                    ("subject", .string(change.subject)),
                    ("field", optional(change.field)),
                    ("old", optional(change.old)),
                    ("new", optional(change.new)),
                    ("line", optional(change.range?.start.line)),
                    ("column", optional(change.range?.start.column)),
                    ("summary", .string(change.summary)),
                ])
            })),
        ])
    }

    /// One `::notice` per change, on NEW's line (a change NEW has no line for is a file-level
    /// annotation, and a removed scene's is on no file, as NEW has none), titled with what
    /// changed so the pull request shows `duration 0.25 s → 0.4 s` beside the line.
    public static func github(_ diffs: [SceneDiff], media: [String: [MediaLink]] = [:]) -> String {
        var out = ""
        for diff in diffs {
            for link in media[diff.name] ?? [] {
                let properties = (diff.newPath.map { [("file", $0)] } ?? []) + [("title", "choreo diff: \(diff.name): \(link.span), before | after")]
                out += GitHubRenderer.command("notice", properties: properties, message: "animation: \(linkTarget(link.animation)) still: \(linkTarget(link.still))")
            }
            for change in diff.changes {
                var properties = diff.newPath.map { [("file", $0)] } ?? []
                if let range = change.range { properties += [("line", String(range.start.line)), ("col", String(range.start.column))] }
                properties.append(("title", "choreo diff: \(diff.name): \(change.title)"))
                let message = change.area == .output && change.field == "size" ? (sizeLine(diff) ?? change.detail) : change.detail
                out += GitHubRenderer.command("notice", properties: properties, message: message)
            }
        }
        return out
    }

    /// A table per changed scene, for `$GITHUB_STEP_SUMMARY` and pull-request comments.
    public static func markdown(_ diffs: [SceneDiff], media: [String: [MediaLink]] = [:]) -> String {
        let changed = diffs.filter(\.hasChanges)
        var out = "## Choreo: motion changes\n\n"
        guard !changed.isEmpty else { return out + "No changes in the compiled motion.\n" }
        for diff in changed {
            out += "### \(TextEscaping.markdown(diff.name))\n\n"
            out += TextEscaping.markdown(header(diff))
            if let size = sizeLine(diff) { out += " · \(TextEscaping.markdown(size))" }
            out += "\n\n| Line | Change | Before | After |\n| ---: | --- | --- | --- |\n"
            for change in diff.changes where change.area != .output || change.field != "size" {
                let line = change.range.map { String($0.start.line) } ?? ""
                let what = change.field.map { "\(change.title): \($0)" } ?? change.title
                let before = change.kind == .changed ? change.old ?? "" : change.kind == .removed ? "present" : ""
                let after = change.kind == .changed ? change.new ?? "" : change.kind.rawValue
                out += "| \(line) | \(TextEscaping.markdown(what)) | \(TextEscaping.markdown(before)) | \(TextEscaping.markdown(after)) |\n"
            }
            out += "\n"
            for link in media[diff.name] ?? [] {
                let label = TextEscaping.markdown("\(link.span): before | after")
                out += "**\(TextEscaping.markdown(link.span))** (before | after, [still](\(linkTarget(link.still))))\n\n"
                out += "![\(label)](\(linkTarget(link.animation)))\n\n"
            }
        }
        return out
    }
}
