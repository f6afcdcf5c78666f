import ChoreoDiagnostics
import ChoreoTimeline
// Foundation for `String(format:)`; its own `AffineTransform` is why the timeline's is named in full.
import Foundation

/// What one of the model's checks found, at a position the model carries; whoever built the
/// model reports it (the front end through its own filters, so that consequences of a YAML error
/// stay quiet).
package struct SceneFinding: Sendable {
    package var severity: Severity
    package var rule: Rule
    package var message: String
    package var range: SourceRange
    package var help: String?
    package var fixIts: [FixIt]

    static func warning(_ rule: Rule, _ message: String, at range: SourceRange, help: String?, fixIts: [FixIt] = []) -> SceneFinding {
        SceneFinding(severity: .warning, rule: rule, message: message, range: range, help: help, fixIts: fixIts)
    }

    static func error(_ rule: Rule, _ message: String, at range: SourceRange, help: String?) -> SceneFinding {
        SceneFinding(severity: .error, rule: rule, message: message, range: range, help: help, fixIts: [])
    }
}

/// What a scene's states and timelines animate, for the checks that leave animated nodes alone
/// or read where a property is first animated.
package struct SceneAnimation {
    /// Every node a state, tween or keyframe animates a property of.
    package let nodes: Set<String>
    private let states: [SceneState]
    private let timelines: [SceneTimeline]

    package init(states: [SceneState], timelines: [SceneTimeline]) {
        self.states = states
        self.timelines = timelines
        var nodes = Set<String>()
        for state in states { for key in state.overrides.keys { nodes.insert(key.node) } }
        for timeline in timelines {
            for key in timeline.keyframes.keys { nodes.insert(key.node) }
            for tween in timeline.tweens { for key in tween.values.keys { nodes.insert(key.node) } }
        }
        self.nodes = nodes
    }

    /// The first place that animates `key`: states in order (the override, or the state), then
    /// each timeline's tweens and keyframes; nil when nothing does.
    package func firstRange(of key: PropertyKey) -> SourceRange? {
        guard nodes.contains(key.node) else { return nil }
        for state in states where state.overrides[key] != nil { return state.overrideRanges[key] ?? state.range }
        for timeline in timelines {
            for tween in timeline.tweens where tween.values[key] != nil { return tween.range }
            if let frames = timeline.keyframes[key] { return frames.first?.range ?? timeline.range }
        }
        return nil
    }

    package func animates(_ key: PropertyKey) -> Bool { firstRange(of: key) != nil }
}

// The checks of a scene's meaning rather than its spelling: they read the model only, so a scene
// built from other sources than YAML gets them too. They run on the model the front end builds
// even when it found errors (and will refuse the scene), skipping the nodes that had them.
extension Scene {
    /// Warns about states nothing leads to: not the initial state and no transition's `to`.
    package func unreachableStateFindings() -> [SceneFinding] {
        let targets = Set(transitions.map(\.to))
        var findings: [SceneFinding] = []
        for state in states where state.name != initial && !targets.contains(state.name) {
            let help = initial.map { "add a transition such as {from: \($0), to: \(state.name), on: tap}" }
            findings.append(.warning(
                .unreachableState, "state '\(state.name)' is never shown: no transition leads to it and it is not the initial state",
                at: state.range, help: help))
        }
        return findings
    }

    /// Warns about nodes whose base pose lies entirely outside the canvas (geometry, transform and
    /// as far as the stroke may reach). Nodes that any state or timeline animates may be meant to enter later, so
    /// they are left alone.
    package func offCanvasFindings(animation: SceneAnimation? = nil) -> [SceneFinding] {
        let animated = (animation ?? SceneAnimation(states: states, timelines: timelines)).nodes
        let canvas = Bounds(minX: 0, minY: 0, maxX: size.x, maxY: size.y)
        var findings: [SceneFinding] = []
        func visit(_ nodes: [SceneNode], parentMatrix: ChoreoTimeline.AffineTransform) {
            for node in nodes where node.isCheckable && !node.containsNode(where: { animated.contains($0.id) }) {
                if node.isGroup && node.children.isEmpty { continue }
                let box = node.placedBounds(includingStroke: true).applying(parentMatrix)
                let outside = box.maxX <= canvas.minX || box.minX >= canvas.maxX || box.maxY <= canvas.minY || box.minY >= canvas.maxY
                if outside {
                    findings.append(.warning(
                        .offCanvas,
                        "node '\(node.id)' lies entirely outside the \(describeNumber(size.x))×\(describeNumber(size.y)) canvas (x \(describeNumber(box.minX))…\(describeNumber(box.maxX)), y \(describeNumber(box.minY))…\(describeNumber(box.maxY)))",
                        at: node.range,
                        help: "rects, ellipses and polygons are centred on (0, 0) until 'position' places them"))
                } else if node.isGroup, node.repeat == nil {
                    visit(node.children, parentMatrix: parentMatrix.concatenating(node.baseMatrix))
                }
            }
        }
        visit(layers, parentMatrix: ChoreoTimeline.AffineTransform.identity)
        return findings
    }

