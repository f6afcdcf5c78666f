import ChoreoSVG
import ChoreoTimeline
import Testing

/// The streaming entry points (`SVGEmitter.interactive(_:idPrefix:to:)`, `animated(_:idPrefix:to:)`,
/// what `choreo compile` writes files with) hand on the bytes of the in-memory ones, in order,
/// in pieces: the drawing is handed on as drawn, not copied into the document's buffer.
@Suite struct SVGStreamingTests {
    static func pieces(_ emit: (@escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        emit { pieces.append(Array($0)) }
        return pieces
    }

    static var timelines: [Timeline] {
        SVGFixtures.all + [
            InteractiveFixtures.withMachine(SVGFixtures.transforms, initial: "open"),
            InteractiveFixtures.withMachine(SVGFixtures.transforms, play: ("open", "closed->open")),
        ]
    }

    @Test func theStreamedDocumentsAreTheInMemoryBytes() {
        for timeline in Self.timelines {
            let interactive = Self.pieces { SVGEmitter.interactive(timeline, idPrefix: "p-", to: $0) }
            #expect(interactive.flatMap { $0 } == SVGEmitter.interactiveBytes(timeline, idPrefix: "p-"), "\(timeline.name)")
            let animated = Self.pieces { SVGEmitter.animated(timeline, to: $0) }
            #expect(animated.flatMap { $0 } == SVGEmitter.animatedBytes(timeline), "\(timeline.name)")
            #expect(!interactive.contains { $0.isEmpty } && !animated.contains { $0.isEmpty })
        }
    }

    @Test func anAnimatedDocumentIsHandedOnInPieces() {
        let timeline = InteractiveFixtures.withMachine(SVGFixtures.transforms, initial: "open")
        #expect(Self.pieces { SVGEmitter.interactive(timeline, to: $0) }.count >= 3, "head, drawing, rest")
        #expect(Self.pieces { SVGEmitter.animated(SVGFixtures.transforms, to: $0) }.count >= 3)
    }
}
