import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

/// Builds the scene model from the YAML tree, reporting every problem. Returns nil for the scene
/// when an error makes the model unusable; warnings never do.
package func buildScene(
    from root: YAMLNode, file: SourceFile, diagnostics: inout DiagnosticBag, varOverrides: [String: YAMLNode] = [:],
    inputValues: [String: InputValue] = [:], inputBlends: [String: [Double]] = [:], files: (any SceneFileAccess)? = nil
) -> Scene? {
    // The caller keeps `root`, so releasing the tree's sections as they are read frees nothing.
    buildScene(
        from: SceneTree(root), file: file, diagnostics: &diagnostics, varOverrides: varOverrides, inputValues: inputValues,
        inputBlends: inputBlends, files: files)
}

/// Builds the scene model from a tree the front end may release as it goes: when the scene has no
/// themes (which read the tree again), `tree.root` is set to nil once the top-level keys are known
/// and each large section (layers, states, transitions, timelines) is dropped once it has been
/// read, so the YAML tree is not alive next to the front end's node records and the scene model.
/// When nothing else holds the tree, its memory goes back as the model grows.
///
/// `releasingSections: false` reads the same way but keeps every section (for tests that check
/// the two ways give the same scene and diagnostics).
package func buildScene(
    from tree: SceneTree, file: SourceFile, diagnostics: inout DiagnosticBag, varOverrides: [String: YAMLNode] = [:],
    inputValues: [String: InputValue] = [:], inputBlends: [String: [Double]] = [:], releasingSections: Bool = true,
    layerCache: LayerReadCache? = nil, files: (any SceneFileAccess)? = nil
) -> Scene? {
    let context = FrontendContext(file: file, bag: diagnostics)
    context.files = files
    context.varOverrides = varOverrides
    context.inputValues = inputValues
    context.inputBlends = inputBlends
    context.layerCache = layerCache
    context.unavailableNodeIDs = tree.unavailableNodeIDs
    let scene = context.buildScene(tree, releasingSections: releasingSections)
    diagnostics = context.bag
    return scene
}

/// A scene's YAML tree handed to the front end, which releases it (`root` becomes nil) when the
/// scene has no themes; see `buildScene(from:file:diagnostics:varOverrides:)`.
package final class SceneTree {
    package var root: YAMLNode?
    /// Node ids that something reported already kept out of the tree (an `artwork:` refused for
    /// a clash of ids): references to them are not reported again.
    package var unavailableNodeIDs: Set<String> = []

    package init(_ root: YAMLNode?) {
        self.root = root
    }
}

let sceneRequiredKeys = ["choreo", "size", "layers"]
package let sceneKeys = [
    "choreo", "name", "size", "fps", "background", "vars", "themes", "layers", "states", "initial", "transitions",
    "timelines", "budget", "fonts", "inputs", "components",
]

