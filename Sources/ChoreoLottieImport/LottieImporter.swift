import ChoreoSceneModel
import ChoreoSceneSyntax
import ChoreoTimeline
import Foundation

/// A Lottie document as the scene a person would have written: layers and shape groups as nodes,
/// their motion as one timeline's keyframes with their exact easing, and a warning naming the JSON
/// pointer of everything a scene cannot hold. `choreo import` prints it with `SceneWriter`.
public struct ImportedLottie: Sendable {
    public var entries: [SceneEntry]
    public var warnings: [LottieFinding]
    /// What the scene's comment names.
    var source: String

    public func text() -> String { SceneWriter.text(entries, comment: comment) }
    public func bytes() -> [UInt8] { SceneWriter.bytes(entries, comment: comment) }
    public func write(to emit: (UnsafeRawBufferPointer) -> Void) { SceneWriter.write(entries, comment: comment, to: emit) }

    private var comment: String { "Imported from \(source) by choreo import." }
}

public enum LottieImporter {
    /// The most bytes a document may have.
    public static let maxDocumentBytes = 16 << 20
    /// How deep precompositions may nest, and how many nodes a scene may get.
    static let maxPrecompDepth = 16
    static let maxNodes = 100_000

    /// Whether `bytes` look like a Lottie document or a dotLottie archive rather than an SVG:
    /// a ZIP's `PK`, or a JSON object, whatever the file is called.
    public static func sniff(_ bytes: [UInt8]) -> Bool {
        if bytes.count >= 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "K") { return true }
        var index = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "{")
    }

    /// A Lottie JSON document, or a dotLottie archive (its first animation, state machine and
    /// themes), as a scene; `source` is the file's name for the scene's comment.
    public static func importDocument(_ bytes: [UInt8], source: String) -> Result<ImportedLottie, LottieFinding> {
        guard bytes.count <= maxDocumentBytes else {
            return .failure(LottieFinding(pointer: "", offset: nil, message: "the document is \(bytes.count) bytes, more than the limit of \(maxDocumentBytes) (16 MiB)"))
        }
        if bytes.count >= 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "K") {
            return DotLottieImport.read(bytes, source: source)
        }
        return importJSON(bytes, source: source, member: nil)
    }

    static func importJSON(_ bytes: [UInt8], source: String, member: String?, extra: (inout DocumentImport) -> Void = { _ in }) -> Result<ImportedLottie, LottieFinding> {
        let json: LottieJSON
        switch LottieJSONReader.read(bytes) {
        case let .success(value): json = value
        case let .failure(error):
            let place = lineAndColumn(of: error.offset, in: bytes)
            return .failure(LottieFinding(
                member: member, pointer: error.pointer, offset: error.offset,
                message: "malformed JSON at line \(place.line), column \(place.column): \(error.message)"))
        }
        var document: DocumentImport
        switch DocumentImport.make(LottieItem(json: json, pointer: ""), member: member) {
        case let .success(made): document = made
        case let .failure(finding): return .failure(finding)
        }
        document.importLayers()
        extra(&document)
        return .success(ImportedLottie(entries: document.sceneEntries(), warnings: document.warnings.findings, source: source))
    }
}

/// One document being imported: its clock, the ids given so far, the keyframes of its timeline.
struct DocumentImport {
    let root: LottieItem
    let fps: Double
    let startFrame: Double
    let endFrame: Double
    let size: Point
    let warnings = LottieWarnings()
    var tracks: TrackReader { TrackReader(warnings: warnings, slots: slots) }
    var ids = IdentifierRegistry()
    var layers: [SceneValue] = []
    /// The timeline's keyframes, by `NODE.PROPERTY`, in the order they were made.
    var keyframes: [(key: String, list: [SceneValue])] = []
    var assets: [String: LottieItem] = [:]
    var slots: [String: LottieItem] = [:]
    var precompStack: [String] = []
    var nodeCount = 0
    var states: [SceneEntry] = []
    var transitions: [SceneValue] = []
    var timelines: [SceneEntry] = []
    var movingProperties: [MovingProperty] = []
    var themes: [SceneEntry] = []
    var name: String?
    /// Whether a node has a window, which the timeline `main` plays even when nothing moves.
    var hasWindows = false
    /// Positions written as two axes, by node: what a state's pose writes as one point.
    var splitPositions: [String: (x: LottieTrack, y: LottieTrack, time: TimeMap)] = [:]

