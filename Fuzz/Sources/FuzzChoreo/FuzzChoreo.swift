import ChoreoDiagnostics
import ChoreoFileAccess
import ChoreoLottie
import ChoreoSVG
import ChoreoScene

/// libFuzzer entry point: the whole pipeline from bytes to Lottie and SVG. Any crash, hang,
/// leak or sanitizer report is a bug; diagnostics are the expected outcome for junk input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChoreo(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Files a fuzzed scene names are read as choreo reads them: inside the working directory.
    let compilation = compileScene(SourceFile(path: "fuzz.yaml", bytes: bytes), files: SceneFolderFiles())
    if let timeline = compilation.timeline {
        _ = LottieEmitter.emit(timeline)
        _ = SVGEmitter.animated(timeline)
        _ = SVGEmitter.snapshot(timeline, at: timeline.duration / 2)
    } else if !compilation.diagnostics.hasErrors {
        fatalError("no timeline and no error: the compiler must say why it produced nothing")
    }
    return 0
}
