import ChoreoDiagnostics

/// Turns a libyaml failure into a diagnostic that says what went wrong in the user's terms:
/// tabs used for indentation get their own rule, and the usual YAML pitfalls get a help line.
func syntaxDiagnostic(for failure: LibYAMLFailure, in file: SourceFile) -> Diagnostic {
    let location = file.clampedToText(failure.problemLocation)
    if let tab = indentationTab(for: failure, in: file) {
        return Diagnostic(
            .error, rule: .tabIndentation, "tabs are not allowed for indentation in YAML", file: file.path,
            range: SourceRange(start: tab, end: SourceLocation(line: tab.line, column: tab.column + 1)),
            help: "indent with spaces")
    }

    var notes: [Note] = []
    if let context = failure.context, let contextLocation = failure.contextLocation, contextLocation != location,
        let note = contextNote(context)
    {
        notes.append(Note(note, at: SourceRange(contextLocation)))
    }
    var help: String?
    var fixIts: [FixIt] = []
    let dashless = [location.line, failure.contextLocation?.line].compactMap { $0 }
        .lazy.compactMap { ForgottenDash.find(onLine: $0, of: file) }.first
    // The comment swallows the closing brackets, so libyaml may only notice lines later (at the
    // end of the file, or at the next key): look back from the problem line.
    let hexLines = failure.problem.contains("expected") ? Array((max(1, location.line - 20)...location.line).reversed()) : [location.line]
    if let hex = hexLines.lazy.compactMap({ HexCommentPitfall.firstInFlow(onLine: $0, of: file) }).first {
        // The teaching message replaces libyaml's, which only sees the brackets the comment swallowed.
        return Diagnostic(
            .error, rule: .yamlSyntax,
            "YAML reads '\(hex.text)' as a comment ('#' after a space starts one, even inside [...] or {...}), so the rest of the line is ignored",
            file: file.path, range: hex.range,
            notes: [Note("libyaml: \(friendlyProblem(failure))", at: SourceRange(location))],
            help: "quote the colour: \"\(hex.text)\"",
            fixIts: [FixIt.replace(hex.range, with: "\"\(hex.text)\"", message: "quote the colour: \"\(hex.text)\"")])
    }
    if let dashless {
        return Diagnostic(
            .error, rule: .yamlSyntax, "this line looks like a list item without its dash",
            file: file.path, range: SourceRange(start: dashless.location, end: SourceLocation(line: dashless.line, column: dashless.location.column + 1)),
            notes: [Note("the item before it starts with '- '", at: SourceRange(SourceLocation(line: dashless.siblingLine, column: dashless.location.column)))],
            help: "start it with '- ', like the items before it", fixIts: dashless.fixIts)
    }
    if let call = FunctionCallPitfall.firstInFlow(onLine: location.line, of: file) {
        notes.append(Note("inside [...] or {...} a comma ends a plain scalar", at: nil))
        help = "quote it: \"\(call.text)\""
        fixIts = call.quotingFixIt(in: file)
    } else if failure.problem == "mapping values are not allowed in this context" {
        help = mappingValueHelp(line: location.line, column: location.column, in: file)
    } else if failure.stage == .parser, character(at: location, in: file) == ":" {
        help = "': ' inside a plain scalar starts a map; quote the text if the colon is part of it"
    } else if failure.problem == "did not find expected key" || failure.problem == "did not find expected '-' indicator" {
        help = "check the indentation: items of one map or list must start in the same column"
    }
    return Diagnostic(
        .error, rule: .yamlSyntax, friendlyProblem(failure), file: file.path,
        range: SourceRange(start: location, end: SourceLocation(line: location.line, column: location.column + 1)),
        notes: notes, help: help, fixIts: fixIts)
}

extension SourceFile {
    /// libyaml reports problems at the end of input on a line past the last one; point at the end
    /// of the last line instead, so the line can be quoted.
    fileprivate func clampedToText(_ location: SourceLocation) -> SourceLocation {
        guard location.line > lineCount, lineCount > 0 else { return location }
        return SourceLocation(line: lineCount, column: columnScalars(ofLine: lineCount).count + 1)
    }
}

private func friendlyProblem(_ failure: LibYAMLFailure) -> String {
    switch failure.problem {
    case "found unexpected end of stream":
        return "the file ends in the middle of this construct"
    case "control characters are not allowed":
        if let value = failure.problemValue {
            let hex = String(value, radix: 16, uppercase: true)
            return "control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex) is not allowed in YAML"
        }
        return "control characters are not allowed in YAML"
    default:
        var text = failure.problem
        while text.hasSuffix(".") { text.removeLast() }
        guard let first = text.first else { return "invalid YAML" }
        return first.lowercased() + text.dropFirst()
    }
}

