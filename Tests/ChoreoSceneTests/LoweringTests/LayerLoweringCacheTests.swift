import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoSVGImport
import ChoreoTestSupport
import ChoreoYAML
import Foundation
import Testing

@testable import ChoreoScene
@testable import ChoreoSceneLowering

/// The scenes of scenes/, the feature scenes and the valid fixtures: scenes that lower.
private func loweringCorpus() throws -> [URL] {
    func yamlFiles(_ path: String) throws -> [URL] {
        let directory = repositoryRoot().appendingPathComponent(path)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }.sorted()
            .map { directory.appendingPathComponent($0) }
    }
    return try yamlFiles("scenes") + yamlFiles("Tests/conformance/feature-scenes") + yamlFiles("Tests/ChoreoSceneTests/Fixtures/valid")
}

/// A document linted as the language server lints it: the YAML read whole, the front end's and
/// lowering's caches kept between lints.
private final class CachedDocument {
    let path: String
    let layers = LayerReadCache()
    let lowering = LayerLoweringCache()

    init(path: String) { self.path = path }

    func lint(_ text: String) -> SceneCompilation {
        let file = SourceFile(path: path, text: text)
        return compileScene(file, read: readYAML(file), artwork: SVGArtworkLoader(), files: SceneFolderFiles(), layerCache: layers, loweringCache: lowering)
    }
}

/// Where in a layer's lines the first digit of a number is (not of a name or a var), to edit.
private func digitToEdit(in lines: [String], from first: Int, through last: Int) -> (line: Int, column: Int)? {
    for index in first...min(last, lines.count - 1) {
        let line = Array(lines[index])
        guard !lines[index].contains("#"), let colon = line.firstIndex(of: ":") else { continue }
        for column in (colon + 1)..<line.count where line[column].isASCII && line[column].isNumber {
            let before = line[column - 1]
            if before.isLetter || before.isNumber || before == "$" || before == "_" || before == "-" { continue }
            return (index, column)
        }
    }
    return nil
}

/// Every scene lowered a second time with the cache gives the timeline and the diagnostics of a
/// lowering of its own, and takes every layer.
@Test func aLoweringFromKeptLayersIsTheLoweringThatBuildsThem() throws {
    var reused = 0
    for url in try loweringCorpus() {
        let text = try String(contentsOf: url, encoding: .utf8)
        let expected = compileScene(SourceFile(path: url.path, text: text), artwork: SVGArtworkLoader(), files: SceneFolderFiles())
        let document = CachedDocument(path: url.path)
        _ = document.lint(text)
        let before = document.lowering.layersReused
        let again = document.lint(text)
        reused += document.lowering.layersReused - before
        #expect(again.diagnostics == expected.diagnostics, "\(url.lastPathComponent)")
        #expect(again.timeline == expected.timeline, "\(url.lastPathComponent)")
    }
    #expect(reused > 150, "only \(reused) layers were taken")
}

/// A digit of a value edited in each top-level layer of every scene in turn (each edit of the
/// scene as written): the lint with the caches publishes the diagnostics and builds the timeline
/// of a compile of its own, and where nothing but the layer changed, lowering builds that layer
/// alone.
@Test func editingOneLayerLowersThatLayerAlone() throws {
    var edits = 0, alone = 0
    for url in try loweringCorpus() {
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let scene = compileSceneKeepingModel(SourceFile(path: url.path, text: text), artwork: SVGArtworkLoader(), files: SceneFolderFiles()).scene else {
            continue
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let document = CachedDocument(path: url.path)
        _ = document.lint(text)
        // A layer's lines: from its first to the next layer's, the last to the next top-level key.
        let starts = scene.layers.map { $0.range.start.line - 1 }
        let layersEnd = (starts.last.map { last in
            lines.indices.first { $0 > last && !lines[$0].isEmpty && !lines[$0].hasPrefix(" ") && !lines[$0].hasPrefix("-") }
        } ?? nil) ?? lines.count
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? max(start, starts[index + 1] - 1) : layersEnd - 1
            guard let (line, column) = digitToEdit(in: lines, from: start, through: end) else { continue }
            var edited = lines
            var characters = Array(edited[line])
            characters[column] = characters[column] == "9" ? "2" : Character(String(characters[column].wholeNumberValue! + 1))
            edited[line] = String(characters)
            let editedText = edited.joined(separator: "\n")
            let before = document.lowering.layersLowered
            let cached = document.lint(editedText)
            let fresh = compileScene(SourceFile(path: url.path, text: editedText), artwork: SVGArtworkLoader(), files: SceneFolderFiles())
            let place = "\(url.lastPathComponent):\(line + 1):\(column + 1)"
            #expect(cached.diagnostics == fresh.diagnostics, "\(place)")
            #expect(cached.timeline == fresh.timeline, "\(place)")
            edits += 1
            if document.lowering.layersLowered - before == 1 { alone += 1 }
            let restored = document.lint(text)
            #expect(restored.timeline == compileScene(SourceFile(path: url.path, text: text), artwork: SVGArtworkLoader(), files: SceneFolderFiles()).timeline, "\(place)")
        }
    }
    #expect(edits > 150, "only \(edits) edits")
    #expect(alone * 3 > edits, "only \(alone) of \(edits) edits lowered their layer alone")
}

