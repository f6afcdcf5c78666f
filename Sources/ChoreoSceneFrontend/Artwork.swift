import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoSceneSyntax
import ChoreoTimeline
import ChoreoYAML
import Foundation

// `artwork:` (contract §14): a group node whose children are an SVG's elements. The SVG importer
// sits above this target, so the program that compiles supplies it as an `ArtworkLoading`; the
// front end reads the file through its `SceneFileAccess` (inside the scene's folder, bounded),
// hands the bytes over, and puts the nodes the importer builds (the scene `choreo import` writes,
// as values, never as text) into the scene's tree before reading it, so artwork nodes are
// ordinary nodes to everything after: states, tweens, keyframes, themes, every output.

/// Puts an SVG's drawing into a scene: ChoreoSVGImport's `SVGArtworkLoader` in the CLI, the
/// language server and the benchmark. Without one, `artwork:` is an error.
public protocol ArtworkLoading: Sendable {
    /// The drawing of the SVG in `bytes` (with `element`, that element and what it holds, placed
    /// where it is in the file), fitted into `size` by the SVG's `preserveAspectRatio` when given.
    func artwork(from bytes: [UInt8], element: String?, fittingInto size: Point?) -> Result<LoadedArtwork, ArtworkFinding>
}

/// Something about an SVG at a place in it (line and column of an element, 1-based).
public struct ArtworkFinding: Error, Sendable, Hashable {
    public var message: String
    public var line: Int
    public var column: Int

    public init(_ message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }
}

/// An SVG's drawing as the importer hands it to the scene.
public struct LoadedArtwork: Sendable {
    /// The scene nodes of the drawing, as `choreo import` writes them under `layers:`.
    public var nodes: [SceneValue]
    /// The elements left out, each where it is in the SVG.
    public var warnings: [ArtworkFinding]
    /// Each node id the list holds to where its element starts in the SVG.
    public var elements: [String: SourceLocation]

    public init(nodes: [SceneValue], warnings: [ArtworkFinding], elements: [String: SourceLocation]) {
        self.nodes = nodes
        self.warnings = warnings
        self.elements = elements
    }
}

/// Where a node of the scene came from in an SVG: for go-to-definition.
public struct ArtworkElement: Sendable, Hashable {
    /// The SVG file, as the scene's path and the `artwork:` path make it.
    public var file: String
    public var location: SourceLocation
}

/// The SVG files a scene's `artwork:` nodes read, and where each artwork node's element is.
public struct ArtworkSources: Sendable {
    public var files: [String] = []
    public var elements: [String: ArtworkElement] = [:]
    /// Every `artwork:` value's range in the scene: diagnostics about the nodes put there carry
    /// it, and fix-its there would edit the path, not the SVG.
    var ranges: [SourceRange] = []
    /// The node ids an `artwork:` refused for a clash of ids would have made: a reference to one
    /// is a consequence of that error, not an unknown node.
    package var refusedIDs: Set<String> = []

    package init() {}
}

/// The most `artwork:` nodes one scene may have (each file may be 8 MiB).
let maximumSceneArtworks = 16
/// The largest SVG file `artwork:` reads, as `choreo import` does.
let maximumArtworkBytes = 8 * 1024 * 1024

let artworkKey = "artwork"
let artworkFileKey = "file"
let artworkPrefixKey = "prefix"

/// Replaces every `artwork:` node of `root`'s layers with the group it stands for: `shape: group`
/// and the SVG's nodes as its `children:` (their ids prefixed; every range the `artwork:`
/// value's). Reports what goes wrong at the `artwork:` value, the importer's warnings with the
/// SVG's own `FILE.svg:LINE:COL`.
package func expandArtwork(
    in root: inout YAMLNode, file: SourceFile, loader: (any ArtworkLoading)?, files: (any SceneFileAccess)?, diagnostics bag: inout DiagnosticBag
) -> ArtworkSources {
    var sources = ArtworkSources()
    guard case var .mapping(pairs) = root.kind,
        let layersIndex = pairs.firstIndex(where: { $0.key.scalar?.value == "layers" }),
        containsArtwork(pairs[layersIndex].value)
    else { return sources }
    var expander = ArtworkExpander(file: file, loader: loader, files: files)
    expander.collectWrittenIDs(pairs[layersIndex].value)
    expander.expandList(&pairs[layersIndex].value)
    root.kind = .mapping(pairs)
    bag.append(contentsOf: expander.diagnostics)
    sources = expander.sources
    return sources
}

private func containsArtwork(_ list: YAMLNode) -> Bool {
    for item in list.sequence ?? [] {
        guard let pairs = item.mapping else { continue }
        for pair in pairs {
            if pair.key.scalar?.value == artworkKey { return true }
            if pair.key.scalar?.value == Property.children.key, containsArtwork(pair.value) { return true }
        }
    }
    return false
}

