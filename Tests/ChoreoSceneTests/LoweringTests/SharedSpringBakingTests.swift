import ChoreoDiagnostics
import Testing

@testable import ChoreoScene
@testable import ChoreoSceneLowering

/// A spring no other test uses, so the process-wide cache's counts are this test's alone.
private let unusualSpring = SpringCurve(response: 0.4137, dampingFraction: 0.3711)

private let sceneWithTheSpring = """
    choreo: 1
    size: [100, 100]
    layers:
      - {id: dot, shape: ellipse, radius: 10, position: [50, 50]}
    states:
      rest: {}
      moved: {dot: {rotation: 45deg, opacity: 0.5, offset: [4, -3]}}
    transitions:
      - {from: rest, to: moved, duration: 0.3s, easing: {spring: {response: 0.4137, damping-fraction: 0.3711}}}
    """

/// The output-work count, the baked-segment count and lowering each bake the scene's springs; a
/// language server lints the same springs on every edit. Each spring is fitted once per tolerance
/// in the process, whoever asks: a second compile fits nothing.
@Test func aSpringIsFittedOncePerToleranceInAProcess() {
    let file = SourceFile(path: "spring.yaml", text: sceneWithTheSpring)
    let first = compileScene(file)
    #expect(first.timeline != nil && first.diagnostics.isEmpty, "\(first.diagnostics)")
    let fitted = SharedSpringBaking.shared.missCount(of: unusualSpring)
    // The counts' finest tolerance, and one per property the spring moves (rotation, opacity,
    // offset) at most.
    #expect((1...4).contains(fitted))
    let second = compileScene(file)
    #expect(SharedSpringBaking.shared.missCount(of: unusualSpring) == fitted)
    #expect(second.timeline == first.timeline)
}

/// Sharing is only a cache: pieces found are the pieces a fresh bisection makes.
@Test func sharedPiecesAreAFreshBisections() {
    let spring = SpringCurve(response: 0.6173, dampingFraction: 0.5113)
    for tolerance in [0.5, 0.01, 0.1, 0.5] {
        #expect(SharedSpringBaking.shared.pieces(spring, tolerance: tolerance) == bakeSpring(spring, tolerance: tolerance))
    }
    #expect(SharedSpringBaking.shared.missCount(of: spring) == 3)
}

