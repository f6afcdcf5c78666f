/// When a transition out of a state that loops a timeline starts (`exit:`, contract §16).
public enum LoopExit: String, Sendable, CaseIterable, Equatable {
    /// At once, from wherever the loop is.
    case now
    /// When the running cycle of the loop ends, so the transition starts from the loop's seam,
    /// which is the state's pose: nothing pops in any output.
    case cycleEnd = "cycle-end"

    /// The instant a transition with this exit starts, for a trigger at `time` in a loop that
    /// began at `begin` and lasts `duration` per cycle: `time` itself, or the next cycle boundary
    /// (`time` when it falls on one, within a microsecond).
    public func start(at time: Double, loopBegan begin: Double, cycle duration: Double) -> Double {
        guard self == .cycleEnd, duration > 0, time > begin else { return time }
        let cycles = (time - begin) / duration
        let done = cycles.rounded(.down)
        if (cycles - done) * duration < 1e-6 { return begin + done * duration }
        return begin + (done + 1) * duration
    }
}
