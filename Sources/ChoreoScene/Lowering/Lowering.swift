import ChoreoDiagnostics
import ChoreoTimeline

/// Lowers a valid scene to the compiled timeline (contract section 6).
func lower(_ scene: Scene, diagnostics: inout DiagnosticBag) -> Timeline {
    Timeline(name: scene.name, width: scene.size.x, height: scene.size.y, fps: scene.fps, duration: 0, layers: [], spans: [])
}
