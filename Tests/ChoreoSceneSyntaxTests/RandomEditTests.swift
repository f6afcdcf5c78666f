import ChoreoDiagnostics
import ChoreoSceneSyntax
import ChoreoTestSupport
import ChoreoTimeline
import Foundation
import Testing

/// Contract §23's bar: random edits over every scene of the repository each change only the
/// edited value's bytes (or add only the inserted key's or keyframe's lines), and each edited file
/// reads back as the same scene but for that value, in every place that reads it.
@Suite struct RandomEditTests {
    /// Every scene of the repository that compiles: the showcase, the conformance feature scenes,
    /// the valid fixtures and the docs' examples.
    static func sceneFiles() throws -> [URL] {
        let root = repositoryRoot()
        var files: [URL] = []
        for folder in ["scenes", "Tests/conformance/feature-scenes", "Tests/ChoreoSceneTests/Fixtures/valid", "docs/examples"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "yaml" { files.append(url) }
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    enum Kind: String, CaseIterable {
        case blockValue = "value in a block map", flowValue = "value in a flow collection", varValue = "value from a var"
        case sharedValue = "value from an anchor or merge", unitValue = "value with a unit", insertedKey = "inserted key"
        case insertedKeyframe = "inserted keyframe"
    }

    @Test func thousandRandomEditsChangeOnlyTheirBytesAndReadBack() throws {
        let files = try Self.sceneFiles()
        #expect(files.count >= 80)
        let documents = try files.map { SceneDocument(SourceFile(path: $0.lastPathComponent, bytes: Array(try Data(contentsOf: $0)))) }
        for document in documents { #expect(document.root != nil, "\(document.file.path) reads") }
        let candidates = documents.map(Candidates.init)
        // Each kind of value edit draws from the values of that kind in every scene.
        var pools: [Kind: [(file: Int, value: Candidates.Value)]] = [:]
        for (file, found) in candidates.enumerated() {
            for value in found.values {
                for kind in Kind.allCases where kind.matches(value, in: documents[file]) { pools[kind, default: []].append((file, value)) }
            }
        }
        let maps = candidates.enumerated().flatMap { file, found in found.maps.map { (file, $0) } }
        let tracks = candidates.enumerated().flatMap { file, found in found.tracks.map { (file, $0) } }
        var random = SeededRandom(state: 0x5CE4E)
        var made: [Kind: Int] = [:]
        var edited = Set<Int>()
        var placesOverOne = 0
        for index in 0..<1000 {
            let kind = Kind.allCases[index % Kind.allCases.count]
            switch kind {
            case .insertedKey:
                let (file, map) = try #require(maps.randomElement(using: &random))
                try checkInsertedKey(documents[file], map: map, number: index, random: &random)
                edited.insert(file)
            case .insertedKeyframe:
                let (file, track) = try #require(tracks.randomElement(using: &random))
                try checkInsertedKeyframe(documents[file], track: track, random: &random)
                edited.insert(file)
            case .blockValue:
                // Scene by scene in turn, so that every scene is edited.
                let file = (index / Kind.allCases.count) % documents.count
                let pool = candidates[file].values.filter { kind.matches($0, in: documents[file]) }
                let value = try #require((pool.isEmpty ? candidates[file].values : pool).randomElement(using: &random))
                placesOverOne += try checkSetting(documents[file], value, random: &random) > 1 ? 1 : 0
                edited.insert(file)
            default:
                let (file, value) = try #require(pools[kind]?.randomElement(using: &random), "no \(kind.rawValue) in any scene")
                placesOverOne += try checkSetting(documents[file], value, random: &random) > 1 ? 1 : 0
                edited.insert(file)
            }
            made[kind, default: 0] += 1
        }
        #expect(made.values.reduce(0, +) == 1000)
        #expect(edited.count == documents.count, "every scene is edited")
        print("random scene edits: 1000 over \(edited.count) scenes; " + Kind.allCases.map { "\($0.rawValue) \(made[$0] ?? 0)" }.joined(separator: ", ")
            + "; \(placesOverOne) edited a definition read in more than one place")
    }

    // MARK: Setting a value

    /// Sets the value at the candidate's path to a new value of its kind, checks the bytes and
    /// the read-back, and returns how many places the edit reported.
    func checkSetting(_ document: SceneDocument, _ candidate: Candidates.Value, random: inout SeededRandom) throws -> Int {
        let definition = document.definition(of: candidate.node)
        let old = try #require(document[definition].scalar).value
        let (value, check) = newValue(replacing: old, random: &random)
        let edit = try document.setting(candidate.path, to: value).get()
        let text = try #require(edit.applied(to: document))
        let context = "\(document.file.path): set \(candidate.path) (\(old)) to \(value): \(edit.message)"

        // Only the definition's bytes changed.
        let before = Array(document.file.text.utf8), after = Array(text.utf8)
        let bytes = document[definition].bytes
        #expect(after.starts(with: before[..<bytes.lowerBound]), "\(context): bytes before the value changed")
        #expect(after.reversed().starts(with: before[bytes.upperBound...].reversed()), "\(context): bytes after the value changed")

        // It reads back as the same scene but for that value, which reads as what was set.
        let edited = SceneDocument(SourceFile(path: document.file.path, text: text))
        #expect(edited.diagnostics.count == document.diagnostics.count, "\(context): \(edited.diagnostics.first?.message ?? "")")
        guard let root = document.root, let editedRoot = edited.root, let written = edited.scalar(definition) else {
            Issue.record("\(context): the edited file does not read")
            return 0
        }
        #expect(check(written), "\(context): wrote '\(written)'")
        let expected = document.resolvedValue(root, replacing: [definition: .text(written, .plain)])
        #expect(plain(edited.resolvedValue(editedRoot)) == plain(expected), "\(context): the scene reads differently elsewhere")

        // As many places read the new value as the edit says.
        let changed = differingLeaves(expanded(document), expanded(edited))
        #expect(changed == edit.places, "\(context): \(changed) places changed, the edit says \(edit.places)")
        return edit.places
    }

    /// A value of the old one's kind, and how to check the text written for it.
    func newValue(replacing old: String, random: inout SeededRandom) -> (SceneValue, (String) -> Bool) {
        var number = (Double(Int.random(in: 1...4000, using: &random)) / 100).rounded(toPlaces: 2)
        // A value equal to the old one would change no place at all.
        if let (written, unit) = quantity(old) ?? Double(old).map({ ($0, "") }), abs((unit == "ms" ? written / 1000 : written) - number) < 1e-9 {
            number += 0.01
        }
        if let (_, unit) = quantity(old) {
            switch unit {
            case "s", "ms", "f":
                return (.seconds(number), { text in
                    guard let (written, writtenUnit) = quantity(text), writtenUnit == unit else { return false }
                    let seconds = unit == "s" ? written : unit == "ms" ? written / 1000 : written / framesPerSecond(text, old)
                    return unit == "f" || abs(seconds - number) < 1e-6
                })
            case "deg", "turn", "rad":
                return (.degrees(number), { text in
                    guard let (written, writtenUnit) = quantity(text), writtenUnit == unit else { return false }
                    let degrees = unit == "deg" ? written : unit == "turn" ? written * 360 : written * 180 / Double.pi
                    return abs(degrees - number) < 1e-3
                })
            default:
                return (.quantity(number, unit: unit), { $0 == formatted(number) + unit })
            }
        }
        if Double(old) != nil { return (.number(number), { Double($0) == number }) }
        if old.hasPrefix("#") {
            let color = RGBA(Double(Int.random(in: 0...255, using: &random)) / 255, 0.2, 1, 1)
            let hex = hexColor(color)
            return (.color(color), { $0 == hex })
        }
        let words = ["ease-in", "none", "round", "a: b", "# not a comment", "it's", "two words", "[bracketed]", "x, y", "true", "-dash", "é→ü"]
        var word = words.randomElement(using: &random)!
        if word == old { word += "2" }
        let chosen = word
        return (.string(chosen), { $0 == chosen })
    }

    // MARK: Inserting

    func checkInsertedKey(_ document: SceneDocument, map: Candidates.Map, number: Int, random: inout SeededRandom) throws {
        let key = SceneKey(name: "added-\(number)")
        let isBlock = document[map.node].style == .block
        let values: [SceneValue] = [
            .number(Double(number) / 8), .point(Point(Double(number), -2.5)), .string("some text"),
            isBlock ? .map([SceneEntry(SceneKey(.scale), .number(2)), SceneEntry(SceneKey(.fill), .color(RGBA(1, 0, 0, 1)))], .block)
                : .map([SceneEntry(SceneKey(.scale), .number(2))], .flow),
        ]
        let value = values.randomElement(using: &random)!
        let edit = try document.inserting(key, value, into: map.path).get()
        try checkInsertion(document, edit, lineLevel: isBlock, context: "\(document.file.path): insert \(key) into \(map.path)") { edited, editedRoot, root in
            // Every place that reads the map reads the new key with its value, and without it the
            // scene reads as before (the key is new to the scene, so no map had it).
            let occurrences = allValues(of: key, in: expanded(edited))
            #expect(occurrences.count == edit.places, "\(map.path): \(occurrences.count) maps read the key, the edit says \(edit.places)")
            #expect(occurrences.allSatisfy { plain($0) == plain(value) })
            #expect(plain(removing(key, from: edited.resolvedValue(editedRoot))) == plain(document.resolvedValue(root)))
        }
    }

    func checkInsertedKeyframe(_ document: SceneDocument, track: Candidates.Track, random: inout SeededRandom) throws {
        let times = document.items(track.list).compactMap { document.value(SceneKey.at, in: $0).flatMap(document.scalar) }.compactMap(document.seconds(ofTime:))
        var seconds = Double(Int.random(in: 0...200, using: &random)) / 100
        while times.contains(where: { abs(seconds - $0) < 1e-9 }) { seconds += 0.005 }
        let value = SceneValue.number(Double(Int.random(in: 0...100, using: &random)) / 100)
        let edit = try document.insertingKeyframe(timeline: track.timeline, track: track.name, at: seconds, value: value).get()
        let context = "\(document.file.path): keyframe at \(seconds)s in \(track.timeline).\(track.name)"
        try checkInsertion(document, edit, lineLevel: document[document.resolved(track.list)].style == .block, context: context) { edited, editedRoot, root in
            let editedList = try #require(edited.node(at: track.path))
            let old = document.resolvedValue(track.list).items, new = edited.resolvedValue(editedList).items
            #expect(new.count == old.count + 1)
            // The new keyframe is in time order, and the others are as they were.
            let at = new.map { item in item[SceneKey.at]?.scalarText.flatMap(edited.seconds(ofTime:)) ?? -1 }
            guard let index = new.firstIndex(where: { plain($0[SceneKey.value] ?? .number(-1)) == plain(value) && abs(at[new.firstIndex(of: $0)!] - seconds) < 1e-6 }) else {
                Issue.record("\(context): no keyframe at \(seconds)s with the value")
                return
            }
            #expect(index == 0 || at[index - 1] <= seconds, "\(context): after a later keyframe")
            #expect(index == new.count - 1 || at[index + 1] >= seconds, "\(context): before an earlier keyframe")
            var without = new
            without.remove(at: index)
            #expect(plain(.list(without, .block)) == plain(.list(old, .block)))
            let expected = document.resolvedValue(root, replacing: [document.resolved(track.list): edited.resolvedValue(editedList)])
            #expect(plain(edited.resolvedValue(editedRoot)) == plain(expected))
        }
    }

    /// An insertion adds text at one place and changes nothing else: whole lines in a block
    /// collection (at the start of a line, ending with a line break), else text after a comma or
    /// bracket; and the file reads back as `check` says.
    func checkInsertion(
        _ document: SceneDocument, _ edit: SceneEdit, lineLevel: Bool, context: String,
        check: (SceneDocument, SceneNodeID, SceneNodeID) throws -> Void
    ) throws {
        #expect(edit.edits.count == 1)
        let insertion = try #require(edit.edits.first)
        #expect(insertion.range.start == insertion.range.end, "\(context): replaces text")
        let before = Array(document.file.text.utf8)
        let offset = try #require(document.file.utf8Offset(of: insertion.range.start))
        let text = try #require(edit.applied(to: document))
        #expect(Array(text.utf8) == Array(before[..<offset]) + Array(insertion.replacement.utf8) + Array(before[offset...]))
        if lineLevel {
            let atLineStart = offset == 0 || before[offset - 1] == UInt8(ascii: "\n")
            let atEnd = offset == before.count && insertion.replacement.hasPrefix("\n")
            #expect(atLineStart && insertion.replacement.hasSuffix("\n") || atEnd, "\(context): not whole lines: \(insertion.replacement.debugDescription)")
        }
        let edited = SceneDocument(SourceFile(path: document.file.path, text: text))
        #expect(edited.diagnostics.count == document.diagnostics.count, "\(context): \(edited.diagnostics.first?.message ?? "")")
        guard let root = document.root, let editedRoot = edited.root else {
            Issue.record("\(context): the edited file does not read")
            return
        }
        try check(edited, editedRoot, root)
    }
}

// MARK: Where the edits go

/// The places of one document the test edits.
struct Candidates {
    struct Value {
        var path: ScenePath
        var node: SceneNodeID
        var throughAlias: Bool
        var throughMerge: Bool
    }

    struct Map {
        var path: ScenePath
        var node: SceneNodeID
    }

    struct Track {
        var timeline: String
        var name: String
        var path: ScenePath
        var list: SceneNodeID
    }

    var values: [Value] = []
    var maps: [Map] = []
    var tracks: [Track] = []

    init(_ document: SceneDocument) {
        guard let root = document.root else { return }
        var seenMaps = Set<SceneNodeID>()
        func walk(_ id: SceneNodeID, path: ScenePath, alias: Bool, merge: Bool) {
            let node = document.resolved(id)
            let alias = alias || node != id
            switch document[node].kind {
            case .scalar:
                // Values whose definition is a scalar: a `$point` reference reads a list, whose numbers are values of their own.
                if !path.components.isEmpty, document[document.definition(of: id)].scalar != nil { values.append(Value(path: path, node: id, throughAlias: alias, throughMerge: merge)) }
            case let .list(items):
                for (index, item) in items.enumerated() { walk(item, path: path.appending(.index(index)), alias: alias, merge: merge) }
            case .map:
                let entries = document.entries(node)
                // Maps with written entries take new keys (a map of only merged keys has no neighbours to follow).
                if case let .map(written) = document[node].kind, !written.isEmpty || document[node].style == .flow, seenMaps.insert(node).inserted {
                    maps.append(Map(path: path, node: id))
                }
                for entry in entries {
                    guard let key = document[entry.key].scalar?.value else { continue }
                    walk(entry.value, path: path.appending(.key(key)), alias: alias, merge: merge || entry.mergedThrough != nil)
                }
            case .alias: break
            }
        }
        walk(root, path: [], alias: false, merge: false)
        for timeline in document.section(SceneKey.timelines) {
            guard let name = document[timeline.key].scalar?.value, let keyframes = document.value(SceneKey.keyframes, in: timeline.value) else { continue }
            for track in document.entries(keyframes) {
                guard let trackName = document[track.key].scalar?.value, document[document.resolved(track.value)].isList else { continue }
                tracks.append(Track(
                    timeline: name, name: trackName,
                    path: [.key(SceneKey.timelines.text), .key(name), .key(SceneKey.keyframes.text), .key(trackName)], list: track.value))
            }
        }
    }
}

extension RandomEditTests.Kind {
    func matches(_ value: Candidates.Value, in document: SceneDocument) -> Bool {
        let definition = document.definition(of: value.node)
        let parent = document[definition].parent.map { document[$0] }
        switch self {
        case .blockValue: return parent?.isMap == true && parent?.style == .block
        case .flowValue: return parent?.style == .flow
        case .varValue: return document.varReference(value.node) != nil && definition != document.resolved(value.node)
        case .sharedValue: return value.throughAlias || value.throughMerge
        case .unitValue: return document[definition].scalar.map { quantity($0.value) != nil } ?? false
        case .insertedKey, .insertedKeyframe: return false
        }
    }
}

// MARK: Comparing scenes

/// A value with every scalar's quoting forgotten: what the scene reads, not how it is written.
func plain(_ value: SceneValue) -> SceneValue {
    switch value {
    case let .list(items, style): return .list(items.map(plain), style)
    case let .map(entries, style): return .map(entries.map { SceneEntry($0.key, plain($0.value)) }, style)
    default: return .text(value.scalarText ?? "", .plain)
    }
}

/// The whole scene as it reads with every `$name` replaced by its var's value, `vars:` left out.
func expanded(_ document: SceneDocument) -> SceneValue {
    guard let root = document.root else { return .list([], .block) }
    let scene = document.resolvedValue(root)
    let vars = Dictionary(scene[SceneKey.vars]?.entries.map { ($0.key.text, $0.value) } ?? [], uniquingKeysWith: { a, _ in a })
    func substitute(_ value: SceneValue, depth: Int) -> SceneValue {
        switch value {
        case let .list(items, style): return .list(items.map { substitute($0, depth: depth) }, style)
        case let .map(entries, style): return .map(entries.map { SceneEntry($0.key, substitute($0.value, depth: depth)) }, style)
        case let .text(text, .plain) where text.hasPrefix("$") && depth < 8:
            guard let defined = vars[String(text.dropFirst())] else { return value }
            return substitute(defined, depth: depth + 1)
        default: return value
        }
    }
    return substitute(.map(scene.entries.filter { $0.key != SceneKey.vars }, .block), depth: 0)
}

/// The values of `key` in every map of a value.
func allValues(of key: SceneKey, in value: SceneValue) -> [SceneValue] {
    switch value {
    case let .list(items, _): return items.flatMap { allValues(of: key, in: $0) }
    case let .map(entries, _): return entries.flatMap { $0.key == key ? [$0.value] : allValues(of: key, in: $0.value) }
    default: return []
    }
}

/// A value with `key` taken out of every map.
func removing(_ key: SceneKey, from value: SceneValue) -> SceneValue {
    switch value {
    case let .list(items, style): return .list(items.map { removing(key, from: $0) }, style)
    case let .map(entries, style): return .map(entries.filter { $0.key != key }.map { SceneEntry($0.key, removing(key, from: $0.value)) }, style)
    default: return value
    }
}

/// How many scalars differ between two values of the same shape.
func differingLeaves(_ a: SceneValue, _ b: SceneValue) -> Int {
    switch (a, b) {
    case let (.list(x, _), .list(y, _)) where x.count == y.count: return zip(x, y).map { differingLeaves($0, $1) }.reduce(0, +)
    case let (.map(x, _), .map(y, _)) where x.count == y.count:
        return zip(x, y).map { $0.key == $1.key ? differingLeaves($0.value, $1.value) : 1 }.reduce(0, +)
    default: return plain(a) == plain(b) ? 0 : 1
    }
}

func quantity(_ text: String) -> (Double, String)? {
    guard let unitStart = text.firstIndex(where: { $0.isLetter }), let number = Double(text[..<unitStart]) else { return nil }
    let unit = String(text[unitStart...])
    return unit.allSatisfy(\.isLetter) ? (number, unit) : nil
}

func formatted(_ number: Double) -> String {
    number == number.rounded() ? String(Int(number)) : String(number)
}

/// Frames are checked only for keeping their unit: the scene's fps is the editor's to read.
func framesPerSecond(_ text: String, _ old: String) -> Double { 60 }

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
