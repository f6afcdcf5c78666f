import ChoreoDiagnostics
import ChoreoJSON
import ChoreoSceneModel
import ChoreoTimeline

/// Something a timeline does to one property at one instant.
private enum TimelineAction {
    /// The property becomes this value at once (a keyframe track before its first keyframe).
    case jump(PropertyValue)
    /// A tween or the motion into a keyframe; `relative` targets are added to the starting value.
    case motion(duration: Double, easing: EasingSpec, target: PropertyValue, relative: Bool, spatial: SpatialTangents? = nil)
}

private struct TimelineEvent {
    var time: Double
    var sequence: Int
    var action: TimelineAction
}

/// The tracks one timeline gives the properties it animates, on the timeline's own clock (0 = its
/// start). A property it does not animate has no track here: it holds its start value.
struct SimulatedTimeline {
    var tracks: [PropertyKey: PropertyTrack]
}

/// Runs a timeline's tweens and keyframes property by property (contract §5).
///
/// `startValue` is each property's value when the timeline starts (the initial pose).
/// `contentLength` is how long the timeline plays: its duration rounded to whole frames, which
/// for loops is the cycle. Non-looping timelines get one more frame holding their end.
func simulateTimeline(
    _ timeline: SceneTimeline, keys: [PropertyKey], contentLength: Double, frameLength: Double,
    startValue: (PropertyKey) -> PropertyValue, tolerance: (PropertyKey) -> Double,
    springs: SpringBakery = SpringBakery(), diagnostics: inout DiagnosticBag
) -> SimulatedTimeline {
    var eventsByKey: [PropertyKey: [TimelineEvent]] = [:]
    var sequence = 0
    // Keyframes first, so that a tween written for the same instant takes over from them.
    for key in timeline.keyframes.keys.sorted() {
        let keyframes = timeline.keyframes[key]!.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
            .map(\.element)
        guard let first = keyframes.first else { continue }
        eventsByKey[key, default: []].append(TimelineEvent(time: 0, sequence: sequence, action: .jump(first.value)))
        sequence += 1
        for (previous, next) in zip(keyframes, keyframes.dropFirst()) {
            let spatial = previous.pathOut != nil || next.pathIn != nil
                ? SpatialTangents(out: previous.pathOut ?? .zero, in: next.pathIn ?? .zero) : nil
            let action = TimelineAction.motion(
                duration: next.at - previous.at, easing: next.easing, target: next.value, relative: false, spatial: spatial)
            eventsByKey[key, default: []].append(TimelineEvent(time: previous.at, sequence: sequence, action: action))
            sequence += 1
        }
    }
    for tween in timeline.tweens {
        for key in tween.values.keys.sorted() {
            let action = TimelineAction.motion(
                duration: effectiveDuration(tween.timing, springs: springs), easing: tween.timing.easing, target: tween.values[key]!,
                relative: tween.relative)
            eventsByKey[key, default: []].append(
                TimelineEvent(time: tween.at + tween.timing.delay, sequence: sequence, action: action))
            sequence += 1
        }
    }
    let relativeKeys = Set(timeline.tweens.filter(\.relative).flatMap(\.values.keys))

    var tracks: [PropertyKey: PropertyTrack] = [:]
    var seamJumps: [String] = []
    var springsCut = false
    var simulated = SimulatedTracks()

    /// The property's last motion when it is a spring that has not settled when the cycle ends:
    /// a spring lasts until it settles, past its keyframe's time, and the loop's restart cuts it
    /// off, so the seam jumps though every value written agrees.
    func springCutAtSeam(_ events: [TimelineEvent]) -> (start: Double, settled: Double)? {
        guard let last = events.max(by: { ($0.time, $0.sequence) < ($1.time, $1.sequence) }),
            case let .motion(_, .spring(response, dampingFraction), _, _, _) = last.action
        else { return nil }
        let settled = last.time + springs.settlingDuration(SpringCurve(response: response, dampingFraction: dampingFraction))
        return settled > contentLength + timeEpsilon ? (last.time, settled) : nil
    }

    /// Keeps the steady cycle of a looping property, noting a jump at its seam.
    func reportSeam(of cycle: PropertyTrack, _ key: PropertyKey, tolerance: Double, events: [TimelineEvent]) {
        let atStart = cycle.value(at: 0), atEnd = cycle.value(at: contentLength)
        let gap: Double
        if key.property == .rotation, let a = atStart.asDouble, let b = atEnd.asDouble {
            gap = angleDifference(a, b)
        } else {
            gap = atStart.distance(to: atEnd)
        }
        if gap > tolerance {
            var jump = "\(key) is \(atEnd.diagnosticText) at the end and \(atStart.diagnosticText) at the start"
            if let cut = springCutAtSeam(events) {
                springsCut = true
                jump += ", because the spring it moves on from \(seconds(cut.start)) settles only at \(seconds(cut.settled)), after the cycle ends at \(seconds(contentLength))"
            }
            seamJumps.append(jump)
        }
        tracks[key] = cycle
    }
    // Only the keys with events: most of a large scene's animated properties are not in a given
    // timeline, and a track that holds its start value is built by the caller when needed.
    for key in keys {
        guard let events = eventsByKey[key], !events.isEmpty else { continue }
        let start = startValue(key)
        let tolerance = tolerance(key)
        let isRotation = key.property == .rotation
        let relative = relativeKeys.contains(key)
        let memo = SimulatedTracks.key(
            events, start: start, tolerance: tolerance, flags: [timeline.loop, isRotation, relative])
        if !timeline.loop {
            if let memo, let track = simulated.tracks[memo] {
                tracks[key] = track
                continue
            }
            let played = run(events, cycles: 1, period: contentLength, from: start, tolerance: tolerance, springs: springs)
            tracks[key] = played.window(from: 0, to: contentLength).normalized(end: contentLength + frameLength)
            if let memo, let track = tracks[key] { simulated.remember(track, for: memo) }
            continue
        }
        if let memo, let cycle = simulated.tracks[memo] {
            reportSeam(of: cycle, key, tolerance: tolerance, events: events)
            continue
        }
        // The steady state: run cycles until the last two agree (rotations modulo a turn).
        var cycles = 3
        var cycle = PropertyTrack(start)
        while true {
            let played = run(
                events, cycles: cycles, period: contentLength, from: start, tolerance: tolerance, springs: springs)
            let period = contentLength
            cycle = played.window(from: Double(cycles - 1) * period, to: Double(cycles) * period)
            let previous = played.window(from: Double(cycles - 2) * period, to: Double(cycles - 1) * period)
            if cycles >= 12 || agree(cycle, previous, length: period, tolerance: tolerance, modTurn: isRotation) { break }
            cycles += 1
        }
        if isRotation, relative, let from = cycle.initial.asDouble, let base = start.asDouble {
            let turns = ((from - base) / 360 + 1e-9).rounded(.down)
            cycle = cycle.shiftedByTurns(-turns)
        }
        cycle = cycle.normalized(end: contentLength)
        if let memo { simulated.remember(cycle, for: memo) }
        reportSeam(of: cycle, key, tolerance: tolerance, events: events)
    }

    if let first = seamJumps.first {
        let more = seamJumps.count > 1 ? " (and \(seamJumps.count - 1) more)" : ""
        diagnostics.warning(
            .loopSeam, "looping timeline '\(timeline.name)' jumps at its seam: \(first)\(more)", at: timeline.range,
            notes: seamJumps.dropFirst().map { Note($0, at: nil) },
            help: springsCut
                ? "a spring keeps moving until it settles, past its keyframe's time, and the loop cuts it off: let it settle before the cycle ends (an earlier keyframe, a longer timeline or a quicker spring), or ease into the last keyframe with a curve that ends on time (ease-out, cubic-bezier)"
                : "end the cycle on the values it starts with; to jump back on purpose, add a keyframe at the timeline's end with the start value and 'easing: hold'; or set 'loop: false'")
    }
    return SimulatedTimeline(tracks: tracks)
}