extension FrontendContext {
    /// Decodes the whole file in dependency order: version and frame rate, vars, layers (and their
    /// styles), then states, transitions and timelines, which refer to nodes and to each other.
    func buildScene(_ tree: SceneTree, releasingSections: Bool = true) -> Scene? {
        // No local binding of the root: after the themes are read, `map` must be the tree's only
        // owner for the section releases below (`releasesTree`) to free its sections.
        guard var map = tree.root.flatMap({
            readMap(
                $0, what: "the scene", allowed: sceneKeys, required: sceneRequiredKeys,
                expected: "a scene: a map with choreo, size and layers")
        })
        else { return nil }

        if let versionNode = map.value("choreo") { checkVersion(versionNode) }
        var name = defaultSceneName(file.path)
        if let nameNode = map.value("name"), let value = identifier(nameNode, what: "scene name") { name = value }
        var fps = 60.0
        if let fpsNode = map.value("fps"), let value = number(fpsNode, name: "fps", bound: .between(1, 240)) { fps = value }
        environment.fps = fps
        // The size limits first: past them, decoding the rest would only cost time.
        let nodesWithinLimit = map.value("layers").map(checkNodeCount) ?? true
        let keyframesWithinLimit = checkKeyframeCount(map.value("timelines"), transitions: map.value("transitions"))
        guard nodesWithinLimit, keyframesWithinLimit else { return nil }
        if let varsNode = map.value("vars") { readVars(varsNode) }
        let themes = map.value("themes").map(readThemes) ?? []
        // Bindings read the inputs, so they come before the layers.
        inputs = map.value("inputs").map(readInputs) ?? []
        // Themes and inputs build the scene again from the tree (in each theme, at other input
        // values); without them it is released section by section.
        let releasesTree = releasingSections && themes.isEmpty && inputs.isEmpty
        if releasesTree {
            tree.root = nil
            map.releaseNode()
        }
        var size = Point(100, 100)
        if let sizeNode = map.value("size"), let value = point(sizeNode, name: "size", bound: .greaterThan(0)) { size = value }
        var background: RGBA?
        if let backgroundNode = map.value("background") {
            if backgroundNode.scalar?.value != "none" { background = color(backgroundNode) }
        }

        if let fontsNode = map.value("fonts") { readFonts(fontsNode) }
        // Read before the layers, which are read before the inputs: a text that names an input
        // as a var is told how to show it.
        inputNames = Set((map.value("inputs")?.mapping ?? []).compactMap { $0.key.scalar?.value })
        var registry = NodeRegistry()
        var layers: [NodeInfo] = []
        beginLayerReuse(scene: map)
        defer { endLayerReuse() }
        if releasesTree {
            // Moved in with `consume`: an optional or closure argument would keep a copy alive
            // for the whole read, and with it every node's YAML.
            if let layersNode = map.takeValue("layers") { layers = readNodesReleasing(consume layersNode, registry: &registry) }
        } else if let layersNode = map.value("layers") {
            layers = readNodes(layersNode, parent: nil, registry: &registry)
        }
        for layer in layers {
            layer.forEachInSubtree { info in
                if registry.nodes[info.id] == nil { registry.nodes[info.id] = info }
            }
        }
        // Every base value is written once styles are resolved: each node then keeps its values
        // in an array of their size (filled in one with room for 16), which the scene model shares.
        resolveLayers(layers)
        checkLayerReferences(layers, registry: registry)
        checkRepeatCopies(layers)
        checkClipsInRepeats(layers)
        checkLayerTraitsInRepeats(layers)

        var timelineNames: [String] = []
        var timelineRanges: [String: SourceRange] = [:]
        for pair in map.value("timelines")?.mapping ?? [] {
            if let text = pair.key.scalar?.value, isIdentifier(text) {
                timelineNames.append(text)
                timelineRanges[text] = pair.key.reportRange
            }
        }
        let names = SceneNames(registry: registry, timelineNames: timelineNames, timelineRanges: timelineRanges)

        let states = map.value("states").map { readStates($0, names: names) } ?? []
        if releasesTree { map.releaseValue("states") }
        var initial = states.first?.name
        if let initialNode = map.value("initial"), let value = identifier(initialNode, what: "state name") {
            if states.contains(where: { $0.name == value }) {
                initial = value
            } else if states.isEmpty {
                error(.unknownState, "there is no state '\(value)': the scene has no states", at: initialNode.reportRange)
            } else {
                let guess = didYouMean(value, in: states.map(\.name), at: initialNode)
                error(
                    .unknownState, "there is no state '\(value)'", at: initialNode.reportRange,
                    help: guess.help, fixIts: guess.fixIts)
            }
        }
        let transitions = map.value("transitions").map {
            readTransitions($0, states: states, names: names, inputs: inputs, themes: themes.map(\.name))
        } ?? []
        let timelines = map.value("timelines").map { readTimelines($0, names: names) } ?? []
        checkBindings(states: states, inputs: inputs, timelines: timelines)
        if releasesTree {
            map.releaseValue("transitions")
            map.releaseValue("timelines")
        }

        // The model is built before the errors refuse the scene, so that its checks run either way
        // (skipping the nodes that had errors).
        var scene = Scene(
            name: name, size: size, fps: fps, background: background, layers: layers.map(sceneNode), states: states,
            initial: initial, transitions: transitions, timelines: timelines)
        scene.documentStart = map.node.range.start
        let animation = SceneAnimation(states: states, timelines: timelines)
        checkGroupGradientsStayStill(layers, animation: animation)
        // A transition that failed to decode may have led to the states that look unreachable.
        if !transitionFailed { report(scene.unreachableStateFindings()) }
        report(scene.offCanvasFindings(animation: animation))
        report(scene.implicitAnchorFindings(animation: animation))
        report(scene.repeatFillFindings())
        report(scene.loopExitFindings())
        reportVarUnitMisfits()

        guard errorCount == 0 else { return nil }
        scene.themes = themes
        scene.inputs = inputs
        scene.bindings = bindingSites
        for pair in map.value("inputs")?.mapping ?? [] {
            if let name = pair.key.scalar?.value { scene.inputRanges[name] = pair.key.reportRange }
        }
        scene.vars = environment.vars
        scene.budget = map.value("budget").flatMap(readBudget)
        scene.fontFiles = fonts.files
        var vertexByVertex = Set<PropertyKey>()
        for info in registry.nodes.values {
            if let unit = info.anchorUnit, unit != Point(0.5, 0.5) { scene.keywordAnchors[info.id] = unit }
            if info.morphByIndex { vertexByVertex.insert(PropertyKey(node: info.id, property: .d)) }
            if info.clip?.morphByIndex == true { vertexByVertex.insert(PropertyKey(node: info.id, property: .clipD)) }
        }
        scene.stateTexts = texts.stateTexts.mapValues { $0.mapValues { WrittenText(text: $0.text, range: $0.range) } }
        scene.authored = AuthoredScene(scene)
        expandTextChanges(in: &scene, registry: registry)
        expandLiveTexts(in: &scene, registry: registry)
        applyLayerTraits(to: &scene)
        guard errorCount == 0 else { return nil }
        correspondPathPoses(in: &scene, vertexByVertex: vertexByVertex) { added, range in
            addPathVertices(added, at: range, afterCorrespondence: true)
        }
        checkTransitionKeyframeEnds(scene)
        guard errorCount == 0 else { return nil }
        return scene
    }