    var duration: Double { (endFrame - startFrame) / fps }

    var durationValue: SceneValue { frameTime(endFrame - startFrame) }

    static func make(_ root: LottieItem, member: String?) -> Result<DocumentImport, LottieFinding> {
        func refuse(_ item: LottieItem, _ message: String) -> Result<DocumentImport, LottieFinding> {
            .failure(LottieFinding(member: member, pointer: item.pointer, offset: item.json.offset, message: message))
        }
        guard root.json.isObject else { return refuse(root, "not a Lottie document: the JSON is not an object") }
        guard let layers = root["layers"], layers.json.items != nil else {
            return refuse(root, "not a Lottie document: it has no `layers` array")
        }
        _ = layers
        guard let fr = root.number("fr"), fr.isFinite, fr >= 1, fr <= 240 else {
            return refuse(root["fr"] ?? root, "`fr` (frames per second) must be a number from 1 to 240, as a scene's `fps`")
        }
        guard let ip = root.number("ip"), let op = root.number("op"), ip.isFinite, op.isFinite, op > ip else {
            return refuse(root["op"] ?? root, "not a Lottie document: `ip` and `op` must be numbers with `op` after `ip`")
        }
        guard let w = root.number("w"), let h = root.number("h"), w > 0, h > 0, w <= SceneLimits.maxMagnitude, h <= SceneLimits.maxMagnitude else {
            return refuse(root["w"] ?? root, "not a Lottie document: `w` and `h` must be sizes above 0 (at most \(Int(SceneLimits.maxMagnitude)))")
        }
        guard (op - ip) / fr <= 3600 else { return refuse(root["op"]!, "the animation lasts more than an hour") }
        // The frame rate as the scene writes it, so that frames keep their numbers; an end a hair
        // past a whole frame (`op: 120.0000048877`) ends on it.
        let frames = (op - ip).rounded()
        let end = abs(op - ip - frames) < 1e-3 ? ip + frames : op
        var document = DocumentImport(root: root, fps: clean(fr), startFrame: ip, endFrame: end, size: Point(w, h))
        document.warnings.member = member
        for asset in root.list("assets") {
            if let id = asset.string("id") { document.assets[id] = asset }
        }
        if let slots = root["slots"], case let .object(members) = slots.json.kind {
            for member in members where member.value.isObject {
                document.slots[member.key] = LottieItem(json: member.value, pointer: slots.pointer + LottiePointer.escape(member.key))
            }
        }
        document.name = root.string("nm")
        return .success(document)
    }

    mutating func importLayers() {
        layers = layerList(root.list("layers"), time: TimeMap(), depth: 0)
        // Motion of nodes left out after their keyframes were read (a layer never on screen, a
        // group with nothing to draw) goes with them.
        var kept: Set<String> = []
        func collect(_ value: SceneValue) {
            if case let .text(id, _)? = value[SceneKey(.id)] { kept.insert(id) }
            for mask in value[SceneKey(.mask)].map({ $0.items.isEmpty ? [$0] : $0.items }) ?? [] {
                if case let .text(id, _)? = mask[SceneKey(.id)] { kept.insert(id) }
            }
            for child in value[SceneKey(.children)]?.items ?? [] { collect(child) }
        }
        layers.forEach(collect)
        keyframes.removeAll { !kept.contains(String($0.key.prefix { $0 != "." })) }
        movingProperties.removeAll { !kept.contains($0.node) }
        importMarkers()
    }

