import ChoreoDiagnostics
import ChoreoDiff
import ChoreoJSON
import ChoreoMedia
import ChoreoScene
import ChoreoTimeline

/// What `choreo --version` prints.
let choreoVersion = "0.1.0"

/// The subcommands, in the order help lists them.
enum CommandName: String, CaseIterable, Sendable {
    case compile, lint, diff, snapshot, render, preview, lsp, mcp, schema
    case `import`
}

/// An output format of `compile --emit`, in the order files are written and reported; its file
/// suffix, emitter and usage text are in `OutputKinds.swift`.
enum EmitKind: String, CaseIterable, Comparable, Sendable {
    case lottie, dotlottie, svg
    case svgReel = "svg-reel"
    case timeline
    case swiftAPI = "swift-api"
    case tsAPI = "ts-api"

    static func < (a: EmitKind, b: EmitKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A `lint --format`.
enum LintFormat: String, CaseIterable, Sendable {
    case text, json, github, sarif
}

/// A time on the command line: `0.6s`, `600ms` or `36f` (frames at the scene's fps, which is only
/// known once the scene is compiled).
enum TimeArgument: Equatable, Sendable {
    case seconds(Double)
    case frames(Double)

    /// Parses a non-negative decimal with a unit; nil for anything else (a bare number, `1e3`, `-1s`).
    init?(_ text: String) {
        let units: [(String, (Double) -> TimeArgument)] = [
            ("ms", { .seconds($0 / 1000) }), ("s", { .seconds($0) }), ("f", { .frames($0) }),
        ]
        for (unit, make) in units where text.hasSuffix(unit) {
            let number = text.dropLast(unit.count)
            guard !number.isEmpty, number.filter({ $0 == "." }).count <= 1,
                number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                number.contains(where: \.isNumber), let value = Double(number)
            else { return nil }
            self = make(value)
            return
        }
        return nil
    }

    func seconds(fps: Double) -> Double {
        switch self {
        case let .seconds(seconds): seconds
        case let .frames(frames): fps > 0 ? frames / fps : 0
        }
    }
}

struct CompileOptions: Equatable, Sendable {
    var paths: [String]
    var outputDirectory = "build"
    var emit: [EmitKind] = [.lottie, .svg]
    /// Compile with this theme's values instead of the scene as written with its themes as slots.
    var theme: String?
    var pretty = false
    /// Nil means one job per core.
    var jobs: Int?
    /// The player family checked for (`--target`); `tgs` also writes `NAME.tgs`.
    var target = PlayerTarget.default
    /// Where `--depfile` writes the Makefile-syntax dependencies, if asked.
    var depfile: String?
    /// `--watch`: after the first compile, recompile each scene whenever it changes.
    var watch = false
    /// `--budget`: the most bytes each Lottie, TGS or dotLottie written may have.
    var budget: Int?
}

struct LintOptions: Equatable, Sendable {
    var paths: [String]
    var format = LintFormat.text
    var strict = false
    /// `--target`: also report what this player family cannot play.
    var target = PlayerTarget.default
    /// `--fix`: apply the diagnostics' fix-its to the files in place.
    var fix = false
}

struct SnapshotOptions: Equatable, Sendable {
    enum Moment: Equatable, Sendable {
        case time(TimeArgument)
        /// The start of the state's pose span.
        case state(String)
    }

    var file: String
    var moment: Moment
    var output: String
    /// Draw the scene with this theme's values.
    var theme: String?
    /// `--input NAME=VALUE`, in command-line order: the machine runs on them from the state.
    var inputs: [String] = []
}

struct RenderOptions: Equatable, Sendable {
    /// What is drawn: one instant or a clip.
    enum Selection: Equatable, Sendable {
        /// The whole timeline, looping (the reel); one picture for a scene that does not move.
        case reel
        case time(TimeArgument)
        /// The state at rest as a picture; its played timeline as a clip.
        case state(String)
        /// The transitions from each state to the next, one after the other.
        case path([String])
        case timeline(String)
    }

    var file: String
    var selection = Selection.reel
    /// Nil: from the output file's suffix, else PNG for one instant and APNG for a clip.
    var format: MediaFormat?
    /// `--size W` or `--size WxH` in pixels; nil for the scene's size.
    var width: Int?
    var height: Int?
    var fps: Int?
    /// `--background COLOR`: painted under the scene.
    var background: RGBA?
    var theme: String?
    /// `--input NAME=VALUE`, in command-line order.
    var inputs: [String] = []
    /// Nil: NAME.EXT in the current directory.
    var output: String?
}

struct PreviewOptions: Equatable, Sendable {
    var file: String
    /// Where `-o` writes the page; nil with `--serve`.
    var outputDirectory: String?
    /// `--serve`: serve the page on 127.0.0.1 and reload it when the scene changes.
    var serve = false
    /// `--port`: 0 lets the system choose a free port.
    var port: UInt16 = 0
    /// `--input NAME=VALUE`, in command-line order: set through the page API as the page loads.
    var inputs: [String] = []
    /// `--read-only`: the served page edits nothing (its handles show the timing, no file is written).
    var readOnly = false
}

struct DiffOptions: Equatable, Sendable {
    /// `diff OLD NEW` (two files, or two directories matched by scene name), or `diff --git REV [PATH…]`.
    enum Sides: Equatable, Sendable {
        case paths(old: String, new: String)
        case git(revision: String, paths: [String])
    }

    var sides: Sides
    var format = DiffFormat.text
    /// `--html DIR`: a before/after page per changed scene.
    var htmlDirectory: String?
    /// `--media DIR`: each changed span's before/after animation and still, written there and
    /// linked from the Markdown or GitHub report.
    var mediaDirectory: String?
    /// `--media-url URL`: the base URL the report links the media with (else DIR as given).
    var mediaURL: String?
}

/// A parsed command line.
enum Invocation: Equatable, Sendable {
    /// `--help`: global help when the command is nil.
    case help(CommandName?)
    case version
    case compile(CompileOptions)
    case lint(LintOptions)
    case diff(DiffOptions)
    /// `choreo lsp`: a language server on stdin/stdout.
    case lsp
    /// `choreo mcp [--directory DIR]`: a Model Context Protocol server on stdin/stdout, for coding
    /// agents, serving the files inside DIR (default the working directory).
    case mcp(directory: String?)
    /// `choreo schema [-o FILE]`: the scene format's JSON Schema, to stdout or a file.
    case schema(output: String?)
    /// `choreo import FILE.svg [-o SCENE.yaml]`: an SVG as a scene.
    case importSVG(input: String, output: String?)
    case snapshot(SnapshotOptions)
    case render(RenderOptions)
    case preview(PreviewOptions)
}

/// An option a command accepts. `names` are every spelling, the first being the canonical one.
struct OptionSpec: Sendable {
    var names: [String]
    /// The placeholder shown in help (`DIR`), or nil for a flag.
    var value: String?
}

/// The options each command accepts; `-h`/`--help` is accepted by every command on top.
func optionSpecs(_ command: CommandName) -> [OptionSpec] {
    switch command {
    case .compile:
        [OptionSpec(names: ["-o", "--output"], value: "DIR"), OptionSpec(names: ["--emit"], value: "LIST"),
         OptionSpec(names: ["--theme"], value: "NAME"), OptionSpec(names: ["--pretty"], value: nil),
         OptionSpec(names: ["--jobs", "-j"], value: "N"), OptionSpec(names: ["--target"], value: "TARGET"),
         OptionSpec(names: ["--depfile"], value: "FILE"), OptionSpec(names: ["--watch"], value: nil),
         OptionSpec(names: ["--budget"], value: "SIZE")]
    case .lint:
        [OptionSpec(names: ["--format"], value: "FORMAT"), OptionSpec(names: ["--strict"], value: nil),
         OptionSpec(names: ["--fix"], value: nil), OptionSpec(names: ["--target"], value: "TARGET")]
    case .diff:
        [OptionSpec(names: ["--git"], value: "REV"), OptionSpec(names: ["--format"], value: "FORMAT"),
         OptionSpec(names: ["--html"], value: "DIR"), OptionSpec(names: ["--media"], value: "DIR"),
         OptionSpec(names: ["--media-url"], value: "URL")]
    case .snapshot:
        [OptionSpec(names: ["--at"], value: "TIME"), OptionSpec(names: ["--state"], value: "NAME"),
         OptionSpec(names: ["--theme"], value: "NAME"), OptionSpec(names: ["-o", "--output"], value: "OUT.svg"),
         OptionSpec(names: ["--input"], value: "NAME=VALUE")]
    case .render:
        [OptionSpec(names: ["--at"], value: "TIME"), OptionSpec(names: ["--state"], value: "NAME"),
         OptionSpec(names: ["--path"], value: "S1,S2,..."), OptionSpec(names: ["--timeline"], value: "NAME"),
         OptionSpec(names: ["--format"], value: "FORMAT"), OptionSpec(names: ["--size"], value: "W[xH]"),
         OptionSpec(names: ["--fps"], value: "N"), OptionSpec(names: ["--background"], value: "COLOR"),
         OptionSpec(names: ["--theme"], value: "NAME"), OptionSpec(names: ["--input"], value: "NAME=VALUE"),
         OptionSpec(names: ["-o", "--output"], value: "FILE")]
    case .preview:
        [OptionSpec(names: ["-o", "--output"], value: "DIR"), OptionSpec(names: ["--serve"], value: nil),
         OptionSpec(names: ["--port"], value: "N"), OptionSpec(names: ["--input"], value: "NAME=VALUE"),
         OptionSpec(names: ["--read-only"], value: nil)]
    case .lsp:
        []
    case .mcp:
        [OptionSpec(names: ["--directory"], value: "DIR")]
    case .schema:
        [OptionSpec(names: ["-o", "--output"], value: "FILE")]
    case .import:
        [OptionSpec(names: ["-o", "--output"], value: "SCENE.yaml")]
    }
}

/// Parses the arguments after the program name. Errors are values, rendered by `UsageError.render`.
func parseArguments(_ arguments: [String]) -> Result<Invocation, UsageError> {
    guard let first = arguments.first else { return .failure(.missingCommand) }
    switch first {
    case "-h", "--help":
        return .success(.help(nil))
    case "--version":
        return arguments.count == 1 ? .success(.version) : .failure(.unexpectedArgument(arguments[1], command: nil))
    case "help":
        guard arguments.count > 1 else { return .success(.help(nil)) }
        guard let command = CommandName(rawValue: arguments[1]) else {
            return .failure(.unknownCommand(arguments[1], suggestion: closestMatch(to: arguments[1], in: CommandName.allCases.map(\.rawValue))))
        }
        return .success(.help(command))
    default:
        break
    }
    guard let command = CommandName(rawValue: first) else {
        if first.hasPrefix("-") {
            return .failure(.unknownOption(first, command: nil, suggestion: closestMatch(to: first, in: ["--help", "--version"])))
        }
        return .failure(.unknownCommand(first, suggestion: closestMatch(to: first, in: CommandName.allCases.map(\.rawValue))))
    }
    let rest = Array(arguments.dropFirst())
    // Help wins over every other problem on the line, as users add it to find out what went wrong.
    if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) {
        return .success(.help(command))
    }
    return Result { () throws(UsageError) -> Invocation in try parse(command, rest) }
}

/// Options that may be given more than once.
private let repeatableOptions: Set<String> = ["--input"]

/// Options as given: the canonical name of each, with its value, in command-line order.
private struct RawArguments {
    var options: [(name: String, spelled: String, value: String?)] = []
    var positionals: [String] = []