/// "while parsing a flow sequence" becomes "the flow sequence starts here".
private func contextNote(_ context: String) -> String? {
    var text = context
    for prefix in ["while parsing ", "while scanning "] where text.hasPrefix(prefix) {
        text.removeFirst(prefix.count)
    }
    if text.hasPrefix("for ") { return nil }
    for article in ["a ", "an "] where text.hasPrefix(article) {
        text = "the " + text.dropFirst(article.count)
    }
    return "\(text) starts here"
}

/// The position of the tab libyaml tripped over, if the failure is a tab in indentation:
/// only spaces, tabs and the block indicators `-`, `?` and `:` may come before it on its line.
private func indentationTab(for failure: LibYAMLFailure, in file: SourceFile) -> SourceLocation? {
    let location = failure.problemLocation
    let scalars = file.columnScalars(ofLine: location.line)
    let mentionsTab = failure.problem.contains("tab")
    let cannotStartToken = failure.problem.hasPrefix("found character that cannot start any token")
    guard mentionsTab || cannotStartToken else { return nil }
    var index = max(0, location.column - 1)
    if mentionsTab {
        // libyaml may point at the start of the line rather than at the tab.
        while index < scalars.count, scalars[index] == " " { index += 1 }
    }
    guard index < scalars.count, scalars[index] == "\t" else { return nil }
    guard scalars[..<index].allSatisfy({ " \t-?:".unicodeScalars.contains($0) }) else { return nil }
    return SourceLocation(line: location.line, column: index + 1)
}

private func character(at location: SourceLocation, in file: SourceFile) -> Unicode.Scalar? {
    let scalars = file.columnScalars(ofLine: location.line)
    let index = location.column - 1
    return index >= 0 && index < scalars.count ? scalars[index] : nil
}

/// `title: Note: hi` fails at the second colon; show the value quoted.
private func mappingValueHelp(line: Int, column: Int, in file: SourceFile) -> String {
    let general = "quote the text if the colon is part of it, or put a nested map on its own indented lines"
    let scalars = file.columnScalars(ofLine: line)
    guard let separator = firstIndex(of: [":", " "], in: scalars), separator + 2 < column else { return general }
    var valueScalars = scalars[(separator + 2)...]
    if let comment = firstIndex(of: [" ", "#"], in: Array(valueScalars)) {
        valueScalars = valueScalars.prefix(comment)
    }
    let key = String(String.UnicodeScalarView(scalars[..<separator])).trimmingSpaces
    let trimmedValue = String(String.UnicodeScalarView(valueScalars)).trimmingSpaces
    guard !trimmedValue.isEmpty, !trimmedValue.contains("\""), !trimmedValue.hasPrefix("'") else { return general }
    return "if the colon is part of the text, quote it: \(key): \"\(trimmedValue)\"; for a nested map, put it on its own indented lines"
}

private func firstIndex(of pattern: [Unicode.Scalar], in scalars: [Unicode.Scalar]) -> Int? {
    guard scalars.count >= pattern.count else { return nil }
    return (0...(scalars.count - pattern.count)).first { Array(scalars[$0..<$0 + pattern.count]) == pattern }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}

/// A CSS-style function call such as `rgb(1, 2, 3)` written as a plain scalar.
struct FunctionCallPitfall {
    /// The call as the user wrote it, from its name to its closing parenthesis.
    var text: String
    var range: SourceRange

    /// Names that often appear in scenes and contain commas.
    static let knownFunctions = ["rgb", "rgba", "hsl", "hsla", "cubic-bezier", "steps"]

    /// The call that starts exactly at `location`, if a plain scalar there looks like `name(`.
    static func find(in file: SourceFile, at location: SourceLocation) -> FunctionCallPitfall? {
        let scalars = file.columnScalars(ofLine: location.line)
        let start = location.column - 1
        var index = start
        while index < scalars.count, isNameCharacter(scalars[index]) { index += 1 }
        guard index > start, index < scalars.count, scalars[index] == "(" else { return nil }
        return call(scalars, line: location.line, start: start, open: index)
    }

