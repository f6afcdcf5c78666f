import ChoreoSceneModel
import ChoreoSceneSyntax
import ChoreoTimeline
import Foundation

/// A node being written: its entries in the order a person writes them (id, shape, geometry,
/// transform, style, children).
struct NodeDraft {
    var id: String
    var entries: [SceneEntry]

    init(id: String, shape: ShapeKind) {
        self.id = id
        entries = [SceneEntry(SceneKey(.id), .word(id)), SceneEntry(SceneKey(.shape), .word(shape.rawValue))]
    }

    mutating func set(key: SceneKey, _ value: SceneValue) {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index].value = value
        } else {
            entries.append(SceneEntry(key, value))
        }
    }

    mutating func set(_ property: Property, _ value: SceneValue) { set(key: SceneKey(property), value) }

    func has(_ property: Property) -> Bool { entries.contains { $0.key == SceneKey(property) } }

    var value: SceneValue { .map(entries, .block) }
}

/// How a layer's clock maps onto its composition's: frame `offset + scale × f` there is frame
/// `f` of the layer (Lottie's `st` and `sr`).
struct TimeMap {
    var offset: Double = 0
    var scale: Double = 1

    func outer(_ frame: Double) -> Double { offset + scale * frame }
    func inner(_ frame: Double) -> Double { (frame - offset) / scale }

    /// A layer's clock inside this one (`self` maps the composition holding the layer).
    func then(_ inner: TimeMap) -> TimeMap { TimeMap(offset: outer(inner.offset), scale: scale * inner.scale) }
}

/// Node ids from layer and shape names: made identifiers (`Shape Layer 1` → `Shape-Layer-1`,
/// `360º` → `_360`) and unique across the scene (`dot`, `dot-2`, …).
struct IdentifierRegistry {
    private var taken: Set<String> = []
    private var next: [String: Int] = [:]

    mutating func unique(_ name: String?, fallback: String) -> String {
        var base = Self.identifier(name ?? "") ?? fallback
        // Words a state map reserves cannot be node ids there, nor YAML's words for other types
        // (`null`, `true`) anywhere.
        if base == "a11y" || base == "play" || !isPlainSafe(base) { base += "-node" }
        if taken.insert(base).inserted { return base }
        var number = next[base, default: 2]
        while !taken.insert("\(base)-\(number)").inserted { number += 1 }
        next[base] = number + 1
        return "\(base)-\(number)"
    }

    static func identifier(_ name: String) -> String? {
        var bytes: [UInt8] = []
        var pendingDash = false
        for byte in name.utf8 {
            let isWord = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
            if isWord {
                if pendingDash, !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
                pendingDash = false
                bytes.append(byte)
                if bytes.count >= 64 { break }
            } else {
                pendingDash = true
            }
        }
        guard let first = bytes.first else { return nil }
        if first >= 0x30 && first <= 0x39 { bytes.insert(UInt8(ascii: "_"), at: 0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

// MARK: Values as a person writes them

/// Numbers the way the scene holds them: at most six decimals, and no `-0`.
func clean(_ value: Double) -> Double {
    let rounded = (value * 1_000_000).rounded() / 1_000_000
    return rounded == 0 ? 0 : rounded
}

func pointValue(_ values: [Double]) -> SceneValue { .point(Point(clean(values[0]), clean(values[1]))) }

func colorValue(_ values: [Double]) -> SceneValue {
    .color(RGBA(values[0], values[1], values[2], values.count > 3 ? values[3] : 1))
}

/// An easing as a keyframe writes it: `hold`, `linear`, or `{cubic-bezier: [x1, y1, x2, y2]}`.
func easingValue(_ curve: TimingCurve?, hold: Bool) -> SceneValue? {
    if hold { return .word("hold") }
    guard let curve, !curve.isLinear else { return nil }
    return .map([SceneEntry(.cubicBezier, .list([curve.x1, curve.y1, curve.x2, curve.y2].map { .number(clean($0)) }, .flow))], .flow)
}

/// Path data of a Lottie path's numbers (`TrackReader.path`): `M`, then `L` for a straight
/// segment and `C` for a curved one, `Z` when closed.
func pathData(_ values: [Double]) -> String {
    let count = (values.count - 1) / 6
    // A path of no segment (a lone vertex) draws nothing in a player; a scene's path data must
    // draw, so it is a segment a millionth long, which shows as nothing either.
    guard count > 0 else { return "M 0 0 L 0.000001 0" }
    let isPoint = (0..<count).allSatisfy { index in
        let base = index * 6
        return values[base] == values[0] && values[base + 1] == values[1] && values[(base + 2)..<(base + 6)].allSatisfy { $0 == 0 }
    }
    guard count > 1, !isPoint else { return "M \(formatSceneNumber(values[0])) \(formatSceneNumber(values[1])) L \(formatSceneNumber(values[0] + 0.000001)) \(formatSceneNumber(values[1]))" }
    let closed = values[values.count - 1] != 0
    func n(_ value: Double) -> String { formatSceneNumber(value) }
    func vertex(_ index: Int) -> (x: Double, y: Double, ix: Double, iy: Double, ox: Double, oy: Double) {
        let base = index * 6
        return (values[base], values[base + 1], values[base + 2], values[base + 3], values[base + 4], values[base + 5])
    }
    var text = "M \(n(vertex(0).x)) \(n(vertex(0).y))"
    func segment(_ from: Int, _ to: Int) {
        let a = vertex(from), b = vertex(to)
        if a.ox == 0 && a.oy == 0 && b.ix == 0 && b.iy == 0 {
            text += " L \(n(b.x)) \(n(b.y))"
        } else {
            text += " C \(n(a.x + a.ox)) \(n(a.y + a.oy)) \(n(b.x + b.ix)) \(n(b.y + b.iy)) \(n(b.x)) \(n(b.y))"
        }
    }
    for index in 1..<max(1, count) { segment(index - 1, index) }
    if closed {
        let last = vertex(count - 1), first = vertex(0)
        // A straight closing segment is the `Z` itself.
        if last.ox != 0 || last.oy != 0 || first.ix != 0 || first.iy != 0 { segment(count - 1, 0) }
        text += " Z"
    }
    return text
}

/// Path data of several contours, each as `[count, closed, count × 6 numbers]` (`combinedPath`).
func multiPathData(_ values: [Double]) -> String {
    var parts: [String] = []
    var index = 0
    while index + 2 <= values.count {
        let count = Int(values[index])
        let closed = values[index + 1]
        let end = index + 2 + count * 6
        guard count > 0, end <= values.count else { break }
        parts.append(pathData(Array(values[(index + 2)..<end]) + [closed]))
        index = end
    }
    return parts.isEmpty ? "M 0 0 L 0.000001 0" : parts.joined(separator: " ")
}

func formatSceneNumber(_ value: Double) -> String {
    SceneWriter.inline(.number(clean(value)))
}
