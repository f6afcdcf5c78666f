import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoSVGImport
import ChoreoTestSupport
import ChoreoYAML
import Foundation
import Testing

@testable import ChoreoScene
@testable import ChoreoSceneFrontend

/// Every scene of the corpora (valid, invalid, scenes/) compiled a second time with the layers
/// of the first taken from the cache gives the same diagnostics and the same timeline as a
/// compile of its own, and takes every layer it may.
@Test func aBuildFromKeptLayersIsTheBuildThatReadsThem() throws {
    let seeds = repositoryRoot().appendingPathComponent("scenes")
    let seedFiles = try FileManager.default.contentsOfDirectory(atPath: seeds.path).filter { $0.hasSuffix(".yaml") }.sorted()
        .map { seeds.appendingPathComponent($0) }
    let files = frontendFixtureFiles("valid") + frontendFixtureFiles("invalid") + seedFiles
    #expect(files.count > 40)
    var reused = 0, statesPatched = 0
    for url in files {
        let text = try String(contentsOf: url, encoding: .utf8)
        let file = SourceFile(path: url.path, text: text)
        let expected = compileScene(file, artwork: SVGArtworkLoader(), files: SceneFolderFiles())
        let cache = LayerReadCache()
        let read = readYAML(file)
        _ = compileScene(file, read: read, artwork: SVGArtworkLoader(), files: SceneFolderFiles(), layerCache: cache)
        let before = cache.layersReused
        let again = compileScene(file, read: read, artwork: SVGArtworkLoader(), files: SceneFolderFiles(), layerCache: cache)
        reused += cache.layersReused - before
        statesPatched += cache.statesPatched
        #expect(again.diagnostics == expected.diagnostics, "\(url.lastPathComponent)")
        #expect(again.timeline == expected.timeline, "\(url.lastPathComponent)")
    }
    #expect(reused > 100, "only \(reused) layers were taken from the cache")
    #expect(statesPatched > 20, "only \(statesPatched) builds patched their states")
}

/// A state's trim and a timeline's shadow switched on in layers taken from the cache are
/// switched on again when their entries and keyframe pairs are taken, after an edit of
/// another layer: the build gives the timeline a build of its own gives.
@Test func takenStateEntriesAndKeyframesSwitchTheirTrimsAndEffectsOnAgain() {
    func scene(_ width: Int) -> String {
        """
        choreo: 1
        size: [100, 100]
        layers:
          - {id: line, shape: rect, size: [40, 4], position: [50, 20], fill: black}
          - {id: card, shape: rect, size: [40, 20], position: [50, 60], fill: white}
          - {id: edited, shape: rect, size: [\(width), 4], position: [50, 90], fill: red}
        states:
          off: {}
          on: {line: {trim: {end: 0.5}}, edited: {opacity: 0.5}}
        transitions:
          - {from: off, to: on, on: tap, duration: 0.3s}
        timelines:
          lift:
            duration: 1s
            loop: true
            keyframes:
              card.shadow.blur:
                - {at: 0s, value: 0}
                - {at: 1s, value: 8}
        """
    }
    let cache = LayerReadCache()
    let first = SourceFile(path: "t.yaml", text: scene(10))
    _ = compileScene(first, read: readYAML(first), layerCache: cache)
    let edited = SourceFile(path: "t.yaml", text: scene(12))
    let before = (cache.layersRead, cache.statesPatched, cache.stateEntriesRead, cache.keyframePairsRead)
    let compilation = compileScene(edited, read: readYAML(edited), layerCache: cache)
    let expected = compileScene(edited)
    #expect(compilation.diagnostics == expected.diagnostics)
    #expect(compilation.timeline == expected.timeline)
    #expect(expected.timeline != nil)
    #expect(cache.layersRead - before.0 == 1)
    #expect(cache.statesPatched - before.1 == 1)
    #expect(cache.stateEntriesRead - before.2 == 1, "only the edited layer's entry is read again")
    #expect(cache.keyframePairsRead - before.3 == 0)
}

/// A layer whose id another layer takes meanwhile is read again, so the duplicate is reported
/// where a whole read reports it; the other layers are taken.
@Test func aKeptLayerWhoseIdIsTakenIsReadAgain() {
    func scene(_ firstID: String) -> String {
        "choreo: 1\nsize: [100, 100]\nlayers:\n  - {id: \(firstID), shape: rect, size: [1, 1]}\n  - {id: b, shape: rect, size: [1, 1]}\n  - {id: c, shape: rect, size: [1, 1]}\n"
    }
    let cache = LayerReadCache()
    let first = SourceFile(path: "t.yaml", text: scene("a"))
    _ = compileScene(first, read: readYAML(first), layerCache: cache)
    let renamed = SourceFile(path: "t.yaml", text: scene("b"))
    let read = cache.layersRead, reused = cache.layersReused
    let compilation = compileScene(renamed, read: readYAML(renamed), layerCache: cache)
    #expect(compilation.diagnostics == compileScene(renamed).diagnostics)
    #expect(compilation.diagnostics.map(\.rule) == [.duplicateID])
    #expect(cache.layersRead - read == 2)
    #expect(cache.layersReused - reused == 1)
}

