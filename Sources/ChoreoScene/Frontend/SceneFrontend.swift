import ChoreoDiagnostics
import ChoreoYAML

/// Builds the scene model from the YAML tree, reporting every problem. Returns nil for the scene
/// when an error makes the model unusable; warnings never do.
func buildScene(from root: YAMLNode, file: SourceFile, diagnostics: inout DiagnosticBag) -> Scene? {
    diagnostics.error("not-implemented", "the scene front end is not implemented yet", at: root.range)
    return nil
}
