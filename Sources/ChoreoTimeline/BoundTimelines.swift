/// Played timelines bound to a number input (`play: {timeline: NAME, bind: INPUT}`, contract §17):
/// the timeline does not play; its position follows the input, the input's range laid over the
/// timeline from its first frame to its last. Every output (the interactive SVG's runtime,
/// dotLottie's `SetFrame`, `snapshot --input`) maps a value to the same frame through these.
extension StateMachine {
    /// How far along its bound timeline a value of the input puts the state: 0 at the range's low
    /// end, 1 at its high end, a value outside the range held at the nearer end. Nil when the
    /// state's timeline is not bound or its input has no range.
    public func boundFraction(of state: String, values: [String: InputValue]) -> Double? {
        guard let input = self.state(named: state)?.play?.bind,
            let range = inputs.first(where: { $0.name == input })?.range
        else { return nil }
        let value: Double
        if case let .number(number)? = values[input] { value = number } else { value = range.lowerBound }
        return StateMachine.fraction(value, across: range)
    }

    public static func fraction(_ value: Double, across range: ClosedRange<Double>) -> Double {
        guard range.upperBound > range.lowerBound else { return 0 }
        return min(max((value - range.lowerBound) / (range.upperBound - range.lowerBound), 0), 1)
    }
}

extension Timeline {
    /// The length a bound timeline's position runs over, from its span's first frame to its last:
    /// a timeline played once ends with one frame that holds its last value.
    public func boundLength(of span: Span) -> Double {
        max(0, span.end - span.start - 1 / fps)
    }

    /// The instant a state shows once it rests with these input values: its pose, or, for a state
    /// whose played timeline is bound to an input, that timeline at the input's position.
    public func restTime(ofState name: String, values: [String: InputValue]) -> Double? {
        guard let machine = stateMachine, let state = machine.state(named: name), let pose = span(named: state.pose) else { return nil }
        guard let play = state.play, play.bind != nil, let played = span(named: play.span),
            let fraction = machine.boundFraction(of: name, values: values)
        else { return pose.start }
        return played.start + fraction * boundLength(of: played)
    }
}
