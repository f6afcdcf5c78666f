import ChoreoDiagnostics
import ChoreoDiff
import ChoreoJSON
import ChoreoLottie
import ChoreoMedia
import ChoreoRaster
import ChoreoScene
import ChoreoTimeline

// MARK: compile

extension MCPTools {
    static let compile = MCPTool(
        name: "compile", title: "Compile a scene",
        description: """
            Compiles a scene as `choreo compile` does and writes its outputs (Lottie JSON by default) \
            into a folder inside the server's directory. Returns whether it compiled, the diagnostics, \
            what the compiled motion holds (size, fps, duration, states, transitions, timelines) and \
            the files written. Use it last, once lint reports no errors; 'check: true' compiles \
            without writing anything.
            """,
        inputSchema: Schema.object([
            ("path", Schema.scenePath),
            ("emit", Schema.array(Schema.string("an output kind"), "The outputs to write, as `choreo compile --emit` names them (default ['lottie']).", maxItems: 16)),
            ("outputDirectory", Schema.string("Where the outputs go, relative to the server's directory (default 'build').")),
            ("theme", Schema.string("Compile with this theme of the scene's themes:.")),
            ("target", Schema.string("The player target whose rules apply (default web).", enum: PlayerTarget.allCases.map(\.rawValue))),
            ("check", Schema.boolean("Compile and report without writing any file.")),
        ], required: ["path"]),
        outputSchema: Schema.object([
            ("path", Schema.string("")),
            ("compiled", Schema.boolean("true when the scene compiled without errors")),
            ("name", Schema.optionalString("the scene's name: the outputs' file name")),
            ("width", Schema.number("")), ("height", Schema.number("")), ("fps", Schema.number("")),
            ("duration", Schema.number("seconds of the whole compiled timeline")),
            ("states", Schema.array(Schema.string(""), "")),
            ("transitions", Schema.array(Schema.string(""), "the transitions' names")),
            ("timelines", Schema.array(Schema.string(""), "")),
            ("outputs", Schema.array(Schema.object([
                ("kind", Schema.string("")), ("path", Schema.string("")), ("bytes", Schema.integer("")),
            ], required: ["kind", "path", "bytes"]), "the files written")),
        ] + MCPServer.diagnosticsSchema, required: ["path", "compiled", "outputs", "errors", "warnings", "diagnostics", "omitted"]),
        readOnly: false
    ) { server, arguments throws(ToolFailure) in
        try arguments.allowOnly(["path", "emit", "outputDirectory", "theme", "target", "check"])
        let source = try server.loadScene(try arguments.path())
        let kinds = try arguments.strings("emit", maxCount: 16) ?? ["lottie"]
        for kind in kinds where !server.workspace.outputKinds.contains(kind) {
            throw ToolFailure("'\(String(kind.prefix(32)))' is not an output kind; they are \(server.workspace.outputKinds.joined(separator: ", "))")
        }
        let directory = try arguments.optionalPath("outputDirectory") ?? "build"
        if let refusal = server.workspace.checkOutputDirectory(directory) { throw ToolFailure(refusal.message) }
        let theme = try arguments.string("theme", maxBytes: 128)
        var target = PlayerTarget.web
        if let name = try arguments.string("target", maxBytes: 32) {
            guard let named = PlayerTarget(rawValue: name) else { throw ToolFailure("'target' is one of \(PlayerTarget.allCases.map(\.rawValue).joined(separator: ", "))") }
            target = named
        }
        let compilation = server.compile(source, theme: theme, target: target)
        var members: [(String, JSONValue)] = [("path", .string(source.path))]
        guard let timeline = compilation.timeline, !compilation.diagnostics.hasErrors else {
            if let theme, !compilation.diagnostics.hasErrors {
                throw ToolFailure("the scene has no theme '\(String(theme.prefix(64)))'; its themes are \(compilation.themeNames.joined(separator: ", "))")
            }
            members += [("compiled", false), ("name", .null), ("outputs", .array([]))]
            return .success(.object(members + server.diagnosticsJSON(compilation.diagnostics)))
        }
        var outputs: [JSONValue] = []
        if try arguments.bool("check") != true {
            switch server.workspace.writeOutputs(of: timeline, kinds: kinds, into: directory, scene: source) {
            case let .success(written):
                outputs = written.map { .object([("kind", .string($0.kind)), ("path", .string($0.path)), ("bytes", .int($0.bytes))]) }
            case let .failure(error): throw ToolFailure(error.message)
            }
        }
        let machine = timeline.stateMachine
        members += [
            ("compiled", true), ("name", .string(timeline.name)),
            ("width", .number(timeline.width)), ("height", .number(timeline.height)), ("fps", .number(timeline.fps)),
            ("duration", .number(timeline.duration)),
            ("states", .array((machine?.states ?? []).map { .string($0.name) })),
            ("transitions", .array((machine?.transitions ?? []).map { .string($0.name) })),
            ("timelines", .array(timeline.spans.filter { $0.kind == .timeline }.map { .string($0.name) })),
            ("outputs", .array(outputs)),
        ]
        return .success(.object(members + server.diagnosticsJSON(compilation.diagnostics)))
    }
}

