import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

/// A scene file's YAML as read: the tree (nil when nothing usable was read) and the reader's
/// diagnostics. The language server hands in the tree it keeps and splices between edits.
package typealias SceneYAMLRead = (root: YAMLNode?, diagnostics: [Diagnostic])

/// The scene's tree, kept past the front end only for what reads it again: each theme builds the
/// scene again from it with the theme's values for its vars, and a scene with bindings is built
/// again at other input values (`attachTokens`).
package struct SceneSource: Sendable {
    private let root: YAMLNode
    private let file: SourceFile
    private let files: (any SceneFileAccess)?

    fileprivate init(root: YAMLNode, file: SourceFile, files: (any SceneFileAccess)?) {
        self.root = root
        self.file = file
        self.files = files
    }

    /// The scene with `theme`'s values for its vars; nil when it has errors (in `diagnostics`).
    package func themedScene(_ theme: SceneTheme, inputValues: [String: InputValue] = [:], diagnostics: inout DiagnosticBag) -> Scene? {
        buildScene(
            from: root, file: file, diagnostics: &diagnostics, varOverrides: themeOverrides(theme, in: root), inputValues: inputValues,
            files: files)
    }

    /// The scene with its bindings at other input values (`inputBlends`: a choice's bindings as a
    /// mix of their values); nil when it has errors (in `diagnostics`).
    package func scene(inputValues: [String: InputValue], inputBlends: [String: [Double]], diagnostics: inout DiagnosticBag) -> Scene? {
        buildScene(from: root, file: file, diagnostics: &diagnostics, inputValues: inputValues, inputBlends: inputBlends, files: files)
    }
}

/// Reads a scene file into its model: the YAML (unless `read` has it already), the drawings of its
/// `artwork:` nodes, then the model with every diagnostic into `bag`. The tree comes back (as
/// `SceneSource`) only when the scene has themes; otherwise the front end frees it section by
/// section as it reads.
package func readScene(
    _ file: SourceFile, read: SceneYAMLRead? = nil, artwork loader: (any ArtworkLoading)?, files: (any SceneFileAccess)?,
    sources: inout ArtworkSources,
    diagnostics bag: inout DiagnosticBag, layerCache: LayerReadCache? = nil, inputValues: [String: InputValue] = [:]
) -> (scene: Scene, source: SceneSource?)? {
    var (root, yamlDiagnostics) = read ?? readYAML(file)
    bag.append(contentsOf: yamlDiagnostics)
    if root != nil {
        // Components first: a component may hold artwork, which each instance's copy then brings.
        expandComponents(in: &root!, file: file, diagnostics: &bag)
        sources = expandArtwork(in: &root!, file: file, loader: loader, files: files, diagnostics: &bag)
    }
    // Moved into the tree the front end owns (no copy left here), so that it can free each
    // section of a scene without themes once read.
    let tree = SceneTree(root.take())
    tree.unavailableNodeIDs = sources.refusedIDs
    // Scene checks run even after recoverable YAML errors (a duplicate key), so one run reports
    // every problem in the file.
    guard tree.root != nil,
        let scene = buildScene(from: tree, file: file, diagnostics: &bag, inputValues: inputValues, layerCache: layerCache, files: files)
    else { return nil }
    return (scene, scene.themes.isEmpty && scene.inputs.isEmpty ? nil : tree.root.map { SceneSource(root: $0, file: file, files: files) })
}
