import ChoreoDiagnostics
import Testing

@testable import ChoreoScene

/// `SceneVocabulary` (what the language server offers) must agree with the front end: every key
/// it lists for a place is accepted there, and a made-up key is not.
private let templates: [(ScenePlace, [String])] = [
    (.stroke, ["layers: [{id: a, shape: rect, size: [1, 1], stroke: {KEY: ~}}]"]),
    (.gradient, ["layers: [{id: a, shape: rect, size: [1, 1], fill: {KEY: ~}}]"]),
    (.linearGradient, ["layers: [{id: a, shape: rect, size: [1, 1], fill: {linear: {KEY: ~}, stops: []}}]"]),
    (.radialGradient, ["layers: [{id: a, shape: rect, size: [1, 1], fill: {radial: {KEY: ~}, stops: []}}]"]),
    (.trim, ["layers: [{id: a, shape: rect, size: [1, 1], trim: {KEY: ~}}]"]),
    (.repeat, ["layers: [{id: a, shape: rect, size: [1, 1], repeat: {count: 2, KEY: ~}}]"]),
    (.clip, [
        "layers: [{id: a, shape: rect, size: [1, 1], clip: {shape: rect, size: [1, 1], KEY: ~}}]",
        "layers: [{id: a, shape: rect, size: [1, 1], clip: {shape: ellipse, radius: 1, KEY: ~}}]",
        "layers: [{id: a, shape: rect, size: [1, 1], clip: {shape: polygon, sides: 5, radius: 1, KEY: ~}}]",
        "layers: [{id: a, shape: rect, size: [1, 1], clip: {shape: path, d: \"M 0 0 L 1 1\", KEY: ~}}]",
    ]),
    (.state, ["layers: [{id: a, shape: rect, size: [1, 1]}]\nstates: {s: {KEY: ~}}"]),
    (.a11y, ["layers: [{id: a, shape: rect, size: [1, 1]}]\nstates: {s: {a11y: {KEY: ~}}}"]),
    (.play, ["layers: [{id: a, shape: rect, size: [1, 1]}]\ntimelines: {t: {duration: 1s}}\nstates: {s: {play: {timeline: t, KEY: ~}}}"]),
    (.nodeOverrides, [
        "layers: [{id: a, shape: rect, size: [1, 1]}]\nstates: {s: {a: {KEY: ~}}}",
        "layers: [{id: a, shape: ellipse, radius: 1}]\nstates: {s: {a: {KEY: ~}}}",
        "layers: [{id: a, shape: polygon, sides: 5, radius: 4, inner-radius: 2}]\nstates: {s: {a: {KEY: ~}}}",
        "layers: [{id: a, shape: path, d: \"M 0 0 L 1 1\"}]\nstates: {s: {a: {KEY: ~}}}",
        "layers: [{id: a, shape: rect, size: [1, 1], clip: {shape: rect, size: [1, 1]}}]\nstates: {s: {a: {KEY: ~}}}",
        "layers: [{id: a, shape: text, text: a, font: f, size: 10}]\nstates: {s: {a: {KEY: ~}}}",
        // A mask with an id is animated like a node (its `expand` too).
        "layers: [{id: b, shape: rect, size: [1, 1], mask: {id: a, shape: rect, size: [1, 1]}}]\nstates: {s: {a: {KEY: ~}}}",
    ]),
    (.transition, ["layers: [{id: a, shape: rect, size: [1, 1]}]\nstates: {s: {}, t: {}}\ntransitions: [{from: s, to: t, KEY: ~}]"]),
    (.nodeTiming, ["layers: [{id: a, shape: rect, size: [1, 1]}]\nstates: {s: {}, t: {}}\ntransitions: [{from: s, to: t, nodes: {a: {KEY: ~}}}]"]),
    (.easingMap, ["layers: [{id: a, shape: rect, size: [1, 1]}]\nstates: {s: {}, t: {}}\ntransitions: [{from: s, to: t, easing: {KEY: ~}}]"]),
    (.spring, ["layers: [{id: a, shape: rect, size: [1, 1]}]\nstates: {s: {}, t: {}}\ntransitions: [{from: s, to: t, easing: {spring: {KEY: ~}}}]"]),
    (.timeline, ["layers: [{id: a, shape: rect, size: [1, 1]}]\ntimelines: {t: {duration: 1s, KEY: ~}}"]),
    (.tween, ["layers: [{id: a, shape: rect, size: [1, 1]}]\ntimelines: {t: {duration: 1s, tweens: [{KEY: ~}]}}"]),
    (.keyframe, [
        "layers: [{id: a, shape: rect, size: [1, 1]}]\ntimelines: {t: {duration: 1s, keyframes: {a.opacity: [{KEY: ~}]}}}",
        // `path:` (spatial tangents) is a position keyframe's.
        "layers: [{id: a, shape: rect, size: [1, 1]}]\ntimelines: {t: {duration: 1s, keyframes: {a.position: [{KEY: ~}]}}}",
    ]),
]

/// Whether the front end rejects `key` as not belonging where the template puts it.
private func rejects(_ key: String, in template: String) -> Bool {
    let text = "choreo: 1\nsize: [10, 10]\n" + template.replacingOccurrences(of: "KEY", with: key) + "\n"
    let diagnostics = frontendBuild(text).diagnostics
    return diagnostics.contains { [.unknownKey, .unknownProperty, .unknownNode].contains($0.rule) && $0.message.contains("'\(key)'") }
}

@Test(arguments: templates.map(\.0))
func vocabularyKeysAreExactlyWhatTheFrontEndAccepts(_ place: ScenePlace) {
    let forms = templates.first { $0.0 == place }!.1
    for key in SceneVocabulary.keys(place) {
        #expect(forms.contains { !rejects(key, in: $0) }, "'\(key)' is offered for \(place) but the front end rejects it")
    }
    #expect(forms.allSatisfy { rejects("zzz-made-up", in: $0) }, "\(place): a made-up key must be rejected")
}

@Test func nodeKeysOfEachShapeAreAccepted() {
    let geometry = ["rect": "size: [1, 1]", "ellipse": "radius: 1", "polygon": "sides: 5, radius: 4", "path": "points: [[0, 0], [1, 1]]", "group": "children: []", "text": "text: a, font: f, size: 10"]
    for shape in SceneVocabulary.shapes {
        for key in SceneVocabulary.nodeKeys(shape: shape) ?? [] where !["id", "shape"].contains(key) {
            // A mask's own keys (`mode`, `expand`, `inverted`) are offered for the shapes a mask
            // may be, and taken in a mask only.
            let isMaskKey = [Property.maskMode, .expand, .inverted].contains { $0.key == key }
            let template = isMaskKey
                ? "layers: [{id: b, shape: rect, size: [1, 1], mask: {shape: \(shape), \(geometry[shape]!), KEY: ~}}]"
                : "layers: [{id: a, shape: \(shape), \(geometry[shape]!), KEY: ~}]"
            #expect(!rejects(key, in: template), "'\(key)' is offered for a \(shape) node but rejected")
            if isMaskKey { #expect(rejects(key, in: "layers: [{id: a, shape: \(shape), \(geometry[shape]!), KEY: ~}]"), "'\(key)' off a mask") }
        }
    }
    #expect(SceneVocabulary.keys(.scene) == sceneKeys)
}
