import ChoreoJSON
import ChoreoTimeline
import ChoreoTimelineJSON
import Testing

@testable import ChoreoScene
@testable import ChoreoSceneFrontend

private let slide = """
    choreo: 1
    size: [100, 40]
    layers:
      - {id: box, shape: rect, size: [20, 20], position: [20, 20]}
    states:
      left: {}
      right: {box: {position: [80, 20]}, play: wobble}
    timelines:
      wobble: {duration: 0.5s, reduced-motion: same, keyframes: {box.rotation: [{at: 0%, value: 0deg}, {at: 50%, value: 10deg}, {at: 100%, value: 0deg}]}}
    transitions:
      - {from: left, to: right, on: tap}
      - {from: right, to: left, on: tap, reduced-motion: none}
    """

@Test func reducedMotionIsFadeUnlessTheTransitionOrTimelineSaysOtherwise() throws {
    let compiled = frontendCompile(slide)
    #expect(compiled.diagnostics.isEmpty, "\(compiled.diagnostics)")
    let timeline = try #require(compiled.timeline)
    #expect(timeline.span(named: "left->right")?.reducedMotion == .fade)
    #expect(timeline.span(named: "right->left")?.reducedMotion == ReducedMotion.none)
    #expect(timeline.span(named: "wobble")?.reducedMotion == .same)
    let json = TimelineJSON.encode(timeline, pretty: false)
    #expect(json.contains(#""reducedMotion":"none""#) && json.contains(#""reducedMotion":"same""#))
    #expect(!json.contains(#""reducedMotion":"fade""#), "the default is not written")
    // No Lottie reduced-motion still for a scene with states: lottie-ios would play it instead of
    // every state's and transition's marker, holding the control in its initial pose.
    #expect(timeline.reducedMotionStill == nil)
}

private let pulse = """
    choreo: 1
    size: [100, 40]
    layers:
      - {id: dot, shape: ellipse, size: [20, 20], position: [50, 20]}
    timelines:
      pulse: {duration: 1s, loop: true, keyframes: {dot.scale: [{at: 0%, value: 1}, {at: 50%, value: 1.5}, {at: 100%, value: 1}]}}
    """

@Test func aSceneWithoutStatesRestsWhereItsTimelineRestsUnlessItPlaysAsUsual() throws {
    let looping = try #require(frontendCompile(pulse).timeline)
    let loop = try #require(looping.span(named: "pulse"))
    #expect(looping.reducedMotionStill == loop.start)
    let once = try #require(frontendCompile(pulse.replacingOccurrences(of: "loop: true", with: "loop: false")).timeline)
    let played = try #require(once.span(named: "pulse"))
    #expect(once.reducedMotionStill == played.end - 1 / once.fps, "a timeline played once rests on its last frame")
    let same = try #require(frontendCompile(pulse.replacingOccurrences(of: "loop: true", with: "loop: true, reduced-motion: same")).timeline)
    #expect(same.reducedMotionStill == nil)
}

@Test func editorsOfferTheReducedMotionValuesAndTheSchemaNamesThem() throws {
    #expect(SceneVocabulary.keys(.transition).contains("reduced-motion"))
    #expect(SceneVocabulary.keys(.timeline).contains("reduced-motion"))
    #expect(SceneVocabulary.enumValues(forKey: "reduced-motion").map(\.value) == ["fade", "none", "same"])
    for place in [ScenePlace.transition, .timeline] {
        let schema = try #require(SceneSchema.valueSchema(key: "reduced-motion", place: place))
        #expect(schema["enum"] == .array([.string("fade"), .string("none"), .string("same")]))
    }
}
