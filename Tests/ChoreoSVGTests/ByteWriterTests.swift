@testable import ChoreoSVG
import ChoreoJSON
import ChoreoTimeline
import Testing

/// The SVG writers that append bytes give the text the `String` code they replaced gave:
/// each is checked against that code, kept here as the reference.
@Suite struct ByteWriterTests {
    private func text(_ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        write(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Finite edge values (NaN and infinities are rejected long before an emitter sees a value).
    private let edgeValues: [Double] = [
        0, -0.0, 1e-7, -1e-7, 0.0004999, 0.0005, -0.0005, 0.001, 0.5, 1, -1, 1.0005, 254.5, 255.5, 12_345.6789,
        1e15, -1e15, 9_007_199_254.740993, 1e20, -1e20, Double.leastNonzeroMagnitude, 1 - 1e-12,
    ]

    @Test func numbersPointsAndOpacitiesMatchFormatNumber() {
        for value in edgeValues {
            #expect(text { appendSVGNumber(value, to: &$0) } == formatNumber(value))
            #expect(text { appendSVGOpacity(value, to: &$0) } == formatNumber(min(max(value, 0), 1)))
            #expect(text { appendSVGPoint(Point(value, -value), to: &$0) } == "\(formatNumber(value)) \(formatNumber(-value))")
        }
        #expect(text { appendSVGNumber(-0.0, to: &$0) } == "0")
        #expect(text { appendSVGNumber(1e-7, to: &$0) } == "0")
        #expect(text { appendSVGNumber(1e20, to: &$0) } == "100000000000000000000")
    }

    @Test func coloursMatchTheStringFormat() {
        func reference(_ color: RGBA) -> String {
            func byte(_ component: Double) -> String { formatNumber(min(max(component, 0), 1) * 255, decimals: 0) }
            return "rgb(\(byte(color.r)),\(byte(color.g)),\(byte(color.b)))"
        }
        for value in edgeValues {
            let color = RGBA(value, 0.5, 1 - value, 1)
            #expect(text { appendSVGColor(color, to: &$0) } == reference(color))
            #expect(svgColor(color) == reference(color))
        }
        #expect(svgColor(RGBA(0.5, -0.0, 2, 1)) == "rgb(128,0,255)")
    }

    @Test func keyTimesMatchTheStringFormat() {
        // The former `keyTimeTexts(times:duration:lastIsEnd:)`, joined as it was.
        func reference(_ fractions: [Double], duration: Double, lastIsEnd: Bool) -> String {
            let times = fractions.map { $0 * duration }
            let written = Double(durationText(duration)) ?? duration
            return times.indices.map { index -> String in
                if index == 0 { return "0" }
                if lastIsEnd && index == times.count - 1 { return "1" }
                let margin = written > 0 ? max(1e-7, 2e-6 / written) : 0
                let fraction = min(max(times[index] / written - margin, 0), 1)
                return formatNumber((fraction * 100_000).rounded(.down) / 100_000, decimals: 5)
            }.joined(separator: ";")
        }
        let fractions: [Double] = [0, 1e-7, 1e-5, 0.0076923, 1.0 / 3, 0.5, 0.5, 2.0 / 3, 1 - 1e-12, 1]
        for duration in [1.166667, 7.0 / 6, 0.3, 2.166667, 100, 1e-6] {
            for lastIsEnd in [true, false] {
                let written = text {
                    appendKeyTimes(fractions, duration: duration, writtenDuration: writtenDuration(duration), lastIsEnd: lastIsEnd, to: &$0)
                }
                #expect(written == reference(fractions, duration: duration, lastIsEnd: lastIsEnd))
            }
        }
        #expect(text { appendKeyTimes([0, 0.5, 1], duration: 1, writtenDuration: 1, lastIsEnd: true, to: &$0) } == "0;0.49999;1")
    }

    @Test func textListJoinsComparesAndReplaces() {
        var list = TextList()
        #expect(list.isEmpty && !list.hasTwoDistinct && !list.lastEquals([]))
        list.append(Array("1".utf8))
        #expect(list.lastEquals(Array("1".utf8)) && !list.hasTwoDistinct)
        list.append { appendSVGNumber(1, to: &$0) }
        #expect(!list.hasTwoDistinct)
        list.append { appendSVGPoint(Point(0.5, -2), to: &$0) }
        list.appendLastAgain()
        #expect(String(decoding: list.bytes, as: UTF8.self) == "1;1;0.5 -2;0.5 -2")
        #expect(list.count == 4 && list.hasTwoDistinct)
        #expect(String(decoding: list.text(2), as: UTF8.self) == "0.5 -2")
        #expect(list.text(1, equals: Array("1".utf8)) && !list.text(1, equals: Array("10".utf8)))
        list.replaceLast(with: Array("hidden".utf8))
        #expect(String(decoding: list.bytes, as: UTF8.self) == "1;1;0.5 -2;hidden")
        #expect(list.lastEquals(Array("hidden".utf8)))

        var spaced = TextList(separator: UInt8(ascii: " "))
        spaced.append(Array("a".utf8))
        spaced.append(Array("".utf8))
        spaced.append(Array("b".utf8))
        #expect(String(decoding: spaced.bytes, as: UTF8.self) == "a  b")
        #expect(spaced.text(1).isEmpty && spaced.count == 3)
    }

    private func attributes(_ keyframes: SMILKeyframes?, duration: Double) -> String? {
        guard let keyframes else { return nil }
        let timing = SpanTiming(PlayedSpan(start: 0, end: duration, begin: nil, stop: nil, loops: true))
        return text { keyframes.appendAttributes(timing: timing, to: &$0) }
    }

    @Test func keyframesOfPiecesAreWrittenAsOneAttributeEach() {
        let pieces = [
            Piece(start: 0, end: 0.5, from: 0.0, to: 10.0, easing: .linear),
            Piece(start: 0.5, end: 1, from: 10.0, to: 10.0, easing: .linear),
            Piece(start: 1, end: 1, from: 10.0, to: 20.0, easing: .linear),
            Piece(start: 1, end: 2, from: 20.0, to: 0.0, easing: .cubic(0.42, 0, 0.58, 1)),
        ]
        let written = attributes(smilKeyframes(pieces, duration: 2, format: appendSVGNumber), duration: 2)
        #expect(written == #" dur="2s" repeatCount="indefinite" calcMode="spline" keyTimes="0;0.24999;0.49999;0.49999;1""#
            + #" keySplines="0 0 1 1;0 0 1 1;0 0 1 1;0.42 0 0.58 1" values="0;10;10;20;0""#)
    }

    @Test func valuesThatPrintAlikeAreOneValue() {
        let pieces = [Piece(start: 0, end: 1, from: 1.0001, to: 1.0002, easing: .linear)]
        #expect(smilKeyframes(pieces, duration: 1, format: appendSVGNumber) == nil)
        let moving = [Piece(start: 0, end: 1, from: 1.0, to: 2.0, easing: .linear)]
        #expect(attributes(smilKeyframes(moving, duration: 1, format: appendSVGNumber), duration: 1)
            == #" dur="1s" repeatCount="indefinite" calcMode="linear" keyTimes="0;1" values="1;2""#)
    }

    @Test func anOvershootingCubicIsSplitIntoLegalSplines() throws {
        let pieces = [Piece(start: 0, end: 1, from: 0.0, to: 100.0, easing: .cubic(0.3, 1.6, 0.6, 1))]
        let keyframes = try #require(smilKeyframes(pieces, duration: 1, format: appendSVGNumber))
        let splines = try #require(keyframes.keySplines)
        #expect(splines.count == keyframes.values.count - 1 && keyframes.keyTimes.count == keyframes.values.count)
        let numbers = String(decoding: splines.bytes, as: UTF8.self).split(whereSeparator: { $0 == ";" || $0 == " " })
        #expect(numbers.allSatisfy { Double($0).map { (0...1).contains($0) } == true })
        #expect(String(decoding: keyframes.values.text(keyframes.values.count - 1), as: UTF8.self) == "100")
    }

    @Test func discreteKeyframesKeepTheLastChangeAtOneInstant() {
        var texts = TextList()
        for word in ["visible", "visible", "hidden", "visible"] { texts.append(Array(word.utf8)) }
        let keyframes = discreteKeyframes(times: [0, 0.5, 1, 1.5], texts: texts, duration: 2)
        #expect(attributes(keyframes, duration: 2)
            == #" dur="2s" repeatCount="indefinite" calcMode="discrete" keyTimes="0;0.49999;0.74999" values="visible;hidden;visible""#)
        var same = TextList()
        for _ in 0..<3 { same.append(Array("visible".utf8)) }
        #expect(discreteKeyframes(times: [0, 1, 2], texts: same, duration: 3) == nil)
    }

    @Test func animationListsAreWrittenAsIndentedChildren() {
        let moving = [Piece(start: 0, end: 1, from: 0.0, to: 1.0, easing: .linear)]
        let timing = SpanTiming(PlayedSpan(start: 0, end: 1, begin: "c.begin", stop: nil, loops: false))
        var first = AnimationList()
        if let keyframes = smilKeyframes(moving, duration: 1, format: appendSVGOpacity) {
            first.append(.attribute("opacity"), keyframes: keyframes, timing: timing)
        }
        var second = AnimationList()
        if let keyframes = smilKeyframes(moving, duration: 1, format: appendSVGNumber) {
            second.append(.transform("rotate"), keyframes: keyframes, timing: timing)
        }
        first.append(contentsOf: second)
        #expect(first.count == 2)
        var out = MarkupWriter(depth: 1)
        out.start("g")
        out.attribute("id", "n")
        out.animations(first)
        out.end()
        let tail = #" begin="c.begin" dur="1s" fill="freeze" calcMode="linear" keyTimes="0;1" values="0;1"/>"#
        #expect(String(decoding: out.bytes, as: UTF8.self) == """
              <g id="n">
                <animate attributeName="opacity"\(tail)
                <animateTransform attributeName="transform" type="rotate"\(tail)
              </g>

            """)
        var empty = MarkupWriter()
        empty.start("g")
        empty.animations(AnimationList())
        empty.end()
        #expect(String(decoding: empty.bytes, as: UTF8.self) == "<g/>\n")
    }

    @Test func definitionsAreOneDefsElementOrNone() {
        var none = MarkupWriter(depth: 1)
        none.definitions(MarkupWriter(depth: 2), MarkupWriter(depth: 2))
        #expect(none.isEmpty)
        var gradient = MarkupWriter(depth: 2)
        gradient.start("linearGradient")
        gradient.end()
        var out = MarkupWriter(depth: 1)
        out.definitions(MarkupWriter(depth: 2), gradient)
        #expect(String(decoding: out.bytes, as: UTF8.self) == Markup("defs", children: [Markup("linearGradient")]).rendered.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n")
    }

    /// A drawing kept in pieces (any piece size, down to a piece per element) is written into a
    /// document, handed to a streaming output and taken whole with exactly the bytes of one buffer.
    @Test func aDrawingInPiecesWritesTheSameBytesAsOneBuffer() {
        func draw(into out: inout MarkupWriter) {
            for index in 0..<40 {
                out.start("g")
                out.attribute("id", "n\(index)")
                if index % 3 == 0 {
                    out.start("rect")
                    out.attribute("width", number: Double(index) / 7)
                    out.end()
                }
                out.end()
            }
        }
        var whole = MarkupWriter(depth: 1)
        draw(into: &whole)
        for pieceSize in [1, 7, 64, 1 << 20] {
            var pieces = MarkupWriter.drawing(depth: 1, pieceSize: pieceSize)
            draw(into: &pieces)
            #expect(pieces.byteCount == whole.bytes.count)
            var document = MarkupWriter()
            document.start("svg")
            document.children(pieces)
            document.end()
            var reference = MarkupWriter()
            reference.start("svg")
            reference.children(whole)
            reference.end()
            #expect(document.bytes == reference.bytes)
            var streamed: [UInt8] = []
            var handed = 0
            var streaming = MarkupWriter(output: { streamed.append(contentsOf: $0); handed += 1 })
            streaming.start("svg")
            streaming.children(pieces)
            streaming.end()
            streaming.handOn()
            #expect(streamed == reference.bytes)
            if pieceSize == 1 { #expect(handed > 40) }
            var taken = pieces
            #expect(taken.takeBytes() == whole.bytes)
        }
    }
}