// MARK: snapshot

extension MCPTools {
    static let snapshot = MCPTool(
        name: "snapshot", title: "Picture of a state or an instant",
        description: """
            Draws a scene at one state (at rest, as `choreo render --state` draws it) or at one \
            instant of its compiled timeline ('at': '0.5s', '300ms', '12f' or a number of seconds) \
            and returns a PNG image, the same bytes `choreo render SCENE --state S -o FILE.png` \
            writes. Use it to look at what you made. Without 'state' or 'at' it draws the initial \
            state. The scene must compile: if it does not, the diagnostics come back instead.
            """,
        inputSchema: Schema.object([
            ("path", Schema.scenePath),
            ("state", Schema.string("The state to draw at rest.")),
            ("at", .object([("type", .array(["string", "number"])), ("description", "An instant instead of a state: '0.5s', '300ms', '12f', or seconds as a number.")])),
            ("width", Schema.integer("Picture width in pixels (default the scene's; the height follows its proportions).", minimum: 1, maximum: 4096)),
            ("height", Schema.integer("Picture height in pixels.", minimum: 1, maximum: 4096)),
            ("background", Schema.string("A colour painted under the scene (white, #1e1e2e); default transparent.")),
            ("theme", Schema.string("Draw with this theme.")),
            ("inputs", .object([("type", "object"), ("description", "Input values for the state, as {name: value}; the machine settles first, as `render --input` does."), ("additionalProperties", .object([("type", .array(["string", "number", "boolean"]))]))])),
        ], required: ["path"]),
        outputSchema: Schema.object([
            ("path", Schema.string("")),
            ("drawn", Schema.boolean("true when the picture was drawn (the scene compiled)")),
            ("state", Schema.optionalString("the state drawn (after inputs settled it)")),
            ("seconds", .object([("type", .array(["number", "null"])), ("description", "the instant drawn on the compiled timeline")])),
            ("width", Schema.integer("")), ("height", Schema.integer("")),
            ("bytes", Schema.integer("the PNG's size")),
        ] + MCPServer.diagnosticsSchema, required: ["path", "drawn", "errors", "warnings", "diagnostics", "omitted"]),
        readOnly: true
    ) { server, arguments throws(ToolFailure) in
        try arguments.allowOnly(["path", "state", "at", "width", "height", "background", "theme", "inputs"])
        let source = try server.loadScene(try arguments.path())
        let theme = try arguments.string("theme", maxBytes: 128)
        // The arguments are checked before anything is compiled: a wrong one is refused whatever the scene holds.
        let askedWidth = try arguments.int("width", in: 1...server.limits.maxSnapshotSide)
        let askedHeight = try arguments.int("height", in: 1...server.limits.maxSnapshotSide)
        var background: RGBA?
        if let text = try arguments.string("background", maxBytes: 64) {
            guard case let .success(color) = parseColor(text, environment: ValueEnvironment()) else {
                throw ToolFailure("'background' is a colour such as white, #1e1e2e or rgb(30 30 46)")
            }
            background = color
        }
        let compilation = server.compile(source, theme: theme)
        guard let timeline = compilation.timeline, !compilation.diagnostics.hasErrors else {
            if let theme, !compilation.diagnostics.hasErrors {
                throw ToolFailure("the scene has no theme '\(String(theme.prefix(64)))'; its themes are \(compilation.themeNames.joined(separator: ", "))")
            }
            return .success(.object([("path", .string(source.path)), ("drawn", false)] + server.diagnosticsJSON(compilation.diagnostics)))
        }
        let still = try stillInstant(arguments, timeline: timeline)
        let (width, height) = try pictureSize(askedWidth, askedHeight, timeline: timeline, limits: server.limits)
        let rasterizer = TimelineRasterizer(timeline: timeline, width: width, height: height, background: background)
        let png: [UInt8]
        do throws(MediaError) {
            png = try PNGEncoding.png(rgba: rasterizer.render(at: still.seconds), width: width, height: height)
        } catch {
            throw ToolFailure("the picture could not be encoded: \(error.message)")
        }
        return .success(.object([
            ("path", .string(source.path)), ("drawn", true), ("state", still.state.map { .string($0) } ?? .null),
            ("seconds", .number(still.seconds)), ("width", .int(width)), ("height", .int(height)), ("bytes", .int(png.count)),
        ] + server.diagnosticsJSON(compilation.diagnostics)), images: [(png, "image/png")])
    }