    /// `exit:` on a transition out of a state that plays no looping timeline has nothing to wait
    /// for and is reported, with a fix-it removing it.
    package func loopExitFindings() -> [SceneFinding] {
        var findings: [SceneFinding] = []
        for transition in transitions {
            guard let source = transition.exitSource else { continue }
            let state = states.first { $0.name == transition.from }
            let timeline = state?.play.flatMap { name in timelines.first { $0.name == name } }
            let loops = timeline.map { state?.playLoop ?? $0.loop } ?? false
            guard !loops || state?.playBind != nil else { continue }
            let what = timeline == nil ? "plays no timeline" : "plays '\(timeline!.name)' without looping"
            findings.append(.warning(
                .exitWithoutLoop,
                "'exit' waits for the cycle of a looping timeline, and state '\(transition.from)' \(what)",
                at: source.range, help: "remove 'exit'; it applies to transitions out of a state that loops a timeline",
                fixIts: source.removal))
        }
        return findings
    }

    /// `repeat.fill` paints each copy's solid fills one fixed colour: it needs a shape with a
    /// solid fill under the repeat, and no state, tween or keyframe may animate those fills.
    package func repeatFillFindings() -> [SceneFinding] {
        var animators: [String: String] = [:]  // "node" → what animates its fill
        for state in states {
            for key in state.overrides.keys where key.property == .fill { animators[key.node] = animators[key.node] ?? "state '\(state.name)'" }
        }
        for timeline in timelines {
            var keys = Set(timeline.keyframes.keys)
            for tween in timeline.tweens { keys.formUnion(tween.values.keys) }
            for key in keys where key.property == .fill { animators[key.node] = animators[key.node] ?? "timeline '\(timeline.name)'" }
        }
        var findings: [SceneFinding] = []
        for root in layers {
            root.forEachInSubtree { node in
                guard node.isCheckable, let range = node.source?.repeatFillRange else { return }
                var solid: [SceneNode] = []
                node.forEachInSubtree { if !$0.isGroup, $0.fill == .solid { solid.append($0) } }
                if solid.isEmpty {
                    findings.append(.error(
                        .invalidRepeatFill, "'repeat.fill' colours the copies' solid fill, but '\(node.id)' has no solid fill",
                        at: range, help: "give the node (or the shapes of the group) a solid fill, or remove 'repeat.fill'"))
                } else if let animated = solid.first(where: { animators[$0.id] != nil }) {
                    findings.append(.error(
                        .invalidRepeatFill,
                        "'repeat.fill' fixes each copy's colour, but \(animators[animated.id]!) animates the fill of '\(animated.id)'",
                        at: range, help: "animate the copies' opacity instead, or remove 'repeat.fill'"))
                }
            }
        }
        return findings
    }