private struct ArtworkExpander {
    let file: SourceFile
    let loader: (any ArtworkLoading)?
    let files: (any SceneFileAccess)?
    var bag: DiagnosticBag
    var sources = ArtworkSources()
    /// The ids written in the scene, with where.
    var writtenIDs: [String: SourceRange] = [:]
    /// The ids artwork nodes took so far, with the `artwork:` path that brought each.
    var artworkIDs: [String: SourceRange] = [:]
    var artworkCount = 0
    /// The files read so far, by path: a file used twice is read once per compile.
    var readFiles: [String: [UInt8]] = [:]

    init(file: SourceFile, loader: (any ArtworkLoading)?, files: (any SceneFileAccess)?) {
        self.file = file
        self.loader = loader
        self.files = files
        bag = DiagnosticBag(file: file.path)
    }

    var diagnostics: [Diagnostic] { bag.diagnostics }

    mutating func collectWrittenIDs(_ list: YAMLNode) {
        for item in list.sequence ?? [] {
            for pair in item.mapping ?? [] {
                if pair.key.scalar?.value == Property.id.key, let id = pair.value.scalar?.value, writtenIDs[id] == nil {
                    writtenIDs[id] = pair.value.reportRange
                }
                if pair.key.scalar?.value == Property.children.key { collectWrittenIDs(pair.value) }
            }
        }
    }

    mutating func expandList(_ list: inout YAMLNode) {
        guard case var .sequence(items) = list.kind else { return }
        for index in items.indices {
            guard case var .mapping(pairs) = items[index].kind else { continue }
            if let artworkIndex = pairs.firstIndex(where: { $0.key.scalar?.value == artworkKey }) {
                expandNode(&pairs, artworkIndex: artworkIndex)
            } else if let childrenIndex = pairs.firstIndex(where: { $0.key.scalar?.value == Property.children.key }) {
                expandList(&pairs[childrenIndex].value)
            }
            items[index].kind = .mapping(pairs)
        }
        list.kind = .sequence(items)
    }

    /// One `artwork:` node: always left as a group (with no children when the artwork cannot be
    /// used), so the front end goes on to check the rest of the scene.
    mutating func expandNode(_ pairs: inout [YAMLPair], artworkIndex: Int) {
        let value = pairs[artworkIndex].value
        let range = value.reportRange
        sources.ranges.append(range)
        var children = YAMLNode(.sequence([]), range: range)
        defer { replace(&pairs, children: children, range: range) }

        // `size:` is the artwork's box, not a group's key, and the node is a group whatever
        // happens next, so that nothing else is reported about either.
        let sizeNode = pairs.firstIndex(where: { $0.key.scalar?.value == Property.size.key }).map { pairs.remove(at: $0).value }
        if let shapeIndex = pairs.firstIndex(where: { $0.key.scalar?.value == Property.shape.key }),
            pairs[shapeIndex].value.scalar?.value != ShapeKind.group.rawValue
        {
            let shape = pairs[shapeIndex].value
            bag.error(.conflictingKeys, "a node with '\(artworkKey)' is a group; it takes no 'shape: \(shape.scalar?.value ?? "…")'",
                at: shape.reportRange, help: "remove 'shape', or write 'shape: group'")
            pairs[shapeIndex].value = YAMLNode(.scalar(YAMLScalar(ShapeKind.group.rawValue)), range: shape.range)
            return
        }
        if let written = pairs.first(where: { $0.key.scalar?.value == Property.children.key }) {
            bag.error(.conflictingKeys, "a node takes '\(artworkKey)' or 'children', not both", at: written.key.reportRange,
                help: "put the other nodes in a group next to this one")
            return
        }
        guard let request = readRequest(value) else { return }
        var fitting: Point?
        if let sizeNode {
            guard let size = readSize(sizeNode) else { return }
            fitting = size
        }
        artworkCount += 1
        guard artworkCount <= maximumSceneArtworks else {
            bag.error(.valueTooLarge, "a scene has at most \(maximumSceneArtworks) '\(artworkKey)' nodes", at: range,
                help: "import the drawings into one SVG and pick its elements with #id")
            return
        }
        let absolute = artworkPath(request.path, nextTo: file.path)
        guard let bytes = read(request.path, path: absolute, at: request.pathRange) else { return }
        guard let loader else {
            bag.error(.svgRefused, "this program compiles scenes without the SVG importer, so '\(artworkKey)' cannot be read", at: range,
                help: "compile with choreo, or give compileScene an ArtworkLoading")
            return
        }
        let shown = request.path
        let loaded: LoadedArtwork
        switch loader.artwork(from: bytes, element: request.element, fittingInto: fitting) {
        case let .success(artwork): loaded = artwork
        case let .failure(finding):
            bag.error(.svgRefused, "\(shown):\(finding.line):\(finding.column): \(finding.message)", at: request.pathRange,
                help: request.element == nil ? nil : "the part after # names an element's id in the SVG")
            return
        }
        // Each message says what becomes of the element (left out, drawn without its filter, …).
        for warning in loaded.warnings {
            bag.warning(.svgUnsupported, "\(shown):\(warning.line):\(warning.column): \(warning.message)", at: request.pathRange)
        }
        // Every node at the `artwork:` value: the scene's text that brought them.
        var nodes = SceneValue.list(loaded.nodes, .block).yamlNode(at: range)
        guard prefixAndCheckIDs(&nodes, prefix: request.prefix, request: request, loaded: loaded, svg: absolute) else { return }
        children = nodes
    }

