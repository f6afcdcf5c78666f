import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline

// MARK: Jumps out of played timelines

/// A plain Lottie player has no state machine: an app leaves a state by seeking the transition's
/// marker, whose first frame is the state's pose. Where the state plays a timeline (once, looping
/// or bound to an input), what is on screen when the app leaves can be far from that pose, and
/// the seek jumps (contract §21). One warning per transition out of such a state, naming the
/// node that jumps furthest, when that is more than a pixel (a percent of scale or opacity, a
/// degree of rotation) at some frame of the timeline.
func jumpFindings(_ target: PlayerTarget, timeline: Timeline, locator: SourceLocator) -> [TargetFinding] {
    guard target != .web, let machine = timeline.stateMachine else { return [] }
    var nodes: [Node] = []
    func collect(_ node: Node) {
        nodes.append(node)
        if case let .group(children) = node.content { children.forEach(collect) }
    }
    timeline.layers.forEach(collect)
    var findings: [TargetFinding] = []
    for state in machine.states {
        guard let play = state.play, let played = timeline.span(named: play.span) else { continue }
        let frames = max(1, Int(((played.end - played.start) * timeline.fps).rounded()))
        for transition in machine.transitions(from: state.name) where !transition.isAction {
            guard let leaving = timeline.span(named: transition.span) else { continue }
            // `exit: cycle-end` leaves from the loop's seam, its first frame.
            let seam = transition.exit == .cycleEnd && play.loops
            var worst: (node: String, what: String, size: Double)?
            for node in nodes {
                guard let jump = largestJump(node.transform, over: played, frames: seam ? 0 : frames, to: leaving.start) else { continue }
                if worst.map({ jump.size > $0.size }) ?? true { worst = (node.id, jump.what, jump.size) }
            }
            guard let worst else { continue }
            let how = play.bind != nil ? "follows an input on" : play.loops ? "loops" : "plays"
            findings.append(TargetFinding(
                rule: .lottieJump,
                message: "'\(transition.name)' leaves state '\(state.name)', which \(how) a timeline; "
                    + "a \(target.rawValue) app seeks its marker, which starts from the state's pose, so '\(worst.node)' jumps \(worst.what)",
                range: locator.spanCrossing(leaving.start + 1e-6, in: timeline),
                help: "the dotLottie and the interactive SVG start from what is on screen; for plain Lottie, end the timeline on the pose"
                    + (play.loops && play.bind == nil ? ", or leave with `exit: cycle-end`" : "")))
        }
    }
    return findings
}

/// How far a node's transform is, at some frame of `span`, from where it is at `time`, when that
/// is visible: more than 1 px, 1 % of scale or opacity, or 1° of rotation.
private func largestJump(_ transform: Transform, over span: Span, frames: Int, to time: Double) -> (what: String, size: Double)? {
    func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
    let position = transform.position.value(at: time), offset = transform.offset.value(at: time)
    let scale = transform.scale.value(at: time), rotation = transform.rotation.value(at: time)
    let opacity = transform.opacity.value(at: time)
    var worst: (what: String, size: Double)?
    func consider(_ what: String, _ size: Double) {
        if worst.map({ size > $0.size }) ?? true { worst = (what, size) }
    }
    for frame in 0...frames {
        let t = frames == 0 ? span.start : min(span.start + Double(frame) / Double(frames) * (span.end - span.start), span.end)
        let moved = distance(transform.position.value(at: t) + transform.offset.value(at: t), position + offset)
        if moved > 1 { consider("\(formatted(moved)) px", moved) }
        let scaled = distance(transform.scale.value(at: t), scale)
        if scaled > 0.01 { consider("\(formatted(scaled * 100)) % in scale", scaled * 100) }
        let turned = abs(transform.rotation.value(at: t) - rotation)
        if turned > 1 { consider("\(formatted(turned))° in rotation", turned) }
        let faded = abs(transform.opacity.value(at: t) - opacity)
        if faded > 0.01 { consider("\(formatted(faded * 100)) % in opacity", faded * 100) }
    }
    return worst
}

private func formatted(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}
