/// The `--depfile` text: one Makefile rule per written scene, `OUTPUT... : SCENE`, in path order.
/// Make and Ninja (whose depfile reader follows GCC's rules) read the same escapes: a space or tab
/// is `\ ` (backslashes right before it doubled), `#` is `\#` and `$` is `$$`. A path with a line
/// break cannot be written in either, and is an error.
func makeDependencies(_ rules: [(outputs: [String], scene: String)]) throws(OutputError) -> String {
    var text = ""
    for rule in rules {
        let targets = try rule.outputs.map { path throws(OutputError) in try makeEscaped(path) }
        text += targets.joined(separator: " ") + ": " + (try makeEscaped(rule.scene)) + "\n"
    }
    return text
}

func makeEscaped(_ path: String) throws(OutputError) -> String {
    var out = ""
    var pendingBackslashes = 0
    for character in path {
        switch character {
        case "\n", "\r", "\r\n":
            throw .unrepresentableInDepfile(path)
        case "\\":
            pendingBackslashes += 1
            continue
        case " ", "\t", "#":
            // Backslashes before an escaped character would otherwise escape the escape.
            out += String(repeating: "\\", count: pendingBackslashes * 2) + "\\" + String(character)
        case "$":
            out += String(repeating: "\\", count: pendingBackslashes) + "$$"
        default:
            out += String(repeating: "\\", count: pendingBackslashes) + String(character)
        }
        pendingBackslashes = 0
    }
    return out + String(repeating: "\\", count: pendingBackslashes)
}
