import ChoreoJSON
import Testing

@Test func numbersAreRoundedWithoutExponentOrNegativeZero() {
    #expect(formatNumber(0.30000000000000004) == "0.3")
    #expect(formatNumber(1e-7) == "0")
    #expect(formatNumber(-0.0001) == "0")
    #expect(formatNumber(-1.5) == "-1.5")
    #expect(formatNumber(2.0005) == "2.001")
    #expect(formatNumber(1e20) == "100000000000000000000")
    #expect(formatNumber(0.12345, decimals: 4) == "0.1235")
    #expect(formatNumber(.nan) == "0")
}
