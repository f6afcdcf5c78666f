import ChoreoTimeline

/// The names the outputs give a scene's transitions and played timelines: the names of their
/// spans, Lottie markers, dotLottie states and app API cases. No two spans share a name, since an
/// output addresses each by it; a state keeps its own name, so a name is made longer only where it
/// would meet another.
extension Scene {
    /// The span name of each transition, in file order: `FROM->TO`. Where several transitions
    /// lead from one state to the same other, the one without `on:` keeps `FROM->TO` (the app
    /// fires it by that name) and each of the others is `FROM->TO on TRIGGER`; a name still
    /// shared (guarded alternatives on one trigger) gets ` #2`, ` #3`, … in file order, the
    /// unguarded transition keeping the shortest name.
    public func transitionSpanNames() -> [String] {
        var pairCount: [String: Int] = [:]
        for transition in transitions { pairCount[Scene.pairName(transition), default: 0] += 1 }
        let bases = transitions.map { transition -> String in
            let pair = Scene.pairName(transition)
            guard pairCount[pair, default: 0] > 1, transition.trigger != .programmatic else { return pair }
            return "\(pair) on \(transition.trigger.rawValue)"
        }
        // Unguarded transitions claim their names first, so a guarded alternative written before
        // them never takes the name an app fires or plays.
        let claimOrder = transitions.indices.filter { transitions[$0].guardCondition == nil }
            + transitions.indices.filter { transitions[$0].guardCondition != nil }
        var names = bases
        var taken: [String: Int] = [:]
        for index in claimOrder {
            let base = bases[index]
            let count = taken[base, default: 0] + 1
            taken[base] = count
            if count > 1 { names[index] = "\(base) #\(count)" }
        }
        return names
    }

    /// The span name of a played timeline: the timeline's name for the first state that plays it
    /// (or none), `TIMELINE@STATE` for the others, and always `TIMELINE@STATE` where the timeline
    /// has a state's name (`STATE` being the state it plays on top of: a timeline no state plays
    /// runs on top of the initial state).
    public func timelineSpanName(_ timeline: String, playedBy state: String?, first: Bool, stateNames: [String: Int]) -> String {
        let owner = state ?? initial ?? states.first?.name
        guard let owner, !first || stateNames[timeline] != nil else { return timeline }
        return "\(timeline)@\(owner)"
    }

    private static func pairName(_ transition: SceneTransition) -> String { "\(transition.from)->\(transition.to)" }
}
