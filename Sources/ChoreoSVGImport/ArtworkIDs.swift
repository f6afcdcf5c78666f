import ChoreoScene
import ChoreoTimeline
import Foundation

// The ids an import gives its nodes: from the SVG's own ids, made valid and unique.
extension Mapper {
    // MARK: Ids

    mutating func claimID(for element: SVGElement, fallback: String) -> String {
        let location = ArtworkLocation(line: element.line, column: element.column)
        var base: String
        if let raw = element[.id], !raw.isEmpty {
            base = identifier(from: raw)
            if claim(base, at: location) { return base }
        } else {
            base = fallback
        }
        while true {
            let (candidate, word, bit) = numberedID(base, nextCount(for: base))
            if reservedBits[word] & bit == 0 || !reserved.contains(candidate), claim(candidate, at: location) { return candidate }
        }
    }

    /// Claims `id` for the element at `location`; false, and the earlier claim kept, when it is taken.
    mutating func claim(_ id: String, at location: ArtworkLocation) -> Bool {
        guard let earlier = locations.updateValue(location, forKey: id) else { return true }
        locations[id] = earlier
        return false
    }

    /// The next number of the ids generated from `base`, counted in place (one lookup). A base
    /// is counted in one place only: in `generatedByBase` if it was among the first few seen.
    mutating func nextCount(for base: String) -> Int {
        for index in generatedByBase.indices where generatedByBase[index].base == base {
            generatedByBase[index].count += 1
            return generatedByBase[index].count
        }
        if generatedByBase.count < generatedBasesKept {
            generatedByBase.append((base, 1))
            return 1
        }
        func increment(_ count: inout Int) -> Int {
            count += 1
            return count
        }
        return increment(&generated[base, default: 0])
    }
}

/// How many bases of generated ids `generatedByBase` holds.
let generatedBasesKept = 8

/// `Mapper.reservedBits` is 4,096 bits: 4 of an id's length, 4 of its first byte, 4 of its last.
let reservedBitWords = 64

/// Where an id's bit is in `Mapper.reservedBits`.
func reservedBit(_ id: String) -> (word: Int, bit: UInt64) {
    let utf8 = id.utf8
    return reservedBit(length: utf8.count, first: utf8.first ?? 0, last: utf8.last ?? 0)
}

func reservedBit(length: Int, first: UInt8, last: UInt8) -> (word: Int, bit: UInt64) {
    let key = (length & 15) << 8 | Int(first & 15) << 4 | Int(last & 15)
    return (key >> 6, 1 << UInt64(key & 63))
}

/// `base` followed by the decimal digits of `number` (at least 1), and the id's `reservedBit`:
/// the digits written straight after the base's bytes, where a string of the number and a
/// concatenation would each be a call into the runtime.
func numberedID(_ base: String, _ number: Int) -> (id: String, word: Int, bit: UInt64) {
    // Up to 20 digits, last digit at the end.
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var count = 0
    var rest = number.magnitude
    withUnsafeMutableBytes(of: &digits) { buffer in
        repeat {
            buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            count += 1
        } while rest > 0
    }
    var base = base
    return base.withUTF8 { baseBytes in
        withUnsafeBytes(of: &digits) { buffer in
            let id = String(unsafeUninitializedCapacity: baseBytes.count + count) { target in
                _ = target.initialize(fromContentsOf: baseBytes)
                for index in 0..<count { target[baseBytes.count + index] = buffer[24 - count + index] }
                return baseBytes.count + count
            }
            let (word, bit) = reservedBit(length: baseBytes.count + count, first: baseBytes.first ?? buffer[24 - count], last: buffer[23])
            return (id, word, bit)
        }
    }
}

/// A node id made from an SVG id: characters an identifier cannot hold become `-`, and a leading
/// digit or `-` gets an `_` in front.
public func identifier(from raw: String) -> String {
    if isIdentifier(raw) { return raw }
    var result = ""
    for scalar in raw.unicodeScalars {
        let ok = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9") || scalar == "_" || scalar == "-"
        result.unicodeScalars.append(ok ? scalar : "-")
    }
    if result.isEmpty { return "_" }
    if let first = result.unicodeScalars.first, (first >= "0" && first <= "9") || first == "-" { result = "_" + result }
    return String(result.prefix(64))
}

/// Whether `raw` is already what `identifier(from:)` makes of it: the usual id, returned as it is.
func isIdentifier(_ raw: String) -> Bool {
    let utf8 = raw.utf8
    guard let first = utf8.first, utf8.count <= 64, !(first >= 48 && first <= 57), first != UInt8(ascii: "-") else { return false }
    return utf8.allSatisfy { byte in
        (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}