    /// The scene: `choreo: 1`, its size and frame rate, the nodes, and the timeline of the motion.
    func sceneEntries() -> [SceneEntry] {
        var entries = [SceneEntry(.choreo, .number(1))]
        if let name, let identifier = IdentifierRegistry.identifier(name) { entries.append(SceneEntry(.name, .word(identifier))) }
        entries.append(SceneEntry(.size, .point(Point(clean(size.x), clean(size.y)))))
        entries.append(SceneEntry(.fps, .number(clean(fps))))
        if !themes.isEmpty { entries.append(SceneEntry(.themes, .map(themes, .block))) }
        // A scene needs a node; an empty animation gets an invisible one.
        let nodes = layers.isEmpty
            ? [SceneValue.map([SceneEntry(SceneKey(.id), .word("empty")), SceneEntry(SceneKey(.shape), .word(ShapeKind.rect.rawValue)),
                SceneEntry(SceneKey(.size), .point(Point(1, 1))), SceneEntry(SceneKey(.opacity), .number(0))], .flow)]
            : layers
        entries.append(SceneEntry(.layers, .list(nodes, .block)))
        if !states.isEmpty {
            entries.append(SceneEntry(.states, .map(states, .block)))
            entries.append(SceneEntry(.transitions, .list(transitions, .block)))
        }
        var timelineEntries: [SceneEntry] = []
        if !keyframes.isEmpty || hasWindows {
            var main = [SceneEntry(.duration, durationValue), SceneEntry(.loop, .word("true"))]
            if !keyframes.isEmpty {
                main.append(SceneEntry(.keyframes, .map(keyframes.map { SceneEntry(SceneKey(name: $0.key), .list($0.list, .block)) }, .block)))
            }
            timelineEntries.append(SceneEntry(SceneKey(name: "main"), .map(main, .block)))
        }
        timelineEntries += timelines
        if !timelineEntries.isEmpty { entries.append(SceneEntry(.timelines, .map(timelineEntries, .block))) }
        return entries
    }

    // MARK: Layers

