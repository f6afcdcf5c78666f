import ChoreoTestSupport
import Foundation
import Testing

/// `--emit swift-api` and `--emit ts-api`: every scene of `scenes/` emits both, and they compile
/// as written (`swiftc -typecheck`, `tsc --noEmit --strict`, Debian's node-typescript), together
/// with small app-side files that use them without writing a name as a string.
@Suite struct AppAPITests {
    /// A program on PATH (the toolchain's `swiftc` when the tests run under `swift test`).
    static func program(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") + ["/opt/swift/usr/bin", "/usr/bin"] {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static func execute(_ program: String, _ arguments: [String], in directory: URL) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return RunResult(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    static let swiftUsage = """
        // An app's use of two generated APIs: no state, input or event is written as a string.
        func use() {
            var numbers: [String: Double] = [:]
            let inputs = DownloadButton.Inputs(setNumber: { numbers[$0] = $1 })
            inputs.setProgress(2)
            precondition(numbers[DownloadButton.Input.progress.rawValue] == 1)
            let transition = DownloadButton.Transition.loadingToDone
            precondition(transition.from == .loading && transition.to == .done && transition.dotLottieEvent == nil)
            let frames: Range<Int> = DownloadButton.Marker.fill.frames
            _ = frames
            let state: DownloadButton.State = DownloadButton.initialState
            _ = state.marker
            var flags: [String: Bool] = [:]
            SettingsSwitch.Inputs(setBoolean: { flags[$0] = $1 }).setOn(true)
            let finished: DownloadButton.Event = .finished
            _ = finished
            _ = Spinner.Marker.allCases
        }

        // The components an app feeds (Tests/conformance/data-scenes): a typed setter per input, every input set.
        func feed() {
            var sent: [String] = []
            let likes = LikeCounter.LottieSlots(setSlots: { sent.append($0) }, now: { 0 })
            likes.setCount(12345)
            likes.setLiked(true, animated: false)
            let chart = BarChart.LottieSlots(setSlots: { sent.append($0) }, now: { 0 })
            chart.setMon(0.2)
            chart.setTue(0.4)
            chart.setWed(0.6)
            chart.setThu(0.8)
            chart.setFri(1)
            chart.setPeriod(.month)
            chart.setAccent(BarChart.Color("#FF3B30") ?? BarChart.Color(r: 1, g: 0, b: 0))
            while chart.tick() {}
            let tag = AccentTag.LottieSlots(setSlots: { sent.append($0) }, now: { 0 })
            tag.setAccent(AccentTag.Color(r: 0.4, g: 0.2, b: 0.6))
            tag.setPeriod(.week)
            DownloadProgress.LottieSlots(setSlots: { sent.append($0) }, now: { 0 }).setProgress(0.42)
            precondition(!sent.isEmpty)
        }
        """

    static let typeScriptUsage = """
        import { DownloadButton, DownloadButtonSVG, DownloadButtonDotLottie, DownloadButtonState } from "./download-button";
        import { SettingsSwitchSVG } from "./settings-switch";
        import { LikeCounterLottie } from "./like-counter";
        import { BarChartLottie, BarChartPeriod } from "./bar-chart";
        import { AccentTagLottie, AccentTagSVG } from "./accent-tag";
        import { DownloadProgressLottie } from "./download-progress";

        export function use(svg: Element, other: Element): void {
          const button = new DownloadButtonSVG(svg);
          button.setProgress(0.5);
          button.fire("tap");
          button.fire(DownloadButton.transitions.idleToLoading.name);
          const state: DownloadButtonState | null = button.state();
          const stop = button.onEvent((name, from) => { if (name === DownloadButton.events.finished && from === "loading") stop(); });
          button.onState((entered) => { if (entered === DownloadButton.states.done) button.setProgress(0); });
          const progress: number = button.get("progress");
          new SettingsSwitchSVG(other).setOn(true);
          const calls: string[] = [];
          const player = {
            stateMachineSetNumericInput: (name: string, value: number) => calls.push(name + value),
            stateMachineSetBooleanInput: (name: string, value: boolean) => calls.push(name + value),
            stateMachineSetStringInput: (name: string, value: string) => calls.push(name + value),
            stateMachineFireEvent: (name: string) => calls.push(name),
          };
          new DownloadButtonDotLottie(player).setProgress(progress);
          void state;
        }

        // The components an app feeds (Tests/conformance/data-scenes): a typed setter per input, every input set.
        export function feed(svg: SVGSVGElement): string[] {
          const sent: string[] = [];
          const slots = { setSlots: (json: string) => sent.push(json) };
          const likes = new LikeCounterLottie(slots);
          likes.setCount(12345);
          likes.setLiked(true, false);
          const chart = new BarChartLottie(slots, () => 0, () => undefined);
          const period: BarChartPeriod = "month";
          chart.setMon(0.2);
          chart.setTue(0.4);
          chart.setWed(0.6);
          chart.setThu(0.8);
          chart.setFri(1);
          chart.setPeriod(period);
          chart.setAccent({ r: 1, g: 0.23, b: 0.19 });
          const tag = new AccentTagLottie(slots);
          tag.setAccent("rebeccapurple");
          tag.setPeriod("week");
          new AccentTagSVG(svg).setPeriod("month");
          new DownloadProgressLottie(slots).setProgress(0.42);
          return sent;
        }
        """

    @Test func everySceneEmitsBothAPIsAndTheyCompile() throws {
        let sandbox = try Sandbox()
        let scenes = repositoryRoot().appendingPathComponent("scenes").path
        // With the components an app feeds (bound values, live text).
        let fed = repositoryRoot().appendingPathComponent("Tests/conformance/data-scenes").path
        let compiled = try sandbox.run(["compile", scenes, fed, "-o", "api", "--emit", "swift-api,ts-api"])
        #expect(compiled.status == 0, "\(compiled)")
        let sceneFiles = try [scenes, fed].flatMap { try FileManager.default.contentsOfDirectory(atPath: $0).filter { $0.hasSuffix(".yaml") } }
        let swiftFiles = sandbox.list("api").filter { $0.hasSuffix(".swift") }
        let typeScriptFiles = sandbox.list("api").filter { $0.hasSuffix(".ts") }
        #expect(swiftFiles.count == sceneFiles.count && typeScriptFiles.count == sceneFiles.count, "\(sandbox.list("api"))")
        try sandbox.write("api/usage.swift", Self.swiftUsage)
        try sandbox.write("api/usage.ts", Self.typeScriptUsage)

        let swiftc = try #require(Self.program("swiftc"), "swiftc is not on PATH")
        let swift = try Self.execute(swiftc, ["-typecheck"] + swiftFiles + ["usage.swift"], in: sandbox.url("api"))
        #expect(swift.status == 0, "\(swift)")
        let tsc = try #require(Self.program("tsc"), "tsc is missing: install Debian's node-typescript (scripts/test.sh does)")
        let typeScript = try Self.execute(tsc, ["--noEmit", "--strict"] + typeScriptFiles + ["usage.ts"], in: sandbox.url("api"))
        #expect(typeScript.status == 0, "\(typeScript)")
    }

    /// Names that are no identifiers are mapped (`a-b` → `aB`, `2x` → `_2x`, `default` →
    /// `default_`), and two that map to one identifier are told apart by a number and reported.
    @Test func namesAreMappedDeterministicallyAndCollisionsReported() throws {
        let sandbox = try Sandbox()
        try sandbox.write("odd.yaml", """
            choreo: 1
            name: odd-names
            size: [10, 10]
            inputs:
              level-one: {number: 0, range: [0, 3]}
              level_one: {boolean: false}
            layers:
              - {id: dot, shape: ellipse, radius: 2, position: [5, 5]}
            states:
              play-pause: {}
              play_pause: {dot: {opacity: 0.5}}
              default: {dot: {opacity: 0.2}}
            transitions:
              - {from: play-pause, to: play_pause, on: tap}
              - {from: play_pause, to: default, on: tap, emit: in}
              - {from: default, to: play-pause, on: tap}
            """)
        let first = try sandbox.run(["compile", "odd.yaml", "-o", "out", "--emit", "swift-api,ts-api"])
        #expect(first.status == 0, "\(first)")
        #expect(first.stderr.contains("warning: odd.yaml: the states 'play-pause' and 'play_pause' are both 'playPause' in the app API; 'play_pause' is 'playPause2'"), "\(first)")
        #expect(first.stderr.contains("the inputs 'level-one' and 'level_one' are both 'levelOne' in the app API; 'level_one' is 'levelOne2'"), "\(first)")
        let swiftSource = try #require(sandbox.read("out/odd-names.swift"))
        #expect(swiftSource.contains("public enum OddNames {"))
        #expect(swiftSource.contains("case playPause = \"play-pause\""))
        #expect(swiftSource.contains("case playPause2 = \"play_pause\""))
        #expect(swiftSource.contains("case default_ = \"default\""))
        #expect(swiftSource.contains("case in_ = \"in\""))
        #expect(swiftSource.contains("case playPauseToDefault = \"play_pause->default\""))
        #expect(swiftSource.contains("public func setLevelOne2(_ value: Bool)"))
        // The same scene gives the same bytes.
        let again = try sandbox.run(["compile", "odd.yaml", "-o", "again", "--emit", "swift-api,ts-api"])
        #expect(again.status == 0)
        #expect(sandbox.read("again/odd-names.swift") == swiftSource)
        #expect(sandbox.read("again/odd-names.ts") == sandbox.read("out/odd-names.ts"))
        let swiftc = try #require(Self.program("swiftc"))
        #expect(try Self.execute(swiftc, ["-typecheck", "odd-names.swift"], in: sandbox.url("out")).status == 0)
        let tsc = try #require(Self.program("tsc"), "tsc is missing: install Debian's node-typescript")
        let typeScript = try Self.execute(tsc, ["--noEmit", "--strict", "odd-names.ts"], in: sandbox.url("out"))
        #expect(typeScript.status == 0, "\(typeScript)")
    }
}

/// A scene named as a type the generated files use (`range`, `string`, `bool`, …, `math`)
/// made the Swift file fail to compile or silently retype every `Bool`, and the TypeScript file's
/// setters call its own constant's `min`: such a name gets `_`, and both files compile. So do a
/// choice input's enum named `string` (an `enum String: String`) and one named `state` (a second
/// `XState` in the TypeScript).
@Test func sceneNamesOfTheLanguagesOwnTypesDoNotShadowThem() throws {
    let sandbox = try Sandbox()
    let names = ["range", "string", "double", "int", "bool", "void", "closed-range", "sendable", "case-iterable", "swift", "math", "object", "element", "event", "color"]
    for name in names {
        try sandbox.write("\(name).yaml", """
            choreo: 1
            name: \(name)
            size: [10, 10]
            inputs:
              level: {number: 0, range: [0, 3]}
              on: {boolean: false}
              string: {choice: [a, b]}
              state: {choice: [c, d]}
              bool: {choice: ["yes", "no"]}
              paint: {color: "#336699"}
            layers:
              - {id: dot, shape: ellipse, radius: 2, position: [5, 5], fill: {bind: paint}, opacity: {bind: string, values: {a: 1, b: 0.5}}}
              - {id: ring, shape: ellipse, radius: 3, position: [5, 5], opacity: {bind: state, values: {c: 1, d: 0.5}}, scale: {bind: bool, values: {"yes": 1, "no": 0.5}}}
            states:
              rest: {}
              lit: {dot: {opacity: 0.5}}
            transitions:
              - {from: rest, to: lit, on: tap, when: "on == true", emit: lit-up}
              - {from: lit, to: rest, on: tap}
            """)
    }
    let compiled = try sandbox.run(["compile", "."] + ["-o", "out", "--emit", "swift-api,ts-api"])
    #expect(compiled.status == 0, "\(compiled)")
    #expect(sandbox.read("out/range.swift")?.contains("public enum Range_ {") == true)
    #expect(sandbox.read("out/math.ts")?.contains("export const Math_ = {") == true)
    // Each file declares one type of its own name: all of them are checked in one run of each compiler.
    let swiftc = try #require(AppAPITests.program("swiftc"))
    let swift = try AppAPITests.execute(swiftc, ["-typecheck"] + names.map { "\($0).swift" }, in: sandbox.url("out"))
    #expect(swift.status == 0, "\(swift)")
    let tsc = try #require(AppAPITests.program("tsc"), "tsc is missing: install Debian's node-typescript")
    let typeScript = try AppAPITests.execute(tsc, ["--noEmit", "--strict"] + names.map { "\($0).ts" }, in: sandbox.url("out"))
    #expect(typeScript.status == 0, "\(typeScript)")
}

/// Two transitions between the same two states on different triggers, and a state that plays a
/// timeline of its own name: every output names each span once (contract §27), and the app APIs
/// compile with each transition's own trigger and frames.
@Suite struct SharedSpanNameTests {
    static let scene = """
        choreo: 1
        name: toast
        size: [100, 100]
        layers:
          - {id: card, shape: rect, size: [60, 30], position: [50, 50], fill: "#0A84FF"}
        states:
          shown: {}
          hidden: {card: {opacity: 0}}
          spin: {play: spin}
        transitions:
          - {from: shown, to: hidden, on: complete, delay: 2s}
          - {from: shown, to: hidden, on: tap}
          - {from: hidden, to: spin, on: tap}
          - {from: spin, to: shown, on: tap}
        timelines:
          spin:
            duration: 1s
            loop: true
            keyframes:
              card.rotation: [{at: 0s, value: 0deg}, {at: 1s, value: 360deg}]
        """

    @Test func everyOutputNamesEachTransitionAndTimelineOnce() throws {
        let sandbox = try Sandbox()
        try sandbox.write("toast.yaml", Self.scene)
        let result = try sandbox.run(["compile", "toast.yaml", "-o", "out", "--emit", "lottie,swift-api,ts-api,timeline"])
        #expect(result.status == 0, "\(result)")
        #expect(!result.stderr.contains("app API"), "no two names meet in the app API: \(result.stderr)")
        let lottie = try #require(sandbox.read("out/toast.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(lottie.utf8)) as? [String: Any])
        let markers = try #require(document["markers"] as? [[String: Any]]).compactMap { $0["cm"] as? String }
        #expect(markers == ["shown", "hidden", "spin", "shown->hidden on complete", "shown->hidden on tap", "hidden->spin", "spin->shown", "spin@spin"])
        let timeline = try #require(sandbox.read("out/toast.timeline.json"))
        #expect(timeline.contains(#""plays":"spin@spin""#), "\(timeline)")

        let swiftSource = try #require(sandbox.read("out/toast.swift"))
        #expect(swiftSource.contains("case shownToHiddenOnComplete = \"shown->hidden on complete\""))
        #expect(swiftSource.contains("case shownToHiddenOnTap = \"shown->hidden on tap\""))
        // Each case has its own trigger and its own marker (the second had the first's).
        #expect(swiftSource.contains("case .shownToHiddenOnComplete: return \"complete\""))
        #expect(swiftSource.contains("case .shownToHiddenOnTap: return \"tap\""))
        #expect(swiftSource.contains("case .shownToHiddenOnTap: return .shownToHiddenOnTap"))
        #expect(swiftSource.contains("case .spin: return .spin\n"), "the state's marker is its pose")
        #expect(swiftSource.contains("case spinAtSpin = \"spin@spin\""))
        try sandbox.write("out/usage.swift", """
            func use() {
                let onTap: Toast.Transition = .shownToHiddenOnTap
                precondition(onTap.trigger == "tap" && onTap.marker == .shownToHiddenOnTap)
                let frames: Range<Int> = Toast.Marker.spinAtSpin.frames
                _ = frames
            }
            """)
        let swiftc = try #require(AppAPITests.program("swiftc"))
        let swift = try AppAPITests.execute(swiftc, ["-typecheck", "toast.swift", "usage.swift"], in: sandbox.url("out"))
        #expect(swift.status == 0, "\(swift)")
        let tsc = try #require(AppAPITests.program("tsc"), "tsc is missing: install Debian's node-typescript")
        let typeScript = try AppAPITests.execute(tsc, ["--noEmit", "--strict", "toast.ts"], in: sandbox.url("out"))
        #expect(typeScript.status == 0, "\(typeScript)")
        let typeScriptSource = try #require(sandbox.read("out/toast.ts"))
        // `>` is written `\u003e` inside a script's string.
        #expect(typeScriptSource.contains(#"shownToHiddenOnTap: { name: "shown-\u003ehidden on tap", from: "shown", to: "hidden", trigger: "tap""#))
    }
}
