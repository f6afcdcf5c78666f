import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline

/// `bind: INPUT` on a state's played timeline (contract §17): its position follows a number input
/// across the input's range, so the input must be a number with a range and the timeline must not
/// loop (a loop has no position to follow).
extension FrontendContext {
    func checkBindings(states: [SceneState], inputs: [MachineInput], timelines: [SceneTimeline]) {
        for state in states {
            guard let bind = state.playBind else { continue }
            guard let input = inputs.first(where: { $0.name == bind.input }) else {
                reportUnknownInput(bind.input, inputs: inputs, at: bind.range)
                continue
            }
            if input.kind != .number {
                error(.inputType, "'bind' follows a number input; '\(input.name)' is a \(input.kind.rawValue)", at: bind.range,
                      help: "bind the timeline to a number input with a range, such as {number: 0, range: [0, 1]}")
            } else if input.range == nil {
                error(.inputType, "'bind' lays the range of '\(input.name)' over the timeline, and '\(input.name)' has no range",
                      at: bind.range, help: "give the input a range: {number: \(literalText(input.initial)), range: [0, 1]}")
            }
            guard let timelineName = state.play, let timeline = timelines.first(where: { $0.name == timelineName }) else { continue }
            if state.playLoop ?? timeline.loop {
                error(.boundTimelineLoops,
                      "the timeline '\(timelineName)' that state '\(state.name)' binds to '\(bind.input)' loops, so it has no position for the input to follow",
                      at: bind.range, help: state.playLoop == true ? "remove 'loop: true' from the play" : "write 'loop: false' in the play")
            }
        }
    }
}
