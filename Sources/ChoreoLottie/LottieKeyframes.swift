import ChoreoJSON
import ChoreoTimeline

/// How far before a jump (in frames) the held value's last keyframe is placed. A jump at a span
/// start is written as "hold the old value until just before, then the new value at the span
/// start": two keyframes at the same `t` are legal but players disagree about which one wins.
let jumpLeadFrames = 0.01

/// One Lottie keyframe before encoding. `easing` governs the motion towards the next keyframe;
/// the last keyframe has none.
struct LottieKey<Value> {
    var frame: Double
    var value: Value
    var easing: Easing?
}

/// The keyframes of an animated track, in frames. Jumps (a segment whose `from` differs from the
/// value just before it, or a segment of zero length) become a hold keyframe just before the
/// jump; gaps between segments become holds.
func lottieKeys<Value>(_ track: Animated<Value>, fps: Double) -> [LottieKey<Value>] {
    var keys: [LottieKey<Value>] = []

    func place(_ value: Value, at frame: Double, easing: Easing?) {
        guard let last = keys.last else {
            // Before its first keyframe a Lottie property has that keyframe's value; the initial
            // value is only visible (and so only written) when the first segment starts later.
            if value != track.initial, frame > 0 {
                keys.append(LottieKey(frame: frame - jumpLeadFrames, value: track.initial, easing: .hold))
            }
            keys.append(LottieKey(frame: frame, value: value, easing: easing))
            return
        }
        let lastIndex = keys.count - 1
        if last.value == value {
            if last.frame >= frame {
                keys[lastIndex].easing = easing
            } else {
                // Between segments the value is constant: a hold says so exactly.
                keys[lastIndex].easing = .hold
                keys.append(LottieKey(frame: frame, value: value, easing: easing))
            }
            return
        }
        keys[lastIndex].easing = .hold
        if last.frame > frame - jumpLeadFrames {
            // The previous motion ends exactly where the jump happens: cut it a hair earlier, at
            // the value it has there, so that every whole frame keeps its exact value.
            let earlier = frame - jumpLeadFrames
            if keys.count >= 2, keys[lastIndex - 1].frame >= earlier {
                keys.removeLast()
                keys[keys.count - 1].easing = .hold
            } else if keys.count >= 2, let easing = keys[lastIndex - 1].easing, easing != .hold {
                let previous = keys[lastIndex - 1]
                let piece = easing.piece(from: 0, to: (earlier - previous.frame) / (last.frame - previous.frame))
                keys[lastIndex - 1].easing = piece.easing
                keys[lastIndex].value = Value.interpolate(previous.value, last.value, piece.p1)
                keys[lastIndex].frame = earlier
            } else {
                keys[lastIndex].frame = earlier
            }
        }
        keys.append(LottieKey(frame: frame, value: value, easing: easing))
    }

    for segment in track.segments {
        let start = segment.start * fps, end = segment.end * fps
        if end <= start {
            place(segment.to, at: start, easing: nil)
            continue
        }
        place(segment.from, at: start, easing: segment.easing)
        keys.append(LottieKey(frame: end, value: segment.to, easing: nil))
    }
    return keys
}

/// Encodes animatable values. `dimensions` is how many per-dimension easing handles a keyframe
/// carries (2 for points, 1 for everything else).
struct LottieEncoding<Value> {
    var dimensions: Int
    /// The value as written in a static property's `k`.
    var staticValue: (Value) -> JSONValue
    /// The value as written in a keyframe's `s` (always an array).
    var keyframeValue: (Value) -> JSONValue
}

extension LottieEncoding where Value == Double {
    /// A scalar multiplied by `factor` (100 for opacity and percentages).
    static func scalar(times factor: Double = 1) -> LottieEncoding<Double> {
        LottieEncoding(
            dimensions: 1, staticValue: { .number($0 * factor) }, keyframeValue: { [.number($0 * factor)] })
    }
}

extension LottieEncoding where Value == Point {
    static func point(times factor: Double = 1) -> LottieEncoding<Point> {
        LottieEncoding(
            dimensions: 2, staticValue: { [.number($0.x * factor), .number($0.y * factor)] },
            keyframeValue: { [.number($0.x * factor), .number($0.y * factor)] })
    }
}

extension LottieEncoding where Value == RGBA {
    /// Red, green and blue with 4 decimals; alpha travels in the style's opacity instead.
    static var color: LottieEncoding<RGBA> {
        let encode: (RGBA) -> JSONValue = {
            [.decimal($0.r, places: 4), .decimal($0.g, places: 4), .decimal($0.b, places: 4)]
        }
        return LottieEncoding(dimensions: 1, staticValue: encode, keyframeValue: encode)
    }
}

/// A Lottie animatable property (`{"a":0,"k":…}` or `{"a":1,"k":[keyframes]}`); a themed one also
/// names its slot (`"sid"`), keeping the default theme's value inline for players without slots.
func lottieProperty<Value>(_ track: Animated<Value>, fps: Double, _ encoding: LottieEncoding<Value>) -> JSONValue {
    let property = unslottedProperty(track, fps: fps, encoding)
    guard let slot = track.slot, case let .object(members) = property else { return property }
    return .object(members + [("sid", .string(slot))])
}

private func unslottedProperty<Value>(_ track: Animated<Value>, fps: Double, _ encoding: LottieEncoding<Value>) -> JSONValue {
    guard track.isAnimated else {
        return .object([("a", 0), ("k", encoding.staticValue(track.initial))])
    }
    let keys = lottieKeys(track, fps: fps)
    let frames: [JSONValue] = keys.map { key in
        var members: [(String, JSONValue)] = [("t", .number(key.frame)), ("s", encoding.keyframeValue(key.value))]
        switch key.easing {
        case nil:
            break
        case .hold:
            members.append(("h", 1))
        case .linear:
            members.append(("o", easingHandle(0, 0, dimensions: encoding.dimensions)))
            members.append(("i", easingHandle(1, 1, dimensions: encoding.dimensions)))
        case let .cubic(x1, y1, x2, y2):
            members.append(("o", easingHandle(x1, y1, dimensions: encoding.dimensions)))
            members.append(("i", easingHandle(x2, y2, dimensions: encoding.dimensions)))
        }
        return .object(members)
    }
    return .object([("a", 1), ("k", .array(frames))])
}

/// An `o`/`i` handle. x is kept in 0…1 whatever the timeline holds: lottie-android rejects a
/// curve that loops back on itself, and players disagree about handles outside the frame pair.
private func easingHandle(_ x: Double, _ y: Double, dimensions: Int) -> JSONValue {
    let x = min(max(x, 0), 1)
    return .object([
        ("x", .array(Array(repeating: .number(x), count: dimensions))),
        ("y", .array(Array(repeating: .number(y), count: dimensions))),
    ])
}

/// A property that never moves.
func staticProperty(_ value: JSONValue) -> JSONValue {
    .object([("a", 0), ("k", value)])
}