    /// Warns where a node's anchor is likely not the point the scene means (docs/scene-format.md,
    /// "Where position and anchor put a node"): a path placed by `position` without an anchor moves
    /// by the centre of its bounds, not its origin; a group that turns or scales about its default
    /// anchor counts children that are not seen (off the canvas, clipped away); a path's anchor
    /// keyword names a point of its base bounds, which stays put while the path morphs.
    package func implicitAnchorFindings(animation: SceneAnimation) -> [SceneFinding] {
        let canvas = Bounds(minX: 0, minY: 0, maxX: size.x, maxY: size.y)
        func disjoint(_ a: Bounds, _ b: Bounds) -> Bool { a.maxX <= b.minX || a.minX >= b.maxX || a.maxY <= b.minY || a.minY >= b.maxY }
        func pointText(_ p: Point) -> String { "[\(describeNumber(p.x)), \(describeNumber(p.y))]" }
        let pathGeometry: [Property] = [.d, .points, .contours]
        var findings: [SceneFinding] = []

        func visit(_ nodes: [SceneNode], parentMatrix: ChoreoTimeline.AffineTransform) {
            for node in nodes where node.isCheckable {
                guard let source = node.source else { continue }
                func moved(_ property: Property) -> Bool { animation.animates(PropertyKey(node: node.id, property: property)) }
                if source.kind == .path, !source.anchorWritten, let positionRange = source.positionRange,
                    let position = node.base.point(.position)
                {
                    let box = source.localBounds, center = box.center
                    if box.insetBy(1).minX > 0 || box.insetBy(1).maxX < 0 || box.insetBy(1).minY > 0 || box.insetBy(1).maxY < 0 {
                        findings.append(.warning(
                            .implicitAnchor,
                            "path '\(node.id)' is placed by the centre of its bounds, \(pointText(center)), not by its origin: 'position' puts that centre at \(pointText(position)), moving the drawing by \(pointText(position - center))",
                            at: positionRange,
                            help: "to put the path's origin (0, 0) at 'position', write 'anchor: [0, 0]'; to draw it where its coordinates are, remove 'position'"))
                    }
                }
                if node.isGroup, !source.anchorWritten, !node.children.isEmpty,
                    node.base.number(.rotation) != 0 || node.base.point(.scale) != Point(1, 1) || moved(.rotation) || moved(.scale)
                {
                    let matrix = parentMatrix.concatenating(node.baseMatrix)
                    let clipBox = source.clipBounds
                    var unseen: [(id: String, why: String)] = []
                    var seen: Bounds?
                    for child in node.children where child.isCheckable {
                        let box = child.placedBounds(includingStroke: true)
                        let animatedChild = child.containsNode { animation.nodes.contains($0.id) }
                        if !animatedChild, disjoint(box.applying(matrix), canvas) {
                            unseen.append((child.id, "lies outside the canvas"))
                        } else if !animatedChild, let clipBox, disjoint(box, clipBox) {
                            unseen.append((child.id, "is clipped away by the group's clip"))
                        } else {
                            seen = seen?.union(box) ?? box
                        }
                    }
                    if let first = unseen.first, let seen {
                        let verb = node.base.number(.rotation) != 0 || moved(.rotation) ? "turns" : "scales"
                        let more = unseen.count > 1 ? " (and \(unseen.count - 1) more)" : ""
                        findings.append(.warning(
                            .implicitAnchor,
                            "group '\(node.id)' \(verb) about the centre of all its children, \(pointText(source.localBounds.center)), which counts '\(first.id)', which \(first.why)\(more)",
                            at: node.range,
                            help: "give it the point to turn about: 'anchor: \(pointText(seen.center))' is the centre of the children that are seen"))
                    }
                }
                // A rect's, an ellipse's or a polygon's keyword anchor follows its animated size or
                // radius; a path's stays at its base bounds while a morph moves its edges.
                if source.kind == .path, let keyword = source.anchorKeyword,
                    let property = pathGeometry.first(where: moved), let anchor = node.base.point(.anchor)
                {
                    let text = pointText(anchor)
                    findings.append(.warning(
                        .implicitAnchor,
                        "'anchor: \(keyword.word)' of path '\(node.id)' is a point of its base bounds, \(text), and stays there while '\(property.key)' animates: keyword anchors follow a rect's, an ellipse's or a polygon's size, not a morph",
                        at: keyword.range,
                        help: "write the point it is, 'anchor: \(text)'; to keep an edge of the path in place, draw every pose with that edge where it is",
                        fixIts: keyword.editable.map { [FixIt.replace($0, with: text, message: "write the anchor as the point it is: \(text)")] } ?? []))
                }
                if node.isGroup, node.repeat == nil {
                    visit(node.children, parentMatrix: parentMatrix.concatenating(node.baseMatrix))
                }
            }
        }
        visit(layers, parentMatrix: ChoreoTimeline.AffineTransform.identity)
        return findings
    }
}

extension SceneNode {
    /// A node the checks look at: one its reader measured, whose definition had no errors.
    var isCheckable: Bool { source.map { !$0.hadErrors } ?? false }

    var isGroup: Bool {
        if case .group = shape { return true }
        return false
    }

    package var children: [SceneNode] {
        if case let .group(children) = shape { return children }
        return []
    }

    /// Whether the node or one below it satisfies `predicate`, depth first.
    func containsNode(where predicate: (SceneNode) -> Bool) -> Bool {
        predicate(self) || children.contains { $0.containsNode(where: predicate) }
    }

    /// Calls `body` with the node and everything below it, depth first.
    package func forEachInSubtree(_ body: (SceneNode) -> Void) {
        body(self)
        for mask in masks { mask.forEachInSubtree(body) }
        for child in children { child.forEachInSubtree(body) }
    }

    /// The transform into the parent's coordinates, from base values.
    package var baseMatrix: ChoreoTimeline.AffineTransform {
        // The front end stores every transform property, so nothing here is missing.
        let anchor = base.point(.anchor)!
        return ChoreoTimeline.AffineTransform.translation(base.point(.position)! + base.point(.offset)!)
            .concatenating(.rotation(degrees: base.number(.rotation)!))
            .concatenating(.scale(base.point(.scale)!))
            .concatenating(.translation(Point(0, 0) - anchor))
    }

    /// The node's box in its parent's coordinates, repeats included, strokes optional.
    func placedBounds(includingStroke: Bool) -> Bounds {
        var local = source?.localBounds ?? .zero
        if isGroup {
            local = children.map { $0.placedBounds(includingStroke: includingStroke) }.reduce(nil) { $0?.union($1) ?? $1 }
                ?? .zero
        } else if includingStroke, let stroke, let width = base.number(.strokeWidth) {
            local = local.insetBy(strokeReach(width: width, cap: stroke.cap, join: stroke.join, miterLimit: stroke.miterLimit))
        }
        var box = local.applying(baseMatrix)
        if let `repeat` {
            for copy in 1..<max(1, `repeat`.count) {
                box = box.union(local.applying(baseMatrix.concatenating(`repeat`.matrix(ofCopy: copy))))
            }
        }
        return box
    }
}

/// Numbers in messages: integers without a point, others with up to four decimals.
package func describeNumber(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "infinity" : "-infinity") }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    // Huge and tiny values in scientific notation: 1e300 is not 301 digits, 1e-9 is not "0".
    if abs(value) >= 1e15 || (value != 0 && abs(value) < 1e-4) { return String(format: "%g", value) }
    var text = String(format: "%.4f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
}
