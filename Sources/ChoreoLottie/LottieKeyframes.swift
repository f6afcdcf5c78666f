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
    /// The curve towards the next keyframe (a position's `to` and `ti`).
    var spatial: SpatialTangents? = nil
}

/// The keyframes of an animated track, in frames. Jumps (a segment whose `from` differs from the
/// value just before it, or a segment of zero length) become a hold keyframe just before the
/// jump; gaps between segments become holds.
func lottieKeys<Value>(_ track: Animated<Value>, fps: Double, droppingRedundant: Bool = true) -> [LottieKey<Value>] {
    var keys: [LottieKey<Value>] = []

    func place(_ value: Value, at frame: Double, easing: Easing?, spatial: SpatialTangents? = nil) {
        defer { if let spatial, keys.last?.frame == frame, keys.last?.easing != .hold { keys[keys.count - 1].spatial = spatial } }
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
                if let spatial = previous.spatial {
                    let part = Value.spatialPiece(previous.value, last.value, spatial, piece.p0, piece.p1)
                    keys[lastIndex].value = part.to
                    keys[lastIndex - 1].spatial = part.tangents
                } else {
                    keys[lastIndex].value = Value.interpolate(previous.value, last.value, piece.p1)
                }
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
        place(segment.from, at: start, easing: segment.easing, spatial: segment.spatial.flatMap { $0.isStraight ? nil : $0 })
        keys.append(LottieKey(frame: end, value: segment.to, easing: nil))
    }
    return droppingRedundant ? droppingRedundantKeys(keys) : keys
}

/// The keys without those that change nothing: a motion between two equal values is a hold
/// (a hold is exact where an easing's handles are bytes), a held key followed by a key of the same
/// value holds on through it, and a last key equal to a held one before it is already the value
/// that stays. At least two keys remain, so the property stays a keyframed one.
func droppingRedundantKeys<Value: Equatable>(_ keys: [LottieKey<Value>]) -> [LottieKey<Value>] {
    guard keys.count > 2 else { return keys }
    var kept: [LottieKey<Value>] = []
    kept.reserveCapacity(keys.count)
    for (index, key) in keys.enumerated() {
        var key = key
        if index + 1 < keys.count, key.easing != nil, key.easing != .hold, keys[index + 1].value == key.value, key.spatial == nil {
            key.easing = .hold
        }
        if let last = kept.last, last.easing == .hold, last.value == key.value, key.easing == .hold || index == keys.count - 1 {
            continue
        }
        kept.append(key)
    }
    if kept.count < 2 { return keys }
    kept[kept.count - 1].easing = nil
    return kept
}

/// Encodes animatable values into a `JSONSink`.
protocol LottieEncoding<Value> {
    associatedtype Value: Interpolatable
    /// The value as written in a static property's `k`.
    func writeStatic<W: JSONSink>(_ value: Value, to w: inout W)
    /// The value as written in a keyframe's `s` (always an array).
    func writeKeyframe<W: JSONSink>(_ value: Value, to w: inout W)
    /// Whether a stretch of constant value may be written as a hold keyframe
    /// (`droppingRedundantKeys`); false where a player mishandles long holds.
    var constantStretchesMayHold: Bool { get }
}

extension LottieEncoding {
    var constantStretchesMayHold: Bool { true }
}

/// A scalar multiplied by `factor` (100 for opacity and percentages), written with `places`
/// decimals.
struct ScalarEncoding: LottieEncoding {
    var factor: Double
    var places: Int = 3
    func writeStatic<W: JSONSink>(_ value: Double, to w: inout W) { write(value * factor, to: &w) }
    func writeKeyframe<W: JSONSink>(_ value: Double, to w: inout W) {
        w.beginArray()
        write(value * factor, to: &w)
        w.endArray()
    }

    /// A number that has no more digits at `places` than at the usual 3 is written as any other
    /// number (so trees built for tests and tools stay plain numbers).
    private func write<W: JSONSink>(_ value: Double, to w: inout W) {
        let scale = [1.0, 10, 100, 1000][min(max(places, 0), 3)]
        if places >= 3 || (value * scale).rounded(.toNearestOrAwayFromZero) / scale == (value * 1000).rounded(.toNearestOrAwayFromZero) / 1000 {
            w.number(value)
        } else {
            w.number(value, places: places)
        }
    }
}

struct PointEncoding: LottieEncoding {
    var factor: Double
    func writeStatic<W: JSONSink>(_ value: Point, to w: inout W) {
        w.beginArray()
        w.number(value.x * factor)
        w.number(value.y * factor)
        w.endArray()
    }
    func writeKeyframe<W: JSONSink>(_ value: Point, to w: inout W) { writeStatic(value, to: &w) }
}

/// Red, green and blue with 4 decimals; alpha travels in the style's opacity instead (an effect's
/// colour control has a fourth channel, written 1: `withOpaqueAlpha`).
struct ColorEncoding: LottieEncoding {
    var withOpaqueAlpha = false
    func writeStatic<W: JSONSink>(_ value: RGBA, to w: inout W) {
        w.beginArray()
        w.number(value.r, places: 4)
        w.number(value.g, places: 4)
        w.number(value.b, places: 4)
        if withOpaqueAlpha { w.number(1) }
        w.endArray()
    }
    func writeKeyframe<W: JSONSink>(_ value: RGBA, to w: inout W) { writeStatic(value, to: &w) }
}

