import ChoreoDiagnostics
import ChoreoJSON
import ChoreoLottie
import ChoreoRaster
import ChoreoSVG
import ChoreoScene
import ChoreoTimeline
import Foundation
import Testing

// Contract §22's layer keys (docs/scene-format.md §11) through the whole pipeline: the compiled
// timeline, the Lottie each player reads, the SVG and `choreo render`'s pixels.

private func compiled(_ text: String) throws -> Timeline {
    let compilation = compileScene(SourceFile(path: "t.yaml", text: text))
    let errors = compilation.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(errors.map(\.message))")
    return try #require(compilation.timeline)
}

private func lottie(_ timeline: Timeline) -> [String: Any] {
    let data = Data(LottieEmitter.emitBytes(timeline))
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
}

private func layers(_ document: [String: Any]) -> [[String: Any]] { document["layers"] as? [[String: Any]] ?? [] }

private func layer(_ document: [String: Any], named name: String) -> [String: Any]? {
    layers(document).first { $0["nm"] as? String == name }
}

/// The straight RGBA pixel of `choreo render` at a scene point.
private func pixel(_ timeline: Timeline, at time: Double, _ x: Int, _ y: Int) -> [UInt8] {
    let rasterizer = TimelineRasterizer(timeline: timeline, width: Int(timeline.width), height: Int(timeline.height))
    let pixels = rasterizer.render(at: time)
    let index = (y * Int(timeline.width) + x) * 4
    return Array(pixels[index..<index + 4])
}

@Suite struct LayerTraitTests {
    @Test func aPositionKeyframeWithSpatialTangentsTravelsTheCurveByArcLength() throws {
        let timeline = try compiled("""
            choreo: 1
            size: [200, 100]
            fps: 30
            layers:
              - {id: ball, shape: ellipse, radius: 4, position: [20, 80]}
            timelines:
              arc:
                duration: 1s
                keyframes:
                  ball.position:
                    - {at: 0s, value: [20, 80], path: {out: [0, -80]}}
                    - {at: 1s, value: [180, 80], path: {in: [0, -80]}}
            """)
        let position = timeline.layers[0].transform.position
        // The cubic (20,80) (20,0) (180,0) (180,80) is symmetric: half its length is its top.
        let middle = position.value(at: 0.5)
        #expect(abs(middle.x - 100) < 0.01 && abs(middle.y - 20) < 0.01)
        // Lottie: `to` on the first keyframe, `ti` relative to the second, as written.
        let document = lottie(timeline)
        let group = try #require((layers(document).first?["shapes"] as? [[String: Any]])?.first)
        let transform = try #require((group["it"] as? [[String: Any]])?.last)
        let keys = try #require((transform["p"] as? [String: Any])?["k"] as? [[String: Any]])
        #expect(keys.first?["to"] as? [Double] == [0, -80])
        #expect(keys.first?["ti"] as? [Double] == [0, -80])
        // The SVG moves in straight lines: one translation per frame, on the curve at each.
        let reel = SVGEmitter.animated(timeline)
        #expect(reel.contains("100 20"))
    }

    @Test func aMotionPathPlacesTheAnchorByFractionOfItsLengthAndOrientsAlongIt() throws {
        let timeline = try compiled("""
            choreo: 1
            size: [200, 100]
            layers:
              - {id: car, shape: rect, size: [20, 6], orient: auto, motion-path: {d: "M 20 50 L 180 50", at: 0}}
            timelines:
              drive:
                duration: 1s
                keyframes:
                  car.motion-path.at: [{at: 0s, value: 0}, {at: 1s, value: 1}]
            """)
        let transform = timeline.layers[0].transform
        #expect(transform.positionValue(at: 0.25) == Point(60, 50))
        #expect(transform.rotationValue(at: 0.25) == 0)
        let down = try compiled("""
            choreo: 1
            size: [200, 200]
            layers:
              - {id: car, shape: rect, size: [20, 6], orient: auto, motion-path: "M 100 20 L 100 180"}
            """)
        #expect(abs(down.layers[0].transform.rotationValue(at: 0) - 90) < 1e-9)
    }

