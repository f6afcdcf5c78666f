import ChoreoJSON
import ChoreoTimeline
import Testing

@testable import ChoreoLottie

/// Clips become layer masks: a clipped node is a shape layer whose `ks` is the node's transform
/// (so the mask is in the node's local coordinates); a group with clipped nodes inside is a
/// precomposition whose asset holds its children's layers.
@Suite struct ClipLayerTests {
    static let disc = Node(
        id: "disc", transform: .identity,
        content: .shape(.ellipse(size: Animated(Point(100, 100))), Style(fill: .color(Animated(RGBA(1, 0, 0))))))
    static let clip = ClipShape(geometry: .rect(size: Animated(Point(40, 20)), cornerRadius: Animated(0)))

    static func timeline(_ layers: [Node]) -> Timeline {
        Timeline(name: "t", width: 100, height: 100, fps: 60, duration: 1, layers: layers, spans: [])
    }

    static func numbers(_ value: JSONValue?) -> [Double] {
        switch value {
        case let .int(i)?: return [Double(i)]
        case let .number(n)?: return [n]
        case let .array(items)?: return items.flatMap { numbers($0) }
        default: return []
        }
    }

    @Test func aClippedNodeIsAShapeLayerWithItsTransformAndAMask() throws {
        let card = Node(
            id: "card", transform: Transform(position: Animated(Point(50, 60)), rotation: Animated(30)),
            content: .group([Self.disc]), clip: Self.clip)
        let document = LottieEmitter.document(Self.timeline([card]))
        guard case let .array(layers)? = document["layers"], let layer = layers.first else {
            Issue.record("no layer")
            return
        }
        #expect(layer["ty"] == 4)
        #expect(layer["hasMask"] == true)
        #expect(Self.numbers(layer["ks"]?["p"]?["k"]) == [50, 60])
        #expect(Self.numbers(layer["ks"]?["r"]?["k"]) == [30])
        guard case let .array(masks)? = layer["masksProperties"], let mask = masks.first else {
            Issue.record("no mask")
            return
        }
        #expect(masks.count == 1)
        #expect(mask["mode"] == "a")
        #expect(mask["inv"] == false)
        // The mask is the clip's outline in the node's coordinates: the rect's corners.
        let vertices = Self.numbers(mask["pt"]?["k"]?["v"])
        #expect(Set(vertices) == [-20, 20, -10, 10])
        // The node's own group carries no transform any more (it is the layer's).
        guard case let .array(shapes)? = layer["shapes"], case let .array(items)? = shapes.first?["it"] else {
            Issue.record("no shapes")
            return
        }
        #expect(Self.numbers(items.last?["p"]?["k"]) == [0, 0])
        #expect(document["assets"] == [])
    }

    /// A clip of several contours is their union: one additive mask per contour.
    @Test func aClipOfSeveralContoursIsOneAdditiveMaskPerContour() throws {
        let square = { (x: Double) in
            Contour([Point(x, 0), Point(x + 10, 0), Point(x + 10, 10), Point(x, 10)].map { BezierVertex($0) }, closed: true)
        }
        let clip = ClipShape(geometry: .path(Animated(PathShape([square(0), square(20), square(40)]))))
        let card = Node(id: "card", transform: .identity, content: .group([Self.disc]), clip: clip)
        let document = LottieEmitter.document(Self.timeline([card]))
        guard case let .array(layers)? = document["layers"], case let .array(masks)? = layers.first?["masksProperties"] else {
            Issue.record("no masks")
            return
        }
        #expect(masks.count == 3)
        #expect(masks.map { $0["mode"] } == ["a", "a", "a"])
        #expect(masks.map { Set(Self.numbers($0["pt"]?["k"]?["v"])) } == [[0, 10], [20, 30, 0, 10], [40, 50, 0, 10]])
    }

    @Test func aGroupHoldingAClippedNodeIsAPrecomposition() throws {
        let inner = Node(id: "inner", transform: Transform(position: Animated(Point(10, 0))), content: .group([Self.disc]), clip: Self.clip)
        let plain = Node(id: "plain", transform: .identity, content: .group([Self.disc]))
        let outer = Node(
            id: "outer", transform: Transform(position: Animated(Point(50, 50)), opacity: Animated(0.5)),
            content: .group([plain, inner]), clip: Self.clip)
        let document = LottieEmitter.document(Self.timeline([outer]))
        guard case let .array(layers)? = document["layers"], let layer = layers.first,
            case let .array(assets)? = document["assets"], let asset = assets.first
        else {
            Issue.record("no layer or asset")
            return
        }
        #expect(layer["ty"] == 0)
        #expect(layer["refId"] == asset["id"])
        #expect(Self.numbers(layer["ks"]?["o"]?["k"]) == [50])
        #expect(layer["hasMask"] == true)
        guard case let .array(children)? = asset["layers"] else {
            Issue.record("no layers in the asset")
            return
        }
        // Top first: the clipped child (a masked shape layer) above the plain one.
        #expect(children.map { $0["nm"] } == ["inner", "plain"])
        #expect(children.map { $0["ind"] } == [1, 2])
        #expect(children[0]["hasMask"] == true)
        #expect(children[1]["hasMask"] == nil)
        // The asset's coordinates are the group's moved by the precomposition's shift: the layer's
        // anchor and its children's positions carry the same shift.
        let shift = Self.numbers(layer["ks"]?["a"]?["k"])
        #expect(shift.count == 2 && shift[0] > 0 && shift[0] == shift[1])
        #expect(Self.numbers(children[0]["ks"]?["p"]?["k"]) == [10 + shift[0], shift[1]])
        #expect(Self.numbers(layer["w"]) == [2 * shift[0]])
    }
}