extension LottieEncoding where Self == ScalarEncoding {
    static func scalar(times factor: Double = 1) -> ScalarEncoding { ScalarEncoding(factor: factor) }

    /// Rotation in degrees. Its baking tolerance is 0.1°, so 2 decimals (an error of at most
    /// 0.005°) keep every value within a twentieth of what the motion is already allowed.
    static var rotation: ScalarEncoding { ScalarEncoding(factor: 1, places: 2) }

    /// An opacity from 0…1 as Lottie's percent. Its baking tolerance is 1/255 (0.39 %), so 1
    /// decimal (at most 0.05 %) is within an eighth of it.
    static var opacityPercent: ScalarEncoding { ScalarEncoding(factor: 100, places: 1) }
}

extension LottieEncoding where Self == PointEncoding {
    static func point(times factor: Double = 1) -> PointEncoding { PointEncoding(factor: factor) }
}

extension LottieEncoding where Self == ColorEncoding {
    static var color: ColorEncoding { ColorEncoding() }
}

/// A Lottie animatable property (`{"a":0,"k":…}` or `{"a":1,"k":[keyframes]}`); a themed one also
/// names its slot (`"sid"`), keeping the default theme's value inline for players without slots.
func writeLottieProperty<W: JSONSink, E: LottieEncoding>(
    _ track: Animated<E.Value>, fps: Double, _ encoding: E, to w: inout W
) {
    w.beginObject()
    if !track.isAnimated {
        w.member("a", 0)
        w.key("k")
        encoding.writeStatic(track.initial, to: &w)
    } else {
        w.member("a", 1)
        w.key("k")
        w.beginArray()
        for key in lottieKeys(track, fps: fps, droppingRedundant: encoding.constantStretchesMayHold) {
            w.beginObject()
            w.key("t")
            w.number(key.frame)
            w.key("s")
            encoding.writeKeyframe(key.value, to: &w)
            switch key.easing {
            case nil:
                break
            case .hold:
                w.member("h", 1)
            case .linear:
                writeEasingHandle("o", 0, 0, to: &w)
                writeEasingHandle("i", 1, 1, to: &w)
            case let .cubic(x1, y1, x2, y2):
                writeEasingHandle("o", x1, y1, to: &w)
                writeEasingHandle("i", x2, y2, to: &w)
            }
            if let spatial = key.spatial, key.easing != nil, key.easing != .hold {
                // The curve to the next keyframe: `to` from this value, `ti` from the next one's.
                w.key("to")
                w.beginArray()
                w.number(spatial.out.x)
                w.number(spatial.out.y)
                w.endArray()
                w.key("ti")
                w.beginArray()
                w.number(spatial.in.x)
                w.number(spatial.in.y)
                w.endArray()
            }
            w.endObject()
        }
        w.endArray()
    }
    if let slot = track.slot { w.member("sid", slot) }
    w.endObject()
}

/// `writeLottieProperty` as a tree, for code that inspects a property.
func lottieProperty<E: LottieEncoding>(_ track: Animated<E.Value>, fps: Double, _ encoding: E) -> JSONValue {
    JSONTreeBuilder.build { writeLottieProperty(track, fps: fps, encoding, to: &$0) }
}

/// An `o`/`i` handle. x is kept in 0…1 whatever the timeline holds: lottie-android rejects a
/// curve that loops back on itself, and players disagree about handles outside the frame pair.
/// Every dimension of a property moves by the same easing, so the handle is written once as
/// numbers, the form the specification's schema allows beside one array entry per dimension and
/// every player reads as the same curve for all of them (lottie-web, lottie-ios, lottie-android,
/// Skottie, rlottie and ThorVG): a 2-D keyframe's handles are 22 bytes shorter.
private func writeEasingHandle<W: JSONSink>(_ name: StaticString, _ x: Double, _ y: Double, to w: inout W) {
    w.key(name)
    w.beginObject()
    w.key("x")
    w.number(min(max(x, 0), 1))
    w.key("y")
    w.number(y)
    w.endObject()
}

extension JSONSink {
    /// `{"a":0,"k":…}`: a property that never moves, its value written by `body`.
    mutating func staticProperty(_ name: StaticString, _ body: (inout Self) -> Void) {
        key(name)
        beginObject()
        member("a", 0)
        key("k")
        body(&self)
        endObject()
    }

    /// `{"a":0,"k":value}`.
    mutating func staticProperty(_ name: StaticString, _ value: Int) {
        staticProperty(name) { $0.int(value) }
    }

    /// `{"a":0,"k":[x,y]}` with integers.
    mutating func staticProperty(_ name: StaticString, _ x: Int, _ y: Int) {
        staticProperty(name) { w in
            w.beginArray()
            w.int(x)
            w.int(y)
            w.endArray()
        }
    }
}