    /// A composition's layers, bottom first, each a node.
    mutating func layerList(_ list: [LottieItem], time: TimeMap, depth: Int) -> [SceneValue] {
        var byIndex: [Int: LottieItem] = [:]
        for layer in list {
            if let index = layer.number("ind"), index.isFinite, abs(index) < 1e9 { byIndex[Int(index)] = layer }
        }
        var made: [Int: SceneValue] = [:]
        for (position, layer) in list.enumerated().reversed() {
            guard nodeCount < LottieImporter.maxNodes else {
                warnings.add(layer, "more than \(LottieImporter.maxNodes) nodes; the rest of the layers are left out", kind: .approximation)
                break
            }
            guard let node = layerNode(layer, time: time, depth: depth) else { continue }
            made[position] = node
        }
        let positions = Dictionary(list.enumerated().compactMap { position, layer in
            layer.number("ind").flatMap { $0.isFinite && abs($0) < 1e9 ? (Int($0), position) : nil }
        }, uniquingKeysWith: { _, last in last })
        // A parent a node can name: a null (a group of its transform, drawing nothing), or a
        // layer drawn as itself, neither a matte nor matted (the children of a matted parent
        // drew differently in ThorVG; they keep a group per ancestor).
        func nameable(_ position: Int) -> Bool {
            let layer = list[position]
            if layer.json["hd"]?.isTrue == true || layer.json["td"]?.isTrue == true || (layer.number("tt") ?? 0) != 0 { return false }
            return layer.number("ty") == 3 || made[position] != nil
        }
        // `parent:` where the whole chain can be named, else the node inside a group per ancestor.
        var parentOf: [Int: Int] = [:]
        for (position, layer) in list.enumerated() where made[position] != nil {
            var chain: [Int] = []
            var current = position
            while let index = list[current].number("parent"), index.isFinite, abs(index) < 1e9,
                  let next = positions[Int(index)], next != position, !chain.contains(next), chain.count < 64 {
                chain.append(next)
                current = next
            }
            guard !chain.isEmpty, list[current].number("parent") == nil, chain.allSatisfy(nameable) else {
                made[position] = parented(made[position]!, layer: layer, byIndex: byIndex, time: time)
                continue
            }
            for (child, parent) in zip([position] + chain, chain) { parentOf[child] = parent }
        }
        for position in Set(parentOf.values).sorted() where made[position] == nil {
            let layer = list[position]
            var node = NodeDraft(id: ids.unique(layer.string("nm"), fallback: "null-layer"), shape: .group)
            nodeCount += 1
            transform(layer["ks"], on: &node, time: time.then(layerClock(layer)), opacity: false)
            node.set(.children, .list([], .flow))
            made[position] = node.value
        }
        for (child, parent) in parentOf {
            guard case let .text(id, _)? = made[parent]?[SceneKey(.id)] else { continue }
            made[child] = setting(SceneKey(.parent), .word(id), on: made[child]!)
        }
        for (position, layer) in list.enumerated() {
            // Outside the parents' groups, which would isolate it.
            if let node = made[position], let blend = blendMode(layer) { made[position] = setting(SceneKey(.blend), blend, on: node) }
        }
        // A matted layer names its matte's node; a matte whose layer is not drawn is not either.
        var usedMattes: Set<Int> = []
        var dropped: Set<Int> = []
        for (position, layer) in list.enumerated() where made[position] != nil {
            guard let code = layer.number("tt"), code != 0 else { continue }
            guard let mode = Self.matteMode(code) else {
                warnings.add(layer["tt"]!, "a track matte of an unknown mode; the layer is drawn unmatted", kind: .matte)
                continue
            }
            var source: Int?
            if let target = layer.number("tp") {
                source = list.indices.first { list[$0].number("ind") == target }
            } else if position > 0, list[position - 1].json["td"]?.isTrue == true {
                source = position - 1
            }
            guard let source, case let .text(id, _)? = made[source]?[SceneKey(.id)] else {
                // Nothing to let the layer show: an alpha or luma matte hides it all (a parent
                // stays, unseen, for the nodes that follow it).
                if mode == .alpha || mode == .luma {
                    if Set(parentOf.values).contains(position) {
                        made[position] = setting(SceneKey(.opacity), .number(0), on: made[position]!)
                    } else {
                        dropped.insert(position)
                    }
                }
                continue
            }
            usedMattes.insert(source)
            var matte = [SceneEntry(SceneKey(.matteNode), .word(id))]
            if mode != .alpha { matte.append(SceneEntry(SceneKey(.matteMode), .word(mode.rawValue))) }
            made[position] = setting(SceneKey(.matte), .map(matte, .flow), on: made[position]!)
        }
        var nodes: [SceneValue] = []
        for (position, layer) in list.enumerated().reversed() {
            guard let node = made[position], !dropped.contains(position) else { continue }
            if layer.json["td"]?.isTrue == true, !usedMattes.contains(position) { continue }
            nodes.append(node)
        }
        return nodes
    }

    /// The node inside a group per ancestor of its parent chain, each carrying that ancestor's
    /// transform (not its opacity, as After Effects parents).
    mutating func parented(_ node: SceneValue, layer: LottieItem, byIndex: [Int: LottieItem], time: TimeMap) -> SceneValue {
        var wrapped = node
        var current = layer
        var seen: Set<Int> = []
        while let parentIndex = current.number("parent"), parentIndex.isFinite, abs(parentIndex) < 1e9 {
            let index = Int(parentIndex)
            guard let parent = byIndex[index], seen.insert(index).inserted, seen.count <= 64 else {
                warnings.add(current["parent"]!, "a parent that is not a layer of this composition, or a parent cycle; the layer is drawn without it", kind: .malformed)
                break
            }
            var group = NodeDraft(id: ids.unique((parent.string("nm") ?? "parent") + " transform", fallback: "parent"), shape: .group)
            let parentTime = time.then(layerClock(parent))
            transform(parent["ks"], on: &group, time: parentTime, opacity: false)
            group.set(.children, .list([wrapped], .block))
            wrapped = group.value
            current = parent
        }
        return wrapped
    }

    func layerClock(_ layer: LottieItem) -> TimeMap {
        let start = layer.number("st").flatMap { $0.isFinite ? $0 : nil } ?? 0
        var stretch = layer.number("sr").flatMap { $0.isFinite ? $0 : nil } ?? 1
        if stretch <= 0 {
            warnings.add(layer["sr"]!, "a time stretch of 0 or below; the layer plays at its own speed", kind: .malformed)
            stretch = 1
        }
        return TimeMap(offset: start, scale: stretch)
    }

