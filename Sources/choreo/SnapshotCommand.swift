import ChoreoDiagnostics
import ChoreoJSON
import ChoreoSVG
import ChoreoScene
import ChoreoTimeline
import Foundation

/// Compiles the one scene of `snapshot` or `preview`, printing its diagnostics to stderr.
/// Returns nil when the scene has errors.
func compileSingle(_ path: String, command: CommandName, theme: String? = nil) throws(UsageError) -> (SourceFile, Timeline)? {
    let source = try readSingleScene(path, command: command)
    let compilation = compileScene(source, theme: theme, artwork: artworkLoader, files: sceneFileAccess)
    if let theme, compilation.timeline == nil, !compilation.diagnostics.hasErrors {
        throw .unknownTheme(theme, scene: path, available: compilation.themeNames, command: command)
    }
    Console.error(textRenderer(for: [source]).render(compilation.diagnostics.cappedPerFile()))
    guard let timeline = compilation.timeline, !compilation.diagnostics.hasErrors else { return nil }
    return (source, timeline)
}

/// The instant `snapshot` draws, in seconds on the global timeline.
func snapshotTime(_ moment: SnapshotOptions.Moment, in timeline: Timeline, command: CommandName = .snapshot) throws(UsageError) -> Double {
    switch moment {
    case let .time(argument):
        let seconds = argument.seconds(fps: timeline.fps)
        // A small tolerance, so that the last frame given in frames or milliseconds is accepted.
        if timeline.duration > 0, seconds > timeline.duration + 1e-9 {
            let given = switch argument {
            case let .seconds(value): formatNumber(value) + "s"
            case let .frames(value): formatNumber(value) + "f"
            }
            throw .timeOutOfRange(given, duration: formatNumber(timeline.duration) + "s", command: command)
        }
        return seconds
    case let .state(name):
        let poses = timeline.spans.filter { $0.kind == .pose }
        guard let span = poses.first(where: { $0.name == name }) else {
            throw .unknownState(name, available: poses.map(\.name), command: command)
        }
        return span.start
    }
}

/// `--input NAME=VALUE` assignments read against the scene's inputs, in command-line order. A
/// colour is read as the scene language writes one.
func parseInputAssignments(
    _ assignments: [String], of timeline: Timeline, command: CommandName
) throws(UsageError) -> [(name: String, value: InputValue)] {
    var parsed: [(name: String, value: InputValue)] = []
    for assignment in assignments {
        let result = parseInputAssignment(assignment, inputs: timeline.inputs) { text in
            if case let .success(color) = parseColor(text, environment: ValueEnvironment()) { color } else { nil }
        }
        switch result {
        case let .success((input, value)): parsed.append((input, value))
        case let .failure(problem): throw .invalidValue(option: "--input", value: assignment, expected: problem.message, command: command)
        }
    }
    return parsed
}

/// The timeline to draw for these input values: the scene compiled again at them when its
/// bindings or live texts read an input whose value differs from its default (contract §20), else
/// `timeline` itself.
func timeline(_ timeline: Timeline, of source: SourceFile, theme: String?, at values: [String: InputValue]) -> Timeline {
    guard let tokens = timeline.tokens, !(tokens.tracks.isEmpty && tokens.texts.isEmpty) else { return timeline }
    let defaults = tokens.defaultValues
    guard values.contains(where: { defaults[$0.key] != nil && defaults[$0.key] != $0.value }) else { return timeline }
    let compilation = compileScene(source, theme: theme, artwork: artworkLoader, files: sceneFileAccess, inputs: values)
    return compilation.diagnostics.hasErrors ? timeline : compilation.timeline ?? timeline
}

func runSnapshot(_ options: SnapshotOptions) throws(UsageError) -> ExitStatus {
    guard let (source, compiled) = try compileSingle(options.file, command: .snapshot, theme: options.theme) else { return .failure }
    var moment = options.moment
    var values = compiled.tokens?.defaultValues ?? compiled.stateMachine?.defaultValues ?? [:]
    for (input, value) in try parseInputAssignments(options.inputs, of: compiled, command: .snapshot) { values[input] = value }
    // The state asked for is drawn as it is; with inputs given, the state the machine rests in once
    // its guards have acted on them (a guard on an input's default would otherwise leave it).
    if !options.inputs.isEmpty, case let .state(name) = moment, let machine = compiled.stateMachine, machine.state(named: name) != nil {
        moment = .state(machine.settle(from: name, values: &values))
    }
    let timeline = timeline(compiled, of: source, theme: options.theme, at: values)
    var time = try snapshotTime(moment, in: timeline)
    // A state whose timeline follows an input rests at the input's position on that timeline.
    if case let .state(name) = moment, let rest = timeline.restTime(ofState: name, values: values) { time = rest }
    let svg = SVGEmitter.snapshot(timeline, at: time)
    do throws(OutputError) {
        let directory = URL(fileURLWithPath: options.output).deletingLastPathComponent().path
        try prepareDirectory(directory)
        try writeAtomically([OutputFile(path: options.output, contents: svg)], protecting: Set([FileIdentity(path: source.path)].compactMap { $0 }))
    } catch {
        Console.error("choreo: error: \(error.message)\n")
        return .failure
    }
    Console.out("wrote \(options.output)\n")
    return .success
}
