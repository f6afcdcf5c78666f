import Foundation

/// Looks for bytes in a Lottie document that no player needs: whitespace, digits beyond the
/// precision the emitter promises, keys outside the player-safe profile, easing handles where
/// players ignore them, and animated properties that never change.
///
/// The allowed keys are the player-safe profile of the shared Lottie reference (section 6): the
/// spec's keys plus `v`, `ddd`, `st`, `sr`, `ind` and explicit defaults that some player reads
/// wrongly when they are missing. Masks (`hasMask`, `masksProperties` with `mode`, `inv`) are the
/// spec's, written only for a `clip:`; slots (`slots`, `sid`: Lottie 1.0.1, the recolour hook)
/// only for `themes:`. Layer effects (`ef`, each with `en`, `ix`, `mn`, `np` and its values' `v`)
/// are the spec's, written only for `blur:` and `shadow:`. The keys of `slots` itself are the
/// scene's slot names, not Lottie keys.
enum LottieAudit {
    static let playerKeys: Set<String> = [
        // document, layers, markers
        "v", "ver", "nm", "fr", "ip", "op", "w", "h", "ddd", "assets", "markers", "layers", "cm", "tm", "dr",
        "ty", "ind", "parent", "sr", "st", "ao", "bm", "ks", "shapes", "hd",
        // transforms and animated properties
        "a", "p", "s", "r", "o", "sk", "sa", "k", "t", "i", "x", "y", "e", "to", "ti",
        // shapes and styles
        "it", "d", "c", "lc", "lj", "ml", "g", "m", "or", "os", "ir", "is", "pt", "sy", "tr", "so", "eo",
        // masks (clips) and slots (themes)
        "hasMask", "masksProperties", "mode", "inv", "slots", "sid",
        // layer effects (blur, shadow)
        "ef", "en", "ix", "mn", "np",
    ]

    struct Finding {
        var what: String
        var count: Int
    }

    static func audit(_ text: String) -> [Finding] {
        var findings: [Finding] = []
        let bytes = Array(text.utf8)
        let (whitespace, longNumbers) = scanText(bytes)
        if whitespace > 0 { findings.append(Finding(what: "whitespace outside strings (not minified)", count: whitespace)) }
        if longNumbers > 0 { findings.append(Finding(what: "numbers with more than 4 decimals", count: longNumbers)) }
        guard let root = try? JSONSerialization.jsonObject(with: Data(bytes)) else {
            return findings + [Finding(what: "not valid JSON", count: 1)]
        }
        var unknownKeys: [String: Int] = [:]
        var handlesOnLastOrHold = 0, constantAnimated = 0
        func walk(_ value: Any, namedBySlot: Bool = false) {
            if let object = value as? [String: Any] {
                if namedBySlot {
                    object.values.forEach { walk($0) }
                    return
                }
                for key in object.keys where !playerKeys.contains(key) { unknownKeys[key, default: 0] += 1 }
                if let slots = object["slots"] { walk(slots, namedBySlot: true) }
                if let animated = object["a"] as? Int, animated == 1, let keys = object["k"] as? [[String: Any]] {
                    for (index, key) in keys.enumerated() {
                        let isHold = (key["h"] as? Int) == 1
                        if (index == keys.count - 1 || isHold), key["i"] != nil || key["o"] != nil { handlesOnLastOrHold += 1 }
                    }
                    let values = keys.compactMap { $0["s"].map { "\($0)" } }
                    if values.count == keys.count, Set(values).count == 1 { constantAnimated += 1 }
                }
                for (key, value) in object where key != "slots" { walk(value) }
            } else if let array = value as? [Any] {
                array.forEach { walk($0) }
            }
        }
        walk(root)
        for (key, count) in unknownKeys.sorted(by: { $0.key < $1.key }) {
            findings.append(Finding(what: "key '\(key)' outside the player-safe profile", count: count))
        }
        if handlesOnLastOrHold > 0 {
            findings.append(Finding(what: "easing handles on a last or hold keyframe", count: handlesOnLastOrHold))
        }
        if constantAnimated > 0 {
            findings.append(Finding(what: "animated properties whose keyframes all hold one value", count: constantAnimated))
        }
        return findings
    }

    /// Whitespace bytes outside strings, and number tokens with more than 4 digits after the point.
    private static func scanText(_ bytes: [UInt8]) -> (whitespace: Int, longNumbers: Int) {
        var whitespace = 0, longNumbers = 0
        var inString = false, escaped = false
        var fractionDigits = -1  // -1: not inside a number's fraction
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"): whitespace += 1
            case UInt8(ascii: "."): fractionDigits = 0
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if fractionDigits >= 0 { fractionDigits += 1 }
                continue
            default: break
            }
            if fractionDigits > 4 { longNumbers += 1 }
            if byte != UInt8(ascii: ".") { fractionDigits = -1 }
        }
        return (whitespace, longNumbers)
    }
}

/// The size of `bytes` after `gzip -9`, or nil when gzip cannot be run.
func gzipSize(_ bytes: [UInt8]) -> Int? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "gzip -9 -c | wc -c"]
    let input = Pipe(), output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    do { try process.run() } catch { return nil }
    // `wc` consumes everything before it prints its one line, so writing first cannot block.
    input.fileHandleForWriting.write(Data(bytes))
    try? input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
}
