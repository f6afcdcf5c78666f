import ChoreoDiagnostics
import ChoreoLottie
import ChoreoScene
import ChoreoTimeline
import Foundation
import Testing

/// A hold keyframe that lands on the start value exactly where a loop ends is the author saying
/// "jump here" (the shimmer's technique): seamless at every duration, the jump in every output.
/// Times equal as written were compared after sums that round differently (cycle k's
/// `k × period + at`), so the outcome depended on the duration's last bits.
@Suite struct LoopSeamHoldTests {
    /// Every duration from 0.2 s to 6 s in tenths (whole frames at both rates), with the motion
    /// before the hold ending at several points of the cycle.
    static let cases: [(fps: Int, tenths: Int, before: Int)] = [30, 60].flatMap { fps in
        (2...60).flatMap { tenths in [1, tenths / 2, tenths - 1].filter { $0 >= 1 && $0 < tenths }.map { (fps, tenths, $0) } }
    }

    static func seconds(_ tenths: Int) -> String { "\(tenths / 10).\(tenths % 10)s" }

    static func scene(fps: Int, tenths: Int, before: Int) -> String {
        """
        choreo: 1
        name: hold-seam
        size: [100, 100]
        fps: \(fps)
        layers:
          - {id: dot, shape: ellipse, radius: 10, position: [50, 50]}
        timelines:
          blink:
            duration: \(seconds(tenths))
            loop: true
            keyframes:
              dot.opacity:
                - {at: 0s, value: 1}
                - {at: \(seconds(before)), value: 0.25, easing: ease-in-out}
                - {at: \(seconds(tenths)), value: 1, easing: hold}
        """
    }

    @Test func aHoldOntoTheStartValueAtTheLoopsEndIsSeamlessAndKeptAtEveryDuration() throws {
        var failures: [String] = []
        for (fps, tenths, before) in Self.cases {
            let label = "fps \(fps), duration \(Self.seconds(tenths)), motion until \(Self.seconds(before))"
            let compilation = compileScene(SourceFile(path: "hold-seam.yaml", bytes: Array(Self.scene(fps: fps, tenths: tenths, before: before).utf8)))
            guard let timeline = compilation.timeline else {
                failures.append("\(label): \(compilation.diagnostics.map(\.message))")
                continue
            }
            if compilation.diagnostics.contains(where: { $0.rule == .loopSeam }) { failures.append("\(label): loop-seam warning") }
            // The IR: the cycle ends with the hold, and the hold reaches its target at the cycle's end.
            let opacity = try #require(timeline.layers.first?.transform.opacity)
            let last = try #require(opacity.segments.last)
            if last.easing != .hold || last.to != 1 || abs(last.end - Double(tenths) / 10) > 1e-9 {
                failures.append("\(label): IR ends with \(last)")
            }
            // Lottie: the last keyframe, at the cycle's last frame, is the start value again.
            let frames = tenths * fps / 10
            let keyframes = try #require(Self.opacityKeyframes(LottieEmitter.emit(timeline)), "\(label): no animated opacity")
            let end = keyframes.last
            if (end?["t"] as? Double) != Double(frames) || (end?["s"] as? [Double]) != [100] {
                failures.append("\(label): Lottie ends with \(String(describing: end))")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(Self.cases.count): \(failures.prefix(8))")
    }

    /// The keyframes of the animated opacity (`"o": {"a": 1, …}`) in a Lottie document, in the
    /// layer named `layer` if given.
    static func opacityKeyframes(_ json: String, layer: String? = nil) -> [[String: Any]]? {
        func search(_ value: Any) -> [[String: Any]]? {
            if let object = value as? [String: Any] {
                if let o = object["o"] as? [String: Any], (o["a"] as? Int) == 1, let k = o["k"] as? [[String: Any]] { return k }
                for child in object.values { if let found = search(child) { return found } }
            } else if let array = value as? [Any] {
                for child in array { if let found = search(child) { return found } }
            }
            return nil
        }
        guard let document = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return nil }
        guard let layer else { return search(document) }
        let layers = document["layers"] as? [[String: Any]] ?? []
        return layers.first { ($0["nm"] as? String) == layer }.flatMap(search)
    }
}
