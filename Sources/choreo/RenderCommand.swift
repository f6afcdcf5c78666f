import ChoreoDiagnostics
import ChoreoJSON
import ChoreoMedia
import ChoreoRaster
import ChoreoScene
import ChoreoTimeline
import Foundation

/// The largest side `--size` takes, in pixels.
let renderMaximumSide = 8_192

/// The most pixels a render draws in all, frames × pixels per frame (docs/limits.md): 2 s of a
/// 1,024 × 1,024 clip at 60 fps is half of it.
let renderPixelLimit = 1 << 28

/// The most frames a second a GIF can show: browsers play a delay under 2 centiseconds as 10.
let gifMaximumFPS = 50

/// What one `choreo render` draws: one instant, or the instants of a clip.
enum RenderPlan {
    case still(Double)
    case clip(ClipTimes)
}

func runRender(_ options: RenderOptions) throws(UsageError) -> ExitStatus {
    guard let (source, compiled) = try compileSingle(options.file, command: .render, theme: options.theme) else { return .failure }
    // The inputs given, and for a state the state the machine rests in once its guards acted on them.
    var values = compiled.tokens?.defaultValues ?? compiled.stateMachine?.defaultValues ?? [:]
    for (input, value) in try parseInputAssignments(options.inputs, of: compiled, command: .render) { values[input] = value }
    var settled: String?
    if !options.inputs.isEmpty, case let .state(name) = options.selection, let machine = compiled.stateMachine, machine.state(named: name) != nil {
        settled = machine.settle(from: name, values: &values)
    }
    let timeline = timeline(compiled, of: source, theme: options.theme, at: values)
    let plan = try renderPlan(options, timeline: timeline, values: values, settled: settled)
    let format = try renderFormat(options, plan: plan)
    if case .clip = plan, !format.isAnimated {
        throw .invalidValue(
            option: "--format", value: format.rawValue,
            expected: "an animated format for a clip (apng, webp, gif, mp4, webm), or one instant: --at TIME or --state NAME", command: .render)
    }
    let output = options.output ?? "\(timeline.name).\(format.fileExtension)"

    // The picture's size: the scene's, or --size (a width alone keeps the scene's proportions).
    let sceneWidth = max(1, Int(timeline.width.rounded(.up))), sceneHeight = max(1, Int(timeline.height.rounded(.up)))
    var width = options.width ?? sceneWidth
    var height = options.height ?? (options.width.map { max(1, Int((Double($0) * timeline.height / max(timeline.width, 1e-9)).rounded())) } ?? sceneHeight)
    // H.264 in 4:2:0 needs even sides: one more row or column of background.
    if format == .mp4 {
        width += width % 2
        height += height % 2
    }
    guard width <= renderMaximumSide, height <= renderMaximumSide else {
        throw .invalidValue(option: "--size", value: "\(width)x\(height)", expected: "sides of at most \(renderMaximumSide) pixels", command: .render)
    }
    var fps = options.fps ?? max(1, Int(timeline.fps.rounded()))
    if format == .gif {
        if let asked = options.fps, asked > gifMaximumFPS {
            throw .invalidValue(
                option: "--fps", value: String(asked),
                expected: "at most \(gifMaximumFPS) for a GIF (browsers show shorter GIF delays as 0.1 s)", command: .render)
        }
        fps = min(fps, gifMaximumFPS)
    }
    let clip: ClipTimes? = if case let .clip(times) = plan { ClipTimes(stretches: times.stretches, fps: fps, sceneFPS: timeline.fps) } else { nil }

    // Bounded before any frame is drawn.
    let frameCount = clip?.count ?? 1
    let pixels = width * height
    if frameCount.multipliedReportingOverflow(by: pixels).overflow || frameCount * pixels > renderPixelLimit {
        let diagnostic = Diagnostic(
            .error, rule: .renderTooLarge,
            "the \(clip == nil ? "picture" : "clip") is \(groupedDigits(frameCount)) frame\(frameCount == 1 ? "" : "s") of \(width) × \(height) pixels, "
                + "\(groupedDigits(frameCount.multipliedReportingOverflow(by: pixels).partialValue)) pixels in all, more than render's limit of \(groupedDigits(renderPixelLimit))",
            file: source.path, range: SourceRange(.start),
            help: "a smaller --size, a lower --fps, or a shorter clip (--state, --timeline or --path)")
        Console.error(textRenderer(for: [source]).render([diagnostic]))
        return .failure
    }

    var background = options.background
    if format == .mp4 {
        // H.264 has no transparency: the frames are drawn over an opaque colour.
        let under = background ?? timeline.background ?? RGBA(1, 1, 1)
        background = under.a < 1 ? blend(under, over: RGBA(1, 1, 1)) : under
    }
    let rasterizer = TimelineRasterizer(timeline: timeline, width: width, height: height, background: background)
    let bytes: [UInt8]
    do throws(MediaError) {
        switch plan {
        case let .still(time) where format == .png:
            bytes = try PNGEncoding.png(rgba: rasterizer.render(at: time), width: width, height: height)
        case let .still(time):
            // One instant in a clip format: a clip of one frame.
            let frames = FrameSequence(width: width, height: height, count: 1, fps: fps) { _, pixels in
                rasterizer.render(at: time, into: &pixels)
            }
            bytes = try encodeClip(frames, format: format)
        case .clip:
            let times = clip!.times
            let frames = FrameSequence(width: width, height: height, count: times.count, fps: fps) { index, pixels in
                rasterizer.render(at: times[index], into: &pixels)
            }
            bytes = try encodeClip(frames, format: format)
        }
    } catch {
        Console.error("choreo: error: cannot write \(TextEscaping.terminal(output)): \(error.message)\n")
        return .failure
    }
    do throws(OutputError) {
        let directory = URL(fileURLWithPath: output).deletingLastPathComponent().path
        try prepareDirectory(directory)
        try writeAtomically([OutputFile(path: output, bytes: bytes)], protecting: Set([FileIdentity(path: source.path)].compactMap { $0 }))
    } catch {
        Console.error("choreo: error: \(error.message)\n")
        return .failure
    }
    Console.out("wrote \(TextEscaping.terminal(output))\n")
    return .success
}

