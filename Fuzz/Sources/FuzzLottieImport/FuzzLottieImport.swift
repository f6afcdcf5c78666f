import ChoreoDiagnostics
import ChoreoLottieImport
import ChoreoScene

/// libFuzzer entry point for `choreo import` of Lottie: bytes → the JSON reader → the mapping →
/// the scene's text → the compiler. A crash, hang or sanitizer report is a bug. A scene the
/// compiler rejects is reported by the corpus study instead: the fuzzer's documents reach values
/// no player draws, which the importer keeps as the document says.
let maxCompiledSceneBytes = 128 * 1024

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLottieImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard case let .success(scene) = LottieImporter.importDocument(bytes, source: "fuzz.json") else { return 0 }
    let text = scene.text()
    guard text.utf8.count <= maxCompiledSceneBytes else { return 0 }
    _ = compileScene(SourceFile(path: "imported.yaml", text: text))
    return 0
}