    func value(_ name: String) -> (spelled: String, value: String)? {
        options.last(where: { $0.name == name }).map { ($0.spelled, $0.value ?? "") }
    }

    func has(_ name: String) -> Bool { options.contains { $0.name == name } }
}

private func tokenize(_ command: CommandName, _ arguments: [String]) throws(UsageError) -> RawArguments {
    let specs = optionSpecs(command)
    var raw = RawArguments()
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if argument == "--" {
            raw.positionals += arguments[index...]
            break
        }
        guard argument.hasPrefix("-"), argument != "-" else {
            raw.positionals.append(argument)
            continue
        }
        var spelled = argument
        var inlineValue: String?
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            spelled = String(argument[..<equals])
            inlineValue = String(argument[argument.index(after: equals)...])
        }
        guard let spec = specs.first(where: { $0.names.contains(spelled) }) else {
            let suggestion = closestMatch(to: spelled, in: specs.flatMap(\.names).filter { $0.hasPrefix("--") } + ["--help"])
            throw .unknownOption(spelled, command: command, suggestion: suggestion)
        }
        let name = spec.names[0]
        if raw.has(name), !repeatableOptions.contains(name) { throw .repeatedOption(spelled, command: command) }
        guard spec.value != nil else {
            if inlineValue != nil { throw .unexpectedValue(option: spelled, command: command) }
            raw.options.append((name, spelled, nil))
            continue
        }
        if let inlineValue {
            raw.options.append((name, spelled, inlineValue))
        } else if index < arguments.count,
            !arguments[index].hasPrefix("-") || arguments[index] == "-" || looksLikeNegativeNumber(arguments[index])
        {
            // `--jobs -5` and `--at -1s` take the negative value, so the option's own check can say
            // what is wrong with it (no option is spelled like a number).
            raw.options.append((name, spelled, arguments[index]))
            index += 1
        } else {
            throw .missingValue(option: spelled, command: command)
        }
    }
    return raw
}

