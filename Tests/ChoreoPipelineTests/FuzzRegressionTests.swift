import ChoreoTestSupport
import Foundation
import Testing

/// Replays every input the fuzzer ever found (Fuzz/corpus-regression/, see docs/fuzzing.md)
/// through the whole pipeline: compile, and when there is a timeline, Lottie, the animated SVG
/// and a snapshot. None may crash; no timeline must mean an error diagnostic.
@Suite struct FuzzRegressionTests {
    static let directory = repositoryURL("Fuzz/corpus-regression")
    static let all: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        .filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
    static let inProcess: [String] = all.filter { KnownProblems.regressions[$0] == nil }

    @Test func theRegressionCorpusIsThere() {
        #expect(!Self.all.isEmpty, "no inputs in \(Self.directory.path)")
        for name in KnownProblems.regressions.keys {
            #expect(Self.all.contains(name), "KnownProblems.regressions names \(name), which is not in Fuzz/corpus-regression")
        }
    }

    @Test(arguments: inProcess)
    func replayedInputNeitherCrashesNorFailsSilently(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name)))
        let started = ContinuousClock.now
        let run = runPipeline(bytes, path: name)
        let elapsed = ContinuousClock.now - started
        if run.compilation.timeline == nil {
            #expect(!run.errors.isEmpty, "\(name): no timeline and no error: \(run.compilation.diagnostics)")
        } else {
            #expect(run.outputBytes > 0, "\(name): a timeline with empty outputs")
        }
        for error in run.errors {
            #expect(error.range.start.line >= 1 && error.range.start.column >= 1, "\(name): error without a position: \(error)")
        }
        // libFuzzer's own timeout is 5 s under the address sanitizer; a debug build is faster.
        #expect(elapsed < .seconds(20), "\(name) took \(elapsed)")
    }

    /// Found inputs that still crash: each in its own `choreo` process, so the failure is reported
    /// without ending the test run.
    @Test(arguments: KnownProblems.regressions.keys.sorted())
    func stillFailingInputRunsInItsOwnProcess(_ name: String) throws {
        let scratch = try ScratchDirectory("fuzz-known")
        let result = try runChoreo(
            ["compile", Self.directory.appendingPathComponent(name).path, "-o", "out"], in: scratch.url, timeout: .seconds(30))
        #expect(!result.crashed && !result.timedOut && result.status <= 1, "\(name): \(KnownProblems.regressions[name] ?? "")\n\(result)")
    }
}
