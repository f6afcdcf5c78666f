import CFontconfig

/// A font file fontconfig picked for a family name: what this machine has installed, so a scene
/// naming a family may compile differently elsewhere (the result is never written into an output).
public struct FontMatch: Sendable, Equatable {
    public var file: String
    public var index: Int
    /// The family of the face fontconfig matched (it substitutes another when it has none of that name).
    public var family: String
}

/// The installed face fontconfig matches for `family` at `weight` (OpenType 100…900); nil when
/// fontconfig has no face of that family name.
public func findInstalledFont(family: String, weight: Double) -> FontMatch? {
    guard let config = FcInitLoadConfigAndFonts() else { return nil }
    defer { FcConfigDestroy(config) }
    guard let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    _ = family.withCString { name in name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcPatternAddString(pattern, "family", $0) } }
    _ = FcPatternAddDouble(pattern, "weight", FcWeightFromOpenTypeDouble(weight))
    _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let matched = FcFontMatch(config, pattern, &result) else { return nil }
    defer { FcPatternDestroy(matched) }
    var file: UnsafeMutablePointer<FcChar8>?
    var familyName: UnsafeMutablePointer<FcChar8>?
    var index: Int32 = 0
    guard FcPatternGetString(matched, "file", 0, &file) == FcResultMatch, let file,
        FcPatternGetString(matched, "family", 0, &familyName) == FcResultMatch, let familyName
    else { return nil }
    _ = FcPatternGetInteger(matched, "index", 0, &index)
    let found = String(cString: familyName)
    // fontconfig always answers with something; only a face of the family asked for counts.
    guard found.lowercased() == family.lowercased() else { return nil }
    return FontMatch(file: String(cString: file), index: Int(index), family: found)
}

/// Installed faces with outlines that draw what of `characters` another font lacks, in the order
/// fontconfig ranks faces for them at `weight`: for each character in turn that no face chosen so
/// far draws, the first face that draws all its scalars; at most `limit` faces. A character no
/// installed face draws is drawn by none of them.
public func findFallbackFonts(for characters: [Character], weight: Double, limit: Int) -> [FontMatch] {
    guard limit > 0, !characters.isEmpty, let config = FcInitLoadConfigAndFonts() else { return [] }
    defer { FcConfigDestroy(config) }
    guard let pattern = FcPatternCreate() else { return [] }
    defer { FcPatternDestroy(pattern) }
    guard let wanted = FcCharSetCreate() else { return [] }
    defer { FcCharSetDestroy(wanted) }
    for scalar in characters.flatMap(\.unicodeScalars) { _ = FcCharSetAddChar(wanted, scalar.value) }
    _ = FcPatternAddCharSet(pattern, "charset", wanted)
    _ = FcPatternAddDouble(pattern, "weight", FcWeightFromOpenTypeDouble(weight))
    _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let set = FcFontSort(config, pattern, FcFalse, nil, &result) else { return [] }
    defer { FcFontSetDestroy(set) }
    var remaining = characters
    var found: [FontMatch] = []
    for position in 0..<Int(set.pointee.nfont) where !remaining.isEmpty && found.count < limit {
        guard let face = set.pointee.fonts[position] else { continue }
        var outline: FcBool = FcFalse
        var charset: OpaquePointer?
        var file: UnsafeMutablePointer<FcChar8>?
        var family: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        // A face of bitmaps (a colour emoji font) has no outlines to draw as shapes.
        guard FcPatternGetBool(face, "outline", 0, &outline) == FcResultMatch, outline == FcTrue,
            FcPatternGetCharSet(face, "charset", 0, &charset) == FcResultMatch, let charset,
            FcPatternGetString(face, "file", 0, &file) == FcResultMatch, let file,
            FcPatternGetString(face, "family", 0, &family) == FcResultMatch, let family
        else { continue }
        _ = FcPatternGetInteger(face, "index", 0, &index)
        let drawn = remaining.filter { $0.unicodeScalars.allSatisfy { FcCharSetHasChar(charset, $0.value) == FcTrue } }
        guard !drawn.isEmpty else { continue }
        remaining.removeAll { drawn.contains($0) }
        found.append(FontMatch(file: String(cString: file), index: Int(index), family: String(cString: family)))
    }
    return found
}

/// Weight names as CSS and OpenType use them.
public let fontWeightNames: [(name: String, weight: Double)] = [
    ("thin", 100), ("extralight", 200), ("light", 300), ("regular", 400), ("normal", 400), ("medium", 500),
    ("semibold", 600), ("bold", 700), ("extrabold", 800), ("black", 900),
]
