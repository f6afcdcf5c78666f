import ChoreoDiagnostics
import ChoreoJSON
import ChoreoYAML
import Testing

@testable import ChoreoLanguageServer

private let uri = "file:///incremental.yaml"

/// The benchmark's scenes in small: rects on one line and ellipses over six, every node (heavy)
/// or every tenth (light) moved by a state, a spring, a looping timeline.
private func scene(nodes: Int, heavy: Bool) -> String {
    var out = "choreo: 1\nname: incremental\nsize: [1000, 1000]\nfps: 60\nvars:\n  cell: 10\n  half: $cell / 2\nlayers:\n"
    for index in 0..<nodes {
        let x = 5 + 10 * (index % 100), y = 5 + 10 * (index / 100 % 100)
        if index % 2 == 0 {
            out += "  - {id: n\(index), shape: rect, size: [8, 8], corner-radius: 2, position: [\(x), \(y)], fill: \"#3366cc\"}\n"
        } else {
            out += "  - id: n\(index)\n    shape: ellipse\n    radius: $half - 1\n    position: [\(x), \(y)]\n"
            out += "    fill: rgb(200 80 40)\n    stroke: {color: black, width: 1}\n"
        }
    }
    out += "states:\n  rest: {}\n  moved:\n"
    for index in stride(from: 0, to: nodes, by: heavy ? 1 : 10) { out += "    n\(index): {rotation: 45deg, opacity: 0.5}\n" }
    out += "initial: rest\ntransitions:\n"
    out += "  - {from: rest, to: moved, on: tap, duration: 0.3s, easing: ease-in-out}\n"
    out += "  - {from: moved, to: rest, on: tap, duration: 0.3s, delay: 0.1s, easing: snappy}\n"
    out += "timelines:\n  pulse:\n    duration: 1s\n    loop: true\n    keyframes:\n"
    for index in stride(from: 0, to: nodes, by: heavy ? 10 : 100) {
        out += "      n\(index).scale:\n        - {at: 0s, value: 1}\n        - {at: 0.5s, value: 1.5, easing: ease-out}\n"
        out += "        - {at: 1s, value: 1, easing: ease-in}\n"
    }
    return out
}

private func message(_ method: String, id: Int? = nil, _ params: JSONValue) -> JSONValue {
    var members: [(String, JSONValue)] = [("jsonrpc", "2.0")]
    if let id { members.append(("id", .int(id))) }
    members += [("method", .string(method)), ("params", params)]
    return .object(members)
}

private func opened(_ text: String) -> (server: LanguageServer, published: JSONValue?) {
    let server = LanguageServer(configuration: .init(documentationBase: nil, version: "test"))
    _ = server.handle(message("initialize", id: 1, .object([("capabilities", .object([]))])))
    let replies = server.handle(message("textDocument/didOpen", .object([
        ("textDocument", .object([("uri", .string(uri)), ("languageId", "yaml"), ("version", 1), ("text", .string(text))])),
    ])))
    return (server, replies.last?["params"]?["diagnostics"])
}

private func edit(_ server: LanguageServer, from start: (line: Int, character: Int), to end: (line: Int, character: Int), with text: String, version: Int)
    -> JSONValue?
{
    let replies = server.handle(message("textDocument/didChange", .object([
        ("textDocument", .object([("uri", .string(uri)), ("version", .int(version))])),
        ("contentChanges", .array([.object([
            ("range", .object([
                ("start", .object([("line", .int(start.line)), ("character", .int(start.character))])),
                ("end", .object([("line", .int(end.line)), ("character", .int(end.character))])),
            ])),
            ("text", .string(text)),
        ])])),
    ])))
    return replies.last?["params"]?["diagnostics"]
}

