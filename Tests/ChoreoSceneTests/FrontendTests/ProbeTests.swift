import ChoreoDiagnostics
import Foundation
import Testing

@testable import ChoreoScene

/// A development aid, not a check: with PROBE_DIR set, prints what every scene in that directory
/// compiles to (signatures and rendered diagnostics). Without it the test does nothing.
@Test func probeScenes() throws {
    guard let directory = ProcessInfo.processInfo.environment["PROBE_DIR"] else { return }
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".yaml") }.sorted()
    for name in names {
        let path = directory + "/" + name
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let result = frontendCompile(text, path: name)
        print("== \(name)")
        for signature in diagnosticSignatures(result.diagnostics) { print("# expect: \(signature)") }
        print(renderDiagnostics(result.diagnostics, text: text, path: name))
    }
}
