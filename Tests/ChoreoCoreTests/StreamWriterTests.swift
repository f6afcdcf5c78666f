import ChoreoJSON
import Testing

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
            9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_993, 4.5e15, 9.007e12, 9.2e18, 9.3e18,
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
    /// rounding midpoint.
    @Test(arguments: 0..<4) func millionsOfRandomValuesMatchTheStringFormatter(run: Int) {
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
