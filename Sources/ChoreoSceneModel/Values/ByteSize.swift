/// A size in bytes as people write it: `65536`, `64KiB`, `64 KiB`, `1.5MB`. KB and MB are powers
/// of 1000, KiB and MiB of 1024 (the units differ by 2.4 % at KiB and Telegram's limit is
/// 64 KiB, so both are accepted and kept apart). Nil for anything else, for 0 and negative
/// sizes, and past 2^53 bytes.
public func parseByteSize(_ text: String) -> Int? {
    let trimmed = trimmingSpaces(Substring(text))
    let unitStart = trimmed.firstIndex(where: { !($0.isASCII && ($0.isNumber || $0 == ".")) }) ?? trimmed.endIndex
    let number = trimmed[..<unitStart]
    let unit = trimmingSpaces(trimmed[unitStart...]).lowercased()
    guard !number.isEmpty, number.filter({ $0 == "." }).count <= 1, number.first != ".", number.last != ".",
        let value = Double(number)
    else { return nil }
    let scale: Double
    switch unit {
    case "", "b": scale = 1
    case "kb": scale = 1000
    case "kib": scale = 1024
    case "mb": scale = 1_000_000
    case "mib": scale = 1_048_576
    default: return nil
    }
    let bytes = (value * scale).rounded(.down)
    guard bytes >= 1, bytes < 9_007_199_254_740_992 else { return nil }
    return Int(bytes)
}

/// A byte count for messages: `65,536 bytes (64 KiB)`, the binary unit only when exact.
public func describeByteSize(_ bytes: Int) -> String {
    var text = "\(groupedDigits(bytes)) bytes"
    if bytes >= 1_048_576, bytes % 1_048_576 == 0 {
        text += " (\(bytes / 1_048_576) MiB)"
    } else if bytes >= 1024, bytes % 1024 == 0 {
        text += " (\(bytes / 1024) KiB)"
    }
    return text
}

/// `1234567` as `1,234,567`.
public func groupedDigits(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var grouped = ""
    for (index, digit) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
        grouped.append(digit)
    }
    return value < 0 ? "-" + grouped : grouped
}

private func trimmingSpaces(_ text: Substring) -> Substring {
    let start = text.firstIndex(where: { $0 != " " }) ?? text.endIndex
    let end = text.lastIndex(where: { $0 != " " }).map { text.index(after: $0) } ?? start
    return text[start..<end]
}