    /// The first unquoted known function call inside a flow collection on a line.
    static func firstInFlow(onLine line: Int, of file: SourceFile) -> FunctionCallPitfall? {
        let scalars = file.columnScalars(ofLine: line)
        var flowDepth = 0
        var quote: Unicode.Scalar?
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == "#", index == 0 || scalars[index - 1] == " " {
                return nil
            } else if scalar == "[" || scalar == "{" {
                flowDepth += 1
            } else if scalar == "]" || scalar == "}" {
                flowDepth = max(0, flowDepth - 1)
            } else if flowDepth > 0, scalar == "(" {
                var nameStart = index
                while nameStart > 0, isNameCharacter(scalars[nameStart - 1]) { nameStart -= 1 }
                let name = String(String.UnicodeScalarView(scalars[nameStart..<index]))
                if knownFunctions.contains(name) {
                    return call(scalars, line: line, start: nameStart, open: index)
                }
            }
            index += 1
        }
        return nil
    }

    private static func call(_ scalars: [Unicode.Scalar], line: Int, start: Int, open: Int) -> FunctionCallPitfall {
        var depth = 0
        var end = open
        while end < scalars.count {
            if scalars[end] == "(" { depth += 1 }
            if scalars[end] == ")" {
                depth -= 1
                if depth == 0 { break }
            }
            end += 1
        }
        // Without a closing parenthesis on the line, quote what there is.
        let last = end < scalars.count ? end : scalars.count - 1
        let text = String(String.UnicodeScalarView(scalars[start...last])).trimmingSpaces
        return FunctionCallPitfall(
            text: text,
            range: SourceRange(
                start: SourceLocation(line: line, column: start + 1),
                end: SourceLocation(line: line, column: last + 2)))
    }

    /// Wraps the call in double quotes, when it is complete (ends at its closing parenthesis) and
    /// needs no escapes.
    func quotingFixIt(in file: SourceFile) -> [FixIt] {
        guard text.hasSuffix(")"), file.text(in: range) == text, !text.contains("\""), !text.contains("\\") else { return [] }
        return [FixIt.replace(range, with: "\"\(text)\"", message: "quote it: \"\(text)\"")]
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
    }
}

/// A line that should be an item of the block list above it but lacks the `- `: it starts in the
/// dash's column, and the nearest line above that starts there is an item (`- …`).
struct ForgottenDash {
    var line: Int
    var siblingLine: Int
    var location: SourceLocation
    /// Inserting `- ` is only right when the item's other lines are indented two past the dash,
    /// as they are in the items above (or it has no other lines).
    var fixIts: [FixIt]

    static func find(onLine line: Int, of file: SourceFile) -> ForgottenDash? {
        let scalars = file.columnScalars(ofLine: line)
        guard let indent = scalars.firstIndex(where: { $0 != " " }), scalars[indent] != "-", scalars[indent] != "#" else { return nil }
        var above = line - 1
        while above >= 1 {
            let previous = file.columnScalars(ofLine: above)
            if let first = previous.firstIndex(where: { $0 != " " }), previous[first] != "#" {
                if first < indent { return nil }
                if first == indent {
                    guard previous[first] == "-", first + 1 < previous.count, previous[first + 1] == " " else { return nil }
                    break
                }
            }
            above -= 1
        }
        guard above >= 1 else { return nil }
        // The item's own continuation lines, if any, must sit two columns in from the dash.
        var fits = true
        var next = line + 1
        while next <= file.lineCount {
            let following = file.columnScalars(ofLine: next)
            if let first = following.firstIndex(where: { $0 != " " }), following[first] != "#" {
                if first <= indent { break }
                if first != indent + 2 { fits = false }
                break
            }
            next += 1
        }
        let location = SourceLocation(line: line, column: indent + 1)
        let fix = FixIt("insert '- ' at line \(line)", edits: [FixIt.Edit(range: SourceRange(location), replacement: "- ")])
        return ForgottenDash(line: line, siblingLine: above, location: location, fixIts: fits ? [fix] : [])
    }
}

/// An unquoted hex colour in a flow collection, `{fill: #FF3B30}`: YAML reads `#…` after a space
/// as a comment, which swallows the rest of the line and its closing brackets.
struct HexCommentPitfall {
    var text: String
    var range: SourceRange

    static func firstInFlow(onLine line: Int, of file: SourceFile) -> HexCommentPitfall? {
        let scalars = file.columnScalars(ofLine: line)
        var flowDepth = 0
        var quote: Unicode.Scalar?
        for (index, scalar) in scalars.enumerated() {
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == "[" || scalar == "{" {
                flowDepth += 1
            } else if scalar == "]" || scalar == "}" {
                flowDepth = max(0, flowDepth - 1)
            } else if scalar == "#", index > 0, scalars[index - 1] == " " || scalars[index - 1] == "\t" {
                guard flowDepth > 0, let text = hexColor(in: scalars, at: index) else { return nil }
                return HexCommentPitfall(
                    text: text,
                    range: SourceRange(
                        start: SourceLocation(line: line, column: index + 1),
                        end: SourceLocation(line: line, column: index + 1 + text.unicodeScalars.count)))
            }
        }
        return nil
    }
}

/// `#` followed by 3, 4, 6 or 8 hex digits and then the end of the word, at `index`.
func hexColor(in scalars: [Unicode.Scalar], at index: Int) -> String? {
    guard index < scalars.count, scalars[index] == "#" else { return nil }
    var end = index + 1
    while end < scalars.count, scalars[end].properties.isASCIIHexDigit { end += 1 }
    guard [3, 4, 6, 8].contains(end - index - 1) else { return nil }
    if end < scalars.count, !" ,]}\t".unicodeScalars.contains(scalars[end]) { return nil }
    return String(String.UnicodeScalarView(scalars[index..<end]))
}