    /// The instant a snapshot draws: a state at rest (after the inputs settle the machine), as
    /// `choreo render --state` draws its picture, or an instant of the timeline.
    private static func stillInstant(_ arguments: ToolArguments, timeline: Timeline) throws(ToolFailure) -> (state: String?, seconds: Double) {
        if let at = arguments.value["at"], at != .null {
            guard arguments.value["state"] == nil || arguments.value["state"] == .null else { throw ToolFailure("give 'state' or 'at', not both") }
            let seconds: Double
            switch at {
            case let .int(number): seconds = Double(number)
            case let .number(number): seconds = number
            case let .string(text):
                guard let parsed = parseTime(text, fps: timeline.fps) else { throw ToolFailure("'at' is a time such as '0.5s', '300ms' or '12f'") }
                seconds = parsed
            default: throw ToolFailure("'at' is a time such as '0.5s', '300ms' or '12f', or a number of seconds")
            }
            guard seconds >= 0, seconds <= timeline.duration + 1e-9 || timeline.duration == 0 else {
                throw ToolFailure("'at' is past the end of the compiled timeline, \(formatNumber(timeline.duration))s")
            }
            return (nil, seconds)
        }
        guard let machine = timeline.stateMachine else {
            if arguments.value["state"] != nil, arguments.value["state"] != .null { throw ToolFailure("the scene has no states; use 'at'") }
            return (nil, 0)
        }
        let asked = try arguments.string("state", maxBytes: 256) ?? machine.initial
        let poses = timeline.spans.filter { $0.kind == .pose }
        guard poses.contains(where: { $0.name == asked }) else {
            throw ToolFailure("the scene has no state '\(String(asked.prefix(64)))'; its states are \(poses.map(\.name).joined(separator: ", "))")
        }
        var values = machine.defaultValues
        var state = asked
        if case let .object(inputs)? = arguments.value["inputs"], !inputs.isEmpty {
            for (name, value) in inputs {
                let text: String
                switch value {
                case let .string(string): text = string
                case let .bool(flag): text = flag ? "true" : "false"
                case let .int(number): text = String(number)
                case let .number(number): text = formatNumber(number)
                default: throw ToolFailure("input '\(String(name.prefix(64)))' is a string, a number or a boolean")
                }
                switch machine.parseInput("\(name)=\(text)") {
                case let .success((input, parsed)): values[input] = parsed
                case let .failure(problem): throw ToolFailure("input '\(String(name.prefix(64)))': \(problem.message)")
                }
            }
            state = machine.settle(from: asked, values: &values)
        }
        guard let pose = timeline.spans.first(where: { $0.kind == .pose && $0.name == state }) else { return (state, 0) }
        return (state, timeline.restTime(ofState: state, values: values) ?? pose.start)
    }

    /// The picture's size: the scene's, or the width and height asked (a width alone keeps the
    /// scene's proportions), as `choreo render --size` takes them.
    private static func pictureSize(_ askedWidth: Int?, _ askedHeight: Int?, timeline: Timeline, limits: MCPLimits) throws(ToolFailure) -> (Int, Int) {
        let sceneWidth = max(1, Int(timeline.width.rounded(.up))), sceneHeight = max(1, Int(timeline.height.rounded(.up)))
        let width = askedWidth ?? sceneWidth
        let height = askedHeight ?? (askedWidth.map { max(1, Int((Double($0) * timeline.height / max(timeline.width, 1e-9)).rounded())) } ?? sceneHeight)
        guard width <= limits.maxSnapshotSide, height <= limits.maxSnapshotSide, width * height <= limits.maxSnapshotPixels else {
            throw ToolFailure("the picture would be \(width) × \(height) pixels; at most \(limits.maxSnapshotPixels) pixels are drawn, ask for a smaller 'width'")
        }
        return (width, height)
    }

