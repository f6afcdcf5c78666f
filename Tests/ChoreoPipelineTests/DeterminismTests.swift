import ChoreoTestSupport
import Foundation
import Testing

/// Same input, same bytes: every scene in scenes/ and the conformance feature scenes, compiled by
/// separate `choreo` processes (each with its own hash seed, so any dictionary-order iteration in
/// an output shows), with the files in different orders and with different parallelism.
@Suite struct DeterminismTests {
    static let scenes: [String] = sceneFiles(below: "scenes") + sceneFiles(below: "Tests/conformance/feature-scenes")

    @Test func everySceneCompilesToTheSameBytesWhateverTheOrderAndParallelism() throws {
        #expect(Self.scenes.count >= 10, "found only \(Self.scenes)")
        let scratch = try ScratchDirectory("determinism")
        let emit = ["--emit", "lottie,dotlottie,svg,timeline"]
        // 1: sorted, one job. 2: reversed, default jobs (one per core). 3: the two directories
        // (the CLI finds the files itself), four jobs. 4: shuffled with a fixed seed, three jobs.
        var generator = SplitMix64(seed: 42)
        let runs: [(name: String, arguments: [String])] = [
            ("sorted-jobs-1", Self.scenes + ["--jobs", "1"]),
            ("reversed-default-jobs", Self.scenes.reversed()),
            ("directories-jobs-4", ["scenes", "Tests/conformance/feature-scenes", "--jobs", "4"]),
            ("shuffled-jobs-3", Self.scenes.shuffled(using: &generator) + ["-j", "3"]),
        ]
        var outputs: [String: [String: Data]] = [:]
        for run in runs {
            let directory = scratch.url(run.name)
            let result = try runChoreo(["compile"] + run.arguments + ["-o", directory.path] + emit, in: repositoryRoot())
            #expect(!result.crashed && result.status == 0, "\(run.name): \(result)")
            var files: [String: Data] = [:]
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] {
                files[name] = try Data(contentsOf: directory.appendingPathComponent(name))
            }
            outputs[run.name] = files
        }
        let reference = try #require(outputs[runs[0].name])
        // Four outputs per scene, and nothing else (no leftover temporary files).
        #expect(reference.count == Self.scenes.count * 4, "\(reference.keys.sorted())")
        for run in runs.dropFirst() {
            let other = outputs[run.name] ?? [:]
            #expect(other.keys.sorted() == reference.keys.sorted(), "\(run.name) wrote different files")
            for (name, bytes) in reference.sorted(by: { $0.key < $1.key }) {
                #expect(other[name] == bytes, "\(name) differs between \(runs[0].name) and \(run.name)")
            }
        }
    }
}
