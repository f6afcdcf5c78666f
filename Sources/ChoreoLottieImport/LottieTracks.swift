import Foundation

/// A value of the document where it sits: the JSON and its pointer, for the warnings about it.
struct LottieItem {
    let json: LottieJSON
    let pointer: String

    subscript(key: String) -> LottieItem? {
        json[key].map { LottieItem(json: $0, pointer: pointer + LottiePointer.escape(key)) }
    }

    /// The items of an array member (empty when there is none).
    func list(_ key: String) -> [LottieItem] {
        guard let array = json[key]?.items else { return [] }
        let base = pointer + LottiePointer.escape(key)
        return array.enumerated().map { LottieItem(json: $1, pointer: base + "/\($0)") }
    }

    /// The items of this array.
    var elements: [LottieItem] {
        (json.items ?? []).enumerated().map { LottieItem(json: $1, pointer: pointer + "/\($0)") }
    }

    func number(_ key: String) -> Double? { json[key]?.number }
    func string(_ key: String) -> String? { json[key]?.string }
}

/// A cubic-bezier timing curve of a keyframe segment: After Effects' temporal ease, Lottie's `o`
/// (the handle leaving a keyframe) and `i` (the one arriving at the next), CSS's `cubic-bezier`.
struct TimingCurve: Equatable {
    var x1: Double, y1: Double, x2: Double, y2: Double

    static let linear = TimingCurve(x1: 0, y1: 0, x2: 1, y2: 1)

    var isLinear: Bool { abs(x1 - y1) < 1e-9 && abs(x2 - y2) < 1e-9 }

    /// The eased progress at the fraction `t` of the segment's time.
    func progress(at t: Double) -> Double {
        guard !isLinear else { return t }
        let u = parameter(forX: t)
        return bezier(y1, y2, u)
    }

    private func bezier(_ p1: Double, _ p2: Double, _ u: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * u * p1 + 3 * v * u * u * p2 + u * u * u
    }