    /// `0.5s`, `300ms`, `12f` (frames at the scene's fps), or a plain number of seconds.
    static func parseTime(_ text: String, fps: Double) -> Double? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("f", fps > 0 ? 1 / fps : 0)]
        for (unit, scale) in units where text.hasSuffix(unit) {
            let number = text.dropLast(unit.count)
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(number) else { return nil }
            return value * scale
        }
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(text) else { return nil }
        return value
    }
}

// MARK: diff

extension MCPTools {
    static let diff = MCPTool(
        name: "diff", title: "What changed in the motion",
        description: """
            Compares two versions of a scene as `choreo diff` does: not the text but the compiled \
            motion (states, transitions and their timing and easing, timelines, nodes, the Lottie \
            size) and returns each change with its place. Without 'before' it compares the file with \
            what it was before this session's first edit or fix of it, so you can check that your \
            edits changed what you meant and nothing else. Both versions must compile: when the file \
            had errors as the session found it, pass 'before'.
            """,
        inputSchema: Schema.object([
            ("path", .object([("type", "string"), ("description", "The scene as it is now (the new side), relative to the server's directory.")])),
            ("before", Schema.string("Another scene file to compare with (the old side); default: this file before this session changed it.")),
        ], required: ["path"]),
        outputSchema: Schema.object([
            ("path", Schema.string("")),
            ("changed", Schema.boolean("whether the motion differs")),
            ("baseline", Schema.string("what the old side is: a file, the text before this session's first change, or the file itself when the session has not changed it")),
            ("scene", .object([("type", "object"), ("description", "the scene's changes as `choreo diff --format json` writes one scene")])),
        ], required: ["path", "changed", "baseline", "scene"]),
        readOnly: true
    ) { server, arguments throws(ToolFailure) in
        try arguments.allowOnly(["path", "before"])
        let path = try arguments.path()
        let new = try server.loadScene(path)
        let old: SourceFile
        let baseline: String
        var oldRefusal = ("the old side (\(new.path)) does not compile", "lint it first")
        if let before = try arguments.optionalPath("before") {
            old = try server.loadScene(before)
            baseline = "the file \(old.path)"
            oldRefusal.0 = "the old side (\(old.path)) does not compile"
        } else if let original = server.originals[new.path] {
            old = original
            baseline = "the file before this session's first change"
            oldRefusal = (
                "\(new.path) did not compile when this session first changed it, so there is no motion to compare with",
                "pass 'before', a version of the scene that compiles")
        } else {
            old = new
            baseline = "the file itself: this session has not changed it"
        }
        let oldSide = try comparedScene(old, server: server, refusal: oldRefusal)
        let newSide = try comparedScene(new, server: server, refusal: ("the new side (\(new.path)) does not compile", "lint it first"))
        let diff = compareScenes(old: oldSide, new: newSide)
        return .success(.object([
            ("path", .string(new.path)), ("changed", .bool(diff.hasChanges)), ("baseline", .string(baseline)),
            ("scene", DiffRenderer.object(diff)),
        ]))
    }

    /// `refusal`: what to say when the scene does not compile, and what to do about it.
    private static func comparedScene(_ source: SourceFile, server: MCPServer, refusal: (String, String)) throws(ToolFailure) -> ComparedScene {
        let (compilation, scene) = compileSceneKeepingModel(source, artwork: server.workspace.artwork, files: server.workspace.files)
        guard let timeline = compilation.timeline, let scene, !compilation.diagnostics.hasErrors else {
            let first = compilation.diagnostics.first { $0.severity == .error }
            throw ToolFailure(
                refusal.0 + (first.map { " (line \($0.range.start.line): \($0.message) [\($0.rule.rawValue)])" } ?? "") + "; " + refusal.1)
        }
        return ComparedScene(source: source, scene: scene, timeline: timeline, lottie: LottieEmitter.emitBytes(timeline))
    }
}