    /// Reports what the model's checks found, through the filters every diagnostic passes.
    private func report(_ findings: [SceneFinding]) {
        for finding in findings {
            switch finding.severity {
            case .error: error(finding.rule, finding.message, at: finding.range, help: finding.help, fixIts: finding.fixIts)
            case .warning, .note: warning(finding.rule, finding.message, at: finding.range, help: finding.help, fixIts: finding.fixIts)
            }
        }
    }

    private func checkVersion(_ node: YAMLNode) {
        guard let text = scalarText(node, expected: "the format version 1") else { return }
        if node.scalar?.style == .plain, let version = Double(text), version == 1 { return }
        if node.scalar?.style.isQuoted == true {
            error(
                .unsupportedVersion, "the format version is a number, found the text \(describeFound(node))",
                at: node.reportRange, help: "write choreo: 1 without quotes")
            return
        }
        error(
            .unsupportedVersion, "unsupported format version '\(text)'; this compiler reads choreo: 1",
            at: node.reportRange, help: "write choreo: 1")
    }

    /// The model's node of `info`, which shares its (compacted) base values' storage.
    private func sceneNode(_ info: NodeInfo) -> SceneNode {
        var node = info.model
        if let roots = switchedOn[ObjectIdentifier(info)] { switchingOn(roots, trimmed: &node.trimmed, base: &node.base) }
        if info.shape == .group { node.shape = .group(info.children.map(sceneNode)) }
        var source = info.source
        source.clipBounds = info.clip.flatMap { clip in clip.valid ? clip.localBounds.applying(clip.baseMatrix) : nil }
        node.source = source
        if let clip = info.clip {
            // A clip is never a group: the clip reader refuses one.
            node.clip = clip.shape == .group ? .path : clip.model.shape
        }
        if !info.masks.isEmpty {
            var traits = node.traits
            traits.masks = info.masks.map(sceneNode)
            node.traits = traits
        }
        return node
    }
}

/// The scene name a file gets without `name:`: its file name without extension, made an identifier.
/// `.choreo.yaml` counts as one extension (the name editors and the SwiftPM plugin match on), so
/// `spinner.choreo.yaml` is `spinner`, not `spinner-choreo`.
package func defaultSceneName(_ path: String) -> String {
    var stem = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    for suffix in [".choreo.yaml", ".choreo.yml", ".yaml", ".yml"] where stem.hasSuffix(suffix) {
        stem.removeLast(suffix.count)
        break
    }
    return sanitizedIdentifier(stem) ?? "scene"
}