private func parse(_ command: CommandName, _ arguments: [String]) throws(UsageError) -> Invocation {
    let raw = try tokenize(command, arguments)
    switch command {
    case .compile:
        guard !raw.positionals.isEmpty else { throw .missingArgument("PATH", command: command) }
        var options = CompileOptions(paths: raw.positionals)
        if let (spelled, value) = raw.value("-o") {
            guard !value.isEmpty else { throw .invalidValue(option: spelled, value: value, expected: "a directory", command: command) }
            options.outputDirectory = value
        }
        if let (spelled, value) = raw.value("--emit") {
            var kinds = Set<EmitKind>()
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let kind = EmitKind(rawValue: String(item)) else {
                    throw .invalidValue(option: spelled, value: String(item), expected: "\(EmitKind.namesInProse) (comma-separated)", command: command)
                }
                kinds.insert(kind)
            }
            options.emit = kinds.sorted()
        }
        if let (spelled, value) = raw.value("--theme") {
            guard isUsableFileName(value) else {
                throw .invalidValue(option: spelled, value: value, expected: "a theme name", command: command)
            }
            options.theme = value
        }
        options.pretty = raw.has("--pretty")
        if let (spelled, value) = raw.value("--jobs") {
            guard let jobs = Int(value), jobs >= 1, value.allSatisfy(\.isASCII) else {
                throw .invalidValue(option: spelled, value: value, expected: "a whole number of at least 1", command: command)
            }
            options.jobs = jobs
        }
        if let target = try playerTarget(raw, command: command) { options.target = target }
        if let (spelled, value) = raw.value("--depfile") {
            guard !value.isEmpty else { throw .invalidValue(option: spelled, value: value, expected: "a file path", command: command) }
            options.depfile = value
        }
        options.watch = raw.has("--watch")
        if let (spelled, value) = raw.value("--budget") {
            guard let bytes = parseByteSize(value) else {
                throw .invalidValue(option: spelled, value: value, expected: "a size such as 64KiB, 500KB or a number of bytes", command: command)
            }
            options.budget = bytes
        }
        return .compile(options)

    case .lint:
        guard !raw.positionals.isEmpty else { throw .missingArgument("PATH", command: command) }
        var options = LintOptions(paths: raw.positionals)
        if let (spelled, value) = raw.value("--format") {
            guard let format = LintFormat(rawValue: value) else {
                throw .invalidValue(option: spelled, value: value, expected: "text, json, github or sarif", command: command)
            }
            options.format = format
        }
        options.strict = raw.has("--strict")
        options.fix = raw.has("--fix")
        if let target = try playerTarget(raw, command: command) { options.target = target }
        return .lint(options)

    case .diff:
        let sides: DiffOptions.Sides
        if let (spelled, revision) = raw.value("--git") {
            // A revision is never an option of git's, nor holds the `:` of `REV:PATH`.
            guard !revision.isEmpty, !revision.hasPrefix("-"), !revision.contains(":"),
                !revision.unicodeScalars.contains(where: TextEscaping.isTerminalControl)
            else { throw .invalidValue(option: spelled, value: revision, expected: "a git revision (a commit, branch or tag)", command: command) }
            sides = .git(revision: revision, paths: raw.positionals)
        } else {
            guard raw.positionals.count >= 2 else { throw .missingArgument(raw.positionals.isEmpty ? "OLD and NEW" : "NEW", command: command) }
            if raw.positionals.count > 2 { throw .unexpectedArgument(raw.positionals[2], command: command) }
            sides = .paths(old: raw.positionals[0], new: raw.positionals[1])
        }
        var options = DiffOptions(sides: sides)
        if let (spelled, value) = raw.value("--format") {
            guard let format = DiffFormat(rawValue: value) else {
                throw .invalidValue(option: spelled, value: value, expected: "text, json, github or markdown", command: command)
            }
            options.format = format
        }
        if let (spelled, value) = raw.value("--html") {
            guard !value.isEmpty else { throw .invalidValue(option: spelled, value: value, expected: "a directory", command: command) }
            options.htmlDirectory = value
        }
        if let (spelled, value) = raw.value("--media") {
            guard !value.isEmpty else { throw .invalidValue(option: spelled, value: value, expected: "a directory", command: command) }
            guard options.format == .markdown || options.format == .github else {
                throw .missingOption("--format markdown or --format github (--media links its pictures from those reports)", command: command)
            }
            options.mediaDirectory = value
        }
        if let (spelled, value) = raw.value("--media-url") {
            guard options.mediaDirectory != nil else { throw .missingOption("--media DIR (--media-url is where DIR is published)", command: command) }
            guard value.hasPrefix("https://") || value.hasPrefix("http://"), !value.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else {
                throw .invalidValue(option: spelled, value: value, expected: "an http:// or https:// URL", command: command)
            }
            options.mediaURL = value
        }
        return .diff(options)

    case .snapshot:
        let file = try singleFile(raw.positionals, command: command)
        let moment: SnapshotOptions.Moment
        switch (raw.value("--at"), raw.value("--state")) {
        case (nil, nil):
            throw .missingOption("--at TIME or --state NAME", command: command)
        case let ((atSpelled, _)?, (stateSpelled, _)?):
            throw .exclusiveOptions(atSpelled, stateSpelled, command: command)
        case let ((spelled, value)?, nil):
            guard let time = TimeArgument(value) else {
                let expected = value.hasPrefix("-") ? "a time of at least 0s, such as 0.6s, 600ms or 36f" : "a time such as 0.6s, 600ms or 36f"
                throw .invalidValue(option: spelled, value: value, expected: expected, command: command)
            }
            moment = .time(time)
        case let (nil, (spelled, value)?):
            guard !value.isEmpty else { throw .invalidValue(option: spelled, value: value, expected: "a state name", command: command) }
            moment = .state(value)
        }
        guard let (spelled, output) = raw.value("-o") else { throw .missingOption("-o OUT.svg", command: command) }
        guard !output.isEmpty else { throw .invalidValue(option: spelled, value: output, expected: "a file path", command: command) }
        var options = SnapshotOptions(file: file, moment: moment, output: output)
        options.inputs = raw.options.filter { $0.name == "--input" }.map { $0.value ?? "" }
        if let (spelled, value) = raw.value("--theme") {
            guard isUsableFileName(value) else {
                throw .invalidValue(option: spelled, value: value, expected: "a theme name", command: command)
            }
            options.theme = value
        }
        return .snapshot(options)

    case .render:
        return .render(try parseRenderOptions(raw, command: command))

    case .preview:
        let file = try singleFile(raw.positionals, command: command)
        var options = PreviewOptions(file: file)
        options.serve = raw.has("--serve")
        options.inputs = raw.options.filter { $0.name == "--input" }.map { $0.value ?? "" }
        if let (portSpelled, value) = raw.value("--port") {
            guard options.serve else { throw .missingOption("--serve (--port only applies to it)", command: command) }
            guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let port = UInt16(value) else {
                throw .invalidValue(option: portSpelled, value: value, expected: "a port number from 0 to 65535", command: command)
            }
            options.port = port
        }
        options.readOnly = raw.has("--read-only")
        if options.readOnly, !options.serve { throw .missingOption("--serve (--read-only only applies to it)", command: command) }
        if let (spelled, output) = raw.value("-o") {
            if options.serve { throw .exclusiveOptions(spelled, "--serve", command: command) }
            guard !output.isEmpty else { throw .invalidValue(option: spelled, value: output, expected: "a directory", command: command) }
            options.outputDirectory = output
        } else if !options.serve {
            throw .missingOption("-o DIR or --serve", command: command)
        }
        return .preview(options)

    case .lsp:
        try noArguments(raw.positionals, command: command)
        return .lsp

    case .mcp:
        try noArguments(raw.positionals, command: command)
        if let (spelled, directory) = raw.value("--directory") {
            guard !directory.isEmpty else { throw .invalidValue(option: spelled, value: directory, expected: "a directory", command: command) }
            return .mcp(directory: directory)
        }
        return .mcp(directory: nil)

    case .schema:
        try noArguments(raw.positionals, command: command)
        if let (spelled, output) = raw.value("-o") {
            guard !output.isEmpty else { throw .invalidValue(option: spelled, value: output, expected: "a file path", command: command) }
            return .schema(output: output)
        }
        return .schema(output: nil)

    case .import:
        let file = try singleFile(raw.positionals, command: command)
        if let (spelled, output) = raw.value("-o") {
            guard !output.isEmpty else { throw .invalidValue(option: spelled, value: output, expected: "a file path", command: command) }
            return .importSVG(input: file, output: output)
        }
        return .importSVG(input: file, output: nil)
    }
}