/// Encodes frames in an animated format.
func encodeClip(_ frames: FrameSequence, format: MediaFormat) throws(MediaError) -> [UInt8] {
    switch format {
    case .png:
        try PNGEncoding.png(rgba: { var first = [UInt8](repeating: 0, count: frames.width * frames.height * 4); frames.frame(0, &first); return first }(), width: frames.width, height: frames.height)
    case .apng: try PNGEncoding.apng(frames)
    case .webp: try WebPEncoding.animation(frames)
    case .gif: try GIFEncoding.animation(frames)
    case .mp4: try VideoEncoding.encode(frames, codec: .h264)
    case .webm: try VideoEncoding.encode(frames, codec: .vp9)
    }
}

private func blend(_ color: RGBA, over under: RGBA) -> RGBA {
    let a = color.a
    return RGBA(color.r * a + under.r * (1 - a), color.g * a + under.g * (1 - a), color.b * a + under.b * (1 - a), 1)
}

/// What the selection draws, with every name checked against the scene.
private func renderPlan(
    _ options: RenderOptions, timeline: Timeline, values: [String: InputValue], settled: String?
) throws(UsageError) -> RenderPlan {
    let fps = max(1, Int(timeline.fps.rounded()))
    switch options.selection {
    case .reel:
        // A scene that does not move is one picture.
        if timeline.isStatic || timeline.frameCount <= 1 { return .still(0) }
        return .clip(.reel(timeline, fps: fps))
    case let .time(argument):
        return .still(try snapshotTime(.time(argument), in: timeline, command: .render))
    case let .state(name):
        _ = try snapshotTime(.state(name), in: timeline, command: .render)
        let state = settled ?? name
        // A state that plays a timeline (not one an input holds still) is a clip of it, unless
        // one instant is asked for.
        let wantsPicture = options.format == .png || (options.format == nil && options.output.map(formatOfSuffix) == .png)
        if !wantsPicture, let play = timeline.stateMachine?.state(named: state)?.play, play.bind == nil,
            let span = timeline.span(named: play.span)
        {
            return .clip(.spans([span], of: timeline, fps: fps))
        }
        let pose = try snapshotTime(.state(state), in: timeline, command: .render)
        return .still(timeline.restTime(ofState: state, values: values) ?? pose)
    case let .timeline(name):
        let timelines = timeline.spans.filter { $0.kind == .timeline }
        // A timeline that shares a state's name has its span named TIMELINE@STATE.
        guard let span = timelines.first(where: { $0.name == name }) ?? timelines.first(where: { $0.name.hasPrefix(name + "@") }) else {
            throw .unknownTimeline(name, available: timelines.map(\.name), command: .render)
        }
        return .clip(.spans([span], of: timeline, fps: fps))
    case let .path(states):
        guard let machine = timeline.stateMachine else { throw .unknownState(states[0], available: [], command: .render) }
        for state in states where machine.state(named: state) == nil {
            throw .unknownState(state, available: machine.states.map(\.name), command: .render)
        }
        var spans: [Span] = []
        for (from, to) in zip(states, states.dropFirst()) {
            guard let transition = machine.transitions.first(where: { $0.from == from && $0.to == to && !$0.isAction }),
                let span = timeline.span(named: transition.span)
            else {
                let leaving = machine.transitions(from: from).filter { !$0.isAction }.map(\.name)
                throw .noTransition(from: from, to: to, available: leaving, command: .render)
            }
            spans.append(span)
        }
        return .clip(.spans(spans, of: timeline, fps: fps))
    }
}

/// The format a file name's suffix names (`.png` is a picture here; a clip written to it is APNG).
func formatOfSuffix(_ path: String) -> MediaFormat? {
    switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "png": .png
    case "apng": .apng
    case "webp": .webp
    case "gif": .gif
    case "mp4", "m4v": .mp4
    case "webm": .webm
    default: nil
    }
}

private func renderFormat(_ options: RenderOptions, plan: RenderPlan) throws(UsageError) -> MediaFormat {
    let isClip = if case .clip = plan { true } else { false }
    if let format = options.format { return format }
    guard let output = options.output else { return isClip ? .apng : .png }
    guard let format = formatOfSuffix(output) else {
        throw .invalidValue(
            option: "-o", value: output,
            expected: "a file ending in .png, .apng, .webp, .gif, .mp4 or .webm, or --format FORMAT to name the format", command: .render)
    }
    return format == .png && isClip ? .apng : format
}
