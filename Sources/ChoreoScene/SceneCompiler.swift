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
    var bag = DiagnosticBag(file: file.path)
    let (root, yamlDiagnostics) = readYAML(file)
    bag.append(contentsOf: yamlDiagnostics)
    // Scene checks run even after recoverable YAML errors (a duplicate key), so one run reports
    // every problem in the file.
    guard let root, let scene = buildScene(from: root, file: file, diagnostics: &bag), !bag.hasErrors else {
        return SceneCompilation(timeline: nil, diagnostics: bag.diagnostics.sortedForReport())
    }
    guard checkOutputWork(scene, inputBytes: file.bytes.count, diagnostics: &bag) else {
        return SceneCompilation(timeline: nil, diagnostics: bag.diagnostics.sortedForReport())
    }
    let timeline = lower(scene, diagnostics: &bag)
    return SceneCompilation(timeline: bag.hasErrors ? nil : timeline, diagnostics: bag.diagnostics.sortedForReport())
}

/// Lowers an already-built scene model; for tests and tools that construct scenes in code.
public func compileScene(_ scene: Scene, file: String = "<scene>") -> SceneCompilation {
    var bag = DiagnosticBag(file: file)
    let timeline = lower(scene, diagnostics: &bag)
    return SceneCompilation(timeline: bag.hasErrors ? nil : timeline, diagnostics: bag.diagnostics.sortedForReport())
}
