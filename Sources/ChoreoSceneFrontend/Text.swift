import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoText
import ChoreoTimeline
import ChoreoYAML
import Foundation

/// The fonts a scene declares, each read once, and the files they came from.
struct SceneFonts {
    var byName: [String: Font] = [:]
    /// Names declared but unusable (already reported): text using them stays quiet.
    var broken: Set<String> = []
    /// Every font file read, in declaration order, then the fallback fonts' as they are first
    /// used: what the output depends on besides the scene.
    var files: [String] = []
    /// Installed fonts read to draw what a text's font lacks, by file and face (nil: unreadable).
    var fallbacks: [String: Font?] = [:]
    /// The fallback fonts found for each weight and set of characters fonts lacked, in the order
    /// to try them.
    var fallbackSearches: [FallbackSearch: [Font]] = [:]
    var declared: [String] { Array(byName.keys) + broken }
}

struct FallbackSearch: Hashable {
    var characters: [Character]
    var weight: Double
}

/// The most fonts one scene may declare: each may be 32 MiB.
let maximumSceneFonts = 16
/// The most installed fonts one scene's texts may fall back to, and the most searches for them
/// (each asks fontconfig about every installed font).
let maximumFallbackFonts = 4
let maximumFallbackSearches = 16

/// The most combining marks (non-starters) in a row a text may hold: UAX #15's stream-safe limit.
let maximumCombiningMarksInARow = 30

extension FrontendContext {
    /// `fonts:`: name → `{file: …}` (relative to the scene) or `{family: …}` (found through
    /// fontconfig), each with an optional `weight` and, for a collection, `index`.
    func readFonts(_ node: YAMLNode) {
        guard let pairs = mapPairs(node, expected: "a map of fonts by name, such as {ui: {file: fonts/Inter.ttf}}") else { return }
        for (position, pair) in pairs.enumerated() {
            guard let name = identifier(pair.key, what: "font name") else { continue }
            guard position < maximumSceneFonts else {
                error(.valueTooLarge, "a scene declares at most \(maximumSceneFonts) fonts", at: pair.key.reportRange)
                fonts.broken.insert(name)
                continue
            }
            if let font = readFont(pair.value) { fonts.byName[name] = font } else { fonts.broken.insert(name) }
        }
    }

    private func readFont(_ node: YAMLNode) -> Font? {
        guard let map = readMap(node, what: "a font", allowed: ["file", "family", "weight", "index"], expected: "a font: {file: …} or {family: …}")
        else { return nil }
        var weight: Double?
        if let weightNode = map.value("weight") {
            guard let value = fontWeight(weightNode) else { return nil }
            weight = value
        }
        var index = 0
        if let indexNode = map.value("index") {
            guard let value = integer(indexNode, name: "index", bound: .between(0, 1000)) else { return nil }
            index = value
        }
        switch (map.entry("file"), map.entry("family")) {
        case (_?, let family?):
            error(.conflictingKeys, "a font takes file or family, not both", at: family.key.reportRange)
            return nil
        case (nil, nil):
            error(.missingKey, "missing 'file' or 'family' for a font", at: startRange(of: node),
                help: "name a font file next to the scene: {file: fonts/Inter.ttf}")
            return nil
        case let (file?, nil):
            guard let relative = scalarText(file.value, expected: "a font file's path") else { return nil }
            return loadFont(path: relative, at: file.value.reportRange, index: index, weight: weight, weightNode: map.value("weight"))
        case let (nil, family?):
            guard let name = scalarText(family.value, expected: "a font family name") else { return nil }
            guard let match = findInstalledFont(family: name, weight: weight ?? 400) else {
                error(.fontNotFound, "no installed font has the family '\(name)'", at: family.value.reportRange,
                    help: "put the font file next to the scene and write {file: fonts/NAME.ttf}, or install the family")
                return nil
            }
            warning(.fontFromSystem,
                "the font family '\(name)' is whatever font this machine has installed under that name; another machine may draw other glyphs",
                at: family.value.reportRange, help: "put the font file next to the scene and write {file: …} for output that is the same everywhere")
            guard let files else {
                error(.fontNotFound, "this program compiles scenes without reading files, so the font family '\(name)' cannot be read",
                    at: family.value.reportRange, help: "compile with choreo, or give compileScene a SceneFileAccess")
                return nil
            }
            return loadFont(files.readInstalledFont(at: match.file, limit: Font.maximumBytes), path: match.file, shown: name,
                at: family.value.reportRange, index: match.index, weight: weight, weightNode: map.value("weight"))
        }
    }

