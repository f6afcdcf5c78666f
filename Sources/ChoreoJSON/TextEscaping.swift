/// The one escaping function per output medium. Scene text (labels, ids, keys, messages quoting
/// them, file names) is untrusted: every renderer that writes it into markup, a terminal or a CI
/// log goes through these, never through a copy of its own (docs/security.md).
///
/// All of them work on Unicode scalars, never on `Character`s: a grapheme cluster can join a
/// harmless scalar with a special one (U+0600 followed by `<` is one `Character` that is not
/// equal to `"<"`), so comparing Characters lets the special scalar through.
///
/// JSON strings (and so SARIF) are escaped by `JSONWriter`, which writes every control character
/// as `\u00XX`.
public enum TextEscaping {
    // MARK: XML and HTML

    /// Text for XML 1.0 or HTML character data and attribute values (double or single quoted):
    /// `& < > " '` become entities; characters XML 1.0 forbids (C0 controls other than tab, line
    /// feed and carriage return, U+FFFE, U+FFFF) become U+FFFD, so the document stays well-formed;
    /// a carriage return becomes `&#13;` so parsers do not fold it away. (Lone surrogates cannot
    /// occur in a Swift `String`.)
    public static func xml(_ text: String) -> String {
        if !text.utf8.contains(where: xmlNeedsEscape) { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        appendXML(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// `xml(text)` appended as UTF-8, without building a `String` for text with nothing to escape.
    public static func appendXML(_ text: String, to output: inout [UInt8]) {
        if !text.utf8.contains(where: xmlNeedsEscape) {
            output.append(contentsOf: text.utf8)
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output.append(contentsOf: Array("&amp;".utf8))
            case "<": output.append(contentsOf: Array("&lt;".utf8))
            case ">": output.append(contentsOf: Array("&gt;".utf8))
            case "\"": output.append(contentsOf: Array("&quot;".utf8))
            case "'": output.append(contentsOf: Array("&apos;".utf8))
            case "\r": output.append(contentsOf: Array("&#13;".utf8))
            default:
                if isForbiddenInXML(scalar) {
                    output.append(contentsOf: Array("\u{FFFD}".utf8))
                } else {
                    output.append(contentsOf: Array(String(scalar).utf8))
                }
            }
        }
    }

    /// True for scalars XML 1.0 does not allow anywhere in a document (`Char` production).
    public static func isForbiddenInXML(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00...0x1F, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }

    /// A UTF-8 byte that may start something `appendXML` changes: the five specials, C0 controls
    /// and 0xEF (the lead byte of U+FFFE and U+FFFF).
    private static func xmlNeedsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        case 0x00...0x1F, 0xEF: true
        default: false
        }
    }

