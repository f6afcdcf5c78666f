import ChoreoDiagnostics
import ChoreoJSON
import ChoreoTestSupport
import Foundation
import Testing

@testable import ChoreoLanguageServer

private let uri = "file:///scene.yaml"

private func server() -> LanguageServer {
    let server = LanguageServer(configuration: .init(documentationBase: "https://example.org/docs/", version: "test"))
    _ = server.handle(.object([("jsonrpc", "2.0"), ("id", 1), ("method", "initialize"), ("params", .object([("capabilities", .object([]))]))]))
    return server
}

private func request(_ method: String, id: Int = 7, _ params: JSONValue) -> JSONValue {
    .object([("jsonrpc", "2.0"), ("id", .int(id)), ("method", .string(method)), ("params", params)])
}

private func notification(_ method: String, _ params: JSONValue) -> JSONValue {
    .object([("jsonrpc", "2.0"), ("method", .string(method)), ("params", params)])
}

private func at(_ line: Int, _ character: Int) -> JSONValue {
    .object([("textDocument", .object([("uri", .string(uri))])), ("position", .object([("line", .int(line)), ("character", .int(character))]))])
}

private func open(_ server: LanguageServer, _ text: String) -> [JSONValue] {
    server.handle(notification("textDocument/didOpen", .object([
        ("textDocument", .object([("uri", .string(uri)), ("languageId", "yaml"), ("version", 1), ("text", .string(text))])),
    ])))
}

/// A scene that uses most of the language, for the prefix fuzz.
private let richScene = """
    choreo: 1
    name: bell
    size: [120, 120]
    vars:
      tilt: 15deg
      accent: "#FF3B30"
    layers:
      - &body {id: bell, shape: path, d: "M 40 80 L 60 30 L 80 80 Z", fill: $accent, stroke: {color: black, width: 2}}
      - id: clapper
        shape: ellipse
        radius: 6
        position: [60, 86]
        repeat: {count: 2, offset: [4, 0]}
      - id: group
        shape: group
        children:
          - {id: dot, shape: polygon, sides: 5, radius: 4, inner-radius: 2, position: [10, 10]}
    states:
      rest: {}
      ring: {bell: {rotation: $tilt}, clapper: {position: [64, 86]}}
    initial: rest
    transitions:
      - {from: rest, to: ring, on: tap, duration: 300ms, easing: {spring: {duration: 0.4s, bounce: 0.3}}}
    timelines:
      swing:
        duration: 1s
        loop: true
        keyframes:
          bell.rotation:
            - {at: 0s, value: 0deg}
            - {at: 0.5s, value: $tilt, easing: ease-in-out}
            - {at: 1s, value: 0deg}
        tweens:
          - {at: 0s, duration: 0.5s, to: {clapper: {opacity: 0.5}}}

    """

@Test func everyPrefixOfASceneIsAnsweredWithoutACrash() {
    // Every prefix of the scene, as an editor sends it while someone types: diagnostics, and the
    // cursor requests at the end of the text and at its start, must all be answered.
    let server = server()
    _ = open(server, "")
    let scalars = Array(richScene.unicodeScalars)
    var answered = 0
    for length in 0...scalars.count {
        let text = String(String.UnicodeScalarView(scalars[..<length]))
        let out = server.handle(notification("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .int(length + 2))])),
            ("contentChanges", .array([.object([("text", .string(text))])])),
        ])))
        // The first change sends the text just opened: linted already, so not again.
        #expect(out.count == (length == 0 ? 0 : 1), "one publishDiagnostics per change of the text")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let lastLine = lines.count - 1
        let lastCharacter = lines.last.map { $0.utf16.count } ?? 0
        for method in ["textDocument/completion", "textDocument/hover", "textDocument/definition"] {
            for (line, character) in [(lastLine, lastCharacter), (0, 0), (max(0, lastLine - 1), 3)] {
                let response = server.handle(request(method, at(line, character)))
                #expect(response.count == 1 && response[0]["result"] != nil, "\(method) at \(line):\(character) of prefix \(length)")
                answered += 1
            }
        }
    }
    #expect(answered == 9 * (scalars.count + 1))
}