/// The tracks one timeline's simulation already made, by everything they depend on: the events
/// (their times, actions and order: the order of their sequence numbers, which only break ties, is
/// their order in the list), the start value, the baking tolerance and whether the timeline loops,
/// the property is a rotation and its tweens are relative. Many properties of a large scene play
/// the same keyframes from the same value; each such track is simulated once. Numbers, points and
/// easings are compared by their bits (a -0 is not a 0); a property with any other value is not
/// remembered, nor more than `capacity` tracks.
private struct SimulatedTracks {
    static let capacity = 1024
    private(set) var tracks: [[UInt64]: PropertyTrack] = [:]

    mutating func remember(_ track: PropertyTrack, for key: [UInt64]) {
        guard tracks.count < Self.capacity else { return }
        tracks[key] = track
    }

    static func key(_ events: [TimelineEvent], start: PropertyValue, tolerance: Double, flags: [Bool]) -> [UInt64]? {
        var words = flags.map { $0 ? 1 : 0 } as [UInt64]
        words.append(tolerance.bitPattern)
        func add(_ value: PropertyValue) -> Bool {
            switch value {
            case let .number(x): words += [0, x.bitPattern, 0]
            case let .point(p): words += [1, p.x.bitPattern, p.y.bitPattern]
            default: return false
            }
            return true
        }
        func add(_ easing: EasingSpec) {
            switch easing {
            case .linear: words.append(0)
            case let .cubic(a, b, c, d): words += [1, a.bitPattern, b.bitPattern, c.bitPattern, d.bitPattern]
            case .hold: words.append(2)
            case let .steps(count): words += [3, UInt64(bitPattern: Int64(count))]
            case let .piecewise(points): words += [5, UInt64(points.count)] + points.flatMap { [$0.x.bitPattern, $0.y.bitPattern] }
            case let .spring(response, damping): words += [4, response.bitPattern, damping.bitPattern]
            }
        }
        guard add(start) else { return nil }
        for event in events {
            words.append(event.time.bitPattern)
            switch event.action {
            case let .jump(value):
                words.append(0)
                guard add(value) else { return nil }
            case let .motion(duration, easing, target, relative, spatial):
                words += [1, duration.bitPattern, relative ? 1 : 0]
                if let spatial {
                    words += [2, spatial.out.x.bitPattern, spatial.out.y.bitPattern, spatial.in.x.bitPattern, spatial.in.y.bitPattern]
                }
                add(easing)
                guard add(target) else { return nil }
            }
        }
        return words
    }
}