/// A one-character edit inside one layer of a 1,000-node scene reads that layer's YAML again and
/// nothing else, the front end reads that layer alone and lowering builds that layer alone (the
/// other 999 are taken from the last lint), and of the states only the entries naming that
/// layer's node are read again; an edit of a state, or one that adds a line, reads
/// the whole text; an edit of an id reads that layer again, and the layer whose id it takes too.
@Test func anEditInsideOneLayerReadsOnlyThatLayer() {
    let text = scene(nodes: 1_000, heavy: true)
    let (server, _) = opened(text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let radiusLine = lines.indices.filter { lines[$0] == "    radius: $half - 1" }[250]
    let cache = server.layerCaches[uri]!
    let lowering = server.loweringCaches[uri]!
    #expect(lowering.layersLowered == 1_000)
    func counts() -> [Int] {
        [
            server.lintCount, server.lintWholeReads, server.lintEntryReads, server.lintYAMLBytes, cache.layersRead, cache.layersReused,
            lowering.layersLowered, lowering.layersReused, cache.statesPatched, cache.stateEntriesRead, cache.keyframePairsRead,
        ]
    }
    let start = counts()
    func added() -> [Int] { zip(counts(), start).map { $0 - $1 } }

    _ = edit(server, from: (radiusLine, 20), to: (radiusLine, 21), with: "2", version: 2)
    // One lint: no whole read, one layer's YAML (the ellipse's six lines, not the text's 170 kB),
    // one layer read by the front end, 999 taken.
    #expect(Array(added()[0..<3]) == [1, 0, 1])
    #expect(added()[3] <= 160, "the edit read \(added()[3]) bytes of YAML")
    #expect(Array(added()[4..<8]) == [1, 999, 1, 999])
    // The state that moves every node is patched: its entry for the edited layer's node alone is
    // read; the timeline's 100 keyframe pairs are all taken (n501 has none).
    #expect(Array(added()[8...]) == [1, 1, 0])

    let idLine = radiusLine - 2
    #expect(lines[idLine] == "  - id: n501")
    _ = edit(server, from: (idLine, 12), to: (idLine, 12), with: "x", version: 3)  // n501x: a new id
    #expect(Array(added()[4..<6]) == [2, 1_998])
    _ = edit(server, from: (idLine, 11), to: (idLine, 13), with: "3", version: 4)  // n503: taken
    #expect(Array(added()[4..<6]) == [4, 2_996], "the layer and the one whose id it takes are read again")
    #expect(Array(added()[0..<3]) == [3, 0, 3])

    let stateLine = lines.firstIndex { $0.hasPrefix("    n500: ") }!
    _ = edit(server, from: (stateLine, 24), to: (stateLine, 25), with: "6", version: 5)
    #expect(Array(added()[1..<3]) == [0, 4], "an edit of a state reads that state's entry alone")
    _ = edit(server, from: (radiusLine, 0), to: (radiusLine, 0), with: "    # a comment\n", version: 6)
    #expect(added()[1] == 1, "an edit that adds a line reads the whole text")
    #expect(added()[2] == 4)
}

/// A one-character edit in each section outside the layers (a state's entry, a transition, a
/// keyframe, a var) reads that entry's YAML alone, not the text, lowers only the layers it can
/// change, and publishes what a whole lint of the same text publishes.
@Test func anEditInEachSectionReadsItsEntryAlone() {
    let text = scene(nodes: 300, heavy: true)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let (server, _) = opened(text)
    var current = lines
    func column(_ line: Int, before marker: String) -> Int { current[line].components(separatedBy: marker)[0].utf16.count - 1 }
    let edits: [(section: String, line: Int, character: Int, text: String)] = [
        ("states", lines.firstIndex { $0.hasPrefix("    n150: ") }!, column(lines.firstIndex { $0.hasPrefix("    n150: ") }!, before: "deg"), "7"),
        ("transitions", lines.firstIndex { $0.contains("{from: rest, to: moved") }!,
            column(lines.firstIndex { $0.contains("{from: rest, to: moved") }!, before: "s, easing"), "5"),
        ("timelines", lines.indices.filter { $0 > lines.firstIndex(of: "timelines:")! && lines[$0].contains("at: 0.5s, value: 1.5") }[10],
            column(lines.indices.filter { $0 > lines.firstIndex(of: "timelines:")! && lines[$0].contains("at: 0.5s, value: 1.5") }[10], before: ", easing"), "7"),
        ("timelines", lines.firstIndex(of: "    duration: 1s")!, 14, "2"),
        ("vars", lines.firstIndex(of: "  half: $cell / 2")!, 16, "4"),
        ("vars", lines.firstIndex(of: "  cell: 10")!, 8, "2"),
    ]
    for (version, edit) in edits.enumerated() {
        let whole = server.lintWholeReads, entries = server.lintEntryReads, bytes = server.lintYAMLBytes, lowered = server.layersLowered
        let published = IncrementalLintTests.apply(server, line: edit.line, character: edit.character, text: edit.text, version: version + 2)
        var scalars = Array(current[edit.line].unicodeScalars)
        scalars.replaceSubrange(edit.character..<edit.character + 1, with: edit.text.unicodeScalars)
        current[edit.line] = String(String.UnicodeScalarView(scalars))
        #expect(server.documents[uri]!.text == current.joined(separator: "\n"))
        #expect(server.lintWholeReads == whole && server.lintEntryReads == entries + 1, "an edit in \(edit.section) reads its entry alone")
        #expect(server.lintYAMLBytes - bytes < 100, "an edit in \(edit.section) read \(server.lintYAMLBytes - bytes) bytes of YAML")
        // A state's value or a keyframe of one node lowers that node's layer; a time moves every
        // span, and a var every ellipse reads changes 150 layers.
        #expect(server.layersLowered - lowered == [1, 300, 1, 300, 150, 150][version], "the layers an edit in \(edit.section) lowers")
        #expect(published == opened(current.joined(separator: "\n")).published, "an edit in \(edit.section) publishes what a whole lint does")
    }
}

/// An edit of a layer whose node a state and a timeline's keyframes animate reads that state
/// entry and that keyframe pair again, and takes the other 999 entries and 99 pairs.
@Test func anEditOfOneLayerReadsItsStateEntryAndKeyframePairAlone() {
    let text = scene(nodes: 1_000, heavy: true)
    let (server, _) = opened(text)
    let cache = server.layerCaches[uri]!
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let rectLine = lines.firstIndex { $0.hasPrefix("  - {id: n500, ") }!
    let column = lines[rectLine].utf16.count - lines[rectLine].split(separator: "corner-radius: ").last!.utf16.count
    let before = (cache.layersRead, cache.statesPatched, cache.stateEntriesRead, cache.keyframePairsRead)
    let published = edit(server, from: (rectLine, column), to: (rectLine, column + 1), with: "3", version: 2)
    #expect(cache.layersRead - before.0 == 1)
    #expect(cache.statesPatched - before.1 == 1)
    #expect(cache.stateEntriesRead - before.2 == 1)
    #expect(cache.keyframePairsRead - before.3 == 1)
    var edited = lines
    edited[rectLine] = Substring(String(edited[rectLine]).replacing("corner-radius: 2", with: "corner-radius: 3"))
    #expect(published == opened(edited.joined(separator: "\n")).published)
}

/// Random edits of every kind, each linted as it comes; after each the server publishes exactly
/// what a server that opened the same text publishes, and its tree is the whole text's tree.
@Test(arguments: [false, true]) func incrementalLintsPublishWhatAWholeLintPublishes(heavy: Bool) {
    var seed: UInt64 = heavy ? 0x9E37_79B9_7F4A_7C15 : 0xD1B5_4A32_D192_ED03
    func next(_ bound: Int) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((seed >> 33) % UInt64(bound))
    }
    let (server, _) = opened(scene(nodes: 120, heavy: heavy))
    let pieces = ["1", "0", "x", " ", "n7", "rect", "ellipse", "9deg", "$half", "s"]
    let breaking = ["-", ":", "#", "$", "{", "]", ",", "\"", "&a", "*a", "\t", "  ", "- "]
    var undo: [(start: (Int, Int), end: (Int, Int), text: String)] = []
    var spliced = 0
    for version in 2..<260 {
        let document = server.documents[uri]!
        let lineCount = document.lines.count
        var start = (next(lineCount), 0)
        start.1 = next(document.line(start.0).count + 1)
        var end = start
        var text = next(4) == 0 ? breaking[next(breaking.count)] : pieces[next(pieces.count)]
        // A text whose YAML has a problem is linted whole until the problem goes: undo it soon.
        let kind = server.lintBase[uri] == nil && next(2) == 0 ? 3 : next(10)
        switch kind {
        case 0:  // a line deleted
            start.1 = 0
            end = (start.0 + 1, 0)
            text = ""
        case 1:  // a line inserted
            start.1 = 0
            end = start
            text = ["    radius: 3\n", "  - {id: extra\(version), shape: rect, size: [1, 1]}\n", "\n", "# note\n"][next(4)]
        case 2:  // a character deleted
            end.1 = min(start.1 + 1, document.line(start.0).count)
            text = ""
        case 3:  // the last edit undone
            guard let last = undo.popLast() else { continue }
            start = last.start
            end = last.end
            text = last.text
        case 4:  // a character of an id
            let idLines = (0..<lineCount).filter { document.line($0).starts(with: Array("  - id: n".unicodeScalars)) }
            guard !idLines.isEmpty else { continue }
            start = (idLines[next(idLines.count)], 9)
            end = (start.0, 10)
            text = String(next(10))
        default:  // a character replaced, or inserted
            end.1 = min(start.1 + next(2), document.line(start.0).count)
        }
        let before = document.text
        let published = edit(server, from: start, to: end, with: text, version: version)
        let after = server.documents[uri]!.text
        if kind != 3 { undo.append(IncrementalLintTests.inverse(of: (start, end), inserted: text, in: before, giving: after)) }
        if server.lintEntryReads > spliced {
            spliced = server.lintEntryReads
            let fresh = readYAML(SourceFile(path: "/incremental.yaml", text: after)).root
            #expect(server.lintBase[uri]?.root.debugDescription == fresh?.debugDescription, "the spliced tree after edit \(version)")
        }
        guard after != before else { continue }
        let expected = opened(after).published
        #expect(published == expected, "edit \(version) (\(start)-\(end) '\(text)'): the lint differs from a whole lint")
        if published != expected { return }
    }
    // About a third of the edits are outside the layers and a quarter add or remove lines (or
    // undo that); of the rest, those of a text whose YAML reads cleanly read one entry alone.
    #expect(spliced > 35, "only \(spliced) of the lints read one entry alone")
}

