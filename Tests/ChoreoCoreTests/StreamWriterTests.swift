import ChoreoJSON
import Foundation
import Testing

/// Whether the slow stage runs this process's tests (`CHOREO_SLOW_TESTS=1`).
let slowTestsEnabled = ProcessInfo.processInfo.environment["CHOREO_SLOW_TESTS"] == "1"

/// `formatNumber` as it was written before numbers were formatted into byte buffers: the
/// reference the byte-level formatter must match digit for digit.
private func referenceFormatNumber(_ value: Double, decimals: Int = 3) -> String {
    guard value.isFinite else { return "0" }
    let places = max(0, min(decimals, 9))
    var scale: Double = 1
    for _ in 0..<places { scale *= 10 }
    let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
    if scaled == 0 { return "0" }
    if abs(scaled) >= 9_007_199_254_740_992 {
        let whole = value.rounded(.toNearestOrAwayFromZero)
        if abs(whole) < 9.2e18 { return String(Int64(whole)) }
        var digits: [Character] = []
        var rest = abs(whole)
        while rest >= 1 {
            digits.append(Character(String(Int(rest.truncatingRemainder(dividingBy: 10)))))
            rest = (rest / 10).rounded(.down)
        }
        return (whole < 0 ? "-" : "") + String(digits.reversed())
    }
    var magnitude = UInt64(abs(scaled))
    let divisor = UInt64(scale)
    let integerPart = magnitude / divisor
    magnitude %= divisor
    var text = scaled < 0 ? "-" : ""
    text += String(integerPart)
    if magnitude > 0 {
        var fraction = String(magnitude)
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        text += "." + fraction
    }
    return text
}

