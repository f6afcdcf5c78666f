import ChoreoTimeline
import Testing

// The one walk over a node's tracks (`TrackWalk.swift`) and what is built on it: `isAnimated`,
// `frozen(at:)`, and the facts of each track (`TrackFacts.swift`).

private let moving = Animated(0.5, segments: [Segment(start: 0, end: 1, from: 0.5, to: 1, easing: .linear)])

/// A shape with a track in every place a node can have one: a position on two axes, a gradient
/// fill, a stroke, a trim, a clip, a mask, a blur and a shadow.
private func everyTrack(animating place: TrackPlace? = nil) -> Node {
    func number(_ here: TrackPlace, _ value: Double = 0.5) -> Animated<Double> {
        here == place ? moving : Animated(value)
    }
    func point(_ here: TrackPlace) -> Animated<Point> {
        here == place ? Animated(.zero, segments: [Segment(start: 0, end: 1, from: .zero, to: Point(1, 1), easing: .linear)]) : Animated(.zero)
    }
    func color(_ here: TrackPlace) -> Animated<RGBA> {
        here == place ? Animated(.black, segments: [Segment(start: 0, end: 1, from: .black, to: RGBA(1, 0, 0), easing: .linear)]) : Animated(.black)
    }
    let stops = GradientStops([GradientStop(0, .black), GradientStop(1, RGBA(1, 1, 1))])
    let stopsTrack = place == .fill(.stops)
        ? Animated(stops, segments: [Segment(start: 0, end: 1, from: stops, to: GradientStops([GradientStop(0, .black), GradientStop(1, .black)]), easing: .linear)])
        : Animated(stops)
    func transform(_ wrap: (TrackPlace.TransformTrack) -> TrackPlace, axes: Bool = false) -> Transform {
        Transform(
            anchor: point(wrap(.anchor)), position: point(wrap(.position)), rotation: number(wrap(.rotation)),
            scale: point(wrap(.scale)), offset: point(wrap(.offset)), opacity: number(wrap(.opacity)),
            axes: axes ? PositionAxes(x: number(wrap(.positionX)), y: number(wrap(.positionY))) : nil)
    }
    var style = Style(fill: .linearGradient(from: point(.fill(.from)), to: point(.fill(.to)), stops: stopsTrack))
    style.stroke = Stroke(paint: .color(color(.stroke(.color))), width: number(.strokeWidth))
    style.trim = Trim(start: number(.trim(.start)), end: number(.trim(.end)), offset: number(.trim(.offset)))
    var node = Node(
        id: "n", transform: transform({ .transform($0) }, axes: true),
        content: .shape(.rect(size: point(.geometry(.size)), cornerRadius: number(.geometry(.cornerRadius))), style),
        clip: ClipShape(geometry: .ellipse(size: point(.clipGeometry(.size))), transform: transform { .clipTransform($0) }))
    node.masks = [Mask(
        geometry: .ellipse(size: point(.maskGeometry(.size))), transform: transform { .maskTransform($0) }, mode: .add,
        expand: number(.maskExpand), inverted: false)]
    node.effects = Effects(
        blur: number(.blur), shadow: Shadow(color: color(.shadow(.color)), offset: point(.shadow(.offset)), blur: number(.shadow(.blur))))
    return node
}

private struct PlaceRecorder: TrackVisitor {
    var places: [TrackPlace] = []
    mutating func visit<Value: Interpolatable>(_ track: Animated<Value>, at place: TrackPlace) { places.append(place) }
}

private func places(of node: Node) -> [TrackPlace] {
    var recorder = PlaceRecorder()
    node.visitOwnTracks(&recorder)
    return recorder.places
}

@Test func theWalkVisitsEveryTrackOnceInItsOrder() {
    let transform = TrackPlace.TransformTrack.allCases
    // A clip's and a mask's position is one track.
    let oneTrack = transform.filter { $0 != .positionX && $0 != .positionY }
    let expected: [TrackPlace] =
        transform.map { .transform($0) } + [.clipGeometry(.size)] + oneTrack.map { .clipTransform($0) }
        + [.maskGeometry(.size)] + oneTrack.map { .maskTransform($0) } + [.maskExpand]
        + [.blur, .shadow(.color), .shadow(.offset), .shadow(.blur), .geometry(.size), .geometry(.cornerRadius)]
        + [.fill(.from), .fill(.to), .fill(.stops), .stroke(.color), .strokeWidth, .trim(.start), .trim(.end), .trim(.offset)]
    #expect(places(of: everyTrack()) == expected)
}

@Test func aNodeIsAnimatedWhenAnyOneOfItsTracksIs() {
    let still = everyTrack()
    #expect(!still.isAnimated)
    for place in places(of: still) {
        #expect(everyTrack(animating: place).isAnimated, "\(place)")
    }
    // A group is animated by its children.
    let group = Node(id: "g", transform: .identity, content: .group([everyTrack(animating: .trim(.end))]))
    #expect(group.isAnimated)
}

@Test func aFrozenNodeHoldsEveryTrackAtTheInstant() {
    for place in places(of: everyTrack()) {
        let node = everyTrack(animating: place)
        let frozen = node.frozen(at: 0.5)
        #expect(!frozen.isAnimated, "\(place)")
        #expect(frozen.source == node.source && frozen.id == node.id)
        // The moving value is frozen halfway, every other one is kept.
        #expect(frozen == everyTrack(animating: place).rewritingOwnTracks(Freezer(time: 0.5)), "\(place)")
    }
    if case let .shape(_, style) = everyTrack(animating: .strokeWidth).frozen(at: 0.5).content {
        #expect(style.stroke?.width == Animated(0.75))
    } else {
        Issue.record("not a shape")
    }
}

private struct Freezer: TrackRewriter {
    let time: Double
    func rewrite<Value: Interpolatable>(_ track: Animated<Value>, at place: TrackPlace) -> Animated<Value> {
        Animated(track.value(at: time))
    }
}

@Test func theBoundedTracksAreTheOnesTheContractBounds() {
    let bounded = places(of: everyTrack()).filter { $0.drawableRange != nil }
    #expect(bounded == [.transform(.opacity), .clipTransform(.opacity), .maskTransform(.opacity), .blur, .shadow(.color), .shadow(.blur), .geometry(.cornerRadius), .fill(.stops), .stroke(.color), .strokeWidth, .trim(.start), .trim(.end)])
    #expect(TrackPlace.transform(.opacity).drawableRange == 0...1)
    #expect(TrackPlace.strokeWidth.drawableRange == 0...Double.infinity)
    #expect(TrackPlace.clipGeometry(.cornerRadius).drawableRange == TrackPlace.geometry(.cornerRadius).drawableRange)
}

@Test func onlyColoursOpacityAndStrokeWidthsAreThemable() {
    let themable = places(of: everyTrack()).compactMap { place in place.themeSlotName.map { (place, $0) } }
    #expect(themable.map(\.1) == ["opacity", "stroke", "stroke-width"])
    #expect(TrackPlace.fill(.color).themeSlotName == "fill")
}