/// A state that gives a group's style and a child's own value of it: after an edit of another
/// layer, the child's entry is taken and the group's read again, and the child's own value still
/// wins over the one it inherits, as in a build of its own.
@Test func aChildsOwnValueStillWinsOverItsGroupsAfterThePatch() {
    func scene(_ width: Int) -> String {
        """
        choreo: 1
        size: [100, 100]
        layers:
          - id: g
            shape: group
            fill: black
            children:
              - {id: c, shape: rect, size: [10, 10], position: [20, 20]}
              - {id: d, shape: rect, size: [10, 10], position: [40, 20]}
          - {id: edited, shape: rect, size: [\(width), 4], position: [50, 90], fill: red}
        states:
          off: {}
          on: {g: {fill: "#00ff00"}, c: {fill: "#0000ff"}}
        transitions:
          - {from: off, to: on, on: tap, duration: 0.3s}
        """
    }
    let cache = LayerReadCache()
    let first = SourceFile(path: "t.yaml", text: scene(10))
    _ = compileScene(first, read: readYAML(first), layerCache: cache)
    let edited = SourceFile(path: "t.yaml", text: scene(12))
    let patched = cache.statesPatched
    let compilation = compileScene(edited, read: readYAML(edited), layerCache: cache)
    let expected = compileScene(edited)
    #expect(cache.statesPatched - patched == 1)
    #expect(compilation.diagnostics == expected.diagnostics)
    #expect(compilation.timeline == expected.timeline)
    #expect(expected.timeline != nil)
}

/// Random scenes of groups and shapes whose states and timelines animate groups' styles,
/// children's own values, trims and shadows, each edited layer by layer (a size, an id, a shape):
/// every build through the cache gives the diagnostics and the timeline a build of its own gives.
@Test func randomEditsThroughTheCacheBuildWhatAWholeBuildBuilds() {
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((seed >> 33) % UInt64(bound))
    }
    let colors = ["red", "\"#00ff00\"", "\"#0000ff\"", "black"]
    let values = [
        "fill: COLOR", "opacity: 0.5", "rotation: 30deg", "trim: {end: 0.4}", "shadow: {blur: 4}", "scale: 1.5",
    ]
    var compared = 0, patched = 0
    for _ in 0..<16 {
        var ids: [String] = []
        var layers: [(id: String, lines: [String])] = []
        for layer in 0..<4 {
            let id = "l\(layer)"
            if next(2) == 0 {
                var lines = ["  - id: \(id)", "    shape: group", "    fill: \(colors[next(colors.count)])", "    children:"]
                ids.append(id)
                for child in 0..<(1 + next(3)) {
                    let childID = "\(id)c\(child)"
                    ids.append(childID)
                    lines.append("      - {id: \(childID), shape: rect, size: [SIZE, 8], position: [\(10 + 20 * child), \(10 + 20 * layer)]}")
                }
                layers.append((id, lines))
            } else {
                ids.append(id)
                layers.append((id, ["  - {id: \(id), shape: ellipse, radius: SIZE, position: [50, \(10 + 20 * layer)], fill: red}"]))
            }
        }
        var states = ["states:", "  off: {}"]
        for state in ["on", "far"] {
            var entries: [String] = []
            for id in ids where next(2) == 0 {
                // Fills half the time: a group's and its child's, the one inheriting the other.
                let value = (next(2) == 0 ? values[0] : values[next(values.count)]).replacingOccurrences(of: "COLOR", with: colors[next(colors.count)])
                entries.append("\(id): {\(value)}")
            }
            states.append("  \(state): {\(entries.joined(separator: ", "))}")
        }
        var timeline = ["timelines:", "  pulse:", "    duration: 1s", "    loop: true", "    keyframes:"]
        for id in ids where next(3) == 0 {
            let property = ["opacity", "rotation", "trim.end", "shadow.blur"][next(4)]
            let to = property == "rotation" ? "90deg" : property == "shadow.blur" ? "6" : "0.5"
            timeline += ["      \(id).\(property):", "        - {at: 0s, value: \(property == "rotation" ? "0deg" : property == "shadow.blur" ? "0" : "1")}", "        - {at: 1s, value: \(to)}"]
        }
        let tail = states + [
            "transitions:", "  - {from: off, to: on, on: tap, duration: 0.3s}", "  - {from: on, to: far, on: tap, duration: 0.2s}",
            "  - {from: far, to: off, on: tap, duration: 0.2s, play: pulse}",
        ] + (timeline.count > 5 ? timeline : [])
        func text(_ sizes: [Int], _ layerLines: [[String]]) -> String {
            var lines = ["choreo: 1", "size: [100, 100]", "layers:"]
            for (index, layer) in layerLines.enumerated() {
                lines += layer.map { $0.replacingOccurrences(of: "SIZE", with: "\(sizes[index])") }
            }
            return (lines + tail).joined(separator: "\n") + "\n"
        }
        var sizes = Array(repeating: 8, count: layers.count)
        var layerLines = layers.map(\.lines)
        let cache = LayerReadCache()
        for edit in 0..<8 {
            if edit > 0 {
                let layer = next(layers.count)
                switch next(4) {
                case 0:  // a node's id changes: the entries naming it no longer find it
                    layerLines[layer][0] = layerLines[layer][0].replacingOccurrences(of: "id: \(layers[layer].id)", with: "id: \(layers[layer].id)x")
                case 1:  // back to the id the states name
                    layerLines[layer] = layers[layer].lines
                default:
                    sizes[layer] = 4 + next(12)
                }
            }
            let file = SourceFile(path: "random.yaml", text: text(sizes, layerLines))
            let cached = compileScene(file, read: readYAML(file), layerCache: cache)
            let whole = compileScene(file)
            #expect(cached.diagnostics == whole.diagnostics, "\(file.path): \(String(decoding: file.bytes, as: UTF8.self))")
            #expect(cached.timeline == whole.timeline, "\(String(decoding: file.bytes, as: UTF8.self))")
            compared += 1
        }
        patched += cache.statesPatched
    }
    #expect(compared == 128)
    #expect(patched > 64, "only \(patched) builds patched their states")
}