    @Test func aParentMovesItsFollowerWithoutFadingItAndANullCarriesItInLottie() throws {
        let timeline = try compiled("""
            choreo: 1
            size: [100, 100]
            layers:
              - {id: arm, shape: rect, size: [20, 4], position: [20, 50], anchor: left, rotation: 90deg, opacity: 0.2}
              - {id: hand, shape: rect, size: [6, 6], position: [10, 0], parent: arm, fill: red}
            """)
        // The hand sits at the arm's right end (its rect spans -10…10 in its own coordinates, as
        // After Effects' layer space): turned 90°, 20 px below the arm's anchor, drawn at its own
        // full opacity.
        #expect(pixel(timeline, at: 0, 20, 70) == [255, 0, 0, 255])
        let document = lottie(timeline)
        let null = try #require(layer(document, named: "arm (parent)"))
        #expect(null["ty"] as? Int == 3)
        #expect(layer(document, named: "hand")?["parent"] as? Int == null["ind"] as? Int)
    }

    @Test func aWindowHidesTheNodeOutsideItAndIsTheLayersInAndOutPoints() throws {
        let timeline = try compiled("""
            choreo: 1
            size: [100, 100]
            fps: 30
            layers:
              - {id: flash, shape: rect, size: [100, 100], position: [50, 50], fill: red, visible: [0.5s, 1s]}
            timelines:
              run: {duration: 2s, keyframes: {flash.rotation: [{at: 0s, value: 0deg}, {at: 2s, value: 0deg}]}}
            """)
        #expect(pixel(timeline, at: 0.25, 50, 50)[3] == 0)
        #expect(pixel(timeline, at: 0.75, 50, 50) == [255, 0, 0, 255])
        #expect(pixel(timeline, at: 1.25, 50, 50)[3] == 0)
        let flash = try #require(layers(lottie(timeline)).first)
        #expect(flash["ip"] as? Double == 15)
        #expect(flash["op"] as? Double == 30)
    }

    @Test func masksCombineInOrderAndBecomeLottieMasksAndAnSVGMask() throws {
        let timeline = try compiled("""
            choreo: 1
            size: [100, 100]
            layers:
              - id: ring
                shape: rect
                size: [80, 80]
                position: [50, 50]
                fill: blue
                mask: [{shape: ellipse, radius: 30}, {shape: ellipse, radius: 10, mode: subtract}]
            """)
        #expect(pixel(timeline, at: 0, 50, 50)[3] == 0)
        #expect(pixel(timeline, at: 0, 30, 50) == [0, 0, 255, 255])
        #expect(pixel(timeline, at: 0, 12, 12)[3] == 0)
        let ring = try #require(layer(lottie(timeline), named: "ring"))
        let masks = try #require(ring["masksProperties"] as? [[String: Any]])
        #expect(masks.map { $0["mode"] as? String } == ["a", "s"])
        let snapshot = SVGEmitter.snapshot(timeline, at: 0)
        #expect(snapshot.contains("<mask"))
    }

    @Test func anExpansionWidensOrNarrowsWhatAMaskPaintsOnEitherSideOfZero() throws {
        let timeline = try compiled("""
            choreo: 1
            size: [100, 100]
            layers:
              - {id: card, shape: rect, size: [80, 80], position: [50, 50], fill: blue, mask: {id: hole, shape: ellipse, radius: 20, expand: 4}}
              - {id: frame, shape: rect, size: [80, 80], position: [50, 50], fill: red, mask: {shape: ellipse, radius: 20, inverted: true, expand: -5}}
            timelines:
              breathe:
                duration: 1s
                keyframes:
                  hole.expand: [{at: 0s, value: 4}, {at: 1s, value: -2}]
            """)
        let reel = SVGEmitter.animated(timeline)
        // Pushed out (a stroke of twice the expansion) until the expansion crosses zero at 2/3 s,
        // pulled in (a band cut along the outline) after: each exactly zero while the other acts
        // (the reel lasts a frame past the second, holding the end).
        #expect(reel.contains(#"dur="1.016667s" repeatCount="indefinite" calcMode="linear" keyTimes="0;0.65573;1" values="8;0;0""#))
        #expect(reel.contains(#"dur="1.016667s" repeatCount="indefinite" calcMode="linear" keyTimes="0;0.65573;0.9836;1" values="0;0;4;4""#))
        #expect(reel.contains(#"stroke-width="8" mask="url(#card-mask1-1-cut)""#))
        // Everything outside an inverted mask pulled in by 5 px: the outline's outside widened by
        // a stroke 10 px wide, and nothing cut.
        #expect(reel.contains(#"fill="white" fill-rule="evenodd" stroke="white" stroke-linejoin="round" stroke-width="10"/>"#))
        #expect(!reel.contains("frame-mask1-1-cut"))
        #expect(pixel(timeline, at: 0, 50, 50 - 17) == [255, 0, 0, 255], "inside the circle, within 5 px of its edge")
        #expect(pixel(timeline, at: 0, 50, 50 - 12) == [0, 0, 255, 255], "inside the circle pulled in")
    }

