import ChoreoDiagnostics
import ChoreoScene
import ChoreoSVGImport

/// libFuzzer entry point for `choreo import`: bytes → libxml2 → the artwork mapping → YAML →
/// the compiler. A crash, hang or sanitizer report is a bug; so is an imported scene the
/// compiler rejects (the importer must only ever write scenes that compile).
///
/// Scenes over `maxCompiledSceneBytes` are imported but not compiled: a few `use` fan-outs write
/// megabytes of YAML, whose compile under the sanitizers outlasts libFuzzer's timeout although the
/// release build imports and compiles them in a fraction of a second. The hostile corpus compiles
/// its `use` bomb in full, under its time and memory bounds.
let maxCompiledSceneBytes = 128 * 1024

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVGImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard case let .success(artwork) = ArtworkMapper.map(bytes: bytes) else { return 0 }
    let yaml = ArtworkYAMLWriter.scene(artwork, source: "fuzz.svg")
    guard yaml.utf8.count <= maxCompiledSceneBytes else { return 0 }
    let compilation = compileScene(SourceFile(path: "imported.yaml", text: yaml))
    if compilation.diagnostics.hasErrors {
        fatalError("the imported scene does not compile:\n\(compilation.diagnostics)\n\(yaml)")
    }
    return 0
}