private func parseRenderOptions(_ raw: RawArguments, command: CommandName) throws(UsageError) -> RenderOptions {
    var options = RenderOptions(file: try singleFile(raw.positionals, command: command))
    let chosen = ["--at", "--state", "--path", "--timeline"].compactMap { name in raw.value(name).map { (name, $0.spelled, $0.value) } }
    if chosen.count > 1 { throw .exclusiveOptions(chosen[0].1, chosen[1].1, command: command) }
    if let (name, spelled, value) = chosen.first {
        switch name {
        case "--at":
            guard let time = TimeArgument(value) else {
                let expected = value.hasPrefix("-") ? "a time of at least 0s, such as 0.6s, 600ms or 36f" : "a time such as 0.6s, 600ms or 36f"
                throw .invalidValue(option: spelled, value: value, expected: expected, command: command)
            }
            options.selection = .time(time)
        case "--state":
            guard !value.isEmpty else { throw .invalidValue(option: spelled, value: value, expected: "a state name", command: command) }
            options.selection = .state(value)
        case "--path":
            let states = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard states.count >= 2, !states.contains(where: \.isEmpty) else {
                throw .invalidValue(option: spelled, value: value, expected: "two or more state names separated by commas, such as idle,hover,idle", command: command)
            }
            options.selection = .path(states)
        default:
            guard !value.isEmpty else { throw .invalidValue(option: spelled, value: value, expected: "a timeline name", command: command) }
            options.selection = .timeline(value)
        }
    }
    if let (spelled, value) = raw.value("--format") {
        guard let format = MediaFormat(rawValue: value) else {
            throw .invalidValue(option: spelled, value: value, expected: MediaFormat.allCases.map(\.rawValue).joined(separator: ", "), command: command)
        }
        options.format = format
    }
    if let (spelled, value) = raw.value("--size") {
        let parts = value.split(separator: "x", omittingEmptySubsequences: false)
        let numbers = parts.map { part in part.allSatisfy { $0.isASCII && $0.isNumber } && !part.isEmpty ? Int(part) : nil }
        guard (1...2).contains(parts.count), numbers.allSatisfy({ $0 != nil }),
            numbers.allSatisfy({ (1...renderMaximumSide).contains($0!) })
        else {
            throw .invalidValue(option: spelled, value: value, expected: "a width in pixels, or WIDTHxHEIGHT, each from 1 to \(renderMaximumSide)", command: command)
        }
        options.width = numbers[0]
        options.height = numbers.count > 1 ? numbers[1] : nil
    }
    if let (spelled, value) = raw.value("--fps") {
        guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let fps = Int(value), (1...240).contains(fps) else {
            throw .invalidValue(option: spelled, value: value, expected: "a whole number of frames a second from 1 to 240", command: command)
        }
        options.fps = fps
    }
    if let (spelled, value) = raw.value("--background") {
        guard case let .success(color) = parseColor(value, environment: ValueEnvironment()) else {
            throw .invalidValue(option: spelled, value: value, expected: "a colour such as white, #1e1e2e or rgb(30 30 46)", command: command)
        }
        options.background = color
    }
    if let (spelled, value) = raw.value("--theme") {
        guard isUsableFileName(value) else { throw .invalidValue(option: spelled, value: value, expected: "a theme name", command: command) }
        options.theme = value
    }
    options.inputs = raw.options.filter { $0.name == "--input" }.map { $0.value ?? "" }
    if let (spelled, output) = raw.value("-o") {
        guard !output.isEmpty else { throw .invalidValue(option: spelled, value: output, expected: "a file path", command: command) }
        options.output = output
    }
    return options
}

private func playerTarget(_ raw: RawArguments, command: CommandName) throws(UsageError) -> PlayerTarget? {
    guard let (spelled, value) = raw.value("--target") else { return nil }
    guard let target = PlayerTarget(rawValue: value) else {
        throw .invalidValue(option: spelled, value: value, expected: PlayerTarget.list(), command: command)
    }
    return target
}

private func noArguments(_ positionals: [String], command: CommandName) throws(UsageError) {
    if let first = positionals.first { throw .unexpectedArgument(first, command: command) }
}

private func singleFile(_ positionals: [String], command: CommandName) throws(UsageError) -> String {
    guard let file = positionals.first else { throw .missingArgument("FILE", command: command) }
    if positionals.count > 1 { throw .unexpectedArgument(positionals[1], command: command) }
    return file
}

/// `-5`, `-1s`, `-.5`: a value, not an option.
private func looksLikeNegativeNumber(_ argument: String) -> Bool {
    let scalars = Array(argument.unicodeScalars)
    guard scalars.count >= 2, scalars[0] == "-" else { return false }
    return ("0"..."9").contains(scalars[1]) || scalars[1] == "."
}