/// A fixed-seed generator (SplitMix64), so a failure names a value that can be replayed.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct ByteNumberFormatTests {
    /// Values where rounding, padding and the integer fallbacks change behaviour.
    static let edges: [Double] = {
        var values: [Double] = [
            0, -0.0, 1, -1, 0.5, -0.5, 0.0005, -0.0005, 0.00049999999, 0.0004, 1.0005, 2.0005, 0.30000000000000004,
            0.1, 0.01, 0.001, 0.0001, 1e-7, 1e-300, .leastNonzeroMagnitude, 0.125, 0.1235, 999.9995, 999.9994999, 1234567.891,
            9_007_199_254_740_991, 9_007_199_254_740_992, Double(9_007_199_254_740_993 as Int64), 4.5e15, 9.007e12, 9.2e18, 9.3e18,
            1e19, 1e20, 1e22, 1e300, .greatestFiniteMagnitude, .leastNormalMagnitude, .nan, .infinity, -.infinity,
            Double(Int64.max), Double(Int64.min), 0.0050000001, 0.045, 1.005, 2.675, 1e9, 1e9 + 0.5, 123456789.123456789,
        ]
        for exponent in -12...25 {
            let power = pow10(exponent)
            values += [power, -power, power * 0.5, power * 1.5, power - power * 1e-12, power * 9.999999999]
        }
        return values
    }()

    private static func pow10(_ exponent: Int) -> Double {
        var value = 1.0
        if exponent >= 0 { for _ in 0..<exponent { value *= 10 } } else { for _ in 0..<(-exponent) { value /= 10 } }
        return value
    }

    private func check(_ value: Double, decimals: Int, into bytes: inout [UInt8], mismatches: inout [String]) {
        bytes.removeAll(keepingCapacity: true)
        appendFormattedNumber(value, decimals: decimals, to: &bytes)
        let expected = referenceFormatNumber(value, decimals: decimals)
        if !bytes.elementsEqual(expected.utf8) || formatNumber(value, decimals: decimals) != expected, mismatches.count < 10 {
            mismatches.append("\(value) at \(decimals): \(String(decoding: bytes, as: UTF8.self)) ≠ \(expected)")
        }
    }

    @Test func edgeValuesMatchTheStringFormatter() {
        var bytes: [UInt8] = []
        var mismatches: [String] = []
        for value in Self.edges {
            for decimals in -1...11 { check(value, decimals: decimals, into: &bytes, mismatches: &mismatches) }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// Two million random values in four runs of half a million (run in parallel): uniform in the
    /// ranges scenes use, random bit patterns (every magnitude, subnormals, NaNs), and values on a
    /// rounding midpoint. About two minutes: it runs in the slow stage (scripts/test-slow.sh sets
    /// CHOREO_SLOW_TESTS=1), not in the test command.
    @Test(.enabled(if: slowTestsEnabled, "a slow stage test: scripts/test-slow.sh runs it"), arguments: 0..<4)
    func millionsOfRandomValuesMatchTheStringFormatter(run: Int) {
        var random = SplitMix64(state: 0x15 &+ UInt64(run) &* 0x1_0000_0001)
        var bytes: [UInt8] = []
        var mismatches: [String] = []
        for index in 0..<500_000 {
            let value: Double
            switch index % 4 {
            case 0: value = Double.random(in: -2000...2000, using: &random)
            case 1: value = Double(bitPattern: random.next())
            case 2: value = (Double(Int.random(in: -10_000_000...10_000_000, using: &random)) + 0.5) / 1000
            default: value = Double.random(in: -1...1, using: &random) * Self.pow10(Int.random(in: -10...20, using: &random))
            }
            check(value, decimals: index % 3 == 0 ? 3 : Int(random.next() % 10), into: &bytes, mismatches: &mismatches)
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test func integersMatchStringInit() {
        var bytes: [UInt8] = []
        for value in [0, 1, -1, 9, 10, -10, 123_456_789, Int.max, Int.min, Int(Int32.max) + 1] {
            bytes.removeAll()
            appendInteger(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }
}

@Suite struct JSONStreamWriterTests {
    static let sample: JSONValue = .object([
        ("ty", "gr"), ("nm", .string("a \"quoted\" name\n\u{1B}")), ("empty", .object([])), ("none", .array([])),
        ("k", .array([.int(1), .number(2.5), .decimal(0.12345, places: 4)])),
        ("it", .array([.object([("a", 0), ("k", .array([.array([1, 2]), .array([.number(-0.0004), 3])]))]), .null, true, "x"])),
        ("mixed", .array([1, "two", 3])), ("nested", .array([.array([]), .object([("z", .bool(false))])])),
    ])

    @Test(arguments: [false, true]) func streamedCallsWriteWhatTheTreeWriterWrites(pretty: Bool) {
        var writer = JSONStreamWriter(pretty: pretty)
        writer.beginObject()
        writer.member("ty", "gr")
        writer.member("nm", "a \"quoted\" name\n\u{1B}")
        writer.key("empty")
        writer.beginObject()
        writer.endObject()
        writer.key("none")
        writer.beginArray()
        writer.endArray()
        writer.key("k")
        writer.array { w in
            w.int(1)
            w.number(2.5)
            w.number(0.12345, places: 4)
        }
        writer.key("it")
        writer.beginArray()
        writer.object { w in
            w.member("a", 0)
            w.member("k", .array([.array([1, 2]), .array([.number(-0.0004), 3])]))
        }
        writer.null()
        writer.bool(true)
        writer.string("x")
        writer.endArray()
        writer.member("mixed", .array([1, "two", 3]))
        writer.key(escaping: "nested")
        writer.value(.array([.array([]), .object([("z", .bool(false))])]))
        writer.endObject()
        #expect(String(decoding: writer.finished(), as: UTF8.self) == JSONWriter(pretty: pretty).string(Self.sample))
    }

    @Test func theTreeBuilderBuildsTheTreeTheCallsDescribe() {
        let tree = JSONTreeBuilder.build { $0.value(Self.sample) }
        #expect(tree == Self.sample)
        let built = JSONTreeBuilder.build { w in
            w.object { w in
                w.member("n", number: 1)
                w.key("p")
                w.number(0.5, places: 4)
            }
        }
        #expect(built == .object([("n", .number(1)), ("p", .decimal(0.5, places: 4))]))
    }

    @Test(arguments: [false, true]) func aFragmentIsWrittenAgainAsTheSameItems(pretty: Bool) {
        var writer = JSONStreamWriter(pretty: pretty)
        writer.beginArray()
        writer.beginArray()
        let start = writer.beginFragment()
        writer.value(.object([("a", 1)]))
        writer.int(2)
        let fragment = writer.endFragment(start)
        writer.endArray()
        writer.beginArray()
        let inserted = writer.insert(fragment)
        #expect(inserted)
        writer.int(3)
        writer.endArray()
        writer.endArray()
        let expected: JSONValue = .array([.array([.object([("a", 1)]), 2]), .array([.object([("a", 1)]), 2, 3])])
        #expect(String(decoding: writer.finished(), as: UTF8.self) == JSONWriter(pretty: pretty).string(expected))
    }
}

/// A streaming writer (`JSONStreamWriter(chunkSize:to:)`) hands on the bytes an in-memory writer
/// holds, whatever the chunk size: it may hand on only where no byte can be read again (never
/// inside a fragment, never inside a pretty all-number array).
@Suite struct ChunkedJSONStreamWriterTests {
    /// A pseudo-random document with every kind of item: nested objects and arrays, all-number
    /// arrays (one line when pretty), subtrees written as `JSONValue`, and copies written as
    /// fragments (nested too), as `LottieShapeBuilder.writeCopies` writes a repeat.
    static func writeDocument(_ w: inout JSONStreamWriter, seed: UInt64) {
        var random = SplitMix64(state: seed)
        w.beginObject()
        for index in 0..<40 {
            w.key(escaping: "member \(index)")
            writeValue(&w, depth: 0, random: &random)
        }
        w.endObject()
    }

    fileprivate static func writeValue(_ w: inout JSONStreamWriter, depth: Int, random: inout SplitMix64) {
        switch random.next() % (depth >= 4 ? 4 : 9) {
        case 0: w.int(Int(random.next() % 2000) - 1000)
        case 1: w.number(Double(random.next() % 100_000) / 997)
        case 2: w.string("text \(random.next() % 50) \"quoted\"")
        case 3: w.bool(random.next() % 2 == 0)
        case 4:
            w.beginArray()
            for _ in 0..<(random.next() % 6) { w.number(Double(random.next() % 1000) / 7, places: 4) }
            w.endArray()
        case 5:
            w.beginObject()
            for index in 0..<(random.next() % 5) {
                w.key(escaping: "k\(index)")
                writeValue(&w, depth: depth + 1, random: &random)
            }
            w.endObject()
        case 6:
            w.beginArray()
            for _ in 0..<(random.next() % 5) { writeValue(&w, depth: depth + 1, random: &random) }
            w.endArray()
        case 7:
            w.value(.object([("a", .array([1, 2.5, .decimal(0.12345, places: 4)])), ("b", .array([.object([("c", "d")])]))]))
        default:
            // Copies: the first is a fragment, the others are its bytes again.
            let contentSeed = random.next()
            var fragment: JSONStreamWriter.Fragment?
            w.beginArray()
            for _ in 0..<3 {
                w.beginArray()
                var content = SplitMix64(state: contentSeed)
                if let fragment {
                    if !w.insert(fragment) { writeItems(&w, depth: depth + 1, random: &content) }
                } else {
                    let start = w.beginFragment()
                    writeItems(&w, depth: depth + 1, random: &content)
                    fragment = w.endFragment(start)
                }
                w.endArray()
            }
            w.endArray()
        }
    }

    fileprivate static func writeItems(_ w: inout JSONStreamWriter, depth: Int, random: inout SplitMix64) {
        for _ in 0..<(1 + random.next() % 4) { writeValue(&w, depth: depth, random: &random) }
    }

    static func inMemory(pretty: Bool, seed: UInt64) -> [UInt8] {
        var writer = JSONStreamWriter(pretty: pretty)
        writeDocument(&writer, seed: seed)
        return writer.finished()
    }

    /// The chunks a streaming writer hands on, in order.
    static func streamed(pretty: Bool, seed: UInt64, chunkSize: Int) -> (chunks: [[UInt8]], handedOnBeforeFinish: Int) {
        var chunks: [[UInt8]] = []
        var writer = JSONStreamWriter(pretty: pretty, chunkSize: chunkSize) { chunks.append(Array($0)) }
        writeDocument(&writer, seed: seed)
        let before = chunks.count
        writer.finish()
        return (chunks, before)
    }

    @Test(arguments: [false, true], [1, 2, 3, 7, 64, 500, 4096, 1 << 20])
    func everyChunkSizeHandsOnTheSameBytes(pretty: Bool, chunkSize: Int) {
        for seed: UInt64 in [1, 2, 3, 42, 2026] {
            let reference = Self.inMemory(pretty: pretty, seed: seed)
            let (chunks, _) = Self.streamed(pretty: pretty, seed: seed, chunkSize: chunkSize)
            #expect(chunks.flatMap { $0 } == reference, "seed \(seed)")
            #expect(!chunks.contains { $0.isEmpty }, "no empty chunk is handed on")
        }
    }

    @Test(arguments: [false, true]) func aSmallChunkSizeStreamsWhileWriting(pretty: Bool) {
        let reference = Self.inMemory(pretty: pretty, seed: 7)
        #expect(reference.count > 2000)
        let (chunks, before) = Self.streamed(pretty: pretty, seed: 7, chunkSize: 256)
        // Handed on as it was written, not all at the end, and never far past the chunk size
        // (a chunk ends at the first bracket after 256 bytes outside a fragment).
        #expect(before >= reference.count / 1024, "\(before) chunks before finish for \(reference.count) bytes")
        #expect(chunks.dropLast().allSatisfy { $0.count >= 256 })
    }

    @Test func aDocumentBelowOneChunkIsHandedOnWhole() {
        let reference = Self.inMemory(pretty: false, seed: 3)
        let (chunks, before) = Self.streamed(pretty: false, seed: 3, chunkSize: reference.count + 1)
        #expect(before == 0)
        #expect(chunks == [reference])
    }
}