    mutating func layerNode(_ layer: LottieItem, time outer: TimeMap, depth: Int) -> SceneValue? {
        guard layer.json.isObject else {
            warnings.add(layer, "a layer that is not an object; it is left out", kind: .malformed)
            return nil
        }
        if layer.json["hd"]?.isTrue == true { return nil }
        let kind = layer.number("ty").map(Int.init) ?? -1
        let time = outer.then(layerClock(layer))
        noteUnsupported(layer)
        var children: [SceneValue] = []
        switch kind {
        case 4:
            children = shapeNodes(layer.list("shapes"), time: time)
        case 1:
            children = solid(layer, time: time).map { [$0] } ?? []
        case 0:
            children = precomp(layer, time: time, depth: depth)
        case 3:
            return nil
        case 2:
            warnings.add(layer, "an image layer, which a scene cannot hold; it is left out", kind: .image)
            return nil
        case 5:
            warnings.add(layer, "a text layer, which a scene cannot hold without its glyph outlines; it is left out", kind: .text)
            return nil
        default:
            let names = [6: "an audio layer", 13: "a camera layer", 15: "a data layer"]
            warnings.add(layer, "\(names[kind] ?? "a layer of type \(kind)"), which a scene cannot hold; it is left out", kind: .layerKind)
            return nil
        }
        guard !children.isEmpty else { return nil }
        guard let shown = window(layer, time: outer) else { return nil }
        var node = NodeDraft(id: ids.unique(layer.string("nm"), fallback: "layer"), shape: .group)
        nodeCount += 1
        transform(layer["ks"], on: &node, time: time, opacity: true)
        if layer.json["ao"]?.isTrue == true { node.set(.orient, .word("auto")) }
        applyMasks(layer, to: &node, time: time)
        if let (start, end) = shown {
            node.set(.visible, .list([frameTime(start * fps), frameTime(end * fps)], .flow))
            hasWindows = true
        }
        node.set(.children, .list(children, .block))
        return node.value
    }

    /// What a layer has that the scene cannot hold, each a warning at its pointer.
    func noteUnsupported(_ layer: LottieItem) {
        if layer.json["ddd"]?.isTrue == true {
            warnings.add(layer["ddd"]!, "a 3D layer, which a scene cannot hold; it is drawn flat", kind: .threeD)
        }
        for (index, effect) in layer.list("ef").enumerated() where effect.json["en"].map({ $0.isTrue }) ?? true {
            _ = index
            warnings.add(effect, "an effect (\(effect.string("nm") ?? "type \(effect.number("ty").map { Int($0) } ?? -1)")), which this importer does not map; it is left out", kind: .effect)
        }
        if let styles = layer["sy"], !(styles.json.items ?? []).isEmpty {
            warnings.add(styles, "layer styles, which a scene cannot hold; they are left out", kind: .style)
        }
        if let remap = layer["tm"] {
            warnings.add(remap, "time remapping, which a scene cannot hold; the layer plays at its own pace", kind: .timeRemap)
        }
    }

    /// The part of the animation a layer is drawn in (its in and out points, `ip` and `op`, on its
    /// composition's clock): `.some(nil)` for all of it, nil for none of it, else the seconds.
    func window(_ layer: LottieItem, time: TimeMap) -> (Double, Double)?? {
        let inPoint = layer.number("ip").map(time.outer) ?? -.infinity
        let outPoint = layer.number("op").map(time.outer) ?? .infinity
        guard inPoint > startFrame || outPoint < endFrame else { return .some(nil) }
        let start = (inPoint - startFrame) / fps, end = (outPoint - startFrame) / fps
        guard start < duration, end > 0, end > start else { return nil }
        return .some((max(0, start), min(duration, end)))
    }

    // MARK: Solids and precompositions