@Test func aCompleteRichSceneHasNoDiagnosticsAndAnswersEverywhere() {
    let server = server()
    let published = open(server, richScene)
    #expect(published.first?["params"]?["diagnostics"] == .array([]), "\(published)")
    // Definition of an anchor from its alias is the `&name`.
    let text = richScene + "extra: *body\n"
    _ = server.handle(notification("textDocument/didChange", .object([
        ("textDocument", .object([("uri", .string(uri)), ("version", 3)])),
        ("contentChanges", .array([.object([("text", .string(text))])])),
    ])))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let definition = server.handle(request("textDocument/definition", at(lines.count - 2, 9)))
    #expect(definition.first?["result"]?["range"]?["start"] == .object([("line", 7), ("character", 4)]))
    // A keyframe path's node part leads to the node.
    let pathLine = lines.firstIndex { $0.contains("bell.rotation:") }!
    let node = server.handle(request("textDocument/definition", at(pathLine, 8)))
    #expect(node.first?["result"]?["range"]?["start"] == .object([("line", 7), ("character", 15)]))
    // Completion of keyframe tracks lists `node.property` for each node.
    let tracks = server.handle(request("textDocument/completion", at(pathLine, 6)))
    guard case let .array(items)? = tracks.first?["result"]?["items"] else {
        Issue.record("no completion items")
        return
    }
    let labels = items.compactMap { item -> String? in if case let .string(label)? = item["label"] { label } else { nil } }
    #expect(labels.contains("bell.rotation") && labels.contains("clapper.position") && labels.contains("dot.inner-radius"), "\(labels)")
}

@Test func positionsCountUTF16UnitsUnlessUTF32IsNegotiated() {
    // '😀' is two UTF-16 units and one Unicode scalar; the misspelt key after it must be reported
    // at the right character in both encodings.
    let document = Document(uri: uri, version: 1, text: "a: 😀 rotaton\n")
    let location = ChoreoDiagnostics.SourceLocation(line: 1, column: 6)
    #expect(document.position(location, encoding: .utf16) == .object([("line", 0), ("character", 6)]))
    #expect(document.position(location, encoding: .utf32) == .object([("line", 0), ("character", 5)]))
    #expect(document.location(line: 0, character: 6, encoding: .utf16) == location)
    #expect(document.location(line: 0, character: 5, encoding: .utf32) == location)
    // A client that offers utf-32 gets it.
    let utf32 = LanguageServer(configuration: .init(documentationBase: nil, version: "t"))
    let reply = utf32.handle(request("initialize", id: 1, .object([
        ("capabilities", .object([("general", .object([("positionEncodings", ["utf-16", "utf-32"])]))])),
    ])))
    #expect(reply.first?["result"]?["capabilities"]?["positionEncoding"] == .string("utf-32"))
}

@Test func incrementalChangesAreAppliedToo() {
    var document = Document(uri: uri, version: 1, text: "a: 1\nb: 😀x\n")
    document.apply(change: .object([
        ("range", .object([("start", .object([("line", 1), ("character", 5)])), ("end", .object([("line", 1), ("character", 6)]))])),
        ("text", "yz"),
    ]), encoding: .utf16)
    #expect(document.text == "a: 1\nb: 😀yz\n")
}

private func body(_ message: JSONValue) -> [UInt8] { Array(JSONWriter().string(message).utf8) }

private func insertion(_ text: String, line: Int, character: Int, version: Int) -> JSONValue {
    notification("textDocument/didChange", .object([
        ("textDocument", .object([("uri", .string(uri)), ("version", .int(version))])),
        ("contentChanges", .array([.object([
            ("range", .object([("start", at(line, character)["position"]!), ("end", at(line, character + (text.isEmpty ? 1 : 0))["position"]!)])),
            ("text", .string(text)),
        ])])),
    ]))
}