    /// A double-quoted JavaScript string literal that is also safe inside an HTML `<script>`
    /// element: `<`, `>` and `&` as `\u003c`-style escapes (so `</script>` and `<!--` cannot
    /// occur), and every control scalar, U+2028, U+2029 and what XML forbids (U+FFFE, U+FFFF) as
    /// `\uXXXX`, so the literal also keeps an SVG's `<script>` CDATA well-formed.
    public static func javaScriptString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            default:
                if isTerminalControl(scalar) || isForbiddenInXML(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// JSON text (as `JSONWriter` writes it) made safe inside an HTML `<script>` element: `<`, `>`
    /// and `&`, which JSON has only inside strings, as `\u003c`-style escapes, and U+2028 and
    /// U+2029, which older JavaScript refused in a string.
    public static func scriptJSON(_ json: String) -> String {
        var result = ""
        result.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A Swift string literal (quotes included) holding `text`, for generated Swift source: quotes
    /// and backslashes escaped, controls, bidi controls and what XML forbids written `\u{HEX}`,
    /// so the literal is one line that shows what it holds.
    public static func swiftString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if isTerminalControl(scalar) || isForbiddenInXML(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    // MARK: Terminals and CI logs

    /// True for scalars a terminal or a log viewer acts on rather than shows: C0 controls, DEL, C1
    /// controls (a lone U+009B is CSI on some terminals), the line and paragraph separators
    /// U+2028/U+2029, and the bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E,
    /// U+2066–U+2069) that reorder what is displayed ("Trojan Source").
    public static func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Text for one line of terminal or log output: every `isTerminalControl` scalar is written as
    /// Swift's escape `\u{1B}` (hex, upper case), so ESC, CR, LF, OSC sequences and bidi overrides
    /// in a key, an id or a file name are shown, not obeyed, and cannot start a new line; and the
    /// `[` of every `##[` is written `\u{5B}`, since GitHub's runner obeys its legacy commands
    /// (`##[error]`, `##[add-mask]`, `##[stop-commands]`) wherever they occur in a log line.
    /// `keepTabs` leaves tabs alone (a quoted source line keeps its tabs so the caret below it
    /// lines up). `lineStart`: the text begins an output line, so a `:` that starts it, after any
    /// white space, is escaped too (`\u{3A}`): the runner trims that space and takes a line
    /// starting with `::` as a workflow command.
    public static func terminal(_ text: String, keepTabs: Bool = false, lineStart: Bool = false) -> String {
        if isPlainLine(text, keepTabs: keepTabs, lineStart: lineStart) { return text }
        var output = String.UnicodeScalarView()
        var leading = lineStart
        var hashes = 0
        for scalar in text.unicodeScalars {
            let escaped = (isTerminalControl(scalar) && !(keepTabs && scalar == "\t")) || (leading && scalar == ":") || (hashes >= 2 && scalar == "[")
            if escaped {
                output.append(contentsOf: visibleEscape(scalar).unicodeScalars)
            } else {
                output.append(scalar)
            }
            leading = leading && scalar.properties.isWhitespace
            hashes = scalar == "#" ? hashes + 1 : 0
        }
        return String(output)
    }

    /// True when `terminal` leaves the text as it is (what nearly every line is): no control, no
    /// `##[`, and with `lineStart` no `:` first after white space.
    private static func isPlainLine(_ text: String, keepTabs: Bool, lineStart: Bool) -> Bool {
        var leading = lineStart
        var hashes = 0
        for scalar in text.unicodeScalars {
            if isTerminalControl(scalar) && !(keepTabs && scalar == "\t") { return false }
            if leading {
                if scalar == ":" { return false }
                leading = scalar.properties.isWhitespace
            }
            if hashes >= 2 && scalar == "[" { return false }
            hashes = scalar == "#" ? hashes + 1 : 0
        }
        return true
    }

    /// Whole lines of output the program composed (its own line breaks are kept): each line is
    /// escaped with `terminal(_:lineStart:)`. The last resort in the CLI's console, so a message
    /// that forgot to escape a name still cannot forge a line.
    public static func terminalLines(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices {
            lines[index] = terminal(lines[index], keepTabs: true, lineStart: true)
        }
        return lines.joined(separator: "\n")
    }

    /// `\u{1B}`: how `terminal` shows a scalar.
    public static func visibleEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    // MARK: Markdown

    /// Text shown as itself in Markdown (CommonMark and GitHub's, as editors render hovers): every
    /// ASCII punctuation character is backslash-escaped, so no `![image](…)`, `[link](command:…)`,
    /// `<html>`, emphasis, code span or entity can start, and no bare `https://…` or `www.…` is
    /// turned into a link; `terminal` controls and line breaks are shown as escapes, so the text
    /// stays on its line.
    public static func markdown(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isTerminalControl(scalar) {
                for escaped in visibleEscape(scalar).unicodeScalars { appendMarkdown(escaped, to: &output) }
            } else {
                appendMarkdown(scalar, to: &output)
            }
        }
        return String(output)
    }

    private static func appendMarkdown(_ scalar: Unicode.Scalar, to output: inout String.UnicodeScalarView) {
        // CommonMark's ASCII punctuation: exactly the characters a backslash escapes.
        if ##"!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"##.unicodeScalars.contains(scalar) { output.append("\\") }
        output.append(scalar)
    }

    // MARK: GitHub Actions workflow commands

    /// A workflow command's message (`::error …::MESSAGE`): the runner's own escapes (`%25`,
    /// `%0D`, `%0A`, so a message cannot end the command's line), and every other control scalar,
    /// and the `[` of `##[`, written as `terminal` writes them (the runner would pass ESC and bidi
    /// controls to the log, and no line holds a legacy command).
    public static func githubData(_ text: String) -> String {
        var output = ""
        var hashes = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": output += "%25"
            case "\r": output += "%0D"
            case "\n": output += "%0A"
            default:
                if isTerminalControl(scalar) || (hashes >= 2 && scalar == "[") { output += visibleEscape(scalar) } else { output.unicodeScalars.append(scalar) }
            }
            hashes = scalar == "#" ? hashes + 1 : 0
        }
        return output
    }

    /// A workflow command's property value (`file=…,title=…`): `githubData`, and `:` and `,`,
    /// which end a property.
    public static func githubProperty(_ text: String) -> String {
        var output = ""
        for scalar in githubData(text).unicodeScalars {
            switch scalar {
            case ":": output += "%3A"
            case ",": output += "%2C"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
