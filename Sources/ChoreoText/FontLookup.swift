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

/// Weight names as CSS and OpenType use them.
public let fontWeightNames: [(name: String, weight: Double)] = [
    ("thin", 100), ("extralight", 200), ("light", 300), ("regular", 400), ("normal", 400), ("medium", 500),
    ("semibold", 600), ("bold", 700), ("extrabold", 800), ("black", 900),
]