    mutating func solid(_ layer: LottieItem, time: TimeMap) -> SceneValue? {
        guard let width = layer.number("sw"), let height = layer.number("sh"), width > 0, height > 0 else { return nil }
        var rect = NodeDraft(id: ids.unique((layer.string("nm") ?? "solid") + " fill", fallback: "solid"), shape: .rect)
        rect.set(.size, .point(Point(clean(width), clean(height))))
        rect.set(.position, .point(Point(clean(width / 2), clean(height / 2))))
        let color = layer.string("sc").flatMap(parseHexColor) ?? RGBA(0, 0, 0)
        rect.set(.fill, .color(color))
        return rect.value
    }

    mutating func precomp(_ layer: LottieItem, time: TimeMap, depth: Int) -> [SceneValue] {
        guard let reference = layer.string("refId"), let asset = assets[reference] else {
            warnings.add(layer["refId"] ?? layer, "a precomposition whose asset is not in the document; it is left out", kind: .malformed)
            return []
        }
        guard asset["layers"] != nil else {
            warnings.add(asset, "an image asset placed as a precomposition; it is left out", kind: .image)
            return []
        }
        guard depth < LottieImporter.maxPrecompDepth, !precompStack.contains(reference) else {
            warnings.add(layer["refId"]!, "precompositions nested more than \(LottieImporter.maxPrecompDepth) deep, or one that holds itself; it is left out", kind: .malformed)
            return []
        }
        precompStack.append(reference)
        defer { precompStack.removeLast() }
        var children = layerList(asset.list("layers"), time: time, depth: depth + 1)
        guard !children.isEmpty else { return [] }
        // Players cut a precomposition at its size.
        if let width = layer.number("w"), let height = layer.number("h"), width > 0, height > 0 {
            var group = NodeDraft(id: ids.unique((layer.string("nm") ?? "precomp") + " content", fallback: "content"), shape: .group)
            group.set(.clip, .map([
                SceneEntry(SceneKey(.clipShape), .word(ShapeKind.rect.rawValue)),
                SceneEntry(SceneKey(.clipSize), .point(Point(clean(width), clean(height)))),
                SceneEntry(SceneKey(.clipPosition), .point(Point(clean(width / 2), clean(height / 2)))),
            ], .flow))
            group.set(.children, .list(children, .block))
            children = [group.value]
        }
        return children
    }

    // MARK: Transforms

    /// A layer's (`ks`) or a group's (`tr`) transform on `node`: anchor, position, scale,
    /// rotation, and opacity when `opacity` (a parent passes on its transform only).
    mutating func transform(_ item: LottieItem?, on node: inout NodeDraft, time: TimeMap, opacity: Bool) {
        guard let item else { return }
        let anchor = tracks.track(item["a"], TrackReader.vector)
        let position = positionTrack(item)
        let scale = tracks.track(item["s"], TrackReader.vector)
        let rotation = tracks.track(item["r"] ?? item["rz"], TrackReader.scalar)
        let isIdentity = [anchor, position].allSatisfy { $0 == nil || (!$0!.isAnimated && $0!.first == [0, 0]) }
            && (scale == nil || (!scale!.isAnimated && scale!.first == [100, 100]))
            && (rotation == nil || (!rotation!.isAnimated && rotation!.first == [0]))
        if !isIdentity {
            animate(&node, .anchor, anchor ?? .fixed([0, 0]), time: time, pointValue, always: true)
            if let axes = positionAxes(item, combined: position) {
                // The point as the node's position, each axis's motion under its own path.
                let start = time.inner(startFrame)
                node.set(.position, pointValue([axes.x.value(at: start)[0], axes.y.value(at: start)[0]]))
                animate(&node, .positionX, axes.x, time: time, { .number(clean($0[0])) }, set: { _, _ in })
                animate(&node, .positionY, axes.y, time: time, { .number(clean($0[0])) }, set: { _, _ in })
                splitPositions[node.id] = (axes.x, axes.y, time)
            } else if let position {
                animate(&node, .position, position, time: time, pointValue, spatial: true)
            }
            if let rotation { animate(&node, .rotation, rotation, time: time, { .degrees(clean($0[0])) }, skip: [0]) }
            if let scale {
                animate(&node, .scale, scale, time: time, { .numberOrPoint(Point(clean($0[0] / 100), clean($0[1] / 100))) }, skip: [100, 100])
            }
        }
        if let skew = tracks.track(item["sk"], TrackReader.scalar), skew.isAnimated || skew.first != [0] {
            warnings.add(item["sk"]!, "a skew, which a scene cannot hold; it is left out", kind: .approximation)
        }
        if opacity, let value = tracks.track(item["o"], TrackReader.scalar) {
            animate(&node, .opacity, value, time: time, { .number(clean(min(1, max(0, $0[0] / 100)))) }, skip: [100])
        }
    }