    /// `shape: group` (unless written) and the nodes in place of `artwork:` (and of `size:`).
    private func replace(_ pairs: inout [YAMLPair], children: YAMLNode, range: SourceRange) {
        // Found again: `size:` may have stood before it.
        guard let artworkIndex = pairs.firstIndex(where: { $0.key.scalar?.value == artworkKey }) else { return }
        let childrenKey = YAMLNode(.scalar(YAMLScalar(Property.children.key)), range: pairs[artworkIndex].key.range)
        pairs[artworkIndex] = YAMLPair(key: childrenKey, value: children)
        if !pairs.contains(where: { $0.key.scalar?.value == Property.shape.key }) {
            pairs.append(YAMLPair(
                key: YAMLNode(.scalar(YAMLScalar(Property.shape.key)), range: range),
                value: YAMLNode(.scalar(YAMLScalar(ShapeKind.group.rawValue)), range: range)))
        }
    }

    struct Request {
        var path: String
        var element: String?
        var prefix: String
        var pathRange: SourceRange
    }

    /// `icons/bell.svg`, `icons/bell.svg#clapper`, or `{file: …, prefix: bell-}`.
    private mutating func readRequest(_ value: YAMLNode) -> Request? {
        var fileNode = value
        var prefix = ""
        if let pairs = value.mapping {
            for pair in pairs {
                switch pair.key.scalar?.value {
                case artworkFileKey?: fileNode = pair.value
                case artworkPrefixKey?:
                    guard let text = pair.value.scalar?.value, isIdentifier(text + "a") else {
                        bag.error(.invalidIdentifier,
                            "an artwork's prefix starts every node id it names, so it is letters, digits, '_' and '-', starting with a letter or '_'",
                            at: pair.value.reportRange, help: "for example prefix: bell-")
                        return nil
                    }
                    prefix = text
                default:
                    let key = pair.key.scalar?.value ?? "…"
                    bag.error(.unknownKey, "unknown key '\(key)' in an artwork; expected file or prefix", at: pair.key.reportRange)
                    return nil
                }
            }
            guard pairs.contains(where: { $0.key.scalar?.value == artworkFileKey }) else {
                bag.error(.missingKey, "missing 'file' in an artwork", at: value.reportRange,
                    help: "artwork: {file: icons/bell.svg, prefix: bell-}")
                return nil
            }
        }
        guard let text = fileNode.scalar?.value, !text.isEmpty else {
            bag.error(.wrongType, "expected an SVG file's path such as icons/bell.svg, or {file: …, prefix: …}", at: fileNode.reportRange)
            return nil
        }
        var path = text
        var element: String?
        if let hash = text.firstIndex(of: "#") {
            path = String(text[..<hash])
            element = String(text[text.index(after: hash)...])
            if element!.isEmpty {
                bag.error(.svgRefused, "nothing follows '#': name an element's id, as in icons/bell.svg#clapper", at: fileNode.reportRange)
                return nil
            }
        }
        return Request(path: path, element: element, prefix: prefix, pathRange: fileNode.reportRange)
    }

    /// `size: [w, h]`: two positive numbers, read before vars exist.
    private mutating func readSize(_ node: YAMLNode) -> Point? {
        if let items = node.sequence, items.count == 2,
            let width = items[0].scalar.flatMap({ Double($0.value) }), let height = items[1].scalar.flatMap({ Double($0.value) }),
            width > 0, height > 0, width.isFinite, height.isFinite, width <= SceneLimits.maxMagnitude, height <= SceneLimits.maxMagnitude
        {
            return Point(width, height)
        }
        bag.error(.wrongType, "an artwork's size is [width, height] in plain positive numbers: the box its drawing is fitted into",
            at: node.reportRange, help: "for example size: [48, 48]")
        return nil
    }

