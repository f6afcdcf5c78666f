import Testing

@testable import ChoreoTimeline

/// `Node`'s repeat and clip and `Style`'s stroke and trim are stored out of line (`Box`): they
/// must still behave as stored values.
@Test func boxedPartsReadWriteAndCompareAsValues() {
    let square = ClipShape(geometry: .rect(size: Animated(Point(10, 10)), cornerRadius: Animated(0)))
    var node = Node(id: "a", transform: Transform(), content: .group([]), repeat: Repeat(count: 3), clip: square)
    #expect(node.repeat == Repeat(count: 3))
    #expect(node.clip == square)
    // A copy is independent: setting one replaces its box, the other keeps the old value.
    let copy = node
    node.repeat?.count = 5
    node.clip = nil
    #expect(node.repeat?.count == 5 && node.clip == nil)
    #expect(copy.repeat?.count == 3 && copy.clip == square)
    #expect(node != copy)
    // Equal values in different boxes are equal.
    #expect(Node(id: "a", transform: Transform(), content: .group([]), repeat: Repeat(count: 3), clip: square) == copy)

    var style = Style(fill: .color(Animated(RGBA(1, 0, 0))), stroke: Stroke(paint: .color(Animated(.black))), trim: Trim())
    let before = style
    style.stroke?.width = Animated(4)
    style.trim = nil
    #expect(style.stroke?.width == Animated(4) && style.trim == nil)
    #expect(before.stroke?.width == Animated(1) && before.trim == Trim())
    #expect(Style(fill: .color(Animated(RGBA(1, 0, 0))), stroke: Stroke(paint: .color(Animated(.black))), trim: Trim()) == before)
    // NaN is unequal to itself in a box as it was inline.
    let nan = Style(trim: Trim(start: Animated(.nan)))
    #expect(nan != nan)
    // What boxing is for: a node and a style hold a reference per rare part, not the part.
    #expect(MemoryLayout<Node>.size < 600)  // 544 bytes (1,096 inline)
    #expect(MemoryLayout<Style>.size < 200)  // 136 bytes (384 inline)
}