    @Test func aMatteShowsTheNodeWhereItsSiblingIsAndIsTheLayerAboveIt() throws {
        let timeline = try compiled("""
            choreo: 1
            size: [100, 100]
            layers:
              - {id: spot, shape: ellipse, radius: 20, position: [50, 50], fill: white}
              - {id: photo, shape: rect, size: [100, 100], position: [50, 50], fill: red, matte: {node: spot}}
            """)
        #expect(pixel(timeline, at: 0, 50, 50) == [255, 0, 0, 255])
        #expect(pixel(timeline, at: 0, 5, 5)[3] == 0)
        let list = layers(lottie(timeline))
        #expect(list.count == 2)
        #expect(list[0]["td"] as? Int == 1)
        #expect(list[1]["tt"] as? Int == 1)
        #expect(list[1]["nm"] as? String == "photo")
    }

    @Test func aBlendModeIsTheLayersAndTheSVGsAndCairosOwn() throws {
        let timeline = try compiled("""
            choreo: 1
            size: [100, 100]
            background: "#808080"
            layers:
              - {id: dark, shape: rect, size: [100, 100], position: [50, 50], fill: "#808080", blend: multiply}
            """)
        // 0.5 × 0.5: a quarter.
        let value = pixel(timeline, at: 0, 50, 50)
        #expect(abs(Int(value[0]) - 64) <= 2)
        #expect(layer(lottie(timeline), named: "dark")?["bm"] as? Int == 1)
        #expect(SVGEmitter.snapshot(timeline, at: 0).contains("mix-blend-mode:multiply"))
    }

    @Test func separateAxesMoveOnTheirOwnEasingsAndAreASplitPosition() throws {
        let timeline = try compiled("""
            choreo: 1
            size: [100, 100]
            layers:
              - {id: dot, shape: ellipse, radius: 4, position: [10, 10]}
            timelines:
              run:
                duration: 1s
                keyframes:
                  dot.position.x: [{at: 0s, value: 10}, {at: 1s, value: 90}]
                  dot.position.y: [{at: 0s, value: 10}, {at: 1s, value: 90, easing: hold}]
            """)
        let transform = timeline.layers[0].transform
        #expect(transform.positionValue(at: 0.5) == Point(50, 10))
        let dot = try #require(layer(lottie(timeline), named: "dot"))
        let position = try #require((dot["ks"] as? [String: Any])?["p"] as? [String: Any])
        #expect(position["s"] as? Bool == true)
    }

    @Test func aComponentIsPlacedOnceAndItsTimelineMovedByTheInstancesOffset() throws {
        let timeline = try compiled("""
            choreo: 1
            size: [100, 100]
            components:
              blip:
                layers:
                  - {id: dot, shape: ellipse, radius: 4}
                timelines:
                  run:
                    duration: 1s
                    keyframes:
                      dot.opacity: [{at: 0s, value: 0}, {at: 0.5s, value: 1}]
            layers:
              - {id: first, use: blip, position: [20, 50]}
              - {id: second, use: blip, position: [60, 50], time: {offset: 0.25s}}
            """)
        guard case let .group(first) = timeline.layers[0].content, case let .group(second) = timeline.layers[1].content else {
            Issue.record("an instance is a group")
            return
        }
        #expect(first.first?.id == "first-dot")
        #expect(second.first?.id == "second-dot")
        let a = first[0].transform.opacity, b = second[0].transform.opacity
        #expect(abs(a.value(at: 0.25) - 0.5) < 1e-9)
        #expect(abs(b.value(at: 0.5) - 0.5) < 1e-9)
        #expect(b.value(at: 0.2) == 0)
    }

    @Test func aStretchedGroupRunsSlower() throws {
        let timeline = try compiled("""
            choreo: 1
            size: [100, 100]
            layers:
              - id: slow
                shape: group
                time: {stretch: 2}
                children:
                  - {id: bar, shape: rect, size: [10, 10], position: [50, 50]}
            timelines:
              run:
                duration: 1s
                keyframes:
                  bar.rotation: [{at: 0s, value: 0deg}, {at: 1s, value: 90deg}]
            """)
        guard case let .group(children) = timeline.layers[0].content else { return }
        #expect(abs(children[0].transform.rotation.value(at: 1) - 45) < 1e-9)
        #expect(abs(children[0].transform.rotation.value(at: 2) - 90) < 1e-9)
    }
}
