import ChoreoDiagnostics
import ChoreoJSON
import ChoreoScene
import ChoreoMedia

/// Everything that makes `choreo` exit with status 2: a command line it cannot act on. Raised as a
/// value where the problem is found and rendered in one place, `render()`.
enum UsageError: Error, Equatable, Sendable {
    case missingCommand
    case unknownCommand(String, suggestion: String?)
    /// `command` is nil for options before the command (`choreo --verbose`).
    case unknownOption(String, command: CommandName?, suggestion: String?)
    case repeatedOption(String, command: CommandName)
    case missingValue(option: String, command: CommandName)
    case unexpectedValue(option: String, command: CommandName)
    case invalidValue(option: String, value: String, expected: String, command: CommandName)
    case missingArgument(String, command: CommandName)
    case unexpectedArgument(String, command: CommandName?)
    case missingOption(String, command: CommandName)
    case exclusiveOptions(String, String, command: CommandName)
    case noSuchFile(String, command: CommandName)
    case unreadableFile(String, reason: String, command: CommandName)
    case notAFile(String, command: CommandName)
    case noScenes(String, command: CommandName)
    case unknownState(String, available: [String], command: CommandName)
    case unknownTimeline(String, available: [String], command: CommandName)
    /// `render --path`: two states in a row with no transition between them.
    case noTransition(from: String, to: String, available: [String], command: CommandName)
    /// `--theme NAME` for a scene without that theme.
    case unknownTheme(String, scene: String, available: [String], command: CommandName)
    case timeOutOfRange(String, duration: String, command: CommandName)
    /// `diff`: two scenes of one directory have the same name, so they cannot be matched.
    case duplicateSceneName(String, String, String, command: CommandName)
    /// `diff --git`: git could not answer (not a repository, no such revision).
    case gitFailed(String, command: CommandName)

    var command: CommandName? {
        switch self {
        case .missingCommand, .unknownCommand: nil
        case let .unknownOption(_, command, _), let .unexpectedArgument(_, command): command
        case let .repeatedOption(_, command), let .missingValue(_, command), let .unexpectedValue(_, command),
            let .invalidValue(_, _, _, command), let .missingArgument(_, command), let .missingOption(_, command),
            let .exclusiveOptions(_, _, command), let .noSuchFile(_, command), let .unreadableFile(_, _, command),
            let .notAFile(_, command), let .noScenes(_, command), let .unknownState(_, _, command),
            let .unknownTimeline(_, _, command), let .noTransition(_, _, _, command),
            let .unknownTheme(_, _, _, command),
            let .timeOutOfRange(_, _, command), let .duplicateSceneName(_, _, _, command), let .gitFailed(_, command):
            command
        }
    }

    /// What went wrong, every name and value in it escaped where it enters (`shown`): a file name
    /// with a line break cannot put a line of its own, such as `::error …`, into a CI log.
    var message: String {
        switch self {
        case .missingCommand:
            return "no command given"
        case let .unknownCommand(name, suggestion):
            return "unknown command '\(shown(name))'" + didYouMean(suggestion)
        case let .unknownOption(option, _, suggestion):
            return "unknown option '\(shown(option))'" + didYouMean(suggestion)
        case let .repeatedOption(option, _):
            return "option '\(shown(option))' is given more than once"
        case let .missingValue(option, _):
            return "option '\(shown(option))' needs a value"
        case let .unexpectedValue(option, _):
            return "option '\(shown(option))' takes no value"
        case let .invalidValue(option, value, expected, _):
            return "invalid value '\(shown(value))' for '\(shown(option))': expected \(shown(expected))"
        case let .missingArgument(name, _):
            return "missing \(shown(name))"
        case let .unexpectedArgument(argument, _):
            return "unexpected argument '\(shown(argument))'"
        case let .missingOption(option, _):
            return "missing \(shown(option))"
        case let .exclusiveOptions(a, b, _):
            return "'\(shown(a))' and '\(shown(b))' cannot be used together"
        case let .noSuchFile(path, _):
            return "no such file or directory: '\(shown(path))'"
        case let .unreadableFile(path, reason, _):
            return "cannot read '\(shown(path))': \(shown(reason))"
        case let .notAFile(path, _):
            return "'\(shown(path))' is a directory; this command takes one scene file"
        case let .noScenes(path, _):
            return "no scene files (*.yaml, *.yml) in directory '\(shown(path))'"
        case let .unknownState(name, available, _):
            let list = available.isEmpty ? "the scene has no states" : "states: " + available.joined(separator: ", ")
            return "no state named '\(shown(name))'" + didYouMean(closestMatch(to: name, in: available)) + " (\(shown(list)))"
        case let .unknownTimeline(name, available, _):
            let list = available.isEmpty ? "the scene has no timelines" : "timelines: " + available.joined(separator: ", ")
            return "no timeline named '\(shown(name))'" + didYouMean(closestMatch(to: name, in: available)) + " (\(shown(list)))"
        case let .noTransition(from, to, available, _):
            let list = available.isEmpty ? "'\(shown(from))' has none" : "transitions from '\(shown(from))': " + available.joined(separator: ", ")
            return "no transition from '\(shown(from))' to '\(shown(to))' (\(shown(list)))"
        case let .unknownTheme(name, scene, available, _):
            let list = available.isEmpty ? "it has no themes" : "its themes: " + available.joined(separator: ", ")
            return "\(shown(scene)): no theme named '\(shown(name))'" + didYouMean(closestMatch(to: name, in: available)) + " (\(shown(list)))"
        case let .timeOutOfRange(time, duration, _):
            return "time \(shown(time)) is past the end of the timeline (\(shown(duration)))"
        case let .duplicateSceneName(name, first, second, _):
            return "'\(shown(first))' and '\(shown(second))' are both scene '\(shown(name))'; diff matches a directory's scenes by name"
        case let .gitFailed(message, _):
            return shown(message)
        }
    }

