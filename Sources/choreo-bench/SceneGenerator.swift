/// Generates benchmark scenes of a given node count, deterministically: a grid of rects and
/// ellipses with fills and strokes, two states that move every tenth node, transitions both
/// ways, and a looping timeline with keyframes on every hundredth node. Shapes of real scenes,
/// at sizes no designer writes, so costs that grow faster than the input show up.
///
/// The heavy variant moves every node in the `moved` state, so both transitions (one
/// of them the `snappy` spring) animate every node, and gives every tenth node keyframes in the
/// looping timeline: the most animation per byte a person writes by hand.
///
/// The varied variant is the heavy scene with a different rotation, opacity and keyframed scale
/// for every node (cycling through 90, 7 and 9 values), so lowering's sharing of equal motions
/// and equal tracks, which the heavy scene's identical nodes reward, is measured on a scene
/// that mostly cannot use it.
///
/// The offset variant is the issue's second heavy scene: the heavy scene whose states also move
/// every node's offset, so both transitions (the ease and the spring) animate rotation, opacity
/// and offset on every node.
enum SceneGenerator {
    enum Kind: String, CaseIterable {
        case light, heavy, varied
        case offset = "heavy-offset"
        /// Every how many nodes one is moved by the states.
        var movedEvery: Int { self == .light ? 10 : 1 }
        /// Every how many nodes one has keyframes in the looping timeline.
        var keyframedEvery: Int { self == .light ? 100 : 10 }
    }

    static func scene(nodes: Int, kind: Kind = .light) -> String {
        let columns = 100
        let side = 10 * columns
        var out = "choreo: 1\nname: bench\(kind == .light ? "" : kind.rawValue)\(nodes)\nsize: [\(side), \(side)]\nfps: 60\n"
        out += "vars:\n  cell: 10\n  half: $cell / 2\n"
        out += "styles:\n" // not a key of the language; replaced below
        out.removeLast("styles:\n".count)
        out += "layers:\n"
        for index in 0..<nodes {
            let x = 5 + 10 * (index % columns)
            let y = 5 + 10 * ((index / columns) % columns)
            if index % 2 == 0 {
                out += "  - {id: n\(index), shape: rect, size: [8, 8], corner-radius: 2, position: [\(x), \(y)], fill: \"#3366cc\"}\n"
            } else {
                out += "  - id: n\(index)\n    shape: ellipse\n    radius: $half - 1\n    position: [\(x), \(y)]\n"
                out += "    fill: rgb(200 80 40)\n    stroke: {color: black, width: 1}\n"
            }
        }
        out += "states:\n  rest: {}\n  moved:\n"
        for index in stride(from: 0, to: nodes, by: kind.movedEvery) {
            if kind == .offset {
                out += "    n\(index): {rotation: 45deg, opacity: 0.5, offset: [4, -3]}\n"
            } else if kind == .varied {
                out += "    n\(index): {rotation: \(1 + index % 90)deg, opacity: 0.\(3 + index % 7)}\n"
            } else {
                out += "    n\(index): {rotation: 45deg, opacity: 0.5}\n"
            }
        }
        out += "initial: rest\ntransitions:\n"
        out += "  - {from: rest, to: moved, on: tap, duration: 0.3s, easing: ease-in-out}\n"
        out += "  - {from: moved, to: rest, on: tap, duration: 0.3s, delay: 0.1s, easing: snappy}\n"
        out += "timelines:\n  pulse:\n    duration: 1s\n    loop: true\n    keyframes:\n"
        for index in stride(from: 0, to: nodes, by: kind.keyframedEvery) {
            out += "      n\(index).scale:\n"
            let peak = kind == .varied ? "1.\(1 + index % 9)" : "1.5"
            out += "        - {at: 0s, value: 1}\n        - {at: 0.5s, value: \(peak), easing: ease-out}\n        - {at: 1s, value: 1, easing: ease-in}\n"
        }
        return out
    }

    /// A small scene for the many-files run.
    static func smallScene(index: Int) -> String {
        """
        choreo: 1
        name: small\(index)
        size: [64, 64]
        layers:
          - {id: dot, shape: ellipse, radius: 20, position: [32, 32], fill: "#ff8800"}
        states:
          off: {}
          on: {dot: {scale: 1.5, fill: "#00aa44"}}
        transitions:
          - {from: off, to: on, on: tap, duration: 0.25s, easing: bouncy}
          - {from: on, to: off, on: tap, duration: 0.25s}

        """
    }
}
