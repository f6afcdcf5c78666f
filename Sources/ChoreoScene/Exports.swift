// The façade's users (the CLI, the language server, diff, the SVG importer) see the scene model,
// the scene as text, the front end and lowering through `import ChoreoScene`, as before the split.
@_exported import ChoreoSceneFrontend
@_exported import ChoreoSceneLowering
@_exported import ChoreoSceneModel
@_exported import ChoreoSceneSyntax
