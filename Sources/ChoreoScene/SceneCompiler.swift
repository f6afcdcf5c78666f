import ChoreoDiagnostics
import ChoreoTimeline
import ChoreoYAML

/// The result of compiling one scene file: the timeline when there were no errors, and every
/// diagnostic found (warnings included), sorted in report order.
public struct SceneCompilation: Sendable {
    public var timeline: Timeline?
    public var diagnostics: [Diagnostic]

    public init(timeline: Timeline?, diagnostics: [Diagnostic]) {
        self.timeline = timeline
        self.diagnostics = diagnostics
    }
}

/// Parses, validates and lowers one scene file. Pure: no I/O, no printing.
public func compileScene(_ file: SourceFile) -> SceneCompilation {
    let (_, diagnostics) = readYAML(file)
    return SceneCompilation(timeline: nil, diagnostics: diagnostics.sortedForReport())
}