    /// A weight: a number 1…1000 or a name (`bold`).
    private func fontWeight(_ node: YAMLNode) -> Double? {
        if let text = node.scalar?.value, let found = fontWeightNames.first(where: { $0.name == text.lowercased() }) { return found.weight }
        if let text = node.scalar?.value, Double(text) == nil {
            let names = fontWeightNames.map(\.name)
            let match = guessName(text, in: names)
            error(.unknownFontWeight, "unknown font weight '\(text)'; expected a number 1…1000 or \(listing(names))",
                at: node.reportRange, help: match.map { "did you mean '\($0)'?" }, fixIts: match.map { replacing(node, with: $0) } ?? [])
            return nil
        }
        return number(node, name: "weight", bound: .between(1, 1000))
    }

    /// A font file named relative to the scene's folder, read through `files` (inside the folder).
    private func loadFont(path relative: String, at range: SourceRange, index: Int, weight: Double?, weightNode: YAMLNode?) -> Font? {
        guard let files else {
            error(.fontNotFound, "this program compiles scenes without reading files, so the font file '\(relative)' cannot be read", at: range,
                help: "compile with choreo, or give compileScene a SceneFileAccess")
            return nil
        }
        let read = files.read(relative, besideScene: file.path, limit: Font.maximumBytes)
        let directory = (file.path as NSString).deletingLastPathComponent
        let joined = directory.isEmpty ? relative : directory + "/" + relative
        return loadFont(read, path: joined, shown: relative, at: range, index: index, weight: weight, weightNode: weightNode)
    }

    private func loadFont(_ read: SceneFileRead, path: String, shown: String, at range: SourceRange, index: Int, weight: Double?, weightNode: YAMLNode?) -> Font? {
        let data: [UInt8]
        switch read {
        case let .bytes(bytes): data = bytes
        case let .refused(refusal):
            var (message, help) = refusalMessage(refusal, what: "font file", shown: shown, limit: "32 MiB")
            switch refusal {
            case .tooLarge:
                fonts.files.append(path)
                help = "subset the font to the characters the scene uses"
            case .outsideFolder: help = "copy the font next to the scene, for example fonts/NAME.ttf"
            default: break
            }
            error(refusal == .tooLarge ? .fontUnreadable : .fontNotFound, message, at: range, help: help)
            return nil
        }
        fonts.files.append(path)
        do {
            return try Font(data: data, index: index, weight: weight)
        } catch .tooLarge {
            error(.fontUnreadable, "the font file '\(shown)' is larger than 32 MiB", at: range,
                help: "subset the font to the characters the scene uses")
        } catch let .unreadable(code) {
            error(.fontUnreadable, "'\(shown)' is not a font FreeType can read (error \(code))", at: range,
                help: "name a TrueType (.ttf), OpenType (.otf) or collection (.ttc) file")
        } catch .bitmapOnly {
            error(.fontUnreadable, "'\(shown)' is a bitmap font (a colour emoji font, say): its glyphs are pictures, with no outlines to draw as shapes", at: range,
                help: "use a font with outlines for these characters, such as a monochrome emoji font (Noto Emoji) or one whose colour glyphs are outlines (COLR)")
        } catch let .noFace(index, faces) {
            error(.fontUnreadable, "the font file '\(shown)' has \(faces) face\(faces == 1 ? "" : "s"); there is no index \(index)", at: range,
                help: "index counts from 0")
        } catch let .weightUnavailable(requested, available) {
            let has = available.lowerBound == available.upperBound
                ? "only the weight \(formatWeight(available.lowerBound)) (it is not a variable font)"
                : "weights \(formatWeight(available.lowerBound))…\(formatWeight(available.upperBound))"
            error(.unknownFontWeight, "the font '\(shown)' has \(has), not \(formatWeight(requested))", at: weightNode?.reportRange ?? range,
                help: available.lowerBound == available.upperBound
                    ? "name the file of that weight, or remove 'weight'" : "give a weight the font has")
        } catch {
            preconditionFailure("Font(data:) throws FontError only")
        }
        return nil
    }

    private func formatWeight(_ value: Double) -> String { describeNumber(value) }

    /// `text: $progress` where `progress` is an input, not a var: a text shows an input's value
    /// as `{progress}`, which is suggested (the text would otherwise draw "$progress").
    private func reportInputsWrittenAsVars(in text: String, at node: YAMLNode) {
        for reference in variableReferences(in: text)
        where environment.vars[reference.name] == nil && varRanges[reference.name] == nil && inputNames.contains(reference.name) {
            let written = "$" + reference.name
            let scalars = Array(text.unicodeScalars)
            var rewritten = scalars
            rewritten.replaceSubrange(reference.offset..<(reference.offset + written.unicodeScalars.count), with: "{\(reference.name)}".unicodeScalars)
            error(
                .undefinedVar, "'\(written)' is no var: '\(reference.name)' is an input, which a text shows as '{\(reference.name)}'",
                at: rangeInScalar(node, offset: reference.offset, length: written.unicodeScalars.count),
                help: "write {\(reference.name)} in the text (with '| int', '| fixed N', '| percent' or '| grouped' to format a number)",
                fixIts: suggesting(node, String(String.UnicodeScalarView(rewritten))))
        }
    }

