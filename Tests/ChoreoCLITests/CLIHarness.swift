import ChoreoTestSupport
import Foundation
import Testing

/// What one run of the binary did.
struct RunResult: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// A fresh directory for one test, removed when the test is done with it.
final class Sandbox {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("choreo-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    func write(_ path: String, _ text: String) throws {
        let url = url(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) -> String? { try? String(contentsOf: url(path), encoding: .utf8) }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: url(path).path) }

    /// The names in a directory, sorted (hidden temporary files included, so leftovers show).
    func list(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url(path).path)) ?? []).sorted()
    }

    func mkdir(_ path: String) throws {
        try FileManager.default.createDirectory(at: url(path), withIntermediateDirectories: true)
    }

    /// Runs `choreo` with the sandbox as working directory, no stdin, and NO_COLOR set.
    func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> RunResult {
        let result = try runChoreo(arguments, in: root, sourceLocation: sourceLocation)
        return RunResult(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }
}

/// Small scenes written into the sandboxes.
enum Scenes {
    static let dot = """
        choreo: 1
        name: dot
        size: [100, 100]
        layers:
          - id: dot
            shape: ellipse
            radius: 10
            position: [50, 50]
            fill: "#ff0000"

        """

    static func dot(named name: String) -> String {
        dot.replacingOccurrences(of: "name: dot", with: "name: \(name)")
    }

    /// Line 8 has a misspelled key, an error in any complete implementation.
    static let broken = """
        choreo: 1
        name: broken
        size: [100, 100]
        layers:
          - id: dot
            shape: ellipse
            radius: 10
            rotaton: 45deg

        """

    static func broken(named name: String) -> String {
        broken.replacingOccurrences(of: "name: broken", with: "name: \(name)")
    }

    /// Two states and a transition; poses `off` then `on`, then the transition `off->on`.
    static let toggle = """
        choreo: 1
        name: toggle
        size: [100, 100]
        layers:
          - {id: box, shape: rect, size: [40, 20], position: [50, 50], fill: "#336699"}
        states:
          off: {}
          on:
            box: {rotation: 90deg}
        transitions:
          - {from: off, to: on, on: tap, duration: 0.5s, easing: ease-in-out}

        """

    /// One second of a looping timeline, for time arguments.
    static let pulse = """
        choreo: 1
        name: pulse
        size: [100, 100]
        layers:
          - {id: dot, shape: ellipse, radius: 10, position: [50, 50], fill: "#000000"}
        timelines:
          beat:
            duration: 1s
            loop: true
            keyframes:
              dot.opacity:
                - {at: 0s, value: 1}
                - {at: 1s, value: 0}

        """
}