/// A looping timeline that jumps at its seam on a node of one layer is reported after an edit of
/// another layer too: a lowering that reported about a node's tracks keeps nothing.
@Test func aSeamJumpInAnUneditedLayerIsStillReported() {
    func scene(width: Int) -> String {
        """
        choreo: 1
        size: [100, 100]
        layers:
          - {id: a, shape: rect, size: [10, 10]}
          - {id: b, shape: rect, size: [\(width), 10]}
        timelines:
          pulse:
            duration: 1s
            loop: true
            keyframes:
              a.opacity:
                - {at: 0s, value: 1}
                - {at: 1s, value: 0}

        """
    }
    let document = CachedDocument(path: "seam.yaml")
    let first = document.lint(scene(width: 10))
    #expect(first.diagnostics.map(\.rule) == [.loopSeam])
    let lowered = document.lowering.layersLowered
    let edited = document.lint(scene(width: 20))
    #expect(edited.diagnostics == compileScene(SourceFile(path: "seam.yaml", text: scene(width: 20))).diagnostics)
    #expect(edited.diagnostics.map(\.rule) == [.loopSeam])
    #expect(document.lowering.layersLowered - lowered == 2)
}

/// An edit of a state's value for a node lowers that node's layer alone; one that changes the
/// spans' layout (a state played longer, here a state added) lowers every layer.
@Test func aStateEditLowersTheLayerOfTheNodeItNames() {
    func scene(rotation: Int) -> String {
        """
        choreo: 1
        size: [100, 100]
        layers:
          - {id: a, shape: rect, size: [10, 10]}
          - {id: b, shape: rect, size: [10, 10]}
          - {id: c, shape: rect, size: [10, 10]}
        states:
          rest: {}
          turned: {a: {rotation: \(rotation)deg}}
        transitions:
          - {from: rest, to: turned, on: tap, duration: 0.3s}

        """
    }
    let document = CachedDocument(path: "states.yaml")
    _ = document.lint(scene(rotation: 45))
    let lowered = document.lowering.layersLowered, reused = document.lowering.layersReused
    _ = document.lint(scene(rotation: 45))
    #expect(document.lowering.layersLowered - lowered == 0)
    #expect(document.lowering.layersReused - reused == 3)
    let edited = document.lint(scene(rotation: 90))
    #expect(edited.timeline == compileScene(SourceFile(path: "states.yaml", text: scene(rotation: 90))).timeline)
    #expect(document.lowering.layersLowered - lowered == 1)
    let added = scene(rotation: 90).replacingOccurrences(of: "  rest: {}\n", with: "  rest: {}\n  other: {b: {opacity: 0.5}}\n")
    #expect(document.lint(added).timeline == compileScene(SourceFile(path: "states.yaml", text: added)).timeline)
    #expect(document.lowering.layersLowered - lowered == 4)
}

/// A digit of a value edited in each line of the states and the timelines of every scene in turn:
/// the lint with the caches publishes the diagnostics and builds the timeline of a compile of its
/// own (a state's value or a keyframe of one node lowers that node's layer alone, so the layers
/// taken must be the ones nothing changed).
@Test func editsOfStatesAndTimelinesBuildWhatAWholeCompileBuilds() throws {
    var edits = 0, partial = 0
    for url in try loweringCorpus() {
        let text = try String(contentsOf: url, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let document = CachedDocument(path: url.path)
        _ = document.lint(text)
        var section = ""
        for (index, line) in lines.enumerated() {
            if !line.isEmpty, !line.hasPrefix(" "), !line.hasPrefix("#") { section = String(line.prefix { $0 != ":" }) }
            guard section == "states" || section == "timelines", let (row, column) = digitToEdit(in: lines, from: index, through: index) else { continue }
            var edited = lines
            var characters = Array(edited[row])
            characters[column] = characters[column] == "9" ? "2" : Character(String(characters[column].wholeNumberValue! + 1))
            edited[row] = String(characters)
            let editedText = edited.joined(separator: "\n")
            let before = document.lowering.layersLowered
            let cached = document.lint(editedText)
            let fresh = compileScene(SourceFile(path: url.path, text: editedText), artwork: SVGArtworkLoader(), files: SceneFolderFiles())
            let place = "\(url.lastPathComponent):\(row + 1):\(column + 1)"
            #expect(cached.diagnostics == fresh.diagnostics, "\(place)")
            #expect(cached.timeline == fresh.timeline, "\(place)")
            edits += 1
            if let layers = fresh.timeline?.layers.count, document.lowering.layersLowered - before < layers { partial += 1 }
            let restored = document.lint(text)
            #expect(restored.timeline == compileScene(SourceFile(path: url.path, text: text), artwork: SVGArtworkLoader(), files: SceneFolderFiles()).timeline, "\(place)")
        }
    }
    #expect(edits > 100, "only \(edits) edits")
    // Most of these edits are times (durations, delays, keyframe times), which move every span.
    #expect(partial * 8 > edits, "only \(partial) of \(edits) edits lowered less than the scene")
}
