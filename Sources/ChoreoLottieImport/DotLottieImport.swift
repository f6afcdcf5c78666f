import ChoreoArchive

/// A dotLottie archive (v1: `manifest.json` and `animations/`; v2: `a/`, `s/`, `t/`): its first
/// animation (the manifest's initial one) as the scene.
enum DotLottieImport {
    static func read(_ bytes: [UInt8], source: String) -> Result<ImportedLottie, LottieFinding> {
        func refuse(_ message: String, member: String? = nil) -> Result<ImportedLottie, LottieFinding> {
            .failure(LottieFinding(member: member, pointer: "", offset: nil, message: message))
        }
        let archive: ZipReader
        do { archive = try ZipReader(bytes) } catch { return refuse("not a dotLottie archive: \(error.message)") }
        var manifest: LottieJSON?
        if let entry = archive.member("manifest.json") {
            guard let data = try? archive.read(entry, limit: 1 << 20), case let .success(json) = LottieJSONReader.read(data) else {
                return refuse("an unreadable manifest.json", member: "manifest.json")
            }
            manifest = json
        }
        let animations = manifest?["animations"]?.items?.compactMap { $0["id"]?.string } ?? []
        let initial = manifest?["initial"]?["animation"]?.string ?? manifest?["activeAnimationId"]?.string
        let candidates = (initial.map { [$0] } ?? []) + animations
        var chosen: ZipReader.Member?
        for id in candidates {
            for folder in ["a/", "animations/"] {
                for ext in [".json", ".lot"] where chosen == nil {
                    chosen = archive.member(folder + id + ext)
                }
            }
            if chosen != nil { break }
        }
        if chosen == nil {
            chosen = archive.members.first { ($0.path.hasPrefix("a/") || $0.path.hasPrefix("animations/")) && $0.path.hasSuffix(".json") }
        }
        guard let member = chosen else { return refuse("a dotLottie archive with no animation in it") }
        let data: [UInt8]
        do { data = try archive.read(member, limit: LottieImporter.maxDocumentBytes) } catch {
            return refuse(error.message, member: member.path)
        }
        let others = Set(animations).count - 1
        return LottieImporter.importJSON(data, source: source, member: member.path) { document in
            if others > 0 {
                document.warnings.add(pointer: "", offset: nil, "the archive holds \(others + 1) animations; the scene is made of the first, \(member.path)", kind: .approximation)
            }
            if archive.members.contains(where: { $0.path.hasPrefix("s/") || $0.path.hasPrefix("states/") }) {
                document.warnings.add(pointer: "", offset: nil, "the archive's state machine, which this importer does not map yet; it is left out", kind: .approximation)
            }
            if archive.members.contains(where: { $0.path.hasPrefix("t/") || $0.path.hasPrefix("themes/") }) {
                document.warnings.add(pointer: "", offset: nil, "the archive's themes, which this importer does not map yet; they are left out", kind: .approximation)
            }
        }
    }
}
