import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline

/// The result of compiling one scene file: the timeline when there were no errors, and every
/// diagnostic found (warnings included), sorted in report order.
public struct SceneCompilation: Sendable {
    public var timeline: Timeline?
    public var diagnostics: [Diagnostic]
    /// The scene's themes, in file order (also when a theme was asked for and is not one of them:
    /// then `timeline` is nil and there are no errors).
    public var themeNames: [String]
    /// The scene's `budget:`, for the outputs written from the timeline.
    public var budget: OutputBudget?
    /// The files besides the scene the output depends on (the font files `fonts:` names and the
    /// SVG files `artwork:` names, these also when the scene has errors).
    public var inputFiles: [String] = []
    /// The SVGs `artwork:` read and where each of their nodes' elements is.
    public var artwork = ArtworkSources()

    public init(timeline: Timeline?, diagnostics: [Diagnostic], themeNames: [String] = []) {
        self.timeline = timeline
        self.diagnostics = diagnostics
        self.themeNames = themeNames
    }
}

/// Parses, validates and lowers one scene file. No I/O, no printing: the font files its `fonts:`
/// names and the SVG files its `artwork:` nodes name (relative to `file.path`) are read through
/// `files` (without it they are errors), which keeps them inside the scene's folder.
///
/// Without `theme` the timeline is the scene as written, with its themes as slots
/// (`Timeline.themes`); with `theme` it is the scene compiled with that theme's var values and no
/// themes (nil, without errors, if the scene has no such theme).
///
/// With a `target` other than `web`, every construct that player family cannot play is an error
/// too, positioned at the text that causes it (docs/diagnostics.md, "Player targets").
///
/// `artwork` reads the SVGs of `artwork:` nodes (without it they are errors).
///
/// Without `inputs` the timeline shows every input at its default and its tokens say how the
/// scene moves with each (`Timeline.tokens`, contract §20); with `inputs` it is the scene
/// compiled at those values (each input not given at its default), as `snapshot --input` draws it.
public func compileScene(
    _ file: SourceFile, theme: String? = nil, target: PlayerTarget = .web, artwork: (any ArtworkLoading)? = nil,
    files: (any SceneFileAccess)? = nil, inputs: [String: InputValue]? = nil
) -> SceneCompilation {
    compileSceneKeepingModel(file, theme: theme, target: target, artwork: artwork, files: files, inputs: inputs).compilation
}

/// `compileScene` of a file whose YAML the caller has read already: `read` is what
/// `readYAML(file)` returned, or a tree equal to it. The language server keeps the tree of each
/// lint and splices the YAML of an edited node into it for the next, so this is
/// `compileScene(file, artwork:, files:)` without its YAML read. With `layerCache` the front end takes
/// the top-level layers the last build of the same document read, where their YAML and what
/// reading them depends on are unchanged (`LayerReadCache`); with `loweringCache` lowering takes
/// the IR nodes of the layers the last lowering built where nothing they depend on changed
/// (`LayerLoweringCache`; the themes' variants are lowered whole).
package func compileScene(
    _ file: SourceFile, read: SceneYAMLRead, artwork loader: (any ArtworkLoading)? = nil,
    files: (any SceneFileAccess)? = nil, layerCache: LayerReadCache? = nil, loweringCache: LayerLoweringCache? = nil
) -> SceneCompilation {
    var scene: Scene?
    var sources = ArtworkSources()
    var compilation = compileScene(
        file, theme: nil, model: &scene, artwork: loader, files: files, sources: &sources, read: read, layerCache: layerCache,
        loweringCache: loweringCache)
    compilation.inputFiles = (scene?.fontFiles ?? []) + sources.files
    compilation.artwork = sources
    compilation.diagnostics = withoutFixItsInArtwork(compilation.diagnostics, sources)
    return compilation
}

/// `compileScene` that also returns the resolved scene model it lowered (nil when the front end
/// could not build one), with its source ranges: what `choreo diff` compares and points at. One
/// pass, so a caller needing both pays for one compile.
public func compileSceneKeepingModel(
    _ file: SourceFile, theme: String? = nil, target: PlayerTarget = .web, artwork loader: (any ArtworkLoading)? = nil,
    files: (any SceneFileAccess)? = nil, inputs: [String: InputValue]? = nil
) -> (compilation: SceneCompilation, scene: Scene?) {
    var scene: Scene?
    var sources = ArtworkSources()
    var compilation = compileScene(file, theme: theme, model: &scene, artwork: loader, files: files, sources: &sources, inputs: inputs)
    // The target checks point at the source through the model's source map.
    if let scene { compilation = checkedForTarget(compilation, target: target, scene: scene, file: file) }
    compilation.inputFiles = (scene?.fontFiles ?? []) + sources.files
    compilation.artwork = sources
    compilation.diagnostics = withoutFixItsInArtwork(compilation.diagnostics, sources)
    return (compilation, scene)
}

