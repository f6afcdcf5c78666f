import ChoreoTimeline
import Testing

@testable import ChoreoScene
@testable import ChoreoSceneModel

// Each animatable property's IR track (`Property.track`), where the facts the back half shares with
// the property table live (`TrackFacts.swift`).

@Test func everyAnimatableKeyIsATrackOfTheIR() {
    // A map (`stroke`, `trim`, `clip`, …) is animated through its keys.
    let animatable = Property.allCases.filter { property in
        if case .never = property.descriptor.animatable { return false }
        return property.children.isEmpty
    }
    // A motion path's progress is lowered into the position track (the path's motion).
    for property in animatable where property.track == nil && property != .motionPathAt {
        Issue.record("\(property.path) is animatable but lowered into no IR track")
    }
}

@Test func theTableTakesItsDrawableRangesFromTheTracks() {
    let bounded = Property.allCases.filter { $0.descriptor.drawableRange != nil }.map(\.path)
    #expect(bounded == [
        "opacity", "corner-radius", "fill", "fill.radius", "fill.stops", "stroke.color", "stroke.width", "trim.start", "trim.end",
        "clip.corner-radius", "blur", "shadow.color", "shadow.blur",
    ])
    for property in Property.allCases {
        #expect(property.descriptor.drawableRange == property.track?.drawableRange, "\(property.path)")
    }
}
