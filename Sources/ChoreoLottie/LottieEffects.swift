import ChoreoJSON
import ChoreoTimeline
import Foundation

/// A node's effects as Lottie layer effects (`ef`): After Effects' Gaussian Blur (`ty` 29) and
/// Drop Shadow (`ty` 25), the two that Lottie players draw.
///
/// The scene's blur is a standard deviation σ (CSS). After Effects' "Blurriness" and "Softness"
/// are not; each player converts them its own way (docs/players.md, "Effects"): lottie-web and
/// ThorVG draw a Gaussian Blur of blurriness B with σ = 0.3 B, ThorVG a Drop Shadow of softness S
/// with σ = 0.3 S and lottie-web with σ = S / 4. So both are written as σ / 0.3: exact in ThorVG,
/// and in lottie-web exact for the blur and 17 % narrower for the shadow.
enum LottieEffects {
    /// σ = 0.3 × blurriness in lottie-web's feGaussianBlur and ThorVG's scene effects.
    static let blurrinessPerDeviation = 1 / 0.3

    /// One value of an effect: its control type, name and the property written as its `v`.
    private struct Value<W: JSONSink> {
        var type: Int
        var name: String
        var write: (inout W) -> Void

        /// A value that never moves.
        static func still(_ type: Int, _ name: String, _ value: Int) -> Value {
            Value(type: type, name: name) { w in
                w.beginObject()
                w.member("a", 0)
                w.member("k", value)
                w.endObject()
            }
        }
    }

    /// The layer's `ef` member.
    static func write<W: JSONSink>(_ effects: Effects, fps: Double, duration: Double, to w: inout W) {
        w.key("ef")
        w.beginArray()
        var index = 0
        // Lottie applies a layer's effects in order, and the scene's shadow is of the blurred drawing.
        if let blur = effects.blur {
            index += 1
            writeGaussianBlur(blur, fps: fps, index: index, to: &w)
        }
        if let shadow = effects.shadow {
            index += 1
            writeDropShadow(shadow, fps: fps, duration: duration, index: index, to: &w)
        }
        w.endArray()
    }

    private static func writeGaussianBlur<W: JSONSink>(_ blur: Animated<Double>, fps: Double, index: Int, to w: inout W) {
        let blurriness = blur.playerSafe(TrackPlace.blur.boundedRange)
        writeEffect(type: 29, name: "Gaussian Blur", matchName: "ADBE Gaussian Blur 2", index: index, values: [
            Value(type: 0, name: "Blurriness") { writeLottieProperty(blurriness, fps: fps, .scalar(times: blurrinessPerDeviation), to: &$0) },
            // 1: horizontal and vertical.
            .still(7, "Blur Dimensions", 1),
            .still(7, "Repeat Edge Pixels", 0),
        ], to: &w)
    }

    private static func writeDropShadow<W: JSONSink>(_ shadow: Shadow, fps: Double, duration: Double, index: Int, to w: inout W) {
        let color = shadow.color.playerSafe(TrackPlace.shadow(.color).boundedRange)
        let softness = shadow.blur.playerSafe(TrackPlace.shadow(.blur).boundedRange)
        let (direction, distance) = polarOffset(shadow.offset, fps: fps, duration: duration)
        writeEffect(type: 25, name: "Drop Shadow", matchName: "ADBE Drop Shadow", index: index, values: [
            // Alpha dropped first, so a shadow that only fades keeps a still colour.
            Value(type: 2, name: "Shadow Color") {
                writeLottieProperty(color.map { RGBA($0.r, $0.g, $0.b, 1) }, fps: fps, ColorEncoding(withOpaqueAlpha: true), to: &$0)
            },
            // 0…255, as After Effects writes it.
            Value(type: 0, name: "Opacity") { writeLottieProperty(color.map(\.a), fps: fps, .scalar(times: 255), to: &$0) },
            Value(type: 1, name: "Direction") { writeLottieProperty(direction, fps: fps, .rotation, to: &$0) },
            Value(type: 0, name: "Distance") { writeLottieProperty(distance, fps: fps, .scalar(), to: &$0) },
            Value(type: 0, name: "Softness") { writeLottieProperty(softness, fps: fps, .scalar(times: blurrinessPerDeviation), to: &$0) },
            .still(7, "Shadow Only", 0),
        ], to: &w)
    }

    private static func writeEffect<W: JSONSink>(
        type: Int, name: String, matchName: String, index: Int, values: [Value<W>], to w: inout W
    ) {
        w.beginObject()
        w.member("ty", type)
        w.member("nm", name)
        w.member("mn", matchName)
        w.member("ix", index)
        w.member("en", 1)
        w.member("np", values.count + 1)
        w.key("ef")
        w.beginArray()
        for (position, value) in values.enumerated() {
            let number = String(format: "%04d", position + 1)
            w.beginObject()
            w.member("ty", value.type)
            w.member("nm", value.name)
            w.member("mn", "\(matchName)-\(number)")
            w.member("ix", position + 1)
            w.key("v")
            value.write(&w)
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }

    /// After Effects' Direction (degrees clockwise from up, so 180 is straight down) and Distance
    /// of an offset `[dx, dy]`. An offset that keeps its direction (it only grows or shrinks) maps
    /// exactly; one that turns is sampled per frame.
    static func polarOffset(_ offset: Animated<Point>, fps: Double, duration: Double) -> (Animated<Double>, Animated<Double>) {
        func direction(_ p: Point) -> Double { atan2(p.y, p.x) * 180 / .pi + 90 }
        func length(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }
        let values = [offset.initial] + offset.segments.flatMap { [$0.from, $0.to] }
        let moving = values.filter { length($0) > 1e-9 }
        guard let first = moving.first else { return (Animated(180), Animated(0)) }
        let unit = first * (1 / length(first))
        let straight = moving.allSatisfy { p in
            let u = p * (1 / length(p))
            return abs(u.x - unit.x) < 1e-9 && abs(u.y - unit.y) < 1e-9
        }
        if straight { return (Animated(direction(first)), offset.map(length)) }
        let keyTimes = offset.keyTimes, jumps = Set(offset.jumpTimes)
        let sampled = sampledTrack(fps: fps, duration: duration, keyTimes: keyTimes, jumpTimes: jumps) { offset.value(at: $0) }
        return (sampled.map(direction), sampled.map(length))
    }
}
