import ChoreoJSON
import ChoreoTimeline

// How the SVG plays the timeline: each span a group of SMIL animations on a clock of its own, and
// the animation elements a node collects before it is written.

/// A stretch of the global timeline that the SVG plays as one group of SMIL animations: the whole
/// timeline looping (the reel), a transition played once, a state's played timeline. It is a
/// `Span` of the timeline with the clock that plays it; "clip" is a clip shape's word. (The
/// interactive runtime's script still names its field `clip`: that is output, kept as it is.)
struct PlayedSpan {
    var start: Double
    var end: Double
    /// `begin` (nil: at load), and `end` if the played span can be stopped early.
    var begin: String?
    var stop: String?
    var loops: Bool
    /// Played spans whose moving properties this played span writes too, held at their values at its start if
    /// it does not move them itself: a transition leaving a state that plays a timeline must
    /// cover whatever that timeline left frozen.
    var covers: [Int] = []
    /// The instant of the global timeline whose values are in effect as the played span begins (the pose
    /// of the state it leaves or plays in), when that is not `start`: a property the played span holds
    /// still is written when it holds a value other than that one (a transition shorter than a
    /// frame jumps at its start, so its start already shows where it goes).
    var restTime: Double? = nil

    var duration: Double { end - start }

    /// The SMIL timing attributes of every animation of the played span.
    var timing: [(String, String)] {
        var result: [(String, String)] = []
        if let begin { result.append(("begin", begin)) }
        if let stop { result.append(("end", stop)) }
        result.append(("dur", durationText(duration) + "s"))
        result.append(loops ? ("repeatCount", "indefinite") : ("fill", "freeze"))
        return result
    }
}

/// What every animation of one played span shares, made once per played span rather than per animation: its
/// timing attributes as written, and the duration its key times are fractions of.
struct SpanTiming {
    let duration: Double
    /// `duration` as `dur` says it (see `appendKeyTimes`).
    let writtenDuration: Double
    /// ` begin="…" … dur="…s" repeatCount="indefinite"` (or `fill="freeze"`), escaped.
    let attributes: [UInt8]

    init(_ played: PlayedSpan) {
        duration = played.duration
        writtenDuration = ChoreoSVG.writtenDuration(played.duration)
        var bytes: [UInt8] = []
        for (name, value) in played.timing {
            bytes.append(UInt8(ascii: " "))
            bytes.append(contentsOf: name.utf8)
            bytes.append(UInt8(ascii: "="))
            bytes.append(UInt8(ascii: "\""))
            TextEscaping.appendXML(value, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        attributes = bytes
    }
}

/// The attribute an animation element moves: `<animate attributeName="NAME"` or
/// `<animateTransform attributeName="transform" type="TYPE"`.
enum AnimationTarget {
    case attribute(String)
    case transform(String)

    /// The element's start, up to its timing attributes (the names need no escaping).
    func appendHead(to out: inout [UInt8]) {
        switch self {
        case let .attribute(name):
            out.append(contentsOf: #"<animate attributeName=""#.utf8)
            out.append(contentsOf: name.utf8)
        case let .transform(type):
            out.append(contentsOf: #"<animateTransform attributeName="transform" type=""#.utf8)
            out.append(contentsOf: type.utf8)
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// Animation elements (`<animate …/>`, `<animateTransform …/>`), each written as one line of bytes
/// (without its indentation) when it is made, and copied later where its element's children go:
/// they are made before their element is written, since whether there are any decides the
/// element's attributes and a transform's `<g>` levels. No tree, no `String` per value.
struct AnimationList {
    private(set) var bytes: [UInt8] = []
    /// Where each element starts in `bytes`; each ends with its line break.
    private(set) var starts: [Int] = []

    var isEmpty: Bool { starts.isEmpty }

    var count: Int { starts.count }

    /// The bytes of the element at `index`, line break included.
    func element(_ index: Int) -> ArraySlice<UInt8> {
        bytes[starts[index]..<(index + 1 < starts.count ? starts[index + 1] : bytes.count)]
    }

    mutating func append(_ target: AnimationTarget, keyframes: SMILKeyframes, timing: SpanTiming) {
        // The element's size, near enough, so that it is copied once, not grown step by step.
        let size = 200 + timing.attributes.count + keyframes.values.bytes.count + (keyframes.keySplines?.bytes.count ?? 0)
            + keyframes.keyTimes.count * 8
        if bytes.count + size > bytes.capacity { bytes.reserveCapacity(max(bytes.count + size, 2 * bytes.capacity)) }
        starts.append(bytes.count)
        target.appendHead(to: &bytes)
        keyframes.appendAttributes(timing: timing, to: &bytes)
        bytes.append(UInt8(ascii: "/"))
        bytes.append(UInt8(ascii: ">"))
        bytes.append(UInt8(ascii: "\n"))
    }

    mutating func append(contentsOf other: AnimationList) {
        for start in other.starts { starts.append(bytes.count + start) }
        bytes.append(contentsOf: other.bytes)
    }
}

/// A shape's attribute after `d`: numbers and colours are kept as values and written straight into
/// the buffer, not made into `String`s first.
typealias ShapeAttribute = (String, AttributeValue)

enum AttributeValue {
    /// Text, escaped when written.
    case text(String)
    /// `formatNumber`'s digits.
    case number(Double)
    /// Numbers separated by spaces (a dash pattern).
    case numbers([Double])
    case color(RGBA)
    case opacity(Double)

    func write(_ name: String, into out: inout MarkupWriter) {
        switch self {
        case let .text(text): out.attribute(name, text)
        case let .number(value): out.attribute(name, number: value)
        case let .numbers(values):
            out.attribute(name) { bytes in
                for (index, value) in values.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: " ")) }
                    appendSVGNumber(value, to: &bytes)
                }
            }
        case let .color(color): out.attribute(name) { appendSVGColor(color, to: &$0) }
        case let .opacity(alpha): out.attribute(name) { appendSVGOpacity(alpha, to: &$0) }
        }
    }
}