    /// The text for stderr: the error, the command's usage line, and where to find more.
    func render() -> String {
        var out = "choreo: error: \(message)\n"
        if let command {
            out += "usage: \(usageLine(command))\n"
            out += "See 'choreo \(command.rawValue) --help'.\n"
        } else {
            out += "usage: choreo <command> [options]\n"
            out += "See 'choreo --help'.\n"
        }
        return out
    }
}

private func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\(shown($0))'?" } ?? ""
}

/// A name or value as a message shows it: `TextEscaping.terminal`.
private func shown(_ text: String) -> String { TextEscaping.terminal(text) }

func usageLine(_ command: CommandName) -> String {
    switch command {
    case .compile: "choreo compile PATH... [-o DIR] [--emit \(EmitKind.commaSeparatedNames)] [--theme NAME] [--pretty] [--jobs N] [--target TARGET] [--depfile FILE] [--watch] [--budget SIZE]"
    case .lint: "choreo lint PATH... [--format text|json|github|sarif] [--strict] [--fix] [--target TARGET]"
    case .diff: "choreo diff (OLD NEW | --git REV [PATH...]) [--format text|json|github|markdown] [--html DIR] [--media DIR [--media-url URL]]"
    case .snapshot: "choreo snapshot FILE (--at TIME | --state NAME) [--input NAME=VALUE]... [--theme NAME] -o OUT.svg"
    case .render:
        "choreo render FILE [--state NAME | --path S1,S2,... | --timeline NAME | --at TIME] [--input NAME=VALUE]... "
            + "[--format \(MediaFormat.allCases.map(\.rawValue).joined(separator: "|"))] [--size W[xH]] [--fps N] [--background COLOR] [--theme NAME] [-o FILE]"
    case .preview: "choreo preview FILE (-o DIR | --serve [--port N] [--read-only]) [--input NAME=VALUE]..."
    case .lsp: "choreo lsp"
    case .mcp: "choreo mcp [--directory DIR]"
    case .schema: "choreo schema [-o FILE]"
    case .import: "choreo import FILE.svg | FILE.json | FILE.lottie [-o SCENE.yaml]"
    }
}

let globalHelp = """
    choreo \(choreoVersion): compiles Choreo scene files (YAML) to Lottie JSON and SVG.

    usage: choreo <command> [options]

    commands:
      compile    compile scenes to Lottie JSON, animated SVG and timeline JSON
      lint       check scenes and report every diagnostic
      diff       compare two versions of scenes as motion, not text
      snapshot   render one instant of a scene as a still SVG
      render     draw a scene as a PNG, or a clip as APNG, WebP, GIF, MP4 or WebM
      preview    write (or serve, live) an HTML page that plays a scene
      lsp        run the language server for editors (LSP over stdin/stdout)
      mcp        run the MCP server for coding agents (over stdin/stdout)
      schema     print the JSON Schema of the scene format, for editors
      import     turn an SVG or a Lottie (JSON or .lottie) into a scene

    options:
      -h, --help   show this help; 'choreo <command> --help' for a command
      --version    print the version

    exit status: 0 clean, 1 a scene has errors, 2 usage error.
    (diff: 0 no change, 1 changes, 2 usage error or a scene with errors.)

    """

/// An option's line in `--help`: the option in its column, the text wrapped below it at the
/// column the options' texts start in.
func optionHelp(_ option: String, _ text: String, width: Int = 76) -> String {
    let column = 21
    var lines: [String] = []
    var line = "  " + option + String(repeating: " ", count: max(1, column - 2 - option.count))
    var lineHasWord = false
    for word in text.split(separator: " ") {
        if lineHasWord, line.count + 1 + word.count > width {
            lines.append(line)
            line = String(repeating: " ", count: column)
            lineHasWord = false
        }
        line += (lineHasWord ? " " : "") + word
        lineHasWord = true
    }
    lines.append(line)
    return lines.joined(separator: "\n")
}

