import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoYAML

/// The top-level layers one build of a document read, for the next build of the same document
/// (the language server's lint after an edit) to take instead of reading them again.
///
/// A layer is taken when its YAML is equal to the YAML it was read from (ranges included) and
/// everything reading it could depend on is too: the scene's other top-level keys but the
/// sections read after the layers (vars, fonts, fps, themes… are compared), the file's path,
/// and a YAML read without diagnostics. What reading it did besides making its node is done
/// again: its ids are registered (when one is already taken, the layer is read again, so the
/// `duplicate-id` error is the one a whole read reports) and its path vertices are counted
/// (read again when they would pass the limit). Only a layer whose reading reported nothing, and
/// which holds no text node (text reads fonts and keeps per-node settings in the context), is
/// kept.
///
/// What is kept is the node itself once its styles are resolved and its base values compacted
/// (a top-level layer's style inherits nothing), and the next build is handed that node: nothing
/// changes a node after its styles are resolved (what states, tweens and keyframes switch on is
/// noted beside it, `switchOn(_:for:)`), so a kept node is a value between builds.
///
/// The build keeps the `states:` and the timelines' keyframes it read as well (`StatesRead`,
/// `KeyframesRead`), for the next to read again only the entries and pairs that name a node of
/// a layer it read.
package final class LayerReadCache {
    struct Entry {
        let yaml: YAMLNode
        /// The node with its styles resolved and its base values compacted (`resolveLayers`);
        /// until then, in the build that read it, the node being built.
        var node: NodeInfo
        var resolved: Bool
        let registered: [(id: String, range: SourceRange)]
        let pathVertices: Int
        /// The bindings its reading recorded (`bindingSites`), recorded again when it is taken.
        let bindings: [SceneBinding]
    }

    /// What the entries were read under (`FrontendContext.layerCacheKey`).
    fileprivate var key: LayerCacheKey?
    /// By layer index; a build replaces the entries of the layers it reads in place and drops
    /// those past its last layer.
    fileprivate var entries: [Entry?] = []
    /// Layers read and layers taken from the last build, over the cache's life: counted, so
    /// tests can tell that an edit re-reads no more than it must.
    package fileprivate(set) var layersRead = 0
    package fileprivate(set) var layersReused = 0
    /// The states section of the last build (`StatesRead`), and of the build under way.
    var states: StatesRead?
    var statesBuilding: StatesRead?
    /// The timelines' keyframes of the last build (`KeyframesRead`) by timeline, and of the build under way.
    var keyframes: [String: KeyframesRead] = [:]
    var keyframesBuilding: [String: KeyframesRead] = [:]
    /// Builds whose states were the last build's patched, state entries and keyframe pairs read (counted).
    package internal(set) var statesPatched = 0
    package internal(set) var stateEntriesRead = 0
    package internal(set) var keyframePairsRead = 0

    package init() {}
}

struct LayerCacheKey: Equatable {
    var path: String
    /// The scene's top-level pairs, the sections read after the layers left out.
    var context: [YAMLPair]
}

/// The top-level sections read after the layers, which reading a layer cannot depend on.
private let sectionsAfterLayers: Set<String> = ["layers", "states", "transitions", "timelines", "initial"]

extension FrontendContext {
    /// Starts a build's use of `layerCache`; it is used only when the context is one a kept
    /// layer could have been read in.
    func beginLayerReuse(scene map: MapEntries) {
        guard let cache = layerCache else { return }
        guard varOverrides.isEmpty, !hasYAMLProblems else {
            cache.key = nil
            cache.entries = []
            cache.states = nil
            cache.keyframes = [:]
            layerCache = nil
            return
        }
        let key = LayerCacheKey(
            path: file.path,
            context: map.entries.filter { !sectionsAfterLayers.contains($0.name) }.map { YAMLPair(key: $0.key, value: $0.value) })
        if cache.key != key {
            cache.key = key
            cache.entries = []
            cache.states = nil
            cache.keyframes = [:]
        }
        cache.statesBuilding = nil
        cache.keyframesBuilding = [:]
    }

    /// Ends the build's use of `layerCache`: the layers it read or took are the next build's.
    func endLayerReuse() {
        guard let cache = layerCache else { return }
        // An entry whose node was not kept resolved is the node the build went on to change.
        for index in layersToKeep.values where cache.entries[index]?.resolved == false { cache.entries[index] = nil }
        if let layerCount = layersSeen, layerCount < cache.entries.count { cache.entries.removeLast(cache.entries.count - layerCount) }
        cache.states = cache.statesBuilding
        cache.statesBuilding = nil
        cache.keyframes = cache.keyframesBuilding
        cache.keyframesBuilding = [:]
    }

    /// `readNode` for the top-level layer at `index`, through `layerCache`.
    func readLayer(_ item: YAMLNode, at index: Int, registry: inout NodeRegistry) -> NodeInfo? {
        guard let cache = layerCache else { return readNode(item, parent: nil, registry: &registry) }
        layersSeen = max(layersSeen ?? 0, index + 1)
        if cache.entries.count <= index { cache.entries += Array(repeating: nil, count: index + 1 - cache.entries.count) }
        if let entry = cache.entries[index], entry.yaml == item,
            entry.registered.allSatisfy({ !registry.isKnown($0.id) }),
            pathVertexCount + entry.pathVertices <= SceneLimits.pathVertexLimit(inputBytes: file.bytes.count)
        {
            for (id, range) in entry.registered { registry.register(id, range: range, context: self) }
            pathVertexCount += entry.pathVertices
            bindingSites += entry.bindings
            cache.layersReused += 1
            layersTakenResolved.insert(ObjectIdentifier(entry.node))
            return entry.node
        }
        cache.entries[index] = nil
        let diagnosticsBefore = bag.diagnostics.count, errorsBefore = errorCount
        let registeredBefore = registry.order.count, verticesBefore = pathVertexCount, bindingsBefore = bindingSites.count
        let info = readNode(item, parent: nil, registry: &registry)
        cache.layersRead += 1
        idsOfLayersRead.formUnion(registry.order[registeredBefore...])
        if let info, info.valid, bag.diagnostics.count == diagnosticsBefore, errorCount == errorsBefore,
            !info.subtree.contains(where: { $0.shape == .text })
        {
            let registered = registry.order[registeredBefore...].map { (id: $0, range: registry.firstDefinition[$0]!) }
            cache.entries[index] = LayerReadCache.Entry(
                yaml: item, node: info, resolved: false, registered: registered, pathVertices: pathVertexCount - verticesBefore,
                bindings: Array(bindingSites[bindingsBefore...]))
            layersToKeep[ObjectIdentifier(info)] = index
        }
        return info
    }

    /// Resolves the styles of the top-level layers and compacts their base values, but for the
    /// layers taken from `layerCache`, whose nodes are kept resolved; keeps each layer read for
    /// the cache whose resolving reported nothing (a group's gradient can be refused here).
    func resolveLayers(_ layers: [NodeInfo]) {
        guard let cache = layerCache else {
            resolveStyles(layers, inherited: StyleSpec())
            compactBaseValues(layers)
            return
        }
        for layer in layers where !layersTakenResolved.contains(ObjectIdentifier(layer)) {
            let marks = diagnosticMarks
            resolveStyles([layer], inherited: StyleSpec())
            compactBaseValues([layer])
            if marks.diagnosticsSince(self) == 0, let index = layersToKeep[ObjectIdentifier(layer)] {
                cache.entries[index]?.resolved = true
            }
        }
    }
}
