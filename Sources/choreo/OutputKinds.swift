import ChoreoAppAPI
import ChoreoLottie
import ChoreoSVG
import ChoreoScene
import ChoreoTimeline
import ChoreoTimelineJSON

/// The registry of outputs: what `compile --emit` can write, each kind with its name (the raw
/// value, as `--emit` spells it), its file name, its emitter, and the usage text and argument
/// errors that list them. A new output kind is a case of `EmitKind` (Arguments.swift) and a row
/// in each switch here; the plugin's `ChoreoPlugin.emitSuffixes`, which cannot link this target,
/// is pinned to `fileSuffix` by a test.
extension EmitKind {
    /// What follows the scene's name in the output's file name.
    var fileSuffix: String {
        switch self {
        case .lottie: ".json"
        case .dotlottie: ".lottie"
        case .svg: ".svg"
        case .svgReel: ".reel.svg"
        case .timeline: ".timeline.json"
        case .swiftAPI: ".swift"
        case .tsAPI: ".ts"
        }
    }

    /// The file name an output of this kind gets for a scene named `name`.
    func fileName(for name: String) -> String { name + fileSuffix }

    /// Every kind as `--emit` spells it, in the order files are written: `lottie,svg,…`.
    static var commaSeparatedNames: String { allCases.map(\.rawValue).joined(separator: ",") }

    /// Every kind, `lottie, dotlottie, … or ts-api`, for an argument error.
    static var namesInProse: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// Every kind, `lottie, dotlottie, …`, wrapped for the help text: the first line follows
    /// `prefix`, the others start after `indent` spaces; no line passes `width` columns.
    static func helpList(after prefix: String, indent: Int, width: Int = 76) -> String {
        let names = allCases.map(\.rawValue)
        var lines: [String] = []
        var line = prefix
        var lineHasName = false
        for (index, name) in names.enumerated() {
            let word = index == names.count - 1 ? name : name + ","
            if lineHasName, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                lineHasName = false
            }
            line += (lineHasName ? " " : "") + word
            lineHasName = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}

/// Emits one output into `output`, the file being written. The bytes are a function of the
/// timeline alone, and a streamed output's are the same as when emitted whole.
func emitOutput(_ kind: EmitKind, of timeline: Timeline, pretty: Bool, into output: FileOutput) {
    switch kind {
    // Written to the file a chunk at a time as the timeline is walked: never held whole.
    case .lottie: LottieEmitter.emit(timeline, pretty: pretty, chunkSize: outputChunkSize) { output.write($0) }
    // Written in pieces: the drawing (most of the file, drawn before the definitions it collects)
    // goes to the file as drawn instead of being copied into one buffer with the rest.
    case .svg: SVGEmitter.interactive(timeline) { output.write($0) }
    case .svgReel: SVGEmitter.animated(timeline) { output.write($0) }
    // Emitted whole, written, and released before the next output is emitted.
    case .dotlottie:
        guard let archive = dotLottieArchive(timeline) else {
            return output.fail("the archive would be larger than a ZIP file without ZIP64 can be (4 GiB)")
        }
        output.write(archive)
    case .timeline: output.write(Array(TimelineJSON.encode(timeline, pretty: pretty).utf8))
    case .swiftAPI: output.write(Array(SwiftAPI.source(AppAPIModel(timeline, namedColors: cssNamedColors)).utf8))
    case .tsAPI: output.write(Array(TypeScriptAPI.source(AppAPIModel(timeline, namedColors: cssNamedColors)).utf8))
    }
}

/// Why the command cannot run, when it writes interactive SVGs (an `svg` output, the preview page,
/// `diff --html`) and their runtime is missing from the resource bundle beside the binary.
func missingInteractiveRuntime(for invocation: Invocation) -> String? {
    let writes: Bool
    switch invocation {
    case let .compile(options): writes = options.emit.contains(.svg)
    case let .diff(options): writes = options.htmlDirectory != nil
    case .preview: writes = true
    default: writes = false
    }
    return writes ? SVGEmitter.runtimeMissing?.message : nil
}
