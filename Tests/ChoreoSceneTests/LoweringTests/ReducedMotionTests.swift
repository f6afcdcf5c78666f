import ChoreoJSON
import ChoreoTimeline
import Testing

@testable import ChoreoScene

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
    // The Lottie's reduced-motion still: the initial pose.
    #expect(timeline.reducedMotionStill == timeline.span(named: "left")?.start)
}

@Test func aSceneWhoseEveryMotionPlaysAsUsualHasNoReducedMotionStill() throws {
    let same = slide.replacingOccurrences(of: "on: tap}", with: "on: tap, reduced-motion: same}")
        .replacingOccurrences(of: "reduced-motion: none", with: "reduced-motion: same")
    let timeline = try #require(frontendCompile(same).timeline)
    #expect(timeline.reducedMotionStill == nil)
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