    /// A text node's geometry: its text set into glyph outlines, the text box centred on the origin.
    func readText(_ map: MapEntries, into info: NodeInfo) {
        info.base[.d] = Property.d.defaultValue!
        let textNode = map.value(.text)
        let text = textNode.flatMap { scalarText($0, expected: "the text to set") }
        if let text, let textNode, text.utf8.contains(UInt8(ascii: "$")) { reportInputsWrittenAsVars(in: text, at: textNode) }
        var font: Font?
        if let fontNode = map.value(.font), let name = scalarText(fontNode, expected: "a font's name from fonts:") {
            font = fonts.byName[name]
            if font == nil, !fonts.broken.contains(name) {
                let match = guessName(name, in: fonts.declared.sorted())
                error(.fontNotFound,
                    fonts.declared.isEmpty ? "no font '\(name)': the scene has no fonts:" : "no font '\(name)' in fonts:",
                    at: fontNode.reportRange,
                    help: match.map { "did you mean '\($0)'?" } ?? "declare it: fonts: {\(name): {file: fonts/NAME.ttf}}",
                    fixIts: match.map { replacing(fontNode, with: $0) } ?? [])
            }
        }
        let size = map.value(.size).flatMap { number($0, name: Property.size.key, bound: .between(0.01, 10000)) } ?? 0
        var style = TextStyle(size: size)
        if let node = map.value(.align), let word = keyword(node, .align), let alignment = TextAlignment(rawValue: word) { style.alignment = alignment }
        if let value = number(.lineHeight, in: map) { style.lineHeight = value }
        if let value = number(.letterSpacing, in: map) { style.letterSpacing = value }
        style.maxWidth = number(.maxWidth, in: map)
        if let perGlyph = map.value(.perGlyph),
            let settings = readMap(perGlyph, what: Property.perGlyph.key, allowed: Property.perGlyph.childKeys, required: Property.perGlyph.requiredChildren.map(\.key)),
            let delayNode = settings.value(.perGlyphDelay),
            let delay = time(delayNode, name: Property.perGlyphDelay.key, bound: Property.perGlyphDelay.descriptor.bound)
        {
            texts.perGlyph[info.id] = (delay, perGlyph.reportRange)
        }
        info.model.accessibleName = text
        if let a11y = map.value(.a11y),
            let settings = readMap(a11y, what: Property.a11y.key, allowed: Property.a11y.childKeys, required: Property.a11y.requiredChildren.map(\.key)),
            let labelNode = settings.value(.a11yLabel),
            let label = scalarText(labelNode, expected: "the text's accessible name")
        {
            info.model.accessibleName = label
        }
        guard var text, let font, size > 0, let textNode else { return }
        var live: LiveTextPlan?
        if text.contains("{") || text.contains("}") {
            guard style.maxWidth == nil, !text.contains("\n") else {
                error(.unknownProperty, "a live text is one line: it takes no 'max-width' and no line break", at: textNode.reportRange,
                      help: "make a text node per line")
                return
            }
            guard let read = readLiveText(text, node: textNode, id: info.id, font: font, style: style) else { return }
            // Named by the text it shows at the defaults, unless `a11y` names it.
            if info.model.accessibleName == text { info.model.accessibleName = read.shown }
            text = read.shown
            live = read.plan
        }
        guard let layout = setText(text, font: font, style: style, at: textNode.reportRange, maxWidthRange: map.value(.maxWidth)?.reportRange)
        else { return }
        texts.settings[info.id] = TextSetting(text: text, font: font, style: style, layout: layout)
        info.base[.d] = .path(layout.outline)
        info.baseRanges[.d] = textNode.reportRange
        info.localBounds = Bounds(centeredSize: live?.size ?? layout.size)
        if let live { texts.live[info.id] = live }
    }