func commandHelp(_ command: CommandName) -> String {
    let body: String
    switch command {
    case .compile:
        body = """
            Compiles each scene file; PATH is a file or a directory (every *.yaml and
            *.yml below it). Writes DIR/NAME.json (Lottie), DIR/NAME.lottie (dotLottie
            with a state machine), DIR/NAME.svg (interactive SVG: the initial state,
            played by pointer input), DIR/NAME.reel.svg (the whole timeline looping)
            DIR/NAME.timeline.json, and the typed app APIs DIR/NAME.swift and
            DIR/NAME.ts, as chosen by --emit, where NAME is the scene's name. Files are written atomically; a scene with errors writes nothing and
            leaves earlier outputs in place. Diagnostics go to stderr.

            options:
              -o, --output DIR   output directory (default: build)
            \(EmitKind.helpList(after: "  --emit LIST        comma-separated outputs: ", indent: 21))
                                 (default: lottie,svg)
              --theme NAME       compile with the values of theme NAME (no slots)
              --pretty           indent JSON outputs
              -j, --jobs N       compile N files at a time (default: one per core)
            \(optionHelp("--target TARGET", "check for a player family: " + PlayerTarget.list({ target in target.helpNote.map { "\(target.rawValue) (\($0))" } ?? target.rawValue }, lastSeparator: ", or ") + "; what it cannot play is an error (docs/diagnostics.md lists each rule and its way out)"))
              --depfile FILE     write the outputs' dependencies on their scenes in
                                 Makefile syntax, for Make and Ninja
              --watch            after compiling, recompile each scene whenever its
                                 file changes, until Ctrl-C (exit 0)
              --budget SIZE      a Lottie, TGS or dotLottie larger than SIZE (64KiB,
                                 500KB, bytes) is an error giving its size; with a
                                 scene's own budget: the smaller
              -h, --help         show this help
            """
    case .import:
        body = """
            Reads an SVG file (at most 8 MiB; no network, no external entities, no DTD)
            and writes the scene its drawing makes: groups, shapes, ids, styles,
            gradients and clips as nodes. What a scene cannot hold (text, masks,
            patterns, images, markers, filters, animation) is a warning at its element
            (FILE.svg:LINE:COL) and left out. See docs/scene-format.md, "Artwork from SVG".

            A Lottie document (JSON, at most 16 MiB) or a dotLottie archive (told by
            its bytes, whatever its name) becomes a scene of the same motion: layers
            and shape groups as nodes, keyframes with their easing in one timeline.
            What a scene cannot hold is a warning naming its JSON pointer
            (FILE.json:/layers/3/ef/0) and left out. See docs/lottie-import.md.

            options:
              -o, --output SCENE.yaml  write the scene to a file instead of stdout
              -h, --help               show this help

            exit status: 0 written (warnings or not), 1 the file was refused, 2 usage error.
            """
    case .schema:
        body = """
            Prints the JSON Schema (draft-07) of the scene format, generated from the
            compiler's own key tables, for yaml-language-server and other schema-aware
            editors (see docs/editor.md). Written atomically with -o (its directory
            is created if missing).

            options:
              -o, --output FILE  write the schema to FILE instead of stdout
              -h, --help         show this help
            """
    case .mcp:
        body = """
            Runs a Model Context Protocol server (revision 2025-06-18, JSON-RPC over
            stdin/stdout) for coding agents: tools to describe, edit, lint, fix,
            snapshot, compile and diff scenes, and the docs as resources. Every path
            stays inside the directory it serves: --directory, or the one it is
            started in (never the file system's root). Started by the agent's
            client, not by hand; see docs/agents.md. Ends when stdin closes.

            options:
              --directory DIR    serve the scenes inside DIR (default: the working
                                 directory)
              -h, --help         show this help
            """
    case .lsp:
        body = """
            Runs a Language Server (LSP 3.17, JSON-RPC over stdin/stdout) for editors:
            the diagnostics of 'choreo lint' as you type, hover, completion, go to
            definition and quick fixes from the fix-its. Started by the editor, not
            by hand; see docs/editor.md. Diagnostics link to the documentation under
            $CHOREO_DOCS_URL, or the docs/ directory found next to the binary.

            options:
              -h, --help         show this help
            """
    case .lint:
        body = """
            Checks each scene file and prints every diagnostic to stdout; PATH is a
            file or a directory (every *.yaml and *.yml below it). Writes no files,
            except with --fix.

            options:
              --format FORMAT    text (default), json, github (workflow annotations)
                                 or sarif (SARIF 2.1.0)
              --strict           exit with status 1 on warnings too
              --fix              apply the fix-its in place (each file replaced whole,
                                 atomically), print what changed, then what is left
            \(optionHelp("--target TARGET", "also report what a player family cannot play, as compile --target does: " + PlayerTarget.list { $0 == .default ? "\($0.rawValue) (default)" : $0.rawValue }))
              -h, --help         show this help
            """
    case .diff:
        body = """
            Compiles two versions of scenes and reports what changed in the motion:
            nodes, pose keys, timing of transitions and timelines, states, themes,
            the Lottie size. An edit that changes no output reports nothing. OLD
            and NEW are two scene files, or two directories whose scenes are matched
            by name; with --git, each Choreo scene below PATH (default: the whole
            repository) that differs between the working tree and REV (read with
            git show). A file with the same bytes on both sides is not compiled.

            options:
              --git REV          compare the working tree with revision REV
              --format FORMAT    text (default), json, github (annotations on NEW's
                                 lines) or markdown (a table per scene)
              --html DIR         also write DIR/NAME.html per changed scene: before
                                 and after filmstrips of each changed transition and
                                 timeline, its animation (DIR/NAME-N.webp, a still
                                 DIR/NAME-N.png), and both interactive SVGs
              --media DIR        with --format markdown or github: write each changed
                                 span's before/after animation and still into DIR
                                 and link them from the report
              --media-url URL    link the media as URL/NAME-N.webp (where DIR is
                                 published) instead of DIR/NAME-N.webp
              -h, --help         show this help
            """
        return "usage: \(usageLine(command))\n\n\(body)\n\nexit status: 0 no change, 1 changes, 2 usage error or a scene with errors.\n"
    case .snapshot:
        body = """
            Compiles FILE and writes the picture at one instant as a still SVG.

            options:
              --at TIME          a time on the global timeline: 0.6s, 600ms or 36f
                                 (frames at the scene's fps)
              --state NAME       the start of that state's pose
              --input NAME=VALUE set an input (repeatable): bound values and live texts
                                 show it, and with --state the machine rests where
                                 its guards lead from that state
              --theme NAME       draw the scene with that theme's values
              -o, --output FILE  the SVG file to write
              -h, --help         show this help
            """
    case .render:
        body = """
            Compiles FILE and draws it: one instant as a PNG, or a clip as an
            animation. Without a choice, the clip is the whole timeline looping (a
            scene that does not move is one picture). Nothing is written when the
            scene has errors, a name or time is not in it, or the drawing is past
            the limit of \(groupedDigits(renderPixelLimit)) pixels (frames × width × height).

            options:
              --state NAME       the state at rest as a picture; a state that plays a
                                 timeline: that timeline as a clip (unless png)
              --input NAME=VALUE set an input (repeatable): bound values and live texts
                                 show it, and with --state the machine rests where
                                 its guards lead from that state
              --path S1,S2,...   the transitions from each state to the next
              --timeline NAME    that timeline's span
              --at TIME          one instant: 0.6s, 600ms or 36f
              --format FORMAT    png (one instant), apng, webp, gif (one palette, at
                                 most \(gifMaximumFPS) fps), mp4 (H.264 over the background) or webm
                                 (VP9 with alpha); default: from -o's suffix, else
                                 png for one instant and apng for a clip
              --size W[xH]       the picture in pixels (default: the scene's size; a
                                 width alone keeps its proportions); the scene is
                                 scaled to fit and centred
              --fps N            frames a second of a clip (default: the scene's)
              --background COLOR painted under the scene (default: transparent; mp4:
                                 the scene's background, else white)
              --theme NAME       draw the scene with that theme's values
              -o, --output FILE  the file to write (default: NAME.png, NAME.webp, ...
                                 in the current directory)
              -h, --help         show this help
            """
    case .preview:
        body = """
            Compiles FILE and writes DIR/NAME.html, a page that plays the scene; or,
            with --serve, serves that page on http://127.0.0.1:PORT/ (this machine
            only), recompiles when FILE changes and the open page reloads itself; a
            scene with errors shows them on the page. The served page edits timing by
            hand: dragging a keyframe, a duration, a delay, an easing handle or a node
            writes FILE (only the value's bytes, in its units, snapped to frames; Alt
            drags freely), with undo and redo. Ctrl-C stops it (exit 0).

            options:
              -o, --output DIR   output directory
              --serve            serve the page live instead of writing it
              --port N           the port for --serve, 0 to 65535 (default 0: any
                                 free port; the address is printed)
              --read-only        with --serve: show the timing, write nothing
              --input NAME=VALUE set an input as the page loads (repeatable)
              -h, --help         show this help
            """
    }
    return "usage: \(usageLine(command))\n\n\(body)\n\nexit status: 0 clean, 1 a scene has errors, 2 usage error.\n"
}
