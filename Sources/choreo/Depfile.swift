/// The `--depfile` text: one Makefile rule per written scene, `OUTPUT... : SCENE FONT...` (the scene and the font files its text is set in), in path order.
/// The file does not know which tool reads it, so a path is written only if GNU Make and Ninja
/// (whose depfile reader follows GCC's rules) both read it back as the same path: a space is `\ `
/// (backslashes right before it doubled), `#` is `\#`, `:` is `\:` and `$` is `$$`. Every other
/// character that either tool treats specially is an error naming it: `;` starts a Make recipe
/// (a command), `=` turns the rule into a variable assignment, `|`, quotes and shell
/// metacharacters end a path for Ninja, `%` `*` `?` `[` `]` are Make patterns, and line breaks,
/// tabs and other controls end the rule.
func makeDependencies(_ rules: [(outputs: [String], inputs: [String])]) throws(OutputError) -> String {
    var text = ""
    for rule in rules {
        let targets = try rule.outputs.map { path throws(OutputError) in try makeEscaped(path) }
        let prerequisites = try rule.inputs.map { path throws(OutputError) in try makeEscaped(path) }
        text += targets.joined(separator: " ") + ": " + prerequisites.joined(separator: " ") + "\n"
    }
    return text
}

func makeEscaped(_ path: String) throws(OutputError) -> String {
    var out = ""
    var pendingBackslashes = 0
    let scalars = Array(path.unicodeScalars)
    for (offset, scalar) in scalars.enumerated() {
        func refuse(_ reason: String) -> OutputError {
            .unrepresentableInDepfile(path, character: scalar, column: offset + 1, reason: reason)
        }
        if scalar != "\\" && pendingBackslashes > 0 && !(scalar == " " || isReadLiterally(scalar)) {
            throw refuse("after a backslash")
        }
        switch scalar {
        case "\\":
            pendingBackslashes += 1
            continue
        case " ":
            // Backslashes before an escaped character would otherwise escape the escape.
            out += String(repeating: "\\", count: pendingBackslashes * 2) + "\\ "
        case "#": out += "\\#"
        case "$": out += "$$"
        case ":":
            // Ninja reads `\:` before a space or the line's end as a backslash and a colon.
            if offset == scalars.count - 1 { throw refuse("at the end of a path") }
            out += "\\:"
        case ";": throw refuse("which Make reads as the start of a command")
        case "=": throw refuse("which Make reads as a variable assignment")
        case "~" where offset == 0 || scalars[offset - 1] == "/":
            throw refuse("which Make expands to a home directory")
        default:
            guard isReadLiterally(scalar) else {
                throw refuse(scalar.value < 0x20 || scalar.value == 0x7F ? "a control character" : "which Make or Ninja reads specially")
            }
            out += String(repeating: "\\", count: pendingBackslashes) + String(scalar)
        }
        pendingBackslashes = 0
    }
    if pendingBackslashes > 0 {
        throw .unrepresentableInDepfile(path, character: "\\", column: scalars.count, reason: "at the end of a path, which joins the next line")
    }
    return out
}

/// Characters Make and Ninja both take as part of a path, unescaped. Everything at or above U+0080
/// is kept by both, except the C1 controls, which would reach a terminal raw.
private func isReadLiterally(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "+", ",", "-", ".", "/", "_", "~", "!", "@", "(", ")", "{", "}": true
    default: scalar.value >= 0xA0
    }
}