    /// Position, whether written as one point or (After Effects' separate dimensions) as x and y.
    func positionTrack(_ item: LottieItem) -> LottieTrack? {
        guard let position = item["p"] else { return nil }
        guard position.json["s"]?.isTrue == true else { return tracks.track(position, TrackReader.vector) }
        let x = tracks.track(position["x"], TrackReader.scalar) ?? .fixed([0])
        let y = tracks.track(position["y"], TrackReader.scalar) ?? .fixed([0])
        return combine(x, y)
    }

    /// The position as two tracks of one axis each (`position.x`, `position.y`) where one track of
    /// points cannot hold its motion: After Effects' separate dimensions whose keyframes fall at
    /// different times, or axes eased apart (without spatial tangents, which need both).
    func positionAxes(_ item: LottieItem, combined: LottieTrack?) -> (x: LottieTrack, y: LottieTrack)? {
        guard let position = item["p"] else { return nil }
        if position.json["s"]?.isTrue == true {
            let x = tracks.track(position["x"], TrackReader.scalar) ?? .fixed([0])
            let y = tracks.track(position["y"], TrackReader.scalar) ?? .fixed([0])
            if case let .keyed(xs) = x, case let .keyed(ys) = y, xs.map(\.frame) != ys.map(\.frame) { return (x, y) }
            return combined?.easesAxesApart == true ? (x, y) : nil
        }
        guard let combined, combined.easesAxesApart,
              !combined.keys.contains(where: { ($0.spatialIn ?? []).contains { $0 != 0 } || ($0.spatialOut ?? []).contains { $0 != 0 } })
        else { return nil }
        return (combined.component(0), combined.component(1))
    }

    /// Two one-number tracks as one of two numbers: exact when they share keyframe times (each
    /// keeps its own timing), else sampled at every keyframe time of either.
    func combine(_ x: LottieTrack, _ y: LottieTrack) -> LottieTrack {
        switch (x, y) {
        case let (.fixed(a), .fixed(b)): return .fixed([a[0], b[0]])
        case let (.keyed(keys), .fixed(b)):
            return .keyed(keys.map { key in
                var key = key
                key.value = [key.value[0], b[0]]
                key.timing = [key.timing(0), .linear]
                return key
            })
        case let (.fixed(a), .keyed(keys)):
            return .keyed(keys.map { key in
                var key = key
                key.value = [a[0], key.value[0]]
                key.timing = [.linear, key.timing(0)]
                return key
            })
        case let (.keyed(xs), .keyed(ys)):
            if xs.map(\.frame) == ys.map(\.frame) {
                return .keyed(zip(xs, ys).map { a, b in
                    var key = a
                    key.value = [a.value[0], b.value[0]]
                    key.timing = [a.timing(0), b.timing(0)]
                    key.hold = a.hold && b.hold
                    return key
                })
            }
            let frames = Array(Set(xs.map(\.frame) + ys.map(\.frame))).sorted()
            return .keyed(frames.map { frame in LottieKey(frame: frame, value: [x.value(at: frame)[0], y.value(at: frame)[0]]) })
        }
    }
}

/// `#RRGGBB` as solids write their colour.
func parseHexColor(_ text: String) -> RGBA? {
    var digits = Array(text.utf8)
    if digits.first == UInt8(ascii: "#") { digits.removeFirst() }
    guard digits.count == 6 || digits.count == 8 else { return nil }
    var values: [Double] = []
    for index in stride(from: 0, to: digits.count, by: 2) {
        guard let value = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
        values.append(Double(value) / 255)
    }
    return RGBA(values[0], values[1], values[2], values.count > 3 ? values[3] : 1)
}