/// Counted work, not time: typing twenty characters, with a completion and a hover among the
/// keystrokes, compiles the scene once, after both requests are answered (each from a YAML read
/// of the text as it is), and an edit undone before the lint runs compiles nothing.
@Test func aBurstOfEditsIsLintedOnceAndRequestsDoNotWaitForIt() {
    let server = server()
    _ = open(server, richScene)
    #expect(server.lintCount == 1)
    let lineOfName = richScene.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("name:") }!
    let end = "name: bell".count
    var bodies: [[UInt8]] = []
    for k in 0..<20 {
        bodies.append(body(insertion("x", line: lineOfName, character: end + k, version: 2 + k)))
        if k == 9 { bodies.append(body(request("textDocument/completion", id: 9, at(lineOfName + 2, 0)))) }
    }
    bodies.append(body(request("textDocument/hover", id: 10, at(lineOfName, 1))))
    let replies = server.handle(bodies: bodies, publishing: false)
    #expect(replies.map { $0["id"] } == [.int(9), .int(10)], "only the two answers; no diagnostics yet")
    #expect(server.lintCount == 1 && server.treeReadCount == 2)
    #expect(server.hasPendingDiagnostics)
    let published = server.publishPendingDiagnostics()
    #expect(published.count == 1 && server.lintCount == 2)
    #expect(published.first?["params"]?["version"] == .int(21))
    #expect(server.documents[uri]?.text.contains("name: bell" + String(repeating: "x", count: 20)) == true)

    // Typed and deleted before the lint: the text is what was linted, so nothing runs.
    _ = server.handle(bodies: [
        body(insertion("y", line: lineOfName, character: end, version: 22)),
        body(insertion("", line: lineOfName, character: end, version: 23)),
    ])
    #expect(server.lintCount == 2)
    #expect(!server.hasPendingDiagnostics)
}

@Test func theServerAsksForIncrementalChanges() {
    let replies = LanguageServer(configuration: .init(documentationBase: nil, version: "t")).handle(
        request("initialize", id: 1, .object([("capabilities", .object([]))])))
    #expect(replies.first?["result"]?["capabilities"]?["textDocumentSync"]?["change"] == .int(2))
}

@Test func jsonParserReadsWhatLSPSendsAndRejectsTheRest() {
    #expect(JSONParser.parse(#"{"a": [1, -2.5e1, true, null, "x\u00e9\n\ud83d\ude00"]}"#)
        == .object([("a", .array([.int(1), .number(-25), .bool(true), .null, .string("xé\n😀")]))]))
    for bad in ["", "{", "[1,]", "{\"a\" 1}", "\"\\x\"", "01x", "nul", "\"\\ud83d\"", String(repeating: "[", count: 200)] {
        #expect(JSONParser.parse(bad) == nil, "\(bad.prefix(20))")
    }
}

@Test func framerSplitsMessagesWhateverTheChunks() throws {
    let messages: [JSONValue] = [.object([("id", 1)]), .object([("method", "é")])]
    let bytes = messages.flatMap(MessageFramer.frame)
    for chunk in [1, 3, 7, bytes.count] {
        var framer = MessageFramer()
        var out: [JSONValue] = []
        var index = 0
        while index < bytes.count {
            framer.append(bytes[index..<min(bytes.count, index + chunk)])
            index += chunk
            while let body = try framer.nextMessage() { out.append(JSONParser.parse(body)!) }
        }
        #expect(out == messages, "chunks of \(chunk)")
    }
    var broken = MessageFramer()
    broken.append(Array("Content-Type: x\r\n\r\n{}".utf8))
    #expect(throws: MessageFramer.Failure.missingContentLength) { try broken.nextMessage() }
}

@Test func requestsAfterShutdownAreRefused() {
    let server = server()
    _ = server.handle(request("shutdown", .null))
    let reply = server.handle(request("textDocument/hover", at(0, 0)))
    #expect(reply.first?["error"]?["code"] == .int(-32600))
    _ = server.handle(notification("exit", .null))
    #expect(server.exitStatus == 0)
}

/// The labels a completion at a line and character of the rich scene offers.
private func completionLabels(_ server: LanguageServer, _ line: Int, _ character: Int) -> [String] {
    guard case let .array(items)? = server.handle(request("textDocument/completion", at(line, character))).first?["result"]?["items"] else {
        return []
    }
    return items.compactMap { if case let .string(label)? = $0["label"] { label } else { nil } }
}