private enum IncrementalLintTests {
    /// `edit` of one character at a position.
    static func apply(_ server: LanguageServer, line: Int, character: Int, text: String, version: Int) -> JSONValue? {
        edit(server, from: (line, character), to: (line, character + 1), with: text, version: version)
    }

    /// The edit that takes `after` back to `before`.
    static func inverse(of range: ((Int, Int), (Int, Int)), inserted: String, in before: String, giving after: String)
        -> (start: (Int, Int), end: (Int, Int), text: String)
    {
        let old = Document(uri: uri, version: 0, text: before)
        let removed = text(of: old, from: range.0, to: range.1)
        // Where the inserted text ends, in the new text's lines.
        let insertedLines = Document.splitLines(inserted)
        let startLine = range.0.0, startCharacter = min(range.0.1, old.line(range.0.0).count)
        let endLine = startLine + insertedLines.count - 1
        let endCharacter = (insertedLines.count == 1 ? startCharacter : 0) + insertedLines.last!.count
        return ((startLine, startCharacter), (endLine, endCharacter), removed)
    }

    static func text(of document: Document, from start: (Int, Int), to end: (Int, Int)) -> String {
        let scalars = Array(document.text.unicodeScalars)
        func offset(_ position: (Int, Int)) -> Int {
            guard position.0 < document.lines.count else { return scalars.count }
            var index = 0
            for line in 0..<position.0 { index += document.line(line).count + breakLength(scalars, after: index + document.line(line).count) }
            return index + min(position.1, document.line(position.0).count)
        }
        let from = offset(start), to = max(from, offset(end))
        return String(String.UnicodeScalarView(scalars[from..<to]))
    }

    private static func breakLength(_ scalars: [Unicode.Scalar], after index: Int) -> Int {
        guard index < scalars.count else { return 0 }
        if scalars[index] == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { return 2 }
        return 1
    }
}