    /// The curve's parameter where its x is `x` (x runs from 0 to 1 without turning back).
    func parameter(forX x: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if bezier(x1, x2, middle) < x { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// The part of the curve from the fraction `start` to `end` of its time, as a curve of its
    /// own with the progress it covers (`from`, `to`): how a segment cut at the edge of a window
    /// keeps its exact motion.
    func part(from start: Double, to end: Double) -> (curve: TimingCurve, from: Double, to: Double) {
        let u0 = start <= 0 ? 0 : parameter(forX: start)
        let u1 = end >= 1 ? 1 : parameter(forX: end)
        // The control points of the sub-curve between u0 and u1 (blossoming).
        func point(_ a: Double, _ b: Double, _ c: Double) -> (Double, Double) {
            func blossom(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> Double {
                // The polar form of a cubic at (a, b, c).
                let ab = [(1 - a) * (1 - b), (1 - a) * b + a * (1 - b), a * b]
                let q0 = ab[0] * p0 + ab[1] * p1 + ab[2] * p2
                let q1 = ab[0] * p1 + ab[1] * p2 + ab[2] * p3
                return (1 - c) * q0 + c * q1
            }
            return (blossom(0, x1, x2, 1), blossom(0, y1, y2, 1))
        }
        let p0 = point(u0, u0, u0), p1 = point(u0, u0, u1), p2 = point(u0, u1, u1), p3 = point(u1, u1, u1)
        let width = p3.0 - p0.0, height = p3.1 - p0.1
        guard width > 1e-12, abs(height) > 1e-12 else { return (.linear, p0.1, p3.1) }
        let curve = TimingCurve(
            x1: min(1, max(0, (p1.0 - p0.0) / width)), y1: (p1.1 - p0.1) / height,
            x2: min(1, max(0, (p2.0 - p0.0) / width)), y2: (p2.1 - p0.1) / height)
        return (curve, p0.1, p3.1)
    }
}

/// One keyframe of a property, its value as numbers (a point's two, a colour's four, a path's
/// vertices and tangents), with the motion that leaves it.
struct LottieKey {
    /// In the frames of the layer's own clock.
    var frame: Double
    var value: [Double]
    /// The segment to the next keyframe holds this value and jumps at its end.
    var hold = false
    /// The timing of the segment to the next keyframe: one curve, or one per dimension.
    var timing: [TimingCurve] = [.linear]
    /// Spatial tangents of a position keyframe (After Effects' motion path), relative to the value:
    /// `to` leaves this keyframe, `ti` arrives at the next.
    var spatialOut: [Double]?
    var spatialIn: [Double]?
    /// Where the keyframe is in the document.
    var pointer = ""

    /// The timing of dimension `index`.
    func timing(_ index: Int) -> TimingCurve { timing.indices.contains(index) ? timing[index] : timing[0] }
}

/// A property as the document has it: one value, or keyframes.
enum LottieTrack {
    case fixed([Double])
    case keyed([LottieKey])

    var isAnimated: Bool {
        if case .keyed = self { return true }
        return false
    }

    /// The value before any motion: the first keyframe's.
    var first: [Double] {
        switch self {
        case let .fixed(value): return value
        case let .keyed(keys): return keys[0].value
        }
    }

    var keys: [LottieKey] {
        if case let .keyed(keys) = self { return keys }
        return []
    }

    /// The value at `frame` (the layer's clock), as players compute it.
    func value(at frame: Double) -> [Double] {
        switch self {
        case let .fixed(value): return value
        case let .keyed(keys):
            if frame <= keys[0].frame { return keys[0].value }
            guard let last = keys.last, frame < last.frame else { return keys[keys.count - 1].value }
            var index = 0
            while index + 1 < keys.count, keys[index + 1].frame <= frame { index += 1 }
            let key = keys[index], next = keys[index + 1]
            if key.hold || next.frame <= key.frame { return key.value }
            let t = (frame - key.frame) / (next.frame - key.frame)
            return interpolate(key.value, next.value, timing: key, t: t)
        }
    }

    /// Every dimension moved by its own timing (the value counts must agree, else the first holds).
    func interpolate(_ a: [Double], _ b: [Double], timing key: LottieKey, t: Double) -> [Double] {
        guard a.count == b.count else { return a }
        var result = a
        for index in a.indices {
            let progress = key.timing(index).progress(at: t)
            result[index] = a[index] + (b[index] - a[index]) * progress
        }
        return result
    }

    /// Dimension `index` alone, with its own timing (no spatial tangents).
    func component(_ index: Int) -> LottieTrack {
        switch self {
        case let .fixed(value): return .fixed([value.indices.contains(index) ? value[index] : 0])
        case let .keyed(keys):
            return .keyed(keys.map { key in
                var key = key
                key.value = [key.value.indices.contains(index) ? key.value[index] : 0]
                key.timing = [key.timing(index)]
                key.spatialIn = nil
                key.spatialOut = nil
                return key
            })
        }
    }

    /// Whether some segment eases dimensions that move in it with different curves (one easing
    /// per keyframe cannot hold that).
    var easesAxesApart: Bool {
        let keys = keys
        return keys.indices.dropLast().contains { index in
            let key = keys[index], next = keys[index + 1]
            guard !key.hold, key.timing.count > 1 else { return false }
            let moving = key.value.indices.filter { $0 < next.value.count && abs(key.value[$0] - next.value[$0]) > 1e-9 }
            return moving.contains { key.timing($0) != key.timing(moving[0]) }
        }
    }

    /// Each value mapped; nil when one of them does not map.
    func map(_ transform: ([Double]) -> [Double]) -> LottieTrack {
        switch self {
        case let .fixed(value): return .fixed(transform(value))
        case let .keyed(keys):
            return .keyed(keys.map { key in
                var key = key
                key.value = transform(key.value)
                return key
            })
        }
    }
}

/// Reads animatable properties (`{"a": 1, "k": [...]}` or `{"k": value}`), reporting what it
/// cannot read.
struct TrackReader {
    var warnings: LottieWarnings
    /// The document's slots (`"sid"` on a property names one), whose values stand in for the property's.
    var slots: [String: LottieItem] = [:]

    /// The property at `item`: its value (or keyframes) as numbers, `convert` turning one value
    /// of the JSON into numbers (nil when it cannot).
    func track(_ item: LottieItem?, _ convert: (LottieJSON) -> [Double]?) -> LottieTrack? {
        guard var item else { return nil }
        if let slot = item.string("sid"), let value = slots[slot]?["p"] { item = value }
        if item.json["x"]?.string.map({ !$0.isEmpty }) == true {
            warnings.add(item["x"]!, "an expression, which a scene cannot hold: the property keeps its keyframes' values", kind: .expression)
        }
        guard let k = item["k"] else {
            // A bare value where a property object is expected (some exporters do this for static values).
            return convert(item.json).map(LottieTrack.fixed)
        }
        if let keyframes = k.json.items, let first = keyframes.first, first.isObject, first["t"] != nil {
            return keyed(k, convert)
        }
        guard let value = convert(k.json) else {
            warnings.add(k, "a value that is not what this property holds; the property is left at its default", kind: .malformed)
            return nil
        }
        return .fixed(value)
    }

    private func keyed(_ k: LottieItem, _ convert: (LottieJSON) -> [Double]?) -> LottieTrack? {
        var keys: [LottieKey] = []
        var previousEnd: [Double]?
        for item in k.elements {
            guard let frame = item.number("t"), frame.isFinite else {
                warnings.add(item, "a keyframe without a time `t`; it is left out", kind: .malformed)
                continue
            }
            // Old documents end a segment with `e` and give the last keyframe no `s`.
            guard let value = item["s"].flatMap({ convert($0.json) }) ?? previousEnd else {
                warnings.add(item, "a keyframe whose value is not what this property holds; it is left out", kind: .malformed)
                continue
            }
            previousEnd = item["e"].flatMap { convert($0.json) }
            if let last = keys.last, frame < last.frame {
                warnings.add(item, "a keyframe earlier than the one before it; it is left out", kind: .malformed)
                continue
            }
            var key = LottieKey(frame: frame, value: value)
            key.pointer = item.pointer
            key.hold = item.json["h"]?.isTrue == true
            key.timing = timings(out: item.json["o"], in: item.json["i"])
            key.spatialOut = item.json["to"]?.numbers
            key.spatialIn = item.json["ti"]?.numbers
            keys.append(key)
        }
        guard !keys.isEmpty else { return nil }
        if keys.count == 1 { return .fixed(keys[0].value) }
        return .keyed(keys)
    }

    /// The curves of a segment: `o` leaves, `i` arrives; x and y are numbers or per-dimension arrays.
    private func timings(out: LottieJSON?, in arriving: LottieJSON?) -> [TimingCurve] {
        func values(_ json: LottieJSON?) -> [Double] {
            guard let json else { return [] }
            if let number = json.number { return [number] }
            return json.numbers ?? []
        }
        let ox = values(out?["x"]), oy = values(out?["y"]), ix = values(arriving?["x"]), iy = values(arriving?["y"])
        let count = max(1, ox.count, oy.count, ix.count, iy.count)
        func pick(_ list: [Double], _ index: Int, _ fallback: Double) -> Double {
            guard !list.isEmpty else { return fallback }
            let value = list[min(index, list.count - 1)]
            return value.isFinite ? value : fallback
        }
        return (0..<count).map { index in
            TimingCurve(
                x1: min(1, max(0, pick(ox, index, 0))), y1: pick(oy, index, 0),
                x2: min(1, max(0, pick(ix, index, 1))), y2: pick(iy, index, 1))
        }
    }

    // MARK: Value readers

    /// A number (`5` or `[5]`).
    static func scalar(_ json: LottieJSON) -> [Double]? {
        guard let value = json.number, value.isFinite else { return nil }
        return [value]
    }

    /// A point, its first two coordinates (a third, for 3D, is dropped).
    static func vector(_ json: LottieJSON) -> [Double]? {
        if let value = json.number, value.isFinite { return [value, value] }
        guard let values = json.numbers, values.count >= 2, values[0].isFinite, values[1].isFinite else { return nil }
        return [values[0], values[1]]
    }

    /// A colour in 0…1 (documents that write 0…255 are scaled down), alpha 1 when absent.
    static func color(_ json: LottieJSON) -> [Double]? {
        guard let values = json.numbers, values.count >= 3, values.allSatisfy(\.isFinite) else { return nil }
        var rgba = Array(values.prefix(4))
        if rgba.count == 3 { rgba.append(1) }
        if rgba.prefix(3).contains(where: { $0 > 1 }) { rgba = rgba.enumerated().map { $0 < 3 ? $1 / 255 : $1 } }
        return rgba.map { min(1, max(0, $0)) }
    }

    /// A Bézier path (`{c, v, i, o}`, or that object in a one-item array as keyframes write it):
    /// per vertex x, y, in-tangent x, y, out-tangent x, y; then 1 or 0 for closed.
    static func path(_ json: LottieJSON) -> [Double]? {
        var shape = json
        if let items = json.items, items.count == 1 { shape = items[0] }
        guard shape.isObject, let vertices = shape["v"]?.items else { return nil }
        let ins = shape["i"]?.items ?? [], outs = shape["o"]?.items ?? []
        var values: [Double] = []
        values.reserveCapacity(vertices.count * 6 + 1)
        for (index, vertex) in vertices.enumerated() {
            guard let v = vector(vertex) else { return nil }
            let i = ins.indices.contains(index) ? vector(ins[index]) ?? [0, 0] : [0, 0]
            let o = outs.indices.contains(index) ? vector(outs[index]) ?? [0, 0] : [0, 0]
            values += [v[0], v[1], i[0], i[1], o[0], o[1]]
        }
        values.append(shape["c"]?.isTrue == true ? 1 : 0)
        return values
    }

    /// A gradient's numbers as they are: offsets and colours, then offsets and alphas.
    static func numbers(_ json: LottieJSON) -> [Double]? {
        guard let values = json.numbers, values.allSatisfy(\.isFinite) else { return nil }
        return values
    }
}