private func compileScene(
    _ file: SourceFile, theme: String?, model: inout Scene?, artwork loader: (any ArtworkLoading)?, files: (any SceneFileAccess)?,
    sources: inout ArtworkSources, read: SceneYAMLRead? = nil, layerCache: LayerReadCache? = nil, loweringCache: LayerLoweringCache? = nil,
    inputs: [String: InputValue]? = nil
) -> SceneCompilation {
    var bag = DiagnosticBag(file: file.path)
    // The scene's source is kept past the front end only when themes or inputs need to read it
    // again; otherwise it is released there, before lowering and emitting need their memory.
    guard let read = readScene(
        file, read: read, artwork: loader, files: files, sources: &sources, diagnostics: &bag, layerCache: layerCache,
        inputValues: inputs ?? [:]),
        !bag.hasErrors
    else {
        return SceneCompilation(timeline: nil, diagnostics: bag.diagnostics.sortedForReport())
    }
    let scene = read.scene
    model = scene
    guard let sceneWork = checkOutputWork(scene, inputBytes: file.bytes.count, diagnostics: &bag) else {
        return SceneCompilation(timeline: nil, diagnostics: bag.diagnostics.sortedForReport(), themeNames: scene.themes.map(\.name))
    }
    var timeline = lower(scene, inputBytes: file.bytes.count, diagnostics: &bag, cache: loweringCache)
    let themeNames = scene.themes.map(\.name)
    if !bag.hasErrors, !scene.themes.isEmpty {
        // Each theme is the whole scene compiled again with the theme's values for its vars.
        var variants: [(theme: SceneTheme, timeline: Timeline, vars: [String: VarValue])] = []
        for sceneTheme in scene.themes {
            var themeBag = DiagnosticBag(file: file.path)
            var variant: Timeline?
            var variantVars: [String: VarValue] = [:]
            if let themed = read.source?.themedScene(sceneTheme, inputValues: inputs ?? [:], diagnostics: &themeBag), !themeBag.hasErrors
            {
                variant = lower(themed, inputBytes: file.bytes.count, diagnostics: &themeBag)
                variantVars = themed.vars
            }
            let errors = themeBag.diagnostics.filter { $0.severity == .error }
            guard let variant, !themeBag.hasErrors else {
                bag.error(
                    .themeInvalid, "with the values of theme '\(sceneTheme.name)' the scene has errors",
                    at: sceneTheme.range, notes: errors.prefix(3).map { Note("with this theme: \($0.message)", at: $0.range) })
                continue
            }
            variants.append((sceneTheme, variant, variantVars))
        }
        if let theme {
            guard let chosen = variants.first(where: { $0.theme.name == theme }) else {
                return SceneCompilation(timeline: nil, diagnostics: bag.diagnostics.sortedForReport(), themeNames: themeNames)
            }
            var compilation = SceneCompilation(
                timeline: bag.hasErrors ? nil : chosen.timeline, diagnostics: bag.diagnostics.sortedForReport(),
                themeNames: themeNames)
            compilation.budget = scene.budget
            return compilation
        }
        timeline = attachThemes(timeline, variants: variants, vars: scene.vars, diagnostics: &bag)
        checkThemeOutputWork(timeline, sceneWork: sceneWork, themes: scene.themes, inputBytes: file.bytes.count, diagnostics: &bag)
    } else if theme != nil {
        return SceneCompilation(timeline: nil, diagnostics: bag.diagnostics.sortedForReport(), themeNames: themeNames)
    }
    if !bag.hasErrors, inputs == nil, !scene.bindings.isEmpty, let source = read.source {
        // How the scene moves with each input: the scene compiled again at other values of it.
        timeline = attachTokens(timeline, scene: scene, diagnostics: &bag) { name, probe in
            var variantBag = DiagnosticBag(file: file.path)
            var values: [String: InputValue] = [:], blends: [String: [Double]] = [:]
            switch probe {
            case let .value(value): values[name] = value
            case let .blend(weights): blends[name] = weights
            }
            guard let variant = source.scene(inputValues: values, inputBlends: blends, diagnostics: &variantBag), !variantBag.hasErrors
            else { return nil }
            let lowered = lower(variant, inputBytes: file.bytes.count, diagnostics: &variantBag)
            return variantBag.hasErrors ? nil : lowered
        }
    }
    var compilation = SceneCompilation(
        timeline: bag.hasErrors ? nil : timeline, diagnostics: bag.diagnostics.sortedForReport(), themeNames: themeNames)
    compilation.budget = scene.budget
    return compilation
}

/// Lowers an already-built scene model; for tests and tools that construct scenes in code.
public func compileScene(_ scene: Scene, file: String = "<scene>") -> SceneCompilation {
    var bag = DiagnosticBag(file: file)
    let timeline = lower(scene, diagnostics: &bag)
    return SceneCompilation(timeline: bag.hasErrors ? nil : timeline, diagnostics: bag.diagnostics.sortedForReport())
}