/// `0.5s`, `1.357s`: a time for messages.
private func seconds(_ value: Double) -> String { formatNumber(value, decimals: 3) + "s" }

/// Plays `events` for `cycles` repetitions of `period`, each event at its time plus the cycle's start.
private func run(
    _ events: [TimelineEvent], cycles: Int, period: Double, from start: PropertyValue, tolerance: Double,
    springs: SpringBakery
) -> PropertyTrack {
    var timed: [(time: Double, cycle: Int, event: TimelineEvent)] = []
    for cycle in 0..<cycles {
        for event in events { timed.append((event.time + Double(cycle) * period, cycle, event)) }
    }
    timed.sort {
        if abs($0.time - $1.time) > timeEpsilon { return $0.time < $1.time }
        return ($0.cycle, $0.event.sequence) < ($1.cycle, $1.event.sequence)
    }
    var track = PropertyTrack(start)
    for item in timed {
        switch item.event.action {
        case let .jump(value):
            track.jump(to: value, at: item.time)
        case let .motion(duration, easing, target, relative, spatial):
            let begin = track.cutValue(at: item.time)
            track.animate(
                at: item.time, duration: duration, easing: easing, to: relative ? begin.adding(target) : target,
                tolerance: tolerance, springs: springs, spatial: spatial)
        }
    }
    return track
}

private func agree(_ a: PropertyTrack, _ b: PropertyTrack, length: Double, tolerance: Double, modTurn: Bool) -> Bool {
    let samples = 64
    for k in 0...samples {
        let t = length * Double(k) / Double(samples)
        let x = a.value(at: t), y = b.value(at: t)
        if modTurn, let p = x.asDouble, let q = y.asDouble {
            if angleDifference(p, q) > tolerance { return false }
        } else if x.distance(to: y) > tolerance {
            return false
        }
    }
    return true
}

extension PropertyTrack {
    /// The value at `time` as a motion starting then sees it: after any jump recorded at `time`.
    func cutValue(at time: Double) -> PropertyValue {
        var copy = self
        copy.cut(at: time)
        return copy.value(at: time)
    }
}