@Test func completionOffersNamesWhereTheyBelong() {
    let text = richScene
        + "extra:\n"  // line numbers below are of this text
    let server = server()
    _ = open(server, text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func line(containing marker: String) -> Int { lines.firstIndex { $0.contains(marker) }! }
    // A state's keys: node ids and its own keys.
    let stateLine = line(containing: "ring: {bell:")
    let inState = completionLabels(server, stateLine, 9)
    #expect(inState.contains("bell") && inState.contains("clapper") && inState.contains("dot") && inState.contains("play"), "\(inState)")
    // A node's values in a state: the animatable properties.
    let inOverride = completionLabels(server, stateLine, 16)
    #expect(inOverride.contains("rotation") && inOverride.contains("opacity") && !inOverride.contains("shape"), "\(inOverride)")
    // `from:` of a transition offers states; `shape:` its enum; `$` the vars; `*` the anchors.
    let transitionLine = line(containing: "{from: rest")
    #expect(completionLabels(server, transitionLine, 11) == ["rest", "ring"])
    let shapeLine = line(containing: "shape: ellipse")
    #expect(completionLabels(server, shapeLine, 11) == ["rect", "ellipse", "polygon", "path", "group", "text"])
    let varLine = line(containing: "value: $tilt")
    let dollar = lines[varLine].utf16.count - lines[varLine].components(separatedBy: "$tilt")[1].utf16.count - 4
    #expect(completionLabels(server, varLine, dollar) == ["$tilt", "$accent"], "\(lines[varLine])")
    // Inside a spring: its four keys.
    let springLine = line(containing: "spring: {duration")
    let springColumn = lines[springLine].utf16.count - "duration: 0.4s, bounce: 0.3}}}".utf16.count
    #expect(completionLabels(server, springLine, springColumn) == ["response", "damping-fraction", "duration", "bounce", "stiffness", "damping", "mass"])
}

@Test func completionOffersNodesAndPropertyPathsInATransitionsNodes() {
    let text = """
        choreo: 1
        size: [100, 100]
        layers:
          - {id: bell, shape: rect, size: [10, 10]}
        states:
          a: {}
          b: {bell: {opacity: 0}}
        transitions:
          - from: a
            to: b
            nodes:
              be
        """
    let server = server()
    _ = open(server, text)
    let labels = completionLabels(server, 11, 8)
    // Per-node timing names the node; per-property timing `node.property` (contract §9).
    #expect(labels.contains("bell") && labels.contains("bell.opacity") && labels.contains("bell.stroke.width"), "\(labels)")
    #expect(!labels.contains("bell.shape"))
}

/// Scene text in a hover was Markdown as written: a `shape:` holding an image and a `command:`
/// link rendered (and the link ran) in the editor. It is escaped, every ASCII punctuation mark.
@Test func hoverShowsSceneTextAsTextNotMarkdown() {
    let server = server()
    let hostile = "![x](https://evil.example/i.png) [run](command:workbench.action.terminal.new) <img src=x> `code` www.evil.example"
    _ = open(server, "choreo: 1\nsize: [10, 10]\nlayers:\n  - {id: bad, shape: \"\(hostile)\"}\n")
    let reply = server.handle(request("textDocument/hover", at(3, 10)))
    guard case let .string(value)? = reply.first?["result"]?["contents"]?["value"] else {
        Issue.record("no hover: \(reply)")
        return
    }
    #expect(value.hasPrefix("node **bad**: "), "\(value)")
    for markup in ["![", "](", " <img", " `code`", " www.evil"] {
        #expect(!value.contains(markup), "'\(markup)' in \(value)")
    }
    #expect(value.contains(#"\!\[x\]\(https\:\/\/evil\.example\/i\.png\)"#), "\(value)")
}

/// A U+2028 inside a quoted string is a line break to libyaml, not to an editor: the diagnostic
/// of the typo below it went to the next line in the editor.
@Test func diagnosticsAfterALineSeparatorInAStringAreOnTheEditorsLine() {
    let server = server()
    let out = open(server, "choreo: 1\nname: \"a\u{2028}b\"\nsize: [10, 10]\nlayers:\n  - {id: d, shape: rect, size: [1, 1], rotaton: 3deg}\n")
    guard case let .array(diagnostics)? = out.first?["params"]?["diagnostics"] else {
        Issue.record("no diagnostics: \(out)")
        return
    }
    let typo = diagnostics.first { $0["code"] == .string("unknown-key") }
    #expect(typo?["range"]?["start"] == .object([("line", 4), ("character", 39)]), "\(diagnostics)")
}

@Test func completionKnowsATransitionsPlayAndKeyframes() {
    let text = """
        choreo: 1
        size: [100, 100]
        layers:
          - {id: badge, shape: ellipse, size: [10, 10]}
        states:
          quiet: {}
          alert: {badge: {opacity: 0.5}}
        transitions:
          - from: quiet
            to: alert
            play: swing
            keyframes:
              badge.scale:
                - {at: 60%, value: 1.2}
        timelines:
          swing: {duration: 1s, keyframes: {badge.rotation: [{at: 0%, value: 0deg}, {at: 100%, value: 10deg}]}}

        """
    let server = server()
    let published = open(server, text)
    #expect(published.first?["params"]?["diagnostics"] == .array([]), "\(published)")
    // A transition's keys, the timelines `play:` may name, its keyframe tracks, a keyframe's keys.
    let inTransition = completionLabels(server, 9, 4)
    #expect(inTransition.contains("play") && inTransition.contains("keyframes"), "\(inTransition)")
    #expect(completionLabels(server, 10, 10) == ["swing"])
    let tracks = completionLabels(server, 12, 6)
    #expect(tracks.contains("badge.scale") && tracks.contains("badge.opacity"), "\(tracks)")
    let inKeyframe = completionLabels(server, 13, 11)
    #expect(inKeyframe.contains("at") && inKeyframe.contains("value"), "\(inKeyframe)")
}

/// The keys of §17 are offered where they go: `inputs` at the top, `when`, `set`, `emit` (and
/// `theme`) in a transition, `bind` in a state's `play:` map, with their documentation.
@Test func completionOffersTheInputKeys() {
    let text = """
        choreo: 1
        name: keys
        size: [10, 10]
        inputs:
          progress: {number: 0, range: [0, 1]}
        layers:
          - {id: a, shape: rect, size: [4, 4]}
        timelines:
          fill: {duration: 1s}
        states:
          idle: {}
          loading:
            play:
              timeline: fill
              
        transitions:
          - from: idle
            to: loading
            
        
        """
    let server = server()
    _ = open(server, text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    func labels(line: Int, character: Int) -> [String: String] {
        let reply = server.handle(request("textDocument/completion", at(line, character)))
        guard case let .array(items)? = reply.first?["result"]?["items"] else { return [:] }
        var result: [String: String] = [:]
        for item in items {
            guard case let .string(label)? = item["label"] else { continue }
            if case let .string(detail)? = item["documentation"]?["value"] ?? item["documentation"] ?? item["detail"] { result[label] = detail } else { result[label] = "" }
        }
        return result
    }
    let playLine = lines.firstIndex { $0.hasPrefix("      timeline: fill") }! + 1
    let inPlay = labels(line: playLine, character: 6)
    #expect(inPlay["bind"] != nil && inPlay["loop"] != nil, "\(inPlay)")
    #expect(inPlay["bind"]?.contains("number input") == true, "\(inPlay)")
    let transitionLine = lines.firstIndex { $0.hasPrefix("    to: loading") }! + 1
    let inTransition = labels(line: transitionLine, character: 4)
    for key in ["when", "set", "emit", "theme"] { #expect(inTransition[key] != nil, "\(key) missing: \(inTransition.keys.sorted())") }
    let top = labels(line: lines.count - 1, character: 0)
    #expect(top["inputs"] != nil, "\(top.keys.sorted())")
}

@Test func completionInsideAShadowOffersItsKeys() {
    let text = """
        choreo: 1
        size: [100, 100]
        layers:
          - id: card
            shape: rect
            size: [40, 40]
            shadow: {color: black, }
        """
    let server = server()
    _ = open(server, text)
    // Line 6, after `{color: black, `: the shadow's keys, from the property table.
    #expect(completionLabels(server, 6, 27) == ["color", "offset", "blur"])
}

/// `artwork:` is a node key: offered where a node's keys are, documented on hover, and its map
/// form offers `file` and `prefix`.
@Test func completionAndHoverKnowArtwork() {
    let text = """
        choreo: 1
        size: [100, 100]
        layers:
          - id: icon
            artwork: {file: bell.svg, prefix: bell-}
            a
        """
    let server = server()
    _ = open(server, text)
    #expect(completionLabels(server, 5, 5).contains("artwork"), "\(completionLabels(server, 5, 5))")
    #expect(completionLabels(server, 4, 14) == ["file", "prefix"], "\(completionLabels(server, 4, 14))")
    let reply = server.handle(request("textDocument/hover", at(4, 6)))
    guard case let .string(value)? = reply.first?["result"]?["contents"]?["value"] else {
        Issue.record("no hover: \(reply)")
        return
    }
    #expect(value.hasPrefix("**artwork**: an SVG file"), "\(value)")
}

/// `mode` is a mask's key and a matte's: each offers its own words. A scene with components is
/// read as the compiler reads it, so a node's hover shows its resolved style.
@Test func aMattesModeOffersMatteModesAndAComponentSceneResolvesItsNodes() {
    let scene = """
        choreo: 1
        size: [100, 100]
        components:
          dot: {layers: [{id: body, shape: ellipse, radius: 4, fill: red}]}
        layers:
          - {id: spot, shape: ellipse, radius: 15, position: [50, 50], fill: white}
          - {id: photo, shape: rect, size: [40, 40], position: [50, 50], fill: blue, matte: {node: spot, mode: luma}}
          - {id: pip, use: dot, position: [10, 10]}
        """
    let typing = server()
    _ = open(typing, scene.replacingOccurrences(of: "mode: luma}", with: "mode: }"))
    let modes = completionLabels(typing, 6, 103)
    #expect(modes == ["alpha", "alpha-inverted", "luma", "luma-inverted"], "\(modes)")
    let reading = server()
    let diagnostics = open(reading, scene)
    #expect(!"\(diagnostics)".contains("\"severity\""), "\(diagnostics)")
    let reply = reading.handle(request("textDocument/hover", at(5, 10)))
    guard case let .string(value)? = reply.first?["result"]?["contents"]?["value"] else {
        Issue.record("no hover: \(reply)")
        return
    }
    #expect(value.hasPrefix("**spot**: ellipse"), "\(value)")
    #expect(!value.contains("the scene has errors"), "\(value)")
}

@Test func completionAndHoverKnowInputsInsideALiveTextAndABinding() {
    // The scene reads as YAML (the index is built from the last tree read); the cursor stands
    // where a name or a format is being typed.
    let text = """
        choreo: 1
        name: likes
        size: [100, 40]
        inputs:
          count: {number: 0, range: [0, 999]}
          period: {choice: [week, month]}
        fonts:
          ui: {file: fonts/ui.ttf}
        layers:
          - {id: label, shape: text, font: ui, size: 12, text: "{count | int} likes, {co"}
          - {id: bar, shape: rect, size: [4, 4], opacity: {bind: }}
          - {id: total, shape: text, font: ui, size: 12, text: "{count | gr"}

        """
    let server = server()
    _ = open(server, text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func cursor(after marker: String) -> (Int, Int) {
        let line = lines.firstIndex { $0.contains(marker) }!
        return (line, lines[line].range(of: marker)!.upperBound.utf16Offset(in: lines[line]))
    }
    let (holeLine, holeEnd) = cursor(after: "likes, {co")
    #expect(completionLabels(server, holeLine, holeEnd) == ["count"])
    let (bindLine, bindEnd) = cursor(after: "{bind: ")
    #expect(Set(completionLabels(server, bindLine, bindEnd)) == ["count", "period"])
    let (formatLine, formatEnd) = cursor(after: "{count | gr")
    #expect(completionLabels(server, formatLine, formatEnd) == ["grouped"])
    // After a closed `{…}` the text is literal again: no input is offered.
    let (closedLine, closedEnd) = cursor(after: "{count | int} lik")
    #expect(!completionLabels(server, closedLine, closedEnd).contains("count"))

    let (hoverLine, hoverColumn) = cursor(after: "text: \"{cou")
    let reply = server.handle(request("textDocument/hover", at(hoverLine, hoverColumn)))
    guard case let .string(value)? = reply.first?["result"]?["contents"]?["value"] else {
        Issue.record("no hover: \(reply)")
        return
    }
    #expect(value == "input **count**: number input (line 5)")
}