    /// Sets `text` and reports what the font cannot draw or `max-width` cannot hold, at `range`
    /// (the text as written) and `maxWidthRange`; nil when its outlines are over the vertex limit.
    func setText(_ text: String, font: Font, style: TextStyle, at range: SourceRange, maxWidthRange: SourceRange?) -> TextLayout? {
        // A character drawn is at least one vertex (most are tens), and one that draws nothing in
        // such numbers is no text: a text of more characters than the vertices the scene has left
        // is refused before it is shaped (7 MB of text took 3 GB shaping and placing it).
        let limit = SceneLimits.pathVertexLimit(inputBytes: file.bytes.count)
        let budget = max(limit - pathVertexCount, 0)
        let characters = text.unicodeScalars.count
        guard characters <= budget else {
            if !reportedTooManyVertices {
                reportedTooManyVertices = true
                error(.tooManyVertices,
                    "a text of \(characters) characters, more than the \(budget) path vertices the scene has left of the limit of \(limit)\(limitExplanation(limit, floor: SceneLimits.maxPathVertices, inputBytes: file.bytes.count)); each character drawn is at least one",
                    at: range, help: "shorten the text")
            }
            pathVertexCount = limit + 1
            return nil
        }
        // HarfBuzz merges a cluster's marks one at a time, quadratic in their number: 16,000
        // combining marks on one letter took 1.7 s to shape. Unicode's stream-safe text format
        // (UAX #15) allows 30 in a row; no script needs more.
        var marksInARow = 0
        for scalar in text.unicodeScalars {
            marksInARow = scalar.properties.canonicalCombiningClass == .notReordered ? 0 : marksInARow + 1
            guard marksInARow <= maximumCombiningMarksInARow else {
                error(.valueTooLarge,
                    "the text has more than \(maximumCombiningMarksInARow) combining marks in a row, more than Unicode's stream-safe text format allows",
                    at: range, help: "no script stacks that many marks on one character; remove them")
                return nil
            }
        }
        // Glyphs are placed only while the scene's vertex limit holds: past it, none is built.
        var layout = font.layOut(text, style: style, vertexBudget: budget)
        func listed(_ characters: [Character]) -> String {
            let named = characters.prefix(8).map { character in
                "'\(character)' (\(character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }.joined(separator: " ")))"
            }
            return characters.count > 8 ? named.joined(separator: ", ") + " and \(characters.count - 8) more" : listing(named, conjunction: "and")
        }
        let lacking = layout.missingCharacters
        var searched = false
        if !lacking.isEmpty, let fallbacks = fallbackFonts(for: lacking, weight: font.weight) {
            searched = true
            if !fallbacks.isEmpty { layout = font.layOut(text, style: style, vertexBudget: budget, fallbacks: fallbacks) }
            let drawn = lacking.filter { !layout.missingCharacters.contains($0) }
            if !drawn.isEmpty {
                var families: [String] = []
                for fallback in fallbacks where !families.contains(fallback.familyName) { families.append(fallback.familyName) }
                warning(.fontFromSystem,
                    "the font '\(font.familyName)' has no glyph for \(listed(drawn)): \(drawn.count == 1 ? "it is" : "they are") drawn in \(listing(families.map { "'\($0)'" }, conjunction: "or")), whatever font this machine has installed for \(drawn.count == 1 ? "it" : "them"); another machine may draw other glyphs",
                    at: range, help: "use a font file that has these characters ({file: …}) for output that is the same everywhere")
            }
        }
        if !layout.missingCharacters.isEmpty {
            let nowhere = searched ? ", nor has any font installed on this machine" : ""
            error(.missingGlyph,
                "the font '\(font.familyName)' has no glyph for \(listed(layout.missingCharacters))\(nowhere)", at: range,
                help: "use a font that covers these characters, or remove them from the text")
        }
        if let maxWidth = style.maxWidth, let word = layout.unbreakableWords.first {
            error(.textTooWide, "'\(word)' is wider than max-width \(describeNumber(maxWidth)) and has no place where a line may break",
                at: maxWidthRange ?? range,
                help: "widen max-width, make the text smaller, or break the word with a space or \\n")
        }
        guard addPathVertices(layout.vertexCount, at: range) else { return nil }
        return layout
    }
}

extension FrontendContext {
    /// Installed fonts that draw `characters`, as fontconfig ranks them for text of `weight`, each
    /// read once (its file is then one the output depends on); bounded in fonts read and in
    /// searches. Nil when none was searched for: without file access, or past the searches' bound.
    func fallbackFonts(for characters: [Character], weight: Double) -> [Font]? {
        let search = FallbackSearch(characters: characters, weight: weight)
        if let known = fonts.fallbackSearches[search] { return known }
        guard let files, fonts.fallbackSearches.count < maximumFallbackSearches else { return nil }
        var found: [Font] = []
        for match in findFallbackFonts(for: characters, weight: weight, limit: maximumFallbackFonts) {
            let key = "\(match.file)#\(match.index)"
            if let known = fonts.fallbacks[key] {
                if let known { found.append(known) }
                continue
            }
            guard fonts.fallbacks.count < maximumFallbackFonts else { break }
            var loaded: Font?
            if case let .bytes(bytes) = files.readInstalledFont(at: match.file, limit: Font.maximumBytes) {
                loaded = try? Font(data: bytes, index: match.index)
                if loaded != nil { fonts.files.append(match.file) }
            }
            fonts.fallbacks[key] = .some(loaded)
            if let loaded { found.append(loaded) }
        }
        fonts.fallbackSearches[search] = found
        return found
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