    /// The bytes of the file `shown` names (at `path`, the scene's folder joined with it), read
    /// through `files`: inside the scene's folder, at most 8 MiB.
    private mutating func read(_ shown: String, path: String, at range: SourceRange) -> [UInt8]? {
        if let bytes = readFiles[path] { return bytes }
        guard let files else {
            bag.error(.artworkNotFound, "this program compiles scenes without reading files, so the artwork file '\(shown)' cannot be read",
                at: range, help: "compile with choreo, or give compileScene a SceneFileAccess")
            return nil
        }
        switch files.read(shown, besideScene: file.path, limit: maximumArtworkBytes) {
        case let .bytes(bytes):
            if !sources.files.contains(path) { sources.files.append(path) }
            readFiles[path] = bytes
            return bytes
        case let .refused(refusal):
            if refusal != .outsideFolder, !sources.files.contains(path) { sources.files.append(path) }
            var (message, help) = refusalMessage(refusal, what: "artwork file", shown: shown, limit: "8 MiB")
            switch refusal {
            case .tooLarge: help = "simplify the drawing (SVGO), or split it into several files"
            case .outsideFolder: help = "copy the SVG next to the scene, for example artwork/NAME.svg"
            default: break
            }
            bag.error(refusal == .tooLarge ? .svgRefused : .artworkNotFound, message, at: range, help: help)
            return nil
        }
    }

    /// Every node of the list gets `prefix` before its id; an id another node has is an error.
    private mutating func prefixAndCheckIDs(
        _ nodes: inout YAMLNode, prefix: String, request: Request, loaded: LoadedArtwork, svg: String
    ) -> Bool {
        var clash: (id: String, element: SourceLocation?, other: SourceRange)?
        var taken: [(String, SourceLocation?)] = []
        func visit(_ node: inout YAMLNode) {
            guard case var .mapping(pairs) = node.kind else { return }
            for index in pairs.indices {
                switch pairs[index].key.scalar?.value {
                case Property.id.key?:
                    guard let original = pairs[index].value.scalar?.value else { continue }
                    let id = prefix + original
                    pairs[index].value.kind = .scalar(YAMLScalar(id))
                    let element = loaded.elements[original]
                    if clash == nil, let other = writtenIDs[id] ?? artworkIDs[id] { clash = (id, element, other) }
                    taken.append((id, element))
                case Property.children.key?:
                    guard case var .sequence(items) = pairs[index].value.kind else { continue }
                    for item in items.indices { visit(&items[item]) }
                    pairs[index].value.kind = .sequence(items)
                default: continue
                }
            }
            node.kind = .mapping(pairs)
        }
        guard case var .sequence(items) = nodes.kind else { return false }
        for index in items.indices { visit(&items[index]) }
        nodes.kind = .sequence(items)
        if let clash {
            for (id, _) in taken { sources.refusedIDs.insert(id) }
            let place = clash.element.map { "\(request.path):\($0.line):\($0.column)" } ?? request.path
            bag.error(.artworkIDClash, "the artwork's element '\(clash.id)' (\(place)) has the id of another node", at: request.pathRange,
                notes: [Note("the other node '\(clash.id)' is here", at: clash.other)],
                help: "rename one of them, or give the artwork's ids a prefix: artwork: {file: \(request.path)\(request.element.map { "#" + $0 } ?? ""), prefix: NAME-}")
            return false
        }
        for (id, element) in taken {
            artworkIDs[id] = request.pathRange
            if let element { sources.elements[id] = ArtworkElement(file: svg, location: element) }
        }
        return true
    }
}

/// The diagnostics, those about nodes an `artwork:` put in place without their fix-its: their
/// ranges are the `artwork:` value's, so an edit there would rewrite the path, not the SVG.
package func withoutFixItsInArtwork(_ diagnostics: [Diagnostic], _ sources: ArtworkSources) -> [Diagnostic] {
    guard !sources.ranges.isEmpty else { return diagnostics }
    let ranges = Set(sources.ranges)
    return diagnostics.map { diagnostic in
        guard !diagnostic.fixIts.isEmpty, ranges.contains(diagnostic.range) else { return diagnostic }
        var stripped = diagnostic
        stripped.fixIts = []
        return stripped
    }
}

/// `relative` joined to the folder of the scene at `scenePath`: the name the outputs' depfile and
/// `--watch` know the file by, and go-to-definition opens.
private func artworkPath(_ relative: String, nextTo scenePath: String) -> String {
    let directory = (scenePath as NSString).deletingLastPathComponent
    return directory.isEmpty ? relative : directory + "/" + relative
}
