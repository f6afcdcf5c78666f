import ChoreoJSON
import ChoreoTimeline

/// A state whose played timeline is bound to a number input (`bind:`) in dotlottie-rs's dialect,
/// which has no binding, only `SetFrame` from a Numeric input and arithmetic actions on inputs:
///
/// - the state shows the timeline's segment paused (no autoplay);
/// - its entry actions work out the frame in a hidden Numeric input `bind:STATE:frame`
///   (`SetNumeric` from the bound input, `Multiply`, `Increment`, a `Clamp` to the segment's
///   first and last frame), `SetFrame` to it, and copy the bound input into `bind:STATE:shown`;
/// - its first transition goes back to itself while the bound input differs from
///   `bind:STATE:shown`: dotlottie-rs evaluates the state's transitions on every input write,
///   and a state's own transition to itself exits and re-enters it, running the entry actions
///   again, so the frame follows each value the app sets.
/// The hidden names have `:` in them, which no scene name has, so they never meet a scene input.
extension DotLottie {
    static func boundFrameInput(_ state: String) -> String { "bind:\(state):frame" }
    static func boundShownInput(_ state: String) -> String { "bind:\(state):shown" }

    /// The first and last frame of a bound segment, and the input's range laid over them.
    static func boundFrames(of play: StateMachine.Play, in timeline: Timeline) -> (first: Int, last: Int)? {
        guard let span = timeline.span(named: play.span) else { return nil }
        let frames = timeline.frames(of: span)
        return (frames.start, max(frames.start, frames.end - 1))
    }

    static func boundEntryActions(state: String, play: StateMachine.Play, machine: StateMachine, timeline: Timeline) -> [JSONValue] {
        guard let input = play.bind, let range = machine.inputs.first(where: { $0.name == input })?.range,
            let frames = boundFrames(of: play, in: timeline)
        else { return [] }
        let frame = boundFrameInput(state)
        let width = range.upperBound - range.lowerBound
        let scale = width > 0 ? Double(frames.last - frames.first) / width : 0
        let offset = Double(frames.first) - range.lowerBound * scale
        var actions: [JSONValue] = [
            .object([("type", "SetNumeric"), ("inputName", .string(frame)), ("value", .string("$" + input))]),
            .object([("type", "Multiply"), ("inputName", .string(frame)), ("value", .number(scale))]),
        ]
        // `Increment` without a value adds 1, so an offset of 0 is left out rather than written.
        if offset != 0 {
            actions.append(.object([("type", "Increment"), ("inputName", .string(frame)), ("value", .number(offset))]))
        }
        actions += [
            .object([
                ("type", "Clamp"), ("inputName", .string(frame)), ("min", .int(frames.first)), ("max", .int(frames.last)),
            ]),
            .object([("type", "SetFrame"), ("value", .string("$" + frame))]),
            .object([("type", "SetNumeric"), ("inputName", .string(boundShownInput(state))), ("value", .string("$" + input))]),
        ]
        return actions
    }

    /// The transition back to the state while the input differs from the value it shows.
    static func boundFollowTransition(state: String, input: String) -> JSONValue {
        .object([
            ("type", "Transition"), ("toState", .string(state)),
            ("guards", [.object([
                ("type", "Numeric"), ("conditionType", "NotEqual"), ("inputName", .string(input)),
                ("compareTo", .string("$" + boundShownInput(state))),
            ])]),
        ])
    }

    /// The hidden inputs of every bound state, in state order.
    static func boundInputs(_ machine: StateMachine) -> [JSONValue] {
        machine.states.filter { $0.play?.bind != nil && !hasComplete($0.name, machine) }.flatMap { state in
            [boundFrameInput(state.name), boundShownInput(state.name)].map {
                JSONValue.object([("type", "Numeric"), ("name", .string($0)), ("value", .number(0))])
            }
        }
    }

    /// A state with a `complete` transition is fully reached on entry and leaves at once, so its
    /// binding never shows; it plays its pose, as a looping state with one does.
    static func hasComplete(_ state: String, _ machine: StateMachine) -> Bool {
        machine.transition(from: state, on: .complete) != nil
    }
}
